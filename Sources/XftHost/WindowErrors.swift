import CXlib

/// The protocol errors of a running window's connection, which `HostErrorHandlers` holds while
/// the window is watched, judged by the window's loop before it sleeps. A window another program
/// destroyed refuses every later request on it and on what was made for it (its pictures, a
/// back buffer made for a resize and the glyphs drawn on it), and the server sent its
/// DestroyNotify before any of those errors: so with an error in hand, that notice is in the
/// queue if the window is gone. Then this error and every one until the loop reaches the notice
/// in its turn (the events before it are still handled) are the window's end, told in one line
/// there; otherwise each error is a warning.
final class WindowErrors {
    enum Verdict {
        /// Nothing to tell: no error, or errors that are the window's end, told at its notice.
        case quiet
        /// An error named the window itself and no notice waits: it ends as the notice would.
        case windowGone
        case warnings([String])
    }

    private let display: OpaquePointer
    private let window: Window
    /// The window's DestroyNotify is known to wait in the queue.
    private var destroyNoticeQueued = false

    /// Starts watching `window`: errors on its display are held from now on.
    init(display: OpaquePointer, window: Window) {
        self.display = display
        self.window = window
        HostErrorHandlers.watchForLoss(of: window, on: display)
    }

    /// What the errors held since the last call mean; `windowDestroyed` when the loop has
    /// handled the window's DestroyNotify already (every error is then its consequence).
    func judge(windowDestroyed: Bool) -> Verdict {
        let held = HostErrorHandlers.takeHeldErrors(on: display)
        guard !held.isEmpty, !windowDestroyed, !destroyNoticeQueued else { return .quiet }
        let window = self.window
        if isEventQueued(on: display, where: { $0.type == DestroyNotify && $0.xdestroywindow.window == window }) {
            destroyNoticeQueued = true
            // Looking through the queue may have read more of them.
            _ = HostErrorHandlers.takeHeldErrors(on: display)
            return .quiet
        }
        return HostErrorHandlers.isGone(window, on: display) ? .windowGone : .warnings(held)
    }

    /// At the window's end, once the cleanup's requests were answered: the errors they caused,
    /// as warnings unless the window was gone. The window is watched no longer.
    func finish(windowDestroyed: Bool) -> [String] {
        defer { HostErrorHandlers.stopWatching(window, on: display) }
        let late = HostErrorHandlers.takeHeldErrors(on: display)
        let gone = windowDestroyed || destroyNoticeQueued || HostErrorHandlers.isGone(window, on: display)
        return gone ? [] : late
    }
}

/// Whether an event in `display`'s queue, after reading what the server has sent, passes `test`.
/// Nothing is taken out of the queue: every event is still handled in its turn.
func isEventQueued(on display: OpaquePointer, where test: (XEvent) -> Bool) -> Bool {
    XEventsQueued(display, QueuedAfterReading)
    return withoutActuallyEscaping(test) { test in
        struct Search {
            var test: (XEvent) -> Bool
            var found = false
        }
        var search = Search(test: test)
        var unused = XEvent()
        withUnsafeMutablePointer(to: &search) { pointer in
            _ = XCheckIfEvent(display, &unused, { _, event, context in
                guard let event, let context else { return 0 }
                let search = UnsafeMutableRawPointer(context).assumingMemoryBound(to: Search.self)
                if !search.pointee.found, search.pointee.test(event.pointee) { search.pointee.found = true }
                return 0
            }, UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: CChar.self))
        }
        return search.found
    }
}
