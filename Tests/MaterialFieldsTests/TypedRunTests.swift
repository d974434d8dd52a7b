import XCTest
@testable import MaterialFields

/// A run of typed keys (`FieldScene.handle(typedRun:at:)`, what the window host hands over for
/// a burst of keys between two other events) must come out exactly as the same keys typed one
/// `.text` event at a time: text, selection, undo steps, refusals (bells), counter.
final class TypedRunTests: XCTestCase {
    private struct Setup {
        var kind = FieldKind.textField
        var text = ""
        var selection: TextSelection?
        var maximumLength: Int?
        var autocapitalization = AutocapitalizationType.none
        var keyboardType = KeyboardType.default
        var digitsOnly = false
        var clearsOnInsertion = false
        var fitsFont = false
    }

    private func makeScene(_ setup: Setup) -> (FieldScene, TextField, RecordingHost) {
        let field = TextField(identifier: "f", style: .filled, kind: setup.kind, label: "L", text: setup.text)
        field.maximumLength = setup.maximumLength
        field.autocapitalizationType = setup.autocapitalization
        field.keyboardType = setup.keyboardType
        if setup.digitsOnly { field.characterFilter = { $0.isNumber } }
        field.clearsOnInsertion = setup.clearsOnInsertion
        field.adjustsFontSizeToFitWidth = setup.fitsFont
        let scene = FieldScene(fields: [field])
        let host = RecordingHost()
        scene.host = host
        scene.resize(to: Size(width: 400, height: 300), measurer: sharedMeasurer)
        scene.focus(field, at: 0)
        if let selection = setup.selection { field.selection = selection }
        return (scene, field, host)
    }

    /// Types `keys` both ways and checks every outcome; returns the edits each way took.
    @discardableResult
    private func compare(_ keys: [Character], _ setup: Setup, _ label: String,
                         file: StaticString = #filePath, line: UInt = #line) -> (oneByOne: Int, run: Int) {
        let (oneScene, one, oneHost) = makeScene(setup)
        let (runScene, run, runHost) = makeScene(setup)
        XCTAssertTrue(runScene.acceptsTypedRuns, "\(label): a plain focused field takes runs", file: file, line: line)
        let oneStart = one.editor.textRevision, runStart = run.editor.textRevision
        for key in keys { oneScene.handle(.text(String(key)), at: 1) }
        runScene.handle(typedRun: String(keys), at: 1)
        XCTAssertEqual(run.text, one.text, "\(label): text", file: file, line: line)
        XCTAssertEqual(run.selection, one.selection, "\(label): selection", file: file, line: line)
        XCTAssertEqual(run.editor.undoHistory, one.editor.undoHistory, "\(label): undo steps", file: file, line: line)
        XCTAssertEqual(runHost.bells, oneHost.bells, "\(label): refusals", file: file, line: line)
        XCTAssertEqual(run.displayedTrailingAssistiveText, one.displayedTrailingAssistiveText, "\(label): counter", file: file, line: line)
        let edits = (one.editor.textRevision - oneStart, run.editor.textRevision - runStart)
        // Undo all the way back and redo: every step brings back the same text.
        while one.canUndo {
            one.undo(at: 2)
            run.undo(at: 2)
            XCTAssertEqual(run.text, one.text, "\(label): after undo", file: file, line: line)
        }
        XCTAssertFalse(run.canUndo, "\(label): more undo steps than typing made", file: file, line: line)
        while one.canRedo {
            one.redo(at: 3)
            run.redo(at: 3)
            XCTAssertEqual(run.text, one.text, "\(label): after redo", file: file, line: line)
        }
        return edits
    }

