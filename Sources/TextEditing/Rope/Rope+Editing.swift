/// What `Rope.replaceSubrange` changed: clusters `window` of the old text became `newCount`
/// clusters from the same offset (wider than the edit's range when it joined or split a neighbour:
/// a combining mark typed after "e", two regional indicators made a flag); the replacement ends
/// at cluster `caret` of the new text.
public struct RopeReplacement: Equatable, Sendable {
    public var window: Range<Int>
    public var newCount: Int
    public var caret: Int

    public init(window: Range<Int>, newCount: Int, caret: Int) {
        self.window = window
        self.newCount = newCount
        self.caret = caret
    }
}

extension Rope {
    /// Replaces clusters `range` (clamped) with `replacement`, segmenting again the clusters around
    /// it that the change may join or split, so the result is always what `Array(String)` makes
    /// of the whole new text. Costs O(log n) plus the replacement and the window around it.
    @discardableResult
    public mutating func replaceSubrange(_ range: Range<Int>, with replacement: String) -> RopeReplacement {
        let lower = Swift.min(Swift.max(range.lowerBound, 0), count), upper = Swift.min(Swift.max(range.upperBound, lower), count)
        let window = segmentationWindow(lower: lower, upper: upper)
        let start = window.lowerBound
        var end = window.upperBound
        var joined = string(in: start..<lower)
        let caretBytes = joined.utf8.count + replacement.utf8.count
        joined += replacement
        joined += string(in: upper..<end)
        // The cluster after the window must still stand alone: a ZWJ or a regional indicator left
        // at the window's end can join it, so take it in and look again until one does.
        while end < count, end - start < 256 {
            let next = self[end]
            guard let last = joined.last else { break }
            var pair = String(last)
            pair.append(next)
            let clusters = Array(pair)
            if clusters.count == 2 && clusters[1] == next { break }
            joined.append(next)
            end += 1
        }
        let middle = Rope(joined)
        let caret = start + middle.clusterOffset(ofUTF8: caretBytes, roundingUp: true)
        splice(start..<end, with: middle)
        return RopeReplacement(window: start..<end, newCount: middle.count, caret: caret)
    }

    /// Replaces clusters `range` (clamped) with the clusters of `replacement`, sharing its nodes
    /// when it is long and meets its neighbours cleanly (as an undo putting back a large deletion
    /// does: O(log n) whatever its length); otherwise as its text.
    @discardableResult
    public mutating func replaceSubrange(_ range: Range<Int>, with replacement: Rope) -> RopeReplacement {
        let lower = Swift.min(Swift.max(range.lowerBound, 0), count), upper = Swift.min(Swift.max(range.upperBound, lower), count)
        if replacement.utf8Count >= 1024, meetsCleanly(replacement, after: lower, before: upper) {
            splice(lower..<upper, with: replacement)
            return RopeReplacement(window: lower..<upper, newCount: replacement.count, caret: lower + replacement.count)
        }
        return replaceSubrange(lower..<upper, with: replacement.string)
    }

    /// Puts `middle` in place of clusters `range`, whose edges the caller knows stay cluster
    /// boundaries of the new text.
    private mutating func splice(_ range: Range<Int>, with middle: Rope) {
        guard let root else { self = middle; return }
        let (head, rest) = root.split(at: range.lowerBound)
        let tail = rest?.split(at: range.upperBound - range.lowerBound).1
        self.root = RopeNode.join(RopeNode.join(head, middle.root), tail)
    }

    /// Whether `replacement`'s clusters stay as they are between the cluster before `lower` and the
    /// one at `upper`: its first and last scalars carry no context across clusters (not a regional
    /// indicator, whose pairing counts from the start of a run, nor an emoji or ZWJ, which emoji
    /// sequences join) and each neighbour still stands apart from the cluster it meets; every other
    /// grapheme-break rule looks only at the two clusters either side of the break.
    private func meetsCleanly(_ replacement: Rope, after lower: Int, before upper: Int) -> Bool {
        guard let first = replacement.first, let last = replacement.last,
              let firstScalar = first.unicodeScalars.first, let lastScalar = last.unicodeScalars.last,
              !Self.carriesContext(firstScalar), !Self.carriesContext(lastScalar) else { return false }
        func apart(_ a: Character, _ b: Character) -> Bool {
            var pair = String(a)
            pair.append(b)
            return pair.count == 2
        }
        if lower > 0, !apart(self[lower - 1], first) { return false }
        if upper < count, !apart(last, self[upper]) { return false }
        return true
    }

    /// The first cluster (nil when empty).
    public var first: Character? { isEmpty ? nil : self[0] }

    /// The last cluster (nil when empty).
    public var last: Character? { isEmpty ? nil : self[count - 1] }

    static func carriesContext(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value) || scalar.value == 0x200D || (scalar.value > 0x7F && scalar.properties.isEmoji)
    }

    /// The whole clusters around `lower..<upper` that segmenting again may change. Runs of
    /// regional indicators pair up from their start, so the window takes such a run whole; emoji
    /// sequences (ZWJ joins) read context to their left, so the window also takes the
    /// pictographic clusters before it, which is how Swift segments the whole string.
    func segmentationWindow(lower: Int, upper: Int) -> Range<Int> {
        Self.segmentationWindow(lower: lower, upper: upper, count: count) { self[$0] }
    }

    /// The same window over any clusters, `cluster(i)` for `0..<count` (a secure field's slots
    /// read it too).
    static func segmentationWindow(lower: Int, upper: Int, count: Int, cluster: (Int) -> Character) -> Range<Int> {
        var start = lower, end = upper
        if start > 0 { start -= 1 }
        while start > 0, isRegionalIndicator(cluster(start)), isRegionalIndicator(cluster(start - 1)) { start -= 1 }
        var lookBehind = 0
        while start > 0, lookBehind < 64, isPictographic(cluster(start - 1)) {
            start -= 1
            lookBehind += 1
        }
        if end < count { end += 1 }
        while end < count, isRegionalIndicator(cluster(end - 1)), isRegionalIndicator(cluster(end)) { end += 1 }
        return start..<end
    }

    static func isPictographic(_ character: Character) -> Bool {
        character.unicodeScalars.contains { $0.value > 0x7F && $0.properties.isEmoji }
    }

    static func isRegionalIndicator(_ character: Character) -> Bool {
        character.unicodeScalars.first.map { (0x1F1E6...0x1F1FF).contains($0.value) } ?? false
    }
}
