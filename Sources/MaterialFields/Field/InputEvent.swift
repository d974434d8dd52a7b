public struct KeyModifiers: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let shift = KeyModifiers(rawValue: 1)
    public static let control = KeyModifiers(rawValue: 2)
    public static let alt = KeyModifiers(rawValue: 4)
}

/// Keys that edit or navigate rather than insert text. The host translates keysyms into these.
public enum EditingKey: Hashable, Sendable {
    case backspace, delete, left, right, up, down, home, end, tab, escape, enter
    /// Insert types nothing (there is no overwrite mode); with Shift it pastes, with Ctrl it copies.
    case insert
    /// A printable key pressed with Control (or Alt): a shortcut, not text.
    case shortcut(Character)
    /// F1 to F24 (the number): never text and never an edit, so they reach the app's handler.
    case function(Int)
    /// The Menu (context menu) key: opens the focused field's context menu, as Shift+F10 does.
    case menu
    /// Page Up and Page Down: nothing in a field; the emoji chooser's grid pages.
    case pageUp, pageDown
}

/// The pointer image a scene asks the host for.
public enum PointerShape: Sendable {
    case arrow
    /// The I-beam over editable text.
    case text
    /// Over something a click acts on: the clear button, an icon with an action.
    case hand
}

/// Mouse buttons by role, so no scene compares raw X button numbers.
public enum PointerButton: Int, Sendable {
    case primary = 1
    case middle = 2
    case secondary = 3
}

/// Plain input events, free of any windowing system.
public enum InputEvent: Equatable, Sendable {
    case key(EditingKey, KeyModifiers)
    /// Text a key typed.
    case text(String)
    /// Text an input method committed without a key standing for it (ibus, fcitx): one edit,
    /// with the cause `.inputMethod`.
    case inputMethodText(String)
    /// What the input method is composing now (its preedit), shown inline in the focused field;
    /// nil when it composes nothing. Not an edit: see `Preedit`.
    case preeditChanged(Preedit?)
    /// A button press; `clickCount` is 2 for a double click, 3 for a triple click.
    case pointerDown(Point, button: PointerButton, clickCount: Int, modifiers: KeyModifiers)
    /// The pointer moved, with or without the primary button held.
    case pointerMoved(Point, buttonHeld: Bool)
    case pointerUp(Point, button: PointerButton)
    /// The pointer left the window.
    case pointerExited
    /// Wheel scrolling, in wheel steps; positive moves the content up (shows what is below).
    case scroll(steps: Double)
    /// The window gained or lost keyboard focus.
    case windowFocus(Bool)
}

/// Which X selection a copy or paste uses.
public enum SelectionKind: Sendable {
    /// Ctrl+C / Ctrl+V.
    case clipboard
    /// The text last selected; middle click pastes it.
    case primary
    /// The text of a drag and drop under way (XDND's `XdndSelection`): the host's, owned while
    /// a drag from this window runs and converted when another program drops on it.
    case dragAndDrop
}
