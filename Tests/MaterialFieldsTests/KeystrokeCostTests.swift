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
}
