import MaterialFields

/// Draws operations from a seed. It looks at the world only to aim pointer events at fields, so
/// what it draws is still a plain list that replays without it.
struct FuzzGenerator {
    var random: FuzzRandom

    static let pieces: [String] = [
        "a", "Z", "hello", " ", "word ", "x_y", "42", ".", ",", "-", "it's",
        // Combining marks, alone and on a base; an enclosing mark.
        "e\u{301}", "\u{301}", "\u{308}\u{323}", "a\u{20DD}", "\u{1100}\u{1161}\u{11A8}",
        // ZWJ sequences, modifiers, flags and lone regional indicators.
        "👨\u{200D}👩\u{200D}👧\u{200D}👦", "👩\u{200D}💻", "\u{200D}", "👍🏽", "🏽", "🇫🇷", "🇩🇪", "🇺", "🇸", "❤\u{FE0F}",
        // CJK, RTL and bidi controls.
        "漢字", "かな", "한국어", "שלום", "مرحبا", "\u{200F}", "\u{202E}", "ﷺ", "𝔘𝔫𝔦",
        // Controls, NUL, line breaks of every kind.
        "\u{0}", "\u{7}", "\u{1B}", "\u{7F}", "\u{85}", "\u{9F}", "\t", "\r\n", "\n", "\r", "\u{2028}", "\u{2029}",
        "\u{B}", "\u{C}", "\u{FEFF}", "\u{AD}", "\u{E000}",
    ]

