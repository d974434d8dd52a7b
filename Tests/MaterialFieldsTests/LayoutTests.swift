import XCTest
@testable import MaterialFields

final class LayoutTests: XCTestCase {
    private func layout(_ style: FieldStyle, label: String = "Label", width: Double = 300, scale: Double = 1) -> FieldLayout {
        FieldLayout.compute(FieldLayoutInput(style: style, density: 0, label: label, labelBehavior: .floats,
                                             hasLeadingIcon: false,
                                             width: width, metrics: MaterialMetrics(scale: scale)),
                            measurer: FakeMeasurer())
    }

    func testContainerIsFiftySixPixelsAndFullWidth() {
        for style in FieldStyle.material {
            let frames = layout(style)
            XCTAssertEqual(frames.container, Rect(x: 0, y: 0, width: 300, height: 56))
            XCTAssertEqual(frames.preferredHeight, 56)
        }
    }

    func testTextLineKeepsSixteenPixelPadding() {
        let frames = layout(.outlined)
        XCTAssertEqual(frames.textLine.minX, 16)
        XCTAssertEqual(frames.textLine.maxX, 284)
        XCTAssertEqual(frames.textLine.height, 24)
        XCTAssertEqual(frames.textFont.pixelSize, 16)
    }

    func testFilledLabelledFieldPutsTextBelowTheFloatingLabel() {
        // Fake metrics: 16 px font has ascent 12 + descent 4; 12 px font 9 + 3.
        let frames = layout(.filled)
        XCTAssertEqual(frames.floatingLabel?.font.pixelSize, 12)
        XCTAssertEqual(frames.floatingLabel?.origin, Point(x: 16, y: (6.75 + 2 + 9).rounded()),
                       "label line starts 6.75 px below the top, baseline on a whole pixel")
        XCTAssertEqual(frames.textLine.minY, 22.5)
        XCTAssertEqual(frames.textBaseline, (22.5 + 4 + 12).rounded())
        XCTAssertEqual(frames.restingLabel?.origin, Point(x: 16, y: 16 + 4 + 12), "resting label is centred")
        XCTAssertNil(frames.notch)
        XCTAssertEqual(frames.overhangTop, 0)
    }

    func testFilledFieldWithoutLabelCentresItsText() {
        let frames = layout(.filled, label: "")
        XCTAssertEqual(frames.textLine.minY, 16)
        XCTAssertNil(frames.floatingLabel)
        XCTAssertNil(frames.restingLabel)
    }

    func testOutlinedFloatingLabelIsCentredOnTheTopOutline() {
        let frames = layout(.outlined)
        // A 16 px line centred on y = 0: from -8 to 8, baseline at -8 + 2 + 9.
        XCTAssertEqual(frames.floatingLabel?.origin.y, 3)
        XCTAssertEqual(frames.textBaseline, 32)
        XCTAssertEqual(frames.overhangTop, 8)
    }

    func testOutlinedNotchIsLabelWidthPlusFourPixelsEachSide() {
        let frames = layout(.outlined, label: "Label")  // 5 clusters x 6 px at 12 px
        XCTAssertEqual(frames.floatingLabel?.width, 30)
        XCTAssertEqual(frames.notch, 12...50)
    }

    func testCaretIsCentredOnTheTextAscentAndDescent() {
        let field = makeField(.outlined)
        let caret = field.caretRect!
        XCTAssertEqual(caret.minY, field.layout!.textBaseline - 12)
        XCTAssertEqual(caret.height, 16)
    }

    func testScaleMultipliesEveryNumber() {
        let frames = layout(.outlined, scale: 2)
        XCTAssertEqual(frames.container.height, 112)
        XCTAssertEqual(frames.textLine.minX, 32)
        XCTAssertEqual(frames.notch, 24...100)
        XCTAssertEqual(frames.metrics.caretWidth, 4)
    }

    func testNarrowWidthNeverGoesNegative() {
        let frames = layout(.outlined, width: 1)
        XCTAssertGreaterThanOrEqual(frames.textLine.width, 0)
        XCTAssertGreaterThanOrEqual(frames.container.width, 32)
    }
}
