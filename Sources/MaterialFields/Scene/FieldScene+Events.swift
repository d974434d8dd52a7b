// Input: events, the commands keys name, the clipboard, hover and the pointer shape.
extension FieldScene {
    // MARK: Events

    @discardableResult
    public func handle(_ event: InputEvent, at time: Double) -> Bool {
        switch event {
        // What touches only the fields a first frame shows (their hover, the caret's blink)...
        case .windowFocus, .pointerMoved(_, buttonHeld: false), .pointerExited: break
        // ...and what may reach or show the others (Tab, scrolling, a drag's autoscroll).
        default: completeProvisionalArrangement()
        }
        isSettled = false
        lastEventTime = time
        // An open popup (a menu) takes the keys first; a press that reaches the window closes it.
        if activePopup != nil, let result = routeToPopup(event, at: time) { return result }
        switch event {
        case .windowFocus(let focused):
            guard focused != isWindowFocused else { return false }
            if !focused { resetComposition(of: focusedField, at: time) }
            isWindowFocused = focused
            if focused { focusedField?.restartCaretBlink(at: time) }
            return true
        case .scroll(let steps):
            // A text area with more rows than it shows scrolls under the pointer; the page otherwise.
            if let (field, _) = pointerLocation.flatMap({ field(at: $0) }), field.scrollText(by: steps * metrics.wheelStep) {
                return true
            }
            guard scroll.scroll(by: steps * metrics.wheelStep) else { return false }
            invalidateAll()
            updateHover()
            return true
        case .pointerDown(let point, let button, let clickCount, let modifiers):
            // A click ends what the input method composes first, as in GTK's entries.
            resetComposition(of: focusedField, at: time)
            let hit = field(at: point)
            // The assistive row is text about the field, not the field: a click there does nothing.
            if let (field, local) = hit, field.part(at: local) == .assistiveRow { return false }
            guard let (field, local) = hit, field.isEnabled else {
                guard button == .primary else { return false }
                pointerField = nil
                return endEditing(at: time)
            }
            switch button {
            case .primary:
                // An icon with an action acts without taking focus; anything else moves focus here,
                // if both fields' delegates agree.
                let part = field.part(at: local)
                let iconActs = (part == .leadingIcon || part == .trailingIcon) && field.isActionable(part!)
                if iconActs {
                    // A button elsewhere takes the keyboard from the field being edited, as it would.
                    if let current = focusedField, current !== field, !current.endEditing(at: time) { return true }
                } else if !field.isFocused {
                    guard takeFocus(for: field, at: time) else { return true }
                }
                // A press on selected text may become a drag (`FieldScene+DragAndDrop`).
                if !iconActs, pressMayStartDrag(field, at: local, window: point, clickCount: clickCount, modifiers: modifiers,
                                                time: time) { return true }
                pointerChangedSelection = false
                field.pointerDown(at: local, extending: modifiers.contains(.shift), clickCount: clickCount, time: time, landingOn: part)
                pointerField = field
                return true
            case .middle:
                // PRIMARY pastes where the middle button lands, as in every X application; the
                // middle button does not press buttons (the clear button, icons). A desktop that
                // turned middle-click paste off (`Gtk/EnablePrimaryPaste`) gets nothing, as in GTK.
                guard desktopSettings.pastesPrimary, field.part(at: local) == .text else { return false }
                guard field.isFocused || takeFocus(for: field, at: time) else { return true }
                field.pointerDown(at: local, extending: false, time: time)
                field.pointerUp()
                host?.requestSelectionRope(.primary) { [weak field] text in
                    guard let field, let text, field.isFocused else { return }
                    field.paste(text, at: time)
                }
                return true
            case .secondary:
                // The context menu (`FieldScene+ContextMenu`).
                return secondaryPress(in: field, at: local, windowPoint: point, time: time)
            }
        case .pointerMoved(let point, let buttonHeld):
            if buttonHeld, let handled = dragPointerMoved(to: point, at: time) { return handled }
            if buttonHeld, let field = pointerField, let frame = frame(of: field) {
                dragLocation = point
                lastAutoscroll = time
                return field.pointerDragged(to: Point(x: point.x - frame.minX, y: point.y - frame.minY), time: time)
            }
            pointerLocation = point
            return updateHover()
        case .pointerExited:
            pointerLocation = nil
            return updateHover()
        case .pointerUp(let point, let button):
            if button == .primary, let handled = dragPointerUp(at: point, at: time) { return handled }
            guard button == .primary, let field = pointerField else { return false }
            field.pointerUp()
            pointerField = nil
            dragLocation = nil
            // Only a selection this press made is offered: a click on an icon of a field that kept
            // a selection (a password's eye) must not publish that selection again.
            if field.isFocused, pointerChangedSelection { offerSelectionAsPrimary(of: field) }
            pointerChangedSelection = false
            return false
        case .text(let text):
            endResetCommitTarget()
            guard let field = focusedField else { return false }
            // The edit shows the caret (`fieldDidFinishUserEdit`), whatever became of it.
            field.insert(text, at: time)
            return true
        case .inputMethodText(let text):
            return commitInputMethodText(text, at: time)
        case .preeditChanged(let preedit):
            return showPreedit(preedit, at: time)
        case .key(let key, let modifiers):
            endResetCommitTarget()
            if key == .escape, cancelDrag() { return true }
            // The Menu key and Shift+F10 open the focused field's context menu at its caret.
            if opensContextMenu(key, modifiers), let field = focusedField {
                return openContextMenu(for: field, at: nil, time: time)
            }
            // Ctrl+. and Ctrl+; open the emoji chooser at the caret (`FieldScene+EmojiChooser`).
            if opensEmojiChooser(key, modifiers), let field = focusedField {
                return openEmojiChooser(for: field)
            }
            guard let command = keyBindings.command(for: key, modifiers: modifiers) else {
                return unhandledKeyHandler?(key, modifiers) ?? false
            }
            switch command {
            case .focusNext, .focusPrevious, .cancel:
                // Tab and Escape are the scene's, whether or not they move anything.
                return perform(command, at: time)
            default:
                // A field's key with no field to take it is the app's.
                return perform(command, at: time) || unhandledKeyHandler?(key, modifiers) ?? false
            }
        }
    }

