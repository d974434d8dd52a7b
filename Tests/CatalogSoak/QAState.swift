import Foundation

/// The catalog's `--qa-state` document, as much of it as the soak checks.
struct QAState: Decodable {
    struct Window: Decodable {
        var width: Double, height: Double, scrollOffset: Double, contentHeight: Double
        var focused: Bool
        var theme: String
        /// The field a drag hovers over (its drop caret), while one does.
        struct Drop: Decodable { var field: String }
        var drop: Drop?
    }

    struct Assistive: Decodable { var leading: String, trailing: String }

    struct Field: Decodable {
        var id: String, style: String, kind: String, label: String
        /// Optional so a field that keeps its text out of the QA state (a secure one, say) still
        /// reads; the checks that need the text skip it then.
        var text: String?
        var selection: [Int]
        var focused: Bool
        var state: String
        var labelPosition: String
        /// `material`, `rag` or `plain`, and a RAG field's placeholder mode.
        var family: String
        var placeholderMode: String?
        var hovered: Bool
        var error: Bool
        var assistive: Assistive
        var maxLength: Int?
        var clearButton: String?
        var rows: Double?
        var frame: [Double]
        var outerFrame: [Double]
    }

    var theme: String
    var window: Window
    var fields: [Field]

    /// The state in the file; nil while there is none. A file that is there but does not decode
    /// is an error (the catalog replaces it atomically, so a reader never sees half of one).
    static func load(from path: String) throws -> QAState? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        do {
            return try JSONDecoder().decode(QAState.self, from: data)
        } catch {
            throw SoakError("the QA state does not decode: \(error)")
        }
    }

    static func read(from path: String) -> QAState? { (try? load(from: path)) ?? nil }

    func field(_ id: String) -> Field? { fields.first { $0.id == id } }
}

/// What must hold in every QA state the catalog writes, whatever input came before.
struct Invariants {
    /// Texts that input can never change (disabled fields), from the first state.
    private var frozenTexts: [String: String] = [:]
    private var fieldIDs: [String] = []

    init(first: QAState) {
        fieldIDs = first.fields.map(\.id)
        for field in first.fields where field.state == "disabled" { frozenTexts[field.id] = field.text ?? "" }
    }

