import CXlib
import MaterialFields

/// Follows a screen's XSETTINGS manager, as GTK does: the owner of the selection
/// `_XSETTINGS_S<screen>` keeps the settings in its window's `_XSETTINGS_SETTINGS` property.
/// The watcher selects the owner's PropertyNotify (a change rewrites the property) and
/// DestroyNotify (the manager went: the settings go back to the defaults), and the root's
/// StructureNotify, which brings the `MANAGER` client message a new owner sends. It reads only
/// when one of those events comes: an idle desktop costs nothing. Requests on the owner's
/// window, which another client may destroy at any moment, run under the host's error trap.
final class DesktopSettingsWatcher {
    private let display: OpaquePointer
    private let root: Window
    private let atoms: Atoms
    /// The `Xft.dpi` resource, taken when the manager gives no `Xft/DPI` (GTK does the same).
    private let resourceDPI: Double?
    /// The manager's window, 0 while there is none.
    private var owner: Window = 0
    /// What the manager said last (the defaults while there is none); its `dpi` falls back to
    /// the resource.
    private(set) var settings: DesktopSettings
    /// Runs when `settings` changed, from the event that changed them.
    var onChange: ((DesktopSettings) -> Void)?

    struct Atoms {
        let selection: Atom, property: Atom, manager: Atom

        init(display: OpaquePointer, screen: Int32) {
            selection = XInternAtom(display, "_XSETTINGS_S\(screen)", 0)
            property = XInternAtom(display, "_XSETTINGS_SETTINGS", 0)
            manager = XInternAtom(display, "MANAGER", 0)
        }
    }

    init(display: OpaquePointer, screen: Int32, resourceDPI: Double?) {
        self.display = display
        root = XRootWindow(display, screen)
        atoms = Atoms(display: display, screen: screen)
        self.resourceDPI = resourceDPI
        settings = Self.combined(nil, resourceDPI: resourceDPI)
        // The root first: a manager that starts after the owner is looked up still announces
        // itself to us.
        XSelectInput(display, root, StructureNotifyMask)
        if case .settings(let found) = watchOwner() { settings = Self.combined(found, resourceDPI: resourceDPI) }
    }

    /// Stops watching (the window closes); nothing is asked of a server that is gone.
    func close(connectionLost: Bool) {
        guard !connectionLost else { return }
        XSelectInput(display, root, NoEventMask)
        if owner != 0 {
            let previous = owner
            _ = HostErrorHandlers.trappingErrors(on: display) { XSelectInput(display, previous, NoEventMask) }
        }
    }

    /// Takes the events that concern the manager (a new owner's announcement, the owner's
    /// property change or end) and reads the settings again; false for any other event.
    func take(_ event: XEvent) -> Bool {
        switch event.type {
        case ClientMessage:
            let message = event.xclient
            guard message.window == root, message.message_type == atoms.manager,
                  Atom(truncatingIfNeeded: message.data.l.1) == atoms.selection else { return false }
        case PropertyNotify:
            guard owner != 0, event.xproperty.window == owner else { return false }
            guard event.xproperty.atom == atoms.property else { return true }
        case DestroyNotify:
            guard owner != 0, event.xdestroywindow.window == owner else { return false }
            owner = 0
        default:
            return false
        }
        refresh()
        return true
    }

    /// Looks the owner up again (it may have changed), reads its settings and tells of a change.
    /// Malformed settings are ignored: the ones before stand.
    private func refresh() {
        let updated: DesktopSettings
        switch watchOwner() {
        case .none: updated = Self.combined(nil, resourceDPI: resourceDPI)
        case .settings(let found): updated = Self.combined(found, resourceDPI: resourceDPI)
        case .malformed: return
        }
        guard updated != settings else { return }
        settings = updated
        onChange?(updated)
    }

    /// What the manager's window holds.
    private enum Reading {
        /// No manager (or it went while being read: a successor will announce itself).
        case none
        case settings(XSettings)
        /// A property that is not XSETTINGS data (absent, of another type, too large, malformed).
        case malformed
    }

    /// Selects the current owner's events (and no longer the previous owner's) and reads its settings.
    private func watchOwner() -> Reading {
        let current = XGetSelectionOwner(display, atoms.selection)
        var parsed: XSettings?
        let previous = owner
        let errors = HostErrorHandlers.trappingErrors(on: display) {
            if previous != 0, previous != current { XSelectInput(display, previous, NoEventMask) }
            guard current != 0 else { return }
            if previous != current { XSelectInput(display, current, PropertyChangeMask | StructureNotifyMask) }
            parsed = Self.readSettings(display: display, window: current, atoms: atoms)
        }
        owner = errors == 0 ? current : 0
        guard owner != 0 else { return .none }
        return parsed.map(Reading.settings) ?? .malformed
    }

    /// The settings with the resource's dpi where the manager gives none.
    private static func combined(_ xsettings: XSettings?, resourceDPI: Double?) -> DesktopSettings {
        var settings = xsettings?.desktopSettings ?? DesktopSettings()
        if settings.dpi == nil { settings.dpi = resourceDPI }
        return settings
    }

    /// The largest settings property read (GTK's desktops write a few kilobytes).
    static let maximumPropertyBytes = 1 << 20

    /// The owner's `_XSETTINGS_SETTINGS`, parsed; nil when absent, not 8-bit data of its own
    /// type, larger than `maximumPropertyBytes` or malformed.
    private static func readSettings(display: OpaquePointer, window: Window, atoms: Atoms) -> XSettings? {
        var actualType: Atom = 0, actualFormat: Int32 = 0
        var count: UInt = 0, remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        // A request on a lost connection crashes inside Xlib: a gone server has no settings.
        guard !HostErrorHandlers.isLost(display) else { return nil }
        let status = XGetWindowProperty(display, window, atoms.property, 0, maximumPropertyBytes / 4, 0, Atom(AnyPropertyType),
                                        &actualType, &actualFormat, &count, &remaining, &data)
        defer { if let data { XFree(data) } }
        guard status == Success, actualType == atoms.property, actualFormat == 8, remaining == 0, let data else { return nil }
        return XSettings(parsing: Array(UnsafeBufferPointer(start: data, count: Int(count))))
    }

    /// The settings of the display's manager now, once, with nothing watched (a host with no
    /// window running).
    static func currentSettings(display: OpaquePointer, screen: Int32, resourceDPI: Double?) -> DesktopSettings {
        let atoms = Atoms(display: display, screen: screen)
        let owner = XGetSelectionOwner(display, atoms.selection)
        var parsed: XSettings?
        if owner != 0 {
            let errors = HostErrorHandlers.trappingErrors(on: display) {
                parsed = readSettings(display: display, window: owner, atoms: atoms)
            }
            if errors > 0 { parsed = nil }
        }
        return combined(parsed, resourceDPI: resourceDPI)
    }
}
