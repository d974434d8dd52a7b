/// What RAGTextField's layout depends on beyond what every field's does.
public struct RAGLayoutOptions: Equatable, Sendable {
    public var placeholderMode: PlaceholderMode
    /// The floating placeholder's size relative to the resting one (RAG's default 1).
    public var placeholderScaleWhenEditing: Double
    /// Pixels at scale 1 between the floating placeholder and the text (positive moves it up).
    public var scaledPlaceholderOffset: Double
    /// Pixels at scale 1 between the text and the hint (positive moves the hint down).
    public var hintOffset: Double
    /// Around the text inside its background, at scale 1.
    public var textPadding: EdgeInsets
    public var textPaddingMode: TextPaddingMode

    public init(placeholderMode: PlaceholderMode = .scalesWhenEditing, placeholderScaleWhenEditing: Double = 1,
                scaledPlaceholderOffset: Double = 0, hintOffset: Double = 0, textPadding: EdgeInsets = .zero,
                textPaddingMode: TextPaddingMode = .text) {
        self.placeholderMode = placeholderMode; self.placeholderScaleWhenEditing = placeholderScaleWhenEditing
        self.scaledPlaceholderOffset = scaledPlaceholderOffset; self.hintOffset = hintOffset
        self.textPadding = textPadding; self.textPaddingMode = textPaddingMode
    }

    /// The floating size factor, kept to 0.1...4 (NaN is RAG's 1).
    var sanitizedScale: Double {
        placeholderScaleWhenEditing.isFinite ? min(max(placeholderScaleWhenEditing, 0.1), 4) : 1
    }

    static func sanitizedOffset(_ value: Double, scale: Double) -> Double {
        (value.isFinite ? min(max(value, -200), 200) : 0) * scale
    }
}

