import Foundation

/// The catalog's `--qa-state` document, as much of it as the soak checks.
struct QAState: Decodable {
    struct Window: Decodable {
        var width: Double, height: Double, scrollOffset: Double, contentHeight: Double
        var focused: Bool
        var theme: String
    }

    struct Assistive: Decodable { var leading: String, trailing: String }

    struct Field: Decodable {
        var id: String, style: String, kind: String, label: String, text: String
        var selection: [Int]
        var focused: Bool
        var state: String
        var labelPosition: String
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

    static func read(from path: String) -> QAState? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONDecoder().decode(QAState.self, from: data)
    }

    func field(_ id: String) -> Field? { fields.first { $0.id == id } }
}

/// What must hold in every QA state the catalog writes, whatever input came before.
struct Invariants {
    /// Texts that input can never change (disabled fields), from the first state.
    private var frozenTexts: [String: String] = [:]
    private var fieldIDs: [String] = []

    init(first: QAState) {
        fieldIDs = first.fields.map(\.id)
        for field in first.fields where field.state == "disabled" { frozenTexts[field.id] = field.text }
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
        check(["light", "dark"].contains(state.theme) && window.theme == state.theme,
              "theme '\(state.theme)' / window theme '\(window.theme)'")
        check(state.fields.map(\.id) == fieldIDs, "the field list changed: \(state.fields.map(\.id))")
        let focused = state.fields.filter(\.focused).map(\.id)
        check(focused.count <= 1, "more than one focused field: \(focused)")
        let hovered = state.fields.filter(\.hovered).map(\.id)
        check(hovered.count <= 1, "more than one hovered field: \(hovered)")

        for field in state.fields {
            let id = field.id, length = field.text.count
            check(field.selection.count == 2 && 0 <= field.selection[0] && field.selection[0] <= field.selection[1]
                  && field.selection[1] <= length,
                  "\(id): selection \(field.selection) is not within its \(length) graphemes")
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
            if let frozen = frozenTexts[id] {
                check(field.text == frozen, "\(id): a disabled field's text changed to \(quote(field.text))")
            }
            // MDC's table (README): no label, none; empty and not editing, resting; otherwise
            // floating, or hidden for a label that disappears instead.
            let expectedLabel: String
            if field.label.isEmpty {
                expectedLabel = "none"
            } else if field.text.isEmpty && field.state != "editing" {
                expectedLabel = "resting"
            } else {
                expectedLabel = id.hasSuffix("-disappears") ? "none" : "floating"
            }
            check(field.labelPosition == expectedLabel,
                  "\(id): label '\(field.labelPosition)', expected '\(expectedLabel)' (text \(quote(field.text)), state \(field.state))")
            if let maximum = field.maxLength {
                check(length <= maximum, "\(id): \(length) graphemes, more than its maximum length \(maximum)")
                check(field.assistive.trailing == "\(length) / \(maximum)",
                      "\(id): counter '\(field.assistive.trailing)' for \(length) graphemes")
            }
            let isArea = field.kind == "textArea"
            let stray = field.text.unicodeScalars.first { scalar in
                scalar.properties.generalCategory == .control && scalar != "\t" && !(isArea && scalar == "\n")
            }
            check(stray == nil, "\(id): text holds control character U+\(String(stray?.value ?? 0, radix: 16, uppercase: true))")
            if isArea {
                let rows = field.rows ?? -1
                check(rows >= 2 && rows <= 4, "\(id): \(rows) visible rows, expected 2 to 4")
            } else {
                check(field.rows == nil, "\(id): a text field reports rows")
            }
            if let clearButton = field.clearButton {
                let expected = field.focused && !field.text.isEmpty ? "visible" : "hidden"
                check(clearButton == expected, "\(id): clear button \(clearButton), expected \(expected)")
            }
            if id.hasSuffix("-error") {
                check(field.error, "\(id): the pre-set error is gone")
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
