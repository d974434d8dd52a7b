@testable import MaterialFields
import XCTest

/// Records the drags a scene starts; answers as a host that follows them (`tracks`) or not.
private final class DragHost: SceneHost {
    var tracks = false
    var drags: [(text: String, operations: DragOperations)] = []
    func setSelectionText(_ text: String, for selection: SelectionKind) {}
    func requestSelectionText(_ selection: SelectionKind, completion: @escaping (String?) -> Void) {}
    func setNeedsRender() {}
    func setPointerShape(_ shape: PointerShape) {}
    func setInputMethodSpot(_ caret: Rect) {}
    func ringBell() {}
    func beginDrag(_ text: String, operations: DragOperations, at time: Double) -> Bool {
        drags.append((text, operations))
        return tracks
    }
}

/// Refuses every change, counting the questions.
private final class RefusingDelegate: TextFieldDelegate {
    var asked: [(Range<Int>, String)] = []
    func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<Int>, replacementString string: String) -> Bool {
        asked.append((range, string))
        return false
    }
}

/// Drag and drop in the model: the press that becomes a drag past the threshold, the drop caret
/// from a point, a drop as one edit through the pipeline, a move within a field as one undo step,
/// and secure and disabled fields refusing.
final class DragAndDropTests: XCTestCase {
    private var host = DragHost()

    private func scene(secondSecure: Bool = false) -> (FieldScene, TextField, TextField) {
        let first = TextField(identifier: "first", style: .filled, label: "First", text: "hello world")
        let second = TextField(identifier: "second", style: .outlined, label: "Second", text: "abcdef")
        second.isSecureTextEntry = secondSecure
        let scene = FieldScene(fields: [first, second], scheme: .light)
        host = DragHost()
        scene.host = host
        scene.resize(to: Size(width: 600, height: 400), measurer: sharedMeasurer)
        scene.handle(.windowFocus(true), at: 0)
        return (scene, first, second)
    }

    /// The window point of the caret stop before cluster `offset` (the fake measurer's clusters
    /// are 8 px wide), on the text's line.
    private func point(_ field: TextField, in scene: FieldScene, offset: Double) -> Point {
        let frame = scene.frame(of: field)!, band = field.layout!.textLine
        return Point(x: frame.minX + band.minX + offset * 8, y: frame.minY + band.midY)
    }

    /// "hello" selected in the first field, and the primary button down on its "l".
    private func pressOnSelection(_ scene: FieldScene, _ field: TextField) -> Point {
        scene.focus(field, at: 0)
        field.selection = TextSelection(anchor: 0, head: 5)
        let press = point(field, in: scene, offset: 2.5)
        scene.handle(.pointerDown(press, button: .primary, clickCount: 1, modifiers: []), at: 1)
        return press
    }

    func testAPressOnSelectedTextBecomesADragOnlyPastTheThreshold() {
        let (scene, first, _) = scene()
        let press = pressOnSelection(scene, first)
        XCTAssertEqual(scene.dragSourceState?.phase, .pending)
        XCTAssertEqual(first.selection, TextSelection(anchor: 0, head: 5), "the press keeps the selection")
        scene.handle(.pointerMoved(Point(x: press.x + 7, y: press.y), buttonHeld: true), at: 1.1)
        XCTAssertEqual(scene.dragSourceState?.phase, .pending, "7 px is within GTK's 8")
        XCTAssertTrue(host.drags.isEmpty)
        XCTAssertEqual(first.selection, TextSelection(anchor: 0, head: 5), "moving does not select")
        scene.handle(.pointerMoved(Point(x: press.x + 8, y: press.y), buttonHeld: true), at: 1.2)
        XCTAssertEqual(scene.dragSourceState?.phase, .dragging)
        XCTAssertEqual(scene.dragSourceState?.range, 0..<5)
        XCTAssertEqual(host.drags.map(\.text), ["hello"])
        XCTAssertEqual(host.drags.first?.operations, [.copy, .move])
    }

