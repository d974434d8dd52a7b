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
/// clusters.
///
/// The text is kept in a `Rope` (a field's layout shares its editor's) and measured in pages
/// (`LayoutPages`): a few hundred clusters ending after a space where they can, each measured
/// alone. A page keeps its width; its stops and clusters are made again when asked for and kept
/// for the pages used last (`LayoutPageCache`), and ASCII in a plain font is added up from the
/// face's advances (`TextMeasuring.asciiAdvances`) without the measurer. So a long text costs
/// its rope, its lines and a few numbers a page, and x and offset lookups cost a search over the
/// pages and one page's stops. An edit (`replacing(_:with:measurer:)`) measures again the pages
/// it touched (with the one before, where its first word may start, and the one after when it
/// ends a page) and those of any cluster whose bidi level it changed. It wraps again from two
/// lines before the first of those pages until, past their end, a new line starts where an old
/// one started (at the latest, at the end of the last paragraph it touched), not whole
/// paragraphs; the lines after that are kept, shifted.
public struct TextLayout: Equatable, Sendable {
    public private(set) var font: FontSpec
    /// The clusters drawn (the text, or what stands in for it, such as dots).
    public internal(set) var text: Rope
    /// The clusters drawn, one by one (from the rope's pages; `text` reads long pieces faster).
    public var characters: LayoutCharacters { LayoutCharacters(layout: self) }
    /// x of every grapheme boundary as if the text were one line: `caretStops[i]` is the width of
    /// the first `i` clusters (line breaks are 0 wide). A line's own x is relative to its start.
    public var caretStops: LayoutStops { LayoutStops(layout: self) }
    var pages = LayoutPages()
    /// The process's one cache of pages' stops and clusters (pages are named by a process-wide
    /// id): what it holds is bounded however many fields and layouts there are.
    var pageCache: LayoutPageCache { LayoutPageCache.shared }
    var measurerBox: LayoutMeasurer
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
    /// The whole text after the edit under way, when its caller has it as a rope (the field's
    /// own): the layout takes it rather than a copy of its own. Never part of a layout's value.
    var adoptedText: Rope?
    /// The layout as it was before its whole long text was replaced (select all, then Backspace
    /// or a paste), kept until the next edit: when that edit puts the very same rope back (undo
    /// does), the layout is that one again instead of being measured anew. Never part of a
    /// layout's value.
    var replacedWhole: ReplacedLayout?
    /// What the last `replacing(_:with:measurer:)` cost, for tests that count work. Never part of
    /// a layout's value.
    package internal(set) var lastEditCost = EditCost()

    /// Work an edit did: lines wrapped, levels resolved, pages measured.
    package struct EditCost: Equatable, Sendable {
        package var linesWrapped = 0
        package var clustersResolved = 0
        package var pagesMeasured = 0
        package static func == (lhs: EditCost, rhs: EditCost) -> Bool { true }
    }

    /// Two layouts are equal when they show the same clusters at the same stops on the same
    /// lines, however their pages are cut.
    public static func == (lhs: TextLayout, rhs: TextLayout) -> Bool {
        lhs.font == rhs.font && lhs.lines == rhs.lines && lhs.wrapWidth == rhs.wrapWidth && lhs.lineHeight == rhs.lineHeight
            && lhs.baselineInLine == rhs.baselineInLine && lhs.caretInset == rhs.caretInset && lhs.caretHeight == rhs.caretHeight
            && lhs.styles == rhs.styles && lhs.scrollX == rhs.scrollX && lhs.scrollY == rhs.scrollY && lhs.alignment == rhs.alignment
            && lhs.alignmentWidth == rhs.alignmentWidth && lhs.alignmentInset == rhs.alignmentInset && lhs.direction == rhs.direction
            && lhs.levels == rhs.levels && lhs.bidiHazards == rhs.bidiHazards && lhs.text == rhs.text
            && lhs.pages.width == rhs.pages.width && lhs.caretStops == rhs.caretStops
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
        return alignmentInset + max(0, alignmentWidth - (stop(end) - stop(clusters.lowerBound))) * alignment
    }

    /// - Parameter styles: the clusters' resolved styles (see `styles`); nil, or runs with no
    ///   attribute set, lay the text out plain. Runs that do not cover the text exactly are cut or
    ///   extended with no attributes.
    public init(characters: [Character], font: FontSpec, lineHeight: Double, measurer: TextMeasuring,
                wrapWidth: Double? = nil, direction: WritingDirection = .leftToRight, styles: AttributeRuns? = nil) {
        self.init(text: Rope(String(characters)), font: font, lineHeight: lineHeight, measurer: measurer,
                  wrapWidth: wrapWidth, direction: direction, styles: styles)
    }

