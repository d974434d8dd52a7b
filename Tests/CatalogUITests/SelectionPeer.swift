import CXlib
import Foundation
import TestHarness

/// The other X client in the selection tests: it asks for the catalog's selections as a pasting
/// application would, on a connection and window of its own.
final class SelectionPeer {
    let display: OpaquePointer
    let window: Window

    init(displayName: String) throws {
        guard let display = XOpenDisplay(displayName) else { throw HarnessError("cannot open \(displayName)") }
        self.display = display
        window = XCreateSimpleWindow(display, XDefaultRootWindow(display), 0, 0, 1, 1, 0, 0, 0)
        XSelectInput(display, window, PropertyChangeMask)
        XSync(display, 0)
    }

    deinit {
        XDestroyWindow(display, window)
        XCloseDisplay(display)
    }

    func atom(_ name: String) -> Atom { XInternAtom(display, name, 0) }

    func atomName(_ atom: Atom) -> String {
        guard atom != 0, let name = XGetAtomName(display, atom) else { return "None" }
        defer { XFree(name) }
        return String(cString: name)
    }

    func owner(of selection: String) -> Window {
        XGetSelectionOwner(display, atom(selection))
    }

    /// A server timestamp: the time of a zero-length append to our own window's property.
    func serverTime() -> Time {
        let stamp = atom("PEER_TIME")
        var nothing: UInt8 = 0
        XChangeProperty(display, window, stamp, XA_STRING, 8, PropModeAppend, &nothing, 0)
        var event = XEvent()
        repeat { XWindowEvent(display, window, PropertyChangeMask, &event) } while event.xproperty.atom != stamp
        return event.xproperty.time
    }

    /// Takes `selection` for our window (it then answers nothing: the catalog sees a new owner).
    func own(_ selection: String) -> Bool {
        XSetSelectionOwner(display, atom(selection), window, serverTime())
        return owner(of: selection) == window
    }

    struct Reply { var type: String; var format: Int32; var bytes: [UInt8]; var property: String; var incremental = false }

    /// Converts `selection` to `target`; nil when the owner refused or never answered. `property`
    /// nil asks as a pre-ICCCM client does (property None). INCR answers are collected whole.
    func convert(_ selection: String, to target: String, property: String? = "PEER_REPLY", timeout: Double = 10) -> Reply? {
        XConvertSelection(display, atom(selection), atom(target), property.map(atom) ?? 0, window, serverTime())
        XFlush(display)
        let deadline = Date().addingTimeInterval(timeout)
        var event = XEvent()
        while true {
            guard let next = nextEvent(until: deadline) else { return nil }
            event = next
            if event.type == SelectionNotify { break }
        }
        let answered = event.xselection.property
        guard answered != 0 else { return nil }
        var reply = read(answered)
        guard reply.type == "INCR" else { return reply }
        var bytes: [UInt8] = []
        var type = ""
        while true {
            // Deleting the property (the read did) asked for the next chunk.
            guard let next = nextEvent(until: deadline) else { return nil }
            guard next.type == PropertyNotify, next.xproperty.atom == answered, next.xproperty.state == PropertyNewValue
            else { continue }
            let chunk = read(answered)
            if chunk.bytes.isEmpty { break }
            type = chunk.type
            bytes += chunk.bytes
        }
        reply = Reply(type: type, format: 8, bytes: bytes, property: atomName(answered), incremental: true)
        return reply
    }

