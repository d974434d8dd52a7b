/// Where a field is in UIKit's protocol of beginning and ending editing.
public enum EditingPhase: String, Sendable, Codable {
    /// Not being edited.
    case idle
    /// `textFieldShouldBeginEditing` is being asked, or the delegate said yes and the field
    /// being edited elsewhere is being asked to end: editing begins next, unless that one keeps it.
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
    /// The scene asked first and the delegate said yes: kept for the next `focus` only.
    private(set) var isApproved = false

    /// Editing, including while being asked to end.
    var isEditing: Bool { phase == .editing || phase == .askingToEnd }

    /// The question whether editing may begin is being asked (a field editing already stays).
    mutating func startAskingToBegin() {
        if !isEditing { phase = .askingToBegin }
    }

    /// The scene's question was answered: yes is kept for the next `focus`, no goes back to idle.
    mutating func approve(_ allowed: Bool) {
        guard !isEditing else { return }
        isApproved = allowed
        phase = allowed ? .askingToBegin : .idle
    }

    /// The approval lapses (the other field kept focus, or this one was disabled).
    mutating func withdrawApproval() {
        isApproved = false
        stopAskingToBegin()
    }

    /// Takes the approval for one `focus`: whether there was one.
    mutating func takeApproval() -> Bool {
        defer { isApproved = false }
        return isApproved
    }

    /// Beginning was refused.
    mutating func stopAskingToBegin() {
        if phase == .askingToBegin { phase = .idle }
    }

    mutating func begin() {
        isApproved = false
        phase = .editing
    }

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
    /// The table the scene reads keys with: a key handed to the field names what it names there.
    var keyBindings: KeyBindings { get }
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
    /// `field` shows hover now: the scene takes it off when the pointer is elsewhere.
    func fieldShowsHover(_ field: TextField)
}
