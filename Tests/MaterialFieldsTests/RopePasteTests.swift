import XCTest
@testable import MaterialFields

/// A paste read chunk by chunk into a rope (`RopeBuilder`, as the X11 host reads an INCR
/// transfer) lands exactly as the same bytes in one piece, decoded by `String(decoding:)`, did:
/// UTF-8 cut inside a sequence, CR LF cut between its two bytes, invalid bytes; and a long rope
/// pasted (`TextField.paste(_: Rope, at:)`) is cleaned and passes the policies to the same text,
/// selection, refusals and undo steps as the same text pasted as a `String`.
final class RopePasteTests: XCTestCase {
    // MARK: The builder

    /// `bytes` handed to a builder in pieces ending at each of `cuts`.
    private func built(_ bytes: [UInt8], cutAt cuts: [Int]) -> RopeBuilder {
        var builder = RopeBuilder()
        var start = 0
        for cut in cuts.sorted() + [bytes.count] where cut >= start {
            builder.append(utf8: bytes[start..<cut])
            start = cut
        }
        return builder
    }

    private func assertBuilt(_ bytes: [UInt8], cutAt cuts: [Int], file: StaticString = #filePath, line: UInt = #line) {
        var builder = built(bytes, cutAt: cuts)
        let rope = builder.finish()
        let whole = String(decoding: bytes, as: UTF8.self)
        XCTAssertEqual(rope.string, whole, "cut at \(cuts): \(bytes.map { String($0, radix: 16) })", file: file, line: line)
        XCTAssertEqual(rope.count, whole.count, "clusters, cut at \(cuts)", file: file, line: line)
        XCTAssertEqual(rope.lineBreakCount, Rope(whole).lineBreakCount, "line breaks, cut at \(cuts)", file: file, line: line)
        XCTAssertNil(rope.structuralProblem(), file: file, line: line)
        XCTAssertEqual(builder.replacedInvalidUTF8, String(validating: bytes, as: UTF8.self) == nil,
                       "invalid bytes told, cut at \(cuts)", file: file, line: line)
        XCTAssertEqual(builder.byteCount, bytes.count, file: file, line: line)
    }

    func testBytesCutAnywhereDecodeAsTheWholeDoes() {
        // Every sequence length, CR LF, and invalid bytes: a lone continuation, overlongs, a
        // surrogate, a sequence cut short by ASCII or by another lead, past U+10FFFF, FF.
        let samples: [[UInt8]] = [
            Array("aé中😀\r\nb".utf8),
            Array("x\r\n\r\ny\re\u{301}🇫🇷👩‍👩‍👧".utf8),
            [0x6F, 0x6B, 0xFF, 0xC3, 0x28, 0xED, 0xA0, 0x80],
            [0xE0, 0x80, 0x41, 0xE1, 0x80, 0xE2, 0x82, 0xAC, 0x80, 0x80],
            [0xF0, 0x90, 0x80, 0x41, 0xF4, 0x90, 0x80, 0x80, 0xC0, 0xAF, 0xF0, 0x9F, 0x98],
            [0xE2, 0x82, 0x0D, 0x0A, 0xC3, 0xF0, 0x9F, 0x98, 0x80, 0xE2],
        ]
        for bytes in samples {
            for first in 0...bytes.count {
                for second in first...bytes.count {
                    assertBuilt(bytes, cutAt: [first, second])
                }
            }
        }
    }

    func testALongTextInRandomChunksDecodesAsTheWholeDoes() {
        // Long enough that leaves are cut between chunks, with every kind of cluster and a few
        // invalid bytes spread through it.
        var generator = SeededGenerator(seed: 28)
        let pieces: [[UInt8]] = ["lorem ipsum ", "é", "e\u{301}", "中文", "😀", "👩‍👩‍👧", "🇫🇷", "\r\n", "\r", "\n", "क्", "त", "\u{2028}"]
            .map { Array($0.utf8) } + [[0xFF], [0xE2, 0x82], [0x80], [0xF0, 0x9F]]
        for _ in 0..<4 {
            var bytes: [UInt8] = []
            while bytes.count < 200_000 { bytes += pieces.randomElement(using: &generator)! }
            var cuts: [Int] = []
            var at = 0
            while at < bytes.count {
                at += Int.random(in: 1...40_000, using: &generator)
                cuts.append(min(at, bytes.count))
            }
            assertBuilt(bytes, cutAt: cuts)
        }
    }

