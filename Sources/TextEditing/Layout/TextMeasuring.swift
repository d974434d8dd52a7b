/// Font weights the renderer asks for; the host maps them onto real faces.
public enum FontWeight: Int, Sendable, Hashable, CaseIterable {
    case regular = 400
    case medium = 500
    /// What styled text's bold asks for (Ctrl+B, `<b>`, `TextAttributes.fontWeight`).
    case bold = 700
}

/// Which kind of face a font request wants; the host maps each onto a real family.
public enum FontFamily: String, Sendable, Hashable {
    /// The text face (Roboto), with per-cluster fallback for what it lacks.
    case text
    /// Material's icon font: each icon is one glyph at a private-use code point.
    case icons
}

/// A font request: size in pixels, weight, slant and family role. The host picks the real family
/// (Roboto for text, Material Icons for icons) unless `familyName` names one (styled text's
/// `TextAttributes.fontFamily`), which fontconfig resolves, with per-cluster fallback as for Roboto.
public struct FontSpec: Hashable, Sendable {
    public var pixelSize: Double
    public var weight: FontWeight
    public var family: FontFamily
    /// A fontconfig family name ("DejaVu Serif") for `.text`; nil: the host's text family. Icons ignore it.
    public var familyName: String?
    /// Italic (or, where the family has none, fontconfig's oblique); icons ignore it.
    public var isItalic: Bool

    public init(pixelSize: Double, weight: FontWeight = .regular, family: FontFamily = .text,
                familyName: String? = nil, isItalic: Bool = false) {
        self.pixelSize = pixelSize
        self.weight = weight
        self.family = family
        self.familyName = familyName
        self.isItalic = isItalic
    }

    /// This font with what `attributes` sets of a font (family, size, weight, italic) taken from it.
    public func styled(_ attributes: TextAttributes) -> FontSpec {
        var font = self
        if let name = attributes.fontFamily { font.familyName = name.isEmpty ? nil : name }
        if let size = attributes.fontSize, size.isFinite, size > 0 { font.pixelSize = size }
        if let weight = attributes.fontWeight { font.weight = weight }
        if let italic = attributes.isItalic { font.isItalic = italic }
        return font
    }
}

/// Where a font draws its underline and strikethrough, in pixels: `underlineOffset` below the
/// baseline (to the line's top), `strikethroughOffset` above it (to the line's top), and their
/// thickness.
public struct DecorationMetrics: Equatable, Sendable {
    public var underlineOffset: Double
    public var underlineThickness: Double
    public var strikethroughOffset: Double
    public var strikethroughThickness: Double

    public init(underlineOffset: Double, underlineThickness: Double, strikethroughOffset: Double, strikethroughThickness: Double) {
        self.underlineOffset = underlineOffset; self.underlineThickness = underlineThickness
        self.strikethroughOffset = strikethroughOffset; self.strikethroughThickness = strikethroughThickness
    }

    /// Near what text faces have, for measurers that cannot read a font's own tables: the
    /// underline 40 % of the descent below the baseline, the strikethrough 30 % of the ascent above
    /// it, both a pixel thick per 16 px.
    public static func estimated(for metrics: LineMetrics, pixelSize: Double) -> DecorationMetrics {
        let thickness = max(1, (pixelSize / 16).rounded())
        return DecorationMetrics(underlineOffset: max(1, (metrics.descent * 0.4).rounded()), underlineThickness: thickness,
                                 strikethroughOffset: (metrics.ascent * 0.3).rounded(), strikethroughThickness: thickness)
    }
}

/// A stretch of styled text as measured and drawn: `count` clusters in one font, each advance
/// followed by `kern` pixels (UIKit's `.kern`).
public struct StyledSegment: Equatable, Sendable {
    public var count: Int
    public var font: FontSpec
    public var kern: Double
    /// The text either side where the segment meets another style (`ShapingContext`), else empty:
    /// a shaper reads it for joining and contextual forms without measuring it.
    public var contextBefore: String
    public var contextAfter: String
    public init(count: Int, font: FontSpec, kern: Double = 0, contextBefore: String = "", contextAfter: String = "") {
        self.count = count; self.font = font; self.kern = kern
        self.contextBefore = contextBefore; self.contextAfter = contextAfter
    }
}

/// The text a shaper sees either side of a piece of one style where it meets another style in the
/// same word: up to `clusters` clusters, no line break, so letters on both sides of a bold or
/// colour boundary take the forms they take without it (Arabic joining). A run's edges that are
/// no style boundary (the text's ends, a direction change, a viewport cut) get none.
public enum ShapingContext {
    public static let clusters = 4

    /// The clusters before `index` in `text` (storage order), up to `clusters`, stopping at a line break.
    public static func before<C: BidirectionalCollection>(_ index: C.Index, in text: C) -> String where C.Element == Character {
        var start = index, taken = 0
        while start > text.startIndex, taken < clusters {
            let previous = text.index(before: start)
            if text[previous].isNewline { break }
            start = previous
            taken += 1
        }
        return String(text[start..<index])
    }

    /// The clusters from `index` in `text`, up to `clusters`, stopping at a line break.
    public static func after<C: BidirectionalCollection>(_ index: C.Index, in text: C) -> String where C.Element == Character {
        var end = index, taken = 0
        while end < text.endIndex, taken < clusters, !text[end].isNewline {
            end = text.index(after: end)
            taken += 1
        }
        return String(text[index..<end])
    }
}

