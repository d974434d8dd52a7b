import TextEditing

/// Reads the HTML other programs put on the clipboard as `text/html` (a browser's fragment,
/// Firefox's `<html><body><!--StartFragment-->`, LibreOffice's whole document, `HTMLWriter`'s
/// own) into styled text, keeping the styles a field can show (the `TextAttributes` keys) and
/// dropping the rest.
///
/// It is a tokenizer after HTML5's, no more: markup is read, never run. Nothing is fetched
/// (`src`, `href` and `url()` are never looked at), `<script>`, `<style>`, `<head>` and
/// comments give no text, and there is no stylesheet: only the tags' own meaning (b, strong, i,
/// em, u, ins, s, strike, del, font, mark, code, h1 to h6...) and inline `style` attributes
/// count. Text in unknown tags is kept. Block elements (p, div, li, tr, h1...) and `<br>` give
/// line breaks, table cells a tab; white space collapses as CSS's `normal` does (kept in `<pre>`
/// and `white-space: pre`/`pre-wrap`). When the markup carries `<!--StartFragment-->` and
/// `<!--EndFragment-->`, only the text between them is taken, in the styles of the elements
/// around it.
///
/// Malformed markup reads as its text: a `<` that starts no tag is a character, an end tag
/// closes the nearest open element of its name (the others stay open, as a browser reopens
/// misnested formatting), an end tag with none open is ignored, and a tag, comment or character
/// reference cut off by the end of the input is kept as the characters it was. Bounded: at most
/// `maximumDepth` open elements (deeper ones add no style; their text is kept), at most
/// `maximumRuns` runs (then the rest continues in the last run's styles), `maximumStackWork`
/// (misnesting past it closes only the innermost element), and input longer than
/// `maximumInputBytes` is not read at all (nil: the caller takes the plain text instead). No
/// recursion, so no input can exhaust the stack; nothing traps.
public struct HTMLReader: Sendable {
    /// CSS's initial ink (`canvastext` on a light page) and the near-black neutrals pages set as
    /// their body text (#202124, #333), the initial size (`medium`) and the sans-serif faces a
    /// page names for "the system's text": where they undo nothing they are the page's defaults.
    public static func isDefaultInk(_ color: Color) -> Bool {
        let channels = [color.red, color.green, color.blue]
        guard color.alpha >= 1, let high = channels.max(), let low = channels.min() else { return false }
        return high <= 0x40 / 255.0 && high - low <= 0x10 / 255.0
    }

    /// Larger input is refused (nil): the owner's plain text is pasted instead.
    public var maximumInputBytes = 16 << 20
    /// Open elements beyond this many add no style (their text still counts).
    public var maximumDepth = 256
    /// Runs beyond this many are not started: the rest of the text takes the last run's styles.
    /// A field's edits still scan its runs (a keystroke in the debug build cost about 0.2 s with
    /// 20,000 runs and 4 s with 65,536), so a paste keeps the styles of a few pages, not more.
    public var maximumRuns = 4_096
    /// Open elements looked at and restyled, in all, by end tags and implied closes. Misnested
    /// hostile markup could make every tag look at and restyle the whole stack; past this, an end
    /// tag closes only the innermost element (if it has the tag's name) and nothing is restyled,
    /// so the work stays linear in the input (about a second of the debug build).
    public var maximumStackWork = 1 << 20
    /// Whether the desktop has a font family: a `font-family` list then takes the first one it
    /// has (a generic family, such as `serif`, always counts). nil: the first name in the list.
    public var isFamilyAvailable: (@Sendable (String) -> Bool)?

    public init(isFamilyAvailable: (@Sendable (String) -> Bool)? = nil) {
        self.isFamilyAvailable = isFamilyAvailable
    }

    /// The styled text `html` shows; nil only when it is longer than `maximumInputBytes`.
    public func attributedText(fromHTML html: String) -> AttributedText? {
        guard html.utf8.count <= maximumInputBytes else { return nil }
        var reading = HTMLReading(bytes: Array(html.utf8), reader: self)
        return reading.run()
    }

    /// The styled text of `text/html` as it arrives from another program (`decode`); nil when it
    /// is longer than `maximumInputBytes`.
    public func attributedText(fromHTMLData bytes: [UInt8]) -> AttributedText? {
        guard bytes.count <= maximumInputBytes * 2 else { return nil }
        return attributedText(fromHTML: Self.decode(bytes))
    }

