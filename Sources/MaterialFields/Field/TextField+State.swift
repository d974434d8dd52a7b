// What follows from the field's properties and state: where the label sits, what shows, what a
// screen reader would say, whether anything moves.
extension TextField {
    public var state: FieldState { FieldState.resolve(isEnabled: isEnabled, isFocused: isFocused) }
    public var isInError: Bool { errorMessage != nil }

    /// Where the label sits. A RAG field's label is its placeholder, placed by `placeholderMode`;
    /// a plain field has none.
    public var labelPosition: LabelPosition {
        switch style.family {
        case .material:
            return LabelPosition.resolve(hasLabel: !label.isEmpty, hasText: !editor.isEmpty,
                                         canFloat: labelBehavior == .floats, isEditing: state == .editing || isDropTarget)
        case .rag:
            guard !placeholder.isEmpty, placeholderMode.isVisible(hasText: !editor.isEmpty) else { return .none }
            return placeholderMode.floats(hasText: !editor.isEmpty, isEditing: state == .editing) ? .floating : .resting
        case .plain:
            return .none
        }
    }

    /// The placeholder shows in the text line (RAG's shows as the label, `labelPosition`).
    public var isPlaceholderVisible: Bool {
        switch style.family {
        case .material:
            return PlaceholderVisibility.isVisible(hasPlaceholder: !placeholder.isEmpty, hasText: !editor.isEmpty,
                                                   labelPosition: labelPosition)
        case .rag: return false
        case .plain: return !placeholder.isEmpty && editor.isEmpty
        }
    }

    /// The text the label shows: the label, or a RAG field's placeholder.
    var labelText: String { style.family == .rag ? placeholder : label }

    public var isClearButtonVisible: Bool {
        isEnabled && clearButtonMode.isVisible(isEditing: isFocused, hasContent: !editor.isEmpty)
    }

    public var isLeadingIconVisible: Bool { leadingIcon != nil && leadingViewMode.isVisible(isEditing: isFocused) }
    public var isTrailingIconVisible: Bool {
        if showsSecureToggleNow { return true }
        return trailingIcon != nil && trailingViewMode.isVisible(isEditing: isFocused)
    }

    /// The eye of `showsSecureTextToggle` takes the trailing view's place.
    var showsSecureToggleNow: Bool { showsSecureTextToggle && isSecureTextEntry }

    /// The trailing icon as drawn: the secure toggle's eye, or the app's icon.
    public var displayedTrailingIcon: FieldIcon? {
        if showsSecureToggleNow { return isSecureTextRevealed ? .visibilityOff : .visibility }
        return trailingIcon
    }

    /// Shows or hides a secure field's text (the eye's click).
    public func toggleSecureTextReveal() {
        guard isSecureTextEntry else { return }
        isSecureTextRevealed.toggle()
        rebuildTextLayout()
    }

    /// Prefix and suffix show unless the label rests in the input line (Android, Flutter).
    public var areAffixesVisible: Bool { labelPosition != .resting }

    /// The leading assistive text: the error message in error, the helper text otherwise.
    public var displayedLeadingAssistiveText: String {
        if let errorMessage, !errorMessage.isEmpty { return errorMessage }
        if let hint { return hint }
        return helperText
    }

    /// The trailing assistive text as shown: the app's text, or the character counter.
    public var displayedTrailingAssistiveText: String {
        if !trailingAssistiveText.isEmpty { return trailingAssistiveText }
        if let maximumLength, showsCharacterCounter { return "\(editor.count) / \(max(0, maximumLength))" }
        return ""
    }

    /// The text holds more graphemes than `maximumLength` allows (set by the program).
    public var isOverLimit: Bool { maximumLength.map { editor.count > max(0, $0) } ?? false }

    /// A non-nil hint (even "") and `layoutAlwaysIncludesHint` keep the row's space.
    var hasAssistiveRow: Bool {
        hint != nil || layoutAlwaysIncludesHint || !displayedLeadingAssistiveText.isEmpty || !displayedTrailingAssistiveText.isEmpty
    }

    /// Rows of text a text area shows now (1 for a text field).
    public var visibleRows: Double { layoutInput?.visibleRows ?? 1 }

    /// What a screen reader would say: the accessibility label when set, otherwise the label, the
    /// text (the placeholder when empty; never a secure field's text), and the assistive texts,
    /// joined with ", ".
    public var accessibilityText: String {
        if let accessibilityLabel { return accessibilityLabel }
        // A RAG field's placeholder is its label, said whether or not there is text.
        let content = editor.isEmpty ? (style.family == .rag ? "" : placeholder) : isSecureTextEntry ? displayedText : text
        return [labelText, content, displayedLeadingAssistiveText, displayedTrailingAssistiveText].filter { !$0.isEmpty }.joined(separator: ", ")
    }

    /// How far the label has floated at `time`: 0 resting, 1 floating (what the inspector shows
    /// of an animation; the scene brings transitions up to date when it renders).
    public func labelFloatProgress(at time: Double) -> Double { motion.labelFloat.value(at: time) }

    /// How far focus has taken effect at `time`: 0 unfocused, 1 the indicator or outline fully active.
    public func activationProgress(at time: Double) -> Double { motion.activation.value(at: time) }

    public func isAnimating(at time: Double) -> Bool {
        motion.isAnimating(at: time)
    }

    /// The next instant the field looks different without new input, or nil.
    public func nextChange(after time: Double, windowFocused: Bool) -> Double? {
        if isAnimating(at: time) { return time }
        guard state == .editing, windowFocused, editor.selection.isCaret else { return nil }
        return motion.caretBlink.nextChange(after: time)
    }
}
