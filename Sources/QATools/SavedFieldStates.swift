import MaterialFields

/// What the catalog keeps of its fields across restarts (`textfield-catalog --restore PATH`):
/// each field's text, selection and scroll by id, and which field was focused, as JSON.
///
/// A secure field's text is never written (nor its selection: its offsets would tell the
/// secret's length), and a file that names one with a text is not believed. Undo histories are
/// not written: a field's history belongs to its editing session (`TextField.interactionState`
/// keeps it in memory).
public struct SavedFieldStates: Equatable, Sendable {
    public struct Field: Equatable, Sendable {
        public var text: String
        public var selection: TextSelection
        /// `TextInteractionState.scrollOffset`: pixels, sideways for a text field, down for a text area.
        public var scroll: Double

        public init(text: String, selection: TextSelection, scroll: Double = 0) {
            self.text = text
            self.selection = selection
            self.scroll = scroll
        }
    }

    /// The file's `format` member: what the file is, for a reader given another JSON file.
    public static let format = "textfield-catalog fields"
    /// The file's `version` member; a file of another version is not read.
    public static let version = 1

    public var fields: [String: Field]
    /// The field being edited (nil: none).
    public var focused: String?

    public init(fields: [String: Field] = [:], focused: String? = nil) {
        self.fields = fields
        self.focused = focused
    }

    /// The scene's fields as they are now (secure fields left out) and the one being edited.
    public init(of scene: FieldScene) {
        var fields: [String: Field] = [:]
        for field in scene.fields where !field.isSecureTextEntry {
            let scroll = field.kind == .textArea ? field.textLayout?.scrollY : field.textLayout?.scrollX
            fields[field.identifier] = Field(text: field.text, selection: field.selection, scroll: scroll ?? 0)
        }
        self.init(fields: fields, focused: scene.focusedField?.identifier)
    }

    /// Puts the states on the scene's fields: each text (with no undo step to take it back), then
    /// the selections and scrolls (`TextField.interactionState`), then focus on `focusing` if
    /// given (`--focus`), else on the field that had it. Ids the scene lacks and secure fields
    /// are passed over (`read` reported them).
    public func restore(on scene: FieldScene, focusing override: String? = nil) {
        let focusedID = override ?? focused
        var focusedField: TextField?
        for field in scene.fields {
            if field.identifier == focusedID { focusedField = field }
            guard !field.isSecureTextEntry, let saved = fields[field.identifier] else { continue }
            if field.text != saved.text {
                field.text = saved.text
                field.forgetUndoSteps()
            }
            field.interactionState = TextInteractionState(selection: saved.selection, scrollOffset: saved.scroll, isEditing: false)
        }
        guard let focusedField else { return }
        if let saved = fields[focusedField.identifier], !focusedField.isSecureTextEntry {
            focusedField.interactionState = TextInteractionState(selection: saved.selection, scrollOffset: saved.scroll, isEditing: true)
        } else {
            scene.focus(focusedField, at: 0)
        }
    }

    // MARK: Writing

    /// The file's text: pretty-printed JSON with sorted keys, a newline at its end.
    public var jsonText: String {
        var members: [String: JSONValue] = [:]
        for (id, field) in fields {
            members[id] = .object([
                "text": .string(field.text),
                "selection": .array([.number(Double(field.selection.anchor)), .number(Double(field.selection.head))]),
                "scroll": .number(field.scroll.isFinite ? (field.scroll * 100).rounded() / 100 : 0),
            ])
        }
        let document: JSONValue = .object([
            "format": .string(Self.format),
            "version": .number(Double(Self.version)),
            "focused": focused.map(JSONValue.string) ?? .null,
            "fields": .object(members),
        ])
        return document.prettyPrinted + "\n"
    }

    // MARK: Reading

    /// What a file held: the states that could be read, and what could not, each as a phrase
    /// ("line 3: not valid JSON", "no field 'x'; did you mean 'y'? ..."). With a problem that
    /// spoils the whole file (not JSON, another format or version) the states are empty.
    public struct Reading: Equatable, Sendable {
        public var states: SavedFieldStates
        public var problems: [String]
        /// A problem spoiled the whole file: nothing was read from it.
        public var isUnreadable: Bool

