import CXlib
import Glibc
import MaterialFields

/// A mapped window and its event loop. The loop sleeps in ppoll() until an X event arrives, a
/// file descriptor an app watches is readable, or the next deadline (the scene's next frame or
/// caret blink, an app timer) passes; with nothing pending it blocks. Every wake renders the
/// scene at that instant, so each instant the scene asked for is drawn, and only the region the
/// scene reports as changed is copied to the window.
final class WindowSession {
    unowned let host: WindowHost
    let display: OpaquePointer
    private let depth: Int32
    let scene: Scene
    private let didChange: () -> Void

    let window: Window
    private var backBuffer: Pixmap = 0
    private let copyGC: GC
    private var canvas: XftCanvas!
    private var size: (width: Int, height: Int)
    private let wmProtocols: Atom
    private let wmDeleteWindow: Atom
    /// The input method, the keymap history and the reading of keys.
    let keyboard: WindowKeyboard
    private var hasDrawn = false
    /// The window's accessible tree, made after the first frame when an assistive technology
    /// can listen (`AccessibilityBridge.canReachBus`); nil otherwise, and then it costs nothing.
    var accessibility: WindowAccessibility?
    var hasLookedForAccessibility = false
    let title: String

    /// The pointer's shapes, made as they are first shown (the arrow after the first frame).
    let cursors: CursorCache
    var arrowCursor: Cursor { cursors.cursor(XC_left_ptr) }
    var textCursor: Cursor { cursors.cursor(XC_xterm) }
    var handCursor: Cursor { cursors.cursor(XC_hand2) }
    /// A shape was given to the window (`setPointerShape`): the arrow it gets after the first
    /// frame must not replace one given before.
    var hasPointerShape = false
    private var clickCounter = ClickCounter()
    /// The desktop's XSETTINGS, followed while the window runs.
    private var desktop: DesktopSettingsWatcher!
    private var hasKeyboardFocus = false

    private var pendingSize: (width: Int, height: Int)?
    private var needsLayout = true
    var needsRender = true
    /// The scene changed since `didChange` last ran.
    var modelChanged = true
    /// When `didChange` last ran: it runs at most once a frame interval.
    private var lastNotification = -Double.infinity
    private var lastFrameTime = -Double.infinity
    /// The first frame of the current run of frames (none more than two intervals apart):
    /// animation frames are drawn on a grid of frame intervals from it.
    private var frameAnchor = -Double.infinity
    /// The instant the scene asked to be drawn at, when the loop last went to sleep.
    private var scheduledFrame: Double?
    private var exitStatus: Int32?
    /// Another client destroyed the window (`xdotool windowclose`, a session tool): the loop
    /// ends as after a close request, and nothing is freed on the window that is gone.
    var windowDestroyed = false
    /// The protocol errors held while the window runs, and what they mean.
    private var errors: WindowErrors!
    var selections: SelectionBroker!
    /// The scene's popup on screen, if any (`WindowSession+Popup`).
    var popupWindow: PopupWindow?
    /// XDND, both ways (`DragAndDrop.swift`).
    var dragAndDrop: DragAndDropController!
    /// The server time of the newest event that carried one: selections are taken and asked for
    /// at the time of the input that caused it, as ICCCM requires (never CurrentTime).
    var lastEventTime: Time = 0
    /// How long the next slice of events may take: a frame interval, or as long as the last
    /// redraw and notification took when that was longer, so costly frames never starve input.
    private var sliceDuration = WindowHost.frameInterval

    /// Keys that typed one character each since the scene last got an event, not yet handed to
    /// it: their text, and where each key's text ends in it (UTF-8 offsets). Any other event the
    /// scene gets, and the end of a slice, hands them over first (`flushTypedRun`), so they keep
    /// their place among the events.
    private var typedRun = ""
    private var typedRunKeyEnds: [Int] = []

    /// At most this many events between two redraws; a slice also ends after a frame interval,
    /// which is what bounds it when each event is costly.
    private static let sliceEventLimit = 1024
    /// A queue longer than this is searched for a close request before each slice.
    private static let closeSearchThreshold: Int32 = 32

