import MaterialFields

/// Maps X keysyms and modifier state onto the model's plain key events.
enum KeyTranslation {
    // Xlib's modifier bits.
    static let shiftMask: UInt32 = 1 << 0
    static let controlMask: UInt32 = 1 << 2
    static let mod1Mask: UInt32 = 1 << 3

    static func modifiers(fromState state: UInt32) -> KeyModifiers {
        var modifiers: KeyModifiers = []
        if state & shiftMask != 0 { modifiers.insert(.shift) }
        if state & controlMask != 0 { modifiers.insert(.control) }
        if state & mod1Mask != 0 { modifiers.insert(.alt) }
        return modifiers
    }

    /// The editing key for a keysym, or nil for keys that produce text (or nothing).
    static func editingKey(forKeysym keysym: UInt) -> EditingKey? {
        switch keysym {
        case 0xFF08: return .backspace
        case 0xFF09, 0xFE20: return .tab           // Tab, ISO_Left_Tab (Shift+Tab)
        case 0xFF0D, 0xFF8D: return .enter         // Return, KP_Enter
        case 0xFF1B: return .escape
        case 0xFFFF, 0xFF9F: return .delete        // Delete, KP_Delete
        case 0xFF51, 0xFF96: return .left
        case 0xFF52, 0xFF97: return .up
        case 0xFF53, 0xFF98: return .right
        case 0xFF54, 0xFF99: return .down
        case 0xFF50, 0xFF95: return .home
        case 0xFF57, 0xFF9C: return .end
        default: return nil
        }
    }

    /// Text for a keysym when no input method is available: Latin-1 keysyms equal their code
    /// point and Unicode keysyms carry it in the low 24 bits.
    static func text(forKeysym keysym: UInt) -> String? {
        let scalar: UInt32
        switch keysym {
        case 0x20...0x7E, 0xA0...0xFF: scalar = UInt32(keysym)
        case 0x0100_0100...0x0110_FFFF: scalar = UInt32(keysym - 0x0100_0000)
        default: return nil
        }
        return Unicode.Scalar(scalar).map { String(Character($0)) }
    }

    /// Committed text is inserted only if it is printable: control characters from Ctrl+letter or
    /// a stray Delete never reach the field.
    static func isInsertable(_ text: String) -> Bool {
        !text.isEmpty && !text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }
}
