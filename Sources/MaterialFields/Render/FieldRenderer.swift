/// Draws field appearances onto any `Canvas`. It reads nothing but the appearance, so what a
/// test records is what the screen gets.
public enum FieldRenderer {
    public static func draw(_ appearance: FieldAppearance, on canvas: Canvas) {
        guard appearance.customText == nil && appearance.customPlaceholder == nil && appearance.placeholderClip == nil else {
            return drawCustomized(appearance, on: canvas)
        }
        drawDecorationUnderText(appearance, on: canvas)
        canvas.pushClip(appearance.textClip)
        for shape in appearance.textBackgrounds { canvas.fill(shape.path, color: shape.color) }
        if let placeholder = appearance.placeholder {
            canvas.drawText(placeholder.text, at: placeholder.origin, font: placeholder.font, color: placeholder.color)
        }
        drawTextRuns(appearance.placeholderRuns, color: nil, on: canvas)
        if let selectedTextColor = appearance.selectedTextColor {
            // Inverse video: the text, then each selected piece filled and its text drawn again
            // inside it in the selected colour.
            drawTextRuns(appearance.textRuns, color: nil, on: canvas)
            for line in appearance.textDecorations { canvas.fill(line.path, color: line.color) }
            for shape in appearance.selection {
                canvas.fill(shape.path, color: shape.color)
                canvas.pushClip(shape.path.bounds)
                drawTextRuns(appearance.textRuns, color: selectedTextColor, on: canvas)
                for line in appearance.textDecorations { canvas.fill(line.path, color: selectedTextColor) }
                canvas.popClip()
            }
        } else {
            for shape in appearance.selection { canvas.fill(shape.path, color: shape.color) }
            drawTextRuns(appearance.textRuns, color: nil, on: canvas)
            for line in appearance.textDecorations { canvas.fill(line.path, color: line.color) }
        }
        for mark in appearance.composition { canvas.fill(mark.path, color: mark.color) }
        if let caret = appearance.caret { canvas.fill(caret.path, color: caret.color) }
        for fade in appearance.fades { canvas.fill(fade.path, color: fade.color) }
        canvas.popClip()
        drawDecorationOverText(appearance, on: canvas)
    }

    /// An appearance with an app's drawing (or a moved placeholder): the same layers in the same
    /// order, the app's commands clipped to the field's bounds, its `.defaultDrawing` the
    /// field's own text or placeholder in the text's clip.
    private static func drawCustomized(_ appearance: FieldAppearance, on canvas: Canvas) {
        drawDecorationUnderText(appearance, on: canvas)
        let clip = appearance.textClip
        func drawPlaceholder() {
            guard appearance.placeholder != nil || !appearance.placeholderRuns.isEmpty else { return }
            canvas.pushClip(appearance.placeholderClip ?? clip)
            if let placeholder = appearance.placeholder {
                canvas.drawText(placeholder.text, at: placeholder.origin, font: placeholder.font, color: placeholder.color)
            }
            drawTextRuns(appearance.placeholderRuns, color: nil, on: canvas)
            canvas.popClip()
        }
        // Styled runs' background colours lie under the selection and every drawing of the text.
        if !appearance.textBackgrounds.isEmpty {
            canvas.pushClip(clip)
            for shape in appearance.textBackgrounds { canvas.fill(shape.path, color: shape.color) }
            canvas.popClip()
        }
        if let commands = appearance.customPlaceholder {
            play(commands, clip: appearance.bounds, recolor: nil, on: canvas, drawDefault: drawPlaceholder)
        } else {
            drawPlaceholder()
        }
        /// The field's own text: its runs and their underlines and strikethroughs, in `color` when given.
        func drawDefaultText(_ color: Color?) {
            canvas.pushClip(clip)
            drawTextRuns(appearance.textRuns, color: color, on: canvas)
            for line in appearance.textDecorations { canvas.fill(line.path, color: color ?? line.color) }
            canvas.popClip()
        }
        func drawText(_ color: Color?) {
            guard let commands = appearance.customText else { return drawDefaultText(color) }
            play(commands, clip: appearance.bounds, recolor: color, on: canvas) { drawDefaultText(color) }
        }
        if let selectedTextColor = appearance.selectedTextColor {
            drawText(nil)
            for shape in appearance.selection {
                canvas.pushClip(clip)
                canvas.fill(shape.path, color: shape.color)
                canvas.popClip()
                // The text drawn again inside the selection, in the selected colour.
                canvas.pushClip(shape.path.bounds.intersection(clip))
                drawText(selectedTextColor)
                canvas.popClip()
            }
        } else {
            canvas.pushClip(clip)
            for shape in appearance.selection { canvas.fill(shape.path, color: shape.color) }
            canvas.popClip()
            drawText(nil)
        }
        canvas.pushClip(clip)
        for mark in appearance.composition { canvas.fill(mark.path, color: mark.color) }
        if let caret = appearance.caret { canvas.fill(caret.path, color: caret.color) }
        for fade in appearance.fades { canvas.fill(fade.path, color: fade.color) }
        canvas.popClip()
        drawDecorationOverText(appearance, on: canvas)
    }