    init(host: WindowHost, display: OpaquePointer, screen: Int32, depth: Int32, scene: Scene, options: WindowOptions,
         didChange: @escaping () -> Void) throws {
        self.host = host
        self.display = display
        self.depth = depth
        self.scene = scene
        self.didChange = didChange
        title = options.title
        let width = options.size.width.isFinite ? Int(min(max(options.size.width, 1), 16384)) : 1
        let height = options.size.height.isFinite ? Int(min(max(options.size.height, 1), 16384)) : 1
        size = (width, height)

        let root = XRootWindow(display, screen)
        var attributes = XSetWindowAttributes()
        // No background: the back buffer covers every pixel, so the server never flashes a clear.
        attributes.background_pixmap = 0
        attributes.bit_gravity = NorthWestGravity
        attributes.event_mask = KeyPressMask | KeyReleaseMask | ButtonPressMask | ButtonReleaseMask | PointerMotionMask
            | EnterWindowMask | LeaveWindowMask | ExposureMask | StructureNotifyMask | FocusChangeMask
            | PropertyChangeMask
        window = XCreateWindow(display, root, 0, 0, UInt32(size.width), UInt32(size.height), 0, depth,
                               UInt32(InputOutput), XDefaultVisual(display, screen),
                               UInt(CWBackPixmap | CWBitGravity | CWEventMask), &attributes)
        // The copies come from our own pixmap, which is never obscured: the NoExpose event the
        // server would send after each one is only an extra wake-up per repaint (per caret blink).
        var gcValues = XGCValues()
        gcValues.graphics_exposures = 0
        copyGC = XCreateGC(display, window, UInt(GCGraphicsExposures), &gcValues)
        cursors = CursorCache(display: display)
        wmProtocols = XInternAtom(display, "WM_PROTOCOLS", 0)
        wmDeleteWindow = XInternAtom(display, "WM_DELETE_WINDOW", 0)
        keyboard = WindowKeyboard(display: display, window: window)

        setWindowManagerProperties(display: display, window: window, options: options, size: size, deleteWindow: wmDeleteWindow)
        backBuffer = XCreatePixmap(display, window, UInt32(size.width), UInt32(size.height), UInt32(depth))
        canvas = try XftCanvas(display: display, drawable: backBuffer, width: size.width, height: size.height, fonts: host.fonts)
        selections = SelectionBroker(display: display, window: window, clock: { [unowned host] in host.now }, warn: host.warn)
        dragAndDrop = DragAndDropController(session: self)
        XMapWindow(display, window)
        errors = WindowErrors(display: display, window: window)
        scene.host = self
        desktop = DesktopSettingsWatcher(display: display, screen: screen, resourceDPI: host.resourceDPI)
        desktop.onChange = { [unowned self] settings in follow(settings) }
        keyboard.preeditChanged = { [unowned self] preedit in apply(.preeditChanged(preedit)) }
        follow(desktop.settings)
    }

    deinit {
        // A popup still open goes with the window, and its scene hears so: a scene run again
        // (another `WindowHost.run`) must not hand its keys to a popup no longer shown.
        if let shown = popupWindow {
            popupWindow = nil
            shown.close(connectionLost: host.isConnectionLost)
            scene.popupWasClosed(shown.popup, reason: .windowChanged)
        }
        if scene.host === self { scene.host = nil }
        accessibility?.close()
        dragAndDrop?.close(connectionLost: host.isConnectionLost)
        keyboard.close(connectionLost: host.isConnectionLost)
        desktop?.close(connectionLost: host.isConnectionLost)
        host.followedDesktopSettings = nil
        canvas = nil
        guard !host.isConnectionLost else { return }
        XFreePixmap(display, backBuffer)
        XFreeGC(display, copyGC)
        cursors.free()
        // What the cleanup asked of a window another client destroyed (even now, as this one
        // goes), or of what was made for it, is refused: those errors are read while the window
        // is still watched and dropped with it. Any other is a warning.
        if !windowDestroyed { XDestroyWindow(display, window) }
        XSync(display, 0)
        errors?.finish(windowDestroyed: windowDestroyed).forEach(host.warn)
    }

