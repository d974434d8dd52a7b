/// Which fields of a scene draw their selection.
///
/// A field that stops being edited keeps its selection either way (coming back restores it, as
/// in GTK; the accessibility tree and the QA state report it); this only decides whether it is
/// drawn. The default is the desktop's convention: GTK and Qt show one selection in a window,
/// the focused widget's, and several grey selections at once read as a bug to a desktop user.
/// `everyField` is these fields' earlier, UIKit-era look: every field keeps its selection on
/// screen, grey in the fields left (as AppKit's text views draw an inactive selection).
public enum SelectionDisplay: String, Sendable, Equatable, CaseIterable {
    /// Only the field being edited draws its selection (in grey while its window is inactive).
    case focusedFieldOnly
    /// Every field draws its selection: the one being edited in its tint, the others in grey.
    case everyField

    /// Whether a field draws a selection it has (a disabled field never does).
    public func drawsSelection(isEditing: Bool) -> Bool {
        isEditing || self == .everyField
    }
}
