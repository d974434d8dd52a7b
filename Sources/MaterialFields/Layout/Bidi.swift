/// The direction a paragraph is read in.
public enum WritingDirection: String, Sendable, Codable, CaseIterable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"

    /// UAX #9's paragraph embedding level: 0 left to right, 1 right to left.
    public var baseLevel: UInt8 { self == .rightToLeft ? 1 : 0 }
}

/// Bidirectional text without a host: which characters are strongly right-to-left, a simplified
/// UAX #9 resolution (strong letters, European numbers, neutrals between them) that measurers
/// without a bidi library answer with, and the visual reordering of resolved levels (rule L2),
/// which every layout uses whoever resolved the levels.
public enum Bidi {
    /// The direction of a strong character: right to left for the letters of the right-to-left
    /// scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko and the rest of U+0590...U+08FF, their
    /// presentation forms, the historic RTL blocks) and RLM / ALM; left to right for other letters
    /// and LRM; nil for digits, marks, punctuation, spaces and symbols.
    public static func strongDirection(of scalar: Unicode.Scalar) -> WritingDirection? {
        let value = scalar.value
        if value < 0x41 { return nil }
        if value < 0x80 { return (value | 0x20) >= 0x61 && (value | 0x20) <= 0x7A ? .leftToRight : nil }
        switch value {
        case 0x200E: return .leftToRight
        case 0x200F, 0x061C: return .rightToLeft
        default: break
        }
        let category = scalar.properties.generalCategory
        switch category {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .spacingMark:
            return isRightToLeftBlock(value) ? .rightToLeft : .leftToRight
        case .otherPunctuation, .dashPunctuation, .otherSymbol where isRightToLeftBlock(value):
            // Hebrew and Arabic punctuation is right to left (bidi classes R and AL), but for the
            // Arabic comma and the percent and number signs, which are separators and terminators.
            return [0x0609, 0x060A, 0x060C, 0x066A, 0x066B, 0x066C].contains(value) ? nil : .rightToLeft
        default:
            return nil
        }
    }

    /// Blocks whose letters are right to left.
    static func isRightToLeftBlock(_ value: UInt32) -> Bool {
        switch value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFE, 0x10800...0x10FFF, 0x1E800...0x1EFFF: return true
        default: return false
        }
    }

    /// Whether `character` can make text right to left: an RTL letter, or a control that opens
    /// right-to-left text (RLM, ALM, RLE, RLO, RLI). Text with none of them is all left to right
    /// in a left-to-right paragraph.
    public static func mayBeRightToLeft(_ character: Character) -> Bool {
        if character.isASCII { return false }
        return character.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x200F, 0x061C, 0x202B, 0x202E, 0x2067: return true
            default: return isRightToLeftBlock(scalar.value)
            }
        }
    }

    /// The direction of the first strong character, skipping what no strong character decides
    /// (UAX #9 rules P2 and P3, without isolates); nil when there is none.
    public static func firstStrongDirection<S: Sequence>(of characters: S) -> WritingDirection? where S.Element == Character {
        for character in characters {
            for scalar in character.unicodeScalars {
                if let direction = strongDirection(of: scalar) { return direction }
            }
        }
        return nil
    }

    private enum Kind { case left, right, number, neutral }

    private static func kind(of character: Character) -> Kind {
        guard let scalar = character.unicodeScalars.first else { return .neutral }
        if let direction = strongDirection(of: scalar) { return direction == .leftToRight ? .left : .right }
        return scalar.properties.numericType == .decimal ? .number : .neutral
    }

    /// Embedding levels for one paragraph (no line breaks inside), one per cluster, by a
    /// simplified UAX #9: strong letters take their direction; digits after left-to-right text
    /// are left to right (W7) and otherwise one level up (I1, I2); a run of neutrals between two
    /// characters of one direction takes it (N1, numbers counting as right to left) and the
    /// paragraph's otherwise (N2). No explicit embeddings, brackets or isolates: a host with a
    /// bidi library (FriBidi) answers those.
    public static func simplifiedLevels<C: Collection>(of paragraph: C, base: WritingDirection) -> [UInt8] where C.Element == Character {
        var kinds = paragraph.map(kind(of:))
        let baseKind: Kind = base == .rightToLeft ? .right : .left
        // W7: a number whose last strong character (or the paragraph) is left to right is too.
        var lastStrong = baseKind
        for index in kinds.indices {
            switch kinds[index] {
            case .left, .right: lastStrong = kinds[index]
            case .number where lastStrong == .left: kinds[index] = .left
            default: break
            }
        }
        // N1 and N2 over each run of neutrals.
        var index = 0
        while index < kinds.count {
            guard kinds[index] == .neutral else { index += 1; continue }
            var end = index
            while end < kinds.count && kinds[end] == .neutral { end += 1 }
            func direction(_ kind: Kind) -> Kind { kind == .number ? .right : kind }
            let before = index > 0 ? direction(kinds[index - 1]) : baseKind
            let after = end < kinds.count ? direction(kinds[end]) : baseKind
            let resolved = before == after ? before : baseKind
            for neutral in index..<end { kinds[neutral] = resolved }
            index = end
        }
        let baseLevel = base.baseLevel
        return kinds.map { kind in
            switch kind {
            case .left: return baseLevel == 0 ? 0 : 2
            case .right: return 1
            case .number: return 2
            case .neutral: return baseLevel
            }
        }
    }

    /// Rule L2: the indices of `levels` in visual order, left to right (from the highest level to
    /// the lowest odd one, every run at that level or above is reversed).
    public static func visualOrder(_ levels: ArraySlice<UInt8>) -> [Int] {
        var order = Array(0..<levels.count)
        guard let highest = levels.max(), highest > 0 else { return order }
        let lowestOdd = (levels.min() ?? 0) | 1
        let values = Array(levels)
        var level = highest
        while level >= lowestOdd {
            var start = 0
            while start < values.count {
                guard values[order[start]] >= level else { start += 1; continue }
                var end = start
                while end < values.count && values[order[end]] >= level { end += 1 }
                order[start..<end].reverse()
                start = end
            }
            level -= 1
        }
        return order
    }
}
