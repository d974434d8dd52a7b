// The caret's commands: moves and the deletions they name, by cluster, word, line, paragraph
// and document.
extension FieldEditor {
    /// Left and right as backward and forward in text of the paragraph's direction; up and down
    /// as backward and forward for units that have no lines above or below.
    private func logical(_ direction: TextDirection) -> TextDirection {
        let rightToLeft = textLayout?.direction == .rightToLeft
        switch direction {
        case .left: return rightToLeft ? .forward : .backward
        case .right: return rightToLeft ? .backward : .forward
        case .up: return .backward
        case .down: return .forward
        case .backward, .forward: return direction
        }
    }

    /// Moves the caret (or, with `extend`, the selection's head) by `unit` toward `direction`.
    /// Left and Right move visually in text of both directions (GTK's visual movement); Up and
    /// Down keep to the x the run of them started at.
    package func move(_ unit: TextUnit, _ direction: TextDirection, extend: Bool) {
        let before = selection
        // Worked out on a copy of the storage that is gone before `select` tells observers (app
        // code, which may edit: a copy alive then would make that edit copy the buffer).
        let (after, placement) = destination(of: unit, direction, extend: extend)
        if after != before { clearsAtNextInsertion = false }
        closeUndoGroup()
        select(after, placement: placement, cause: .keyboard)
    }

    /// Where `move` takes the selection, and where the caret then stands.
    private func destination(of unit: TextUnit, _ direction: TextDirection, extend: Bool) -> (TextSelection, CaretPlacement) {
        var text = storage
        var placement = CaretPlacement()
        let forward = logical(direction) == .forward
        switch unit {
        case .cluster:
            if direction == .left || direction == .right, let textLayout, textLayout.levels != nil {
                placement = moveVisually(&text, rightward: direction == .right, extending: extend, in: textLayout)
            } else if direction == .right || (direction != .left && forward) {
                // Text that is all left to right reads in storage order, whatever the paragraph.
                text.moveForward(extending: extend)
            } else {
                text.moveBackward(extending: extend)
            }
        case .word:
            if forward { text.moveWordForward(extending: extend) } else { text.moveWordBackward(extending: extend) }
        case .line where isMultiline && (direction == .up || direction == .down):
            placement = moveVertically(&text, down: direction == .down, extending: extend)
        case .line where isMultiline && textLayout != nil:
            let textLayout = textLayout!
            let index = textLayout.lineIndex(of: text.selection.head, upstream: caret.isUpstream)
            let line = textLayout.lines[index].clusters
            text.moveHead(to: forward ? line.upperBound : line.lowerBound, extending: extend)
            // At a soft break the line's end is also the next line's start: stay on this line.
            if forward { placement.isUpstream = textLayout.lineIndex(of: line.upperBound) != index }
        case .paragraph:
            text.moveHead(to: paragraphBoundary(from: text.selection.head, forward: forward), extending: extend)
        case .line, .document:
            if forward { text.moveToEnd(extending: extend) } else { text.moveToStart(extending: extend) }
        }
        return (text.selection, placement)
    }

    /// Selects the whole text (Ctrl+A).
    package func selectAll() {
        let all = TextSelection(anchor: 0, head: value.count)
        if all != selection { clearsAtNextInsertion = false }
        closeUndoGroup()
        select(all, cause: .keyboard)
    }

    /// The edit a `.delete` command names: the selection, or from the caret to the next boundary
    /// of `unit` toward `direction`; nil when there is nothing to delete.
    package func deletion(_ unit: TextUnit, _ direction: TextDirection) -> TextEdit? {
        let forward = logical(direction) == .forward
        switch unit {
        case .cluster, .word:
            return forward ? storage.forwardDeletion(byWord: unit == .word) : storage.backwardDeletion(byWord: unit == .word)
        case .line, .paragraph, .document:
            let cause: EditCause = forward ? .deleteForward : .deleteBackward
            if !selection.isCaret { return TextEdit(range: selection.range, replacement: "", cause: cause) }
            let head = selection.head
            var end: Int
            switch unit {
            case .line where isMultiline && textLayout != nil:
                let line = textLayout!.lines[textLayout!.lineIndex(of: head, upstream: caret.isUpstream)].clusters
                end = forward ? line.upperBound : line.lowerBound
            case .line where isMultiline, .paragraph:
                end = paragraphBoundary(from: head, forward: forward)
            default:
                end = forward ? value.count : 0
            }
            end = min(max(end, 0), value.count)
            guard end != head else { return nil }
            return TextEdit(range: min(head, end)..<max(head, end), replacement: "", cause: cause)
        }
    }

