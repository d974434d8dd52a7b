/// A line of text as the renderer draws it: already cut to what shows, from a small origin.
public struct TextRun: Equatable, Sendable {
    public var text: String
    public var origin: Point
    public var font: FontSpec
    public var color: Color
    /// For a run of the input text the layout has put in visual order: the direction it is shaped
    /// in. Nil for a paragraph (a label, a placeholder, assistive text), which the canvas reorders.
    public var direction: WritingDirection?
    /// For a piece of styled text beside another style (and for each cluster of kerned text): up
    /// to four clusters either side, stopping at a line break (`ShapingContext`), which the
    /// canvas's shaper reads and does not draw, so letters join across the boundary. Empty in text
    /// of one style.
    public var contextBefore: String
    public var contextAfter: String
    /// Where the run may paint, for one colour of a piece shaped whole across colour boundaries:
    /// the piece is drawn once per colour, each time clipped to that colour's clusters. Nil: no
    /// clip of its own.
    public var clip: Rect?

    public init(text: String, origin: Point, font: FontSpec, color: Color, direction: WritingDirection? = nil,
                contextBefore: String = "", contextAfter: String = "", clip: Rect? = nil) {
        self.text = text; self.origin = origin; self.font = font; self.color = color; self.direction = direction
        self.contextBefore = contextBefore; self.contextAfter = contextAfter; self.clip = clip
    }
}

/// A filled shape in its final colour.
public struct ShapeFill: Equatable, Sendable {
    public var path: Path
    public var color: Color

    public init(path: Path, color: Color) { self.path = path; self.color = color }
}

/// Everything one field shows at one instant, in canvas pixels. `FieldRenderer` is a pure
/// function of it, and two equal appearances draw the same pixels, so a scene redraws a field
/// only when its appearance changed, and only the caret when nothing else did.
public struct FieldAppearance: Equatable, Sendable {
    /// Every pixel the field may touch.
    public var bounds: Rect
    /// UIKit's `background` or `disabledBackground` image in a plain field's border rectangle,
    /// drawn first; nil when none is drawn.
    public var backgroundImage: ImageFill?
    /// Container, hover layer, underline, indicator or outline, and shape icons, in drawing order.
    public var shapes: [ShapeFill]
    /// Icons drawn as glyphs of the icon font.
    public var icons: [TextRun]
    public var label: TextRun?
    public var labelClip: Rect
    /// Prefix and suffix text, clipped to `affixClip` (the container).
    public var affixes: [TextRun]
    public var affixClip: Rect
    /// The input band: placeholder, selection, text, caret and fades are clipped to it.
    public var textClip: Rect
    public var placeholder: TextRun?
    /// A styled placeholder (`attributedPlaceholder` with styles): its runs, in place of `placeholder`.
    public var placeholderRuns: [TextRun]
    /// Background colours of styled runs (the line's height), drawn under the selection.
    public var textBackgrounds: [ShapeFill]
    public var selection: [ShapeFill]
    /// One run per visible line, cut to what shows.
    public var textRuns: [TextRun]
    /// Underlines and strikethroughs of styled runs (the text's and a styled placeholder's),
    /// drawn over the text (again in `selectedTextColor` inside the selection, as the text is).
    public var textDecorations: [ShapeFill]
    /// Inverse video (high contrast): the selection is filled over the text and the text drawn
    /// again in this colour inside it. Nil: the selection is drawn under the text (Material's).
    public var selectedTextColor: Color?
    /// An input method's preedit marks drawn over the text: its underlines.
    public var composition: [ShapeFill]
    public var caret: ShapeFill?
    /// Where a drag hovering over the field would drop its text (a caret with a notch at each
    /// end, never blinking); nil when no drag hovers here.
    public var dropCaret: ShapeFill?
    /// A text area's fade at a scrolled edge, over its text.
    public var fades: [ShapeFill]
    public var assistive: [TextRun]
    public var assistiveClip: Rect
    /// The placeholder's own clip, when an app's `placeholderRect(forBounds:)` moved it off the
    /// text band; nil: `textClip`.
    public var placeholderClip: Rect?
    /// What an app's `drawText(in:context:)` drew, clipped to `bounds`, in place of the text runs
    /// (which its `.defaultDrawing` draws); nil when it drew the default alone.
    public var customText: [FieldDrawingCommand]?
    /// What an app's `drawPlaceholder(in:context:)` drew, as `customText`.
    public var customPlaceholder: [FieldDrawingCommand]?

