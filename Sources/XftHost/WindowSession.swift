import CXlib
import Foundation
import MaterialFields

/// A mapped window and its event loop. The loop sleeps in poll() until an X event arrives or the
/// scene's next deadline (animation frame, caret blink) passes; with nothing pending it blocks.
final class WindowSession {
    private unowned let host: WindowHost
    private let display: OpaquePointer
    private let depth: Int32
    private let scene: Scene
    private let didChange: () -> Void

    private let window: Window
    private var backBuffer: Pixmap = 0
    private let copyGC: GC
    private var canvas: XftCanvas!
    private var size: (width: Int, height: Int)
    private let wmProtocols: Atom
    private let wmDeleteWindow: Atom
    private var inputMethod: XIM?
    private var inputContext: XIC?
    private var inputSpot: (Int16, Int16)?

    private let arrowCursor: Cursor
    private let textCursor: Cursor
    private var currentPointerShape = PointerShape.arrow
    private var clickCounter = ClickCounter()

    private var pendingSize: (width: Int, height: Int)?
    private var needsLayout = true
    private var needsRedraw = true
    private var changedSinceNotify = true
    private var lastFrameTime = -Double.infinity
    private var exitStatus: Int32?

    private static let frameInterval = 1.0 / 60

    init(host: WindowHost, display: OpaquePointer, screen: Int32, depth: Int32, scene: Scene, options: WindowOptions,
         didChange: @escaping () -> Void) throws {
        self.host = host
        self.display = display
        self.depth = depth
        self.scene = scene
        self.didChange = didChange
        size = (max(1, Int(options.size.width)), max(1, Int(options.size.height)))

        let root = XRootWindow(display, screen)
        var attributes = XSetWindowAttributes()
        // No background: the back buffer covers every pixel, so the server never flashes a clear.
        attributes.background_pixmap = 0
        attributes.bit_gravity = NorthWestGravity
        attributes.event_mask = KeyPressMask | KeyReleaseMask | ButtonPressMask | ButtonReleaseMask | PointerMotionMask
            | ExposureMask | StructureNotifyMask | FocusChangeMask
        window = XCreateWindow(display, root, 0, 0, UInt32(size.width), UInt32(size.height), 0, depth,
                               UInt32(InputOutput), XDefaultVisual(display, screen),
                               UInt(CWBackPixmap | CWBitGravity | CWEventMask), &attributes)
        copyGC = XCreateGC(display, window, 0, nil)
        // Glyphs of the X cursor font: left_ptr and the xterm I-beam.
        arrowCursor = XCreateFontCursor(display, 68)
        textCursor = XCreateFontCursor(display, 152)
        XDefineCursor(display, window, arrowCursor)
        wmProtocols = XInternAtom(display, "WM_PROTOCOLS", 0)
        wmDeleteWindow = XInternAtom(display, "WM_DELETE_WINDOW", 0)

        setWindowManagerProperties(options)
        openInputMethod()
        backBuffer = XCreatePixmap(display, window, UInt32(size.width), UInt32(size.height), UInt32(depth))
        canvas = try XftCanvas(display: display, drawable: backBuffer, width: size.width, height: size.height, fonts: host.fonts)
        XMapWindow(display, window)
    }

    deinit {
        canvas = nil
        if let inputContext { XDestroyIC(inputContext) }
        if let inputMethod { XCloseIM(inputMethod) }
        XFreePixmap(display, backBuffer)
        XFreeGC(display, copyGC)
        XFreeCursor(display, arrowCursor)
        XFreeCursor(display, textCursor)
        XDestroyWindow(display, window)
        XFlush(display)
    }

    private func setWindowManagerProperties(_ options: WindowOptions) {
        var protocols = [wmDeleteWindow]
        XSetWMProtocols(display, window, &protocols, 1)

        // Legacy WM_NAME for old window managers, _NET_WM_NAME as UTF-8 for everyone else.
        XStoreName(display, window, options.title)
        var title = Array(options.title.utf8)
        XChangeProperty(display, window, XInternAtom(display, "_NET_WM_NAME", 0), XInternAtom(display, "UTF8_STRING", 0),
                        8, PropModeReplace, &title, Int32(title.count))

        options.instanceName.withCString { instance in
            options.className.withCString { className in
                var hint = XClassHint(res_name: UnsafeMutablePointer(mutating: instance),
                                      res_class: UnsafeMutablePointer(mutating: className))
                XSetClassHint(display, window, &hint)
            }
        }

        var wmHints = XWMHints()
        wmHints.flags = InputHint | StateHint
        wmHints.input = 1
        wmHints.initial_state = NormalState
        XSetWMHints(display, window, &wmHints)

        var sizeHints = XSizeHints()
        sizeHints.flags = PMinSize | PSize
        sizeHints.min_width = 1
        sizeHints.min_height = 1
        sizeHints.width = Int32(size.width)
        sizeHints.height = Int32(size.height)
        XSetWMNormalHints(display, window, &sizeHints)

        var pid = [Int(getpid())]
        XChangeProperty(display, window, XInternAtom(display, "_NET_WM_PID", 0), XA_CARDINAL, 32, PropModeReplace,
                        &pid, 1)
    }

