// The pointer: icons, the clear button, and selection (the editor's).
extension TextField {

    /// A press at `point` (field coordinates): focuses the field and places the caret; Shift
    /// extends the selection, a double click selects a word, a triple click the paragraph (the
    /// whole text of a single line). A press on the clear button clears the text and keeps focus;
    /// a press on an icon with an action runs it.
    public func pointerDown(at point: Point, extending: Bool, clickCount: Int = 1, time: Double) {
        pointerDown(at: point, extending: extending, clickCount: clickCount, time: time, landingOn: part(at: point))
    }

    /// The press, on `part` as it was where the press landed: a scene that focused the field for
    /// the press first passes the part before focusing, so a press that begins editing never hits
    /// the clear button editing shows (`ViewMode.whileEditing`).
    func pointerDown(at point: Point, extending: Bool, clickCount: Int, time: Double, landingOn part: FieldPart?) {
        guard isEnabled, point.x.isFinite, point.y.isFinite else { return }
        if part == .leadingIcon, let action = leadingIconAction {
            lastTime = time
            action(self)
            return
        }
        if part == .trailingIcon, showsSecureToggleNow {
            lastTime = time
            toggleSecureTextReveal()
            return
        }
        if part == .trailingIcon, let action = trailingIconAction {
            lastTime = time
            action(self)
            return
        }
        guard focus(at: time, fromPointX: point.x) else { return }
        if part == .clearButton {
            if delegate?.textFieldShouldClear(self) ?? true {
                apply(editor.replacingAll(with: "", cause: .clear), at: time)
            }
            return
        }
        editor.pointerDown(at: point, extending: extending, clickCount: clickCount)
    }

    /// Extends the selection to `point` while the press that started it is held. Returns true
    /// when the selection changed.
    @discardableResult
    public func pointerDragged(to point: Point, time: Double) -> Bool {
        lastTime = max(lastTime, time)
        return editor.pointerDragged(to: point)
    }

    public func pointerUp() { editor.pointerUp() }

    /// Shows the caret solid from `time`, as after the window regains focus.
    public func restartCaretBlink(at time: Double) {
        lastTime = time
        motion.caretBlink.restart(at: time)
    }
}