    func testTheThresholdFollowsTheDesktopAndTheScale() {
        let (scene, first, _) = scene()
        XCTAssertEqual(scene.dragThreshold, 8)
        scene.metrics = MaterialMetrics(scale: 2)
        XCTAssertEqual(scene.dragThreshold, 16, "GTK's 8 at scale 1")
        scene.metrics = MaterialMetrics()
        scene.desktopSettings = DesktopSettings(dragThreshold: 20)
        XCTAssertEqual(scene.dragThreshold, 20)
        let press = pressOnSelection(scene, first)
        scene.handle(.pointerMoved(Point(x: press.x + 15, y: press.y + 5), buttonHeld: true), at: 1.1)
        XCTAssertEqual(scene.dragSourceState?.phase, .pending)
        scene.handle(.pointerMoved(Point(x: press.x + 20, y: press.y), buttonHeld: true), at: 1.2)
        XCTAssertEqual(scene.dragSourceState?.phase, .dragging)
    }

    func testAPressOnSelectedTextReleasedWithoutMovingPlacesTheCaret() {
        let (scene, first, _) = scene()
        let press = pressOnSelection(scene, first)
        scene.handle(.pointerMoved(Point(x: press.x + 3, y: press.y), buttonHeld: true), at: 1.1)
        scene.handle(.pointerUp(Point(x: press.x + 3, y: press.y), button: .primary), at: 1.2)
        XCTAssertNil(scene.dragSourceState)
        XCTAssertEqual(first.selection, TextSelection(caret: 2), "where the press went down, as GTK does")
        XCTAssertTrue(host.drags.isEmpty)
    }

    func testADoubleClickOrShiftOnSelectedTextSelectsAsBefore() {
        let (scene, first, _) = scene()
        scene.focus(first, at: 0)
        first.selection = TextSelection(anchor: 0, head: 5)
        let press = point(first, in: scene, offset: 2.75)
        scene.handle(.pointerDown(press, button: .primary, clickCount: 1, modifiers: [.shift]), at: 1)
        XCTAssertNil(scene.dragSourceState)
        XCTAssertEqual(first.selection, TextSelection(anchor: 0, head: 3))
    }

    func testTheDropCaretStandsAtTheBoundaryNearestThePointAndGoesOnLeave() {
        let (scene, first, second) = scene()
        let operation = scene.dragMoved(to: point(second, in: scene, offset: 3.4), operations: [.copy, .move], requested: .copy,
                                        fromThisScene: false, at: 1)
        XCTAssertEqual(operation, .copy)
        XCTAssertEqual(scene.dropTargetState, DropTargetState(field: "second", offset: 3, operation: .copy))
        _ = scene.dragMoved(to: point(second, in: scene, offset: 3.6), operations: [.copy, .move], requested: .copy,
                            fromThisScene: false, at: 1.1)
        XCTAssertEqual(scene.dropTargetState?.offset, 4)
        // Drawn in the primary colour where the caret at 4 would be, in a field that is not focused.
        let frame = scene.frame(of: second)!
        let appearance = scene.appearance(of: second, at: 1.2)
        let dropCaret = try? XCTUnwrap(appearance?.dropCaret)
        XCTAssertEqual(dropCaret?.color, ColorScheme.light.primary)
        XCTAssertEqual(dropCaret.map { $0.path.bounds.midX } ?? 0, frame.minX + second.layout!.textLine.minX + 32, accuracy: 2)
        XCTAssertNil(scene.appearance(of: first, at: 1.2)?.dropCaret)
        XCTAssertFalse(second.isFocused, "hovering focuses nothing")
        // A move asked for and offered is taken.
        XCTAssertEqual(scene.dragMoved(to: point(first, in: scene, offset: 1), operations: [.copy, .move], requested: .move,
                                       fromThisScene: false, at: 1.3), .move)
        XCTAssertEqual(scene.dropTargetState?.field, "first")
        scene.dragExited()
        XCTAssertNil(scene.dropTargetState)
        XCTAssertNil(scene.appearance(of: first, at: 1.4)?.dropCaret)
        // Nothing outside the fields.
        XCTAssertNil(scene.dragMoved(to: Point(x: 590, y: 390), operations: [.copy], requested: .copy, fromThisScene: false, at: 2))
    }

