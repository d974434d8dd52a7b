import CXlib
import Foundation
import TestHarness
import XCTest
import XftHost

/// Only the focused field shows its selection, read from the server's pixels: a field left with
/// its text selected looks exactly like the same field left with a caret, while the QA state
/// still reports its range; `--selection-display every` brings back the earlier grey selection.
final class SelectionDisplayUITests: XCTestCase {
    private let field = "outlined-prefilled"  // "Lisboa"

    /// The catalog with `field` focused from the keyboard (its text selected) and the pointer
    /// outside the window, so no hover changes a pixel.
    private func start(_ arguments: [String] = []) throws -> CatalogApp {
        let app = try CatalogApp(arguments: ["--focus", field] + arguments)
        // The keyboard given to the window for good (no window manager: it would follow the
        // pointer), then the pointer taken outside it.
        try app.xdotool(["windowfocus", "--sync", String(app.windowID)])
        try app.xdotool(["mousemove", "1020", "790"])
        XCTAssertNotNil(app.waitForState { $0.field(self.field).focused && $0.field(self.field).selection == [0, 6] },
                        "the field was not focused with its text selected")
        return app
    }

    /// The field's pixels once they stop changing (its focus animations have ended).
    private func settledCapture(_ app: CatalogApp) throws -> RGBAImage {
        let region = PixelRegion(frame: try app.state().field(field).frame)
        var last = try app.capture(region)
        var settled: RGBAImage?
        _ = try waitUntil(timeout: 15) {
            usleep(150_000)
            let next = try app.capture(region)
            defer { last = next }
            if next.pixels == last.pixels { settled = next }
            return settled != nil
        }
        return try XCTUnwrap(settled, "the field never stopped changing")
    }

    /// Leaves the field by Tab and waits for the QA state to say so.
    private func tabAway(_ app: CatalogApp, keeping selection: [Int]) throws {
        try app.key("Tab")
        let left = app.waitForState { !$0.field(self.field).focused && $0.fields.contains(where: \.focused) }
        XCTAssertNotNil(left, "Tab did not move focus on")
        XCTAssertEqual(left?.field(field).selection, selection, "the QA state lost the range")
    }

    /// The field left with a caret, then left again with its text selected: `(caret, selected)`.
    private func leaveWithCaretThenWithSelection(_ app: CatalogApp) throws -> (RGBAImage, RGBAImage) {
        try app.key("End")
        XCTAssertNotNil(app.waitForState { $0.field(self.field).selection == [6, 6] })
        try tabAway(app, keeping: [6, 6])
        let caret = try settledCapture(app)
        // Back by Shift+Tab (which selects everything, as GTK's entries do), then away again.
        try app.key("shift+Tab")
        XCTAssertNotNil(app.waitForState { $0.field(self.field).focused && $0.field(self.field).selection == [0, 6] })
        try tabAway(app, keeping: [0, 6])
        return (caret, try settledCapture(app))
    }

    func testAFieldLeftWithItsTextSelectedLooksLikeOneLeftWithACaret() throws {
        let app = try start()
        let (caret, selected) = try leaveWithCaretThenWithSelection(app)
        let differing = zip(caret.pixels, selected.pixels).filter { $0 != $1 }.count
        XCTAssertEqual(differing, 0, "the field left draws its selection (\(differing) bytes differ)")
    }

    func testSelectionDisplayEveryKeepsTheGreySelectionOfTheFieldLeft() throws {
        let app = try start(["--selection-display", "every"])
        let (caret, selected) = try leaveWithCaretThenWithSelection(app)
        let changed = (0..<selected.height).flatMap { y in (0..<selected.width).map { x in (x, y) } }
            .filter { caret.pixel(x: $0.0, y: $0.1) != selected.pixel(x: $0.0, y: $0.1) }
        XCTAssertGreaterThan(changed.count, 200, "no grey selection behind the text left")
        XCTAssertEqual(selected.count(where: isPrimary), caret.count(where: isPrimary), "the selection left is tinted, not grey")
    }
}
