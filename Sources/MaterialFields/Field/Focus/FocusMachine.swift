/// Where a field is in UIKit's protocol of beginning and ending editing.
public enum EditingPhase: String, Sendable, Codable {
    /// Not being edited.
    case idle
    /// Its scene asked whether it may begin, the delegate said yes, and the field being edited
    /// elsewhere is being asked to end: the next `focus` begins without asking again.
    case askingToBegin
    /// Being edited.
    case editing
    /// `textFieldShouldEndEditing` is being asked: a delegate that resigns or moves focus from
    /// inside its answer is not asked again.
    case askingToEnd
}

/// The field's focus as one state machine, owned by the field. The transitions are the only
/// places the phase changes; what hangs on them (the delegate's calls, the undo history's
/// lifetime, `clearsOnInsertion`) is in `TextField+Focus.swift`.
struct FocusMachine {
    private(set) var phase = EditingPhase.idle

    /// Editing, including while being asked to end.
    var isEditing: Bool { phase == .editing || phase == .askingToEnd }

    /// The scene's question was answered: yes moves to `askingToBegin`, no back to idle. A field
    /// already editing stays as it is.
    mutating func approve(_ allowed: Bool) {
        guard !isEditing else { return }
        phase = allowed ? .askingToBegin : .idle
    }

    /// The approval lapses (the other field kept focus, or this one was disabled).
    mutating func withdrawApproval() {
        if phase == .askingToBegin { phase = .idle }
    }

    /// Takes the approval for one `focus`: whether there was one.
    mutating func takeApproval() -> Bool {
        guard phase == .askingToBegin else { return false }
        phase = .idle
        return true
    }

    mutating func begin() { phase = .editing }

    /// Starts asking to end; false when the question is already being asked.
    mutating func startAskingToEnd() -> Bool {
        guard phase == .editing else { return phase != .askingToEnd }
        phase = .askingToEnd
        return true
    }

    /// The question was answered (whatever the delegate did meanwhile).
    mutating func finishAskingToEnd() {
        if phase == .askingToEnd { phase = .editing }
    }

    mutating func end() { phase = .idle }
}

/// What a field asks of the scene it belongs to: one relationship in place of loose hooks.
package protocol FieldOwner: AnyObject {
    /// The scene's clock (its host's), for calls made outside an event.
    var now: Double? { get }
    /// Editing is about to begin in `field`: the field being edited elsewhere is asked to end
    /// (its delegate may refuse); false keeps `field` from beginning.
    func fieldWillBeginEditing(_ field: TextField) -> Bool
    /// `becomeFirstResponder()`: focus moves to `field` as from the keyboard; whether it is editing.
    func fieldRequestsFocus(_ field: TextField) -> Bool
    /// After every edit the user made or tried (applied, refused or rewritten; not `text = ...`):
    /// the scene shows the caret, so an edit into a field scrolled out of view brings it back.
    func fieldDidFinishUserEdit(_ field: TextField)
    /// Return in a single-line field, once its delegate let the default happen: focus moves on,
    /// or editing ends on the last field.
    func fieldDidReturn(_ field: TextField, at time: Double)
}
