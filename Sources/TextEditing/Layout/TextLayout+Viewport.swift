extension TextLayout {
    /// Scrolls as little as possible to show the caret at `offset` in a viewport `visibleWidth`
    /// wide (the caret's own width already taken off), never past either end of a single line.
    /// With `after` true (the caret after text just typed), the run of that text's direction
    /// the caret ends is shown too, as much as fits: Arabic typed at the end of a long Latin line
    /// grows to the right of the caret.
    public mutating func reveal(offset: Int, visibleWidth: Double, after: Bool? = nil) {
        guard wrapWidth == nil else {
            scrollX = 0
            return
        }
        let visible = max(0, visibleWidth)
        let clamped = min(max(offset, 0), count)
        let caretX = levels == nil ? stop(clamped) : x(of: clamped, onLine: 0, after: after) - shift(ofLine: 0)
        if after == true, clamped > 0, let run = visualLine(0)?.runExtent(of: clamped - 1) {
            // As much of the run the text just typed belongs to (digits in Arabic included) as
            // fits beside the caret is shown, the side the typed text lies on last, so it wins:
            // the caret's right for right-to-left text, else its left.
            let shift = shift(ofLine: 0)
            func showRight() {
                let target = min(run.upperBound - shift, caretX + visible)
                if target - scrollX > visible { scrollX = target - visible }
            }
            func showLeft() {
                let target = max(run.lowerBound - shift, caretX - visible)
                if target < scrollX { scrollX = target }
            }
            if isRightToLeft(cluster: clamped - 1) { showLeft(); showRight() } else { showRight(); showLeft() }
        }
        if caretX - scrollX > visible { scrollX = caretX - visible }
        if caretX < scrollX { scrollX = caretX }
        scrollX = min(max(0, scrollX), max(0, width - visible))
    }

    /// Scrolls wrapped text as little as possible to show the caret's line in a viewport
    /// `visibleHeight` tall, never past the last line.
    public mutating func reveal(offset: Int, visibleHeight: Double, upstream: Bool = false) {
        let visible = max(0, visibleHeight)
        let index = lineIndex(of: offset, upstream: upstream)
        let top = top(ofLine: index), bottom = top + lineHeight
        if bottom - scrollY > visible { scrollY = bottom - visible }
        if top < scrollY { scrollY = top }
        clampScrollY(visibleHeight: visible)
    }

    public mutating func clampScrollY(visibleHeight: Double) {
        scrollY = min(max(0, scrollY.isFinite ? scrollY : 0), max(0, height - max(0, visibleHeight)))
    }
}
