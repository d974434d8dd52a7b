// UIKit's `interactionState`: what a user was doing in the field, kept and set back.
extension TextField {
    /// The selection, where the caret stands, the text's scroll, whether the field is being
    /// edited and, while it is, its undo history (UIKit's `interactionState`, as a value).
    ///
    /// Setting it restores them, in this order:
    /// 1. editing: a state taken while editing begins it (`becomeFirstResponder()`, so the scene
    ///    ends the other field's and delegates are asked; `clearsOnBeginEditing` clears as usual),
    ///    one taken while not editing ends it (`resignFirstResponder()`); a delegate may refuse;
    /// 2. the selection, clamped to the text as it is now, with its caret placement when it
    ///    needed no clamping;
    /// 3. the undo history, only onto a field being edited, not secure, whose text is the one the
    ///    history was taken with (`TextInteractionState.historyText`, a fingerprint: length and
    ///    hash) styled as it was then (`historyRuns`); otherwise it is dropped and the field keeps its own;
    /// 4. the scroll, clamped to the text as laid out (a text field not being edited shows its
    ///    start, as always); set before the field is first laid out, it waits for that layout.
    ///
    /// A secure field's state holds neither its undo history (it keeps none) nor anything of its
    /// text but the selection's offsets.
    public var interactionState: TextInteractionState {
        get {
            var state = TextInteractionState(selection: editor.selection, caret: editor.caret,
                                             scrollOffset: editor.pendingScrollOffset ?? editor.scrollOffset, isEditing: isEditing)
            if isEditing && !isSecureTextEntry {
                state.undoHistory = editor.undoHistory
                state.historyText = TextFingerprint(of: editor.characters)
                state.historyRuns = editor.value.storage.attributeRuns
            }
            return state
        }
        set { restoreInteractionState(newValue) }
    }

    private func restoreInteractionState(_ state: TextInteractionState) {
        if state.isEditing && !isEditing {
            becomeFirstResponder()
        } else if !state.isEditing && isEditing {
            resignFirstResponder()
        }
        let count = editor.count
        let selection = TextSelection(anchor: min(max(state.selection.anchor, 0), count), head: min(max(state.selection.head, 0), count))
        editor.closeUndoGroup()
        editor.select(selection, placement: selection == state.selection ? state.caret : CaretPlacement(), cause: .program)
        if isEditing, !isSecureTextEntry, let history = state.undoHistory, let text = state.historyText,
           text == TextFingerprint(of: editor.characters), state.historyRuns == editor.value.storage.attributeRuns {
            editor.restoreHistory(history)
        }
        editor.restoreScrollWhenLaidOut(state.scrollOffset)
        invalidateAppearance()
    }
}

extension TextField {
    /// Counts the edits applied to the text (any cause): a tool that keeps the text elsewhere
    /// (the catalog's `--restore` file) tells a change from none without reading the text.
    package var textRevision: Int { editor.textRevision }

    /// Forgets the undo and redo steps: text an app put back from its own storage is where the
    /// field starts, not an edit to undo.
    package func forgetUndoSteps() { editor.forgetHistory() }
}
