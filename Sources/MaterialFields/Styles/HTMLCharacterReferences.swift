/// HTML's character references (`&amp;`, `&#233;`, `&#x1F600;`) for `HTMLReader`: the named ones
/// clipboard HTML uses (HTML 4's 252, which include all of Latin-1, plus a few of HTML5's), and
/// the numeric rules of HTML5's tokenizer (0, surrogates and values past U+10FFFF read as U+FFFD;
/// 0x80 to 0x9F as the Windows-1252 characters the bytes meant).
enum HTMLCharacterReferences {
    /// Latin-1's names from U+00A0 on, in code point order. HTML5 reads these (and amp, lt, gt,
    /// quot) even without their semicolon, as old pages wrote them.
    private static let latin1Names = [
        "nbsp", "iexcl", "cent", "pound", "curren", "yen", "brvbar", "sect", "uml", "copy", "ordf", "laquo", "not", "shy",
        "reg", "macr", "deg", "plusmn", "sup2", "sup3", "acute", "micro", "para", "middot", "cedil", "sup1", "ordm", "raquo",
        "frac14", "frac12", "frac34", "iquest", "Agrave", "Aacute", "Acirc", "Atilde", "Auml", "Aring", "AElig", "Ccedil",
        "Egrave", "Eacute", "Ecirc", "Euml", "Igrave", "Iacute", "Icirc", "Iuml", "ETH", "Ntilde", "Ograve", "Oacute",
        "Ocirc", "Otilde", "Ouml", "times", "Oslash", "Ugrave", "Uacute", "Ucirc", "Uuml", "Yacute", "THORN", "szlig",
        "agrave", "aacute", "acirc", "atilde", "auml", "aring", "aelig", "ccedil", "egrave", "eacute", "ecirc", "euml",
        "igrave", "iacute", "icirc", "iuml", "eth", "ntilde", "ograve", "oacute", "ocirc", "otilde", "ouml", "divide",
        "oslash", "ugrave", "uacute", "ucirc", "uuml", "yacute", "thorn", "yuml",
    ]

    private static let otherNames: [(String, UInt32)] = [
        ("apos", 0x27), ("OElig", 0x152), ("oelig", 0x153), ("Scaron", 0x160), ("scaron", 0x161), ("Yuml", 0x178),
        ("fnof", 0x192), ("circ", 0x2C6), ("tilde", 0x2DC), ("ensp", 0x2002), ("emsp", 0x2003), ("thinsp", 0x2009),
        ("hairsp", 0x200A), ("zwnj", 0x200C), ("zwj", 0x200D), ("lrm", 0x200E), ("rlm", 0x200F), ("hyphen", 0x2010),
        ("dash", 0x2010), ("ndash", 0x2013), ("mdash", 0x2014), ("horbar", 0x2015), ("lsquo", 0x2018), ("rsquo", 0x2019),
        ("sbquo", 0x201A), ("ldquo", 0x201C), ("rdquo", 0x201D), ("bdquo", 0x201E), ("dagger", 0x2020),
        ("Dagger", 0x2021), ("bull", 0x2022), ("hellip", 0x2026), ("permil", 0x2030), ("prime", 0x2032),
        ("Prime", 0x2033), ("lsaquo", 0x2039), ("rsaquo", 0x203A), ("oline", 0x203E), ("frasl", 0x2044),
        ("NoBreak", 0x2060), ("euro", 0x20AC), ("image", 0x2111), ("weierp", 0x2118), ("real", 0x211C),
        ("trade", 0x2122), ("alefsym", 0x2135), ("larr", 0x2190), ("uarr", 0x2191), ("rarr", 0x2192),
        ("darr", 0x2193), ("harr", 0x2194), ("crarr", 0x21B5), ("lArr", 0x21D0), ("uArr", 0x21D1), ("rArr", 0x21D2),
        ("dArr", 0x21D3), ("hArr", 0x21D4), ("forall", 0x2200), ("part", 0x2202), ("exist", 0x2203),
        ("empty", 0x2205), ("nabla", 0x2207), ("isin", 0x2208), ("notin", 0x2209), ("ni", 0x220B), ("prod", 0x220F),
        ("sum", 0x2211), ("minus", 0x2212), ("lowast", 0x2217), ("radic", 0x221A), ("prop", 0x221D),
        ("infin", 0x221E), ("ang", 0x2220), ("and", 0x2227), ("or", 0x2228), ("cap", 0x2229), ("cup", 0x222A),
        ("int", 0x222B), ("there4", 0x2234), ("sim", 0x223C), ("cong", 0x2245), ("asymp", 0x2248), ("ne", 0x2260),
        ("equiv", 0x2261), ("le", 0x2264), ("ge", 0x2265), ("sub", 0x2282), ("sup", 0x2283), ("nsub", 0x2284),
        ("sube", 0x2286), ("supe", 0x2287), ("oplus", 0x2295), ("otimes", 0x2297), ("perp", 0x22A5), ("sdot", 0x22C5),
        ("lceil", 0x2308), ("rceil", 0x2309), ("lfloor", 0x230A), ("rfloor", 0x230B), ("lang", 0x27E8),
        ("rang", 0x27E9), ("loz", 0x25CA), ("starf", 0x2605), ("star", 0x2606), ("spades", 0x2660),
        ("clubs", 0x2663), ("hearts", 0x2665), ("diams", 0x2666), ("check", 0x2713), ("cross", 0x2717),
        ("Tab", 0x09), ("NewLine", 0x0A), ("thetasym", 0x3D1), ("upsih", 0x3D2), ("piv", 0x3D6), ("sigmaf", 0x3C2),
    ]

