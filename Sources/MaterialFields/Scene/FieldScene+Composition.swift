// An input method's preedit in the scene: shown in the focused field, reset as GTK resets its
// input context (focus leaving the field, the window losing the keyboard, a click, Escape), and
// its commit landing as one edit.
extension FieldScene {
    /// The input method composes `preedit` (nil: nothing): the focused field shows it.
    func showPreedit(_ preedit: Preedit?, at time: Double) -> Bool {
        if let preedit, !preedit.isEmpty { resetCommitTarget = nil }
        guard let field = focusedField else { return false }
        let before = field.preedit
        field.setPreedit(preedit, at: time)
        guard field.preedit != before else { return false }
        if field.preedit == nil {
            // The input method ended it itself: what it commits for it (a syllable flushed by Tab,
            // say) may reach us behind the key that ended it, after focus moved on.
            resetCommitTarget = field
            resetCommitDeadline = time + Self.lateCommitWindow
        }
        // The candidate window follows the preedit's caret, and the page shows it.
        inputSpotIsStale = true
        revealCaret(of: field)
        return true
    }

    /// The input method committed `text`: one edit with the cause `.inputMethod` in the focused
    /// field, or in the field whose preedit was just reset, when the input method commits that
    /// later (ibus does, after focus moved on).
    func commitInputMethodText(_ text: String, at time: Double) -> Bool {
        let target = time <= resetCommitDeadline ? resetCommitTarget ?? focusedField : focusedField
        resetCommitTarget = nil
        guard let field = target else { return false }
        field.commitInputMethodText(text, at: time)
        return true
    }

    /// Ends `field`'s preedit, if it shows one: the input context is reset (GTK's
    /// `gtk_im_context_reset`) and what the input method hands back is committed in the field, as
    /// GTK's XIM module commits what `XmbResetIC` returns. An input method that commits later
    /// instead (through the event loop) commits there too.
    func resetComposition(of field: TextField?, at time: Double) {
        guard let field, field.preedit != nil else { return }
        field.setPreedit(nil, at: time)
        inputSpotIsStale = true
        if let committed = host?.resetInputMethod(), !committed.isEmpty {
            resetCommitTarget = nil
            field.commitInputMethodText(committed, at: time)
        } else {
            resetCommitTarget = field
            resetCommitDeadline = .infinity
        }
    }

    /// How long a commit for a preedit the input method ended itself may take to arrive (the
    /// key and the commit come in one batch; the window is for a loaded machine).
    static let lateCommitWindow = 0.5

    /// A key or typed text ends the wait for a reset's late commit; not for one the input method
    /// announced by ending its preedit, whose commit may come behind the key that ended it.
    func endResetCommitTarget() {
        if resetCommitDeadline == .infinity { resetCommitTarget = nil }
    }
}