    func testTextInPiecesSegmentsAsTheWholeDoes() {
        // Pieces cut between scalars, not clusters: a mark after its letter's piece, the second
        // half of a flag, the LF of a CR LF, a ZWJ sequence's tail.
        var generator = SeededGenerator(seed: 7)
        let parts = ["e", "\u{301}", "🇫", "🇷", "\r", "\n", "👩", "\u{200D}", "\u{1100}", "\u{1161}", "क", "\u{94D}", "त",
                     String(repeating: "word ", count: 300)]
        for _ in 0..<6 {
            var whole = ""
            var builder = RopeBuilder()
            var piece = ""
            while whole.utf8.count < 150_000 {
                let part = parts.randomElement(using: &generator)!
                whole += part
                piece += part
                if Int.random(in: 0..<8, using: &generator) == 0 {
                    builder.append(piece)
                    piece = ""
                }
            }
            builder.append(piece)
            let rope = builder.finish()
            XCTAssertEqual(rope, Rope(whole))
            XCTAssertEqual(rope.count, whole.count)
            XCTAssertTrue(rope.elementsEqual(whole), "the clusters differ")
            XCTAssertNil(rope.structuralProblem())
        }
    }

    func testLatinOneChunksDecodeAsTheWholeDoes() {
        var builder = RopeBuilder()
        builder.append(latin1: [0x63, 0x61, 0x66, 0xE9, 0x0D])
        builder.append(latin1: [0x0A, 0xA9])
        let rope = builder.finish()
        XCTAssertEqual(rope.string, "café\r\n©")
        XCTAssertEqual(rope.count, 6, "CR and LF cut apart are still one cluster")
        XCTAssertFalse(builder.replacedInvalidUTF8)
    }

    // MARK: Cleaning

    /// Long enough for many leaves, so what cleaning changes falls in different chunks.
    private let padding = String(repeating: "lorem ipsum ", count: 6_000)

    func testARopeIsCleanedAsItsTextIs() {
        let cases = ["a\u{85}b\u{2028}c\u{9F}d\u{7F}e\u{01}f\u{2029}g\u{80}h©i", "x\r\ny\rz\n", "tab\tstays",
                     "e\u{01}\u{301} joins once the control goes", "\u{0}\u{0}", "clean text, no controls at all",
                     "🇫\u{01}🇷 pair up", String(repeating: "\r\n", count: 2_000)]
        for text in cases {
            for whole in [text, padding + text, text + padding + text + padding] {
                for multiline in [false, true] {
                    let expected = FieldEditor.sanitize(whole, multiline: multiline)
                    let rope = Rope(whole)
                    let cleaned = FieldEditor.sanitize(rope, multiline: multiline)
                    XCTAssertEqual(cleaned.string, expected, "\(text.debugDescription), multiline \(multiline)")
                    XCTAssertEqual(cleaned.count, expected.count, "\(text.debugDescription), multiline \(multiline)")
                    XCTAssertNil(cleaned.structuralProblem())
                    if expected == whole {
                        XCTAssertTrue(cleaned.isIdentical(to: rope), "clean text was built again: \(text.debugDescription)")
                    }
                }
            }
        }
    }

    // MARK: Pasting

