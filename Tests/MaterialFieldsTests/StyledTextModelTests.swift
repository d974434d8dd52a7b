import XCTest
@testable import MaterialFields

/// The editing model keeps styled runs through every edit: insertion inherits as
/// `NSMutableAttributedString` does, explicit runs are kept, a resegmented window maps its new
/// clusters back to the ones they came from, and undo and redo bring text and runs back together.
final class StyledTextModelTests: XCTestCase {
    private let bold = TextAttributes(fontWeight: .bold)
    private let red = TextAttributes(foregroundColor: Color(hex: 0xFF0000))

    /// "ab" plain, "CD" bold, "ef" red.
    private func styled() -> EditableText {
        EditableText(AttributedText("ab") + AttributedText("CD", attributes: bold) + AttributedText("ef", attributes: red))
    }

    private func runs(_ text: EditableText) -> [(String, TextAttributes)] {
        text.attributeRuns.runs.map { (text.text(in: $0.range), $0.attributes) }
    }

    private func assertRuns(_ text: EditableText, _ expected: [(String, TextAttributes)], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(text.attributeRuns.count, text.count, "runs cover the text exactly", file: file, line: line)
        let actual = runs(text)
        XCTAssertEqual(actual.map(\.0), expected.map(\.0), file: file, line: line)
        XCTAssertEqual(actual.map(\.1), expected.map(\.1), file: file, line: line)
    }

    func testAnInsertionTakesTheAttributesOfTheClusterBeforeIt() {
        var text = styled()
        text.select(TextSelection(caret: 4))
        text.insert("xy")
        assertRuns(text, [("ab", .none), ("CDxy", bold), ("ef", red)])
    }

    func testAnInsertionAtTheStartTakesTheAttributesOfTheClusterAfterIt() {
        var text = EditableText(AttributedText("CD", attributes: bold) + AttributedText("ef"))
        text.select(TextSelection(caret: 0))
        text.insert("x")
        assertRuns(text, [("xCD", bold), ("ef", .none)])
    }

    func testReplacingASelectionTakesTheFirstReplacedClustersAttributes() {
        var text = styled()
        text.select(TextSelection(anchor: 3, head: 5))
        text.insert("Z")
        assertRuns(text, [("ab", .none), ("CZ", bold), ("f", red)])
    }

    func testExplicitRunsAreKeptAndShortRunsLengthenWithTheirLast() {
        var text = styled()
        let inserted = AttributeRuns([(1, red), (1, bold)])
        text.apply(TextEdit(range: 2..<2, replacement: "pqr", cause: .paste, attributes: inserted))
        assertRuns(text, [("ab", .none), ("p", red), ("qrCD", bold), ("ef", red)])
    }

    func testDeletionsKeepTheRunsAroundThem() {
        var text = styled()
        text.select(TextSelection(anchor: 1, head: 5))
        text.deleteBackward()
        assertRuns(text, [("a", .none), ("f", red)])
        text.select(TextSelection(caret: 1))
        text.deleteBackward()
        assertRuns(text, [("f", red)])
    }

    func testACombiningMarkJoiningTheClusterBeforeTakesItsAttributes() {
        // "e" is bold and the mark is typed with explicit red runs: the joined "é" is one cluster,
        // styled as the "e" its first scalar came from.
        var text = EditableText(AttributedText("ab") + AttributedText("e", attributes: bold))
        text.apply(TextEdit(range: 3..<3, replacement: "\u{301}x", cause: .typing, attributes: AttributeRuns(count: 2, attributes: red)))
        XCTAssertEqual(text.count, 4)
        assertRuns(text, [("ab", .none), ("e\u{301}", bold), ("x", red)])
    }

