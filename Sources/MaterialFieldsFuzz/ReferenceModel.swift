import MaterialFields

/// What the fuzzer believes one field holds, kept with nothing but Swift `String` and `Character`:
/// every text change is worked out here from the rules in ARCHITECTURE.md, never read back from
/// the field, so a field that edits wrongly disagrees with it.
struct ReferenceField {
    let kind: FieldKind
    var characters: [Character]
    var anchor = 0
    var head = 0
    var isFocused = false
    var isEnabled = true
    var maximumLength: Int?
    /// The styles of each cluster, worked out here: an insertion's scalars carry what they were
    /// given (a styled paste's, the typing attributes, else the first replaced cluster's or the
    /// one's before), the kept clusters theirs, and each cluster of the new text takes its first
    /// scalar's (UIKit's rules, ARCHITECTURE's "Styled runs").
    var attributes: [TextAttributes]
    /// What typed text takes while editing; nil while not.
    var typing: TextAttributes?
    /// The field allows Ctrl+B/I/U and keeps a styled paste's styles.
    var allowsStyles = false
    /// The field is secure now: its text has no styles.
    var isSecure = false
    /// Counts changes of text or styles, so the typing attributes can follow them.
    var revision = 0
    /// Hashes of every text and styles the field has held: undo may only go back to one of them.
    var seenTexts: Set<Int> = []
    /// Hashes of the texts and styles undos left behind, newest last: a redo must bring back the newest.
    var redoTexts: [Int] = []

    init(kind: FieldKind, text: String, enabled: Bool, maximumLength: Int?) {
        self.kind = kind
        characters = Array(Self.clean(text, kind: kind))
        attributes = Array(repeating: .none, count: characters.count)
        anchor = characters.count
        head = characters.count
        isEnabled = enabled
        self.maximumLength = maximumLength
        seenTexts.insert(Self.hash(characters, attributes))
    }

    var text: String { String(characters) }
    var lower: Int { min(anchor, head) }
    var upper: Int { max(anchor, head) }
    var isCaret: Bool { anchor == head }
    var selectedText: String { String(characters[lower..<upper]) }

    /// By scalars, not by canonical equivalence as `String ==` compares: "é" and "e" + U+0301 differ.
    static func hash<S: Sequence>(_ characters: S, _ attributes: [TextAttributes]) -> Int where S.Element == Character {
        var hasher = Hasher()
        for character in characters { for scalar in character.unicodeScalars { hasher.combine(scalar.value) } }
        // The styles by where they change (cheaper than hashing every cluster's).
        var previous: TextAttributes?
        for (index, style) in attributes.enumerated() where style != previous {
            hasher.combine(index)
            hasher.combine(style)
            previous = style
        }
        return hasher.finalize()
    }

    /// Whether `runs` style the clusters as the reference does.
    func agrees(with runs: AttributeRuns) -> Bool {
        guard runs.count == attributes.count else { return false }
        var start = 0
        for (length, style) in zip(runs.lengths, runs.values) {
            for index in start..<(start + length) where attributes[index] != style { return false }
            start += length
        }
        return true
    }

    /// The styles as runs, to compare with the field's.
    var runs: AttributeRuns { AttributeRuns(attributes.map { (1, $0) }) }

    /// What text put in place of `range` takes when nothing else says: the first replaced
    /// cluster's styles, or with nothing replaced the one's before (after it at the start).
    func inherited(replacing range: Range<Int>) -> TextAttributes {
        guard !attributes.isEmpty else { return .none }
        let index = range.isEmpty && range.lowerBound > 0 ? range.lowerBound - 1 : range.lowerBound
        return attributes[min(max(index, 0), attributes.count - 1)]
    }

    // MARK: The cleaning rule

