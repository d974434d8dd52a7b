import CXlib
import MaterialFields

// The scene's popup: shown and closed for the scene, its events routed by window, and closed by
// the window when a press falls outside it, the window loses focus, is unmapped or resized.
extension WindowSession {
    func showPopup(_ popup: ScenePopup, anchor: PopupAnchor) -> Bool {
        closePopupWindow()
        // The new popup's shadow falls on a snapshot of the screen: where a popup closed just
        // before (the menu whose Insert Emoji opens the emoji chooser) the window has not
        // repainted yet, so it is drawn back from the back buffer first.
        showBackBuffer()
        guard !host.isConnectionLost,
              let shown = try? PopupWindow(display: display, mainWindow: window, popup: popup, anchor: anchor,
                                           fonts: host.fonts, cursor: arrowCursor)
        else { return false }
        guard shown.grab(cursor: arrowCursor) else {
            shown.close(connectionLost: false)
            host.warn("warning: could not grab the pointer for a popup: another client holds it")
            return false
        }
        popupWindow = shown
        // The field under the pointer shows no hover while the popup holds the pointer.
        modelChanged = true
        return true
    }

    func closePopup(_ popup: ScenePopup) {
        guard popupWindow?.popup === popup else { return }
        closePopupWindow()
    }

    /// Takes the popup's window away, ungrabbing, without telling the scene.
    func closePopupWindow() {
        guard let shown = popupWindow else { return }
        popupWindow = nil
        shown.close(connectionLost: host.isConnectionLost)
        modelChanged = true
    }

    /// The window closes the popup for a reason of its own, and tells the scene.
    func dismissPopup(reason: PopupCloseReason) {
        guard let shown = popupWindow else { return }
        closePopupWindow()
        scene.popupWasClosed(shown.popup, reason: reason)
        needsRender = true
    }

    /// Draws the popup again when it changed (after the scene's frame, each pass of the loop).
    func renderPopupIfNeeded() {
        guard let shown = popupWindow, shown.popup.needsRender else { return }
        shown.draw()
    }

    /// An event for the popup's window (pointer events all come to it while it holds the grab).
    /// True when it was the popup's.
    func dispatchToPopup(_ event: inout XEvent) -> Bool {
        guard let shown = popupWindow, event.xany.window == shown.window else { return false }
        let time = host.now
        switch event.type {
        case Expose:
            shown.expose(event.xexpose)
            return true
        case ButtonPress:
            let button = event.xbutton
            lastEventTime = button.time
            // The wheel scrolls what is under it in the popup (a chooser's grid); a press outside
            // closes it and goes no further.
            if button.button == 4 || button.button == 5 {
                if shown.isInSurface(x: button.x, y: button.y),
                   shown.popup.handle(.scroll(steps: button.button == 4 ? -1 : 1), at: time) { modelChanged = true }
                needsRender = true
                return true
            }
            guard button.button >= 1 && button.button <= 3 else { return true }
            guard shown.isInSurface(x: button.x, y: button.y) else {
                dismissPopup(reason: .clickOutside)
                return true
            }
            let role: PointerButton = button.button == 1 ? .primary : button.button == 2 ? .middle : .secondary
            if shown.popup.handle(.pointerDown(shown.surfacePoint(x: button.x, y: button.y), button: role, clickCount: 1,
                                               modifiers: KeyTranslation.modifiers(fromState: button.state)), at: time) {
                modelChanged = true
            }
            modelChanged = true
        case ButtonRelease:
            let button = event.xbutton
            lastEventTime = button.time
            guard button.button >= 1 && button.button <= 3 else { return true }
            let role: PointerButton = button.button == 1 ? .primary : button.button == 2 ? .middle : .secondary
            _ = shown.popup.handle(.pointerUp(shown.surfacePoint(x: button.x, y: button.y), button: role), at: time)
            modelChanged = true
        case MotionNotify:
            let motion = newestQueuedMotion(after: event.xmotion, on: display)
            lastEventTime = motion.time
            let held = motion.state & UInt32(Button1Mask | Button2Mask | Button3Mask) != 0
            let point = shown.isInSurface(x: motion.x, y: motion.y) ? shown.surfacePoint(x: motion.x, y: motion.y)
                : Point(x: -1, y: -1)
            if shown.popup.handle(.pointerMoved(point, buttonHeld: held), at: time) { modelChanged = true }
        case LeaveNotify:
            if shown.popup.handle(.pointerExited, at: time) { modelChanged = true }
        case EnterNotify:
            // A popup mapped under a still pointer (a menu opened from the keyboard) highlights
            // nothing until the pointer moves, as GTK's menus ignore that first enter.
            return true
        default:
            return false
        }
        needsRender = true
        return true
    }
}
