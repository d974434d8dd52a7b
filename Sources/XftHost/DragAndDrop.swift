import CXlib
import Glibc
import MaterialFields

/// XDND (version 5) for one window, both ways.
///
/// Target: the window is `XdndAware`. A drag from another program that offers text
/// (`text/plain;charset=utf-8`, `UTF8_STRING`, `text/plain`, `STRING`, `TEXT`) is shown to the
/// scene at each `XdndPosition` (`Scene.dragMoved`: it places a drop caret over a field that takes
/// drops), answered with `XdndStatus` (accept or refuse, the action, and an empty rectangle so
/// every motion is told); `XdndLeave` hides the caret; `XdndDrop` converts `XdndSelection` through
/// the `SelectionBroker` (asynchronous, with its timeout) and hands the text to `Scene.drop`, then
/// answers `XdndFinished` with what was done.
///
/// Source: `SceneHost.beginDrag` owns `XdndSelection` with the text (the broker serves it), grabs
/// the pointer and the keyboard, and at each motion finds the `XdndAware` window under the
/// pointer (walking down from the root with `XTranslateCoordinates`, following `XdndProxy`); over
/// this window the scene is told directly (no X round trip), elsewhere `XdndEnter`,
/// `XdndPosition` (one at a time: the next waits for `XdndStatus`, and none is sent inside the
/// rectangle the target asked to be left alone in), `XdndLeave`. The cursor shows whether a drop
/// would be taken. Release drops (`XdndDrop`, then `XdndFinished` awaited at most
/// `finishTimeout`); Escape cancels. A target that does not answer never holds the drag: a
/// missing status is given up on after `statusTimeout` and treated as a refusal.
final class DragAndDropController {
    private unowned let session: WindowSession
    private let display: OpaquePointer
    private let window: Window
    private let root: Window

    /// What a drag from this window offers, in the order `XdndEnter` lists them.
    static let offeredTypeNames = ["text/plain;charset=utf-8", "UTF8_STRING", "text/plain", "STRING", "TEXT"]
    static let version = 5
    /// Seconds a drop waits for the target's `XdndFinished`.
    static let finishTimeout = 5.0
    /// Seconds a position waits for the target's `XdndStatus` before the target counts as refusing.
    static let statusTimeout = 1.0

    private let aware, proxy, enter, position, status, leave, drop, finished, selection, typeList: Atom
    private let actionCopy, actionMove, actionList: Atom
    /// ICCCM's DELETE target: after a move the target converts the drag's selection to it, and
    /// the source deletes what it gave (GTK's `drag-data-delete`).
    private let deleteTarget, deleteProperty: Atom
    /// A move dropped here: the source's DELETE is awaited (at most `statusTimeout`) before
    /// `XdndFinished` goes, as GTK orders them.
    private var pendingDelete: (source: Window, version: Int, since: Double)?
    private let offeredTypes: [Atom]
    private let textTypes: Set<Atom>
    /// The session's cursors: the drag's shapes are made at the first drag.
    private let cursors: CursorCache
    private var dragCursor: Cursor { cursors.cursor(XC_hand1) }
    private var noDropCursor: Cursor { cursors.cursor(XC_circle) }

    // MARK: Target state

    /// A drag from another program over this window.
    private struct Incoming {
        var source: Window
        var version: Int
        var hasText: Bool
        var point = Point(x: 0, y: 0)
        var operation: DragOperation?
        var dropping = false
    }
    private var incoming: Incoming?

    // MARK: Source state

