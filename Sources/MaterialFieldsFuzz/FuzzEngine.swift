import MaterialFields

/// The scene under test and the reference beside it: `perform` sends one operation through the
/// public API, works out independently what it must have done, and checks every invariant.
final class FuzzWorld {
    let scene: FieldScene
    let fields: [TextField]
    let host = FuzzHost()
    let measurer = FuzzMeasurer()
    var references: [ReferenceField]
    /// What Ctrl+C and Ctrl+X must have put on the clipboard.
    var expectedClipboard: String?
    var time = 1.0
    var renders = 0
    var drawCommands = 0
    private let delegate: MutantDelegate?
    private var eyeOpen = false
    /// The primary button is down: a render may extend the selection on the autoscroll timer.
    private var buttonHeld = false

    init(mutant: FuzzMutant?, scale: Double = 1) {
        let name = TextField(identifier: "name", style: .filled, label: "Name", placeholder: "Jane Doe")
        name.clearButtonMode = .whileEditing
        name.helperText = "As on your passport"
        // Centred text: caret, hit testing and drawing all take the alignment's shift.
        name.textAlignment = .center
        // The RAG family: a placeholder that floats, a hint, an underline, padding.
        let code = TextField(identifier: "code", style: .rag, label: "Code", placeholder: "Code")
        code.maximumLength = 12
        code.placeholderScaleWhenEditing = 0.75
        code.hint = ""
        code.textBackground = .underline(UnderlineBackground())
        code.textPadding = EdgeInsets(top: 4, left: 6, bottom: 4, right: 6)
        code.textAlignment = .right
        let password = TextField(identifier: "password", style: .filled, label: "Password", placeholder: "secret")
        password.isSecureTextEntry = true
        // A PIN-like limit: the limit's counting on a secure field's storage is fuzzed too.
        password.maximumLength = 40
        password.labelBehavior = .disappears
        password.trailingIcon = .visibility
        let notes = TextField(identifier: "notes", style: .outlined, kind: .textArea, label: "Notes", placeholder: "Write")
        notes.maximumNumberOfVisibleRows = 3.5
        notes.leadingIcon = .person
        // Mirrored: the icon, label and notch at the right, lines wrapping right to left.
        notes.layoutDirection = .rightToLeft
        // A plain UIKit field whose font shrinks to fit.
        let amount = TextField(identifier: "amount", style: .plain(.roundedRect), label: "Amount", text: "12", isEnabled: false)
        amount.suffixText = "kg"
        amount.verticalDensity = 1
        amount.adjustsFontSizeToFitWidth = true
        let short = TextField(identifier: "short", style: .filled, kind: .textArea, label: "", placeholder: "Say it short")
        short.maximumLength = 30
        // Styled text: Ctrl+B/I/U and styled pastes keep their runs (cut by the limit in `short`).
        name.allowsEditingTextAttributes = true
        short.allowsEditingTextAttributes = true
        fields = [name, code, password, notes, amount, short]
        references = fields.map {
            var reference = ReferenceField(kind: $0.kind, text: $0.text, enabled: $0.isEnabled, maximumLength: $0.maximumLength)
            reference.allowsStyles = $0.allowsEditingTextAttributes
            return reference
        }
        scene = FieldScene(fields: fields, scheme: .light, metrics: MaterialMetrics(scale: scale))
        scene.host = host
        delegate = mutant.map(MutantDelegate.init)
        if let delegate { fields.forEach { $0.delegate = delegate } }
        password.trailingIconAction = { [weak self] field in
            // The password eye: the model keeps the text, only what is drawn changes.
            guard let self else { return }
            self.eyeOpen.toggle()
            field.isSecureTextEntry = !self.eyeOpen
            field.trailingIcon = self.eyeOpen ? .visibilityOff : .visibility
        }
        scene.resize(to: Size(width: 640, height: 900), measurer: measurer)
        _ = scene.handle(.windowFocus(true), at: time)
    }

    var focusedIndex: Int? { references.firstIndex { $0.isFocused } }

    // MARK: Performing

