@testable import MaterialFields
import XCTest

/// Which fields draw their selection: by default only the one being edited, as GTK and Qt show
/// one selection per window; `SelectionDisplay.everyField` brings back the earlier grey
/// selections in the fields left. Either way a field keeps its range (accessibility reads it)
/// and gets it back drawn when it is edited again, and focus moving repaints what changed.
final class SelectionDisplayTests: XCTestCase {
    private let tint = ColorScheme.light.primary.withAlpha(0.24)
    private let grey = ColorScheme.light.onSurface.withAlpha(TextField.inactiveSelectionAlpha)

    private func scene(_ display: SelectionDisplay? = nil) -> (FieldScene, TextField, TextField, RecordingHost) {
        let first = TextField(identifier: "first", style: .filled, label: "First", text: "hello world")
        let second = TextField(identifier: "second", style: .outlined, label: "Second", text: "Porto")
        let scene = FieldScene(fields: [first, second], scheme: .light)
        if let display { scene.selectionDisplay = display }
        let host = RecordingHost()
        scene.host = host
        scene.resize(to: Size(width: 600, height: 400), measurer: sharedMeasurer)
        scene.handle(.windowFocus(true), at: 0)
        return (scene, first, second, host)
    }

    /// Selects "hello" in the first field, then Tab: the second is edited with all its text selected.
    private func selectThenTab(_ scene: FieldScene, _ first: TextField, _ second: TextField) {
        scene.focus(first, at: 0)
        scene.handle(.key(.home, []), at: 0)
        scene.handle(.key(.right, [.control, .shift]), at: 0)
        scene.handle(.key(.tab, []), at: 0.1)
        XCTAssertTrue(second.isFocused)
        XCTAssertEqual(second.selection, TextSelection(anchor: 0, head: 5))
    }

    /// The fills of a whole frame drawn.
    private func drawnFills(_ scene: FieldScene, at time: Double) -> [(path: Path, color: Color)] {
        let canvas = RecordingCanvas()
        scene.invalidateAll()
        _ = scene.advanceAndRender(on: canvas, at: time)
        return canvas.fills
    }

    func testTheRuleDrawsOnlyTheEditedFieldsSelectionUnlessEveryFieldIsAsked() {
        XCTAssertTrue(SelectionDisplay.focusedFieldOnly.drawsSelection(isEditing: true))
        XCTAssertFalse(SelectionDisplay.focusedFieldOnly.drawsSelection(isEditing: false))
        XCTAssertTrue(SelectionDisplay.everyField.drawsSelection(isEditing: true))
        XCTAssertTrue(SelectionDisplay.everyField.drawsSelection(isEditing: false))
        XCTAssertEqual(FieldScene(fields: []).selectionDisplay, .focusedFieldOnly, "the desktop's convention is the default")
    }

    func testAfterTabbingOnlyTheFocusedFieldsSelectionIsDrawn() {
        let (scene, first, second, _) = scene()
        selectThenTab(scene, first, second)
        XCTAssertEqual(first.selection, TextSelection(anchor: 0, head: 5), "the range stays")
        let left = scene.appearance(of: first, at: 1), focused = scene.appearance(of: second, at: 1)
        XCTAssertEqual(left?.selection, [], "the field left draws no selection")
        XCTAssertNil(left?.selectedTextColor)
        XCTAssertFalse(focused?.selection.isEmpty ?? true, "the focused field's selection is drawn")
        XCTAssertTrue(focused?.selection.allSatisfy { $0.color == tint } ?? false)
        // A whole frame drawn: the focused field's selection is filled, the left one's shapes never are.
        let frame = scene.frame(of: first)!
        let hidden = first.appearance(at: 1, origin: Point(x: frame.minX, y: frame.minY), scheme: .light, showsCaret: true,
                                      selectionDisplay: .everyField)?.selection.map(\.path) ?? []
        XCTAssertFalse(hidden.isEmpty)
        let fills = drawnFills(scene, at: 1)
        XCTAssertFalse(fills.contains { hidden.contains($0.path) }, "the field left drew its selection")
        XCTAssertTrue(focused?.selection.allSatisfy { shape in fills.contains { $0.path == shape.path && $0.color == tint } } ?? false)
    }

