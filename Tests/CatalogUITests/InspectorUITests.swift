import Foundation
import XCTest
@testable import XftHost
import TestHarness

/// The catalog's inspector (F12) and animation speed (F11), through the real keyboard path.
final class InspectorUITests: XCTestCase {
    private struct QA: Decodable {
        struct Window: Decodable {
            var width: Double, height: Double, inspector: Bool, animationSlowdown: Double
        }
        struct Field: Decodable {
            var id: String, text: String, focused: Bool, hovered: Bool, frame: [Double]
        }
        var window: Window
        var fields: [Field]

        func field(_ id: String) -> Field { fields.first { $0.id == id }! }
    }

    private func qa(_ app: CatalogApp) throws -> QA { try app.state(as: QA.self) }

    private func waitForQA(_ app: CatalogApp, timeout: TimeInterval = 5, _ condition: (QA) -> Bool) -> QA? {
        app.waitForState(as: QA.self, timeout: timeout, condition)
    }

    /// The window once two captures 100 ms apart agree: whatever was being drawn has landed.
    private func steadyCapture(_ app: CatalogApp) throws -> RGBAImage {
        var previous = try app.capture()
        for _ in 0..<50 {
            usleep(100_000)
            let current = try app.capture()
            if current == previous { return current }
            previous = current
        }
        throw HarnessError("the window never stopped changing")
    }

    private func differingPixels(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        guard a.width == b.width, a.height == b.height else { return max(a.pixels.count, b.pixels.count) / 4 }
        return stride(from: 0, to: a.pixels.count, by: 4).filter { a.pixels[$0..<$0 + 4] != b.pixels[$0..<$0 + 4] }.count
    }

    /// FieldInspector's container outline (#FF6D00), panel (#263238) and panel text (white).
    private func isContainerOutline(_ p: Pixel) -> Bool { p.red == 0xFF && p.green == 0x6D && p.blue == 0x00 }
    private func isPanel(_ p: Pixel) -> Bool { p.red == 0x26 && p.green == 0x32 && p.blue == 0x38 }
    private func isPanelText(_ p: Pixel) -> Bool { p.red > 200 && p.green > 200 && p.blue > 200 }

    func testF12OutlinesTheFieldsAndShowsThePanelAndASecondF12RestoresEveryPixel() throws {
        // Given the catalog with the pointer resting on a field (hover does not change with time,
        // unlike a caret), drawn and still
        let app = try CatalogApp()
        let container = PixelRegion(frame: try qa(app).field("filled-label").frame)
        try app.xdotool(["mousemove", "--window", String(app.windowID), String(container.x + container.width / 2),
                         String(container.y + container.height / 2)])
        XCTAssertNotNil(waitForQA(app) { $0.field("filled-label").hovered }, "the field never showed hover")
        let before = try steadyCapture(app)
        XCTAssertFalse(try qa(app).window.inspector)

        // When F12 is pressed
        try app.key("F12")

        // Then the QA state says so, the container's edges carry the inspector's outline colour
        XCTAssertNotNil(waitForQA(app) { $0.window.inspector }, "the QA state never showed the inspector")
        let left = PixelRegion(x: container.x, y: container.y, width: 1, height: container.height)
        let right = PixelRegion(x: container.maxX - 1, y: container.y, width: 1, height: container.height)
        let bottom = PixelRegion(x: container.x, y: container.maxY - 1, width: container.width, height: 1)
        XCTAssertTrue(try waitUntil(timeout: 3) {
            let shown = try app.capture()
            return shown.count(in: left, where: isContainerOutline) == container.height
                && shown.count(in: right, where: isContainerOutline) == container.height
                && shown.count(in: bottom, where: isContainerOutline) == container.width
        }, "the container \(container) is not outlined: \((try? app.capture().count(in: left, where: isContainerOutline)) ?? -1) px on its left edge")

        // And a panel with text stands in the bottom-right corner, 8 px in
        let shown = try steadyCapture(app)
        var panel: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
        var panelPixels = 0
        for y in 0..<shown.height {
            for x in 0..<shown.width where isPanel(shown.pixel(x: x, y: y)) {
                panelPixels += 1
                panel = panel.map { (min($0.minX, x), min($0.minY, y), max($0.maxX, x), max($0.maxY, y)) } ?? (x, y, x, y)
            }
        }
        let box = try XCTUnwrap(panel, "no panel pixels")
        XCTAssertGreaterThan(panelPixels, 20_000)
        // Its 1 px border lies between its background and the 8 px margin.
        XCTAssertEqual(box.maxX, shown.width - 8 - 2)
        XCTAssertEqual(box.maxY, shown.height - 8 - 2)
        let inside = PixelRegion(x: box.minX, y: box.minY, width: box.maxX - box.minX, height: box.maxY - box.minY)
        XCTAssertGreaterThan(shown.count(in: inside, where: isPanelText), 300, "the panel has no readable text")

        // When F12 is pressed again
        try app.key("F12")

        // Then every pixel is as it was before the inspector
        XCTAssertNotNil(waitForQA(app) { !$0.window.inspector }, "the QA state never hid the inspector")
        var after = try app.capture()
        XCTAssertTrue(try waitUntil(timeout: 3) {
            after = try app.capture()
            return after == before
        }, "\(differingPixels(before, after)) pixels differ from before the inspector")
    }

    func testF11StepsTheAnimationsThroughOneFiveAndTwentyTimesSlowerWhileAFieldKeepsItsText() throws {
        // Given the catalog at normal speed with a field being edited
        let app = try CatalogApp()
        try app.click(field: "outlined-label")
        XCTAssertNotNil(waitForQA(app) { $0.field("outlined-label").focused })
        XCTAssertEqual(try qa(app).window.animationSlowdown, 1)

        // When F11 is pressed three times
        // Then the slowdown goes 1 -> 5 -> 20 -> 1
        for expected in [5.0, 20, 1] {
            try app.key("F11")
            XCTAssertNotNil(waitForQA(app) { $0.window.animationSlowdown == expected },
                            "expected \(expected), the QA state says \((try? qa(app).window.animationSlowdown) ?? -1)")
        }
        // And the field still edits, with nothing typed by the function keys
        let field = try qa(app).field("outlined-label")
        XCTAssertTrue(field.focused)
        XCTAssertEqual(field.text, "")
        XCTAssertFalse(try qa(app).window.inspector)
    }

    func testF11FromAnotherSlowdownGoesToTheNextStepAboveIt() throws {
        // Given the catalog started 7 times slower
        let app = try CatalogApp(arguments: ["--slow-animations", "7"])
        XCTAssertEqual(try qa(app).window.animationSlowdown, 7)
        // When F11 is pressed twice
        // Then it goes to 20, then wraps to 1
        for expected in [20.0, 1] {
            try app.key("F11")
            XCTAssertNotNil(waitForQA(app) { $0.window.animationSlowdown == expected },
                            "expected \(expected), the QA state says \((try? qa(app).window.animationSlowdown) ?? -1)")
        }
    }
}
