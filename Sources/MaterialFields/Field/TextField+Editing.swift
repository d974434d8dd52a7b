// The field's side of editing: its edit policy, the commands keys name, and what follows an edit.
extension TextField {
    /// Applies `edit` through the one entry point every text change takes: line breaks and
    /// controls are cleaned for a single-line field; a user edit then passes the field's edit
    /// policy (`clearsOnInsertion`, the character filter, the keyboard type, autocapitalization,
    /// the maximum length and the delegate, in that order), any of which may shorten or refuse
    /// it; the undo history records it; the text layout re-measures what changed; observers hear
    /// of it. Returns what was applied, or nil when nothing changed.
    @discardableResult
    public func apply(_ proposed: TextEdit, at time: Double? = nil) -> AppliedEdit? {
        // Every way out of here, applied or not, ends a user's edit the same way.
        defer { if proposed.cause != .programmatic { owner?.fieldDidFinishUserEdit(self) } }
        if let time { lastTime = time }
        return editor.apply(proposed)
    }

    /// The policy links a user edit passes, in order (`clearsOnInsertion` goes first when armed).
    package var editPolicies: [EditPolicy] {
        var policies: [EditPolicy] = []
        if let characterFilter { policies.append(CharacterFilterPolicy(accepts: characterFilter)) }
        if keyboardType != .default { policies.append(KeyboardTypePolicy(keyboardType: keyboardType)) }
        if autocapitalizationType != .none, !isSecureTextEntry { policies.append(AutocapitalizationPolicy(type: autocapitalizationType)) }
        if let maximumLength { policies.append(MaximumLengthPolicy(maximumLength: maximumLength)) }
        policies.append(RefusesEmptiedInsertionPolicy())
        if delegate != nil { policies.append(DelegatePolicy(field: self)) }
        return policies
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
        state == .editing && !isSecureTextEntry && delegate == nil && !observers.watchEveryEdit
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
        guard selection.isCaret, !editor.clearsAtNextInsertion, characterFilter == nil, keyboardType.keepsEverythingTyped,
              !adjustsFontSizeToFitWidth, let first = keys.first else { return 1 }
        let caret = selection.head
        if caret > 0, (String(editor.storage.cluster(at: caret - 1)) + String(first)).count != 2 { return 1 }
        let next = caret < editor.count ? String(editor.storage.cluster(at: caret)) : nil
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

    /// Pastes `text` (as read from another program, chunk by chunk) in place of the selection:
    /// the same edit as `paste(_: String, at:)` of its text, and a long one (`ropePasteBytes` or
    /// more, into a field that is not secure) never becomes one `String`. It is cleaned for the
    /// kind chunk by chunk, passes the same policies (a maximum length reads only the clusters
    /// that may fit; a character filter or a delegate read the text) and its clusters go into
    /// the storage sharing their nodes, so 10 MB cost the rope and no copy beside it.
    public func paste(_ text: Rope, at time: Double) {
        guard state == .editing else { return }
        // A secret's paste goes into its slots, which are overwritten; a short one reads as before.
        guard !isSecureTextEntry, text.utf8Count >= Self.ropePasteBytes else {
            paste(text.string, at: time)
            return
        }
        let edit = editor.insertion(text, cause: .paste)
        // Nothing left once cleaned (all controls): the string's way refuses it, as pasted text
        // the cleaning took every character of, rather than let it delete the selection.
        guard !edit.replacementIsEmpty else {
            paste(text.string, at: time)
            return
        }
        apply(edit, at: time)
    }

    /// From this many UTF-8 bytes a pasted rope is applied as its clusters (`paste(_: Rope, at:)`).
    package static let ropePasteBytes = 64 << 10

    /// What a copy takes: the selected text (nothing from a secure field).
    public var copyableText: String? {
        guard !isSecureTextEntry, !editor.selection.isCaret else { return nil }
        return editor.storage.selectedText
    }

    /// Deletes the selection as a cut; returns the text cut, or nil when there was none.
    @discardableResult
    public func cut(at time: Double) -> String? {
        guard state == .editing, let text = copyableText else { return nil }
        apply(TextEdit(range: editor.selection.range, replacement: "", cause: .cut), at: time)
        return text
    }

    public func undo(at time: Double) {
        guard let edit = editor.popUndo() else { return }
        apply(edit, at: time)
    }

    public func redo(at time: Double) {
        guard let edit = editor.popRedo() else { return }
        apply(edit, at: time)
    }

    // MARK: Commands

    /// Does what `command` names, as a key bound to it would. Returns false for what the field
    /// leaves to its container: the clipboard (a field alone has none), Tab, Escape.
    @discardableResult
    public func perform(_ command: TextCommand, at time: Double) -> Bool {
        lastTime = time
        guard state == .editing else { return false }
        switch command {
        case .move(let unit, let direction, let extend):
            editor.move(unit, direction, extend: extend)
        case .delete(let unit, let direction):
            if let edit = editor.deletion(unit, direction) { apply(edit, at: time) }
        case .selectAll:
            editor.selectAll()
        case .undo:
            undo(at: time)
        case .redo:
            redo(at: time)
        case .return:
            if kind == .textArea {
                apply(editor.insertion("\n", cause: .newline), at: time)
            } else {
                pressReturn(at: time)
            }
        case .toggleBoldface:
            return toggleStyle(.bold, at: time)
        case .toggleItalics:
            return toggleStyle(.italic, at: time)
        case .toggleUnderline:
            return toggleStyle(.underline, at: time)
        case .copy, .cut, .paste, .cancel, .focusNext, .focusPrevious:
            return false
        }
        return true
    }

    /// Applies an editing key through its scene's binding table (`KeyBindings.standard` alone).
    /// Returns false for keys the field leaves to its container (Tab, Escape, clipboard
    /// shortcuts, keys bound to nothing).
    public func handle(_ key: EditingKey, modifiers: KeyModifiers, at time: Double) -> Bool {
        let bindings = owner?.keyBindings ?? .standard
        guard let command = bindings.command(for: key, modifiers: modifiers) else { return false }
        return perform(command, at: time)
    }

    /// Return in a single-line field: observers hear `.returnPressed`, then the delegate's
    /// `textFieldShouldReturn` decides whether the default follows: the scene moves focus on
    /// (or ends editing on the last field); a field without a scene ends editing. Returns
    /// whether the default followed.
    @discardableResult
    public func pressReturn(at time: Double) -> Bool {
        lastTime = time
        notify(.returnPressed)
        guard delegate?.textFieldShouldReturn(self) ?? true else { return false }
        if let owner {
            owner.fieldDidReturn(self, at: time)
        } else {
            sendActions(for: .editingDidEndOnExit)
            endEditing(at: time)
        }
        return true
    }
}
