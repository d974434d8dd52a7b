extension TextLayout {
    /// Where the spaces a line ends with start (looked at up to 1,024 back, so a line of a million
    /// spaces costs no more to place). A wrapped line's hang past its edge, as UIKit aligns them,
    /// and every line's take the paragraph's direction (UAX #9 rule L1).
    func hangingSpacesStart(of clusters: Range<Int>) -> Int {
        var end = clusters.upperBound
        let limit = max(clusters.lowerBound, clusters.upperBound - 1_024)
        while end > limit && isSpace(end - 1) { end -= 1 }
        return end
    }

    /// A space lines may break after: not a line break, and not a no-break space.
    private func isSpace(_ index: Int) -> Bool {
        let character = characters[index]
        guard character.isWhitespace, !character.isNewline else { return false }
        return !["\u{00A0}", "\u{2007}", "\u{202F}"].contains(character)
    }

    /// Lines for the paragraphs that make up `range`, which starts at a paragraph start and ends at
    /// a paragraph end (before its break or at the end of the text).
    func wrappedLines(in range: Range<Int>) -> [TextLine] {
        guard let limit = wrapWidth else { return [TextLine(clusters: 0..<count)] }
        var result: [TextLine] = []
        var start = range.lowerBound
        while true {
            let (end, endsParagraph) = line(from: start, limit: limit)
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
        // The farthest boundary whose text still fits (binary search over the stops; a line break
        // is 0 wide, so the search may run past one: the first one in the fit ends the line).
        let maxX = caretStops[start] + limit
        var low = start, high = count
        while low < high {
            let mid = (low + high + 1) / 2
            if caretStops[mid] <= maxX { low = mid } else { high = mid - 1 }
        }
        var end = start
        while end < low, !characters[end].isNewline { end += 1 }
        guard end == low, low < count, !characters[low].isNewline else { return (end, true) }
        // Spaces may hang past the edge; otherwise break after the last space that fits, and
        // inside a word only when the word alone is wider than the line.
        var hung = end
        while hung < count, isSpace(hung) { hung += 1 }
        if hung > end {
            end = hung
        } else {
            var candidate = end
            while candidate > start, !(isSpace(candidate - 1) && !isSpace(candidate)) { candidate -= 1 }
            end = candidate > start ? candidate : max(end, start + 1)
        }
        return (end, end == count || characters[end].isNewline)
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
