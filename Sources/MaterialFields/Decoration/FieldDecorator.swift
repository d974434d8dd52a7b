/// What the decoration must know about a field at one instant: its state, its transitions' values,
/// its layout and colours, and the strings around its text. The decoration never sees the text
/// being edited, its selection or its caret.
struct DecorationInput {
    var layout: FieldLayout
    /// The container's top-left in canvas pixels.
    var origin: Point
    var scheme: ColorScheme
    var colors: FieldColors
    var style: FieldStyle
    var kind: FieldKind

    var state: FieldState
    var isHovered: Bool
    var isInError: Bool
    var layoutDirection: WritingDirection

    // The transitions at this instant.
    var labelFloat: Double
    var activation: Double
    var activationTarget: Double
    var activationOrigin: Double
    var leadingAssistiveOpacity: Double
    var trailingAssistiveOpacity: Double

    /// The label's text (RAG's placeholder, which is its label) and where the label stands.
    var label: String
    var labelPosition: LabelPosition
    /// The placeholder in the text line, when it shows, and the app's colours for it.
    var placeholder: String
    var isPlaceholderVisible: Bool
    var placeholderColor: Color?
    var transformedPlaceholderColor: Color?
    var prefix: String
    var suffix: String
    var areAffixesVisible: Bool
    /// The icons that show, nil for one that does not.
    var leadingIcon: FieldIcon?
    var trailingIcon: FieldIcon?
    var showsClearButton: Bool
    /// RAG's text background option.
    var textBackground: TextBackground?
    /// A plain field's `background` or `disabledBackground`, as its state and the scheme pick
    /// (`TextField.drawnBackground(in:)`).
    var backgroundImage: StretchableImage?
    var assistive: AssistiveInput
}

/// The assistive row's text as the field has wrapped and measured it.
struct AssistiveInput {
    /// The leading text's lines (helper, error message or hint) and their widths.
    var leadingLines: [String]
    var leadingLineWidths: [Double]
    /// The app's colour for a hint; nil when there is no hint or no colour for it.
    var hintColor: Color?
    /// The trailing text as shown (the app's, or the counter) and its width.
    var trailing: String
    var trailingWidth: Double
    /// The trailing text is the counter and the text is over its limit: it takes the error colour.
    var trailingIsOverLimit: Bool
}

/// Everything the field paints around its text, in canvas pixels.
struct FieldDecoration {
    var bounds: Rect
    /// The container's image (a plain field's background), drawn before its shapes.
    var image: ImageFill?
    /// The container's shapes, then shape icons.
    var shapes: [ShapeFill]
    /// The opaque colour under the text (a text area's fades are drawn in it).
    var background: Color
    var icons: [TextRun]
    var label: TextRun?
    var labelClip: Rect
    var affixes: [TextRun]
    var affixClip: Rect
    /// The text line, and what text, placeholder, selection and caret are clipped to.
    var textBand: Rect
    var textClip: Rect
    var placeholder: TextRun?
    /// The placeholder's own clip when `placeholderRect(forBounds:)` moved it off the text band.
    var placeholderClip: Rect?
    var assistive: [TextRun]
    var assistiveClip: Rect
}

/// Computes a field's decoration from a `DecorationInput`: the container (through the style's
/// `ContainerPainter`), icons, label, affixes, placeholder and assistive runs.
struct FieldDecorator {
    let input: DecorationInput

    init(_ input: DecorationInput) { self.input = input }

    /// The field's colours in `state` for its `container`, eased toward the error theme by
    /// `errorEmphasis` (0...1).
    static func colors(scheme: ColorScheme, state: FieldState, isHovered: Bool, overrides: FieldColorOverrides,
                       errorEmphasis: Double, container: ContainerKind) -> FieldColors {
        let colors = FieldColors.resolve(scheme: scheme, state: state, isHovered: isHovered, isInError: false, overrides: overrides,
                                         container: container)
        guard errorEmphasis > 0 else { return colors }
        let error = FieldColors.resolve(scheme: scheme, state: state, isHovered: isHovered, isInError: true, overrides: overrides,
                                        container: container)
        return colors.interpolated(to: error, fraction: errorEmphasis)
    }

    /// What the text is clipped to: a single line may draw its descenders anywhere in the
    /// container; text area rows stay inside their band, below the floating label.
    static func textClip(band: Rect, container: Rect, kind: FieldKind) -> Rect {
        kind == .textArea ? band : Rect(x: band.minX, y: container.minY, width: band.width, height: container.height)
    }

