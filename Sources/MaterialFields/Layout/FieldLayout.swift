/// One placement of a label: baseline origin and font.
public struct LabelPlacement: Equatable, Sendable {
    public var origin: Point
    public var font: FontSpec
    public var width: Double

    public init(origin: Point, font: FontSpec, width: Double) {
        self.origin = origin; self.font = font; self.width = width
    }
}

/// What the layout of a field depends on, and nothing else. Colours and state are not in it and
/// never lay the field out again; the placeholder is in it (it is placed in the text line). The
/// text is not, but an edit lays the field out again when what it decides here changed: a text
/// area's rows, the assistive row's lines (a counter's width moves the helper text's wrap) and,
/// when the first strong character turns the text's direction, its alignment.
public struct FieldLayoutInput: Equatable, Sendable {
    public var style: FieldStyle
    public var kind: FieldKind = .textField
    public var density: Double
    public var label: String
    public var labelBehavior: LabelBehavior
    public var hasLeadingIcon: Bool
    public var hasTrailingIcon: Bool = false
    /// The clear button can show: its slot is reserved so it never covers the text.
    public var hasClearButton: Bool = false
    public var prefix: String = ""
    public var suffix: String = ""
    /// Rows of text the container shows (1 for a text field; a text area's rows, maybe fractional).
    public var visibleRows: Double = 1
    /// A container height the app asks for; it wins when taller than the rows need.
    public var preferredContainerHeight: Double?
    /// Lines of assistive text below the container; 0 means no assistive row.
    public var assistiveLineCount: Int = 0
    public var width: Double
    public var metrics: MaterialMetrics
    /// The placeholder and its font (at scale 1; nil is the input font): it is placed in the text
    /// line at the alignment, and for RAG it is the floating label.
    public var placeholder: String = ""
    public var placeholderFont: FontSpec?
    /// `attributedPlaceholder`'s styles (sizes at scale 1), nil while plain: its width is measured
    /// in its runs' fonts.
    public var placeholderStyles: AttributeRuns?
    /// The text's font at scale 1 (UIKit's `font`); nil is Material's 16 px. A larger font makes
    /// the text line (and the container) taller.
    public var textFont: FontSpec?
    /// The fonts styled runs of the text ask for (at scale 1; each distinct one once, in the
    /// order of the text): the text line is as tall as the tallest of them and `textFont`, as
    /// UIKit's field grows its intrinsic height to the largest font in its attributed text.
    public var runFonts: [FontSpec] = []
    /// Where text sits in its band: 0 left, 0.5 centred, 1 right (`TextAlignment.factor`).
    public var alignment: Double = 0
    /// The assistive (RAG: hint) text's font at scale 1; nil is Material's 12 px.
    public var assistiveFont: FontSpec?
    /// RAGTextField's layout options; nil for the other families.
    public var rag: RAGLayoutOptions?
    /// Laid out right to left: every part mirrored across the container (`layoutDirection`).
    public var mirrored = false
    /// The text (or, empty, what stands for it) reads right to left: the placeholder keeps the
    /// caret's width free at its left, as the text does.
    public var textIsRightToLeft = false

    public init(style: FieldStyle, kind: FieldKind = .textField, density: Double = 0, label: String = "",
                labelBehavior: LabelBehavior = .floats, hasLeadingIcon: Bool = false, hasTrailingIcon: Bool = false,
                hasClearButton: Bool = false, prefix: String = "", suffix: String = "", visibleRows: Double = 1,
                preferredContainerHeight: Double? = nil, assistiveLineCount: Int = 0, width: Double,
                metrics: MaterialMetrics) {
        self.style = style; self.kind = kind; self.density = density; self.label = label
        self.labelBehavior = labelBehavior; self.hasLeadingIcon = hasLeadingIcon; self.hasTrailingIcon = hasTrailingIcon
        self.hasClearButton = hasClearButton; self.prefix = prefix; self.suffix = suffix; self.visibleRows = visibleRows
        self.preferredContainerHeight = preferredContainerHeight; self.assistiveLineCount = assistiveLineCount
        self.width = width; self.metrics = metrics
    }

