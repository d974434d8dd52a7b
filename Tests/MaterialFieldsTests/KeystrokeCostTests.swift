import XCTest
@testable import MaterialFields

/// Where an array's elements live: the same address before and after an edit means the edit
/// changed the storage in place instead of copying the whole text.
private func storage<Element>(_ array: [Element]) -> UnsafeRawPointer? {
    array.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
}

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

    func testAnEditChangesTheTextsStorageInPlace() {
        var text = EditableText(longText(paragraphs: 20), caret: 0)
        let before = storage(text.characters)
        // Same length (no growth), in the middle and at both ends, with neighbours in the window.
        for offset in [0, text.count / 2, text.count - 1] {
            text.apply(TextEdit(range: offset..<(offset + 1), replacement: "z", cause: .typing))
            XCTAssertEqual(storage(text.characters), before, "an edit at \(offset) copied the text")
        }
    }

    func testTypingIntoAFieldCopiesNeitherTheTextNorTheLayout() {
        let field = TextField(identifier: "area", style: .filled, kind: .textArea, label: "Message", text: longText(paragraphs: 20))
        field.layOut(width: 400, metrics: MaterialMetrics(), measurer: FakeMeasurer())
        field.focus(at: 0)
        let middle = field.count / 2
        // The layout is made from the model's array and shares it until the first edit.
        field.insert("y", at: 1)
        field.selection = TextSelection(anchor: middle, head: middle + 1)
        let text = storage(field.editor.characters)
        let layoutCharacters = storage(field.textLayout!.characters)
        let stops = storage(field.textLayout!.caretStops)
        // Typed over one cluster: the text keeps its length, so no buffer needs to grow.
        field.insert("z", at: 1)
        XCTAssertEqual(storage(field.editor.characters), text, "the model's text was copied")
        XCTAssertEqual(storage(field.textLayout!.characters), layoutCharacters, "the layout's clusters were copied")
        XCTAssertEqual(storage(field.textLayout!.caretStops), stops, "the layout's stops were copied")
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
}