    /// Where a drag from this window is: over nothing, over this window, or over another
    /// program's window (the one messages are addressed to, and the one they are sent to).
    private enum Over: Equatable {
        case nothing
        case ourselves
        case other(target: Window, proxy: Window, version: Int)
    }
    private struct Outgoing {
        var text: String
        var operations: DragOperations
        var time: Time
        var over = Over.nothing
        var rootPoint = (x: 0, y: 0)
        var requested = DragOperation.copy
        /// The target's last answer: accepted, with which action.
        var accepted: DragOperation?
        /// A position was sent and its status is awaited since then.
        var awaitingStatus: Double?
        /// A newer position to send once the status comes.
        var positionPending = false
        /// The rectangle (root pixels) inside which the target asked for no more positions.
        var quietRectangle: (x: Int, y: Int, width: Int, height: Int)?
        /// Released over another program: the drop was sent, its `XdndFinished` is awaited since then.
        var dropSent: Double?
        /// Released while a status was awaited: the drop goes (or not) when it comes.
        var releasedAt: Time?
    }
    private var outgoing: Outgoing?
    private var pointerGrabbed = false
    /// The dragged text shown beside the pointer while the drag holds it, as GTK shows a drag's text.
    private var icon: DragIcon?

    init(session: WindowSession) {
        self.session = session
        display = session.display
        window = session.window
        root = XDefaultRootWindow(session.display)
        // Every name below, interned in one round trip.
        let interned = internAtoms(session.display, ["XdndAware", "XdndProxy", "XdndEnter", "XdndPosition", "XdndStatus",
                                                     "XdndLeave", "XdndDrop", "XdndFinished", "XdndSelection", "XdndTypeList",
                                                     "XdndActionCopy", "XdndActionMove", "XdndActionList", "DELETE",
                                                     "_MATERIALFIELDS_XDND_DELETE", "text/plain;charset=UTF-8"]
                                                    + Self.offeredTypeNames)
        func atom(_ name: String) -> Atom { interned[name] ?? XInternAtom(session.display, name, 0) }
        aware = atom("XdndAware")
        proxy = atom("XdndProxy")
        enter = atom("XdndEnter")
        position = atom("XdndPosition")
        status = atom("XdndStatus")
        leave = atom("XdndLeave")
        drop = atom("XdndDrop")
        finished = atom("XdndFinished")
        selection = atom("XdndSelection")
        typeList = atom("XdndTypeList")
        actionCopy = atom("XdndActionCopy")
        actionMove = atom("XdndActionMove")
        actionList = atom("XdndActionList")
        deleteTarget = atom("DELETE")
        deleteProperty = atom("_MATERIALFIELDS_XDND_DELETE")
        offeredTypes = Self.offeredTypeNames.map(atom)
        textTypes = Set(offeredTypes + [atom("text/plain;charset=UTF-8")])
        cursors = session.cursors
        var version = [Self.version]
        XChangeProperty(display, window, aware, XA_ATOM, 32, PropModeReplace, &version, 1)
    }

    func close(connectionLost: Bool) {
        guard !connectionLost else { return }
        icon?.close()
        icon = nil
        if pointerGrabbed {
            XUngrabPointer(display, Time(CurrentTime))
            XUngrabKeyboard(display, Time(CurrentTime))
        }
    }

    /// The drag from this window as the QA state shows it: the types offered while one runs.
    var offeredTypesWhileDragging: [String]? { outgoing == nil ? nil : Self.offeredTypeNames }

    // MARK: Events

    /// Takes the events drag and drop owns: XDND's client messages, and while a drag from this
    /// window holds the pointer, its motion, buttons and the keys (Escape cancels); once released
    /// (a drop waiting for the target's answer) the window has its input back. True when taken.
    func take(_ event: inout XEvent) -> Bool {
        switch event.type {
        case ClientMessage:
            return takeMessage(event.xclient)
        case SelectionNotify where event.xselection.target == deleteTarget && event.xselection.requestor == window:
            if event.xselection.property != 0 { XDeleteProperty(display, window, event.xselection.property) }
            finishMove()
            return true
        case MotionNotify where pointerGrabbed:
            // The pointer is grabbed: motions over any window are the drag's.
            let motion = newestQueuedMotion(after: event.xmotion, on: display, sameWindow: false)
            session.lastEventTime = motion.time
            moved(toRootX: Int(motion.x_root), y: Int(motion.y_root), state: motion.state, time: motion.time)
            return true
        case ButtonRelease where pointerGrabbed:
            guard Int32(event.xbutton.button) == Button1 else { return true }
            session.lastEventTime = event.xbutton.time
            released(atRootX: Int(event.xbutton.x_root), y: Int(event.xbutton.y_root), state: event.xbutton.state,
                     time: event.xbutton.time)
            return true
        case ButtonPress where pointerGrabbed:
            return true
        case FocusOut where pointerGrabbed && event.xfocus.mode == NotifyGrab:
            // The drag's own keyboard grab: the window keeps the keyboard as far as the fields go
            // (GDK ignores these too), so the dragged selection does not turn grey.
            return true
        case KeyPress where pointerGrabbed, KeyRelease where pointerGrabbed:
            guard event.type == KeyPress else { return true }
            session.lastEventTime = event.xkey.time
            if XLookupKeysym(&event.xkey, 0) == KeySym(XK_Escape) { cancel(time: event.xkey.time) }
            // Ctrl and Shift change the operation asked for: the next motion tells it; tell now.
            else if let drag = outgoing, let state = currentModifierState() {
                moved(toRootX: drag.rootPoint.x, y: drag.rootPoint.y, state: state, time: event.xkey.time)
            }
            return true
        default:
            return false
        }
    }

