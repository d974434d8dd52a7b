import Synchronization

/// One line's clusters in visual order with where each stands: the geometry of bidi queries.
final class VisualLine: @unchecked Sendable {
    let clusters: Range<Int>
    /// Cluster indices (the text's) left to right.
    let order: [Int]
    /// Left edge and width of each, in the same order.
    let lefts: [Double]
    let widths: [Double]
    /// Each cluster's position in `order`, indexed from the line's first cluster.
    let position: [Int]
    /// Each cluster's level, indexed from the line's first cluster (after rule L1).
    let levels: [UInt8]
    let direction: WritingDirection
    let start: Double
    let end: Double
    /// Whether each cluster is whitespace, indexed from the line's first cluster.
    let isWhitespace: [Bool]
    /// The line's boundaries in order of their caret's x (ties in storage order), and each
    /// boundary's place in it: made at the first arrow key.
    /// Made once, inside `sorted`'s mutex (the sort runs while it is held): copies of a layout
    /// share their visual lines across threads.
    private var byCaret: (order: [Int], xs: [Double], rank: [Int]) {
        sorted.withLock { sorted in
            if let sorted { return sorted }
            let made = sortByCaret()
            sorted = made
            return made
        }
    }
    private let sorted = Mutex<(order: [Int], xs: [Double], rank: [Int])?>(nil)

    private func sortByCaret() -> (order: [Int], xs: [Double], rank: [Int]) {
        let offsets = Array(clusters.lowerBound...clusters.upperBound)
        let sorted = offsets.map { (x: caretX(of: $0), offset: $0) }
            .sorted { $0.x != $1.x ? $0.x < $1.x : $0.offset < $1.offset }
        var rank = [Int](repeating: 0, count: offsets.count)
        for (index, entry) in sorted.enumerated() { rank[entry.offset - clusters.lowerBound] = index }
        return (sorted.map(\.offset), sorted.map(\.x), rank)
    }

    init(layout: TextLayout, clusters: Range<Int>, levels: [UInt8], shift: Double) {
        self.clusters = clusters
        var cursor = ClusterCursor(layout)
        isWhitespace = clusters.map { cursor[$0].isWhitespace }
        self.levels = levels
        direction = layout.direction
        start = shift
        order = Bidi.visualOrder(levels[...]).map { $0 + clusters.lowerBound }
        var position = [Int](repeating: 0, count: clusters.count)
        var lefts: [Double] = [], widths: [Double] = []
        lefts.reserveCapacity(order.count)
        widths.reserveCapacity(order.count)
        var x = shift
        for (index, cluster) in order.enumerated() {
            position[cluster - clusters.lowerBound] = index
            let width = layout.stop(cluster + 1, cursor: &cursor) - layout.stop(cluster, cursor: &cursor)
            lefts.append(x)
            widths.append(width)
            x += width
        }
        end = x
        self.position = position
        self.lefts = lefts
        self.widths = widths
    }

    private func isRightToLeft(_ cluster: Int) -> Bool { levels[cluster - clusters.lowerBound] & 1 == 1 }
    private func level(_ cluster: Int) -> UInt8 { levels[cluster - clusters.lowerBound] }
    private func left(_ cluster: Int) -> Double { lefts[position[cluster - clusters.lowerBound]] }
    private func right(_ cluster: Int) -> Double {
        let index = position[cluster - clusters.lowerBound]
        return lefts[index] + widths[index]
    }
    /// Where text before a cluster ends and the cluster begins, in its own direction.
    private func leadingEdge(_ cluster: Int) -> Double { isRightToLeft(cluster) ? right(cluster) : left(cluster) }
    private func trailingEdge(_ cluster: Int) -> Double { isRightToLeft(cluster) ? left(cluster) : right(cluster) }

    /// Where the line ends in its paragraph's direction.
    var endEdge: Double { direction == .rightToLeft ? start : end }

    /// GTK's strong caret: the line's start and end stand at the line's edges in the paragraph's
    /// direction; between two clusters, by the one of the lower level (the paragraph's own
    /// direction wins: where a character of it typed there appears), the one before when level.
    func caretX(of offset: Int, after: Bool? = nil) -> Double { caret(of: offset, after: after).x }

    /// The caret's x and whether it is drawn to the left of it: over the cluster it belongs to,
    /// or into what that cluster's direction writes next, which for right-to-left text is on the
    /// left (at a right-to-left line's end, the space kept free for the caret there).
    func caret(of offset: Int, after: Bool? = nil) -> (x: Double, leftward: Bool) {
        let offset = min(max(offset, clusters.lowerBound), clusters.upperBound)
        if after == true && offset > clusters.lowerBound { return (trailingEdge(offset - 1), isRightToLeft(offset - 1)) }
        if after == false && offset < clusters.upperBound { return (leadingEdge(offset), isRightToLeft(offset)) }
        let rightToLeft = direction == .rightToLeft
        if offset == clusters.lowerBound { return (rightToLeft ? end : start, rightToLeft) }
        if offset == clusters.upperBound { return (rightToLeft ? start : end, rightToLeft) }
        let before = offset - 1, after = offset
        return level(before) <= level(after) ? (trailingEdge(before), isRightToLeft(before)) : (leadingEdge(after), isRightToLeft(after))
    }

