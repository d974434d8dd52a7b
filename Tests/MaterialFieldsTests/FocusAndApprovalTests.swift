import XCTest
@testable import MaterialFields

/// A delegate whose answers to `textFieldShouldEndEditing` and `textFieldDidEndEditing` run a
/// closure first (to disable fields, move focus) and whose `textFieldShouldEndEditing` answer is
/// settable.
private final class SideEffectDelegate: TextFieldDelegate {
    var allowsBegin = true
    var allowsEnd = true
    var onShouldEnd: ((TextField) -> Void)?
    var onDidEnd: ((TextField) -> Void)?
    private(set) var shouldBeginCount = 0

    func textFieldShouldBeginEditing(_ textField: TextField) -> Bool {
        shouldBeginCount += 1
        return allowsBegin
    }

    func textFieldShouldEndEditing(_ textField: TextField) -> Bool {
        onShouldEnd?(textField)
        return allowsEnd
    }

    func textFieldDidEndEditing(_ textField: TextField, reason: EditingEndReason) { onDidEnd?(textField) }
}

/// Where focus goes and who is asked: focus moved by target-actions stays moved, an approval to
/// begin never outlives its question, a disabled field never begins, one Tab asks each delegate
/// once, and `endEditing` answers for a field that ended while its delegate was asked.
final class FocusAndApprovalTests: XCTestCase {

    // MARK: Return and the editingDidEndOnExit action

    /// UIKit's idiom for a form's Return key is a target-action, not only the delegate:
    /// `field.addTarget(nextField, action: #selector(becomeFirstResponder), for: .editingDidEndOnExit)`.
    /// The field the action chose keeps focus: Return does not move on past it.
    func testReturnLeavesFocusWhereAnEditingDidEndOnExitActionMovedIt() {
        let a = filledField("a"), b = filledField("b"), c = filledField("c")
        let (scene, _) = makeUIKitScene([a, b, c])
        let token = a.addAction(for: .editingDidEndOnExit) { _ in c.becomeFirstResponder() }
        defer { token.cancel() }
        let cRecorder = FieldRecorder(c)
        scene.focus(a, at: 0)
        scene.handle(.key(.enter, []), at: 1)
        XCTAssertTrue(c.isFocused, "the action moved focus to c")
        XCTAssertFalse(b.isFocused, "the scene moved it on again, from a field no longer editing")
        XCTAssertEqual(cRecorder.count(of: "didEnd"), 0, "c was begun and ended by the same Return")
    }

    /// `addTarget(nil, action: #selector(resignFirstResponder), for: .editingDidEndOnExit)`:
    /// Return dismisses the keyboard, and no field is focused after it.
    func testReturnAfterAnEditingDidEndOnExitActionResignedLeavesNoFieldEditing() {
        let a = filledField("a"), b = filledField("b")
        let (scene, _) = makeUIKitScene([a, b])
        let token = a.addAction(for: .editingDidEndOnExit) { $0.resignFirstResponder() }
        defer { token.cancel() }
        scene.focus(a, at: 0)
        scene.handle(.key(.enter, []), at: 1)
        XCTAssertNil(scene.focusedField, "the action ended editing itself")
    }

    /// UIKit sends `editingDidEndOnExit` whenever `textFieldShouldReturn` said yes, also when
    /// the delegate moved focus itself (its usual idiom).
    func testEditingDidEndOnExitIsSentWhenTheDelegateMovedFocusItself() {
        let a = filledField("a"), b = filledField("b"), c = filledField("c")
        let (scene, _) = makeUIKitScene([a, b, c])
        let delegate = ReentrantDelegate()
        delegate.onShouldReturn = { _ in
            c.becomeFirstResponder()
            return true
        }
        a.delegate = delegate
        let recorder = FieldRecorder(a)
        scene.focus(a, at: 0)
        scene.handle(.key(.enter, []), at: 1)
        XCTAssertTrue(c.isFocused)
        XCTAssertEqual(recorder.count(of: "didEndOnExit"), 1, "the delegate said yes to Return")
    }

    // MARK: A disabled field must not begin