    /// The start (or end) of the paragraph at `offset`; from a paragraph's own start (end), the
    /// previous one's start (the next one's end).
    private func paragraphBoundary(from offset: Int, forward: Bool) -> Int {
        let paragraph = storage.paragraphRange(at: offset)
        if forward {
            return offset < paragraph.upperBound || offset >= value.count ? paragraph.upperBound
                : storage.paragraphRange(at: offset + 1).upperBound
        }
        return offset > paragraph.lowerBound || offset == 0 ? paragraph.lowerBound : storage.paragraphRange(at: offset - 1).lowerBound
    }

    /// Left or Right in text with right-to-left in it: one step as the eye sees it, past a line's
    /// visual end to the next line in reading order. Without `extending` a selection collapses
    /// to its edge on that side. Returns where the caret stands (kept when it stays where it is).
    private func moveVisually(_ text: inout EditableText, rightward: Bool, extending: Bool,
                              in textLayout: TextLayout) -> CaretPlacement {
        let selection = text.selection
        let forward = rightward != (textLayout.direction == .rightToLeft)
        if !extending && !selection.isCaret {
            let lower = textLayout.lineIndex(of: selection.lowerBound), upper = textLayout.lineIndex(of: selection.upperBound, upstream: true)
            var edge = forward ? selection.upperBound : selection.lowerBound
            if lower == upper {
                let lowerX = textLayout.x(of: selection.lowerBound, onLine: lower)
                let upperX = textLayout.x(of: selection.upperBound, onLine: upper)
                edge = (lowerX < upperX) == rightward ? selection.upperBound : selection.lowerBound
            }
            text.select(TextSelection(caret: edge))
            return CaretPlacement()
        }
        let line = textLayout.lineIndex(of: selection.head, upstream: caret.isUpstream)
        // A caret standing at a boundary's other place (clicked there, or after typing) steps
        // from where it is drawn.
        let shown = textLayout.x(of: selection.head, onLine: line, after: caret.side)
        let next = caret.side != nil && shown != textLayout.x(of: selection.head, onLine: line)
            ? textLayout.offset(visuallyFrom: shown, rightward: rightward, onLine: line)
            : textLayout.offset(visuallyFrom: selection.head, rightward: rightward, onLine: line)
        if let next {
            text.moveHead(to: next, extending: extending)
            return CaretPlacement(isUpstream: next == textLayout.lines[line].clusters.upperBound && textLayout.lineIndex(of: next) != line)
        }
        // Past the line's visual end: on into the line after it in reading order (before it, when
        // going back), entering at the side the caret came from; a single line stays.
        let target = line + (forward ? 1 : -1)
        guard isMultiline, textLayout.lines.indices.contains(target) else {
            text.moveHead(to: selection.head, extending: extending)
            return CaretPlacement(isUpstream: caret.isUpstream, side: caret.side)
        }
        let entry = textLayout.visualEnd(ofLine: target, leftmost: rightward)
        text.moveHead(to: entry, extending: extending)
        return CaretPlacement(isUpstream: entry == textLayout.lines[target].clusters.upperBound && textLayout.lineIndex(of: entry) != target)
    }

    /// Up or Down in a text area: the nearest boundary to the goal x on the visual line above or
    /// below; past the first or last line, the text's start or end. The goal x is kept.
    private func moveVertically(_ text: inout EditableText, down: Bool, extending: Bool) -> CaretPlacement {
        guard let textLayout else { return CaretPlacement(goalX: caret.goalX) }
        if !extending && !text.selection.isCaret && caret.goalX == nil {
            // A selection collapses toward the direction of travel first, as in every editor.
            text.select(TextSelection(caret: down ? text.selection.upperBound : text.selection.lowerBound))
        }
        let current = textLayout.lineIndex(of: text.selection.head, upstream: caret.isUpstream)
        let goal = caret.goalX ?? textLayout.x(of: text.selection.head, onLine: current, after: caret.side)
        let target = current + (down ? 1 : -1)
        guard target >= 0, target < textLayout.lines.count else {
            text.moveHead(to: down ? text.count : 0, extending: extending)
            return CaretPlacement(goalX: goal)
        }
        // The caret stands where the goal is, even where two directions meet.
        let (offset, side) = textLayout.caretPosition(nearestTo: goal, onLine: target)
        text.moveHead(to: offset, extending: extending)
        return CaretPlacement(isUpstream: textLayout.lineIndex(of: offset) != target, side: side, goalX: goal)
    }
}
