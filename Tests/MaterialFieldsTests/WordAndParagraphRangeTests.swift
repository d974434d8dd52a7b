import XCTest
@testable import MaterialFields

/// Words and paragraphs are read from the rope a page at a time and from its line counts: they
/// must give what scanning the whole array of clusters gives, across pages and chunk edges.
final class WordAndParagraphRangeTests: XCTestCase {
    /// The array-scanning definitions (what `EditableText` did on its `[Character]`).
    private struct Reference {
        let characters: [Character]
        func isWord(_ character: Character) -> Bool { EditableText.isWordCharacter(character) }

        func wordRange(at offset: Int) -> Range<Int> {
            guard !characters.isEmpty else { return 0..<0 }
            let index = min(max(offset, 0), characters.count - 1)
            guard !characters[index].isNewline else { return index..<(index + 1) }
            let kind = isWord(characters[index])
            func continues(_ character: Character) -> Bool { !character.isNewline && isWord(character) == kind }
            var lower = index, upper = index + 1
            while lower > 0, continues(characters[lower - 1]) { lower -= 1 }
            while upper < characters.count, continues(characters[upper]) { upper += 1 }
            return lower..<upper
        }

        func paragraphRange(at offset: Int) -> Range<Int> {
            let index = min(max(offset, 0), characters.count)
            var lower = index, upper = index
            while lower > 0, !characters[lower - 1].isNewline { lower -= 1 }
            while upper < characters.count, !characters[upper].isNewline { upper += 1 }
            return lower..<upper
        }

        func wordBoundary(before offset: Int) -> Int {
            var index = min(max(offset, 0), characters.count)
            if index > 0, characters[index - 1].isNewline { return index - 1 }
            while index > 0, !characters[index - 1].isNewline, !isWord(characters[index - 1]) { index -= 1 }
            while index > 0, isWord(characters[index - 1]) { index -= 1 }
            return index
        }

        func wordBoundary(after offset: Int) -> Int {
            var index = min(max(offset, 0), characters.count)
            if index < characters.count, characters[index].isNewline { return index + 1 }
            while index < characters.count, !characters[index].isNewline, !isWord(characters[index]) { index += 1 }
            while index < characters.count, isWord(characters[index]) { index += 1 }
            return index
        }
    }

    func testWordsAndParagraphsMatchAScanOfEveryCluster() {
        var generator = SeededGenerator(seed: 17)
        // Long words and long runs of punctuation cross the 256-cluster pages and 1 KB chunks.
        let pieces = ["word", " ", ", ", "\n", "\r\n", "\u{2029}", "é", "e\u{301}", "中文", "👨‍👩‍👧", "_", "42",
                      String(repeating: "x", count: 700), String(repeating: "-", count: 300), String(repeating: "ü", count: 400)]
        for round in 0..<8 {
            let text = (0..<Int.random(in: 1...40, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let storage = EditableText(text)
            let reference = Reference(characters: Array(text))
            for _ in 0..<60 {
                let offset = Int.random(in: 0...reference.characters.count, using: &generator)
                let message = "round \(round), offset \(offset) of \(reference.characters.count)"
                XCTAssertEqual(storage.wordRange(at: offset), reference.wordRange(at: offset), message)
                XCTAssertEqual(storage.paragraphRange(at: offset), reference.paragraphRange(at: offset), message)
                XCTAssertEqual(storage.wordBoundary(before: offset), reference.wordBoundary(before: offset), message)
                XCTAssertEqual(storage.wordBoundary(after: offset), reference.wordBoundary(after: offset), message)
            }
        }
    }
}
