/// Draws field appearances onto any `Canvas`. It reads nothing but the appearance, so what a
/// test records is what the screen gets.
public enum FieldRenderer {
    public static func draw(_ appearance: FieldAppearance, on canvas: Canvas) {
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