    /// Every broken invariant, as a sentence naming the field and the values.
    func violations(in state: QAState) -> [String] {
        var found: [String] = []
        func check(_ condition: Bool, _ message: @autoclosure () -> String) { if !condition { found.append(message()) } }

        let window = state.window
        check([window.width, window.height, window.scrollOffset, window.contentHeight].allSatisfy(\.isFinite),
              "window numbers are not finite: \(window)")
        check(window.width >= 1 && window.height >= 1, "window size \(window.width)x\(window.height) is below 1x1")
        // Half a pixel of slack: the offset is a Double the scene clamps, then rounds nowhere.
        let maximumOffset = max(0, window.contentHeight - window.height)
        check(window.scrollOffset >= -0.5 && window.scrollOffset <= maximumOffset + 0.5,
              "scroll offset \(window.scrollOffset) outside 0...\(maximumOffset) (content \(window.contentHeight), window height \(window.height))")
        check(["light", "dark", "high-contrast", "high-contrast-dark"].contains(state.theme) && window.theme == state.theme,
              "theme '\(state.theme)' / window theme '\(window.theme)'")
        check(state.fields.map(\.id) == fieldIDs, "the field list changed: \(state.fields.map(\.id))")
        let focused = state.fields.filter(\.focused).map(\.id)
        check(focused.count <= 1, "more than one focused field: \(focused)")
        let hovered = state.fields.filter(\.hovered).map(\.id)
        check(hovered.count <= 1, "more than one hovered field: \(hovered)")

        for field in state.fields {
            let id = field.id
            check(field.selection.count == 2 && 0 <= field.selection[0] && field.selection[0] <= field.selection[1],
                  "\(id): selection \(field.selection) is not an ordered pair of offsets")
            for (name, frame) in [("frame", field.frame), ("outerFrame", field.outerFrame)] {
                check(frame.count == 4 && frame.allSatisfy { $0.isFinite && abs($0) < 1e7 } && frame[2] >= 0 && frame[3] >= 0,
                      "\(id): \(name) \(frame) is not a finite rectangle")
            }
            if field.frame.count == 4, field.outerFrame.count == 4 {
                check(field.outerFrame[3] >= field.frame[3], "\(id): outer frame \(field.outerFrame) shorter than frame \(field.frame)")
            }
            let disabled = id.hasSuffix("-disabled")
            let expectedState = disabled ? "disabled" : field.focused ? "editing" : "normal"
            check(field.state == expectedState, "\(id): state '\(field.state)', expected '\(expectedState)' (focused \(field.focused))")
            check(!(disabled && field.focused), "\(id): a disabled field is focused")
            // Hover shows on fields that are neither disabled nor being edited.
            check(!(field.hovered && (disabled || field.focused)), "\(id): hovered while \(field.state)")
            let isArea = field.kind == "textArea"
            if isArea {
                let rows = field.rows ?? -1
                check(rows >= 2 && rows <= 4, "\(id): \(rows) visible rows, expected 2 to 4")
            } else {
                check(field.rows == nil, "\(id): a text field reports rows")
            }
            if id.hasSuffix("-error") {
                check(field.error, "\(id): the pre-set error is gone")
            }
            guard let text = field.text else { continue }
            let length = text.count
            check(field.selection.count == 2 && field.selection[1] <= length,
                  "\(id): selection \(field.selection) is not within its \(length) graphemes")
            if let frozen = frozenTexts[id] {
                check(text == frozen, "\(id): a disabled field's text changed to \(quote(text))")
            }
            // MDC's table (README): no label, none; empty and not editing, resting; otherwise
            // floating, or hidden for a label that disappears instead. A plain field has no label;
            // a RAG field's placeholder is its label, placed by its mode's table (every RAG field
            // of the catalog has a placeholder).
            let expectedLabel: String
            // A field a drag hovers over floats its label as focus does, so the drop caret never
            // sits on it (GTK's entries show their drop site alike).
            let editing = field.state == "editing" || window.drop?.field == id
            switch (field.family, field.placeholderMode) {
            case ("plain", _):
                expectedLabel = "none"
            case ("rag", "simple"?):
                expectedLabel = text.isEmpty ? "resting" : "none"
            case ("rag", "scalesAlways"?):
                expectedLabel = "floating"
            case ("rag", "scalesWhenNotEmpty"?):
                expectedLabel = text.isEmpty ? "resting" : "floating"
            case ("rag", _):
                expectedLabel = text.isEmpty && !editing ? "resting" : "floating"
            default:
                if field.label.isEmpty {
                    expectedLabel = "none"
                } else if text.isEmpty && !editing {
                    expectedLabel = "resting"
                } else {
                    expectedLabel = id.hasSuffix("-disappears") ? "none" : "floating"
                }
            }
            check(field.labelPosition == expectedLabel,
                  "\(id): label '\(field.labelPosition)', expected '\(expectedLabel)' (text \(quote(text)), state \(field.state), drop target \(window.drop?.field ?? "none"))")
            if let maximum = field.maxLength {
                check(length <= maximum, "\(id): \(length) graphemes, more than its maximum length \(maximum)")
                check(field.assistive.trailing == "\(length) / \(maximum)",
                      "\(id): counter '\(field.assistive.trailing)' for \(length) graphemes")
            }
            // Line breaks become spaces in a single-line field; other controls but tab are dropped.
            let stray = text.unicodeScalars.first { scalar in
                scalar.properties.generalCategory == .control && scalar != "\t" && !(isArea && scalar == "\n")
            }
            check(stray == nil, "\(id): text holds control character U+\(String(stray?.value ?? 0, radix: 16, uppercase: true))")
            if let clearButton = field.clearButton {
                let expected = field.focused && !text.isEmpty ? "visible" : "hidden"
                check(clearButton == expected, "\(id): clear button \(clearButton), expected \(expected)")
            }
        }
        return found
    }
}

/// A text for a message: quoted, and cut when long.
func quote(_ text: String) -> String {
    let shown = text.count > 60 ? String(text.prefix(60)) + "…(\(text.count) graphemes)" : text
    return "\"" + shown.replacingOccurrences(of: "\n", with: "\\n") + "\""
}
