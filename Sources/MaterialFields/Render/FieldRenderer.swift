/// Draws any field, filled or outlined, from its layout, state and motion. One renderer
/// parameterised by style: variants differ in the container they draw, not in a copy of the code.
public struct FieldRenderer {
    public var scheme: ColorScheme

    public init(scheme: ColorScheme) { self.scheme = scheme }

    /// Label font sizes step in quarter pixels, so the host's font cache stays small while the
    /// float animation stays smooth.
    static func quantizedFontSize(_ size: Double) -> Double { (size * 4).rounded() / 4 }

    /// - Parameters:
    ///   - origin: where the field's container top-left lands on the canvas.
    ///   - showsCaret: false while the window is inactive or the caret is in its off phase.
    public func draw(_ field: TextField, at origin: Point, on canvas: Canvas, time: Double, showsCaret: Bool) {
        guard let layout = field.layout else { return }
        let colors = FieldColors.resolve(scheme: scheme, state: field.state)
        let float = field.labelFloat.value(at: time)
        let activation = field.activation.value(at: time)
        let container = layout.container.offsetBy(dx: origin.x, dy: origin.y)
        let metrics = layout.metrics

        switch field.configuration.style {
        case .filled:
            drawFilledContainer(container, field: field, colors: colors, activation: activation, metrics: metrics, on: canvas)
        case .outlined:
            drawOutline(container, layout: layout, colors: colors, float: float, activation: activation, on: canvas)
        }

        let textBand = Rect(x: origin.x + layout.textLine.x, y: container.minY,
                            width: layout.textLine.width, height: container.height)
        drawLabel(field, layout: layout, origin: origin, colors: colors, float: float, clip: textBand, on: canvas)

        canvas.pushClip(textBand)
        let textOrigin = Point(x: origin.x + layout.textLine.x - field.textScroll, y: origin.y + layout.textBaseline)
        if field.isPlaceholderVisible {
            canvas.drawText(field.configuration.placeholder, at: Point(x: origin.x + layout.textLine.x, y: textOrigin.y),
                            font: layout.textFont, color: colors.placeholder)
        }
        let selection = field.editor.selection
        if field.state == .editing && !selection.isCaret {
            let left = field.caretOffsets[selection.lowerBound], right = field.caretOffsets[selection.upperBound]
            canvas.fill(Rect(x: textOrigin.x + left, y: origin.y + layout.caretTop, width: right - left, height: layout.caretHeight),
                        color: colors.selection)
        }
        if !field.text.isEmpty {
            canvas.drawText(field.text, at: textOrigin, font: layout.textFont, color: colors.inputText)
        }
        if showsCaret && field.state == .editing && selection.isCaret {
            // Keep the caret inside the band even at the very end of a scrolled line.
            let x = min(textOrigin.x + field.caretOffsets[selection.head], textBand.maxX - metrics.caretWidth)
            canvas.fill(Rect(x: x.rounded(), y: origin.y + layout.caretTop, width: metrics.caretWidth, height: layout.caretHeight),
                        color: colors.caret)
        }
        canvas.popClip()
    }

    private func drawFilledContainer(_ container: Rect, field: TextField, colors: FieldColors, activation: Double,
                                     metrics: MaterialMetrics, on canvas: Canvas) {
        canvas.fill(.roundedRectangle(container, radii: .top(metrics.cornerRadius)), color: colors.container)
        let stroke = metrics.strokeWidth
        let underline = Rect(x: container.minX, y: container.maxY - stroke, width: container.width, height: stroke)
        if colors.dottedUnderline {
            var dots = Path()
            var x = underline.minX
            while x < underline.maxX {
                dots.addContour(Path.rectangle(Rect(x: x, y: underline.minY, width: stroke, height: stroke)).contours[0])
                x += 3 * stroke
            }
            canvas.fill(dots, color: colors.underline)
        } else {
            canvas.fill(underline, color: colors.underline)
        }
        guard activation > 0 else { return }
        let thickness = metrics.focusedStrokeWidth
        guard field.activation.target > 0 else {
            // Deactivating, it fades out at full width, as MDC web's line ripple does.
            canvas.fill(Rect(x: container.minX, y: container.maxY - thickness, width: container.width, height: thickness),
                        color: colors.activeIndicator.withAlpha(colors.activeIndicator.alpha * activation))
            return
        }
        // Activating, it grows outward from where the field was clicked.
        let originX = min(max(field.activationOrigin, 0), container.width)
        let left = container.minX + originX * (1 - activation)
        let right = container.minX + originX + (container.width - originX) * activation
        canvas.fill(Rect(x: left, y: container.maxY - thickness, width: right - left, height: thickness),
                    color: colors.activeIndicator)
    }

    private func drawOutline(_ container: Rect, layout: FieldLayout, colors: FieldColors, float: Double, activation: Double,
                             on canvas: Canvas) {
        let metrics = layout.metrics
        let width = metrics.strokeWidth + (metrics.focusedStrokeWidth - metrics.strokeWidth) * activation
        let color = colors.outline.interpolated(to: colors.activeOutline, fraction: activation)
        var gap: ClosedRange<Double>?
        if let notch = layout.notch, float > 0 {
            // The notch opens from the middle of the floating label, in step with the label.
            let centre = container.minX + (notch.lowerBound + notch.upperBound) / 2
            let half = (notch.upperBound - notch.lowerBound) / 2 * float
            gap = (centre - half)...(centre + half)
        }
        canvas.fill(.roundedRectangleStroke(container, radii: CornerRadii(all: metrics.cornerRadius), width: width, topGap: gap),
                    color: color)
    }

    private func drawLabel(_ field: TextField, layout: FieldLayout, origin: Point, colors: FieldColors, float: Double,
                           clip: Rect, on canvas: Canvas) {
        guard let resting = layout.restingLabel, let floating = layout.floatingLabel else { return }
        let size = Self.quantizedFontSize(resting.font.pixelSize + (floating.font.pixelSize - resting.font.pixelSize) * float)
        let position = Point(x: origin.x + resting.origin.x + (floating.origin.x - resting.origin.x) * float,
                             y: origin.y + resting.origin.y + (floating.origin.y - resting.origin.y) * float)
        let color = colors.restingLabel.interpolated(to: colors.floatingLabel, fraction: float)
        // The floating outlined label rises above the container; let its clip follow it up.
        let labelClip = Rect(x: clip.minX, y: origin.y - layout.overhangTop, width: clip.width,
                             height: clip.maxY - origin.y + layout.overhangTop)
        canvas.pushClip(labelClip)
        canvas.drawText(field.configuration.label, at: Point(x: position.x, y: position.y.rounded()),
                        font: FontSpec(pixelSize: size, weight: resting.font.weight), color: color)
        canvas.popClip()
    }
}