    public var hasAssistiveRow: Bool { assistiveLineCount > 0 }
}

/// Frames of one field in its own coordinates (container top-left is the origin), computed
/// top-down from `FieldLayoutInput` and a measurer. Rendering reads it and never measures.
public struct FieldLayout: Equatable, Sendable {
    public var container: Rect
    /// The band the input text and caret live in, already inside the paddings, icons and affixes:
    /// one line tall for a text field, the visible rows for a text area.
    public var textLine: Rect
    /// The first line's baseline.
    public var textBaseline: Double
    public var textFont: FontSpec
    public var restingLabel: LabelPlacement?
    public var floatingLabel: LabelPlacement?
    /// The full-open notch in the outline's top edge, for outlined fields with a floating label.
    public var notch: ClosedRange<Double>?
    public var leadingIcon: Rect?
    public var trailingIcon: Rect?
    public var clearButton: Rect?
    /// The baseline of an icon glyph below its box's top: the icon font's ascent and descent
    /// centred in the box.
    public var iconBaseline: Double
    /// Prefix and suffix text, on the first line's baseline.
    public var prefix: LabelPlacement?
    public var suffix: LabelPlacement?
    /// The rows of helper or error text (leading) and trailing text, below the container.
    public var assistiveRow: Rect?
    /// The first assistive line's baseline; later lines follow `metrics.assistiveLineHeight` apart.
    public var assistiveBaseline: Double
    /// How far the field draws outside its container's top (the outlined floating label).
    public var overhangTop: Double
    public var metrics: MaterialMetrics
    /// The placeholder in the text line (Material and plain; RAG's is the label).
    public var placeholder: LabelPlacement?
    /// The assistive (hint) text's font and line height.
    public var assistiveFont: FontSpec
    public var assistiveLineHeight: Double
    /// RAG's text background rectangle (underline or outline), with its padding.
    public var textBackground: Rect?
    /// The text band's alignment factor, for lines placed by the field (the hint's).
    public var alignment: Double = 0
    /// One line of input text: Material's 24 px, or taller for a larger `font`.
    public var textLineHeight: Double = 0
    /// Every part is mirrored across the container: the field is laid out right to left.
    public var isMirrored = false
    /// Where the container's border and background are drawn when an app's
    /// `borderRect(forBounds:)` moved them; nil: the container.
    public var border: Rect?
    /// The band the placeholder is drawn and clipped in when `placeholderRect(forBounds:)` moved
    /// it off the text band; nil: the text band.
    public var placeholderBand: Rect?

    /// Height the field needs: the container plus its assistive row (and a RAG background's
    /// padding below the hint).
    public var preferredHeight: Double { max(assistiveRow?.maxY ?? container.height, textBackground?.maxY ?? 0) }

    /// Everything the field may paint, in its own coordinates.
    public var paintBounds: Rect {
        Rect(x: container.minX, y: container.minY - overhangTop, width: container.width,
             height: preferredHeight + overhangTop)
    }

    /// The widest a field is laid out: X coordinates are 16-bit.
    public static let maximumWidth = 32_767.0
    /// The most rows a text area shows before it scrolls, whatever it is asked for.
    public static let maximumRows = 1_000.0

    /// The input line for the text font: Material's 24 px at 16 px, taller for larger text (its
    /// ascent and descent with a quarter more, whole pixels), and for a styled run's larger font.
    static func textLineHeight(_ input: FieldLayoutInput, font: FontSpec, measurer: TextMeasuring) -> Double {
        let metrics = input.metrics
        var height = metrics.inputLineHeight
        if input.textFont != nil {
            let line = measurer.lineMetrics(for: font)
            height = max(height, ((line.ascent + line.descent) * 1.25).rounded(.up))
        }
        for run in input.runFonts {
            let line = measurer.lineMetrics(for: scaled(run, default: font, metrics: metrics))
            height = max(height, ((line.ascent + line.descent) * 1.25).rounded(.up))
        }
        return height
    }

