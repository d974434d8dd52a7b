/// Draws a family's container: the box, line, outline or border behind a field's text. A
/// `FieldStyle` carries one, so a new look is a new `FieldStyle` value with a painter of its own,
/// not a new case in the library's code.
///
/// A painter is a pure function of the context: the same context must give the same paint, since
/// a scene redraws a field only when its appearance changed.
public protocol ContainerPainter: Sendable {
    /// Names the look. Two styles are equal only if their painters' identifiers are, so painters
    /// that draw differently must have different identifiers (a painter with parameters puts them
    /// in it, as `PlainBorderPainter` does).
    var identifier: String { get }

    /// The container's shapes, in drawing order and final colours, and the colour under the text.
    func paint(_ context: ContainerPaintContext) -> ContainerPaint
}

/// What a container painter knows of the field at one instant. Rectangles are in canvas pixels.
public struct ContainerPaintContext: Equatable, Sendable {
    /// The container's rectangle.
    public var container: Rect
    /// The field's colours at this instant (already eased toward the error theme).
    public var colors: FieldColors
    public var scheme: ColorScheme
    public var metrics: MaterialMetrics
    /// Activation progress (0 resting, 1 active) at this instant, and where it is heading: a
    /// target above 0 means the field is activating, 0 that it is deactivating.
    public var activation: Double
    public var activationTarget: Double
    /// Where the activation started (the click point), in pixels from the container's left edge.
    public var activationOrigin: Double
    /// The label's float progress (0 resting, 1 floating) at this instant.
    public var labelFloat: Double
    /// The gap the floating label needs in the container's top edge, in pixels from the
    /// container's left edge; nil when the style has no notch.
    public var notch: ClosedRange<Double>?
    public var state: FieldState
    public var isHovered: Bool
    public var isInError: Bool
    /// The user-interface direction of the field.
    public var layoutDirection: WritingDirection
    /// RAGTextField's text background option and the rectangle it is drawn in (nil for the
    /// other families, or when the field has none).
    public var textBackground: TextBackground?
    public var textBackgroundRect: Rect?
    /// The image a plain field shows for UIKit's `background` (or `disabledBackground` while
    /// disabled), when it has one and the scheme is not high contrast; a painter may draw it in
    /// place of its border (the plain
    /// painter does, but for `.roundedRect`; the Material and RAG painters ignore it).
    public var backgroundImage: StretchableImage?

    public init(container: Rect, colors: FieldColors, scheme: ColorScheme, metrics: MaterialMetrics,
                activation: Double = 0, activationTarget: Double = 0, activationOrigin: Double = 0, labelFloat: Double = 0,
                notch: ClosedRange<Double>? = nil, state: FieldState = .normal, isHovered: Bool = false, isInError: Bool = false,
                layoutDirection: WritingDirection = .leftToRight, textBackground: TextBackground? = nil,
                textBackgroundRect: Rect? = nil, backgroundImage: StretchableImage? = nil) {
        self.container = container; self.colors = colors; self.scheme = scheme; self.metrics = metrics
        self.activation = activation; self.activationTarget = activationTarget; self.activationOrigin = activationOrigin
        self.labelFloat = labelFloat; self.notch = notch; self.state = state; self.isHovered = isHovered
        self.isInError = isInError; self.layoutDirection = layoutDirection; self.textBackground = textBackground
        self.textBackgroundRect = textBackgroundRect; self.backgroundImage = backgroundImage
    }

    /// True while the field is activating (its indicator grows), false while it deactivates.
    public var isActivating: Bool { activationTarget > 0 }
}

/// What a container painter draws.
public struct ContainerPaint: Equatable, Sendable {
    /// Drawn first, before icons, label and text, in this order.
    public var shapes: [ShapeFill]
    /// The opaque colour under the text: a text area's edge fades are drawn in it.
    public var background: Color
    /// An image drawn before the shapes (a plain field's background image).
    public var image: ImageFill?

    public init(shapes: [ShapeFill] = [], background: Color, image: ImageFill? = nil) {
        self.shapes = shapes; self.background = background; self.image = image
    }
}

extension ContainerKind {
    /// The library's painter for this container: what a `FieldStyle` with this container draws
    /// unless it was given a painter of its own.
    public var painter: any ContainerPainter {
        switch self {
        case .filled: return FilledContainerPainter()
        case .outlined: return OutlinedContainerPainter()
        case .rag: return RAGTextBackgroundPainter()
        case .borderless: return PlainBorderPainter(border: .none)
        case .line: return PlainBorderPainter(border: .line)
        case .bezel: return PlainBorderPainter(border: .bezel)
        case .roundedRect: return PlainBorderPainter(border: .roundedRect)
        }
    }
}