    func perform(_ operation: FuzzOperation, render: Bool) throws {
        time += 0.004
        var adopts = false
        var clearable: Set<Int> = []
        for index in fields.indices { references[index].isSecure = fields[index].isSecureTextEntry }
        let before = references.map { (focused: $0.isFocused, anchor: $0.anchor, head: $0.head, revision: $0.revision) }
        switch operation {
        case .type(let text):
            scene.handle(.text(text), at: time)
            if let index = focusedIndex { references[index].userEdit(references[index].lower..<references[index].upper, text) }
        case .key(let key, let modifiers):
            let before = fields.map(\.text)
            scene.handle(.key(key, modifiers), at: time)
            adopts = try referenceKey(key, modifiers, field: focusedIndex, throughScene: true, textsBefore: before)
        case .pointerDown(let point, let button, let clicks, let shift):
            clearable = Set(fields.indices.filter { fields[$0].isClearButtonVisible })
            // Which field's text the press lands on, found from the public frames and parts.
            let target = fields.indices.first { index in
                guard let frame = scene.frame(of: fields[index]) else { return false }
                return frame.contains(point)
            }.flatMap { index -> (Int, Int)? in
                let frame = scene.frame(of: fields[index])!
                let local = Point(x: point.x - frame.minX, y: point.y - frame.minY)
                guard fields[index].isEnabled, fields[index].part(at: local) == .text else { return nil }
                // A plain press on selected text waits to see whether it drags (it keeps the
                // selection until the release places the caret, which the reference adopts).
                if clicks == 1, !shift, button == .primary, fields[index].isOnSelectedText(local) { return nil }
                return (index, references[index].anchor)
            }
            scene.handle(.pointerDown(point, button: button, clickCount: clicks, modifiers: shift ? .shift : []), at: time)
            if button == .primary { buttonHeld = true }
            if button == .primary, let (index, anchorBefore) = target { try checkClickSelection(index, clicks: clicks, shift: shift, anchorBefore: anchorBefore) }
            adopts = true
        case .pointerMove(let point, let held):
            scene.handle(.pointerMoved(point, buttonHeld: held), at: time)
            adopts = true
        case .pointerUp(let point):
            scene.handle(.pointerUp(point, button: .primary), at: time)
            // A drag the host took ends with the release, dropped nowhere (`FuzzHost.beginDrag`).
            if host.dragging {
                host.dragging = false
                scene.dragEnded(movedAway: false, at: time)
            }
            buttonHeld = false
            adopts = true
        case .pointerExit:
            scene.handle(.pointerExited, at: time)
        case .wheel(let steps):
            scene.handle(.scroll(steps: steps), at: time)
        case .windowFocus(let focused):
            scene.handle(.windowFocus(focused), at: time)
        case .focus(let index):
            let index = min(max(index, 0), fields.count - 1)
            scene.focus(fields[index], at: time)
            if references[index].isEnabled {
                if let current = focusedIndex, current != index { endEditing(current) }
                beginEditing(index)
            }
        case .blur:
            scene.endEditing(at: time)
            if let current = focusedIndex { endEditing(current) }
        case .select(let index, let anchor, let head):
            let index = min(max(index, 0), fields.count - 1)
            fields[index].selection = TextSelection(anchor: anchor, head: head)
            references[index].select(anchor: anchor, head: head)
        case .paste(let text):
            if let text {
                host.clipboard = text
                expectedClipboard = text
            }
            scene.handle(.key(.shortcut("v"), .control), at: time)
        case .middlePaste(let point):
            scene.handle(.pointerDown(point, button: .middle, clickCount: 1, modifiers: []), at: time)
            adopts = true
        case .setText(let index, let text):
            let index = min(max(index, 0), fields.count - 1)
            fields[index].text = text
            references[index].programmaticEdit(text)
        case .resize(let size):
            scene.resize(to: size, measurer: measurer)
        case .advance(let seconds):
            time += seconds.isFinite ? max(0, seconds) : 0
            adopts = true
        case .toggleEnabled(let index):
            let index = min(max(index, 0), fields.count - 1)
            fields[index].isEnabled.toggle()
            references[index].isEnabled = fields[index].isEnabled
            if !references[index].isEnabled { endEditing(index) }
        case .setError(let index, let message):
            let index = min(max(index, 0), fields.count - 1)
            fields[index].errorMessage = message
        case .fieldKey(let index, let key, let modifiers):
            let index = min(max(index, 0), fields.count - 1)
            let before = fields.map(\.text)
            _ = fields[index].handle(key, modifiers: modifiers, at: time)
            // A field that is not editing ignores keys; one that is edits as through the scene,
            // except that what it leaves to its container (Tab, Escape, the clipboard) stays undone
            // (Return is the field's, and moves on through its scene).
            if references[index].isFocused && references[index].isEnabled {
                adopts = try referenceKey(key, modifiers, field: index, throughScene: false, textsBefore: before)
            }
        case .inputMethod(let index, let text):
            let index = min(max(index, 0), fields.count - 1)
            fields[index].insert(text, cause: .inputMethod, at: time)
            if references[index].isFocused && references[index].isEnabled {
                references[index].userEdit(references[index].lower..<references[index].upper, text)
            }
        case .layOut(let index, let width):
            let index = min(max(index, 0), fields.count - 1)
            fields[index].layOut(width: width, metrics: scene.metrics, measurer: measurer)
        case .styledPaste(let text, let bold):
            let clusters = Array(text)
            let lower = min(max(bold.lowerBound, 0), clusters.count), upper = min(max(bold.upperBound, lower), clusters.count)
            let pasted = AttributedText(String(clusters[..<lower]))
                + AttributedText(String(clusters[lower..<upper]), attributes: TextAttributes(fontWeight: .bold))
                + AttributedText(String(clusters[upper...]))
            if let index = focusedIndex {
                fields[index].paste(pasted, at: time)
                var reference = references[index]
                let selection = reference.lower..<reference.upper
                if reference.allowsStyles && !pasted.attributeRuns.isPlain {
                    // One style per scalar of the pasted string, as the pieces were made (with no
                    // style at all it pastes as plain text, with the typing attributes).
                    let styles = pasted.runs.flatMap { run in
                        run.range.flatMap { Array(repeating: run.attributes, count: pasted.characters[$0].unicodeScalars.count) }
                    }
                    reference.userEdit(selection, pasted.string, styles: styles)
                } else {
                    reference.userEdit(selection, pasted.string)
                }
                references[index] = reference
            }
        }
        if adopts { try adoptLayoutDependentState(clearable: clearable) }
        // A middle click moved the caret before its paste arrives: the paste takes the typing
        // attributes of where it lands.
        followTypingAttributes(since: before)
        try answerPastes()
        followTypingAttributes(since: before)
        if render || operation.isAdvance { try renderAndCheck() }
        try check()
    }