public struct LineMetrics: Equatable, Sendable {
    public var ascent: Double
    public var descent: Double
    public init(ascent: Double, descent: Double) { self.ascent = ascent; self.descent = descent }
}

/// How the model learns the size of text without knowing about fonts or X11.
public protocol TextMeasuring: AnyObject {
    /// Horizontal advance of `text` set in `font`, including any fallback faces the host uses.
    func advance(of text: Substring, font: FontSpec) -> Double
    func lineMetrics(for font: FontSpec) -> LineMetrics
    /// The x of every grapheme boundary of `text`: element `i` is where the caret stands before
    /// cluster `i`, so there are `text.count + 1` stops starting at 0. A shaping host answers with
    /// shaped advances, so caret, hit testing and drawing agree.
    func caretStops(of text: Substring, font: FontSpec) -> [Double]
    /// The same stops for text whose clusters have the bidi embedding levels `levels` (one per
    /// cluster): each run of one direction is shaped in that direction, and the stops are
    /// the clusters' advances summed in storage order.
    func caretStops(of text: Substring, font: FontSpec, levels: [UInt8]) -> [Double]
    /// The embedding level (UAX #9) of every grapheme cluster of one paragraph, with no line
    /// break inside, read in `base` direction: even levels are left to right, odd right to left.
    func bidiLevels(of paragraph: Substring, base: WritingDirection) -> [UInt8]
    /// The Unicode Bidi_Class of `scalar` as this measurer's bidi library has it, so the
    /// direction the model gives a text (its first strong character, rule P2) is the one the
    /// library resolves it in.
    func bidiClass(of scalar: Unicode.Scalar) -> BidiClass
    /// The stops of styled text: `segments` (their counts add up to the text's clusters) each in
    /// its font with its kern after every cluster (none after a line break; a negative kern takes
    /// a cluster's width to 0 at most, so stops never fall), `levels` as above (nil: all left to
    /// right). A shaping host shapes each piece of one segment and direction with the segment's
    /// context (`ShapingContext`) where it meets another font.
    func caretStops(of text: Substring, segments: [StyledSegment], levels: [UInt8]?) -> [Double]
    /// Where `font` draws its underline and strikethrough.
    func decorationMetrics(for font: FontSpec) -> DecorationMetrics
    /// For a measurer whose `caretStops(of:font:)` of text that is all ASCII (no CR) is the running
    /// sum of one advance per byte, those 128 advances in `font` (NaN for one not known yet: the
    /// measurer learns it when a text has it); nil for any other measurer. A layout then keeps
    /// only the width of such text and adds its stops up again when it needs them.
    func asciiAdvances(for font: FontSpec) -> [Double]?
}

extension TextMeasuring {
    public func asciiAdvances(for font: FontSpec) -> [Double]? { nil }
    public func advance(of text: String, font: FontSpec) -> Double { advance(of: text[...], font: font) }

    /// Without a shaper, direction changes no advance.
    public func caretStops(of text: Substring, font: FontSpec, levels: [UInt8]) -> [Double] {
        caretStops(of: text, font: font)
    }

    /// Without a bidi library: `Bidi.simplifiedLevels`.
    public func bidiLevels(of paragraph: Substring, base: WritingDirection) -> [UInt8] {
        Bidi.simplifiedLevels(of: paragraph, base: base)
    }

    /// Without a bidi library: the table generated from the Unicode Character Database.
    public func bidiClass(of scalar: Unicode.Scalar) -> BidiClass { BidiClass(scalar) }

    /// Without a shaper: each segment measured alone, its kern added.
    public func caretStops(of text: Substring, segments: [StyledSegment], levels: [UInt8]?) -> [Double] {
        var stops = [0.0]
        stops.reserveCapacity(text.count + 1)
        var start = text.startIndex, cluster = 0
        for segment in segments where segment.count > 0 {
            let end = text.index(start, offsetBy: segment.count, limitedBy: text.endIndex) ?? text.endIndex
            let piece = text[start..<end]
            let count = piece.count
            let local = levels.map { caretStops(of: piece, font: segment.font, levels: Array($0[min(cluster, $0.count)..<min(cluster + count, $0.count)])) }
                ?? caretStops(of: piece, font: segment.font)
            var index = piece.startIndex
            for offset in 0..<count {
                let width = offset + 1 < local.count ? local[offset + 1] - local[offset] : 0
                let kern = piece[index].isNewline ? 0 : segment.kern
                // A negative kern tightens, never past the cluster's own start: stops never fall.
                stops.append(stops[stops.count - 1] + max(0, width + kern))
                index = piece.index(after: index)
            }
            cluster += count
            start = end
            if start == text.endIndex { break }
        }
        // Clusters no segment covers: measured in the last segment's font (or none).
        if start < text.endIndex {
            let rest = text[start...]
            let local = caretStops(of: rest, font: segments.last?.font ?? FontSpec(pixelSize: 16))
            let x = stops[stops.count - 1]
            for stop in local.dropFirst() { stops.append(x + stop) }
        }
        return stops
    }

    /// Without the font's tables: estimated from its line metrics.
    public func decorationMetrics(for font: FontSpec) -> DecorationMetrics {
        DecorationMetrics.estimated(for: lineMetrics(for: font), pixelSize: font.pixelSize)
    }
}
