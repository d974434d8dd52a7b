import CXlib
import Glibc

/// ICCCM's MULTIPLE: a requestor asks for several targets in one request, listing (target,
/// property) pairs in the property it names (type ATOM_PAIR). Clipboard managers save this way:
/// csd-clipboard (and gsd-clipboard before it) fetches every target named in SAVE_TARGETS with
/// one MULTIPLE conversion. Each pair is converted as its own request would be (INCR included,
/// per property); a pair that cannot be converted gets None as its property in the list written
/// back, as ICCCM asks, and the request as a whole succeeds.
extension SelectionBroker {
    /// The most pairs read from a MULTIPLE request: far more targets than any owner offers.
    static let multiplePairLimit = 1024

    func answerMultiple(_ request: XSelectionRequestEvent, into property: Atom) -> Bool {
        guard var pairs = readPairs(of: request.requestor, property: property) else { return false }
        var refused = false
        for index in stride(from: 0, to: pairs.count - 1, by: 2) {
            let target = Atom(UInt(bitPattern: pairs[index])), pairProperty = Atom(UInt(bitPattern: pairs[index + 1]))
            var single = request
            single.target = target
            single.property = pairProperty
            // A nested MULTIPLE, or a pair without a property, is not converted.
            let converted = pairProperty != 0 && target != multipleAtom && answer(single, into: pairProperty)
            if !converted, pairProperty != 0 {
                pairs[index + 1] = 0
                refused = true
            }
        }
        if refused {
            XChangeProperty(display, request.requestor, property, atomPairAtom, 32, PropModeReplace, &pairs, Int32(pairs.count))
        }
        return true
    }

    /// The (target, property) pairs of a MULTIPLE request, as C longs; nil when the property is
    /// missing, not 32-bit items, or holds no whole pair.
    private func readPairs(of requestor: Window, property: Atom) -> [Int]? {
        var type: Atom = 0, format: Int32 = 0
        var count: UInt = 0, remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard !HostErrorHandlers.isLost(display) else { return nil }
        let status = XGetWindowProperty(display, requestor, property, 0, Self.multiplePairLimit * 2, 0, Atom(AnyPropertyType),
                                        &type, &format, &count, &remaining, &data)
        guard status == Success else { return nil }
        defer { if let data { XFree(data) } }
        guard type != 0, format == 32, count >= 2, let data else { return nil }
        // Format-32 items arrive as C longs.
        let items = UnsafeRawPointer(data).bindMemory(to: Int.self, capacity: Int(count))
        return Array(UnsafeBufferPointer(start: items, count: Int(count) & ~1))
    }
}