    /// `text/html`'s bytes as a string: UTF-16 (little- or big-endian) when they start with its
    /// byte order mark, as Firefox writes the clipboard, or look like little-endian UTF-16 ("<"
    /// then a zero byte) without one; UTF-8 otherwise (a UTF-8 byte order mark is dropped), each
    /// invalid sequence read as U+FFFD.
    public static func decode(_ bytes: [UInt8]) -> String {
        if bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xFE { return utf16(bytes.dropFirst(2), bigEndian: false) }
        if bytes.count >= 2, bytes[0] == 0xFE, bytes[1] == 0xFF { return utf16(bytes.dropFirst(2), bigEndian: true) }
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { return String(decoding: bytes.dropFirst(3), as: UTF8.self) }
        if bytes.count >= 2, bytes.count % 2 == 0, bytes[0] != 0, bytes[1] == 0 { return utf16(bytes[...], bigEndian: false) }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> String {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let first = UInt16(bytes[index]), second = UInt16(bytes[index + 1])
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        // A trailing odd byte is half a character: dropped.
        return String(decoding: units, as: UTF16.self)
    }
}

/// How white space in text is treated (CSS's `white-space`, as far as a field needs it).
enum HTMLWhiteSpace {
    /// Runs of spaces, tabs and line ends become one space.
    case collapse
    /// Everything is kept (pre, pre-wrap, break-spaces).
    case preserve
    /// Spaces and tabs collapse, line ends are kept (pre-line).
    case preserveLineEnds
}

/// What an open element passes to what it holds.
struct HTMLInheritedStyle {
    var attributes = TextAttributes.none
    /// The font size relative sizes and `em` lengths are taken of: 16 px (CSS's `medium`) until
    /// an element sets one.
    var fontSize = 16.0
    var whiteSpace = HTMLWhiteSpace.collapse
    /// Inside `display: none`, `<head>`, `<script>`...: no text.
    var isHidden = false
    /// `visibility: hidden` (a descendant may show itself again).
    var isInvisible = false
}

/// One element's own styles: its tag's meaning, its presentational attributes, its `style`.
struct HTMLElementStyle {
    var fontFamily: String?
    /// A size in pixels, or a factor of the parent's.
    var fontSize: Double?
    var fontSizeFactor: Double?
    var fontWeight: FontWeight?
    var isItalic: Bool?
    var foregroundColor: Color?
    var backgroundColor: Color?
    var underline = false
    var strikethrough = false
    /// Only for the lines this element draws itself.
    var decorationStyle: LineStyle?
    var decorationColor: Color?
    var decorationThickness: (value: Double, isFactor: Bool)?
    /// Pixels, or a factor of the font size (`em`); `normal` is 0.
    var letterSpacing: (value: Double, isFactor: Bool)?
    var whiteSpace: HTMLWhiteSpace?
    /// nil: the tag's own; true: block (display: block, list-item, table...), false: inline.
    var isBlock: Bool?
    var isHidden = false
    var isInvisible: Bool?

    static let defaultFontSize = 16.0
    static let defaultFamilies: Set<String> = ["sans-serif", "system-ui", "ui-sans-serif", "-apple-system", "blinkmacsystemfont"]

