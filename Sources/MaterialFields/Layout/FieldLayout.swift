/// One placement of a label: baseline origin and font.
public struct LabelPlacement: Equatable, Sendable {
    public var origin: Point
    public var font: FontSpec
    public var width: Double

    public init(origin: Point, font: FontSpec, width: Double) {
        self.origin = origin; self.font = font; self.width = width
    }
}

/// Frames of one field in its own coordinates (container top-left is the origin), computed
/// top-down from configuration, metrics and width. Rendering reads it and never measures.
public struct FieldLayout: Equatable, Sendable {
    public var container: Rect
    /// The band the input text and caret live in, already inside the horizontal padding.
    public var textLine: Rect
    public var textBaseline: Double
    public var textFont: FontSpec
    /// Caret top and height, centred on the text's ascent and descent.
    public var caretTop: Double
    public var caretHeight: Double
    public var restingLabel: LabelPlacement?
    public var floatingLabel: LabelPlacement?
    /// The full-open notch in the outline's top edge, for outlined fields with a label.
    public var notch: ClosedRange<Double>?
    /// How far the field draws outside its container (the outlined floating label rises above it).
    public var overhangTop: Double
    public var metrics: MaterialMetrics

    /// Height the field needs at a width: the container (assistive text will add its row here).
    public var preferredHeight: Double { container.height }

    public static func compute(configuration: FieldConfiguration, width: Double,
                               metrics: MaterialMetrics, measurer: TextMeasuring) -> FieldLayout {
        let padding = metrics.horizontalPadding
        let container = Rect(x: 0, y: 0, width: max(width, 2 * padding), height: metrics.containerHeight)
        let hasLabel = !configuration.label.isEmpty
        let textFont = metrics.inputFont
        let textMetrics = measurer.lineMetrics(for: textFont)

        // The input line: centred in the container, except in a labelled filled field, where it
        // sits below the floating label's line.
        let centredLineTop = (container.height - metrics.inputLineHeight) / 2
        let lineTop: Double
        switch configuration.style {
        case .filled where hasLabel:
            lineTop = metrics.filledFloatingLabelTop + metrics.floatingLabelLineHeight
        case .filled, .outlined:
            lineTop = centredLineTop
        }
        let textLine = Rect(x: padding, y: lineTop, width: container.width - 2 * padding, height: metrics.inputLineHeight)
        let textBaseline = baseline(inLineTop: lineTop, lineHeight: metrics.inputLineHeight, metrics: textMetrics)

        var resting: LabelPlacement?
        var floating: LabelPlacement?
        var notch: ClosedRange<Double>?
        var overhang = 0.0
        if hasLabel {
            let restingFont = metrics.restingLabelFont
            let restingMetrics = measurer.lineMetrics(for: restingFont)
            resting = LabelPlacement(
                origin: Point(x: padding, y: baseline(inLineTop: centredLineTop, lineHeight: metrics.inputLineHeight, metrics: restingMetrics)),
                font: restingFont, width: measurer.advance(of: configuration.label, font: restingFont))

            let floatingFont = metrics.floatingLabelFont
            let floatingMetrics = measurer.lineMetrics(for: floatingFont)
            let floatingWidth = measurer.advance(of: configuration.label, font: floatingFont)
            let floatingTop: Double
            switch configuration.style {
            case .filled:
                floatingTop = metrics.filledFloatingLabelTop
            case .outlined:
                floatingTop = -metrics.floatingLabelLineHeight / 2
                overhang = metrics.floatingLabelLineHeight / 2
                let maxEnd = container.width - metrics.cornerRadius
                notch = (padding - metrics.notchPadding)...min(maxEnd, padding + floatingWidth + metrics.notchPadding)
            }
            floating = LabelPlacement(
                origin: Point(x: padding, y: baseline(inLineTop: floatingTop, lineHeight: metrics.floatingLabelLineHeight, metrics: floatingMetrics)),
                font: floatingFont, width: floatingWidth)
        }

        let caretHeight = textMetrics.ascent + textMetrics.descent
        return FieldLayout(container: container, textLine: textLine, textBaseline: textBaseline, textFont: textFont,
                           caretTop: textBaseline - textMetrics.ascent, caretHeight: caretHeight,
                           restingLabel: resting, floatingLabel: floating, notch: notch,
                           overhangTop: overhang, metrics: metrics)
    }

    /// The baseline that centres a font's ascent + descent in a line box, on a whole pixel so
    /// glyphs stay crisp.
    static func baseline(inLineTop top: Double, lineHeight: Double, metrics: LineMetrics) -> Double {
        (top + (lineHeight - (metrics.ascent + metrics.descent)) / 2 + metrics.ascent).rounded()
    }
}