        public init(states: SavedFieldStates = SavedFieldStates(), problems: [String] = [], isUnreadable: Bool = false) {
            self.states = states
            self.problems = problems
            self.isUnreadable = isUnreadable
        }
    }

    /// Reads a file's bytes against the scene's fields: `(id, isSecure)` in order.
    public static func read(_ bytes: [UInt8], fields known: [(id: String, isSecure: Bool)]) -> Reading {
        func unreadable(_ problem: String) -> Reading { Reading(states: SavedFieldStates(), problems: [problem], isUnreadable: true) }
        guard String(validating: bytes, as: UTF8.self) != nil else { return unreadable("it is not UTF-8 text") }
        let document: JSONValue
        switch JSONValue.parse(bytes: bytes) {
        case .success(let value): document = value
        case .failure(let error):
            return unreadable(error.endedEarly ? "it ends before its JSON does (cut short?)" : "line \(error.line): not valid JSON")
        }
        guard case .object(let members) = document else { return unreadable("it is not a JSON object") }
        guard members["format"] == .string(format) else {
            return unreadable("it is not a catalog's fields file (its \"format\" is not \"\(format)\")")
        }
        guard case .number(let number)? = members["version"], number == Double(version) else {
            let found = members["version"].map { "version \($0)" } ?? "no version"
            return unreadable("it has \(found); this catalog reads version \(version)")
        }
        var problems: [String] = []
        var states = SavedFieldStates()
        let ids = known.map(\.id)
        let secure = Set(known.filter(\.isSecure).map(\.id))
        for key in members.keys.sorted() where !["format", "version", "focused", "fields"].contains(key) {
            problems.append("unknown member \"\(key)\"")
        }
        switch members["focused"] {
        case nil, .null?: break
        case .string(let id)?:
            if ids.contains(id) { states.focused = id } else { problems.append("\"focused\": " + ScriptRunner.unknownFieldMessage(id, among: ids)) }
        case let other?: problems.append("\"focused\" is \(other.kindName), not a field id or null")
        }
        switch members["fields"] {
        case nil: break
        case .object(let entries)?:
            for id in entries.keys.sorted() {
                guard ids.contains(id) else {
                    problems.append(ScriptRunner.unknownFieldMessage(id, among: ids))
                    continue
                }
                guard !secure.contains(id) else {
                    problems.append("field '\(id)' is secure: its text is never read from a file")
                    continue
                }
                let (field, fieldProblems) = field(entries[id]!)
                states.fields[id] = field
                problems += fieldProblems.map { "field '\(id)': \($0)" }
            }
        case let other?: problems.append("\"fields\" is \(other.kindName), not an object")
        }
        return Reading(states: states, problems: problems, isUnreadable: false)
    }

    /// One field's entry: nil without a text (nothing to restore); a bad selection or scroll takes
    /// its default, the text is kept. Each problem as a phrase.
    private static func field(_ value: JSONValue) -> (Field?, [String]) {
        guard case .object(let members) = value else { return (nil, ["\(value.kindName), not an object"]) }
        var problems = members.keys.sorted().filter { !["text", "selection", "scroll"].contains($0) }.map { "unknown member \"\($0)\"" }
        guard case .string(let text)? = members["text"] else { return (nil, problems + ["\"text\" is missing or not a string"]) }
        var selection = TextSelection(caret: text.count)
        if let value = members["selection"] {
            if case .array(let offsets) = value, offsets.count == 2, let anchor = offset(offsets[0]), let head = offset(offsets[1]) {
                selection = TextSelection(anchor: anchor, head: head)
            } else {
                problems.append("\"selection\" is not [anchor, head] (two whole numbers from 0)")
            }
        }
        var scroll = 0.0
        if let value = members["scroll"] {
            if case .number(let number) = value, number.isFinite, number >= 0 {
                scroll = number
            } else {
                problems.append("\"scroll\" is not a number from 0")
            }
        }
        return (Field(text: text, selection: selection, scroll: scroll), problems)
    }

    private static func offset(_ value: JSONValue) -> Int? {
        guard case .number(let number) = value, number >= 0, number <= 1e15, number == number.rounded() else { return nil }
        return Int(number)
    }
}

private extension JSONValue {
    var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
