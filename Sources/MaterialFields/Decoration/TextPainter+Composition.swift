// An input method's preedit drawn in the text: its underlines (the painter's other parts draw its
// text, its highlighted segment and its caret from the composed layout).
extension TextPainter {
    /// An underline under each visible line's part of `range`, `thickness` pixels thick, its top
    /// `gap` pixels below the baseline, on whole pixels and cut to the clip.
    func underlineShapes(for range: Range<Int>, thickness: Double, gap: Double, color: Color) -> [ShapeFill] {
        let textLeft = band.minX - textLayout.scrollX, textTop = band.minY - textLayout.scrollY
        return textLayout.rects(for: range, inLines: visibleLines).compactMap {
            let line = $0.offsetBy(dx: textLeft, dy: textTop)
            let top = (line.minY + textLayout.baselineInLine + gap).rounded()
            let left = line.minX.rounded(), right = line.maxX.rounded()
            let rect = Rect(x: left, y: top, width: right - left, height: max(1, thickness.rounded())).intersection(clip)
            return rect.width > 0 && rect.height > 0 ? ShapeFill(path: .rectangle(rect), color: color) : nil
        }
    }

    /// What marks `composed`'s preedit: the highlighted segments' backgrounds (drawn under the
    /// text, as a selection is) and every segment's underline, 1 px at scale 1 and 2 px under a
    /// highlighted segment, as GTK's entries underline a preedit and mark its converted part.
    func compositionShapes(_ composed: ComposedText, scale: Double, underline: Color,
                           highlight: Color) -> (backgrounds: [ShapeFill], underlines: [ShapeFill]) {
        var backgrounds: [ShapeFill] = [], underlines: [ShapeFill] = []
        let start = composed.range.lowerBound
        for segment in composed.preedit.segments {
            let range = (start + segment.range.lowerBound)..<(start + segment.range.upperBound)
            let highlighted = segment.emphasis == .highlighted
            if highlighted { backgrounds += selectionShapes(for: range, color: highlight) }
            underlines += underlineShapes(for: range, thickness: (highlighted ? 2 : 1) * scale, gap: 2 * scale, color: underline)
        }
        return (backgrounds, underlines)
    }
}
