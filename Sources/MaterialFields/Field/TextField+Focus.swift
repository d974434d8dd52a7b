// Beginning and ending editing: the focus machine's transitions and what hangs on them.
extension TextField {
    /// Starts editing. `pointX` is where a click landed (field coordinates); nil for keyboard focus,
    /// which grows the activation indicator from the centre and selects all of a text field's text.
    ///
    /// Asks the delegate's `textFieldShouldBeginEditing` first; returns whether the field is
    /// editing now. A scene moving focus has asked already (`approveBeginning`) before ending the
    /// other field, and the answer is used here, once.
    @discardableResult
    public func focus(at time: Double, fromPointX pointX: Double? = nil) -> Bool {
        lastTime = time
        // Used up whatever happens next, so no later call inherits it.
        let approved = focusMachine.takeApproval()
        guard isEnabled else {
            focusMachine.stopAskingToBegin()
            return false
        }
        guard !isFocused else { return true }
        focusMachine.startAskingToBegin()
        guard approved || (delegate?.textFieldShouldBeginEditing(self) ?? true) else {
            focusMachine.stopAskingToBegin()
            return false
        }
        // The field being edited elsewhere in the scene is asked to end first, and may say no.
        guard owner?.fieldWillBeginEditing(self) ?? true else {
            focusMachine.stopAskingToBegin()
            return false
        }
        // The ending field's delegate may have focused this one already, or disabled it.
        guard !isFocused else { return true }
        guard isEnabled else {
            focusMachine.stopAskingToBegin()
            return false
        }
        focusMachine.begin()
        // `editingRect` takes over from `textRect` before the caret is placed in it.
        refreshGeometryHooks()
        let clearedOnBegin = didBeginEditing(at: time, fromPointX: pointX)
        syncMotion(at: time)
        invalidateAppearance()
        notify(.didBeginEditing)
        delegate?.textFieldDidBeginEditing(self)
        sendActions(for: .editingDidBegin)
        // The clear was part of beginning: its change is told once editing has begun.
        if clearedOnBegin { sendActions(for: .editingChanged) }
        return isFocused
    }

    /// What beginning does to the editor: a new, empty undo history (the history is the editing
    /// session's: what the program set before, `text` or `attributedText`, is where the session
    /// starts, not a step to undo), the caret placed (a text field's text selected from the
    /// keyboard), `clearsOnBeginEditing` and `clearsOnInsertion` applied. Returns whether the
    /// text was cleared.
    private func didBeginEditing(at time: Double, fromPointX pointX: Double?) -> Bool {
        isHovered = false
        editor.forgetHistory()
        motion.activationOrigin = pointX ?? (layout?.container.midX ?? 0)
        motion.caretBlink.restart(at: time)
        // From the keyboard a text field selects its text, as desktop entries do; a text area
        // keeps its caret, as text views do, and shows it. From a click the text stays where it
        // is: the click places the caret where it landed.
        let selection = pointX == nil && kind == .textField ? TextSelection(anchor: 0, head: editor.count) : editor.selection
        editor.select(selection, cause: .program, showsCaret: pointX == nil)
        resetTypingAttributes()
        var cleared = false
        if clearsOnBeginEditing && !editor.isEmpty && (delegate?.textFieldShouldClear(self) ?? true) {
            // Part of beginning: the new session's history starts empty, as the text does.
            apply(editor.replacingAll(with: "", cause: .programmatic), at: time)
            editor.forgetHistory()
            cleared = true
        }
        editor.clearsAtNextInsertion = clearsOnInsertion
        if clearsOnInsertion { editor.select(TextSelection(caret: editor.count), cause: .program, showsCaret: false) }
        return cleared
    }

    /// UIKit's `becomeFirstResponder()`: starts editing as if the user tabbed here (its scene
    /// ends the other field's editing first, asking both delegates). Works before the window
    /// shows; returns whether the field is editing.
    @discardableResult
    public func becomeFirstResponder() -> Bool {
        if let owner { return owner.fieldRequestsFocus(self) }
        return focus(at: now)
    }

    /// UIKit's `resignFirstResponder()`: ends editing if the delegate agrees.
    @discardableResult
    public func resignFirstResponder() -> Bool { endEditing(at: now) }

