/// Builds a rope from text that arrives in pieces (a paste read chunk by chunk), keeping no copy of
/// the whole: each piece is segmented into leaves as it comes, and only the last leaf, whose end
/// may still join what follows, waits for the next piece. Pieces may be cut anywhere: between the
/// CR and LF of a CR LF, inside a cluster, and, for bytes (`append(utf8:)`), inside a UTF-8
/// sequence. The rope it makes is the one `Rope(whole)` makes of all the pieces joined, and bytes
/// decode exactly as `String(decoding: whole, as: UTF8.self)` decodes them all at once (U+FFFD for
/// each invalid sequence, its maximal subpart).
///
/// A cluster boundary inside the text so far never moves when text is appended: whether two
/// characters part depends on what comes before the second, never after it (UAX #29), so only the
/// end of the text is open, and the leaves before the last one are final.
public struct RopeBuilder {
    /// The final leaves, in order.
    private var leaves: [RopeNode] = []
    /// Their UTF-8 bytes.
    private var leavesUTF8 = 0
    /// Text after the last final leaf: the last leaf's, and what came since it was cut.
    private var pending = ""
    /// The start of a UTF-8 sequence the last byte piece ended in (at most 3 bytes).
    private var heldBytes: [UInt8] = []
    /// Bytes handed in so far (UTF-8 or Latin-1), for a caller's limit.
    public private(set) var byteCount = 0
    /// Some bytes were not UTF-8 and were decoded as U+FFFD.
    public private(set) var replacedInvalidUTF8 = false

    /// Pending text is cut into leaves once it is this long.
    static let flushBytes = 64 << 10

    public init() {}

    /// The UTF-8 length of the text so far (bytes of an unfinished sequence not counted).
    public var utf8Count: Int { leavesUTF8 + pending.utf8.count }

    /// Appends text.
    public mutating func append(_ text: some StringProtocol) {
        pending += text
        if pending.utf8.count >= Self.flushBytes { flush(final: false) }
    }

    /// Appends UTF-8 bytes, which may end inside a sequence (its start waits for the next piece).
    public mutating func append(utf8 bytes: ArraySlice<UInt8>) {
        byteCount += bytes.count
        var rest = bytes
        if !heldBytes.isEmpty {
            // The held sequence can only go on with continuation bytes, three at most: past them
            // (or at the first other byte) a new sequence starts in the whole text too.
            let continuing = rest.prefix(3).prefix { Self.isContinuation($0) }
            let piece = heldBytes + continuing
            heldBytes = []
            rest = rest.dropFirst(continuing.count)
            decode(piece[...], holdingTail: rest.isEmpty)
        }
        decode(rest, holdingTail: true)
    }

    public mutating func append(utf8 bytes: [UInt8]) { append(utf8: bytes[...]) }

    /// Appends Latin-1 bytes (ICCCM's STRING): each byte is the code point of its value.
    public mutating func append(latin1 bytes: some Collection<UInt8>) {
        byteCount += bytes.count
        var scalars = String.UnicodeScalarView()
        for byte in bytes { scalars.append(Unicode.Scalar(byte)) }
        append(String(scalars))
    }

    /// The rope of everything appended; an unfinished UTF-8 sequence at the end is U+FFFD.
    public mutating func finish() -> Rope {
        if !heldBytes.isEmpty {
            let piece = heldBytes
            heldBytes = []
            decode(piece[...], holdingTail: false)
        }
        flush(final: true)
        let rope = Rope(root: RopeNode.tree(of: leaves))
        leaves = []
        leavesUTF8 = 0
        return rope
    }

    // MARK: Decoding

    private static func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }

    /// How long a sequence starting with `byte` is (1 for ASCII and for bytes no sequence starts with).
    private static func sequenceLength(_ byte: UInt8) -> Int {
        switch byte {
        case 0xC2...0xDF: return 2
        case 0xE0...0xEF: return 3
        case 0xF0...0xF4: return 4
        default: return 1
        }
    }

    /// Decodes `bytes`, which start where a sequence of the whole text starts; with `holdingTail`
    /// a sequence they end inside of is kept for the next piece. The place before any byte other
    /// than a continuation byte is where the whole text's decoding starts a sequence too, so the
    /// two parts decode as the whole does.
    private mutating func decode(_ bytes: ArraySlice<UInt8>, holdingTail: Bool) {
        guard !bytes.isEmpty else { return }
        var end = bytes.endIndex
        if holdingTail {
            // The last byte that can start a sequence, among the last three.
            var index = bytes.endIndex - 1
            while index > bytes.startIndex, index > bytes.endIndex - 3, Self.isContinuation(bytes[index]) { index -= 1 }
            if !Self.isContinuation(bytes[index]), bytes.endIndex - index < Self.sequenceLength(bytes[index]) {
                heldBytes = Array(bytes[index...])
                end = index
            }
        }
        let piece = bytes[..<end]
        guard !piece.isEmpty else { return }
        if let text = String(validating: piece, as: UTF8.self) {
            append(text)
        } else {
            replacedInvalidUTF8 = true
            append(String(decoding: piece, as: UTF8.self))
        }
    }

    // MARK: Leaves

    /// Cuts the pending text into leaves (as `Rope(_:)` cuts a text); unless `final`, the last one
    /// stays pending, since what comes next may join its end.
    private mutating func flush(final: Bool) {
        guard !pending.isEmpty else { return }
        var made = RopeNode.leaves(of: pending[...])
        if final {
            pending = ""
        } else {
            pending = made.removeLast().chunk
        }
        leavesUTF8 += made.reduce(0) { $0 + $1.summary.utf8 }
        leaves += made
    }
}