    /// The typing attributes as the field keeps them: nil while not editing; set again to the
    /// styles at the selection when editing began, the selection moved or the text or its styles
    /// changed; a secure field's are plain.
    private func followTypingAttributes(since before: [(focused: Bool, anchor: Int, head: Int, revision: Int)]) {
        for index in fields.indices {
            // The eye may have shown or hidden the password meanwhile.
            references[index].isSecure = fields[index].isSecureTextEntry
            if fields[index].isSecureTextEntry, references[index].attributes.contains(where: { $0 != .none }) {
                references[index].attributes = Array(repeating: .none, count: references[index].characters.count)
            }
            var reference = references[index]
            defer { references[index] = reference }
            guard reference.isFocused else { reference.typing = nil; continue }
            let then = before[index]
            if !then.focused || then.anchor != reference.anchor || then.head != reference.head || then.revision != reference.revision
                || reference.typing == nil {
                reference.typing = reference.isSecure ? .none : reference.inherited(replacing: reference.lower..<reference.upper)
            }
        }
    }

    /// A field's styles, one per cluster.
    private func clusterAttributes(_ index: Int) -> [TextAttributes] {
        fields[index].editingValue.storage.attributeRuns.runs.flatMap { Array(repeating: $0.attributes, count: $0.range.count) }
    }

    private func beginEditing(_ index: Int) {
        guard references[index].isEnabled, !references[index].isFocused else { return }
        references[index].isFocused = true
        // From the keyboard a text field selects all; a text area keeps its caret.
        if references[index].kind == .textField {
            references[index].select(anchor: 0, head: references[index].characters.count)
        }
    }

    private func endEditing(_ index: Int) {
        guard references[index].isFocused else { return }
        // The selection stays (greyed) when editing ends.
        references[index].isFocused = false
    }

