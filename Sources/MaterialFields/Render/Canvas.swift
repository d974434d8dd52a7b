/// Where the field renderer draws. Implemented by the Xft canvas on screen and by a recording
/// canvas in tests.
public protocol Canvas: AnyObject {
    /// Fills the non-zero-winding interior of `path`, antialiased, blending `color` over what is there.
    func fill(_ path: Path, color: Color)
    /// Draws one line of text with its baseline starting at `origin` (its left end): a paragraph,
    /// which a host with a bidi library reorders for display.
    func drawText(_ text: String, at origin: Point, font: FontSpec, color: Color)
    /// Draws a run of one direction the model has already put in place (its left end at
    /// `origin`): shaped in `direction`, never reordered, so right-to-left text reads from its
    /// right end.
    func drawText(_ text: String, at origin: Point, font: FontSpec, color: Color, direction: WritingDirection)
    /// Draws a stretchable image in `rect` (canvas pixels) at `scale` canvas pixels per point,
    /// blended over what is there: cut in nine and stretched as `NineSlice` says, on whole pixels.
    func drawImage(_ image: StretchableImage, in rect: Rect, scale: Double)

    /// The same, for a piece of styled text: a shaping canvas shapes `text` with the text either
    /// side as context (read, not drawn), so letters join across a style boundary.
    func drawText(_ text: String, at origin: Point, font: FontSpec, color: Color, direction: WritingDirection,
                  contextBefore: String, contextAfter: String)
    /// Restricts drawing to `rect` (intersected with any enclosing clip) until the matching `popClip`.
    func pushClip(_ rect: Rect)
    func popClip()
}

extension Canvas {
    public func fill(_ rect: Rect, color: Color) { fill(.rectangle(rect), color: color) }

    /// A canvas that does not shape draws a run as any other text.
    public func drawText(_ text: String, at origin: Point, font: FontSpec, color: Color, direction: WritingDirection) {
        drawText(text, at: origin, font: font, color: color)
    }

    /// A canvas that does not shape has no use for context.
    public func drawText(_ text: String, at origin: Point, font: FontSpec, color: Color, direction: WritingDirection,
                         contextBefore: String, contextAfter: String) {
        drawText(text, at: origin, font: font, color: color, direction: direction)
    }
}
