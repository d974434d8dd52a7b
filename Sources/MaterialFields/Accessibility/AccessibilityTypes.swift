/// What an assistive technology is told a field is (AT-SPI's roles, as GTK gives them).
public enum AccessibleRole: String, Sendable {
    /// A single-line field.
    case entry
    /// A secure field.
    case passwordText
    /// A text area (with the multi-line state).
    case text
    /// A caption or heading that labels something (`Decoration`).
    case label
    case heading
}

/// AT-SPI states a field can be in.
public struct AccessibleStates: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let focusable = AccessibleStates(rawValue: 1 << 0)
    public static let focused = AccessibleStates(rawValue: 1 << 1)
    public static let editable = AccessibleStates(rawValue: 1 << 2)
    public static let singleLine = AccessibleStates(rawValue: 1 << 3)
    public static let multiLine = AccessibleStates(rawValue: 1 << 4)
    public static let enabled = AccessibleStates(rawValue: 1 << 5)
    public static let sensitive = AccessibleStates(rawValue: 1 << 6)
    public static let showing = AccessibleStates(rawValue: 1 << 7)
    public static let visible = AccessibleStates(rawValue: 1 << 8)
    public static let invalidEntry = AccessibleStates(rawValue: 1 << 9)
    /// The text can be selected (GTK sets it on entries).
    public static let selectableText = AccessibleStates(rawValue: 1 << 10)
}

/// How far a text query reaches around an offset (AT-SPI's boundary types and granularities).
public enum TextBoundary: Sendable, CaseIterable {
    case character
    /// From the start of the word at the offset to the start of the next (AT-SPI's WORD_START).
    case wordStart
    /// From the end of the word before the offset to the end of the word at it (WORD_END).
    case wordEnd
    case sentenceStart
    case sentenceEnd
    /// The visual line at the offset, its line break included (LINE_START).
    case lineStart
    case lineEnd
    /// The whole paragraph (AT-SPI's PARAGRAPH granularity): a text area's text between line breaks.
    case paragraph
}

/// A piece of the text and where it lies, in code points.
public struct TextSpan: Equatable, Sendable {
    public var text: String
    public var start: Int
    public var end: Int
    public init(text: String, start: Int, end: Int) { self.text = text; self.start = start; self.end = end }
}

/// What an assistive technology is told of a change, offsets in code points. A secure field's
/// texts are bullets, one per grapheme cluster (`TextField.displayedText`).
public enum AccessibilityEvent: Equatable, Sendable {
    case textInserted(offset: Int, length: Int, text: String)
    case textDeleted(offset: Int, length: Int, text: String)
    case caretMoved(offset: Int)
    case selectionChanged
    /// The text's styles changed and its text did not (ATK's `text-attributes-changed`).
    case textAttributesChanged
    /// One state turned on or off (focused, invalid entry, enabled and sensitive, showing...).
    case stateChanged(AccessibleStates, Bool)
    case nameChanged(String)
    case descriptionChanged(String)
    /// The role changed (a field made secure or not).
    case roleChanged(AccessibleRole)
}
