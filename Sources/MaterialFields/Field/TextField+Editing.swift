// The edit pipeline and editing keys.
extension TextField {
    // MARK: The edit pipeline

    /// Applies `edit` through the one entry point every text change takes: line breaks and
    /// controls are cleaned for a single-line field; a user edit then passes the character
    /// filter, the maximum length and the delegate, any of which may shorten or refuse it; the
    /// undo history records it; the text layout re-measures what changed; observers hear of it.
    /// Returns what was applied, or nil when nothing changed.
    @discardableResult
    public func apply(_ proposed: TextEdit, at time: Double? = nil) -> AppliedEdit? {
        // Every way out of here, applied or not, ends a user's edit the same way.
        defer { if proposed.cause != .programmatic { userEditHandler?(self) } }
        if let time { lastTime = time }
        let now = time ?? lastTime
        var edit = normalized(proposed)
        // A refused edit leaves `clearsOnInsertion` armed for the first text that gets in.
        let clearsWhenRefused = clearsAtNextInsertion
        if edit.isUserEdit {
            if clearsAtNextInsertion {
                clearsAtNextInsertion = false
                if Self.insertsText(edit.cause) {
                    edit.range = 0..<editor.count
                    edit.selectionAfter = nil
                }
            }
            if let characterFilter { edit.replacement = String(edit.replacement.filter(characterFilter)) }
            if keyboardType != .default {
                // Only the kept text is read (for the one @ or decimal separator), without copying it.
                let kept = [editor.characters[..<edit.range.lowerBound], editor.characters[edit.range.upperBound...]].joined()
                edit.replacement = edit.cause == .paste ? keyboardType.paste(edit.replacement, keeping: kept) ?? ""
                    : keyboardType.filter(edit.replacement, keeping: kept)
            }
            if edit.cause == .typing, autocapitalizationType != .none, !isSecureTextEntry {
                let before = editor.characters[max(0, edit.range.lowerBound - 256)..<edit.range.lowerBound]
                edit.replacement = autocapitalizationType.apply(to: edit.replacement, after: before)
            }
            if let maximumLength {
                let limit = max(0, maximumLength)
                let room = max(0, limit - (editor.count - edit.range.count))
                // What counts is the length of the result: a combining mark typed into a full field
                // joins the grapheme before it and adds nothing. Only the replacement's first
                // graphemes can be kept, so only they are segmented (a 10 MB paste into a short
                // field must not be): with `room` + 16 of them the result is too long however its
                // ends join the neighbours (a join merges a cluster or two at each end).
                let window = room > Int.max - 16 ? Int.max : room + 16
                let pieces = Array(edit.replacement.prefix(window))
                let isWhole = pieces.count < window
                if pieces.count > room && (!isWhole || graphemeCount(afterReplacing: edit.range, with: edit.replacement) > limit) {
                    // The longest start that fits: `room` graphemes always do (each adds at most
                    // one), and up to two more may when the first joins the grapheme before the
                    // edit (combining marks) or the last the one after it.
                    var kept = min(pieces.count - 1, room + 2)
                    while kept > room && graphemeCount(afterReplacing: edit.range, with: String(pieces[..<kept])) > limit { kept -= 1 }
                    edit.replacement = String(pieces[..<kept])
                }
            }
            // Typing that the filter or the limit leaves nothing of is refused whole: it must not
            // delete the selection it was meant to replace.
            if edit.replacement.isEmpty && !proposed.replacement.isEmpty {
                clearsAtNextInsertion = clearsWhenRefused
                notify(.editRefused(proposed))
                return nil
            }
            if let delegate {
                let revision = textRevision, selection = editor.selection
                // The clear button asked `textFieldShouldClear` already, as UIKit asks only that.
                guard edit.cause == .clear
                        || delegate.textField(self, shouldChangeCharactersIn: edit.range, replacementString: edit.replacement) else {
                    if textRevision != revision {
                        // A live formatter set the text itself: the user's edit, as it wanted it.
                        sendActions(for: .editingChanged)
                    } else if editor.selection == selection {
                        clearsAtNextInsertion = clearsWhenRefused
                        notify(.editRefused(proposed))
                    }
                    return nil
                }
                // The delegate may have changed the text while saying yes: the range is stale then.
                guard textRevision == revision else { return nil }
                guard let rewritten = delegate.textField(self, shouldApply: edit) else {
                    clearsAtNextInsertion = clearsWhenRefused
                    notify(.editRefused(proposed))
                    return nil
                }
                guard textRevision == revision else { return nil }
                edit = normalized(rewritten)
            }
        }
        // Replacing text with the same text changes nothing: no undo step, no observers (an
        // observer that normalises the text by setting it again must come to rest).
        guard !editor.characters[edit.range].elementsEqual(edit.replacement) else {
            if let selection = edit.selectionAfter, selection != editor.selection {
                editor.select(selection)
                caretIsUpstream = false
                caretSide = nil
                caretMoved(at: now)
            }
            return nil
        }
        let replacesEverything = edit.range == 0..<editor.count
        let applied = editor.apply(edit)
        textRevision &+= 1
        // A whole text replaced is exactly the replacement: reading it back must not join the
        // clusters of a 10 MB paste again (the QA state reads it after every change).
        cachedText = replacesEverything && !isSecureTextEntry ? edit.replacement : nil
        switch edit.cause {
        case .undo, .redo: break
        default: if !isSecureTextEntry { undoHistory.record(applied) }
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
        if let measurer, textLayout != nil {
            // Mutated in place: a copy would duplicate the whole text's clusters and stops.
            let newClusters = applied.oldClusters.lowerBound..<(applied.oldClusters.lowerBound + applied.newClusterCount)
            let changed = editor.characters[newClusters]
            textLayout?.replacing(applied.oldClusters, with: isSecureTextEntry && !isSecureTextRevealed ? maskedCharacters(changed)[...] : changed,
                                  measurer: measurer)
            // The first strong character changed direction: the text reads the other way, and
            // natural alignment moves it to the other side.
            if textLayout?.direction != textDirection {
                rebuildTextLayout(notifying: false)
                relayOutIfNeeded()
            }
        }
        caretIsUpstream = false
        // Where two directions meet, the caret stays by what was just typed (where more of it goes,
        // also when undo or redo brings text back), or by text of the direction just deleted.
        caretSide = nil
        if let textLayout, textLayout.levels != nil {
            let head = editor.selection.head
            if let deleted = deletedRightToLeft {
                if head > 0 && textLayout.isRightToLeft(cluster: head - 1) == deleted {
                    caretSide = true
                } else if head < editor.count && textLayout.isRightToLeft(cluster: head) == deleted {
                    caretSide = false
                }
            } else if Self.insertsText(edit.cause) || ((edit.cause == .undo || edit.cause == .redo) && applied.newClusterCount > 0) {
                caretSide = true
            }
        }
        goalX = nil
        // The rows of a text area and the counter follow the text.
        if displayedTrailingAssistiveText != lastTrailingAssistiveText {
            assistiveTextChanged()
        } else if kind == .textArea {
            relayOutIfNeeded()
        }
        if adjustsFontSizeToFitWidth { fitFontToWidth() }
        caretMoved(at: now)
        syncMotion(at: now)
        notify(.textChanged(applied))
        if edit.cause != .programmatic { sendActions(for: .editingChanged) }
        return applied
    }

    /// Causes that put new text in (what `clearsOnInsertion` waits for).
    static func insertsText(_ cause: EditCause) -> Bool {
        cause == .typing || cause == .inputMethod || cause == .paste || cause == .newline
    }

    /// The text's length in graphemes after replacing `range` with `replacement`, segmented as
    /// applying the edit would: a join can reach past the next cluster (an emoji before a lone
    /// ZWJ and the emoji after it; a regional indicator re-pairing a run of them).
    func graphemeCount(afterReplacing range: Range<Int>, with replacement: String) -> Int {
        editor.count(afterApplying: TextEdit(range: range, replacement: replacement, cause: .programmatic))
    }

    /// The edit with its range inside the text and its replacement fit for this kind of field.
    func normalized(_ edit: TextEdit) -> TextEdit {
        var normalized = edit
        normalized.range = min(max(edit.range.lowerBound, 0), editor.count)..<min(max(edit.range.upperBound, 0), editor.count)
        normalized.replacement = Self.sanitize(edit.replacement, kind: kind)
        return normalized
    }

    /// A single-line field holds no line breaks (they become spaces); a text area keeps them as
    /// "\n". Neither holds other control characters (C0, DEL, C1) except tab.
    static func sanitize(_ text: String, kind: FieldKind) -> String {
        guard mayContainControls(text), text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}" })
        else { return text }
        return String(text.compactMap { character -> Character? in
            if character.isNewline { return kind == .textArea ? "\n" : " " }
            if character == "\t" { return character }
            return character.unicodeScalars.contains { $0.properties.generalCategory == .control } ? nil : character
        })
    }