    func testDeletingBetweenTwoRegionalIndicatorsJoinsAFlagKeepingTheFirstsAttributes() {
        var text = EditableText(AttributedText("\u{1F1EB}", attributes: bold) + AttributedText("x") + AttributedText("\u{1F1F7}", attributes: red))
        XCTAssertEqual(text.count, 3)
        text.apply(TextEdit(range: 1..<2, replacement: "", cause: .deleteBackward))
        XCTAssertEqual(text.count, 1, "the two indicators join into a flag")
        assertRuns(text, [("\u{1F1EB}\u{1F1F7}", bold)])
    }

    func testUndoingAJoinRestoresEveryClusterOfTheWindowWithItsAttributes() {
        let editor = FieldEditor(multiline: false, text: "")
        let before = AttributedText("\u{1F1EB}", attributes: bold) + AttributedText("x") + AttributedText("\u{1F1F7}", attributes: red)
        _ = editor.apply(TextEdit(range: 0..<0, replacement: before.string, cause: .programmatic, attributes: before.attributeRuns))
        XCTAssertEqual(editor.storage.attributedText(in: 0..<3), before)
        _ = editor.apply(TextEdit(range: 1..<2, replacement: "", cause: .deleteBackward))
        XCTAssertEqual(editor.count, 1)
        _ = editor.apply(editor.popUndo()!)
        XCTAssertEqual(editor.storage.attributedText(in: 0..<3), before, "the flag comes apart with each indicator's styles")
    }

    func testASecureTextHoldsNoStyles() {
        var text = EditableText("")
        text.overwritesStorage = true
        text.apply(TextEdit(range: 0..<0, replacement: "pw", cause: .paste, attributes: AttributeRuns(count: 2, attributes: bold)))
        XCTAssertEqual(text.attributeRuns, AttributeRuns(count: 2))
    }

    func testUndoAndRedoRestoreTextAndRuns() {
        let editor = FieldEditor(multiline: false, text: "")
        _ = editor.apply(TextEdit(range: 0..<0, replacement: "abCDef", cause: .programmatic,
                              attributes: AttributeRuns([(2, .none), (2, bold), (2, red)])))
        let before = editor.storage.attributeRuns
        // A paste over "bC" with red runs, then a styling change, then a deletion.
        _ = editor.apply(TextEdit(range: 1..<3, replacement: "XYZ", cause: .paste, attributes: AttributeRuns(count: 3, attributes: red)))
        let afterPaste = editor.storage.attributeRuns
        XCTAssertEqual(editor.text, "aXYZDef")
        _ = editor.apply(TextEdit(range: 0..<2, replacement: "aX", selectionAfter: TextSelection(anchor: 0, head: 2), cause: .styling,
                              attributes: AttributeRuns(count: 2, attributes: bold)))
        let afterStyling = editor.storage.attributeRuns
        XCTAssertEqual(editor.storage.attributeRuns.attributes(at: 0), bold)
        _ = editor.apply(TextEdit(range: 5..<7, replacement: "", cause: .deleteForward))
        let afterDelete = editor.storage

        var states: [AttributeRuns] = []
        while let undo = editor.popUndo() {
            _ = editor.apply(undo)
            XCTAssertEqual(editor.storage.attributeRuns.count, editor.count)
            states.append(editor.storage.attributeRuns)
        }
        XCTAssertEqual(states, [afterStyling, afterPaste, before, AttributeRuns()])
        XCTAssertEqual(editor.text, "")
        var redone: [AttributeRuns] = []
        while let redo = editor.popRedo() {
            _ = editor.apply(redo)
            redone.append(editor.storage.attributeRuns)
        }
        XCTAssertEqual(redone, [before, afterPaste, afterStyling, afterDelete.attributeRuns])
        XCTAssertEqual(editor.storage, afterDelete)
    }

