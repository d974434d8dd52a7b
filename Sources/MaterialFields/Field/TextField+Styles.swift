// Styled text, as UIKit's text field has it: `attributedText`, `defaultTextAttributes`,
// `typingAttributes`, `allowsEditingTextAttributes` and its Ctrl+B, Ctrl+I and Ctrl+U.
// The runs live in the editor's storage (`EditableText.attributeRuns`) and change only through
// the edit pipeline, so undo and redo bring them back with the text; a run holds the keys set
// on it, and the rest come from `defaultTextAttributes` when it is drawn.
extension TextField {
    /// The text with its styles. Setting it is a programmatic edit of the whole text (undo can
    /// take it back), and as in UIKit the field's `font` and `textColor` take the first run's
    /// (the keys it sets). A secure field keeps the text and drops the styles: a secret is plain.
    public var attributedText: AttributedText {
        get {
            guard !isSecureTextEntry else { return AttributedText(text) }
            return AttributedText(characters: editor.characters, runs: editor.storage.attributeRuns)
        }
        set {
            if !isSecureTextEntry, !newValue.isEmpty { takeFieldStyles(from: newValue.attributes(at: 0)) }
            var edit = editor.replacingAll(with: newValue.string, cause: .programmatic)
            edit.attributes = isSecureTextEntry ? AttributeRuns(count: 1) : newValue.segmentedWhole.attributeRuns
            apply(edit)
        }
    }

    /// The attributes text takes where its runs set nothing: the font's keys (`font`), the
    /// foreground colour (`textColor`) and any other key set here. Setting it applies to the whole
    /// text, as UIKit's does: `font` and `textColor` become what it names (unset: the field's
    /// defaults) and every run loses the keys it sets, so they show everywhere.
    public var defaultTextAttributes: TextAttributes {
        get {
            var attributes = otherDefaultTextAttributes
            if let font {
                attributes = attributes.merging(TextAttributes(fontFamily: font.familyName, fontSize: font.pixelSize,
                                                               fontWeight: font.weight, isItalic: font.isItalic ? true : nil))
            }
            if let textColor { attributes.foregroundColor = textColor }
            return attributes
        }
        set {
            let fontKeys = newValue.keeping(keysSetIn: .fontKeys)
            font = fontKeys.isEmpty ? nil : FontSpec(pixelSize: fontKeys.fontSize ?? TextField.materialTextPixelSize,
                                                     weight: fontKeys.fontWeight ?? .regular,
                                                     familyName: fontKeys.fontFamily.flatMap { $0.isEmpty ? nil : $0 },
                                                     isItalic: fontKeys.isItalic ?? false)
            textColor = newValue.foregroundColor
            let others = newValue.removing(keysSetIn: TextAttributes.fontKeys.merging(.foregroundColorKey))
            clearRunKeys(others)
            if others != otherDefaultTextAttributes {
                otherDefaultTextAttributes = others
                invalidateLayout()
            }
        }
    }

    /// What newly typed (and pasted plain) text takes while the field is edited: nil while it is
    /// not. Editing begins with the attributes at the caret, and every move of the selection
    /// sets them again to those there (the first selected cluster's, or the one's before the
    /// caret), as UIKit resets them; Ctrl+B, Ctrl+I and Ctrl+U at a caret change them. Keys it
    /// does not set come from `defaultTextAttributes`. Set while not editing, it is ignored (as
    /// UIKit's); nil while editing puts back the attributes at the caret. A secure field has none.
    public var typingAttributes: TextAttributes? {
        get { isFocused && !isSecureTextEntry ? typingAttributesValue : nil }
        set {
            guard isFocused, !isSecureTextEntry else { return }
            if let newValue { typingAttributesValue = newValue } else { resetTypingAttributes() }
        }
    }

    /// Pastes styled text in place of the selection through the whole pipeline (policies,
    /// delegate, maximum length, one undo step), keeping the runs of what is let in as they are
    /// (an unstyled part of styled text is plain, as UIKit pastes HTML). Text with no style at all
    /// pastes as plain text does, taking the typing attributes (a host hands plain text over as
    /// such). A field that does not `allowsEditingTextAttributes` (or a secure one) takes any of it
    /// as plain text.
    public func paste(_ text: AttributedText, at time: Double) {
        guard state == .editing else { return }
        var edit = editor.insertion(text.string, cause: .paste)
        if allowsEditingTextAttributes && !isSecureTextEntry && !text.attributeRuns.isPlain {
            edit.attributes = text.segmentedWhole.attributeRuns
        }
        apply(edit, at: time)
    }

    /// What a copy takes, with its styles: the selection with each run's keys over the ones the
    /// app set in `defaultTextAttributes` (so another program shows the field's font and colour
    /// where the app chose them); nil where `copyableText` is nil (a caret, a secure field).
    /// Whether the selection copies as plain text: no run of it has a style and the field sets
    /// no default attributes (`copyableAttributedText` would have none), so a copy of a long
    /// selection makes no array of its clusters.
    var copiesPlainText: Bool {
        defaultTextAttributes.isEmpty && editor.storage.attributeRuns.slice(editor.selection.range).isPlain
    }

