import Synchronization

/// One laid-out line of text: which clusters it shows. A line ends before its paragraph's line
/// break (the break cluster belongs to no line) or where wrapping broke it.
public struct TextLine: Equatable, Sendable {
    public var clusters: Range<Int>
}

/// The measured shape of a field's display text, made by a `TextMeasuring`: its lines, the x of
/// every caret stop, point-to-offset, rectangles for a range, the caret rectangle and the scroll.
///
/// Without a wrap width (a single-line field) there is one line. With one (a text area) every
/// paragraph wraps at word boundaries, and a word longer than a line breaks between grapheme
/// clusters. An edit re-measures only the clusters it changed and re-wraps only the paragraphs it
/// touched (`replacing(_:with:measurer:)`); the stops after it shift by the change in width.
public struct TextLayout: Equatable, Sendable {
    public private(set) var font: FontSpec
    /// The clusters drawn (the text, or what stands in for it, such as dots).
    public private(set) var characters: [Character]
    /// x of every grapheme boundary as if the text were one line: `caretStops[i]` is the width of
    /// the first `i` clusters (line breaks are 0 wide). A line's own x is relative to its start.
    public private(set) var caretStops: [Double]
    public private(set) var lines: [TextLine]
    /// Where lines wrap, or nil for a single line that never does.
    public private(set) var wrapWidth: Double?
    public let lineHeight: Double
    /// Baseline of every line relative to its top (unrounded).
    public let baselineInLine: Double
    /// Top of the caret and selection relative to the line top, and their height.
    public let caretInset: Double
    public let caretHeight: Double
    /// How far the text is scrolled: x to the left (single line), y upward (wrapped).
    public var scrollX: Double = 0
    public var scrollY: Double = 0
    /// Where a line shorter than `alignmentWidth` sits: 0 at the left, 0.5 centred, 1 at the
    /// right. Every x this layout gives or takes on a line ("from the line's start") is from the
    /// band's left edge, shift included, so caret, hit testing, selection and drawing agree.
    public private(set) var alignment: Double = 0
    public private(set) var alignmentWidth: Double = 0
    /// Where the alignment band starts in the text band: a single line of right-to-left text keeps
    /// the caret's width free at its left end (where its caret ends up), not at the right.
    public private(set) var alignmentInset: Double = 0
    /// The direction every paragraph is read in.
    public private(set) var direction: WritingDirection = .leftToRight
    /// The embedding level (UAX #9) of every cluster, or nil for a left-to-right paragraph with
    /// no character that can open right-to-left text (a letter or a control): then every line
    /// reads in storage order, as nearly all text does, and no query pays for bidi.
    public private(set) var levels: [UInt8]? { didSet { visualLines = VisualLineCache() } }
    /// How many clusters of the text are bidi hazards (`bidiHazardCount`), counted while the text
    /// has levels; nil without them.
    private var bidiHazards: Int?
    /// Lines in visual order, made when first asked for and dropped by every change.
    private var visualLines = VisualLineCache()
    /// What the last `replacing(_:with:measurer:)` cost, for tests that count work. Never part of
    /// a layout's value.
    package private(set) var lastEditCost = EditCost()

    /// Work an edit did: lines wrapped, levels resolved.
    package struct EditCost: Equatable, Sendable {
        package var linesWrapped = 0
        package var clustersResolved = 0
        package static func == (lhs: EditCost, rhs: EditCost) -> Bool { true }
    }

    /// Aligns lines in a band `width` wide starting `inset` into the text band (`factor` as
    /// `TextAlignment.factor`).
    public mutating func align(_ factor: Double, in width: Double, inset: Double = 0) {
        alignment = factor.isFinite ? min(max(factor, 0), 1) : 0
        alignmentWidth = width.isFinite ? max(0, width) : 0
        alignmentInset = inset.isFinite ? max(0, inset) : 0
        visualLines = VisualLineCache()
    }

