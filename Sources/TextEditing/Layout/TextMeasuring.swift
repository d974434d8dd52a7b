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

/// A font request: size in pixels, weight and family role. The host picks the real family
/// (Roboto for text, Material Icons for icons).
public struct FontSpec: Hashable, Sendable {
    public var pixelSize: Double
    public var weight: FontWeight
    public var family: FontFamily

    public init(pixelSize: Double, weight: FontWeight = .regular, family: FontFamily = .text) {
        self.pixelSize = pixelSize
        self.weight = weight
        self.family = family
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
}

extension TextMeasuring {
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
}
