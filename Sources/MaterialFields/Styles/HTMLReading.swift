import Glibc
import TextEditing

/// One pass of `HTMLReader` over UTF-8 bytes: a tokenizer (tags, comments, character
/// references, raw text) feeding a stack of open elements, and the text it gives with its runs.
struct HTMLReading {
    private let bytes: [UInt8]
    private let reader: HTMLReader
    private var position = 0

    private struct OpenElement {
        var name: String
        var own: HTMLElementStyle
        var style: HTMLInheritedStyle
        var isBlock: Bool
        /// Table rows count their cells: each after the first starts with a tab.
        var cells = 0
    }
    private var stack: [OpenElement] = []
    /// Start tags past `maximumDepth` not pushed: their end tags are matched against this count.
    private var overflow = 0
    /// How many elements of each name are open: an end tag or implied close of a name none has
    /// is answered without a look at the stack.
    private var openCount: [String: Int] = [:]
    /// Stack entries looked at and restyled so far (`HTMLReader.maximumStackWork`).
    private var stackWork = 0

    // The text so far, as UTF-8, and where each run starts in it.
    private var output: [UInt8] = []
    private var runStarts: [(offset: Int, attributes: TextAttributes)] = []
    /// The line being written has something on it (a block boundary then breaks it).
    private var lineHasContent = false
    private var pendingBreak = false
    /// Collapsed white space waiting for the next character, with the styles it had.
    private var pendingSpace: TextAttributes?
    /// The styles of the last character written (a block's line break takes them).
    private var lastAttributes = TextAttributes.none
    /// After `<pre>`'s start tag one line end is not content (HTML5).
    private var skipNewline = false
    private var fragmentEnded = false

    /// The desktop's answer for each family asked about (a browser writes the same list on
    /// every span): fontconfig is asked once per name.
    private final class FamilyCache {
        let isAvailable: (String) -> Bool
        var known: [String: Bool] = [:]
        init(_ isAvailable: @escaping (String) -> Bool) { self.isAvailable = isAvailable }
        func check(_ family: String) -> Bool {
            if let answer = known[family] { return answer }
            let answer = known.count < 1024 ? isAvailable(family) : false
            known[family] = answer
            return answer
        }
    }
    private let familyChooser: ((String) -> Bool)?

    init(bytes: [UInt8], reader: HTMLReader) {
        self.bytes = bytes
        self.reader = reader
        familyChooser = reader.isFamilyAvailable.map { available in
            let cache = FamilyCache(available)
            return { cache.check($0) }
        }
    }

    private var current: HTMLInheritedStyle { stack.last?.style ?? HTMLInheritedStyle() }

    mutating func run() -> AttributedText {
        var textStart = 0
        scan: while position < bytes.count, !fragmentEnded {
            guard bytes[position] == UInt8(ascii: "<") else {
                position = nextIndex(of: UInt8(ascii: "<"), from: position)
                continue
            }
            let tagStart = position
            if textStart < tagStart { text(textStart..<tagStart) }
            switch markup() {
            case .read:
                textStart = position
            case .character:
                // Not markup: the "<" is a character.
                position = tagStart + 1
                textStart = tagStart
            case .cutOff:
                // The input ends inside it: what is left is text, as it was written.
                textStart = tagStart
                position = bytes.count
                break scan
            }
        }
        if !fragmentEnded, textStart < bytes.count { text(textStart..<bytes.count) }
        return finish()
    }

    // MARK: Tokenizer

