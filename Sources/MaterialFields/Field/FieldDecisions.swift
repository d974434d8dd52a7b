/// The interaction state that selects colours and the caret.
public enum FieldState: String, Sendable, Codable {
    case normal
    case editing
    case disabled

    public static func resolve(isEnabled: Bool, isFocused: Bool) -> FieldState {
        guard isEnabled else { return .disabled }
        return isFocused ? .editing : .normal
    }
}

/// Where the label sits.
public enum LabelPosition: String, Sendable, Codable {
    /// No label is shown.
    case none
    /// In the input line, at body size, standing in for the empty text.
    case resting
    /// Above the input line (filled) or on the outline (outlined), at 12 px.
    case floating

    /// MDC iOS's rule: a label floats when it would otherwise collide with text or the caret; a
    /// label that cannot float gets out of the way instead.
    public static func resolve(hasLabel: Bool, hasText: Bool, canFloat: Bool, isEditing: Bool) -> LabelPosition {
        guard hasLabel else { return .none }
        guard hasText || isEditing else { return .resting }
        return canFloat ? .floating : .none
    }
}

public enum PlaceholderVisibility {
    /// The placeholder never shares the input line with a resting label or with text.
    public static func isVisible(hasPlaceholder: Bool, hasText: Bool, labelPosition: LabelPosition) -> Bool {
        hasPlaceholder && !hasText && labelPosition != .resting
    }
}
