/// One entry of a field's context menu (UIKit's `UIAction` in an edit menu): a title, whether it
/// can act now, what it does, and the keyboard hints GTK menus show. A divider is an item too.
public struct MenuItem {
    /// Names an item, so an app's delegate can find the standard ones to remove or replace.
    public struct Identifier: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        public static let undo = Identifier("undo")
        public static let redo = Identifier("redo")
        public static let cut = Identifier("cut")
        public static let copy = Identifier("copy")
        public static let paste = Identifier("paste")
        public static let delete = Identifier("delete")
        public static let selectAll = Identifier("selectAll")
        public static let insertEmoji = Identifier("insertEmoji")
        public static let bold = Identifier("bold")
        public static let italic = Identifier("italic")
        public static let underline = Identifier("underline")
        public static let divider = Identifier("divider")
    }

    /// What choosing the item does.
    public enum Action {
        /// A command of the field's vocabulary, through the same pipeline as its key
        /// (`FieldScene.perform(_:at:)`): undo, the delegate and QA see what they see for the key.
        case command(TextCommand)
        /// Opens the emoji chooser at the field's caret (`FieldScene.openEmojiChooser(for:)`).
        case insertEmoji
        /// The app's own action, with the field the menu was opened for.
        case handler((TextField) -> Void)
    }

    public var identifier: Identifier
    public var title: String
    /// The letter that chooses the item from the keyboard, underlined in the title (GTK's
    /// mnemonic); nil: the title's first letter, which jumps to the item.
    public var mnemonic: Character?
    /// The key that does the same, shown on the right in a secondary colour ("Ctrl+C").
    public var shortcut: String?
    public var isEnabled: Bool
    /// Nil for a divider.
    public var action: Action?

    public init(identifier: Identifier, title: String, mnemonic: Character? = nil, shortcut: String? = nil,
                isEnabled: Bool = true, action: Action) {
        self.identifier = identifier
        self.title = title
        self.mnemonic = mnemonic
        self.shortcut = shortcut
        self.isEnabled = isEnabled
        self.action = action
    }

    /// An app's item that runs `handler` with the field.
    public init(title: String, identifier: Identifier? = nil, mnemonic: Character? = nil, shortcut: String? = nil,
                isEnabled: Bool = true, handler: @escaping (TextField) -> Void) {
        self.init(identifier: identifier ?? Identifier(title), title: title, mnemonic: mnemonic, shortcut: shortcut,
                  isEnabled: isEnabled, action: .handler(handler))
    }

    /// A line between groups of items.
    public static var divider: MenuItem {
        var item = MenuItem(identifier: .divider, title: "", isEnabled: false, action: .command(.selectAll))
        item.action = nil
        return item
    }

    public var isDivider: Bool { action == nil }

    /// The standard items of a field's menu, each enabled when it can act in `field` now:
    /// Undo and Redo from its undo history, Cut and Copy with a selection outside a secure field,
    /// Paste when `clipboardHasText` (the scene learns it asynchronously), Delete with a
    /// selection, Select All when some text is not selected, Insert Emoji in an editable field
    /// that is not secure; then a divider before Insert Emoji, as GTK has it. A field that
    /// `allowsEditingTextAttributes` (and is not secure) ends with its format items after a
    /// divider: Bold, Italic and Underline (UIKit's `toggleBoldface`, `toggleItalics`,
    /// `toggleUnderline`), what Ctrl+B, Ctrl+I and Ctrl+U do.
    public static func standardItems(for field: TextField, clipboardHasText: Bool) -> [MenuItem] {
        let editable = field.isEnabled && field.isFocused
        let selected = !field.selection.isCaret
        let secure = field.isSecureTextEntry
        let allSelected = field.selection.range == 0..<field.count
        var format: [MenuItem] = []
        if field.allowsEditingTextAttributes && !secure {
            format = [
                .divider,
                MenuItem(identifier: .bold, title: "Bold", mnemonic: "b", shortcut: "Ctrl+B", isEnabled: editable,
                         action: .command(.toggleBoldface)),
                MenuItem(identifier: .italic, title: "Italic", mnemonic: "i", shortcut: "Ctrl+I", isEnabled: editable,
                         action: .command(.toggleItalics)),
                MenuItem(identifier: .underline, title: "Underline", mnemonic: "n", shortcut: "Ctrl+U", isEnabled: editable,
                         action: .command(.toggleUnderline)),
            ]
        }
        return [
            MenuItem(identifier: .undo, title: "Undo", mnemonic: "u", shortcut: "Ctrl+Z",
                     isEnabled: editable && field.canUndo, action: .command(.undo)),
            MenuItem(identifier: .redo, title: "Redo", mnemonic: "r", shortcut: "Ctrl+Shift+Z",
                     isEnabled: editable && field.canRedo, action: .command(.redo)),
            MenuItem(identifier: .cut, title: "Cut", mnemonic: "t", shortcut: "Ctrl+X",
                     isEnabled: editable && selected && !secure, action: .command(.cut)),
            MenuItem(identifier: .copy, title: "Copy", mnemonic: "c", shortcut: "Ctrl+C",
                     isEnabled: field.isEnabled && selected && !secure, action: .command(.copy)),
            MenuItem(identifier: .paste, title: "Paste", mnemonic: "p", shortcut: "Ctrl+V",
                     isEnabled: editable && clipboardHasText, action: .command(.paste)),
            MenuItem(identifier: .delete, title: "Delete", mnemonic: "d", shortcut: "Delete",
                     isEnabled: editable && selected, action: .command(.delete(.cluster, .forward))),
            MenuItem(identifier: .selectAll, title: "Select All", mnemonic: "a", shortcut: "Ctrl+A",
                     isEnabled: field.isEnabled && field.count > 0 && !allSelected, action: .command(.selectAll)),
            .divider,
            MenuItem(identifier: .insertEmoji, title: "Insert Emoji", mnemonic: "e", shortcut: "Ctrl+.",
                     isEnabled: editable && !secure, action: .insertEmoji),
        ] + format
    }
}