    /// The visual index of the cluster under `x`, clamped to the line.
    private func visualIndex(at x: Double) -> Int {
        var low = 0, high = lefts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lefts[mid] <= x { low = mid } else { high = mid - 1 }
        }
        return low
    }

    func cluster(at x: Double) -> Int { order[visualIndex(at: x)] }

    /// The boundary nearest to `x`: past either end of the line, the line's start or end (as
    /// the paragraph reads); over a cluster, its nearer edge in its own direction (GTK's rule:
    /// where runs of two directions meet, that boundary's caret may stand by its other cluster).
    func offset(nearestTo x: Double) -> Int {
        guard !order.isEmpty, x.isFinite || x.isInfinite else { return clusters.lowerBound }
        if !(x >= start) { return direction == .rightToLeft ? clusters.upperBound : clusters.lowerBound }
        if x >= end { return direction == .rightToLeft ? clusters.lowerBound : clusters.upperBound }
        let index = visualIndex(at: x)
        let cluster = order[index]
        let leftHalf = x < lefts[index] + widths[index] / 2
        return leftHalf != isRightToLeft(cluster) ? cluster : cluster + 1
    }

    /// `offset(nearestTo:)` with the place of the boundary the point is at.
    func position(nearestTo x: Double) -> (offset: Int, after: Bool?) {
        let offset = offset(nearestTo: x)
        guard !order.isEmpty, x >= start, x < end else { return (offset, nil) }
        return (offset, offset != cluster(at: x))
    }

    func neighbour(of offset: Int, rightward: Bool) -> Int? {
        let next = byCaret.rank[offset - clusters.lowerBound] + (rightward ? 1 : -1)
        return byCaret.order.indices.contains(next) ? byCaret.order[next] : nil
    }

    /// The x span of the embedded run `cluster` is in (the clusters above the paragraph's level
    /// around it, numbers inside Arabic included; or those at it), looked at up to 256 clusters
    /// either way.
    func runExtent(of cluster: Int) -> Range<Double>? {
        guard clusters.contains(cluster) else { return nil }
        let index = position[cluster - clusters.lowerBound]
        let base = direction.baseLevel
        let embedded = level(cluster) > base
        func belongs(_ other: Int) -> Bool { (level(other) > base) == embedded }
        var first = index, last = index
        while first > 0, index - first < 256, belongs(order[first - 1]) { first -= 1 }
        while last + 1 < order.count, last - index < 256, belongs(order[last + 1]) { last += 1 }
        return lefts[first]..<(lefts[last] + widths[last])
    }

    func neighbour(ofX x: Double, rightward: Bool) -> Int? {
        let xs = byCaret.xs
        // The first caret right of x, or the last one left of it.
        var low = 0, high = xs.count
        while low < high {
            let mid = (low + high) / 2
            if rightward ? xs[mid] <= x : xs[mid] < x { low = mid + 1 } else { high = mid }
        }
        let index = rightward ? low : low - 1
        return xs.indices.contains(index) ? byCaret.order[index] : nil
    }

    func end(leftmost: Bool) -> Int { leftmost ? byCaret.order.first! : byCaret.order.last! }

    /// Spans of x covering the clusters of `range` on this line, one per visually contiguous stretch.
    func spans(covering range: Range<Int>) -> [Range<Double>] {
        var spans: [Range<Double>] = []
        var current: Range<Double>?
        for (index, cluster) in order.enumerated() {
            guard range.contains(cluster) else {
                if let span = current { spans.append(span) }
                current = nil
                continue
            }
            let right = lefts[index] + widths[index]
            current = current.map { $0.lowerBound..<right } ?? lefts[index]..<right
        }
        if let span = current { spans.append(span) }
        return spans
    }

    /// The runs of one direction that meet [x0, x1), left to right: only the clusters near the
    /// band are looked at.
    func runs(meeting x0: Double, _ x1: Double) -> [TextLayout.VisualRun] {
        // Clusters this far outside the band still go with their run: a shaper joins them to
        // what shows (Arabic forms), and glyphs may reach a little outside their advance.
        let margin = 64.0
        guard !order.isEmpty, x1 > x0 else { return [] }
        var first = visualIndex(at: x0 - margin)
        var last = visualIndex(at: x1 + margin)
        if lefts[first] + widths[first] < x0 - margin { first += 1 }
        guard first <= last else { return [] }
        func continues(_ index: Int, from previous: Int) -> Bool {
            isRightToLeft(order[index]) == isRightToLeft(order[previous])
                && order[index] == order[previous] + (isRightToLeft(order[previous]) ? -1 : 1)
        }
        // A cut goes between words, where a shaper joins nothing: the visible glyphs then stand
        // where the whole line's shaping put them.
        var reach = TextLayout.shapingReach
        while first > 0, reach > 0, continues(first, from: first - 1), !isWhitespace[order[first - 1] - clusters.lowerBound] {
            first -= 1
            reach -= 1
        }
        reach = TextLayout.shapingReach
        while last + 1 < order.count, reach > 0, continues(last + 1, from: last), !isWhitespace[order[last + 1] - clusters.lowerBound] {
            last += 1
            reach -= 1
        }
        var runs: [TextLayout.VisualRun] = []
        var index = first
        while index <= last {
            var end = index + 1
            while end <= last, continues(end, from: end - 1) { end += 1 }
            let a = order[index], b = order[end - 1]
            runs.append(TextLayout.VisualRun(clusters: min(a, b)..<(max(a, b) + 1), x: lefts[index],
                                             direction: isRightToLeft(a) ? .rightToLeft : .leftToRight))
            index = end
        }
        return runs
    }
}