    private var layout: FieldLayout { input.layout }
    private var colors: FieldColors { input.colors }
    private func place(_ rect: Rect) -> Rect { rect.offsetBy(dx: input.origin.x, dy: input.origin.y) }

    func decorate() -> FieldDecoration {
        let container = place(layout.container)
        // An app's `borderRect(forBounds:)` moves what the painter draws, not the field.
        let paint = input.style.painter.paint(containerContext(container: layout.border.map(place) ?? container))
        var shapes = paint.shapes
        let icons = iconPaint(into: &shapes)
        let band = place(layout.textLine)
        let textClip = Self.textClip(band: band, container: container, kind: input.kind)
        let label = labelPaint(container: container, band: band)
        let assistive = assistivePaint()
        return FieldDecoration(bounds: place(layout.paintBounds), image: paint.image, shapes: shapes, background: paint.background, icons: icons,
                               label: label?.run, labelClip: label?.clip ?? textClip, affixes: affixRuns(), affixClip: container,
                               textBand: band, textClip: textClip, placeholder: placeholderRun(),
                               placeholderClip: layout.placeholderBand.map { Self.textClip(band: place($0), container: container, kind: input.kind) },
                               assistive: assistive.runs, assistiveClip: assistive.clip)
    }

    func containerContext(container: Rect) -> ContainerPaintContext {
        ContainerPaintContext(container: container, colors: colors, scheme: input.scheme, metrics: layout.metrics,
                              activation: input.activation, activationTarget: input.activationTarget,
                              activationOrigin: input.activationOrigin, labelFloat: input.labelFloat, notch: layout.notch,
                              state: input.state, isHovered: input.isHovered, isInError: input.isInError,
                              layoutDirection: input.layoutDirection, textBackground: input.textBackground,
                              textBackgroundRect: layout.textBackground.map(place), backgroundImage: input.backgroundImage)
    }

    /// Glyph icons as runs of the icon font; shape icons appended to `shapes`.
    private func iconPaint(into shapes: inout [ShapeFill]) -> [TextRun] {
        let metrics = layout.metrics
        var icons: [TextRun] = []
        func addIcon(_ icon: FieldIcon, in rect: Rect, color: Color) {
            // Centred in its slot: an app's `leftViewRect(forBounds:)` may give a larger or smaller one.
            let slot = place(rect)
            let box = Rect(x: slot.minX + ((slot.width - metrics.iconSize) / 2).rounded(),
                           y: slot.minY + ((slot.height - metrics.iconSize) / 2).rounded(), width: metrics.iconSize, height: metrics.iconSize)
            switch icon.content {
            case .glyph(let glyph):
                icons.append(TextRun(text: String(glyph), origin: Point(x: box.minX, y: box.minY + layout.iconBaseline),
                                     font: metrics.iconFont, color: color))
            case .shape(let path):
                shapes.append(ShapeFill(path: path.applying(scale: metrics.scale, dx: box.minX, dy: box.minY), color: color))
            }
        }
        if let rect = layout.leadingIcon, let icon = input.leadingIcon { addIcon(icon, in: rect, color: colors.icon) }
        if let rect = layout.clearButton, input.showsClearButton { addIcon(.clear, in: rect, color: colors.trailingIcon) }
        if let rect = layout.trailingIcon, let icon = input.trailingIcon { addIcon(icon, in: rect, color: colors.trailingIcon) }
        return icons
    }

    /// The app's colours give way to the scheme's in high contrast (forced colours).
    private var usesAppColors: Bool { input.scheme.contrast == .standard }

    /// The app's placeholder colour, or the scheme's; a disabled field's is always the scheme's.
    var placeholderColor: Color {
        input.state == .disabled || !usesAppColors ? colors.placeholder : input.placeholderColor ?? colors.placeholder
    }

