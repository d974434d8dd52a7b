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
/// clusters. An edit (`replacing(_:with:measurer:)`) measures again the clusters it changed, with
/// the rest of their words either side where a shaper may join them (text not all ASCII, or with
/// bidi levels), and any cluster whose bidi level it changed; the stops after it shift by the
/// change in width. It wraps again from two lines before the edit's line until a new line starts
/// where an old one after the edit started (at the latest, at the end of the last paragraph it
/// touched), not whole paragraphs; the lines after that are kept, shifted.
public struct TextLayout: Equatable, Sendable {
    public private(set) var font: FontSpec
    /// The clusters drawn (the text, or what stands in for it, such as dots).
    public internal(set) var characters: [Character]
    /// x of every grapheme boundary as if the text were one line: `caretStops[i]` is the width of
    /// the first `i` clusters (line breaks are 0 wide). A line's own x is relative to its start.
    public internal(set) var caretStops: [Double]
    public internal(set) var lines: [TextLine]
    /// Where lines wrap, or nil for a single line that never does.
    public internal(set) var wrapWidth: Double?
    public internal(set) var lineHeight: Double
    /// Baseline of every line relative to its top (unrounded): with styled runs, of the tallest
    /// run's ascent (every line of a text area takes the whole text's tallest run, so lines stay
    /// one height and y still maps to a line by division).
    public internal(set) var baselineInLine: Double
    /// Top of the caret and selection relative to the line top, and their height.
    public internal(set) var caretInset: Double
    public internal(set) var caretHeight: Double
    /// The styles of the displayed clusters, resolved (every key the field's defaults set is set,
    /// sizes and kerning in display pixels): each run is measured in `font.styled(attributes)`
    /// plus its kern. Nil for plain text, which is measured in `font` alone as before styles were.
    public internal(set) var styles: AttributeRuns?
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
    public internal(set) var levels: [UInt8]? { didSet { visualLines = VisualLineCache() } }
    /// How many clusters of the text are bidi hazards (`bidiHazardCount`), counted while the text
    /// has levels; nil without them.
    var bidiHazards: Int?
    /// Lines in visual order, made when first asked for and dropped by every change.
    var visualLines = VisualLineCache()
    /// What the last `replacing(_:with:measurer:)` cost, for tests that count work. Never part of
    /// a layout's value.
    package internal(set) var lastEditCost = EditCost()

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

    /// - Parameter styles: the clusters' resolved styles (see `styles`); nil, or runs with no
    ///   attribute set, lay the text out plain. Runs that do not cover the text exactly are cut or
    ///   extended with no attributes.
    public init(characters: [Character], font: FontSpec, lineHeight: Double, measurer: TextMeasuring,
                wrapWidth: Double? = nil, direction: WritingDirection = .leftToRight, styles: AttributeRuns? = nil) {
        self.font = font
        self.characters = characters
        self.direction = direction
        self.lineHeight = lineHeight
        self.styles = Self.fitted(styles, count: characters.count)
        baselineInLine = 0
        caretInset = 0
        caretHeight = 0
        self.wrapWidth = wrapWidth.map { $0.isFinite ? max(0, $0) : 0 }
        let string = Self.joined(characters[...])
        levels = Self.resolveLevels(characters, string: string, direction: direction, measurer: measurer)
        bidiHazards = levels == nil ? nil : Self.bidiHazardCount(characters[...])
        caretStops = Self.measure(characters[...], string: string, levels: levels, font: font,
                                  segments: Self.segments(self.styles, in: 0..<characters.count, of: characters, font: font),
                                  measurer: measurer)
        lines = []
        lines = wrappedLines(in: 0..<characters.count)
        placeVertically(measurer: measurer)
    }

    /// Levels for every paragraph, or nil (see `levels`): text with no right-to-left character in
    /// a left-to-right paragraph is not handed to the measurer at all.
    static func resolveLevels(_ characters: [Character], string: String, direction: WritingDirection,
                                      measurer: TextMeasuring) -> [UInt8]? {
        guard direction == .rightToLeft || (!isASCII(string) && mayBeRightToLeft(characters[...])) else {
            return nil
        }
        return paragraphLevels(characters[...], direction: direction, measurer: measurer)
    }

    /// The levels of whole paragraphs (a line break takes the paragraph's level).
    static func paragraphLevels(_ characters: ArraySlice<Character>, direction: WritingDirection,
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
    static func mayBeRightToLeft(_ clusters: ArraySlice<Character>) -> Bool {
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

    static func measure(_ clusters: ArraySlice<Character>, string: String? = nil, levels: [UInt8]? = nil,
                        font: FontSpec, segments: [StyledSegment]? = nil, measurer: TextMeasuring) -> [Double] {
        guard !clusters.isEmpty else { return [0] }
        let string = string ?? joined(clusters)
        let stops: [Double]
        if let segments {
            stops = measurer.caretStops(of: Substring(string), segments: segments, levels: levels)
        } else {
            stops = levels.map { measurer.caretStops(of: Substring(string), font: font, levels: $0) }
                ?? measurer.caretStops(of: Substring(string), font: font)
        }
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
    static func joined(_ clusters: ArraySlice<Character>) -> String {
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
}
