/// A selection or caret in grapheme-cluster units: `anchor` stays put while `head` moves.
/// A caret is a selection whose anchor equals its head.
public struct TextSelection: Equatable, Sendable, Codable {
    public var anchor: Int
    public var head: Int

    public init(anchor: Int, head: Int) { self.anchor = anchor; self.head = head }
    public init(caret: Int) { self.init(anchor: caret, head: caret) }

    public var lowerBound: Int { min(anchor, head) }
    public var upperBound: Int { max(anchor, head) }
    public var isCaret: Bool { anchor == head }
    public var range: Range<Int> { lowerBound..<upperBound }

    func clamped(to count: Int) -> TextSelection {
        TextSelection(anchor: min(max(anchor, 0), count), head: min(max(head, 0), count))
    }
}

/// Text plus selection, edited in whole grapheme clusters: "e" + U+0301, a ZWJ family and a flag
/// are each one caret step and one deletion.
///
/// The text is kept as an array of `Character`s, so an offset is an index: moving, selecting and
/// editing cost what they touch, not the length of the text. Commands that change text do not
/// change it here: they return a `TextEdit` for the field's one edit pipeline, which applies it
/// with `apply(_:)`.
public struct EditableText: Equatable, Sendable {
    public private(set) var characters: [Character]
    public private(set) var selection: TextSelection
    /// The styles of the text, one set of attributes per cluster (`count` always equals the
    /// text's): kept by `apply(_:)` through every edit, including the clusters a resegmented
    /// window joins or splits. Plain text has one run of `.none`. A secure field's are always plain.
    public private(set) var attributeRuns: AttributeRuns
    /// Set for a secure field: every slot and heap copy of the text this value lets go of is
    /// overwritten first (see "Overwritable storage" below).
    package var overwritesStorage = false {
        didSet { if overwritesStorage && !oldValue { adoptOverwritableStorage() } }
    }

    public init(_ text: String = "", caret: Int? = nil) {
        characters = Array(text)
        attributeRuns = AttributeRuns(count: characters.count)
        selection = TextSelection(caret: min(max(caret ?? characters.count, 0), characters.count))
    }

    /// Styled text, with the caret at `caret` (nil: at the end).
    public init(_ text: AttributedText, caret: Int? = nil) {
        characters = text.characters
        attributeRuns = text.attributeRuns
        selection = TextSelection(caret: min(max(caret ?? characters.count, 0), characters.count))
    }

    /// The clusters of `range` (clamped) with their attributes.
    public func attributedText(in range: Range<Int>) -> AttributedText {
        let lower = min(max(range.lowerBound, 0), count), upper = min(max(range.upperBound, lower), count)
        return AttributedText(characters: Array(characters[lower..<upper]), runs: attributeRuns.slice(lower..<upper))
    }

    /// What text put in place of `range` takes when its edit names no attributes, as
    /// `NSMutableAttributedString` does: the first replaced cluster's, or with nothing replaced the
    /// cluster's before it, or at the start the one after it (`.none` in an empty text).
    public func inheritedAttributes(replacing range: Range<Int>) -> TextAttributes {
        let lower = min(max(range.lowerBound, 0), count)
        guard !attributeRuns.isEmpty else { return .none }
        if !range.isEmpty || lower == 0 { return attributeRuns.attributes(at: lower) }
        return attributeRuns.attributes(at: lower - 1)
    }

    /// Rewrites the attributes of `range` in place, outside the edit pipeline: for a change of the
    /// field's own font or colour, which UIKit applies to the whole text without an undo step.
    package mutating func updateAttributes(in range: Range<Int>, _ transform: (TextAttributes) -> TextAttributes) {
        attributeRuns.update(range, transform)
    }

    /// Length in grapheme clusters, the unit of every offset here.
    public var count: Int { characters.count }
    public var isEmpty: Bool { characters.isEmpty }
    public var text: String { String(characters) }

