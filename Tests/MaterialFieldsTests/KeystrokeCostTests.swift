import XCTest
@testable import MaterialFields

/// A keystroke costs what it touches, not the length of the text: these tests count the work
/// (storage copies, clusters measured, lines wrapped, whole-text conversions) rather than time it.
final class KeystrokeCostTests: XCTestCase {
    private func longText(paragraphs: Int, paragraphLength: Int = 300) -> String {
        let words = ["the", "quick", "brown", "fox", "jumps", "over", "a", "lazy", "dog"]
        var paragraphsText: [String] = []
        var index = 0
        for _ in 0..<paragraphs {
            var paragraph = ""
            while paragraph.count < paragraphLength {
                if !paragraph.isEmpty { paragraph += " " }
                paragraph += words[index % words.count]
                index += 1
            }
            paragraphsText.append(paragraph)
        }
        return paragraphsText.joined(separator: "\n")
    }

    func testAnEditSharesEveryLeafOfTheTextButTheOneItChanges() {
        var text = EditableText(longText(paragraphs: 200), caret: 0)
        XCTAssertGreaterThan(text.rope.leafCount, 50)
        // In the middle and at both ends, with neighbours in the window.
        for offset in [0, text.count / 2, text.count - 1] {
            let before = text.rope
            text.apply(TextEdit(range: offset..<(offset + 1), replacement: "z", cause: .typing))
            XCTAssertGreaterThanOrEqual(text.rope.sharedLeafCount(with: before), before.leafCount - 2,
                                        "an edit at \(offset) copied the text")
        }
    }

    func testUndoingASelectAllDeletionPutsBackTheVeryTreeItRemoved() throws {
        var text = EditableText(longText(paragraphs: 200))
        var history = UndoHistory()
        let before = text.rope
        history.record(text.apply(TextEdit(range: 0..<text.count, replacement: "", cause: .deleteBackward)))
        XCTAssertTrue(text.isEmpty)
        text.apply(try XCTUnwrap(history.popUndo()))
        XCTAssertTrue(text.rope.isIdentical(to: before), "undo rebuilt the text from a copy instead of keeping the old version")
        XCTAssertEqual(text.text, longText(paragraphs: 200))
    }

    func testTypingIntoAFieldCopiesNeitherTheTextNorTheLayout() {
        let field = TextField(identifier: "area", style: .filled, kind: .textArea, label: "Message", text: longText(paragraphs: 20))
        field.layOut(width: 400, metrics: MaterialMetrics(), measurer: FakeMeasurer())
        field.focus(at: 0)
        let middle = field.count / 2
        // The first edit after the layout was made may grow its buffers once.
        field.insert("y", at: 1)
        field.selection = TextSelection(anchor: middle, head: middle + 1)
        let text = field.editor.storage.rope
        // Typed over one cluster.
        field.insert("z", at: 1)
        let rope = field.editor.storage.rope
        XCTAssertGreaterThanOrEqual(rope.sharedLeafCount(with: text), text.leafCount - 2, "the model's text was copied")
        let layout = field.textLayout!
        XCTAssertEqual(layout.text, rope)
        XCTAssertGreaterThanOrEqual(layout.text.sharedLeafCount(with: rope), rope.leafCount - 2,
                                    "the layout keeps a copy of the text instead of the field's own rope")
        XCTAssertLessThanOrEqual(layout.lastEditCost.pagesMeasured, 3, "the keystroke measured more than the pages around it")
    }

    func testAKeystrokeInALongParagraphWrapsOnlyTheLinesAroundIt() {
        let measurer = FakeMeasurer()
        let text = Array(longText(paragraphs: 1, paragraphLength: 20_000))
        var layout = TextLayout(characters: text, font: FontSpec(pixelSize: 16), lineHeight: 24, measurer: measurer, wrapWidth: 400)
        XCTAssertGreaterThan(layout.lines.count, 300)
        for offset in [text.count / 2, 0, layout.count] {
            layout.replacing(offset..<offset, with: ["w"], measurer: measurer)
            XCTAssertLessThanOrEqual(layout.lastEditCost.linesWrapped, 6, "a key at \(offset) wrapped the paragraph again")
            // Deleting what was typed, and a line break typed into the middle of the paragraph.
            layout.replacing(offset..<(offset + 1), with: [], measurer: measurer)
            XCTAssertLessThanOrEqual(layout.lastEditCost.linesWrapped, 6)
        }
        // A line break starts a paragraph whose lines need not meet the old ones again: the rest
        // of the paragraph may wrap again, but must come out as a fresh layout's.
        layout.replacing(5_000..<5_000, with: ["\n"], measurer: measurer)
        var expected = text
        expected.insert("\n", at: 5_000)
        let fresh = TextLayout(characters: expected, font: FontSpec(pixelSize: 16), lineHeight: 24, measurer: measurer, wrapWidth: 400)
        XCTAssertEqual(layout.lines, fresh.lines)
    }

