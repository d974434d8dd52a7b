// UIKit's `attributedPlaceholder`: the placeholder with styles, measured and drawn in its runs'
// fonts, colours, backgrounds and lines.
extension TextField {
    /// The placeholder with its styles (UIKit's `attributedPlaceholder`); nil while there is no
    /// placeholder. Setting it sets `placeholder` to its string and keeps its runs; setting
    /// `placeholder` makes it plain again. A run with no colour is drawn in the field's placeholder
    /// colour (`placeholderColor`, else the scheme's): UIKit's default placeholder colour is its
    /// "70 % grey", and a field here keeps its theme's (on-surface at 60 %, which reads at 5.7:1
    /// on white where 70 % grey is 2.1:1); a run that sets a colour is drawn in it, as UIKit has
    /// done since iOS 6. Sizes are pixels at scale 1; `placeholderFont` (else the text's font) is
    /// what a run that names no font takes.
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
