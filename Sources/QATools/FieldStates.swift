import MaterialFields

/// A state a field can be seen in, as QA tools render and judge it (the state matrix, the
/// accessibility audit): the one vocabulary both use, in file names and reports. Each is
/// reached through the real model: the scene's focus and pointer events, typing through the
/// scene, and the field's own API (`text`, `applyErrorTheme`, `isEnabled`), never painted.
public enum FieldVisualState: String, CaseIterable, Sendable {
    /// Empty, not focused, the pointer elsewhere.
    case resting
    /// Empty, the pointer over the container.
    case hovered
    /// Focused, with no text.
    case focusedEmpty = "focused-empty"
    /// Focused, the sample text typed.
    case focusedText = "focused-text"
    /// The sample text typed, then focus gone (a form filled in).
    case filled
    /// Filled, in error with a message.
    case error
    /// Focused with text, in error.
    case errorFocused = "error-focused"
    /// The sample text, the field disabled.
    case disabled

    /// Whether `field`, as its app built it, can take this state. A field built disabled cannot be
    /// hovered (it shows none), focused or filled by a user: it takes `resting` (empty) and
    /// `disabled` (with its text). An enabled field takes every state.
    public func applies(to field: TextField) -> Bool {
        guard !field.isEnabled else { return true }
        return self == .resting || self == .disabled
    }

    /// The error message of the error states for a field whose app built it with none (the
    /// driver shows a field's own message when it has one).
    public static let genericErrorMessage = "Check this entry"
}

/// A field as QA tools take it: its id, the text its states with text show, and a maker of a
/// fresh one as its app builds it (one per state drawn, so no state leaks into the next). The
/// state matrix renders subjects and the accessibility audit measures them, so both show a
/// field with the same text.
public struct FieldSubject {
    public var id: String
    /// The text of the states with text, typed (so the field's delegate applies): text the
    /// field accepts and would hold in use; a prefilled field's own text.
    public var sample: String
    public var make: () -> TextField

    public init(id: String, sample: String, make: @escaping () -> TextField) {
        self.id = id; self.sample = sample; self.make = make
    }
}

/// Drives a field into a `FieldVisualState` inside a scene that holds it and is laid out (the
/// hovered state points at the field's frame). Every change goes through the scene at `time`
/// (its focus, its pointer, typing) or the field's public API; afterwards the scene is settled
/// (every animation at its end, the caret drawn), so the next render shows the state at rest.
public enum FieldStateDriver {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// - Parameters:
    ///   - sample: the text of the states with text, typed as a user types it (so a delegate's
    ///     filter or formatter applies; "\n" is Enter).
    ///   - errorMessage: the message of the error states; nil (the default): the message
    ///     `field` was built with, else `FieldVisualState.genericErrorMessage`.
    /// - Throws: `Failure` when the field refused to reach the state (its delegate kept focus,
    ///   say); the state must not be drawn as something it is not.
    public static func apply(_ state: FieldVisualState, to field: TextField, in scene: FieldScene, sample: String,
                             errorMessage: String? = nil, at time: Double = 0) throws {
        guard state.applies(to: field) else {
            throw Failure(description: "\(field.identifier) cannot be \(state.rawValue): it is disabled")
        }
        let errorMessage = errorMessage ?? field.errorMessage.flatMap { $0.isEmpty ? nil : $0 } ?? FieldVisualState.genericErrorMessage
        scene.handle(.windowFocus(true), at: time)
        // Only the error states show an error, whatever the field was built with.
        field.clearError()
        switch state {
        case .resting:
            field.text = ""
        case .hovered:
            field.text = ""
            guard let frame = scene.frame(of: field), let container = field.layout?.container else {
                throw Failure(description: "\(field.identifier) is not laid out")
            }
            // The container's middle, as a script's `hover ID` points (the assistive row is not the container).
            let point = Point(x: frame.minX + container.midX, y: frame.minY + container.midY)
            scene.handle(.pointerMoved(point, buttonHeld: false), at: time)
            guard field.isHovered else { throw Failure(description: "\(field.identifier) did not take hover from the pointer") }
        case .focusedEmpty:
            field.text = ""
            try focus(field, in: scene, at: time)
            // A field that empties when editing begins is empty now either way.
            if !field.text.isEmpty { field.text = "" }
        case .focusedText, .errorFocused:
            field.text = ""
            try focus(field, in: scene, at: time)
            type(sample, into: scene, field: field, at: time)
            if state == .errorFocused { field.applyErrorTheme(message: errorMessage) }
        case .filled, .error:
            try fillIn(field, with: sample, in: scene, at: time)
            if state == .error { field.applyErrorTheme(message: errorMessage) }
        case .disabled:
            if field.isEnabled {
                try fillIn(field, with: sample, in: scene, at: time)
                field.isEnabled = false
            } else {
                // A field built disabled cannot be typed into: its app sets the text.
                field.text = sample
            }
        }
        scene.settle()
    }

    /// A form filled in: the sample typed into the emptied field, then focus gone.
    private static func fillIn(_ field: TextField, with sample: String, in scene: FieldScene, at time: Double) throws {
        field.text = ""
        try focus(field, in: scene, at: time)
        type(sample, into: scene, field: field, at: time)
        scene.endEditing(at: time)
        guard !field.isFocused else {
            throw Failure(description: "\(field.identifier) kept focus after '\(sample)' was typed (its delegate refused it)")
        }
    }

    private static func focus(_ field: TextField, in scene: FieldScene, at time: Double) throws {
        scene.focus(field, at: time)
        guard field.isFocused else { throw Failure(description: "\(field.identifier) did not take focus") }
    }

    /// As a keyboard types: one character at a time through the scene, Enter for a line break.
    private static func type(_ text: String, into scene: FieldScene, field: TextField, at time: Double) {
        for character in text {
            switch character {
            case "\n", "\r\n": scene.handle(.key(.enter, []), at: time)
            default: scene.handle(.text(String(character)), at: time)
            }
        }
    }
}