    /// Wrapping resumes from a line start before the edit and stops where the old lines resume:
    /// random edits (words, spaces, line breaks, long words broken between graphemes, zero-width
    /// clusters) of long paragraphs at narrow widths must give a fresh layout's lines.
    func testIncrementalWrappingMatchesAFreshLayout() {
        var random = SeededGenerator(seed: 41)
        let pieces: [[Character]] = [["a"], ["b", "b"], [" "], [" ", " "], ["\n"], ["é"], Array("supercalifragilistic"), ["\u{200B}"],
                                     Array("word "), ["\u{00A0}"]]
        let measurer = ShapingLikeMeasurer()
        for width in [24.0, 57.0, 120.0] {
            var text = Array(longText(paragraphs: 3, paragraphLength: 200))
            var layout = TextLayout(characters: text, font: FontSpec(pixelSize: 16), lineHeight: 24, measurer: measurer, wrapWidth: width)
            for _ in 0..<300 {
                let lower = Int.random(in: 0...text.count, using: &random)
                let upper = Int.random(in: lower...min(text.count, lower + Int.random(in: 0...12, using: &random)), using: &random)
                let insert = (0..<Int.random(in: 0...3, using: &random)).flatMap { _ in pieces.randomElement(using: &random)! }
                text.replaceSubrange(lower..<upper, with: insert)
                layout.replacing(lower..<upper, with: insert[...], measurer: measurer)
                let fresh = TextLayout(characters: text, font: FontSpec(pixelSize: 16), lineHeight: 24, measurer: measurer, wrapWidth: width)
                XCTAssertEqual(layout.lines, fresh.lines, "width \(width), after replacing \(lower)..<\(upper) with \(String(insert).debugDescription)")
                XCTAssertEqual(layout.caretStops, fresh.caretStops)
                if layout.lines != fresh.lines { return }
            }
        }
    }

    /// Counts the clusters whose levels the layout asks for.
    private final class ResolveCountingMeasurer: ShapingLikeMeasurer {
        var resolved = 0
        override func bidiLevels(of paragraph: Substring, base: WritingDirection) -> [UInt8] {
            resolved += paragraph.count
            return super.bidiLevels(of: paragraph, base: base)
        }
    }

    /// A letter, a space, a digit or a deletion in a long single line of Hebrew, Arabic and Latin
    /// resolves the levels of the text between the letters around it, not of the whole line.
    func testAKeystrokeInALongMixedLineResolvesLevelsAroundItOnly() {
        let words = ["שלום", "עולם", "hello", "world", "مرحبا", "بالعالم", "42", "3.5"]
        let text = Array((0..<4_000).map { words[$0 % words.count] }.joined(separator: " "))
        XCTAssertGreaterThan(text.count, 20_000)
        for direction in WritingDirection.allCases {
            let measurer = ResolveCountingMeasurer()
            var layout = TextLayout(characters: text, font: FontSpec(pixelSize: 16), lineHeight: 24, measurer: measurer, direction: direction)
            var expected = text
            let middle = text.count / 2
            for (range, replacement) in [(middle..<middle, "ש"), (middle..<middle, " "), (middle..<middle, "7"), (middle..<(middle + 1), ""),
                                         (middle..<(middle + 2), "e"), (0..<0, "א"), (layout.count..<layout.count, "ب")] as [(Range<Int>, String)] {
                let upper = min(range.upperBound, expected.count)
                let range = min(range.lowerBound, expected.count)..<upper
                measurer.resolved = 0
                layout.replacing(range, with: Array(replacement)[...], measurer: measurer)
                expected.replaceSubrange(range, with: Array(replacement))
                XCTAssertLessThan(measurer.resolved, 64, "\(direction): \(replacement.debugDescription) at \(range) resolved \(measurer.resolved) clusters")
                XCTAssertLessThan(layout.lastEditCost.clustersResolved, 64)
            }
            let fresh = TextLayout(characters: expected, font: FontSpec(pixelSize: 16), lineHeight: 24, measurer: measurer, direction: direction)
            XCTAssertEqual(layout.levels, fresh.levels)
            XCTAssertEqual(layout.caretStops, fresh.caretStops)
        }
    }

