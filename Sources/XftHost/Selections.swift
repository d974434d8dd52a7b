import CXlib
import Glibc
import MaterialFields

/// CLIPBOARD, PRIMARY and XDND's `XdndSelection` for one window, both ways, by the ICCCM
/// selection protocol.
///
/// Owning: the text is kept as it was when it was copied and served to any client that asks, as
/// UTF-8 (`UTF8_STRING`, `text/plain;charset=utf-8`), Latin-1 (`STRING`, each character outside
/// Latin-1 becomes "?") or `TEXT` (Latin-1 when the text fits, UTF-8 otherwise), plus `TARGETS`,
/// `TIMESTAMP` and `MULTIPLE` (several of those in one request: Selections+Multiple.swift), and
/// `text/plain` as ASCII ("?" for the rest; listed in TARGETS for a drag only) and, for a drag,
/// ICCCM's `DELETE` (answered with NULL after a move: DragAndDrop.swift); any other target is
/// refused. Styled text (a copy whose runs set any attribute) is also offered as `text/html`
/// (UTF-8, `HTMLWriter`'s fragment), as GTK's text views offer rich text only when the text has
/// tags. Text larger than `chunkSize` (256 KiB, or less when the server's request limit is
/// lower) goes by INCR.
///
/// Requesting: one conversion per selection at a time (later requests queue): TARGETS first, then
/// UTF8_STRING (or `text/plain;charset=utf-8`) when offered, else STRING, and STRING when the owner
/// refuses UTF-8; a styled request (`requestStyled`, a field that allows editing styles) takes
/// `text/html` first when the owner offers it, read by `HTMLReader` (UTF-8, or UTF-16 with its
/// byte order mark as Firefox writes it), and the plain form when the owner refuses it or sends
/// more than the reader takes. The answer is read in chunks, INCR transfers chunk by chunk as the
/// owner writes them. Nothing blocks: every step is an event the loop hands in. A transfer that makes no
/// progress for `timeout` seconds, or whose data is not text (another type, 16- or 32-bit items,
/// more than `maximumIncomingBytes`), ends with one warning and a nil answer: the paste does
/// nothing. Invalid UTF-8 is pasted with U+FFFD in place of each bad sequence, with one warning.
final class SelectionBroker {
    let display: OpaquePointer
    let window: Window
    let warn: (String) -> Void
    /// The loop's clock (seconds), for timeouts.
    let clock: () -> Double
    /// Seconds without progress after which a paste is given up (a copy we serve gets 2.5 times
    /// as long: the requestor may be busy with what it already took).
    var timeout = 1.0
    /// The most a paste may bring; a larger transfer is abandoned rather than held in memory.
    var maximumIncomingBytes = 64 << 20

    let clipboardAtom, primaryAtom, dragAtom, targetsAtom, utf8Atom, stringAtom, textAtom, mimeUTF8Atom, plainAtom: Atom
    let timestampAtom, incrAtom, atomAtom, integerAtom, deleteAtom, nullAtom: Atom
    /// `text/html`: styled text, offered beside the plain forms when a copy has styles.
    let htmlAtom: Atom
    /// Reads the `text/html` a styled paste takes; its family check asks fontconfig.
    var htmlReader = HTMLReader(isFamilyAvailable: { FontFamilies.isInstalled($0) })
    /// ICCCM's MULTIPLE (several targets in one request, as clipboard managers save) and the
    /// type of its list of (target, property) pairs.
    let multipleAtom, atomPairAtom: Atom
    /// Where our own conversions land on our window, one per selection. A transfer given up on
    /// moves its selection on to the next of a few properties: its owner may still write chunks
    /// into the old one, which must never be read as the next paste's answer.
    private var clipboardProperty, primaryProperty, dragProperty: Atom
    private var retiredProperties: [SelectionKind: Int] = [:]
    private static let propertyPoolSize = 4

    /// The most bytes one ChangeProperty carries; more goes by INCR. Capped well below what the
    /// server accepts: one huge request stalls the server for every client while it is copied.
    let chunkSize: Int

    // MARK: State

    struct Owned {
        var text: String
        var time: Time
        /// The text with its styles, when it has any: served as `text/html`, and pasted as it is
        /// into this window's own fields.
        var styled: AttributedText? = nil
        var html: [UInt8]? = nil
    }
    var owned: [SelectionKind: Owned] = [:]