    private func takeMessage(_ message: XClientMessageEvent) -> Bool {
        let type = message.message_type
        let data = message.data.l
        // Xlib hands a format-32 message's items over as C longs, sign-extended from 32 bits: a
        // server time from 2^31 ms on (24.8 days of uptime) arrives negative, and another
        // program may send anything. Each is read back as the 32 bits it was.
        func card32(_ value: Int) -> UInt { UInt(UInt32(truncatingIfNeeded: value)) }
        switch type {
        case enter: targetEnter(source: card32(data.0), flags: data.1, types: [data.2, data.3, data.4].map(card32))
        case position:
            targetPosition(source: card32(data.0), rootX: (data.2 >> 16) & 0xFFFF, rootY: data.2 & 0xFFFF, time: card32(data.3),
                           action: card32(data.4))
        case leave: targetLeave(source: card32(data.0))
        case drop: targetDrop(source: card32(data.0), time: card32(data.2))
        case status: sourceStatus(from: card32(data.0), flags: data.1, rectangle: (data.2, data.3), action: card32(data.4))
        case finished: sourceFinished(from: card32(data.0), flags: data.1, action: card32(data.2))
        default: return false
        }
        return true
    }

    // MARK: Target

    private func targetEnter(source: Window, flags: Int, types: [Atom]) {
        if incoming != nil { session.scene.dragExited() }
        var offered = types.filter { $0 != 0 }
        if flags & 1 != 0, let list = atomList(of: source, property: typeList) { offered = list }
        let version = (flags >> 24) & 0xFF
        incoming = Incoming(source: source, version: min(version, Self.version), hasText: offered.contains { textTypes.contains($0) })
    }

    private func targetPosition(source: Window, rootX: Int, rootY: Int, time: Time, action: Atom) {
        guard var drag = incoming, drag.source == source, !drag.dropping else { return }
        if time != 0 { session.lastEventTime = time }
        var x: Int32 = 0, y: Int32 = 0, child: Window = 0
        XTranslateCoordinates(display, root, window, Int32(rootX), Int32(rootY), &x, &y, &child)
        drag.point = Point(x: Double(x), y: Double(y))
        var operation: DragOperation?
        if drag.hasText {
            // The source asks; a GTK entry takes what is asked (copy unless Shift asked for a move).
            let requested: DragOperation = action == actionMove ? .move : .copy
            let operations: DragOperations = action == actionMove ? [.copy, .move] : [.copy]
            operation = session.scene.dragMoved(to: drag.point, operations: operations, requested: requested, fromThisScene: false,
                                                at: session.host.now)
        }
        drag.operation = operation
        incoming = drag
        session.needsRender = true
        session.modelChanged = true
        // Accepted or not, with an empty rectangle: every motion is told, as the drop caret follows it.
        send(status, to: source, data: (Int(window), operation == nil ? 2 : 3, 0, 0, Int(operation.map(action(for:)) ?? 0)))
    }

    private func targetLeave(source: Window) {
        guard let drag = incoming, drag.source == source, !drag.dropping else { return }
        incoming = nil
        session.scene.dragExited()
        session.needsRender = true
        session.modelChanged = true
    }

