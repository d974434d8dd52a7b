/// One placement of a label: baseline origin and font.
public struct LabelPlacement: Equatable, Sendable {
    public var origin: Point
    public var font: FontSpec
    public var width: Double

    public init(origin: Point, font: FontSpec, width: Double) {
        self.origin = origin; self.font = font; self.width = width
    }
}

/// What the layout of a field depends on, and nothing else: a change to anything outside it
/// (text, placeholder, colours, state) never lays the field out again.
public struct FieldLayoutInput: Equatable, Sendable {
    public var style: FieldStyle
    public var density: Double
    public var label: String
    public var labelBehavior: LabelBehavior
    public var hasLeadingIcon: Bool
    /// A trailing icon or a clear button can show: the trailing slot is reserved.
    public var hasTrailingSlot: Bool
    public var hasAssistiveRow: Bool
    public var width: Double
    public var metrics: MaterialMetrics
}

/// Frames of one field in its own coordinates (container top-left is the origin), computed
/// top-down from `FieldLayoutInput` and a measurer. Rendering reads it and never measures.
public struct FieldLayout: Equatable, Sendable {
    public var container: Rect
    /// The band the input text and caret live in, already inside the paddings and icons.
    public var textLine: Rect
    public var textBaseline: Double
    public var textFont: FontSpec
    public var restingLabel: LabelPlacement?
    public var floatingLabel: LabelPlacement?
    /// The full-open notch in the outline's top edge, for outlined fields with a floating label.
    public var notch: ClosedRange<Double>?
    public var leadingIcon: Rect?
    public var trailingSlot: Rect?
    /// The row of helper or error text (leading) and trailing text, below the container.
    public var assistiveRow: Rect?
    public var assistiveBaseline: Double
    /// How far the field draws outside its container's top (the outlined floating label).
    public var overhangTop: Double
    public var metrics: MaterialMetrics

    /// Height the field needs: the container plus its assistive row.
    public var preferredHeight: Double { assistiveRow?.maxY ?? container.height }

    /// Everything the field may paint, in its own coordinates.
    public var paintBounds: Rect {
        Rect(x: container.minX, y: container.minY - overhangTop, width: container.width,
             height: preferredHeight + overhangTop)
    }

    /// The widest a field is laid out: X coordinates are 16-bit.
    public static let maximumWidth = 32_767.0

    public static func compute(_ input: FieldLayoutInput, measurer: TextMeasuring) -> FieldLayout {
        let metrics = input.metrics
        let scale = metrics.scale
        let positioning = input.style.positioning(density: input.density)
        let padding = metrics.horizontalPadding
        // Never narrower than its paddings (a field squeezed below that overflows its frame), and
        // never wider than an X window can be.
        let width = min(max(input.width.isFinite ? input.width : 0, 2 * padding), Self.maximumWidth)
        let container = Rect(x: 0, y: 0, width: width, height: positioning.containerHeight * scale)
        let floats = !input.label.isEmpty && input.labelBehavior == .floats

        let iconSpan = metrics.iconEdgeInset + metrics.iconSize + metrics.iconTextGap
        let textLeft = input.hasLeadingIcon ? iconSpan : padding
        let textRight = max(textLeft, width - (input.hasTrailingSlot ? iconSpan : padding))
        let iconTop = (container.height - metrics.iconSize) / 2
        let leadingIcon = input.hasLeadingIcon
            ? Rect(x: metrics.iconEdgeInset, y: iconTop, width: metrics.iconSize, height: metrics.iconSize) : nil
        let trailingSlot = input.hasTrailingSlot
            ? Rect(x: width - metrics.iconEdgeInset - metrics.iconSize, y: iconTop, width: metrics.iconSize, height: metrics.iconSize)
            : nil

        let textFont = metrics.inputFont
        let textMetrics = measurer.lineMetrics(for: textFont)
        let lineTop = (floats ? positioning.textTopWithFloatingLabel : positioning.textTopWithoutFloatingLabel) * scale
        let textLine = Rect(x: textLeft, y: lineTop, width: textRight - textLeft, height: metrics.inputLineHeight)
        let textBaseline = baseline(inLineTop: lineTop, lineHeight: metrics.inputLineHeight, metrics: textMetrics)

        var resting: LabelPlacement?
        var floating: LabelPlacement?
        var notch: ClosedRange<Double>?
        var overhang = 0.0
        if !input.label.isEmpty {
            let restingFont = metrics.restingLabelFont
            let restingMetrics = measurer.lineMetrics(for: restingFont)
            let restingTop = (container.height - metrics.inputLineHeight) / 2
            resting = LabelPlacement(
                origin: Point(x: textLeft, y: baseline(inLineTop: restingTop, lineHeight: metrics.inputLineHeight, metrics: restingMetrics)),
                font: restingFont, width: measurer.advance(of: input.label, font: restingFont))

            let floatingFont = metrics.floatingLabelFont
            let floatingMetrics = measurer.lineMetrics(for: floatingFont)
            let floatingWidth = measurer.advance(of: input.label, font: floatingFont)
            let floatingTop = positioning.floatingLabelTop * scale
            overhang = max(0, -floatingTop)
            // On an outline the label starts at the padding even beside a leading icon, as MDC does.
            let floatingX = input.style.container == .outlined ? padding : textLeft
            if input.style.container == .outlined && floats {
                let maxEnd = container.width - metrics.cornerRadius
                notch = (floatingX - metrics.notchPadding)...max(floatingX - metrics.notchPadding,
                                                                 min(maxEnd, floatingX + floatingWidth + metrics.notchPadding))
            }
            floating = LabelPlacement(
                origin: Point(x: floatingX, y: baseline(inLineTop: floatingTop, lineHeight: metrics.floatingLabelLineHeight,
                                                         metrics: floatingMetrics)),
                font: floatingFont, width: floatingWidth)
        }

        var assistiveRow: Rect?
        var assistiveBaseline = 0.0
        if input.hasAssistiveRow {
            let top = container.maxY + metrics.assistiveGap
            assistiveRow = Rect(x: padding, y: top, width: max(0, width - 2 * padding), height: metrics.assistiveLineHeight)
            assistiveBaseline = baseline(inLineTop: top, lineHeight: metrics.assistiveLineHeight,
                                         metrics: measurer.lineMetrics(for: metrics.assistiveFont))
        }

        return FieldLayout(container: container, textLine: textLine, textBaseline: textBaseline, textFont: textFont,
                           restingLabel: resting, floatingLabel: floating, notch: notch, leadingIcon: leadingIcon,
                           trailingSlot: trailingSlot, assistiveRow: assistiveRow, assistiveBaseline: assistiveBaseline,
                           overhangTop: overhang, metrics: metrics)
    }

    /// The baseline that centres a font's ascent + descent in a line box, on a whole pixel so
    /// glyphs stay crisp.
    public static func baseline(inLineTop top: Double, lineHeight: Double, metrics: LineMetrics) -> Double {
        (top + (lineHeight - (metrics.ascent + metrics.descent)) / 2 + metrics.ascent).rounded()
    }
}