    /// An INCR transfer we serve: the next chunk goes out when the requestor deletes the property.
    struct Outgoing {
        var requestor: Window
        var property: Atom
        var type: Atom
        var data: [UInt8]
        var offset: Int
        var finished: Bool
        var lastProgress: Double
    }
    var outgoing: [Outgoing] = []

    struct Incoming {
        var kind: SelectionKind
        var completion: (String?) -> Void
        /// A paste that takes the text as a rope (`requestRope`): the answer comes here (the
        /// plain `completion` is not called).
        var ropeCompletion: ((Rope?) -> Void)? = nil
        /// A styled paste: `text/html` is taken when offered, and the answer comes here (the plain
        /// `completion` is not called).
        var styledCompletion: ((AttributedText?) -> Void)? = nil
        /// The plain form the owner's TARGETS offered, for a styled paste that falls back to it.
        var plainTarget: Atom = 0
        var time: Time
        var target: Atom
        var isIncremental = false
        var type: Atom = 0
        /// The `text/html` received so far (plain text goes into `receivedText`).
        var data: [UInt8] = []
        var lastProgress: Double
        var started = false
        /// Only whether the owner offers text is wanted: the transfer ends at its TARGETS answer.
        var checksOnly = false
    }
    /// Per selection: the transfer under way first, then the requests waiting for it.
    var incoming: [SelectionKind: [Incoming]] = [:]
    /// Per selection: the plain text the transfer under way received so far, decoded and cut into
    /// a rope's leaves chunk by chunk, so neither its bytes nor a `String` of it is ever held
    /// whole. Kept apart from `incoming`, whose entries are copied as they change: a builder is
    /// changed in place, never copied.
    private var receivedText: [SelectionKind: RopeBuilder] = [:]
    /// Answers ready to be delivered by the loop (local ones, finished and failed transfers).
    var readyAnswers: [() -> Void] = []

    init(display: OpaquePointer, window: Window, clock: @escaping () -> Double, warn: @escaping (String) -> Void) {
        self.display = display
        self.window = window
        self.clock = clock
        self.warn = warn
        // Every name below, interned in one round trip.
        let interned = internAtoms(display, ["CLIPBOARD", "TARGETS", "UTF8_STRING", "TEXT", "text/plain;charset=utf-8",
                                             "XdndSelection", "DELETE", "NULL", "text/plain", "TIMESTAMP", "INCR",
                                             "MULTIPLE", "text/html", "ATOM_PAIR"]
                                            + [SelectionKind.clipboard, .primary, .dragAndDrop].map { Self.propertyName(for: $0, index: 0) })
        func atom(_ name: String) -> Atom { interned[name] ?? XInternAtom(display, name, 0) }
        clipboardAtom = atom("CLIPBOARD")
        primaryAtom = XA_PRIMARY
        targetsAtom = atom("TARGETS")
        utf8Atom = atom("UTF8_STRING")
        stringAtom = XA_STRING
        textAtom = atom("TEXT")
        mimeUTF8Atom = atom("text/plain;charset=utf-8")
        dragAtom = atom("XdndSelection")
        deleteAtom = atom("DELETE")
        nullAtom = atom("NULL")
        plainAtom = atom("text/plain")
        timestampAtom = atom("TIMESTAMP")
        incrAtom = atom("INCR")
        atomAtom = XA_ATOM
        integerAtom = XA_INTEGER
        multipleAtom = atom("MULTIPLE")
        htmlAtom = atom("text/html")
        atomPairAtom = atom("ATOM_PAIR")
        clipboardProperty = atom(Self.propertyName(for: .clipboard, index: 0))
        primaryProperty = atom(Self.propertyName(for: .primary, index: 0))
        dragProperty = atom(Self.propertyName(for: .dragAndDrop, index: 0))
        let extended = XExtendedMaxRequestSize(display)
        let requestUnits = extended > 0 ? extended : XMaxRequestSize(display)
        // Units are 4 bytes; leave room for the request's own header.
        chunkSize = max(4096, min(requestUnits * 4 - 256, 256 << 10))
    }

    func atom(for kind: SelectionKind) -> Atom {
        switch kind {
        case .clipboard: return clipboardAtom
        case .primary: return primaryAtom
        case .dragAndDrop: return dragAtom
        }
    }
    func property(for kind: SelectionKind) -> Atom {
        switch kind {
        case .clipboard: return clipboardProperty
        case .primary: return primaryProperty
        case .dragAndDrop: return dragProperty
        }
    }

