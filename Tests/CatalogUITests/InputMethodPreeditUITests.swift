import Foundation
@testable import XftHost
import TestHarness
import XCTest

/// Inline preedit with a real input method: ibus over XIM (on-the-spot), Hangul and pinyin typed
/// through xdotool into the catalog. The preedit shows in the QA state and in the field's pixels
/// while the text stays as it was; a commit is one edit with the cause input method (one undo
/// step); moving focus resets the input context and the syllable lands in the field it was
/// composed in.
final class InputMethodPreeditUITests: XCTestCase {
    private var ibus: IBusSession?
    private var app: CatalogApp!

    /// The QA state's view this test reads: the text, focus and the preedit.
    struct View: Decodable {
        struct Preedit: Decodable, Equatable { var text: String; var caret: Int }
        struct Field: Decodable {
            var id: String, text: String, focused: Bool, selection: [Int], frame: [Double]
            var caretRect: [Double]?
            var preedit: Preedit?
        }
        struct Menu: Decodable { var open: Bool }
        var fields: [Field]
        var menu: Menu?
        func field(_ id: String) -> Field { fields.first { $0.id == id }! }
    }

    private let fieldID = "filled-label"

    /// The selection colour (primary at a low opacity) over the filled container: a pale purple.
    private func isHighlight(_ p: Pixel) -> Bool {
        Int(p.blue) - Int(p.green) > 30 && Int(p.blue) - Int(p.red) > 15 && p.green > 120
    }

    private func start(engine: String) throws {
        if let missing = IBusSession.missingTools() { throw HarnessError(missing) }
        var session: IBusSession?
        app = try CatalogApp(environment: ["XMODIFIERS": "@im=ibus", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "NO_AT_BRIDGE": "1"]) { server in
            session = try IBusSession(display: server.displayName)
            try session!.use(engine: engine)
        }
        ibus = session
        try app.xdotool(["windowfocus", "--sync", String(app.windowID)])
        try app.click(field: fieldID, atFraction: 0.3)
        XCTAssertNotNil(app.waitForState(as: View.self, timeout: 10) { $0.field(self.fieldID).focused }, "the Name field takes focus")
    }

    override func tearDown() {
        app = nil
        ibus?.stop()
        ibus = nil
        super.tearDown()
    }

    /// Types one key as a typist would (the engine sees each press and release).
    private func press(_ key: String) throws { try app.xdotool(["type", "--delay", "120", key]) }

    @discardableResult
    private func waitFor(_ what: String, timeout: TimeInterval = 15, _ condition: @escaping (View.Field) -> Bool) throws -> View.Field {
        let fieldID = self.fieldID
        guard let state = app.waitForState(as: View.self, timeout: timeout, { condition($0.field(fieldID)) }) else {
            let last = try? app.state(as: View.self).field(fieldID)
            throw HarnessError("\(what): never seen; last: text \(last?.text ?? "?"), preedit \(String(describing: last?.preedit))")
        }
        return state.field(fieldID)
    }

    /// Captures `region` until `condition` holds of its pixels (the frame reaches the window a
    /// moment after the QA state says what it shows), or throws after `timeout`.
    private func capture(_ region: PixelRegion, _ what: String, timeout: TimeInterval = 10,
                         until condition: (RGBAImage) -> Bool) throws -> RGBAImage {
        var last: RGBAImage?
        _ = try waitUntil(timeout: timeout) {
            last = try app.capture(region)
            return condition(last!)
        }
        guard let image = last, condition(image) else { throw HarnessError("\(what): never seen in the window's pixels") }
        return image
    }