    public init(bounds: Rect, shapes: [ShapeFill], icons: [TextRun] = [], label: TextRun?, labelClip: Rect,
                affixes: [TextRun] = [], affixClip: Rect = .zero, textClip: Rect, placeholder: TextRun?,
                selection: [ShapeFill], textRuns: [TextRun], selectedTextColor: Color? = nil, composition: [ShapeFill] = [], caret: ShapeFill?,
                fades: [ShapeFill] = [], assistive: [TextRun], assistiveClip: Rect, backgroundImage: ImageFill? = nil) {
        self.bounds = bounds; self.backgroundImage = backgroundImage; self.shapes = shapes; self.icons = icons; self.label = label; self.labelClip = labelClip
        self.affixes = affixes; self.affixClip = affixClip; self.textClip = textClip; self.placeholder = placeholder
        self.selection = selection; self.textRuns = textRuns; self.selectedTextColor = selectedTextColor
        self.composition = composition; self.caret = caret; self.fades = fades
        self.assistive = assistive; self.assistiveClip = assistiveClip
        placeholderRuns = []
        textBackgrounds = []
        textDecorations = []
    }

    /// The region that must be redrawn to go from `previous` to this: nothing when equal, the
    /// caret's old and new rectangles when only the caret changed; when only the text and the
    /// caret changed and every run, old and new, is ASCII, the rows of the input band those runs
    /// can ink (`asciiInkRows`), which is what a typed letter costs; else both bounds.
    public func damage(since previous: FieldAppearance) -> Rect? {
        guard self != previous else { return nil }
        var withoutCaret = self
        withoutCaret.caret = previous.caret
        let carets = (previous.caret?.path.bounds ?? .zero).union(caret?.path.bounds ?? .zero)
        if withoutCaret == previous {
            return carets.integral.intersection(textClip.integral)
        }
        var withoutText = withoutCaret
        withoutText.textRuns = previous.textRuns
        if withoutText == previous, let old = Self.asciiInkRows(of: previous.textRuns, across: textClip),
           let new = Self.asciiInkRows(of: textRuns, across: textClip) {
            return old.union(new).union(carets).integral.intersection(textClip.integral)
        }
        return bounds.union(previous.bounds).integral
    }

    /// How far an ASCII glyph's ink reaches from its baseline, in its font's pixel size: the
    /// tallest (brackets, `|`, ascenders) stay under 1 em above it in text faces and the deepest
    /// (descenders, `_`) under 0.35 em below; the margins here are wider still.
    static let asciiInkAbove = 1.25, asciiInkBelow = 0.6

    /// The band's full width across the rows `runs` can ink: nil when a run holds anything but
    /// ASCII (marks stack, fallback faces and emoji stand taller, anywhere in the container) or
    /// is shaped with context from outside itself.
    static func asciiInkRows(of runs: [TextRun], across clip: Rect) -> Rect? {
        var rows = Rect.zero
        for run in runs {
            guard run.contextBefore.isEmpty, run.contextAfter.isEmpty, run.text.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
            let size = run.font.pixelSize
            guard size.isFinite, size > 0, run.origin.y.isFinite else { return nil }
            let top = run.origin.y - size * asciiInkAbove
            rows = rows.union(Rect(x: clip.minX, y: top, width: clip.width, height: size * (asciiInkAbove + asciiInkBelow)))
        }
        return rows
    }
}
