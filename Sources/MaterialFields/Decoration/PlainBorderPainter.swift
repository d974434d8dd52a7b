/// UIKit's plain borders: nothing, a thin line, a sunken bezel, a rounded rectangle on the
/// surface. The line takes the primary colour as the field is edited, as desktop entries show
/// focus, and thickens (to 2 px, 3 px in high contrast).
public struct PlainBorderPainter: ContainerPainter {
    public var border: BorderStyle

    public init(border: BorderStyle) { self.border = border }

    /// The plain container's name: "borderless", "line", "bezel" or "roundedRect".
    public var identifier: String {
        switch border {
        case .none: return ContainerKind.borderless.rawValue
        case .line: return ContainerKind.line.rawValue
        case .bezel: return ContainerKind.bezel.rawValue
        case .roundedRect: return ContainerKind.roundedRect.rawValue
        }
    }

    public func paint(_ context: ContainerPaintContext) -> ContainerPaint {
        // UIKit: a background image replaces the border, in the border rectangle (the container),
        // except for the rounded rectangle, which ignores it.
        if border != .roundedRect, let image = context.backgroundImage {
            return ContainerPaint(background: context.scheme.surface,
                                  image: ImageFill(image: image, rect: context.container, scale: context.metrics.scale))
        }
        return ContainerPaint(shapes: shapes(context), background: context.scheme.surface)
    }

    private func shapes(_ context: ContainerPaintContext) -> [ShapeFill] {
        let container = context.container, colors = context.colors, metrics = context.metrics, scheme = context.scheme
        let activation = context.activation
        let stroke = metrics.strokeWidth, width = metrics.strokeWidth(activation: activation, contrast: scheme.contrast)
        let color = colors.outline.interpolated(to: colors.activeOutline, fraction: activation)
        switch border {
        case .none:
            return []
        case .line:
            return [ShapeFill(path: .roundedRectangleStroke(container, radii: CornerRadii(all: 0), width: width), color: color)]
        case .bezel:
            // Light from the top left: a shadow inside the top and left edges makes it sunken.
            let shadow = scheme.onSurface.withAlpha(context.state == .disabled ? 0.12 : 0.3)
            return [
                ShapeFill(path: .rectangle(container), color: scheme.surface),
                ShapeFill(path: .rectangle(Rect(x: container.minX + stroke, y: container.minY + stroke,
                                                width: container.width - 2 * stroke, height: stroke)), color: shadow),
                ShapeFill(path: .rectangle(Rect(x: container.minX + stroke, y: container.minY + 2 * stroke,
                                                width: stroke, height: container.height - 3 * stroke)), color: shadow),
                // Material's bezel shows focus by colour alone; high contrast's thickens too.
                ShapeFill(path: .roundedRectangleStroke(container, radii: CornerRadii(all: 0),
                                                        width: scheme.contrast == .high ? width : stroke), color: color),
            ]
        case .roundedRect:
            let radius = 6 * metrics.scale
            return [
                ShapeFill(path: .roundedRectangle(container, radii: CornerRadii(all: radius)), color: scheme.surface),
                ShapeFill(path: .roundedRectangleStroke(container, radii: CornerRadii(all: radius), width: width), color: color),
            ]
        }
    }
}