    /// How far the text (and the assistive row under it) is inset from the field's sides: 16 px
    /// for Material; UIKit's 8 for a bordered plain field and none without a border, so helper
    /// text lines up with the text; RAG's `textPadding` (the same sides `computeRAG` insets by).
    /// `compute` and the wrapping of the assistive text read it.
    public static func assistiveInsets(_ input: FieldLayoutInput) -> (left: Double, right: Double) {
        let metrics = input.metrics
        switch input.style.family {
        case .material: return (metrics.horizontalPadding, metrics.horizontalPadding)
        case .plain:
            let inset = input.style.container == .borderless ? 0 : 8 * metrics.scale
            return (inset, inset)
        case .rag:
            let padding = (input.rag?.textPadding ?? .zero).sanitized(scale: metrics.scale)
            return (padding.left, padding.right)
        }
    }

    /// Font sizes that change continuously (the floating label, a fitted text) step in quarter
    /// pixels, so the host's font cache stays small while the float animation stays smooth.
    static func quantizedFontSize(_ size: Double, down: Bool = false) -> Double {
        (size * 4).rounded(down ? .down : .toNearestOrAwayFromZero) / 4
    }

    /// A font an app gave at scale 1, at the layout's scale (sizes clamped to 4...200 px).
    static func scaled(_ font: FontSpec?, default fallback: FontSpec, metrics: MaterialMetrics) -> FontSpec {
        guard var font else { return fallback }
        font.pixelSize = (font.pixelSize.isFinite ? min(max(font.pixelSize, 4), 200) : 16) * metrics.scale
        return font
    }

    /// The placeholder's placement in a text line with baseline `baseline` between `left` and
    /// `right`, at the alignment.
    static func placeholderPlacement(_ input: FieldLayoutInput, font: FontSpec, baseline: Double, left: Double, right: Double,
                                     measurer: TextMeasuring) -> LabelPlacement? {
        guard !input.placeholder.isEmpty else { return nil }
        var width = measurer.advance(of: input.placeholder[...], font: font)
        if var styles = input.placeholderStyles {
            styles.update(0..<styles.count) { attributes in
                var display = attributes
                display.fontSize = attributes.fontSize.map { ($0.isFinite ? min(max($0, 4), 200) : 16) * input.metrics.scale }
                display.kern = attributes.kern.map { $0.isFinite ? $0 * input.metrics.scale : 0 }
                return display
            }
            width = TextLayout(characters: Array(input.placeholder), font: font, lineHeight: 0, measurer: measurer, styles: styles).width
        }
        let alignment = input.alignment.isFinite ? min(max(input.alignment, 0), 1) : 0
        let x = left + max(0, right - left - width) * alignment
        return LabelPlacement(origin: Point(x: x.rounded(), y: baseline), font: font, width: width)
    }

    public static func compute(_ input: FieldLayoutInput, measurer: TextMeasuring) -> FieldLayout {
        // The design is Material's: UIKit's plain fields and RAG's keep their numbers in M3.
        guard input.style.family == .material || input.metrics.design == .m2 else {
            var input = input
            input.metrics.design = .m2
            return compute(input, measurer: measurer)
        }
        let alignment = input.alignment.isFinite ? min(max(input.alignment, 0), 1) : 0
        guard input.mirrored else { return computeLeftToRight(input, measurer: measurer) }
        // Laid out left to right with the alignment mirrored too, then every part flipped: what
        // sat at the right of the text band (right-aligned) then sits at its right again.
        var flipped = input
        flipped.alignment = 1 - alignment
        var layout = computeLeftToRight(flipped, measurer: measurer)
        layout.mirror()
        layout.alignment = alignment
        if let placeholder = layout.placeholder, input.style.family != .rag {
            // Placed again in the mirrored band, as the text is aligned there.
            layout.placeholder = bandPlaceholder(input, font: placeholder.font, baseline: placeholder.origin.y,
                                                 band: layout.textLine, measurer: measurer)
        }
        return layout
    }

