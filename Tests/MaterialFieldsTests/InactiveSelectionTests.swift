@testable import MaterialFields
import XCTest

/// A field that stops being edited keeps its selection (drawn greyed when the scene shows every
/// field's, `SelectionDisplay.everyField`; SelectionDisplayTests has the default); coming back with
/// a click places the caret, with Tab selects everything again.
final class InactiveSelectionTests: XCTestCase {
    private func scene() -> (FieldScene, TextField, TextField) {
        let first = TextField(identifier: "first", style: .filled, label: "First", text: "hello world")
        let second = TextField(identifier: "second", style: .outlined, label: "Second")
        let scene = FieldScene(fields: [first, second], scheme: .light)
        scene.resize(to: Size(width: 600, height: 400), measurer: sharedMeasurer)
        scene.handle(.windowFocus(true), at: 0)
        return (scene, first, second)
    }

    private func selectionFills(of field: TextField, in scene: FieldScene) -> [ShapeFill] {
        let frame = scene.frame(of: field)!
        return field.advancedAppearance(at: 1, origin: Point(x: frame.minX, y: frame.minY), scheme: .light, showsCaret: true,
                                        selectionDisplay: .everyField)?.selection ?? []
    }

    func testEndingEditingKeepsTheSelectionGreyedWhenEveryFieldShowsIts() {
        let (scene, first, second) = scene()
        scene.focus(first, at: 0)
        scene.handle(.key(.home, []), at: 0)
        scene.handle(.key(.right, [.control, .shift]), at: 0)
        XCTAssertEqual(first.selection, TextSelection(anchor: 0, head: 5))
        let editing = selectionFills(of: first, in: scene)
        XCTAssertFalse(editing.isEmpty)
        XCTAssertTrue(editing.allSatisfy { $0.color == ColorScheme.light.primary.withAlpha(0.24) })

        scene.focus(second, at: 0.5)
        XCTAssertFalse(first.isFocused)
        XCTAssertEqual(first.selection, TextSelection(anchor: 0, head: 5), "the selection stays")
        let resting = selectionFills(of: first, in: scene)
        XCTAssertEqual(resting.map(\.path), editing.map(\.path), "over the same text")
        XCTAssertTrue(resting.allSatisfy { $0.color == ColorScheme.light.onSurface.withAlpha(TextField.inactiveSelectionAlpha) },
                      "in grey, not the primary tint")

        first.isEnabled = false
        XCTAssertTrue(selectionFills(of: first, in: scene).isEmpty, "a disabled field shows none")
    }

    func testComingBackByTabSelectsAllAndByClickPlacesTheCaret() {
        let (scene, first, second) = scene()
        scene.focus(first, at: 0)
        scene.handle(.key(.home, []), at: 0)
        scene.handle(.key(.right, [.shift]), at: 0)
        scene.focus(second, at: 0.1)
        scene.handle(.key(.tab, [.shift]), at: 0.2)
        XCTAssertTrue(first.isFocused)
        XCTAssertEqual(first.selection, TextSelection(anchor: 0, head: 11))
        scene.focus(second, at: 0.3)
        let frame = scene.frame(of: first)!
        scene.handle(.pointerDown(Point(x: frame.minX + 16, y: frame.minY + 28), button: .primary, clickCount: 1, modifiers: []), at: 1)
        scene.handle(.pointerUp(Point(x: frame.minX + 16, y: frame.minY + 28), button: .primary), at: 1)
        XCTAssertTrue(first.selection.isCaret)
    }

    /// Entering a field by Tab selects its text and offers it as PRIMARY, as GTK's entries do; an
    /// app's own focus offers nothing, and a password field never does.
    func testEnteringAFieldByTabOffersItsSelectedTextAsPrimary() {
        let (scene, first, second) = scene()
        let host = RecordingHost()
        scene.host = host
        second.text = "Porto"
        scene.focus(first, at: 0)
        XCTAssertNil(host.selections[.primary], "the app focused it; the user selected nothing")
        scene.handle(.key(.tab, []), at: 0.1)
        XCTAssertEqual(host.selections[.primary], "Porto")
        second.isSecureTextEntry = true
        host.selections[.primary] = nil
        scene.handle(.key(.tab, [.shift]), at: 0.2)
        scene.handle(.key(.tab, []), at: 0.3)
        XCTAssertNotEqual(host.selections[.primary], "Porto", "a password is never offered")
    }

    /// Found in review: a click on the eye of a password field left with its text selected
    /// republished that selection as PRIMARY.
    func testAClickThatSelectsNothingOffersNoPrimary() {
        let password = TextField(identifier: "password", style: .filled, label: "Password", text: "hunter2")
        password.isSecureTextEntry = true
        password.trailingIcon = .visibility
        password.trailingIconAction = { field in field.isSecureTextEntry.toggle() }
        let other = TextField(identifier: "other", style: .filled, label: "Other", text: "plain")
        let scene = FieldScene(fields: [password, other], scheme: .light)
        scene.resize(to: Size(width: 600, height: 400), measurer: sharedMeasurer)
        let host = RecordingHost()
        scene.host = host
        scene.handle(.key(.tab, []), at: 0)
        XCTAssertEqual(password.selection, TextSelection(anchor: 0, head: 7))
        scene.handle(.key(.escape, []), at: 0.1)
        let frame = scene.frame(of: password)!, eye = password.layout!.trailingIcon!
        let point = Point(x: frame.minX + eye.midX, y: frame.minY + eye.midY)
        scene.handle(.pointerDown(point, button: .primary, clickCount: 1, modifiers: []), at: 1)
        scene.handle(.pointerUp(point, button: .primary), at: 1)
        XCTAssertFalse(password.isSecureTextEntry, "the eye showed the text")
        XCTAssertNil(host.selections[.primary], "nothing selected by the click, nothing offered")
    }

    /// While another window has the keyboard the edited field's selection is grey too, and comes
    /// back in the primary tint with the window.
    func testAnInactiveWindowGreysTheSelection() {
        let (scene, first, _) = scene()
        scene.focus(first, at: 0)
        scene.handle(.key(.shortcut("a"), .control), at: 0)
        func colors() -> Set<Color> {
            let canvas = RecordingCanvas()
            scene.invalidateAll()
            _ = scene.advanceAndRender(on: canvas, at: 1)
            return Set(canvas.fills.map(\.color))
        }
        let tint = ColorScheme.light.primary.withAlpha(0.24), grey = ColorScheme.light.onSurface.withAlpha(TextField.inactiveSelectionAlpha)
        XCTAssertTrue(colors().contains(tint))
        scene.handle(.windowFocus(false), at: 0.5)
        let away = colors()
        XCTAssertFalse(away.contains(tint))
        XCTAssertTrue(away.contains(grey))
        scene.handle(.windowFocus(true), at: 1)
        XCTAssertTrue(colors().contains(tint))
    }
}