    func testHangulPreeditShowsInTheFieldAndItsPixelsWithoutTouchingTheTextThenCommitsAsOneUndoStep() throws {
        try start(engine: "hangul")
        let field = try waitFor("an empty Name field") { $0.text.isEmpty && $0.caretRect != nil }
        // The text line (the caret's height and a little more, for the underline), from the text's start.
        let caret = try XCTUnwrap(field.caretRect)
        let band = PixelRegion(x: Int(field.frame[0]) + 8, y: Int(caret[1]) - 2, width: 120, height: Int(caret[3]) + 6)

        // A typed key first (Shift+Space leaves Hangul mode, with nothing to commit, and comes back).
        try app.key("shift+space")
        try press("a")
        try waitFor("the typed a") { $0.text == "a" }
        try app.key("shift+space")
        try press("g")
        try waitFor("preedit ㅎ") { $0.preedit?.text == "ㅎ" && $0.text == "a" }
        try press("k")
        try waitFor("preedit 하") { $0.preedit?.text == "하" && $0.text == "a" }
        try press("s")
        let composing = try waitFor("preedit 한") { $0.preedit == .init(text: "한", caret: 1) && $0.text == "a" }
        XCTAssertEqual(composing.selection, [1, 1], "the text and its caret are untouched while composing")
        let preeditPixels = try capture(band, "the highlighted syllable") { $0.count(where: self.isHighlight) > 100 }
        XCTAssertGreaterThan(preeditPixels.count(where: isTextInk), 60, "the typed a and the syllable's glyph show")

        // Shift+Space is a key the engine consumes: it commits the syllable (and leaves Hangul mode).
        try app.key("shift+space")
        try waitFor("the commit 한") { $0.text == "a한" && $0.preedit == nil }
        let committedPixels = try capture(band, "the committed syllable, plain") { $0.count(where: self.isHighlight) < 20 }
        XCTAssertGreaterThan(committedPixels.count(where: isTextInk), 60)
        // The underline: a row under the glyphs that is ink across the syllable while composing,
        // and is not once the same glyph is committed.
        let underlined = (0..<band.height).contains { row in
            let line = PixelRegion(x: 0, y: row, width: band.width, height: 1)
            return preeditPixels.count(in: line, where: isTextInk) >= 10 && committedPixels.count(in: line, where: isTextInk) < 4
        }
        XCTAssertTrue(underlined, "the preedit is underlined and the committed text is not")

        // One edit with the cause input method: an undo step of its own, apart from the typed key.
        try app.key("ctrl+z")
        try waitFor("the commit undone in one step, the typed a kept") { $0.text == "a" }

        // Back to Hangul mode; a syllable being composed when focus moves on is reset and lands
        // in the field it was composed in (ibus commits it after the reset), not in the next one.
        try app.key("shift+space")
        try press("r")
        try waitFor("preedit ㄱ") { $0.preedit?.text == "ㄱ" }
        try app.key("Tab")
        guard let moved = app.waitForState(as: View.self, timeout: 15, { state in
            !state.field(self.fieldID).focused && state.field(self.fieldID).text == "aㄱ" && state.fields.allSatisfy { $0.preedit == nil }
        }) else {
            let last = try app.state(as: View.self)
            return XCTFail("after Tab: Name is \(last.field(fieldID).text) \(String(describing: last.field(fieldID).preedit)); focused: "
                + "\(last.fields.filter(\.focused).map { "\($0.id) \($0.text)" })")
        }
        let next = try XCTUnwrap(moved.fields.first { $0.focused })
        XCTAssertFalse(next.text.contains("ㄱ"), "the jamo did not follow focus")
    }

    func testPinyinPreeditThenSpaceCommitsTheHanziAndEscapeGoesToTheInputMethodFirst() throws {
        try start(engine: "libpinyin")
        try waitFor("an empty Name field") { $0.text.isEmpty }
        // Escape reaches the input method first, as in GTK: pinyin takes it to drop its preedit,
        // and the field keeps editing.
        try app.xdotool(["type", "--delay", "120", "zhongguo"])
        try waitFor("a pinyin preedit") { ($0.preedit?.text.isEmpty == false) && $0.text.isEmpty }
        try app.key("Escape")
        try waitFor("the preedit dropped by the input method") { $0.preedit == nil && $0.text.isEmpty }
        XCTAssertTrue(try app.state(as: View.self).field(fieldID).focused, "the input method took Escape: the field still edits")
        try app.xdotool(["type", "--delay", "120", "nihao"])
        let composing = try waitFor("a pinyin preedit") { ($0.preedit?.text.isEmpty == false) && $0.text.isEmpty }
        XCTAssertTrue(composing.text.isEmpty)
        try app.key("space")
        try waitFor("the commit 你好") { $0.text == "你好" && $0.preedit == nil }
    }

    func testTheContextMenusKeysNeverReachTheInputMethodAndItOpensOnlyAfterThePreeditIsCommitted() throws {
        try start(engine: "hangul")
        try waitFor("an empty Name field") { $0.text.isEmpty }
        try press("g")
        try press("k")
        try waitFor("preedit 하") { $0.preedit?.text == "하" && $0.text.isEmpty }
        // The Menu key ends the syllable: it lands in the field, and the menu opens over it.
        try app.key("Menu")
        try waitFor("the syllable committed before the menu") { $0.text == "하" && $0.preedit == nil }
        XCTAssertNotNil(app.waitForState(as: View.self, timeout: 10) { $0.menu?.open == true }, "the menu opens")
        // Escape closes the menu, as a GTK menu's Escape does: the input method never sees it
        // (ibus-hangul takes Escape to leave Hangul mode, as a vi user wants in a field).
        try app.key("Escape")
        XCTAssertNotNil(app.waitForState(as: View.self, timeout: 10) { $0.menu?.open == false }, "Escape closes the menu")
        XCTAssertTrue(try app.state(as: View.self).field(fieldID).focused, "the field still edits")
        try press("g")
        try press("k")
        try waitFor("Hangul mode kept: preedit 하 again") { $0.preedit?.text == "하" && $0.text == "하" }
        try app.key("Menu")
        XCTAssertNotNil(app.waitForState(as: View.self, timeout: 10) { $0.menu?.open == true }, "the menu opens again")
        try waitFor("the second syllable committed") { $0.text == "하하" && $0.preedit == nil }
        // A mnemonic acts (Select A̲ll) instead of becoming a jamo behind the menu.
        try press("a")
        XCTAssertNotNil(app.waitForState(as: View.self, timeout: 10) { $0.menu?.open == false }, "the mnemonic acted")
        let field = try waitFor("all selected") { $0.selection == [0, 2] }
        XCTAssertNil(field.preedit, "the letter composed nothing")
        XCTAssertEqual(field.text, "하하")
    }
}
