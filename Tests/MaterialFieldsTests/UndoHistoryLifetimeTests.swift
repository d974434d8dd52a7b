import XCTest
@testable import MaterialFields

/// The undo history lasts one editing session (as in UIKit), so a form used for long does not grow
/// (found by the soak, `./run.sh soak`).
final class UndoHistoryLifetimeTests: XCTestCase {
    func testEndingEditingForgetsTheUndoHistorySoAFormDoesNotGrowWithUse() {
        let field = makeField(.outlined, text: "start")
        for session in 0..<50 {
            field.focus(at: Double(session))
            field.selection = TextSelection(caret: field.count)
            for character in " word\(session)" { field.insert(String(character), at: Double(session)) }
            XCTAssertTrue(field.canUndo, "within a session the typing undoes")
            field.endEditing(at: Double(session))
            XCTAssertFalse(field.canUndo, "session \(session): the steps went with the editing")
            XCTAssertEqual(field.editor.undoHistory.undoSteps.count, 0)
        }
        field.focus(at: 60)
        _ = field.handle(.shortcut("z"), modifiers: .control, at: 60)
        XCTAssertTrue(field.text.hasSuffix(" word49"), "Ctrl+Z in a new session has nothing of the old ones to undo")
    }
}
