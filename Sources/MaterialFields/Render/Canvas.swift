/// Font weights the renderer asks for; the host maps them onto real faces.
public enum FontWeight: Int, Sendable, Hashable {
    case regular = 400
    case medium = 500
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
}

extension TextMeasuring {
    public func advance(of text: String, font: FontSpec) -> Double { advance(of: text[...], font: font) }
}

/// Where the field renderer draws. Implemented by the Xft canvas on screen and by a recording
/// canvas in tests.
public protocol Canvas: AnyObject {
    /// Fills the non-zero-winding interior of `path`, antialiased, blending `color` over what is there.
    func fill(_ path: Path, color: Color)
    /// Draws one line of text with its baseline starting at `origin`.
    func drawText(_ text: String, at origin: Point, font: FontSpec, color: Color)
    /// Restricts drawing to `rect` (intersected with any enclosing clip) until the matching `popClip`.
    func pushClip(_ rect: Rect)
    func popClip()
}

extension Canvas {
    public func fill(_ rect: Rect, color: Color) { fill(.rectangle(rect), color: color) }
}
