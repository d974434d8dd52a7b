import XCTest
@testable import MaterialFields

/// Keys name commands through one binding table; the scene, the field and a script naming the
/// same command get the same result.
final class CommandVocabularyTests: XCTestCase {
    private func makeScene(_ texts: [String] = ["alpha beta", "gamma"], kind: FieldKind = .textField)
        -> (FieldScene, [TextField], RecordingHost) {
        let fields = texts.enumerated().map { TextField(identifier: "f\($0.offset)", style: .filled, kind: kind, label: "L", text: $0.element) }
        let scene = FieldScene(fields: fields, scheme: .light)
        let host = RecordingHost()
        scene.host = host
        scene.resize(to: Size(width: 400, height: 600), measurer: sharedMeasurer)
        return (scene, fields, host)
    }

    func testTheStandardTableBindsTheDesktopKeys() {
        let table = KeyBindings.standard
        XCTAssertEqual(table.command(for: .left, modifiers: []), .move(.cluster, .left, extend: false))
        XCTAssertEqual(table.command(for: .left, modifiers: .shift), .move(.cluster, .left, extend: true), "Shift extends a motion")
        XCTAssertEqual(table.command(for: .right, modifiers: [.control, .shift]), .move(.word, .right, extend: true))
        XCTAssertEqual(table.command(for: .home, modifiers: [.control, .alt]), .move(.document, .backward, extend: false), "Alt is ignored")
        XCTAssertEqual(table.command(for: .backspace, modifiers: .shift), .delete(.cluster, .backward), "Shift leaves a deletion as it is")
        XCTAssertEqual(table.command(for: .shortcut("A"), modifiers: [.control, .shift]), .selectAll, "a shortcut's letter in any case")
        XCTAssertEqual(table.command(for: .shortcut("z"), modifiers: [.control, .shift]), .redo)
        XCTAssertEqual(table.command(for: .delete, modifiers: .shift), .cut)
        XCTAssertEqual(table.command(for: .insert, modifiers: .shift), .paste)
        XCTAssertNil(table.command(for: .insert, modifiers: [.control, .shift]), "Insert is read with exactly its modifiers")
        XCTAssertNil(table.command(for: .enter, modifiers: .control), "Ctrl+Return is the app's")
        XCTAssertNil(table.command(for: .function(5), modifiers: []))
        XCTAssertNil(table.command(for: .shortcut("q"), modifiers: .control))
    }

    func testAKeyAndTheCommandItNamesDoTheSame() {
        let commands: [TextCommand] = [.move(.word, .right, extend: true), .delete(.word, .backward), .selectAll,
                                       .move(.cluster, .left, extend: false), .undo, .move(.document, .forward, extend: false)]
        let keys: [(EditingKey, KeyModifiers)] = [(.right, [.control, .shift]), (.backspace, .control), (.shortcut("a"), .control),
                                                  (.left, []), (.shortcut("z"), .control), (.end, .control)]
        let (byKey, keyed, _) = makeScene()
        let (byCommand, commanded, _) = makeScene()
        byKey.focus(keyed[0], at: 0)
        byCommand.focus(commanded[0], at: 0)
        keyed[0].selection = TextSelection(caret: 5)
        commanded[0].selection = TextSelection(caret: 5)
        for (step, (command, key)) in zip(commands, keys).enumerated() {
            XCTAssertTrue(byKey.handle(.key(key.0, key.1), at: Double(step + 1)))
            XCTAssertTrue(byCommand.perform(command, at: Double(step + 1)))
            XCTAssertEqual(keyed[0].text, commanded[0].text, "\(command)")
            XCTAssertEqual(keyed[0].selection, commanded[0].selection, "\(command)")
        }
    }

    func testReturnMovesFocusOnWhetherTheSceneOrTheFieldTakesIt() {
        let (scene, fields, _) = makeScene(["a", "b", "c"])
        var returns = 0
        fields[0].observe { _, event in if event == .returnPressed { returns += 1 } }
        scene.focus(fields[0], at: 0)
        XCTAssertTrue(fields[0].handle(.enter, modifiers: [], at: 1))
        XCTAssertTrue(fields[1].isFocused, "the field's Return is the scene's: focus moves on")
        scene.handle(.key(.enter, []), at: 2)
        XCTAssertTrue(fields[2].isFocused)
        scene.perform(.return, at: 3)
        XCTAssertNil(scene.focusedField, "Return on the last field ends editing")
        XCTAssertEqual(returns, 1)
        let alone = TextField(identifier: "alone", style: .filled)
        alone.focus(at: 0)
        XCTAssertTrue(alone.perform(.return, at: 1))
        XCTAssertFalse(alone.isFocused, "without a scene Return ends editing")
    }