    /// The placeholder in the text band where text would be aligned (the caret's reserve left out).
    static func bandPlaceholder(_ input: FieldLayoutInput, font: FontSpec, baseline: Double, band: Rect,
                                measurer: TextMeasuring) -> LabelPlacement? {
        let left = band.minX + alignmentInset(kind: input.kind, rightToLeft: input.textIsRightToLeft, metrics: input.metrics)
        return placeholderPlacement(input, font: font, baseline: baseline, left: left,
                                    right: left + alignmentWidth(band: band.width, kind: input.kind, metrics: input.metrics),
                                    measurer: measurer)
    }

    /// Flips every part across the container's vertical centre line.
    private mutating func mirror() {
        let axis = container.minX + container.maxX
        func flip(_ rect: Rect) -> Rect { Rect(x: axis - rect.maxX, y: rect.minY, width: rect.width, height: rect.height) }
        func flip(_ placement: LabelPlacement) -> LabelPlacement {
            var flipped = placement
            flipped.origin.x = (axis - placement.origin.x - placement.width).rounded()
            return flipped
        }
        textLine = flip(textLine)
        restingLabel = restingLabel.map(flip)
        floatingLabel = floatingLabel.map(flip)
        notch = notch.map { (axis - $0.upperBound)...(axis - $0.lowerBound) }
        leadingIcon = leadingIcon.map(flip)
        trailingIcon = trailingIcon.map(flip)
        clearButton = clearButton.map(flip)
        prefix = prefix.map(flip)
        suffix = suffix.map(flip)
        assistiveRow = assistiveRow.map(flip)
        placeholder = placeholder.map(flip)
        textBackground = textBackground.map(flip)
        isMirrored = true
    }

