import CAtk
import CXlib
import Glibc
import MaterialFields

/// The process's side of AT-SPI: ATK objects for each window's fields, and libatk-bridge,
/// which speaks the D-Bus protocol, registers the application with the accessibility registry,
/// caches, and sends only the events some client listens to.
///
/// ATK plus the bridge, not D-Bus by hand: the bridge is what GTK 3, Firefox, LibreOffice,
/// Flutter's Linux embedder and Tk 8.7 use, so Orca meets the same protocol details (caching,
/// registration, event filtering) it is tested against, and the toolkit implements only the
/// ATK interfaces. Talking D-Bus directly (Qt, GTK 4) means writing and keeping that protocol.
///
/// It costs nothing when no assistive technology can listen: a window starts the bridge after
/// its first frame, and only when an accessibility bus can be reached without launching a
/// session bus (`canReachBus`); until then no object exists, nothing observes the fields, and
/// neither ATK nor GObject is loaded (`ATKLibrary`, which the window loads first).
/// Once started, GLib's main context is folded into the window's `ppoll` (`pollDescriptors`,
/// `dispatch`), which wakes only when the bus has something to say.
final class AccessibilityBridge {
    static let toolkitName = "MaterialFields"
    static let toolkitVersion = "1.0"

    /// The one bridge of the process, made when a window first wants it.
    nonisolated(unsafe) private static var current: AccessibilityBridge?

    static var shared: AccessibilityBridge {
        if let current { return current }
        let bridge = AccessibilityBridge()
        current = bridge
        return bridge
    }

    /// Whether a bridge was ever started (tests and the bench ask).
    static var isRunning: Bool { current?.isStarted ?? false }

    /// The application object: the root AT-SPI clients see, its windows its children.
    let application: ApplicationNode
    private(set) var isStarted = false
    private let context: OpaquePointer
    /// What the last `pollDescriptors` asked for, handed back to `g_main_context_check`.
    private var glibDescriptors: [GPollFD] = []
    private var glibPriority: gint = 0
    private var isPrepared = false

    private init() {
        application = ApplicationNode(name: hostProgramName)
        context = g_main_context_default()
        // ATK asks its utility class for the root and the toolkit's name; ours answers.
        let utility = atk.g_type_class_ref(atk.atk_util_get_type())!.assumingMemoryBound(to: AtkUtilClass.self)
        utility.pointee.get_root = { AccessibilityBridge.current?.application.object }
        utility.pointee.get_toolkit_name = { UnsafePointer(AccessibilityBridge.toolkitNameString) }
        utility.pointee.get_toolkit_version = { UnsafePointer(AccessibilityBridge.toolkitVersionString) }
        // The bridge listens to keys here, to hand them to the registry: Orca echoes typing and
        // says what a caret move passed over by the key that moved it, and consumes its own commands.
        utility.pointee.add_key_event_listener = { listener, data in
            guard let listener else { return 0 }
            AccessibilityBridge.nextKeyListenerID += 1
            AccessibilityBridge.keyListeners.append((AccessibilityBridge.nextKeyListenerID, listener, data))
            return guint(AccessibilityBridge.nextKeyListenerID)
        }
        utility.pointee.remove_key_event_listener = { id in
            AccessibilityBridge.keyListeners.removeAll { $0.id == Int(id) }
        }
    }

    /// The key listeners the bridge added (`AtkUtilClass.add_key_event_listener`).
    nonisolated(unsafe) private static var keyListeners: [(id: Int, listener: AtkKeySnoopFunc, data: gpointer?)] = []
    nonisolated(unsafe) private static var nextKeyListenerID = 0

