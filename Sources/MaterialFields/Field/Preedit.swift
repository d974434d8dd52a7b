/// What an input method is composing (its preedit): Hangul jamo becoming a syllable, pinyin
/// becoming hanzi, kana before conversion. It is shown inline at the caret, replacing the
/// selection on screen, but it is not the field's text: the text, the undo history, the counter,
/// the delegate, `editingChanged`, accessibility and QA's `text` see only what the input method
/// commits (one edit with the cause `.inputMethod`).
public struct Preedit: Equatable, Sendable {
    /// How a part of the preedit is marked, as the input method asks.
    public enum Emphasis: String, Equatable, Sendable, Codable {
        /// Text being composed: underlined.
        case underlined
        /// The segment being converted or chosen (XIM's reverse, highlight or primary feedback):
        /// highlighted behind, with a thicker underline.
        case highlighted
    }

    /// A stretch of the preedit with one emphasis, in grapheme clusters of `text`.
    public struct Segment: Equatable, Sendable {
        public var range: Range<Int>
        public var emphasis: Emphasis

        public init(range: Range<Int>, emphasis: Emphasis) {
            self.range = range
            self.emphasis = emphasis
        }
    }

    public let text: String
    /// The input method's caret, in grapheme clusters from the preedit's start (0...count).
    public let caret: Int
    /// Stretches in order, covering the text; none is empty.
    public let segments: [Segment]
    public let characters: [Character]

    public var isEmpty: Bool { characters.isEmpty }
    public var count: Int { characters.count }

    /// A preedit of `text` with its caret at `caret` clusters (clamped; nil is the end) and its
    /// segments (clamped to the text, empty ones left out; none: the whole text underlined).
    public init(text: String, caret: Int? = nil, segments: [Segment]? = nil) {
        self.text = text
        characters = Array(text)
        let count = characters.count
        self.caret = min(max(0, caret ?? count), count)
        let given = segments ?? [Segment(range: 0..<count, emphasis: .underlined)]
        self.segments = given.compactMap { segment in
            let lower = min(max(0, segment.range.lowerBound), count), upper = min(max(lower, segment.range.upperBound), count)
            return lower < upper ? Segment(range: lower..<upper, emphasis: segment.emphasis) : nil
        }
    }

    /// A preedit as X input methods describe it: the caret in Unicode scalars and an emphasis per
    /// scalar (missing ones underlined). Positions inside a cluster round to the cluster's end;
    /// a cluster takes the strongest emphasis among its scalars.
    public init(text: String, caretInScalars: Int, scalarEmphasis: [Emphasis]) {
        var clusterCaret: Int?
        var scalarIndex = 0
        var emphases: [Emphasis] = []
        for (clusterIndex, character) in text.enumerated() {
            let scalars = character.unicodeScalars.count
            if clusterCaret == nil, caretInScalars <= scalarIndex { clusterCaret = clusterIndex }
            let own = (scalarIndex..<(scalarIndex + scalars)).map { $0 < scalarEmphasis.count ? scalarEmphasis[$0] : .underlined }
            emphases.append(own.contains(.highlighted) ? .highlighted : .underlined)
            scalarIndex += scalars
        }
        var segments: [Segment] = []
        for (index, emphasis) in emphases.enumerated() {
            if let last = segments.last, last.emphasis == emphasis, last.range.upperBound == index {
                segments[segments.count - 1].range = last.range.lowerBound..<(index + 1)
            } else {
                segments.append(Segment(range: index..<(index + 1), emphasis: emphasis))
            }
        }
        self.init(text: text, caret: clusterCaret ?? emphases.count, segments: segments)
    }
}
