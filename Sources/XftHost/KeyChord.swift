import CXlib
import MaterialFields

/// A key chord written as text, as QA scripts do: modifiers and a key joined by `+`, e.g.
/// `ctrl+shift+Left`, `Return`, `ctrl+a`, `F12`. The key is an X keysym name (`Left`, `BackSpace`,
/// `Return`, `Page_Down`, `a`, `eacute`) or a single character; modifier names ignore case
/// (`ctrl`/`control`, `shift`, `alt`/`meta`).
public struct KeyChord: Equatable, CustomStringConvertible {
    public let modifiers: KeyModifiers
    /// The key as written.
    public let keyName: String
    private let keysym: UInt

    public struct ParseError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Names that are easy to guess but are not X keysym names, mapped onto the keysym's.
    private static let aliases: [String: String] = [
        "enter": "Return", "return": "Return", "backspace": "BackSpace", "esc": "Escape", "escape": "Escape",
        "del": "Delete", "delete": "Delete", "tab": "Tab", "space": "space", "left": "Left", "right": "Right",
        "up": "Up", "down": "Down", "home": "Home", "end": "End", "pageup": "Page_Up", "pagedown": "Page_Down",
        "plus": "plus", "minus": "minus",
    ]

    public init(_ text: String) throws {
        let parts = text.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        // "ctrl++" and "+" name the plus key.
        var names = parts
        if text.hasSuffix("+") && (text == "+" || text.hasSuffix("++")) {
            names = Array(parts.dropLast(2)) + ["plus"]
        }
        guard let key = names.last, !key.isEmpty else {
            throw ParseError(description: "'\(text)' names no key (write e.g. ctrl+shift+Left)")
        }
        var modifiers: KeyModifiers = []
        for name in names.dropLast() {
            switch name.lowercased() {
            case "ctrl", "control": modifiers.insert(.control)
            case "shift": modifiers.insert(.shift)
            case "alt", "meta", "mod1": modifiers.insert(.alt)
            default: throw ParseError(description: "'\(name)' in '\(text)' is not a modifier (ctrl, shift, alt)")
            }
        }
        var keysym = XStringToKeysym(key)
        if keysym == UInt(NoSymbol), let alias = Self.aliases[key.lowercased()] { keysym = XStringToKeysym(alias) }
        if keysym == UInt(NoSymbol), key.count == 1, let scalar = key.unicodeScalars.first, key.unicodeScalars.count == 1 {
            // Latin-1 keysyms equal their code point; the rest of Unicode is 0x01000000 + code point.
            keysym = scalar.value < 0x100 ? UInt(scalar.value) : 0x0100_0000 + UInt(scalar.value)
        }
        if keysym == UInt(NoSymbol), key.count > 1, key.first == "F" || key.first == "f", let number = Int(key.dropFirst()),
           (1...35).contains(number) {
            keysym = UInt(XK_F1) + UInt(number - 1)
        }
        guard keysym != UInt(NoSymbol) else {
            throw ParseError(description: "'\(key)' is not a key name (X keysym names such as Left, BackSpace, Return, F12, a)")
        }
        self.modifiers = modifiers
        self.keyName = key
        self.keysym = keysym
    }

    public var description: String {
        var names: [String] = []
        if modifiers.contains(.control) { names.append("ctrl") }
        if modifiers.contains(.alt) { names.append("alt") }
        if modifiers.contains(.shift) { names.append("shift") }
        return (names + [keyName]).joined(separator: "+")
    }

    /// Why a script should not press this chord, or nil: one that sends a field nothing (a lone
    /// modifier, a key no field uses), or Shift with a key that is not a letter, whose shifted
    /// character depends on the keyboard layout.
    public var problem: String? {
        if event == nil { return "'\(self)' sends a text field nothing" }
        var lower: KeySym = 0, upper: KeySym = 0
        XConvertCase(KeySym(keysym), &lower, &upper)
        if modifiers.contains(.shift), lower == upper, KeyTranslation.editingKey(forKeysym: KeySym(keysym)) == nil,
           !modifiers.contains(.control), !modifiers.contains(.alt) {
            let typed = KeyTranslation.text(forKeysym: KeySym(keysym)) ?? keyName
            return "'\(self)': Shift changes only letters here (the rest depends on the keyboard layout); "
                + "write the character you mean instead of shift+\(typed), or type it"
        }
        return nil
    }

    /// What pressing the chord sends the scene, through the same translation as a real key press
    /// (nil for a key that does nothing in a text field, such as a lone modifier). With Shift, a
    /// letter types its capital, as a US keyboard's second level does.
    public var event: InputEvent? {
        var lower: KeySym = 0, upper: KeySym = 0
        XConvertCase(KeySym(keysym), &lower, &upper)
        let pressed = modifiers.contains(.shift) ? upper : KeySym(keysym)
        let text = KeyTranslation.text(forKeysym: pressed) ?? ""
        return KeyTranslation.event(keysym: pressed, modifiers: modifiers, unshiftedKeysym: lower, text: text)
    }
}
