// MARK: Words and paragraphs

extension EditableText {
    package static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    /// How many clusters a scan reads from the rope at a time.
    private static let scanPage = 256

    /// The offset a scan backward from `offset` stops at: the first cluster before it for which
    /// `continues` is false stays after it. Reads the text a page at a time.
    private func scanBackward(from offset: Int, while continues: (Character) -> Bool) -> Int {
        var index = offset
        while index > 0 {
            let page = clusters(in: Swift.max(0, index - Self.scanPage)..<index)
            for character in page.reversed() {
                guard continues(character) else { return index }
                index -= 1
            }
        }
        return index
    }

    /// The offset a scan forward from `offset` stops at: the first cluster for which `continues`
    /// is false.
    private func scanForward(from offset: Int, while continues: (Character) -> Bool) -> Int {
        var index = offset
        let end = count
        while index < end {
            let page = clusters(in: index..<Swift.min(end, index + Self.scanPage))
            for character in page {
                guard continues(character) else { return index }
                index += 1
            }
        }
        return index
    }

    /// The word containing the cluster at `offset`, or the run of spaces and punctuation there
    /// (what a double click selects). Neither runs across a line break; a line break alone is
    /// its own range.
    public func wordRange(at offset: Int) -> Range<Int> {
        guard !isEmpty else { return 0..<0 }
        let index = Swift.min(Swift.max(offset, 0), count - 1)
        let character = cluster(at: index)
        guard !character.isNewline else { return index..<(index + 1) }
        let isWord = Self.isWordCharacter(character)
        func continues(_ character: Character) -> Bool { !character.isNewline && Self.isWordCharacter(character) == isWord }
        return scanBackward(from: index, while: continues)..<scanForward(from: index + 1, while: continues)
    }

    /// The paragraph holding `offset`, without its line break (what a triple click selects; the
    /// whole text of a single line). Found from the rope's line counts, not by reading the text.
    public func paragraphRange(at offset: Int) -> Range<Int> {
        let index = Swift.min(Swift.max(offset, 0), count)
        if overwritesStorage {
            return scanBackward(from: index) { !$0.isNewline }..<scanForward(from: index) { !$0.isNewline }
        }
        return rope.lineRange(rope.line(containing: index))
    }

    /// The start of the word before `offset`, skipping spaces and punctuation first; a line break
    /// right before `offset` is a step of its own, as in every editor.
    public func wordBoundary(before offset: Int) -> Int {
        let index = Swift.min(Swift.max(offset, 0), count)
        if index > 0, cluster(at: index - 1).isNewline { return index - 1 }
        let wordEnd = scanBackward(from: index) { !$0.isNewline && !Self.isWordCharacter($0) }
        return scanBackward(from: wordEnd) { Self.isWordCharacter($0) }
    }

    /// The end of the word after `offset`, skipping spaces and punctuation first; a line break
    /// right after `offset` is a step of its own.
    public func wordBoundary(after offset: Int) -> Int {
        let index = Swift.min(Swift.max(offset, 0), count)
        if index < count, cluster(at: index).isNewline { return index + 1 }
        let wordStart = scanForward(from: index) { !$0.isNewline && !Self.isWordCharacter($0) }
        return scanForward(from: wordStart) { Self.isWordCharacter($0) }
    }
}