    /// Moves `kind`'s conversions to the next property of its pool (interned once used).
    func retireProperty(of kind: SelectionKind) {
        let next = (retiredProperties[kind, default: 0] + 1) % Self.propertyPoolSize
        retiredProperties[kind] = next
        let property = XInternAtom(display, Self.propertyName(for: kind, index: next), 0)
        switch kind {
        case .clipboard: clipboardProperty = property
        case .primary: primaryProperty = property
        case .dragAndDrop: dragProperty = property
        }
    }
    private static func propertyName(for kind: SelectionKind, index: Int) -> String {
        "_MATERIALFIELDS_" + name(of: kind) + (index == 0 ? "" : "_\(index)")
    }

    func kind(of selection: Atom) -> SelectionKind? {
        selection == clipboardAtom ? .clipboard : selection == primaryAtom ? .primary : selection == dragAtom ? .dragAndDrop : nil
    }

    func kind(ofProperty property: Atom) -> SelectionKind? {
        property == clipboardProperty ? .clipboard : property == primaryProperty ? .primary
            : property == dragProperty ? .dragAndDrop : nil
    }

    // MARK: Requestor

    /// Asks for `kind`'s text; `completion` runs later from `deliverAnswers()` (nil: nothing to paste).
    func request(_ kind: SelectionKind, time: Time, completion: @escaping (String?) -> Void) {
        request(kind, time: time, checksOnly: false, completion: completion)
    }

    /// Asks for `kind`'s text as a rope, made from the transfer's chunks as they arrive (a paste:
    /// no whole `String` or byte array of it is made); `completion` runs later from
    /// `deliverAnswers()` (nil: nothing to paste).
    func requestRope(_ kind: SelectionKind, time: Time, completion: @escaping (Rope?) -> Void) {
        if let current = owned[kind] {
            let text = current.text
            readyAnswers.append { completion(Rope(text)) }
            return
        }
        incoming[kind, default: []].append(Incoming(kind: kind, completion: { _ in }, ropeCompletion: completion, time: time,
                                                    target: targetsAtom, lastProgress: clock()))
        if incoming[kind]!.count == 1 { start(kind) }
    }

    /// Asks whether `kind` holds text, from its owner's TARGETS (a text form offered: UTF8_STRING,
    /// `text/plain;charset=utf-8`, STRING or TEXT), without taking the text, as GTK's
    /// `gtk_clipboard_request_targets` does; `completion` runs later from `deliverAnswers()`.
    func requestHasText(_ kind: SelectionKind, time: Time, completion: @escaping (Bool) -> Void) {
        request(kind, time: time, checksOnly: true) { answer in completion(answer != nil) }
    }

    private func request(_ kind: SelectionKind, time: Time, checksOnly: Bool, completion: @escaping (String?) -> Void) {
        if let current = owned[kind] {
            // Our own window owns it: no round trip through the server.
            let text = current.text
            readyAnswers.append { completion(text) }
            return
        }
        // TARGETS first, as GTK and Qt ask: the owner's list says which text form to take.
        incoming[kind, default: []].append(Incoming(kind: kind, completion: completion, time: time, target: targetsAtom,
                                                    lastProgress: clock(), checksOnly: checksOnly))
        if incoming[kind]!.count == 1 { start(kind) }
    }

    func start(_ kind: SelectionKind) {
        guard var transfer = incoming[kind]?.first else { return }
        transfer.started = true
        transfer.lastProgress = clock()
        incoming[kind]![0] = transfer
        receivedText[kind] = nil
        // What an earlier transfer left in this property is not this one's answer.
        XDeleteProperty(display, window, property(for: kind))
        XConvertSelection(display, atom(for: kind), transfer.target, property(for: kind), window, transfer.time)
    }

