import CXlib
import Glibc
import MaterialFields

/// The running program's name, for messages printed from C callbacks that cannot capture context.
let hostProgramName = CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? Substring($0)) } ?? "materialfields"

/// What a window shows and how it introduces itself to the window manager.
public struct WindowOptions {
    public var title: String
    public var instanceName: String
    public var className: String
    public var size: Size

    public init(title: String, instanceName: String, className: String, size: Size) {
        self.title = title; self.instanceName = instanceName; self.className = className; self.size = size
    }
}

/// One X11 connection: a window that hosts a `Scene`, its event loop, and offscreen rendering
/// for screenshots. It never exits the process and never changes its locale: a lost server
/// comes back as `HostError.connectionLost` from `run`, and `adoptUserLocale()` is the
/// application's to call.
public final class WindowHost {
    let display: OpaquePointer
    let fonts: FontCache
    let screen: Int32
    let depth: Int32
    private let startTime = WindowHost.monotonicSeconds()
    /// Set from Xlib's IO error exit handler: the server is gone and the loop must stop. Once
    /// set, Xlib refuses every request (it prints and hands back a null request that its callers
    /// dereference), so nothing may ask the server anything: the canvas, the fonts and the
    /// readers of properties all look at the same per-display mark (`HostErrorHandlers.isLost`).
    var isConnectionLost: Bool {
        get { HostErrorHandlers.isLost(display) }
        set { if newValue { HostErrorHandlers.markLost(display) } }
    }

    struct Timer { var id: Int; var deadline: Double; var action: () -> Void }
    struct Watch { var id: Int; var descriptor: Int32; var action: () -> Void }
    private(set) var timers: [Timer] = []
    private(set) var watches: [Watch] = []
    private var nextRegistrationID = 0
    /// Set by `stop(status:)`: the running loop ends with this status.
    var requestedExitStatus: Int32?
    /// The window `run` shows, while it runs.
    private weak var runningSession: WindowSession?
    /// Where warnings go (the application's choice, given at init).
    let warn: (String) -> Void

    /// Whether a window that owns CLIPBOARD when it closes hands the text to the desktop's
    /// clipboard manager (the owner of `CLIPBOARD_MANAGER`, such as csd-clipboard), so a copy
    /// outlives the window, as GTK 3 does for its text widgets (`gtk_clipboard_set_can_store`).
    /// True by default; an app whose copies should end with it sets false. ClipboardHandoff.swift
    /// does the handing.
    public var savesClipboardOnClose = true
    /// The most seconds closing waits for the clipboard manager to take the text (2 s; GTK 3
    /// waits 10 s, which a manager that never answers turns into a hung exit). Within 0...10.
    public var clipboardManagerTimeout = 2.0

    /// The fonts the host draws with, as the model's measuring protocol.
    public var measurer: TextMeasuring { fonts }
    /// The family fontconfig chose for the requested one.
    public var resolvedFontFamily: String { fonts.resolvedFamily }
    /// Every font face the host has opened so far (text, fallbacks, icons), each once.
    public var fontsUsed: [FontRecord] { fonts.fontsUsed }

    /// Opens the display (`nil` means `$DISPLAY`) and draws text in `fontFamily`. Warnings (a
    /// missing font, a request the server refused) go to `warn`, which may be called from inside
    /// Xlib's error handler: it must make no X requests. Input methods compose in the process locale: call
    /// `adoptUserLocale()` first unless the program sets LC_CTYPE itself.
    public init(displayName: String? = nil, fontFamily: String = "Roboto", warn: @escaping (String) -> Void) throws {
        XSetLocaleModifiers("")
        guard let display = XOpenDisplay(displayName) else {
            throw HostError.cannotOpenDisplay(displayName ?? getenv("DISPLAY").map { String(cString: $0) } ?? "")
        }
        // Adopted before its first request: a server that dies while the host starts (the
        // extension query, the first fonts) is a lost connection, not Xlib's exit with its own message.
        Self.installErrorHandlers(on: display, warn: warn)
        func close() {
            if !HostErrorHandlers.isLost(display) { XCloseDisplay(display) }
            HostErrorHandlers.release(display)
        }
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        let hasRender = XRenderQueryExtension(display, &eventBase, &errorBase) != 0
        if HostErrorHandlers.isLost(display) { close(); throw HostError.connectionLost }
        guard hasRender else {
            close()
            throw HostError.missingRenderExtension
        }
        self.display = display
        self.warn = warn
        self.screen = XDefaultScreen(display)
        self.depth = XDefaultDepth(display, screen)
        do {
            self.fonts = try FontCache(display: display, screen: screen, family: fontFamily, warn: warn)
        } catch {
            let lost = HostErrorHandlers.isLost(display)
            close()
            throw lost ? HostError.connectionLost : error
        }
        if HostErrorHandlers.isLost(display) {
            fonts.close()
            close()
            throw HostError.connectionLost
        }
    }

