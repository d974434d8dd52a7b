import CXlib
import MaterialFields

/// A scene's popup on screen: an override-redirect child of the root (as GTK's menus are), with
/// its own back buffer, placed at its anchor and kept on the screen, with the pointer grabbed to
/// it and the keyboard to the main window while it is open (a press outside closes it and goes no
/// further; keys reach the scene, which hands them to the popup). The surface sits inside a margin
/// that holds Material's elevation shadow, drawn over what the screen showed there when it opened:
/// an override-redirect window gets no shadow from a compositor, and a plain X server has none.
/// Where that margin lies over the main window, what it shows is taken again from the main
/// window's back buffer each time the window draws under it (`backdropChanged`), so a change the
/// popup itself makes (the controls panel adding an error row, changing density, scrolling the
/// page) never leaves a stale copy of the old page around it.
final class PopupWindow {
    let popup: ScenePopup
    let window: Window
    private let display: OpaquePointer
    private let mainWindow: Window
    private var backBuffer: Pixmap
    /// What the screen showed under the window with the shadow drawn over it: each draw starts
    /// from it, so the translucent shadow is never laid twice.
    private var base: Pixmap
    /// What is under the window without the shadow (unused with a compositor): the screen when it
    /// opened, with the main window's later frames copied in where they fall.
    private var under: Pixmap
    /// The window's top left corner in the main window's coordinates.
    private let originInMain: (x: Int, y: Int)
    private var canvas: XftCanvas!
    private let copyGC: GC
    /// The window's size, and where the surface is in it.
    private let size: (width: Int, height: Int)
    let surface: Rect
    private(set) var grabbedPointer = false
    private(set) var grabbedKeyboard = false
    private var closed = false
    /// A compositing manager runs and the window has an ARGB visual: the margin is transparent and
    /// the shadow is composited over whatever is under it, live (then `colormap` is the window's own).
    let isTranslucent: Bool
    private var colormap: Colormap = 0