    private static func computeLeftToRight(_ input: FieldLayoutInput, measurer: TextMeasuring) -> FieldLayout {
        if input.style.family == .rag { return computeRAG(input, measurer: measurer) }
        let metrics = input.metrics
        let scale = metrics.scale
        let positioning = input.style.positioning(density: input.density, design: metrics.design)
        let isPlain = input.style.family == .plain
        // UIKit insets a bordered field's text by about 8 pt, and not at all without a border.
        let padding = assistiveInsets(input).left
        // Never narrower than its paddings (a field squeezed below that overflows its frame), and
        // never wider than an X window can be.
        let width = min(max(input.width.isFinite ? input.width : 0, 2 * padding), Self.maximumWidth)
        let textFont = scaled(input.textFont, default: metrics.inputFont, metrics: metrics)
        let lineHeight = textLineHeight(input, font: textFont, measurer: measurer)
        // A taller line makes the container taller by as much; the paddings stay.
        let singleLineHeight = positioning.containerHeight * scale + lineHeight - metrics.inputLineHeight
        let rows = input.kind == .textArea
            ? min(max(input.visibleRows.isFinite ? input.visibleRows : 1, 1), Self.maximumRows) : 1
        var containerHeight = singleLineHeight + (rows - 1) * lineHeight
        if let preferred = input.preferredContainerHeight, preferred.isFinite,
           preferred > containerHeight, input.kind == .textArea {
            containerHeight = min(preferred, singleLineHeight + (Self.maximumRows - 1) * lineHeight)
        }
        let container = Rect(x: 0, y: 0, width: width, height: containerHeight)
        // A plain UIKit field has no label: its placeholder says what it is for.
        let hasLabel = !input.label.isEmpty && !isPlain
        let floats = hasLabel && input.labelBehavior == .floats

        // Icons sit in the first row's band, so a growing text area keeps them in place.
        let iconTop = (singleLineHeight - metrics.iconSize) / 2
        func iconSlot(x: Double) -> Rect { Rect(x: x, y: iconTop, width: metrics.iconSize, height: metrics.iconSize) }
        let edgeInset = isPlain ? min(metrics.iconEdgeInset, max(padding, 4 * scale)) : metrics.iconEdgeInset
        let leadingIcon = input.hasLeadingIcon ? iconSlot(x: edgeInset) : nil
        var trailingEdge = width
        var trailingIcon: Rect?
        var clearButton: Rect?
        if input.hasTrailingIcon {
            let icon = iconSlot(x: width - edgeInset - metrics.iconSize)
            trailingIcon = icon
            trailingEdge = icon.minX
        }
        if input.hasClearButton {
            let inset = input.hasTrailingIcon ? metrics.clearButtonGap : edgeInset
            let button = iconSlot(x: trailingEdge - inset - metrics.iconSize)
            clearButton = button
            trailingEdge = button.minX
        }
        let textLeft = leadingIcon.map { $0.maxX + metrics.iconTextGap } ?? padding
        let textRight = max(textLeft, trailingEdge < width ? trailingEdge - metrics.iconTextGap : width - padding)

        let textMetrics = measurer.lineMetrics(for: textFont)
        let lineTop = (floats ? positioning.textTopWithFloatingLabel : positioning.textTopWithoutFloatingLabel) * scale
        let textBaseline = baseline(inLineTop: lineTop, lineHeight: lineHeight, metrics: textMetrics)

        var prefix: LabelPlacement?
        var suffix: LabelPlacement?
        var bandLeft = textLeft, bandRight = textRight
        if !input.prefix.isEmpty {
            let advance = measurer.advance(of: input.prefix, font: textFont)
            prefix = LabelPlacement(origin: Point(x: textLeft, y: textBaseline), font: textFont, width: advance)
            bandLeft = min(textRight, textLeft + advance + metrics.affixGap)
        }
        if !input.suffix.isEmpty {
            let advance = measurer.advance(of: input.suffix, font: textFont)
            suffix = LabelPlacement(origin: Point(x: max(bandLeft, textRight - advance), y: textBaseline), font: textFont,
                                    width: advance)
            bandRight = max(bandLeft, textRight - advance - metrics.affixGap)
        }
        // A text area's band runs to the same bottom padding a single line has below its text.
        let bottomPadding = max(0, singleLineHeight - lineTop - lineHeight)
        let bandHeight = input.kind == .textArea ? max(lineHeight, containerHeight - lineTop - bottomPadding)
            : lineHeight
        let textLine = Rect(x: bandLeft, y: lineTop, width: bandRight - bandLeft, height: bandHeight)

        var resting: LabelPlacement?
        var floating: LabelPlacement?
        var notch: ClosedRange<Double>?
        var overhang = 0.0
        if hasLabel {
            let restingFont = metrics.restingLabelFont
            let restingMetrics = measurer.lineMetrics(for: restingFont)
            // Centred in the first row's band: a text area's label rests where its first line is.
            let restingTop = (singleLineHeight - lineHeight) / 2
            resting = LabelPlacement(
                origin: Point(x: textLeft, y: baseline(inLineTop: restingTop, lineHeight: lineHeight, metrics: restingMetrics)),
                font: restingFont, width: measurer.advance(of: input.label, font: restingFont))

            let floatingFont = metrics.floatingLabelFont
            let floatingMetrics = measurer.lineMetrics(for: floatingFont)
            let floatingWidth = measurer.advance(of: input.label, font: floatingFont)
            let floatingTop = positioning.floatingLabelTop * scale
            overhang = max(0, -floatingTop)
            // On an outline the label starts at the padding even beside a leading icon, as MDC does.
            let floatingX = input.style.container == .outlined ? padding : textLeft
            if input.style.container == .outlined && floats {
                // M2 opens the notch up to the corner; M3's notch is at most the width between
                // the leading and trailing spaces (`field/internal/_outlined-field.scss`:
                // max-width less both spaces, plus its padding each side).
                let maxEnd = metrics.design == .m3 ? container.width - padding + metrics.notchPadding
                    : container.width - metrics.cornerRadius
                notch = (floatingX - metrics.notchPadding)...max(floatingX - metrics.notchPadding,
                                                                 min(maxEnd, floatingX + floatingWidth + metrics.notchPadding))
            }
            floating = LabelPlacement(
                origin: Point(x: floatingX, y: baseline(inLineTop: floatingTop, lineHeight: metrics.floatingLabelLineHeight,
                                                         metrics: floatingMetrics)),
                font: floatingFont, width: floatingWidth)
        }

        let assistiveFont = scaled(input.assistiveFont, default: metrics.assistiveFont, metrics: metrics)
        let assistiveLineHeight = input.assistiveFont == nil ? metrics.assistiveLineHeight : assistiveLineHeight(for: assistiveFont, measurer: measurer)
        var assistiveRow: Rect?
        var assistiveBaseline = 0.0
        if input.hasAssistiveRow {
            let top = container.maxY + metrics.assistiveGap
            let lines = Double(min(input.assistiveLineCount, 1_000))
            assistiveRow = Rect(x: padding, y: top, width: max(0, width - 2 * padding), height: lines * assistiveLineHeight)
            assistiveBaseline = baseline(inLineTop: top, lineHeight: assistiveLineHeight,
                                         metrics: measurer.lineMetrics(for: assistiveFont))
        }
        let placeholderFont = scaled(input.placeholderFont, default: textFont, metrics: metrics)
        let placeholder = bandPlaceholder(input, font: placeholderFont, baseline: textBaseline, band: textLine, measurer: measurer)

        return FieldLayout(container: container, textLine: textLine, textBaseline: textBaseline, textFont: textFont,
                           restingLabel: resting, floatingLabel: floating, notch: notch, leadingIcon: leadingIcon,
                           trailingIcon: trailingIcon, clearButton: clearButton,
                           iconBaseline: iconBaseline(input, measurer: measurer),
                           prefix: prefix, suffix: suffix,
                           assistiveRow: assistiveRow, assistiveBaseline: assistiveBaseline,
                           overhangTop: overhang, metrics: metrics, placeholder: placeholder,
                           assistiveFont: assistiveFont, assistiveLineHeight: assistiveLineHeight,
                           alignment: input.alignment.isFinite ? min(max(input.alignment, 0), 1) : 0, textLineHeight: lineHeight)
    }