    private func targetDrop(source: Window, time: Time) {
        guard var drag = incoming, drag.source == source, !drag.dropping else { return }
        guard let operation = drag.operation else {
            incoming = nil
            session.scene.dragExited()
            session.needsRender = true
            session.modelChanged = true
            send(finished, to: source, data: (Int(window), 0, 0, 0, 0))
            return
        }
        drag.dropping = true
        incoming = drag
        let point = drag.point, version = drag.version
        // The data comes later, from the loop; the drop caret stays until it is in.
        session.selections.request(.dragAndDrop, time: time == 0 ? session.lastEventTime : time) { [weak self] text in
            guard let self else { return }
            self.incoming = nil
            var done: DragOperation?
            if let text {
                done = self.session.scene.drop(text, at: point, operation: operation, fromThisScene: false, at: self.session.host.now)
            } else {
                self.session.scene.dragExited()
            }
            self.session.needsRender = true
            self.session.modelChanged = true
            if done == .move {
                // The source deletes what it gave when asked to convert the selection to DELETE.
                self.pendingDelete = (source, version, self.session.host.now)
                XConvertSelection(self.display, self.selection, self.deleteTarget, self.deleteProperty, self.window,
                                  time == 0 ? self.session.lastEventTime : time)
                return
            }
            self.sendFinished(to: source, version: version, done: done)
        }
    }

    /// Version 5 says whether the drop was taken and how; older versions only that it ended.
    private func sendFinished(to source: Window, version: Int, done: DragOperation?) {
        let flags = version >= 5 && done != nil ? 1 : 0
        send(finished, to: source, data: (Int(window), flags, version >= 5 ? Int(done.map(action(for:)) ?? 0) : 0, 0, 0))
    }

    /// The source answered DELETE (or did not in time): the move is finished.
    private func finishMove() {
        guard let pending = pendingDelete else { return }
        pendingDelete = nil
        sendFinished(to: pending.source, version: pending.version, done: .move)
    }

    // MARK: Source

    /// Starts a drag of `text` (`SceneHost.beginDrag`): owns `XdndSelection`, grabs the pointer and
    /// the keyboard; false when the pointer cannot be grabbed (the scene then follows the drag
    /// within the window).
    func begin(_ text: String, operations: DragOperations) -> Bool {
        guard outgoing == nil else { return false }
        let time = session.lastEventTime == 0 ? Time(CurrentTime) : session.lastEventTime
        guard session.selections.own(text, for: .dragAndDrop, time: time) else { return false }
        let mask = UInt32(ButtonPressMask | ButtonReleaseMask | PointerMotionMask)
        guard XGrabPointer(display, window, 0, mask, GrabModeAsync, GrabModeAsync, 0, noDropCursor, time) == GrabSuccess else {
            return false
        }
        XGrabKeyboard(display, window, 0, GrabModeAsync, GrabModeAsync, time)
        pointerGrabbed = true
        var types = offeredTypes.map { Int($0) }
        XChangeProperty(display, window, typeList, XA_ATOM, 32, PropModeReplace, &types, Int32(types.count))
        var actions = [Int(actionCopy)] + (operations.contains(.move) ? [Int(actionMove)] : [])
        XChangeProperty(display, window, actionList, XA_ATOM, 32, PropModeReplace, &actions, Int32(actions.count))
        outgoing = Outgoing(text: text, operations: operations, time: time)
        icon?.close()
        icon = DragIcon(showing: text, display: display, parent: window, fonts: session.host.fonts)
        // Where the pointer is now: the first position goes at once.
        var rootReturn: Window = 0, childReturn: Window = 0
        var rootX: Int32 = 0, rootY: Int32 = 0, winX: Int32 = 0, winY: Int32 = 0, state: UInt32 = 0
        if XQueryPointer(display, window, &rootReturn, &childReturn, &rootX, &rootY, &winX, &winY, &state) != 0 {
            moved(toRootX: Int(rootX), y: Int(rootY), state: state, time: time)
        }
        return true
    }

