public struct KeyModifiers: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let shift = KeyModifiers(rawValue: 1)
    public static let control = KeyModifiers(rawValue: 2)
    public static let alt = KeyModifiers(rawValue: 4)
}

/// Keys that edit or navigate rather than insert text. The host translates keysyms into these.
public enum EditingKey: Equatable, Sendable {
    case backspace, delete, left, right, up, down, home, end, tab, escape, enter
    /// A printable key pressed with Control (or Alt): a shortcut, not text.
    case shortcut(Character)
}

/// The pointer image a scene asks for at a point.
public enum PointerShape: Sendable {
    case arrow
    /// The I-beam over editable text.
    case text
}

/// Plain input events, free of any windowing system.
public enum InputEvent: Equatable, Sendable {
    case key(EditingKey, KeyModifiers)
    /// Committed text from the keyboard or an input method.
    case text(String)
    /// A button press; `clickCount` is 2 for a double click, 3 for a triple click.
    case pointerDown(Point, button: Int, clickCount: Int, modifiers: KeyModifiers)
    case pointerMoved(Point, buttonHeld: Bool)
    case pointerUp(Point)
    /// Wheel scrolling, in pixels; positive moves the content up (shows what is below).
    case scroll(dy: Double)
    /// The window gained or lost keyboard focus.
    case windowFocus(Bool)
}
