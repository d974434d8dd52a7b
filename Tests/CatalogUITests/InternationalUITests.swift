import Foundation
import XCTest
import TestHarness

/// Right-to-left fields in the real catalog, typed with real keys: where the caret is drawn
/// (QA `caretRect`) as Hebrew goes in, Home, and the arrows moving as the text shows.
final class InternationalUITests: XCTestCase {
    private struct View: Decodable {
        struct Field: Decodable {
            var id: String, text: String, focused: Bool, direction: String, caretRect: [Double]?
            var selection: [Int], frame: [Double], outerFrame: [Double]
        }
        var fields: [Field]
        func field(_ id: String) -> Field { fields.first { $0.id == id }! }
    }

    /// The whole catalog in one tall window, so the international rows need no scrolling, on a
    /// server whose keyboard has an English and a Hebrew group, as a Hebrew user's has: xdotool
    /// types Hebrew letters as the keys of the Hebrew group, not by binding each letter to a
    /// spare key for a moment (a race every program loses now and then on a loaded machine).
    private func tallCatalog(environment: [String: String] = [:]) throws -> CatalogApp {
        try CatalogApp(arguments: ["--size", "760x4600"], environment: environment, screenSize: (800, 4600)) { server in
            try CatalogApp.setKeyboardLayouts("us,il", on: server)
        }
    }

    func testHebrewTypedIntoTheRightToLeftFieldPutsTheCaretAtTheLeftEndAndHomeAtTheRight() throws {
        let app = try tallCatalog()
        try app.click(field: "intl-hebrew")
        XCTAssertNotNil(app.waitForState(as: View.self) { $0.field("intl-hebrew").focused })
        try app.key("ctrl+a", "BackSpace")
        let empty = try XCTUnwrap(app.waitForState(as: View.self) { $0.field("intl-hebrew").text.isEmpty }).field("intl-hebrew")
        XCTAssertEqual(empty.direction, "rtl")
        let emptyCaret = try XCTUnwrap(empty.caretRect, "a focused field reports its caret")
        // Empty, the caret waits at the right of the mirrored field (left of its icon).
        XCTAssertGreaterThan(emptyCaret[0], empty.frame[0] + empty.frame[2] / 2)

        try app.type("שלום")
        let typed = try XCTUnwrap(app.waitForState(as: View.self) { $0.field("intl-hebrew").text == "שלום" },
                                  "got \(String(describing: try? app.state(as: View.self).field("intl-hebrew").text))")
            .field("intl-hebrew")
        XCTAssertEqual(typed.direction, "rtl")
        XCTAssertEqual(typed.selection, [4, 4])
        let end = try XCTUnwrap(typed.caretRect)
        // Four letters went in to the left of where the caret started: it is at the text's left end.
        XCTAssertLessThan(end[0], emptyCaret[0] - 24)
        XCTAssertGreaterThan(end[0], typed.frame[0])

        try app.key("Home")
        let home = try XCTUnwrap(app.waitForState(as: View.self) { $0.field("intl-hebrew").selection == [0, 0] }).field("intl-hebrew")
        let start = try XCTUnwrap(home.caretRect)
        XCTAssertEqual(start[0], emptyCaret[0], accuracy: 1, "Home is the right end of right-to-left text")

        // Left from the start walks into the text, leftward on screen.
        try app.key("Left")
        let left = try XCTUnwrap(app.waitForState(as: View.self) { $0.field("intl-hebrew").selection == [1, 1] }).field("intl-hebrew")
        XCTAssertLessThan(try XCTUnwrap(left.caretRect)[0], start[0])
        XCTAssertGreaterThan(try XCTUnwrap(left.caretRect)[0], end[0])
        try app.key("End")
        XCTAssertNotNil(app.waitForState(as: View.self) { $0.field("intl-hebrew").selection == [4, 4] })
    }

