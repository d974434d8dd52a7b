extension TextLayout {
    /// The index of the line showing the caret at `offset`. At a soft break the caret belongs to
    /// the next line, unless `upstream` asks for the end of the line before it (as End does).
    public func lineIndex(of offset: Int, upstream: Bool = false) -> Int {
        let offset = min(max(offset, 0), count)
        var low = 0, high = lines.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lines[mid].clusters.lowerBound <= offset { low = mid } else { high = mid - 1 }
        }
        // A caret at a soft break, taken upstream, stays at the end of the earlier line.
        if upstream, low > 0, lines[low].clusters.lowerBound == offset, lines[low - 1].clusters.upperBound == offset {
            return low - 1
        }
        return low
    }

    public func top(ofLine index: Int) -> Double { Double(index) * lineHeight }

    /// x of the caret stop `offset` on line `index`, from the line's start. Where two directions
    /// meet, a boundary has two places: `after` true stands the caret after the cluster before it
    /// (as after typing that cluster), false before the cluster after it, nil GTK's strong caret.
    public func x(of offset: Int, onLine index: Int, after: Bool? = nil) -> Double {
        if let visual = visualLine(index) { return visual.caretX(of: offset, after: after) }
        let clusters = lines[index].clusters
        return stop(min(max(offset, clusters.lowerBound), clusters.upperBound)) - stop(clusters.lowerBound)
            + shift(ofLine: index)
    }

    /// The boundary on line `index` nearest to `x` (from the line's start).
    public func offset(nearestTo x: Double, onLine index: Int) -> Int {
        let line = min(max(index, 0), lines.count - 1)
        if let visual = visualLine(line) { return visual.offset(nearestTo: x) }
        let clusters = lines[line].clusters
        guard x.isFinite else { return x > 0 ? clusters.upperBound : clusters.lowerBound }
        let target = stop(clusters.lowerBound) + x - shift(ofLine: line)
        let after = firstStop(atOrAfter: target, in: clusters)
        if after <= clusters.lowerBound { return clusters.lowerBound }
        if after > clusters.upperBound { return clusters.upperBound }
        return target - stop(after - 1) <= stop(after) - target ? after - 1 : after
    }

    /// The boundary nearest to `x` on line `index`, and which of its two places (see `x(of:onLine:after:)`)
    /// is the one at `x`; nil for a line that reads in storage order or past the line's ends.
    public func caretPosition(nearestTo x: Double, onLine index: Int) -> (offset: Int, after: Bool?) {
        let line = min(max(index, 0), lines.count - 1)
        if let visual = visualLine(line) { return visual.position(nearestTo: x) }
        return (offset(nearestTo: x, onLine: line), nil)
    }

    /// The boundary nearest to `point`: the line under y (clamped to the first and last), then x.
    public func offset(nearestTo point: Point) -> Int {
        offset(nearestTo: point.x, onLine: lineIndex(atY: point.y))
    }

    /// The line under `y` (clamped to the text's lines).
    public func lineIndex(atY y: Double) -> Int {
        guard y.isFinite, lineHeight > 0 else { return y > 0 ? lines.count - 1 : 0 }
        return min(max(Int((y / lineHeight).rounded(.down)), 0), lines.count - 1)
    }

    /// The cluster under `point`: the last boundary at or left of it on its line, short of the line's end.
    public func offset(before point: Point) -> Int {
        let line = lineIndex(atY: point.y)
        let clusters = lines[line].clusters
        guard !clusters.isEmpty else { return min(clusters.lowerBound, max(0, count - 1)) }
        guard point.x.isFinite else { return point.x > 0 ? clusters.upperBound - 1 : clusters.lowerBound }
        if let visual = visualLine(line) { return visual.cluster(at: point.x) }
        let target = stop(clusters.lowerBound) + point.x - shift(ofLine: line)
        return min(max(clusters.lowerBound, firstStop(atOrAfter: target.nextUp, in: clusters) - 1), clusters.upperBound - 1)
    }

    /// Index of the first stop in `clusters`' boundaries that is >= x, or upperBound + 1 when none is.
    private func firstStop(atOrAfter x: Double, in clusters: Range<Int>) -> Int {
        firstBoundary(rightOf: x, in: clusters.lowerBound, clusters.upperBound)
    }

    /// The clusters of line `index` that meet the band [x0, x1) (x from the line's start).
    public func clusters(onLine index: Int, meeting x0: Double, _ x1: Double) -> Range<Int> {
        let clusters = lines[index].clusters
        guard !clusters.isEmpty, x1 > x0 else { return clusters.lowerBound..<clusters.lowerBound }
        if visualLine(index) != nil {
            let runs = visualRuns(onLine: index, meeting: x0, x1)
            guard let first = runs.map(\.clusters.lowerBound).min(), let last = runs.map(\.clusters.upperBound).max() else {
                return clusters.lowerBound..<clusters.lowerBound
            }
            return first..<last
        }
        let base = stop(clusters.lowerBound) - shift(ofLine: index)
        let first = min(max(clusters.lowerBound, firstStop(atOrAfter: (base + x0).nextUp, in: clusters) - 1), clusters.upperBound)
        let last = min(firstStop(atOrAfter: base + x1, in: clusters), clusters.upperBound)
        return first..<max(first, last)
    }

    /// The lines that meet the vertical band [y0, y1).
    public func lines(meeting y0: Double, _ y1: Double) -> Range<Int> {
        guard y1 > y0, !lines.isEmpty else { return 0..<0 }
        let first = lineIndex(atY: y0)
        let last = lineIndex(atY: y1.nextDown)
        return first..<(last + 1)
    }

    /// The caret's rectangle: from its x rightward, or leftward where right-to-left text writes
    /// next (so it covers neither the letter before it nor the field's edge).
    public func caretRect(at offset: Int, width: Double, upstream: Bool = false, after: Bool? = nil) -> Rect {
        let index = lineIndex(of: offset, upstream: upstream)
        var x = x(of: offset, onLine: index, after: after)
        if let visual = visualLine(index), visual.caret(of: offset, after: after).leftward { x -= width }
        return Rect(x: x, y: top(ofLine: index) + caretInset, width: width, height: caretHeight)
    }

    /// Rectangles covering `range`, one per line it touches (only lines in `shown`, when given,
    /// so selecting all of a long text costs what shows). A selection that runs on past a line's
    /// end shows a sliver there, so a selected line break can be seen.
    public func rects(for range: Range<Int>, inLines shown: Range<Int>? = nil) -> [Rect] {
        let lower = min(max(range.lowerBound, 0), count), upper = min(max(range.upperBound, lower), count)
        guard upper > lower else { return [] }
        let selectionLast = lineIndex(of: upper, upstream: true)
        var first = lineIndex(of: lower), last = selectionLast
        if let shown {
            first = max(first, shown.lowerBound)
            last = min(last, shown.upperBound - 1)
        }
        guard first <= last else { return [] }
        return (first...last).flatMap { index -> [Rect] in
            let clusters = lines[index].clusters
            if let visual = visualLine(index) {
                let top = top(ofLine: index) + caretInset
                var spans = visual.spans(covering: lower..<upper)
                // A selection running on past the line's end shows a sliver at the line's end.
                if upper > clusters.upperBound && index < selectionLast {
                    let edge = visual.endEdge
                    let sliver = caretHeight / 4
                    spans.append(direction == .rightToLeft ? (edge - sliver)..<edge : edge..<(edge + sliver))
                }
                return spans.map { Rect(x: $0.lowerBound, y: top, width: $0.upperBound - $0.lowerBound, height: caretHeight) }
            }
            let x0 = x(of: max(lower, clusters.lowerBound), onLine: index)
            var x1 = x(of: min(upper, clusters.upperBound), onLine: index)
            if upper > clusters.upperBound && index < selectionLast { x1 += caretHeight / 4 }
            return [Rect(x: x0, y: top(ofLine: index) + caretInset, width: max(0, x1 - x0), height: caretHeight)]
        }
    }
}