    /// False when no byte of `text` can encode a control character (C0, DEL, C1) or U+2028/U+2029:
    /// a byte scan, so a 10 MB paste of ordinary text is not checked scalar by scalar.
    static func mayContainControls(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            let count = bytes.count
            var index = 0
            while index < count {
                let byte = base[index]
                if byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xE2 { return true }
                index += 1
            }
            return false
        }
    }

    /// Inserts committed text in place of the selection.
    public func insert(_ text: String, cause: EditCause = .typing, at time: Double) {
        guard state == .editing else { return }
        apply(editor.insertion(text, cause: cause), at: time)
    }

    /// Whether keys typed into this field may arrive as a run (`insert(typedRun:at:)`): it is
    /// being edited, it is not secure (a run would gather the secret in one string the field
    /// cannot overwrite) and nothing outside the library watches its edits one by one: no
    /// delegate, no observer from `observe(_:)`, no `editingChanged` action. Such code may read
    /// the text between keys, so those fields get each key as its own edit.
    public var takesTypedRuns: Bool {
        state == .editing && !isSecureTextEntry && delegate == nil && appObserverIDs.isEmpty
            && !actions.values.contains { $0.events.contains(.editingChanged) }
    }

    /// Keys typed one after another, each `Character` of `run` one key's text: the same text,
    /// selection, undo steps and refusals (`editRefused`, so the same bells) as `insert(_:at:)`
    /// of each character in turn, in as few edits as that allows (`typedRunPrefix`). A field
    /// that does not `takesTypedRuns` gets one edit per character.
    public func insert(typedRun run: String, at time: Double) {
        var rest = Substring(run)
        while !rest.isEmpty, state == .editing {
            let count = takesTypedRuns ? typedRunPrefix(of: rest) : 1
            let end = rest.index(rest.startIndex, offsetBy: count)
            apply(editor.insertion(String(rest[..<end]), cause: .typing), at: time)
            rest = rest[end...]
        }
    }

    /// How many of the keys at the start of `keys` (one `Character` each) one edit may take and
    /// come out as they would one at a time (at least 1). One edit of several keys is plain
    /// insertion at a caret of characters that each stay a cluster of their own, so:
    /// - a selection or an armed `clearsOnInsertion`, a character filter, a filtering keyboard
    ///   type and `adjustsFontSizeToFitWidth` (which fits from the size it had) take one key;
    /// - a key that would join the cluster before the caret (a combining mark: its own undo step)
    ///   goes alone, and no key may join the cluster after the caret (one at a time each would);
    /// - the undo history's typing groups are kept: a run of word characters with at most one
    ///   whitespace after it (a word ends there), or one other character (a step of its own);
    ///   so the autocapitalization, which reads the 256 characters before each key, sees a word
    ///   character before every key but the first, as it would;
    /// - with a `maximumLength`, no more keys than fit (a third of the room with autocapitalization,
    ///   where one key may type up to three capitals), so every key past the limit is refused
    ///   on its own, as typed.
    func typedRunPrefix(of keys: Substring) -> Int {
        let selection = editor.selection
        guard selection.isCaret, !clearsAtNextInsertion, characterFilter == nil, keyboardType.keepsEverythingTyped,
              !adjustsFontSizeToFitWidth, let first = keys.first else { return 1 }
        let caret = selection.head
        if caret > 0, (String(editor.characters[caret - 1]) + String(first)).count != 2 { return 1 }
        let next = caret < editor.count ? String(editor.characters[caret]) : nil
        var limit = Int.max
        if let maximumLength {
            let room = max(0, maximumLength) - editor.count
            limit = max(1, autocapitalizationType != .none ? room / 3 : room)
        }
        var count = 0
        for key in keys {
            guard count < limit else { break }
            if let next, (String(key) + next).count != 2 { return max(1, count) }
            let isWord = EditableText.isWordCharacter(key)
            if !isWord && (count > 0 || !key.isWhitespace) {
                // Punctuation is an undo step of its own; whitespace ends a word's step.
                if count == 0 { return 1 }
                if !key.isWhitespace { break }
                count += 1
                break
            }
            count += 1
            if key.isWhitespace { break }
        }
        return max(1, count)
    }

    /// Pastes `text` in place of the selection (one undo step).
    public func paste(_ text: String, at time: Double) {
        guard state == .editing else { return }
        apply(editor.insertion(text, cause: .paste), at: time)
    }

    /// What a copy takes: the selected text (nothing from a secure field).
    public var copyableText: String? {
        guard !isSecureTextEntry, !editor.selection.isCaret else { return nil }
        return editor.selectedText
    }

    /// Deletes the selection as a cut; returns the text cut, or nil when there was none.
    @discardableResult
    public func cut(at time: Double) -> String? {
        guard state == .editing, let text = copyableText else { return nil }
        apply(TextEdit(range: editor.selection.range, replacement: "", cause: .cut), at: time)
        return text
    }

    public func undo(at time: Double) {
        guard let edit = undoHistory.popUndo() else { return }
        apply(edit, at: time)
    }

    public func redo(at time: Double) {
        guard let edit = undoHistory.popRedo() else { return }
        apply(edit, at: time)
    }

    // MARK: Keys

    /// Applies an editing key. Returns false for keys the field leaves to its container (Tab,
    /// Escape, clipboard shortcuts).
    public func handle(_ key: EditingKey, modifiers: KeyModifiers, at time: Double) -> Bool {
        lastTime = time
        guard state == .editing else { return false }
        let selectionBeforeKey = editor.selection
        let extending = modifiers.contains(.shift)
        let control = modifiers.contains(.control)
        var keepsGoal = false
        var upstream = false
        // The caret's place after the key (see `caretSide`): where Up or Down landed, or kept by
        // an arrow that could not move.
        var keptSide: Bool?
        switch key {
        case .left, .right:
            let rightward = key == .right
            if control {
                // In a right-to-left paragraph the next word is to the left.
                if rightward != (textLayout?.direction == .rightToLeft) {
                    editor.moveWordForward(extending: extending)
                } else {
                    editor.moveWordBackward(extending: extending)
                }
            } else if let textLayout, textLayout.levels != nil {
                (upstream, keptSide) = moveVisually(rightward: rightward, extending: extending, in: textLayout)
            } else if rightward {
                // Text that is all left to right reads in storage order, whatever the paragraph.
                editor.moveForward(extending: extending)
            } else {
                editor.moveBackward(extending: extending)
            }
        case .up, .down:
            if kind == .textArea, !control {
                (upstream, keptSide) = moveVertically(down: key == .down, extending: extending)
                keepsGoal = true
            } else if key == .up {
                editor.moveToStart(extending: extending)
            } else {
                editor.moveToEnd(extending: extending)
            }
        case .home:
            if kind == .textArea, !control, let textLayout {
                let line = textLayout.lines[textLayout.lineIndex(of: editor.selection.head, upstream: caretIsUpstream)]
                editor.moveHead(to: line.clusters.lowerBound, extending: extending)
            } else {
                editor.moveToStart(extending: extending)
            }
        case .end:
            if kind == .textArea, !control, let textLayout {
                let index = textLayout.lineIndex(of: editor.selection.head, upstream: caretIsUpstream)
                let end = textLayout.lines[index].clusters.upperBound
                editor.moveHead(to: end, extending: extending)
                // At a soft break the line's end is also the next line's start: stay on this line.
                upstream = textLayout.lineIndex(of: end) != index
            } else {
                editor.moveToEnd(extending: extending)
            }
        case .backspace:
            if let edit = editor.backwardDeletion(byWord: control) { apply(edit, at: time) }
            return true
        case .delete:
            if let edit = editor.forwardDeletion(byWord: control) { apply(edit, at: time) }
            return true
        case .enter where control:
            // Ctrl+Return is the app's (submitting a form), in a text area too.
            return false
        case .enter:
            if kind == .textArea {
                apply(editor.insertion("\n", cause: .newline), at: time)
            } else if pressReturn(at: time) {
                // Without a scene to move focus on, Return ends editing.
                sendActions(for: .editingDidEndOnExit)
                endEditing(at: time)
            }
            return true
        case .shortcut(let character) where control:
            switch character.lowercased() {
            case "a": editor.selectAll()
            case "z": if extending { redo(at: time) } else { undo(at: time) }; return true
            case "y": redo(at: time); return true
            default: return false
            }
        case .tab, .escape, .shortcut, .function, .insert:
            return false
        }
        if !keepsGoal { goalX = nil }
        caretIsUpstream = upstream
        caretSide = keptSide
        if editor.selection != selectionBeforeKey { clearsAtNextInsertion = false }
        undoHistory.closeGroup()
        caretMoved(at: time)
        return true
    }

    /// Return in a single-line field: observers hear `.returnPressed`, then the delegate's
    /// `textFieldShouldReturn` decides whether the default follows (true: focus moves on, or
    /// editing ends on the last field).
    public func pressReturn(at time: Double) -> Bool {
        lastTime = time
        notify(.returnPressed)
        return delegate?.textFieldShouldReturn(self) ?? true
    }

    /// Left or Right in text with right-to-left in it: one step as the eye sees it (GTK's visual
    /// movement), past a line's visual end to the next line in reading order. Without `extending`
    /// a selection collapses to its edge on that side. Returns whether the caret ends at a
    /// wrapped line's end, and its place (kept when it stays where it is).
    func moveVisually(rightward: Bool, extending: Bool, in textLayout: TextLayout) -> (upstream: Bool, side: Bool?) {
        let selection = editor.selection
        let forward = rightward != (textLayout.direction == .rightToLeft)
        if !extending && !selection.isCaret {
            let lower = textLayout.lineIndex(of: selection.lowerBound), upper = textLayout.lineIndex(of: selection.upperBound, upstream: true)
            var edge = forward ? selection.upperBound : selection.lowerBound
            if lower == upper {
                let lowerX = textLayout.x(of: selection.lowerBound, onLine: lower)
                let upperX = textLayout.x(of: selection.upperBound, onLine: upper)
                edge = (lowerX < upperX) == rightward ? selection.upperBound : selection.lowerBound
            }
            editor.select(TextSelection(caret: edge))
            return (false, nil)
        }
        let line = textLayout.lineIndex(of: selection.head, upstream: caretIsUpstream)
        // A caret standing at a boundary's other place (clicked there, or after typing) steps
        // from where it is drawn.
        let shown = textLayout.x(of: selection.head, onLine: line, after: caretSide)
        let next = caretSide != nil && shown != textLayout.x(of: selection.head, onLine: line)
            ? textLayout.offset(visuallyFrom: shown, rightward: rightward, onLine: line)
            : textLayout.offset(visuallyFrom: selection.head, rightward: rightward, onLine: line)
        if let next {
            editor.moveHead(to: next, extending: extending)
            return (next == textLayout.lines[line].clusters.upperBound && textLayout.lineIndex(of: next) != line, nil)
        }
        // Past the line's visual end: on into the line after it in reading order (before it, when
        // going back), entering at the side the caret came from; a single line stays.
        let target = line + (forward ? 1 : -1)
        guard kind == .textArea, textLayout.lines.indices.contains(target) else {
            editor.moveHead(to: selection.head, extending: extending)
            return (caretIsUpstream, caretSide)
        }
        let entry = textLayout.visualEnd(ofLine: target, leftmost: rightward)
        editor.moveHead(to: entry, extending: extending)
        return (entry == textLayout.lines[target].clusters.upperBound && textLayout.lineIndex(of: entry) != target, nil)
    }

    /// Up or Down in a text area: the nearest boundary to the goal x on the visual line above or
    /// below; past the first or last line, the text's start or end. Returns whether the caret
    /// ends at a wrapped line's end.
    func moveVertically(down: Bool, extending: Bool) -> (upstream: Bool, side: Bool?) {
        guard let textLayout else { return (false, nil) }
        if !extending && !editor.selection.isCaret && goalX == nil {
            // A selection collapses toward the direction of travel first, as in every editor.
            editor.select(TextSelection(caret: down ? editor.selection.upperBound : editor.selection.lowerBound))
        }
        let current = textLayout.lineIndex(of: editor.selection.head, upstream: caretIsUpstream)
        let goal = goalX ?? textLayout.x(of: editor.selection.head, onLine: current, after: caretSide)
        goalX = goal
        let target = current + (down ? 1 : -1)
        guard target >= 0, target < textLayout.lines.count else {
            editor.moveHead(to: down ? editor.count : 0, extending: extending)
            return (false, nil)
        }
        // The caret stands where the goal is, even where two directions meet.
        let (offset, side) = textLayout.caretPosition(nearestTo: goal, onLine: target)
        editor.moveHead(to: offset, extending: extending)
        return (textLayout.lineIndex(of: offset) != target, side)
    }

    func caretMoved(at time: Double) {
        caretBlink.restart(at: time)
        keepCaretInView()
        invalidateAppearance()
    }
}
