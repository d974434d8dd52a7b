import XCTest
@testable import MaterialFields

/// A delegate whose answers are closures, so a test can re-enter the field or the scene from
/// inside a callback. Depth counters bound the re-entry, so an unbounded recursion shows as a
/// failed assertion rather than a stack overflow.
final class ReentrantDelegate: TextFieldDelegate {
    var onShouldReturn: ((TextField) -> Bool)?
    var onShouldEnd: ((TextField) -> Void)?
    var onDidEnd: ((TextField) -> Void)?
    var onShouldApply: ((TextField, TextEdit) -> TextEdit?)?
    var allowsBegin = true
    private(set) var shouldEndDepth = 0
    private(set) var deepestShouldEnd = 0
    private(set) var didEndCount = 0
    private(set) var didBeginCount = 0
    /// Re-entry stops at this depth (the answer is then a plain yes).
    let depthLimit = 6

    func textFieldShouldBeginEditing(_ textField: TextField) -> Bool { allowsBegin }
    func textFieldDidBeginEditing(_ textField: TextField) { didBeginCount += 1 }

    func textFieldShouldEndEditing(_ textField: TextField) -> Bool {
        shouldEndDepth += 1
        defer { shouldEndDepth -= 1 }
        deepestShouldEnd = max(deepestShouldEnd, shouldEndDepth)
        if shouldEndDepth < depthLimit { onShouldEnd?(textField) }
        return true
    }

    func textFieldDidEndEditing(_ textField: TextField, reason: EditingEndReason) {
        didEndCount += 1
        if didEndCount < depthLimit { onDidEnd?(textField) }
    }

    func textFieldShouldReturn(_ textField: TextField) -> Bool { onShouldReturn?(textField) ?? true }

    func textField(_ textField: TextField, shouldApply edit: TextEdit) -> TextEdit? { onShouldApply?(textField, edit) ?? edit }
}

/// Delegates that re-enter the field or the scene from inside their callbacks: focus moved by
/// `textFieldShouldReturn`, `becomeFirstResponder` and `resignFirstResponder` from inside
/// `textFieldShouldEndEditing` or `textFieldDidEndEditing`, an approval that must not outlive
/// `canBeginEditing`, Tab in the only field, and text replaced inside `textField(_:shouldApply:)`.
final class DelegateReentrancyTests: XCTestCase {

    // MARK: Return and focus the delegate moved itself

    /// UIKit's usual `textFieldShouldReturn`: move focus yourself, return true. The field the
    /// delegate chose keeps focus.
    func testReturnDoesNotOverrideFocusTheDelegateMovedItself() {
        let a = filledField("a"), b = filledField("b"), c = filledField("c")
        let (scene, _) = makeUIKitScene([a, b, c])
        let delegate = ReentrantDelegate()
        delegate.onShouldReturn = { _ in
            c.becomeFirstResponder()
            return true
        }
        a.delegate = delegate
        scene.focus(a, at: 0)
        scene.handle(.key(.enter, []), at: 1)
        XCTAssertTrue(c.isFocused, "the delegate moved focus to c")
        XCTAssertFalse(b.isFocused, "the scene must not move it on again from a field that is no longer editing")
    }

    /// The commonest iOS idiom: `textField.resignFirstResponder(); return true` dismisses the
    /// keyboard, and no field is focused after it.
    func testReturnAfterTheDelegateResignedLeavesNoFieldEditing() {
        let a = filledField("a"), b = filledField("b")
        let (scene, _) = makeUIKitScene([a, b])
        let delegate = ReentrantDelegate()
        delegate.onShouldReturn = { field in
            field.resignFirstResponder()
            return true
        }
        a.delegate = delegate
        scene.focus(a, at: 0)
        scene.handle(.key(.enter, []), at: 1)
        XCTAssertNil(scene.focusedField, "the delegate ended editing itself")
    }

    // MARK: Re-entrancy from textFieldShouldEndEditing

    /// A delegate that moves focus to another field from `textFieldShouldEndEditing` must not
    /// recurse (takeFocus(b) asks a to end, which asks the delegate, which focuses b ...); the
    /// delegate's depth limit turns a recursion into a failed assertion, not a stack overflow.
    func testBecomeFirstResponderFromShouldEndEditingDoesNotRecurse() {
        let a = filledField("a"), b = filledField("b"), c = filledField("c")
        let (scene, _) = makeUIKitScene([a, b, c])
        let delegate = ReentrantDelegate()
        a.delegate = delegate
        scene.focus(a, at: 0)
        delegate.onShouldEnd = { _ in c.becomeFirstResponder() }
        scene.handle(.key(.tab, []), at: 1)
        XCTAssertEqual(delegate.deepestShouldEnd, 1, "textFieldShouldEndEditing re-entered itself")
        XCTAssertEqual(delegate.didEndCount, 1, "a ended editing more than once")
        XCTAssertLessThanOrEqual(scene.fields.filter(\.isFocused).count, 1)
    }

