// Pointer selection.
extension TextField {
    // MARK: Pointer

    /// A press at `point` (field coordinates): focuses the field and places the caret; Shift
    /// extends the selection, a double click selects a word, a triple click the paragraph (the
    /// whole text of a single line). A press on the clear button clears the text and keeps focus;
    /// a press on an icon with an action runs it.
    public func pointerDown(at point: Point, extending: Bool, clickCount: Int = 1, time: Double) {
        guard isEnabled, point.x.isFinite, point.y.isFinite else { return }
        let part = self.part(at: point)
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
        if clearsAtNextInsertion {
            // The caret waits at the end for the text that replaces everything.
            isSelectingWithPointer = false
            return
        }
        let (offset, upstream, side) = caretOffset(nearestTo: point)
        caretIsUpstream = false
        caretSide = nil
        goalX = nil
        pointerSelectionUnit = nil
        switch clickCount {
        case 2:
            let underPoint = textPoint(for: point).flatMap { local in textLayout.map { $0.offset(before: local) } } ?? 0
            let word = editor.wordRange(at: underPoint)
            editor.select(TextSelection(anchor: word.lowerBound, head: word.upperBound))
            pointerSelectionUnit = (word, false)
        case 3...:
            let paragraph = editor.paragraphRange(at: offset)
            editor.select(TextSelection(anchor: paragraph.lowerBound, head: paragraph.upperBound))
            pointerSelectionUnit = (paragraph, true)
        default:
            editor.select(extending ? TextSelection(anchor: editor.selection.anchor, head: offset) : TextSelection(caret: offset))
            caretIsUpstream = upstream
            caretSide = side
        }
        isSelectingWithPointer = true
        caretMoved(at: time)
    }

    /// Extends the selection to `point` while the press that started it is held. Returns true
    /// when the selection changed.
    @discardableResult
    public func pointerDragged(to point: Point, time: Double) -> Bool {
        guard isSelectingWithPointer, point.x.isFinite, point.y.isFinite else { return false }
        let (offset, upstream, side) = caretOffset(nearestTo: point)
        if let unit = pointerSelectionUnit {
            // As GTK and Qt do after a double (triple) click: whole words (paragraphs), and the
            // one first clicked stays selected whichever way the pointer goes.
            let under = unit.byParagraph ? editor.paragraphRange(at: offset) : editor.wordRange(at: max(0, offset - (offset > unit.range.lowerBound ? 1 : 0)))
            let selection = offset < unit.range.lowerBound
                ? TextSelection(anchor: unit.range.upperBound, head: min(under.lowerBound, unit.range.lowerBound))
                : TextSelection(anchor: unit.range.lowerBound, head: max(under.upperBound, unit.range.upperBound))
            guard selection != editor.selection else { return false }
            editor.select(selection)
            caretIsUpstream = false
            caretSide = nil
            caretMoved(at: time)
            return true
        }
        guard offset != editor.selection.head || upstream != caretIsUpstream || side != caretSide else { return false }
        editor.select(TextSelection(anchor: editor.selection.anchor, head: offset))
        caretIsUpstream = upstream
        caretSide = side
        caretMoved(at: time)
        return true
    }

    public func pointerUp() { isSelectingWithPointer = false }

    /// Shows the caret solid from `time`, as after the window regains focus.
    public func restartCaretBlink(at time: Double) {
        lastTime = time
        caretBlink.restart(at: time)
    }
}