    /// Now, on the scene's clock when there is one, else the last time the field was given.
    var now: Double { max(lastTime, owner?.now ?? lastTime) }

    /// Whether editing may begin now: enabled and allowed by the delegate (asked each time).
    public func canBeginEditing() -> Bool {
        guard isEnabled else { return false }
        return isFocused || (delegate?.textFieldShouldBeginEditing(self) ?? true)
    }

    /// A scene moving focus here asks first, then ends the other field, then calls `focus`: the
    /// approval is kept for that `focus` only (it asks again otherwise). A field already editing
    /// needs none.
    package func approveBeginning() -> Bool {
        focusMachine.startAskingToBegin()
        let allowed = canBeginEditing()
        focusMachine.approve(allowed)
        return allowed
    }

    /// The scene's approval lapses: the field being edited would not let go.
    package func withdrawApproval() { focusMachine.withdrawApproval() }

    /// Ends editing: the selection stays (not drawn by default, or greyed: `SelectionDisplay`) and a
    /// single line scrolls back to its start.
    /// Asks the delegate's `textFieldShouldEndEditing` unless `force` (a disabled field ends
    /// regardless); returns whether the field is no longer editing.
    @discardableResult
    public func endEditing(at time: Double, reason: EditingEndReason = .committed, force: Bool = false) -> Bool {
        lastTime = time
        guard isFocused else { return true }
        if !force {
            // A delegate that resigns or moves focus from inside its answer is not asked again:
            // the question already being asked answers for it.
            guard focusMachine.startAskingToEnd() else { return false }
            let allowed = delegate?.textFieldShouldEndEditing(self) ?? true
            focusMachine.finishAskingToEnd()
            // A delegate that disabled its field while saying no has ended it all the same.
            guard allowed || !isFocused else { return false }
            // Whatever the delegate did meanwhile, editing ends once.
            guard isFocused else { return true }
        }
        focusMachine.end()
        refreshGeometryHooks()
        typingAttributesValue = nil
        editor.clearsAtNextInsertion = false
        editor.pointerUp()
        // As UIKit's text fields do: the steps belong to the editing session. Kept, every field of
        // a form would hold its own history for good (the soak saw the catalog grow by 15 % in
        // ten minutes), and a secure field would keep its old text in it.
        editor.forgetHistory()
        // The selection stays, as GTK's entries keep it: coming back finds it. It is no longer
        // drawn unless the scene shows every field's (`SelectionDisplay.everyField`, greyed).
        editor.keepCaretInView()
        syncMotion(at: time)
        invalidateAppearance()
        notify(.didEndEditing)
        delegate?.textFieldDidEndEditing(self, reason: reason)
        sendActions(for: .editingDidEnd)
        return true
    }

    // MARK: Motion

    /// Points every transition at what the state asks for; a transition already heading there
    /// goes on undisturbed. New assistive text starts its fade here, at the frame after it was set.
    func syncMotion(at time: Double) {
        motion.sync(labelFloats: labelPosition == .floating, isFocused: isFocused, isEnabled: isEnabled, isInError: isInError, at: time)
    }

    /// Brings the field's motion to `time`: transitions head for what the state now asks (a
    /// property set since starts its transition here). The scene calls it before it draws;
    /// `appearance(at:)` only reads.
    public func advance(to time: Double) {
        lastTime = max(lastTime, time)
        syncMotion(at: time)
    }

    /// Follows the desktop's caret blink and animation settings (the field's scene hands them
    /// on): turned off, transitions under way end where they were heading at once.
    func follow(_ settings: DesktopSettings) {
        let blink = motion.caretBlink
        motion.caretBlink.follow(settings)
        animatesTransitions = settings.animates
        let stopsMotion = !animatesTransitions && motion.isAnimating(at: lastTime)
        if stopsMotion { motion.finish() }
        // The caret may show or hide at once (a blink turned off while it was hidden).
        if stopsMotion || (isFocused && motion.caretBlink != blink) { invalidateAppearance() }
    }

    /// Jumps every animation to its end, as for a settled screenshot.
    public func settle() {
        syncMotion(at: lastTime)
        motion.finish()
    }
}
