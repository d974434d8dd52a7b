/// A key with its modifiers, as a binding table's key.
public struct KeyCombination: Hashable, Sendable {
    public var key: EditingKey
    public var modifiers: KeyModifiers

    public init(_ key: EditingKey, _ modifiers: KeyModifiers = []) {
        self.key = key
        self.modifiers = modifiers
    }
}

/// The binding table: which command each key chord names. Data, so an app (or a desktop's key
/// theme) can change it without touching the editor.
///
/// Lookup ignores Alt, and reads a shortcut's letter in lower case. A chord that is not bound
/// with Shift is looked up without it: a motion then extends the selection, any other command is
/// the same (Shift+Backspace deletes as Backspace does). Insert is read with exactly its Shift
/// and Control (Ctrl+Insert copies, Shift+Insert pastes, both together do nothing).
public struct KeyBindings: Sendable {
    public var table: [KeyCombination: TextCommand]

    public init(_ table: [KeyCombination: TextCommand]) { self.table = table }

    public func command(for key: EditingKey, modifiers: KeyModifiers) -> TextCommand? {
        var key = key
        if case .shortcut(let character) = key, let lower = character.lowercased().first { key = .shortcut(lower) }
        let modifiers = modifiers.subtracting(.alt)
        if let command = table[KeyCombination(key, modifiers)] { return command }
        guard modifiers.contains(.shift), key != .insert, let command = table[KeyCombination(key, modifiers.subtracting(.shift))] else { return nil }
        if case .move(let unit, let direction, _) = command { return .move(unit, direction, extend: true) }
        return command
    }

    /// The desktop's keys, as GTK and Qt entries bind them (the older Ctrl+Insert, Shift+Insert
    /// and Shift+Delete clipboard keys included). Ctrl+Return is not bound: it is the app's.
    public static let standard = KeyBindings([
        KeyCombination(.left): .move(.cluster, .left, extend: false),
        KeyCombination(.right): .move(.cluster, .right, extend: false),
        KeyCombination(.left, .control): .move(.word, .left, extend: false),
        KeyCombination(.right, .control): .move(.word, .right, extend: false),
        KeyCombination(.up): .move(.line, .up, extend: false),
        KeyCombination(.down): .move(.line, .down, extend: false),
        KeyCombination(.up, .control): .move(.document, .backward, extend: false),
        KeyCombination(.down, .control): .move(.document, .forward, extend: false),
        KeyCombination(.home): .move(.line, .backward, extend: false),
        KeyCombination(.end): .move(.line, .forward, extend: false),
        KeyCombination(.home, .control): .move(.document, .backward, extend: false),
        KeyCombination(.end, .control): .move(.document, .forward, extend: false),
        KeyCombination(.backspace): .delete(.cluster, .backward),
        KeyCombination(.delete): .delete(.cluster, .forward),
        KeyCombination(.backspace, .control): .delete(.word, .backward),
        KeyCombination(.delete, .control): .delete(.word, .forward),
        KeyCombination(.enter): .return,
        KeyCombination(.escape): .cancel,
        KeyCombination(.escape, .control): .cancel,
        KeyCombination(.tab): .focusNext,
        KeyCombination(.tab, .shift): .focusPrevious,
        KeyCombination(.tab, .control): .focusNext,
        KeyCombination(.tab, [.control, .shift]): .focusPrevious,
        KeyCombination(.shortcut("a"), .control): .selectAll,
        KeyCombination(.shortcut("z"), .control): .undo,
        KeyCombination(.shortcut("z"), [.control, .shift]): .redo,
        KeyCombination(.shortcut("y"), .control): .redo,
        KeyCombination(.shortcut("c"), .control): .copy,
        KeyCombination(.shortcut("x"), .control): .cut,
        KeyCombination(.shortcut("v"), .control): .paste,
        KeyCombination(.insert, .control): .copy,
        KeyCombination(.insert, .shift): .paste,
        KeyCombination(.delete, .shift): .cut,
        KeyCombination(.shortcut("b"), .control): .toggleBoldface,
        KeyCombination(.shortcut("i"), .control): .toggleItalics,
        KeyCombination(.shortcut("u"), .control): .toggleUnderline,
    ])
}
