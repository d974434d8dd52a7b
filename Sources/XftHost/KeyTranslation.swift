import CXlib
import MaterialFields

/// Maps X keysyms and modifier state onto the model's plain key events.
enum KeyTranslation {
    /// The one decision from a pressed key to a model event, for real key presses and scripted
    /// chords alike: an editing key, else a shortcut when Control or Alt is held (named by the
    /// key's unshifted character), else the committed text if it is printable.
    static func event(keysym: KeySym, modifiers: KeyModifiers, unshiftedKeysym: @autoclosure () -> KeySym,
                      text: String) -> InputEvent? {
        if let editing = editingKey(forKeysym: keysym) { return .key(editing, modifiers) }
        if modifiers.contains(.control) || modifiers.contains(.alt) {
            return self.text(forKeysym: unshiftedKeysym())?.first.map { .key(.shortcut($0), modifiers) }
        }
        return isInsertable(text) ? .text(text) : nil
    }

    static func modifiers(fromState state: UInt32) -> KeyModifiers {
        var modifiers: KeyModifiers = []
        if state & UInt32(ShiftMask) != 0 { modifiers.insert(.shift) }
        if state & UInt32(ControlMask) != 0 { modifiers.insert(.control) }
        if state & UInt32(Mod1Mask) != 0 { modifiers.insert(.alt) }
        return modifiers
    }

    private static let editingKeys: [UInt: EditingKey] = {
        let pairs: [(Int32, EditingKey)] = [
            (XK_BackSpace, .backspace),
            (XK_Tab, .tab), (XK_ISO_Left_Tab, .tab), (XK_KP_Tab, .tab),
            // Linefeed: what `xdotool type` and auto-type tools press for a line break.
            (XK_Return, .enter), (XK_KP_Enter, .enter), (XK_Linefeed, .enter),
            (XK_Escape, .escape),
            (XK_Delete, .delete), (XK_KP_Delete, .delete),
            (XK_Left, .left), (XK_KP_Left, .left),
            (XK_Up, .up), (XK_KP_Up, .up),
            (XK_Right, .right), (XK_KP_Right, .right),
            (XK_Down, .down), (XK_KP_Down, .down),
            (XK_Home, .home), (XK_KP_Home, .home),
            (XK_End, .end), (XK_KP_End, .end),
            (XK_Insert, .insert), (XK_KP_Insert, .insert),
            (XK_Menu, .menu),
            (XK_Prior, .pageUp), (XK_KP_Prior, .pageUp), (XK_Next, .pageDown), (XK_KP_Next, .pageDown),
        ]
        // The function keys' keysyms run without a gap from F1 to F24.
        let functionKeys = (1...24).map { (XK_F1 + Int32($0 - 1), EditingKey.function($0)) }
        return Dictionary(uniqueKeysWithValues: (pairs + functionKeys).map { (UInt($0.0), $0.1) })
    }()

    /// The editing key for a keysym, or nil for keys that produce text (or nothing).
    static func editingKey(forKeysym keysym: KeySym) -> EditingKey? { editingKeys[keysym] }

    /// What a key bound to one character types in `state`, read as Xlib reads such a key: a
    /// keycode whose keysyms (all its groups and levels, as `XGetKeyboardMapping` lists them:
    /// group 1's two levels first) are one keysym, or a letter and its capital. The server makes
    /// a keysym bound alone a one-level key (the same whatever the modifiers), or, for a letter,
    /// an alphabetic two-level one (Shift or Lock, not both, gives its capital); the unshifted
    /// keysym names it as a shortcut. Nil for a key of several characters, whose levels and
    /// groups X's key types decide. (A letter key of a one-group layout lists as a letter and its
    /// capital too: the window reads its keys this way only when Xlib's own reading is none of
    /// the keysyms the key had when it was pressed.)
    static func singleKeysym(_ keysyms: [KeySym], state: UInt32) -> (keysym: KeySym, unshifted: KeySym)? {
        var distinct: [KeySym] = []
        for keysym in keysyms where keysym != 0 && !distinct.contains(keysym) {
            distinct.append(keysym)
            if distinct.count > 2 { return nil }
        }
        guard keysyms.count >= 2, keysyms[0] != 0 else { return nil }
        let level1 = keysyms[0], level2 = keysyms[1]
        if distinct.count == 2 {
            // Two keysyms only as a letter's two cases, in that order.
            var lower: KeySym = 0, upper: KeySym = 0
            XConvertCase(level1, &lower, &upper)
            guard level1 == lower, level2 == upper, lower != upper else { return nil }
        }
        let shifted = (state & UInt32(ShiftMask) != 0) != (state & UInt32(LockMask) != 0)
        return (shifted && level2 != 0 ? level2 : level1, level1)
    }

    /// Text for a keysym when no input method is available: Latin-1 keysyms equal their code
    /// point and Unicode keysyms carry it in the low 24 bits.
    static func text(forKeysym keysym: KeySym) -> String? {
        if let keypad = keypadCharacters[keysym] { return String(keypad) }
        let scalar: UInt32
        switch keysym {
        case UInt(XK_space)...UInt(XK_asciitilde), UInt(XK_nobreakspace)...UInt(XK_ydiaeresis): scalar = UInt32(keysym)
        case 0x0100_0100...0x0110_FFFF: scalar = UInt32(keysym - 0x0100_0000)
        default: return nil
        }
        return Unicode.Scalar(scalar).map { String(Character($0)) }
    }

    /// What the keypad's character keys type (as with Num Lock on).
    private static let keypadCharacters: [UInt: Character] = {
        var characters: [UInt: Character] = [:]
        for digit in 0...9 { characters[UInt(XK_KP_0) + UInt(digit)] = Character(String(digit)) }
        let others: [(Int32, Character)] = [(XK_KP_Add, "+"), (XK_KP_Subtract, "-"), (XK_KP_Multiply, "*"), (XK_KP_Divide, "/"),
                                            (XK_KP_Decimal, "."), (XK_KP_Equal, "="), (XK_KP_Space, " ")]
        for (keysym, character) in others { characters[UInt(keysym)] = character }
        return characters
    }()

    /// Committed text is inserted only if it is printable: control characters from Ctrl+letter or
    /// a stray Delete never reach the field.
    static func isInsertable(_ text: String) -> Bool {
        !text.isEmpty && !text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }
}
