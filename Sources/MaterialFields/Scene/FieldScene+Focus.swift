// Focus moving between fields: Tab, Return, clicks, the app's focus; the scene as its fields' owner.
extension FieldScene {
    /// Ends editing in the focused field, if any.
    @discardableResult
    public func endEditing(at time: Double) -> Bool {
        guard let field = focusedField else { return false }
        resetComposition(of: field, at: time)
        field.endEditing(at: time)
        return true
    }

    /// Tab / Shift+Tab: the next or previous enabled field, wrapping around; a field whose
    /// delegate will not let it begin is passed over. A focused field whose delegate will not let
    /// go keeps focus.
    @discardableResult
    public func moveFocus(backward: Bool, at time: Double) -> Bool {
        let current = focusedField
        var candidate = focusChain.field(after: current, backward: backward)
        guard candidate != nil else { return false }
        // Each field is asked once: round the chain, then stop.
        var asked = Set<ObjectIdentifier>()
        while let next = candidate, asked.insert(ObjectIdentifier(next)).inserted {
            if next === current {
                // Back round to the field being edited (the only one that would begin): it stays,
                // and a text field selects its text as Tab into it would.
                if next.kind == .textField { next.selection = TextSelection(anchor: 0, head: next.count) }
                offerSelectionAsPrimary(of: next)
                return true
            }
            switch askToTakeFocus(next, at: time) {
            case .refusedToBegin: candidate = focusChain.field(after: next, backward: backward)
            case .keptByCurrent: return true
            case .granted:
                beginFromKeyboard(next, at: time)
                return true
            }
        }
        return true
    }

    /// What Return does once the delegate agreed: `editingDidEndOnExit`, then focus moves to
    /// the next field that will begin (passing over one whose delegate says no, as Tab does), or
    /// editing ends on the last one.
    package func fieldDidReturn(_ field: TextField, at time: Double) {
        field.sendActions(for: .editingDidEndOnExit)
        // A delegate or an action that moved focus itself (`becomeFirstResponder`,
        // `resignFirstResponder`) has had its way, as in UIKit.
        guard field.isFocused else { return }
        var next = focusChain.field(following: field)
        while let candidate = next {
            switch askToTakeFocus(candidate, at: time) {
            case .refusedToBegin: next = focusChain.field(following: candidate)
            case .keptByCurrent: return
            case .granted:
                beginFromKeyboard(candidate, at: time)
                return
            }
        }
        field.endEditing(at: time)
    }

    enum FocusAnswer { case granted, refusedToBegin, keptByCurrent }

    /// UIKit's order when focus moves to `field`: may it begin, then may the focused field end
    /// (which it then does). Only `.granted` lets `field` begin.
    func askToTakeFocus(_ field: TextField, at time: Double) -> FocusAnswer {
        guard field.approveBeginning() else { return .refusedToBegin }
        if let current = focusedField, current !== field { resetComposition(of: current, at: time) }
        if let current = focusedField, current !== field, !current.endEditing(at: time) {
            field.withdrawApproval()
            return .keptByCurrent
        }
        return .granted
    }

    func takeFocus(for field: TextField, at time: Double) -> Bool { askToTakeFocus(field, at: time) == .granted }

    /// Begins `field` as Tab or Return do: its text selected and offered as PRIMARY, the page
    /// scrolled to it.
    func beginFromKeyboard(_ field: TextField, at time: Double) {
        guard field.focus(at: time) else { return }
        offerSelectionAsPrimary(of: field)
        reveal(field)
    }

    /// What the user selected (with the pointer, Shift, Ctrl+A, or Tab into a field that selects
    /// its text, as GTK's entries do) becomes PRIMARY; a caret or a password offers nothing. An
    /// app's own `focus(_:at:)` offers nothing: the user did not select anything.
    func offerSelectionAsPrimary(of field: TextField) {
        guard let text = field.copyableText else { return }
        host?.setSelectionText(text, for: .primary)
    }

    /// Focuses `field` from the keyboard (its text selected) and scrolls it into view.
    public func focus(_ field: TextField, at time: Double) {
        completeProvisionalArrangement()
        guard focusChain.contains(field), field.isEnabled, takeFocus(for: field, at: time), field.focus(at: time) else { return }
        reveal(field)
    }
}

// The scene as its fields' owner: their focus, their clock, Return moving on.
extension FieldScene: FieldOwner {
    package var now: Double? { currentTime }

    package func fieldWillBeginEditing(_ field: TextField) -> Bool {
        // One field edits at a time, even when the app focuses one directly; the other field's
        // delegate is asked, as when the user moves focus, and may take focus back.
        let time = currentTime
        for other in fields where other !== field && other.isFocused { resetComposition(of: other, at: time) }
        guard fields.filter({ $0 !== field && $0.isFocused }).allSatisfy({ $0.endEditing(at: time) }) else { return false }
        return !fields.contains { $0 !== field && $0.isFocused }
    }

    package func fieldRequestsFocus(_ field: TextField) -> Bool {
        focus(field, at: currentTime)
        return field.isFocused
    }

    package func fieldDidFinishUserEdit(_ field: TextField) {
        guard field === focusedField else { return }
        revealCaret(of: field)
    }

    package func fieldShowsHover(_ field: TextField) {
        if !hoverHolders.contains(where: { $0 === field }) { hoverHolders.append(field) }
    }
}