    func testAnEmptyFieldsLabelFloatsWhileADragHoversAndRestsWhenItLeaves() {
        let (scene, first, _) = scene()
        first.text = ""
        XCTAssertEqual(first.labelPosition, .resting)
        _ = scene.dragMoved(to: point(first, in: scene, offset: 0), operations: [.copy], requested: .copy, fromThisScene: false, at: 1)
        XCTAssertEqual(first.labelPosition, .floating, "the drop caret does not stand on the label")
        XCTAssertFalse(first.isFocused)
        scene.dragExited()
        XCTAssertEqual(first.labelPosition, .resting)
    }

    func testADropFromAnotherProgramIsOneEditThatFocusesAndSelectsTheDroppedText() {
        let (scene, first, second) = scene()
        scene.focus(second, at: 0)
        var causes: [EditCause] = []
        first.observe { _, event in if case .textChanged(let applied) = event { causes.append(applied.edit.cause) } }
        let at = point(first, in: scene, offset: 5)
        _ = scene.dragMoved(to: at, operations: [.copy], requested: .copy, fromThisScene: false, at: 1)
        XCTAssertEqual(scene.drop("XY", at: at, operation: .copy, fromThisScene: false, at: 1.1), .copy)
        XCTAssertEqual(first.text, "helloXY world")
        XCTAssertEqual(causes, [.drop])
        XCTAssertTrue(first.isFocused)
        XCTAssertEqual(first.selection, TextSelection(anchor: 5, head: 7), "the dropped text is selected")
        XCTAssertNil(scene.dropTargetState, "the drop caret goes")
        scene.handle(.key(.shortcut("z"), .control), at: 2)
        XCTAssertEqual(first.text, "hello world", "one undo step")
    }

    func testTheDelegateIsAskedAboutADropAndMayRefuseIt() {
        let (scene, first, _) = scene()
        let delegate = RefusingDelegate()
        first.delegate = delegate
        let at = point(first, in: scene, offset: 5)
        XCTAssertEqual(scene.dragMoved(to: at, operations: [.copy], requested: .copy, fromThisScene: false, at: 1), .copy)
        XCTAssertNil(scene.drop("XY", at: at, operation: .copy, fromThisScene: false, at: 1.1), "refused: the source hears no drop")
        XCTAssertEqual(delegate.asked.map(\.0), [5..<5])
        XCTAssertEqual(delegate.asked.map(\.1), ["XY"])
        XCTAssertEqual(first.text, "hello world")
        XCTAssertNil(scene.dropTargetState)
    }

    func testADropInATextAreaLandsOnTheLineUnderThePoint() {
        let area = TextField(identifier: "area", style: .outlined, kind: .textArea, label: "Notes", text: "one\ntwo\nthree")
        let scene = FieldScene(fields: [area], scheme: .light)
        scene.host = host
        scene.resize(to: Size(width: 600, height: 400), measurer: sharedMeasurer)
        let frame = scene.frame(of: area)!, band = area.layout!.textLine
        let lineHeight = area.textLayout!.lineHeight
        // The middle of the second line, after "tw".
        let at = Point(x: frame.minX + band.minX + 16, y: frame.minY + band.minY + lineHeight * 1.5)
        _ = scene.dragMoved(to: at, operations: [.copy], requested: .copy, fromThisScene: false, at: 1)
        XCTAssertEqual(scene.dropTargetState?.offset, 6)
        XCTAssertEqual(scene.drop("!", at: at, operation: .copy, fromThisScene: false, at: 1.1), .copy)
        XCTAssertEqual(area.text, "one\ntw!o\nthree")
    }

    func testADropPassesTheFieldsPolicies() {
        let (scene, first, _) = scene()
        first.maximumLength = 13
        let at = point(first, in: scene, offset: 11)
        XCTAssertEqual(scene.drop("!!!!", at: at, operation: .copy, fromThisScene: false, at: 1), .copy)
        XCTAssertEqual(first.text, "hello world!!", "cut to the maximum length as a paste is")
        XCTAssertEqual(first.selection, TextSelection(anchor: 11, head: 13))
    }

