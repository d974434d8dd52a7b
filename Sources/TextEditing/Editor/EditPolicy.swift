/// What a policy says of a user edit.
package enum PolicyVerdict: Equatable {
    /// Go on to the next policy (the edit may have been shortened or rewritten).
    case proceed
    /// Refused whole: observers hear `editRefused`, the field rings.
    case refuse
    /// Dropped without a refusal: the delegate changed the text itself meanwhile (a live formatter,
    /// which has told its own change).
    case drop
}

/// One link of a field's edit policy: a user edit passes each in order (`clearsOnInsertion` when
/// armed, the character filter, the keyboard type, autocapitalization, the maximum length, the
/// refusal of typing nothing is left of, the delegate); any may shorten, rewrite or refuse it.
/// Programmatic edits, undo, redo and changes of selection alone pass none. The links that need
/// the field's own types (its keyboard type, its delegate) live with the field.
package protocol EditPolicy {
    /// Reviews `edit` (already normalized, its range inside the editor's text); `proposed` is the
    /// edit as the user made it. A link reads the text from `editor` when it needs it and keeps
    /// no copy while app code runs (a copy would make an edit the app makes meanwhile copy the
    /// buffer, and leave a secure field's old text behind in freed memory).
    func review(_ edit: inout TextEdit, proposed: TextEdit, in editor: FieldEditor) -> PolicyVerdict
}

/// `clearsOnInsertion`, once armed: the first text typed or pasted replaces everything.
package struct ClearsOnInsertionPolicy: EditPolicy {
    package init() {}
    package func review(_ edit: inout TextEdit, proposed: TextEdit, in editor: FieldEditor) -> PolicyVerdict {
        if FieldEditor.insertsText(edit.cause) {
            edit.range = 0..<editor.count
            edit.selectionAfter = nil
        }
        return .proceed
    }
}

/// The app's `characterFilter`: characters it rejects are taken out.
package struct CharacterFilterPolicy: EditPolicy {
    let accepts: (Character) -> Bool
    package init(accepts: @escaping (Character) -> Bool) { self.accepts = accepts }
    package func review(_ edit: inout TextEdit, proposed: TextEdit, in editor: FieldEditor) -> PolicyVerdict {
        edit.replacement = String(edit.replacement.filter(accepts))
        return .proceed
    }
}

/// `maximumLength`: the longest start of the replacement that keeps the result within it.
package struct MaximumLengthPolicy: EditPolicy {
    let maximumLength: Int
    package init(maximumLength: Int) { self.maximumLength = maximumLength }
    package func review(_ edit: inout TextEdit, proposed: TextEdit, in editor: FieldEditor) -> PolicyVerdict {
        let text = editor.storage
        let limit = max(0, maximumLength)
        let room = max(0, limit - (text.count - edit.range.count))
        // What counts is the length of the result: a combining mark typed into a full field
        // joins the grapheme before it and adds nothing. Only the replacement's first
        // graphemes can be kept, so only they are segmented (a 10 MB paste into a short
        // field must not be): with `room` + 16 of them the result is too long however its
        // ends join the neighbours (a join merges a cluster or two at each end).
        // A rope's clusters are counted without reading them: all fit, or the first are read.
        if let rope = edit.replacementRope, rope.count <= room { return .proceed }
        let window = room > Int.max - 16 ? Int.max : room + 16
        let pieces = edit.replacementRope.map { $0.characters(in: 0..<window) } ?? Array(edit.replacement.prefix(window))
        let isWhole = pieces.count < window
        let range = edit.range
        // The text's length in graphemes after replacing `range`, segmented as applying the edit
        // would: a join can reach past the next cluster (an emoji before a lone ZWJ and the emoji
        // after it; a regional indicator re-pairing a run of them).
        func count(with replacement: String) -> Int {
            text.count(afterApplying: TextEdit(range: range, replacement: replacement, cause: .programmatic))
        }
        if pieces.count > room && (!isWhole || count(with: edit.replacement) > limit) {
            // The longest start that fits: `room` graphemes always do (each adds at most
            // one), and up to two more may when the first joins the grapheme before the
            // edit (combining marks) or the last the one after it.
            var kept = min(pieces.count - 1, room + 2)
            while kept > room && count(with: String(pieces[..<kept])) > limit { kept -= 1 }
            edit.replacement = String(pieces[..<kept])
        }
        return .proceed
    }
}

/// Typing that the links before left nothing of is refused whole: it must not delete the
/// selection it was meant to replace.
package struct RefusesEmptiedInsertionPolicy: EditPolicy {
    package init() {}
    package func review(_ edit: inout TextEdit, proposed: TextEdit, in editor: FieldEditor) -> PolicyVerdict {
        edit.replacementIsEmpty && !proposed.replacementIsEmpty ? .refuse : .proceed
    }
}