    /// How far line `index` is shifted right by the alignment.
    public func shift(ofLine index: Int) -> Double {
        guard alignment > 0, lines.indices.contains(index) else { return alignmentInset }
        let clusters = lines[index].clusters
        var end = clusters.upperBound
        // A wrapped line's spaces at its break hang past the edge, as UIKit aligns them (looked
        // at up to 1,024 back, so a line of a million spaces costs no more to place).
        if wrapWidth != nil { end = hangingSpacesStart(of: clusters) }
        return alignmentInset + max(0, alignmentWidth - (caretStops[end] - caretStops[clusters.lowerBound])) * alignment
    }

    public init(characters: [Character], font: FontSpec, lineHeight: Double, measurer: TextMeasuring,
                wrapWidth: Double? = nil, direction: WritingDirection = .leftToRight) {
        self.font = font
        self.characters = characters
        self.direction = direction
        self.lineHeight = lineHeight
        let metrics = measurer.lineMetrics(for: font)
        // Not rounded here: a line's top may be fractional, and the renderer rounds the sum once.
        baselineInLine = (lineHeight - (metrics.ascent + metrics.descent)) / 2 + metrics.ascent
        caretInset = baselineInLine - metrics.ascent
        caretHeight = metrics.ascent + metrics.descent
        self.wrapWidth = wrapWidth.map { $0.isFinite ? max(0, $0) : 0 }
        let string = Self.joined(characters[...])
        levels = Self.resolveLevels(characters, string: string, direction: direction, measurer: measurer)
        bidiHazards = levels == nil ? nil : Self.bidiHazardCount(characters[...])
        caretStops = Self.measure(characters[...], string: string, levels: levels, font: font, measurer: measurer)
        lines = []
        lines = wrappedLines(in: 0..<characters.count)
    }

    /// Levels for every paragraph, or nil (see `levels`): text with no right-to-left character in
    /// a left-to-right paragraph is not handed to the measurer at all.
    private static func resolveLevels(_ characters: [Character], string: String, direction: WritingDirection,
                                      measurer: TextMeasuring) -> [UInt8]? {
        guard direction == .rightToLeft || (!isASCII(string) && mayBeRightToLeft(characters[...])) else {
            return nil
        }
        return paragraphLevels(characters[...], direction: direction, measurer: measurer)
    }

    /// The levels of whole paragraphs (a line break takes the paragraph's level).
    private static func paragraphLevels(_ characters: ArraySlice<Character>, direction: WritingDirection,
                                        measurer: TextMeasuring) -> [UInt8] {
        var levels: [UInt8] = []
        levels.reserveCapacity(characters.count)
        var start = characters.startIndex
        while start <= characters.endIndex {
            var end = start
            while end < characters.endIndex && !characters[end].isNewline { end += 1 }
            if end > start {
                let paragraph = characters[start..<end]
                var resolved = measurer.bidiLevels(of: Substring(joined(paragraph)), base: direction)
                // A measurer's wrong count is repaired, not trusted.
                if resolved.count != end - start { resolved = Bidi.simplifiedLevels(of: paragraph, base: direction) }
                levels += resolved
            }
            if end < characters.endIndex { levels.append(direction.baseLevel) }
            start = end + 1
        }
        return levels
    }