    func testDraggingWithinAFieldMovesTheTextAsOneUndoStep() {
        let (scene, first, _) = scene()
        let press = pressOnSelection(scene, first)
        let end = point(first, in: scene, offset: 11)
        scene.handle(.pointerMoved(Point(x: press.x + 20, y: press.y), buttonHeld: true), at: 1.1)
        scene.handle(.pointerMoved(end, buttonHeld: true), at: 1.2)
        XCTAssertEqual(scene.dropTargetState, DropTargetState(field: "first", offset: 11, operation: .move),
                       "the drop caret shows while hovering, as for another program's drag")
        scene.handle(.pointerUp(end, button: .primary), at: 1.3)
        XCTAssertEqual(first.text, " worldhello")
        XCTAssertEqual(first.selection, TextSelection(anchor: 6, head: 11), "the moved text is selected")
        XCTAssertNil(scene.dragSourceState)
        XCTAssertNil(scene.dropTargetState)
        first.undo(at: 2)
        XCTAssertEqual(first.text, "hello world", "one undo puts both places back")
        XCTAssertEqual(first.selection, TextSelection(anchor: 0, head: 5))
        first.redo(at: 3)
        XCTAssertEqual(first.text, " worldhello")
    }

    func testMovingBackwardWithinAFieldAndCopyingWithCtrl() {
        let (scene, first, _) = scene()
        scene.focus(first, at: 0)
        XCTAssertTrue(first.moveText(6..<11, to: 0, time: 1))
        XCTAssertEqual(first.text, "worldhello ")
        XCTAssertEqual(first.selection, TextSelection(anchor: 0, head: 5))
        first.undo(at: 2)
        XCTAssertEqual(first.text, "hello world")
        // Ctrl at the drop: the host asks for a copy, and the source keeps its text.
        first.selection = TextSelection(anchor: 0, head: 5)
        _ = pressOnSelection(scene, first)
        scene.handle(.pointerMoved(point(first, in: scene, offset: 8), buttonHeld: true), at: 1.1)
        XCTAssertEqual(host.drags.count, 1)
        let end = point(first, in: scene, offset: 11)
        XCTAssertEqual(scene.dragMoved(to: end, operations: [.copy, .move], requested: .copy, fromThisScene: true, at: 1.2), .copy)
        XCTAssertEqual(scene.drop("hello", at: end, operation: .copy, fromThisScene: true, at: 1.3), .copy)
        XCTAssertEqual(first.text, "hello worldhello")
        XCTAssertEqual(first.selection, TextSelection(anchor: 11, head: 16))
        first.undo(at: 2)
        XCTAssertEqual(first.text, "hello world")
    }

    func testAMoveIsNotTheInsertionClearsOnInsertionWaitsFor() {
        let (scene, first, _) = scene()
        first.clearsOnInsertion = true
        scene.focus(first, at: 0)
        // Armed (a selection made by the app: the user's keys and clicks disarm it or place no selection).
        first.selection = TextSelection(anchor: 0, head: 5)
        XCTAssertTrue(first.moveText(0..<5, to: 8, time: 1))
        XCTAssertEqual(first.text, " wohellorld", "nothing cleared")
        // Like any edit of the user's, the move used up clearing: a drop after it goes in at its point.
        XCTAssertEqual(scene.drop("new", at: point(first, in: scene, offset: 3), operation: .copy, fromThisScene: false, at: 2), .copy)
        XCTAssertEqual(first.text, " wonewhellorld")
    }

    func testASourceChangedUnderTheDragKeepsItsTextAndTheDropIsACopy() {
        let (scene, first, second) = scene()
        _ = pressOnSelection(scene, first)
        let end = point(second, in: scene, offset: 6)
        scene.handle(.pointerMoved(end, buttonHeld: true), at: 1.1)
        first.text = "changed"
        scene.handle(.pointerUp(end, button: .primary), at: 1.2)
        XCTAssertEqual(second.text, "abcdefhello")
        XCTAssertEqual(first.text, "changed")
    }

    func testTheDraggedTextRefusesItsOwnDrop() {
        let (scene, first, _) = scene()
        _ = pressOnSelection(scene, first)
        scene.handle(.pointerMoved(point(first, in: scene, offset: 4), buttonHeld: true), at: 1.1)
        XCTAssertEqual(scene.dragSourceState?.phase, .dragging)
        XCTAssertNil(scene.dropTargetState, "inside the dragged text: nowhere to drop")
        XCTAssertNil(scene.dragMoved(to: point(first, in: scene, offset: 5), operations: [.copy, .move], requested: .move,
                                     fromThisScene: true, at: 1.2), "nor at its edges")
        scene.handle(.pointerUp(point(first, in: scene, offset: 4), button: .primary), at: 1.3)
        XCTAssertEqual(first.text, "hello world")
    }