    func handleSelectionNotify(_ event: XSelectionEvent) {
        guard event.requestor == window, let kind = kind(of: event.selection),
              var transfer = incoming[kind]?.first, transfer.started, !transfer.isIncremental,
              event.target == transfer.target
        else { return }
        if transfer.target == targetsAtom {
            // A list of targets is short: a huge one is not read whole inside the loop.
            let answer = event.property == property(for: kind) ? readProperty(property(for: kind), limit: Self.targetsLimit) : nil
            if transfer.checksOnly {
                // The answer is whether a text form is offered ("" stands for yes). An answer that
                // is not an atom list (an INCR one, say) may still be arriving: later conversions
                // use another property, as after a paste's TARGETS.
                if let answer, !(answer.type == XA_ATOM || answer.type == targetsAtom) || answer.format != 32 {
                    retireProperty(of: kind)
                }
                let offered = offeredTargets(in: answer)
                finish(kind, with: offered.contains { [utf8Atom, mimeUTF8Atom, stringAtom, textAtom].contains($0) } ? "" : nil)
                return
            }
            let offersHTML = offeredTargets(in: answer).contains(htmlAtom)
            transfer.target = textTarget(offeredIn: answer, kind: kind)
            transfer.plainTarget = transfer.target
            if transfer.styledCompletion != nil, offersHTML { transfer.target = htmlAtom }
            incoming[kind]![0] = transfer
            start(kind)
            return
        }
        guard event.property == property(for: kind) else {
            // Refused (or answered somewhere we did not ask): try STRING once, then give up quietly;
            // an empty or absent selection is not an error. Refused HTML: the plain text.
            if transfer.target == htmlAtom {
                transfer.target = transfer.plainTarget
                incoming[kind]![0] = transfer
                start(kind)
            } else if transfer.target == utf8Atom || transfer.target == mimeUTF8Atom {
                transfer.target = stringAtom
                incoming[kind]![0] = transfer
                start(kind)
            } else {
                finish(kind, with: nil)
            }
            return
        }
        guard let chunk = readProperty(property(for: kind)) else {
            fail(kind, "the \(Self.name(of: kind)) owner's answer could not be read")
            return
        }
        transfer.lastProgress = clock()
        if chunk.type == incrAtom {
            // The owner sends chunks as we delete each one; the property was deleted by the read.
            transfer.isIncremental = true
            incoming[kind]![0] = transfer
            return
        }
        incoming[kind]![0] = transfer
        accept(chunk, for: kind, complete: true)
    }

    /// The atoms of a TARGETS answer (none when it is not an atom list).
    private func offeredTargets(in answer: Chunk?) -> Set<Atom> {
        guard let answer, answer.type == XA_ATOM || answer.type == targetsAtom, answer.format == 32 else { return [] }
        return Set(stride(from: 0, to: answer.bytes.count - MemoryLayout<UInt>.size + 1, by: MemoryLayout<UInt>.size).map { offset in
            answer.bytes.withUnsafeBytes { Atom($0.loadUnaligned(fromByteOffset: offset, as: UInt.self)) }
        })
    }

    /// The text form to ask for, from an owner's TARGETS answer: UTF-8 when offered, else
    /// Latin-1 STRING (also when the owner listed no text form: old programs still convert to
    /// STRING). An owner that refused TARGETS, or answered with something else, is asked for
    /// UTF8_STRING and then STRING, as before TARGETS existed.
    private func textTarget(offeredIn answer: Chunk?, kind: SelectionKind) -> Atom {
        // Some owners type the list TARGETS rather than ATOM (Qt reads both).
        guard let answer, answer.type == XA_ATOM || answer.type == targetsAtom, answer.format == 32 else {
            // An answer that is not an atom list (an INCR one, say) may still be arriving: later
            // conversions use another property.
            if answer != nil { retireProperty(of: kind) }
            return utf8Atom
        }
        let offered = Set(stride(from: 0, to: answer.bytes.count - MemoryLayout<UInt>.size + 1, by: MemoryLayout<UInt>.size).map { offset in
            answer.bytes.withUnsafeBytes { Atom($0.loadUnaligned(fromByteOffset: offset, as: UInt.self)) }
        })
        if offered.contains(utf8Atom) { return utf8Atom }
        if offered.contains(mimeUTF8Atom) { return mimeUTF8Atom }
        return stringAtom
    }

    /// A property changed: a chunk of an INCR transfer we receive, or a requestor taking one we send.
    /// Returns true when it belonged to a transfer.
    @discardableResult
    func handlePropertyNotify(_ event: XPropertyEvent) -> Bool {
        if event.state == PropertyDelete { return continueOutgoing(requestor: event.window, property: event.atom) }
        guard event.window == window, event.state == PropertyNewValue,
              let kind = kind(ofProperty: event.atom)
        else { return false }
        guard var transfer = incoming[kind]?.first, transfer.isIncremental else {
            // A chunk of a transfer we gave up on stays unread: deleting it would ask a runaway
            // owner for more (that transfer's property is retired, so it is never read again).
            return false
        }
        guard let chunk = readProperty(event.atom) else {
            fail(kind, "a chunk from the \(Self.name(of: kind)) owner could not be read")
            return true
        }
        transfer.lastProgress = clock()
        incoming[kind]![0] = transfer
        accept(chunk, for: kind, complete: chunk.bytes.isEmpty)
        return true
    }