    /// The reference's idea of a key. Returns true when the result depends on layout (a text
    /// area's Up, Down, Home, End), so the selection is adopted after checking it.
    private func referenceKey(_ key: EditingKey, _ modifiers: KeyModifiers, field: Int?, throughScene: Bool,
                              textsBefore: [String]) throws -> Bool {
        let shift = modifiers.contains(.shift), control = modifiers.contains(.control)
        guard let index = field else {
            if key == .tab { tab(backward: shift) }
            return false
        }
        var reference = references[index]
        defer { references[index] = reference }
        let isArea = reference.kind == .textArea
        switch key {
        case .left, .right:
            // Text with right-to-left in it moves as it shows: the layout decides.
            if !control, fields[index].textLayout?.levels != nil { return true }
            // In a right-to-left paragraph the next word is to the left.
            let forward = (key == .right) != (control && fields[index].textLayout?.direction == .rightToLeft)
            if !forward {
                if control {
                    reference.moveHead(to: reference.wordStart(before: reference.head), extending: shift)
                } else if !shift && !reference.isCaret {
                    reference.select(anchor: reference.lower, head: reference.lower)
                } else {
                    reference.moveHead(to: reference.head - 1, extending: shift)
                }
            } else if control {
                reference.moveHead(to: reference.wordEnd(after: reference.head), extending: shift)
            } else if !shift && !reference.isCaret {
                reference.select(anchor: reference.upper, head: reference.upper)
            } else {
                reference.moveHead(to: reference.head + 1, extending: shift)
            }
        case .up, .home:
            if isArea && !control { return true }
            reference.moveHead(to: 0, extending: shift)
        case .down, .end:
            if isArea && !control { return true }
            reference.moveHead(to: reference.characters.count, extending: shift)
        case .delete where shift && !control:
            // Shift+Delete is the older cut key: the selection goes to the clipboard; with none, nothing
            // happens. A field alone has no clipboard and leaves it to its scene, as it does Ctrl+X.
            guard throughScene else { break }
            if !fields[index].isSecureTextEntry && !reference.isCaret {
                expectedClipboard = reference.selectedText
                reference.userEdit(reference.lower..<reference.upper, "")
            }
        case .backspace, .delete:
            if let deletion = reference.deletion(forward: key == .delete, byWord: control, secure: fields[index].isSecureTextEntry) {
                reference.userEdit(deletion.range, deletion.replacement, inserts: false)
            }
        case .enter where control:
            // Ctrl+Return is the app's.
            break
        case .enter:
            if isArea {
                reference.userEdit(reference.lower..<reference.upper, "\n")
            } else {
                // Return moves on to the next enabled field, or ends editing on the last one,
                // whether the key came through the scene or to the field (it is the scene's field).
                references[index] = reference
                returnMovesOn(from: index)
                reference = references[index]
            }
        case .tab:
            guard throughScene else { break }
            references[index] = reference
            tab(backward: shift)
            reference = references[index]
        case .escape:
            guard throughScene else { break }
            reference.isFocused = false
        case .shortcut(let character) where control:
            switch character.lowercased() {
            case "a":
                reference.select(anchor: 0, head: reference.characters.count)
            case "z":
                if shift { try redo(&reference, index: index, textBefore: textsBefore[index]) } else { try undo(&reference, index: index, textBefore: textsBefore[index]) }
                return true
            case "y":
                try redo(&reference, index: index, textBefore: textsBefore[index])
                return true
            case "b", "i", "u":
                if reference.allowsStyles && !fields[index].isSecureTextEntry && reference.isFocused && reference.isEnabled {
                    reference.toggle(Character(character.lowercased()))
                }
            case "c":
                if throughScene && !fields[index].isSecureTextEntry && !reference.isCaret { expectedClipboard = reference.selectedText }
            case "x":
                if throughScene && !fields[index].isSecureTextEntry && !reference.isCaret {
                    expectedClipboard = reference.selectedText
                    reference.userEdit(reference.lower..<reference.upper, "")
                }
            default:
                break
            }
        case .shortcut, .function, .insert, .menu, .pageUp, .pageDown:
            break
        }
        return false
    }

    private func returnMovesOn(from index: Int) {
        endEditing(index)
        if let next = references.indices.first(where: { $0 > index && references[$0].isEnabled }) { beginEditing(next) }
    }

    private func tab(backward: Bool) {
        let enabled = references.indices.filter { references[$0].isEnabled }
        guard !enabled.isEmpty else { return }
        let next: Int
        if let current = focusedIndex, let position = enabled.firstIndex(of: current) {
            next = enabled[(position + (backward ? enabled.count - 1 : 1)) % enabled.count]
        } else {
            next = backward ? enabled.last! : enabled.first!
        }
        if let current = focusedIndex { endEditing(current) }
        beginEditing(next)
    }