    func testAMoveToAnotherFieldTakesTheTextFromTheSource() {
        let (scene, first, second) = scene()
        _ = pressOnSelection(scene, first)
        let end = point(second, in: scene, offset: 6)
        scene.handle(.pointerMoved(end, buttonHeld: true), at: 1.1)
        scene.handle(.pointerUp(end, button: .primary), at: 1.2)
        XCTAssertEqual(second.text, "abcdefhello")
        XCTAssertEqual(first.text, " world")
        XCTAssertTrue(second.isFocused)
        XCTAssertEqual(second.selection, TextSelection(anchor: 6, head: 11))
    }

    func testAHostFollowedDragEndsWithTheSourcesHalfOfAMove() {
        let (scene, first, _) = scene()
        host.tracks = true
        let press = pressOnSelection(scene, first)
        scene.handle(.pointerMoved(Point(x: press.x, y: press.y + 30), buttonHeld: true), at: 1.1)
        XCTAssertEqual(scene.dragSourceState?.phase, .dragging)
        // Another program took the text with a move: the source's text goes.
        scene.dragEnded(movedAway: true, at: 2)
        XCTAssertNil(scene.dragSourceState)
        XCTAssertEqual(first.text, " world")
        // A copy leaves it.
        first.selection = TextSelection(anchor: 0, head: 6)
        _ = scene.handle(.pointerDown(point(first, in: scene, offset: 2), button: .primary, clickCount: 1, modifiers: []), at: 3)
        scene.handle(.pointerMoved(Point(x: press.x, y: press.y + 30), buttonHeld: true), at: 3.1)
        scene.dragEnded(movedAway: false, at: 4)
        XCTAssertEqual(first.text, " world")
    }

    func testEscapeCancelsADragTheSceneFollows() {
        let (scene, first, second) = scene()
        _ = pressOnSelection(scene, first)
        scene.handle(.pointerMoved(point(second, in: scene, offset: 2), buttonHeld: true), at: 1.1)
        XCTAssertNotNil(scene.dropTargetState)
        scene.handle(.key(.escape, []), at: 1.2)
        XCTAssertNil(scene.dragSourceState)
        XCTAssertNil(scene.dropTargetState)
        scene.handle(.pointerUp(point(second, in: scene, offset: 2), button: .primary), at: 1.3)
        XCTAssertEqual(second.text, "abcdef")
        XCTAssertEqual(first.text, "hello world")
        XCTAssertTrue(first.isFocused, "Escape ended the drag, not the editing")
    }

    func testSecureFieldsNeitherGiveNorTakeDrags() {
        let (scene, first, second) = scene(secondSecure: true)
        let at = point(second, in: scene, offset: 2)
        XCTAssertNil(scene.dragMoved(to: at, operations: [.copy, .move], requested: .copy, fromThisScene: false, at: 1))
        XCTAssertNil(scene.dropTargetState)
        XCTAssertNil(scene.drop("XY", at: at, operation: .copy, fromThisScene: false, at: 1.1))
        XCTAssertEqual(second.text, "abcdef")
        // Its selected text does not drag: the press selects as any press does.
        scene.focus(second, at: 2)
        second.selection = TextSelection(anchor: 0, head: 6)
        XCTAssertNil(second.draggableText)
        scene.handle(.pointerDown(at, button: .primary, clickCount: 1, modifiers: []), at: 3)
        XCTAssertNil(scene.dragSourceState)
        scene.handle(.pointerMoved(Point(x: at.x + 30, y: at.y), buttonHeld: true), at: 3.1)
        XCTAssertNil(scene.dragSourceState)
        XCTAssertTrue(host.drags.isEmpty)
        _ = first
    }

    func testDisabledFieldsTakeNoDrop() {
        let (scene, first, _) = scene()
        first.isEnabled = false
        let at = point(first, in: scene, offset: 2)
        XCTAssertNil(scene.dragMoved(to: at, operations: [.copy], requested: .copy, fromThisScene: false, at: 1))
        XCTAssertNil(scene.drop("XY", at: at, operation: .copy, fromThisScene: false, at: 1.1))
        XCTAssertEqual(first.text, "hello world")
    }
}
