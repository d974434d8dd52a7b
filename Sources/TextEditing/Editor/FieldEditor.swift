/// What a field editor needs from the field around it.
package protocol FieldEditorClient: AnyObject {
    /// The policies a user edit passes, in order.
    var editPolicies: [EditPolicy] { get }
    /// A secure field: its edits leave no undo steps and its text is not cached.
    var editsSecretText: Bool { get }
    /// The characters as drawn: a bullet per grapheme for a secure field not revealed.
    func displayed(_ characters: ArraySlice<Character>) -> ArraySlice<Character>
    /// Whether `displayed` stands something else in for the text (a secure field's bullets).
    var masksDisplayedText: Bool { get }
    /// Measures text for the layout; nil before the field was laid out.
    var textMeasurer: TextMeasuring? { get }
    /// The direction the text reads in now (its first strong character, or the layout's).
    var currentTextDirection: WritingDirection { get }
    /// The band the text shows in (field coordinates) and the caret's width; nil before layout.
    var textViewport: (band: Rect, caretWidth: Double)? { get }
    /// The field is being edited: a single line then scrolls to its caret.
    var isEditing: Bool { get }
    /// The caret was placed (moved or not): it blinks again from solid and, with `showsCaret`,
    /// the text scrolls to show it.
    func editorPlacedCaret(selectionChanged: Bool, cause: SelectionChangeCause, showsCaret: Bool)
    /// An edit was applied.
    func editorApplied(_ applied: AppliedEdit)
    /// A user edit was refused whole.
    func editorRefused(_ proposed: TextEdit)
    /// The text's first strong character changed direction: the layout is made again.
    func editorTextDirectionChanged()
    /// What typed, pasted or dropped text takes when its edit names no styles: the field's typing
    /// attributes while it is edited (nil: it inherits from its neighbours).
    var insertionAttributes: TextAttributes? { get }
    /// The styles the text layout measures and draws for `runs` (a slice of the storage's): resolved
    /// over the field's defaults, in display pixels; plain runs for text drawn plain.
    func displayedStyles(_ runs: AttributeRuns) -> AttributeRuns?
}

