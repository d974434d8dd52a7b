/// RAGTextField's text background views, drawn in the context's `textBackgroundRect`: the
/// underline with its focused line growing as `expandMode` says, or the outline, filled and
/// inset. Nothing without a `textBackground`. In high contrast the scheme's colours replace the
/// app's line, focused line and fill colours (forced colours), and the focused line is at least
/// high contrast's focused width.
public struct RAGTextBackgroundPainter: ContainerPainter {
    public init() {}

    public var identifier: String { ContainerKind.rag.rawValue }

    public func paint(_ context: ContainerPaintContext) -> ContainerPaint {
        var shapes: [ShapeFill] = []
        if let background = context.textBackground, let rect = context.textBackgroundRect {
            switch background {
            case .underline(let underline): shapes = underlineShapes(underline, in: rect, context)
            case .outline(let outline): shapes = outlineShapes(outline, in: rect, context)
            }
        }
        return ContainerPaint(shapes: shapes, background: context.scheme.surface)
    }

    /// Whole pixels, at least one, except that 0 hides the line as in RAGTextField.
    private func lineWidth(_ value: Double, scale: Double) -> Double {
        let value = value.isFinite ? min(max(value, 0), 64) : 1
        return value == 0 ? 0 : max(1, (value * scale).rounded())
    }

    private func underlineShapes(_ underline: UnderlineBackground, in rect: Rect, _ context: ContainerPaintContext) -> [ShapeFill] {
        let colors = context.colors, scale = context.metrics.scale, isForced = context.scheme.contrast == .high
        let normalWidth = lineWidth(underline.lineWidth, scale: scale)
        var focusedWidth = lineWidth(underline.focusedLineWidth, scale: scale)
        if isForced { focusedWidth = max(focusedWidth, context.metrics.highContrastFocusedStrokeWidth) }
        var shapes: [ShapeFill] = []
        if normalWidth > 0 {
            shapes.append(ShapeFill(path: .rectangle(Rect(x: rect.minX, y: rect.maxY - normalWidth, width: rect.width, height: normalWidth)),
                                    color: context.state == .disabled || isForced ? colors.underline : underline.lineColor ?? colors.underline))
        }
        let activation = context.activation
        guard activation > 0, focusedWidth > 0 else { return shapes }
        let focusedColor = context.isInError || isForced ? colors.activeIndicator : underline.focusedLineColor ?? colors.activeIndicator
        var progress = activation
        if underline.expandMode == .notExpanding { progress = context.isActivating ? 1 : activation }
        let grown = rect.width * progress
        let left: Double
        switch underline.expandMode {
        case .expandsFromCenter: left = rect.midX - grown / 2
        case .expandsInUserInterfaceDirection where context.layoutDirection == .rightToLeft: left = rect.maxX - grown
        case .expandsFromLeft, .expandsInUserInterfaceDirection, .notExpanding: left = rect.minX
        case .expandsFromRight: left = rect.maxX - grown
        }
        shapes.append(ShapeFill(path: .rectangle(Rect(x: left, y: rect.maxY - focusedWidth, width: grown, height: focusedWidth)),
                                color: focusedColor))
        return shapes
    }

    private func outlineShapes(_ outline: OutlineBackground, in rect: Rect, _ context: ContainerPaintContext) -> [ShapeFill] {
        let colors = context.colors, scale = context.metrics.scale, isForced = context.scheme.contrast == .high
        let inset = outline.inset.sanitized(scale: scale)
        let box = Rect(x: rect.minX + inset.left, y: rect.minY + inset.top, width: max(0, rect.width - inset.left - inset.right),
                       height: max(0, rect.height - inset.top - inset.bottom))
        guard !box.isEmpty else { return [] }
        let radius = (outline.cornerRadius.isFinite ? min(max(outline.cornerRadius, 0), 1_000) : 0) * scale
        var shapes: [ShapeFill] = []
        if let fill = outline.fillColor, !isForced {
            shapes.append(ShapeFill(path: .roundedRectangle(box, radii: CornerRadii(all: radius)), color: fill))
        }
        let normal = context.state == .disabled || isForced ? colors.outline : outline.lineColor ?? colors.outline
        let focused = context.isInError || isForced ? colors.activeOutline : outline.focusedLineColor ?? colors.activeOutline
        var width = lineWidth(outline.lineWidth, scale: scale)
        if isForced && width > 0 {
            // One width for both states in RAG's outline: high contrast thickens it as it focuses.
            width += (max(width, context.metrics.highContrastFocusedStrokeWidth) - width) * context.activation
        }
        if width > 0 {
            shapes.append(ShapeFill(path: .roundedRectangleStroke(box, radii: CornerRadii(all: radius), width: width),
                                    color: normal.interpolated(to: focused, fraction: context.activation)))
        }
        return shapes
    }
}