    private func openInputMethod() {
        guard let im = XOpenIM(display, nil, nil, nil) else {
            fputs("\(hostProgramName): note: no X input method; typing uses plain key lookup\n", stderr)
            return
        }
        inputMethod = im
        guard let ic = cxlib_create_ic(im, window) else { return }
        inputContext = ic
        let filterMask = cxlib_ic_filter_events(ic)
        if filterMask != 0 {
            var attributes = XWindowAttributes()
            XGetWindowAttributes(display, window, &attributes)
            XSelectInput(display, window, attributes.your_event_mask | filterMask)
        }
    }

    // MARK: Loop

    func run() -> Int32 {
        let connection = XConnectionNumber(display)
        while exitStatus == nil {
            while XPending(display) > 0 && exitStatus == nil {
                var event = XEvent()
                XNextEvent(display, &event)
                if XFilterEvent(&event, 0) != 0 { continue }
                dispatch(&event)
            }
            if exitStatus != nil { break }
            if let newSize = pendingSize {
                pendingSize = nil
                if newSize != size { resize(to: newSize) }
            }
            let now = host.now
            if needsLayout {
                scene.resize(to: Size(width: Double(size.width), height: Double(size.height)), measurer: host.fonts)
                needsLayout = false
                needsRedraw = true
                changedSinceNotify = true
            }
            if let deadline = nextDeadline(after: now), deadline <= now { needsRedraw = true }
            if needsRedraw { redraw(at: now) }
            if changedSinceNotify {
                changedSinceNotify = false
                didChange()
            }
            XFlush(display)
            guard XPending(display) == 0 else { continue }
            var descriptor = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            let timeout = nextDeadline(after: host.now).map { deadline in
                Int32(min(max(0, (deadline - host.now) * 1000).rounded(.up), 60_000))
            } ?? -1
            if poll(&descriptor, 1, timeout) > 0 && descriptor.revents & Int16(POLLHUP | POLLERR) != 0 {
                fputs("\(hostProgramName): lost the connection to the X server\n", stderr)
                return 1
            }
        }
        return exitStatus ?? 0
    }

    /// When the scene next needs drawing without new input; animation frames are paced to the
    /// frame interval so an animating scene never redraws faster than that.
    private func nextDeadline(after time: Double) -> Double? {
        scene.nextWakeup(after: time).map { max($0, lastFrameTime + Self.frameInterval) }
    }

    private func redraw(at time: Double) {
        scene.draw(on: canvas, at: time)
        XCopyArea(display, backBuffer, window, copyGC, 0, 0, UInt32(size.width), UInt32(size.height), 0, 0)
        lastFrameTime = time
        needsRedraw = false
        // Candidate windows of an input method follow the caret; tell the IM only when it moved.
        if let inputContext, let caret = scene.caretRect {
            let spot = (Int16(clamping: Int(caret.minX)), Int16(clamping: Int(caret.maxY)))
            if inputSpot.map({ $0 != spot }) ?? true {
                inputSpot = spot
                cxlib_ic_set_spot(inputContext, spot.0, spot.1)
            }
        }
    }

    private func apply(_ event: InputEvent) {
        if scene.handle(event, at: host.now) {
            needsRedraw = true
            changedSinceNotify = true
        }
    }

