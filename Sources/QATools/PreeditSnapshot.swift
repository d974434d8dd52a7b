import MaterialFields

/// An input method's preedit as the QA state lists it (a field's `preedit` key): its text (a
/// bullet per grapheme in a secure field), its caret and its segments, in grapheme clusters of
/// the preedit.
public struct PreeditSnapshot: Codable, Equatable {
    public struct Segment: Codable, Equatable {
        /// [start, end) in clusters of the preedit.
        public var range: [Int]
        public var emphasis: Preedit.Emphasis
    }

    public var text: String
    public var caret: Int
    public var segments: [Segment]

    public init(_ preedit: Preedit, secure: Bool = false) {
        text = secure ? String(preedit.characters.map { $0.isNewline ? $0 : "\u{2022}" }) : preedit.text
        caret = preedit.caret
        segments = preedit.segments.map { Segment(range: [$0.range.lowerBound, $0.range.upperBound], emphasis: $0.emphasis) }
    }
}
