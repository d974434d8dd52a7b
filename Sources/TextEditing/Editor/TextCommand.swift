/// The units the caret moves and deletes by.
public enum TextUnit: String, Sendable, Codable, CaseIterable {
    /// One grapheme cluster (as the eye sees it, left or right, in text of both directions).
    case cluster
    case word
    /// A visual line: Up and Down move between lines, backward and forward go to its ends.
    case line
    /// Text between line breaks.
    case paragraph
    /// The whole text.
    case document
}

/// Which way a command goes. Left and right are visual (the arrows); backward and forward follow
/// the text (storage order); up and down go between visual lines.
public enum TextDirection: String, Sendable, Codable, CaseIterable {
    case left, right, up, down, backward, forward
}

/// What keys, the scene, an app, and next a context menu and assistive technologies ask a
/// field to do. One vocabulary: a key is bound to a command by `KeyBindings`, and the command does
/// the same thing whoever names it.
public enum TextCommand: Hashable, Sendable {
    /// Moves the caret by `unit` toward `direction`; with `extend` the selection's moving end
    /// goes instead, and the anchor stays.
    case move(TextUnit, TextDirection, extend: Bool)
    /// Deletes the selection, or from the caret to the next boundary of `unit` toward `direction`.
    case delete(TextUnit, TextDirection)
    case selectAll
    /// The clipboard commands need the scene's host; a field alone answers false.
    case copy, cut, paste
    case undo, redo
    /// Return: a line break in a text area; in a text field, `textFieldShouldReturn` and then
    /// focus moves on (or editing ends).
    case `return`
    /// Escape: editing ends, cancelled.
    case cancel
    /// Tab and Shift+Tab: the scene's.
    case focusNext, focusPrevious
    /// Ctrl+B, Ctrl+I, Ctrl+U (UIKit's `toggleBoldface(_:)`, `toggleItalics(_:)`,
    /// `toggleUnderline(_:)`): a field that `allowsEditingTextAttributes` toggles the style on
    /// the selection or in its typing attributes; any other leaves the key to the app.
    case toggleBoldface, toggleItalics, toggleUnderline
}