    /// What a styled paste is made of: letters, marks that join what is before them, emoji
    /// sequences, flags and right-to-left text.
    static let styledPieces: [String] = ["a", "Z", "hello", " ", "word ", "e\u{301}", "\u{301}", "👩\u{200D}💻", "\u{200D}",
                                         "🇫🇷", "🇺", "漢字", "שלום", "مرحبا"]

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    mutating func chance(_ oneIn: Int) -> Bool { int(0...(oneIn - 1)) == 0 }
    mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }

    mutating func text() -> String {
        if chance(2500) {
            // A string of at least 100,000 characters, of units that never join each other (so
            // the count holds), or any mix of pieces after it.
            let unit = pick(["ab ", "e\u{301}", "👨\u{200D}👩\u{200D}👧\u{200D}👦", "🇫🇷", "漢字", "שלום ", "x\r\n", "\u{0}a", "word\t"])
            let long = String(repeating: unit, count: 100_000 / unit.count + 1)
            return chance(2) ? long : long + text()
        }
        if chance(6) {
            // Any scalars, from anywhere in Unicode.
            var scalars = String.UnicodeScalarView()
            for _ in 0..<int(1...6) {
                let value = pick([int(0...0x7F), int(0x80...0x2FFF), int(0x3000...0xD7FF), int(0xE000...0x10FFFF), int(0x1F000...0x1FAFF)])
                if let scalar = Unicode.Scalar(UInt32(value)) { scalars.append(scalar) }
            }
            return String(scalars)
        }
        return (0..<int(1...4)).map { _ in pick(Self.pieces) }.joined()
    }

    mutating func modifiers() -> KeyModifiers {
        var modifiers: KeyModifiers = []
        if chance(3) { modifiers.insert(.shift) }
        if chance(3) { modifiers.insert(.control) }
        if chance(40) { modifiers.insert(.alt) }
        return modifiers
    }

    mutating func coordinate(within low: Double, _ high: Double) -> Double {
        switch int(0...29) {
        case 0: return -.infinity
        case 1: return .nan
        case 2: return 1e12
        case 3: return -Double(int(1...100_000))
        case 4: return Double(int(32_000...70_000))
        default: return low < high ? Double.random(in: low...high, using: &random) : low
        }
    }

    /// Mostly in or near a field, sometimes anywhere, outside, negative, huge or NaN.
    mutating func point(in world: FuzzWorld) -> Point {
        let frames = world.fields.compactMap { world.scene.frame(of: $0) }.filter { $0.isFinite }
        if !frames.isEmpty && !chance(5) {
            let frame = pick(frames)
            return Point(x: coordinate(within: frame.minX - 20, frame.maxX + 20), y: coordinate(within: frame.minY - 10, frame.maxY + 10))
        }
        return Point(x: coordinate(within: -50, world.scene.size.width + 50), y: coordinate(within: -50, world.scene.size.height + 50))
    }

    mutating func size() -> Size {
        if chance(4) {
            return Size(width: pick([0, 1, 3, 17, 60, 4_000, 32_767, 1e7, .nan, .infinity, -5]),
                        height: pick([0, 1, 2, 40, 3_000, 32_767, 1e7, .nan, -1]))
        }
        return Size(width: Double(int(120...1_400)), height: Double(int(150...1_100)))
    }

    mutating func next(in world: FuzzWorld) -> FuzzOperation {
        let count = world.fields.count
        // A long text makes every step slow: clear it soon, as a user would.
        if let long = world.fields.firstIndex(where: { $0.count > 5_000 }), chance(3) {
            return chance(2) ? .setText(field: long, "") : .select(field: long, anchor: int(0...50), head: Int.max)
        }
        switch int(0...102) {
        case 0..<26: return .type(text())
        case 26..<52:
            let keys: [EditingKey] = [.backspace, .delete, .left, .right, .up, .down, .home, .end, .tab, .escape, .enter,
                                      .backspace, .left, .right, .shortcut("a"), .shortcut("c"), .shortcut("x"), .shortcut("v"),
                                      .shortcut("Z"), .shortcut("q"), .shortcut("b"), .shortcut("i"), .shortcut("u")]
            let key = pick(keys)
            var modifiers = modifiers()
            if case .shortcut = key, !chance(6) { modifiers.insert(.control) }
            return .key(key, modifiers)
        case 52..<60:
            return .pointerDown(point(in: world), chance(12) ? .secondary : .primary, clicks: pick([1, 1, 1, 2, 3, 4]), shift: chance(4))
        case 60..<66: return .pointerMove(point(in: world), held: !chance(3))
        case 66..<69: return .pointerUp(point(in: world))
        case 69: return .pointerExit
        case 70..<72: return .wheel(pick([-3, -1, 1, 2, 0.5, 1e9, .nan]))
        case 72: return .windowFocus(!chance(3))
        case 73..<77: return .focus(field: int(0...(count - 1)))
        case 77: return .blur
        case 78..<80:
            return .select(field: int(0...(count - 1)), anchor: pick([int(-5...40), Int.min, Int.max]), head: pick([int(-5...40), Int.max]))
        case 80..<84:
            if chance(3) {
                // Styled: pieces without controls or line breaks, a part of it bold.
                let text = (0..<int(1...4)).map { _ in pick(Self.styledPieces) }.joined()
                let lower = int(0...6)
                return .styledPaste(text, bold: lower..<(lower + int(0...6)))
            }
            return .paste(chance(3) ? nil : text())
        case 84: return .middlePaste(point(in: world))
        case 85..<87: return .setText(field: int(0...(count - 1)), chance(3) ? "" : text())
        case 87..<89: return .resize(size())
        case 89..<94: return .advance(pick([0.016, 0.05, 0.1, 0.16, 0.3, 0.6, 11]))
        case 94: return .toggleEnabled(field: int(0...(count - 1)))
        case 96: return .fieldKey(field: int(0...(count - 1)), pick([.backspace, .delete, .left, .right, .up, .down, .home, .end, .enter,
                                                                     .tab, .escape, .shortcut("z"), .shortcut("a"), .shortcut("c")]),
                                  modifiers())
        case 97: return .inputMethod(field: int(0...(count - 1)), text())
        case 98: return .layOut(field: int(0...(count - 1)), width: pick([0, 1, 5, 60, 200, 5_000, -3, .nan, .infinity]))
        case 95: return .setError(field: int(0...(count - 1)), chance(2) ? nil : pick(["", "Wrong", "A long error message that wraps over more than one line"]))
        default: return .key(.shortcut(pick(["z", "z", "y", "Z"])), chance(3) ? [.control, .shift] : .control)
        }
    }
}
