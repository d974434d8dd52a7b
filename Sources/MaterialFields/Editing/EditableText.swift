/// A selection or caret in grapheme-cluster units: `anchor` stays put while `head` moves.
/// A caret is a selection whose anchor equals its head.
public struct TextSelection: Equatable, Sendable {
    public var anchor: Int
    public var head: Int

    public init(anchor: Int, head: Int) { self.anchor = anchor; self.head = head }
    public init(caret: Int) { self.init(anchor: caret, head: caret) }

    public var lowerBound: Int { min(anchor, head) }
    public var upperBound: Int { max(anchor, head) }
    public var isCaret: Bool { anchor == head }
    public var range: Range<Int> { lowerBound..<upperBound }
}

/// Text plus selection, edited in whole grapheme clusters: "e" + U+0301, a ZWJ family and a flag
/// are each one caret step and one deletion.
public struct EditableText: Equatable, Sendable {
    public private(set) var text: String
    public private(set) var selection: TextSelection

    public init(_ text: String = "", caret: Int? = nil) {
        self.text = text
        let count = text.count
        self.selection = TextSelection(caret: min(max(caret ?? count, 0), count))
    }

    /// Length in grapheme clusters, the unit of every offset here.
    public var count: Int { text.count }

    public var selectedText: Substring {
        let range = stringRange(selection.range)
        return text[range]
    }

    // MARK: Selection

    public mutating func select(_ newSelection: TextSelection) {
        let count = self.count
        selection = TextSelection(anchor: min(max(newSelection.anchor, 0), count),
                                  head: min(max(newSelection.head, 0), count))
    }

    public mutating func selectAll() { select(TextSelection(anchor: 0, head: count)) }

    /// Moves the caret one grapheme cluster. Without `extending`, a selection collapses to the
    /// edge in the direction of travel, as in every desktop toolkit.
    public mutating func moveBackward(extending: Bool = false) {
        if !extending && !selection.isCaret {
            select(TextSelection(caret: selection.lowerBound))
        } else {
            moveHead(to: selection.head - 1, extending: extending)
        }
    }

    public mutating func moveForward(extending: Bool = false) {
        if !extending && !selection.isCaret {
            select(TextSelection(caret: selection.upperBound))
        } else {
            moveHead(to: selection.head + 1, extending: extending)
        }
    }

    public mutating func moveToStart(extending: Bool = false) { moveHead(to: 0, extending: extending) }
    public mutating func moveToEnd(extending: Bool = false) { moveHead(to: count, extending: extending) }

    /// Moves the caret one word: to the start of the previous word, or the end of the next one.
    public mutating func moveWordBackward(extending: Bool = false) {
        moveHead(to: wordBoundary(before: selection.head), extending: extending)
    }

    public mutating func moveWordForward(extending: Bool = false) {
        moveHead(to: wordBoundary(after: selection.head), extending: extending)
    }

    private mutating func moveHead(to offset: Int, extending: Bool) {
        let clamped = min(max(offset, 0), count)
        select(extending ? TextSelection(anchor: selection.anchor, head: clamped) : TextSelection(caret: clamped))
    }

    // MARK: Editing

    /// Replaces the selection with `newText` and puts the caret after it.
    public mutating func insert(_ newText: String) {
        let lower = selection.lowerBound
        let range = stringRange(selection.range)
        // Count the inserted clusters in context: a combining mark typed after "e" merges with it.
        let before = text[..<range.lowerBound]
        let after = text[range.upperBound...]
        let combined = String(before) + newText
        text = combined + String(after)
        let caret = combined.count
        selection = TextSelection(caret: min(max(caret, lower), count))
    }

    /// Backspace: deletes the selection, or the grapheme cluster before the caret.
    public mutating func deleteBackward() {
        if selection.isCaret {
            guard selection.head > 0 else { return }
            selection = TextSelection(anchor: selection.head - 1, head: selection.head)
        }
        insert("")
    }

    /// Delete: deletes the selection, or the grapheme cluster after the caret.
    public mutating func deleteForward() {
        if selection.isCaret {
            guard selection.head < count else { return }
            selection = TextSelection(anchor: selection.head, head: selection.head + 1)
        }
        insert("")
    }

    public mutating func deleteWordBackward() {
        if selection.isCaret { selection = TextSelection(anchor: wordBoundary(before: selection.head), head: selection.head) }
        insert("")
    }

    public mutating func deleteWordForward() {
        if selection.isCaret { selection = TextSelection(anchor: selection.head, head: wordBoundary(after: selection.head)) }
        insert("")
    }

    // MARK: Offsets

    private func stringIndex(_ offset: Int) -> String.Index {
        text.index(text.startIndex, offsetBy: min(max(offset, 0), count))
    }

    private func stringRange(_ range: Range<Int>) -> Range<String.Index> {
        let lower = stringIndex(range.lowerBound)
        let upper = text.index(lower, offsetBy: range.count)
        return lower..<upper
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    /// The word containing the cluster at `offset`, or the run of spaces and punctuation there
    /// (what a double click selects).
    public func wordRange(at offset: Int) -> Range<Int> {
        let characters = Array(text)
        guard !characters.isEmpty else { return 0..<0 }
        let index = min(max(offset, 0), characters.count - 1)
        let isWord = Self.isWordCharacter(characters[index])
        var lower = index, upper = index + 1
        while lower > 0, Self.isWordCharacter(characters[lower - 1]) == isWord { lower -= 1 }
        while upper < characters.count, Self.isWordCharacter(characters[upper]) == isWord { upper += 1 }
        return lower..<upper
    }

    private func wordBoundary(before offset: Int) -> Int {
        let characters = Array(text.prefix(offset))
        var index = characters.count
        while index > 0, !Self.isWordCharacter(characters[index - 1]) { index -= 1 }
        while index > 0, Self.isWordCharacter(characters[index - 1]) { index -= 1 }
        return index
    }

    private func wordBoundary(after offset: Int) -> Int {
        let characters = Array(text.dropFirst(offset))
        var index = 0
        while index < characters.count, !Self.isWordCharacter(characters[index]) { index += 1 }
        while index < characters.count, Self.isWordCharacter(characters[index]) { index += 1 }
        return offset + index
    }
}
