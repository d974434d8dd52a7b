/// The direction a paragraph is read in.
public enum WritingDirection: String, Sendable, Codable, CaseIterable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"

    /// UAX #9's paragraph embedding level: 0 left to right, 1 right to left.
    public var baseLevel: UInt8 { self == .rightToLeft ? 1 : 0 }
}

/// Bidirectional text without a host: the strong direction of a character and of a text (rule P2,
/// by `BidiClass`), a simplified UAX #9 resolution (strong letters, numbers, neutrals between
/// them) that measurers without a bidi library answer with, and the visual reordering of
/// resolved levels (rule L2), which every layout uses whoever resolved the levels.
public enum Bidi {
    /// The direction of a strong character by the generated table: left to right for class L,
    /// right to left for R and AL (Hebrew, Arabic and the other right-to-left letters, RLM,
    /// ALM); nil for every other class (digits, marks, punctuation, spaces, symbols, controls).
    public static func strongDirection(of scalar: Unicode.Scalar) -> WritingDirection? {
        BidiClass(scalar).strongDirection
    }

    /// Whether `character` can make text right to left: it has a scalar of class R, AL or AN,
    /// or a control that opens right-to-left text (RLE, RLO, RLI), by the generated table. Text
    /// with none of them is all left to right in a left-to-right paragraph.
    public static func mayBeRightToLeft(_ character: Character) -> Bool {
        if character.isASCII { return false }
        return character.unicodeScalars.contains(where: BidiClass.mayOpenRightToLeft)
    }

    /// The direction of the first strong character (class L, R or AL), skipping what no strong
    /// character decides and what an isolate initiator (LRI, RLI, FSI) isolates up to its
    /// matching PDI (UAX #9 rules P2 and P3); nil when there is none. An isolate left open ends
    /// with its paragraph: a text of several paragraphs goes on to the next one's characters.
    /// `classes` gives each scalar's class: a measurer's (`TextMeasuring.bidiClass(of:)`), by
    /// default the generated table.
    public static func firstStrongDirection<S: Sequence>(of characters: S,
                                                         classes: (Unicode.Scalar) -> BidiClass = { BidiClass($0) })
        -> WritingDirection? where S.Element == Character {
        var openIsolates = 0
        for character in characters {
            for scalar in character.unicodeScalars {
                let bidiClass = classes(scalar)
                switch bidiClass {
                case .leftToRight, .rightToLeft, .arabicLetter:
                    if openIsolates == 0 { return bidiClass.strongDirection }
                case .leftToRightIsolate, .rightToLeftIsolate, .firstStrongIsolate:
                    openIsolates += 1
                case .popDirectionalIsolate:
                    // A PDI with no isolate open matches nothing and is skipped.
                    if openIsolates > 0 { openIsolates -= 1 }
                case .paragraphSeparator:
                    openIsolates = 0
                default:
                    break
                }
            }
        }
        return nil
    }

    private enum Kind { case left, right, europeanNumber, arabicNumber, neutral }

    /// A cluster's kind for the simplified resolution, by its first scalar's class.
    private static func kind(of character: Character) -> Kind {
        guard let scalar = character.unicodeScalars.first else { return .neutral }
        switch BidiClass(scalar) {
        case .leftToRight: return .left
        case .rightToLeft, .arabicLetter: return .right
        case .europeanNumber: return .europeanNumber
        case .arabicNumber: return .arabicNumber
        default: return .neutral
        }
    }

    /// Embedding levels for one paragraph (no line breaks inside), one per cluster, by a
    /// simplified UAX #9 over each cluster's first scalar's class: strong letters take their
    /// direction (W3: Arabic letters are right to left); European digits after left-to-right text
    /// are left to right (W7); other numbers (Arabic digits always, W2's European digits after
    /// Arabic letters among them) go up to level 2 (I1, I2); a run of neutrals between two
    /// characters of one direction takes it (N1, numbers counting as right to left) and the
    /// paragraph's otherwise (N2). No explicit embeddings, brackets, isolates or separators
    /// between digits: a host with a bidi library (FriBidi) answers those.
    public static func simplifiedLevels<C: Collection>(of paragraph: C, base: WritingDirection) -> [UInt8] where C.Element == Character {
        var kinds = paragraph.map(kind(of:))
        let baseKind: Kind = base == .rightToLeft ? .right : .left
        // W7: a European number whose last strong character (or the paragraph) is left to right is too.
        var lastStrong = baseKind
        for index in kinds.indices {
            switch kinds[index] {
            case .left, .right: lastStrong = kinds[index]
            case .europeanNumber where lastStrong == .left: kinds[index] = .left
            default: break
            }
        }
        // N1 and N2 over each run of neutrals.
        func direction(_ kind: Kind) -> Kind { kind == .europeanNumber || kind == .arabicNumber ? .right : kind }
        var index = 0
        while index < kinds.count {
            guard kinds[index] == .neutral else { index += 1; continue }
            var end = index
            while end < kinds.count && kinds[end] == .neutral { end += 1 }
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
            case .europeanNumber, .arabicNumber: return 2
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
