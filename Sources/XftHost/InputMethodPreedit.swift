import CXlib
import Glibc
import MaterialFields

/// Which XIM input style a window asks for, from those the input method offers: on-the-spot
/// (`XIMPreeditCallbacks`: the field draws the preedit inline) where offered, else over-the-spot
/// (`XIMPreeditPosition`: the input method draws it in a window of its own at the spot), else the
/// root style (`XIMPreeditNothing`: its own window anywhere), else none; the status is never
/// drawn by the field (`XIMStatusNothing`, or `XIMStatusNone`).
enum InputStyleChoice {
    static let preeditPreference: [UInt] = [UInt(XIMPreeditCallbacks), UInt(XIMPreeditPosition), UInt(XIMPreeditNothing),
                                            UInt(XIMPreeditNone)]
    static let statusPreference: [UInt] = [UInt(XIMStatusNothing), UInt(XIMStatusNone)]

    /// The preferred style among `offered`; nil when none of them draws the status itself.
    static func choose(from offered: [UInt]) -> UInt? {
        for preedit in preeditPreference {
            for status in statusPreference where offered.contains(preedit | status) { return preedit | status }
        }
        return nil
    }

    static func isOnTheSpot(_ style: UInt) -> Bool { style & UInt(XIMPreeditCallbacks) != 0 }
    static func isOverTheSpot(_ style: UInt) -> Bool { style & UInt(XIMPreeditPosition) != 0 }
}

/// The preedit as an on-the-spot input method draws it, change by change: its text in Unicode
/// scalars (XIM counts characters), a feedback per scalar and the caret.
struct PreeditBuffer: Equatable {
    private(set) var scalars: [Unicode.Scalar] = []
    private(set) var feedback: [UInt] = []
    private(set) var caret = 0

    /// `XIMPreeditDrawCallback`: `changeLength` scalars from `changeFirst` are replaced by
    /// `text` (nil: deleted), whose feedbacks are `textFeedback` (missing: underlined); the caret
    /// goes to `caret`. Out-of-range numbers from the input method are clamped, never trusted.
    mutating func draw(caret newCaret: Int, changeFirst: Int, changeLength: Int, text: [Unicode.Scalar]?, textFeedback: [UInt]?) {
        let first = min(max(0, changeFirst), scalars.count)
        let end = min(max(first, first + max(0, changeLength)), scalars.count)
        let inserted = text ?? []
        let insertedFeedback = inserted.indices.map { index in
            textFeedback.flatMap { index < $0.count ? $0[index] : nil } ?? UInt(XIMUnderline)
        }
        scalars.replaceSubrange(first..<end, with: inserted)
        feedback.replaceSubrange(first..<end, with: insertedFeedback)
        caret = min(max(0, newCaret), scalars.count)
    }

    /// `XIMPreeditCaretCallback`: moves the caret as the input method says and returns where it
    /// went (the callback writes it back).
    mutating func moveCaret(direction: XIMCaretDirection, position: Int) -> Int {
        switch direction {
        case XIMAbsolutePosition: caret = position
        case XIMForwardChar: caret += 1
        case XIMBackwardChar: caret -= 1
        case XIMLineStart: caret = 0
        case XIMLineEnd: caret = scalars.count
        default: break
        }
        caret = min(max(0, caret), scalars.count)
        return caret
    }

    mutating func clear() { self = PreeditBuffer() }

    /// What the field shows: nil when nothing composes.
    var preedit: Preedit? {
        guard !scalars.isEmpty else { return nil }
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        return Preedit(text: text, caretInScalars: caret, scalarEmphasis: feedback.map(Self.emphasis))
    }

    /// XIM's feedback as Material draws it: reverse, highlight and primary mark the segment being
    /// converted; the rest (underline, none) is underlined text being composed.
    static func emphasis(_ feedback: UInt) -> Preedit.Emphasis {
        feedback & UInt(XIMReverse | XIMHighlight | XIMPrimary) != 0 ? .highlighted : .underlined
    }
}

/// An `XIMText` as Unicode scalars: wide characters (UCS-4 with glibc) or multibyte text in the
/// locale's encoding, converted through the C library.
func preeditScalars(of text: UnsafePointer<XIMText>) -> [Unicode.Scalar] {
    let length = Int(text.pointee.length)
    if text.pointee.encoding_is_wchar != 0 {
        guard let wide = text.pointee.string.wide_char else { return [] }
        return (0..<length).compactMap { Unicode.Scalar(UInt32(bitPattern: wide[$0])) }
    }
    guard let bytes = text.pointee.string.multi_byte else { return [] }
    var state = mbstate_t()
    var scalars: [Unicode.Scalar] = []
    var cursor = UnsafePointer(bytes)
    var remaining = strlen(bytes)
    while remaining > 0 {
        var wide: wchar_t = 0
        let used = mbrtowc(&wide, cursor, remaining, &state)
        // An invalid or cut sequence ends the text rather than guessing.
        guard used != 0, used <= remaining else { break }
        if let scalar = Unicode.Scalar(UInt32(bitPattern: wide)) { scalars.append(scalar) }
        cursor += used
        remaining -= used
    }
    return scalars
}