extension FieldLayout {
    /// RAGTextField's stack, top-down: the floating placeholder (when a mode floats it), its
    /// offset, the text line, the hint's offset and lines. The text background wraps the text and
    /// its padding, and the placeholder and hint too as `textPaddingMode` says. The container is
    /// everything above the hint (what a click focuses).
    static func computeRAG(_ input: FieldLayoutInput, measurer: TextMeasuring) -> FieldLayout {
        let metrics = input.metrics
        let scale = metrics.scale
        let options = input.rag ?? RAGLayoutOptions()
        let width = min(max(input.width.isFinite ? input.width : 0, 0), Self.maximumWidth)
        let padding = options.textPadding.sanitized(scale: scale)
        let textFont = scaled(input.textFont, default: metrics.inputFont, metrics: metrics)
        let lineHeight = textLineHeight(input, font: textFont, measurer: measurer)
        let alignment = input.alignment.isFinite ? min(max(input.alignment, 0), 1) : 0

        let restingFont = scaled(input.placeholderFont, default: textFont, metrics: metrics)
        var floatingFont = restingFont
        floatingFont.pixelSize = FieldLayout.quantizedFontSize(restingFont.pixelSize * options.sanitizedScale)
        let floatingMetrics = measurer.lineMetrics(for: floatingFont)
        let floats = options.placeholderMode != .simple && !input.placeholder.isEmpty
        let floatingHeight = floats ? (floatingMetrics.ascent + floatingMetrics.descent).rounded(.up) : 0
        let floatingSpace = floats ? max(0, floatingHeight + RAGLayoutOptions.sanitizedOffset(options.scaledPlaceholderOffset, scale: scale)) : 0

        var y = 0.0
        var floatingTop = 0.0
        if floats && !options.textPaddingMode.includesPlaceholder { y += floatingSpace }
        let backgroundTop = y
        y += padding.top
        if floats && options.textPaddingMode.includesPlaceholder {
            floatingTop = y
            y += floatingSpace
        }
        let textTop = y
        // A text area in this family shows its rows in the text line's place.
        let rows = input.kind == .textArea ? min(max(input.visibleRows.isFinite ? input.visibleRows : 1, 1), Self.maximumRows) : 1
        y += lineHeight * rows
        let textBottom = y

        let assistiveFont = scaled(input.assistiveFont, default: textFont, metrics: metrics)
        let assistiveLineHeight = Self.assistiveLineHeight(for: assistiveFont, measurer: measurer)
        let hintOffset = RAGLayoutOptions.sanitizedOffset(options.hintOffset, scale: scale)
        // The hint sits inside the background's padding when the background wraps it, below it
        // otherwise.
        let wrapsHint = options.textPaddingMode.includesHint
        var assistiveRow: Rect?
        var backgroundBottom = textBottom + padding.bottom
        if input.hasAssistiveRow {
            let height = Double(min(input.assistiveLineCount, 1_000)) * assistiveLineHeight
            let top = max(textTop, (wrapsHint ? textBottom : backgroundBottom) + hintOffset)
            assistiveRow = Rect(x: padding.left, y: top, width: max(0, width - padding.left - padding.right), height: height)
            if wrapsHint { backgroundBottom = top + height + padding.bottom }
        }
        let containerBottom = input.hasAssistiveRow && wrapsHint ? textBottom : backgroundBottom
        let container = Rect(x: 0, y: 0, width: width, height: containerBottom)

        // Left and right views sit in the text line, inside the padding.
        let iconTop = textTop + (lineHeight - metrics.iconSize) / 2
        let iconGap = 8 * scale
        func iconSlot(x: Double) -> Rect { Rect(x: x, y: iconTop, width: metrics.iconSize, height: metrics.iconSize) }
        let leadingIcon = input.hasLeadingIcon ? iconSlot(x: padding.left) : nil
        var trailingEdge = width - padding.right
        var trailingIcon: Rect?
        var clearButton: Rect?
        if input.hasTrailingIcon {
            let icon = iconSlot(x: trailingEdge - metrics.iconSize)
            trailingIcon = icon
            trailingEdge = icon.minX - iconGap
        }
        if input.hasClearButton {
            let button = iconSlot(x: trailingEdge - metrics.iconSize)
            clearButton = button
            trailingEdge = button.minX - iconGap
        }
        let bandLeft = min(leadingIcon.map { $0.maxX + iconGap } ?? padding.left, width)
        let bandRight = max(bandLeft, min(trailingEdge, width))
        let textLine = Rect(x: bandLeft, y: textTop, width: bandRight - bandLeft, height: lineHeight * rows)
        let textBaseline = baseline(inLineTop: textTop, lineHeight: lineHeight, metrics: measurer.lineMetrics(for: textFont))

        // The placeholder is aligned as the text is, so it shrinks toward its alignment edge.
        let placeholderRight = textLine.minX + alignmentWidth(band: textLine.width, kind: input.kind, metrics: metrics)
        let resting = placeholderPlacement(input, font: restingFont,
                                           baseline: baseline(inLineTop: textTop, lineHeight: lineHeight,
                                                              metrics: measurer.lineMetrics(for: restingFont)),
                                           left: bandLeft, right: placeholderRight, measurer: measurer)
        let floating = floats ? placeholderPlacement(input, font: floatingFont, baseline: (floatingTop + floatingMetrics.ascent).rounded(),
                                                     left: bandLeft, right: placeholderRight, measurer: measurer) : resting

        return FieldLayout(container: container, textLine: textLine, textBaseline: textBaseline, textFont: textFont,
                           restingLabel: resting, floatingLabel: floating, notch: nil, leadingIcon: leadingIcon,
                           trailingIcon: trailingIcon, clearButton: clearButton,
                           iconBaseline: iconBaseline(input, measurer: measurer),
                           prefix: nil, suffix: nil, assistiveRow: assistiveRow,
                           assistiveBaseline: assistiveRow.map {
                               baseline(inLineTop: $0.minY, lineHeight: assistiveLineHeight, metrics: measurer.lineMetrics(for: assistiveFont))
                           } ?? 0,
                           overhangTop: 0, metrics: metrics, placeholder: nil, assistiveFont: assistiveFont,
                           assistiveLineHeight: assistiveLineHeight,
                           textBackground: Rect(x: 0, y: backgroundTop, width: width, height: backgroundBottom - backgroundTop),
                           alignment: alignment, textLineHeight: lineHeight)
    }
}
