// UIKit's `attributedPlaceholder`: the placeholder with styles, measured and drawn in its runs'
// fonts, colours, backgrounds and lines.
extension TextField {
    /// The placeholder with its styles (UIKit's `attributedPlaceholder`); nil while there is no
    /// placeholder. Setting it sets `placeholder` to its string and keeps its runs; setting
    /// `placeholder` makes it plain again. A run that sets a colour is drawn in it, as UIKit has
    /// done since iOS 6; a run with none, in a plain (UIKit) field, in UIKit's "70 % grey"
    /// (`uikitPlaceholderGray`) unless the app set `placeholderColor`; in a Material or RAG field,
    /// in the field's placeholder colour (the theme's: Material specifies it, and 70 % grey on a
    /// filled container reads at under 2:1). A placeholder with no styles at all is the plain
    /// `placeholder`, in the field's placeholder colour. Sizes are pixels at scale 1;
    /// `placeholderFont` (else the text's font) is what a run that names no font takes.
    public var attributedPlaceholder: AttributedText? {
        get {
            guard !placeholder.isEmpty || placeholderStyles != nil else { return nil }
            let characters = Array(placeholder)
            return AttributedText(characters: characters, runs: placeholderStyles ?? AttributeRuns(count: characters.count))
        }
        set {
            isSettingAttributedPlaceholder = true
            defer { isSettingAttributedPlaceholder = false }
            let runs = newValue.map(\.attributeRuns)
            placeholderStyles = runs.flatMap { $0.isPlain ? nil : $0 }
            placeholder = newValue?.string ?? ""
        }
    }

    /// UIKit's placeholder colour, "a 70% grey color" (the reference's words).
    public static let uikitPlaceholderGray = Color(red: 0.7, green: 0.7, blue: 0.7)

    /// What a styled placeholder's runs without a colour are drawn in, from the colour the plain
    /// placeholder would take (`themed`): UIKit's 70 % grey in a plain field with no
    /// `placeholderColor`, faded as the themed colour is while disabled; the themed colour in
    /// every other field and in high contrast.
    func styledPlaceholderColor(_ themed: Color, scheme: ColorScheme) -> Color {
        guard style.family == .plain, placeholderColor == nil, scheme.contrast == .standard else { return themed }
        return isEnabled ? Self.uikitPlaceholderGray : Self.uikitPlaceholderGray.withAlpha(0.5)
    }

    /// The placeholder's styles in display pixels (sizes and kerning at `scale`); nil while plain.
    func displayPlaceholderStyles(scale: Double) -> AttributeRuns? {
        guard var runs = placeholderStyles, runs.count == placeholder.count else { return nil }
        runs.update(0..<runs.count) { attributes in
            var display = attributes
            if let size = display.fontSize { display.fontSize = (size.isFinite ? min(max(size, 4), 200) : 16) * scale }
            if let kern = display.kern { display.kern = kern.isFinite ? kern * scale : nil }
            return display
        }
        return runs
    }

    /// A styled placeholder laid out as text is: one line in its runs' fonts, read in the
    /// direction of its first strong character.
    func placeholderLayout(font: FontSpec, lineHeight: Double, scale: Double, measurer: TextMeasuring) -> TextLayout? {
        guard let styles = displayPlaceholderStyles(scale: scale) else { return nil }
        let characters = Array(placeholder)
        let direction = Bidi.firstStrongDirection(of: characters, classes: { measurer.bidiClass(of: $0) }) ?? .leftToRight
        return TextLayout(characters: characters, font: font, lineHeight: lineHeight, measurer: measurer, direction: direction,
                          styles: styles)
    }

    /// The styled placeholder's runs and lines where the decoration placed the plain one (its
    /// baseline's left end), in `color` where a run sets none.
    func styledPlaceholderPaint(_ placed: TextRun, clip: Rect, color: Color, scale: Double, runColors: TextPainter.RunColors)
        -> (runs: [TextRun], backgrounds: [ShapeFill], lines: [ShapeFill])? {
        guard let measurer, let layout,
              let text = placeholderLayout(font: placed.font, lineHeight: layout.textLineHeight, scale: scale, measurer: measurer) else {
            return nil
        }
        let band = Rect(x: placed.origin.x, y: placed.origin.y - text.baselineInLine, width: max(text.width, 1) + 1,
                        height: text.lineHeight)
        let painter = TextPainter(textLayout: text, band: band, clip: clip, kind: .textField, measurer: measurer, runColors: runColors)
        let shapes = painter.styleShapes(color: color)
        return (painter.textRuns(color: color), shapes.backgrounds, shapes.lines)
    }
}
