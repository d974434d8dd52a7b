/// A character's Unicode Bidi_Class, the 23 character types of UAX #9 (table 4). The raw values
/// are the order of the generated table (`BidiClassTable.swift`, made by
/// `Scripts/generate_bidi_classes.py`).
public enum BidiClass: UInt8, Sendable, CaseIterable {
    /// L: left-to-right letters and most other characters.
    case leftToRight
    /// R: right-to-left letters (Hebrew, N'Ko, ...) and RLM.
    case rightToLeft
    /// AL: Arabic, Syriac and Thaana letters and ALM.
    case arabicLetter
    /// EN: European digits.
    case europeanNumber
    /// ES: plus and minus signs.
    case europeanSeparator
    /// ET: degree, currency and percent signs and the like.
    case europeanTerminator
    /// AN: Arabic-Indic digits and the Arabic number separators.
    case arabicNumber
    /// CS: colon, comma, full stop, slash, no-break space.
    case commonSeparator
    /// NSM: non-spacing and enclosing marks.
    case nonspacingMark
    /// BN: default ignorables, most control characters, noncharacters.
    case boundaryNeutral
    /// B: paragraph separators (line feed, carriage return, U+2029, ...).
    case paragraphSeparator
    /// S: segment separators (tab, ...).
    case segmentSeparator
    /// WS: spaces.
    case whiteSpace
    /// ON: other neutrals: most punctuation and symbols.
    case otherNeutral
    /// LRE, U+202A.
    case leftToRightEmbedding
    /// LRO, U+202D.
    case leftToRightOverride
    /// RLE, U+202B.
    case rightToLeftEmbedding
    /// RLO, U+202E.
    case rightToLeftOverride
    /// PDF, U+202C.
    case popDirectionalFormat
    /// LRI, U+2066.
    case leftToRightIsolate
    /// RLI, U+2067.
    case rightToLeftIsolate
    /// FSI, U+2068.
    case firstStrongIsolate
    /// PDI, U+2069.
    case popDirectionalIsolate

    /// The class of `scalar` by the table generated from the Unicode Character Database
    /// (`tableUnicodeVersion`), unassigned code points included (their defaults: R or AL in the
    /// right-to-left blocks, ET in Currency Symbols, BN for noncharacters and default
    /// ignorables, L elsewhere). A host with a bidi library answers with its own
    /// (`TextMeasuring.bidiClass(of:)`).
    public init(_ scalar: Unicode.Scalar) {
        let value = scalar.value
        let raw: UInt8
        if value < 0x100 {
            raw = Self.latin1Classes[Int(value)]
        } else {
            // The last run that starts at or before `value`: the first entry past `key`, less one.
            let runs = Self.classRuns
            let key = value << 5 | 0x1F
            var low = 0, high = runs.count
            while low < high {
                let middle = (low + high) / 2
                if runs[middle] <= key { low = middle + 1 } else { high = middle }
            }
            // The first run starts at U+0100, so `low` is at least 1 here.
            raw = UInt8(truncatingIfNeeded: runs[low - 1] & 0x1F)
        }
        self = BidiClass(rawValue: raw) ?? .leftToRight
    }

    /// `BidiClass(scalar).mayOpenRightToLeft`, without a search for the scalars outside the few
    /// spans where such classes occur (Latin, Greek, Cyrillic, Indic, CJK, emoji, ...).
    public static func mayOpenRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        guard rightToLeftOpenerSpans.contains(where: { $0.contains(value) }) else { return false }
        return BidiClass(scalar).mayOpenRightToLeft
    }

    /// UAX #9's abbreviation: `L`, `R`, `AL`, `EN`, ... `PDI`.
    public var shortName: String {
        switch self {
        case .leftToRight: return "L"
        case .rightToLeft: return "R"
        case .arabicLetter: return "AL"
        case .europeanNumber: return "EN"
        case .europeanSeparator: return "ES"
        case .europeanTerminator: return "ET"
        case .arabicNumber: return "AN"
        case .commonSeparator: return "CS"
        case .nonspacingMark: return "NSM"
        case .boundaryNeutral: return "BN"
        case .paragraphSeparator: return "B"
        case .segmentSeparator: return "S"
        case .whiteSpace: return "WS"
        case .otherNeutral: return "ON"
        case .leftToRightEmbedding: return "LRE"
        case .leftToRightOverride: return "LRO"
        case .rightToLeftEmbedding: return "RLE"
        case .rightToLeftOverride: return "RLO"
        case .popDirectionalFormat: return "PDF"
        case .leftToRightIsolate: return "LRI"
        case .rightToLeftIsolate: return "RLI"
        case .firstStrongIsolate: return "FSI"
        case .popDirectionalIsolate: return "PDI"
        }
    }

    /// The direction of a strong class (rule P2's L, R and AL); nil for every other class.
    public var strongDirection: WritingDirection? {
        switch self {
        case .leftToRight: return .leftToRight
        case .rightToLeft, .arabicLetter: return .rightToLeft
        default: return nil
        }
    }

    /// Whether a character of this class can make text right to left in a left-to-right
    /// paragraph, or open something that does: R, AL, RLE, RLO and RLI, and (to stay on the safe
    /// side) AN, whose digits go up a level and are shaped beside Arabic. Text with none of them
    /// is all left to right in a left-to-right paragraph.
    public var mayOpenRightToLeft: Bool {
        switch self {
        case .rightToLeft, .arabicLetter, .arabicNumber, .rightToLeftEmbedding, .rightToLeftOverride, .rightToLeftIsolate:
            return true
        default:
            return false
        }
    }
}