    /// Whether any cluster may make text right to left; a buffer scan, as a paste of millions of
    /// ASCII clusters comes through here.
    private static func mayBeRightToLeft(_ clusters: ArraySlice<Character>) -> Bool {
        clusters.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            var index = 0
            while index < buffer.count {
                if !base[index].isASCII && Bidi.mayBeRightToLeft(base[index]) { return true }
                index += 1
            }
            return false
        }
    }

    private static func isASCII(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return true }
            var index = 0
            while index < bytes.count {
                if base[index] >= 0x80 { return false }
                index += 1
            }
            return true
        }
    }

    private static func measure(_ clusters: ArraySlice<Character>, string: String? = nil, levels: [UInt8]? = nil,
                                font: FontSpec, measurer: TextMeasuring) -> [Double] {
        guard !clusters.isEmpty else { return [0] }
        let string = string ?? joined(clusters)
        let stops = levels.map { measurer.caretStops(of: Substring(string), font: font, levels: $0) }
            ?? measurer.caretStops(of: Substring(string), font: font)
        // The bytes are checked first because a paste can bring millions of clusters, and a
        // scan of Characters costs far more than one of bytes (most of all in a debug build).
        let hasBreaks = mayContainLineBreak(string) && clusters.contains(where: \.isNewline)
        // A measurer must give count + 1 finite stops; a wrong count or a non-finite stop is
        // repaired rather than trusted (a falling stop becomes a zero width). Line breaks take no
        // width whatever the font says of them.
        guard hasBreaks || stops.count != clusters.count + 1 || !allFinite(stops) else { return stops }
        var repaired = [0.0]
        repaired.reserveCapacity(clusters.count + 1)
        for (index, cluster) in zip(0..., clusters) {
            let width = index + 1 < stops.count && stops[index + 1].isFinite && stops[index].isFinite
                ? max(0, stops[index + 1] - stops[index]) : 0
            repaired.append(repaired[index] + (cluster.isNewline ? 0 : width))
        }
        return repaired
    }

    /// The clusters as one string. ASCII text, nearly all of a long paste, is copied byte by byte:
    /// `String(clusters)` appends cluster by cluster, about three times slower for 10 MB.
    private static func joined(_ clusters: ArraySlice<Character>) -> String {
        let ascii = clusters.withUnsafeBufferPointer { characters -> String? in
            guard let base = characters.baseAddress else { return "" }
            let count = characters.count
            var isASCII = true
            let string = String(unsafeUninitializedCapacity: count) { bytes -> Int in
                var index = 0
                while index < count {
                    // CR LF is one cluster whose asciiValue is that of LF.
                    guard let value = base[index].asciiValue, value != 0x0A || base[index] == "\n" else {
                        isASCII = false
                        return 0
                    }
                    bytes[index] = value
                    index += 1
                }
                return count
            }
            return isASCII ? string : nil
        }
        return ascii ?? String(clusters)
    }

    /// False when no byte of `text` can start a line break (U+000A to U+000D, U+0085, U+2028, U+2029).
    private static func mayContainLineBreak(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            let count = bytes.count
            var index = 0
            while index < count {
                let byte = base[index]
                if byte >= 0x0A && byte <= 0x0D { return true }
                if byte == 0xC2 && index + 1 < count && base[index + 1] == 0x85 { return true }
                if byte == 0xE2 && index + 2 < count && base[index + 1] == 0x80 && (base[index + 2] | 1) == 0xA9 { return true }
                index += 1
            }
            return false
        }
    }

    private static func allFinite(_ values: [Double]) -> Bool {
        values.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return true }
            var index = 0
            while index < buffer.count {
                if !base[index].isFinite { return false }
                index += 1
            }
            return true
        }
    }

    public var count: Int { characters.count }
    /// The width of the whole text set on one line (a single-line field's scroll range).
    public var width: Double { caretStops.last ?? 0 }
    public var height: Double { Double(lines.count) * lineHeight }

    // MARK: Wrapping

    /// Where the spaces a line ends with start (looked at up to 1,024 back, so a line of a million
    /// spaces costs no more to place). A wrapped line's hang past its edge, as UIKit aligns them,
    /// and every line's take the paragraph's direction (UAX #9 rule L1).
    private func hangingSpacesStart(of clusters: Range<Int>) -> Int {
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
    private func wrappedLines(in range: Range<Int>) -> [TextLine] {
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
    private func line(from start: Int, limit: Double) -> (end: Int, endsParagraph: Bool) {
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

    /// Replaces clusters `range` with `newCharacters`, measuring only those and re-wrapping only
    /// the paragraphs they touch; the rest keep their widths and breaks. `range` comes from
    /// `AppliedEdit.oldClusters`.
    public mutating func replacing(_ range: Range<Int>, with newCharacters: ArraySlice<Character>, measurer: TextMeasuring) {
        lastEditCost = EditCost()
        let lower = min(max(range.lowerBound, 0), count), upper = min(max(range.upperBound, lower), count)
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
    private static func bidiHazardCount(_ clusters: ArraySlice<Character>) -> Int {
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
        let local = Self.measure(newCharacters, levels: levels.map { Array($0[lower..<(lower + newCharacters.count)]) },
                                 font: font, measurer: measurer)
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
            characters.replaceSubrange(lower..<upper, with: newCharacters)
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
        let oldCount = count
        characters.replaceSubrange(lower..<upper, with: newCharacters)
        let shift = count - oldCount
        let newUpper = lower + newCharacters.count
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

    // MARK: Queries (text coordinates)

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
        return caretStops[min(max(offset, clusters.lowerBound), clusters.upperBound)] - caretStops[clusters.lowerBound]
            + shift(ofLine: index)
    }

    /// The boundary on line `index` nearest to `x` (from the line's start).
    public func offset(nearestTo x: Double, onLine index: Int) -> Int {
        let line = min(max(index, 0), lines.count - 1)
        if let visual = visualLine(line) { return visual.offset(nearestTo: x) }
        let clusters = lines[line].clusters
        guard x.isFinite else { return x > 0 ? clusters.upperBound : clusters.lowerBound }
        let target = caretStops[clusters.lowerBound] + x - shift(ofLine: line)
        let after = firstStop(atOrAfter: target, in: clusters)
        if after <= clusters.lowerBound { return clusters.lowerBound }
        if after > clusters.upperBound { return clusters.upperBound }
        return target - caretStops[after - 1] <= caretStops[after] - target ? after - 1 : after
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
        let target = caretStops[clusters.lowerBound] + point.x - shift(ofLine: line)
        return min(max(clusters.lowerBound, firstStop(atOrAfter: target.nextUp, in: clusters) - 1), clusters.upperBound - 1)
    }

    /// Index of the first stop in `clusters`' boundaries that is >= x, or upperBound + 1 when none is.
    private func firstStop(atOrAfter x: Double, in clusters: Range<Int>) -> Int {
        var low = clusters.lowerBound, high = clusters.upperBound + 1
        while low < high {
            let mid = (low + high) / 2
            if caretStops[mid] < x { low = mid + 1 } else { high = mid }
        }
        return low
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
        let base = caretStops[clusters.lowerBound] - shift(ofLine: index)
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

    /// Scrolls as little as possible to show the caret at `offset` in a viewport `visibleWidth`
    /// wide (the caret's own width already taken off), never past either end of a single line.
    /// With `after` true (the caret after text just typed), the run of that text's direction
    /// the caret ends is shown too, as much as fits: Arabic typed at the end of a long Latin line
    /// grows to the right of the caret.
    public mutating func reveal(offset: Int, visibleWidth: Double, after: Bool? = nil) {
        guard wrapWidth == nil else {
            scrollX = 0
            return
        }
        let visible = max(0, visibleWidth)
        let clamped = min(max(offset, 0), count)
        let caretX = levels == nil ? caretStops[clamped] : x(of: clamped, onLine: 0, after: after) - shift(ofLine: 0)
        if after == true, clamped > 0, let run = visualLine(0)?.runExtent(of: clamped - 1) {
            // As much of the run the text just typed belongs to (digits in Arabic included) as
            // fits beside the caret is shown, the side the typed text lies on last, so it wins:
            // the caret's right for right-to-left text, else its left.
            let shift = shift(ofLine: 0)
            func showRight() {
                let target = min(run.upperBound - shift, caretX + visible)
                if target - scrollX > visible { scrollX = target - visible }
            }
            func showLeft() {
                let target = max(run.lowerBound - shift, caretX - visible)
                if target < scrollX { scrollX = target }
            }
            if isRightToLeft(cluster: clamped - 1) { showLeft(); showRight() } else { showRight(); showLeft() }
        }
        if caretX - scrollX > visible { scrollX = caretX - visible }
        if caretX < scrollX { scrollX = caretX }
        scrollX = min(max(0, scrollX), max(0, width - visible))
    }

    /// Scrolls wrapped text as little as possible to show the caret's line in a viewport
    /// `visibleHeight` tall, never past the last line.
    public mutating func reveal(offset: Int, visibleHeight: Double, upstream: Bool = false) {
        let visible = max(0, visibleHeight)
        let index = lineIndex(of: offset, upstream: upstream)
        let top = top(ofLine: index), bottom = top + lineHeight
        if bottom - scrollY > visible { scrollY = bottom - visible }
        if top < scrollY { scrollY = top }
        clampScrollY(visibleHeight: visible)
    }

    public mutating func clampScrollY(visibleHeight: Double) {
        scrollY = min(max(0, scrollY.isFinite ? scrollY : 0), max(0, height - max(0, visibleHeight)))
    }

    // MARK: Bidirectional lines

    /// A run of clusters of one direction in a line's visual order, for drawing: the clusters in
    /// storage order, the x of its left end (from the line's start) and the direction it is
    /// shaped in.
    public struct VisualRun: Equatable, Sendable {
        public var clusters: Range<Int>
        public var x: Double
        public var direction: WritingDirection
    }

    /// The runs of line `index` that meet the band [x0, x1), left to right, each cut to what
    /// shows (with a few clusters either side, so shaping at the cut matches the whole line's).
    public func visualRuns(onLine index: Int, meeting x0: Double, _ x1: Double) -> [VisualRun] {
        guard let visual = visualLine(index) else {
            let shown = clusters(onLine: index, meeting: x0, x1)
            guard !shown.isEmpty else { return [] }
            return [VisualRun(clusters: shown, x: x(of: shown.lowerBound, onLine: index), direction: .leftToRight)]
        }
        return visual.runs(meeting: x0, x1)
    }

    /// Whether the cluster at `index` reads right to left (its level is odd).
    public func isRightToLeft(cluster index: Int) -> Bool {
        guard let levels, levels.indices.contains(index) else { return false }
        return levels[index] & 1 == 1
    }

    /// The boundary one step left or right of `offset` on line `index`, as the eye sees it
    /// (GTK's visual movement): boundaries in order of where their caret stands, ties in storage
    /// order so every boundary is reached once; nil at the line's visual end.
    public func offset(visuallyFrom offset: Int, rightward: Bool, onLine index: Int) -> Int? {
        guard lines.indices.contains(index) else { return nil }
        let clusters = lines[index].clusters
        let current = min(max(offset, clusters.lowerBound), clusters.upperBound)
        guard let visual = visualLine(index) else {
            let next = current + (rightward ? 1 : -1)
            return clusters.contains(next) || next == clusters.upperBound ? next : nil
        }
        return visual.neighbour(of: current, rightward: rightward)
    }

    /// The first boundary whose strong caret stands right (left) of `x` on line `index`: a step
    /// from a caret standing at its other place (`x(of:onLine:after:)`); nil past the line's end.
    public func offset(visuallyFrom x: Double, rightward: Bool, onLine index: Int) -> Int? {
        guard let visual = visualLine(index) else { return nil }
        return visual.neighbour(ofX: x, rightward: rightward)
    }

    /// The boundary at the left (`leftmost`) or right end of line `index` as its carets stand.
    public func visualEnd(ofLine index: Int, leftmost: Bool) -> Int {
        let clusters = lines[min(max(index, 0), lines.count - 1)].clusters
        guard let visual = visualLine(index) else { return leftmost ? clusters.lowerBound : clusters.upperBound }
        return visual.end(leftmost: leftmost)
    }

    /// A line with right-to-left text in it, in visual order (made once per change); nil for a
    /// line that reads in storage order.
    private func visualLine(_ index: Int) -> VisualLine? {
        guard let levels, lines.indices.contains(index) else { return nil }
        if let cached = visualLines.line(index) { return cached }
        let clusters = lines[index].clusters
        var lineLevels = Array(levels[clusters])
        // Rule L1: the spaces a line ends with take the paragraph's level.
        let hanging = hangingSpacesStart(of: clusters)
        for index in hanging..<clusters.upperBound { lineLevels[index - clusters.lowerBound] = direction.baseLevel }
        var line: VisualLine?
        // A right-to-left paragraph's line starts at its right even when all of it is left to
        // right (digits, Latin).
        if direction == .rightToLeft || lineLevels.contains(where: { $0 & 1 == 1 }) {
            // The spaces a wrapped line breaks after hang past its edge (`shift` leaves them
            // out): right to left they end the line at its left.
            var start = shift(ofLine: index)
            if direction == .rightToLeft && wrapWidth != nil {
                start -= caretStops[clusters.upperBound] - caretStops[hanging]
            }
            line = VisualLine(layout: self, clusters: clusters, levels: lineLevels, shift: start)
        }
        visualLines.store(line, for: index)
        return line
    }
}

/// The visual lines a layout has made, shared by its copies until one of them changes (a change
/// gives the layout a new cache). Never part of a layout's value. Copies may be read from several
/// threads: the cache is locked.
private final class VisualLineCache: Equatable, @unchecked Sendable {
    private struct Entry { var line: VisualLine? }
    private let lines = Mutex<[Int: Entry]>([:])

    /// The line made before (nil inside when the line reads in storage order); nil when none was.
    func line(_ index: Int) -> VisualLine?? {
        lines.withLock { $0[index].map { $0.line } }
    }

    func store(_ line: VisualLine?, for index: Int) {
        lines.withLock { $0[index] = Entry(line: line) }
    }

    static func == (lhs: VisualLineCache, rhs: VisualLineCache) -> Bool { true }
}

/// One line's clusters in visual order with where each stands: the geometry of bidi queries.
private final class VisualLine: @unchecked Sendable {
    let clusters: Range<Int>
    /// Cluster indices (the text's) left to right.
    let order: [Int]
    /// Left edge and width of each, in the same order.
    let lefts: [Double]
    let widths: [Double]
    /// Each cluster's position in `order`, indexed from the line's first cluster.
    let position: [Int]
    /// Each cluster's level, indexed from the line's first cluster (after rule L1).
    let levels: [UInt8]
    let direction: WritingDirection
    let start: Double
    let end: Double
    let characters: [Character]
    /// The line's boundaries in order of their caret's x (ties in storage order), and each
    /// boundary's place in it: made at the first arrow key.
    /// Made under `lock`: copies of a layout share their visual lines across threads.
    private var byCaret: (order: [Int], xs: [Double], rank: [Int]) {
        sorted.withLock { sorted in
            if let sorted { return sorted }
            let made = sortByCaret()
            sorted = made
            return made
        }
    }
    private let sorted = Mutex<(order: [Int], xs: [Double], rank: [Int])?>(nil)

    private func sortByCaret() -> (order: [Int], xs: [Double], rank: [Int]) {
        let offsets = Array(clusters.lowerBound...clusters.upperBound)
        let sorted = offsets.map { (x: caretX(of: $0), offset: $0) }
            .sorted { $0.x != $1.x ? $0.x < $1.x : $0.offset < $1.offset }
        var rank = [Int](repeating: 0, count: offsets.count)
        for (index, entry) in sorted.enumerated() { rank[entry.offset - clusters.lowerBound] = index }
        return (sorted.map(\.offset), sorted.map(\.x), rank)
    }

    init(layout: TextLayout, clusters: Range<Int>, levels: [UInt8], shift: Double) {
        self.clusters = clusters
        characters = layout.characters
        self.levels = levels
        direction = layout.direction
        start = shift
        order = Bidi.visualOrder(levels[...]).map { $0 + clusters.lowerBound }
        var position = [Int](repeating: 0, count: clusters.count)
        var lefts: [Double] = [], widths: [Double] = []
        lefts.reserveCapacity(order.count)
        widths.reserveCapacity(order.count)
        var x = shift
        for (index, cluster) in order.enumerated() {
            position[cluster - clusters.lowerBound] = index
            let width = layout.caretStops[cluster + 1] - layout.caretStops[cluster]
            lefts.append(x)
            widths.append(width)
            x += width
        }
        end = x
        self.position = position
        self.lefts = lefts
        self.widths = widths
    }

    private func isRightToLeft(_ cluster: Int) -> Bool { levels[cluster - clusters.lowerBound] & 1 == 1 }
    private func level(_ cluster: Int) -> UInt8 { levels[cluster - clusters.lowerBound] }
    private func left(_ cluster: Int) -> Double { lefts[position[cluster - clusters.lowerBound]] }
    private func right(_ cluster: Int) -> Double {
        let index = position[cluster - clusters.lowerBound]
        return lefts[index] + widths[index]
    }
    /// Where text before a cluster ends and the cluster begins, in its own direction.
    private func leadingEdge(_ cluster: Int) -> Double { isRightToLeft(cluster) ? right(cluster) : left(cluster) }
    private func trailingEdge(_ cluster: Int) -> Double { isRightToLeft(cluster) ? left(cluster) : right(cluster) }

    /// Where the line ends in its paragraph's direction.
    var endEdge: Double { direction == .rightToLeft ? start : end }

    /// GTK's strong caret: the line's start and end stand at the line's edges in the paragraph's
    /// direction; between two clusters, by the one of the lower level (the paragraph's own
    /// direction wins: where a character of it typed there appears), the one before when level.
    func caretX(of offset: Int, after: Bool? = nil) -> Double { caret(of: offset, after: after).x }

    /// The caret's x and whether it is drawn to the left of it: over the cluster it belongs to,
    /// or into what that cluster's direction writes next, which for right-to-left text is on the
    /// left (at a right-to-left line's end, the space kept free for the caret there).
    func caret(of offset: Int, after: Bool? = nil) -> (x: Double, leftward: Bool) {
        let offset = min(max(offset, clusters.lowerBound), clusters.upperBound)
        if after == true && offset > clusters.lowerBound { return (trailingEdge(offset - 1), isRightToLeft(offset - 1)) }
        if after == false && offset < clusters.upperBound { return (leadingEdge(offset), isRightToLeft(offset)) }
        let rightToLeft = direction == .rightToLeft
        if offset == clusters.lowerBound { return (rightToLeft ? end : start, rightToLeft) }
        if offset == clusters.upperBound { return (rightToLeft ? start : end, rightToLeft) }
        let before = offset - 1, after = offset
        return level(before) <= level(after) ? (trailingEdge(before), isRightToLeft(before)) : (leadingEdge(after), isRightToLeft(after))
    }

    /// The visual index of the cluster under `x`, clamped to the line.
    private func visualIndex(at x: Double) -> Int {
        var low = 0, high = lefts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lefts[mid] <= x { low = mid } else { high = mid - 1 }
        }
        return low
    }

    func cluster(at x: Double) -> Int { order[visualIndex(at: x)] }

    /// The boundary nearest to `x`: past either end of the line, the line's start or end (as
    /// the paragraph reads); over a cluster, its nearer edge in its own direction (GTK's rule:
    /// where runs of two directions meet, that boundary's caret may stand by its other cluster).
    func offset(nearestTo x: Double) -> Int {
        guard !order.isEmpty, x.isFinite || x.isInfinite else { return clusters.lowerBound }
        if !(x >= start) { return direction == .rightToLeft ? clusters.upperBound : clusters.lowerBound }
        if x >= end { return direction == .rightToLeft ? clusters.lowerBound : clusters.upperBound }
        let index = visualIndex(at: x)
        let cluster = order[index]
        let leftHalf = x < lefts[index] + widths[index] / 2
        return leftHalf != isRightToLeft(cluster) ? cluster : cluster + 1
    }

    /// `offset(nearestTo:)` with the place of the boundary the point is at.
    func position(nearestTo x: Double) -> (offset: Int, after: Bool?) {
        let offset = offset(nearestTo: x)
        guard !order.isEmpty, x >= start, x < end else { return (offset, nil) }
        return (offset, offset != cluster(at: x))
    }

    func neighbour(of offset: Int, rightward: Bool) -> Int? {
        let next = byCaret.rank[offset - clusters.lowerBound] + (rightward ? 1 : -1)
        return byCaret.order.indices.contains(next) ? byCaret.order[next] : nil
    }

    /// The x span of the embedded run `cluster` is in (the clusters above the paragraph's level
    /// around it, numbers inside Arabic included; or those at it), looked at up to 256 clusters
    /// either way.
    func runExtent(of cluster: Int) -> Range<Double>? {
        guard clusters.contains(cluster) else { return nil }
        let index = position[cluster - clusters.lowerBound]
        let base = direction.baseLevel
        let embedded = level(cluster) > base
        func belongs(_ other: Int) -> Bool { (level(other) > base) == embedded }
        var first = index, last = index
        while first > 0, index - first < 256, belongs(order[first - 1]) { first -= 1 }
        while last + 1 < order.count, last - index < 256, belongs(order[last + 1]) { last += 1 }
        return lefts[first]..<(lefts[last] + widths[last])
    }

    func neighbour(ofX x: Double, rightward: Bool) -> Int? {
        let xs = byCaret.xs
        // The first caret right of x, or the last one left of it.
        var low = 0, high = xs.count
        while low < high {
            let mid = (low + high) / 2
            if rightward ? xs[mid] <= x : xs[mid] < x { low = mid + 1 } else { high = mid }
        }
        let index = rightward ? low : low - 1
        return xs.indices.contains(index) ? byCaret.order[index] : nil
    }

    func end(leftmost: Bool) -> Int { leftmost ? byCaret.order.first! : byCaret.order.last! }

    /// Spans of x covering the clusters of `range` on this line, one per visually contiguous stretch.
    func spans(covering range: Range<Int>) -> [Range<Double>] {
        var spans: [Range<Double>] = []
        var current: Range<Double>?
        for (index, cluster) in order.enumerated() {
            guard range.contains(cluster) else {
                if let span = current { spans.append(span) }
                current = nil
                continue
            }
            let right = lefts[index] + widths[index]
            current = current.map { $0.lowerBound..<right } ?? lefts[index]..<right
        }
        if let span = current { spans.append(span) }
        return spans
    }

    /// The runs of one direction that meet [x0, x1), left to right: only the clusters near the
    /// band are looked at.
    func runs(meeting x0: Double, _ x1: Double) -> [TextLayout.VisualRun] {
        // Clusters this far outside the band still go with their run: a shaper joins them to
        // what shows (Arabic forms), and glyphs may reach a little outside their advance.
        let margin = 64.0
        guard !order.isEmpty, x1 > x0 else { return [] }
        var first = visualIndex(at: x0 - margin)
        var last = visualIndex(at: x1 + margin)
        if lefts[first] + widths[first] < x0 - margin { first += 1 }
        guard first <= last else { return [] }
        func continues(_ index: Int, from previous: Int) -> Bool {
            isRightToLeft(order[index]) == isRightToLeft(order[previous])
                && order[index] == order[previous] + (isRightToLeft(order[previous]) ? -1 : 1)
        }
        // A cut goes between words, where a shaper joins nothing: the visible glyphs then stand
        // where the whole line's shaping put them.
        var reach = TextLayout.shapingReach
        while first > 0, reach > 0, continues(first, from: first - 1), !characters[order[first - 1]].isWhitespace {
            first -= 1
            reach -= 1
        }
        reach = TextLayout.shapingReach
        while last + 1 < order.count, reach > 0, continues(last + 1, from: last), !characters[order[last + 1]].isWhitespace {
            last += 1
            reach -= 1
        }
        var runs: [TextLayout.VisualRun] = []
        var index = first
        while index <= last {
            var end = index + 1
            while end <= last, continues(end, from: end - 1) { end += 1 }
            let a = order[index], b = order[end - 1]
            runs.append(TextLayout.VisualRun(clusters: min(a, b)..<(max(a, b) + 1), x: lefts[index],
                                             direction: isRightToLeft(a) ? .rightToLeft : .leftToRight))
            index = end
        }
        return runs
    }
}