    /// `parent`'s styles with this element's applied.
    func applied(to parent: HTMLInheritedStyle) -> HTMLInheritedStyle {
        var style = parent
        var attributes = parent.attributes
        // A page's own defaults (Chromium copies the computed `color: rgb(0, 0, 0); font-family:
        // sans-serif; font-size: 16px` onto the outermost element) are not styles: they set
        // nothing unless they undo an outer style, so pasted text keeps the field's ink, face and
        // size (black ink would vanish on a dark theme). `""` is the field's own face.
        if let fontFamily {
            if Self.defaultFamilies.contains(fontFamily.lowercased()) {
                attributes.fontFamily = parent.attributes.fontFamily == nil ? nil : ""
            } else {
                attributes.fontFamily = fontFamily
            }
        }
        if let fontSize {
            style.fontSize = CSSValues.clampSize(fontSize)
            attributes.fontSize = style.fontSize == Self.defaultFontSize && parent.attributes.fontSize == nil ? nil : style.fontSize
        } else if let fontSizeFactor {
            style.fontSize = CSSValues.clampSize(parent.fontSize * fontSizeFactor)
            attributes.fontSize = style.fontSize
        }
        // Declaring the initial value (Chromium writes `font-weight: 400; font-style: normal;
        // letter-spacing: normal` on every span) sets nothing unless it undoes an outer style.
        if let fontWeight { attributes.fontWeight = fontWeight == .regular && parent.attributes.fontWeight == nil ? nil : fontWeight }
        if let isItalic { attributes.isItalic = !isItalic && parent.attributes.isItalic == nil ? nil : isItalic }
        if let foregroundColor {
            // Ink chosen with a background of its own (`<mark>`, a highlighted span) is a pair, kept.
            let isPagesInk = HTMLReader.isDefaultInk(foregroundColor) && parent.attributes.foregroundColor == nil
                && backgroundColor == nil && parent.attributes.backgroundColor == nil
            attributes.foregroundColor = isPagesInk ? nil : foregroundColor
        }
        // A background is not inherited in CSS, but it is painted behind everything inside.
        if let backgroundColor, backgroundColor.alpha > 0 { attributes.backgroundColor = backgroundColor }
        let line: LineStyle = {
            if decorationStyle == .double { return .double }
            if let (value, isFactor) = decorationThickness, (isFactor ? value : value / style.fontSize) >= 0.1 { return .thick }
            return .single
        }()
        // Decorations add up: an inner `text-decoration: none` does not take an outer line away.
        if underline {
            attributes.underlineStyle = line
            attributes.underlineColor = decorationColor
        }
        if strikethrough {
            attributes.strikethroughStyle = line
            attributes.strikethroughColor = decorationColor
        }
        if let (value, isFactor) = letterSpacing {
            let kern = isFactor ? value * style.fontSize : value
            let bounded = min(max(kern, -100), 100)
            attributes.kern = bounded == 0 && parent.attributes.kern == nil ? nil : bounded
        }
        if let whiteSpace { style.whiteSpace = whiteSpace }
        if isHidden { style.isHidden = true }
        if let isInvisible { style.isInvisible = isInvisible }
        style.attributes = attributes
        return style
    }

    /// Reads one declaration of a `style` attribute; an unknown property or value is ignored.
    mutating func apply(property: String, value: String, familyChooser: ((String) -> Bool)?) {
        let lowered = value.lowercased()
        // CSS-wide keywords: `initial` undoes nothing here (there is no cascade to undo),
        // `inherit` is what inherited properties do anyway.
        if ["inherit", "initial", "unset", "revert", "revert-layer"].contains(lowered) { return }
        switch property {
        case "font-weight":
            if let weight = CSSValues.fontWeight(value) { fontWeight = weight }
        case "font-style":
            if lowered == "italic" || lowered.hasPrefix("oblique") { isItalic = true } else if lowered == "normal" { isItalic = false }
        case "font-size":
            setFontSize(value)
        case "font-family":
            if let family = CSSValues.family(value, isAvailable: familyChooser) { fontFamily = family }
        case "font":
            applyFontShorthand(value, familyChooser: familyChooser)
        case "color":
            if let color = CSSValues.color(value) { foregroundColor = color }
        case "background-color":
            if let color = CSSValues.color(value) { backgroundColor = color }
        case "background":
            // The shorthand's colour, if it has one (images and the rest are not read).
            for token in CSSValues.tokens(value) {
                if let color = CSSValues.color(token) { backgroundColor = color }
            }
        case "text-decoration", "text-decoration-line", "-webkit-text-decoration":
            for token in CSSValues.tokens(lowered) {
                switch token {
                case "underline": underline = true
                case "line-through": strikethrough = true
                case "double": decorationStyle = .double
                case "solid", "dotted", "dashed", "wavy": decorationStyle = .single
                default:
                    if property != "text-decoration-line", let color = CSSValues.color(token) { decorationColor = color }
                    else if property == "text-decoration", let thickness = Self.thickness(token) { decorationThickness = thickness }
                }
            }
        case "text-decoration-style":
            decorationStyle = lowered == "double" ? .double : .single
        case "text-decoration-color":
            if let color = CSSValues.color(value) { decorationColor = color }
        case "text-decoration-thickness":
            if let thickness = Self.thickness(lowered) { decorationThickness = thickness }
        case "letter-spacing":
            if lowered == "normal" {
                letterSpacing = (0, false)
            } else if let (number, unit) = CSSValues.number(lowered), unit == "em" || unit == "ex" {
                letterSpacing = (unit == "em" ? number : number / 2, true)
            } else if let pixels = CSSValues.length(lowered, fontSize: 16) {
                letterSpacing = (pixels, false)
            }
        case "white-space":
            switch lowered {
            case "pre", "pre-wrap", "break-spaces": whiteSpace = .preserve
            case "pre-line": whiteSpace = .preserveLineEnds
            case "normal", "nowrap": whiteSpace = .collapse
            default: break
            }
        case "white-space-collapse":
            switch lowered {
            case "preserve", "break-spaces": whiteSpace = .preserve
            case "preserve-breaks": whiteSpace = .preserveLineEnds
            case "collapse": whiteSpace = .collapse
            default: break
            }
        case "display":
            let first = CSSValues.tokens(lowered).first ?? ""
            switch first {
            case "none": isHidden = true
            case "block", "flex", "grid", "list-item", "table", "table-row", "flow-root", "table-caption": isBlock = true
            case "inline", "inline-block", "inline-flex", "inline-grid", "contents", "table-cell": isBlock = false
            default: break
            }
        case "visibility":
            if lowered == "hidden" || lowered == "collapse" { isInvisible = true } else if lowered == "visible" { isInvisible = false }
        default:
            break
        }
    }

