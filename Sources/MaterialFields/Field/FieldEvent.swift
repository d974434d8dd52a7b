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
    /// `isEnabled` changed (UIKit's `isEnabled` is key-value observable; this is its event).
    case enabledChanged(Bool)
}

/// Why editing ended, as UIKit's `UITextField.DidEndEditingReason`.
public enum EditingEndReason: String, Sendable, Codable {
    /// The user moved on: Tab, Return, a click elsewhere, or the app ending editing.
    case committed
    /// Escape, or editing ended by force (the field was disabled).
    case cancelled
}

/// UIKit's `UITextFieldDelegate`, on the desktop. Every method has a default that allows
/// everything, so a delegate implements only what it cares about. Held weakly by the field.
///
/// The order of calls follows UIKit: when focus moves, the new field's `textFieldShouldBeginEditing`
/// is asked first, then the old field's `textFieldShouldEndEditing`; a no from either leaves focus
/// where it was.
public protocol TextFieldDelegate: AnyObject {
    /// Whether editing may begin (a click, Tab, or the app's `focus`). Default true.
    func textFieldShouldBeginEditing(_ textField: TextField) -> Bool
    func textFieldDidBeginEditing(_ textField: TextField)
    /// Whether editing may end (Tab, Return, a click elsewhere, Escape). Not asked when editing
    /// ends by force (disabling the field). Default true.
    func textFieldShouldEndEditing(_ textField: TextField) -> Bool
    func textFieldDidEndEditing(_ textField: TextField, reason: EditingEndReason)
    /// Whether a user edit may replace `range` (grapheme clusters of the current text) with
    /// `string`. Returning false leaves text, selection and undo history as they are; a live
    /// formatter sets `text` and `selection` itself and returns false. Programmatic edits, undo
    /// and redo do not ask. Default true.
    func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<Int>, replacementString string: String) -> Bool
    /// Whether the clear button (or `clearsOnBeginEditing`) may clear the text. Default true.
    func textFieldShouldClear(_ textField: TextField) -> Bool
    /// Return was pressed in a single-line field: true does the default (focus moves to the next
    /// field, or editing ends on the last one), false keeps the caret where it is. Default true.
    func textFieldShouldReturn(_ textField: TextField) -> Bool
    /// The whole edit as a value, after `shouldChangeCharactersIn` allowed it: return it, a
    /// rewritten one, or nil to refuse it. Default: the edit unchanged.
    func textField(_ textField: TextField, shouldApply edit: TextEdit) -> TextEdit?
    /// The context menu about to open for `range` (the selection, grapheme clusters), as UIKit's
    /// `textField(_:editMenuForCharactersIn:suggestedActions:)`: return the items to show (add,
    /// remove, replace or reorder `suggestedActions`), or nil for the suggested ones. Default nil.
    func textField(_ textField: TextField, editMenuForCharactersIn range: Range<Int>, suggestedActions: [MenuItem]) -> [MenuItem]?
}

public extension TextFieldDelegate {
    func textFieldShouldBeginEditing(_ textField: TextField) -> Bool { true }
    func textFieldDidBeginEditing(_ textField: TextField) {}
    func textFieldShouldEndEditing(_ textField: TextField) -> Bool { true }
    func textFieldDidEndEditing(_ textField: TextField, reason: EditingEndReason) {}
    func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<Int>, replacementString string: String) -> Bool { true }
    func textFieldShouldClear(_ textField: TextField) -> Bool { true }
    func textFieldShouldReturn(_ textField: TextField) -> Bool { true }
    func textField(_ textField: TextField, shouldApply edit: TextEdit) -> TextEdit? { edit }
    func textField(_ textField: TextField, editMenuForCharactersIn range: Range<Int>, suggestedActions: [MenuItem]) -> [MenuItem]? { nil }
}

/// UIKit's editing control events, for `TextField.addAction(for:_:)`.
public struct ControlEvents: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let editingDidBegin = ControlEvents(rawValue: 1)
    /// The user changed the text (typing, deleting, pasting, cutting, clearing, undo, or a
    /// delegate's live formatting of a user edit); the program's own `text = ...` does not send it.
    public static let editingChanged = ControlEvents(rawValue: 2)
    public static let editingDidEnd = ControlEvents(rawValue: 4)
    /// Return was pressed and the delegate let the default happen: sent as focus is about to
    /// move on (or editing to end), before `editingDidEnd`, as UIKit sends it before resigning.
    public static let editingDidEndOnExit = ControlEvents(rawValue: 8)
    public static let allEditingEvents: ControlEvents = [.editingDidBegin, .editingChanged, .editingDidEnd, .editingDidEndOnExit]
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
