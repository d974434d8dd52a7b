/// MDC's filled container: a tinted box with rounded top corners (and the hover layer over it),
/// an underline, and the activation indicator along the bottom (growing from the click point in
/// M2, fading in at full width in M3: `metrics.design` picks). In high contrast the box is also
/// edged (the outline's colours and widths): a tint faint enough for 7:1 text on it cannot also
/// stand 3:1 from the surface, so the edge bounds it.
public struct FilledContainerPainter: ContainerPainter {
    public init() {}

    public var identifier: String { ContainerKind.filled.rawValue }

    public func paint(_ context: ContainerPaintContext) -> ContainerPaint {
        var paint = paintContainer(context)
        let container = context.container, colors = context.colors, metrics = context.metrics
        let activation = context.activation, contrast = context.scheme.contrast
        if metrics.design == .m3 {
            paint.shapes += Self.material3Indicator(context)
            return paint
        }
        let stroke = metrics.strokeWidth
        let underline = Rect(x: container.minX, y: container.maxY - stroke, width: container.width, height: stroke)
        paint.shapes.append(ShapeFill(path: .rectangle(underline), color: colors.underline))
        if activation > 0 {
            let thickness = metrics.focusedStrokeWidth(for: contrast)
            if context.isActivating {
                // Activating, it grows outward from where the field was clicked.
                let originX = min(max(context.activationOrigin, 0), container.width)
                let left = container.minX + originX * (1 - activation)
                let right = container.minX + originX + (container.width - originX) * activation
                paint.shapes.append(ShapeFill(path: .rectangle(Rect(x: left, y: container.maxY - thickness, width: right - left,
                                                                    height: thickness)), color: colors.activeIndicator))
            } else {
                // Deactivating, it fades out at full width, as MDC web's line ripple does.
                paint.shapes.append(ShapeFill(path: .rectangle(Rect(x: container.minX, y: container.maxY - thickness,
                                                                    width: container.width, height: thickness)),
                                              color: colors.activeIndicator.withAlpha(colors.activeIndicator.alpha * activation)))
            }
        }
        return paint
    }

    /// M3's active indicator (Material Web's `field/internal/_filled-field.scss`): the resting
    /// line at its state's height (1 px resting, hovered and disabled) and, over it, the focused
    /// line (2 px) at full width, its opacity following the activation both ways; it neither
    /// grows from the click point nor changes width.
    static func material3Indicator(_ context: ContainerPaintContext) -> [ShapeFill] {
        let container = context.container, colors = context.colors, metrics = context.metrics
        let resting = metrics.restingLineWidth(.filled, state: context.state, isHovered: context.isHovered)
        var shapes = [ShapeFill(path: .rectangle(Rect(x: container.minX, y: container.maxY - resting, width: container.width,
                                                      height: resting)), color: colors.underline)]
        if context.activation > 0 {
            let focused = metrics.focusedLineWidth(.filled, contrast: context.scheme.contrast)
            shapes.append(ShapeFill(path: .rectangle(Rect(x: container.minX, y: container.maxY - focused, width: container.width,
                                                          height: focused)),
                                    color: colors.activeIndicator.withAlpha(colors.activeIndicator.alpha * context.activation)))
        }
        return shapes
    }

    /// The box, its hover layer and, in high contrast, its edge: both designs' (M3's box has
    /// md.comp.filled-text-field.container.shape, corner-extra-small-top: 4 px top corners).
    private func paintContainer(_ context: ContainerPaintContext) -> ContainerPaint {
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
        return ContainerPaint(shapes: shapes, background: background)
    }
}

/// MDC's outlined container: a rounded stroke that thickens (to 2 px, 3 px in high contrast) and
/// takes the primary colour as the field activates, with a notch in its top edge opening for the
/// floating label. In M3 (`metrics.design`) the focused outline fades in over the resting one.
public struct OutlinedContainerPainter: ContainerPainter {
    public init() {}

    public var identifier: String { ContainerKind.outlined.rawValue }

    public func paint(_ context: ContainerPaintContext) -> ContainerPaint {
        let container = context.container, colors = context.colors, metrics = context.metrics
        var gap: ClosedRange<Double>?
        if let notch = context.notch, context.labelFloat > 0 {
            // The notch opens from the middle of the floating label, in step with the label
            // (M3: Material Web's notch panels shrink toward its ends, duration-short3 as the label).
            let centre = container.minX + (notch.lowerBound + notch.upperBound) / 2
            let half = (notch.upperBound - notch.lowerBound) / 2 * context.labelFloat
            gap = (centre - half)...(centre + half)
        }
        func ring(width: Double, color: Color) -> ShapeFill {
            // M3's md.comp.outlined-text-field.container.shape is corner-extra-small: 4 px, as M2's.
            ShapeFill(path: .roundedRectangleStroke(container, radii: CornerRadii(all: metrics.cornerRadius), width: width,
                                                    topGap: gap), color: color)
        }
        if metrics.design == .m3 {
            // Material Web's `field/internal/_outlined-field.scss`: the whole outline takes the
            // focused colour at once while focused (the resting colour at once when focus
            // leaves), at its state's width (1 px), and the focused outline (2 px) fades in
            // over it with the activation, and out again.
            let color = context.isActivating ? colors.activeOutline : colors.outline
            var shapes = [ring(width: metrics.restingLineWidth(.outlined, state: context.state, isHovered: context.isHovered),
                               color: color)]
            if context.activation > 0 {
                shapes.append(ring(width: metrics.focusedLineWidth(.outlined, contrast: context.scheme.contrast),
                                   color: color.withAlpha(color.alpha * context.activation)))
            }
            return ContainerPaint(shapes: shapes, background: context.scheme.surface)
        }
        let width = metrics.strokeWidth(activation: context.activation, contrast: context.scheme.contrast)
        let color = colors.outline.interpolated(to: colors.activeOutline, fraction: context.activation)
        return ContainerPaint(shapes: [ring(width: width, color: color)], background: context.scheme.surface)
    }
}