    /// A form that disables a field when the one before it ends (say, "confirm password" until
    /// the password is valid): focusing that field directly must not begin it once `a`'s
    /// `textFieldDidEndEditing` has disabled it.
    func testADirectFocusDoesNotBeginAFieldDisabledWhileTheOtherFieldEnded() {
        let a = filledField("a"), b = filledField("b")
        let (scene, _) = makeUIKitScene([a, b])
        let delegate = SideEffectDelegate()
        a.delegate = delegate
        scene.focus(a, at: 0)
        delegate.onDidEnd = { _ in b.isEnabled = false }
        b.focus(at: 1)
        XCTAssertFalse(b.isEnabled)
        XCTAssertFalse(b.isFocused, "a disabled field is editing")
        XCTAssertNotEqual(b.state, .editing)
    }

    // MARK: Approvals left behind

    /// `becomeFirstResponder()` on the field being edited (harmless in UIKit) leaves no yes
    /// behind for a later `focus(at:)`: the delegate is asked then.
    func testBecomeFirstResponderOnTheEditingFieldLeavesNoApprovalBehind() {
        let a = filledField("a"), b = filledField("b")
        let (scene, _) = makeUIKitScene([a, b])
        let delegate = SideEffectDelegate()
        a.delegate = delegate
        scene.focus(a, at: 0)
        XCTAssertTrue(a.becomeFirstResponder())
        XCTAssertTrue(a.resignFirstResponder())
        delegate.allowsBegin = false
        XCTAssertFalse(a.focus(at: 5), "focus used an approval given while the field was already editing")
        XCTAssertFalse(a.isFocused)
    }

    /// A click approves the clicked field, then ends the focused one, whose
    /// `textFieldDidEndEditing` disables the clicked field: the approval goes with it.
    func testAnApprovalDoesNotSurviveTheFieldBeingDisabled() {
        let a = filledField("a"), b = filledField("b")
        let (scene, _) = makeUIKitScene([a, b])
        let aDelegate = SideEffectDelegate(), bDelegate = SideEffectDelegate()
        a.delegate = aDelegate
        b.delegate = bDelegate
        scene.focus(a, at: 0)
        aDelegate.onDidEnd = { _ in b.isEnabled = false }
        clickText(scene, b, time: 1)
        XCTAssertFalse(b.isFocused)
        aDelegate.onDidEnd = nil
        b.isEnabled = true
        bDelegate.allowsBegin = false
        XCTAssertFalse(b.focus(at: 5), "focus used the click's approval without asking the delegate")
    }

    // MARK: Tab passing over fields that will not begin

    /// With nothing focused and a disabled field in the scene, one Tab asks each refusing
    /// delegate once.
    func testOneTabAsksEachRefusingDelegateOnce() {
        let a = filledField("a"), b = filledField("b"), c = filledField("c", enabled: false)
        let (scene, _) = makeUIKitScene([a, b, c])
        let aDelegate = SideEffectDelegate(), bDelegate = SideEffectDelegate()
        aDelegate.allowsBegin = false
        bDelegate.allowsBegin = false
        a.delegate = aDelegate
        b.delegate = bDelegate
        scene.handle(.key(.tab, []), at: 1)
        XCTAssertNil(scene.focusedField)
        XCTAssertEqual(aDelegate.shouldBeginCount, 1, "textFieldShouldBeginEditing asked more than once by one Tab")
        XCTAssertEqual(bDelegate.shouldBeginCount, 1, "textFieldShouldBeginEditing asked more than once by one Tab")
    }

    // MARK: endEditing's answer

    /// `endEditing` "returns whether the field is no longer editing": true for a field its
    /// delegate disabled (and so ended) while answering no.
    func testEndEditingAnswersTrueForAFieldThatEndedWhileItsDelegateWasAsked() {
        let a = filledField("a")
        let (scene, _) = makeUIKitScene([a])
        let delegate = SideEffectDelegate()
        a.delegate = delegate
        scene.focus(a, at: 0)
        delegate.onShouldEnd = { $0.isEnabled = false }
        delegate.allowsEnd = false
        let ended = a.endEditing(at: 1)
        XCTAssertFalse(a.isFocused)
        XCTAssertTrue(ended, "endEditing said the field is still editing")
    }
}
