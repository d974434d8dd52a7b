/// One laid-out line of text: which clusters it holds and where it sits, in text coordinates
/// (x from the start of the text, y from the top of the first line).
public struct TextLine: Equatable, Sendable {
    public var clusters: Range<Int>
    public var top: Double
    public var height: Double
    public var baseline: Double
}

/// The measured shape of a field's display text, made by a `TextMeasuring`: lines, the x of
/// every caret stop, point-to-offset, rectangles for a range, the caret rectangle and the scroll.
///
/// A single-line field has one line. An edit re-measures only the clusters it changed
/// (`replacing(_:with:measurer:)`); the stops after it shift by the change in width.
public struct TextLayout: Equatable, Sendable {
    public private(set) var font: FontSpec
    /// The clusters drawn (the text, or what stands in for it, such as dots).
    public private(set) var characters: [Character]
    /// x of every grapheme boundary: `caretStops[i]` is the width of the first `i` clusters.
    public private(set) var caretStops: [Double]
    public private(set) var lines: [TextLine]
    public let lineHeight: Double
    /// Top of the caret and selection relative to the line top, and their height.
    public let caretInset: Double
    public let caretHeight: Double
    /// How far the text is scrolled: x to the left, y upward.
    public var scrollX: Double = 0
    public var scrollY: Double = 0

    public init(characters: [Character], font: FontSpec, lineHeight: Double, measurer: TextMeasuring) {
        self.font = font
        self.characters = characters
        self.lineHeight = lineHeight
        let metrics = measurer.lineMetrics(for: font)
        let baseline = FieldLayout.baseline(inLineTop: 0, lineHeight: lineHeight, metrics: metrics)
        caretInset = baseline - metrics.ascent
        caretHeight = metrics.ascent + metrics.descent
        caretStops = Self.measure(characters[...], font: font, measurer: measurer)
        lines = [TextLine(clusters: 0..<characters.count, top: 0, height: lineHeight, baseline: baseline)]
    }

    private static func measure(_ clusters: ArraySlice<Character>, font: FontSpec, measurer: TextMeasuring) -> [Double] {
        guard !clusters.isEmpty else { return [0] }
        let stops = measurer.caretStops(of: Substring(String(clusters)), font: font)
        // A measurer must give count + 1 stops; anything else is repaired rather than trusted.
        guard stops.count == clusters.count + 1, stops.allSatisfy(\.isFinite) else {
            var repaired = [0.0]
            for index in 0..<clusters.count {
                let value = index + 1 < stops.count && stops[index + 1].isFinite ? stops[index + 1] : repaired[index]
                repaired.append(max(value, repaired[index]))
            }
            return repaired
        }
        return stops
    }

    public var count: Int { characters.count }
    /// The width of the whole text.
    public var width: Double { caretStops.last ?? 0 }
    public var height: Double { lines.last.map { $0.top + $0.height } ?? lineHeight }

    /// Replaces clusters `range` with `newCharacters`, measuring only those; the rest keep their
    /// widths. `range` comes from `AppliedEdit.oldClusters`.
    public mutating func replacing(_ range: Range<Int>, with newCharacters: ArraySlice<Character>, measurer: TextMeasuring) {
        let lower = min(max(range.lowerBound, 0), count), upper = min(max(range.upperBound, lower), count)
        let local = Self.measure(newCharacters, font: font, measurer: measurer)
        let start = caretStops[lower]
        let delta = start + (local.last ?? 0) - caretStops[upper]
        // In place: the stops after the edit move by the change in width, nothing is re-measured.
        caretStops.replaceSubrange((lower + 1)..<(upper + 1), with: local.dropFirst().map { start + $0 })
        if delta != 0 {
            for index in (lower + newCharacters.count + 1)..<caretStops.count { caretStops[index] += delta }
        }
        characters.replaceSubrange(lower..<upper, with: newCharacters)
        lines[0].clusters = 0..<characters.count
    }

    // MARK: Queries (text coordinates)

    /// The boundary nearest to `x` (binary search).
    public func offset(nearestTo x: Double) -> Int {
        guard x.isFinite else { return x > 0 ? count : 0 }
        let after = firstStop(atOrAfter: x)
        if after == 0 { return 0 }
        if after > count { return count }
        return x - caretStops[after - 1] <= caretStops[after] - x ? after - 1 : after
    }

    /// The cluster under `x`: the last boundary at or left of it, short of the end.
    public func offset(before x: Double) -> Int {
        guard x.isFinite else { return x > 0 ? max(0, count - 1) : 0 }
        return min(max(0, firstStop(atOrAfter: x.nextUp) - 1), max(0, count - 1))
    }

    /// Index of the first stop >= x, or count + 1 when none is.
    private func firstStop(atOrAfter x: Double) -> Int {
        var low = 0, high = caretStops.count
        while low < high {
            let mid = (low + high) / 2
            if caretStops[mid] < x { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The clusters that meet the band [x0, x1), for drawing only what shows.
    public func clusters(meeting x0: Double, _ x1: Double) -> Range<Int> {
        guard count > 0, x1 > x0 else { return 0..<0 }
        let first = min(max(0, firstStop(atOrAfter: x0.nextUp) - 1), count)
        let last = min(firstStop(atOrAfter: x1), count)
        return first..<max(first, last)
    }

    public func caretRect(at offset: Int, width: Double) -> Rect {
        let stop = caretStops[min(max(offset, 0), count)]
        let line = lines[0]
        return Rect(x: stop, y: line.top + caretInset, width: width, height: caretHeight)
    }

    /// Rectangles covering `range`, one per line it touches.
    public func rects(for range: Range<Int>) -> [Rect] {
        let lower = min(max(range.lowerBound, 0), count), upper = min(max(range.upperBound, lower), count)
        guard upper > lower else { return [] }
        let line = lines[0]
        return [Rect(x: caretStops[lower], y: line.top + caretInset, width: caretStops[upper] - caretStops[lower],
                     height: caretHeight)]
    }

    /// Scrolls as little as possible to show the caret at `offset` in a viewport `visibleWidth`
    /// wide (the caret's own width already taken off), never past either end of the text.
    public mutating func reveal(offset: Int, visibleWidth: Double) {
        let visible = max(0, visibleWidth)
        let caretX = caretStops[min(max(offset, 0), count)]
        if caretX - scrollX > visible { scrollX = caretX - visible }
        if caretX < scrollX { scrollX = caretX }
        scrollX = min(max(0, scrollX), max(0, width - visible))
    }
}
