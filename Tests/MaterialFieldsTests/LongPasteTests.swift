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
            XCTAssertEqual(Array(text.caretStops), [0, 8, 16, 16, 24, 32], "\(separator.debugDescription) took width")
            XCTAssertEqual(text.lines.count, 2, "\(separator.debugDescription) did not break the line")
        }
    }

    func testLatinOneAndTypographicTextIsNotMistakenForABreak() {
        // © is C2 A9 and … is E2 80 A6: lead bytes that a break shares, but no break.
        let text = layout("©…x")
        XCTAssertEqual(Array(text.caretStops), [0, 8, 16, 24])
        XCTAssertEqual(text.lines.count, 1)
    }

    func testControlsInAPasteAreCleanedWhateverTheirEncoding() {
        let pasted = "a\u{85}b\u{2028}c\u{9F}d\u{7F}e\u{01}f\u{2029}g\u{80}h©i"
        XCTAssertEqual(FieldEditor.sanitize(pasted, multiline: false), "a b cdef gh©i")
        XCTAssertEqual(FieldEditor.sanitize(pasted, multiline: true), "a\nb\ncdef\ngh©i")
        XCTAssertEqual(FieldEditor.sanitize("plain ASCII, ~ and all", multiline: false), "plain ASCII, ~ and all")
        // One multi-byte control alone, with nothing below 0x20 to give it away.
        XCTAssertEqual(FieldEditor.sanitize("x\u{9F}y", multiline: false), "xy")
        XCTAssertEqual(FieldEditor.sanitize("x\u{2028}y", multiline: false), "x y")
        XCTAssertEqual(FieldEditor.sanitize("x\u{85}y", multiline: true), "x\ny")
    }

    func testTheByteScanSkipsCleaningOnlyTextThatCleaningWouldLeaveAsItIs() {
        // The reference: every cluster cleaned, no shortcut.
        func cleaned(_ text: String, multiline: Bool) -> String {
            String(text.compactMap { character -> Character? in
                if character.isNewline { return multiline ? "\n" : " " }
                if character == "\t" { return character }
                return character.unicodeScalars.contains { $0.properties.generalCategory == .control } ? nil : character
            })
        }
        var generator = SeededGenerator(seed: 11)
        let pieces = ["a", "\n", "\r\n", "\r", "\t", "©", "\u{85}", "\u{9F}", "\u{A0}", "\u{2028}", "\u{2029}", "\u{2027}",
                      "\u{202A}", "é", "\u{7F}", "\u{01}", "\u{0B}", "中", "e\u{301}", "\u{E2}"]
        for _ in 0..<400 {
            let text = (0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            for multiline in [false, true] {
                XCTAssertEqual(FieldEditor.sanitize(text, multiline: multiline), cleaned(text, multiline: multiline),
                               "\(text.debugDescription), multiline: \(multiline)")
            }
        }
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

/// A long replacement is segmented once on its own when its ends cannot join its neighbours;
/// whenever they can, the result must still be what segmenting the whole text gives.
final class LongReplacementSegmentationTests: XCTestCase {
    private let body = String(repeating: "plain words ", count: 100)

    private func applying(_ replacement: String, to text: String, at range: Range<Int>) -> EditableText {
        var editable = EditableText(text)
        editable.apply(TextEdit(range: range, replacement: replacement, cause: .paste))
        return editable
    }

    func testALongPasteSegmentsLikeTheWholeText() {
        let cases: [(text: String, replacement: String, range: Range<Int>)] = [
            ("ab", body, 1..<1),
            // A combining mark at the start of the paste joins the "e" before it.
            ("e", "\u{301}" + body, 1..<1),
            // A paste ending before a text that starts with a lone combining mark takes it in.
            ("\u{301}x", body, 0..<0),
            // A prepended concatenation mark joins the letter after it.
            ("\u{600}", body, 1..<1),
            // Regional indicators pair across the edge.
            ("\u{1F1EB}", "\u{1F1F7}" + body + "\u{1F1FA}", 1..<1),
            ("x\u{1F1EB}", body + "\u{1F1F7}", 1..<1),
            // An emoji ZWJ sequence completed by the paste.
            ("\u{1F469}\u{200D}", "\u{1F4BB}" + body, 1..<1),
            // A virama before the paste binds the consonant it starts with.
            ("\u{915}\u{94D}", "\u{937}" + body, 1..<1),
            ("CR", body + "\r", 2..<2),
            ("\r", "\n" + body, 1..<1),
        ]
        for (text, replacement, range) in cases {
            let result = applying(replacement, to: text, at: range)
            let whole = Array(text)
            let expected = String(whole[..<range.lowerBound]) + replacement + String(whole[range.upperBound...])
            XCTAssertEqual(result.characters, Array(expected), "\(text.debugDescription) + \(replacement.prefix(3).debugDescription)")
            XCTAssertEqual(result.selection, TextSelection(caret: (String(whole[..<range.lowerBound]) + replacement).count),
                           "the caret after \(text.debugDescription) + \(replacement.prefix(3).debugDescription)")
        }
    }

    func testACaretAfterALongPasteStandsAfterIt() {
        let result = applying(body, to: "ab", at: 1..<1)
        XCTAssertEqual(result.selection, TextSelection(caret: 1 + Array(body).count))
    }

    func testReplacingTheWholeTextReadsBackTheReplacement() {
        let field = TextField(identifier: "f", style: .filled, label: "L", text: "old")
        field.text = body + "é"
        XCTAssertEqual(field.text, body + "é")
        field.selection = TextSelection(caret: 0)
        field.text = "e"
        XCTAssertEqual(field.text, "e")
    }
}