    /// Does what `command` names in the focused field, or in the scene (the clipboard, Tab,
    /// Escape): what a key bound to it does. False when nothing took it.
    @discardableResult
    public func perform(_ command: TextCommand, at time: Double) -> Bool {
        isSettled = false
        lastEventTime = time
        switch command {
        case .focusNext, .focusPrevious:
            return moveFocus(backward: command == .focusPrevious, at: time)
        case .cancel:
            guard let field = focusedField else { return false }
            resetComposition(of: field, at: time)
            field.endEditing(at: time, reason: .cancelled)
            return true
        case .copy, .cut, .paste:
            guard let field = focusedField else { return false }
            performClipboardCommand(command, field: field, at: time)
            return true
        case .move, .delete, .selectAll, .undo, .redo, .return, .toggleBoldface, .toggleItalics, .toggleUnderline:
            guard let field = focusedField, field.perform(command, at: time) else { return false }
            // A motion shows where the caret went (an edit has shown it already).
            if field === focusedField, command != .return || field.kind == .textArea { revealCaret(of: field) }
            return true
        }
    }

    /// The focused field takes typed keys in runs (`TextField.takesTypedRuns`).
    public var acceptsTypedRuns: Bool { activePopup == nil && focusedField?.takesTypedRuns ?? false }

    @discardableResult
    public func handle(typedRun run: String, at time: Double) -> Bool {
        completeProvisionalArrangement()
        endResetCommitTarget()
        guard activePopup == nil, let field = focusedField, field.takesTypedRuns else {
            var changed = false
            for character in run {
                if handle(.text(String(character)), at: time) { changed = true }
            }
            return changed
        }
        isSettled = false
        lastEventTime = time
        field.insert(typedRun: run, at: time)
        return true
    }

