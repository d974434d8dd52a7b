import XCTest
@testable import MaterialFields

/// A page of two fields and a named region below them, taller than the window.
private final class PageWithARegion: SceneLayout {
    let fields: [TextField]
    init(_ fields: [TextField]) { self.fields = fields }
    func arrange(in viewport: Size, metrics: MaterialMetrics, scheme: ColorScheme, measurer: TextMeasuring) -> Arrangement {
        var arrangement = Arrangement()
        var y = 24.0
        for field in fields {
            let height = field.layOut(width: 300, metrics: metrics, measurer: measurer)
            arrangement.fieldFrames.append((field, Rect(x: 24, y: y, width: 300, height: height)))
            y += height + 24
        }
        arrangement.regions = [("fields", Rect(x: 0, y: 0, width: viewport.width, height: y)),
                               ("footer", Rect(x: 0, y: y, width: viewport.width, height: 400))]
        arrangement.contentHeight = y + 400
        return arrangement
    }
}

/// `FieldScene+Regions`: what tools address by name, in window coordinates.
final class SceneRegionTests: XCTestCase {
    private func makeScene() -> (FieldScene, filled: TextField, outlined: TextField) {
        let filled = TextField(identifier: "filled", style: .filled, label: "Name")
        filled.helperText = "Helper"
        let outlined = TextField(identifier: "outlined", style: .outlined, label: "Name", text: "Ada")
        let scene = FieldScene(fields: [filled, outlined], layout: PageWithARegion([filled, outlined]), scheme: .light)
        scene.resize(to: Size(width: 400, height: 200), measurer: FakeMeasurer())
        return (scene, filled, outlined)
    }

    func testAFieldsOuterFrameHoldsItsHelperRowAndTheOutlinedLabelAboveIt() throws {
        let (scene, filled, outlined) = makeScene()
        let filledFrame = try XCTUnwrap(scene.frame(of: filled)), filledOuter = try XCTUnwrap(scene.outerFrame(of: filled))
        XCTAssertEqual(filledOuter.minY, filledFrame.minY, "a filled field draws nothing above its container")
        XCTAssertGreaterThan(filledOuter.height, try XCTUnwrap(filled.layout).container.height, "the helper row is in it")
        let outlinedFrame = try XCTUnwrap(scene.frame(of: outlined)), outlinedOuter = try XCTUnwrap(scene.outerFrame(of: outlined))
        let overhang = try XCTUnwrap(outlined.layout).overhangTop
        XCTAssertGreaterThan(overhang, 0)
        XCTAssertEqual(outlinedOuter.minY, outlinedFrame.minY - overhang, "the floating label rises above the container")
        XCTAssertEqual(outlinedOuter.minX, outlinedFrame.minX)
        XCTAssertEqual(outlinedOuter.width, outlinedFrame.width)
    }

    func testRegionsAreNamedInOrderAndScrollWithThePage() throws {
        let (scene, _, _) = makeScene()
        XCTAssertEqual(scene.regionNames, ["fields", "footer"])
        let footer = try XCTUnwrap(scene.region(named: "footer"))
        XCTAssertNil(scene.region(named: "header"))
        _ = scene.handle(.pointerMoved(Point(x: 100, y: 100), buttonHeld: false), at: 0)
        _ = scene.handle(.scroll(steps: 1), at: 0)
        let offset = scene.scroll.offset
        XCTAssertGreaterThan(offset, 0, "the page scrolled")
        XCTAssertEqual(try XCTUnwrap(scene.region(named: "footer")).minY, footer.minY - offset)
    }

    func testPartsAreTheInspectorsOutlinesAndTheCaretOnlyWhileEditing() throws {
        let (scene, _, outlined) = makeScene()
        XCTAssertFalse(scene.partFrames(of: outlined).contains { $0.part == .caret })
        XCTAssertTrue(scene.partFrames(of: outlined).contains { $0.part == .text })
        scene.focus(outlined, at: 0)
        let caret = try XCTUnwrap(scene.partFrames(of: outlined).first { $0.part == .caret })
        let frame = try XCTUnwrap(scene.frame(of: outlined))
        XCTAssertTrue(frame.insetBy(dx: -4, dy: -4).intersects(caret.rect), "in window coordinates, on the field")
    }
}
