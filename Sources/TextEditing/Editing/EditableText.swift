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
/// The text is kept in a `Rope` (a B-tree of UTF-8 chunks with cluster, byte and line counts at
/// every node), so finding an offset, a line or a cluster and applying an edit cost O(log n) plus
/// what they touch, and a copy of the value (an undo step's, the layout's) shares the text. A
/// secure field keeps its few clusters in an array it overwrites in place instead (see
/// "Overwritable storage"). Commands that change text do not change it here: they return a
/// `TextEdit` for the field's one edit pipeline, which applies it with `apply(_:)`.
public struct EditableText: Equatable, Sendable {
    /// The text of a plain field (empty while `overwritesStorage`).
    package internal(set) var rope = Rope()
    /// A secure field's clusters, edited in place and overwritten when let go (empty otherwise).
    var slots: [Character] = []
    public internal(set) var selection: TextSelection
    /// The styles of the text, one set of attributes per cluster (`count` always equals the
    /// text's): kept by `apply(_:)` through every edit, including the clusters a resegmented
    /// window joins or splits. Plain text has one run of `.none`. A secure field's are always plain.
    public internal(set) var attributeRuns: AttributeRuns
    /// Set for a secure field: every slot and heap copy of the text this value lets go of is
    /// overwritten first (see "Overwritable storage" below).
    package var overwritesStorage = false {
        didSet {
            if overwritesStorage && !oldValue { adoptOverwritableStorage() }
            if !overwritesStorage && oldValue { releaseOverwritableStorage() }
        }
    }

    public init(_ text: String = "", caret: Int? = nil) {
        rope = Rope(text)
        attributeRuns = AttributeRuns(count: rope.count)
        selection = TextSelection(caret: min(max(caret ?? rope.count, 0), rope.count))
    }

    /// Styled text, with the caret at `caret` (nil: at the end). Its clusters as the whole text
    /// segments them (pieces joined with `+` may split a cluster the whole joins), each taking
    /// the styles its first piece had.
    public init(_ text: AttributedText, caret: Int? = nil) {
        let whole = text.segmentedWhole
        rope = Rope(whole.string)
        attributeRuns = whole.attributeRuns
        selection = TextSelection(caret: min(max(caret ?? rope.count, 0), rope.count))
    }

