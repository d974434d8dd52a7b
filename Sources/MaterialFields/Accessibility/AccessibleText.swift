// The text as an assistive technology reads it, counted its way: clusters (the field's unit)
// against code points (AT-SPI's), and the boundaries its text queries ask for.

/// A field's clusters as an assistive technology may read them: the text, or for a secure field
/// a bullet per cluster (line breaks kept), as `TextField.displayedText` shows it. It holds the
/// editing value (a copy shares the rope; nothing of the text is copied) and reads the clusters a
/// query asks for, one by one or a range at a time. It is held only for the length of one query
/// or event: a secure field's value keeps its one scrubbed buffer, and a copy kept across an edit
/// would make that edit copy it (its old buffer then freed unscrubbed).
struct AccessibleCharacters {
    let text: EditableText
    let isMasked: Bool

    static let bullet: Character = "\u{2022}"

    var count: Int { text.count }

    subscript(index: Int) -> Character {
        let character = text.cluster(at: index)
        return isMasked && !character.isNewline ? Self.bullet : character
    }

    /// The code points cluster `index` counts for: a secure field's bullet (or line break) is one.
    func codePoints(at index: Int) -> Int { isMasked ? 1 : text.cluster(at: index).unicodeScalars.count }

    func codePoints(in range: Range<Int>) -> Int {
        guard !isMasked else { return range.count }
        return text.clusters(in: range).reduce(0) { $0 + $1.unicodeScalars.count }
    }

    /// The clusters of `range` as shown (bullets for a secure field).
    func text(_ range: Range<Int>) -> String {
        guard isMasked else { return text.text(in: range) }
        return String(text.clusters(in: range).map { $0.isNewline ? $0 : Self.bullet })
    }

    func isWordCharacter(_ index: Int) -> Bool { EditableText.isWordCharacter(self[index]) }
}

/// Where cluster boundaries fall in code points: the text's length, and one boundary remembered
/// (the last asked for), so converting near the caret costs what lies between, not the text's
/// length. A conversion starts from whichever is nearest of the text's start, its end and that
/// boundary. Valid for one revision of the text (`FieldEditor.textRevision`); an edit the index
/// is told of keeps it valid, anything else makes it count again. A secure field's offsets are
/// cluster indices (a bullet is one code point).
struct CodePointIndex {
    private(set) var revision: Int?
    private(set) var isMasked = false
    /// The text's length in code points.
    private(set) var length = 0
    private var anchor = (cluster: 0, offset: 0)
    /// How many times the whole text was counted, for tests that count work.
    private(set) var recounts = 0

    /// Counts again unless the index describes this revision of the text, shown this way.
    mutating func validate(revision: Int, characters: AccessibleCharacters) {
        guard revision != self.revision || characters.isMasked != isMasked else { return }
        recounts += 1
        self.revision = revision
        isMasked = characters.isMasked
        length = characters.codePoints(in: 0..<characters.count)
        anchor = (0, 0)
    }

    /// Follows an edit that took the text from the revision before `revision` to it: clusters
    /// `oldClusters` became `newClusterCount` clusters, the text's length changed by `delta` code
    /// points. A remembered boundary before the edit stays, one after it moves with it.
    mutating func follow(oldClusters: Range<Int>, newClusterCount: Int, delta: Int, revision: Int, isMasked: Bool) {
        // Counted at this revision already (a query came first).
        if self.revision == revision, isMasked == self.isMasked { return }
        guard let known = self.revision, known &+ 1 == revision, isMasked == self.isMasked else {
            self.revision = nil
            return
        }
        if anchor.cluster >= oldClusters.upperBound {
            anchor = (anchor.cluster - oldClusters.count + newClusterCount, anchor.offset + delta)
        } else if anchor.cluster > oldClusters.lowerBound {
            anchor = (0, 0)
        }
        length += delta
        self.revision = revision
    }

    /// The code point offset of cluster boundary `cluster` (clamped to the text).
    mutating func offset(ofCluster cluster: Int, in characters: AccessibleCharacters) -> Int {
        let count = characters.count
        let target = min(max(cluster, 0), count)
        if isMasked { return target }
        var (index, offset) = (0, 0)
        if abs(anchor.cluster - target) < target { (index, offset) = anchor }
        if count - target < abs(index - target) { (index, offset) = (count, length) }
        while index < target {
            offset += characters.codePoints(at: index)
            index += 1
        }
        while index > target {
            index -= 1
            offset -= characters.codePoints(at: index)
        }
        anchor = (index, offset)
        return offset
    }