    /// Text with a bracket or an explicit embedding anywhere resolves the edit's whole paragraph:
    /// a pair's level depends on what it encloses, however far apart its brackets stand.
    func testABracketAnywhereMakesAnEditResolveItsWholeParagraph() {
        let measurer = ResolveCountingMeasurer()
        let text = Array("(" + String(repeating: "abc ", count: 200) + "שלום)")
        var layout = TextLayout(characters: text, font: FontSpec(pixelSize: 16), lineHeight: 24, measurer: measurer)
        measurer.resolved = 0
        layout.replacing(400..<400, with: ["א"], measurer: measurer)
        XCTAssertEqual(measurer.resolved, text.count + 1)
        var expected = text
        expected.insert("א", at: 400)
        XCTAssertEqual(layout.levels, TextLayout(characters: expected, font: FontSpec(pixelSize: 16), lineHeight: 24, measurer: measurer).levels)
    }

    /// Random edits of long mixed paragraphs with no bracket or explicit embedding (the edits a
    /// bidi window serves) give the levels and stops of a fresh layout: letters of three scripts,
    /// marks, digits of both kinds, separators and terminators, tabs, spaces, line breaks, RLM.
    func testBidiWindowsMatchAFreshLayout() {
        let pieces = ["ab", "x", "שלום", "א", "בּ", "مرحبا", "ب", " ", "  ", "\t", "12", "٣٤", "1.5", "3,4", "$", "%", "+", "-", ".", "!", ":",
                      "\n", "\u{200F}", "\u{200E}", "a1", "e\u{301}", "\u{200D}"]
        var seed: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(bound))
        }
        let measurer = ResolveCountingMeasurer()
        var windowed = 0
        for direction in WritingDirection.allCases {
            for wrap in [nil, 90.0] as [Double?] {
                var characters = Array((0..<120).map { _ in pieces[next(pieces.count)] }.joined()
                    .map { wrap == nil && $0 == "\n" ? " " : $0 })
                var layout = TextLayout(characters: characters, font: FontSpec(pixelSize: 16), lineHeight: 24, measurer: measurer,
                                        wrapWidth: wrap, direction: direction)
                for step in 0..<400 {
                    let lower = next(characters.count + 1)
                    let upper = min(characters.count, lower + next(4))
                    var replacement = next(3) == 0 ? "" : (0...next(2)).map { _ in pieces[next(pieces.count)] }.joined()
                    if wrap == nil { replacement = String(replacement.map { $0 == "\n" ? " " : $0 }) }
                    // Whole clusters as the model's edits are (a mark typed alone joins the cluster before it).
                    let before = characters
                    characters.replaceSubrange(lower..<upper, with: Array(replacement))
                    characters = Array(String(characters))
                    guard characters.count == before.count - (upper - lower) + Array(replacement).count else {
                        characters = before
                        continue
                    }
                    layout.replacing(lower..<upper, with: Array(replacement)[...], measurer: measurer)
                    var paragraph = lower..<lower
                    while paragraph.lowerBound > 0, !characters[paragraph.lowerBound - 1].isNewline { paragraph = (paragraph.lowerBound - 1)..<paragraph.upperBound }
                    while paragraph.upperBound < characters.count, !characters[paragraph.upperBound].isNewline { paragraph = paragraph.lowerBound..<(paragraph.upperBound + 1) }
                    if layout.lastEditCost.clustersResolved > 0 && layout.lastEditCost.clustersResolved < paragraph.count { windowed += 1 }
                    let fresh = TextLayout(characters: characters, font: FontSpec(pixelSize: 16), lineHeight: 24, measurer: measurer,
                                           wrapWidth: wrap, direction: direction)
                    let context = "\(direction) \(String(describing: wrap)) step \(step): \(lower)..<\(upper) <- \(replacement.debugDescription) in \(String(before).debugDescription)"
                    XCTAssertEqual(layout.levels, fresh.levels, "levels " + context)
                    XCTAssertEqual(layout.caretStops, fresh.caretStops, "stops " + context)
                    XCTAssertEqual(layout.lines, fresh.lines, "lines " + context)
                    if layout.levels != fresh.levels || layout.caretStops != fresh.caretStops || layout.lines != fresh.lines { return }
                }
            }
        }
        XCTAssertGreaterThan(windowed, 800, "the edits were not resolved in windows")
    }
}