    struct Chunk { var type: Atom; var format: Int32; var bytes: [UInt8] }

    /// The most of a TARGETS answer read: thousands of atoms, more than any owner offers.
    static let targetsLimit = 64 << 10

    /// Reads a property of our window in pieces, whole unless it is longer than `limit` bytes
    /// (by default the most a paste takes, `maximumIncomingBytes`): reading stops at the first
    /// piece past it. Then deletes it (which, in an INCR transfer, asks the owner for the next
    /// chunk).
    private func readProperty(_ property: Atom, limit: Int? = nil) -> Chunk? {
        var bytes: [UInt8] = []
        var offset = 0
        var type: Atom = 0
        var format: Int32 = 0
        // In 32-bit units, as the protocol counts offsets and lengths; no more than a limit asks.
        let pieceUnits = min(1 << 18, max(1, (limit ?? Int.max) / 4))
        while true {
            var actualType: Atom = 0, actualFormat: Int32 = 0
            var count: UInt = 0, remaining: UInt = 0
            var data: UnsafeMutablePointer<UInt8>?
            // A request on a lost connection crashes inside Xlib: a gone server's property is no text.
            guard !HostErrorHandlers.isLost(display) else { return nil }
            let status = XGetWindowProperty(display, window, property, offset, pieceUnits, 0, Atom(AnyPropertyType),
                                            &actualType, &actualFormat, &count, &remaining, &data)
            guard status == Success else { return nil }
            defer { if let data { XFree(data) } }
            if offset == 0 { type = actualType; format = actualFormat }
            guard actualType != 0 else { break }
            // Items of format 16 and 32 come back as C shorts and longs: copy what arrived.
            let itemSize = actualFormat == 32 ? MemoryLayout<Int>.size : actualFormat == 16 ? 2 : 1
            if let data, count > 0 { bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(count) * itemSize)) }
            guard remaining > 0 else { break }
            guard bytes.count <= (limit ?? maximumIncomingBytes) else { break }
            offset += pieceUnits
        }
        XDeleteProperty(display, window, property)
        return Chunk(type: type, format: format, bytes: bytes)
    }

    /// Checks a chunk is text and adds it; completes the transfer when `complete`.
    private func accept(_ chunk: Chunk, for kind: SelectionKind, complete: Bool) {
        guard let transfer = incoming[kind]?.first else { return }
        if transfer.target == htmlAtom {
            acceptHTML(chunk, for: kind, complete: complete)
            return
        }
        if !(complete && chunk.bytes.isEmpty && transfer.isIncremental) {
            guard chunk.type == utf8Atom || chunk.type == mimeUTF8Atom || chunk.type == stringAtom else {
                fail(kind, "the \(Self.name(of: kind)) owner sent \(atomName(chunk.type)) instead of text")
                return
            }
            guard chunk.format == 8 else {
                fail(kind, "the \(Self.name(of: kind)) owner sent text as \(chunk.format)-bit items")
                return
            }
            if transfer.type == 0 { incoming[kind]![0].type = chunk.type }
            guard transfer.type == 0 || chunk.type == transfer.type else {
                fail(kind, "the \(Self.name(of: kind)) owner changed types in the middle of a transfer")
                return
            }
            // Decoded into the rope's leaves now (in place: the builder is never copied); a UTF-8
            // sequence cut by the chunk's end waits for the next chunk.
            if chunk.type == stringAtom {
                receivedText[kind, default: RopeBuilder()].append(latin1: chunk.bytes)
            } else {
                receivedText[kind, default: RopeBuilder()].append(utf8: chunk.bytes)
            }
            guard receivedText[kind]!.byteCount <= maximumIncomingBytes else {
                fail(kind, "the \(Self.name(of: kind)) owner sent more than \(maximumIncomingBytes >> 20) MB")
                return
            }
        }
        guard complete else { return }
        var received = receivedText.removeValue(forKey: kind) ?? RopeBuilder()
        let text = received.finish()
        // An empty selection pastes nothing: it must not delete the selection it would replace.
        guard !text.isEmpty else {
            finish(kind, with: nil)
            return
        }
        if received.replacedInvalidUTF8 {
            // Pasted, with U+FFFD for each invalid sequence, as Qt does: the text around it is the
            // user's, and the marks show where something was lost.
            warn("warning: the \(Self.name(of: kind)) owner sent invalid UTF-8; it is pasted with U+FFFD in its place")
        }
        finish(kind, answer: .rope(text))
    }

    func fail(_ kind: SelectionKind, _ message: String) {
        warn("warning: paste ignored: \(message)")
        // An owner that was still answering may go on writing where this transfer read.
        if incoming[kind]?.first?.started == true { retireProperty(of: kind) }
        finish(kind, with: nil)
    }

    /// Ends the transfer under way with `text` and starts the next queued one.
    func finish(_ kind: SelectionKind, with text: String?) {
        finish(kind, answer: .plain(text))
    }

    enum Answer {
        case plain(String?)
        case styled(AttributedText)
        /// Plain text as received, chunk by chunk.
        case rope(Rope)
    }

    func finish(_ kind: SelectionKind, answer: Answer) {
        guard var queue = incoming[kind], !queue.isEmpty else { return }
        let done = queue.removeFirst()
        incoming[kind] = queue
        receivedText[kind] = nil
        // Each answer holds the text in the form its request takes, and nothing of the transfer.
        if let styledCompletion = done.styledCompletion {
            let text: AttributedText?
            switch answer {
            case .plain(let plain): text = plain.map { AttributedText($0) }
            case .styled(let styled): text = styled
            case .rope(let rope): text = AttributedText(rope.string)
            }
            readyAnswers.append { styledCompletion(text) }
        } else if let ropeCompletion = done.ropeCompletion {
            let text: Rope?
            switch answer {
            case .plain(let plain): text = plain.map { Rope($0) }
            case .styled(let styled): text = Rope(styled.string)
            case .rope(let rope): text = rope
            }
            readyAnswers.append { ropeCompletion(text) }
        } else {
            let completion = done.completion
            let text: String?
            switch answer {
            case .plain(let plain): text = plain
            case .styled(let styled): text = styled.string
            case .rope(let rope): text = rope.string
            }
            readyAnswers.append { completion(text) }
        }
        if !queue.isEmpty { start(kind) }
    }

    // MARK: Loop

    /// Gives up on transfers that made no progress for `timeout`.
    func expire(at now: Double) {
        for kind in [SelectionKind.clipboard, .primary, .dragAndDrop] {
            guard let transfer = incoming[kind]?.first, transfer.started, now - transfer.lastProgress >= timeout else { continue }
            fail(kind, "the \(Self.name(of: kind)) owner did not finish within \(Self.format(timeout)) s")
        }
        outgoing.removeAll { transfer in
            guard now - transfer.lastProgress >= timeout * 2.5 else { return false }
            warn("warning: copy abandoned: a client stopped taking the text it asked for")
            return true
        }
    }

    /// When `expire` next has something to do.
    var nextDeadline: Double? {
        let incomingDeadlines = incoming.values.compactMap { $0.first }.filter(\.started).map { $0.lastProgress + timeout }
        let outgoingDeadlines = outgoing.map { $0.lastProgress + timeout * 2.5 }
        return (incomingDeadlines + outgoingDeadlines).min()
    }

    var hasAnswers: Bool { !readyAnswers.isEmpty }

    /// Runs the answers that are ready; true when one ran.
    func deliverAnswers() -> Bool {
        guard !readyAnswers.isEmpty else { return false }
        let answers = readyAnswers
        readyAnswers = []
        for answer in answers { answer() }
        return true
    }

    /// The selection's name on the server ("CLIPBOARD", "PRIMARY").
    static func name(of kind: SelectionKind) -> String {
        switch kind {
        case .clipboard: return "CLIPBOARD"
        case .primary: return "PRIMARY"
        case .dragAndDrop: return "XdndSelection"
        }
    }

    private func atomName(_ atom: Atom) -> String {
        guard atom != 0, let name = XGetAtomName(display, atom) else { return "no type" }
        defer { XFree(name) }
        return String(cString: name)
    }

    /// "16 MB", or bytes below a megabyte.
    static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MB" : "\(bytes) bytes"
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
