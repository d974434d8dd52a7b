/// How a line under or through text is drawn: UIKit's `NSUnderlineStyle` without its patterns.
public enum LineStyle: String, Sendable, Hashable, Codable, CaseIterable {
    /// One line, as thick as the font's underline.
    case single
    /// One line, twice as thick.
    case thick
    /// Two thin lines.
    case double
}

/// The styles of a run of characters: what UIKit keeps under `NSAttributedString.Key`s
/// (`.font`, `.foregroundColor`, `.backgroundColor`, `.underlineStyle`, `.strikethroughStyle`,
/// `.kern`), as a value with one optional member per key. nil is "not set": the run takes the
/// field's `defaultTextAttributes` there, and those fall back to its `font` and `textColor`.
///
/// The font is split into its parts, so a run can be made bold without naming a family or a size.
public struct TextAttributes: Hashable, Sendable {
    /// A fontconfig family name ("DejaVu Serif"); nil: the field's face (Roboto).
    public var fontFamily: String?
    /// Pixels at scale 1; nil: the field's size.
    public var fontSize: Double?
    public var fontWeight: FontWeight?
    public var isItalic: Bool?
    public var foregroundColor: Color?
    /// Painted behind the run's clusters, the height of the line.
    public var backgroundColor: Color?
    public var underlineStyle: LineStyle?
    /// nil: the run's foreground colour.
    public var underlineColor: Color?
    public var strikethroughStyle: LineStyle?
    /// nil: the run's foreground colour.
    public var strikethroughColor: Color?
    /// Pixels added after each cluster's advance (UIKit's `.kern`); negative tightens.
    public var kern: Double?

    public init(fontFamily: String? = nil, fontSize: Double? = nil, fontWeight: FontWeight? = nil, isItalic: Bool? = nil,
                foregroundColor: Color? = nil, backgroundColor: Color? = nil,
                underlineStyle: LineStyle? = nil, underlineColor: Color? = nil,
                strikethroughStyle: LineStyle? = nil, strikethroughColor: Color? = nil, kern: Double? = nil) {
        self.fontFamily = fontFamily
        self.fontSize = fontSize
        self.fontWeight = fontWeight
        self.isItalic = isItalic
        self.foregroundColor = foregroundColor
        self.backgroundColor = backgroundColor
        self.underlineStyle = underlineStyle
        self.underlineColor = underlineColor
        self.strikethroughStyle = strikethroughStyle
        self.strikethroughColor = strikethroughColor
        self.kern = kern
    }

    /// No key set.
    public static let none = TextAttributes()

    public var isEmpty: Bool { self == .none }

    /// These attributes with every key `other` sets taken from it (UIKit's `addAttributes`).
    public func merging(_ other: TextAttributes) -> TextAttributes {
        TextAttributes(fontFamily: other.fontFamily ?? fontFamily, fontSize: other.fontSize ?? fontSize,
                       fontWeight: other.fontWeight ?? fontWeight, isItalic: other.isItalic ?? isItalic,
                       foregroundColor: other.foregroundColor ?? foregroundColor,
                       backgroundColor: other.backgroundColor ?? backgroundColor,
                       underlineStyle: other.underlineStyle ?? underlineStyle,
                       underlineColor: other.underlineColor ?? underlineColor,
                       strikethroughStyle: other.strikethroughStyle ?? strikethroughStyle,
                       strikethroughColor: other.strikethroughColor ?? strikethroughColor,
                       kern: other.kern ?? kern)
    }

    /// These attributes over `defaults`: a key not set here is taken from `defaults`.
    public func resolved(over defaults: TextAttributes) -> TextAttributes { defaults.merging(self) }
}

/// One run of an `AttributedText`: a range of grapheme clusters and its attributes.
public struct AttributeRun: Equatable, Sendable {
    public var range: Range<Int>
    public var attributes: TextAttributes
    public init(range: Range<Int>, attributes: TextAttributes) { self.range = range; self.attributes = attributes }
}

/// Attributes for a text of `count` grapheme clusters, kept as runs of equal attributes: the lengths
/// cover the text exactly, none is empty and no two neighbours are equal (so two values that style the
/// same clusters the same way are `==`). Offsets are cluster offsets, as everywhere in the editor.
/// Operations cost the number of runs they touch, not the text's length.
public struct AttributeRuns: Equatable, Sendable {
    public private(set) var lengths: [Int]
    public private(set) var values: [TextAttributes]

    /// `count` clusters with one set of attributes (no run for an empty text).
    public init(count: Int = 0, attributes: TextAttributes = .none) {
        lengths = count > 0 ? [count] : []
        values = count > 0 ? [attributes] : []
    }

    /// Runs from (length, attributes) pairs; empty lengths are dropped and equal neighbours merged.
    public init<S: Sequence>(_ pairs: S) where S.Element == (Int, TextAttributes) {
        lengths = []; values = []
        for (length, attributes) in pairs { append(length, attributes) }
    }

    /// The runs as (length, attributes) pairs, what `init(_:)` takes back.
    public var pairs: [(Int, TextAttributes)] { Array(zip(lengths, values)) }

    /// The number of clusters the runs cover.
    public var count: Int { lengths.reduce(0, +) }
    public var isEmpty: Bool { lengths.isEmpty }
    /// True when every cluster has no attribute set (the plain text's runs).
    public var isPlain: Bool { values.allSatisfy(\.isEmpty) }

    /// The runs with their cluster ranges, in order.
    public var runs: [AttributeRun] {
        var start = 0
        return zip(lengths, values).map { length, attributes in
            defer { start += length }
            return AttributeRun(range: start..<start + length, attributes: attributes)
        }
    }

