import MaterialFields

/// The contents of an XSETTINGS manager's `_XSETTINGS_SETTINGS` property (the freedesktop.org
/// XSETTINGS specification): a serial and named settings, each an integer, a string or a colour.
/// Pure bytes in, a value out: malformed data (short, an unknown type, lengths past the end, a
/// name twice) is nil, never a trap.
package struct XSettings: Equatable {
    package enum Value: Equatable {
        case integer(Int32)
        case string(String)
        /// Red, green, blue, alpha, each 0-65535.
        case color(red: UInt16, green: UInt16, blue: UInt16, alpha: UInt16)
    }

    package var serial: UInt32
    package var values: [String: Value]

    package init(serial: UInt32 = 0, values: [String: Value] = [:]) {
        self.serial = serial
        self.values = values
    }

    /// Reads the property's bytes:
    /// ```
    /// CARD8 byte order (0 LSBFirst, 1 MSBFirst), 3 unused, CARD32 serial, CARD32 N, N settings:
    ///   CARD8 type (0 integer, 1 string, 2 colour), 1 unused, CARD16 n, n bytes of name padded
    ///   to 4, CARD32 last-change serial, then the value:
    ///   integer: INT32; string: CARD32 m, m bytes padded to 4; colour: CARD16 red, blue, green, alpha
    /// ```
    package init?(parsing bytes: [UInt8]) {
        var reader = Reader(bytes: bytes)
        guard let order = reader.byte(), order <= 1, reader.skip(3), let serial = reader.card32(bigEndian: order == 1),
              let count = reader.card32(bigEndian: order == 1) else { return nil }
        let bigEndian = order == 1
        var values: [String: Value] = [:]
        // Each setting takes at least 12 bytes, so a count past what is left is malformed; the
        // loop below would stop at the end anyway, but a huge count is refused at once.
        guard UInt64(count) * 12 <= UInt64(reader.remaining) else { return nil }
        for _ in 0..<count {
            guard let type = reader.byte(), reader.skip(1), let nameLength = reader.card16(bigEndian: bigEndian),
                  let nameBytes = reader.bytes(Int(nameLength)), reader.skip(Self.padding(Int(nameLength))),
                  reader.skip(4) else { return nil }
            // Names are ASCII by the specification; anything else is not a name we know.
            guard !nameBytes.isEmpty, let name = String(validating: nameBytes, as: UTF8.self) else { return nil }
            let value: Value
            switch type {
            case 0:
                guard let integer = reader.card32(bigEndian: bigEndian) else { return nil }
                value = .integer(Int32(bitPattern: integer))
            case 1:
                guard let length = reader.card32(bigEndian: bigEndian), length <= UInt32(reader.remaining),
                      let text = reader.bytes(Int(length)), reader.skip(Self.padding(Int(length))) else { return nil }
                value = .string(String(decoding: text, as: UTF8.self))
            case 2:
                guard let red = reader.card16(bigEndian: bigEndian), let blue = reader.card16(bigEndian: bigEndian),
                      let green = reader.card16(bigEndian: bigEndian), let alpha = reader.card16(bigEndian: bigEndian)
                else { return nil }
                value = .color(red: red, green: green, blue: blue, alpha: alpha)
            default:
                // A type we cannot size: nothing after it can be found.
                return nil
            }
            // A name twice is malformed, as GTK takes it.
            guard values.updateValue(value, forKey: name) == nil else { return nil }
        }
        self.serial = serial
        self.values = values
    }

    private static func padding(_ length: Int) -> Int { (4 - length % 4) % 4 }

    /// The settings the fields follow, with GTK's names and units: times in milliseconds become
    /// seconds, `Xft/DPI` (dots per inch times 1024; GTK takes -1 as unset) becomes dots per inch.
    /// A setting of the wrong type is left out.
    package var desktopSettings: DesktopSettings {
        func integer(_ name: String) -> Int32? {
            if case .integer(let value)? = values[name] { return value }
            return nil
        }
        func string(_ name: String) -> String? {
            if case .string(let value)? = values[name] { return value }
            return nil
        }
        var settings = DesktopSettings()
        settings.cursorBlink = integer("Net/CursorBlink").map { $0 != 0 }
        settings.cursorBlinkTime = integer("Net/CursorBlinkTime").map { Double($0) / 1000 }
        settings.cursorBlinkTimeout = integer("Gtk/CursorBlinkTimeout").flatMap { $0 >= 0 ? Double($0) : nil }
        settings.doubleClickTime = integer("Net/DoubleClickTime").flatMap { $0 >= 0 ? Double($0) / 1000 : nil }
        settings.dragThreshold = integer("Net/DndDragThreshold").flatMap { $0 >= 1 ? Double($0) : nil }
        settings.primaryPasteEnabled = integer("Gtk/EnablePrimaryPaste").map { $0 != 0 }
        settings.animationsEnabled = integer("Gtk/EnableAnimations").map { $0 != 0 }
        settings.dpi = integer("Xft/DPI").flatMap { $0 > 0 ? Double($0) / 1024 : nil }
        settings.themeName = string("Net/ThemeName").flatMap { $0.isEmpty ? nil : $0 }
        settings.prefersDarkTheme = integer("Gtk/ApplicationPreferDarkTheme").map { $0 != 0 }
        return settings
    }

    /// Reads bytes front to back; every read past the end is nil.
    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        var remaining: Int { bytes.count - offset }

        mutating func skip(_ count: Int) -> Bool {
            guard count >= 0, count <= remaining else { return false }
            offset += count
            return true
        }

        mutating func byte() -> UInt8? {
            guard remaining >= 1 else { return nil }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func bytes(_ count: Int) -> [UInt8]? {
            guard count >= 0, count <= remaining else { return nil }
            defer { offset += count }
            return Array(bytes[offset..<offset + count])
        }

        mutating func card16(bigEndian: Bool) -> UInt16? {
            guard let raw = bytes(2) else { return nil }
            return bigEndian ? UInt16(raw[0]) << 8 | UInt16(raw[1]) : UInt16(raw[1]) << 8 | UInt16(raw[0])
        }

        mutating func card32(bigEndian: Bool) -> UInt32? {
            guard let raw = bytes(4) else { return nil }
            let ordered = bigEndian ? raw : raw.reversed()
            return ordered.reduce(0) { $0 << 8 | UInt32($1) }
        }
    }
}
