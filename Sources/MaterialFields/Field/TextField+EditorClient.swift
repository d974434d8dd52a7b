// What the field does when its editor changed something.
extension TextField: FieldEditorClient {
    package var editsSecretText: Bool { isSecureTextEntry }
    package var insertionAttributes: TextAttributes? { isFocused && !isSecureTextEntry ? typingAttributesValue : nil }
    package var textMeasurer: TextMeasuring? { measurer }
    package var currentTextDirection: WritingDirection { textDirection }
    package var textViewport: (band: Rect, caretWidth: Double)? { layout.map { ($0.textLine, $0.metrics.caretWidth) } }

    package var masksDisplayedText: Bool { isSecureTextEntry && !isSecureTextRevealed }

    package func displayed(_ characters: ArraySlice<Character>) -> ArraySlice<Character> {
        isSecureTextEntry && !isSecureTextRevealed ? maskedCharacters(characters)[...] : characters
    }

    package func displayedStyles(_ runs: AttributeRuns) -> AttributeRuns? {
        displayStyles(runs) ?? AttributeRuns(count: runs.count)
    }

    package func editorPlacedCaret(selectionChanged: Bool, cause: SelectionChangeCause, showsCaret: Bool) {
        motion.caretBlink.restart(at: lastTime)
        if showsCaret { editor.keepCaretInView() }
        invalidateAppearance()
        // A move of the selection sets the typing attributes again (UIKit clears them).
        if selectionChanged { resetTypingAttributes() }
        if selectionChanged { notifySelectionChange(cause) }
    }

    package func editorApplied(_ applied: AppliedEdit) {
        // The rows of a text area and the counter follow the text.
        if displayedTrailingAssistiveText != assistive.lastTrailing {
            assistiveTextChanged()
        } else if kind == .textArea || layoutInput?.runFonts != runFonts() {
            // A text area's rows, or a styled run's font that makes the line taller or shorter.
            relayOutIfNeeded()
        }
        if adjustsFontSizeToFitWidth { fitFontToWidth() }
        resetTypingAttributes()
        motion.caretBlink.restart(at: lastTime)
        editor.keepCaretInView()
        invalidateAppearance()
        syncMotion(at: lastTime)
        if applied.selectionBefore != editor.selection { notifySelectionChange(.edit) }
        notify(.textChanged(applied))
        if applied.edit.cause != .programmatic { sendActions(for: .editingChanged) }
    }

    package func editorRefused(_ proposed: TextEdit) { notify(.editRefused(proposed)) }

    package func editorTextDirectionChanged() {
        rebuildTextLayout(notifying: false)
        relayOutIfNeeded()
    }
}