    /// The attributes of the cluster at `offset` (clamped into the text); `.none` for an empty text.
    public func attributes(at offset: Int) -> TextAttributes {
        guard !lengths.isEmpty else { return .none }
        let (index, _) = locate(min(max(offset, 0), max(count - 1, 0)))
        return values[index]
    }

    /// The runs of `range` (clamped), starting at 0.
    public func slice(_ range: Range<Int>) -> AttributeRuns {
        let total = count
        let lower = min(max(range.lowerBound, 0), total), upper = min(max(range.upperBound, lower), total)
        var result = AttributeRuns()
        guard lower < upper else { return result }
        var start = 0
        for (length, attributes) in zip(lengths, values) {
            let end = start + length
            let from = max(start, lower), to = min(end, upper)
            if from < to { result.append(to - from, attributes) }
            if end >= upper { break }
            start = end
        }
        return result
    }

    /// Replaces the clusters in `range` (clamped) by `replacement`'s.
    public mutating func replaceSubrange(_ range: Range<Int>, with replacement: AttributeRuns) {
        let total = count
        let lower = min(max(range.lowerBound, 0), total), upper = min(max(range.upperBound, lower), total)
        var result = slice(0..<lower)
        for (length, attributes) in zip(replacement.lengths, replacement.values) { result.append(length, attributes) }
        let tail = slice(upper..<total)
        for (length, attributes) in zip(tail.lengths, tail.values) { result.append(length, attributes) }
        self = result
    }

    /// Sets `range`'s attributes to `attributes`, replacing what was there (UIKit's `setAttributes`).
    public mutating func setAttributes(_ attributes: TextAttributes, in range: Range<Int>) {
        update(range) { _ in attributes }
    }

    /// Merges `attributes` into every run of `range` (UIKit's `addAttributes`).
    public mutating func addAttributes(_ attributes: TextAttributes, in range: Range<Int>) {
        update(range) { $0.merging(attributes) }
    }

    /// Rewrites the attributes of every run in `range` (clamped) with `transform`.
    public mutating func update(_ range: Range<Int>, _ transform: (TextAttributes) -> TextAttributes) {
        var middle = slice(range)
        middle.values = middle.values.map(transform)
        var merged = AttributeRuns()
        for (length, attributes) in zip(middle.lengths, middle.values) { merged.append(length, attributes) }
        replaceSubrange(range, with: merged)
    }

    /// Adds `length` clusters of `attributes` at the end, merging with the last run when equal.
    public mutating func append(_ length: Int, _ attributes: TextAttributes) {
        guard length > 0 else { return }
        if let last = values.last, last == attributes {
            lengths[lengths.count - 1] += length
        } else {
            lengths.append(length)
            values.append(attributes)
        }
    }

    /// The run holding cluster `offset` (which must be inside the text) and that run's start.
    private func locate(_ offset: Int) -> (index: Int, start: Int) {
        var start = 0
        for (index, length) in lengths.enumerated() {
            if offset < start + length { return (index, start) }
            start += length
        }
        return (lengths.count - 1, start - (lengths.last ?? 0))
    }
}

/// Text with styled runs: UIKit's `NSAttributedString` for this library. The string is cut into
/// grapheme clusters as the editor cuts it, and every cluster has attributes (`.none` when plain).
public struct AttributedText: Equatable, Sendable {
    public private(set) var characters: [Character]
    public private(set) var attributeRuns: AttributeRuns

    /// `string` with one set of attributes throughout.
    public init(_ string: String = "", attributes: TextAttributes = .none) {
        characters = Array(string)
        attributeRuns = AttributeRuns(count: characters.count, attributes: attributes)
    }

    /// `characters` with `runs`; runs longer than the text are cut, a text longer than its runs is
    /// plain at the end.
    public init(characters: [Character], runs: AttributeRuns) {
        self.characters = characters
        var fitted = runs.slice(0..<characters.count)
        if fitted.count < characters.count { fitted.append(characters.count - fitted.count, .none) }
        attributeRuns = fitted
    }

    public var string: String { String(characters) }
    /// Length in grapheme clusters.
    public var count: Int { characters.count }
    public var isEmpty: Bool { characters.isEmpty }
    public var runs: [AttributeRun] { attributeRuns.runs }

    public func attributes(at offset: Int) -> TextAttributes { attributeRuns.attributes(at: offset) }

    /// The clusters of `range` (clamped) with their attributes.
    public subscript(range: Range<Int>) -> AttributedText {
        let lower = min(max(range.lowerBound, 0), count), upper = min(max(range.upperBound, lower), count)
        return AttributedText(characters: Array(characters[lower..<upper]), runs: attributeRuns.slice(lower..<upper))
    }

    public mutating func replaceSubrange(_ range: Range<Int>, with replacement: AttributedText) {
        let lower = min(max(range.lowerBound, 0), count), upper = min(max(range.upperBound, lower), count)
        characters.replaceSubrange(lower..<upper, with: replacement.characters)
        attributeRuns.replaceSubrange(lower..<upper, with: replacement.attributeRuns)
    }

    public mutating func setAttributes(_ attributes: TextAttributes, in range: Range<Int>) {
        attributeRuns.setAttributes(attributes, in: range)
    }

    public mutating func addAttributes(_ attributes: TextAttributes, in range: Range<Int>) {
        attributeRuns.addAttributes(attributes, in: range)
    }

    public static func + (lhs: AttributedText, rhs: AttributedText) -> AttributedText {
        var result = lhs
        result.replaceSubrange(lhs.count..<lhs.count, with: rhs)
        return result
    }
}