    private final class Delegate: TextFieldDelegate {
        var allows = true
        var rewrite: ((String) -> String)?
        func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<Int>, replacementString string: String) -> Bool {
            allows
        }
        func textField(_ textField: TextField, shouldApply edit: TextEdit) -> TextEdit? {
            guard let rewrite else { return edit }
            var rewritten = edit
            rewritten.replacement = rewrite(edit.replacement)
            return rewritten
        }
    }

    /// Fields hold their delegates weakly: the test keeps them.
    private var delegates: [Delegate] = []
    private func kept(_ delegate: Delegate) -> Delegate {
        delegates.append(delegate)
        return delegate
    }

    private struct Landing: Equatable {
        var text: String
        var selection: TextSelection
        var refusals: Int
        var undone: String
        var redone: String
    }

    /// `text` pasted into a field made by `setUp` (its text "start é end", the caret after
    /// "start"), as a rope or as a string; then undone and redone.
    private func landing(of text: String, asRope: Bool, kind: FieldKind, _ setUp: (TextField) -> Void) -> Landing {
        let field = TextField(identifier: "f", style: .filled, kind: kind, label: "Label", text: "start e end")
        field.layOut(width: 300, metrics: MaterialMetrics(), measurer: sharedMeasurer)
        _ = field.focus(at: 0)
        field.selection = TextSelection(caret: 7)
        setUp(field)
        var refusals = 0
        let watching = field.observe { _, event in if case .editRefused = event { refusals += 1 } }
        if asRope { field.paste(Rope(text), at: 1) } else { field.paste(text, at: 1) }
        let pasted = (field.text, field.selection)
        field.undo(at: 2)
        let undone = field.text
        field.redo(at: 3)
        watching.cancel()
        return Landing(text: pasted.0, selection: pasted.1, refusals: refusals, undone: undone, redone: field.text)
    }

    func testALongRopePasteLandsAsTheStringPasteDoes() {
        let long = padding + "a\r\nb\u{01}c\u{85}d\te" + padding
        let digits = String(repeating: "0123456789", count: 7_000)
        // (what, text, kind, set-up): every policy a paste passes, each cleaning, the joins.
        let cases: [(String, String, FieldKind, (TextField) -> Void)] = [
            ("a text area", long, .textArea, { _ in }),
            ("a single line", long, .textField, { _ in }),
            ("a selection replaced", long, .textArea, { $0.selection = TextSelection(anchor: 2, head: 9) }),
            ("a maximum length it fits", long, .textField, { $0.maximumLength = 1_000_000 }),
            ("a maximum length it just fits", long, .textArea, { $0.maximumLength = 11 + Array(FieldEditor.sanitize(long, multiline: true)).count }),
            ("a maximum length one short", long, .textArea, { $0.maximumLength = 10 + Array(FieldEditor.sanitize(long, multiline: true)).count }),
            ("a maximum length that cuts it", long, .textField, { $0.maximumLength = 40 }),
            ("a full field", long, .textField, { $0.maximumLength = 11 }),
            ("a keyboard type that keeps all", long, .textField, { $0.keyboardType = .twitter }),
            ("a number pad refusing letters", long, .textField, { $0.keyboardType = .numberPad }),
            ("a number pad taking digits", " " + digits + " ", .textField, { $0.keyboardType = .numberPad }),
            ("a character filter", long, .textArea, { $0.characterFilter = { $0 != "o" } }),
            ("a delegate saying yes", long, .textArea, { $0.delegate = self.kept(Delegate()) }),
            ("a delegate rewriting", long, .textArea, { field in
                let delegate = self.kept(Delegate())
                delegate.rewrite = { $0.uppercased() }
                field.delegate = delegate
            }),
            ("a delegate saying no", long, .textArea, { field in
                let delegate = self.kept(Delegate())
                delegate.allows = false
                field.delegate = delegate
            }),
            ("clears on insertion", long, .textArea, { $0.clearsOnInsertion = true }),
            ("a mark joining the letter before", "\u{301}" + long, .textArea, { $0.selection = TextSelection(caret: 7) }),
            ("a flag's half meeting its other half", "🇷" + long + "🇫", .textArea, { $0.text = "🇫 and 🇷"; $0.selection = TextSelection(caret: 1) }),
            ("nothing left once cleaned", String(repeating: "\u{01}", count: 70_000), .textArea, { $0.selection = TextSelection(anchor: 0, head: 5) }),
            ("a secure field", long, .textField, { $0.isSecureTextEntry = true }),
        ]
        for (what, text, kind, setUp) in cases {
            let expected = landing(of: text, asRope: false, kind: kind, setUp)
            let landed = landing(of: text, asRope: true, kind: kind, setUp)
            XCTAssertEqual(landed.text.count, expected.text.count, what)
            XCTAssertTrue(landed.text == expected.text, "\(what): the text differs")
            XCTAssertEqual(landed.selection, expected.selection, what)
            XCTAssertEqual(landed.refusals, expected.refusals, what)
            XCTAssertTrue(landed.undone == expected.undone, "\(what): undo differs")
            XCTAssertTrue(landed.redone == expected.redone, "\(what): redo differs")
        }
    }

    func testALongPasteIntoANumberPadIsTakenWholeOrRefused() {
        // The table above compares the two ways; this pins what both must do.
        let digits = String(repeating: "0123456789", count: 7_000)
        let taken = landing(of: "  " + digits + "\n", asRope: true, kind: .textField) { $0.keyboardType = .numberPad }
        XCTAssertEqual(taken.refusals, 0)
        XCTAssertTrue(taken.text == "start e" + digits + " end", "the digits were not taken, trimmed, whole")
        let refused = landing(of: digits + "x", asRope: true, kind: .textField) { $0.keyboardType = .numberPad }
        XCTAssertEqual(refused.refusals, 1)
        XCTAssertEqual(refused.text, "start e end")
    }

    func testALongRopePasteIsTheRopesOwnNodesAndNoStringOfThem() {
        // The paste's clusters go into the storage as they are: no copy of 70 KB beside them.
        let field = TextField(identifier: "f", style: .filled, kind: .textArea, label: "Label")
        field.layOut(width: 300, metrics: MaterialMetrics(), measurer: sharedMeasurer)
        _ = field.focus(at: 0)
        let rope = Rope(padding)
        let stringsMade = Rope.longStringsMade
        field.paste(rope, at: 1)
        XCTAssertEqual(field.editor.storage.rope.sharedLeafCount(with: rope), rope.leafCount)
        XCTAssertEqual(Rope.longStringsMade, stringsMade, "the paste made a string of its text")
    }
}
