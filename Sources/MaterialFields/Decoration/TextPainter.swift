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
    /// Where styled runs' fonts draw underlines and strikethroughs; nil: estimated from the layout.
    var measurer: TextMeasuring? = nil
    /// How runs' own colours show: as set, faded with a disabled field's text, or not at all in
    /// high contrast (forced colours: the scheme's text colour, no backgrounds), as an app's
    /// colours give way there.
    var runColors = RunColors.asSet

    enum RunColors: Equatable {
        case asSet
        case faded(alpha: Double)
        case forced

        /// A run's colour as drawn; nil: the field's own colour instead.
        func apply(_ color: Color?) -> Color? {
            guard let color else { return nil }
            switch self {
            case .asSet: return color
            case .faded(let alpha): return color.withAlpha(color.alpha * alpha)
            case .forced: return nil
            }
        }
    }

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
    /// order; styled text a run per style within those (each in its font and colour, `color`
    /// where it sets none), with the text around it as shaping context where it meets another
    /// style, and a run per cluster where it is kerned.
    func textRuns(color: Color) -> [TextRun] {
        let textLeft = textLeft, textTop = textTop
        var runs: [TextRun] = []
        for line in visibleLines {
            let baseline = (textTop + textLayout.top(ofLine: line) + textLayout.baselineInLine).rounded()
            for run in textLayout.visualRuns(onLine: line, meeting: textLayout.scrollX, textLayout.scrollX + band.width) {
                guard textLayout.styles != nil else {
                    let x = textLeft + run.x
                    runs.append(TextRun(text: String(clusters: textLayout.characters[run.clusters]), origin: Point(x: x.rounded(), y: baseline),
                                        font: textLayout.font, color: color, direction: run.direction))
                    continue
                }
                for piece in styledPieces(of: run) {
                    let colours = colourSpans(in: piece.clusters, color: color)
                    if piece.kern != 0 {
                        // Kerned: each cluster at its own stop, with its neighbours as context.
                        for cluster in piece.clusters {
                            let clusterColor = colours.first { $0.clusters.contains(cluster) }?.color ?? color
                            runs.append(TextRun(text: String(textLayout.characters[cluster]),
                                                origin: Point(x: (textLeft + left(of: cluster..<(cluster + 1), in: run)).rounded(), y: baseline),
                                                font: piece.font, color: clusterColor, direction: run.direction,
                                                contextBefore: ShapingContext.before(cluster, in: textLayout.characters),
                                                contextAfter: ShapingContext.after(cluster + 1, in: textLayout.characters)))
                        }
                        continue
                    }
                    let text = String(clusters: textLayout.characters[piece.clusters])
                    let origin = Point(x: (textLeft + piece.x).rounded(), y: baseline)
                    guard colours.count > 1 else {
                        runs.append(TextRun(text: text, origin: origin, font: piece.font, color: colours.first?.color ?? color,
                                            direction: run.direction, contextBefore: piece.before, contextAfter: piece.after))
                        continue
                    }
                    // Several colours, one shaping: the piece once per colour, clipped to its clusters
                    // on whole pixels (neighbours share an edge, so no pixel is drawn twice); the
                    // piece's outer ends are left open for glyphs that overhang them.
                    let pieceLeft = textLeft + piece.x
                    let pieceRight = pieceLeft + textLayout.caretStops[piece.clusters.upperBound] - textLayout.caretStops[piece.clusters.lowerBound]
                    for span in colours {
                        let spanLeft = textLeft + left(of: span.clusters, in: run)
                        let spanRight = spanLeft + textLayout.caretStops[span.clusters.upperBound] - textLayout.caretStops[span.clusters.lowerBound]
                        let x0 = abs(spanLeft - pieceLeft) < 0.5 ? spanLeft - Self.overhang : spanLeft.rounded()
                        let x1 = abs(spanRight - pieceRight) < 0.5 ? spanRight + Self.overhang : spanRight.rounded()
                        runs.append(TextRun(text: text, origin: origin, font: piece.font, color: span.color, direction: run.direction,
                                            contextBefore: piece.before, contextAfter: piece.after,
                                            clip: Rect(x: x0.rounded(.down), y: baseline - 4 * textLayout.lineHeight,
                                                       width: x1.rounded(.up) - x0.rounded(.down), height: 8 * textLayout.lineHeight)))
                    }
                }
            }
        }
        return runs
    }

    /// How far past a piece's outer ends a glyph may paint (italics, accents), as the canvas allows.
    private static let overhang = 32.0

    /// A piece of a visual run: clusters of one shaping run (`TextLayout.shapingRuns`: one font
    /// and kern), its left end (from the line's start, as the run's), font, kern and shaping
    /// context, the text either side where it meets another font or kern, as the layout measured it.
    private struct Piece {
        var clusters: Range<Int>
        var x: Double
        var font: FontSpec
        var kern: Double
        var before: String
        var after: String
    }

    /// A visual run cut where its font or kern changes.
    private func styledPieces(of run: TextLayout.VisualRun) -> [Piece] {
        guard let styles = textLayout.styles else { return [Piece(clusters: run.clusters, x: run.x, font: textLayout.font, kern: 0, before: "", after: "")] }
        var pieces: [Piece] = []
        var start = 0
        for (length, font, kern) in TextLayout.shapingRuns(styles, font: textLayout.font) {
            let end = start + length
            let lower = max(start, run.clusters.lowerBound), upper = min(end, run.clusters.upperBound)
            if lower < upper {
                let before = lower == start && start > 0 ? ShapingContext.before(start, in: textLayout.characters) : ""
                let after = upper == end && end < textLayout.count ? ShapingContext.after(end, in: textLayout.characters) : ""
                pieces.append(Piece(clusters: lower..<upper, x: left(of: lower..<upper, in: run), font: font, kern: kern,
                                    before: before, after: after))
            }
            if end >= run.clusters.upperBound { break }
            start = end
        }
        return pieces
    }

    /// The clusters of `range` cut where the colour they are drawn in changes, with that colour.
    private func colourSpans(in range: Range<Int>, color: Color) -> [(clusters: Range<Int>, color: Color)] {
        guard let styles = textLayout.styles else { return [(range, color)] }
        var spans: [(clusters: Range<Int>, color: Color)] = []
        var start = 0
        for (length, attributes) in zip(styles.lengths, styles.values) {
            let end = start + length
            let lower = max(start, range.lowerBound), upper = min(end, range.upperBound)
            if lower < upper {
                let drawn = runColors.apply(attributes.foregroundColor) ?? color
                if let last = spans.last, last.color == drawn, last.clusters.upperBound == lower {
                    spans[spans.count - 1].clusters = last.clusters.lowerBound..<upper
                } else {
                    spans.append((lower..<upper, drawn))
                }
            }
            if end >= range.upperBound { break }
            start = end
        }
        return spans
    }

    /// The left end (from the line's start) of clusters `range` inside the visual run `run`: a
    /// right-to-left run's clusters go leftward from its right end.
    private func left(of range: Range<Int>, in run: TextLayout.VisualRun) -> Double {
        let stops = textLayout.caretStops
        if run.direction == .rightToLeft { return run.x + stops[run.clusters.upperBound] - stops[range.upperBound] }
        return run.x + stops[range.lowerBound] - stops[run.clusters.lowerBound]
    }

    /// What styled runs paint besides their glyphs: background colours (the line's height, under
    /// the selection) and underlines and strikethroughs (over the text), for the visible lines,
    /// on whole pixels and cut to the clip. The underline and strikethrough take each run's font's
    /// own position and thickness: `.thick` doubles it, `.double` draws two lines a thickness apart.
    func styleShapes(color: Color) -> (backgrounds: [ShapeFill], lines: [ShapeFill]) {
        guard let styles = textLayout.styles else { return ([], []) }
        let textLeft = textLeft, textTop = textTop
        var backgrounds: [ShapeFill] = [], lines: [ShapeFill] = []
        let shown = visibleLines
        var start = 0
        for (length, attributes) in zip(styles.lengths, styles.values) {
            defer { start += length }
            let range = start..<(start + length)
            guard runColors.apply(attributes.backgroundColor) != nil || attributes.underlineStyle != nil || attributes.strikethroughStyle != nil else { continue }
            let font = textLayout.font.styled(attributes)
            let metrics = measurer?.decorationMetrics(for: font)
                ?? DecorationMetrics.estimated(for: LineMetrics(ascent: font.pixelSize * 0.93, descent: font.pixelSize * 0.24), pixelSize: font.pixelSize)
            let foreground = runColors.apply(attributes.foregroundColor) ?? color
            for line in shown {
                let clusters = textLayout.lines[line].clusters
                let lower = max(range.lowerBound, clusters.lowerBound), upper = min(range.upperBound, clusters.upperBound)
                guard lower < upper else { continue }
                let part = lower..<upper
                let lineTop = textTop + textLayout.top(ofLine: line)
                let baseline = (lineTop + textLayout.baselineInLine).rounded()
                for rect in textLayout.rects(for: part, inLines: line..<(line + 1)) {
                    let left = (textLeft + rect.minX).rounded(), right = (textLeft + rect.maxX).rounded()
                    guard right > left else { continue }
                    if let background = runColors.apply(attributes.backgroundColor) {
                        let top = lineTop.rounded(), bottom = (lineTop + textLayout.lineHeight).rounded()
                        add(Rect(x: left, y: top, width: right - left, height: bottom - top), background, to: &backgrounds)
                    }
                    if let style = attributes.underlineStyle {
                        let top = baseline + metrics.underlineOffset
                        for band in Self.strokes(style, top: top, thickness: metrics.underlineThickness, downward: true) {
                            add(Rect(x: left, y: band.top, width: right - left, height: band.height),
                                runColors.apply(attributes.underlineColor) ?? foreground, to: &lines)
                        }
                    }
                    if let style = attributes.strikethroughStyle {
                        let top = baseline - metrics.strikethroughOffset
                        for band in Self.strokes(style, top: top, thickness: metrics.strikethroughThickness, downward: false) {
                            add(Rect(x: left, y: band.top, width: right - left, height: band.height),
                                runColors.apply(attributes.strikethroughColor) ?? foreground, to: &lines)
                        }
                    }
                }
            }
        }
        return (backgrounds, lines)
    }

    /// The rectangles one line style paints from `top`: thick grows away from the text (down for
    /// an underline, around the middle for a strikethrough), double adds a second line a
    /// thickness past the first.
    private static func strokes(_ style: LineStyle, top: Double, thickness: Double, downward: Bool) -> [(top: Double, height: Double)] {
        let thickness = max(1, thickness.rounded())
        switch style {
        case .single: return [(top, thickness)]
        case .thick: return [(downward ? top : top - (thickness / 2).rounded(.down), thickness * 2)]
        case .double:
            return downward ? [(top, thickness), (top + thickness * 2, thickness)]
                : [(top - thickness, thickness), (top + thickness, thickness)]
        }
    }

    private func add(_ rect: Rect, _ color: Color, to shapes: inout [ShapeFill]) {
        let clipped = rect.intersection(clip)
        guard clipped.width > 0, clipped.height > 0, color.alpha > 0 else { return }
        shapes.append(ShapeFill(path: .rectangle(clipped), color: color))
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
