import CXlib
import MaterialFields

// The window's accessible tree: made after the first frame when an assistive technology can
// listen, and what an assistive technology changed brought into the loop.
extension WindowSession {
    /// Makes the window's accessible tree and starts the bridge, once, after the first frame,
    /// when an assistive technology can listen: ATK is loaded then (`ATKLibrary`), and without
    /// it the window goes on with no accessible tree.
    func startAccessibilityIfWanted() {
        guard !hasLookedForAccessibility else { return }
        hasLookedForAccessibility = true
        guard let scene = scene as? FieldScene, AccessibilityBridge.canReachBus(display: display),
              ATKLibrary.load(warn: host.warn) else { return }
        accessibility = WindowAccessibility(scene: scene, title: title, origin: { [unowned self] in windowOrigin() })
        // No bus after all (a session bus without AT-SPI): the tree and its observers go, so the
        // loop's passes cost nothing again.
        if !AccessibilityBridge.shared.startIfNeeded(warn: host.warn) {
            accessibility?.close()
            accessibility = nil
        }
    }

    /// An assistive technology edited, moved the caret or focused: draw it and tell the app.
    func takeAccessibilityMutations() {
        guard let accessibility, accessibility.takeMutations() else { return }
        needsRender = true
        modelChanged = true
    }

    /// The window's top-left on the screen (one round trip).
    func windowOrigin() -> (x: Int, y: Int) {
        var x: Int32 = 0, y: Int32 = 0
        var child: Window = 0
        guard !host.isConnectionLost,
              XTranslateCoordinates(display, window, XDefaultRootWindow(display), 0, 0, &x, &y, &child) != 0 else { return (0, 0) }
        return (Int(x), Int(y))
    }
}
