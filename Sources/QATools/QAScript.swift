import MaterialFields
import XftHost

/// A QA scenario: one step a line, `#` starts a comment. Parsed whole before anything runs, so a
/// typo on the last line fails before the first step.
public struct QAScript {
    public enum Step: Equatable {
        /// Starts a fresh catalog at this scale (HiDPI); what came before is dropped.
        case scale(Double)
        case focus(id: String)
        /// Field-relative point; nil is the container's centre.
        case click(id: String, point: Point?, with: ClickKind)
        case clickAt(Point, with: ClickKind)
        case hover(id: String, point: Point?)
        case moveTo(Point)
        case drag(id: String, from: Point, to: Point)
        case type(String)
        case key([KeyChord])
        case wheel(Double)
        case resize(width: Int, height: Int)
        case theme(String)
        /// `design m2|m3`: the Material the app's fields are drawn by.
        case design(MaterialDesign)
        /// `seed #RRGGBB`: the colour a Material 3 scheme is generated from.
        case seed(Color)
        case clipboard(String)
        /// Another program's styled copy: its `text/html` (and the text it shows, as the plain form).
        case clipboardHTML(String)
        /// An input method composing TEXT in the focused field ("" ends it), as XIM's on-the-spot
        /// preedit does; `commit` is its commit.
        case preedit(String)
        case commit(String)
        /// Milliseconds on the virtual clock.
        case wait(Double)
        case settle
        /// The window, a box of it, or fields and sections by id; with its tolerance and masks.
        case screenshot(path: String, shot: ShotSpec)
        case expect(id: String, key: String, value: ExpectedValue)
        case expectPixel(x: Int, y: Int, color: PixelColor, tolerance: Int)
        /// The accessibility audit of a field (or `all`): its figures printed; failing the step
        /// only when a level is required and a figure is under it.
        case audit(id: String, require: WCAG.Level?)
        /// `set ID PROPERTY VALUE`: a change the catalog's controls panel (F9) makes, e.g.
        /// `set name label "Name"`, `set name error off`.
        case set(id: String, control: FieldControl)
        /// The window compared, exactly, with the image a recorded session saved for NAME
        /// (`QAScript.checkpointPath`): what the tester saw when they pressed Ctrl+Shift+S.
        case checkpoint(String)
    }

    /// Where a script's checkpoint images live: a folder beside it named after it without `.qa`
    /// (`bugs/login.qa` keeps `bugs/login.checkpoints/NAME.png`).
    public static func checkpointDirectory(forScript path: String) -> String {
        (path.hasSuffix(".qa") ? String(path.dropLast(3)) : path) + ".checkpoints"
    }

    /// Which button a click presses and the modifiers held: `shift`, `ctrl+middle`, `right`.
    public struct ClickKind: Equatable {
        public var button: PointerButton = .primary
        public var modifiers: KeyModifiers = []

        public static let plain = ClickKind()

        /// Parses `shift`, `middle`, `ctrl+right` and the like, or nil when `text` is not one.
        init?(_ text: String) {
            var buttons = 0
            for name in text.lowercased().split(separator: "+", omittingEmptySubsequences: false) {
                switch name {
                case "shift": modifiers.insert(.shift)
                case "ctrl", "control": modifiers.insert(.control)
                case "alt", "meta": modifiers.insert(.alt)
                case "middle": button = .middle; buttons += 1
                case "right": button = .secondary; buttons += 1
                case "left", "primary": button = .primary; buttons += 1
                default: return nil
                }
            }
            // One click presses one button.
            if buttons > 1 { return nil }
        }

        /// Whether `word` was meant as a HOW (it has a button or modifier name in it).
        static func looksLikeOne(_ word: String) -> Bool {
            word.lowercased().split(separator: "+").contains { ["shift", "ctrl", "control", "alt", "meta", "middle", "right", "left", "primary"].contains($0) }
                || Double(word) == nil
        }

        init() {}
    }

    /// A rectangle of whole window pixels, as a screenshot's region.
    public struct PixelRect: Equatable {
        public var x: Int, y: Int, width: Int, height: Int
        public init(x: Int, y: Int, width: Int, height: Int) { self.x = x; self.y = y; self.width = width; self.height = height }
        public var description: String { "\(x) \(y) \(width) \(height)" }
    }