    func testRandomRunsComeOutAsTheirKeysTypedOneByOne() {
        var random = SeededGenerator(seed: 2024)
        let alphabet: [Character] = Array("abcdefghijklmnopqrstuvwxyzABC0123456789     .,!?@-_ßﬃ") + ["é", "\u{301}", "🇵", "🇹", "😀", "ع", "ب"]
        var editsOneByOne = 0, editsInRuns = 0
        for trial in 0..<600 {
            var keys: [Character] = (0..<Int.random(in: 1...60, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            // The host's promise: each key is one character of the run.
            while Array(String(keys)) != keys { keys.removeLast() }
            guard !keys.isEmpty else { continue }
            var setup = Setup()
            setup.kind = Bool.random(using: &random) ? .textField : .textArea
            setup.text = ["", "hello", "Wait. ", "x\u{301}y", "🇵", "abc def"].randomElement(using: &random)!
            let count = Array(setup.text).count
            switch Int.random(in: 0..<4, using: &random) {
            case 0: setup.selection = TextSelection(caret: Int.random(in: 0...count, using: &random))
            case 1 where count > 1: setup.selection = TextSelection(anchor: 0, head: Int.random(in: 1...count, using: &random))
            default: break
            }
            if Int.random(in: 0..<3, using: &random) == 0 { setup.maximumLength = Int.random(in: 0...30, using: &random) }
            setup.autocapitalization = AutocapitalizationType.allCases.randomElement(using: &random)!
            if Int.random(in: 0..<6, using: &random) == 0 { setup.keyboardType = [.emailAddress, .decimalPad, .URL, .twitter].randomElement(using: &random)! }
            setup.digitsOnly = Int.random(in: 0..<10, using: &random) == 0
            setup.clearsOnInsertion = Int.random(in: 0..<8, using: &random) == 0
            setup.fitsFont = Int.random(in: 0..<10, using: &random) == 0
            let edits = compare(keys, setup, "trial \(trial) keys \(String(keys).debugDescription) \(setup)")
            editsOneByOne += edits.oneByOne
            editsInRuns += edits.run
        }
        print("typed runs: \(editsInRuns) edits where one key at a time took \(editsOneByOne)")
        XCTAssertLessThan(editsInRuns * 3, editsOneByOne * 2, "runs were applied key by key")
    }

    func testAWordRunIsOneEditAndUndoesAsTypingDoes() {
        let keys = Array("hello world. again")
        let edits = compare(keys, Setup(), "words")
        // "hello ", "world", ".", " ", "again": the undo history's typing steps, one edit each.
        XCTAssertEqual(edits.run, 5)
        XCTAssertEqual(edits.oneByOne, keys.count)
        let (scene, field, _) = makeScene(Setup())
        scene.handle(typedRun: String(keys), at: 1)
        var texts = [field.text]
        while field.canUndo {
            field.undo(at: 2)
            texts.append(field.text)
        }
        XCTAssertEqual(texts, ["hello world. again", "hello world. ", "hello world.", "hello world", "hello ", ""])
    }

    func testAFullFieldRefusesEveryKeyPastItsLimitAsTypingDoes() {
        var setup = Setup()
        setup.maximumLength = 20
        setup.text = "abc"
        setup.selection = TextSelection(caret: 3)
        let keys = Array("defghijklmnopqrstuvwxyz0123456789")
        let edits = compare(keys, setup, "limit")
        let (scene, field, host) = makeScene(setup)
        scene.handle(typedRun: String(keys), at: 1)
        XCTAssertEqual(field.text, "abcdefghijklmnopqrst")
        XCTAssertEqual(host.bells, keys.count - 17, "one bell per key past the limit")
        XCTAssertLessThan(edits.run, edits.oneByOne)
    }

    func testAFieldWhoseEditsAppCodeWatchesTakesEachKeyOnItsOwn() {
        final class Delegate: TextFieldDelegate {
            var asked: [String] = []
            func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<Int>, replacementString string: String) -> Bool {
                asked.append(string)
                return string != "x"
            }
        }
        let delegate = Delegate()
        let watchers: [(String, (TextField) -> Cancellation?)] = [
            ("delegate", { field in field.delegate = delegate; return nil }),
            ("observer", { field in field.observe { _, _ in } }),
            ("editingChanged action", { field in field.addAction(for: .editingChanged) { _ in } }),
            ("secure", { field in field.isSecureTextEntry = true; return nil }),
        ]
        for (name, watch) in watchers {
            let (scene, field, _) = makeScene(Setup())
            let watching = watch(field)
            XCTAssertFalse(field.takesTypedRuns, name)
            XCTAssertFalse(scene.acceptsTypedRuns, name)
            let before = field.editor.textRevision
            scene.handle(typedRun: "abxcd", at: 1)
            XCTAssertEqual(field.editor.textRevision - before, name == "delegate" ? 4 : 5, "\(name): one edit per key")
            watching?.cancel()
        }
        XCTAssertEqual(delegate.asked, ["a", "b", "x", "c", "d"], "the delegate was not asked key by key")
    }
}
