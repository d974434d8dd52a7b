import XCTest
@testable import MaterialFields

/// A long paste takes byte-scanning shortcuts (is there a line break, a control character, is it
/// all ASCII?) before the cluster-by-cluster work; these pin that every rarer case still takes
/// the full path.
final class LongPasteTests: XCTestCase {
    private func layout(_ text: String, wrap: Double? = 400) -> TextLayout {
        TextLayout(characters: Array(text), font: FontSpec(pixelSize: 16), lineHeight: 24, measurer: sharedMeasurer, wrapWidth: wrap)
    }

    func testEveryKindOfLineBreakTakesNoWidth() {
        // NEL, LINE SEPARATOR, PARAGRAPH SEPARATOR, VT, FF, CR LF: each a break, each 0 px wide.
        for separator in ["\u{85}", "\u{2028}", "\u{2029}", "\u{0B}", "\u{0C}", "\r\n", "\r"] {
            let text = layout("ab" + separator + "cd")
            XCTAssertEqual(text.count, 5, separator.debugDescription)
            XCTAssertEqual(text.caretStops, [0, 8, 16, 16, 24, 32], "\(separator.debugDescription) took width")
            XCTAssertEqual(text.lines.count, 2, "\(separator.debugDescription) did not break the line")
        }
    }

    func testLatinOneAndTypographicTextIsNotMistakenForABreak() {
        // © is C2 A9 and … is E2 80 A6: lead bytes that a break shares, but no break.
        let text = layout("©…x")
        XCTAssertEqual(text.caretStops, [0, 8, 16, 24])
        XCTAssertEqual(text.lines.count, 1)
    }

    func testControlsInAPasteAreCleanedWhateverTheirEncoding() {
        let pasted = "a\u{85}b\u{2028}c\u{9F}d\u{7F}e\u{01}f\u{2029}g\u{80}h©i"
        XCTAssertEqual(TextField.sanitize(pasted, kind: .textField), "a b cdef gh©i")
        XCTAssertEqual(TextField.sanitize(pasted, kind: .textArea), "a\nb\ncdef\ngh©i")
        XCTAssertEqual(TextField.sanitize("plain ASCII, ~ and all", kind: .textField), "plain ASCII, ~ and all")
        // One multi-byte control alone, with nothing below 0x20 to give it away.
        XCTAssertEqual(TextField.sanitize("x\u{9F}y", kind: .textField), "xy")
        XCTAssertEqual(TextField.sanitize("x\u{2028}y", kind: .textField), "x y")
        XCTAssertEqual(TextField.sanitize("x\u{85}y", kind: .textArea), "x\ny")
    }

    func testAMegabyteOfASCIIMeasuresLikeItsClusters() {
        let text = String(repeating: "ab c\u{301} ", count: 100) + String(repeating: "The lazy dog. ", count: 75_000)
        let measured = layout(text, wrap: nil)
        XCTAssertEqual(measured.count, text.count)
        XCTAssertEqual(measured.caretStops.count, text.count + 1)
        XCTAssertEqual(measured.caretStops.last, Double(text.count) * 8)
        var field = layout("start", wrap: nil)
        field.replacing(5..<5, with: Array(text)[...], measurer: sharedMeasurer)
        XCTAssertEqual(field.caretStops.last, Double(text.count + 5) * 8)
        XCTAssertEqual(String(field.characters), "start" + text)
    }
}