    /// Points further out than this are typos, not places: no window is that large.
    static let coordinateLimit = 1_000_000.0

    public struct Line: Equatable {
        public var number: Int
        public var step: Step
    }

    public struct PixelColor: Equatable, CustomStringConvertible {
        public var red: UInt8, green: UInt8, blue: UInt8
        public var description: String {
            "#" + [red, green, blue].map { String($0, radix: 16, uppercase: true).leftPadded(to: 2) }.joined()
        }
    }

    /// A failure with its place, printed as `FILE:LINE: message`.
    public struct Failure: Error, CustomStringConvertible {
        public var file: String
        public var line: Int
        public var message: String
        public var description: String { line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)" }
    }

    public let file: String
    public let lines: [Line]

    /// Every step the parser knows, for the message an unknown one gets.
    public static let stepNames = ["focus", "click", "click-at", "hover", "move-to", "drag", "type", "key", "wheel", "resize",
                                   "theme", "design", "seed", "clipboard", "clipboard-html", "preedit", "commit", "wait", "settle", "screenshot", "expect", "expect-pixel", "scale", "audit", "set",
                                   "checkpoint"]
    /// The themes a `theme` step names (the catalog's `--theme` values).
    public static let themeNames = ["light", "dark", "high-contrast", "high-contrast-dark"]

    /// A seed colour as a `seed` step and the catalog's `--seed-color` take it: six hex digits,
    /// with or without a leading `#` (a shell takes an unquoted `#` for a comment); opaque.
    public static func seedColor(_ text: String) -> Color? {
        let digits = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
        guard digits.count == 6, digits.allSatisfy({ $0.isASCII && $0.isHexDigit }), let value = UInt32(digits, radix: 16) else {
            return nil
        }
        return Color(hex: value)
    }

    /// `#RRGGBB`, as a `seed` step writes a seed.
    public static func hex(_ color: Color) -> String { String(AttributesSnapshot.hex(color).prefix(7)) }

