// What changed in a field since an assistive technology was last told, as `AccessibilityEvent`s:
// an applied edit as code point deletions and insertions, the caret and selection, the role,
// name, description and states. `SceneAccessibility` calls these from the field's observers and
// from `sync()`, and tells its own observers what they return.

extension FieldAccessibility {
    /// What observers were last told of the field.
    struct Told {
        /// The text's revision (`FieldEditor.textRevision`) they know.
        var revision = 0
        /// They know the text as bullets (a secure field).
        var isMasked = false
        /// The text's length in code points.
        var length = 0
        /// The selection's head and anchor in code points.
        var caret = 0
        var anchor = 0
        var role = AccessibleRole.entry
        var name = ""
        var description = ""
        var states: AccessibleStates = []
    }

    /// States told together: a field enabled or disabled is all of these at once.
    static let stateGroups: [AccessibleStates] = [.focused, .invalidEntry, [.enabled, .sensitive, .editable, .focusable], .showing]

    /// Takes what the field shows now as what observers know, telling nothing.
    func rememberWhatIsShown() {
        guard let field else { return }
        told.role = role
        told.name = name
        told.description = description
        told.states = states
        told.isMasked = field.isSecureTextEntry
        told.revision = field.editor.textRevision
        told.length = characterCount
        (told.caret, told.anchor) = caretAndAnchor()
    }

    /// An edit was applied: what was deleted and inserted, in code points, then the caret and
    /// selection where they moved. A secure field's texts are bullets, its offsets cluster
    /// indices. An edit observers cannot be told as a change of what they know (a field made
    /// secure since, or an edit made while an earlier one was being told) is told as the whole
    /// text replaced; an edit already told that way is not told again.
    func events(afterApplying applied: AppliedEdit) -> [AccessibilityEvent] {
        guard let field else { return [] }
        let revision = field.editor.textRevision
        // A field that began editing with an edit (`clearsOnBeginEditing`) is focused first.
        var events = eventsSinceLastTold()
        if told.isMasked != field.isSecureTextEntry {
            events += eventsForNewRepresentation()
        } else if told.revision &+ 1 == revision {
            events += textEvents(of: applied, revision: revision)
        } else if told.revision != revision {
            events += eventsReplacingAllText()
        }
        events += caretAndSelectionEvents()
        return events
    }

    /// The selection changed: the caret's move and the selection's change, unless an edit is
    /// being applied (its text change is told first, then where the caret went, as GTK orders
    /// them). A field that selects its text as it begins editing is told focused first.
    func eventsAfterSelectionChange() -> [AccessibilityEvent] {
        guard let field, told.revision == field.editor.textRevision, told.isMasked == field.isSecureTextEntry else { return [] }
        return eventsSinceLastTold() + caretAndSelectionEvents()
    }

    /// What changed that no field event tells: the role (and with it the text, when the field
    /// became secure or stopped being so), the name, the description, the states. Reads no text
    /// and allocates nothing when nothing changed.
    func eventsSinceLastTold() -> [AccessibilityEvent] {
        guard let field else { return [] }
        var events: [AccessibilityEvent] = []
        if told.isMasked != field.isSecureTextEntry, told.revision == field.editor.textRevision {
            events += eventsForNewRepresentation()
            events += caretAndSelectionEvents()
        }
        let name = name
        if name != told.name {
            told.name = name
            events.append(.nameChanged(name))
        }
        let description = description
        if description != told.description {
            told.description = description
            events.append(.descriptionChanged(description))
        }
        let states = states
        if states != told.states {
            let changed = states.symmetricDifference(told.states)
            var rest = changed
            for group in Self.stateGroups where !group.isDisjoint(with: changed) {
                events.append(.stateChanged(group, states.isSuperset(of: group)))
                rest.subtract(group)
            }
            // Any other state on its own (none changes today).
            for bit in 0..<AccessibleStates.bitCount where rest.contains(AccessibleStates(rawValue: 1 << bit)) {
                events.append(.stateChanged(AccessibleStates(rawValue: 1 << bit), states.contains(AccessibleStates(rawValue: 1 << bit))))
            }
            told.states = states
        }
        return events
    }

    // MARK: Text