    /// The clipboard keeps the copy's styles (other programs are offered `text/html` when it has
    /// any); a paste takes the clipboard's styles into a field that `allowsEditingTextAttributes`,
    /// and plain text into any other. PRIMARY (selecting, the middle button) stays plain, as a
    /// GTK entry's.
    func performClipboardCommand(_ command: TextCommand, field: TextField, at time: Double) {
        switch command {
        case .copy:
            if field.copiesPlainText {
                if let text = field.copyableText { host?.setSelectionText(text, for: .clipboard) }
            } else if let text = field.copyableAttributedText {
                host?.setSelectionAttributedText(text, for: .clipboard)
            }
        case .cut:
            let styled = field.copiesPlainText ? nil : field.copyableAttributedText
            guard let text = field.cut(at: time) else { return }
            if let styled, styled.string == text {
                host?.setSelectionAttributedText(styled, for: .clipboard)
            } else {
                host?.setSelectionText(text, for: .clipboard)
            }
        default:
            if field.allowsEditingTextAttributes && !field.isSecureTextEntry {
                host?.requestSelectionAttributedText(.clipboard) { [weak self, weak field] text in
                    // Nothing to paste must not delete the selection it would replace.
                    guard let field, let text, !text.isEmpty, field.isFocused else { return }
                    // Text without styles (the owner offered no HTML) is a plain paste: it takes
                    // the typing attributes, as UIKit's paste of plain text does.
                    self?.land(in: field, asked: time) { landing in
                        if text.attributeRuns.isPlain {
                            field.paste(text.string, at: landing)
                        } else {
                            field.paste(text, at: landing)
                        }
                    }
                }
                return
            }
            // As a rope: a long paste lands without a copy of its whole text beside it.
            host?.requestSelectionRope(.clipboard) { [weak self, weak field] text in
                guard let field, let text, field.isFocused else { return }
                self?.land(in: field, asked: time) { field.paste(text, at: $0) }
            }
        }
    }

    /// Pastes what the owner answered (`paste` gets the time it lands: the owner may have taken
    /// a while) and starts the caret's blink again once it is applied: a paste of megabytes takes
    /// a moment to lay out, and its caret shows solid a whole phase from when it can be seen.
    private func land(in field: TextField, asked time: Double, _ paste: (Double) -> Void) {
        paste(max(time, currentTime))
        let applied = max(time, currentTime)
        if applied > field.lastTime { field.restartCaretBlink(at: applied) }
    }

    /// Hover and the pointer shape for what is under the pointer now; true when hover changed.
    @discardableResult
    func updateHover() -> Bool {
        let hit = pointerLocation.flatMap { field(at: $0) }
        let part = hit.flatMap { $0.0.part(at: $0.1) }
        // Hover is the pointer over the container, not over the assistive text below it.
        let pointed = part != nil && part != .assistiveRow ? hit?.0 : nil
        if pointed !== hoveredField {
            hoveredField = pointed
            if overlay != nil {
                overlayNeedsUpdate = true
                host?.setNeedsRender()
            }
        }
        // Only the field pointed at and those that took hover since (`hoverHolders`) can show
        // the wrong hover: the others show none, and need none.
        var changed = false
        var holders = hoverHolders
        if let pointed, !holders.contains(where: { $0 === pointed }) { holders.append(pointed) }
        for field in holders {
            let hovered = field === pointed && field.isEnabled && !field.isFocused
            if field.isHovered != hovered {
                field.isHovered = hovered
                changed = true
            }
        }
        hoverHolders = hoverHolders.filter(\.isHovered)
        var shape = PointerShape.arrow
        if let field = hit?.0, field.isEnabled, let part {
            shape = field.isActionable(part) ? .hand : part == .text ? .text : .arrow
        }
        setPointerShape(shape)
        return changed
    }

    func setPointerShape(_ shape: PointerShape) {
        guard shape != pointerShape else { return }
        pointerShape = shape
        host?.setPointerShape(shape)
    }
}
