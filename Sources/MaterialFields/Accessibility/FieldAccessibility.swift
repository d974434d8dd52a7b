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
    /// Where cluster boundaries fall in code points, near the last one converted.
    var index = CodePointIndex()
    /// What the scene's accessibility observers were last told of this field (`SceneAccessibility`).
    var told = Told()

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
    public var characterCount: Int { reading { _, index in index.length } ?? 0 }

    /// The text from `start` to `end` (code points; -1 for the end), clamped.
    public func text(from start: Int, to end: Int) -> String {
        reading { characters, index in
            let upper = end < 0 ? index.length : min(end, index.length)
            let lower = min(max(0, start), upper)
            guard lower < upper else { return "" }
            // The clusters that hold the range, cut to its code points (AT-SPI may split a cluster).
            let first = index.cluster(atOffset: lower, in: characters)
            let firstOffset = index.offset(ofCluster: first, in: characters)
            let last = index.cluster(atOffset: upper, roundingUp: true, in: characters)
            let lastOffset = index.offset(ofCluster: last, in: characters)
            let clusters = characters.text(first..<last)
            guard firstOffset != lower || lastOffset != upper else { return clusters }
            var result = String.UnicodeScalarView()
            result.append(contentsOf: clusters.unicodeScalars.dropFirst(lower - firstOffset).dropLast(lastOffset - upper))
            return String(result)
        } ?? ""
    }

    /// The caret (the selection's head), in code points.
    public var caretOffset: Int {
        guard let head = field?.selection.head else { return 0 }
        return codePointOffset(ofCluster: head)
    }

    /// Puts the caret at `offset` (code points; inside a cluster, at the cluster's start),
    /// collapsing the selection, as a change of selection by the program (observers hear it). A
    /// field not being edited takes it too, and keeps it for when it is (GTK sets an unfocused
    /// entry's position). False when the field cannot take it (disabled).
    @discardableResult
    public func setCaretOffset(_ offset: Int) -> Bool {
        guard let field, field.isEnabled else { return false }
        let cluster = clusterBoundary(atCodePoint: offset)
        field.selection = TextSelection(caret: cluster)
        return true
    }

    /// The span around `offset` at `boundary`, as ATK's `get_text_at_offset` and
    /// `get_string_at_offset` answer: the character at the offset (none at the end), the word
    /// or sentence at it (or before it, when it stands between two: `*Start`; after it: `*End`),
    /// its line or paragraph (at the end, the last one). An offset inside a cluster stands for
    /// the cluster; offsets beyond the text are clamped, and empty text gives an empty span.
    public func span(at offset: Int, boundary: TextBoundary) -> TextSpan { span(.at, offset, boundary) }

    /// The span before the one at `offset` (ATK's `get_text_before_offset`); empty at the start.
    public func span(before offset: Int, boundary: TextBoundary) -> TextSpan { span(.before, offset, boundary) }

    /// The span after the one at `offset` (ATK's `get_text_after_offset`); empty at the end.
    public func span(after offset: Int, boundary: TextBoundary) -> TextSpan { span(.after, offset, boundary) }

    private func span(_ relation: SpanRelation, _ offset: Int, _ boundary: TextBoundary) -> TextSpan {
        let lines = field?.textLayout?.lines
        return reading { characters, index in
            let cluster = index.cluster(atOffset: offset, in: characters)
            let range = TextBoundaries(characters: characters, boundary: boundary, lines: lines).span(relation, around: cluster)
            let start = index.offset(ofCluster: range.lowerBound, in: characters)
            let end = index.offset(ofCluster: range.upperBound, in: characters)
            return TextSpan(text: characters.text(range), start: start, end: end)
        } ?? TextSpan(text: "", start: 0, end: 0)
    }

    /// The character at `offset` (a code point), nil outside the text.
    public func character(at offset: Int) -> Unicode.Scalar? {
        guard offset >= 0 else { return nil }
        return reading { characters, index -> Unicode.Scalar? in
            guard offset < index.length else { return nil }
            let cluster = index.cluster(atOffset: offset, in: characters)
            let start = index.offset(ofCluster: cluster, in: characters)
            return characters[cluster].unicodeScalars.dropFirst(offset - start).first
        } ?? nil
    }

    /// Where the character at `offset` is drawn, in window pixels (a code point inside a
    /// cluster: the cluster's box, from the layout's rectangles, so a right-to-left cluster's
    /// box is where it shows); at the end of the text an empty box where the caret would be; nil past it or when the field is not laid out. As GTK,
    /// the box is not clipped: a character scrolled out of the text band has its box beyond it.
    public func characterExtents(at offset: Int) -> Rect? {
        guard offset >= 0, let placement = textPlacement else { return nil }
        // At the end of the text (where the caret sits while typing, and the only offset of an
        // empty field): a box as wide as nothing where the caret would be, as GTK answers.
        if offset == characterCount { return placement.endBox() }
        guard let cluster = (reading { characters, index -> Int? in
            offset < index.length ? index.cluster(atOffset: offset, in: characters) : nil
        } ?? nil), cluster < placement.layout.count else { return nil }
        return placement.box(ofCluster: cluster)
    }

    /// The union of the boxes of the characters from `start` to `end` (-1 for the end), in
    /// window pixels, unclipped; nil for an empty range or a field not laid out.
    public func rangeExtents(from start: Int, to end: Int) -> Rect? {
        guard let placement = textPlacement, let clusters = clusterRange(from: start, to: end),
              clusters.upperBound <= placement.layout.count else { return nil }
        return placement.box(ofClusters: clusters)
    }

    /// The offset of the character under `point` (window pixels), or -1 when none is: the
    /// point must be in the text band, on a line and over a character.
    public func offset(at point: Point) -> Int {
        guard point.x.isFinite, point.y.isFinite, let placement = textPlacement,
              let cluster = placement.cluster(under: point) else { return -1 }
        return codePointOffset(ofCluster: cluster)
    }

    /// 0 or 1: a field has at most one selection, and a caret is none.
    public var selectionCount: Int { field.map { $0.selection.isCaret ? 0 : 1 } ?? 0 }

    /// The selection `index` (code points), nil when there is none.
    public func selection(_ index: Int) -> (start: Int, end: Int)? {
        guard index == 0, let selection = field?.selection, !selection.isCaret else { return nil }
        return (codePointOffset(ofCluster: selection.lowerBound), codePointOffset(ofCluster: selection.upperBound))
    }

    /// Selects from `start` to `end` (code points, -1 for the end, rounded out to whole
    /// clusters; the head at `end`, as GTK selects a region). Equal offsets put the caret there.
    /// `index` must be 0; a disabled field takes none. The field need not be edited: it keeps
    /// the selection (drawn grey) for when it is. A change of selection by the program.
    @discardableResult
    public func setSelection(_ index: Int, start: Int, end: Int) -> Bool {
        guard index == 0, let field, field.isEnabled else { return false }
        guard let selection = (reading { characters, codePoints -> TextSelection in
            let from = min(max(0, start), codePoints.length), to = end < 0 ? codePoints.length : min(end, codePoints.length)
            guard from != to else { return TextSelection(caret: codePoints.cluster(atOffset: from, in: characters)) }
            let anchor = codePoints.cluster(atOffset: from, roundingUp: from > to, in: characters)
            let head = codePoints.cluster(atOffset: to, roundingUp: to > from, in: characters)
            return TextSelection(anchor: anchor, head: head)
        }) else { return false }
        field.selection = selection
        return true
    }

    /// Adds a selection: possible only when there is none yet (a field has one).
    @discardableResult
    public func addSelection(start: Int, end: Int) -> Bool {
        guard selectionCount == 0 else { return false }
        return setSelection(0, start: start, end: end)
    }

    /// Removes selection `index`: the caret stays at its head.
    @discardableResult
    public func removeSelection(_ index: Int) -> Bool {
        guard index == 0, let field, field.isEnabled, !field.selection.isCaret else { return false }
        field.selection = TextSelection(caret: field.selection.head)
        return true
    }

    // MARK: EditableText
    //
    // Edits go through `TextField.apply`, as typing does, so the character filter, the keyboard
    // type, the maximum length, `clearsOnInsertion` while it is armed and the delegate all have
    // their say, the undo history records them and observers hear of them. Text handed in whole
    // (set, inserted, pasted) comes as a `.paste`: a keyboard type takes it whole or not at all,
    // autocapitalization (for typed keys) leaves it as it is, and it is one undo step. A delete is
    // a `.deleteForward` of the range, as selecting it and pressing Delete; a cut is a `.cut`.
    // A field not being edited takes them without being focused (GTK edits an unfocused entry
    // for an assistive technology): the pipeline needs no focus, and the field keeps its caret
    // where the edit leaves it. A disabled field refuses them all.

    /// Replaces the whole text, as a user edit (the delegate may refuse it). True when applied.
    @discardableResult
    public func setContents(_ text: String) -> Bool {
        guard let field, field.isEnabled else { return false }
        return applyUserEdit(TextEdit(range: 0..<field.count, replacement: text, cause: .paste))
    }

    /// Inserts `text` at `offset` (code points; inside a cluster, before it), as a user edit;
    /// the caret goes after it, as GTK's entry puts it. True when applied.
    @discardableResult
    public func insert(_ text: String, at offset: Int) -> Bool {
        guard !text.isEmpty, let field, field.isEnabled else { return false }
        let cluster = clusterBoundary(atCodePoint: offset)
        return applyUserEdit(TextEdit(range: cluster..<cluster, replacement: text, cause: .paste))
    }

    /// Deletes from `start` to `end` (code points; -1 for the end; rounded out to whole
    /// clusters), as a user edit. The caret and selection stay with the text around them.
    @discardableResult
    public func delete(from start: Int, to end: Int) -> Bool {
        guard let field, field.isEnabled, let range = clusterRange(from: start, to: end) else { return false }
        // What is left of the selection where it was: a boundary after the range moves back with
        // the text, one inside it goes to its start.
        func kept(_ offset: Int) -> Int {
            offset >= range.upperBound ? offset - range.count : min(offset, range.lowerBound)
        }
        let selection = field.selection
        return applyUserEdit(TextEdit(range: range, replacement: "", selectionAfter: TextSelection(anchor: kept(selection.anchor),
                                                                                                   head: kept(selection.head)),
                                      cause: .deleteForward))
    }

    /// Copies the text from `start` to `end` (code points, -1 for the end, rounded out to whole
    /// clusters) to the clipboard; nothing from a secure field, as its `copyableText`.
    public func copy(from start: Int, to end: Int) {
        guard let field, !field.isSecureTextEntry, let range = clusterRange(from: start, to: end) else { return }
        scene?.host?.setSelectionText(field.editor.storage.text(in: range), for: .clipboard)
    }

    /// Cuts the text from `start` to `end` to the clipboard, as a user edit (a `.cut`); nothing
    /// from a secure field. The clipboard takes the text once the edit is applied.
    @discardableResult
    public func cut(from start: Int, to end: Int) -> Bool {
        guard let field, field.isEnabled, !field.isSecureTextEntry, let range = clusterRange(from: start, to: end) else { return false }
        let text = field.editor.storage.text(in: range)
        guard applyUserEdit(TextEdit(range: range, replacement: "", cause: .cut)) else { return false }
        scene?.host?.setSelectionText(text, for: .clipboard)
        return true
    }

    /// Pastes the clipboard at `offset` once the clipboard's owner answers (a `.paste`, as
    /// `insert(_:at:)`, at the offset as it is then, clamped).
    public func paste(at offset: Int) {
        guard let field, field.isEnabled, let host = scene?.host else { return }
        host.requestSelectionText(.clipboard) { [weak self] text in
            guard let self, let text else { return }
            self.insert(text, at: offset)
        }
    }

    // MARK: Action

    /// The field's actions: "activate" (Return: the field notifies, its delegate is asked, focus moves on).
    public static let actionNames = ["activate"]

    /// How many of `actionNames` this field has: a text field 1; a text area none (Return
    /// there is a line break, and GTK's text view has no action either).
    public var actionCount: Int { field?.kind == .textField ? Self.actionNames.count : 0 }

    /// Runs action `index`; true when there is such an action and the field could run it:
    /// "activate" presses Return in an enabled text field (`TextField.pressReturn`: observers hear
    /// `.returnPressed`, the delegate's `textFieldShouldReturn` decides, the scene moves focus on
    /// from a field being edited).
    @discardableResult
    public func performAction(_ index: Int) -> Bool {
        guard index >= 0, index < actionCount, let field, field.isEnabled else { return false }
        field.pressReturn(at: field.now)
        scene?.host?.setNeedsRender()
        return true
    }

    // MARK: Units

    /// Runs `body` with the field's clusters as shown and the code point index brought up to
    /// date (unless `validating` is false: an edit's event brings it up itself); nil when the
    /// field is gone. `body` must not call into the field: it holds the editing value and the
    /// index.
    func reading<Result>(validating: Bool = true, _ body: (AccessibleCharacters, inout CodePointIndex) -> Result) -> Result? {
        guard let field else { return nil }
        let characters = AccessibleCharacters(text: field.editor.storage, isMasked: field.isSecureTextEntry)
        if validating { index.validate(revision: field.editor.textRevision, characters: characters) }
        return body(characters, &index)
    }

    /// The code point offset of cluster boundary `cluster`.
    func codePointOffset(ofCluster cluster: Int) -> Int {
        reading { characters, index in index.offset(ofCluster: cluster, in: characters) } ?? 0
    }

    /// The cluster boundary at or before code point `offset` (clamped to the text).
    func clusterBoundary(atCodePoint offset: Int) -> Int {
        reading { characters, index in index.cluster(atOffset: offset, in: characters) } ?? 0
    }

    /// The clusters that hold code points `start` to `end` (-1 for the end), rounded out; nil
    /// when the range is empty.
    private func clusterRange(from start: Int, to end: Int) -> Range<Int>? {
        reading { characters, index -> Range<Int>? in
            let upper = end < 0 ? index.length : min(end, index.length)
            let lower = min(max(0, start), upper)
            guard lower < upper else { return nil }
            return index.cluster(atOffset: lower, in: characters)..<index.cluster(atOffset: upper, roundingUp: true, in: characters)
        } ?? nil
    }

    /// Applies a user edit through the field's pipeline; the host draws it soon. True when
    /// something was applied.
    private func applyUserEdit(_ edit: TextEdit) -> Bool {
        guard let field else { return false }
        let applied = field.apply(edit, at: field.now)
        scene?.host?.setNeedsRender()
        return applied != nil
    }

    /// Where the field's text is drawn in the window now, nil before it is placed and laid out.
    private var textPlacement: TextPlacement? {
        guard let field, let frame = scene?.frame(of: field), let layout = field.layout, let textLayout = field.textLayout else {
            return nil
        }
        return TextPlacement(layout: textLayout, band: layout.textLine.offsetBy(dx: frame.minX, dy: frame.minY))
    }
}

