import CXlib
import Glibc

/// What each keycode's keysyms were right after each keyboard-map change, so a key is read
/// against the map of its own moment, however late the loop gets to it.
///
/// Programs that type text the keymap lacks (xdotool, password managers' auto-type, text
/// expanders) bind the character to a spare keycode, press that key and unbind it a few
/// milliseconds later. X keeps no history of the map: a client that looks the key up after the
/// unbinding reads nothing, and one that looks it up after the next character's binding reads
/// that character. A loop busy for a few milliseconds (a slow delegate, a large paste, a loaded
/// machine) loses characters however fast it is otherwise.
///
/// The history has a connection of its own and a thread that does nothing else: at each
/// XkbMapNotify of the core keyboard it asks the server for the changed keycodes' keysyms. The
/// answer is exact when no later change of those keycodes was processed before the request (a
/// later change's notification carries an earlier request serial than the request's); it is
/// recorded under the change's server time and its ordinal within that millisecond. The
/// window's loop reads the same notifications on its own connection, in order among its key
/// events (`WindowKeyboard.takeMapChange`), counts them alike, records its own answer when that
/// is exact (`recordFromLoop`), and for a key pressed on a keycode that has changed asks for
/// the keysyms it had after the last change before the key (`keysyms(of:after:)`), waiting a
/// little for the thread when it is behind.
final class KeymapHistory {
    /// A change of the map as both connections see it: its server time and, among changes of
    /// one keycode in the same millisecond, which one it was.
    struct ChangeID: Hashable {
        var time: Time
        var ordinal: Int

        /// Whether this change came at or after `other` (server times compared across the
        /// 32-bit wrap).
        func isAtOrAfter(_ other: ChangeID) -> Bool {
            let difference = Int32(bitPattern: UInt32(truncatingIfNeeded: time &- other.time))
            return difference > 0 || (difference == 0 && ordinal >= other.ordinal)
        }
    }

    private let display: OpaquePointer
    private let xkbEventType: Int32
    private let coreKeyboard: UInt32
    private let lock = HostLock()
    /// Set from Xlib's IO error exit handler, whichever thread's request met the dead server.
    private final class ConnectionLoss {
        let lock = HostLock()
        var isLost = false
    }
    private let loss: ConnectionLoss
    /// Per keycode, its newest changes (oldest first): the keysyms (all its groups and levels)
    /// after each, nil when the answer was not exact.
    private var recorded: [UInt8: [(id: ChangeID, keysyms: [KeySym]?)]] = [:]
    /// Enough for a loop 128 typed characters behind on one keycode (a typist's binding and
    /// unbinding are two changes): older ones are dropped, and a key that asks for one is read
    /// by Xlib alone. A keycode's changes are kept apart from the others', so a typist's churn on
    /// one spare keycode never pushes out what another keycode last became.
    private static let keptPerKeycode = 256
    /// The thread's own count of changes per keycode and millisecond, as the loop keeps its own.
    private var ordinals = ChangeCounter()
    private var isStopping = false
    /// The thread has returned (stopped, or its connection failed): nothing more will be recorded.
    private var isFinished = false
    private var wakePipe: [Int32] = [-1, -1]
    private var thread: HostThread?

    /// Opens a second connection to the display `main` is connected to. Nil when it cannot
    /// (then keys are read as Xlib reads them, against the map of the moment they are handled).
    init?(sameServerAs main: OpaquePointer) {
        guard let name = XDisplayString(main), let display = XOpenDisplay(name) else { return nil }
        let loss = ConnectionLoss()
        self.loss = loss
        // Covered by the host's handlers before its first round trip: a server that goes away
        // now is one more lost connection, never Xlib's default message and exit.
        HostErrorHandlers.adopt(display, warn: { _ in })
        XSetIOErrorExitHandler(display, { _, context in
            guard let context else { return }
            let loss = Unmanaged<ConnectionLoss>.fromOpaque(context).takeUnretainedValue()
            loss.lock.locked { loss.isLost = true }
        }, Unmanaged.passUnretained(loss).toOpaque())
        var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        var major = Int32(XkbMajorVersion), minor = Int32(XkbMinorVersion)
        guard XkbQueryExtension(display, &opcode, &event, &error, &major, &minor) != 0,
              let description = XkbGetMap(display, UInt32(XkbKeySymsMask), UInt32(XkbUseCoreKbd)) else {
            Self.close(display, lost: loss.lock.locked { loss.isLost })
            return nil
        }
        coreKeyboard = UInt32(description.pointee.device_spec)
        XkbFreeKeyboard(description, 0, 1)
        self.display = display
        xkbEventType = event
        let keySyms = UInt(XkbKeySymsMask)
        XkbSelectEventDetails(display, UInt32(XkbUseCoreKbd), UInt32(XkbMapNotify), keySyms, keySyms)
        XSync(display, 0)
        // The wake pipe is not inherited by the programs an app starts; the thread holds the
        // history until `stop` ends it.
        guard pipe(&wakePipe) == 0, wakePipe.allSatisfy({ fcntl($0, F_SETFD, FD_CLOEXEC) == 0 }),
              let thread = HostThread({ self.watch() }) else {
            wakePipe.filter { $0 >= 0 }.forEach { Glibc.close($0) }
            Self.close(display, lost: isConnectionLost)
            return nil
        }
        self.thread = thread
    }