    /// Plays an app's drawing commands inside `clip`; `recolor` redraws its text in another
    /// colour (inverse video), leaving its shapes out.
    private static func play(_ commands: [FieldDrawingCommand], clip: Rect, recolor: Color?, on canvas: Canvas,
                             drawDefault: () -> Void) {
        canvas.pushClip(clip)
        var depth = 0
        for command in commands {
            switch command {
            case .fill(let path, let color):
                if recolor == nil { canvas.fill(path, color: color) }
            case .text(let text, let origin, let font, let color, let direction):
                if let direction {
                    canvas.drawText(text, at: origin, font: font, color: recolor ?? color, direction: direction)
                } else {
                    canvas.drawText(text, at: origin, font: font, color: recolor ?? color)
                }
            case .image(let image, let rect, let scale):
                if recolor == nil { canvas.drawImage(image, in: rect, scale: scale) }
            case .pushClip(let rect):
                depth += 1
                canvas.pushClip(rect)
            case .popClip:
                guard depth > 0 else { continue }
                depth -= 1
                canvas.popClip()
            case .defaultDrawing:
                drawDefault()
            }
        }
        for _ in 0..<depth { canvas.popClip() }
        canvas.popClip()
    }

    /// What is drawn before the text band: a background image, shapes, icons, label, affixes.
    private static func drawDecorationUnderText(_ appearance: FieldAppearance, on canvas: Canvas) {
        // A plain field's background image stands in for its border; shapes (icons) go over it.
        if let image = appearance.backgroundImage { canvas.drawImage(image.image, in: image.rect, scale: image.scale) }
        for shape in appearance.shapes { canvas.fill(shape.path, color: shape.color) }
        for icon in appearance.icons { canvas.drawText(icon.text, at: icon.origin, font: icon.font, color: icon.color) }
        if let label = appearance.label {
            canvas.pushClip(appearance.labelClip)
            canvas.drawText(label.text, at: label.origin, font: label.font, color: label.color)
            canvas.popClip()
        }
        if !appearance.affixes.isEmpty {
            canvas.pushClip(appearance.affixClip)
            for run in appearance.affixes { canvas.drawText(run.text, at: run.origin, font: run.font, color: run.color) }
            canvas.popClip()
        }
    }

    /// What is drawn after the text band: the drop caret and the assistive row.
    private static func drawDecorationOverText(_ appearance: FieldAppearance, on canvas: Canvas) {
        // Its notches may reach a few pixels past the band's ends, into the container's padding.
        if let dropCaret = appearance.dropCaret {
            let clip = appearance.textClip
            canvas.pushClip(Rect(x: clip.minX - 8, y: clip.minY, width: clip.width + 16, height: clip.height))
            canvas.fill(dropCaret.path, color: dropCaret.color)
            canvas.popClip()
        }
        if !appearance.assistive.isEmpty {
            canvas.pushClip(appearance.assistiveClip)
            for run in appearance.assistive { canvas.drawText(run.text, at: run.origin, font: run.font, color: run.color) }
            canvas.popClip()
        }
    }

    /// The input text's runs, in their own colour or `color`.
    private static func drawTextRuns(_ runs: [TextRun], color: Color?, on canvas: Canvas) {
        for run in runs {
            if let clip = run.clip { canvas.pushClip(clip) }
            defer { if run.clip != nil { canvas.popClip() } }
            if let direction = run.direction, !run.contextBefore.isEmpty || !run.contextAfter.isEmpty {
                canvas.drawText(run.text, at: run.origin, font: run.font, color: color ?? run.color, direction: direction,
                                contextBefore: run.contextBefore, contextAfter: run.contextAfter)
            } else if let direction = run.direction {
                canvas.drawText(run.text, at: run.origin, font: run.font, color: color ?? run.color, direction: direction)
            } else {
                canvas.drawText(run.text, at: run.origin, font: run.font, color: color ?? run.color)
            }
        }
    }
}