    /// The clusters of `range` (clamped) with their attributes.
    public func attributedText(in range: Range<Int>) -> AttributedText {
        let lower = min(max(range.lowerBound, 0), count), upper = min(max(range.upperBound, lower), count)
        return AttributedText(characters: clusters(in: lower..<upper), runs: attributeRuns.slice(lower..<upper))
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
    public var count: Int { overwritesStorage ? slots.count : rope.count }
    public var isEmpty: Bool { count == 0 }
    public var text: String { overwritesStorage ? String(slots) : rope.string }

    /// Every cluster of the text, made into an array: for short texts and tests. Code that runs on
    /// every edit reads `cluster(at:)`, `clusters(in:)` or the rope, never the whole text.
    public var characters: [Character] {
        if overwritesStorage { return slots }
        Self.arraysMade &+= 1
        return Array(rope)
    }

    /// How many times `characters` made an array of a rope, for tests that pin a path which must
    /// not copy the whole text (one thread: the tests'; nothing reads it in the library).
    nonisolated(unsafe) package static var arraysMade = 0
    /// Replacements longer than this many bytes are kept by an applied edit as clusters of the
    /// text (`AppliedEdit.edit`), not as a string of their own.
    static let longReplacement = 4_096

    /// The cluster at `offset` (0..<count).
    public func cluster(at offset: Int) -> Character { overwritesStorage ? slots[offset] : rope[offset] }

    /// The clusters of `range` (clamped).
    public func clusters(in range: Range<Int>) -> [Character] {
        let lower = min(max(range.lowerBound, 0), count), upper = min(max(range.upperBound, lower), count)
        return overwritesStorage ? Array(slots[lower..<upper]) : rope.characters(in: lower..<upper)
    }

    public func text(in range: Range<Int>) -> String {
        let lower = min(max(range.lowerBound, 0), count), upper = min(max(range.upperBound, lower), count)
        return overwritesStorage ? String(slots[lower..<upper]) : rope.string(in: lower..<upper)
    }

    /// Whether clusters `range` are already exactly `edit`'s replacement (an edit that would
    /// change nothing), read with an early stop: a select-all Backspace reads no cluster.
    package func holdsReplacement(of edit: TextEdit, in range: Range<Int>) -> Bool {
        if overwritesStorage { return slots[range].elementsEqual(edit.replacement) }
        if let replacement = edit.replacementRope {
            return replacement.count == range.count && replacement.elementsEqual(clusters(in: range))
        }
        if range.isEmpty || edit.replacementIsEmpty { return range.isEmpty && edit.replacementIsEmpty }
        var replacement = edit.replacement.makeIterator()
        var same = true
        rope.forEachChunk(in: range) { chunk in
            for character in chunk where replacement.next() != character { same = false; return false }
            return true
        }
        return same && replacement.next() == nil
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
        if !byWord, !overwritesStorage, let kept = Self.clusterAfterBackspace(cluster(at: selection.head - 1)),
           selection.head == count || (kept + String(cluster(at: selection.head))).count == 2 {
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
        var applied = edit
        applied.range = lower..<upper
        let result: AppliedEdit
        let inherited = inheritedAttributes(replacing: lower..<upper)
        let caret: Int
        if overwritesStorage {
            let scratch: Scratch = .overwritten
            var (window, caretOffset, clusters) = resegmented(edit.replacement, lower: lower, upper: upper, using: scratch)
            // Clusters of the field's own, so they can be zeroed when they go; the replaced text
            // is reported as a bullet per grapheme.
            let owned = clusters.map(Self.ownedCopy)
            scratch.release(clusters)
            clusters = owned
            replaceOverwriting(window, with: clusters)
            // A secret holds no styles.
            attributeRuns.replaceSubrange(window, with: AttributeRuns(count: clusters.count))
            applied.attributes = nil
            result = AppliedEdit(edit: applied, replaced: Rope(String(repeating: "\u{2022}", count: upper - lower)),
                                 selectionBefore: before, oldClusters: window, newClusterCount: clusters.count,
                                 replacedAttributes: AttributeRuns(count: upper - lower))
            caret = min(max(window.lowerBound + caretOffset, window.lowerBound), window.lowerBound + clusters.count)
        } else {
            // The old text stays whole in `old` (a copy shares every node): what the edit replaced
            // is a slice of it, no copy of its text.
            let old = rope
            let change = edit.replacementRope.map { rope.replaceSubrange(lower..<upper, with: $0) }
                ?? rope.replaceSubrange(lower..<upper, with: edit.replacement)
            let window = change.window
            let start = window.lowerBound, end = window.upperBound
            // Did the neighbours in the window come out as they went in? A combining mark typed
            // after "e", or a deletion joining two regional indicators, changes a cluster outside
            // the edit.
            let keepsNeighbours = Self.keepsNeighbours(old.characters(in: start..<lower), old.characters(in: upper..<end),
                                                       in: rope, window: start..<(start + change.newCount))
            // The runs of the new window: the neighbours keep theirs, the replacement takes its
            // own (or what it inherits); a joined or split window maps each new cluster to the
            // old or inserted cluster its first scalar came from.
            let windowRuns: AttributeRuns
            if keepsNeighbours {
                let middle = change.newCount - (lower - start) - (end - upper)
                let inserted = Self.fitted(edit.attributes, count: middle, otherwise: inherited)
                applied.attributes = inserted
                if edit.replacementRope == nil, edit.replacementUTF8Count > Self.longReplacement {
                    // A long replacement (a paste) is kept as the new text's own clusters, which
                    // redo puts back sharing their nodes, not as a second copy of its text.
                    applied = TextEdit(range: applied.range, clusters: rope.slice(lower..<(lower + middle)),
                                       selectionAfter: applied.selectionAfter, cause: applied.cause, attributes: inserted)
                }
                windowRuns = AttributeRuns(attributeRuns.slice(start..<lower).pairs + inserted.pairs
                                           + attributeRuns.slice(upper..<end).pairs)
            } else {
                let replacementClusters = Array(edit.replacement)
                let inserted = Self.fitted(edit.attributes, count: replacementClusters.count, otherwise: inherited)
                applied.attributes = inserted
                windowRuns = mappedRuns(of: rope.characters(in: start..<(start + change.newCount)),
                                        from: old.characters(in: start..<lower), at: start, replacementClusters, inserted,
                                        old.characters(in: upper..<end), at: upper)
            }
            result = AppliedEdit(edit: applied, replaced: old.slice(lower..<upper), selectionBefore: before,
                                 oldClusters: window, newClusterCount: change.newCount, joinedNeighbours: !keepsNeighbours,
                                 oldClustersRope: keepsNeighbours ? Rope() : old.slice(start..<end),
                                 replacedAttributes: attributeRuns.slice(lower..<upper),
                                 oldClustersAttributes: keepsNeighbours ? AttributeRuns() : attributeRuns.slice(start..<end))
            attributeRuns.replaceSubrange(window, with: windowRuns)
            caret = change.caret
        }
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
    private func mappedRuns(of clusters: [Character], from left: [Character], at leftStart: Int, _ insertedClusters: [Character],
                            _ inserted: AttributeRuns, _ right: [Character], at rightStart: Int) -> AttributeRuns {
        // Where each source cluster ends, in scalars from the window's start, with its attributes.
        var sources: [(end: Int, attributes: TextAttributes)] = []
        var scalars = 0
        for (index, cluster) in left.enumerated() {
            scalars += cluster.unicodeScalars.count
            sources.append((scalars, attributeRuns.attributes(at: leftStart + index)))
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
        for (index, cluster) in right.enumerated() {
            scalars += cluster.unicodeScalars.count
            sources.append((scalars, attributeRuns.attributes(at: rightStart + index)))
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

    /// Whether the clusters of `window` in `text` begin with the clusters `before` and end with
    /// those `after`, scalar for scalar (the neighbours in a segmentation window came out as they
    /// went in). Reads the neighbours alone, not the window's middle.
    private static func keepsNeighbours(_ before: [Character], _ after: [Character], in text: Rope, window: Range<Int>) -> Bool {
        guard window.count >= before.count + after.count else { return false }
        func same(_ a: [Character], _ b: [Character]) -> Bool {
            a.elementsEqual(b) { $0.unicodeScalars.elementsEqual($1.unicodeScalars) }
        }
        return same(text.characters(in: window.lowerBound..<(window.lowerBound + before.count)), before)
            && same(text.characters(in: (window.upperBound - after.count)..<window.upperBound), after)
    }

    /// The text's length in graphemes after `edit`, found without applying it: only the window
    /// around the edit is segmented, and no copy of the text is made (a secure field's would
    /// hold the secret).
    package func count(afterApplying edit: TextEdit) -> Int {
        let lower = min(max(edit.range.lowerBound, 0), count)
        let upper = min(max(edit.range.upperBound, lower), count)
        guard overwritesStorage else {
            // A copy shares the text: the edit makes new nodes on its two paths only.
            var copy = rope
            let change = edit.replacementRope.map { copy.replaceSubrange(lower..<upper, with: $0) }
                ?? copy.replaceSubrange(lower..<upper, with: edit.replacement)
            return count - change.window.count + change.newCount
        }
        let (window, _, clusters) = resegmented(edit.replacement, lower: lower, upper: upper, using: .overwritten)
        Scratch.overwritten.release(clusters)
        return count - window.count + clusters.count
    }
}