    /// The label between its resting and floating placements, and its clip; nil when it shows
    /// neither resting nor floating.
    private func labelPaint(container: Rect, band: Rect) -> (run: TextRun, clip: Rect)? {
        let float = input.labelFloat, origin = input.origin
        guard let resting = layout.restingLabel, let floating = layout.floatingLabel, input.labelPosition != .none || float > 0
        else { return nil }
        let isRAG = input.style.family == .rag
        let size = FieldLayout.quantizedFontSize(resting.font.pixelSize + (floating.font.pixelSize - resting.font.pixelSize) * float)
        let x = origin.x + resting.origin.x + (floating.origin.x - resting.origin.x) * float
        let y = origin.y + resting.origin.y + (floating.origin.y - resting.origin.y) * float
        var restingColor = colors.restingLabel, floatingColor = colors.floatingLabel
        if isRAG {
            // RAG's placeholder keeps its colour when it floats, unless the field is edited
            // and a transformed colour is set.
            restingColor = placeholderColor
            // Forced, an app's transformed colour becomes the scheme's focused label colour.
            let transformed = input.transformedPlaceholderColor.map { usesAppColors ? $0 : colors.floatingLabel }
            floatingColor = input.state == .editing ? transformed ?? restingColor : restingColor
        }
        let run = TextRun(text: input.label, origin: Point(x: x.rounded(), y: y.rounded()),
                          font: FontSpec(pixelSize: size, weight: resting.font.weight, family: resting.font.family),
                          color: restingColor.interpolated(to: floatingColor, fraction: float))
        if isRAG {
            // The placeholder floats anywhere over the band, at its alignment.
            return (run, Rect(x: band.minX, y: container.minY, width: band.width, height: container.height))
        }
        // The label may start left of the text (outlined, beside an icon, before a prefix) and
        // rise above the container; it ends where the text band does.
        var left = origin.x + min(resting.origin.x, floating.origin.x)
        var right = max(band.maxX, origin.x + (layout.suffix.map { $0.origin.x + $0.width } ?? layout.textLine.maxX))
        if layout.isMirrored {
            // Mirrored: it starts right of the text and ends where the band (or the suffix) does.
            right = origin.x + max(resting.origin.x + resting.width, floating.origin.x + floating.width)
            left = min(band.minX, origin.x + (layout.suffix?.origin.x ?? layout.textLine.minX))
        }
        return (run, Rect(x: left, y: container.minY - layout.overhangTop, width: right - left,
                          height: container.height + layout.overhangTop))
    }

    private func affixRuns() -> [TextRun] {
        guard input.areAffixesVisible else { return [] }
        return [layout.prefix.map { ($0, input.prefix, colors.prefix) }, layout.suffix.map { ($0, input.suffix, colors.suffix) }]
            .compactMap { $0 }.map { affix in
                TextRun(text: affix.1, origin: Point(x: input.origin.x + affix.0.origin.x, y: input.origin.y + affix.0.origin.y),
                        font: affix.0.font, color: affix.2)
            }
    }

    private func placeholderRun() -> TextRun? {
        guard input.isPlaceholderVisible, let placement = layout.placeholder else { return nil }
        return TextRun(text: input.placeholder, origin: Point(x: input.origin.x + placement.origin.x, y: input.origin.y + placement.origin.y),
                       font: placement.font, color: placeholderColor)
    }

    /// The leading lines at the text's alignment and the trailing text at the end, each faded by
    /// its transition; and the row they are clipped to.
    private func assistivePaint() -> (runs: [TextRun], clip: Rect) {
        guard let row = layout.assistiveRow else { return ([], .zero) }
        let assistive = input.assistive
        let clip = place(row)
        let baseline = input.origin.y + layout.assistiveBaseline
        var runs: [TextRun] = []
        var leadingColor = colors.leadingAssistiveText
        if let hintColor = assistive.hintColor, !input.isInError, input.state != .disabled, usesAppColors { leadingColor = hintColor }
        leadingColor = leadingColor.withAlpha(leadingColor.alpha * input.leadingAssistiveOpacity)
        // The hint follows the text's alignment; beside trailing text it stays at the start.
        let alignment = assistive.trailing.isEmpty ? layout.alignment : (layout.isMirrored ? 1 : 0)
        for (index, line) in assistive.leadingLines.enumerated() where !line.isEmpty {
            let lineWidth = index < assistive.leadingLineWidths.count ? assistive.leadingLineWidths[index] : 0
            let x = clip.minX + max(0, clip.width - lineWidth) * alignment
            runs.append(TextRun(text: line, origin: Point(x: x.rounded(), y: baseline + Double(index) * layout.assistiveLineHeight),
                                font: layout.assistiveFont, color: leadingColor))
        }
        if !assistive.trailing.isEmpty {
            var color = assistive.trailingIsOverLimit ? input.scheme.error : colors.trailingAssistiveText
            if input.state == .disabled { color = colors.trailingAssistiveText }
            color = color.withAlpha(color.alpha * input.trailingAssistiveOpacity)
            runs.append(TextRun(text: assistive.trailing,
                                origin: Point(x: (layout.isMirrored ? clip.minX : clip.maxX - assistive.trailingWidth).rounded(), y: baseline),
                                font: layout.assistiveFont, color: color))
        }
        return (runs, clip)
    }
}