    deinit {
        fonts.close()
        // Closed while still adopted: an error read during the close is the host's to handle.
        if !isConnectionLost { XCloseDisplay(display) }
        HostErrorHandlers.release(display)
    }

    /// Takes the user's locale for character handling (LC_CTYPE), or C.UTF-8 when that locale
    /// cannot carry non-ASCII text, so the input method composes it. A program calls this once
    /// at start, before creating a host; a library never changes the locale on its own.
    public static func adoptUserLocale() {
        if setlocale(LC_CTYPE, "") == nil || !namesUnicode(codeset: String(cString: nl_langinfo(nl_item(CODESET)))) {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
    }

    /// Whether a locale's codeset (`nl_langinfo(CODESET)`: "UTF-8", "utf8", "ANSI_X3.4-1968")
    /// is a UTF one: "UTF" in any case. Compared as ASCII bytes: the string search of
    /// `contains(_:)` and the case mapping of `uppercased()` would bring their code and tables
    /// into every start for three letters.
    static func namesUnicode(codeset: String) -> Bool {
        let letters = Array(codeset.utf8)
        guard letters.count >= 3 else { return false }
        for start in 0...(letters.count - 3)
        where letters[start] | 0x20 == UInt8(ascii: "u") && letters[start + 1] | 0x20 == UInt8(ascii: "t")
            && letters[start + 2] | 0x20 == UInt8(ascii: "f") {
            return true
        }
        return false
    }

    static func monotonicSeconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    /// The desktop's scale for Material dimensions: its dpi / 96 (as GTK and Qt read it), within
    /// 0.5 to 4, from the XSETTINGS manager's `Xft/DPI`, else the `Xft.dpi` resource; nil when
    /// the display sets neither (`DesktopSettings.scale` of `desktopSettings`).
    public var desktopScale: Double? { desktopSettings.scale }

    /// The desktop's settings (XSETTINGS, as GTK 3 reads them: the caret's blink, double-click
    /// time, animations, middle-click paste, dpi, theme): while a window runs, the ones it
    /// follows; otherwise read from the display's manager now. Its `dpi` falls back to the
    /// `Xft.dpi` resource.
    public var desktopSettings: DesktopSettings {
        followedDesktopSettings ?? DesktopSettingsWatcher.currentSettings(display: display, screen: screen, resourceDPI: resourceDPI)
    }

    /// Runs on the loop's thread when a window opens, with the settings it starts with, and
    /// whenever the desktop changes them while it runs, after the scene got them
    /// (`Scene.desktopSettings`, which a `FieldScene` follows for the caret's blink, animations
    /// and middle-click paste; the theme and the scale are the app's to follow from here).
    public var desktopSettingsDidChange: ((DesktopSettings) -> Void)?

    /// The settings the running window follows; nil while none runs.
    var followedDesktopSettings: DesktopSettings?

    /// The `Xft.dpi` resource: the dpi the server's `RESOURCE_MANAGER` held when the host opened
    /// the display (Xlib reads it then), nil when absent or unreadable.
    var resourceDPI: Double? {
        guard let resources = XResourceManagerString(display) else { return nil }
        XrmInitialize()
        guard let database = XrmGetStringDatabase(resources) else { return nil }
        defer { XrmDestroyDatabase(database) }
        var type: UnsafeMutablePointer<CChar>?
        var value = XrmValue()
        guard XrmGetResource(database, "Xft.dpi", "Xft.Dpi", &type, &value) != 0, let address = value.addr,
              let dpi = Double(String(cString: address).filter { !$0.isWhitespace }), dpi.isFinite, dpi > 0 else {
            return nil
        }
        return dpi
    }

    /// The size of the display's default screen, in pixels.
    public var screenSize: Size {
        Size(width: Double(XDisplayWidth(display, screen)), height: Double(XDisplayHeight(display, screen)))
    }

    /// What fills shapes on the canvases this process makes: FreeType's outline rasterizer
    /// (`FreeTypeRasterizer`) when FreeType starts, else the pure-Swift `CoverageRasterizer`.
    /// Both keep `PathRasterizer`'s contract; they differ by a few levels of 255 at edges.
    public static var defaultRasterizer: PathRasterizer { FreeTypeRasterizer.shared ?? SwiftPathRasterizer() }

    /// The pacing of frames: an animating scene is drawn at most 60 times a second.
    public static let frameInterval = 1.0 / 60

    /// When a scene that wants to change at `wakeup` is next drawn, the last frame having been
    /// drawn at `lastFrame`: at its wake-up, but never sooner than a frame interval after the last.
    public static func nextFrame(wakeup: Double, lastFrame: Double) -> Double { max(wakeup, lastFrame + frameInterval) }

    /// When a scene that wants to change at `wakeup` is next drawn by a window, on the grid of
    /// frame intervals from `anchor` (the first frame of the run of frames the last one belongs
    /// to): a wake-up a frame interval or more after the last frame is drawn when asked for;
    /// a sooner one (an animation asks for every frame) at the first grid instant at least half
    /// an interval after the last frame. Frames keep the display's rate however late each wake
    /// and draw ended (no drift by the latency), a frame drawn late keeps the next one on the
    /// grid, and a grid instant missed entirely is skipped, not made up.
    public static func nextFrame(wakeup: Double, lastFrame: Double, anchor: Double) -> Double {
        guard wakeup < lastFrame + frameInterval, anchor <= lastFrame else { return max(wakeup, lastFrame + frameInterval) }
        let step = max(1, ((lastFrame + frameInterval / 2 - anchor) / frameInterval).rounded(.up))
        return max(wakeup, anchor + step * frameInterval)
    }

    /// Seconds since the host started: the scene's clock.
    public var now: Double { WindowHost.monotonicSeconds() - startTime }

    private static func installErrorHandlers(on display: OpaquePointer, warn: @escaping (String) -> Void) {
        HostErrorHandlers.adopt(display, warn: warn)
        // Xlib's default IO error handling exits the process. The exit handler is per display: it
        // marks the connection lost and returns, so `run` can end with an error the application reports.
        XSetIOErrorExitHandler(display, { display, _ in
            if let display { HostErrorHandlers.markLost(display) }
        }, nil)
    }

    // MARK: Loop additions

    /// Runs `action` from the event loop once, `seconds` from now.
    @discardableResult
    public func addTimer(after seconds: Double, _ action: @escaping () -> Void) -> Cancellation {
        let id = nextRegistrationID
        nextRegistrationID += 1
        timers.append(Timer(id: id, deadline: now + (seconds.isFinite ? max(0, seconds) : 0), action: action))
        return Cancellation { [weak self] in self?.timers.removeAll { $0.id == id } }
    }

    /// Runs `action` from the event loop whenever `descriptor` is readable (or hung up), until cancelled.
    @discardableResult
    public func watch(fileDescriptor descriptor: Int32, _ action: @escaping () -> Void) -> Cancellation {
        let id = nextRegistrationID
        nextRegistrationID += 1
        watches.append(Watch(id: id, descriptor: descriptor, action: action))
        return Cancellation { [weak self] in self?.watches.removeAll { $0.id == id } }
    }

    /// Ends the running window's loop after the current batch of events; `run` returns `status`.
    public func stop(status: Int32 = 0) { requestedExitStatus = status }

    /// Retitles the running window (a brief message to the user, such as a recorder's "checkpoint
    /// saved"); nothing when no window runs.
    public func setWindowTitle(_ title: String) {
        guard let session = runningSession, !session.windowDestroyed else { return }
        XftHost.setWindowTitle(display: display, window: session.window, title: title)
        XFlush(display)
    }

    var nextTimerDeadline: Double? { timers.map(\.deadline).min() }

    /// Runs and removes every timer due at `time`; returns true when one ran.
    func fireTimers(at time: Double) -> Bool {
        let due = timers.filter { $0.deadline <= time }
        guard !due.isEmpty else { return false }
        timers.removeAll { $0.deadline <= time }
        for timer in due { timer.action() }
        return true
    }

    // MARK: Offscreen

    /// Lays the scene out at `size`, settles every animation, draws it into a pixmap and reads the
    /// pixels back: what the window would show, with no window.
    public func renderSettled(_ scene: Scene, size: Size) throws -> RGBAImage {
        let surface = try OffscreenSurface(host: self, size: size)
        surface.resize(to: size, scene: scene)
        scene.settle()
        scene.invalidateAll()
        try surface.render(scene, at: now)
        return try surface.capture()
    }

    // MARK: Window

    /// Opens the window and runs until it is closed. `didChange` runs after a batch of events,
    /// a resize or a timer that changed the scene (once the frame drawn for it is flushed to the
    /// server, so what it does never delays those pixels), at most once a frame interval (changes in
    /// between are told together, a frame later), and once more before `run` returns if the last
    /// change was not told yet. Returns 0 when the window was closed (or the status given to
    /// `stop(status:)`); throws `HostError.connectionLost` when the X server went away. A host
    /// runs one window at a time: `run` is not for calling again from inside the running one's
    /// callbacks (its timers, `didChange`, `warn`).
    public func run(_ scene: Scene, options: WindowOptions, didChange: @escaping () -> Void = {}) throws -> Int32 {
        requestedExitStatus = nil
        let session = try WindowSession(host: self, display: display, screen: screen, depth: depth, scene: scene,
                                        options: options, didChange: didChange)
        runningSession = session
        return try session.run()
    }
}

/// Xlib's error handlers are process-wide. The host installs its own once, handles errors of the
/// displays it opened (one warning line through the host's `warn` for a protocol error, held for
/// the session to judge while a window runs on that display; nothing for a lost connection: `run`
/// reports it) and hands everything else to whatever handler the application had installed before.
enum HostErrorHandlers {
    /// The state below is shared with the keymap history's thread, whose connection is adopted too.
    private static let lock = HostLock()
    /// The displays the hosts opened, each with its host's `warn`.
    nonisolated(unsafe) private static var ownDisplays: [OpaquePointer: (String) -> Void] = [:]
    nonisolated(unsafe) private static var previousErrorHandler: XErrorHandler?
    nonisolated(unsafe) private static var previousIOErrorHandler: XIOErrorHandler?
    nonisolated(unsafe) private static var isInstalled = false
    /// While `trappingErrors` runs: its display, the first request it covers, and the errors seen.
    nonisolated(unsafe) private static var trap: (display: OpaquePointer, firstSerial: UInt, count: Int)?
    /// The windows of running sessions, per display, and which of them an error said are gone.
    nonisolated(unsafe) private static var sessionWindows: [OpaquePointer: Set<Window>] = [:]
    nonisolated(unsafe) private static var goneWindows: [OpaquePointer: Set<Window>] = [:]
    /// Protocol errors on a display with a running session, in order, until the session takes
    /// them (`takeHeldErrors`) and judges them: a window another client destroyed makes every
    /// request on it, and on what was made for it, fail until the loop reads its DestroyNotify.
    nonisolated(unsafe) private static var heldErrors: [OpaquePointer: [String]] = [:]
    /// The adopted displays whose server went away (marked by their IO error exit handler).
    nonisolated(unsafe) private static var lostDisplays: Set<OpaquePointer> = []