    /// The cluster boundary at code point `offset` (clamped to the text); an offset inside a
    /// cluster gives the cluster's start, or with `roundingUp` its end.
    mutating func cluster(atOffset offset: Int, roundingUp: Bool = false, in characters: AccessibleCharacters) -> Int {
        let count = characters.count
        let target = min(max(offset, 0), length)
        if isMasked { return min(target, count) }
        var (index, position) = (0, 0)
        if abs(anchor.offset - target) < target { (index, position) = anchor }
        if length - target < abs(position - target) { (index, position) = (count, length) }
        if position <= target {
            while index < count, position + characters.codePoints(at: index) <= target {
                position += characters.codePoints(at: index)
                index += 1
            }
        } else {
            while position > target, index > 0 {
                index -= 1
                position -= characters.codePoints(at: index)
            }
        }
        anchor = (index, position)
        return position == target || index >= count || !roundingUp ? index : index + 1
    }
}

/// How a text query's span relates to its offset (ATK's `get_text_at_offset`, `_before_`, `_after_`).
enum SpanRelation { case at, before, after }

/// The boundaries of one `TextBoundary` over a field's clusters, and the spans between them, as
/// ATK documents them and GTK answers (`gtk_pango_get_text_at` and its siblings over Pango's
/// logical attributes), in clusters:
/// - a span at an offset runs from the nearest boundary that may start one at or before it to
///   the nearest that may end one after it: the word at the offset, or before it when it stands
///   between words (`wordStart`), and likewise for sentences, lines and paragraphs; a line's end
///   (`lineEnd`) at the offset itself closes the line it ends, as GTK finds the line;
/// - the span before runs from the boundary before the start of the span at the offset to that
///   start, the span after from its end to the next boundary.
///
/// Words are the editor's (runs of `EditableText.isWordCharacter`, what Ctrl+Left and Right and a
/// double click take), so an assistive technology reads the words the caret moves by. Sentences
/// follow UAX #29's sentence rules in the main (a terminator, closing punctuation and spaces end
/// one, a line break always does; "e.g. this", "3.14" and "U.S.A." do not), and a sentence's
/// end is after its last character that is not a space, as Pango marks it. Lines are the
/// layout's visual lines (a single-line field's one line; a text area not laid out yet has one
/// per paragraph).
struct TextBoundaries {
    let characters: AccessibleCharacters
    let boundary: TextBoundary
    /// The layout's lines, when they describe these clusters.
    let lines: [TextLine]?

    private var count: Int { characters.count }

    init(characters: AccessibleCharacters, boundary: TextBoundary, lines: [TextLine]?) {
        self.characters = characters
        self.boundary = boundary
        self.lines = lines.flatMap { lines in
            guard let last = lines.last, last.clusters.upperBound == characters.count else { return nil }
            return lines
        }
        if boundary == .sentenceStart || boundary == .sentenceEnd {
            sentences = Self.sentences(in: characters)
        }
    }

    /// Sentence starts and ends over the whole text, found once per query (a sentence's ends
    /// depend on what follows its terminator, as far as the next letter).
    private var sentences: (starts: Set<Int>, ends: Set<Int>) = ([], [])

    func span(_ relation: SpanRelation, around cluster: Int) -> Range<Int> {
        let offset = min(max(cluster, 0), count)
        let at = spanAt(offset)
        switch relation {
        case .at:
            return at
        case .before:
            return previous(before: at.lowerBound)..<at.lowerBound
        case .after:
            return at.upperBound..<next(after: at.upperBound)
        }
    }

    private func spanAt(_ offset: Int) -> Range<Int> {
        if boundary == .lineEnd {
            // The line end at or after the offset closes the span: the offset's own line.
            var end = offset
            while end < count, !isBoundary(end) { end += 1 }
            return previous(before: offset)..<end
        }
        var start = offset
        while start > 0, !isBoundary(start) { start -= 1 }
        return start..<next(after: offset)
    }

    /// The nearest boundary before `position` (0 at the latest).
    private func previous(before position: Int) -> Int {
        var start = position - 1
        while start > 0, !isBoundary(start) { start -= 1 }
        return max(start, 0)
    }

    /// The nearest boundary after `position` (the text's end at the latest).
    private func next(after position: Int) -> Int {
        guard position < count else { return count }
        var end = position + 1
        while end < count, !isBoundary(end) { end += 1 }
        return end
    }

    /// Whether `position` is a boundary of this kind: spans start and end at boundaries (and at
    /// the text's ends). A word start both ends the span before it and starts the next; so does
    /// a word end for `wordEnd`, and likewise for the other kinds.
    private func isBoundary(_ position: Int) -> Bool {
        switch boundary {
        case .character: return true
        case .wordStart: return isWordStart(position)
        case .wordEnd: return isWordEnd(position)
        case .sentenceStart: return sentences.starts.contains(position)
        case .sentenceEnd: return sentences.ends.contains(position)
        case .lineStart: return isLineStart(position)
        case .lineEnd: return isLineEnd(position)
        case .paragraph: return isParagraphStart(position)
        }
    }

    // MARK: Words

