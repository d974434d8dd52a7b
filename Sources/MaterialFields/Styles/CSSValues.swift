import TextEditing

/// The CSS values `HTMLReader` reads from `style` attributes and old presentational attributes:
/// colours, lengths, font sizes and weights, family lists. Pure parsing: nothing is fetched,
/// nothing evaluated; a value it cannot read is ignored, as a browser ignores a bad declaration.
enum CSSValues {
    // MARK: Declarations

    /// A `style` attribute's declarations as (lower-cased property, value) pairs, in order:
    /// comments removed, `!important` dropped, semicolons inside quotes or brackets kept.
    static func declarations(_ style: String) -> [(String, String)] {
        var result: [(String, String)] = []
        var current = ""
        var quote: Character?
        var depth = 0
        var scalars = Array(style.unicodeScalars)[...]
        func finish() {
            defer { current = "" }
            guard let colon = current.firstIndex(of: ":") else { return }
            let property = trimmed(String(current[..<colon])).lowercased()
            var value = trimmed(String(current[current.index(after: colon)...]))
            if let bang = value.lastIndex(of: "!"), trimmed(String(value[value.index(after: bang)...])).lowercased() == "important" {
                value = trimmed(String(value[..<bang]))
            }
            guard !property.isEmpty, !value.isEmpty else { return }
            result.append((property, value))
        }
        while let scalar = scalars.popFirst() {
            if let open = quote {
                current.unicodeScalars.append(scalar)
                if scalar == "\\", let next = scalars.popFirst() { current.unicodeScalars.append(next) }
                else if Character(scalar) == open { quote = nil }
                continue
            }
            switch scalar {
            case "/" where scalars.first == "*":
                // A comment, to its end (or the end of the attribute).
                scalars = scalars.dropFirst()
                while let next = scalars.popFirst() {
                    if next == "*", scalars.first == "/" { scalars = scalars.dropFirst(); break }
                }
            case "\"", "'":
                quote = Character(scalar)
                current.unicodeScalars.append(scalar)
            case "(":
                depth += 1
                current.unicodeScalars.append(scalar)
            case ")":
                depth = max(0, depth - 1)
                current.unicodeScalars.append(scalar)
            case ";" where depth == 0:
                finish()
            default:
                current.unicodeScalars.append(scalar)
            }
        }
        finish()
        return result
    }

    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(scalars[first...last])
    }

    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}"
    }

    /// A value split at white space outside brackets and quotes ("underline double rgb(1, 2, 3)").
    static func tokens(_ value: String) -> [String] {
        var result: [String] = []
        var current = ""
        var depth = 0
        var quote: Unicode.Scalar?
        for scalar in value.unicodeScalars {
            if let open = quote {
                current.unicodeScalars.append(scalar)
                if scalar == open { quote = nil }
            } else if scalar == "\"" || scalar == "'" {
                quote = scalar
                current.unicodeScalars.append(scalar)
            } else if scalar == "(" {
                depth += 1
                current.unicodeScalars.append(scalar)
            } else if scalar == ")" {
                depth = max(0, depth - 1)
                current.unicodeScalars.append(scalar)
            } else if isSpace(scalar) && depth == 0 {
                if !current.isEmpty { result.append(current); current = "" }
            } else {
                current.unicodeScalars.append(scalar)
            }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    // MARK: Numbers and lengths

    /// A CSS number ("12", "-0.5", ".75", "1e3") and the unit after it, lower-cased. A number with
    /// more than 12 integer digits reads as 10^12, an exponent past 40 as 40: hostile sizes,
    /// clamped where they are used.
    static func number(_ text: String) -> (value: Double, unit: String)? {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        var negative = false
        if index < scalars.count, scalars[index] == "-" || scalars[index] == "+" { negative = scalars[index] == "-"; index += 1 }
        var value = 0.0
        var digits = 0
        while index < scalars.count, let digit = digitValue(scalars[index]) {
            value = digits < 12 ? value * 10 + Double(digit) : 1e12
            digits += 1
            index += 1
        }
        if index < scalars.count, scalars[index] == "." {
            index += 1
            var scale = 0.1
            while index < scalars.count, let digit = digitValue(scalars[index]) {
                value += Double(digit) * scale
                scale /= 10
                digits += 1
                index += 1
            }
        }
        guard digits > 0 else { return nil }
        // An exponent ("1e3", "2.5E-1"); an "e" without digits after it starts a unit ("em").
        if index + 1 < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
            var next = index + 1
            var exponentNegative = false
            if scalars[next] == "-" || scalars[next] == "+" { exponentNegative = scalars[next] == "-"; next += 1 }
            var exponent = 0
            var exponentDigits = 0
            while next < scalars.count, let digit = digitValue(scalars[next]) {
                exponent = min(exponent * 10 + digit, 400)
                exponentDigits += 1
                next += 1
            }
            if exponentDigits > 0 {
                for _ in 0..<min(exponent, 40) { value = exponentNegative ? value / 10 : value * 10 }
                index = next
            }
        }
        return (negative ? -value : value, String(String.UnicodeScalarView(scalars[index...])).lowercased())
    }

    private static func digitValue(_ scalar: Unicode.Scalar) -> Int? {
        scalar.value >= 48 && scalar.value <= 57 ? Int(scalar.value - 48) : nil
    }

    /// A length in pixels: px, pt, pc, in, cm, mm, q, em and ex (of `fontSize`), rem (of 16 px);
    /// a bare 0 is 0. Percentages are not lengths here.
    static func length(_ text: String, fontSize: Double) -> Double? {
        guard let (value, unit) = number(text.lowercased()) else { return nil }
        switch unit {
        case "px": return value
        case "pt": return value * 4 / 3
        case "pc": return value * 16
        case "in": return value * 96
        case "cm": return value * 96 / 2.54
        case "mm": return value * 96 / 25.4
        case "q": return value * 96 / 101.6
        case "em": return value * fontSize
        case "ex", "ch": return value * fontSize / 2
        case "rem": return value * 16
        case "": return value == 0 ? 0 : nil
        default: return nil
        }
    }

    /// The sizes CSS's keywords stand for at a 16 px `medium`.
    static let sizeKeywords: [String: Double] = [
        "xx-small": 9, "x-small": 10, "small": 13, "medium": 16, "large": 18, "x-large": 24, "xx-large": 32, "xxx-large": 48,
    ]

    /// What `<font size="N">` means, 1 to 7.
    static let fontElementSizes: [Double] = [10, 13, 16, 18, 24, 32, 48]

    /// The smallest and largest size read: a hostile `font-size: 1e9px` would ask the font
    /// machinery for glyphs bigger than any screen.
    static let sizeRange = 1.0...256.0

    static func clampSize(_ size: Double) -> Double {
        min(max(size, sizeRange.lowerBound), sizeRange.upperBound)
    }

    /// `font-weight`: a keyword or a number 1...1000, as one of the weights the field draws
    /// (below 500 regular, below 600 medium, bold from 600). `bolder` is bold and `lighter`
    /// regular from any of the three, as CSS steps them. nil: not a weight.
    static func fontWeight(_ value: String) -> FontWeight? {
        switch value.lowercased() {
        case "normal": return .regular
        case "bold", "bolder": return .bold
        case "lighter": return .regular
        default:
            guard let (number, unit) = number(value), unit.isEmpty, number >= 1, number <= 1000 else { return nil }
            return weight(Int(number))
        }
    }

    static func weight(_ number: Int) -> FontWeight {
        number >= 600 ? .bold : number >= 500 ? .medium : .regular
    }

    // MARK: Font families

    /// Names that say "the system's face" rather than name one fontconfig knows.
    private static let systemNames: Set<String> = ["system-ui", "-apple-system", "blinkmacsystemfont", "ui-sans-serif",
                                                   "ui-serif", "ui-monospace", "ui-rounded", "inherit", "initial", "unset",
                                                   "revert", "emoji", "math", "fangsong"]
    /// CSS's generic families, which fontconfig also knows by these names.
    private static let generic: Set<String> = ["serif", "sans-serif", "monospace", "cursive", "fantasy"]

    /// A `font-family` list's names, unquoted and unescaped, in order.
    static func familyNames(_ value: String) -> [String] {
        var names: [String] = []
        var current = ""
        var quote: Unicode.Scalar?
        var quoted = false
        var scalars = Array(value.unicodeScalars)[...]
        func finish() {
            let name = quoted ? current : tokens(current).joined(separator: " ")
            if !name.isEmpty { names.append(name) }
            current = ""
            quoted = false
        }
        while let scalar = scalars.popFirst() {
            if let open = quote {
                if scalar == "\\" {
                    if let next = scalars.popFirst(), next != "\n" { current.unicodeScalars.append(unescape(next, &scalars)) }
                } else if scalar == open {
                    quote = nil
                } else {
                    current.unicodeScalars.append(scalar)
                }
            } else if scalar == "\"" || scalar == "'" {
                quote = scalar
                quoted = true
                current = ""
            } else if scalar == "," {
                finish()
            } else if !quoted {
                current.unicodeScalars.append(scalar == "\\" ? (scalars.popFirst().map { unescape($0, &scalars) } ?? scalar) : scalar)
            }
        }
        finish()
        return names
    }

    /// A CSS escape after its backslash: up to six hex digits (and one space after them), or the
    /// character itself.
    private static func unescape(_ first: Unicode.Scalar, _ rest: inout ArraySlice<Unicode.Scalar>) -> Unicode.Scalar {
        guard first.properties.isASCIIHexDigit else { return first }
        var hex = String(first)
        while hex.count < 6, let next = rest.first, next.properties.isASCIIHexDigit { hex.unicodeScalars.append(next); rest = rest.dropFirst() }
        if let next = rest.first, isSpace(next) { rest = rest.dropFirst() }
        return UInt32(hex, radix: 16).flatMap { $0 == 0 ? nil : Unicode.Scalar($0) } ?? "\u{FFFD}"
    }

    /// The family to draw a `font-family` list with: the first the desktop has (when
    /// `isAvailable` can tell), else the first generic family in the list, else the first name.
    /// Names meaning "the system's face" are skipped. nil: nothing usable.
    static func family(_ value: String, isAvailable: ((String) -> Bool)?) -> String? {
        let names = familyNames(value).filter { !systemNames.contains($0.lowercased()) }.map { name -> String in
            generic.contains(name.lowercased()) ? name.lowercased() : name
        }
        if let isAvailable, let found = names.first(where: { generic.contains($0) || isAvailable($0) }) { return found }
        if isAvailable != nil, let found = names.first(where: { generic.contains($0) }) { return found }
        return names.first
    }

    // MARK: Colours

    /// A CSS colour: #rgb, #rgba, #rrggbb, #rrggbbaa, rgb()/rgba() with numbers or percentages
    /// (commas or spaces, "/ alpha"), hsl()/hsla(), a named colour, `transparent`. `legacy`
    /// also reads hex without its "#", as `<font color>` and `bgcolor` do.
    static func color(_ value: String, legacy: Bool = false) -> Color? {
        let text = trimmed(value).lowercased()
        if text.hasPrefix("#") { return hexColor(String(text.dropFirst())) }
        if let hex = namedColors[text] { return Color(hex: hex) }
        if text == "transparent" { return .clear }
        if let open = text.firstIndex(of: "("), text.hasSuffix(")") {
            let function = String(text[..<open])
            let inside = String(text[text.index(after: open)..<text.index(before: text.endIndex)])
            let parts = inside.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "/" || $0 == "\t" }).map(String.init)
            guard parts.count == 3 || parts.count == 4 else { return nil }
            let alpha = parts.count == 4 ? component(parts[3], scale: 1) : 1
            switch function {
            case "rgb", "rgba":
                guard let red = component(parts[0], scale: 255), let green = component(parts[1], scale: 255),
                      let blue = component(parts[2], scale: 255), let alpha else { return nil }
                return Color(red: red, green: green, blue: blue, alpha: alpha)
            case "hsl", "hsla":
                guard let hue = number(parts[0]).flatMap({ ["", "deg"].contains($0.unit) ? $0.value : nil }),
                      let saturation = component(parts[1], scale: 100), let lightness = component(parts[2], scale: 100),
                      let alpha else { return nil }
                return hsl(hue: hue, saturation: saturation, lightness: lightness, alpha: alpha)
            default:
                return nil
            }
        }
        return legacy ? hexColor(text) : nil
    }

    /// A colour component 0...1 from a number out of `scale` or a percentage.
    private static func component(_ text: String, scale: Double) -> Double? {
        guard let (value, unit) = number(text) else { return nil }
        switch unit {
        case "%": return min(max(value / 100, 0), 1)
        case "": return min(max(value / scale, 0), 1)
        default: return nil
        }
    }

    private static func hexColor(_ digits: String) -> Color? {
        guard digits.unicodeScalars.allSatisfy({ $0.properties.isASCIIHexDigit }) else { return nil }
        let values = digits.unicodeScalars.compactMap { UInt32(String($0), radix: 16) }.map(Double.init)
        switch values.count {
        case 3, 4:
            return Color(red: values[0] / 15, green: values[1] / 15, blue: values[2] / 15,
                         alpha: values.count == 4 ? values[3] / 15 : 1)
        case 6, 8:
            func byte(_ index: Int) -> Double { (values[index] * 16 + values[index + 1]) / 255 }
            return Color(red: byte(0), green: byte(2), blue: byte(4), alpha: values.count == 8 ? byte(6) : 1)
        default:
            return nil
        }
    }

    private static func hsl(hue: Double, saturation: Double, lightness: Double, alpha: Double) -> Color {
        let h = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 360
        let q = lightness < 0.5 ? lightness * (1 + saturation) : lightness + saturation - lightness * saturation
        let p = 2 * lightness - q
        func channel(_ t: Double) -> Double {
            let t = t < 0 ? t + 1 : t > 1 ? t - 1 : t
            if t < 1.0 / 6 { return p + (q - p) * 6 * t }
            if t < 0.5 { return q }
            if t < 2.0 / 3 { return p + (q - p) * (2.0 / 3 - t) * 6 }
            return p
        }
        return Color(red: channel(h + 1.0 / 3), green: channel(h), blue: channel(h - 1.0 / 3), alpha: alpha)
    }

    /// CSS's named colours (CSS Color Module Level 4).
    static let namedColors: [String: UInt32] = [
        "aliceblue": 0xF0F8FF, "antiquewhite": 0xFAEBD7, "aqua": 0x00FFFF, "aquamarine": 0x7FFFD4, "azure": 0xF0FFFF,
        "beige": 0xF5F5DC, "bisque": 0xFFE4C4, "black": 0x000000, "blanchedalmond": 0xFFEBCD, "blue": 0x0000FF,
        "blueviolet": 0x8A2BE2, "brown": 0xA52A2A, "burlywood": 0xDEB887, "cadetblue": 0x5F9EA0, "chartreuse": 0x7FFF00,
        "chocolate": 0xD2691E, "coral": 0xFF7F50, "cornflowerblue": 0x6495ED, "cornsilk": 0xFFF8DC, "crimson": 0xDC143C,
        "cyan": 0x00FFFF, "darkblue": 0x00008B, "darkcyan": 0x008B8B, "darkgoldenrod": 0xB8860B, "darkgray": 0xA9A9A9,
        "darkgreen": 0x006400, "darkgrey": 0xA9A9A9, "darkkhaki": 0xBDB76B, "darkmagenta": 0x8B008B,
        "darkolivegreen": 0x556B2F, "darkorange": 0xFF8C00, "darkorchid": 0x9932CC, "darkred": 0x8B0000,
        "darksalmon": 0xE9967A, "darkseagreen": 0x8FBC8F, "darkslateblue": 0x483D8B, "darkslategray": 0x2F4F4F,
        "darkslategrey": 0x2F4F4F, "darkturquoise": 0x00CED1, "darkviolet": 0x9400D3, "deeppink": 0xFF1493,
        "deepskyblue": 0x00BFFF, "dimgray": 0x696969, "dimgrey": 0x696969, "dodgerblue": 0x1E90FF, "firebrick": 0xB22222,
        "floralwhite": 0xFFFAF0, "forestgreen": 0x228B22, "fuchsia": 0xFF00FF, "gainsboro": 0xDCDCDC,
        "ghostwhite": 0xF8F8FF, "gold": 0xFFD700, "goldenrod": 0xDAA520, "gray": 0x808080, "green": 0x008000,
        "greenyellow": 0xADFF2F, "grey": 0x808080, "honeydew": 0xF0FFF0, "hotpink": 0xFF69B4, "indianred": 0xCD5C5C,
        "indigo": 0x4B0082, "ivory": 0xFFFFF0, "khaki": 0xF0E68C, "lavender": 0xE6E6FA, "lavenderblush": 0xFFF0F5,
        "lawngreen": 0x7CFC00, "lemonchiffon": 0xFFFACD, "lightblue": 0xADD8E6, "lightcoral": 0xF08080,
        "lightcyan": 0xE0FFFF, "lightgoldenrodyellow": 0xFAFAD2, "lightgray": 0xD3D3D3, "lightgreen": 0x90EE90,
        "lightgrey": 0xD3D3D3, "lightpink": 0xFFB6C1, "lightsalmon": 0xFFA07A, "lightseagreen": 0x20B2AA,
        "lightskyblue": 0x87CEFA, "lightslategray": 0x778899, "lightslategrey": 0x778899, "lightsteelblue": 0xB0C4DE,
        "lightyellow": 0xFFFFE0, "lime": 0x00FF00, "limegreen": 0x32CD32, "linen": 0xFAF0E6, "magenta": 0xFF00FF,
        "maroon": 0x800000, "mediumaquamarine": 0x66CDAA, "mediumblue": 0x0000CD, "mediumorchid": 0xBA55D3,
        "mediumpurple": 0x9370DB, "mediumseagreen": 0x3CB371, "mediumslateblue": 0x7B68EE,
        "mediumspringgreen": 0x00FA9A, "mediumturquoise": 0x48D1CC, "mediumvioletred": 0xC71585,
        "midnightblue": 0x191970, "mintcream": 0xF5FFFA, "mistyrose": 0xFFE4E1, "moccasin": 0xFFE4B5,
        "navajowhite": 0xFFDEAD, "navy": 0x000080, "oldlace": 0xFDF5E6, "olive": 0x808000, "olivedrab": 0x6B8E23,
        "orange": 0xFFA500, "orangered": 0xFF4500, "orchid": 0xDA70D6, "palegoldenrod": 0xEEE8AA, "palegreen": 0x98FB98,
        "paleturquoise": 0xAFEEEE, "palevioletred": 0xDB7093, "papayawhip": 0xFFEFD5, "peachpuff": 0xFFDAB9,
        "peru": 0xCD853F, "pink": 0xFFC0CB, "plum": 0xDDA0DD, "powderblue": 0xB0E0E6, "purple": 0x800080,
        "rebeccapurple": 0x663399, "red": 0xFF0000, "rosybrown": 0xBC8F8F, "royalblue": 0x4169E1,
        "saddlebrown": 0x8B4513, "salmon": 0xFA8072, "sandybrown": 0xF4A460, "seagreen": 0x2E8B57, "seashell": 0xFFF5EE,
        "sienna": 0xA0522D, "silver": 0xC0C0C0, "skyblue": 0x87CEEB, "slateblue": 0x6A5ACD, "slategray": 0x708090,
        "slategrey": 0x708090, "snow": 0xFFFAFA, "springgreen": 0x00FF7F, "steelblue": 0x4682B4, "tan": 0xD2B48C,
        "teal": 0x008080, "thistle": 0xD8BFD8, "tomato": 0xFF6347, "turquoise": 0x40E0D0, "violet": 0xEE82EE,
        "wheat": 0xF5DEB3, "white": 0xFFFFFF, "whitesmoke": 0xF5F5F5, "yellow": 0xFFFF00, "yellowgreen": 0x9ACD32,
    ]
}
