/// MDC's filled container: a tinted box with rounded top corners (and the hover layer over it),
/// an underline, and the activation indicator along the bottom. In high contrast the box is also
/// edged (the outline's colours and widths): a tint faint enough for 7:1 text on it cannot also
/// stand 3:1 from the surface, so the edge bounds it.
public struct FilledContainerPainter: ContainerPainter {
    public init() {}

    public var identifier: String { ContainerKind.filled.rawValue }

    public func paint(_ context: ContainerPaintContext) -> ContainerPaint {
        let container = context.container, colors = context.colors, metrics = context.metrics
        let activation = context.activation, contrast = context.scheme.contrast
        var shapes: [ShapeFill] = []
        var background = context.scheme.surface
        let box = Path.roundedRectangle(container, radii: .top(metrics.cornerRadius))
        shapes.append(ShapeFill(path: box, color: colors.container))
        background = colors.container.composited(over: background)
        if colors.hoverLayer.alpha > 0 {
            shapes.append(ShapeFill(path: box, color: colors.hoverLayer))
            background = colors.hoverLayer.composited(over: background)
        }
        if contrast == .high {
            shapes.append(ShapeFill(path: .roundedRectangleStroke(container, radii: .top(metrics.cornerRadius),
                                                                  width: metrics.strokeWidth(activation: activation, contrast: contrast)),
                                    color: colors.outline.interpolated(to: colors.activeOutline, fraction: activation)))
        }
        let stroke = metrics.strokeWidth
        let underline = Rect(x: container.minX, y: container.maxY - stroke, width: container.width, height: stroke)
        shapes.append(ShapeFill(path: .rectangle(underline), color: colors.underline))
        if activation > 0 {
            let thickness = metrics.focusedStrokeWidth(for: contrast)
            if context.isActivating {
                // Activating, it grows outward from where the field was clicked.
                let originX = min(max(context.activationOrigin, 0), container.width)
                let left = container.minX + originX * (1 - activation)
                let right = container.minX + originX + (container.width - originX) * activation
                shapes.append(ShapeFill(path: .rectangle(Rect(x: left, y: container.maxY - thickness, width: right - left,
                                                              height: thickness)), color: colors.activeIndicator))
            } else {
                // Deactivating, it fades out at full width, as MDC web's line ripple does.
                shapes.append(ShapeFill(path: .rectangle(Rect(x: container.minX, y: container.maxY - thickness,
                                                              width: container.width, height: thickness)),
                                        color: colors.activeIndicator.withAlpha(colors.activeIndicator.alpha * activation)))
            }
        }
        return ContainerPaint(shapes: shapes, background: background)
    }
}

/// MDC's outlined container: a rounded stroke that thickens (to 2 px, 3 px in high contrast) and
/// takes the primary colour as the field activates, with a notch in its top edge opening for the
/// floating label.
public struct OutlinedContainerPainter: ContainerPainter {
    public init() {}

    public var identifier: String { ContainerKind.outlined.rawValue }

    public func paint(_ context: ContainerPaintContext) -> ContainerPaint {
        let container = context.container, colors = context.colors, metrics = context.metrics
        let width = metrics.strokeWidth(activation: context.activation, contrast: context.scheme.contrast)
        let color = colors.outline.interpolated(to: colors.activeOutline, fraction: context.activation)
        var gap: ClosedRange<Double>?
        if let notch = context.notch, context.labelFloat > 0 {
            // The notch opens from the middle of the floating label, in step with the label.
            let centre = container.minX + (notch.lowerBound + notch.upperBound) / 2
            let half = (notch.upperBound - notch.lowerBound) / 2 * context.labelFloat
            gap = (centre - half)...(centre + half)
        }
        let outline = ShapeFill(path: .roundedRectangleStroke(container, radii: CornerRadii(all: metrics.cornerRadius),
                                                              width: width, topGap: gap), color: color)
        return ContainerPaint(shapes: [outline], background: context.scheme.surface)
    }
}