    private func currentModifierState() -> UInt32? {
        var rootReturn: Window = 0, childReturn: Window = 0
        var rootX: Int32 = 0, rootY: Int32 = 0, winX: Int32 = 0, winY: Int32 = 0, state: UInt32 = 0
        return XQueryPointer(display, window, &rootReturn, &childReturn, &rootX, &rootY, &winX, &winY, &state) != 0 ? state : nil
    }

    /// What the pointer's modifiers ask for: over this window a move unless Ctrl is held (as
    /// within a GTK entry); over another program a copy unless Shift is held (GTK's default).
    private func requested(state: UInt32, ourselves: Bool, operations: DragOperations) -> DragOperation {
        let control = state & UInt32(ControlMask) != 0, shift = state & UInt32(ShiftMask) != 0
        guard operations.contains(.move) else { return .copy }
        if ourselves { return control ? .copy : .move }
        return shift && !control ? .move : .copy
    }

    private func moved(toRootX x: Int, y: Int, state: UInt32, time: Time) {
        guard var drag = outgoing, drag.dropSent == nil, drag.releasedAt == nil else { return }
        drag.rootPoint = (x, y)
        icon?.follow(pointerX: x, y: y)
        let over = target(atRootX: x, y: y)
        if over != drag.over {
            leave(drag.over, drag: &drag)
            drag.over = over
            drag.accepted = nil
            drag.quietRectangle = nil
            drag.awaitingStatus = nil
            drag.positionPending = false
            if case .other(let target, let proxyWindow, let version) = over {
                let more = offeredTypes.count > 3 ? 1 : 0
                let first = offeredTypes.prefix(3).map { Int($0) } + [0, 0, 0]
                send(enter, to: proxyWindow, addressedTo: target,
                     data: (Int(window), (version << 24) | more, first[0], first[1], first[2]))
            }
        }
        drag.requested = requested(state: state, ourselves: over == .ourselves, operations: drag.operations)
        switch over {
        case .nothing:
            drag.accepted = nil
        case .ourselves:
            var wx: Int32 = 0, wy: Int32 = 0, child: Window = 0
            XTranslateCoordinates(display, root, window, Int32(x), Int32(y), &wx, &wy, &child)
            drag.accepted = session.scene.dragMoved(to: Point(x: Double(wx), y: Double(wy)), operations: drag.operations,
                                                    requested: drag.requested, fromThisScene: true, at: session.host.now)
            session.needsRender = true
            session.modelChanged = true
        case .other:
            if let quiet = drag.quietRectangle, x >= quiet.x, y >= quiet.y, x < quiet.x + quiet.width, y < quiet.y + quiet.height {
                break
            }
            if drag.awaitingStatus != nil {
                drag.positionPending = true
            } else {
                sendPosition(&drag, time: time)
            }
        }
        outgoing = drag
        updateCursor()
    }

    private func sendPosition(_ drag: inout Outgoing, time: Time) {
        guard case .other(let target, let proxyWindow, _) = drag.over else { return }
        drag.positionPending = false
        drag.awaitingStatus = session.host.now
        send(position, to: proxyWindow, addressedTo: target,
             data: (Int(window), 0, (drag.rootPoint.x << 16) | (drag.rootPoint.y & 0xFFFF), Int(time), Int(action(for: drag.requested))))
    }

    private func leave(_ over: Over, drag: inout Outgoing) {
        switch over {
        case .nothing: break
        case .ourselves:
            session.scene.dragExited()
            session.needsRender = true
            session.modelChanged = true
        case .other(let target, let proxyWindow, _):
            send(leave, to: proxyWindow, addressedTo: target, data: (Int(window), 0, 0, 0, 0))
        }
    }