/// The editing core of a field: the editing value (text, selection, caret placement), its undo
/// history, the text laid out and scrolled in its band (the viewport), the edit pipeline with its
/// policy chain, and the caret commands. An edit places the selection and caret as it applies;
/// every other change of them goes through `select(_:placement:cause:showsCaret:)`. It knows
/// nothing of labels, containers or colours; the field around it (`FieldEditorClient`) supplies
/// the policies and hears what changed.
package final class FieldEditor {
    /// A text area: line breaks stay, Up and Down move between lines, the rows scroll.
    package let isMultiline: Bool
    package private(set) var value: EditingValue
    package private(set) var undoHistory = UndoHistory()
    /// The text as laid out in the band, scrolled; the field makes it when it lays out.
    package var textLayout: TextLayout?
    package weak var client: FieldEditorClient?
    /// Counts applied edits, so a delegate that changed the text itself can be told from one
    /// that refused.
    package private(set) var textRevision = 0
    /// `clearsOnInsertion` is armed: the next typed or pasted text replaces everything.
    package var clearsAtNextInsertion = false
    /// The whole text, kept after an edit that replaced all of it (never a secret's, and not one
    /// over `cachedTextLimit` bytes, which would double what a long text costs).
    package var cachedText: String?
    package static let cachedTextLimit = 1 << 20
    private var isSelectingWithPointer = false
    /// What a held double or triple click selected, and so the unit a drag extends by: the
    /// selection grows a whole word (or paragraph) at a time and always keeps this range.
    private var pointerSelectionUnit: (range: Range<Int>, byParagraph: Bool)?

    package init(multiline: Bool, text: String) {
        self.isMultiline = multiline
        self.value = EditingValue(EditableText(Self.sanitize(text, multiline: multiline)))
    }

    deinit {
        // The secret's last home in the model: overwritten before the array is freed.
        if value.storage.overwritesStorage { value.storage.overwriteAll() }
    }

    package var storage: EditableText { value.storage }
    package var selection: TextSelection { value.storage.selection }
    package var caret: CaretPlacement { value.caret }

    /// A secure field's storage is overwritten when it changes and when the field goes.
    package func setOverwritesStorage(_ overwrites: Bool) { value.storage.overwritesStorage = overwrites }

    /// Rewrites the styles of `range` outside the edit pipeline (no undo step, no observer): a
    /// change of the field's font or colour that UIKit applies to the whole text. The text layout
    /// is the field's to make again.
    package func updateAttributes(in range: Range<Int>, _ transform: (TextAttributes) -> TextAttributes) {
        value.storage.updateAttributes(in: range, transform)
    }

    // MARK: The one funnel for caret and selection

    /// Every change of selection or caret placement comes through here, with its cause. Without
    /// `showsCaret` the text stays scrolled where it is (a click is about to place the caret).
    package func select(_ selection: TextSelection, placement: CaretPlacement = CaretPlacement(), cause: SelectionChangeCause,
                showsCaret: Bool = true) {
        let before = value.storage.selection
        value.storage.select(selection)
        value.caret = placement
        client?.editorPlacedCaret(selectionChanged: value.storage.selection != before, cause: cause, showsCaret: showsCaret)
    }

    // The storage as the field reads it.
    package var characters: [Character] { storage.characters }
    package var count: Int { value.count }
    package var isEmpty: Bool { value.isEmpty }
    package var text: String { storage.text }
    package func insertion(_ text: String, cause: EditCause) -> TextEdit { storage.insertion(text, cause: cause) }
    /// `text`'s clusters in place of the selection, cleaned here for the kind (`normalized` leaves
    /// a rope's clusters as they are): a long paste that never becomes one `String`.
    package func insertion(_ text: Rope, cause: EditCause) -> TextEdit {
        TextEdit(range: selection.range, clusters: Self.sanitize(text, multiline: isMultiline), cause: cause)
    }
    package func replacingAll(with text: String, cause: EditCause) -> TextEdit { storage.replacingAll(with: text, cause: cause) }

    /// The edit history starts again (editing ended, or a clear began it).
    package func forgetHistory() { undoHistory.removeAll() }
    /// The next edit starts a new undo step.
    package func closeUndoGroup() { undoHistory.closeGroup() }

    // MARK: Viewport

    /// Keeps the caret in the visible band: a single line scrolls sideways while editing (and
    /// shows its start otherwise), a text area scrolls its rows.
    package func keepCaretInView() {
        guard let viewport = client?.textViewport, textLayout != nil else { return }
        let editing = client?.isEditing ?? false
        if isMultiline {
            if editing {
                textLayout?.reveal(offset: selection.head, visibleHeight: viewport.band.height, upstream: caret.isUpstream)
            } else {
                textLayout?.clampScrollY(visibleHeight: viewport.band.height)
            }
        } else if editing {
            textLayout?.reveal(offset: selection.head, visibleWidth: viewport.band.width - viewport.caretWidth, after: caret.side)
        } else {
            // Unfocused, a line shows its start: right-to-left text's is at its right end.
            textLayout?.scrollX = 0
            if textLayout?.direction == .rightToLeft {
                textLayout?.reveal(offset: 0, visibleWidth: viewport.band.width - viewport.caretWidth)
            }
        }
    }

    /// How far the text is scrolled in its band: sideways for a single line, down for a text area
    /// (0 before it was laid out).
    package var scrollOffset: Double { (isMultiline ? textLayout?.scrollY : textLayout?.scrollX) ?? 0 }

    /// A scroll restored before the field was laid out, taken up by its first layout.
    package private(set) var pendingScrollOffset: Double?

    /// Scrolls the text to `offset` (an interaction state restored), clamped to the text as laid
    /// out: a single line then still shows its caret while editing (and its start otherwise, as
    /// always); a text area's rows go where they were, the caret's line in view or not, as a wheel
    /// leaves them. Before the field was laid out it waits for that (`applyPendingScroll`).
    package func restoreScrollWhenLaidOut(_ offset: Double) {
        pendingScrollOffset = restoreScroll(offset) ? nil : offset
    }

    /// The field was laid out: a scroll restored before that is applied now.
    package func applyPendingScroll() {
        if let offset = pendingScrollOffset { restoreScrollWhenLaidOut(offset) }
    }

    private func restoreScroll(_ offset: Double) -> Bool {
        guard let viewport = client?.textViewport, textLayout != nil else { return false }
        let offset = offset.isFinite ? offset : 0
        // In place, as every change of the layout: a copy would share (and then duplicate) its arrays.
        if isMultiline {
            textLayout?.scrollY = offset
            textLayout?.clampScrollY(visibleHeight: viewport.band.height)
        } else {
            textLayout?.scrollX = offset
            keepCaretInView()
        }
        return true
    }

    /// Replaces the undo history (an interaction state restored onto the text it belongs to).
    package func restoreHistory(_ history: UndoHistory) { undoHistory = history }

    /// The text area's content is taller than its rows.
    package var hasOverflow: Bool {
        guard isMultiline, let viewport = client?.textViewport, let textLayout else { return false }
        return textLayout.height > viewport.band.height + 0.5
    }

    /// Scrolls a text area's rows by `dy` pixels; false when it cannot move that way.
    package func scrollText(by dy: Double) -> Bool {
        guard hasOverflow, dy.isFinite, dy != 0, let viewport = client?.textViewport, var textLayout else { return false }
        let before = textLayout.scrollY
        textLayout.scrollY += dy
        textLayout.clampScrollY(visibleHeight: viewport.band.height)
        guard textLayout.scrollY != before else { return false }
        self.textLayout = textLayout
        return true
    }

    /// The point in text coordinates (from the first line's start, scroll undone) for a point in
    /// field coordinates.
    package func textPoint(for point: Point) -> Point? {
        guard let viewport = client?.textViewport, let textLayout else { return nil }
        return Point(x: point.x - viewport.band.x + textLayout.scrollX, y: point.y - viewport.band.y + textLayout.scrollY)
    }

    /// The grapheme boundary nearest to `point` in field coordinates, whether it is the end of a
    /// wrapped line (where the caret shows at that line's end), and its side between directions.
    package func caretOffset(nearestTo point: Point) -> (offset: Int, upstream: Bool, side: Bool?) {
        guard let textLayout, let local = textPoint(for: point) else { return (value.count, false, nil) }
        let line = isMultiline ? textLayout.lineIndex(atY: local.y) : 0
        let (offset, side) = textLayout.caretPosition(nearestTo: local.x, onLine: line)
        return (offset, textLayout.lineIndex(of: offset) != line, side)
    }

    // MARK: Pointer selection

    /// A press at `point` (field coordinates) places the caret; Shift extends the selection, a
    /// double click selects a word, a triple click the paragraph.
    package func pointerDown(at point: Point, extending: Bool, clickCount: Int) {
        if clearsAtNextInsertion {
            // The caret waits at the end for the text that replaces everything.
            isSelectingWithPointer = false
            return
        }
        let (offset, upstream, side) = caretOffset(nearestTo: point)
        pointerSelectionUnit = nil
        isSelectingWithPointer = true
        switch clickCount {
        case 2:
            let underPoint = textPoint(for: point).flatMap { local in textLayout.map { $0.offset(before: local) } } ?? 0
            let word = storage.wordRange(at: underPoint)
            pointerSelectionUnit = (word, false)
            select(TextSelection(anchor: word.lowerBound, head: word.upperBound), cause: .pointer)
        case 3...:
            let paragraph = storage.paragraphRange(at: offset)
            pointerSelectionUnit = (paragraph, true)
            select(TextSelection(anchor: paragraph.lowerBound, head: paragraph.upperBound), cause: .pointer)
        default:
            select(extending ? TextSelection(anchor: selection.anchor, head: offset) : TextSelection(caret: offset),
                   placement: CaretPlacement(isUpstream: upstream, side: side), cause: .pointer)
        }
    }

    /// Extends the selection to `point` while the press that started it is held; true when the
    /// selection changed.
    package func pointerDragged(to point: Point) -> Bool {
        guard isSelectingWithPointer, point.x.isFinite, point.y.isFinite else { return false }
        let (offset, upstream, side) = caretOffset(nearestTo: point)
        if let unit = pointerSelectionUnit {
            // As GTK and Qt do after a double (triple) click: whole words (paragraphs), and the
            // one first clicked stays selected whichever way the pointer goes.
            let under = unit.byParagraph ? storage.paragraphRange(at: offset)
                : storage.wordRange(at: max(0, offset - (offset > unit.range.lowerBound ? 1 : 0)))
            let extended = offset < unit.range.lowerBound
                ? TextSelection(anchor: unit.range.upperBound, head: min(under.lowerBound, unit.range.lowerBound))
                : TextSelection(anchor: unit.range.lowerBound, head: max(under.upperBound, unit.range.upperBound))
            guard extended != selection else { return false }
            select(extended, cause: .pointer)
            return true
        }
        guard offset != selection.head || upstream != caret.isUpstream || side != caret.side else { return false }
        select(TextSelection(anchor: selection.anchor, head: offset), placement: CaretPlacement(isUpstream: upstream, side: side),
               cause: .pointer)
        return true
    }

    package func pointerUp() { isSelectingWithPointer = false }

    // MARK: Applying edits

    /// Causes that put new text in (what `clearsOnInsertion` waits for).
    package static func insertsText(_ cause: EditCause) -> Bool {
        cause == .typing || cause == .inputMethod || cause == .paste || cause == .newline || cause == .emoji || cause == .drop
    }

    /// Passes `proposed` through the policy chain (a user edit only) and applies what is left:
    /// the storage changes, the undo history records it, the text layout re-measures what changed
    /// and the caret takes its place. Returns what was applied, or nil when nothing changed.
    package func apply(_ proposed: TextEdit) -> AppliedEdit? {
        var edit = normalized(proposed)
        // A change of selection alone passes no policy: it changes no text; nor does a change of styles.
        if edit.isUserEdit && !edit.isSelectionOnly && edit.cause != .styling {
            let reviewed = edit
            // A refused edit leaves `clearsOnInsertion` armed for the first text that gets in.
            let clearsWhenRefused = clearsAtNextInsertion
            var policies = client?.editPolicies ?? []
            if clearsAtNextInsertion {
                clearsAtNextInsertion = false
                policies.insert(ClearsOnInsertionPolicy(), at: 0)
            }
            for policy in policies {
                switch policy.review(&edit, proposed: proposed, in: self) {
                case .proceed:
                    continue
                case .refuse:
                    clearsAtNextInsertion = clearsWhenRefused
                    client?.editorRefused(proposed)
                    return nil
                case .drop:
                    return nil
                }
            }
            // A policy that shortened or rewrote the text: its styles follow the clusters let in.
            if let runs = reviewed.attributes, edit.attributes == runs, edit.replacement != reviewed.replacement {
                edit.attributes = runs.remapped(from: reviewed.replacement, to: edit.replacement)
            }
        }
        // Typed, pasted or dropped text naming no styles takes the typing attributes.
        if edit.attributes == nil, !edit.replacementIsEmpty, Self.insertsText(edit.cause),
           let typing = client?.insertionAttributes {
            edit.attributes = AttributeRuns(count: 1, attributes: typing)
        }
        // Replacing text with the same text changes nothing: no undo step, no observers (an
        // observer that normalises the text by setting it again must come to rest).
        // Styles count: the same text with other attributes is a change (of styles alone).
        guard !storage.holdsReplacement(of: edit, in: edit.range)
                || (edit.attributes.map { EditableText.fitted($0, count: edit.range.count, otherwise: .none) }
                    .map { $0 != storage.attributeRuns.slice(edit.range) } ?? false) else {
            // A change of selection alone is a caret jump: the typing step ends.
            if edit.isSelectionOnly { closeUndoGroup() }
            if let selection = edit.selectionAfter, selection != self.selection {
                select(selection, placement: CaretPlacement(goalX: caret.goalX), cause: .edit)
            }
            return nil
        }
        let replacesEverything = edit.range == 0..<value.count
        let secret = client?.editsSecretText ?? false
        let applied = value.storage.apply(edit)
        textRevision &+= 1
        // A whole text replaced is exactly the replacement: reading it back must not join the
        // clusters of a 10 MB paste again (the QA state reads it after every change).
        cachedText = replacesEverything && !secret && (edit.replacementString?.utf8.count ?? 0) <= Self.cachedTextLimit
            ? edit.replacementString : nil
        switch edit.cause {
        case .undo, .redo: break
        default: if !secret { undoHistory.record(applied) }
        }
        // The direction of what a delete key removed, next to the caret: the caret stays by text
        // of that direction, where the deletion happened.
        var deletedRightToLeft: Bool?
        if let textLayout, textLayout.levels != nil, !edit.range.isEmpty {
            switch edit.cause {
            case .deleteBackward, .deleteWordBackward: deletedRightToLeft = textLayout.isRightToLeft(cluster: edit.range.upperBound - 1)
            case .deleteForward, .deleteWordForward: deletedRightToLeft = textLayout.isRightToLeft(cluster: edit.range.lowerBound)
            default: break
            }
        }
        if let measurer = client?.textMeasurer, textLayout != nil {
            do {
                // Mutated in place: a copy would duplicate the whole text's clusters and stops. The
                // slice of the storage is let go before the field hears of anything.
                let newClusters = applied.oldClusters.lowerBound..<(applied.oldClusters.lowerBound + applied.newClusterCount)
                let styles = client?.displayedStyles(storage.attributeRuns.slice(newClusters))
                if storage.overwritesStorage || client?.masksDisplayedText == true {
                    let clusters = ArraySlice(storage.clusters(in: newClusters))
                    let changed = client?.displayed(clusters) ?? clusters
                    textLayout?.replacing(applied.oldClusters, with: changed, styles: styles, measurer: measurer)
                } else {
                    // The text as it is: the layout takes the rope's own nodes.
                    textLayout?.replacing(applied.oldClusters, withText: storage.rope.slice(newClusters), whole: storage.rope,
                                          styles: styles, measurer: measurer)
                }
            }
            // The first strong character changed direction: the text reads the other way, and
            // natural alignment moves it to the other side.
            if let direction = client?.currentTextDirection, textLayout?.direction != direction { client?.editorTextDirectionChanged() }
        }
        // Where two directions meet, the caret stays by what was just typed (where more of it goes,
        // also when undo or redo brings text back), or by text of the direction just deleted.
        var placement = CaretPlacement()
        if let textLayout, textLayout.levels != nil {
            let head = selection.head
            if let deleted = deletedRightToLeft {
                if head > 0 && textLayout.isRightToLeft(cluster: head - 1) == deleted {
                    placement.side = true
                } else if head < value.count && textLayout.isRightToLeft(cluster: head) == deleted {
                    placement.side = false
                }
            } else if Self.insertsText(edit.cause) || ((edit.cause == .undo || edit.cause == .redo) && applied.newClusterCount > 0) {
                placement.side = true
            }
        }
        value.caret = placement
        client?.editorApplied(applied)
        return applied
    }

    /// The edit with its range inside the text and its replacement fit for a single line or a text area.
    package func normalized(_ edit: TextEdit) -> TextEdit {
        var normalized = edit
        normalized.range = min(max(edit.range.lowerBound, 0), value.count)..<min(max(edit.range.upperBound, 0), value.count)
        // Clusters undo or redo puts back came out of the storage, sanitized when they went in; a
        // rope's paste was sanitized when its edit was made (`insertion(_: Rope, cause:)`).
        guard edit.replacementRope == nil else { return normalized }
        normalized.replacement = Self.sanitize(edit.replacement, multiline: isMultiline)
        if let runs = edit.attributes, normalized.replacement != edit.replacement {
            normalized.attributes = runs.remapped(from: edit.replacement, to: normalized.replacement)
        }
        return normalized
    }

    /// The step undo takes back, or nil.
    package func popUndo() -> TextEdit? { undoHistory.popUndo() }
    package func popRedo() -> TextEdit? { undoHistory.popRedo() }

    /// A single-line field holds no line breaks (they become spaces); a text area keeps them as
    /// "\n". Neither holds other control characters (C0, DEL, C1) except tab.
    package static func sanitize(_ text: String, multiline: Bool) -> String {
        sanitized(text[...], multiline: multiline) ?? text
    }

    /// `sanitize` of a rope's text, read a chunk at a time: the same rope when no chunk holds a
    /// character to change, else one built again from the chunks sanitized. Every character the
    /// cleaning changes is a cluster of its own and chunks end on clusters, so the chunks cleaned
    /// one by one and joined are the whole text cleaned (the builder segments the joins again, as
    /// a `String` does when a dropped control lets a mark join the letter before it).
    package static func sanitize(_ text: Rope, multiline: Bool) -> Rope {
        var changes = false
        text.forEachChunk(in: 0..<text.count) { chunk in
            changes = sanitized(chunk, multiline: multiline) != nil
            return !changes
        }
        guard changes else { return text }
        var builder = RopeBuilder()
        text.forEachChunk(in: 0..<text.count) { chunk in
            if let cleaned = sanitized(chunk, multiline: multiline) { builder.append(cleaned) } else { builder.append(chunk) }
            return true
        }
        return builder.finish()
    }

    /// `text` cleaned as `sanitize` says, or nil when that changes nothing.
    private static func sanitized(_ text: Substring, multiline: Bool) -> String? {
        guard mayContainControls(text, multiline: multiline), text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}" })
        else { return nil }
        return String(text.compactMap { character -> Character? in
            if character.isNewline { return multiline ? "\n" : " " }
            if character == "\t" { return character }
            return character.unicodeScalars.contains { $0.properties.generalCategory == .control } ? nil : character
        })
    }

    /// False when no byte of `text` encodes a character `sanitize` would change: a control
    /// character (C0, DEL, C1) other than tab, and in a text area other than LF, or U+2028/U+2029.
    /// A byte scan, so a 10 MB paste of ordinary text (lines included) is not checked scalar by
    /// scalar. Every such character is a cluster of its own, so the clusters around it are kept.
    private static func mayContainControls(_ text: Substring, multiline: Bool) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            let count = bytes.count
            var index = 0
            while index < count {
                let byte = base[index]
                switch byte {
                case 0x09: break
                case 0x0A: if !multiline { return true }
                case 0..<0x20, 0x7F: return true
                // C1: U+0080...U+009F.
                case 0xC2: if index + 1 < count, (0x80...0x9F).contains(base[index + 1]) { return true }
                // U+2028, U+2029.
                case 0xE2: if index + 2 < count, base[index + 1] == 0x80, base[index + 2] == 0xA8 || base[index + 2] == 0xA9 { return true }
                default: break
                }
                index += 1
            }
            return false
        }
    }
}
