import CXlib
import Glibc

/// The clipboard after the window: X keeps no copy of a selection, so text copied in a window
/// is gone when the window goes, unless the desktop's clipboard manager takes it first. The
/// freedesktop protocol (GTK 3's `gtk_clipboard_store`, Qt's): the owner converts the selection
/// `CLIPBOARD_MANAGER` to the target `SAVE_TARGETS`, with a property on its own window listing
/// the targets to keep; the manager asks CLIPBOARD for them (csd-clipboard in one MULTIPLE
/// request), takes CLIPBOARD itself, and answers with a SelectionNotify on that property.
///
/// The session does this once its loop has ended for any reason but a lost connection or a
/// window another program destroyed (then X has already dropped the selection): the window is
/// unmapped first, so it looks closed while the manager fetches; the loop then only serves
/// selection requests and waits for the answer, `WindowHost.clipboardManagerTimeout` (2 s) at
/// most. No manager (no owner of `CLIPBOARD_MANAGER`) costs one round trip and no wait; one that
/// never answers (xfce4-clipman) or refuses costs the bound and one warning line.
extension WindowSession {
    /// Hands the CLIPBOARD's text to the clipboard manager, if the window owns it and one runs.
    func handClipboardToManager() {
        guard host.savesClipboardOnClose, !host.isConnectionLost, !windowDestroyed,
              selections.owned[.clipboard] != nil else { return }
        let clipboard = XInternAtom(display, "CLIPBOARD", 0)
        let manager = XInternAtom(display, "CLIPBOARD_MANAGER", 0)
        // A SelectionClear not read yet: someone else holds the clipboard now.
        guard XGetSelectionOwner(display, clipboard) == window, XGetSelectionOwner(display, manager) != 0 else { return }
        // An open menu or chooser goes with the window it belongs to, its grabs with it: it
        // must not float over the desktop, holding the pointer, while the manager is waited for.
        dismissPopup(reason: .windowChanged)
        XUnmapWindow(display, window)

        let property = XInternAtom(display, "_MATERIALFIELDS_SAVE_TARGETS", 0)
        // The text forms the manager should keep (and the styles, when the copy has any); it
        // offers TARGETS itself.
        let names: [String] = ["UTF8_STRING", "text/plain;charset=utf-8", "STRING"]
            + (selections.owned[.clipboard]?.html != nil ? ["text/html"] : [])
        var targets = names.map { name in Int(XInternAtom(display, name, 0)) }
        XChangeProperty(display, window, property, XA_ATOM, 32, PropModeReplace, &targets, Int32(targets.count))
        let time = lastEventTime == 0 ? Time(CurrentTime) : lastEventTime
        XConvertSelection(display, manager, XInternAtom(display, "SAVE_TARGETS", 0), property, window, time)
        XFlush(display)

        let timeout = min(max(host.clipboardManagerTimeout.isFinite ? host.clipboardManagerTimeout : 0, 0), 10)
        let deadline = host.now + timeout
        var answer: Atom?
        let connection = XConnectionNumber(display)
        while answer == nil, !host.isConnectionLost, !windowDestroyed {
            while answer == nil, !host.isConnectionLost, XPending(display) > 0 {
                var event = XEvent()
                XNextEvent(display, &event)
                answer = handleWhileHandingOff(&event, manager: manager)
            }
            XFlush(display)
            let remaining = deadline - host.now
            guard answer == nil, remaining > 0 else { break }
            var descriptor = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            let ready = cxlib_poll_ns(&descriptor, 1, Int64((remaining * 1e9).rounded(.up)))
            if ready > 0, descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { host.isConnectionLost = true }
        }
        if !host.isConnectionLost { reportHeldErrors() }
        guard !host.isConnectionLost, !windowDestroyed else { return }
        switch answer {
        case nil:
            host.warn("warning: the clipboard manager did not take the copied text within \(Self.seconds(timeout)) s; "
                      + "it is gone with the window")
        case 0?:
            host.warn("warning: the clipboard manager refused the copied text; it is gone with the window")
        default:
            break
        }
    }

    /// One event while waiting for the manager: selection traffic is served as the loop would;
    /// input and drawing no longer matter. Returns the property of the manager's answer (0 when
    /// it refused) once it came.
    private func handleWhileHandingOff(_ event: inout XEvent, manager: Atom) -> Atom? {
        switch event.type {
        case SelectionNotify:
            let notify = event.xselection
            if notify.requestor == window, notify.selection == manager { return notify.property }
        case SelectionRequest:
            selections.handleSelectionRequest(event.xselectionrequest)
        case SelectionClear:
            selections.handleSelectionClear(event.xselectionclear)
        case PropertyNotify:
            // The manager taking an INCR chunk asks for the next one.
            selections.handlePropertyNotify(event.xproperty)
        case DestroyNotify:
            if event.xdestroywindow.window == window {
                windowDestroyed = true
            } else {
                selections.handleDestroy(of: event.xdestroywindow.window)
            }
        default:
            break
        }
        return nil
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
