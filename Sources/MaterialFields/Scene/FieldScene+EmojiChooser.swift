// The emoji chooser: Ctrl+. or Ctrl+; in a field being edited, or the context menu's Insert Emoji.
extension FieldScene {
    /// Whether a key opens the emoji chooser: Ctrl+. or Ctrl+; (GTK's keys).
    func opensEmojiChooser(_ key: EditingKey, _ modifiers: KeyModifiers) -> Bool {
        guard case .shortcut(let character) = key, modifiers.subtracting(.alt) == .control else { return false }
        return character == "." || character == ";"
    }

    /// Opens the emoji chooser at `field`'s caret (below it, above near the screen's bottom edge):
    /// Ctrl+. and Ctrl+;, and the context menu's Insert Emoji. The emoji picked goes in at the
    /// caret, replacing the selection, as one edit (`EditCause.emoji`: the delegate is asked,
    /// undo takes it away in one step), and the chooser closes. Refused (the bell, false) for a
    /// field that is not being edited or is secure, or when the host shows no popups.
    @discardableResult
    public func openEmojiChooser(for field: TextField) -> Bool {
        isSettled = false
        arrangeIfNeeded()
        guard field.isFocused, field.state == .editing, !field.isSecureTextEntry, let frame = frame(of: field) else {
            host?.ringBell()
            return false
        }
        let chooser = EmojiChooser(recents: emojiRecents, scheme: scheme, metrics: metrics, measurer: measurer)
        chooser.field = field
        chooser.onPick = { [weak self, weak field, weak chooser] emoji, time in
            guard let self, let field, let chooser, chooser === self.activePopup else { return }
            self.closePopup(reason: .activated)
            self.insertEmoji(emoji, into: field, at: time)
        }
        chooser.onDismiss = { [weak self, weak chooser] in
            guard let self, let chooser, chooser === self.activePopup else { return }
            self.closePopup(reason: .dismissed)
        }
        let caret = field.caretRect.map { $0.offsetBy(dx: frame.minX, dy: frame.minY) }
            ?? Rect(x: frame.minX, y: frame.minY, width: 0, height: field.layout?.container.maxY ?? 0)
        guard showPopup(chooser, anchor: PopupAnchor(rect: caret)) else {
            host?.ringBell()
            return false
        }
        return true
    }

    /// The open emoji chooser, if the open popup is one.
    public var shownEmojiChooser: EmojiChooser? { activePopup as? EmojiChooser }

    /// Puts `emoji` in at `field`'s caret, over its selection: one edit through the field's
    /// pipeline, as a paste is.
    func insertEmoji(_ emoji: String, into field: TextField, at time: Double) {
        guard field.isFocused, field.state == .editing, !field.isSecureTextEntry else { return }
        field.insert(emoji, cause: .emoji, at: time)
        host?.setNeedsRender()
    }
}
