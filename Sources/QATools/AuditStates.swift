import MaterialFields

/// The states the accessibility audit draws a field in, and how it puts a fresh field in each.
/// (The state matrix drives states of its own; the two may share one type later.)
public enum AuditState: String, CaseIterable, Sendable {
    /// Not focused, empty, the pointer elsewhere: the label at rest.
    case resting
    /// As resting, the pointer over the container.
    case hovered
    /// Focused and empty: the label floated, the placeholder shown, the focus indicator drawn.
    case focused
    /// Not focused, with text: the input text and the floated label.
    case filled
    /// With text, in error with a message.
    case error
    /// With text, disabled: reported, exempt from WCAG's contrast minimums (inactive components).
    case disabled

    /// What a field with no text of its own is filled with.
    static let sampleText = "Sample text 42"
    /// The message of a field whose own error has none.
    static let sampleErrorMessage = "Check this entry"

    /// Puts `field` (fresh, not yet in a scene) in this state, as far as the field itself says;
    /// hovering and focusing need the scene (`enter(_:in:frame:at:)`).
    func prepare(_ field: TextField) {
        let ownText = field.text, ownError = field.errorMessage
        switch self {
        case .resting, .hovered, .focused:
            field.text = ""
            field.clearError()
        case .filled:
            if ownText.isEmpty { field.text = Self.sampleText }
            field.clearError()
        case .error:
            if ownText.isEmpty { field.text = Self.sampleText }
            if let ownError, !ownError.isEmpty {
                field.applyErrorTheme(message: ownError)
            } else {
                field.applyErrorTheme(message: Self.sampleErrorMessage)
            }
        case .disabled:
            if ownText.isEmpty { field.text = Self.sampleText }
            field.clearError()
            field.isEnabled = false
        }
    }

    /// The scene's part of the state, once the field is laid out in `scene` at `frame`: the
    /// pointer over it, or focus.
    func enter(_ field: TextField, in scene: FieldScene, frame: Rect, at time: Double) {
        switch self {
        case .hovered:
            guard let container = field.layout?.container else { return }
            scene.handle(.pointerMoved(Point(x: frame.minX + container.midX, y: frame.minY + container.midY), buttonHeld: false),
                         at: time)
        case .focused:
            scene.focus(field, at: time)
            // Focus selects a text field's text; there is none, and the caret is drawn.
        default:
            break
        }
    }

    /// Whether WCAG's contrast minimums apply (not to an inactive component).
    public var isExempt: Bool { self == .disabled }
}
