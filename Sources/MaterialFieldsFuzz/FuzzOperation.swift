import MaterialFields

/// SplitMix64: tiny, fast and the same on every platform, so a seed replays anywhere.
public struct FuzzRandom: RandomNumberGenerator {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state = state &+ 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// One step the fuzzer takes. Each is a plain value (window points are absolute), so a list of
/// them replays without the generator and can be shrunk.
public enum FuzzOperation: Equatable, Sendable {
    /// Committed text, as the keyboard or an input method sends it.
    case type(String)
    case key(EditingKey, KeyModifiers)
    case pointerDown(Point, PointerButton, clicks: Int, shift: Bool)
    case pointerMove(Point, held: Bool)
    case pointerUp(Point)
    case pointerExit
    case wheel(Double)
    case windowFocus(Bool)
    /// `FieldScene.focus(_:at:)`: keyboard focus given by the program.
    case focus(field: Int)
    /// `FieldScene.endEditing(at:)`.
    case blur
    /// `TextField.selection = ...`, with any offsets (clamped by the field).
    case select(field: Int, anchor: Int, head: Int)
    /// Ctrl+V with the clipboard holding `text`, or holding what was last copied when nil.
    case paste(String?)
    /// A middle click at a point, pasting PRIMARY.
    case middlePaste(Point)
    /// `TextField.text = ...`.
    case setText(field: Int, String)
    case resize(Size)
    /// The clock moves on without input; the scene is rendered at the new time.
    case advance(Double)
    case toggleEnabled(field: Int)
    case setError(field: Int, String?)
    /// `TextField.handle(_:modifiers:at:)` called directly, focused or not.
    case fieldKey(field: Int, EditingKey, KeyModifiers)
    /// `TextField.insert(_:cause: .inputMethod, at:)` called directly, focused or not.
    case inputMethod(field: Int, String)
    /// `TextField.layOut(width:metrics:measurer:)` called directly, at any width.
    case layOut(field: Int, width: Double)
    /// `TextField.paste(_: AttributedText, at:)` into the focused field: `text` with the clusters
    /// in `bold` (clamped) bold, the rest plain.
    case styledPaste(String, bold: Range<Int>)
}

extension FuzzOperation: CustomStringConvertible {
    public var description: String {
        switch self {
        case .type(let text): return ".type(\(Self.literal(text)))"
        case .key(let key, let modifiers): return ".key(\(Self.describe(key)), \(Self.describe(modifiers)))"
        case .pointerDown(let point, let button, let clicks, let shift):
            return ".pointerDown(\(Self.describe(point)), .\(button), clicks: \(clicks), shift: \(shift))"
        case .pointerMove(let point, let held): return ".pointerMove(\(Self.describe(point)), held: \(held))"
        case .pointerUp(let point): return ".pointerUp(\(Self.describe(point)))"
        case .pointerExit: return ".pointerExit"
        case .wheel(let steps): return ".wheel(\(steps))"
        case .windowFocus(let focused): return ".windowFocus(\(focused))"
        case .focus(let field): return ".focus(field: \(field))"
        case .blur: return ".blur"
        case .select(let field, let anchor, let head): return ".select(field: \(field), anchor: \(anchor), head: \(head))"
        case .paste(let text): return ".paste(\(text.map(Self.literal) ?? "nil"))"
        case .middlePaste(let point): return ".middlePaste(\(Self.describe(point)))"
        case .setText(let field, let text): return ".setText(field: \(field), \(Self.literal(text)))"
        case .resize(let size): return ".resize(Size(width: \(size.width), height: \(size.height)))"
        case .advance(let seconds): return ".advance(\(seconds))"
        case .toggleEnabled(let field): return ".toggleEnabled(field: \(field))"
        case .setError(let field, let message): return ".setError(field: \(field), \(message.map(Self.literal) ?? "nil"))"
        case .fieldKey(let field, let key, let modifiers):
            return ".fieldKey(field: \(field), \(Self.describe(key)), \(Self.describe(modifiers)))"
        case .inputMethod(let field, let text): return ".inputMethod(field: \(field), \(Self.literal(text)))"
        case .layOut(let field, let width): return ".layOut(field: \(field), width: \(width))"
        case .styledPaste(let text, let bold): return ".styledPaste(\(Self.literal(text)), bold: \(bold.lowerBound)..<\(bold.upperBound))"
        }
    }

    /// A Swift string literal with every non-printable or non-ASCII scalar escaped, so what a
    /// failure prints can be pasted into a regression test; very long strings are abbreviated.
    static func literal(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        func escape<S: Sequence>(_ scalars: S) -> String where S.Element == Unicode.Scalar {
            scalars.map { scalar -> String in
                switch scalar {
                case "\"": return "\\\""
                case "\\": return "\\\\"
                case " "..."~": return String(scalar)
                default: return "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                }
            }.joined()
        }
        guard scalars.count > 120 else { return "\"\(escape(scalars))\"" }
        return "\"\(escape(scalars.prefix(40)))\" /* … \(scalars.count) scalars, \(text.count) graphemes … */"
    }

    static func describe(_ point: Point) -> String { "Point(x: \(point.x), y: \(point.y))" }

    static func describe(_ key: EditingKey) -> String {
        if case .shortcut(let character) = key { return ".shortcut(\(literal(String(character))))" }
        return ".\(key)"
    }

    static func describe(_ modifiers: KeyModifiers) -> String {
        var names: [String] = []
        if modifiers.contains(.shift) { names.append(".shift") }
        if modifiers.contains(.control) { names.append(".control") }
        if modifiers.contains(.alt) { names.append(".alt") }
        return "[\(names.joined(separator: ", "))]"
    }
}
