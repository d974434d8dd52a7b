import MaterialFields
@testable import QATools
import XCTest

/// The catalog's `--restore` file: what it writes, and what it makes of a file that is not as it
/// should be (each problem a phrase for the one warning line; what can be read is kept).
final class SavedFieldStatesTests: XCTestCase {
    private let known: [(id: String, isSecure: Bool)] = [("name", false), ("notes", false), ("password", true)]

    private func makeScene() -> FieldScene {
        let name = TextField(identifier: "name", style: .filled, label: "Name", text: "default")
        let notes = TextField(identifier: "notes", style: .outlined, kind: .textArea, label: "Notes")
        let password = TextField(identifier: "password", style: .outlined, label: "Password")
        password.isSecureTextEntry = true
        return FieldScene(fields: [name, notes, password])
    }

    private func read(_ text: String) -> SavedFieldStates.Reading {
        SavedFieldStates.read(Array(text.utf8), fields: known)
    }

    func testWhatIsWrittenReadsBackTheSame() {
        let states = SavedFieldStates(fields: ["name": .init(text: "Ada \"quoted\" \u{1F468}\u{200D}\u{1F469}", selection: TextSelection(anchor: 6, head: 2)),
                                               "notes": .init(text: "one\ntwo", selection: TextSelection(caret: 3), scroll: 24.5)],
                                      focused: "notes")
        let text = states.jsonText
        XCTAssertTrue(text.contains("\"format\" : \"textfield-catalog fields\""))
        XCTAssertTrue(text.hasSuffix("}\n"))
        let reading = read(text)
        XCTAssertEqual(reading.problems, [])
        XCTAssertEqual(reading.states, states)
    }

    func testTheSceneIsTakenWithoutASecureFieldsTextAndPutBackWithoutAnUndoStep() {
        let scene = makeScene()
        let name = scene.fields[0], password = scene.fields[2]
        password.text = "hunter2"
        name.text = "Grace"
        name.selection = TextSelection(anchor: 1, head: 4)
        scene.focus(password, at: 0)
        let states = SavedFieldStates(of: scene)
        XCTAssertEqual(states.focused, "password")
        XCTAssertNil(states.fields["password"], "a secure field is not written at all")
        XCTAssertFalse(states.jsonText.contains("hunter2"))
        XCTAssertEqual(states.fields["name"], .init(text: "Grace", selection: TextSelection(anchor: 1, head: 4)))

        let fresh = makeScene()
        SavedFieldStates.read(Array(states.jsonText.utf8), fields: known).states.restore(on: fresh)
        XCTAssertEqual(fresh.fields[0].text, "Grace")
        XCTAssertEqual(fresh.fields[0].selection, TextSelection(anchor: 1, head: 4))
        XCTAssertTrue(fresh.fields[2].isFocused)
        XCTAssertEqual(fresh.fields[2].text, "")

        // Focus on the restored field: its selection is the restored one, and no undo step
        // takes the text back to the catalog's default.
        var focusedOnName = states
        focusedOnName.focused = "name"
        let again = makeScene()
        focusedOnName.restore(on: again)
        XCTAssertTrue(again.fields[0].isFocused)
        XCTAssertEqual(again.fields[0].selection, TextSelection(anchor: 1, head: 4), "not the whole text, as Tab would select")
        XCTAssertFalse(again.fields[0].canUndo)

        // --focus wins over the file.
        let overridden = makeScene()
        focusedOnName.restore(on: overridden, focusing: "notes")
        XCTAssertTrue(overridden.fields[1].isFocused)
    }

    func testACutShortFileIsUnreadableAndSaysSo() {
        let reading = read("{\"format\": \"textfield-catalog fields\", \"version\": 1, \"fields\": {\"name\": {\"text\": \"ab")
        XCTAssertTrue(reading.isUnreadable)
        XCTAssertEqual(reading.problems, ["it ends before its JSON does (cut short?)"])
        XCTAssertEqual(reading.states, SavedFieldStates())
    }

