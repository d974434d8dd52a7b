/// Paints the text being edited: its visible runs, the selection, the caret's rectangle and a text
/// area's edge fades. It reads the text layout and the band the text shows in, nothing of the
/// field.
struct TextPainter {
    let textLayout: TextLayout
    /// The text line in canvas pixels.
    let band: Rect
    /// What the text is clipped to (`FieldDecorator.textClip`).
    let clip: Rect
    let kind: FieldKind

    /// The lines that meet the band: a single line's only one.
    var visibleLines: Range<Int> {
        kind == .textArea ? textLayout.lines(meeting: textLayout.scrollY, textLayout.scrollY + band.height) : 0..<1
    }

    private var textLeft: Double { band.minX - textLayout.scrollX }
    private var textTop: Double { band.minY - textLayout.scrollY }

    /// A rectangle per visible line of `range`, on whole pixels vertically as the caret is (a line
    /// top may be fractional), cut to the clip.
    func selectionShapes(for range: Range<Int>, color: Color) -> [ShapeFill] {
        let textLeft = textLeft, textTop = textTop
        return textLayout.rects(for: range, inLines: visibleLines).compactMap {
            let line = $0.offsetBy(dx: textLeft, dy: textTop)
            let top = line.minY.rounded(), bottom = line.maxY.rounded()
            let rect = Rect(x: line.minX, y: top, width: line.width, height: bottom - top).intersection(clip)
            return rect.width > 0 && rect.height > 0 ? ShapeFill(path: .rectangle(rect), color: color) : nil
        }
    }

    /// The visible text: only the clusters that meet the band, from a small origin (X carries
    /// 16-bit positions). A line with right-to-left text in it is a run per direction, in visual
    /// order.
    func textRuns(color: Color) -> [TextRun] {
        let textLeft = textLeft, textTop = textTop
        var runs: [TextRun] = []
        for line in visibleLines {
            let baseline = textTop + textLayout.top(ofLine: line) + textLayout.baselineInLine
            for run in textLayout.visualRuns(onLine: line, meeting: textLayout.scrollX, textLayout.scrollX + band.width) {
                let x = textLeft + run.x
                runs.append(TextRun(text: String(textLayout.characters[run.clusters]), origin: Point(x: x.rounded(), y: baseline.rounded()),
                                    font: textLayout.font, color: color, direction: run.direction))
            }
        }
        return runs
    }

    /// A text area's 4 px fade at an edge with more text beyond it: strips of `background`,
    /// opaque at the edge. None for a single line.
    func fades(background: Color, scale: Double) -> [ShapeFill] {
        guard kind == .textArea else { return [] }
        var fades: [ShapeFill] = []
        let depth = 4 * scale
        let steps = max(1, Int(depth.rounded()))
        let step = depth / Double(steps)
        func fade(fromEdge edge: Double, inward direction: Double) {
            for index in 0..<steps {
                let near = edge + direction * Double(index) * step, far = near + direction * step
                fades.append(ShapeFill(path: .rectangle(Rect(x: band.minX, y: min(near, far), width: band.width, height: step)),
                                       color: background.withAlpha(1 - (Double(index) + 0.5) / Double(steps))))
            }
        }
        if textLayout.scrollY > 0.5 { fade(fromEdge: band.minY, inward: 1) }
        if textLayout.height - textLayout.scrollY - band.height > 0.5 { fade(fromEdge: band.maxY, inward: -1) }
        return fades
    }

    /// The caret at `offset` on whole pixels, kept inside the band horizontally even at the very
    /// end of a scrolled or full line, and whether it is vertically in the clip (a text area's
    /// caret may be scrolled out).
    func caretPlacement(at offset: Int, width: Double, upstream: Bool, after: Bool?) -> (rect: Rect, isInBand: Bool) {
        let rect = textLayout.caretRect(at: offset, width: width, upstream: upstream, after: after)
        let x = max(band.minX, min(textLeft + rect.minX, clip.maxX - width)).rounded()
        let y = (textTop + rect.minY).rounded()
        return (Rect(x: x, y: y, width: width, height: rect.height), y + rect.height > clip.minY && y < clip.maxY)
    }
}
