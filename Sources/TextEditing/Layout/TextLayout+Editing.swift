extension TextLayout {
    /// Replaces clusters `range` with `newCharacters`, measuring only those (with the rest of their
    /// words where shaping may join them, and any cluster whose level changed) and wrapping again
    /// only the lines around them (see `replacingMeasured`); the rest keep their widths and
    /// breaks. `range` comes from `AppliedEdit.oldClusters`.
    ///
    /// - Parameter newStyles: the styles of `newCharacters` (resolved, as `styles`); nil: they take
    ///   the styles of the cluster before them (after them at the start), as UIKit's typing does.
    public mutating func replacing(_ range: Range<Int>, with newCharacters: ArraySlice<Character>, styles newStyles: AttributeRuns? = nil,
                                   measurer: TextMeasuring) {
        lastEditCost = EditCost()
        let lower = min(max(range.lowerBound, 0), count), upper = min(max(range.upperBound, lower), count)
        if styles != nil || newStyles.map({ !$0.isPlain }) == true {
            var all = styles ?? AttributeRuns(count: count)
            var inserted = newStyles.map { Self.fitted($0, count: newCharacters.count) ?? AttributeRuns(count: newCharacters.count) }
                ?? AttributeRuns(count: newCharacters.count, attributes: all.attributes(at: lower > 0 ? lower - 1 : upper))
            if inserted.count != newCharacters.count { inserted = AttributeRuns(count: newCharacters.count) }
            all.replaceSubrange(lower..<upper, with: inserted)
            styles = Self.fitted(all, count: count - (upper - lower) + newCharacters.count)
            placeVertically(measurer: measurer)
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
            bidiHazards = hazards - Self.bidiHazardCount(characters[lower..<upper]) + Self.bidiHazardCount(newCharacters)
        }
        if levels != nil, !hadHazards, bidiHazards == 0, replacingWithinBidiWindow(lower..<upper, with: newCharacters, measurer: measurer) {
            return
        }
        if levels != nil || direction == .rightToLeft || Self.mayBeRightToLeft(newCharacters) {
            var start = lower, end = upper
            while start > 0, !characters[start - 1].isNewline { start -= 1 }
            while end < count, !characters[end].isNewline { end += 1 }
            let paragraphs = Array(characters[start..<lower]) + newCharacters + characters[upper..<end]
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
                if direction == .leftToRight && Self.mayBeRightToLeft(characters[lower..<upper])
                    && !Self.mayBeRightToLeft(paragraphs[...]) {
                    var all = characters
                    all.replaceSubrange(lower..<upper, with: newCharacters)
                    if !Self.mayBeRightToLeft(all[...]) {
                        levels = nil
                        bidiHazards = nil
                    }
                }
            } else {
                // The first character that can open right-to-left text: every paragraph gets levels.
                var all = characters
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
        guard levels != nil, !characters[lower..<upper].contains(where: \.isNewline), !newCharacters.contains(where: \.isNewline) else {
            return false
        }
        let reach = Self.bidiWindowReach
        var start = lower
        while true {
            if start == 0 || characters[start - 1].isNewline { break }
            if lower - start >= reach { return false }
            start -= 1
            if Self.isWindowEdge(characters[start]) { break }
        }
        var end = upper
        while true {
            if end == count || characters[end].isNewline { break }
            if end - upper >= reach { return false }
            end += 1
            if Self.isWindowEdge(characters[end - 1]) { break }
        }
        let window = Array(characters[start..<lower]) + newCharacters + characters[upper..<end]
        // The last character that could open right-to-left text deleted from a left-to-right
        // text: the whole text is looked at (by the paragraph path).
        if direction == .leftToRight && Self.mayBeRightToLeft(characters[lower..<upper]) && !Self.mayBeRightToLeft(window[...]) {
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
    static func bidiHazardCount(_ clusters: ArraySlice<Character>) -> Int {
        var hazards = 0
        for cluster in clusters where !cluster.isASCII || !(cluster.isLetter || cluster.isNumber || cluster == " ") {
            if cluster.unicodeScalars.contains(where: { (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value)
                || $0.properties.isBidiMirrored }) {
                hazards += 1
            }
        }
        return hazards
    }

    /// Replaces clusters `range` (`levels` already describe the new text), measuring the edit
    /// with the rest of the words either side: a shaper joins neighbouring clusters (Indic
    /// conjuncts, emoji sequences, marks, Arabic forms).
    private mutating func replacingShaped(_ range: Range<Int>, with newCharacters: ArraySlice<Character>, measurer: TextMeasuring) {
        var lower = range.lowerBound, upper = range.upperBound
        // With levels, every cluster of a right-to-left run is shaped, ASCII punctuation too.
        if levels != nil || !newCharacters.allSatisfy(\.isASCII) || (lower > 0 && !characters[lower - 1].isASCII)
            || (upper < count && !characters[upper].isASCII) {
            let reach = Self.shapingReach
            var before = lower, after = upper
            while before > 0, lower - before < reach, !characters[before - 1].isWhitespace { before -= 1 }
            while after < count, after - upper < reach, !characters[after].isWhitespace { after += 1 }
            if before < lower || after > upper {
                let widened = Array(characters[before..<lower]) + newCharacters + characters[upper..<after]
                lower = before
                upper = after
                replacingMeasured(lower..<upper, with: widened[...], measurer: measurer)
                return
            }
        }
        replacingMeasured(lower..<upper, with: newCharacters, measurer: measurer)
    }

    /// How far an edit's words are looked at either side (a word longer than this is measured
    /// again from within, which may move what follows by a fraction of a pixel).
    static let shapingReach = 256

    private mutating func replacingMeasured(_ range: Range<Int>, with newCharacters: ArraySlice<Character>, measurer: TextMeasuring) {
        visualLines = VisualLineCache()
        let lower = range.lowerBound, upper = range.upperBound
        let oldCount = count
        // The characters first: a styled run's shaping context reads the text around the edit.
        characters.replaceSubrange(lower..<upper, with: newCharacters)
        let newUpper = lower + newCharacters.count
        let local = Self.measure(newCharacters, levels: levels.map { Array($0[lower..<newUpper]) }, font: font,
                                 segments: Self.segments(styles, in: lower..<newUpper, of: characters, font: font), measurer: measurer)
        let start = caretStops[lower]
        let delta = start + (local.last ?? 0) - caretStops[upper]
        // In place: the stops after the edit move by the change in width, nothing is re-measured.
        // Through a buffer, because a paste or an edit near the start of a long text shifts
        // millions of stops, and element by element that costs seconds in a debug build.
        caretStops.replaceSubrange((lower + 1)..<(upper + 1), with: local.dropFirst())
        caretStops.withUnsafeMutableBufferPointer { stops in
            guard let base = stops.baseAddress else { return }
            if start != 0 {
                var index = lower + 1
                while index <= lower + newCharacters.count { base[index] += start; index += 1 }
            }
            if delta != 0 {
                var index = lower + newCharacters.count + 1
                while index < stops.count { base[index] += delta; index += 1 }
            }
        }
        guard wrapWidth != nil else {
            lines = [TextLine(clusters: 0..<count)]
            return
        }
        // Wrapping starts again two lines before the edit's (a line's end reads the clusters up
        // to the next line's end, so the edit may pull a word back onto either), from a line start
        // that is still one, and ends where a new line starts where an old line after the edit
        // started: from there on the text and its stops' differences are the old ones, so the
        // old lines follow, shifted. A keystroke in a long paragraph wraps a few lines.
        var firstLine = lineIndex(of: lower, upstream: true)
        var back = 0
        while back < 2, firstLine > 0 {
            firstLine -= 1
            back += 1
        }
        let shift = count - oldCount
        var rewrapped: [TextLine] = []
        var lineStart = lines[firstLine].clusters.lowerBound
        // The first old line that may start where a new one does (old coordinates).
        var oldLine = firstLine + 1
        var resumeLine = lines.count
        while true {
            let (end, endsParagraph) = line(from: lineStart, limit: wrapWidth!)
            rewrapped.append(TextLine(clusters: lineStart..<end))
            if endsParagraph && end == count { break }
            lineStart = endsParagraph ? end + 1 : end
            guard lineStart >= newUpper else { continue }
            while oldLine < lines.count, lines[oldLine].clusters.lowerBound < upper
                    || lines[oldLine].clusters.lowerBound + shift < lineStart {
                oldLine += 1
            }
            if oldLine < lines.count, lines[oldLine].clusters.lowerBound + shift == lineStart {
                resumeLine = oldLine
                break
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
        lines.replaceSubrange(firstLine..<resumeLine, with: rewrapped)
        lastEditCost.linesWrapped = rewrapped.count
    }
}