    /// Greek's capitals from U+0391 and small letters from U+03B1, in order (U+03A2 and U+03C2,
    /// the final sigma, are not in the run).
    private static let greek = ["Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta", "Eta", "Theta", "Iota", "Kappa",
                                "Lambda", "Mu", "Nu", "Xi", "Omicron", "Pi", "Rho", "", "Sigma", "Tau", "Upsilon", "Phi",
                                "Chi", "Psi", "Omega"]

    static let named: [String: UInt32] = {
        var table: [String: UInt32] = ["amp": 0x26, "lt": 0x3C, "gt": 0x3E, "quot": 0x22,
                                       "AMP": 0x26, "LT": 0x3C, "GT": 0x3E, "QUOT": 0x22, "COPY": 0xA9, "REG": 0xAE]
        for (index, name) in latin1Names.enumerated() { table[name] = 0xA0 + UInt32(index) }
        for (name, value) in otherNames { table[name] = value }
        for (index, name) in greek.enumerated() where !name.isEmpty {
            table[name] = 0x391 + UInt32(index)
            table[name.lowercased()] = 0x3B1 + UInt32(index)
        }
        return table
    }()

    /// The names HTML5 reads without a semicolon ("&copy 2024", "AT&amp T").
    static let legacy: Set<String> = Set(latin1Names + ["amp", "lt", "gt", "quot", "AMP", "LT", "GT", "QUOT", "COPY", "REG"])

    /// The longest name among `legacy`, which bounds the prefix search.
    static let longestLegacy = legacy.map(\.count).max() ?? 0

    /// The code point a numeric reference stands for, by HTML5's rules.
    static func numeric(_ value: UInt32?) -> Unicode.Scalar {
        guard let value, value != 0, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else { return "\u{FFFD}" }
        if (0x80...0x9F).contains(value), let mapped = windows1252[value] { return mapped }
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }

    /// What the bytes 0x80 to 0x9F mean in Windows-1252 (five of them mean nothing and stay).
    private static let windows1252: [UInt32: Unicode.Scalar] = [
        0x80: "\u{20AC}", 0x82: "\u{201A}", 0x83: "\u{0192}", 0x84: "\u{201E}", 0x85: "\u{2026}", 0x86: "\u{2020}",
        0x87: "\u{2021}", 0x88: "\u{02C6}", 0x89: "\u{2030}", 0x8A: "\u{0160}", 0x8B: "\u{2039}", 0x8C: "\u{0152}",
        0x8E: "\u{017D}", 0x91: "\u{2018}", 0x92: "\u{2019}", 0x93: "\u{201C}", 0x94: "\u{201D}", 0x95: "\u{2022}",
        0x96: "\u{2013}", 0x97: "\u{2014}", 0x98: "\u{02DC}", 0x99: "\u{2122}", 0x9A: "\u{0161}", 0x9B: "\u{203A}",
        0x9C: "\u{0153}", 0x9E: "\u{017E}", 0x9F: "\u{0178}",
    ]
}
