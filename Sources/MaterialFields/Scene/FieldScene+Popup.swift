// The popup shown over the scene's window (a context menu, a chooser): opened through the host,
// handed the keys while it is open, closed by the scene or by the host.
extension FieldScene {
    /// The popup open over the window, if any.
    public var shownPopup: ScenePopup? { activePopup }

    /// Shows `popup` at `anchor` (window coordinates) through the host, in place of any popup
    /// open now. While it is open the keys go to it (the focused field stays focused and keeps
    /// its caret), and the host routes the pointer to it. False when the host shows no popups.
    @discardableResult
    public func showPopup(_ popup: ScenePopup, anchor: PopupAnchor) -> Bool {
        if activePopup != nil { closePopup(reason: .replaced) }
        // What the input method composes ends first, committed in its field (as a click would end
        // it): the popup takes the keys from here on, and a preedit left open would be lost.
        resetComposition(of: focusedField, at: currentTime)
        guard let host, host.showPopup(popup, anchor: anchor) else { return false }
        activePopup = popup
        // The popup takes the pointer: a button held in the window now comes up in the popup, so
        // a press on selected text waiting to become a drag, or a selection being dragged, is over.
        dragAndDrop.press = nil
        pointerField = nil
        dragLocation = nil
        return true
    }

    /// Closes the open popup (an item acted, Escape, the app); it hears `popupDidClose(reason:)`.
    public func closePopup(reason: PopupCloseReason = .dismissed) {
        guard let popup = activePopup else { return }
        activePopup = nil
        host?.closePopup(popup)
        popup.popupDidClose(reason: reason)
        host?.setNeedsRender()
    }

    public func popupWasClosed(_ popup: ScenePopup, reason: PopupCloseReason) {
        guard popup === activePopup else { return }
        activePopup = nil
        popup.popupDidClose(reason: reason)
        host?.setNeedsRender()
    }

    /// What an event does while a popup is open: keys and text go to the popup; the window losing
    /// focus closes it (and then is handled as ever); a press reaching the window (a host without
    /// a pointer grab) closes it and goes no further; the wheel does nothing. Nil: handle as usual.
    func routeToPopup(_ event: InputEvent, at time: Double) -> Bool? {
        guard let popup = activePopup else { return nil }
        switch event {
        case .inputMethodText(let text) where resetCommitTarget != nil && time <= resetCommitDeadline:
            // The commit of a preedit reset as the popup opened (the right-click's press, or
            // `showPopup`), which ibus sends through the loop: it lands in the field that composed
            // it, and a menu open on that field says again what it can do (Undo, Select All).
            let target = resetCommitTarget
            let landed = commitInputMethodText(text, at: time)
            if let target { refreshContextMenu(for: target) }
            return landed
        case .key, .text, .inputMethodText:
            _ = popup.handle(event, at: time)
            // The model may have changed (an item acted): observers hear of it either way.
            return true
        case .windowFocus(false):
            closePopup(reason: .windowFocusLost)
            return nil
        case .pointerDown:
            closePopup(reason: .clickOutside)
            return true
        case .scroll:
            return false
        case .windowFocus(true), .pointerMoved, .pointerUp, .pointerExited, .preeditChanged:
            return nil
        }
    }
}