    func testEveryFieldBringsBackTheGreySelectionOfTheFieldLeft() {
        let (scene, first, second, _) = scene(.everyField)
        selectThenTab(scene, first, second)
        let left = scene.appearance(of: first, at: 1), focused = scene.appearance(of: second, at: 1)
        XCTAssertFalse(left?.selection.isEmpty ?? true, "the grey selection in the field left")
        XCTAssertTrue(left?.selection.allSatisfy { $0.color == grey } ?? false, "in grey")
        XCTAssertTrue(focused?.selection.allSatisfy { $0.color == tint } ?? false)
        let fills = drawnFills(scene, at: 1)
        XCTAssertTrue(left?.selection.allSatisfy { shape in fills.contains { $0.path == shape.path && $0.color == grey } } ?? false)
    }

    /// A text area keeps its selection when focus comes back from the keyboard (a text field
    /// selects all then, as GTK's entries do): the range kept meanwhile is drawn again.
    func testTheRangeIsKeptForAccessibilityAndDrawnAgainWhenTheFieldIsEditedAgain() {
        let area = TextField(identifier: "area", style: .outlined, kind: .textArea, label: "Notes", text: "hello world")
        let other = TextField(identifier: "other", style: .filled, label: "Other")
        let scene = FieldScene(fields: [area, other], scheme: .light)
        scene.resize(to: Size(width: 600, height: 400), measurer: sharedMeasurer)
        scene.handle(.windowFocus(true), at: 0)
        scene.focus(area, at: 0)
        area.selection = TextSelection(anchor: 6, head: 11)
        scene.handle(.key(.tab, []), at: 0.1)
        XCTAssertTrue(other.isFocused)
        XCTAssertEqual(scene.appearance(of: area, at: 1)?.selection, [])
        let accessible = SceneAccessibility(scene: scene).accessible(for: area)
        XCTAssertEqual(accessible?.selectionCount, 1, "accessibility still reads the range")
        XCTAssertEqual(accessible.flatMap { $0.selection(0) }.map { [$0.start, $0.end] }, [6, 11])
        scene.handle(.key(.tab, [.shift]), at: 2)
        XCTAssertTrue(area.isFocused)
        XCTAssertEqual(area.selection, TextSelection(anchor: 6, head: 11))
        XCTAssertFalse(scene.appearance(of: area, at: 3)?.selection.isEmpty ?? true, "the selection shows again")
    }

    /// The damage machinery repaints the field whose selection stops (or starts) being drawn,
    /// and switching the display repaints too.
    func testFocusMovingAndSwitchingTheDisplayRepaintTheFieldWithTheSelection() {
        let (scene, first, second, host) = scene()
        scene.focus(first, at: 0)
        scene.handle(.key(.home, []), at: 0)
        scene.handle(.key(.right, [.control, .shift]), at: 0)
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 0.05)
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 5)
        let frame = scene.frame(of: first)!
        let selected = scene.appearance(of: first, at: 5)!.selection.map { $0.path.bounds }
        XCTAssertFalse(selected.isEmpty)

        scene.focus(second, at: 5)
        let damage = scene.advanceAndRender(on: RecordingCanvas(), at: 5.01)
        XCTAssertTrue(selected.allSatisfy { box in damage.contains { $0.intersects(box) } },
                      "the selection left on screen in \(frame); damage \(damage)")
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 10)
        XCTAssertEqual(scene.advanceAndRender(on: RecordingCanvas(), at: 10.5), [], "settled")

        let asked = host.invalidations
        scene.selectionDisplay = .everyField
        XCTAssertGreaterThan(host.invalidations, asked, "the host was not asked to draw")
        let shown = scene.advanceAndRender(on: RecordingCanvas(), at: 11)
        XCTAssertTrue(selected.allSatisfy { box in shown.contains { $0.intersects(box) } }, "the grey selection was not drawn: \(shown)")
        scene.selectionDisplay = .everyField
        XCTAssertEqual(scene.advanceAndRender(on: RecordingCanvas(), at: 11.5), [], "setting the same display repaints nothing")
    }
}