    public func text(in range: Range<Int>) -> String {
        let lower = min(max(range.lowerBound, 0), count), upper = min(max(range.upperBound, lower), count)
        return String(characters[lower..<upper])
    }

    public var selectedText: String { text(in: selection.range) }

    // MARK: Selection

    public mutating func select(_ newSelection: TextSelection) { selection = newSelection.clamped(to: count) }


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

    public mutating func moveHead(to offset: Int, extending: Bool) {
        let clamped = min(max(offset, 0), count)
        select(extending ? TextSelection(anchor: selection.anchor, head: clamped) : TextSelection(caret: clamped))
    }

    // MARK: Edits (computed, not applied)

    /// Replaces the selection with `newText`.
    public func insertion(_ newText: String, cause: EditCause) -> TextEdit {
        TextEdit(range: selection.range, replacement: newText, cause: cause)
    }

    /// Backspace: the selection, or the grapheme cluster before the caret (or its last character,
    /// see `clusterAfterBackspace`). Nil when there is nothing to delete.
    public func backwardDeletion(byWord: Bool = false) -> TextEdit? {
        let cause: EditCause = byWord ? .deleteWordBackward : .deleteBackward
        if !selection.isCaret { return TextEdit(range: selection.range, replacement: "", cause: cause) }
        guard selection.head > 0 else { return nil }
        // A secure field's bullet stands for the whole letter; and what is left of a cluster must
        // not join the one after it (क् before त would take it in), so then the cluster goes whole.
        if !byWord, !overwritesStorage, let kept = Self.clusterAfterBackspace(characters[selection.head - 1]),
           selection.head == count || (kept + String(characters[selection.head])).count == 2 {
            return TextEdit(range: (selection.head - 1)..<selection.head, replacement: kept, cause: cause)
        }
        let start = byWord ? wordBoundary(before: selection.head) : selection.head - 1
        return TextEdit(range: start..<selection.head, replacement: "", cause: cause)
    }

    /// What Backspace leaves of a cluster typed a character at a time: in Arabic, Hebrew, the
    /// Indic scripts, Thai, Lao, Tibetan, Myanmar and Khmer the last character goes (a vowel
    /// sign, a mark, a virama and what follows it), as GTK does (Pango's "backspace deletes
    /// character"); nil for any other cluster, which goes whole (an emoji sequence, é).
    public static func clusterAfterBackspace(_ cluster: Character) -> String? {
        let scalars = cluster.unicodeScalars
        guard scalars.count > 1, let base = scalars.first else { return nil }
        switch base.value {
        case 0x0590...0x08FF, 0x0900...0x0DFF, 0x0E00...0x0FFF, 0x1000...0x109F, 0x1780...0x17FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFE:
            var kept = String.UnicodeScalarView()
            kept.append(contentsOf: scalars.dropLast())
            return String(kept)
        default:
            return nil
        }
    }

    /// Delete: the selection, or the grapheme cluster after the caret.
    public func forwardDeletion(byWord: Bool = false) -> TextEdit? {
        let cause: EditCause = byWord ? .deleteWordForward : .deleteForward
        if !selection.isCaret { return TextEdit(range: selection.range, replacement: "", cause: cause) }
        guard selection.head < count else { return nil }
        let end = byWord ? wordBoundary(after: selection.head) : selection.head + 1
        return TextEdit(range: selection.head..<end, replacement: "", cause: cause)
    }

    /// Replaces everything.
    public func replacingAll(with newText: String, cause: EditCause) -> TextEdit {
        TextEdit(range: 0..<count, replacement: newText, cause: cause)
    }

    // MARK: Applying

