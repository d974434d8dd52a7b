/// A field as an assistive technology sees it (AT-SPI's Accessible, Component, Text,
/// EditableText and Action interfaces), in AT-SPI's units: offsets and lengths count Unicode
/// code points, where the field counts grapheme clusters; frames are window pixels. A secure
/// field shows bullets, one per cluster, and never its text. Every edit goes through the field's
/// edit pipeline and delegate, as typing does.
///
/// Made and kept by `SceneAccessibility`; it holds its field and scene weakly, so an object an
/// assistive technology still holds after the field went answers as empty.
public final class FieldAccessibility {
    public private(set) weak var field: TextField?
    weak var scene: FieldScene?

    init(field: TextField, scene: FieldScene) {
        self.field = field
        self.scene = scene
    }

    // MARK: Accessible

    public var role: AccessibleRole {
        guard let field else { return .entry }
        if field.kind == .textArea { return .text }
        return field.isSecureTextEntry ? .passwordText : .entry
    }

    /// `accessibilityLabel`, else the label, else the placeholder.
    public var name: String {
        guard let field else { return "" }
        if let label = field.accessibilityLabel { return label }
        return field.label.isEmpty ? field.placeholder : field.label
    }

    /// The helper text; in error, the error message (where the helper text was), as GTK
    /// describes an entry in error.
    public var description: String {
        guard let field else { return "" }
        if let message = field.errorMessage, !message.isEmpty { return message }
        return field.helperText
    }

    /// The error message while the field is in error (possibly empty), else nil.
    public var errorMessage: String? { field?.errorMessage }

    public var states: AccessibleStates {
        guard let field, let scene else { return [] }
        var states: AccessibleStates = [.visible, .selectableText]
        states.insert(field.kind == .textArea ? .multiLine : .singleLine)
        if field.isEnabled { states.formUnion([.enabled, .sensitive, .focusable, .editable]) }
        if field.isFocused && scene.isWindowFocused { states.insert(.focused) }
        if field.errorMessage != nil { states.insert(.invalidEntry) }
        if let frame = scene.frame(of: field), frame.intersects(Rect(x: 0, y: 0, width: scene.size.width, height: scene.size.height)) {
            states.insert(.showing)
        }
        return states
    }

    // MARK: Component

    /// The field's frame in window pixels (container and assistive row), nil when not placed.
    public var frame: Rect? { field.flatMap { scene?.frame(of: $0) } }

    /// Focuses the field as Tab would (its delegate asked); true when it is focused after.
    @discardableResult
    public func grabFocus() -> Bool {
        guard let field, let scene else { return false }
        scene.focus(field, at: field.now)
        return field.isFocused
    }

    // MARK: Text

    /// The whole text as AT-SPI reads it (bullets for a secure field).
    public var text: String { field?.displayedText ?? "" }

    /// In code points.
    public var characterCount: Int { text.unicodeScalars.count }

    /// The text from `start` to `end` (code points; -1 for the end), clamped.
    public func text(from start: Int, to end: Int) -> String {
        // HELPER: clamp, convert, return.
        let scalars = Array(text.unicodeScalars)
        let upper = end < 0 ? scalars.count : min(end, scalars.count)
        let lower = min(max(0, start), upper)
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars[lower..<upper])
        return String(result)
    }

    /// The caret (the selection's head), in code points.
    public var caretOffset: Int {
        // HELPER
        0
    }

    /// Puts the caret at `offset` (code points; inside a cluster, at the cluster's start),
    /// collapsing the selection. False when the field cannot take it (disabled).
    @discardableResult
    public func setCaretOffset(_ offset: Int) -> Bool {
        // HELPER
        false
    }

    /// The span around `offset` at `boundary`, as ATK's `get_text_at_offset` and
    /// `get_string_at_offset` answer (an empty span at the end).
    public func span(at offset: Int, boundary: TextBoundary) -> TextSpan {
        // HELPER
        TextSpan(text: "", start: offset, end: offset)
    }

    /// The span before the one at `offset` (ATK's `get_text_before_offset`).
    public func span(before offset: Int, boundary: TextBoundary) -> TextSpan {
        // HELPER
        TextSpan(text: "", start: offset, end: offset)
    }

    /// The span after the one at `offset` (ATK's `get_text_after_offset`).
    public func span(after offset: Int, boundary: TextBoundary) -> TextSpan {
        // HELPER
        TextSpan(text: "", start: offset, end: offset)
    }

    /// The character at `offset` (a code point), nil outside the text.
    public func character(at offset: Int) -> Unicode.Scalar? {
        guard offset >= 0 else { return nil }
        return text.unicodeScalars.dropFirst(offset).first
    }

    /// Where the character at `offset` is drawn, in window pixels (a code point inside a
    /// cluster: the cluster's box); nil outside the text or when the field is not laid out.
    public func characterExtents(at offset: Int) -> Rect? {
        // HELPER
        nil
    }

    /// The union of the boxes of the characters from `start` to `end`, in window pixels.
    public func rangeExtents(from start: Int, to end: Int) -> Rect? {
        // HELPER
        nil
    }

    /// The offset of the character under `point` (window pixels), or -1 when none is.
    public func offset(at point: Point) -> Int {
        // HELPER
        -1
    }

    /// 0 or 1: a field has at most one selection, and a caret is none.
    public var selectionCount: Int { 0 }

    /// The selection `index` (code points), nil when there is none.
    public func selection(_ index: Int) -> (start: Int, end: Int)? {
        // HELPER
        nil
    }

    /// Selects from `start` to `end` (code points, rounded out to whole clusters). `index` must be 0.
    @discardableResult
    public func setSelection(_ index: Int, start: Int, end: Int) -> Bool {
        // HELPER
        false
    }

    /// Adds a selection: possible only when there is none yet (a field has one).
    @discardableResult
    public func addSelection(start: Int, end: Int) -> Bool {
        // HELPER
        false
    }

    /// Removes selection `index`: the caret stays at its head.
    @discardableResult
    public func removeSelection(_ index: Int) -> Bool {
        // HELPER
        false
    }

    // MARK: EditableText

    /// Replaces the whole text, as a user edit (the delegate may refuse it). True when applied.
    @discardableResult
    public func setContents(_ text: String) -> Bool {
        // HELPER
        false
    }

    /// Inserts `text` at `offset` (code points), as a user edit. True when applied.
    @discardableResult
    public func insert(_ text: String, at offset: Int) -> Bool {
        // HELPER
        false
    }

    /// Deletes from `start` to `end` (code points; -1 for the end), as a user edit.
    @discardableResult
    public func delete(from start: Int, to end: Int) -> Bool {
        // HELPER
        false
    }

    /// Copies the text from `start` to `end` to the clipboard (nothing from a secure field).
    public func copy(from start: Int, to end: Int) {
        // HELPER
    }

    /// Cuts the text from `start` to `end` to the clipboard, as a user edit.
    @discardableResult
    public func cut(from start: Int, to end: Int) -> Bool {
        // HELPER
        false
    }

    /// Pastes the clipboard at `offset` once the clipboard's owner answers.
    public func paste(at offset: Int) {
        // HELPER
    }

    // MARK: Action

    /// The field's actions: "activate" (Return: the field notifies, its delegate is asked, focus moves on).
    public static let actionNames = ["activate"]

    /// Runs action `index`; true when there is such an action and the field could run it.
    @discardableResult
    public func performAction(_ index: Int) -> Bool {
        // HELPER
        false
    }
}
