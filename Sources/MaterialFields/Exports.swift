// The editing core (text, selection, edits, undo, text layout, bidi, geometry) is the
// `TextEditing` target; everything that imports MaterialFields sees it as part of this module.
@_exported import TextEditing
