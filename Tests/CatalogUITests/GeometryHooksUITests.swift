import Foundation
import XCTest
import MaterialFields
import TestHarness

/// The catalog's fields that subclass `TextField` and override UIKit's hooks, driven with real
/// clicks and keys: the caret, clicks and the clear button follow the moved rectangles, and the
/// QA state reports them where they are drawn.
final class GeometryHooksUITests: XCTestCase {
    private struct View: Decodable {
        struct Assistive: Decodable { var leading: String }
        struct Field: Decodable {
            var id: String, text: String, focused: Bool, selection: [Int], frame: [Double]
            var textRect: [Double]?, clearButtonRect: [Double]?, caretRect: [Double]?, assistive: Assistive
        }
        var fields: [Field]
        func field(_ id: String) -> Field { fields.first { $0.id == id }! }
    }

    func testClicksCaretAndClearButtonFollowTheMovedRectanglesInTheCatalog() throws {
        let app = try CatalogApp(arguments: ["--focus", "custom-currency"])
        let id = "custom-currency"
        let focused = try XCTUnwrap(app.waitForState(as: View.self) { $0.field(id).focused && $0.field(id).caretRect != nil })
        let field = focused.field(id)
        let frame = field.frame
        let text = try XCTUnwrap(field.textRect), clear = try XCTUnwrap(field.clearButtonRect)
        // The QA state's frames: the clear button at the field's start, the text after it, and
        // room at the end for the badge (28 px and its gaps).
        XCTAssertLessThan(clear[0] - frame[0], 12, "the clear button moved to the start: \(clear) in \(frame)")
        XCTAssertGreaterThanOrEqual(text[0], clear[0] + clear[2], "the text after it: \(text)")
        XCTAssertLessThanOrEqual(text[0] + text[2], frame[0] + frame[2] - 40, "room for the badge: \(text) in \(frame)")
        XCTAssertGreaterThan(text[2], 100)

        // End puts the caret at the moved rectangle's end (right-aligned text), Home at the text's start.
        try app.key("End")
        let atEnd = try XCTUnwrap(app.waitForState(as: View.self) { $0.field(id).selection == [8, 8] }?.field(id).caretRect)
        XCTAssertEqual(atEnd[0] + atEnd[2], text[0] + text[2], accuracy: 1, "the caret stands at the text rectangle's end")
        try app.key("Home")
        let atStart = try XCTUnwrap(app.waitForState(as: View.self) { $0.field(id).selection == [0, 0] }?.field(id).caretRect)
        XCTAssertGreaterThan(atStart[0], text[0] + 20, "right-aligned in the moved band")

        // A click between them lands inside the text, and the caret is drawn where it was clicked.
        let middle = (atStart[0] + atEnd[0]) / 2
        try app.click(x: middle, y: text[1] + text[3] / 2)
        let clicked = try XCTUnwrap(app.waitForState(as: View.self) {
            let selection = $0.field(id).selection
            return selection[0] == selection[1] && selection[0] > 0 && selection[0] < 8
        }?.field(id))
        let caret = try XCTUnwrap(clicked.caretRect)
        XCTAssertEqual(caret[0], middle, accuracy: 8, "the caret stands where the click was")

        // The badge is drawn right of the text rectangle, in the primary colour (inside the
        // border, which is primary too while editing).
        let badge = PixelRegion(x: Int(text[0] + text[2]), y: Int(frame[1]) + 4, width: Int(frame[0] + frame[2] - text[0] - text[2]) - 4,
                                height: Int(frame[3]) - 8)
        XCTAssertGreaterThan(try app.capture(badge).count(where: isPrimary), 10, "the € badge")

        // A click on the moved clear button clears (where the default layout had the text's
        // start): at the place the field's class puts it, 6 px in, not where the state says.
        try app.click(x: frame[0] + 6 + 12, y: frame[1] + frame[3] / 2)
        let cleared = app.waitForState(as: View.self) { $0.field(id).text.isEmpty }
        XCTAssertNotNil(cleared, "the clear button's hit area moved with it")
        XCTAssertEqual(cleared?.field(id).focused, true)

        // The search field, the one before: text starts after the drawn magnifier, and Return searches.
        let search = "custom-search-hint"
        try app.key("shift+Tab")
        let inSearch = try XCTUnwrap(app.waitForState(as: View.self) { $0.field(search).focused }?.field(search))
        let searchText = try XCTUnwrap(inSearch.textRect)
        XCTAssertGreaterThanOrEqual(searchText[0] - inSearch.frame[0], 8 + 26, "inset for the magnifier: \(searchText)")
        try app.type("abc")
        let typed = try XCTUnwrap(app.waitForState(as: View.self) { $0.field(search).text == "abc" }?.field(search))
        XCTAssertGreaterThan(try XCTUnwrap(typed.caretRect)[0], searchText[0] + 10, "typed in the moved rectangle")
        try app.key("Return")
        XCTAssertNotNil(app.waitForState(as: View.self) { $0.field(search).assistive.leading == "Searched for “abc”" })
    }
}