    /// The width text aligns (and a font fits) in: the band, less the caret's width at a single
    /// line's end so a caret there stays inside; a text area's lines use the whole band.
    public static func alignmentWidth(band: Double, kind: FieldKind, metrics: MaterialMetrics) -> Double {
        kind == .textField ? band - metrics.caretWidth : band
    }

    /// Where that width starts in the band: a single line of right-to-left text ends at its left,
    /// so the caret's width is kept free there.
    public static func alignmentInset(kind: FieldKind, rightToLeft: Bool, metrics: MaterialMetrics) -> Double {
        kind == .textField && rightToLeft ? metrics.caretWidth : 0
    }

    /// The icon glyph's baseline in its box. Only a field with icons asks for the icon font (a
    /// missing one warns).
    static func iconBaseline(_ input: FieldLayoutInput, measurer: TextMeasuring) -> Double {
        guard input.hasLeadingIcon || input.hasTrailingIcon else { return 0 }
        return baseline(inLineTop: 0, lineHeight: input.metrics.iconSize, metrics: measurer.lineMetrics(for: input.metrics.iconFont))
    }

    /// A line of assistive text in `font`: its ascent and descent, whole pixels, at least 16 px
    /// at scale 1's worth of the font's size (12 px text keeps Material's 16 px rows).
    static func assistiveLineHeight(for font: FontSpec, measurer: TextMeasuring) -> Double {
        let line = measurer.lineMetrics(for: font)
        return max((line.ascent + line.descent).rounded(.up), (font.pixelSize * 4 / 3).rounded())
    }

    /// The baseline that centres a font's ascent + descent in a line box, on a whole pixel so
    /// glyphs stay crisp.
    public static func baseline(inLineTop top: Double, lineHeight: Double, metrics: LineMetrics) -> Double {
        (top + (lineHeight - (metrics.ascent + metrics.descent)) / 2 + metrics.ascent).rounded()
    }
}