    public var copyableAttributedText: AttributedText? {
        guard copyableText != nil else { return nil }
        var copied = editor.storage.attributedText(in: editor.selection.range)
        let defaults = defaultTextAttributes
        if !defaults.isEmpty {
            var runs = copied.attributeRuns
            runs.update(0..<runs.count) { $0.resolved(over: defaults) }
            copied = AttributedText(characters: copied.characters, runs: runs)
        }
        return copied
    }

    /// Ctrl+B, Ctrl+I or Ctrl+U: on a selection, sets the style on every cluster unless all have it,
    /// then takes it off all (one undo step, the selection kept); at a caret, toggles it in the
    /// typing attributes. False (the key is not the field's) unless the field is edited and
    /// `allowsEditingTextAttributes`; a secure field has no styles.
    @discardableResult
    public func toggleStyle(_ style: ToggledStyle, at time: Double) -> Bool {
        lastTime = time
        guard state == .editing, allowsEditingTextAttributes, !isSecureTextEntry else { return false }
        let defaults = defaultTextAttributes
        let selection = editor.selection
        if selection.isCaret {
            let typing = typingAttributesValue ?? editor.storage.inheritedAttributes(replacing: selection.range)
            typingAttributesValue = style.set(!style.isSet(in: typing.resolved(over: defaults)), in: typing, over: defaults)
            invalidateAppearance()
            return true
        }
        var runs = editor.storage.attributeRuns.slice(selection.range)
        let allSet = runs.values.allSatisfy { style.isSet(in: $0.resolved(over: defaults)) }
        runs.update(0..<runs.count) { style.set(!allSet, in: $0, over: defaults) }
        apply(TextEdit(range: selection.range, replacement: editor.storage.text(in: selection.range),
                       selectionAfter: selection, cause: .styling, attributes: runs), at: time)
        return true
    }

    /// Material's body text (`font` nil), pixels at scale 1.
    static let materialTextPixelSize = 16.0

    /// The typing attributes become those at the selection (while editing).
    func resetTypingAttributes() {
        guard isFocused else { typingAttributesValue = nil; return }
        typingAttributesValue = isSecureTextEntry ? .none : editor.storage.inheritedAttributes(replacing: editor.selection.range)
    }

    /// Removes the keys `mask` sets from every run (a font, a colour or defaults set for the whole
    /// text), and lays the text out again when a run changed.
    func clearRunKeys(_ mask: TextAttributes) {
        guard !mask.isEmpty, editor.storage.attributeRuns.values.contains(where: { $0.removing(keysSetIn: mask) != $0 }) else { return }
        editor.updateAttributes(in: 0..<editor.count) { $0.removing(keysSetIn: mask) }
        if let typing = typingAttributesValue { typingAttributesValue = typing.removing(keysSetIn: mask) }
        rebuildTextLayout()
    }

    /// `attributedText` was set: `font` and `textColor` take the keys its first run sets.
    private func takeFieldStyles(from first: TextAttributes) {
        isTakingStylesFromText = true
        defer { isTakingStylesFromText = false }
        if first.fontSize != nil || first.fontWeight != nil || first.fontFamily != nil || first.isItalic != nil {
            font = (font ?? FontSpec(pixelSize: TextField.materialTextPixelSize)).styled(first)
        }
        if let color = first.foregroundColor { textColor = color }
    }
}

/// The styles Ctrl+B, Ctrl+I and Ctrl+U toggle (UIKit's `toggleBoldface(_:)`, `toggleItalics(_:)`
/// and `toggleUnderline(_:)`).
public enum ToggledStyle: String, Sendable, Hashable, CaseIterable {
    case bold, italic, underline

    /// Whether `attributes` (resolved over the field's defaults) have it.
    public func isSet(in attributes: TextAttributes) -> Bool {
        switch self {
        case .bold: return (attributes.fontWeight?.rawValue ?? 400) >= 600
        case .italic: return attributes.isItalic == true
        case .underline: return attributes.underlineStyle != nil
        }
    }

    /// `attributes` with the style put on or taken off; taking it off removes the key, or where
    /// the defaults have the style, sets its opposite (regular, upright).
    public func set(_ on: Bool, in attributes: TextAttributes, over defaults: TextAttributes) -> TextAttributes {
        var result = attributes
        switch self {
        case .bold:
            result.fontWeight = on ? .bold : (isSet(in: TextAttributes(fontWeight: defaults.fontWeight)) ? .regular : nil)
        case .italic:
            result.isItalic = on ? true : (defaults.isItalic == true ? false : nil)
        case .underline:
            result.underlineStyle = on ? .single : nil
        }
        return result
    }
}