    /// An edit from the revision observers know to the next, as code points. At that level an
    /// edit is always the same text before it, new code points, and the same text after it,
    /// whatever clusters joined or split around it: the replaced code points go and the
    /// replacement's come, at the edit's start.
    private func textEvents(of applied: AppliedEdit, revision: Int) -> [AccessibilityEvent] {
        let edit = applied.edit.range, window = applied.oldClusters
        // Each made once, when first needed: both are spelled from the rope's pieces when asked for.
        lazy var replacedText = applied.replacedText
        lazy var replacement = applied.edit.replacement
        var events: [AccessibilityEvent] = []
        // The index follows the edit rather than counting the text again.
        let change = reading(validating: false) { characters, index -> (offset: Int, deleted: Int, inserted: Int, insertedText: String?) in
            if characters.isMasked {
                // Bullets: what the cluster counts say. A neighbour joined or split changes the
                // count of bullets around the edit, so the whole window goes then.
                let deleted = edit.count
                let inserted = applied.newClusterCount - (window.count - deleted)
                index.follow(oldClusters: window, newClusterCount: applied.newClusterCount, delta: inserted - deleted,
                             revision: revision, isMasked: true)
                index.validate(revision: revision, characters: characters)
                if inserted >= 0 {
                    return (edit.lowerBound, deleted, inserted, characters.text(edit.lowerBound..<(edit.lowerBound + inserted)))
                }
                return (window.lowerBound, window.count, applied.newClusterCount,
                        characters.text(window.lowerBound..<(window.lowerBound + applied.newClusterCount)))
            }
            let deleted = replacedText.unicodeScalars.count
            let inserted = replacement.unicodeScalars.count
            index.follow(oldClusters: window, newClusterCount: applied.newClusterCount, delta: inserted - deleted,
                         revision: revision, isMasked: false)
            index.validate(revision: revision, characters: characters)
            var offset: Int
            if applied.joinedNeighbours {
                // The clusters before the edit in its window are not the old ones any more: count
                // them in the old window's text.
                offset = index.offset(ofCluster: window.lowerBound, in: characters)
                for cluster in Array(applied.oldClustersText).prefix(edit.lowerBound - window.lowerBound) {
                    offset += cluster.unicodeScalars.count
                }
            } else {
                offset = index.offset(ofCluster: edit.lowerBound, in: characters)
            }
            return (offset, deleted, inserted, nil)
        }
        guard let change, let field else { return [] }
        if !field.isSecureTextEntry, !applied.joinedNeighbours,
           applied.edit.cause == .styling || replacedText.unicodeScalars.elementsEqual(replacement.unicodeScalars) {
            // The same text with other styles (Ctrl+B on a selection, its undo, plain text set
            // over styled): GTK tells the attributes changed, not the text deleted and inserted again.
            told.revision = revision
            told.length = index.length
            return [.textAttributesChanged]
        }
        if field.isSecureTextEntry {
            let masked = change.deleted == edit.count ? replacedText : String(repeating: AccessibleCharacters.bullet, count: change.deleted)
            if change.deleted > 0 { events.append(.textDeleted(offset: change.offset, length: change.deleted, text: masked)) }
        } else if change.deleted > 0 {
            events.append(.textDeleted(offset: change.offset, length: change.deleted, text: replacedText))
        }
        if change.inserted > 0 {
            events.append(.textInserted(offset: change.offset, length: change.inserted,
                                        text: change.insertedText ?? replacement))
        }
        told.revision = revision
        told.length = index.length
        return events
    }

    /// The whole text as observers knew it goes and the text as it is comes. What went is
    /// unknown to the model by now; a secure field's is bullets.
    private func eventsReplacingAllText() -> [AccessibilityEvent] {
        guard let field else { return [] }
        var events: [AccessibilityEvent] = []
        if told.length > 0 {
            let old = told.isMasked ? String(repeating: AccessibleCharacters.bullet, count: told.length) : ""
            events.append(.textDeleted(offset: 0, length: told.length, text: old))
        }
        let length = characterCount
        if length > 0 { events.append(.textInserted(offset: 0, length: length, text: text)) }
        told.revision = field.editor.textRevision
        told.isMasked = field.isSecureTextEntry
        told.length = length
        return events
    }

    /// The field became secure, or stopped being so: its role (a text field's) and its text as
    /// read (all bullets, or the text) changed. The text it showed before it became secure is
    /// not told again as deleted: it is the secret now.
    private func eventsForNewRepresentation() -> [AccessibilityEvent] {
        var events: [AccessibilityEvent] = []
        let role = role
        if role != told.role {
            told.role = role
            events.append(.roleChanged(role))
        }
        return events + eventsReplacingAllText()
    }

    // MARK: Caret and selection

    private func caretAndAnchor() -> (caret: Int, anchor: Int) {
        guard let selection = field?.selection else { return (0, 0) }
        return reading { characters, index in
            let caret = index.offset(ofCluster: selection.head, in: characters)
            return (caret, selection.isCaret ? caret : index.offset(ofCluster: selection.anchor, in: characters))
        } ?? (0, 0)
    }

    /// The caret moved (in code points, so an edit before it moves it too), and the selection
    /// changed when there was one before or is one now (GTK's entry tells them so).
    private func caretAndSelectionEvents() -> [AccessibilityEvent] {
        let (caret, anchor) = caretAndAnchor()
        var events: [AccessibilityEvent] = []
        if caret != told.caret { events.append(.caretMoved(offset: caret)) }
        if (caret != told.caret || anchor != told.anchor) && (caret != anchor || told.caret != told.anchor) {
            events.append(.selectionChanged)
        }
        told.caret = caret
        told.anchor = anchor
        return events
    }
}

extension AccessibleStates {
    /// The bits an `AccessibleStates` may use.
    static let bitCount = 11
}