    func testMovesAndDeletesByParagraphLineAndDocument() {
        let field = TextField(identifier: "t", style: .filled, kind: .textArea, text: "one two\nthree four\nfive")
        field.layOut(width: 600, metrics: MaterialMetrics(), measurer: sharedMeasurer)
        field.focus(at: 0, fromPointX: 0)
        field.selection = TextSelection(caret: 12)
        field.perform(.move(.paragraph, .backward, extend: false), at: 1)
        XCTAssertEqual(field.selection, TextSelection(caret: 8), "the paragraph's start")
        field.perform(.move(.paragraph, .backward, extend: false), at: 2)
        XCTAssertEqual(field.selection, TextSelection(caret: 0), "from a start, the previous paragraph's")
        field.perform(.move(.paragraph, .forward, extend: true), at: 3)
        XCTAssertEqual(field.selection, TextSelection(anchor: 0, head: 7))
        field.selection = TextSelection(caret: 12)
        field.perform(.delete(.line, .forward), at: 4)
        XCTAssertEqual(field.text, "one two\nthre\nfive", "to the line's end, its break kept")
        field.perform(.delete(.paragraph, .backward), at: 5)
        XCTAssertEqual(field.text, "one two\n\nfive")
        field.perform(.delete(.document, .forward), at: 6)
        XCTAssertEqual(field.text, "one two\n")
        field.perform(.undo, at: 7)
        XCTAssertEqual(field.text, "one two\n\nfive")
    }

    func testTabAndEscapeAreTheScenesAndAFieldsKeyWithNoFieldIsTheApps() {
        let (scene, _, _) = makeScene([])
        var heard: [EditingKey] = []
        scene.unhandledKeyHandler = { key, _ in
            heard.append(key)
            return true
        }
        XCTAssertFalse(scene.handle(.key(.tab, []), at: 0), "no field to move to")
        XCTAssertFalse(scene.handle(.key(.escape, []), at: 1), "nothing to cancel")
        XCTAssertTrue(scene.handle(.key(.left, []), at: 2))
        XCTAssertTrue(scene.handle(.key(.shortcut("c"), .control), at: 3))
        XCTAssertTrue(scene.handle(.key(.function(5), []), at: 4))
        XCTAssertEqual(heard, [.left, .shortcut("c"), .function(5)])
    }

    func testAFieldAloneLeavesTheClipboardTabAndEscapeToItsContainer() {
        let field = TextField(identifier: "t", style: .filled, text: "abc")
        field.focus(at: 0)
        for command in [TextCommand.copy, .cut, .paste, .cancel, .focusNext, .focusPrevious] {
            XCTAssertFalse(field.perform(command, at: 1), "\(command)")
        }
        XCTAssertEqual(field.text, "abc")
        XCTAssertTrue(field.isFocused)
    }
}

/// A selection change is an event with its cause; PRIMARY follows the user's selections.
final class SelectionCauseTests: XCTestCase {
    func testEveryChangeOfSelectionIsToldWithItsCause() {
        let field = TextField(identifier: "t", style: .filled, text: "hello world")
        let scene = FieldScene(fields: [field], scheme: .light)
        let host = RecordingHost()
        scene.host = host
        scene.resize(to: Size(width: 400, height: 300), measurer: sharedMeasurer)
        var causes: [SelectionChangeCause] = []
        field.observeSelection { _, cause in causes.append(cause) }
        scene.focus(field, at: 0)
        XCTAssertEqual(causes, [.program], "Tab-like focus selects everything")
        scene.handle(.key(.end, []), at: 1)
        XCTAssertEqual(causes.last, .keyboard)
        scene.handle(.text("!"), at: 2)
        XCTAssertEqual(causes.last, .edit)
        field.selection = TextSelection(caret: 0)
        XCTAssertEqual(causes.last, .program)
        let frame = scene.frame(of: field)!
        let band = field.layout!.textLine
        scene.handle(.pointerDown(Point(x: frame.minX + band.minX + 20, y: frame.minY + band.midY), button: .primary, clickCount: 1,
                                  modifiers: []), at: 3)
        XCTAssertEqual(causes.last, .pointer)
        let count = causes.count
        scene.handle(.key(.right, []), at: 4)
        scene.handle(.key(.left, []), at: 5)
        XCTAssertEqual(causes.count, count + 2)
        scene.handle(.key(.left, []), at: 6)
        scene.handle(.key(.left, []), at: 7)
        scene.handle(.key(.left, []), at: 8)
        scene.handle(.key(.left, []), at: 9)
        let atStart = causes.count
        scene.handle(.key(.left, []), at: 10)
        XCTAssertEqual(causes.count, atStart, "a key that moves nothing tells nothing")
    }

