@testable import MaterialFields
import XCTest

/// A drag held after a double click extends by whole words and keeps the word first clicked,
/// either way, as GTK and Qt entries do; after a triple click, by paragraphs.
final class PointerSelectionTests: XCTestCase {
    /// FakeMeasurer: every cluster is 8 px wide at 16 px; the text starts 16 px in.
    private func x(ofOffset offset: Int) -> Double { 16 + Double(offset) * 8 }

    private func field(_ text: String, kind: FieldKind = .textField) -> TextField {
        let field = TextField(identifier: "f", style: .filled, kind: kind, label: "Label", text: text)
        field.layOut(width: 600, metrics: MaterialMetrics(), measurer: sharedMeasurer)
        return field
    }

    func testADoubleClickDragExtendsByWordsAndKeepsTheFirstWord() {
        let field = field("alpha beta gamma delta")
        let y = 36.0
        field.pointerDown(at: Point(x: x(ofOffset: 7) + 2, y: y), extending: false, clickCount: 1, time: 0)
        field.pointerDown(at: Point(x: x(ofOffset: 7) + 2, y: y), extending: false, clickCount: 2, time: 0.1)
        XCTAssertEqual(field.selection, TextSelection(anchor: 6, head: 10), "beta")
        XCTAssertTrue(field.pointerDragged(to: Point(x: x(ofOffset: 14), y: y), time: 0.2))
        XCTAssertEqual(field.selection, TextSelection(anchor: 6, head: 16), "beta gamma, whole")
        field.pointerDragged(to: Point(x: x(ofOffset: 2), y: y), time: 0.3)
        XCTAssertEqual(field.selection, TextSelection(anchor: 10, head: 0), "alpha beta, and beta kept")
        field.pointerDragged(to: Point(x: x(ofOffset: 8), y: y), time: 0.4)
        XCTAssertEqual(field.selection, TextSelection(anchor: 6, head: 10), "back over the first word: just it")
        field.pointerUp()
        // A single click and drag still goes by character.
        field.pointerDown(at: Point(x: x(ofOffset: 1), y: y), extending: false, clickCount: 1, time: 2)
        field.pointerDragged(to: Point(x: x(ofOffset: 8), y: y), time: 2.1)
        XCTAssertEqual(field.selection, TextSelection(anchor: 1, head: 8))
    }

    func testATripleClickDragExtendsByParagraphs() {
        let field = field("one\ntwo\nthree", kind: .textArea)
        field.pointerDown(at: Point(x: 20, y: 36), extending: false, clickCount: 3, time: 0)
        XCTAssertEqual(field.selection, TextSelection(anchor: 0, head: 3))
        field.pointerDragged(to: Point(x: 20, y: 36 + 24), time: 0.1)
        XCTAssertEqual(field.selection, TextSelection(anchor: 0, head: 7), "the second paragraph whole")
    }
}
