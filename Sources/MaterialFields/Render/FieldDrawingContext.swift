/// One drawing call an app's `drawText(in:context:)` or `drawPlaceholder(in:context:)` made,
/// kept in the field's appearance (so it is compared, and repainted only when it changed).
public enum FieldDrawingCommand: Equatable, Sendable {
    case fill(Path, Color)
    /// A paragraph (`direction` nil, reordered by the canvas) or a run already in visual order.
    case text(String, at: Point, font: FontSpec, color: Color, direction: WritingDirection?)
    /// A stretchable image drawn into a rectangle at a scale (`Canvas.drawImage`).
    case image(StretchableImage, in: Rect, scale: Double)
    case pushClip(Rect)
    case popClip
    /// The field's own drawing of the text (or placeholder) at this point: `context.drawDefault()`,
    /// what `super.drawText(in:context:)` does.
    case defaultDrawing
}

/// The canvas a drawing hook draws on (UIKit's current graphics context, "configured with the
/// default environment and text color"): it records what the hook draws, in canvas pixels,
/// with what the default drawing would use at hand. A hook draws anywhere in the field's bounds
/// (drawing is clipped to them); it never sees the screen, so it cannot draw outside its field
/// or between frames.
///
/// Made safe as it records: a shape, text or image at a NaN, infinite or enormous (beyond ±1,000,000 px)
/// position is dropped (an image also at a scale that is not positive; one above 16 is 16), a font size is kept between 1 and 512 px, a clip rectangle made finite,
/// clips left pushed are popped and extra pops ignored, and after `maximumCommands` calls the
/// rest is dropped.
public final class FieldDrawingContext: Canvas {
    /// The rectangle the hook was asked to draw in (the text's or the placeholder's), placed.
    public let rect: Rect
    /// What the default drawing shows: the displayed text (a secure field's dots) or the placeholder.
    public var text: String { textProvider() }
    /// The colour and font the default drawing uses.
    public let color: Color
    public let font: FontSpec
    /// The scene's colours (its primary colour, surface, emphasis) for drawing in the theme.
    public let scheme: ColorScheme
    /// The field's scale (the desktop's, 1 or more): sizes drawn by hand multiply by it.
    public let scale: Double
    public private(set) var commands: [FieldDrawingCommand] = []
    public static let maximumCommands = 4_096
    private var clipDepth = 0
    private let measurer: TextMeasuring?
    /// Made only when a hook reads it: a long text is not copied each frame for nothing.
    private let textProvider: () -> String

    init(rect: Rect, text: @escaping () -> String, color: Color, font: FontSpec, scheme: ColorScheme, scale: Double,
         measurer: TextMeasuring?) {
        self.rect = rect; self.textProvider = text; self.color = color; self.font = font; self.scheme = scheme
        self.scale = scale; self.measurer = measurer
    }

    /// The field's own drawing, here (as `super` does).
    public func drawDefault() { record(.defaultDrawing) }

    /// How wide `text` is in `font`, as the field measures (0 without a measurer).
    public func advance(of text: String, font: FontSpec) -> Double {
        guard let measurer else { return 0 }
        return measurer.advance(of: text, font: Self.safeFont(font))
    }

    /// The baseline that centres a line of `font` in a box from `top`, `height` tall, on a whole
    /// pixel (as the field centres its own text and icons).
    public func baseline(centring font: FontSpec, inTop top: Double, height: Double) -> Double {
        let font = Self.safeFont(font)
        let metrics = measurer?.lineMetrics(for: font) ?? LineMetrics(ascent: font.pixelSize * 0.8, descent: font.pixelSize * 0.2)
        return FieldLayout.baseline(inLineTop: top, lineHeight: height, metrics: metrics)
    }

    public func fill(_ path: Path, color: Color) {
        guard !path.isEmpty, Self.isSafe(path.bounds) else { return }
        record(.fill(path, color))
    }

    public func drawText(_ text: String, at origin: Point, font: FontSpec, color: Color) {
        guard Self.isSafe(origin), !text.isEmpty else { return }
        record(.text(text, at: origin, font: Self.safeFont(font), color: color, direction: nil))
    }

    public func drawText(_ text: String, at origin: Point, font: FontSpec, color: Color, direction: WritingDirection) {
        guard Self.isSafe(origin), !text.isEmpty else { return }
        record(.text(text, at: origin, font: Self.safeFont(font), color: color, direction: direction))
    }

    public func drawImage(_ image: StretchableImage, in rect: Rect, scale: Double) {
        guard Self.isSafe(rect), scale.isFinite, scale > 0 else { return }
        record(.image(image, in: rect, scale: min(scale, 16)))
    }

    public func pushClip(_ rect: Rect) {
        guard commands.count < Self.maximumCommands - clipDepth - 1 else { return }
        clipDepth += 1
        commands.append(.pushClip(rect.isFinite ? rect : .zero))
    }

    public func popClip() {
        guard clipDepth > 0 else { return }
        clipDepth -= 1
        commands.append(.popClip)
    }

    /// What was drawn, with every clip popped; nil when it is the default drawing alone.
    func finished() -> [FieldDrawingCommand]? {
        while clipDepth > 0 { popClip() }
        return commands == [.defaultDrawing] ? nil : commands
    }

    /// Room is kept for the pops of the clips already pushed.
    private func record(_ command: FieldDrawingCommand) {
        guard commands.count < Self.maximumCommands - clipDepth else { return }
        commands.append(command)
    }

    private static let limit = 1_000_000.0
    private static func isSafe(_ point: Point) -> Bool {
        point.x.isFinite && point.y.isFinite && abs(point.x) <= limit && abs(point.y) <= limit
    }
    private static func isSafe(_ rect: Rect) -> Bool {
        rect.isFinite && isSafe(Point(x: rect.minX, y: rect.minY)) && isSafe(Point(x: rect.maxX, y: rect.maxY))
    }
    private static func safeFont(_ font: FontSpec) -> FontSpec {
        var font = font
        font.pixelSize = font.pixelSize.isFinite ? min(max(font.pixelSize, 1), 512) : 16
        return font
    }
}
