// Styled runs in the layout: each run measured in its own font plus its kern, the line's height
// and baseline from the tallest run, and a change of styles alone measured again where it changed.
extension TextLayout {
    /// `styles` made to cover `count` clusters exactly; nil when nothing is styled.
    static func fitted(_ styles: AttributeRuns?, count: Int) -> AttributeRuns? {
        guard let styles, !styles.isPlain, count > 0 else { return nil }
        guard styles.count != count else { return styles }
        var fitted = styles.slice(0..<count)
        if fitted.count < count { fitted.append(count - fitted.count, .none) }
        return fitted.isPlain ? nil : fitted
    }

    /// The attributes of the cluster at `index` (`.none` for plain text).
    public func attributes(at index: Int) -> TextAttributes { styles?.attributes(at: index) ?? .none }

    /// The runs the shaper sees: neighbouring style runs merged where they differ in nothing that
    /// changes glyphs or advances (colours, backgrounds, lines), so a colour boundary does not
    /// split shaping (pair kerning and joining across it stay whole).
    package static func shapingRuns(_ styles: AttributeRuns, font: FontSpec) -> [(length: Int, font: FontSpec, kern: Double)] {
        var runs: [(length: Int, font: FontSpec, kern: Double)] = []
        for (length, attributes) in zip(styles.lengths, styles.values) {
            let styled = font.styled(attributes), kern = Self.kern(of: attributes)
            if let last = runs.last, last.font == styled, last.kern == kern {
                runs[runs.count - 1].length += length
            } else {
                runs.append((length, styled, kern))
            }
        }
        return runs
    }

    /// The segments measuring clusters `range` of `characters` (both in the layout's coordinates
    /// after any edit): one per shaping run (`shapingRuns`), each with the text around it where it
    /// meets another font or kern as its shaping context. Nil for plain text.
    package static func segments(_ styles: AttributeRuns?, in range: Range<Int>, of characters: [Character],
                         font: FontSpec) -> [StyledSegment]? {
        guard let styles, !range.isEmpty else { return nil }
        var result: [StyledSegment] = []
        var start = 0
        for (length, runFont, kern) in shapingRuns(styles, font: font) {
            let end = start + length
            let lower = max(start, range.lowerBound), upper = min(end, range.upperBound)
            if lower < upper {
                var segment = StyledSegment(count: upper - lower, font: runFont, kern: kern)
                if lower == start && start > 0 { segment.contextBefore = ShapingContext.before(start, in: characters) }
                if upper == end && end < characters.count { segment.contextAfter = ShapingContext.after(end, in: characters) }
                result.append(segment)
            }
            if end >= range.upperBound { break }
            start = end
        }
        return result
    }

    /// A run's kern, finite.
    package static func kern(of attributes: TextAttributes) -> Double {
        guard let kern = attributes.kern, kern.isFinite else { return 0 }
        return kern
    }

    /// The tallest ascent and descent among `font` and every run's font (each measured once).
    static func verticalExtent(of styles: AttributeRuns?, font: FontSpec, measurer: TextMeasuring) -> LineMetrics {
        let base = measurer.lineMetrics(for: font)
        guard let styles else { return base }
        var ascent = base.ascent, descent = base.descent
        var seen: Set<FontSpec> = [font]
        for attributes in styles.values {
            let styled = font.styled(attributes)
            guard seen.insert(styled).inserted else { continue }
            let metrics = measurer.lineMetrics(for: styled)
            if metrics.ascent.isFinite { ascent = max(ascent, metrics.ascent) }
            if metrics.descent.isFinite { descent = max(descent, metrics.descent) }
        }
        return LineMetrics(ascent: ascent, descent: descent)
    }

    /// Baseline, caret inset and caret height from the tallest run, centred in `lineHeight` (a
    /// line shorter than the tallest run lets it overflow evenly above and below).
    mutating func placeVertically(measurer: TextMeasuring) {
        let metrics = Self.verticalExtent(of: styles, font: font, measurer: measurer)
        // Not rounded here: a line's top may be fractional, and the renderer rounds the sum once.
        baselineInLine = (lineHeight - (metrics.ascent + metrics.descent)) / 2 + metrics.ascent
        caretInset = baselineInLine - metrics.ascent
        caretHeight = metrics.ascent + metrics.descent
    }

    /// New styles for the same text (bold on a selection, a colour set): only the clusters whose
    /// styles changed are measured again (with their words, as an edit is), the rest keep their
    /// widths; the lines after wrap again from there.
    public mutating func restyle(_ newStyles: AttributeRuns?, measurer: TextMeasuring) {
        let fitted = Self.fitted(newStyles, count: count)
        guard fitted != styles else { return }
        let old = styles ?? AttributeRuns(count: count), new = fitted ?? AttributeRuns(count: count)
        guard let changed = Self.changedRange(old, new) else {
            styles = fitted
            return
        }
        styles = fitted
        placeVertically(measurer: measurer)
        replacing(changed, with: text.characters(in: changed)[...], styles: new.slice(changed), measurer: measurer)
    }

    /// The smallest range of clusters outside which `a` and `b` (of one length) agree; nil when equal.
    static func changedRange(_ a: AttributeRuns, _ b: AttributeRuns) -> Range<Int>? {
        let total = min(a.count, b.count)
        guard a != b, total > 0 else { return nil }
        func firstDifference(_ x: [(Int, TextAttributes)], _ y: [(Int, TextAttributes)]) -> Int {
            var i = 0, j = 0, position = 0, leftX = x.first?.0 ?? 0, leftY = y.first?.0 ?? 0
            while i < x.count && j < y.count {
                if x[i].1 != y[j].1 { return position }
                let step = min(leftX, leftY)
                position += step
                leftX -= step
                leftY -= step
                if leftX == 0 { i += 1; leftX = i < x.count ? x[i].0 : 0 }
                if leftY == 0 { j += 1; leftY = j < y.count ? y[j].0 : 0 }
            }
            return position
        }
        let forwardA = Array(zip(a.lengths, a.values)), forwardB = Array(zip(b.lengths, b.values))
        let first = firstDifference(forwardA, forwardB)
        let last = total - firstDifference(forwardA.reversed(), forwardB.reversed())
        return first < last ? first..<last : first..<min(total, first + 1)
    }
}