    /// Converts `selection` to `target` into `property` and takes only the answer's notice,
    /// leaving the property unread: an owner answering by INCR then waits for a deletion that
    /// never comes (a requestor that stopped taking the text). The type announced, or nil when
    /// the owner refused or never answered.
    func convertAndStall(_ selection: String, to target: String, property: String = "PEER_STALL", timeout: Double = 10) -> String? {
        XConvertSelection(display, atom(selection), atom(target), atom(property), window, serverTime())
        XFlush(display)
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            guard let event = nextEvent(until: deadline) else { return nil }
            if event.type == SelectionNotify {
                guard event.xselection.property != 0 else { return nil }
                var type: Atom = 0, format: Int32 = 0, count: UInt = 0, remaining: UInt = 0
                var data: UnsafeMutablePointer<UInt8>?
                XGetWindowProperty(display, window, event.xselection.property, 0, 0, 0, Atom(AnyPropertyType), &type, &format,
                                   &count, &remaining, &data)
                if let data { XFree(data) }
                return atomName(type)
            }
        }
    }

    private func nextEvent(until deadline: Date) -> XEvent? {
        var event = XEvent()
        while XPending(display) == 0 {
            if Date() > deadline { return nil }
            usleep(2_000)
        }
        XNextEvent(display, &event)
        return event
    }

    /// Reads and deletes a property of our window.
    private func read(_ property: Atom) -> Reply {
        var type: Atom = 0, format: Int32 = 0, count: UInt = 0, remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        XGetWindowProperty(display, window, property, 0, 1 << 24, 1, Atom(AnyPropertyType), &type, &format, &count,
                           &remaining, &data)
        defer { if let data { XFree(data) } }
        let itemSize = format == 32 ? MemoryLayout<Int>.size : format == 16 ? 2 : 1
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: Int(count) * itemSize)) } ?? []
        return Reply(type: atomName(type), format: format, bytes: bytes, property: atomName(property))
    }

    /// A format-32 reply as atom names (a TARGETS list).
    func atomNames(_ reply: Reply) -> [String] {
        reply.bytes.withUnsafeBytes { raw in raw.bindMemory(to: Int.self).map { atomName(Atom($0)) } }
    }

    /// Reads and deletes a property of our window (an answer to a MULTIPLE request's pair).
    func take(_ property: String) -> Reply { read(atom(property)) }

    /// The atoms in another window's property of type ATOM (or ATOM_PAIR), as names; nil when it
    /// holds none.
    func atomList(of window: Window, property: Atom) -> [String]? {
        var type: Atom = 0, format: Int32 = 0, count: UInt = 0, remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        XGetWindowProperty(display, window, property, 0, 1024, 0, Atom(AnyPropertyType), &type, &format, &count,
                           &remaining, &data)
        defer { if let data { XFree(data) } }
        guard let data, format == 32, type == XA_ATOM || type == atom("ATOM_PAIR") else { return nil }
        return UnsafeBufferPointer(start: UnsafeRawPointer(data).bindMemory(to: Int.self, capacity: Int(count)), count: Int(count))
            .map { atomName(Atom($0)) }
    }
}

/// An owner of a selection in a thread of its own, on its own connection, that answers every
/// text request with the `Answer` it was given, however wrong that answer is.
final class ExternalOwner {
    enum Answer {
        /// One property: any type, format and bytes.
        case once(type: String, format: Int32, bytes: [UInt8])
        /// UTF8_STRING refused, STRING answered (an old client).
        case stringOnly([UInt8])
        /// INCR in chunks of `chunk` bytes; after `stopAfter` chunks it goes silent.
        case incremental(bytes: [UInt8], chunk: Int, stopAfter: Int?)
        /// INCR in chunks of `chunk` bytes, each written `delay` seconds after it was asked for.
        case incrementalSlowly(bytes: [UInt8], chunk: Int, delay: Double)
        /// No answer at all, not even to TARGETS: an owner that hung.
        case silent
        /// INCR that stalls for `stallFor` seconds, then answers every deletion of the property
        /// with another chunk "LATE!", for ever: an owner that comes back after being given up on.
        case runaway(stallFor: Double)
    }

    /// The INCR transfer an answer makes: its bytes, chunk size, when it goes silent, how long
    /// each chunk waits, and when a runaway wakes up.
    private struct Incremental {
        var bytes: [UInt8]
        var chunk: Int
        var stopAfter: Int?
        var delay: Double = 0
        var wakes: Date?
    }

    private static func incremental(_ answer: Answer, at start: Date) -> Incremental? {
        switch answer {
        case .once, .stringOnly, .silent: return nil
        case .incremental(let bytes, let chunk, let stopAfter): return Incremental(bytes: bytes, chunk: chunk, stopAfter: stopAfter)
        case .incrementalSlowly(let bytes, let chunk, let delay): return Incremental(bytes: bytes, chunk: chunk, delay: delay)
        case .runaway(let stall):
            return Incremental(bytes: Array("LATE!".utf8), chunk: 5, stopAfter: nil, wakes: start.addingTimeInterval(stall))
        }
    }

    private let lock = NSLock()
    private var stopping = false
    private var thread: Thread?
    private var _transferEnded: Date?
    private var _requests = 0
    private var _askedTargets: [String] = []
    private var _listedTargets: [[String]] = []
    private var _ready: Bool?
    /// What TARGETS answers (the owner converts to whatever it is asked all the same).
    private let offeredTargets: [String]

    /// When the last chunk of an INCR transfer (the empty one) was written.
    var transferEnded: Date? { lock.withLock { _transferEnded } }
    /// How many conversions of text it was asked for.
    var requests: Int { lock.withLock { _requests } }
    /// Every target it was asked for, TARGETS included, in order.
    var askedTargets: [String] { lock.withLock { _askedTargets } }
    /// The atom lists requestors had put in the properties they named, in order.
    var listedTargets: [[String]] { lock.withLock { _listedTargets } }