    /// A script from a file's bytes, which must be UTF-8: a stray Latin-1 byte would otherwise
    /// type a replacement character without a word.
    public init(file: String, bytes: [UInt8]) throws {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            let bad = lines.firstIndex { String(validating: $0, as: UTF8.self) == nil } ?? 0
            throw Failure(file: file, line: bad + 1, message: "this line is not UTF-8 text (save the script as UTF-8)")
        }
        try self.init(file: file, text: text)
    }

    public init(file: String, text: String) throws {
        self.file = file
        var lines: [Line] = []
        var number = 0
        // An editor's byte-order mark would otherwise read as part of the first step's name.
        let text = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        // "\r\n" is one Character in Swift, so lines split on newline characters, not on "\n".
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            number += 1
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard !trimmed.isEmpty, trimmed.first != "#" else { continue }
            do {
                lines.append(Line(number: number, step: try Self.parseStep(String(trimmed))))
            } catch let error as SyntaxError {
                // `#` starts a comment only at a line's start (`#RRGGBB` and typed text hold it).
                let trailingComment = trimmed.contains(" # ") || trimmed.contains("\t# ") || trimmed.hasSuffix(" #")
                throw Failure(file: file, line: number,
                              message: error.message + (trailingComment ? " (a # comment goes on a line of its own)" : ""))
            }
        }
        guard !lines.isEmpty else {
            throw Failure(file: file, line: 0, message: "the script has no steps (only blank lines and # comments)")
        }
        self.lines = lines
    }

    struct SyntaxError: Error { var message: String }

    /// `audit ID|all [--require AA|AAA]`.
    private static func parseAudit(_ words: [String]) throws -> Step {
        let usage = "usage: audit ID|all [--require AA|AAA]  (prints each figure; fails only under a required level)"
        guard words.count == 1 || words.count == 3, !words[0].hasPrefix("-") else { throw SyntaxError(message: usage) }
        guard words.count == 3 else { return .audit(id: words[0], require: nil) }
        guard words[1] == "--require" else { throw SyntaxError(message: "audit: '\(words[1])' is not --require; \(usage)") }
        guard let level = WCAG.Level(rawValue: words[2].uppercased()) else {
            throw SyntaxError(message: "audit: --require takes AA or AAA, not '\(words[2])'")
        }
        return .audit(id: words[0], require: level)
    }

    static func parseStep(_ line: String) throws -> Step {
        let name = String(line.prefix { $0 != " " && $0 != "\t" })
        let rest = String(line.dropFirst(name.count).drop { $0 == " " || $0 == "\t" })
        // `type`, `clipboard` and `expect` read the rest of the line themselves: a lone quote in
        // typed text is text.
        let words = ["type", "clipboard", "clipboard-html", "preedit", "commit", "expect", "set"].contains(name) ? [] : try Self.words(rest)
        func number(_ word: String, _ what: String) throws -> Double {
            // Decimal only: Double(_:) would also take "0x10", "nan" and "inf".
            guard word.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }), let value = Double(word), value.isFinite else {
                throw SyntaxError(message: "\(name): \(what) '\(word)' is not a number")
            }
            return value
        }
        func coordinate(_ word: String, _ what: String, unit: String = "pixels") throws -> Double {
            let value = try number(word, what)
            guard abs(value) <= Self.coordinateLimit else {
                throw SyntaxError(message: "\(name): \(what) \(word) is beyond ±\(Int(Self.coordinateLimit)) \(unit)")
            }
            return value
        }
        func point(_ x: String, _ y: String) throws -> Point { Point(x: try coordinate(x, "x"), y: try coordinate(y, "y")) }
        func expectCount(_ counts: Set<Int>, usage: String) throws {
            guard counts.contains(words.count) else { throw SyntaxError(message: "usage: \(usage)") }
        }
        switch name {
        case "scale":
            try expectCount([1], usage: "scale N (0.5 to 4)")
            let factor = try number(words[0], "scale")
            guard (0.5...4).contains(factor) else { throw SyntaxError(message: "scale: \(words[0]) is not from 0.5 to 4") }
            return .scale(factor)
        case "focus":
            try expectCount([1], usage: "focus ID")
            return .focus(id: words[0])
        case "click", "hover":
            var arguments = words
            var kind = ClickKind.plain
            if name == "click", arguments.count == 2 || arguments.count == 4, let parsed = ClickKind(arguments.last!) {
                kind = parsed
                arguments.removeLast()
            }
            if name == "click", arguments.count == 2 || arguments.count == 4, let last = arguments.last, ClickKind.looksLikeOne(last) {
                throw SyntaxError(message: "click: '\(last)' is not a button and modifiers (shift, ctrl, alt, and one of middle or right, joined by +)")
            }
            guard arguments.count == 1 || arguments.count == 3 else {
                throw SyntaxError(message: name == "click"
                    ? "usage: click ID [X Y] [shift|ctrl|alt|middle|right, joined by +]  (field-relative; the container's centre by default)"
                    : "usage: hover ID [X Y]  (field-relative; the container's centre by default)")
            }
            let at = arguments.count == 3 ? try point(arguments[1], arguments[2]) : nil
            return name == "click" ? .click(id: arguments[0], point: at, with: kind) : .hover(id: arguments[0], point: at)
        case "click-at", "move-to":
            var arguments = words
            var kind = ClickKind.plain
            if name == "click-at", arguments.count == 3, let parsed = ClickKind(arguments.last!) {
                kind = parsed
                arguments.removeLast()
            }
            if name == "click-at", arguments.count == 3, let last = arguments.last, ClickKind.looksLikeOne(last) {
                throw SyntaxError(message: "click-at: '\(last)' is not a button and modifiers (shift, ctrl, alt, and one of middle or right, joined by +)")
            }
            guard arguments.count == 2 else {
                throw SyntaxError(message: name == "click-at" ? "usage: click-at X Y [shift|ctrl|alt|middle|right, joined by +]  (window pixels)"
                                                            : "usage: move-to X Y  (window pixels)")
            }
            let at = try point(arguments[0], arguments[1])
            return name == "click-at" ? .clickAt(at, with: kind) : .moveTo(at)
        case "drag":
            try expectCount([5], usage: "drag ID X1 Y1 X2 Y2  (field-relative)")
            return .drag(id: words[0], from: try point(words[1], words[2]), to: try point(words[3], words[4]))
        case "type", "clipboard", "clipboard-html":
            guard !rest.isEmpty else {
                throw SyntaxError(message: "usage: \(name) \(name == "clipboard-html" ? "HTML" : "TEXT")  (\\n, \\t, \\\\, \\\" and \\u{...} escapes; quote it to keep spaces at its ends)")
            }
            // Unquoted, the text ends at the line's last non-blank, as it starts at its first.
            let text = try unescaped(String(rest.reversed().drop { $0 == " " || $0 == "\t" }.reversed()))
            return name == "type" ? .type(text) : name == "clipboard" ? .clipboard(text) : .clipboardHTML(text)
        case "preedit":
            // No text: the input method composes nothing any more.
            return .preedit(rest.isEmpty ? "" : try unescaped(String(rest.reversed().drop { $0 == " " || $0 == "\t" }.reversed())))
        case "commit":
            guard !rest.isEmpty else { throw SyntaxError(message: "usage: commit TEXT  (what the input method commits; escapes as for type)") }
            return .commit(try unescaped(String(rest.reversed().drop { $0 == " " || $0 == "\t" }.reversed())))
        case "key":
            guard !words.isEmpty else { throw SyntaxError(message: "usage: key CHORD [CHORD...]  (e.g. ctrl+shift+Left, Return, F12)") }
            do {
                let chords = try words.map { try KeyChord($0) }
                for chord in chords {
                    if let problem = chord.problem { throw SyntaxError(message: "key: \(problem)") }
                }
                return .key(chords)
            } catch let error as KeyChord.ParseError {
                throw SyntaxError(message: "key: \(error.description)")
            }
        case "wheel":
            try expectCount([1], usage: "wheel DY  (wheel steps at the pointer; positive shows what is below)")
            return .wheel(try coordinate(words[0], "steps", unit: "steps"))
        case "resize":
            try expectCount([2], usage: "resize W H  (1 to 16384 pixels)")
            guard let width = Int(words[0]), let height = Int(words[1]), (1...16384).contains(width), (1...16384).contains(height) else {
                throw SyntaxError(message: "resize: '\(words[0]) \(words[1])' is not a width and height from 1 to 16384")
            }
            return .resize(width: width, height: height)
        case "theme":
            guard words.count == 1, Self.themeNames.contains(words[0]) else {
                throw SyntaxError(message: "usage: theme \(Self.themeNames.joined(separator: "|"))")
            }
            return .theme(words[0])
        case "design":
            guard words.count == 1, let design = MaterialDesign(rawValue: words[0].lowercased()) else {
                throw SyntaxError(message: "usage: design m2|m3  (Material 2, or Material 3 from the seed colour)")
            }
            return .design(design)
        case "seed":
            guard words.count == 1 else { throw SyntaxError(message: "usage: seed #RRGGBB  (Material 3's seed colour)") }
            guard let color = seedColor(words[0]) else {
                throw SyntaxError(message: "seed: '\(words[0])' is not a colour: six hex digits, #RRGGBB (e.g. seed #6750A4)")
            }
            return .seed(color)
        case "wait":
            try expectCount([1], usage: "wait MS  (advances the virtual clock)")
            let milliseconds = try number(words[0], "milliseconds")
            guard milliseconds >= 0, milliseconds <= 3_600_000 else {
                throw SyntaxError(message: "wait: \(words[0]) ms is not from 0 to 3600000")
            }
            return .wait(milliseconds)
        case "settle":
            try expectCount([0], usage: "settle  (waits until every animation has ended)")
            return .settle
        case "checkpoint":
            try expectCount([1], usage: "checkpoint NAME  (compares the window with NAME.png in the script's .checkpoints folder)")
            do {
                try GoldenSet.validate(words[0])
            } catch {
                throw SyntaxError(message: "checkpoint: \(error)")
            }
            return .checkpoint(words[0])
        case "screenshot":
            guard !words.isEmpty else { throw SyntaxError(message: "usage: \(ShotSpec.usage)  (a box is in window pixels)") }
            let path = try unescaped(words[0])
            guard path.lowercased().hasSuffix(".png"), !SystemFiles.lastPathComponent(of: path).lowercased().hasPrefix(".png") else {
                throw SyntaxError(message: "screenshot: '\(path)' is not a NAME.png (screenshots are PNG files)")
            }
            return .screenshot(path: path, shot: try ShotSpec.parse(Array(words.dropFirst())))
        case "expect":
            // The value is the rest of the line, so JSON with blanks ([0, 3]) needs no quoting.
            let (head, value) = splitWords(rest, count: 2)
            guard head.count == 2, !value.isEmpty else {
                throw SyntaxError(message: "usage: expect ID KEY VALUE  (e.g. expect filled-label text \"Ada\"; ID may be window, clipboard or primary)")
            }
            return .expect(id: head[0], key: head[1], value: try ExpectedValue(parsing: value))
        case "expect-pixel":
            try expectCount([3, 4], usage: "expect-pixel X Y #RRGGBB [TOLERANCE]")
            guard let x = Int(words[0]), let y = Int(words[1]), (0...16384).contains(x), (0...16384).contains(y) else {
                throw SyntaxError(message: "expect-pixel: '\(words[0]) \(words[1])' is not a pixel position")
            }
            guard let color = PixelColor(hex: words[2]) else { throw SyntaxError(message: "expect-pixel: '\(words[2])' is not #RRGGBB") }
            let tolerance = words.count == 4 ? Int(words[3]) : 0
            guard let tolerance, (0...255).contains(tolerance) else {
                throw SyntaxError(message: "expect-pixel: tolerance '\(words[3])' is not from 0 to 255")
            }
            return .expectPixel(x: x, y: y, color: color, tolerance: tolerance)
        case "audit":
            return try parseAudit(words)
        case "set":
            return try parseSet(rest)
        default:
            let guess = Self.nearest(name, among: stepNames).map { "; did you mean '\($0)'?" } ?? ""
            throw SyntaxError(message: "unknown step '\(name)'\(guess) (steps: \(stepNames.joined(separator: ", ")))")
        }
    }

    /// The word of `words` a typo of `word` most likely meant: the nearest by edit distance, when
    /// it is near enough (as for field ids), else nil.
    static func nearest(_ word: String, among words: [String]) -> String? {
        guard let nearest = words.min(by: { ScriptRunner.editDistance($0, word) < ScriptRunner.editDistance($1, word) }),
              ScriptRunner.editDistance(nearest, word) <= max(2, word.count / 3) else { return nil }
        return nearest
    }

    /// `set ID PROPERTY VALUE`: VALUE is one bare word (`true`, `off`, `none`, `0.5`, `rtl`) or
    /// one quoted text with `type`'s escapes.
    static func parseSet(_ rest: String) throws -> Step {
        let usage = "usage: set ID PROPERTY VALUE  (properties: \(FieldControl.Property.allCases.map(\.rawValue).joined(separator: ", ")); "
            + "e.g. set filled-label label \"Name\")"
        let (head, value) = splitWords(rest, count: 2)
        guard head.count == 2, !value.isEmpty else {
            // A property named without a value still learns what the property takes.
            if head.count == 2, let property = FieldControl.Property(rawValue: head[1]) {
                throw SyntaxError(message: "set \(property.rawValue): no value (\(property.valueSyntax))")
            }
            throw SyntaxError(message: usage)
        }
        do {
            // A misspelt property is named first, whatever its value looks like.
            if FieldControl.Property(rawValue: head[1]) == nil { _ = try FieldControl.parse(property: head[1], value: value, quoted: false) }
        } catch let error as FieldControl.ParseError {
            throw SyntaxError(message: error.message)
        }
        let parts = try words(value)
        guard parts.count == 1 else {
            throw SyntaxError(message: "set \(head[1]): '\(value)' is more than one value (a text with blanks goes in one pair of quotes)")
        }
        let quoted = value.hasPrefix("\"")
        if quoted, !(value.count >= 2 && value.hasSuffix("\"")) {
            throw SyntaxError(message: "set \(head[1]): '\(value)' is not one quoted text (nothing may follow its closing quote)")
        }
        do {
            return .set(id: head[0], control: try FieldControl.parse(property: head[1], value: quoted ? try unescaped(value) : value,
                                                                   quoted: quoted))
        } catch let error as FieldControl.ParseError {
            throw SyntaxError(message: error.message)
        }
    }

    /// The first `count` blank-separated words of `text` and the rest of it, trimmed.
    static func splitWords(_ text: String, count: Int) -> ([String], String) {
        var words: [String] = []
        var rest = Substring(text)
        while words.count < count {
            rest = rest.drop { $0 == " " || $0 == "\t" }
            let word = rest.prefix { $0 != " " && $0 != "\t" }
            guard !word.isEmpty else { break }
            words.append(String(word))
            rest = rest.dropFirst(word.count)
        }
        let value = rest.drop { $0 == " " || $0 == "\t" }
        return (words, String(value.reversed().drop { $0 == " " || $0 == "\t" }.reversed()))
    }

    /// Splits on blanks; a word in double quotes may hold blanks and escapes (kept raw here:
    /// `unescaped` and `ExpectedValue` read them).
    static func words(_ text: String) throws -> [String] {
        var words: [String] = []
        var current = ""
        var inQuotes = false, escaping = false, hasWord = false
        for character in text {
            if escaping {
                current.append(character)
                escaping = false
            } else if character == "\\" {
                current.append(character)
                escaping = true
            } else if character == "\"" {
                current.append(character)
                inQuotes.toggle()
                hasWord = true
            } else if (character == " " || character == "\t") && !inQuotes {
                if hasWord { words.append(current) }
                current = ""
                hasWord = false
            } else {
                current.append(character)
                hasWord = true
            }
        }
        if inQuotes { throw SyntaxError(message: "a quote is not closed") }
        if hasWord { words.append(current) }
        return words
    }

    /// The text of a `type` or `clipboard` step: the rest of the line, or what is inside its
    /// quotes, with `\n`, `\t`, `\\`, `\"` and `\u{HEX}` escapes.
    static func unescaped(_ text: String) throws -> String {
        var body = Substring(text)
        // Quoted when the closing quote is not itself escaped (an even run of backslashes before it).
        let backslashesBeforeEnd = body.dropLast().reversed().prefix { $0 == "\\" }.count
        if body.count >= 2, body.first == "\"", body.last == "\"", backslashesBeforeEnd % 2 == 0 {
            body = body.dropFirst().dropLast()
        }
        var result = ""
        var iterator = body.makeIterator()
        while let character = iterator.next() {
            guard character == "\\" else { result.append(character); continue }
            switch iterator.next() {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "\\": result.append("\\")
            case "\"": result.append("\"")
            case "u":
                guard iterator.next() == "{" else { throw SyntaxError(message: "write a code point as \\u{1F389}") }
                var hex = ""
                var closed = false
                while let digit = iterator.next() {
                    if digit == "}" { closed = true; break }
                    hex.append(digit)
                }
                guard closed else { throw SyntaxError(message: "\\u{\(hex) has no closing brace (write a code point as \\u{1F389})") }
                guard let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else {
                    throw SyntaxError(message: "\\u{\(hex)} is not a Unicode scalar")
                }
                result.unicodeScalars.append(scalar)
            case let other?:
                throw SyntaxError(message: "unknown escape \\\(other) (escapes: \\n \\t \\\\ \\\" \\u{HEX})")
            case nil:
                throw SyntaxError(message: "a line cannot end with a lone \\")
            }
        }
        return result
    }
}

/// The VALUE of an `expect` step: JSON (`"Ada"`, `3`, `true`, `null`, `[0, 3]`) or a bare word,
/// which is a string (`floating`, `editing`).
public struct ExpectedValue: Equatable, CustomStringConvertible {
    public let text: String
    public let json: JSONValue

    init(parsing value: String) throws {
        text = value
        if let json = JSONValue(parsing: value) {
            self.json = json
        } else if let first = value.first, "\"[{".contains(first) {
            throw QAScript.SyntaxError(message: "expect: \(value) is not one JSON value (a string, array or object must be "
                + "closed, and nothing may follow it)")
        } else {
            json = .string(value)
        }
    }

    public var description: String { json.description }
}

private extension String {
    func leftPadded(to length: Int) -> String { String(repeating: "0", count: max(0, length - count)) + self }
}

extension QAScript.PixelColor {
    init?(hex: String) {
        guard hex.count == 7, hex.first == "#", hex.dropFirst().allSatisfy(\.isHexDigit),
              let value = UInt32(hex.dropFirst(), radix: 16) else { return nil }
        red = UInt8(value >> 16 & 0xFF); green = UInt8(value >> 8 & 0xFF); blue = UInt8(value & 0xFF)
    }
}