    /// A layout of `text` (a field's own rope: the layout shares its nodes).
    public init(text: Rope, font: FontSpec, lineHeight: Double, measurer: TextMeasuring,
                wrapWidth: Double? = nil, direction: WritingDirection = .leftToRight, styles: AttributeRuns? = nil) {
        self.font = font
        self.text = text
        self.direction = direction
        self.lineHeight = lineHeight
        measurerBox = LayoutMeasurer(measurer)
        self.styles = Self.fitted(styles, count: text.count)
        baselineInLine = 0
        caretInset = 0
        caretHeight = 0
        self.wrapWidth = wrapWidth.map { $0.isFinite ? max(0, $0) : 0 }
        if direction == .rightToLeft || Self.mayBeRightToLeft(text) {
            let all = text.characters(in: 0..<text.count)
            levels = Self.resolveLevels(all, string: text.string, direction: direction, measurer: measurer)
            bidiHazards = levels == nil ? nil : Self.bidiHazardCount(all[...])
        } else {
            levels = nil
        }
        lines = []
        pages.replace(0..<0, with: makePages(in: 0..<text.count))
        lines = wrappedLines(in: 0..<count)
        placeVertically(measurer: measurer)
    }

    /// Levels for every paragraph, or nil (see `levels`): text with no right-to-left character in
    /// a left-to-right paragraph is not handed to the measurer at all.
    static func resolveLevels(_ characters: [Character], string: String, direction: WritingDirection,
                                      measurer: TextMeasuring) -> [UInt8]? {
        guard direction == .rightToLeft || (!isASCII(string[...]) && mayBeRightToLeft(characters[...])) else {
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

    /// Whether any cluster may make text right to left.
    static func mayBeRightToLeft<C: Collection>(_ clusters: C) -> Bool where C.Element == Character {
        clusters.contains { !$0.isASCII && Bidi.mayBeRightToLeft($0) }
    }

    /// The same for a rope, by its bytes: a paste of millions of ASCII clusters is looked at
    /// byte by byte, only other chunks cluster by cluster.
    static func mayBeRightToLeft(_ text: Rope) -> Bool {
        var found = false
        text.forEachChunk(in: 0..<text.count) { chunk in
            if isASCII(chunk) { return true }
            found = chunk.contains { !$0.isASCII && Bidi.mayBeRightToLeft($0) }
            return !found
        }
        return found
    }

    private static func isASCII(_ text: Substring) -> Bool {
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

    /// The stops of `string` (`count` clusters), repaired where the measurer's are not to be
    /// trusted: a measurer must give count + 1 finite stops; a wrong count or a non-finite stop is
    /// repaired (a falling stop becomes a zero width), and line breaks take no width whatever the
    /// font says of them.
    static func measure(_ string: String, count: Int, levels: [UInt8]? = nil, font: FontSpec,
                        segments: [StyledSegment]? = nil, measurer: TextMeasuring) -> [Double] {
        guard count > 0 else { return [0] }
        let stops: [Double]
        if let segments {
            stops = measurer.caretStops(of: Substring(string), segments: segments, levels: levels)
        } else {
            stops = levels.map { measurer.caretStops(of: Substring(string), font: font, levels: $0) }
                ?? measurer.caretStops(of: Substring(string), font: font)
        }
        // The bytes are checked first: a scan of Characters costs far more than one of bytes.
        let hasBreaks = mayContainLineBreak(string) && string.contains(where: \.isNewline)
        guard hasBreaks || stops.count != count + 1 || !allFinite(stops) else { return stops }
        var repaired = [0.0]
        repaired.reserveCapacity(count + 1)
        var clusters = string.makeIterator()
        for index in 0..<count {
            let isNewline = clusters.next()?.isNewline ?? false
            let width = index + 1 < stops.count && stops[index + 1].isFinite && stops[index].isFinite
                ? max(0, stops[index + 1] - stops[index]) : 0
            repaired.append(repaired[index] + (isNewline ? 0 : width))
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

    public var count: Int { text.count }
    /// The width of the whole text set on one line (a single-line field's scroll range).
    public var width: Double { pages.width }
    public var height: Double { Double(lines.count) * lineHeight }
}
