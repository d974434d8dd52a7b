// The geometry hooks applied to the computed layout, and UIKit's setNeedsLayout / setNeedsDisplay.
// The hooks themselves are open methods in the class body (TextField.swift): a subclass
// overrides them; what they return moves parts of `layout`, which everything else reads.
extension TextField {
    /// Asks the geometry hooks again and lays the field out with their answers (UIKit's
    /// `setNeedsLayout()`): for a subclass whose rectangles depend on something of its own.
    public func setNeedsLayout() {
        guard !isAskingGeometryHooks else { return }
        invalidateLayout()
    }

    /// Asks the drawing hooks again at the next frame (UIKit's `setNeedsDisplay()`): for a
    /// subclass whose `drawText(in:context:)` or `drawPlaceholder(in:context:)` depends on
    /// something of its own. Only the field is repainted, and only if what it draws changed.
    public func setNeedsDisplay() {
        guard !isAskingDrawingHooks else { return }
        invalidateAppearance()
    }

    /// The layout the hooks' defaults answer from, for `bounds` (the container at the origin
    /// normally; other bounds are laid out at their width and moved to their origin). Nil before
    /// the field was first laid out.
    func defaultFrames(forBounds bounds: Rect) -> FieldLayout? {
        guard var frames = defaultLayout else { return nil }
        guard bounds.isFinite else { return frames }
        if bounds.width != frames.container.width, let input = layoutInput, let measurer {
            var resized = input
            resized.width = min(max(0, bounds.width), FieldLayout.maximumWidth)
            frames = FieldLayout.compute(resized, measurer: measurer)
        }
        let dx = bounds.minX - frames.container.minX, dy = bounds.minY - frames.container.minY
        guard dx != 0 || dy != 0 else { return frames }
        func move(_ rect: Rect?) -> Rect? { rect?.offsetBy(dx: dx, dy: dy) }
        frames.container = frames.container.offsetBy(dx: dx, dy: dy)
        frames.textLine = frames.textLine.offsetBy(dx: dx, dy: dy)
        frames.leadingIcon = move(frames.leadingIcon)
        frames.trailingIcon = move(frames.trailingIcon)
        frames.clearButton = move(frames.clearButton)
        return frames
    }

    /// A hook's answer made safe: a rectangle with a NaN or infinite part is `fallback`, a
    /// negative width or height counts as 0, and the result is clipped to `bounds` (so nothing
    /// a hook moves leaves what the field repaints, and no huge rectangle reaches a layout).
    static func safeRect(_ rect: Rect, fallback: Rect, within bounds: Rect) -> Rect {
        let rect = rect.isFinite ? rect : fallback
        let minX = min(max(rect.minX, bounds.minX), bounds.maxX), minY = min(max(rect.minY, bounds.minY), bounds.maxY)
        let maxX = min(max(rect.minX + max(0, rect.width), minX), bounds.maxX)
        let maxY = min(max(rect.minY + max(0, rect.height), minY), bounds.maxY)
        return Rect(x: minX, y: minY, width: max(0, maxX - minX), height: max(0, maxY - minY))
    }

    /// The band text is laid out in for a hook's rectangle: the default band when the hook
    /// answered it; else a text field's line keeps the default band's height, centred in the
    /// rectangle on a whole pixel, and a text area's rows fill it.
    func textBand(in rect: Rect, default band: Rect) -> Rect {
        guard rect != band else { return band }
        guard kind == .textField else { return rect }
        return Rect(x: rect.minX, y: (rect.midY - band.height / 2).rounded(), width: rect.width, height: band.height)
    }

    /// `base` with what the hooks moved: the text band (`editingRect` while editing, else
    /// `textRect`) and the first line's baseline with it, the placeholder (placed again in its
    /// band at the alignment), the border, the clear button and the icons. Unchanged when every
    /// hook answers its default.
    func applyingGeometryHooks(to base: FieldLayout, input: FieldLayoutInput, measurer: TextMeasuring) -> FieldLayout {
        guard !isAskingGeometryHooks else { return base }
        isAskingGeometryHooks = true
        defer { isAskingGeometryHooks = false }
        var layout = base
        let bounds = base.container
        // A hook answering its default leaves the part exactly where the layout put it.
        func ask(_ hook: (Rect) -> Rect, fallback: Rect) -> Rect {
            let answer = hook(bounds)
            return answer == fallback ? fallback : Self.safeRect(answer, fallback: fallback, within: bounds)
        }

        let border = ask(borderRect(forBounds:), fallback: bounds)
        layout.border = border == bounds ? nil : border

        let asked = isEditing ? ask(editingRect(forBounds:), fallback: base.textLine) : ask(textRect(forBounds:), fallback: base.textLine)
        let band = textBand(in: asked, default: base.textLine)
        if band != base.textLine {
            layout.textLine = band
            layout.textBaseline = base.textBaseline + band.minY - base.textLine.minY
            // RAG's text background wraps the text: it moves and stretches with it.
            if let background = base.textBackground {
                layout.textBackground = Rect(x: background.minX + band.minX - base.textLine.minX,
                                             y: background.minY + band.minY - base.textLine.minY,
                                             width: max(0, background.width + band.width - base.textLine.width), height: background.height)
            }
        }

        if let placement = base.placeholder, input.style.family != .rag, !input.placeholder.isEmpty {
            let placeholderBand = textBand(in: ask(placeholderRect(forBounds:), fallback: layout.textLine), default: base.textLine)
            if placeholderBand != base.textLine {
                layout.placeholder = FieldLayout.bandPlaceholder(input, font: placement.font,
                                                                 baseline: placement.origin.y + placeholderBand.minY - base.textLine.minY,
                                                                 band: placeholderBand, measurer: measurer)
            }
            layout.placeholderBand = placeholderBand == layout.textLine ? nil : placeholderBand
        }

        if let slot = base.clearButton { layout.clearButton = ask(clearButtonRect(forBounds:), fallback: slot) }
        if let slot = base.leadingIcon { layout.leadingIcon = ask(leftViewRect(forBounds:), fallback: slot) }
        if let slot = base.trailingIcon { layout.trailingIcon = ask(rightViewRect(forBounds:), fallback: slot) }
        return layout
    }

    /// Editing began or ended: `editingRect` and `textRect` may differ, so the field is laid out
    /// again when the hooks now answer otherwise.
    func refreshGeometryHooks() {
        guard let base = defaultLayout, let input = layoutInput, let measurer, let layout else { return }
        if applyingGeometryHooks(to: base, input: input, measurer: measurer) != layout { invalidateLayout() }
    }
}
