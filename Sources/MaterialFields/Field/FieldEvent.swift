/// What a field tells its observers.
public enum FieldEvent: Equatable, Sendable {
    case didBeginEditing
    case didEndEditing
    /// The text changed: the edit as applied, after filters, limits and the delegate.
    case textChanged(AppliedEdit)
    /// A user edit that a filter, the maximum length or the delegate refused entirely.
    case editRefused(TextEdit)
    /// Enter in a single-line field.
    case returnPressed
}

/// Gets a say in every user edit before it is applied.
public protocol TextFieldDelegate: AnyObject {
    /// Returns the edit to apply: `edit` itself, a rewritten one, or nil to refuse it (text,
    /// selection and undo history stay untouched). Programmatic edits and undo do not ask.
    func textField(_ textField: TextField, shouldApply edit: TextEdit) -> TextEdit?
}

/// A handle that undoes a registration: an observer added with `TextField.observe(_:)`, a timer or
/// a watched descriptor added to a host's loop.
public final class Cancellation {
    private var action: (() -> Void)?
    public init(_ action: @escaping () -> Void) { self.action = action }
    /// Stops what was registered; calling it twice does nothing.
    public func cancel() {
        action?()
        action = nil
    }
}

/// When a side view (the clear button, an icon) shows, UIKit's `UITextField.ViewMode`.
public enum ViewMode: String, Sendable, Codable {
    case never, whileEditing, unlessEditing, always

    /// The clear button shows only over text; icons ignore `hasContent`.
    public func isVisible(isEditing: Bool, hasContent: Bool = true) -> Bool {
        guard hasContent else { return false }
        switch self {
        case .never: return false
        case .always: return true
        case .whileEditing: return isEditing
        case .unlessEditing: return !isEditing
        }
    }
}