    /// Hands a key press or release to the bridge's key listeners, as GTK does before the
    /// window sees it; true when one consumed it (an assistive technology's own command), and
    /// then the window does not see it.
    func snoop(_ key: XKeyEvent, keysym: KeySym, text typed: String) -> Bool {
        guard isStarted, !Self.keyListeners.isEmpty else { return false }
        let name = typed.isEmpty ? XKeysymToString(keysym) : nil
        var buffer = Array(typed.utf8CString)
        return buffer.withUnsafeMutableBufferPointer { text -> Bool in
            var atkEvent = AtkKeyEventStruct()
            atkEvent.type = gint(key.type == KeyPress ? ATK_KEY_EVENT_PRESS.rawValue : ATK_KEY_EVENT_RELEASE.rawValue)
            atkEvent.state = guint(key.state)
            atkEvent.keyval = guint(truncatingIfNeeded: keysym)
            atkEvent.keycode = guint16(truncatingIfNeeded: key.keycode)
            atkEvent.timestamp = guint32(truncatingIfNeeded: key.time)
            // The text the key types, or, for a key that types none, its name (as GDK gives it).
            if let name {
                atkEvent.string = UnsafeMutablePointer(mutating: name)
                atkEvent.length = gint(strlen(name))
            } else {
                atkEvent.string = text.baseAddress
                atkEvent.length = gint(text.count - 1)
            }
            var consumed = false
            for entry in Self.keyListeners where entry.listener(&atkEvent, entry.data) != 0 { consumed = true }
            return consumed
        }
    }

    nonisolated(unsafe) private static let toolkitNameString = strdup(toolkitName)!
    nonisolated(unsafe) private static let toolkitVersionString = strdup(toolkitVersion)!

    /// Whether an accessibility bus can be reached without starting anything: the bridge is not
    /// turned off (`NO_AT_BRIDGE=1`, as GTK reads it) and a session bus or the accessibility
    /// bus is known (its address in the environment, the `AT_SPI_BUS` property on the root
    /// window, or the user's bus socket). Otherwise libdbus would try to launch a session bus,
    /// which takes 45-144 ms and leaves a daemon behind.
    static func canReachBus(display: OpaquePointer) -> Bool {
        if let off = getenv("NO_AT_BRIDGE"), String(cString: off) == "1" { return false }
        for name in ["AT_SPI_BUS_ADDRESS", "DBUS_SESSION_BUS_ADDRESS"] {
            if let value = getenv(name), value.pointee != 0 { return true }
        }
        if let runtime = getenv("XDG_RUNTIME_DIR"), access(String(cString: runtime) + "/bus", F_OK) == 0 { return true }
        // AT-SPI reads the property from $DISPLAY's root window, and not at all under Wayland.
        if let wayland = getenv("WAYLAND_DISPLAY"), wayland.pointee != 0 { return false }
        guard let named = getenv("DISPLAY"), let opened = XDisplayString(display), strcmp(named, opened) == 0 else { return false }
        let property = XInternAtom(display, "AT_SPI_BUS", 1)
        guard property != 0 else { return false }
        var type: Atom = 0, format: Int32 = 0, count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(display, XDefaultRootWindow(display), property, 0, 1024, 0, Atom(AnyPropertyType),
                                        &type, &format, &count, &after, &data)
        defer { if let data { XFree(data) } }
        return status == Success && count > 0
    }

    /// Where the bridge's own GLib messages go (libatk-bridge's and libatspi's `g_warning`s: a
    /// session bus with no AT-SPI on it, a registry that went): the host's `warn`, one line each,
    /// never GLib's raw lines on standard error.
    nonisolated(unsafe) private static var warn: ((String) -> Void)?

    /// Starts the bridge once: it registers the application and answers from then on. False
    /// when it could not start (no accessibility bus after all): nobody can listen.
    @discardableResult
    func startIfNeeded(warn: @escaping (String) -> Void) -> Bool {
        Self.warn = warn
        guard !isStarted else { return true }
        isStarted = true
        let levels = GLogLevelFlags(rawValue: G_LOG_LEVEL_CRITICAL.rawValue | G_LOG_LEVEL_WARNING.rawValue
                                    | G_LOG_LEVEL_MESSAGE.rawValue)
        for domain in ["dbind", "atk-bridge"] {
            g_log_set_handler(domain, levels, { _, _, message, _ in
                guard let message else { return }
                AccessibilityBridge.warn?("warning: accessibility: " + String(cString: message))
            }, nil)
        }
        guard let initialize = Self.loadBridge() else {
            isStarted = false
            return false
        }
        // The bridge attaches its D-Bus connections to the default main context, which only
        // this thread drives from now on.
        _ = g_main_context_acquire(context)
        if initialize(nil, nil) != 0 {
            isStarted = false
            g_main_context_release(context)
        }
        return isStarted
    }