    func testAKeyboardSelectionBecomesPrimaryAndAProgramsDoesNot() {
        let field = TextField(identifier: "t", style: .filled, text: "hello world")
        let scene = FieldScene(fields: [field], scheme: .light)
        let host = RecordingHost()
        scene.host = host
        scene.resize(to: Size(width: 400, height: 300), measurer: sharedMeasurer)
        scene.focus(field, at: 0)
        XCTAssertNil(host.selections[.primary], "the app's focus selected nothing for the user")
        field.selection = TextSelection(anchor: 0, head: 5)
        XCTAssertNil(host.selections[.primary])
        scene.handle(.key(.right, [.shift]), at: 1)
        XCTAssertEqual(host.selections[.primary], "hello ")
    }

    func testAnInputMethodsCommitIsAnEditOfItsOwnCause() {
        let field = TextField(identifier: "t", style: .filled)
        let scene = FieldScene(fields: [field], scheme: .light)
        scene.resize(to: Size(width: 400, height: 300), measurer: sharedMeasurer)
        var causes: [EditCause] = []
        field.observe { _, event in if case .textChanged(let applied) = event { causes.append(applied.edit.cause) } }
        scene.focus(field, at: 0)
        scene.handle(.inputMethodText("日本"), at: 1)
        scene.handle(.text("x"), at: 2)
        XCTAssertEqual(field.text, "日本x")
        XCTAssertEqual(causes, [.inputMethod, .typing])
    }

}

/// Focus is one state machine; drawing reads the model and changes nothing.
final class FocusMachineTests: XCTestCase {
    private final class Watcher: TextFieldDelegate {
        var phasesAsked: [EditingPhase] = []
        func textFieldShouldBeginEditing(_ textField: TextField) -> Bool {
            phasesAsked.append(textField.editingPhase)
            return true
        }
        func textFieldShouldEndEditing(_ textField: TextField) -> Bool {
            phasesAsked.append(textField.editingPhase)
            return true
        }
    }

    func testTheFieldPassesThroughItsPhases() {
        let fields = [TextField(identifier: "a", style: .filled), TextField(identifier: "b", style: .filled)]
        let scene = FieldScene(fields: fields, scheme: .light)
        scene.resize(to: Size(width: 400, height: 300), measurer: sharedMeasurer)
        let watcher = Watcher()
        fields[0].delegate = watcher
        XCTAssertEqual(fields[0].editingPhase, .idle)
        scene.handle(.key(.tab, []), at: 0)
        XCTAssertEqual(fields[0].editingPhase, .editing)
        scene.handle(.key(.tab, []), at: 1)
        XCTAssertEqual(fields[0].editingPhase, .idle)
        XCTAssertEqual(watcher.phasesAsked, [.askingToBegin, .askingToEnd])
        fields[1].delegate = watcher
        XCTAssertTrue(fields[0].approveBeginning())
        XCTAssertEqual(fields[0].editingPhase, .askingToBegin, "approved, waiting for the other field to end")
        fields[0].withdrawApproval()
        XCTAssertEqual(fields[0].editingPhase, .idle)
        fields[0].focus(at: 2)
        XCTAssertEqual(Array(watcher.phasesAsked.suffix(2)), [.askingToBegin, .askingToEnd],
                       "a direct focus asks in the same phase, then the field being edited is asked to end")
        XCTAssertEqual(fields[0].editingPhase, .editing)
    }

    func testARefusalToBeginLeavesTheFieldIdle() {
        final class No: TextFieldDelegate {
            func textFieldShouldBeginEditing(_ textField: TextField) -> Bool { false }
        }
        let field = TextField(identifier: "a", style: .filled)
        let no = No()
        field.delegate = no
        XCTAssertFalse(field.focus(at: 0))
        XCTAssertEqual(field.editingPhase, .idle)
        XCTAssertFalse(field.approveBeginning())
        XCTAssertEqual(field.editingPhase, .idle)
    }

    func testDrawingReadsTheModelAndChangesNothing() {
        let field = makeField(.outlined)
        field.advance(to: 0)
        field.focus(at: 0)
        let before = (field.labelFloatProgress(at: 0.075), field.activationProgress(at: 0.075))
        let first = field.appearance(at: 0.075, origin: .zero, scheme: .light, showsCaret: true)
        field.errorMessage = "wrong"
        let second = field.appearance(at: 0.075, origin: .zero, scheme: .light, showsCaret: true)
        XCTAssertEqual(field.labelFloatProgress(at: 0.075), before.0)
        XCTAssertEqual(field.activationProgress(at: 0.075), before.1)
        XCTAssertEqual(first?.shapes, second?.shapes, "the error's colours start when the field is advanced, not when it is drawn")
        field.advance(to: 0.075)
        let advanced = field.appearance(at: 0.15, origin: .zero, scheme: .light, showsCaret: true)
        XCTAssertNotEqual(advanced?.shapes, second?.shapes)
    }
}
