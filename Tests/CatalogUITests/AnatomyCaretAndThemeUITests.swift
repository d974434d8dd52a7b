import Foundation
import XCTest
@testable import XftHost
import TestHarness

/// The catalog's headings and captions follow Ctrl+T, a combining mark joins a full counter field's
/// last grapheme, and a click puts the caret where it lands in a long field or a scrolled text
/// area (each once broken; the tests failed before their fixes).
extension AnatomyUITests {
    // Found: Ctrl+T recolours the fields and the surface but not the catalog's headings and
    // captions: their colours are baked into the Arrangement's Decorations when the layout
    // arranges, and a scheme change only invalidates, it does not arrange again. In dark they
    // stay black (87 % / 60 %) on #121212: invisible.
    func testControlTRecoloursTheHeadingsAndCaptions() throws {
        // Given the light catalog: the "Filled" heading is dark ink on white
        let app = try CatalogApp()
        let heading = PixelRegion(x: 24, y: 24, width: 60, height: 28)
        let caption = PixelRegion(x: 24, y: 64, width: 100, height: 16)
        XCTAssertGreaterThan(try app.capture(heading).count { grey($0) < 100 }, 40)

        // When the user presses Ctrl+T (dark theme)
        try app.key("ctrl+t")
        XCTAssertNotNil(waitForQA(app) { $0.theme == "dark" })
        XCTAssertTrue(try waitUntil(timeout: 2) { try pixel(app, x: 4, y: 4) == (0x12, 0x12, 0x12, 255) })

        // Then the heading and the caption are light ink on the dark surface, as when the
        // catalog starts dark (`--theme dark`)
        XCTAssertGreaterThan(try app.capture(heading).count { grey($0) > 150 }, 40,
                             "the heading is not drawn in the dark theme's on-surface colour")
        XCTAssertGreaterThan(try app.capture(caption).count { grey($0) > 100 }, 20,
                             "the caption is not drawn in the dark theme's on-surface colour")
    }

    // Found: the maximum length counts the *inserted* string's graphemes, not the result's: a
    // combining mark typed after the last grapheme of a full field is refused, although it
    // joins that grapheme and the count stays 20. (Thai tone marks, Devanagari matras and
    // decomposed accents arrive as such separate marks.)
    func testACombiningMarkTypedIntoAFullCounterFieldJoinsItsLastGrapheme() throws {
        // Given the counter field (at most 20) holding 19 letters and an e: 20 / 20
        let app = try tallCatalog()
        try app.bindSpareKeycode(toKeysym: "U0301")
        try app.click(field: "filled-counter")
        try expect(app, "filled-counter", "focused") { $0.focused }
        try app.type("abcdefghijklmnopqrse")
        try expect(app, "filled-counter", "20 / 20") { $0.assistive.trailing == "20 / 20" }

        // When the user types a combining acute accent (U+0301)
        try app.type("\u{301}")

        // Then it joins the e: still 20 graphemes, the last one é
        try expect(app, "filled-counter", "the accent joined the e") { $0.text == "abcdefghijklmnopqrse\u{301}" }
    }

    // Found: a click into an unfocused field whose text is scrolled puts the caret somewhere else
    // than where the click landed, and the text jumps. `TextField.pointerDown` calls
    // `focus(at:fromPointX:)` first, whose `keepCaretInView()` scrolls to the *old* caret (the
    // end of a prefilled text), and only then turns the click point into an offset, through
    // the new scroll.
    func testClickingTheStartOfALongUnfocusedFieldPutsTheCaretThere() throws {
        // Given the long prefilled field ("Rua Augusta 274, ...", wider than the field), unfocused
        let app = try tallCatalog()
        let field = try qa(app).field("filled-long")
        XCTAssertFalse(field.focused)
        // (the text band, but for its first 4 px, where the caret will show)
        let band = PixelRegion(x: field.container.x + 20, y: field.container.y + 24, width: field.container.width - 36, height: 24)
        let before = try inkMap(app, band)

        // When the user clicks just before its first letter
        try app.click(x: field.frame[0] + 17, y: field.frame[1] + 36)

        // Then the caret is at the start and the text did not move
        let clicked = try expect(app, "filled-long", "focused") { $0.focused }
        XCTAssertEqual(clicked.selection, [0, 0], "the click put the caret elsewhere")
        usleep(200_000)
        XCTAssertTrue(try inkMap(app, band) == before, "the text jumped when clicked")
    }

    func testClickingTheFirstRowOfAnOverflowingTextAreaPutsTheCaretThere() throws {
        // Given the text area prefilled past its four rows, unfocused, showing its first rows
        let app = try tallCatalog()
        let field = try qa(app).field("filled-area-long")
        XCTAssertFalse(field.focused)

        // When the user clicks just before the first letter of its first row ("Material ...")
        try app.click(x: field.frame[0] + 17, y: field.frame[1] + 36)

        // Then the caret is at the start of the text, not in a row scrolled in from below
        let clicked = try expect(app, "filled-area-long", "focused") { $0.focused }
        XCTAssertEqual(clicked.selection, [0, 0], "the click put the caret at \(clicked.selection) instead")
    }
}