    /// A line break becomes a space (text field) or "\n" (text area); tab stays; any other
    /// character holding a control scalar is dropped.
    static func clean(_ text: String, kind: FieldKind) -> String {
        var result = ""
        for character in text {
            if character.isNewline {
                result.append(kind == .textArea ? "\n" : " ")
            } else if character == "\t" {
                result.append(character)
            } else if !character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                result.append(character)
            }
        }
        return result
    }

    // MARK: Words

    static func isWord(_ character: Character) -> Bool { character.isLetter || character.isNumber || character == "_" }

    /// Backward: a line break just before is one step; otherwise skip non-word characters on the
    /// line, then the word.
    func wordStart(before offset: Int) -> Int {
        var index = offset
        if index > 0 && characters[index - 1].isNewline { return index - 1 }
        while index > 0 && !characters[index - 1].isNewline && !Self.isWord(characters[index - 1]) { index -= 1 }
        while index > 0 && Self.isWord(characters[index - 1]) { index -= 1 }
        return index
    }

    func wordEnd(after offset: Int) -> Int {
        var index = offset
        if index < characters.count && characters[index].isNewline { return index + 1 }
        while index < characters.count && !characters[index].isNewline && !Self.isWord(characters[index]) { index += 1 }
        while index < characters.count && Self.isWord(characters[index]) { index += 1 }
        return index
    }

    /// What a double click selects: the run of word characters, or of other characters, around
    /// `offset` on its line; a line break alone; nothing in an empty text.
    func wordRange(at offset: Int) -> Range<Int> {
        guard !characters.isEmpty else { return 0..<0 }
        let index = min(offset, characters.count - 1)
        if characters[index].isNewline { return index..<(index + 1) }
        let kind = Self.isWord(characters[index])
        var lower = index, upper = index + 1
        while lower > 0 && !characters[lower - 1].isNewline && Self.isWord(characters[lower - 1]) == kind { lower -= 1 }
        while upper < characters.count && !characters[upper].isNewline && Self.isWord(characters[upper]) == kind { upper += 1 }
        return lower..<upper
    }

    /// What a triple click selects: the line's text between line breaks.
    func paragraphRange(at offset: Int) -> Range<Int> {
        var lower = offset, upper = offset
        while lower > 0 && !characters[lower - 1].isNewline { lower -= 1 }
        while upper < characters.count && !characters[upper].isNewline { upper += 1 }
        return lower..<upper
    }

    // MARK: Selection

    mutating func moveHead(to offset: Int, extending: Bool) {
        head = min(max(offset, 0), characters.count)
        if !extending { anchor = head }
    }

    mutating func select(anchor newAnchor: Int, head newHead: Int) {
        anchor = min(max(newAnchor, 0), characters.count)
        head = min(max(newHead, 0), characters.count)
    }

    // MARK: Edits

    /// A user edit (typing, paste, delete, cut, clear): clean, cut to the maximum length at a
    /// grapheme boundary, refuse typing that nothing is left of, apply. Returns whether the text changed.
    /// `inserts`: text typed, pasted or committed (it takes the typing attributes); `styles`:
    /// a styled paste's, one per scalar of `raw`, in a field that keeps them.
    @discardableResult
    mutating func userEdit(_ range: Range<Int>, _ raw: String, inserts: Bool = true, styles: [TextAttributes]? = nil) -> Bool {
        var replacement = Self.clean(raw, kind: kind)
        if let maximumLength {
            replacement = longestFittingPrefix(of: replacement, replacing: range, limit: max(0, maximumLength))
        }
        if replacement.isEmpty && !raw.isEmpty { return false }
        var scalarStyles: [TextAttributes]?
        if isSecure {
            scalarStyles = nil
        } else if let styles {
            // The styles of the scalars kept by the cleaning and the cut.
            scalarStyles = Self.cleanedStyles(raw, styles, kind: kind, keeping: replacement.unicodeScalars.count)
        } else if inserts, let typing {
            scalarStyles = Array(repeating: typing, count: replacement.unicodeScalars.count)
        }
        return replace(range, with: replacement, scalarStyles: scalarStyles)
    }

    /// `text = ...`: cleaned, never cut, plain.
    @discardableResult
    mutating func programmaticEdit(_ raw: String) -> Bool {
        let replacement = Self.clean(raw, kind: kind)
        return replace(0..<characters.count, with: replacement,
                       scalarStyles: Array(repeating: .none, count: replacement.unicodeScalars.count))
    }

    /// The styles of the scalars `clean` keeps of `raw` (a line break becomes one scalar), the
    /// first `count` of them.
    static func cleanedStyles(_ raw: String, _ styles: [TextAttributes], kind: FieldKind, keeping count: Int) -> [TextAttributes] {
        var result: [TextAttributes] = []
        var offset = 0
        for character in raw {
            let style = offset < styles.count ? styles[offset] : (styles.last ?? .none)
            offset += character.unicodeScalars.count
            let kept = clean(String(character), kind: kind)
            result.append(contentsOf: repeatElement(style, count: kept.unicodeScalars.count))
        }
        return Array(result.prefix(count))
    }

    /// Ctrl+B, Ctrl+I or Ctrl+U: on a selection, the style on every cluster unless all have it,
    /// then off all (an edit of styles alone); at a caret, in the typing attributes.
    mutating func toggle(_ key: Character) {
        func has(_ attributes: TextAttributes) -> Bool {
            switch key {
            case "b": return (attributes.fontWeight?.rawValue ?? 400) >= 600
            case "i": return attributes.isItalic == true
            default: return attributes.underlineStyle != nil
            }
        }
        func setting(_ on: Bool, _ attributes: TextAttributes) -> TextAttributes {
            var result = attributes
            switch key {
            case "b": result.fontWeight = on ? .bold : nil
            case "i": result.isItalic = on ? true : nil
            default: result.underlineStyle = on ? .single : nil
            }
            return result
        }
        if isCaret {
            let current = typing ?? inherited(replacing: lower..<upper)
            typing = setting(!has(current), current)
            return
        }
        let on = !attributes[lower..<upper].allSatisfy(has)
        for index in lower..<upper { attributes[index] = setting(on, attributes[index]) }
        textChanged()
    }

    /// The longest start of `replacement` (whole graphemes of it) with which the whole text stays
    /// within `limit` graphemes.
    private func longestFittingPrefix(of replacement: String, replacing range: Range<Int>, limit: Int) -> String {
        let before = String(characters[..<range.lowerBound]), after = String(characters[range.upperBound...])
        let pieces = Array(replacement)
        func fits(_ count: Int) -> Bool { (before + String(pieces.prefix(count)) + after).count <= limit }
        if fits(pieces.count) { return replacement }
        // Each grapheme of the replacement adds at least one to the result, except that its first
        // may join the text before it and its last the text after: none beyond room + 2 can fit.
        let room = limit - (characters.count - range.count)
        var count = max(0, min(pieces.count - 1, room + 2))
        while count > 0 && !fits(count) { count -= 1 }
        return String(pieces.prefix(count))
    }

    /// Replaces `range` and puts the caret after the replacement, as Swift segments the new
    /// string; replacing text with equal text and no other styles changes nothing (not even the
    /// selection). `scalarStyles`: one per scalar of `replacement`; nil, what it inherits.
    private mutating func replace(_ range: Range<Int>, with replacement: String, scalarStyles: [TextAttributes]?) -> Bool {
        let replacementClusters = Array(replacement)
        // The styles of the replacement's clusters, each its first scalar's.
        var clusterStyles: [TextAttributes]?
        if let scalarStyles {
            var offset = 0
            clusterStyles = replacementClusters.map { cluster in
                defer { offset += cluster.unicodeScalars.count }
                return offset < scalarStyles.count ? scalarStyles[offset] : .none
            }
        }
        if String(characters[range]) == replacement {
            guard let clusterStyles else { return false }
            let old = Array(attributes[range])
            let fitted = old.indices.map { $0 < clusterStyles.count ? clusterStyles[$0] : (clusterStyles.last ?? .none) }
            if fitted == old { return false }
        }
        let inserted = scalarStyles ?? Array(repeating: inherited(replacing: range), count: replacement.unicodeScalars.count)
        var scalars: [TextAttributes] = []
        scalars.reserveCapacity(characters.count + inserted.count)
        for index in 0..<range.lowerBound {
            scalars.append(contentsOf: repeatElement(attributes[index], count: characters[index].unicodeScalars.count))
        }
        scalars += inserted
        for index in range.upperBound..<characters.count {
            scalars.append(contentsOf: repeatElement(attributes[index], count: characters[index].unicodeScalars.count))
        }
        let before = String(characters[..<range.lowerBound])
        let newCharacters = Array(before + replacement + String(characters[range.upperBound...]))
        let caret = min((before + replacement).count, newCharacters.count)
        var newAttributes: [TextAttributes] = []
        newAttributes.reserveCapacity(newCharacters.count)
        var offset = 0
        for cluster in newCharacters {
            newAttributes.append(isSecure || offset >= scalars.count ? .none : scalars[offset])
            offset += cluster.unicodeScalars.count
        }
        characters = newCharacters
        attributes = newAttributes
        anchor = caret
        head = caret
        textChanged()
        return true
    }

    mutating func textChanged() {
        revision += 1
        seenTexts.insert(Self.hash(characters, attributes))
        redoTexts.removeAll()
    }

    /// The range Backspace or Delete removes, or nil when there is nothing.
    /// What a delete key replaces, and with what: Backspace in a cluster of the scripts typed a
    /// character at a time (Arabic, Hebrew, Indic, ...) leaves the cluster less its last scalar,
    /// unless the field is secure or what is left would join the next cluster.
    func deletion(forward: Bool, byWord: Bool, secure: Bool = false) -> (range: Range<Int>, replacement: String)? {
        if !isCaret { return (lower..<upper, "") }
        if forward {
            guard head < characters.count else { return nil }
            return (head..<(byWord ? wordEnd(after: head) : head + 1), "")
        }
        guard head > 0 else { return nil }
        if !byWord, !secure, let scalars = Optional(characters[head - 1].unicodeScalars), scalars.count > 1,
           let base = scalars.first, Self.deletesByCharacter(base) {
            var kept = String.UnicodeScalarView()
            kept.append(contentsOf: scalars.dropLast())
            if head == characters.count || (String(kept) + String(characters[head])).count == 2 {
                return ((head - 1)..<head, String(kept))
            }
        }
        return ((byWord ? wordStart(before: head) : head - 1)..<head, "")
    }

    /// The scripts whose clusters Backspace takes apart, written out apart from the model's list.
    private static func deletesByCharacter(_ base: Unicode.Scalar) -> Bool {
        let ranges: [ClosedRange<UInt32>] = [0x0590...0x08FF, 0x0900...0x0DFF, 0x0E00...0x0FFF, 0x1000...0x109F,
                                             0x1780...0x17FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFE]
        return ranges.contains { $0.contains(base.value) }
    }
}