    private func dispatch(_ event: inout XEvent) {
        switch event.type {
        case KeyPress:
            handleKeyPress(&event.xkey)
        case ButtonPress:
            let button = event.xbutton
            let point = Point(x: Double(button.x), y: Double(button.y))
            switch button.button {
            case 1:
                takeKeyboardFocus(time: button.time)
                let clicks = clickCounter.press(at: point, time: button.time)
                apply(.pointerDown(point, button: 1, clickCount: clicks, modifiers: KeyTranslation.modifiers(fromState: button.state)))
            case 4: apply(.scroll(dy: -48))
            case 5: apply(.scroll(dy: 48))
            default: break
            }
        case ButtonRelease:
            if event.xbutton.button == 1 {
                apply(.pointerUp(Point(x: Double(event.xbutton.x), y: Double(event.xbutton.y))))
            }
        case MotionNotify:
            // Only the newest position of a burst of motion matters.
            var motion = event.xmotion
            var newer = XEvent()
            while XCheckTypedWindowEvent(display, window, MotionNotify, &newer) != 0 { motion = newer.xmotion }
            let held = motion.state & UInt32(Button1Mask) != 0
            let point = Point(x: Double(motion.x), y: Double(motion.y))
            apply(.pointerMoved(point, buttonHeld: held))
            updatePointerShape(at: point)
        case FocusIn:
            if let inputContext { XSetICFocus(inputContext) }
            apply(.windowFocus(true))
        case FocusOut:
            guard event.xfocus.detail != NotifyInferior else { break }
            if let inputContext { XUnsetICFocus(inputContext) }
            apply(.windowFocus(false))
        case Expose:
            let expose = event.xexpose
            XCopyArea(display, backBuffer, window, copyGC, expose.x, expose.y, UInt32(expose.width), UInt32(expose.height),
                      expose.x, expose.y)
        case ConfigureNotify:
            let configure = event.xconfigure
            // A drag-resize sends a burst: only the last size gets a new back buffer.
            pendingSize = (max(1, Int(configure.width)), max(1, Int(configure.height)))
        case ClientMessage:
            let message = event.xclient
            if message.message_type == wmProtocols && Atom(message.data.l.0) == wmDeleteWindow { exitStatus = 0 }
        case MappingNotify:
            XRefreshKeyboardMapping(&event.xmapping)
        default:
            break
        }
    }

    private func updatePointerShape(at point: Point) {
        let shape = scene.pointerShape(at: point)
        guard shape != currentPointerShape else { return }
        currentPointerShape = shape
        XDefineCursor(display, window, shape == .text ? textCursor : arrowCursor)
    }

    /// Without a window manager nobody gives a clicked window the keyboard; take it as a WM would.
    private func takeKeyboardFocus(time: Time) {
        var focused: Window = 0
        var revert: Int32 = 0
        XGetInputFocus(display, &focused, &revert)
        if focused != window { XSetInputFocus(display, window, RevertToParent, time) }
    }

    private func resize(to newSize: (Int, Int)) {
        size = newSize
        let replacement = XCreatePixmap(display, window, UInt32(size.width), UInt32(size.height), UInt32(depth))
        canvas.retarget(to: replacement, width: size.width, height: size.height)
        XFreePixmap(display, backBuffer)
        backBuffer = replacement
        needsLayout = true
    }

    private func handleKeyPress(_ key: inout XKeyEvent) {
        var keysym: KeySym = 0
        var text = ""
        if let inputContext {
            var buffer = [CChar](repeating: 0, count: 64)
            var status: Int32 = 0
            var length = Xutf8LookupString(inputContext, &key, &buffer, Int32(buffer.count), &keysym, &status)
            if status == XBufferOverflow {
                buffer = [CChar](repeating: 0, count: Int(length) + 1)
                length = Xutf8LookupString(inputContext, &key, &buffer, Int32(buffer.count), &keysym, &status)
            }
            if status == XLookupChars || status == XLookupBoth {
                text = String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
            if status != XLookupKeySym && status != XLookupBoth { keysym = 0 }
        } else {
            var buffer = [CChar](repeating: 0, count: 32)
            _ = XLookupString(&key, &buffer, Int32(buffer.count), &keysym, nil)
            text = KeyTranslation.text(forKeysym: keysym) ?? ""
        }
        let modifiers = KeyTranslation.modifiers(fromState: key.state)
        if let editing = KeyTranslation.editingKey(forKeysym: keysym) {
            apply(.key(editing, modifiers))
        } else if modifiers.contains(.control) || modifiers.contains(.alt) {
            let base = XLookupKeysym(&key, 0)
            if let character = KeyTranslation.text(forKeysym: base)?.first { apply(.key(.shortcut(character), modifiers)) }
        } else if KeyTranslation.isInsertable(text) {
            apply(.text(text))
        }
    }
}
