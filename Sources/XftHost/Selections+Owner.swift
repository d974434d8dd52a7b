import CXlib
import Glibc
import MaterialFields

// The owner's side of the selections: taking one, answering requests for it (TARGETS, the text
// forms, MULTIPLE), and sending a large answer by INCR.
extension SelectionBroker {
    // MARK: Owner

    /// Takes `kind` with `text` at the server time `time`; false when the server gave it to no one
    /// (a stale time) or to someone else.
    @discardableResult
    func own(_ text: String, for kind: SelectionKind, time: Time) -> Bool {
        // Plain text is kept as it is: a styled copy of a long selection would cost an array of
        // its clusters (Ctrl+A in 10 MB of text).
        take(kind, time: time, Owned(text: text, time: time, styled: nil, html: nil))
    }

    /// Takes `kind` with styled `text`: offered as `text/html` too when any run has a style.
    @discardableResult
    func own(_ text: AttributedText, for kind: SelectionKind, time: Time) -> Bool {
        let isStyled = !text.attributeRuns.isPlain
        return take(kind, time: time, Owned(text: text.string, time: time, styled: isStyled ? text : nil,
                                            html: isStyled ? Array(HTMLWriter.fragment(for: text).utf8) : nil))
    }

    private func take(_ kind: SelectionKind, time: Time, _ offer: @autoclosure () -> Owned) -> Bool {
        XSetSelectionOwner(display, atom(for: kind), window, time)
        guard XGetSelectionOwner(display, atom(for: kind)) == window else {
            owned[kind] = nil
            return false
        }
        owned[kind] = offer()
        return true
    }

    /// X server times are 32-bit milliseconds that wrap every 49.7 days; as the server does, a
    /// time counts as earlier when it lies less than half the cycle before the other.
    static func isEarlier(_ time: Time, than other: Time) -> Bool {
        Int32(bitPattern: UInt32(truncatingIfNeeded: time &- other)) < 0
    }

    func handleSelectionClear(_ event: XSelectionClearEvent) {
        guard let kind = kind(of: event.selection), let current = owned[kind] else { return }
        // A clear older than our ownership belongs to an earlier one.
        if event.time != CurrentTime && Self.isEarlier(event.time, than: current.time) { return }
        owned[kind] = nil
    }

    func handleSelectionRequest(_ request: XSelectionRequestEvent) {
        var reply = XSelectionEvent()
        reply.type = SelectionNotify
        reply.display = display
        reply.requestor = request.requestor
        reply.selection = request.selection
        reply.target = request.target
        reply.time = request.time
        // ICCCM: a requestor that names no property (pre-ICCCM) gets the target as the property.
        let property = request.property == 0 ? request.target : request.property
        // The requestor's window may be gone already (a client killed mid-paste): its errors are
        // expected, and a transfer to it would only wait for its timeout.
        let errors = HostErrorHandlers.trappingErrors(on: display) {
            reply.property = answer(request, into: property) ? property : 0
            var event = XEvent(xselection: reply)
            XSendEvent(display, request.requestor, 0, NoEventMask, &event)
        }
        if errors > 0 { outgoing.removeAll { $0.requestor == request.requestor } }
    }

