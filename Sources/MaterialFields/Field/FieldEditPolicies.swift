// The links of the edit policy that know the field's own types.

/// A keyboard type's characters (digits, one decimal separator, one @).
struct KeyboardTypePolicy: EditPolicy {
    let keyboardType: KeyboardType
    func review(_ edit: inout TextEdit, proposed: TextEdit, in editor: FieldEditor) -> PolicyVerdict {
        // A type that filters nothing takes a paste as it is, too (`paste` gives back what
        // `filter` keeps whole): a long paste is not read.
        if keyboardType.keepsEverythingTyped { return .proceed }
        // The kept text is read (for the one @ or decimal separator): the two sides of the edit,
        // copied once each (a keyboard type's fields hold numbers and addresses, not long texts).
        let text = editor.storage
        let kept = [text.clusters(in: 0..<edit.range.lowerBound), text.clusters(in: edit.range.upperBound..<text.count)].joined()
        edit.replacement = edit.cause == .paste || edit.cause == .drop ? keyboardType.paste(edit.replacement, keeping: kept) ?? ""
            : keyboardType.filter(edit.replacement, keeping: kept)
        return .proceed
    }
}

/// `autocapitalizationType`, on typed keys only: a paste, and an input method's commit (which
/// composed exactly what it meant), are taken as they are.
struct AutocapitalizationPolicy: EditPolicy {
    let type: AutocapitalizationType
    func review(_ edit: inout TextEdit, proposed: TextEdit, in editor: FieldEditor) -> PolicyVerdict {
        guard edit.cause == .typing else { return .proceed }
        let before = ArraySlice(editor.storage.clusters(in: max(0, edit.range.lowerBound - 256)..<edit.range.lowerBound))
        edit.replacement = type.apply(to: edit.replacement, after: before)
        return .proceed
    }
}

/// The delegate's say in a user edit: `shouldChangeCharactersIn`, then `shouldApply`. A delegate
/// that changed the text itself meanwhile (a live formatter) has the last word.
struct DelegatePolicy: EditPolicy {
    unowned let field: TextField

    func review(_ edit: inout TextEdit, proposed: TextEdit, in editor: FieldEditor) -> PolicyVerdict {
        guard let delegate = field.delegate else { return .proceed }
        let revision = editor.textRevision, selection = editor.selection
        // The clear button asked `textFieldShouldClear` already, as UIKit asks only that.
        guard edit.cause == .clear
                || delegate.textField(field, shouldChangeCharactersIn: edit.range, replacementString: edit.replacement) else {
            if editor.textRevision != revision {
                // A live formatter set the text itself: the user's edit, as it wanted it.
                field.sendActions(for: .editingChanged)
                return .drop
            }
            return editor.selection == selection ? .refuse : .drop
        }
        // The delegate may have changed the text while saying yes: the range is stale then.
        guard editor.textRevision == revision else { return .drop }
        guard let rewritten = delegate.textField(field, shouldApply: edit) else { return .refuse }
        guard editor.textRevision == revision else { return .drop }
        edit = editor.normalized(rewritten)
        return .proceed
    }
}