    /// Applies `edit`. The clusters around it are segmented again, so a combining mark typed after
    /// "e" becomes part of it and deleting what stood between two regional indicators joins them
    /// into a flag, exactly as Swift's `String` would segment the whole text.
    @discardableResult
    public mutating func apply(_ edit: TextEdit) -> AppliedEdit {
        let lower = min(max(edit.range.lowerBound, 0), count)
        let upper = min(max(edit.range.upperBound, lower), count)
        let before = selection
        let scratch: Scratch = overwritesStorage ? .overwritten : .plain
        var (window, caretOffset, clusters) = resegmented(edit.replacement, lower: lower, upper: upper, using: scratch)
        let start = window.lowerBound, end = window.upperBound
        var applied = edit
        applied.range = lower..<upper
        let result: AppliedEdit
        let inherited = inheritedAttributes(replacing: lower..<upper)
        if overwritesStorage {
            // Clusters of the field's own, so they can be zeroed when they go; the replaced text
            // is reported as a bullet per grapheme.
            let owned = clusters.map(Self.ownedCopy)
            scratch.release(clusters)
            clusters = owned
            replaceOverwriting(window, with: clusters)
            // A secret holds no styles.
            attributeRuns.replaceSubrange(window, with: AttributeRuns(count: clusters.count))
            applied.attributes = nil
            result = AppliedEdit(edit: applied, replacedText: String(repeating: "\u{2022}", count: upper - lower),
                                 selectionBefore: before, oldClusters: window, newClusterCount: clusters.count,
                                 replacedAttributes: AttributeRuns(count: upper - lower))
        } else {
            // Did the neighbours in the window come out as they went in? A combining mark typed
            // after "e", or a deletion joining two regional indicators, changes a cluster outside
            // the edit.
            // Read by index: a slice of `characters` still alive at `replaceSubrange` would make
            // the storage shared, and the edit would copy the whole text.
            let keepsNeighbours = keepsNeighbours(start..<lower, upper..<end, in: clusters)
            // The runs of the new window: the neighbours keep theirs, the replacement takes its
            // own (or what it inherits); a joined or split window maps each new cluster to the
            // old or inserted cluster its first scalar came from.
            let windowRuns: AttributeRuns
            if keepsNeighbours {
                let middle = clusters.count - (lower - start) - (end - upper)
                let inserted = Self.fitted(edit.attributes, count: middle, otherwise: inherited)
                applied.attributes = inserted
                windowRuns = AttributeRuns(attributeRuns.slice(start..<lower).pairs + inserted.pairs
                                           + attributeRuns.slice(upper..<end).pairs)
            } else {
                let replacementClusters = Array(edit.replacement)
                let inserted = Self.fitted(edit.attributes, count: replacementClusters.count, otherwise: inherited)
                applied.attributes = inserted
                windowRuns = mappedRuns(of: clusters, from: start..<lower, replacementClusters, inserted, upper..<end)
            }
            result = AppliedEdit(edit: applied, replacedText: String(characters[lower..<upper]), selectionBefore: before,
                                 oldClusters: window, newClusterCount: clusters.count, joinedNeighbours: !keepsNeighbours,
                                 oldClustersText: keepsNeighbours ? "" : String(characters[start..<end]),
                                 replacedAttributes: attributeRuns.slice(lower..<upper),
                                 oldClustersAttributes: keepsNeighbours ? AttributeRuns() : attributeRuns.slice(start..<end))
            characters.replaceSubrange(window, with: clusters)
            attributeRuns.replaceSubrange(window, with: windowRuns)
        }
        let caret = min(max(start + caretOffset, start), start + clusters.count)
        selection = (edit.selectionAfter ?? TextSelection(caret: caret)).clamped(to: count)
        return result
    }

    /// `runs` made to cover exactly `count` clusters: cut, or lengthened with their last run's
    /// attributes; nil (or empty runs) is `count` clusters of `otherwise`.
    package static func fitted(_ runs: AttributeRuns?, count: Int, otherwise: TextAttributes) -> AttributeRuns {
        guard let runs, !runs.isEmpty else { return AttributeRuns(count: count, attributes: otherwise) }
        let total = runs.count
        if total == count { return runs }
        if total > count { return runs.slice(0..<count) }
        var result = runs
        result.append(count - total, runs.attributes(at: total - 1))
        return result
    }