    private var isConnectionLost: Bool { loss.lock.locked { loss.isLost } }

    /// Ends the thread and closes its connection; the owner calls it when the window goes.
    func stop() {
        guard let thread else { return }
        self.thread = nil
        lock.locked { isStopping = true }
        var byte: UInt8 = 0
        _ = write(wakePipe[1], &byte, 1)
        thread.join()
        wakePipe.forEach { Glibc.close($0) }
        Self.close(display, lost: isConnectionLost)
    }

    /// Closed while still adopted: a server that went away meanwhile is one more lost connection
    /// to the host's handlers, not Xlib's default message and exit.
    private static func close(_ display: OpaquePointer, lost: Bool) {
        if !lost { XCloseDisplay(display) }
        HostErrorHandlers.release(display)
    }

    // MARK: The loop's side

    /// The keysyms `keycode` had right after `change` (as the loop's connection saw it), waiting
    /// up to `timeout` seconds for the thread to record it; nil when the answer was not exact,
    /// the thread has passed that change without it (dropped as old), did not come, or the
    /// thread has finished. The thread sees every change the loop counts, so the wait ends as
    /// soon as it has read that one, normally within a millisecond; the bound is for a thread
    /// starved of the CPU, where a character a little late beats one lost (50 ms lost letters
    /// on a loaded two-core machine).
    func keysyms(of keycode: UInt8, after change: ChangeID, timeout: Double = 1) -> [KeySym]? {
        lock.locked {
            var found: (id: ChangeID, keysyms: [KeySym]?)?
            _ = lock.wait(until: {
                found = recorded[keycode]?.last { $0.id == change }
                return found != nil || isFinished || (ordinals.latest(for: keycode)?.isAtOrAfter(change) ?? false)
            }, atMost: timeout)
            return found?.keysyms ?? nil
        }
    }

    // MARK: The thread's side