    /// Writes the conversion into the requestor's property; false to refuse.
    func answer(_ request: XSelectionRequestEvent, into property: Atom) -> Bool {
        guard request.owner == window, let kind = kind(of: request.selection), let current = owned[kind] else { return false }
        // A request from before we owned the selection is for the previous owner.
        if request.time != CurrentTime && Self.isEarlier(request.time, than: current.time) { return false }
        switch request.target {
        case targetsAtom:
            var targets: [Int] = [targetsAtom, timestampAtom, multipleAtom, utf8Atom, mimeUTF8Atom, stringAtom, textAtom].map { Int($0) }
            if current.html != nil { targets.append(Int(htmlAtom)) }
            // A drag offers what GTK's entries offer, plain ASCII text too.
            if kind == .dragAndDrop { targets.append(Int(plainAtom)) }
            XChangeProperty(display, request.requestor, property, atomAtom, 32, PropModeReplace,
                            &targets, Int32(targets.count))
        case timestampAtom:
            var time = [Int(current.time)]
            XChangeProperty(display, request.requestor, property, integerAtom, 32, PropModeReplace, &time, 1)
        case utf8Atom, mimeUTF8Atom:
            send(Array(current.text.utf8), type: request.target, to: request.requestor, property: property)
        case stringAtom:
            send(Self.latin1(current.text), type: stringAtom, to: request.requestor, property: property)
        case deleteAtom where kind == .dragAndDrop:
            // A target that took a move asks the source to delete (ICCCM's DELETE, answered with
            // NULL); the field's text goes when XdndFinished says the move was done.
            XChangeProperty(display, request.requestor, property, nullAtom, 32, PropModeReplace, nil, 0)
        case plainAtom:
            // text/plain without a charset is ASCII (GTK's reading): "?" for the rest.
            send(current.text.unicodeScalars.map { $0.isASCII ? UInt8($0.value) : UInt8(ascii: "?") }, type: plainAtom,
                 to: request.requestor, property: property)
        case textAtom:
            // TEXT lets the owner pick the encoding: Latin-1 when nothing is lost, UTF-8 otherwise.
            let fits = current.text.unicodeScalars.allSatisfy { $0.value < 0x100 }
            if fits {
                send(Self.latin1(current.text), type: stringAtom, to: request.requestor, property: property)
            } else {
                send(Array(current.text.utf8), type: utf8Atom, to: request.requestor, property: property)
            }
        case htmlAtom:
            guard let html = current.html else { return false }
            send(html, type: htmlAtom, to: request.requestor, property: property)
        case multipleAtom:
            // Each pair converted in turn (Selections+Multiple.swift).
            return answerMultiple(request, into: property)
        default:
            return false
        }
        return true
    }

    /// ICCCM's STRING is Latin-1; a character outside it becomes "?", so the length still shows.
    static func latin1(_ text: String) -> [UInt8] {
        text.unicodeScalars.map { $0.value < 0x100 ? UInt8($0.value) : UInt8(ascii: "?") }
    }

    private func send(_ bytes: [UInt8], type: Atom, to requestor: Window, property: Atom) {
        guard bytes.count > chunkSize else {
            _ = bytes.withUnsafeBufferPointer { buffer in
                XChangeProperty(display, requestor, property, type, 8, PropModeReplace, buffer.baseAddress, Int32(buffer.count))
            }
            return
        }
        // INCR: announce a lower bound of the size, then a chunk each time the requestor deletes
        // the property, then an empty one.
        outgoing.removeAll { $0.requestor == requestor && $0.property == property }
        // Its deletions ask for the next chunk; its destruction ends the transfer.
        XSelectInput(display, requestor, PropertyChangeMask | StructureNotifyMask)
        var size = [bytes.count]
        XChangeProperty(display, requestor, property, incrAtom, 32, PropModeReplace, &size, 1)
        outgoing.append(Outgoing(requestor: requestor, property: property, type: type, data: bytes, offset: 0,
                                 finished: false, lastProgress: clock()))
    }

    /// The requestor deleted a property we write an INCR transfer into: the next chunk.
    func continueOutgoing(requestor: Window, property: Atom) -> Bool {
        guard let index = outgoing.firstIndex(where: { $0.requestor == requestor && $0.property == property }) else { return false }
        var transfer = outgoing[index]
        if transfer.finished {
            // The empty chunk was taken: the transfer is complete.
            outgoing.remove(at: index)
            if !outgoing.contains(where: { $0.requestor == requestor }) {
                _ = HostErrorHandlers.trappingErrors(on: display) { XSelectInput(display, requestor, NoEventMask) }
            }
            return true
        }
        let end = min(transfer.data.count, transfer.offset + chunkSize)
        let errors = HostErrorHandlers.trappingErrors(on: display) {
            _ = transfer.data.withUnsafeBufferPointer { buffer in
                XChangeProperty(display, requestor, property, transfer.type, 8, PropModeReplace,
                                buffer.baseAddress.map { $0 + transfer.offset }, Int32(end - transfer.offset))
            }
        }
        if errors > 0 {
            // The requestor went away between two chunks.
            handleDestroy(of: requestor)
            return true
        }
        transfer.finished = end == transfer.offset
        transfer.offset = end
        transfer.lastProgress = clock()
        outgoing[index] = transfer
        return true
    }

    /// A window we were sending to is gone: its transfers end.
    func handleDestroy(of destroyed: Window) {
        outgoing.removeAll { $0.requestor == destroyed }
    }
}
