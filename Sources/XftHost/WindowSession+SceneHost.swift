import CXlib
import Glibc
import MaterialFields

// What the scene asks of its window: the clock, selections, a redraw, the pointer's shape, the
// input method's spot, the bell.
extension WindowSession: SceneHost {
    var now: Double? { host.now }

    func setSelectionText(_ text: String, for selection: SelectionKind) {
        // A lost connection is reported by the loop: no client holds anything any more.
        if !selections.own(text, for: selection, time: serverTime()), !host.isConnectionLost {
            host.warn("warning: could not take \(SelectionBroker.name(of: selection)): another client holds it")
        }
    }

    func setSelectionAttributedText(_ text: AttributedText, for selection: SelectionKind) {
        if !selections.own(text, for: selection, time: serverTime()), !host.isConnectionLost {
            host.warn("warning: could not take \(SelectionBroker.name(of: selection)): another client holds it")
        }
    }

    /// The time a selection is asked for at: the newest event's, or CurrentTime before any.
    private var requestTime: Time { lastEventTime == 0 ? Time(CurrentTime) : lastEventTime }

    func requestSelectionAttributedText(_ selection: SelectionKind, completion: @escaping (AttributedText?) -> Void) {
        selections.requestStyled(selection, time: requestTime, completion: completion)
    }

    func requestSelectionText(_ selection: SelectionKind, completion: @escaping (String?) -> Void) {
        // Answers come from the loop, never from inside the request, as X's do.
        selections.request(selection, time: requestTime, completion: completion)
    }

    func requestSelectionRope(_ selection: SelectionKind, completion: @escaping (Rope?) -> Void) {
        selections.requestRope(selection, time: requestTime, completion: completion)
    }

    func requestSelectionHasText(_ selection: SelectionKind, completion: @escaping (Bool) -> Void) {
        selections.requestHasText(selection, time: requestTime, completion: completion)
    }

    /// The newest event's server time, or, before any event carried one, the time of a property
    /// change of our own (one round trip; CurrentTime when the server does not answer in time).
    private func serverTime() -> Time {
        if lastEventTime != 0 { return lastEventTime }
        let stamp = XInternAtom(display, "_MATERIALFIELDS_TIME", 0)
        var nothing: UInt8 = 0
        XChangeProperty(display, window, stamp, XA_STRING, 8, PropModeAppend, &nothing, 0)
        // Not XWindowEvent: once the connection is lost Xlib's reads return at once, and
        // XWindowEvent would go round its loop for ever at full CPU. Only the stamp's own event
        // is taken out of the queue; every other one stays for the loop, in order.
        var wanted = (window: window, atom: stamp)
        var event = XEvent()
        let deadline = host.now + 2
        while !host.isConnectionLost, host.now < deadline {
            let found = withUnsafeMutablePointer(to: &wanted) { pointer in
                XCheckIfEvent(display, &event, { _, event, context in
                    guard let event, let context, event.pointee.type == PropertyNotify else { return 0 }
                    let wanted = UnsafeRawPointer(context).load(as: (window: Window, atom: Atom).self)
                    return event.pointee.xproperty.window == wanted.window && event.pointee.xproperty.atom == wanted.atom ? 1 : 0
                }, UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: CChar.self))
            }
            if found != 0 {
                lastEventTime = event.xproperty.time
                return lastEventTime
            }
            var descriptor = pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 50)
        }
        return Time(CurrentTime)
    }

    func setNeedsRender() { needsRender = true }

    func setPointerShape(_ shape: PointerShape) {
        let cursor: Cursor
        switch shape {
        case .arrow: cursor = arrowCursor
        case .text: cursor = textCursor
        case .hand: cursor = handCursor
        }
        XDefineCursor(display, window, cursor)
        hasPointerShape = true
    }

    /// Gives the window its arrow once the first frame is out, unless the scene gave it a shape
    /// already: until then it shows its parent's pointer (`CursorCache`).
    func showPointerAfterFirstFrame() {
        guard !hasPointerShape else { return }
        setPointerShape(.arrow)
    }

    func setInputMethodSpot(_ caret: Rect) {
        keyboard.setSpot((Int16(clamping: Int(caret.minX.isFinite ? caret.minX : 0)),
                          Int16(clamping: Int(caret.maxY.isFinite ? caret.maxY : 0))))
    }

    func resetInputMethod() -> String? { keyboard.reset() }

    func ringBell() { XBell(display, 0) }
}

extension WindowSession {
    func beginDrag(_ text: String, operations: DragOperations, at time: Double) -> Bool {
        dragAndDrop.begin(text, operations: operations)
    }
}

extension WindowHost {
    /// The types a drag from a window offers other programs (`XdndTypeList`), in order.
    public static var offeredDragTypes: [String] { DragAndDropController.offeredTypeNames }
}