    /// The runs of `clusters`, a window segmented again, from the clusters it was made of: the old
    /// ones in `left` and `right` and the `inserted` ones between them. Each new cluster takes the
    /// attributes of the cluster its first scalar came from (a mark joining "e" takes "e"'s).
    private func mappedRuns(of clusters: [Character], from left: Range<Int>, _ insertedClusters: [Character],
                            _ inserted: AttributeRuns, _ right: Range<Int>) -> AttributeRuns {
        // Where each source cluster ends, in scalars from the window's start, with its attributes.
        var sources: [(end: Int, attributes: TextAttributes)] = []
        var scalars = 0
        for index in left {
            scalars += characters[index].unicodeScalars.count
            sources.append((scalars, attributeRuns.attributes(at: index)))
        }
        var position = 0
        for run in inserted.runs {
            for _ in run.range {
                guard position < insertedClusters.count else { break }
                scalars += insertedClusters[position].unicodeScalars.count
                sources.append((scalars, run.attributes))
                position += 1
            }
        }
        for index in right {
            scalars += characters[index].unicodeScalars.count
            sources.append((scalars, attributeRuns.attributes(at: index)))
        }
        var result = AttributeRuns()
        var offset = 0, source = 0
        for cluster in clusters {
            while source < sources.count - 1 && sources[source].end <= offset { source += 1 }
            result.append(1, sources.isEmpty ? .none : sources[source].attributes)
            offset += cluster.unicodeScalars.count
        }
        return result
    }

    /// Whether `clusters` begin with the clusters `before` and end with those `after`, scalar
    /// for scalar (the neighbours in a segmentation window came out as they went in).
    private func keepsNeighbours(_ before: Range<Int>, _ after: Range<Int>, in clusters: [Character]) -> Bool {
        guard clusters.count >= before.count + after.count else { return false }
        func same(_ a: Character, _ b: Character) -> Bool { a.unicodeScalars.elementsEqual(b.unicodeScalars) }
        for (offset, index) in before.enumerated() where !same(clusters[offset], characters[index]) { return false }
        let tail = clusters.count - after.count
        for (offset, index) in after.enumerated() where !same(clusters[tail + offset], characters[index]) { return false }
        return true
    }

    /// The text's length in graphemes after `edit`, found without applying it: only the window
    /// around the edit is segmented, and no copy of the text is made (a secure field's would
    /// hold the secret).
    package func count(afterApplying edit: TextEdit) -> Int {
        let lower = min(max(edit.range.lowerBound, 0), count)
        let upper = min(max(edit.range.upperBound, lower), count)
        let scratch: Scratch = overwritesStorage ? .overwritten : .plain
        let (window, _, clusters) = resegmented(edit.replacement, lower: lower, upper: upper, using: scratch)
        scratch.release(clusters)
        return count - window.count + clusters.count
    }

    /// How the temporaries that hold text while a window is segmented are made and let go of:
    /// plain strings, or, for a secure field, strings in storage made here that are zeroed before
    /// they are released.
    private enum Scratch {
        case plain, overwritten

        func string(_ head: ArraySlice<Character>, _ middle: String, _ tail: ArraySlice<Character>) -> String {
            switch self {
            case .plain: return String(head) + middle + String(tail)
            case .overwritten: return EditableText.ownedString(head, middle, tail)
            }
        }

        func release(_ text: inout String) {
            if case .overwritten = self { EditableText.scrub(&text) }
        }

        func release(_ clusters: [Character]) {
            if case .overwritten = self { clusters.forEach(EditableText.scrub) }
        }
    }