    private func watch() {
        defer {
            lock.locked {
                isFinished = true
                lock.broadcast()
            }
        }
        let connection = XConnectionNumber(display)
        var descriptors = [pollfd(fd: connection, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: wakePipe[0], events: Int16(POLLIN), revents: 0)]
        while !lock.locked({ isStopping }), !isConnectionLost {
            while XPending(display) > 0, !isConnectionLost {
                var event = XEvent()
                XNextEvent(display, &event)
                if let change = mapChange(event) { record(change) }
            }
            guard !lock.locked({ isStopping }), !isConnectionLost else { break }
            if poll(&descriptors, 2, -1) < 0, errno != EINTR { break }
            // A server that went away: Xlib's read says so (the exit handler marks it lost).
            if descriptors[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { _ = XPending(display) }
        }
    }

    /// A change of the core keyboard's keysyms: when, which keycodes, and the serial of the last
    /// request the server had processed (on the connection it was read on).
    struct MapChange {
        var time: Time
        var keycodes: ClosedRange<Int>
        var serial: UInt
    }

    /// The change `event` notifies, nil for every other event. The loop reads its own
    /// connection's notifications with it, so both sides count the same changes.
    func mapChange(_ event: XEvent) -> MapChange? {
        var event = event
        guard event.type == xkbEventType else { return nil }
        return withUnsafePointer(to: &event) { pointer in
            pointer.withMemoryRebound(to: XkbMapNotifyEvent.self, capacity: 1) { map in
                let notice = map.pointee
                guard notice.xkb_type == XkbMapNotify, UInt32(notice.device) == coreKeyboard,
                      notice.changed & UInt32(XkbKeySymsMask) != 0, notice.num_key_syms > 0 else { return nil }
                let first = Int(notice.first_key_sym)
                return MapChange(time: notice.time, keycodes: first...(first + Int(notice.num_key_syms) - 1), serial: notice.serial)
            }
        }
    }

    private func record(_ change: MapChange) {
        let keysyms = exactKeysyms(of: change.keycodes, on: display)
        lock.locked {
            var ids: [(keycode: UInt8, id: ChangeID)] = []
            for keycode in change.keycodes where (8...255).contains(keycode) {
                ids.append((UInt8(keycode), ordinals.next(for: UInt8(keycode), at: change.time)))
            }
            store(keysyms, for: ids, first: change.keycodes.lowerBound)
        }
    }

    /// Under the lock: the keysyms of each keycode after its change, or (from the thread, which
    /// answers every change) nil for an answer that was not exact. An exact answer stays.
    private func store(_ keysyms: (perKeycode: Int, all: [KeySym])?, for ids: [(keycode: UInt8, id: ChangeID)], first: Int) {
        for (keycode, id) in ids {
            let symbols = keysyms.map { keysyms in
                let start = (Int(keycode) - first) * keysyms.perKeycode
                return Array(keysyms.all[start..<(start + keysyms.perKeycode)])
            }
            var changes = recorded[keycode] ?? []
            if let index = changes.lastIndex(where: { $0.id == id }) {
                if changes[index].keysyms == nil { changes[index].keysyms = symbols }
            } else {
                // In order of the changes: the loop and the thread may answer one first.
                let index = changes.lastIndex { !$0.id.isAtOrAfter(id) }.map { $0 + 1 } ?? 0
                changes.insert((id, symbols), at: index)
                if changes.count > Self.keptPerKeycode { changes.removeFirst(changes.count - Self.keptPerKeycode) }
            }
            recorded[keycode] = changes
        }
        lock.broadcast()
    }

    /// The loop's own answer for a change it read (`ids` counted with its own `ChangeCounter`):
    /// a second chance when the thread was late, kept only when exact.
    func recordFromLoop(_ change: MapChange, ids: [(keycode: UInt8, id: ChangeID)], display loopDisplay: OpaquePointer) {
        guard let keysyms = exactKeysyms(of: change.keycodes, on: loopDisplay) else { return }
        lock.locked { store(keysyms, for: ids, first: change.keycodes.lowerBound) }
    }

    /// The keysyms of `keycodes` as the server has them now, asked on `display`, when that is
    /// exactly what they were right after the change being read: no later change of any of them
    /// was processed before the request (its notification, if already read, carries an earlier
    /// serial than the request's); nil otherwise.
    private func exactKeysyms(of keycodes: ClosedRange<Int>, on display: OpaquePointer) -> (perKeycode: Int, all: [KeySym])? {
        let request = XNextRequest(display)
        var perKeycode: Int32 = 0
        guard let keysyms = XGetKeyboardMapping(display, KeyCode(keycodes.lowerBound), Int32(keycodes.count), &perKeycode) else {
            return nil
        }
        defer { XFree(keysyms) }
        guard perKeycode > 0, !laterChangeProcessed(of: keycodes, before: request, on: display) else { return nil }
        return (Int(perKeycode), Array(UnsafeBufferPointer(start: keysyms, count: keycodes.count * Int(perKeycode))))
    }

    /// Whether a notification already read on `display`, of a change of any of `keycodes`,
    /// carries a serial before `request`: the server processed that change first.
    private func laterChangeProcessed(of keycodes: ClosedRange<Int>, before request: UInt, on display: OpaquePointer) -> Bool {
        isEventQueued(on: display) { event in
            guard let change = mapChange(event) else { return false }
            return change.serial < request && change.keycodes.overlaps(keycodes)
        }
    }
}

/// Counts changes per keycode within one millisecond, so both connections name a change alike.
struct ChangeCounter {
    private var last: [UInt8: KeymapHistory.ChangeID] = [:]

    mutating func next(for keycode: UInt8, at time: Time) -> KeymapHistory.ChangeID {
        let id = KeymapHistory.ChangeID(time: time, ordinal: last[keycode].map { $0.time == time ? $0.ordinal + 1 : 0 } ?? 0)
        last[keycode] = id
        return id
    }

    func latest(for keycode: UInt8) -> KeymapHistory.ChangeID? { last[keycode] }
}
