// A field's side of drag and drop: what it gives, where a drop lands, the drop itself as one
// edit through the pipeline, and the drop caret's shape.
extension TextField {
    /// The text a drag from this field carries: the selection, never from a secure field.
    public var draggableText: String? { copyableText }

    /// Whether a drop may land here: an enabled field that is not secure (a password field
    /// neither gives nor takes text by dragging, as GTK's).
    public var acceptsDrops: Bool { isEnabled && !isSecureTextEntry }

    /// The caret offset a drop at `point` (field coordinates) lands at: the boundary nearest to
    /// it, as a click would place the caret; nil before layout.
    public func dropOffset(at point: Point) -> Int? {
        guard layout != nil, textLayout != nil, point.x.isFinite, point.y.isFinite else { return nil }
        return editor.caretOffset(nearestTo: point).offset
    }

    /// Whether `point` (field coordinates) is on the selected text, where a press starts a drag
    /// rather than placing the caret (GTK's entries: on a selected cluster's box).
    public func isOnSelectedText(_ point: Point) -> Bool {
        guard draggableText != nil, part(at: point) == .text, let textLayout,
              let local = editor.textPoint(for: point) else { return false }
        let range = editor.selection.range
        let line = kind == .textArea ? textLayout.lineIndex(atY: local.y) : 0
        return textLayout.rects(for: range, inLines: line..<(line + 1)).contains { rect in
            local.x >= rect.minX && local.x < rect.maxX && (kind != .textArea || (local.y >= rect.minY && local.y < rect.maxY))
        }
    }

    /// Inserts dropped `text` at `offset` as one edit (cause `.drop`, so the policies, the
    /// delegate and undo see it as any other) and selects what went in, as GTK's text views do.
    /// Dropped on the field's own selection it replaces it, as a GTK entry does. Returns whether
    /// any text went in.
    @discardableResult
    public func dropText(_ text: String, at offset: Int, time: Double) -> Bool {
        let selection = editor.selection
        let range = !selection.isCaret && selection.range.contains(offset) && offset != selection.range.lowerBound
            ? selection.range : offset..<offset
        let before = editor.count
        guard apply(TextEdit(range: range, replacement: text, cause: .drop), at: time) != nil else { return false }
        let inserted = editor.count - before + range.count
        // What the policies let in ends where the caret was placed.
        let end = editor.selection.head
        editor.select(TextSelection(anchor: max(0, end - inserted), head: end), cause: .edit)
        return true
    }

    /// Moves the clusters `range` to `offset` (outside it) in one edit: one undo step puts the
    /// text back where it was and takes it away from where it went. The moved text is selected.
    @discardableResult
    public func moveText(_ range: Range<Int>, to offset: Int, time: Double) -> Bool {
        let text = editor.storage
        guard range.lowerBound >= 0, range.upperBound <= text.count, !range.isEmpty, offset >= 0, offset <= text.count,
              offset < range.lowerBound || offset > range.upperBound else { return false }
        let moved = text.text(in: range)
        let span: Range<Int>, replacement: String, selected: TextSelection
        if offset < range.lowerBound {
            span = offset..<range.upperBound
            replacement = moved + text.text(in: offset..<range.lowerBound)
            selected = TextSelection(anchor: offset, head: offset + range.count)
        } else {
            span = range.lowerBound..<offset
            replacement = text.text(in: range.upperBound..<offset) + moved
            selected = TextSelection(anchor: offset - range.count, head: offset)
        }
        editor.closeUndoGroup()
        // Moving the field's own text is not the new text `clearsOnInsertion` waits for: armed, it
        // would replace everything with the rearranged span.
        let clears = editor.clearsAtNextInsertion
        editor.clearsAtNextInsertion = false
        let applied = apply(TextEdit(range: span, replacement: replacement, selectionAfter: selected, cause: .drop), at: time) != nil
        if !applied { editor.clearsAtNextInsertion = clears }
        return applied
    }

    /// Whether the clusters `range` hold `text` (a drag's source, still as it was dragged).
    func holds(_ text: String, in range: Range<Int>) -> Bool {
        let storage = editor.storage
        return range.lowerBound >= 0 && range.upperBound <= storage.count && storage.text(in: range) == text
    }

    /// Deletes the clusters `range` when they still hold `text`: the source's half of a move
    /// another program or field took. Returns whether it did.
    @discardableResult
    func deleteMovedText(_ range: Range<Int>, expected text: String, time: Double) -> Bool {
        guard holds(text, in: range) else { return false }
        editor.closeUndoGroup()
        return apply(TextEdit(range: range, replacement: "", cause: .drop), at: time) != nil
    }

    /// Marks the field as where a hovering drag would drop (or no longer): the label floats (or
    /// rests again) from `time`, animated as focus does it.
    func setDropTarget(_ isTarget: Bool, at time: Double) {
        guard isTarget != isDropTarget else { return }
        isDropTarget = isTarget
        syncMotion(at: time)
        invalidateAppearance()
    }

    /// The drop caret at `offset`, with the container's top-left at `origin`: a bar as wide as
    /// the caret with a notch at each end (GTK draws its drop position as a caret of its own, which
    /// never blinks), or nil when scrolled out of the band.
    func dropCaretShape(at offset: Int, origin: Point, color: Color) -> ShapeFill? {
        guard let layout, let textLayout else { return nil }
        let band = layout.textLine.offsetBy(dx: origin.x, dy: origin.y)
        let container = layout.container.offsetBy(dx: origin.x, dy: origin.y)
        let clip = FieldDecorator.textClip(band: band, container: container, kind: kind)
        let placement = TextPainter(textLayout: textLayout, band: band, clip: clip, kind: kind)
            .caretPlacement(at: min(max(0, offset), editor.count), width: layout.metrics.caretWidth, upstream: false, after: nil)
        guard placement.isInBand else { return nil }
        let bar = placement.rect
        let notch = max(2, (3 * layout.metrics.scale).rounded())
        let mid = bar.midX
        let top: [Point] = [Point(x: mid - notch - bar.width / 2, y: bar.minY), Point(x: mid + notch + bar.width / 2, y: bar.minY),
                            Point(x: mid, y: bar.minY + notch + bar.width)]
        let bottom: [Point] = [Point(x: mid - notch - bar.width / 2, y: bar.maxY), Point(x: mid, y: bar.maxY - notch - bar.width),
                               Point(x: mid + notch + bar.width / 2, y: bar.maxY)]
        let stem: [Point] = [Point(x: bar.minX, y: bar.minY), Point(x: bar.maxX, y: bar.minY), Point(x: bar.maxX, y: bar.maxY),
                             Point(x: bar.minX, y: bar.maxY)]
        return ShapeFill(path: Path(contours: [stem, top, bottom]), color: color)
    }
}