    private func sourceStatus(from target: Window, flags: Int, rectangle: (Int, Int), action: Atom) {
        guard var drag = outgoing, case .other(let current, _, _) = drag.over, current == target || drag.awaitingStatus != nil else { return }
        drag.awaitingStatus = nil
        let accepts = flags & 1 != 0
        drag.accepted = accepts ? (action == actionMove && drag.operations.contains(.move) ? .move : .copy) : nil
        let width = (rectangle.1 >> 16) & 0xFFFF, height = rectangle.1 & 0xFFFF
        drag.quietRectangle = flags & 2 == 0 && width > 0 && height > 0
            ? ((rectangle.0 >> 16) & 0xFFFF, rectangle.0 & 0xFFFF, width, height) : nil
        if let released = drag.releasedAt {
            outgoing = drag
            finishRelease(time: released)
            return
        }
        if drag.positionPending { sendPosition(&drag, time: session.lastEventTime) }
        outgoing = drag
        updateCursor()
    }

    private func released(atRootX x: Int, y: Int, state: UInt32, time: Time) {
        moved(toRootX: x, y: y, state: state, time: time)
        guard var drag = outgoing else { return }
        ungrab(time: time)
        if case .other = drag.over, drag.awaitingStatus != nil {
            // The status of the last position decides; it is awaited (at most `statusTimeout`).
            drag.releasedAt = time
            outgoing = drag
            return
        }
        outgoing = drag
        finishRelease(time: time)
    }

    /// The button is up and the target's last word is known: drop there, or leave.
    private func finishRelease(time: Time) {
        guard var drag = outgoing else { return }
        drag.releasedAt = nil
        switch drag.over {
        case .nothing:
            end(movedAway: false)
        case .ourselves:
            var wx: Int32 = 0, wy: Int32 = 0, child: Window = 0
            XTranslateCoordinates(display, root, window, Int32(drag.rootPoint.x), Int32(drag.rootPoint.y), &wx, &wy, &child)
            if let operation = drag.accepted {
                _ = session.scene.drop(drag.text, at: Point(x: Double(wx), y: Double(wy)), operation: operation, fromThisScene: true,
                                       at: session.host.now)
            }
            end(movedAway: false)
        case .other(let target, let proxyWindow, _):
            guard drag.accepted != nil else {
                send(leave, to: proxyWindow, addressedTo: target, data: (Int(window), 0, 0, 0, 0))
                end(movedAway: false)
                return
            }
            drag.dropSent = session.host.now
            outgoing = drag
            send(drop, to: proxyWindow, addressedTo: target, data: (Int(window), 0, Int(time), 0, 0))
        }
    }

    private func sourceFinished(from target: Window, flags: Int, action: Atom) {
        guard let drag = outgoing, drag.dropSent != nil, case .other(let current, _, let version) = drag.over, current == target else { return }
        // Version 5 says what was done; before it, the status's action stands.
        let done: DragOperation? = version >= 5 ? (flags & 1 != 0 ? (action == actionMove ? .move : .copy) : nil) : drag.accepted
        end(movedAway: done == .move && drag.operations.contains(.move))
    }

    private func cancel(time: Time) {
        guard var drag = outgoing else { return }
        leave(drag.over, drag: &drag)
        drag.over = .nothing
        outgoing = drag
        ungrab(time: time)
        end(movedAway: false)
    }

    private func end(movedAway: Bool) {
        outgoing = nil
        if pointerGrabbed { ungrab(time: session.lastEventTime) }
        session.scene.dragEnded(movedAway: movedAway, at: session.host.now)
        session.needsRender = true
        session.modelChanged = true
    }

    private func ungrab(time: Time) {
        icon?.close()
        icon = nil
        guard pointerGrabbed else { return }
        pointerGrabbed = false
        XUngrabPointer(display, time)
        XUngrabKeyboard(display, time)
    }

    /// The cursor, and the scene's QA view, say whether a drop would be taken where the drag is.
    private func updateCursor() {
        guard let drag = outgoing else { return }
        session.scene.dragAcceptanceChanged(drag.accepted)
        session.modelChanged = true
        guard pointerGrabbed else { return }
        let mask = UInt32(ButtonPressMask | ButtonReleaseMask | PointerMotionMask)
        XChangeActivePointerGrab(display, mask, drag.accepted == nil ? noDropCursor : dragCursor, Time(CurrentTime))
    }

    // MARK: Time