    private func isWordStart(_ position: Int) -> Bool {
        position < count && characters.isWordCharacter(position) && (position == 0 || !characters.isWordCharacter(position - 1))
    }

    private func isWordEnd(_ position: Int) -> Bool {
        position > 0 && characters.isWordCharacter(position - 1) && (position == count || !characters.isWordCharacter(position))
    }

    // MARK: Lines and paragraphs

    private func isParagraphStart(_ position: Int) -> Bool { position == 0 || characters[position - 1].isNewline }

    private func isLineStart(_ position: Int) -> Bool {
        guard let lines else { return isParagraphStart(position) }
        return lines[lineIndex(of: position, in: lines)].clusters.lowerBound == position
    }

    private func isLineEnd(_ position: Int) -> Bool {
        guard let lines else { return position == count || characters[position].isNewline }
        let index = lineIndex(of: position, in: lines)
        // At a soft break the position ends the line before the one it starts.
        return lines[index].clusters.upperBound == position || (index > 0 && lines[index - 1].clusters.upperBound == position)
    }

    /// The line whose start is the last at or before `position`.
    private func lineIndex(of position: Int, in lines: [TextLine]) -> Int {
        var low = 0, high = lines.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lines[mid].clusters.lowerBound <= position { low = mid } else { high = mid - 1 }
        }
        return low
    }

    // MARK: Sentences

    /// Where sentences start and end: a sentence runs from a break (the text's start, after a
    /// terminator with its closing punctuation and spaces, after a line break) to the next; its
    /// start and end are marked only if it holds something other than spaces, its end after the
    /// last such character.
    static func sentences(in characters: AccessibleCharacters) -> (starts: Set<Int>, ends: Set<Int>) {
        let count = characters.count
        var breaks = [0]
        var index = 0
        while index < count {
            let character = characters[index]
            if character.isNewline {
                index += 1
                breaks.append(index)
                continue
            }
            guard isTerminator(character) else {
                index += 1
                continue
            }
            let first = index
            var end = index
            while end < count, isTerminator(characters[end]) { end += 1 }
            let terminators = end
            let endsWithFullStop = isFullStop(characters[terminators - 1])
            while end < count, isClosing(characters[end]) { end += 1 }
            let closed = end
            while end < count, characters[end].isWhitespace, !characters[end].isNewline { end += 1 }
            index = end
            guard end < count else { break }
            if characters[end].isNewline {
                // The line break belongs to the sentence it ends (UAX #29 SB11).
                index = end + 1
                breaks.append(index)
                continue
            }
            if continuesSentence(characters, terminatorsAt: first..<terminators, closed: closed, next: end,
                                 endsWithFullStop: endsWithFullStop) {
                continue
            }
            breaks.append(end)
        }
        var starts = Set<Int>(), ends = Set<Int>()
        for (number, start) in breaks.enumerated() {
            let end = number + 1 < breaks.count ? breaks[number + 1] : count
            var last = end
            while last > start, characters[last - 1].isWhitespace { last -= 1 }
            guard last > start else { continue }
            starts.insert(start)
            ends.insert(last)
        }
        return (starts, ends)
    }

    /// UAX #29's exceptions: a full stop before a digit ("3.14", SB6), between capitals ("U.S.A.",
    /// SB7) or before a lower-case word ("e.g. this", SB8), and any terminator before a comma,
    /// colon or semicolon or another terminator (SB8a) end no sentence.
    private static func continuesSentence(_ characters: AccessibleCharacters, terminatorsAt terminators: Range<Int>,
                                          closed: Int, next: Int, endsWithFullStop: Bool) -> Bool {
        let following = characters[next]
        if isContinuation(following) || isTerminator(following) { return true }
        guard endsWithFullStop else { return false }
        if next == terminators.upperBound {
            if following.isNumber { return true }
            if terminators.lowerBound > 0, characters[terminators.lowerBound - 1].isUppercase, following.isUppercase { return true }
        }
        var index = next
        while index < characters.count {
            let character = characters[index]
            if character.isLowercase { return true }
            if character.isLetter || character.isNewline || isTerminator(character) { return false }
            index += 1
        }
        return false
    }

    private static func isTerminator(_ character: Character) -> Bool {
        character.unicodeScalars.first?.properties.isSentenceTerminal ?? false
    }

    private static func isFullStop(_ character: Character) -> Bool {
        ["\u{002E}", "\u{2024}", "\u{FE52}", "\u{FF0E}"].contains(character)
    }

    private static func isClosing(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        switch scalar.properties.generalCategory {
        case .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation: return true
        default: return scalar.properties.isQuotationMark
        }
    }

    private static func isContinuation(_ character: Character) -> Bool {
        [",", ";", ":", "-", "\u{2013}", "\u{2014}", "\u{3001}", "\u{060C}", "\u{FF0C}", "\u{FF1A}", "\u{FF1B}", "\u{FF64}"]
            .contains(character)
    }
}