    mutating func setFontSize(_ value: String) {
        let lowered = value.lowercased()
        if let keyword = CSSValues.sizeKeywords[lowered] {
            fontSize = keyword; fontSizeFactor = nil
        } else if lowered == "smaller" || lowered == "larger" {
            fontSize = nil; fontSizeFactor = lowered == "smaller" ? 1 / 1.2 : 1.2
        } else if let (number, unit) = CSSValues.number(lowered), number > 0, ["%", "em", "ex"].contains(unit) {
            fontSize = nil; fontSizeFactor = unit == "%" ? number / 100 : unit == "em" ? number : number / 2
        } else if let pixels = CSSValues.length(lowered, fontSize: 16), pixels > 0 {
            fontSize = pixels; fontSizeFactor = nil
        }
    }

    /// `font: [style] [variant] [weight] size[/line-height] family, ...`
    private mutating func applyFontShorthand(_ value: String, familyChooser: ((String) -> Bool)?) {
        let tokens = CSSValues.tokens(value)
        for (index, token) in tokens.enumerated() {
            let lowered = token.lowercased()
            if lowered == "italic" || lowered == "oblique" {
                isItalic = true
            } else if lowered == "normal" || lowered == "small-caps" {
                continue
            } else if let weight = CSSValues.fontWeight(lowered), CSSValues.number(lowered).map({ $0.unit.isEmpty }) ?? true {
                fontWeight = weight
            } else {
                // The size (before an optional "/line-height"), then the families to the end.
                let size = String(lowered.split(separator: "/", maxSplits: 1).first ?? "")
                var probe = HTMLElementStyle()
                probe.setFontSize(size)
                guard probe.fontSize != nil || probe.fontSizeFactor != nil else { return }
                fontSize = probe.fontSize
                fontSizeFactor = probe.fontSizeFactor
                if isItalic == nil { isItalic = false }
                if fontWeight == nil { fontWeight = .regular }
                let families = tokens[(index + 1)...].joined(separator: " ")
                if let family = CSSValues.family(families, isAvailable: familyChooser) { fontFamily = family }
                return
            }
        }
    }

    private static func thickness(_ token: String) -> (Double, Bool)? {
        if token == "thick" { return (0.15, true) }
        if token == "thin" || token == "auto" || token == "from-font" { return (0.05, true) }
        if let (number, unit) = CSSValues.number(token), unit == "em" || unit == "%" { return (unit == "%" ? number / 100 : number, true) }
        return CSSValues.length(token, fontSize: 16).map { ($0, false) }
    }
}