    /// The shared object of libatk-bridge (its soname), opened only here: linked, it and what it
    /// needs (libatspi, libdbus, libsystemd, libgcrypt and their compression libraries, about
    /// 1.2 MB resident and a dozen objects for the loader to map and relocate) would load into
    /// every process at exec, even one no assistive technology can reach.
    static let bridgeLibrary = "libatk-bridge-2.0.so.0"

    /// `atk_bridge_adaptor_init` from `bridgeLibrary`, loaded into the process's ATK (already
    /// opened by `ATKLibrary`); nil, with the loader's reason on `warn`, when the library is not
    /// installed.
    private static func loadBridge() -> catk_bridge_init_function? {
        guard let library = dlopen(bridgeLibrary, RTLD_NOW | RTLD_LOCAL),
              let symbol = dlsym(library, "atk_bridge_adaptor_init") else {
            let reason = dlerror().map { String(cString: $0) } ?? "not found"
            warn?("warning: accessibility: no bridge to AT-SPI: " + reason)
            return nil
        }
        return unsafeBitCast(symbol, to: catk_bridge_init_function.self)
    }

    // MARK: The main context in the window's loop

    /// The descriptors GLib waits on and how long it may sleep (nil: as long as it likes): the
    /// first half of one main-context iteration, which `dispatch(revents:)` completes.
    func pollDescriptors() -> (descriptors: [pollfd], timeout: Double?) {
        guard isStarted else { return ([], nil) }
        let sourceIsReady = g_main_context_prepare(context, &glibPriority) != 0
        var timeout: gint = -1
        var needed = Int(g_main_context_query(context, glibPriority, &timeout, nil, 0))
        repeat {
            if glibDescriptors.count < needed { glibDescriptors = Array(repeating: GPollFD(), count: needed) }
            let count = glibDescriptors.count
            needed = Int(glibDescriptors.withUnsafeMutableBufferPointer {
                g_main_context_query(context, glibPriority, &timeout, $0.baseAddress, gint(count))
            })
        } while needed > glibDescriptors.count
        glibDescriptors.removeSubrange(needed...)
        isPrepared = true
        let descriptors = glibDescriptors.map { pollfd(fd: $0.fd, events: Int16(bitPattern: $0.events), revents: 0) }
        if sourceIsReady { return (descriptors, 0) }
        return (descriptors, timeout < 0 ? nil : Double(timeout) / 1000)
    }

    /// The second half of the iteration `pollDescriptors` began: `revents` for its descriptors,
    /// in order (empty when the loop's poll failed), then whatever is ready runs.
    func dispatch(revents: [Int16]) {
        guard isStarted, isPrepared else { return }
        isPrepared = false
        for index in glibDescriptors.indices {
            glibDescriptors[index].revents = index < revents.count ? UInt16(bitPattern: revents[index]) : 0
        }
        let ready = glibDescriptors.withUnsafeMutableBufferPointer {
            g_main_context_check(context, glibPriority, $0.baseAddress, gint($0.count))
        }
        if ready != 0 { g_main_context_dispatch(context) }
    }

    /// One whole iteration that does not wait: for a loop busy with input, so the bus is
    /// still answered between slices.
    func dispatchPending() {
        guard isStarted, !isPrepared else { return }
        _ = g_main_context_iteration(context, 0)
    }
}

/// The application: the root of the tree, the program's name, its windows as children.
final class ApplicationNode: AccessibleNode {
    private let programName: String

    init(name: String) {
        programName = name
        super.init(type: AtkTypes.base, role: ATK_ROLE_APPLICATION)
    }

    override var name: String { programName }

    func remove(_ child: AccessibleNode) {
        guard let index = children.firstIndex(where: { $0 === child }) else { return }
        children.remove(at: index)
        catk_emit_children_changed(&atk, object, "children-changed::remove", guint(index), child.object)
    }

    func insert(_ child: AccessibleNode) {
        add(child)
        catk_emit_children_changed(&atk, object, "children-changed::add", guint(children.count - 1), child.object)
    }
}