    func testATypingRunUndoesAndRedoesWithItsRuns() {
        let editor = FieldEditor(multiline: false, text: "")
        // Keys typed with bold, then with red typing attributes: one word, one undo step.
        _ = editor.apply(TextEdit(range: 0..<0, replacement: "ab", cause: .typing, attributes: AttributeRuns(count: 1, attributes: bold)))
        _ = editor.apply(TextEdit(range: 2..<2, replacement: "cd", cause: .typing, attributes: AttributeRuns(count: 1, attributes: red)))
        let typed = editor.storage.attributeRuns
        XCTAssertEqual(typed, AttributeRuns([(2, bold), (2, red)]))
        _ = editor.apply(editor.popUndo()!)
        XCTAssertEqual(editor.text, "", "the word is one step")
        _ = editor.apply(editor.popRedo()!)
        XCTAssertEqual(editor.storage.attributeRuns, typed)
    }

    func testARunOfBackspacesUndoesWithTheRunsItTook() {
        let editor = FieldEditor(multiline: false, text: "")
        _ = editor.apply(TextEdit(range: 0..<0, replacement: "abCDef", cause: .programmatic,
                              attributes: AttributeRuns([(2, .none), (2, bold), (2, red)])))
        let full = editor.storage.attributeRuns
        for _ in 0..<4 { _ = editor.apply(editor.storage.backwardDeletion()!) }
        XCTAssertEqual(editor.text, "ab")
        _ = editor.apply(editor.popUndo()!)
        XCTAssertEqual(editor.storage.attributeRuns, full)
    }

    func testReplacingTextWithTheSameTextAndOtherRunsIsAChange() {
        let editor = FieldEditor(multiline: false, text: "abc")
        XCTAssertNil(editor.apply(TextEdit(range: 0..<3, replacement: "abc", cause: .programmatic)), "same text, no runs named")
        XCTAssertNotNil(editor.apply(TextEdit(range: 0..<3, replacement: "abc", cause: .programmatic,
                                              attributes: AttributeRuns(count: 3, attributes: bold))))
        XCTAssertEqual(editor.storage.attributeRuns, AttributeRuns(count: 3, attributes: bold))
        XCTAssertNil(editor.apply(TextEdit(range: 0..<3, replacement: "abc", cause: .programmatic,
                                           attributes: AttributeRuns(count: 3, attributes: bold))), "same text, same runs")
    }

    func testRunsFollowWhatAPolicyLetsIn() {
        // A sanitized line break and a filtered character: the styles stay on the clusters kept.
        let runs = AttributeRuns([(2, bold), (2, red)])
        XCTAssertEqual(runs.remapped(from: "ab-d", to: "abd"), AttributeRuns([(2, bold), (1, red)]))
        XCTAssertEqual(runs.remapped(from: "ab d", to: "AB D"), runs, "capitals keep their letters' styles")
        XCTAssertEqual(runs.remapped(from: "  cd", to: "cd"), AttributeRuns(count: 2, attributes: red), "trimmed spaces")
        XCTAssertEqual(AttributeRuns(count: 4, attributes: bold).remapped(from: "abcd", to: "x"), AttributeRuns(count: 4, attributes: bold),
                       "one run fits any text")
        XCTAssertEqual(AttributeRuns([(1, bold), (1, .none), (1, red), (3, .none)]).remapped(from: "a\u{7}\nb c", to: "a b c"),
                       AttributeRuns([(1, bold), (1, red), (3, .none)]), "a line break become a space keeps its styles")
    }

    func testTextPutTogetherSegmentsWholeWithEachClusterStyledByItsFirstScalar() {
        // "a" + U+0301 is one cluster, "x" and "y" keep their own styles (not shifted by the join).
        let text = AttributedText("a", attributes: bold) + AttributedText("\u{301}") + AttributedText("x", attributes: bold) + AttributedText("y")
        XCTAssertEqual(text.count, 4)
        let whole = text.segmentedWhole
        XCTAssertEqual(whole.characters, ["a\u{301}", "x", "y"])
        XCTAssertEqual(whole.runs.map(\.attributes), [bold, .none])
        XCTAssertEqual(whole.runs.map(\.range), [0..<2, 2..<3])
        let plain = AttributedText("abc", attributes: red)
        XCTAssertEqual(plain.segmentedWhole, plain)
    }
}