    // MARK: Loop

    func run() throws -> Int32 {
        let connection = XConnectionNumber(display)
        while exitStatus == nil {
            if takeQueuedCloseRequest() { exitStatus = 0; break }
            handleSliceOfEvents()
            if host.isConnectionLost { throw HostError.connectionLost }
            if exitStatus != nil { break }
            selections.expire(at: host.now)
            dragAndDrop.expire(at: host.now)
            if selections.deliverAnswers() {
                needsRender = true
                modelChanged = true
            }
            // A timer may change the model (an app sets text): observers hear of it like of an event.
            if host.fireTimers(at: host.now) { needsRender = true; modelChanged = true }
            if let status = host.requestedExitStatus {
                exitStatus = status
                break
            }
            if let newSize = pendingSize {
                pendingSize = nil
                if newSize != size { resize(to: newSize) }
            }
            if needsLayout {
                scene.resize(to: Size(width: Double(size.width), height: Double(size.height)), measurer: host.fonts)
                needsLayout = false
                modelChanged = true
            }
            let now = host.now
            // The deadline the loop slept toward is due: draw that instant, whatever woke us.
            let renders = needsRender || (scheduledFrame.map { $0 <= now } ?? false)
            if renders { render(at: now) }
            renderPopupIfNeeded()
            // The frame goes to the server before the app hears of the change: what it does with
            // the news (the catalog's QA snapshot) never stands between a key and its pixels.
            XFlush(display)
            // A first frame drawn before the fields it does not show were laid out: they are now,
            // while the server draws it, before the app hears of anything or an event is handled.
            if renders, scene.framePresented() { modelChanged = true }
            notifyIfDue()
            XFlush(display)
            if hasDrawn {
                showPointerAfterFirstFrame()
                keyboard.startIfNeeded()
                startAccessibilityIfWanted()
            }
            // What changed in this pass that no field event told (window focus, states, names).
            accessibility?.sync()
            sliceDuration = max(WindowHost.frameInterval, host.now - now)
            // Protocol errors read in this pass (the slice's, the flush's, the input method's, a
            // timer's requests) are judged before the loop sleeps, not whenever input next wakes it.
            reportHeldErrors()
            if host.isConnectionLost { throw HostError.connectionLost }
            // A stop asked for since the timers ran (by the app's didChange or warn) ends the loop now.
            if exitStatus == nil, let status = host.requestedExitStatus { exitStatus = status }
            if exitStatus != nil { break }
            guard XPending(display) == 0, !selections.hasAnswers else {
                // Busy with input: the accessibility bus is still answered between slices.
                if AccessibilityBridge.isRunning { AccessibilityBridge.shared.dispatchPending() }
                takeAccessibilityMutations()
                continue
            }
            try sleep(connection: connection, drawnAt: now)
            takeAccessibilityMutations()
        }
        if !host.isConnectionLost { reportHeldErrors() }
        // A copy outlives the window when the desktop's clipboard manager takes it (ClipboardHandoff.swift).
        handClipboardToManager()
        // What the last events did is told before the window goes.
        if modelChanged, !host.isConnectionLost { notify() }
        return exitStatus ?? 0
    }

    /// Tells the errors held in this pass (`WindowErrors`): warnings, or the window's end.
    func reportHeldErrors() {
        switch errors.judge(windowDestroyed: windowDestroyed) {
        case .quiet: break
        case .windowGone: windowWasDestroyed()
        case .warnings(let warnings): warnings.forEach(host.warn)
        }
    }

    /// Tells the app of a changed scene at most once a frame interval, and not while events wait
    /// to be handled unless a whole interval is overdue: what the app does with the news (the
    /// catalog snapshots its QA state) stays off the path from one key to the next, and a flood
    /// of input is still reported every other frame.
    private func notifyIfDue() {
        guard modelChanged, Self.isNotificationDue(now: host.now, lastNotification: lastNotification,
                                                   eventsWaiting: XEventsQueued(display, QueuedAlready) > 0) else { return }
        notify()
    }