    init(displayName: String, selection: String, answer: Answer,
         offering targets: [String] = ["TARGETS", "UTF8_STRING", "STRING"]) throws {
        offeredTargets = targets
        let thread = Thread { [unowned self] in self.serve(displayName: displayName, selection: selection, answer: answer) }
        self.thread = thread
        thread.start()
        guard waitUntil(timeout: 10, { lock.withLock { _ready != nil } }), lock.withLock({ _ready == true }) else {
            stop()
            throw HarnessError("the test's owner could not take \(selection)")
        }
    }

    deinit { stop() }

    func stop() {
        lock.withLock { stopping = true }
        _ = waitUntil(timeout: 5) { thread?.isFinished ?? true }
    }

    private func serve(displayName: String, selection selectionName: String, answer: Answer) {
        guard let peer = try? SelectionPeer(displayName: displayName) else {
            lock.withLock { _ready = false }
            return
        }
        let display = peer.display
        let selection = peer.atom(selectionName)
        lock.withLock { _ready = peer.own(selectionName) }
        let targets = peer.atom("TARGETS"), incr = peer.atom("INCR")
        var pending: (requestor: Window, property: Atom, offset: Int, sent: Int, done: Bool)?
        var plan: Incremental?
        while !lock.withLock({ stopping }) {
            guard XPending(display) > 0 else { usleep(1_000); continue }
            var event = XEvent()
            XNextEvent(display, &event)
            if event.type == SelectionRequest {
                let request = event.xselectionrequest
                guard request.selection == selection else { continue }
                var reply = XSelectionEvent()
                reply.type = SelectionNotify
                reply.requestor = request.requestor
                reply.selection = request.selection
                reply.target = request.target
                reply.time = request.time
                reply.property = request.property
                lock.withLock { _askedTargets.append(peer.atomName(request.target)) }
                // An atom list the requestor put in its property (SAVE_TARGETS names the targets to keep).
                if request.property != 0, let listed = peer.atomList(of: request.requestor, property: request.property) {
                    lock.withLock { _listedTargets.append(listed) }
                }
                if case .silent = answer {
                    lock.withLock { _requests += 1 }
                    continue
                }
                if request.target == targets {
                    var list = offeredTargets.map { Int(peer.atom($0)) }
                    XChangeProperty(display, request.requestor, request.property, XA_ATOM, 32, PropModeReplace, &list, Int32(list.count))
                } else {
                    lock.withLock { _requests += 1 }
                    switch answer {
                    case .once(let type, let format, var bytes):
                        let items = Int32(bytes.count / (format == 32 ? MemoryLayout<Int>.size : Int(format) / 8))
                        XChangeProperty(display, request.requestor, request.property, peer.atom(type), format,
                                        PropModeReplace, &bytes, items)
                    case .stringOnly(var bytes):
                        if request.target == XA_STRING {
                            XChangeProperty(display, request.requestor, request.property, XA_STRING, 8, PropModeReplace,
                                            &bytes, Int32(bytes.count))
                        } else {
                            reply.property = 0
                        }
                    case .silent:
                        break
                    case .incremental, .incrementalSlowly, .runaway:
                        XSelectInput(display, request.requestor, PropertyChangeMask)
                        var size = [Self.incremental(answer, at: Date())!.bytes.count]
                        XChangeProperty(display, request.requestor, request.property, incr, 32, PropModeReplace, &size, 1)
                        pending = (request.requestor, request.property, 0, 0, false)
                        plan = Self.incremental(answer, at: Date())
                    }
                }
                var notify = XEvent(xselection: reply)
                XSendEvent(display, request.requestor, 0, NoEventMask, &notify)
                XFlush(display)
            } else if event.type == PropertyNotify, let plan, var transfer = pending,
                      event.xproperty.window == transfer.requestor,
                      event.xproperty.atom == transfer.property, event.xproperty.state == PropertyDelete {
                let bytes = plan.bytes, chunk = plan.chunk
                if let wakes = plan.wakes {
                    // A runaway: silent until it wakes, then a chunk for every deletion.
                    guard Date() >= wakes else { continue }
                    transfer.offset = 0
                } else if transfer.done {
                    pending = nil
                    continue
                }
                if let stopAfter = plan.stopAfter, transfer.sent >= stopAfter { continue }
                if plan.delay > 0 { usleep(useconds_t(plan.delay * 1_000_000)) }
                let end = min(bytes.count, transfer.offset + chunk)
                let type = peer.atom("UTF8_STRING")
                bytes.withUnsafeBufferPointer { buffer in
                    _ = XChangeProperty(display, transfer.requestor, transfer.property, type, 8, PropModeReplace,
                                        buffer.baseAddress! + transfer.offset, Int32(end - transfer.offset))
                }
                XFlush(display)
                if end == transfer.offset {
                    transfer.done = true
                    lock.withLock { _transferEnded = Date() }
                }
                transfer.offset = end
                transfer.sent += 1
                pending = transfer
            }
        }
    }
}