    /// `resignFirstResponder()` from inside `textFieldShouldEndEditing` re-enters `endEditing`
    /// (the field is still focused while it asks) and must not recurse.
    func testResignFirstResponderFromShouldEndEditingDoesNotRecurse() {
        let a = filledField("a"), b = filledField("b")
        let (scene, _) = makeUIKitScene([a, b])
        let delegate = ReentrantDelegate()
        a.delegate = delegate
        scene.focus(a, at: 0)
        delegate.onShouldEnd = { field in field.resignFirstResponder() }
        a.resignFirstResponder()
        XCTAssertEqual(delegate.deepestShouldEnd, 1, "textFieldShouldEndEditing re-entered itself")
        XCTAssertEqual(delegate.didEndCount, 1, "didEndEditing once per session")
    }

    // MARK: Re-entrancy from textFieldDidEndEditing

    /// A field that takes focus back in `textFieldDidEndEditing` (validation: "stay here"): after
    /// Tab it alone is editing.
    func testOnlyOneFieldEditsWhenADidEndDelegateTakesFocusBack() {
        let a = filledField("a"), b = filledField("b")
        let (scene, _) = makeUIKitScene([a, b])
        let delegate = ReentrantDelegate()
        a.delegate = delegate
        scene.focus(a, at: 0)
        delegate.onDidEnd = { field in field.becomeFirstResponder() }
        scene.handle(.key(.tab, []), at: 1)
        let editing = scene.fields.filter(\.isFocused).map(\.identifier)
        XCTAssertLessThanOrEqual(editing.count, 1, "editing at once: \(editing)")
    }

    /// An app focusing `b` directly (`b.focus(at:)`, whose owner scene ends `a` first)
    /// while `a`'s `textFieldDidEndEditing` moves focus to `b` (the same intent, from a delegate):
    /// `b` begins once: didBegin and editingDidBegin once each.
    func testBeginningIsNotRunTwiceWhenTheEndingFieldFocusesTheNewOne() {
        let a = filledField("a"), b = filledField("b")
        let (scene, _) = makeUIKitScene([a, b])
        let aDelegate = ReentrantDelegate(), bDelegate = ReentrantDelegate()
        a.delegate = aDelegate
        b.delegate = bDelegate
        scene.focus(a, at: 0)
        aDelegate.onDidEnd = { _ in b.becomeFirstResponder() }
        let recorder = FieldRecorder(b)
        b.focus(at: 1)
        XCTAssertTrue(b.isFocused)
        XCTAssertEqual(bDelegate.didBeginCount, 1, "textFieldDidBeginEditing once per session")
        XCTAssertEqual(recorder.count(of: "didBegin"), 1, "editingDidBegin once per session")
    }

    // MARK: canBeginEditing

    /// `canBeginEditing()` is public and "asked each time": its yes is not stored for a later
    /// `focus`, which asks the delegate itself.
    func testCanBeginEditingDoesNotLeaveAnApprovalForALaterFocus() {
        let field = makeField(.filled)
        let delegate = ReentrantDelegate()
        field.delegate = delegate
        XCTAssertTrue(field.canBeginEditing())
        delegate.allowsBegin = false   // later, the delegate says no
        XCTAssertFalse(field.focus(at: 5), "focus skipped textFieldShouldBeginEditing")
        XCTAssertFalse(field.isFocused)
    }

    // MARK: Tab in the only field

    /// Tab in the only enabled field keeps editing it: with `clearsOnBeginEditing` (a
    /// one-time-code form) what the user just typed stays.
    func testTabInTheOnlyFieldDoesNotClearWhatWasTyped() {
        let code = filledField("code")
        code.clearsOnBeginEditing = true
        let (scene, _) = makeUIKitScene([code])
        scene.focus(code, at: 0)
        typeKeys(scene, "482913", time: 1)
        scene.handle(.key(.tab, []), at: 2)
        XCTAssertEqual(code.text, "482913")
    }

    // MARK: shouldApply

    /// A delegate that changes the text in `textField(_:shouldApply:)` and returns the edit must
    /// not get the old range applied to the new text (a keystroke landing somewhere else).
    func testAnEditIsNotAppliedToTextTheDelegateReplacedInShouldApply() {
        let field = makeField(.filled, text: "abc")
        let delegate = ReentrantDelegate()
        field.delegate = delegate
        field.focus(at: 0)
        field.selection = TextSelection(caret: 3)
        delegate.onShouldApply = { field, edit in
            field.text = "wxyz"   // say, a formatter that normalises and then lets the key through
            return edit
        }
        field.insert("d", at: 1)
        XCTAssertEqual(field.text, "wxyz", "the edit's range 3..<3 was computed on \"abc\"")
    }
}