    func testTextThatIsNotJSONNamesItsLine() {
        let reading = read("{\n  \"format\": \"textfield-catalog fields\",\n  \"version\": 1 oops\n}")
        XCTAssertTrue(reading.isUnreadable)
        XCTAssertEqual(reading.problems, ["line 3: not valid JSON"])
        XCTAssertEqual(SavedFieldStates.read([0x7B, 0xFF, 0x7D], fields: known).problems, ["it is not UTF-8 text"])
    }

    func testAnotherFormatOrVersionIsNotRead() {
        let other = read("{\"theme\": \"light\", \"fields\": []}")
        XCTAssertTrue(other.isUnreadable)
        XCTAssertEqual(other.problems, ["it is not a catalog's fields file (its \"format\" is not \"textfield-catalog fields\")"])
        let newer = read("{\"format\": \"textfield-catalog fields\", \"version\": 2, \"fields\": {\"name\": {\"text\": \"x\"}}}")
        XCTAssertTrue(newer.isUnreadable)
        XCTAssertEqual(newer.problems, ["it has version 2; this catalog reads version 1"])
        XCTAssertEqual(newer.states.fields, [:])
    }

    func testAnUnknownFieldOrBadValueIsReportedAndTheRestKept() {
        let reading = read("""
            {"format": "textfield-catalog fields", "version": 1, "focused": "nmae",
             "fields": {"nmae": {"text": "typo"},
                        "name": {"text": "kept", "selection": [1, 2], "scroll": 0},
                        "notes": {"text": "x", "selection": [1.5, 2]},
                        "password": {"text": "never"}}}
            """)
        XCTAssertFalse(reading.isUnreadable)
        XCTAssertEqual(reading.states.fields, ["name": .init(text: "kept", selection: TextSelection(anchor: 1, head: 2)),
                                               "notes": .init(text: "x", selection: TextSelection(caret: 1))],
                       "a bad selection takes its default; the text it came with is kept")
        XCTAssertNil(reading.states.focused)
        XCTAssertEqual(reading.problems.count, 4, "\(reading.problems)")
        XCTAssertTrue(reading.problems[0].hasPrefix("\"focused\": no field 'nmae'; did you mean 'name'?"), reading.problems[0])
        XCTAssertTrue(reading.problems[1].hasPrefix("no field 'nmae'; did you mean 'name'?"), reading.problems[1])
        XCTAssertEqual(reading.problems[2], "field 'notes': \"selection\" is not [anchor, head] (two whole numbers from 0)")
        XCTAssertEqual(reading.problems[3], "field 'password' is secure: its text is never read from a file")
    }

    func testMissingMembersTakeDefaults() {
        let reading = read("{\"format\": \"textfield-catalog fields\", \"version\": 1, \"fields\": {\"name\": {\"text\": \"abc\"}}}")
        XCTAssertEqual(reading.problems, [])
        XCTAssertEqual(reading.states.fields["name"], .init(text: "abc", selection: TextSelection(caret: 3), scroll: 0))
        let misspelt = read("{\"format\": \"textfield-catalog fields\", \"version\": 1, \"fields\": {\"name\": {\"txt\": \"abc\"}}}")
        XCTAssertEqual(misspelt.problems, ["field 'name': unknown member \"txt\"", "field 'name': \"text\" is missing or not a string"])
        XCTAssertEqual(misspelt.states.fields, [:], "no text, nothing to restore")
    }

    func testJSONSyntaxErrorsSayWhereAndWhetherTheTextEndedFirst() {
        guard case .failure(let cut) = JSONValue.parse(bytes: Array("[1,\n2,".utf8)) else { return XCTFail("parsed") }
        XCTAssertEqual(cut, JSONSyntaxError(line: 2, endedEarly: true))
        guard case .failure(let bad) = JSONValue.parse(bytes: Array("[1,\n2,\nx]".utf8)) else { return XCTFail("parsed") }
        XCTAssertEqual(bad, JSONSyntaxError(line: 3, endedEarly: false))
        XCTAssertEqual(try JSONValue.parse(bytes: Array("[1]".utf8)).get(), .array([.number(1)]))
    }
}