    /// The whole clusters around `lower..<upper` that segmenting again may change. Runs of
    /// regional indicators pair up from their start, so the window takes such a run whole; emoji
    /// sequences (ZWJ joins) read context to their left, so the window also takes the
    /// pictographic clusters before it, which is how Swift segments the whole string.
    private func segmentationWindow(lower: Int, upper: Int) -> Range<Int> {
        var start = lower, end = upper
        if start > 0 { start -= 1 }
        while start > 0, Self.isRegionalIndicator(characters[start]), Self.isRegionalIndicator(characters[start - 1]) { start -= 1 }
        var lookBehind = 0
        while start > 0, lookBehind < 64, Self.isPictographic(characters[start - 1]) {
            start -= 1
            lookBehind += 1
        }
        if end < count { end += 1 }
        while end < count, Self.isRegionalIndicator(characters[end - 1]), Self.isRegionalIndicator(characters[end]) { end += 1 }
        return start..<end
    }

    /// What the text around the edit becomes: the window of old clusters it replaces, the caret's
    /// offset after the replacement within it, and the new clusters (the window's neighbours and
    /// `replacement`, segmented together).
    private func resegmented(_ replacement: String, lower: Int, upper: Int,
                             using scratch: Scratch) -> (window: Range<Int>, caretOffset: Int, clusters: [Character]) {
        if case .plain = scratch,
           let clusters = Self.clustersStandingAlone(replacement, after: lower > 0 ? characters[lower - 1] : nil,
                                                     before: upper < count ? characters[upper] : nil) {
            return (lower..<upper, clusters.count, clusters)
        }
        let window = segmentationWindow(lower: lower, upper: upper)
        let start = window.lowerBound
        var end = window.upperBound
        var leading = scratch.string(characters[start..<lower], replacement, characters[lower..<lower])
        let caretOffset = leading.count
        scratch.release(&leading)
        var joined = scratch.string(characters[start..<lower], replacement, characters[upper..<end])
        var clusters = Array(joined)
        // The cluster after the window must still stand alone: a ZWJ or a regional indicator left
        // at the window's end can join it, so take it in and segment again until one does.
        while end < count, end - start < 256 {
            let next = characters[end]
            var pair = scratch.string(characters[end..<end], clusters.last.map(String.init) ?? "", characters[end...end])
            let pairClusters = Array(pair)
            let standsAlone = pairClusters.count == 2 && pairClusters[1] == next
            scratch.release(pairClusters)
            scratch.release(&pair)
            if standsAlone { break }
            scratch.release(clusters)
            scratch.release(&joined)
            joined = scratch.string(characters[start..<lower], replacement, characters[upper...end])
            clusters = Array(joined)
            end += 1
        }
        scratch.release(&joined)
        return (start..<end, caretOffset, clusters)
    }

    /// The clusters of a long replacement, segmented once on its own, when that is how the whole
    /// text would segment them: the window path segments the replacement twice and copies it
    /// into new strings, which for a pasted 10 MB costs seconds. That holds when the
    /// replacement starts and ends with a scalar that carries no context across clusters (not a
    /// regional indicator, whose pairing counts from the start of a run, and not an emoji, which
    /// ZWJ sequences join) and each neighbour still stands apart from the cluster it meets: every
    /// other grapheme-break rule looks only at the two clusters either side of the break.
    private static func clustersStandingAlone(_ replacement: String, after left: Character?, before right: Character?) -> [Character]? {
        guard replacement.utf8.count >= 1024,
              let first = replacement.unicodeScalars.first, let last = replacement.unicodeScalars.last,
              !carriesContext(first), !carriesContext(last) else { return nil }
        let clusters = Array(replacement)
        func apart(_ a: Character, _ b: Character) -> Bool {
            var pair = String(a)
            pair.append(b)
            return pair.count == 2
        }
        if let left, let head = clusters.first, !apart(left, head) { return nil }
        if let right, let tail = clusters.last, !apart(tail, right) { return nil }
        return clusters
    }