    /// Marks `display`'s connection lost: from then on nothing may make a request on it.
    static func markLost(_ display: OpaquePointer) {
        lock.locked { _ = lostDisplays.insert(display) }
    }

    /// Whether `display`'s server went away. Every request on a lost connection fails inside
    /// Xlib (it prints "request N length M would exceed buffer size" and hands a null request to
    /// its caller, which crashes on it), so code that may run after a loss asks this first.
    static func isLost(_ display: OpaquePointer) -> Bool {
        lock.locked { lostDisplays.contains(display) }
    }

    static func adopt(_ display: OpaquePointer, warn: @escaping (String) -> Void) {
        let install = lock.locked { () -> Bool in
            ownDisplays[display] = warn
            defer { isInstalled = true }
            return !isInstalled
        }
        guard install else { return }
        previousErrorHandler = XSetErrorHandler { display, event in
            guard let display, let event else { return 0 }
            // Decided under the lock; the warning is given outside it.
            enum Verdict { case foreign, handled, hold, warn((String) -> Void) }
            let code = Int32(event.pointee.error_code), resource = Window(event.pointee.resourceid)
            let verdict = HostErrorHandlers.lock.locked { () -> Verdict in
                guard let warn = HostErrorHandlers.ownDisplays[display] else { return .foreign }
                if let trap = HostErrorHandlers.trap, trap.display == display, event.pointee.serial >= trap.firstSerial {
                    HostErrorHandlers.trap?.count += 1
                    return .handled
                }
                guard let windows = HostErrorHandlers.sessionWindows[display], !windows.isEmpty else { return .warn(warn) }
                // A request on a session's window that is no longer there: another client
                // destroyed it (its DestroyNotify may still wait in the queue).
                if code == BadWindow || code == BadDrawable, windows.contains(resource) {
                    HostErrorHandlers.goneWindows[display, default: []].insert(resource)
                }
                return .hold
            }
            func warning() -> String {
                var text = [CChar](repeating: 0, count: 256)
                XGetErrorText(display, code, &text, Int32(text.count))
                return "warning: the X server refused a request (\(String(cString: text)), request code \(event.pointee.request_code))"
            }
            switch verdict {
            case .foreign: return HostErrorHandlers.previousErrorHandler?(display, event) ?? 0
            case .handled: break
            case .warn(let warn): warn(warning())
            case .hold:
                let held = warning()
                HostErrorHandlers.lock.locked { HostErrorHandlers.heldErrors[display, default: []].append(held) }
            }
            return 0
        }
        previousIOErrorHandler = XSetIOErrorHandler { display in
            guard let display, HostErrorHandlers.lock.locked({ HostErrorHandlers.ownDisplays[display] != nil }) else {
                return HostErrorHandlers.previousIOErrorHandler?(display) ?? 0
            }
            return 0
        }
    }

