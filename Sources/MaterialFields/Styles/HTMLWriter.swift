import TextEditing

/// Writes styled text as the small HTML fragment a copy offers as `text/html` (what browsers,
/// office suites and GTK programs paste styled), which `HTMLReader` reads back to the same runs:
///
///     <meta charset="utf-8"><b>Bold</b> and <span style="color:#B00020">red</span>
///
/// Each run is one element or a few nested ones: `<b>` (bold), `<i>` (italic), `<u>` and `<s>`
/// (with `text-decoration-style: double`, a thickness for thick lines and
/// `text-decoration-color` when set), and a `<span style>` for the family (quoted), the size in
/// px, the colours (`#RRGGBB`, or `rgba()` when not opaque), a weight other than bold
/// (`font-weight: 500` or `400`), `font-style: normal`, and kerning as `letter-spacing`. Only
/// the keys a run sets are written. Line breaks are `<br>`; `&`, `<`, `>` and (in attributes)
/// `"` are escaped, control characters written as references. Text with runs of spaces, tabs,
/// or spaces at a line's ends is wrapped in `white-space: pre-wrap` so they survive.
public enum HTMLWriter {
    /// The fragment for `text`: always valid HTML, whatever the text holds.
    public static func fragment(for text: AttributedText) -> String {
        var html = "<meta charset=\"utf-8\">"
        let keepsSpaces = needsPreservedSpaces(text.characters)
        if keepsSpaces { html += "<span style=\"white-space:pre-wrap\">" }
        for run in text.runs {
            let (open, close) = tags(for: run.attributes)
            html += open
            for character in text.characters[run.range] { append(character, to: &html) }
            html += close
        }
        if keepsSpaces { html += "</span>" }
        return html
    }

    /// The start and end tags that give a run its attributes.
    static func tags(for attributes: TextAttributes) -> (open: String, close: String) {
        var open = "", close = ""
        func wrap(_ name: String, style: [String] = []) {
            open += "<" + name + (style.isEmpty ? "" : " style=\"" + escapeAttribute(style.joined(separator: ";")) + "\"") + ">"
            close = "</" + name + ">" + close
        }
        var style: [String] = []
        if let family = attributes.fontFamily, !family.isEmpty { style.append("font-family:" + cssString(family)) }
        if let size = attributes.fontSize, size.isFinite, size > 0 { style.append("font-size:" + number(size) + "px") }
        if let weight = attributes.fontWeight, weight != .bold { style.append("font-weight:" + String(weight.rawValue)) }
        if attributes.isItalic == false { style.append("font-style:normal") }
        if let color = attributes.foregroundColor { style.append("color:" + css(color)) }
        if let color = attributes.backgroundColor { style.append("background-color:" + css(color)) }
        if let kern = attributes.kern, kern.isFinite { style.append("letter-spacing:" + number(kern) + "px") }
        if !style.isEmpty { wrap("span", style: style) }
        if attributes.fontWeight == .bold { wrap("b") }
        if attributes.isItalic == true { wrap("i") }
        if let line = attributes.underlineStyle { wrap("u", style: decoration(line, color: attributes.underlineColor)) }
        if let line = attributes.strikethroughStyle { wrap("s", style: decoration(line, color: attributes.strikethroughColor)) }
        return (open, close)
    }

    private static func decoration(_ line: LineStyle, color: Color?) -> [String] {
        var style: [String] = []
        switch line {
        case .single: break
        case .double: style.append("text-decoration-style:double")
        case .thick: style.append("text-decoration-thickness:0.15em")
        }
        if let color { style.append("text-decoration-color:" + css(color)) }
        return style
    }

    private static func append(_ character: Character, to html: inout String) {
        switch character {
        case "&": html += "&amp;"
        case "<": html += "&lt;"
        case ">": html += "&gt;"
        case "\n", "\r\n", "\r": html += "<br>"
        default:
            for scalar in character.unicodeScalars {
                let value = scalar.value
                if value == 0 {
                    html += "&#xFFFD;"
                } else if (value < 0x20 && value != 0x09) || (0x7F...0x9F).contains(value) {
                    // A control character is written as a reference (0x80 to 0x9F by its
                    // number would read as Windows-1252: those are kept as characters).
                    if (0x80...0x9F).contains(value) { html.unicodeScalars.append(scalar) } else { html += "&#" + String(value) + ";" }
                } else {
                    html.unicodeScalars.append(scalar)
                }
            }
        }
    }

    /// Whether collapsing white space would change the text: a tab, two spaces in a row, or a
    /// space at the start or end of a line.
    static func needsPreservedSpaces(_ characters: [Character]) -> Bool {
        // At the start, the previous "character" counts as a line break.
        var previousIsSpace = false, previousIsBreak = true
        for character in characters {
            if character == "\t" { return true }
            let isSpace = character == " "
            let isBreak = character == "\n" || character == "\r\n" || character == "\r"
            if isSpace && (previousIsSpace || previousIsBreak) { return true }
            if isBreak && previousIsSpace { return true }
            previousIsSpace = isSpace
            previousIsBreak = isBreak
        }
        return previousIsSpace
    }

    /// `text` as XML or HTML may hold it in an attribute's value or an element's text: `&`, `"`,
    /// `<` and `>` as references.
    package static func escapeAttribute(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "\"": result += "&quot;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A CSS string in single quotes: backslashes and quotes escaped, control characters and line
    /// ends as hex escapes.
    static func cssString(_ text: String) -> String {
        var result = "'"
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "'": result += "\\'"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\" + String(scalar.value, radix: 16) + " "
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "'"
    }

    /// `#RRGGBB` when opaque, else `rgba(R, G, B, A)`.
    static func css(_ color: Color) -> String {
        func byte(_ value: Double) -> Int { value.isNaN ? 0 : Int((min(max(value, 0), 1) * 255).rounded()) }
        let red = byte(color.red), green = byte(color.green), blue = byte(color.blue)
        if color.alpha >= 1 || color.alpha.isNaN {
            let hex = String(red << 16 | green << 8 | blue, radix: 16, uppercase: true)
            return "#" + String(repeating: "0", count: 6 - hex.count) + hex
        }
        return "rgba(\(red), \(green), \(blue), " + number(min(max(color.alpha, 0), 1), places: 3) + ")"
    }

    /// A number with at most `places` decimals and no trailing zeros ("18", "0.5", "-1.25").
    static func number(_ value: Double, places: Int = 2) -> String {
        guard value.isFinite else { return "0" }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 1e15 else { return value < 0 ? "-1000000" : "1000000" }
        let whole = Int(scaled) / Int(scale), fraction = Int(scaled) % Int(scale)
        var text = (value < 0 && scaled > 0 ? "-" : "") + String(whole)
        if fraction > 0 {
            var digits = String(fraction)
            digits = String(repeating: "0", count: places - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return text
    }
}