    /// Undo may only bring back a text the field held before; the text it left is what the next redo restores.
    /// The styles before the key are the reference's: they agreed with the field's when checked.
    private func undo(_ reference: inout ReferenceField, index: Int, textBefore: String) throws {
        let after = fields[index].text, styles = clusterAttributes(index)
        guard !sameScalars(after, textBefore) || styles != reference.attributes else { return }
        let hash = ReferenceField.hash(Array(after), styles)
        guard reference.seenTexts.contains(hash) else {
            throw FuzzViolation(kind: "undo", message: "undo gave \(FuzzOperation.literal(after)) styled \(AttributeRuns(styles.map { (1, $0) }).runs.count) runs, "
                                + "a text and styles the field never held")
        }
        let redo = reference.redoTexts + [ReferenceField.hash(Array(textBefore), reference.attributes)]
        reference.characters = Array(after)
        reference.attributes = styles
        reference.redoTexts = redo
        reference.revision += 1
    }

    private func redo(_ reference: inout ReferenceField, index: Int, textBefore: String) throws {
        let after = fields[index].text, styles = clusterAttributes(index)
        guard !sameScalars(after, textBefore) || styles != reference.attributes else { return }
        guard let expected = reference.redoTexts.last, expected == ReferenceField.hash(Array(after), styles) else {
            throw FuzzViolation(kind: "redo", message: "redo gave \(FuzzOperation.literal(after)), not the text and styles the last undo took back")
        }
        reference.characters = Array(after)
        reference.attributes = styles
        reference.redoTexts.removeLast()
        reference.revision += 1
    }

    /// Where a click, drag or timer put the caret depends on layout: the reference takes the
    /// field's selection and focus once they are valid. Text never changes this way, except that
    /// a press on a visible clear button empties its field.
    private func adoptLayoutDependentState(clearable: Set<Int>) throws {
        let focused = fields.indices.filter { fields[$0].isFocused }
        guard focused.count <= 1 else {
            throw FuzzViolation(kind: "focus", message: "fields \(focused) are focused at once")
        }
        for index in fields.indices {
            let field = fields[index]
            if field.isFocused && !field.isEnabled {
                throw FuzzViolation(kind: "focus", message: "disabled field \(index) is focused")
            }
            if field.count == 0 && !references[index].characters.isEmpty && clearable.contains(index) {
                references[index].userEdit(0..<references[index].characters.count, "")
            }
            let selection = field.selection
            guard (0...field.count).contains(selection.anchor), (0...field.count).contains(selection.head) else {
                throw FuzzViolation(kind: "selection", message: "field \(index) selects \(selection) in \(field.count) graphemes")
            }
            references[index].select(anchor: selection.anchor, head: selection.head)
            if references[index].isFocused && !field.isFocused {
                references[index].isFocused = false
            } else if field.isFocused {
                references[index].isFocused = true
            }
        }
    }

    /// A press on a field's text: a double click selects the word (or run of other characters,
    /// or line break) it lands on, a triple click the paragraph, a Shift+click keeps the anchor;
    /// judged with the reference's own word and paragraph rules.
    private func checkClickSelection(_ index: Int, clicks: Int, shift: Bool, anchorBefore: Int) throws {
        let selection = fields[index].selection
        let reference = references[index]
        let lower = selection.lowerBound, upper = selection.upperBound
        guard (0...reference.characters.count).contains(lower), (0...reference.characters.count).contains(upper) else { return }
        switch clicks {
        case 2:
            let word = reference.wordRange(at: lower)
            if word != lower..<upper {
                throw FuzzViolation(kind: "click", message: "a double click on field \(index) selected \(lower)..<\(upper), "
                                    + "not a word: the word there is \(word)")
            }
        case 3...:
            let paragraph = reference.paragraphRange(at: lower)
            if paragraph != lower..<upper {
                throw FuzzViolation(kind: "click", message: "a triple click on field \(index) selected \(lower)..<\(upper), "
                                    + "not a paragraph: the paragraph there is \(paragraph)")
            }
        default:
            if shift && selection.anchor != anchorBefore {
                throw FuzzViolation(kind: "click", message: "a Shift+click on field \(index) moved the anchor from \(anchorBefore) "
                                    + "to \(selection.anchor)")
            }
            if !shift && !selection.isCaret {
                throw FuzzViolation(kind: "click", message: "a click on field \(index) selected \(lower)..<\(upper)")
            }
        }
    }