    /// The rule `notifyIfDue` follows, for a changed scene: a frame interval after the last
    /// notification, unless events wait to be handled; then only once a whole interval more is overdue.
    static func isNotificationDue(now: Double, lastNotification: Double, eventsWaiting: @autoclosure () -> Bool) -> Bool {
        let due = lastNotification + WindowHost.frameInterval
        guard now >= due else { return false }
        return now >= due + WindowHost.frameInterval || !eventsWaiting()
    }

    private func notify() {
        modelChanged = false
        lastNotification = host.now
        didChange()
    }

    /// Handles queued events until the queue is empty, `sliceEventLimit` events were handled or
    /// `sliceDuration` has passed: a flood of input (a stuck key, a typing macro, a slow field)
    /// then goes through in slices with a redraw, the app's notification, timers and the close
    /// check between them, instead of holding the window until the whole backlog is through.
    private func handleSliceOfEvents() {
        let sliceEnd = host.now + sliceDuration
        var handled = 0
        while exitStatus == nil, !host.isConnectionLost, XPending(display) > 0 {
            var event = XEvent()
            XNextEvent(display, &event)
            // A key an assistive technology consumed (its own command) goes no further.
            var consumed = false
            if event.type == KeyPress || event.type == KeyRelease, AccessibilityBridge.isRunning {
                let meaning = keyboard.meaning(of: event.xkey)
                consumed = AccessibilityBridge.shared.snoop(event.xkey, keysym: meaning.keysym, text: meaning.text)
            }
            // A popup that takes no input method (the context menu) gets its keys unfiltered:
            // the input method neither composes its mnemonics nor acts on its Escape.
            let bypassesInputMethod = (event.type == KeyPress || event.type == KeyRelease)
                && popupWindow.map { !$0.popup.takesInputMethod } ?? false
            if !consumed, bypassesInputMethod || !keyboard.filter(&event) { dispatch(&event) }
            handled += 1
            if handled >= Self.sliceEventLimit || host.now >= sliceEnd { break }
        }
        flushTypedRun()
    }

    /// Takes a `WM_DELETE_WINDOW` out of the queue wherever it waits, after reading everything the
    /// server has sent: closing must not wait behind thousands of queued keys. A short queue is not
    /// searched: the loop reaches its message in order within a slice.
    private func takeQueuedCloseRequest() -> Bool {
        guard XEventsQueued(display, QueuedAfterReading) > Self.closeSearchThreshold else { return false }
        var event = XEvent()
        let context = Unmanaged.passUnretained(self).toOpaque().assumingMemoryBound(to: CChar.self)
        return XCheckIfEvent(display, &event, { _, event, context in
            guard let event, let context, event.pointee.type == ClientMessage else { return 0 }
            let session = Unmanaged<WindowSession>.fromOpaque(UnsafeRawPointer(context)).takeUnretainedValue()
            return session.isCloseRequest(event.pointee.xclient) ? 1 : 0
        }, context) != 0
    }

    private func isCloseRequest(_ message: XClientMessageEvent) -> Bool {
        message.window == window && message.message_type == wmProtocols && Atom(message.data.l.0) == wmDeleteWindow
    }