    func testASpanishQuestionTypedIntoALatinFieldReadsLeftToRightFromTheLeftEdge() throws {
        let app = try tallCatalog(environment: ["LC_ALL": "C.UTF-8", "LANG": "C.UTF-8"])
        // ¿, ó and á on keycodes of their own, so xdotool never remaps a key while the catalog reads it.
        try app.bindSpareKeycodes(toKeysyms: ["questiondown", "oacute", "aacute"])
        try app.click(field: "outlined-label")
        XCTAssertNotNil(app.waitForState(as: View.self) { $0.field("outlined-label").focused })
        try app.type("¿Dónde está?")
        let typed = try XCTUnwrap(app.waitForState(as: View.self) { $0.field("outlined-label").text == "¿Dónde está?" },
                                  "got \(String(describing: try? app.state(as: View.self).field("outlined-label").text))")
            .field("outlined-label")
        XCTAssertEqual(typed.direction, "ltr")
        let end = try XCTUnwrap(typed.caretRect)[0]
        try app.key("Home")
        let home = try XCTUnwrap(app.waitForState(as: View.self) { $0.field("outlined-label").selection == [0, 0] })
            .field("outlined-label")
        let start = try XCTUnwrap(home.caretRect)[0]
        // The text starts at the field's left edge (inside its 16 px padding) and runs rightward.
        XCTAssertLessThan(start, home.frame[0] + 24)
        XCTAssertGreaterThan(end, start + 60)
    }

    func testATextAreaWhoseFirstLineStartsWithABulletReadsLeftToRight() throws {
        let app = try tallCatalog(environment: ["LC_ALL": "C.UTF-8", "LANG": "C.UTF-8"])
        // The bullet on a keycode of its own, as ¿ above.
        try app.bindSpareKeycodes(toKeysyms: ["U2022"])
        try app.click(field: "outlined-area")
        XCTAssertNotNil(app.waitForState(as: View.self) { $0.field("outlined-area").focused })
        try app.key("U2022")
        try app.type(" Milk")
        let typed = try XCTUnwrap(app.waitForState(as: View.self) { $0.field("outlined-area").text == "• Milk" },
                                  "got \(String(describing: try? app.state(as: View.self).field("outlined-area").text))")
            .field("outlined-area")
        XCTAssertEqual(typed.direction, "ltr")
        // The caret after "• Milk" is near the left edge, not at the right where mirrored text would end.
        let caret = try XCTUnwrap(typed.caretRect)[0]
        XCTAssertLessThan(caret, typed.frame[0] + typed.frame[2] / 2)
        // The helper text ("Enter starts a new line") starts at the left of the row below the field.
        let frame = PixelRegion(frame: typed.frame), outer = PixelRegion(frame: typed.outerFrame)
        let row = try app.capture(PixelRegion(x: frame.x, y: frame.maxY, width: frame.width, height: outer.maxY - frame.maxY))
        let half = row.width / 2
        let left = row.count(in: PixelRegion(x: 0, y: 0, width: half, height: row.height), where: isTextInk)
        let right = row.count(in: PixelRegion(x: half, y: 0, width: row.width - half, height: row.height), where: isTextInk)
        XCTAssertGreaterThan(left, 20, "helper text ink at the left")
        XCTAssertEqual(right, 0, "no helper text ink at the right")
    }

    func testCaretRectIsNullForAFieldWithoutFocusAndTheDirectionFollowsTheText() throws {
        let app = try tallCatalog()
        let state = try app.state(as: View.self)
        XCTAssertNil(state.field("intl-arabic").caretRect)
        XCTAssertEqual(state.field("intl-arabic").direction, "rtl")
        XCTAssertEqual(state.field("intl-mixed").direction, "ltr")
        XCTAssertEqual(state.field("filled-label").direction, "ltr")
        // Hebrew typed into an empty left-to-right field turns it right to left.
        try app.click(field: "filled-label")
        try app.type("אב")
        XCTAssertNotNil(app.waitForState(as: View.self) { $0.field("filled-label").direction == "rtl" },
                        "got \(String(describing: try? app.state(as: View.self).field("filled-label")))")
    }
}