    /// Answers paste requests as the X loop would, after the event; the reference pastes what it
    /// knows the selection holds.
    private func answerPastes() throws {
        let requests = host.pending
        host.pending = []
        for (kind, completion) in requests {
            let content = kind == .clipboard ? expectedClipboard : host.primary
            completion(kind == .clipboard ? host.clipboard : host.primary)
            if let content, let index = focusedIndex, fields[index].isFocused {
                references[index].userEdit(references[index].lower..<references[index].upper, content)
            }
        }
    }

    // MARK: Checking

    private func sameScalars(_ a: String, _ b: String) -> Bool { a.utf8.elementsEqual(b.utf8) }

    func check() throws {
        if !sameScalars(host.clipboard ?? "", expectedClipboard ?? "") {
            throw FuzzViolation(kind: "clipboard", message: "the clipboard holds \(FuzzOperation.literal(host.clipboard ?? "nil")), "
                                + "expected \(FuzzOperation.literal(expectedClipboard ?? "nil"))")
        }
        for index in fields.indices {
            let field = fields[index], reference = references[index]
            let text = field.text
            if field.count != reference.characters.count || !sameScalars(text, reference.text) {
                throw FuzzViolation(kind: "text", message: "field \(index) (\(field.identifier)) holds \(FuzzOperation.literal(text)) "
                                    + "(\(field.count) graphemes), expected \(FuzzOperation.literal(reference.text)) "
                                    + "(\(reference.characters.count))")
            }
            if text.count != field.count {
                throw FuzzViolation(kind: "graphemes", message: "field \(index) counts \(field.count) graphemes in a text of \(text.count)")
            }
            let selection = field.selection
            if selection.anchor != reference.anchor || selection.head != reference.head {
                throw FuzzViolation(kind: "selection", message: "field \(index) selects \(selection.anchor)..\(selection.head), "
                                    + "expected \(reference.anchor)..\(reference.head)")
            }
            let runs = field.editingValue.storage.attributeRuns
            if runs.count != field.count || !reference.agrees(with: runs) {
                throw FuzzViolation(kind: "styles", message: "field \(index) (\(field.identifier)) styles \(describe(runs)), "
                                    + "expected \(describe(reference.runs))")
            }
            let typing = reference.isSecure ? nil : reference.typing
            if field.typingAttributes != typing {
                throw FuzzViolation(kind: "styles", message: "field \(index) types with \(field.typingAttributes.map(describe) ?? "nil"), "
                                    + "expected \(typing.map(describe) ?? "nil")")
            }
            if field.isFocused != reference.isFocused || field.isEnabled != reference.isEnabled {
                throw FuzzViolation(kind: "focus", message: "field \(index) focused \(field.isFocused) enabled \(field.isEnabled), "
                                    + "expected \(reference.isFocused) \(reference.isEnabled)")
            }
            let copyable = field.copyableText
            if field.isSecureTextEntry || reference.isCaret {
                if copyable != nil { throw FuzzViolation(kind: "secret", message: "field \(index) offers \(copyable!) to copy") }
            } else if !sameScalars(copyable ?? "", reference.selectedText) {
                throw FuzzViolation(kind: "selection", message: "field \(index) would copy \(FuzzOperation.literal(copyable ?? "nil")), "
                                    + "expected \(FuzzOperation.literal(reference.selectedText)): a selection off grapheme boundaries")
            }
            // The decision tables, fed with the reference's inputs.
            let hasText = !reference.characters.isEmpty, isEditing = reference.isFocused && reference.isEnabled
            var label = LabelPosition.resolve(hasLabel: !field.label.isEmpty, hasText: hasText,
                                              canFloat: field.labelBehavior == .floats, isEditing: isEditing)
            var placeholder = PlaceholderVisibility.isVisible(hasPlaceholder: !field.placeholder.isEmpty,
                                                              hasText: hasText, labelPosition: label)
            switch field.style.family {
            case .material: break
            case .rag:
                // RAG's placeholder is its label, placed by the placeholder mode's table.
                let mode = field.placeholderMode
                label = field.placeholder.isEmpty || !mode.isVisible(hasText: hasText) ? .none
                    : mode.floats(hasText: hasText, isEditing: isEditing) ? .floating : .resting
                placeholder = false
            case .plain:
                label = .none
                placeholder = !field.placeholder.isEmpty && !hasText
            }
            if field.labelPosition != label || field.isPlaceholderVisible != placeholder {
                throw FuzzViolation(kind: "decision", message: "field \(index) label \(field.labelPosition) placeholder "
                                    + "\(field.isPlaceholderVisible), the tables say \(label) \(placeholder)")
            }
        }
    }

