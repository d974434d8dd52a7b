import Synchronization

extension TextLayout {
    /// A run of clusters of one direction in a line's visual order, for drawing: the clusters in
    /// storage order, the x of its left end (from the line's start) and the direction it is
    /// shaped in.
    public struct VisualRun: Equatable, Sendable {
        public var clusters: Range<Int>
        public var x: Double
        public var direction: WritingDirection
    }

    /// The runs of line `index` that meet the band [x0, x1), left to right, each cut to what
    /// shows (with a few clusters either side, so shaping at the cut matches the whole line's).
    public func visualRuns(onLine index: Int, meeting x0: Double, _ x1: Double) -> [VisualRun] {
        guard let visual = visualLine(index) else {
            let shown = clusters(onLine: index, meeting: x0, x1)
            guard !shown.isEmpty else { return [] }
            return [VisualRun(clusters: shown, x: x(of: shown.lowerBound, onLine: index), direction: .leftToRight)]
        }
        return visual.runs(meeting: x0, x1)
    }

    /// Whether the cluster at `index` reads right to left (its level is odd).
    public func isRightToLeft(cluster index: Int) -> Bool {
        guard let levels, levels.indices.contains(index) else { return false }
        return levels[index] & 1 == 1
    }

    /// The boundary one step left or right of `offset` on line `index`, as the eye sees it
    /// (GTK's visual movement): boundaries in order of where their caret stands, ties in storage
    /// order so every boundary is reached once; nil at the line's visual end.
    public func offset(visuallyFrom offset: Int, rightward: Bool, onLine index: Int) -> Int? {
        guard lines.indices.contains(index) else { return nil }
        let clusters = lines[index].clusters
        let current = min(max(offset, clusters.lowerBound), clusters.upperBound)
        guard let visual = visualLine(index) else {
            let next = current + (rightward ? 1 : -1)
            return clusters.contains(next) || next == clusters.upperBound ? next : nil
        }
        return visual.neighbour(of: current, rightward: rightward)
    }

    /// The first boundary whose strong caret stands right (left) of `x` on line `index`: a step
    /// from a caret standing at its other place (`x(of:onLine:after:)`); nil past the line's end.
    public func offset(visuallyFrom x: Double, rightward: Bool, onLine index: Int) -> Int? {
        guard let visual = visualLine(index) else { return nil }
        return visual.neighbour(ofX: x, rightward: rightward)
    }

    /// The boundary at the left (`leftmost`) or right end of line `index` as its carets stand.
    public func visualEnd(ofLine index: Int, leftmost: Bool) -> Int {
        let clusters = lines[min(max(index, 0), lines.count - 1)].clusters
        guard let visual = visualLine(index) else { return leftmost ? clusters.lowerBound : clusters.upperBound }
        return visual.end(leftmost: leftmost)
    }

    /// A line with right-to-left text in it, in visual order (made once per change); nil for a
    /// line that reads in storage order.
    func visualLine(_ index: Int) -> VisualLine? {
        guard let levels, lines.indices.contains(index) else { return nil }
        if let cached = visualLines.line(index) { return cached }
        let clusters = lines[index].clusters
        var lineLevels = Array(levels[clusters])
        // Rule L1: the spaces a line ends with take the paragraph's level.
        let hanging = hangingSpacesStart(of: clusters)
        for index in hanging..<clusters.upperBound { lineLevels[index - clusters.lowerBound] = direction.baseLevel }
        var line: VisualLine?
        // A right-to-left paragraph's line starts at its right even when all of it is left to
        // right (digits, Latin).
        if direction == .rightToLeft || lineLevels.contains(where: { $0 & 1 == 1 }) {
            // The spaces a wrapped line breaks after hang past its edge (`shift` leaves them
            // out): right to left they end the line at its left.
            var start = shift(ofLine: index)
            if direction == .rightToLeft && wrapWidth != nil {
                start -= stop(clusters.upperBound) - stop(hanging)
            }
            line = VisualLine(layout: self, clusters: clusters, levels: lineLevels, shift: start)
        }
        visualLines.store(line, for: index)
        return line
    }
}

/// The visual lines a layout has made, shared by its copies until one of them changes (a change
/// gives the layout a new cache). Never part of a layout's value. Copies may be read from several
/// threads: the cache is locked.
final class VisualLineCache: Equatable, @unchecked Sendable {
    private struct Entry { var line: VisualLine? }
    private let lines = Mutex<[Int: Entry]>([:])

    /// The line made before (nil inside when the line reads in storage order); nil when none was.
    func line(_ index: Int) -> VisualLine?? {
        lines.withLock { $0[index].map { $0.line } }
    }

    func store(_ line: VisualLine?, for index: Int) {
        lines.withLock { $0[index] = Entry(line: line) }
    }

    static func == (lhs: VisualLineCache, rhs: VisualLineCache) -> Bool { true }
}