    /// Gives up on a target that did not answer: a status awaited for `statusTimeout` counts as a
    /// refusal, a drop's `XdndFinished` awaited for `finishTimeout` as a copy that did not happen.
    func expire(at now: Double) {
        if let pending = pendingDelete, now - pending.since >= Self.statusTimeout { finishMove() }
        guard var drag = outgoing else { return }
        if let sent = drag.dropSent, now - sent >= Self.finishTimeout {
            session.host.warn("warning: the drop target did not finish within \(Int(Self.finishTimeout)) s; the drag ended")
            end(movedAway: false)
            return
        }
        if let asked = drag.awaitingStatus, now - asked >= Self.statusTimeout {
            drag.awaitingStatus = nil
            drag.accepted = nil
            if let released = drag.releasedAt {
                outgoing = drag
                finishRelease(time: released)
                return
            }
            if drag.positionPending { sendPosition(&drag, time: session.lastEventTime) }
            outgoing = drag
            updateCursor()
        }
    }

    var nextDeadline: Double? {
        [outgoing?.dropSent.map { $0 + Self.finishTimeout }, outgoing?.awaitingStatus.map { $0 + Self.statusTimeout },
         pendingDelete.map { $0.since + Self.statusTimeout }].compactMap { $0 }.min()
    }

    // MARK: X

    private func action(for operation: DragOperation) -> Atom { operation == .move ? actionMove : actionCopy }

    /// The XDND target under a root point: the first window down from the root that is
    /// `XdndAware`, with the window its messages go to (its `XdndProxy`, when that proxy names
    /// itself) and the version both speak; this window is `.ourselves`.
    private func target(atRootX x: Int, y: Int) -> Over {
        var current = root
        for _ in 0..<64 {
            var cx: Int32 = 0, cy: Int32 = 0, child: Window = 0
            var translated = false
            _ = HostErrorHandlers.trappingErrors(on: display) {
                translated = XTranslateCoordinates(display, root, current, Int32(x), Int32(y), &cx, &cy, &child) != 0
            }
            guard translated, child != 0 else { return .nothing }
            current = child
            if current == window { return .ourselves }
            guard let version = atomList(of: current, property: aware)?.first.map({ Int($0) }) else { continue }
            guard version >= 3 else { return .nothing }
            var messages = current
            if let proxyWindow = windowProperty(of: current, property: proxy),
               windowProperty(of: proxyWindow, property: proxy) == proxyWindow {
                messages = proxyWindow
            }
            return .other(target: current, proxy: messages, version: min(version, Self.version))
        }
        return .nothing
    }

    /// A 32-bit property of another client's window as atoms (or numbers), nil when absent or
    /// when the window is gone.
    private func atomList(of other: Window, property: Atom) -> [Atom]? {
        var result: [Atom]?
        _ = HostErrorHandlers.trappingErrors(on: display) {
            var type: Atom = 0, format: Int32 = 0, count: UInt = 0, remaining: UInt = 0
            var data: UnsafeMutablePointer<UInt8>?
            guard XGetWindowProperty(display, other, property, 0, 1024, 0, Atom(AnyPropertyType), &type, &format, &count,
                                     &remaining, &data) == Success else { return }
            defer { if let data { XFree(data) } }
            guard let data, format == 32, count > 0 else { return }
            result = data.withMemoryRebound(to: UInt.self, capacity: Int(count)) { Array(UnsafeBufferPointer(start: $0, count: Int(count))) }
                .map { Atom(UInt32(truncatingIfNeeded: $0)) }  // 32-bit items, sign-extended into longs by Xlib
        }
        return result
    }

    private func windowProperty(of other: Window, property: Atom) -> Window? {
        atomList(of: other, property: property)?.first.map { Window($0) }
    }

    private func send(_ type: Atom, to destination: Window, data: (Int, Int, Int, Int, Int)) {
        send(type, to: destination, addressedTo: destination, data: data)
    }

    /// A client message of `type` sent to `destination`, its window field `addressee` (a proxy
    /// gets the messages of the window it stands for).
    private func send(_ type: Atom, to destination: Window, addressedTo addressee: Window, data: (Int, Int, Int, Int, Int)) {
        sendClientMessage(type, on: display, to: destination, window: addressee, data: data)
    }
}
