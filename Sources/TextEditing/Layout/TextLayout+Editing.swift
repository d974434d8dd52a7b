extension TextLayout {
    /// Replaces clusters `range` with `newCharacters`, measuring only the pages they touch (and
    /// any cluster whose bidi level changed) and wrapping again only the lines around them (see
    /// `replacingMeasured`); the rest keep their widths and breaks. `range` comes from
    /// `AppliedEdit.oldClusters`.
    ///
    /// - Parameter newStyles: the styles of `newCharacters` (resolved, as `styles`); nil: they take
    ///   the styles of the cluster before them (after them at the start), as UIKit's typing does.
    public mutating func replacing(_ range: Range<Int>, with newCharacters: ArraySlice<Character>, styles newStyles: AttributeRuns? = nil,
                                   measurer: TextMeasuring) {
        replacedWhole = nil
        let lower = min(max(range.lowerBound, 0), count), upper = min(max(range.upperBound, lower), count)
        var joined = text
        let change = joined.replaceSubrange(lower..<upper, with: Rope(String(newCharacters)))
        adoptedText = joined
        defer { adoptedText = nil }
        guard joined.count != count - (upper - lower) + newCharacters.count else {
            replacing(lower..<upper, with: newCharacters, text: nil, styles: newStyles, measurer: measurer)
            return
        }
        // Clusters that join their neighbours (a line feed after a carriage return, a combining
        // mark after a letter, a preedit's first character): the edit is widened to the clusters
        // the text now has there, so count, styles and levels stay those of the text.
        let window = change.window
        let clusters = joined.characters(in: window.lowerBound..<(window.lowerBound + change.newCount))
        var widenedStyles: AttributeRuns?
        if let newStyles {
            let old = styles ?? AttributeRuns(count: count)
            let inserted = Self.fitted(newStyles, count: newCharacters.count) ?? AttributeRuns(count: newCharacters.count)
            let runs = AttributeRuns(old.slice(window.lowerBound..<lower).pairs + inserted.pairs + old.slice(upper..<window.upperBound).pairs)
            widenedStyles = Self.fitted(runs, count: clusters.count) ?? AttributeRuns(count: clusters.count)
        }
        replacing(window, with: clusters[...], text: nil, styles: widenedStyles, measurer: measurer)
    }

    /// The same with the new clusters as a rope (a slice of the field's own): left-to-right text
    /// with nothing that may read right to left goes to the pages without a cluster array, so a
    /// paste of megabytes costs its pages, not an array of its clusters.
    ///
    /// - Parameter whole: the whole text after the edit, when the caller keeps it as a rope (a
    ///   field's own): the layout then shares it rather than keeping a copy.
    public mutating func replacing(_ range: Range<Int>, withText newText: Rope, whole: Rope? = nil, styles newStyles: AttributeRuns? = nil,
                                   measurer: TextMeasuring) {
        let lower = min(max(range.lowerBound, 0), count), upper = min(max(range.upperBound, lower), count)
        let replaced = replacedWhole
        replacedWhole = nil
        if lower == 0, upper == count, let whole, let replaced, restore(replaced.layout, as: whole, styles: newStyles) { return }
        var whole = whole
        let newCount = count - (upper - lower) + newText.count
        if whole?.count != newCount {
            var joined = text
            joined.replaceSubrange(lower..<upper, with: newText)
            // Clusters that join their neighbours: the edit is widened (see the other `replacing`).
            guard joined.count == newCount else {
                replacing(lower..<upper, with: newText.characters(in: 0..<newText.count)[...], styles: newStyles, measurer: measurer)
                return
            }
            whole = joined
        }
        if lower == 0, upper == count, count >= ReplacedLayout.minimumCount { replacedWhole = ReplacedLayout(self) }
        adoptedText = whole
        defer { adoptedText = nil }
        if levels == nil, direction == .leftToRight, !Self.mayBeRightToLeft(newText) {
            replacing(range, with: [], text: newText, styles: newStyles, measurer: measurer)
        } else {
            replacing(range, with: newText.characters(in: 0..<newText.count)[...], text: nil, styles: newStyles, measurer: measurer)
        }
    }

    /// Becomes `saved` when `whole` is its very rope and it was laid out as this layout would lay
    /// it out now (font, line height, wrap width, direction, styles); keeps this layout's
    /// alignment and scroll (the caller scrolls to the caret).
    private mutating func restore(_ saved: TextLayout, as whole: Rope, styles newStyles: AttributeRuns?) -> Bool {
        guard whole.isIdentical(to: saved.text), saved.font == font, saved.lineHeight == lineHeight, saved.wrapWidth == wrapWidth,
              saved.direction == direction else { return false }
        let styles = newStyles.flatMap { Self.fitted($0, count: whole.count) }
        guard styles == saved.styles else { return false }
        var restored = saved
        restored.align(alignment, in: alignmentWidth, inset: alignmentInset)
        restored.scrollX = scrollX
        restored.scrollY = scrollY
        restored.replacedWhole = ReplacedLayout(self)
        restored.lastEditCost = EditCost()
        self = restored
        return true
    }

    /// `newText`, when given, is the text of `newCharacters` (then not given), which is plain
    /// left to right, and the layout has no levels.
    private mutating func replacing(_ range: Range<Int>, with newCharacters: ArraySlice<Character>, text newText: Rope?,
                                    styles newStyles: AttributeRuns?, measurer: TextMeasuring) {
        lastEditCost = EditCost()
        if measurerBox.measurer !== measurer { measurerBox = LayoutMeasurer(measurer) }
        let newCount = newText?.count ?? newCharacters.count
        let lower = min(max(range.lowerBound, 0), count), upper = min(max(range.upperBound, lower), count)
        if styles != nil || newStyles.map({ !$0.isPlain }) == true {
            var all = styles ?? AttributeRuns(count: count)
            var inserted = newStyles.map { Self.fitted($0, count: newCount) ?? AttributeRuns(count: newCount) }
                ?? AttributeRuns(count: newCount, attributes: all.attributes(at: lower > 0 ? lower - 1 : upper))
            if inserted.count != newCount { inserted = AttributeRuns(count: newCount) }
            all.replaceSubrange(lower..<upper, with: inserted)
            styles = Self.fitted(all, count: count - (upper - lower) + newCount)
            placeVertically(measurer: measurer)
        }
        if let newText {
            replacingMeasured(lower..<upper, with: newText)
            return
        }
        // A right-to-left line is scrolled from its right end, where it starts: what it gains or
        // loses moves the view with it, as a left-to-right line's view stays put at its left.
        let oldWidth = width
        defer { if wrapWidth == nil && direction == .rightToLeft { scrollX += width - oldWidth } }
        // Bidi levels reach across a paragraph (one strong letter turns the numbers and spaces
        // around it): the paragraphs the edit touches are resolved again, and every cluster of
        // them whose direction changed is measured again with the edit.
        let hadHazards = bidiHazards != 0
        if let hazards = bidiHazards {
            bidiHazards = hazards - Self.bidiHazardCount(text.slice(lower..<upper)) + Self.bidiHazardCount(newCharacters)
        }
        if levels != nil, !hadHazards, bidiHazards == 0, replacingWithinBidiWindow(lower..<upper, with: newCharacters, measurer: measurer) {
            return
        }
        if levels != nil || direction == .rightToLeft || Self.mayBeRightToLeft(newCharacters) {
            var start = lower, end = upper
            // The cursor holds a copy of the layout (its levels too): it is gone before they change.
            do {
                var cursor = ClusterCursor(self)
                while start > 0, !cursor.isNewline(start - 1) { start -= 1 }
                while end < count, !cursor.isNewline(end) { end += 1 }
            }
            let paragraphs = characters.array(start..<lower) + newCharacters + characters.array(upper..<end)
            let resolved = Self.paragraphLevels(paragraphs[...], direction: direction, measurer: measurer)
            lastEditCost.clustersResolved = paragraphs.count
            let shift = newCharacters.count - (upper - lower)
            var first = lower, last = upper
            if var all = levels {
                // A cluster measured in another run (its level changed) is measured again.
                if let changed = (start..<lower).first(where: { all[$0] != resolved[$0 - start] }) { first = changed }
                if let changed = (upper..<end).last(where: { all[$0] != resolved[$0 + shift - start] }) { last = changed + 1 }
                all.replaceSubrange(start..<end, with: resolved)
                levels = all
                // The last character that could open right-to-left text deleted: no levels again
                // (the whole text is looked at only after a deletion of such a character).
                if direction == .leftToRight && Self.mayBeRightToLeft(text.slice(lower..<upper))
                    && !Self.mayBeRightToLeft(paragraphs[...]) {
                    var all = text.characters(in: 0..<count)
                    all.replaceSubrange(lower..<upper, with: newCharacters)
                    if !Self.mayBeRightToLeft(all) {
                        levels = nil
                        bidiHazards = nil
                    }
                }
            } else {
                // The first character that can open right-to-left text: every paragraph gets levels.
                var all = text.characters(in: 0..<count)
                all.replaceSubrange(lower..<upper, with: newCharacters)
                levels = Self.resolveLevels(all, string: Self.joined(all[...]), direction: direction, measurer: measurer)
                bidiHazards = levels == nil ? nil : Self.bidiHazardCount(all[...])
                first = start
                last = end
            }
            replacingShaped(first..<last, with: paragraphs[(first - start)..<(last + shift - start)], measurer: measurer)
            return
        }
        replacingShaped(lower..<upper, with: newCharacters, measurer: measurer)
    }

    /// The edit resolved again only between the nearest letters either side of it, when that
    /// gives the levels resolving its whole paragraph would: false (nothing changed) otherwise.
    ///
    /// Without explicit embeddings, overrides, isolates and brackets anywhere in the text (UAX #9's
    /// rules that reach across a paragraph: X1-X10's stack, N0's pairs), a cluster's level depends
    /// only on the paragraph's level and the text between the strong characters around it: the
    /// weak rules (W1-W7) look back to the previous strong type, the neutral rules (N1, N2) at the
    /// strong types either side of a neutral run, and the line-end rule (L1) at what follows
    /// whitespace up to a segment separator or the paragraph's end. A window from a letter before
    /// the edit (or its paragraph's start) to a letter after it (or its paragraph's end) is then
    /// resolved as a paragraph of the same level exactly as inside the whole one, and the levels
    /// outside it stay what they were. A letter here is one of a few scalars every resolver
    /// (FriBidi, `Bidi.simplifiedLevels`) agrees is strong: ASCII, Hebrew and Arabic letters.
    private mutating func replacingWithinBidiWindow(_ range: Range<Int>, with newCharacters: ArraySlice<Character>,
                                                    measurer: TextMeasuring) -> Bool {
        let lower = range.lowerBound, upper = range.upperBound
        guard levels != nil, !text.slice(lower..<upper).contains(where: \.isNewline), !newCharacters.contains(where: \.isNewline) else {
            return false
        }
        let reach = Self.bidiWindowReach
        var start = lower, end = upper
        // The cursor holds a copy of the layout (its levels too): it is gone before they change.
        do {
            var cursor = ClusterCursor(self)
            while true {
                if start == 0 || cursor.isNewline(start - 1) { break }
                if lower - start >= reach { return false }
                start -= 1
                if Self.isWindowEdge(cursor[start]) { break }
            }
            while true {
                if end == count || cursor.isNewline(end) { break }
                if end - upper >= reach { return false }
                end += 1
                if Self.isWindowEdge(cursor[end - 1]) { break }
            }
        }
        let window = characters.array(start..<lower) + newCharacters + characters.array(upper..<end)
        // The last character that could open right-to-left text deleted from a left-to-right
        // text: the whole text is looked at (by the paragraph path).
        if direction == .leftToRight && Self.mayBeRightToLeft(text.slice(lower..<upper)) && !Self.mayBeRightToLeft(window[...]) {
            return false
        }
        let resolved = window.isEmpty ? [] : measurer.bidiLevels(of: Substring(Self.joined(window[...])), base: direction)
        guard resolved.count == window.count else { return false }
        lastEditCost.clustersResolved = window.count
        let shift = newCharacters.count - (upper - lower)
        var first = lower, last = upper
        // A cluster measured in another run (its level changed) is measured again.
        if let changed = (start..<lower).first(where: { levels![$0] != resolved[$0 - start] }) { first = changed }
        if let changed = (upper..<end).last(where: { levels![$0] != resolved[$0 + shift - start] }) { last = changed + 1 }
        levels!.replaceSubrange(start..<end, with: resolved)
        replacingShaped(first..<last, with: window[(first - start)..<(last + shift - start)], measurer: measurer)
        return true
    }

    /// How far a bidi window looks for a letter either side of an edit before the edit's whole
    /// paragraph is resolved instead.
    static let bidiWindowReach = 512

    /// Scalars every resolver takes as strong (bidi classes L, R, AL), alone in their cluster.
    private static func isWindowEdge(_ cluster: Character) -> Bool {
        let scalars = cluster.unicodeScalars
        guard let scalar = scalars.first, scalars.count == 1 else { return false }
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0x05D0...0x05EA, 0x0620...0x063A, 0x0641...0x064A: return true
        default: return false
        }
    }

    /// Clusters that make bidi levels reach across a paragraph: explicit embeddings, overrides
    /// and isolates, and brackets (every paired bracket is a mirrored character).
    static func bidiHazardCount<C: Sequence>(_ clusters: C) -> Int where C.Element == Character {
        var hazards = 0
        for cluster in clusters where !cluster.isASCII || !(cluster.isLetter || cluster.isNumber || cluster == " ") {
            if cluster.unicodeScalars.contains(where: { (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value)
                || $0.properties.isBidiMirrored }) {
                hazards += 1
            }
        }
        return hazards
    }

    /// Replaces clusters `range` (`levels` already describe the new text). The pages the edit
    /// touches are measured again whole, so the words either side of it are shaped with it.
    private mutating func replacingShaped(_ range: Range<Int>, with newCharacters: ArraySlice<Character>, measurer: TextMeasuring) {
        replacingMeasured(range, with: Rope(String(newCharacters)))
    }

    /// How far a visual run is widened either side to the nearest space (`VisualLine.runs`), so
    /// drawing part of a line shapes whole words.
    static let shapingReach = 256

    private mutating func replacingMeasured(_ range: Range<Int>, with newText: Rope) {
        visualLines = VisualLineCache()
        let lower = range.lowerBound, upper = range.upperBound
        let oldCount = count
        // The pages the old range touched, with the one before it when the edit starts a page (its
        // last word may join the new text) and the one after it when the edit ends one.
        var firstPage = 0, endPage = 0
        if !pages.isEmpty {
            firstPage = pages.page(containing: max(0, lower - 1))
            endPage = pages.page(containing: min(upper, oldCount - 1)) + 1
        }
        let regionStart = pages.clusterStarts[firstPage], oldRegionEnd = pages.clusterStarts[endPage]
        if let adopted = adoptedText, adopted.count == oldCount - (upper - lower) + newText.count {
            text = adopted
        } else {
            text.replaceSubrange(lower..<upper, with: newText)
        }
        adoptedText = nil
        // Every stop of the pages measured again may have moved (a shaper joins the edit to the
        // words either side), so lines wrap again over all of them.
        let newRegionEnd = oldRegionEnd + count - oldCount
        let made = makePages(in: regionStart..<newRegionEnd)
        lastEditCost.pagesMeasured = made.count
        pages.replace(firstPage..<endPage, with: made)
        guard wrapWidth != nil else {
            lines = [TextLine(clusters: 0..<count)]
            return
        }
        // Wrapping starts again two lines before the edit's (a line's end reads the clusters up
        // to the next line's end, so the edit may pull a word back onto either), from a line start
        // that is still one, and ends where a new line starts where an old line after the edit
        // started: from there on the text and its stops' differences are the old ones, so the
        // old lines follow, shifted. A keystroke in a long paragraph wraps a few lines.
        var firstLine = lineIndex(of: regionStart, upstream: true)
        var back = 0
        while back < 2, firstLine > 0 {
            firstLine -= 1
            back += 1
        }
        let shift = count - oldCount
        var rewrapped: [TextLine] = []
        // Room for the lines the new pages make: their width over the wrap width, and a quarter
        // more (a line holds less than the width: its next word goes on), one a line break, at
        // most one a cluster. A paste of megabytes then wraps into one array, never a copy.
        let madeWidth = made.reduce(0) { $0 + $1.width }
        let breaks = text.line(containing: newRegionEnd) - text.line(containing: regionStart)
        let estimate = min(madeWidth / max(wrapWidth!, 1) * 1.25 + Double(breaks), Double(newRegionEnd - regionStart))
        if estimate.isFinite { rewrapped.reserveCapacity(Int(estimate) + 16) }
        var lineStart = lines[firstLine].clusters.lowerBound
        // The first old line that may start where a new one does (old coordinates).
        var oldLine = firstLine + 1
        var resumeLine = lines.count
        // The cursor holds a copy of the layout: it is gone before the lines change.
        do {
            var cursor = ClusterCursor(self)
            while true {
                let (end, endsParagraph) = line(from: lineStart, limit: wrapWidth!, cursor: &cursor)
                // Grown by a quarter, not doubled: a paste of megabytes wraps hundreds of thousands
                // of lines, and a doubled array's old and new buffers, and its spare half, are
                // megabytes more at the paste's peak.
                if rewrapped.count == rewrapped.capacity { rewrapped.reserveCapacity(rewrapped.count + max(256, rewrapped.count / 4)) }
                rewrapped.append(TextLine(clusters: lineStart..<end))
                if endsParagraph && end == count { break }
                lineStart = endsParagraph ? end + 1 : end
                guard lineStart >= newRegionEnd else { continue }
                while oldLine < lines.count, lines[oldLine].clusters.lowerBound < oldRegionEnd
                        || lines[oldLine].clusters.lowerBound + shift < lineStart {
                    oldLine += 1
                }
                if oldLine < lines.count, lines[oldLine].clusters.lowerBound + shift == lineStart {
                    resumeLine = oldLine
                    break
                }
            }
        }
        if shift != 0 {
            lines.withUnsafeMutableBufferPointer { lines in
                for index in resumeLine..<lines.count {
                    let clusters = lines[index].clusters
                    lines[index].clusters = (clusters.lowerBound + shift)..<(clusters.upperBound + shift)
                }
            }
        }
        lastEditCost.linesWrapped = rewrapped.count
        // Every line wrapped again (a paste into an empty area): the new lines are the lines, not
        // copied into the old array beside them.
        if firstLine == 0 && resumeLine == lines.count {
            lines = rewrapped
        } else {
            lines.replaceSubrange(firstLine..<resumeLine, with: rewrapped)
        }
    }
}
