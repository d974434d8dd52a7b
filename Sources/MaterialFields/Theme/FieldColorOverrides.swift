/// The three states MDC's per-state colour setters take (`MDCTextControlState`). Error is not
/// one of them: it is a theme applied on top of any state.
public enum ControlState: String, Sendable, CaseIterable, Codable {
    case normal, editing, disabled

    init(_ state: FieldState) {
        switch state {
        case .normal: self = .normal
        case .editing: self = .editing
        case .disabled: self = .disabled
        }
    }
}

/// The parts of a field whose colour an app may set per state, as MDC's
/// `setFloatingLabelColor(_:for:)`, `setNormalLabelColor(_:for:)` and their kin.
public enum FieldColorRole: String, Sendable, CaseIterable, Codable {
    case floatingLabel, normalLabel, text, leadingAssistiveText, trailingAssistiveText
    case filledBackground, underline, outline
}

/// Colours an app set for some roles in some states; every unset one comes from the colour
/// scheme. The error theme still wins over these for the parts it colours.
public struct FieldColorOverrides: Equatable, Sendable {
    private struct Key: Hashable, Sendable { var role: FieldColorRole; var state: ControlState }
    private var colors: [Key: Color] = [:]

    public init() {}

    public subscript(role: FieldColorRole, state: ControlState) -> Color? {
        get { colors[Key(role: role, state: state)] }
        set { colors[Key(role: role, state: state)] = newValue }
    }
}