    /// Makes, draws and maps the popup's window for `popup` at `anchor` (coordinates of
    /// `mainWindow`); throws when the render extension is missing (then nothing is left behind).
    init(display: OpaquePointer, mainWindow: Window, popup: ScenePopup, anchor: PopupAnchor, fonts: FontCache,
         cursor: Cursor) throws {
        self.display = display
        self.mainWindow = mainWindow
        self.popup = popup
        let screen = XDefaultScreen(display)
        let root = XRootWindow(display, screen)
        var mainX: Int32 = 0, mainY: Int32 = 0
        var child: Window = 0
        XTranslateCoordinates(display, mainWindow, root, 0, 0, &mainX, &mainY, &child)
        let screenRect = Rect(x: -Double(mainX), y: -Double(mainY), width: Double(XDisplayWidth(display, screen)),
                              height: Double(XDisplayHeight(display, screen)))
        // Whole pixels, at least one, at most what X carries (a popup's size is the model's, never trusted to be finite).
        func side(_ value: Double) -> Double { value.isFinite ? min(max(1, value.rounded(.up)), 8192) : 1 }
        let surfaceSize = popup.surfaceSize
        var placed = anchor.place(Size(width: side(surfaceSize.width), height: side(surfaceSize.height)), in: screenRect)
        if !placed.minX.isFinite || !placed.minY.isFinite { placed = Rect(x: 0, y: 0, width: placed.width, height: placed.height) }
        popup.placement = placed
        let margins = PopupElevation.margins(scale: popup.metrics.scale)
        let width = Int(placed.width + margins.left + margins.right)
        let height = Int(placed.height + margins.top + margins.bottom)
        size = (max(1, width), max(1, height))
        surface = Rect(x: margins.left, y: margins.top, width: placed.width, height: placed.height)
        originInMain = (Int(placed.minX - margins.left), Int(placed.minY - margins.top))
        let rootX = Int32(clamping: Int(placed.minX - margins.left) + Int(mainX))
        let rootY = Int32(clamping: Int(placed.minY - margins.top) + Int(mainY))

        var depth = XDefaultDepth(display, screen)
        var visual = XDefaultVisual(display, screen)!
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        attributes.save_under = 1
        attributes.background_pixmap = 0
        attributes.cursor = cursor
        attributes.event_mask = ButtonPressMask | ButtonReleaseMask | PointerMotionMask | EnterWindowMask | LeaveWindowMask
            | ExposureMask
        var valueMask = CWOverrideRedirect | CWSaveUnder | CWBackPixmap | CWEventMask | CWCursor
        if let argb = Self.translucentVisual(display: display, screen: screen) {
            // A window of another depth than its parent needs its own colormap and border pixel.
            isTranslucent = true
            depth = 32
            visual = argb
            colormap = XCreateColormap(display, root, argb, AllocNone)
            attributes.colormap = colormap
            attributes.border_pixel = 0
            valueMask |= CWColormap | CWBorderPixel
        } else {
            isTranslucent = false
        }
        window = XCreateWindow(display, root, rootX, rootY, UInt32(size.width), UInt32(size.height), 0, depth,
                               UInt32(InputOutput), visual, UInt(valueMask), &attributes)
        var gcValues = XGCValues()
        gcValues.graphics_exposures = 0
        gcValues.subwindow_mode = IncludeInferiors
        copyGC = XCreateGC(display, window, UInt(GCGraphicsExposures | GCSubwindowMode), &gcValues)
        backBuffer = XCreatePixmap(display, window, UInt32(size.width), UInt32(size.height), UInt32(depth))
        base = XCreatePixmap(display, window, UInt32(size.width), UInt32(size.height), UInt32(depth))
        under = XCreatePixmap(display, window, UInt32(size.width), UInt32(size.height), UInt32(depth))
        do {
            canvas = try XftCanvas(display: display, drawable: under, width: size.width, height: size.height, fonts: fonts,
                                   visual: visual, colormap: isTranslucent ? colormap : nil)
        } catch {
            XFreePixmap(display, backBuffer)
            XFreePixmap(display, base)
            XFreePixmap(display, under)
            if isTranslucent { XFreeColormap(display, colormap) }
            XFreeGC(display, copyGC)
            XDestroyWindow(display, window)
            throw error
        }
        setProperties(root: root)
        // What the screen shows under the window now, for the shadow to fall on (the part off
        // screen is the surface colour).
        if isTranslucent {
            // Fully transparent (premultiplied zero) around the surface: the compositor shows what is under it.
            var clearValues = XGCValues()
            clearValues.foreground = 0
            let clearGC = XCreateGC(display, under, UInt(GCForeground), &clearValues)
            XFillRectangle(display, under, clearGC, 0, 0, UInt32(size.width), UInt32(size.height))
            XFreeGC(display, clearGC)
        } else {
            canvas.fill(Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height)), color: popup.scheme.surface)
            XCopyArea(display, root, under, copyGC, rootX, rootY, UInt32(size.width), UInt32(size.height), 0, 0)
        }
        makeBase()
        draw()
        XMapRaised(display, window)
    }

    /// `base` made again: what is under the window, the shadow over it; the canvas left on the back buffer.
    private func makeBase() {
        XCopyArea(display, under, base, copyGC, 0, 0, UInt32(size.width), UInt32(size.height), 0, 0)
        canvas.retarget(to: base, width: size.width, height: size.height)
        PopupElevation.drawShadow(on: canvas, surface: surface, radius: popup.cornerRadius, scheme: popup.scheme,
                                  scale: popup.metrics.scale)
        canvas.retarget(to: backBuffer, width: size.width, height: size.height)
    }

    /// The main window drew `regions` (its coordinates) of `mainBuffer`, its back buffer (of the
    /// default depth, as this window's without a compositor): where they fall under this window,
    /// they replace what the shadow falls on, and the popup is drawn again. Nothing to do with a
    /// compositor, which shows the main window through the transparent margin itself.
    func backdropChanged(mainBuffer: Pixmap, regions: [Rect]) {
        guard !closed, !isTranslucent else { return }
        let bounds = Rect(x: Double(originInMain.x), y: Double(originInMain.y), width: Double(size.width), height: Double(size.height))
        var changed = false
        for region in regions where region.isFinite {
            let left = max(region.minX.rounded(.down), bounds.minX), top = max(region.minY.rounded(.down), bounds.minY)
            let right = min(region.maxX.rounded(.up), bounds.maxX), bottom = min(region.maxY.rounded(.up), bounds.maxY)
            guard right > left, bottom > top else { continue }
            // Under the surface nothing shows; only the margin needs it, but a whole rectangle is one request.
            XCopyArea(display, mainBuffer, under, copyGC, Int32(left), Int32(top), UInt32(right - left), UInt32(bottom - top),
                      Int32(Int(left) - originInMain.x), Int32(Int(top) - originInMain.y))
            changed = true
        }
        guard changed else { return }
        makeBase()
        draw()
    }

    /// A 32-bit visual with alpha, when a compositing manager owns `_NET_WM_CM_S<screen>`
    /// (without one, an ARGB window's transparent pixels would show black).
    static func translucentVisual(display: OpaquePointer, screen: Int32) -> UnsafeMutablePointer<Visual>? {
        guard XGetSelectionOwner(display, XInternAtom(display, "_NET_WM_CM_S\(screen)", 0)) != 0 else { return nil }
        var info = XVisualInfo()
        guard XMatchVisualInfo(display, screen, 32, TrueColor, &info) != 0, let visual = info.visual,
              let format = XRenderFindVisualFormat(display, visual), format.pointee.direct.alphaMask != 0 else { return nil }
        return visual
    }

    private func setProperties(root: Window) {
        func atom(_ name: String) -> Atom { XInternAtom(display, name, 0) }
        var type = [atom(popup is ContextMenu ? "_NET_WM_WINDOW_TYPE_POPUP_MENU" : "_NET_WM_WINDOW_TYPE_DROPDOWN_MENU")]
        XChangeProperty(display, window, atom("_NET_WM_WINDOW_TYPE"), XA_ATOM, 32, PropModeReplace, &type, 1)
        XSetTransientForHint(display, window, mainWindow)
        "materialfields-popup".withCString { name in
            var hint = XClassHint(res_name: UnsafeMutablePointer(mutating: name), res_class: UnsafeMutablePointer(mutating: name))
            XSetClassHint(display, window, &hint)
        }
    }

    /// Grabs the pointer to the popup (every press, motion and release comes here, in its
    /// coordinates, wherever the pointer is) and the keyboard to the main window, as GTK's menus
    /// do. False when the pointer cannot be grabbed (another client holds it): the popup must
    /// not stay open without one, or a press elsewhere would not close it.
    func grab(cursor: Cursor) -> Bool {
        let mask = UInt32(ButtonPressMask | ButtonReleaseMask | PointerMotionMask | EnterWindowMask | LeaveWindowMask)
        let pointer = XGrabPointer(display, window, 0, mask, GrabModeAsync, GrabModeAsync, 0, cursor, Time(CurrentTime))
        grabbedPointer = pointer == GrabSuccess
        guard grabbedPointer else { return false }
        grabbedKeyboard = XGrabKeyboard(display, mainWindow, 0, GrabModeAsync, GrabModeAsync, Time(CurrentTime)) == GrabSuccess
        return true
    }

    /// Draws the popup's surface over the shadow into the back buffer and copies it to the window.
    func draw() {
        guard !closed else { return }
        XCopyArea(display, base, backBuffer, copyGC, 0, 0, UInt32(size.width), UInt32(size.height), 0, 0)
        PopupRenderer.draw(popup, on: canvas, origin: Point(x: surface.minX, y: surface.minY), shadow: false)
        popup.needsRender = false
        XCopyArea(display, backBuffer, window, copyGC, 0, 0, UInt32(size.width), UInt32(size.height), 0, 0)
    }

    func expose(_ event: XExposeEvent) {
        XCopyArea(display, backBuffer, window, copyGC, event.x, event.y, UInt32(event.width), UInt32(event.height),
                  event.x, event.y)
    }

    /// A point of the window in the surface's coordinates.
    func surfacePoint(x: Int32, y: Int32) -> Point {
        Point(x: Double(x) - surface.minX, y: Double(y) - surface.minY)
    }

    func isInSurface(x: Int32, y: Int32) -> Bool {
        surface.contains(Point(x: Double(x), y: Double(y)))
    }

    /// Ungrabs and destroys the window (nothing is sent on a lost connection).
    func close(connectionLost: Bool) {
        guard !closed else { return }
        closed = true
        canvas = nil
        guard !connectionLost else { return }
        if grabbedPointer { XUngrabPointer(display, Time(CurrentTime)) }
        if grabbedKeyboard { XUngrabKeyboard(display, Time(CurrentTime)) }
        XFreePixmap(display, backBuffer)
        XFreePixmap(display, base)
        XFreePixmap(display, under)
        XFreeGC(display, copyGC)
        XDestroyWindow(display, window)
        if isTranslucent { XFreeColormap(display, colormap) }
        XFlush(display)
    }
}