    private static func carriesContext(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value) || scalar.value == 0x200D || (scalar.value > 0x7F && scalar.properties.isEmoji)
    }

    private static func isPictographic(_ character: Character) -> Bool {
        character.unicodeScalars.contains { $0.value > 0x7F && $0.properties.isEmoji }
    }

    private static func isRegionalIndicator(_ character: Character) -> Bool {
        character.unicodeScalars.first.map { (0x1F1E6...0x1F1FF).contains($0.value) } ?? false
    }

    // MARK: Words

    package static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    /// The word containing the cluster at `offset`, or the run of spaces and punctuation there
    /// (what a double click selects). Neither runs across a line break; a line break alone is
    /// its own range.
    public func wordRange(at offset: Int) -> Range<Int> {
        guard !characters.isEmpty else { return 0..<0 }
        let index = min(max(offset, 0), characters.count - 1)
        guard !characters[index].isNewline else { return index..<(index + 1) }
        let isWord = Self.isWordCharacter(characters[index])
        func continues(_ character: Character) -> Bool { !character.isNewline && Self.isWordCharacter(character) == isWord }
        var lower = index, upper = index + 1
        while lower > 0, continues(characters[lower - 1]) { lower -= 1 }
        while upper < characters.count, continues(characters[upper]) { upper += 1 }
        return lower..<upper
    }

    /// The paragraph holding `offset`, without its line break (what a triple click selects; the
    /// whole text of a single line).
    public func paragraphRange(at offset: Int) -> Range<Int> {
        let index = min(max(offset, 0), count)
        var lower = index, upper = index
        while lower > 0, !characters[lower - 1].isNewline { lower -= 1 }
        while upper < count, !characters[upper].isNewline { upper += 1 }
        return lower..<upper
    }

    /// The start of the word before `offset`, skipping spaces and punctuation first; a line break
    /// right before `offset` is a step of its own, as in every editor.
    public func wordBoundary(before offset: Int) -> Int {
        var index = min(max(offset, 0), count)
        if index > 0, characters[index - 1].isNewline { return index - 1 }
        while index > 0, !characters[index - 1].isNewline, !Self.isWordCharacter(characters[index - 1]) { index -= 1 }
        while index > 0, Self.isWordCharacter(characters[index - 1]) { index -= 1 }
        return index
    }

    /// The end of the word after `offset`, skipping spaces and punctuation first; a line break
    /// right after `offset` is a step of its own.
    public func wordBoundary(after offset: Int) -> Int {
        var index = min(max(offset, 0), count)
        if index < count, characters[index].isNewline { return index + 1 }
        while index < count, !characters[index].isNewline, !Self.isWordCharacter(characters[index]) { index += 1 }
        while index < count, Self.isWordCharacter(characters[index]) { index += 1 }
        return index
    }

    // MARK: Overwritable storage

    /// What a vacated slot is overwritten with: a one-byte small string (NUL), stored inline.
    private static let blank: Character = "\0"
    /// A Character of up to 15 UTF-8 bytes lives inline in the array's 16-byte slot; a longer
    /// cluster (a ZWJ family, a long run of combining marks) is a pointer to its own heap object.
    private static let inlineLimit = 15

    /// Test hook: sees every byte range just after it was overwritten and before it is released
    /// (array buffers and the heap objects of large clusters).
    package static var overwriteObserver: ((UnsafeRawBufferPointer) -> Void)?

    /// The array's buffer, for tests that check it is edited in place.
    package var storageAddress: UnsafeRawPointer? { characters.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } }

    /// Overwrites every slot of the text and the heap objects of its large clusters, and leaves
    /// the text empty (the buffer is kept: the next text goes where the old one was).
    package mutating func overwriteAll() {
        overwrite(0..<characters.count, scrubbingLargeClusters: true)
        characters.removeAll(keepingCapacity: true)
        attributeRuns = AttributeRuns()
        selection = TextSelection(caret: 0)
    }

    /// Takes the text into storage this value alone owns: a large cluster may share its heap
    /// object with the string it came from (the caller's, or a literal in read-only memory),
    /// which must never be overwritten, so each gets a copy of its own.
    private mutating func adoptOverwritableStorage() {
        guard characters.contains(where: { $0.utf8.count > Self.inlineLimit }) else { return }
        var owned: [Character] = []
        owned.reserveCapacity(characters.capacity)
        for character in characters { owned.append(Self.ownedCopy(character)) }
        // The old slots only pointed at the caller's clusters: blank them, never scrub those.
        overwrite(0..<characters.count, scrubbingLargeClusters: false)
        characters = owned
    }

    /// Replaces `window` with `clusters` in place for a secure field: slots it vacates are blanked,
    /// and an array that must grow is grown by hand, so the old buffer is blanked before it is freed.
    private mutating func replaceOverwriting(_ window: Range<Int>, with clusters: [Character]) {
        let newCount = count - window.count + clusters.count
        overwrite(window, scrubbingLargeClusters: true)
        if newCount > characters.capacity {
            // The clusters themselves move to the new buffer, so their heap objects stay.
            var grown: [Character] = []
            grown.reserveCapacity(max(newCount, 2 * characters.capacity, 16))
            grown.append(contentsOf: characters)
            overwrite(0..<characters.count, scrubbingLargeClusters: false)
            characters = grown
        }
        let oldCount = characters.count
        characters.replaceSubrange(window, with: clusters)
        if characters.count < oldCount {
            // The tail moved down and left stale bytes past the end: blank them too.
            let vacated = oldCount - characters.count
            characters.append(contentsOf: repeatElement(Self.blank, count: vacated))
            characters.removeLast(vacated)
        }
    }

    /// Blanks the slots in `range` in place; with `scrubbingLargeClusters`, first zeroes the heap
    /// objects of the large clusters there (only ever ones made by `ownedCopy`).
    private mutating func overwrite(_ range: Range<Int>, scrubbingLargeClusters: Bool) {
        guard !range.isEmpty else { return }
        characters.withUnsafeMutableBufferPointer { buffer in
            for index in range {
                if scrubbingLargeClusters { Self.scrub(buffer[index]) }
                buffer[index] = Self.blank
            }
            Self.overwriteObserver?(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[
                (range.lowerBound * MemoryLayout<Character>.stride)..<(range.upperBound * MemoryLayout<Character>.stride)]))
        }
    }

    /// A copy of a large cluster in a heap object of its own; a small one is a value already.
    private static func ownedCopy(_ character: Character) -> Character {
        let length = character.utf8.count
        guard length > inlineLimit else { return character }
        return Character(String(unsafeUninitializedCapacity: length) { buffer in
            _ = buffer.initialize(from: character.utf8)
            return length
        })
    }

    /// Text in a heap object made here (when longer than a small string), so it may be scrubbed.
    private static func ownedString(_ head: ArraySlice<Character>, _ middle: String, _ tail: ArraySlice<Character>) -> String {
        let length = head.reduce(0) { $0 + $1.utf8.count } + middle.utf8.count + tail.reduce(0) { $0 + $1.utf8.count }
        return String(unsafeUninitializedCapacity: length) { buffer in
            var index = 0
            func copy<S: Sequence>(_ bytes: S) where S.Element == UInt8 {
                for byte in bytes { buffer[index] = byte; index += 1 }
            }
            for character in head { copy(character.utf8) }
            copy(middle.utf8)
            for character in tail { copy(character.utf8) }
            return index
        }
    }

    /// Zeroes the heap bytes of a string made by `ownedString` or `ownedCopy` (or iterated from
    /// one), which nothing else shares. A small string is a value in registers and slots: the
    /// slot it sits in is what gets blanked.
    private static func scrub(_ text: inout String) {
        guard text.utf8.count > inlineLimit else { return }
        text.withUTF8 { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
            UnsafeMutableRawPointer(mutating: base).initializeMemory(as: UInt8.self, repeating: 0, count: bytes.count)
            overwriteObserver?(UnsafeRawBufferPointer(bytes))
        }
        text = ""
    }

    private static func scrub(_ character: Character) {
        guard character.utf8.count > inlineLimit else { return }
        var text = String(character)
        scrub(&text)
    }
}
