extension TextLayout {
    /// Where the spaces a line ends with start (looked at up to 1,024 back, so a line of a million
    /// spaces costs no more to place). A wrapped line's hang past its edge, as UIKit aligns them,
    /// and every line's take the paragraph's direction (UAX #9 rule L1).
    func hangingSpacesStart(of clusters: Range<Int>) -> Int {
        var end = clusters.upperBound
        let limit = max(clusters.lowerBound, clusters.upperBound - 1_024)
        var cursor = ClusterCursor(self)
        while end > limit && cursor.isSpace(end - 1) { end -= 1 }
        return end
    }

    /// Lines for the paragraphs that make up `range`, which starts at a paragraph start and ends at
    /// a paragraph end (before its break or at the end of the text).
    func wrappedLines(in range: Range<Int>) -> [TextLine] {
        guard let limit = wrapWidth else { return [TextLine(clusters: 0..<count)] }
        var result: [TextLine] = []
        var start = range.lowerBound
        var cursor = ClusterCursor(self)
        while true {
            let (end, endsParagraph) = line(from: start, limit: limit, cursor: &cursor)
            result.append(TextLine(clusters: start..<end))
            if endsParagraph {
                guard end < range.upperBound else { break }
                start = end + 1
            } else {
                start = end
            }
        }
        return result
    }

    /// The wrapped line that starts at `start` (a line's start): where it ends, and whether its
    /// paragraph ends there (before a line break or at the end of the text). It reads only the
    /// clusters and stops from `start` to a little past its end, so wrapping from an unchanged
    /// line start over unchanged text gives the same lines again.
    func line(from start: Int, limit: Double) -> (end: Int, endsParagraph: Bool) {
        var cursor = ClusterCursor(self)
        return line(from: start, limit: limit, cursor: &cursor)
    }

    func line(from start: Int, limit: Double, cursor: inout ClusterCursor) -> (end: Int, endsParagraph: Bool) {
        // The farthest boundary whose text still fits (a search over the pages' widths, then one
        // page's stops; a line break is 0 wide, so the search may run past one: the first one in
        // the fit ends the line).
        let fits = lastBoundary(atOrLeftOf: stop(start, cursor: &cursor) + limit, in: start, count, cursor: &cursor)
        var end = start
        while end < fits, !cursor.isNewline(end) { end += 1 }
        guard end == fits, fits < count, !cursor.isNewline(fits) else { return (end, true) }
        // Spaces may hang past the edge; otherwise break after the last space that fits, and
        // inside a word only when the word alone is wider than the line.
        var hung = end
        while hung < count, cursor.isSpace(hung) { hung += 1 }
        if hung > end {
            end = hung
        } else {
            var candidate = end
            while candidate > start, !(cursor.isSpace(candidate - 1) && !cursor.isSpace(candidate)) { candidate -= 1 }
            end = candidate > start ? candidate : max(end, start + 1)
        }
        return (end, end == count || cursor.isNewline(end))
    }

    /// Wraps again at a new width (nil: one line).
    public mutating func rewrap(width newWidth: Double?) {
        let clamped = newWidth.map { $0.isFinite ? max(0, $0) : 0 }
        guard clamped != wrapWidth else { return }
        wrapWidth = clamped
        lines = wrappedLines(in: 0..<count)
        visualLines = VisualLineCache()
    }
}