/// A text layout placed in the window as the text painter draws it: its band in window pixels,
/// and the layout's scroll. Boxes are the layout's selection rectangles (a cluster's own, in
/// visual order for bidirectional text), not clipped to the band.
struct TextPlacement {
    let layout: TextLayout
    /// The text band in window pixels.
    let band: Rect

    /// Where the layout's (0, 0) is in the window.
    private var origin: Point { Point(x: band.minX - layout.scrollX, y: band.minY - layout.scrollY) }

    func box(ofCluster cluster: Int) -> Rect? {
        if layout.characters[cluster].isNewline {
            // A line break shows nothing: an empty box where its line ends.
            let line = layout.lineIndex(of: cluster)
            let x = layout.x(of: cluster, onLine: line)
            return Rect(x: origin.x + x, y: origin.y + layout.top(ofLine: line) + layout.caretInset, width: 0, height: layout.caretHeight)
        }
        return box(ofClusters: cluster..<(cluster + 1))
    }

    /// An empty box after the last cluster, the height of the caret.
    func endBox() -> Rect {
        let count = layout.count
        let line = layout.lineIndex(of: count, upstream: true)
        let x = layout.x(of: count, onLine: line)
        return Rect(x: origin.x + x, y: origin.y + layout.top(ofLine: line) + layout.caretInset, width: 0, height: layout.caretHeight)
    }

    func box(ofClusters clusters: Range<Int>) -> Rect? {
        let rects = layout.rects(for: clusters)
        guard let first = rects.first else { return nil }
        return rects.dropFirst().reduce(first) { $0.union($1) }.offsetBy(dx: origin.x, dy: origin.y)
    }

    /// The cluster drawn under `point` (window pixels): in the band, on a line, within the
    /// cluster's box horizontally.
    func cluster(under point: Point) -> Int? {
        guard band.contains(point), layout.count > 0 else { return nil }
        let local = Point(x: point.x - origin.x, y: point.y - origin.y)
        guard local.y >= 0, local.y < layout.height else { return nil }
        let cluster = layout.offset(before: local)
        guard cluster < layout.count, !layout.characters[cluster].isNewline,
              let box = layout.rects(for: cluster..<(cluster + 1)).first, local.x >= box.minX, local.x < box.maxX else { return nil }
        return cluster
    }
}