    /// Runs as lengths and the keys they set, short enough to read in a failure.
    private func describe(_ runs: AttributeRuns) -> String {
        runs.runs.prefix(12).map { "\($0.range.count)\(describe($0.attributes))" }.joined(separator: " ")
            + (runs.runs.count > 12 ? " … \(runs.runs.count) runs" : "")
    }

    private func describe(_ attributes: TextAttributes) -> String {
        var keys: [String] = []
        if attributes.fontWeight == .bold { keys.append("b") } else if let weight = attributes.fontWeight { keys.append("w\(weight.rawValue)") }
        if let italic = attributes.isItalic { keys.append(italic ? "i" : "upright") }
        if attributes.underlineStyle != nil { keys.append("u") }
        if attributes.removing(keysSetIn: TextAttributes(fontWeight: .bold, isItalic: true, underlineStyle: .single)) != .none { keys.append("…") }
        return "{" + keys.joined(separator: ",") + "}"
    }

    /// What the field shows agrees with the decisions: a placeholder run exactly when visible, a
    /// label run exactly when the label is placed (once its motion ended), dots only for a secret.
    func checkAppearance(of index: Int) throws {
        let field = fields[index]
        field.advance(to: time)
        guard let appearance = field.appearance(at: time, origin: .zero, scheme: scene.scheme, showsCaret: true) else { return }
        if (appearance.placeholder != nil) != field.isPlaceholderVisible {
            throw FuzzViolation(kind: "decision", message: "field \(index) draws a placeholder: \(appearance.placeholder != nil)")
        }
        if !field.isAnimating(at: time), (appearance.label != nil) != (field.labelPosition != .none) {
            throw FuzzViolation(kind: "decision", message: "field \(index) draws a label: \(appearance.label != nil), "
                                + "position \(field.labelPosition)")
        }
        if !field.isAnimating(at: time), let label = appearance.label {
            // Where the label is drawn follows the decision: at the floating size above, at the
            // body size in the input line.
            let expected = field.labelPosition == .floating ? scene.metrics.floatingLabelFont.pixelSize
                : scene.metrics.restingLabelFont.pixelSize
            if abs(label.font.pixelSize - expected) > 0.01 {
                throw FuzzViolation(kind: "decision", message: "field \(index) draws its label at \(label.font.pixelSize) px, "
                                    + "position \(field.labelPosition)")
            }
        }
        if field.isSecureTextEntry, let run = appearance.textRuns.first(where: { $0.text.contains { $0 != "\u{2022}" && !$0.isNewline } }) {
            throw FuzzViolation(kind: "secret", message: "secure field \(index) draws \(FuzzOperation.literal(run.text))")
        }
    }

    func renderAndCheck() throws {
        let canvas = CheckingCanvas()
        scene.advance(to: time)
        let regions = scene.render(on: canvas, at: time)
        renders += 1
        drawCommands += canvas.commands
        if let violation = canvas.violation { throw FuzzViolation(kind: "coordinates", message: violation) }
        if canvas.depth != 0 { throw FuzzViolation(kind: "coordinates", message: "clips left pushed: \(canvas.depth)") }
        for region in regions where !(region.isFinite && abs(region.minX) <= 32_767 && abs(region.minY) <= 32_767
                                      && region.maxX <= 32_767 && region.maxY <= 32_767) {
            throw FuzzViolation(kind: "coordinates", message: "damage \(region) beyond X's 16 bits")
        }
        // The autoscroll timer may have moved a selection.
        guard buttonHeld else { return }
        for index in fields.indices {
            let selection = fields[index].selection
            let moved = selection.anchor != references[index].anchor || selection.head != references[index].head
            references[index].select(anchor: selection.anchor, head: selection.head)
            // A moved selection sets the typing attributes again.
            if moved, references[index].isFocused, !references[index].isSecure {
                references[index].typing = references[index].inherited(replacing: references[index].lower..<references[index].upper)
            }
        }
    }
}

extension FuzzOperation {
    var isAdvance: Bool { if case .advance = self { return true } else { return false } }
}