    /// Blocks until an X event, a watched descriptor, or the next deadline. The scene is asked
    /// what comes after the instant it was brought to (`drawnAt`), not after the clock has moved
    /// on, so a change that falls in between (a blink phase, an animation's end) is not skipped.
    private func sleep(connection: Int32, drawnAt: Double) throws {
        let watches = host.watches
        // GLib's descriptors (the accessibility bus) go last, once the bridge runs: it is the
        // process's, registered by an earlier window perhaps, and a client's call must be answered
        // whatever this window's scene is (unanswered, it waits for D-Bus's 25 s timeout).
        let bridgeRuns = AccessibilityBridge.isRunning
        let glib: (descriptors: [pollfd], timeout: Double?) = bridgeRuns ? AccessibilityBridge.shared.pollDescriptors() : ([], nil)
        var descriptors = [pollfd(fd: connection, events: Int16(POLLIN), revents: 0)]
            + watches.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) } + glib.descriptors
        let now = host.now
        scheduledFrame = nextDeadline(after: drawnAt)
        let notification = modelChanged ? lastNotification + WindowHost.frameInterval : nil
        let deadline = [scheduledFrame, host.nextTimerDeadline, selections.nextDeadline, dragAndDrop.nextDeadline, notification,
                        glib.timeout.map { now + $0 }].compactMap { $0 }.min()
        // In nanoseconds: a millisecond timeout rounded up would draw every frame up to 1 ms late.
        let timeout = deadline.map { Int64(min(max(0, ($0 - now) * 1e9).rounded(.up), 60e9)) } ?? -1
        let ready = cxlib_poll_ns(&descriptors, nfds_t(descriptors.count), timeout)
        if bridgeRuns {
            AccessibilityBridge.shared.dispatch(revents: ready > 0 ? descriptors.suffix(glib.descriptors.count).map(\.revents) : [])
        }
        guard ready > 0 else { return }
        if descriptors[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { throw HostError.connectionLost }
        for (watch, descriptor) in zip(watches, descriptors.dropFirst()) where descriptor.revents != 0 {
            // A watch cancelled by an earlier action in this batch does not run.
            if host.watches.contains(where: { $0.id == watch.id }) {
                watch.action()
                needsRender = true
                modelChanged = true
            }
        }
    }

    /// When the scene next needs drawing without new input; animation frames are paced to the
    /// frame interval so an animating scene never redraws faster than that.
    private func nextDeadline(after time: Double) -> Double? {
        scene.nextWakeup(after: time).map { WindowHost.nextFrame(wakeup: $0, lastFrame: lastFrameTime, anchor: frameAnchor) }
    }

    private func render(at time: Double) {
        needsRender = false
        hasDrawn = true
        scheduledFrame = nil
        if scene.advance(to: time) { modelChanged = true }
        let regions = scene.render(on: canvas, at: time)
        guard !regions.isEmpty else { return }
        if time > lastFrameTime + 2 * WindowHost.frameInterval { frameAnchor = time }
        lastFrameTime = time
        for region in regions where region.isFinite {
            let x = Int32(clamping: Int(region.minX)), y = Int32(clamping: Int(region.minY))
            XCopyArea(display, backBuffer, window, copyGC, x, y, UInt32(clamping: Int(region.width)),
                      UInt32(clamping: Int(region.height)), x, y)
        }
        // What the popup's shadow margin shows of the window follows it.
        popupWindow?.backdropChanged(mainBuffer: backBuffer, regions: regions)
    }

    private func apply(_ event: InputEvent) {
        flushTypedRun()
        needsRender = true
        if scene.handle(event, at: host.now) { modelChanged = true }
    }

    /// A key that typed `text`: kept in the run when it is one character and the scene takes
    /// runs (asked at a run's first key), else handed over now, after the run before it.
    private func type(_ text: String) {
        if text.count == 1, !typedRunKeyEnds.isEmpty || scene.acceptsTypedRuns {
            typedRun += text
            typedRunKeyEnds.append(typedRun.utf8.count)
        } else {
            apply(.text(text))
        }
    }

    /// Hands the keys typed since the last event to the scene: as one run when each key's text is
    /// still exactly one `Character` of the joined text (keys that combine, such as a combining
    /// mark or a regional indicator after another, go one `.text` event each, as typed).
    private func flushTypedRun() {
        guard !typedRunKeyEnds.isEmpty else { return }
        let run = typedRun, ends = typedRunKeyEnds
        typedRun = ""
        typedRunKeyEnds.removeAll(keepingCapacity: true)
        needsRender = true
        let time = host.now
        if ends.count > 1, Self.eachCharacterIsOneKey(run, keyEnds: ends) {
            if scene.handle(typedRun: run, at: time) { modelChanged = true }
            return
        }
        let bytes = Array(run.utf8)
        var start = 0
        for end in ends {
            if scene.handle(.text(String(decoding: bytes[start..<end], as: UTF8.self)), at: time) { modelChanged = true }
            start = end
        }
    }

    /// Whether the characters of `run` end exactly where its keys' texts do.
    static func eachCharacterIsOneKey(_ run: String, keyEnds: [Int]) -> Bool {
        var index = run.startIndex, offset = 0
        for end in keyEnds {
            guard index < run.endIndex else { return false }
            let next = run.index(after: index)
            offset += run.utf8.distance(from: index, to: next)
            guard offset == end else { return false }
            index = next
        }
        return index == run.endIndex
    }

    private func dispatch(_ event: inout XEvent) {
        // The desktop's settings manager: a change reaches the scene through `follow`.
        if desktop.take(event) { return }
        // The popup's window: its pointer events (all of them, while it holds the grab), its exposures.
        if popupWindow != nil, dispatchToPopup(&event) { return }
        // XDND's messages, and the pointer and keys while a drag from this window runs.
        if dragAndDrop.take(&event) { return }
        switch event.type {
        case KeyPress, KeyRelease: lastEventTime = event.xkey.time
        case ButtonPress, ButtonRelease: lastEventTime = event.xbutton.time
        case MotionNotify: lastEventTime = event.xmotion.time
        case EnterNotify, LeaveNotify: lastEventTime = event.xcrossing.time
        case PropertyNotify: lastEventTime = event.xproperty.time
        default: break
        }
        switch event.type {
        case KeyPress:
            // Keys reach a window only when it has the keyboard, even when no FocusIn said so
            // (no window manager, focus following the pointer root).
            if !hasKeyboardFocus { keyboardFocusChanged(to: true) }
            switch keyboard.event(for: &event.xkey) {
            case .text(let text)?: type(text)
            case let input?: apply(input)
            case nil: break
            }
        case ButtonPress:
            let button = event.xbutton
            let point = Point(x: Double(button.x), y: Double(button.y))
            let modifiers = KeyTranslation.modifiers(fromState: button.state)
            switch Int32(button.button) {
            case Button1, Button2:
                takeKeyboardFocus(time: button.time)
                let pointerButton: PointerButton = Int32(button.button) == Button1 ? .primary : .middle
                let clicks = pointerButton == .primary ? clickCounter.press(at: point, time: button.time) : 1
                apply(.pointerDown(point, button: pointerButton, clickCount: clicks, modifiers: modifiers))
            case Button3:
                // A right-click focuses the window too (its menu's keys come to it), as a WM's click would.
                takeKeyboardFocus(time: button.time)
                apply(.pointerDown(point, button: .secondary, clickCount: 1, modifiers: modifiers))
            case Button4: apply(.scroll(steps: -1))
            case Button5: apply(.scroll(steps: 1))
            default: break
            }
        case ButtonRelease:
            let button = event.xbutton
            let point = Point(x: Double(button.x), y: Double(button.y))
            switch Int32(button.button) {
            case Button1: apply(.pointerUp(point, button: .primary))
            case Button2: apply(.pointerUp(point, button: .middle))
            case Button3: apply(.pointerUp(point, button: .secondary))
            default: break
            }
        case MotionNotify:
            let motion = newestQueuedMotion(after: event.xmotion, on: display)
            let held = motion.state & UInt32(Button1Mask) != 0
            apply(.pointerMoved(Point(x: Double(motion.x), y: Double(motion.y)), buttonHeld: held))
        case LeaveNotify:
            if event.xcrossing.mode == NotifyNormal { apply(.pointerExited) }
        case EnterNotify:
            let crossing = event.xcrossing
            apply(.pointerMoved(Point(x: Double(crossing.x), y: Double(crossing.y)),
                                buttonHeld: crossing.state & UInt32(Button1Mask) != 0))
        case FocusIn:
            keyboardFocusChanged(to: true)
        case FocusOut:
            guard event.xfocus.detail != NotifyInferior else { break }
            // Our own popup's keyboard grab moves no focus away from the window, nor does the
            // window taking the keyboard it had through the pointer (focus PointerRoot, no WM), nor the
            // ungrab of the popup it replaced (the menu's Insert Emoji opening the emoji chooser).
            if popupWindow != nil,
               event.xfocus.mode == NotifyGrab || event.xfocus.mode == NotifyUngrab || event.xfocus.detail == NotifyPointer { break }
            keyboardFocusChanged(to: false)
        case UnmapNotify:
            if event.xunmap.window == window { dismissPopup(reason: .windowChanged) }
        case Expose:
            // The back buffer holds the whole picture: copy what was uncovered, draw nothing.
            // Before the first frame it holds nothing yet; that frame copies the whole window.
            guard hasDrawn else { needsRender = true; break }
            let expose = event.xexpose
            XCopyArea(display, backBuffer, window, copyGC, expose.x, expose.y, UInt32(expose.width), UInt32(expose.height),
                      expose.x, expose.y)
        case ConfigureNotify:
            let configure = event.xconfigure
            // The root's come too (the settings watcher selects its structure events).
            guard configure.window == window else { break }
            if popupWindow != nil, Int(configure.width) != size.width || Int(configure.height) != size.height {
                dismissPopup(reason: .windowChanged)
            }
            // A drag-resize sends a burst: only the last size gets a new back buffer.
            pendingSize = (max(1, Int(configure.width)), max(1, Int(configure.height)))
        case ClientMessage:
            let message = event.xclient
            if isCloseRequest(message) { exitStatus = 0 }
        case MappingNotify:
            keyboard.mappingChanged(&event.xmapping)
        case SelectionRequest:
            selections.handleSelectionRequest(event.xselectionrequest)
        case SelectionClear:
            selections.handleSelectionClear(event.xselectionclear)
        case SelectionNotify:
            selections.handleSelectionNotify(event.xselection)
        case PropertyNotify:
            selections.handlePropertyNotify(event.xproperty)
        case DestroyNotify:
            if event.xdestroywindow.window == window {
                windowWasDestroyed()
            } else {
                selections.handleDestroy(of: event.xdestroywindow.window)
            }
        default:
            keyboard.takeMapChange(event)
        }
    }

    /// Another client destroyed the window: its DestroyNotify came, or a request on it was
    /// refused first. The loop ends as after a close request, with one line saying why.
    private func windowWasDestroyed() {
        guard !windowDestroyed else { return }
        windowDestroyed = true
        host.warn("warning: another program destroyed the window; closing")
        // A status the app asked for (`stop(status:)`) stands.
        if exitStatus == nil { exitStatus = 0 }
    }

    /// The desktop's settings, at the start and at each change: the double-click time is the
    /// loop's, the rest the scene's and the app's (`WindowHost.desktopSettingsDidChange`).
    private func follow(_ settings: DesktopSettings) {
        // A popup drawn for the old theme or scale goes (GTK's menus close on a theme change too).
        if popupWindow != nil { dismissPopup(reason: .windowChanged) }
        clickCounter.follow(settings)
        scene.desktopSettings = settings
        host.followedDesktopSettings = settings
        host.desktopSettingsDidChange?(settings)
        needsRender = true
        modelChanged = true
    }

    private func keyboardFocusChanged(to focused: Bool) {
        keyboard.focusChanged(to: focused)
        hasKeyboardFocus = focused
        apply(.windowFocus(focused))
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
        needsRender = true
    }
}

extension WindowSession {
    /// Copies the whole back buffer to the window: what it shows, drawn back at once (before a
    /// popup snapshots the screen under it). Nothing before the first frame.
    func showBackBuffer() {
        guard hasDrawn else { return }
        XCopyArea(display, backBuffer, window, copyGC, 0, 0, UInt32(size.width), UInt32(size.height), 0, 0)
    }
}