    /// The index of the next `byte` at or after `from`, or the end (memchr: text between tags is
    /// most of a document).
    private func nextIndex(of byte: UInt8, from: Int) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            guard from < buffer.count, let base = buffer.baseAddress,
                  let found = memchr(base + from, Int32(byte), buffer.count - from) else { return buffer.count }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }
    private static func isLetter(_ byte: UInt8) -> Bool { ByteSearch.isASCIILetter(byte) }
    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// The first index at or after `from` where `pattern` starts (ASCII, case-insensitive when
    /// `pattern` is lower case), or nil.
    private func find(_ pattern: [UInt8], from: Int, ignoringCase: Bool = false) -> Int? {
        ByteSearch.find(pattern, in: bytes, from: from, ignoringCase: ignoringCase)
    }

    private enum Markup {
        /// A tag, comment, doctype or processing instruction, read; `position` is after it.
        case read
        /// Not markup ("< 3", "<3"): the "<" is a character.
        case character
        /// Markup the end of the input cuts off.
        case cutOff
    }

    /// Reads the markup at `position` (a "<").
    private mutating func markup() -> Markup {
        let start = position
        guard start + 1 < bytes.count else { return .character }
        let next = bytes[start + 1]
        if next == UInt8(ascii: "!") {
            if bytes[start...].starts(with: Array("<!--".utf8)) {
                guard let (body, end) = commentEnd(from: start + 4) else { return .cutOff }
                comment(body)
                position = end
                return .read
            }
            // A doctype, CDATA or other bogus comment: to the next ">".
            guard let end = bytes[(start + 2)...].firstIndex(of: UInt8(ascii: ">")) else { return .cutOff }
            position = end + 1
            return .read
        }
        if next == UInt8(ascii: "?") {
            guard let end = bytes[(start + 2)...].firstIndex(of: UInt8(ascii: ">")) else { return .cutOff }
            position = end + 1
            return .read
        }
        if next == UInt8(ascii: "/") {
            guard start + 2 < bytes.count else { return .cutOff }
            if bytes[start + 2] == UInt8(ascii: ">") { position = start + 3; return .read }
            guard Self.isLetter(bytes[start + 2]) else {
                // `</` and something that is no name: a bogus comment, to the next ">".
                guard let end = bytes[(start + 2)...].firstIndex(of: UInt8(ascii: ">")) else { return .cutOff }
                position = end + 1
                return .read
            }
            guard let tag = readTag(from: start + 2) else { return .cutOff }
            position = tag.end
            endTag(tag.name)
            return .read
        }
        guard Self.isLetter(next) else { return .character }
        guard let tag = readTag(from: start + 1) else { return .cutOff }
        position = tag.end
        startTag(tag.name, attributes: tag.attributes)
        return .read
    }

    /// A comment's body and the index after its end, from just after its "<!--": `<!-->` and
    /// `<!--->` are empty comments, others end at the first "-->" or "--!>". nil: no end.
    private func commentEnd(from bodyStart: Int) -> (Range<Int>, Int)? {
        if bytes[bodyStart...].starts(with: [UInt8(ascii: ">")]) { return (bodyStart..<bodyStart, bodyStart + 1) }
        if bytes[bodyStart...].starts(with: Array("->".utf8)) { return (bodyStart..<bodyStart, bodyStart + 2) }
        var index = bodyStart
        while index + 2 < bytes.count {
            if bytes[index] == UInt8(ascii: "-"), bytes[index + 1] == UInt8(ascii: "-") {
                if bytes[index + 2] == UInt8(ascii: ">") { return (bodyStart..<index, index + 3) }
                if bytes[index + 2] == UInt8(ascii: "!"), index + 3 < bytes.count, bytes[index + 3] == UInt8(ascii: ">") {
                    return (bodyStart..<index, index + 4)
                }
            }
            index += 1
        }
        return nil
    }

    private struct Tag { var name: String; var attributes: [(String, String)]; var end: Int }

    /// A tag's name and attributes from the first letter of its name; nil when the input ends
    /// before its ">".
    private func readTag(from nameStart: Int) -> Tag? {
        var index = nameStart
        while index < bytes.count, !Self.isSpace(bytes[index]), bytes[index] != UInt8(ascii: "/"), bytes[index] != UInt8(ascii: ">") {
            index += 1
        }
        guard index < bytes.count else { return nil }
        let name = Self.lowercased(bytes[nameStart..<index])
        var attributes: [(String, String)] = []
        while true {
            while index < bytes.count, Self.isSpace(bytes[index]) || bytes[index] == UInt8(ascii: "/") { index += 1 }
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: ">") { return Tag(name: name, attributes: attributes, end: index + 1) }
            // An attribute's name: to white space, "/", ">" or "=" (an "=" first is part of it).
            let attributeStart = index
            index += 1
            while index < bytes.count, !Self.isSpace(bytes[index]), bytes[index] != UInt8(ascii: "/"),
                  bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "=") { index += 1 }
            let attributeName = Self.lowercased(bytes[attributeStart..<index])
            while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count else { return nil }
            guard bytes[index] == UInt8(ascii: "=") else {
                attributes.append((attributeName, ""))
                continue
            }
            index += 1
            while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count else { return nil }
            let value: String
            if bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
                let quote = bytes[index]
                guard let close = bytes[(index + 1)...].firstIndex(of: quote) else { return nil }
                value = Self.decodeReferences(bytes[(index + 1)..<close], inAttribute: true)
                index = close + 1
            } else {
                let valueStart = index
                while index < bytes.count, !Self.isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
                value = Self.decodeReferences(bytes[valueStart..<index], inAttribute: true)
            }
            // The first of a repeated attribute counts, as in HTML5.
            if !attributes.contains(where: { $0.0 == attributeName }) { attributes.append((attributeName, value)) }
        }
    }

    private static func lowercased(_ slice: ArraySlice<UInt8>) -> String {
        String(decoding: slice.map { isLetter($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    /// Text with its character references decoded (`&amp;`, `&#233;`, `&#x1F600;`, `&copy`).
    /// A reference that is unknown or cut off stays as its characters.
    static func decodeReferences(_ slice: ArraySlice<UInt8>, inAttribute: Bool) -> String {
        guard slice.contains(UInt8(ascii: "&")) else { return String(decoding: slice, as: UTF8.self) }
        var result: [UInt8] = []
        result.reserveCapacity(slice.count)
        var index = slice.startIndex
        while index < slice.endIndex {
            let byte = slice[index]
            guard byte == UInt8(ascii: "&"), let (scalar, length) = reference(slice[index...], inAttribute: inAttribute) else {
                result.append(byte)
                index += 1
                continue
            }
            result.append(contentsOf: Array(String(scalar).utf8))
            index += length
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The character a reference starting at `slice`'s "&" stands for, and how many bytes it took.
    private static func reference(_ slice: ArraySlice<UInt8>, inAttribute: Bool) -> (Unicode.Scalar, Int)? {
        let start = slice.startIndex
        var index = start + 1
        guard index < slice.endIndex else { return nil }
        if slice[index] == UInt8(ascii: "#") {
            index += 1
            let hex = index < slice.endIndex && (slice[index] | 0x20) == UInt8(ascii: "x")
            if hex { index += 1 }
            let digitsStart = index
            var value: UInt32? = 0
            while index < slice.endIndex {
                let byte = slice[index]
                let digit: UInt32?
                if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                    digit = UInt32(byte - UInt8(ascii: "0"))
                } else if hex, (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "f") {
                    digit = UInt32((byte | 0x20) - UInt8(ascii: "a") + 10)
                } else {
                    digit = nil
                }
                guard let digit else { break }
                // Past U+10FFFF it can only grow: it stays invalid (nil) without overflowing.
                if let current = value { value = current > 0x10FFFF ? nil : current * (hex ? 16 : 10) + digit }
                index += 1
            }
            guard index > digitsStart else { return nil }
            if index < slice.endIndex, slice[index] == UInt8(ascii: ";") { index += 1 }
            return (HTMLCharacterReferences.numeric(value), index - start)
        }
        // A name: letters and digits, then ";" for any known name; without it only the legacy ones.
        var end = index
        while end < slice.endIndex, end - index < 40, isAlphanumeric(slice[end]) { end += 1 }
        guard end > index else { return nil }
        let name = String(decoding: slice[index..<end], as: UTF8.self)
        if end < slice.endIndex, slice[end] == UInt8(ascii: ";"), let value = HTMLCharacterReferences.named[name],
           let scalar = Unicode.Scalar(value) {
            return (scalar, end + 1 - start)
        }
        // The longest legacy name the run of letters starts with ("&copy2024", "&notit").
        for length in stride(from: min(name.utf8.count, HTMLCharacterReferences.longestLegacy), through: 2, by: -1) {
            let prefix = String(decoding: slice[index..<(index + length)], as: UTF8.self)
            guard HTMLCharacterReferences.legacy.contains(prefix), let value = HTMLCharacterReferences.named[prefix],
                  let scalar = Unicode.Scalar(value) else { continue }
            let after = index + length
            // In an attribute, "&copy=" or "&copyx" stays as written (a URL's query, say).
            if inAttribute, after < slice.endIndex, isAlphanumeric(slice[after]) || slice[after] == UInt8(ascii: "=") { return nil }
            return (scalar, after - start)
        }
        return nil
    }

    // MARK: Tree

    /// Elements whose content is not markup: read to their end tag as one piece.
    private static let rawText: Set<String> = ["script", "style", "xmp", "iframe", "noembed", "noframes", "noscript",
                                               "textarea", "title", "plaintext"]
    /// Raw-text elements whose content is shown (the rest give no text).
    private static let shownRawText: Set<String> = ["xmp", "textarea", "plaintext"]
    /// Elements whose content is never shown.
    private static let hidden: Set<String> = ["head", "template", "svg", "math", "select", "datalist", "object",
                                              "audio", "video", "canvas", "map", "frameset"]
    private static let void: Set<String> = ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                                            "param", "source", "track", "wbr", "basefont", "bgsound", "frame", "keygen"]
    private static let block: Set<String> = [
        "address", "article", "aside", "blockquote", "body", "caption", "center", "dd", "details", "dialog", "dir", "div",
        "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header",
        "hgroup", "hr", "html", "legend", "li", "listing", "main", "menu", "nav", "ol", "p", "pre", "section", "summary",
        "table", "tbody", "tfoot", "thead", "tr", "ul", "xmp", "plaintext", "textarea",
    ]
    /// Start tags that close an open `<p>` first, as HTML5's tree builder does.
    private static let closesParagraph: Set<String> = [
        "address", "article", "aside", "blockquote", "center", "details", "dialog", "dir", "div", "dl", "fieldset",
        "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "listing",
        "main", "menu", "nav", "ol", "p", "pre", "section", "summary", "table", "ul", "xmp", "plaintext",
    ]
    private static let headingSizes: [String: Double] = ["h1": 2, "h2": 1.5, "h3": 1.17, "h4": 1, "h5": 0.83, "h6": 0.67]

    private mutating func startTag(_ name: String, attributes: [(String, String)]) {
        if Self.rawText.contains(name) {
            rawTextElement(name, attributes: attributes)
            return
        }
        if name == "br" { lineBreak(); return }
        if name == "hr" { blockBoundary(); return }
        if Self.void.contains(name) { return }
        if name == "body" { removeNearest("head") }
        if Self.closesParagraph.contains(name) { closeImplied(["p"], stoppingAt: []) }
        switch name {
        case "li": closeImplied(["li"], stoppingAt: ["ul", "ol", "menu", "dir"])
        case "dt", "dd": closeImplied(["dt", "dd"], stoppingAt: ["dl"])
        case "tr": closeImplied(["tr", "td", "th"], stoppingAt: ["table"])
        case "td", "th": closeImplied(["td", "th"], stoppingAt: ["tr", "table"])
        case "option": closeImplied(["option"], stoppingAt: ["select"])
        default: break
        }
        guard stack.count < reader.maximumDepth else {
            overflow += 1
            return
        }
        let own = elementStyle(name, attributes: attributes)
        let isBlock = own.isBlock ?? Self.block.contains(name)
        let parentStyle = current
        var style = own.applied(to: parentStyle)
        if Self.hidden.contains(name) { style.isHidden = true }
        if isBlock { blockBoundary() }
        if name == "td" || name == "th", let row = nearest(["tr"]) {
            if stack[row].cells > 0, !style.isHidden { tab(style) }
            stack[row].cells += 1
        }
        push(OpenElement(name: name, own: own, style: style, isBlock: isBlock))
        if name == "pre" || name == "listing" { skipNewline = true }
    }

    private mutating func endTag(_ name: String) {
        if overflow > 0 {
            overflow -= 1
            return
        }
        if name == "br" { lineBreak(); return }
        guard let index = nearest([name]) else {
            // `</p>` with no paragraph open still ends a line (HTML5 makes an empty one).
            if name == "p" { blockBoundary() }
            return
        }
        let isBlock = stack[index].isBlock
        remove(at: index)
        if isBlock { blockBoundary() }
    }

    /// Closes the nearest open element named in `names`, unless one named in `boundaries` is
    /// nearer (a list item closes the previous item of its own list, not of an outer one).
    private mutating func closeImplied(_ names: Set<String>, stoppingAt boundaries: Set<String>) {
        guard let index = nearest(names, stoppingAt: boundaries) else { return }
        let isBlock = stack[index].isBlock
        remove(at: index)
        if isBlock { blockBoundary() }
    }

    /// The innermost open element named in `names`, unless one named in `boundaries` is nearer.
    private mutating func nearest(_ names: Set<String>, stoppingAt boundaries: Set<String> = []) -> Int? {
        guard names.contains(where: { openCount[$0, default: 0] > 0 }) else { return nil }
        guard stackWork < reader.maximumStackWork else {
            return stack.indices.last.flatMap { names.contains(stack[$0].name) ? $0 : nil }
        }
        for index in stack.indices.reversed() {
            stackWork += 1
            if boundaries.contains(stack[index].name) { return nil }
            if names.contains(stack[index].name) { return index }
        }
        return nil
    }

    private mutating func removeNearest(_ name: String) {
        if let index = nearest([name]) { remove(at: index) }
    }

    private mutating func push(_ element: OpenElement) {
        stack.append(element)
        openCount[element.name, default: 0] += 1
    }

    /// Takes the element at `index` off the stack; what was open inside it stays open, its
    /// styles taken again from its new parent (`<b><i>x</b>y</i>`: "y" is italic, not bold).
    private mutating func remove(at index: Int) {
        let removed = stack.remove(at: index)
        openCount[removed.name, default: 1] -= 1
        guard stackWork < reader.maximumStackWork else { return }
        stackWork += stack.count - index
        for above in index..<stack.count {
            let parent = above == 0 ? HTMLInheritedStyle() : stack[above - 1].style
            var style = stack[above].own.applied(to: parent)
            if Self.hidden.contains(stack[above].name) { style.isHidden = true }
            stack[above].style = style
        }
    }

    private func elementStyle(_ name: String, attributes: [(String, String)]) -> HTMLElementStyle {
        var own = HTMLElementStyle()
        switch name {
        case "b", "strong", "th": own.fontWeight = .bold
        case "i", "em", "cite", "dfn", "var", "address": own.isItalic = true
        case "u", "ins": own.underline = true
        case "s", "strike", "del": own.strikethrough = true
        case "mark": own.backgroundColor = Color(hex: 0xFFFF00); own.foregroundColor = Color(hex: 0x000000)
        case "code", "kbd", "samp", "tt": own.fontFamily = "monospace"
        case "pre", "listing":
            own.fontFamily = "monospace"
            own.whiteSpace = .preserve
        case "small": own.fontSizeFactor = 1 / 1.2
        case "big": own.fontSizeFactor = 1.2
        case "h1", "h2", "h3", "h4", "h5", "h6":
            own.fontWeight = .bold
            own.fontSizeFactor = Self.headingSizes[name]
        case "font":
            for (attribute, value) in attributes {
                switch attribute {
                case "face": own.fontFamily = CSSValues.family(value, isAvailable: familyChooser) ?? own.fontFamily
                case "color": own.foregroundColor = CSSValues.color(value, legacy: true) ?? own.foregroundColor
                case "size": setFontElementSize(value, in: &own)
                default: break
                }
            }
        default:
            break
        }
        for (attribute, value) in attributes {
            switch attribute {
            case "hidden": own.isHidden = true
            case "bgcolor" where name == "td" || name == "th" || name == "tr" || name == "table":
                own.backgroundColor = CSSValues.color(value, legacy: true) ?? own.backgroundColor
            default: break
            }
        }
        // The style attribute wins over the tag's meaning (`<b style="font-weight: normal">`).
        if let style = attributes.first(where: { $0.0 == "style" })?.1 {
            for (property, value) in CSSValues.declarations(style) {
                own.apply(property: property, value: value, familyChooser: familyChooser)
            }
        }
        return own
    }

    /// `<font size>`: 1 to 7, or "+N"/"-N" from 3.
    private func setFontElementSize(_ value: String, in own: inout HTMLElementStyle) {
        let text = CSSValues.trimmed(value)
        guard let (number, _) = CSSValues.number(text) else { return }
        let relative = text.hasPrefix("+") || text.hasPrefix("-")
        let level = min(max(Int(relative ? 3 + number : number), 1), 7)
        own.fontSize = CSSValues.fontElementSizes[level - 1]
        own.fontSizeFactor = nil
    }

    /// A raw-text element: its content to its end tag (or the end of the input) as one piece,
    /// shown as text for `<xmp>`, `<textarea>` and `<plaintext>`, dropped for the rest.
    private mutating func rawTextElement(_ name: String, attributes: [(String, String)]) {
        let contentStart = position
        var contentEnd = bytes.count
        var after = bytes.count
        if name != "plaintext" {
            var search = contentStart
            let pattern = Array(("</" + name).utf8)
            while let found = find(pattern, from: search, ignoringCase: true) {
                let next = found + pattern.count
                if next >= bytes.count || Self.isSpace(bytes[next]) || bytes[next] == UInt8(ascii: ">") || bytes[next] == UInt8(ascii: "/") {
                    contentEnd = found
                    after = bytes[next...].firstIndex(of: UInt8(ascii: ">")).map { $0 + 1 } ?? bytes.count
                    break
                }
                search = found + 1
            }
        }
        position = after
        guard Self.shownRawText.contains(name), stack.count < reader.maximumDepth else { return }
        let own = elementStyle(name, attributes: attributes)
        var style = own.applied(to: current)
        style.whiteSpace = .preserve
        blockBoundary()
        var content = bytes[contentStart..<contentEnd]
        // A line end right after the start tag is not content.
        if content.first == 0x0A { content = content.dropFirst() }
        let decoded = name == "textarea" ? Self.decodeReferences(content, inAttribute: false) : String(decoding: content, as: UTF8.self)
        push(OpenElement(name: name, own: own, style: style, isBlock: true))
        let bytes = Array(decoded.utf8)
        write(bytes[...], style: style)
        remove(at: stack.count - 1)
        blockBoundary()
    }

    private mutating func comment(_ range: Range<Int>) {
        let body = CSSValues.trimmed(String(decoding: bytes[range], as: UTF8.self))
        if body == "StartFragment" {
            // What came before is context, not the copied text; the open elements' styles stay.
            output.removeAll()
            runStarts.removeAll()
            lineHasContent = false
            pendingBreak = false
            pendingSpace = nil
        } else if body == "EndFragment" {
            fragmentEnded = true
        }
    }

    // MARK: Text

    private mutating func text(_ range: Range<Int>) {
        let style = current
        let slice = bytes[range]
        if slice.contains(UInt8(ascii: "&")) {
            let decoded = Self.decodeReferences(slice, inAttribute: false)
            write(Array(decoded.utf8)[...], style: style)
        } else {
            write(slice, style: style)
        }
    }

    private var isShowing: Bool { !current.isHidden && !current.isInvisible }

    /// Writes decoded text in `style`, white space treated as the style says.
    private mutating func write(_ text: ArraySlice<UInt8>, style: HTMLInheritedStyle) {
        guard !style.isHidden, !style.isInvisible else { return }
        var index = text.startIndex
        while index < text.endIndex {
            var byte = text[index]
            // Line ends are normalized first: CR LF and CR are LF.
            if byte == 0x0D {
                if index + 1 < text.endIndex, text[index + 1] == 0x0A { index += 1 }
                byte = 0x0A
            }
            index += 1
            if skipNewline {
                skipNewline = false
                if byte == 0x0A { continue }
            }
            if Self.isSpace(byte) {
                switch style.whiteSpace {
                case .preserve where byte == 0x0A, .preserveLineEnds where byte == 0x0A:
                    append([0x0A], attributes: style.attributes)
                    lineHasContent = false
                    pendingSpace = nil
                case .preserve:
                    append([byte == 0x0C ? 0x20 : byte], attributes: style.attributes)
                default:
                    if lineHasContent, pendingSpace == nil { pendingSpace = style.attributes }
                }
                continue
            }
            // A run of other characters goes in one piece.
            var end = index
            while end < text.endIndex, !Self.isSpace(text[end]) { end += 1 }
            append(text[(index - 1)..<end], attributes: style.attributes)
            index = end
        }
    }

    /// Appends visible characters: first the line break a block boundary asked for and the
    /// collapsed space before them.
    private mutating func append(_ characters: ArraySlice<UInt8>, attributes: TextAttributes) {
        if pendingBreak {
            pendingBreak = false
            pendingSpace = nil
            if !output.isEmpty { emit([0x0A], attributes: lastAttributes) }
        }
        if let space = pendingSpace {
            pendingSpace = nil
            if lineHasContent { emit([0x20], attributes: space) }
        }
        emit(characters, attributes: attributes)
        lineHasContent = characters.last != 0x0A
    }

    private mutating func emit(_ characters: ArraySlice<UInt8>, attributes: TextAttributes) {
        guard !characters.isEmpty else { return }
        if runStarts.last?.attributes != attributes, runStarts.count < reader.maximumRuns {
            runStarts.append((output.count, attributes))
        }
        output.append(contentsOf: characters)
        lastAttributes = attributes
    }

    private mutating func lineBreak() {
        guard isShowing else { return }
        pendingSpace = nil
        append([0x0A], attributes: current.attributes)
        lineHasContent = false
    }

    private mutating func tab(_ style: HTMLInheritedStyle) {
        guard !style.isInvisible, lineHasContent else { return }
        pendingSpace = nil
        emit([0x09], attributes: lastAttributes)
    }

    /// A block starts or ends: the next text goes on a new line if this one has something.
    private mutating func blockBoundary() {
        pendingSpace = nil
        if lineHasContent { pendingBreak = true; lineHasContent = false }
    }

    // MARK: Result

    /// The text as grapheme clusters, each with the styles of its first scalar's run.
    private func finish() -> AttributedText {
        let string = String(decoding: output, as: UTF8.self)
        var runs = AttributeRuns()
        var runIndex = 0
        var offset = 0
        var length = 0
        var attributes = runStarts.first?.attributes ?? .none
        for character in string {
            var styles = attributes
            while runIndex + 1 < runStarts.count, runStarts[runIndex + 1].offset <= offset {
                runIndex += 1
                styles = runStarts[runIndex].attributes
            }
            if styles != attributes {
                runs.append(length, attributes)
                length = 0
                attributes = styles
            }
            length += 1
            offset += character.utf8.count
        }
        runs.append(length, attributes)
        return AttributedText(characters: Array(string), runs: runs)
    }
}