    static func release(_ display: OpaquePointer) {
        lock.locked {
            ownDisplays[display] = nil
            sessionWindows[display] = nil
            goneWindows[display] = nil
            heldErrors[display] = nil
            lostDisplays.remove(display)
        }
    }

    /// Errors saying `window` is gone are taken as another client having destroyed it.
    static func watchForLoss(of window: Window, on display: OpaquePointer) {
        lock.locked { _ = sessionWindows[display, default: []].insert(window) }
    }

    static func stopWatching(_ window: Window, on display: OpaquePointer) {
        lock.locked {
            sessionWindows[display]?.remove(window)
            goneWindows[display]?.remove(window)
            if sessionWindows[display]?.isEmpty ?? true { heldErrors[display] = nil }
        }
    }

    /// Whether an error has said `window` is gone.
    static func isGone(_ window: Window, on display: OpaquePointer) -> Bool {
        lock.locked { goneWindows[display]?.contains(window) ?? false }
    }

    /// The warnings of the protocol errors held for the session on `display` since it last
    /// asked, oldest first.
    static func takeHeldErrors(on display: OpaquePointer) -> [String] {
        lock.locked { heldErrors.removeValue(forKey: display) ?? [] }
    }

    /// Runs `body`, whose requests concern another client's window that may be gone already (a
    /// selection requestor), and returns how many protocol errors they caused; those errors are
    /// expected, so they are counted instead of printed. Costs one round trip.
    static func trappingErrors(on display: OpaquePointer, _ body: () -> Void) -> Int {
        // A lost connection takes no requests (Xlib would crash on them): the body does not run.
        guard !isLost(display) else { return 0 }
        let first = XNextRequest(display)
        let outer = lock.locked { () -> (display: OpaquePointer, firstSerial: UInt, count: Int)? in
            defer { trap = (display, first, 0) }
            return trap
        }
        body()
        if !isLost(display) { XSync(display, 0) }
        return lock.locked {
            let count = trap?.count ?? 0
            trap = outer
            return count
        }
    }
}
