import MaterialFields
import QATools
import XCTest

/// `FieldStateDriver`: each `FieldVisualState` is the model's state it names, reached through the
/// scene and the field's API (typing goes through a delegate), and a state a field cannot take
/// or would not reach is refused, never drawn as something else.
final class FieldStatesTests: XCTestCase {
    private final class DigitsOnly: TextFieldDelegate {
        func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<Int>, replacementString string: String) -> Bool {
            string.allSatisfy(\.isWholeNumber)
        }
    }

    private final class NeverLetsGo: TextFieldDelegate {
        func textFieldShouldEndEditing(_ textField: TextField) -> Bool { false }
    }

    private let measurer = HalfEmMeasurer()

    /// A fresh field, prefilled and in error as an app might build it, alone in a laid-out scene.
    private func fieldInScene(delegate: TextFieldDelegate? = nil, isEnabled: Bool = true) -> (TextField, FieldScene) {
        let field = TextField(identifier: "f", style: .outlined, label: "Name", text: "built", isEnabled: isEnabled)
        field.applyErrorTheme(message: "built in error")
        field.delegate = delegate
        let scene = FieldScene(fields: [field], scheme: .light)
        scene.resize(to: Size(width: 400, height: 200), measurer: measurer)
        return (field, scene)
    }

    func testEachStateIsTheModelStateItNames() throws {
        for state in FieldVisualState.allCases {
            let (field, scene) = fieldInScene()
            try FieldStateDriver.apply(state, to: field, in: scene, sample: "Ada", errorMessage: "Wrong")
            let name = state.rawValue
            let hasText = [.focusedText, .filled, .error, .errorFocused, .disabled].contains(state)
            XCTAssertEqual(field.text, hasText ? "Ada" : "", name)
            XCTAssertEqual(field.isFocused, [.focusedEmpty, .focusedText, .errorFocused].contains(state), name)
            XCTAssertEqual(field.isHovered, state == .hovered, name)
            XCTAssertEqual(field.errorMessage, [.error, .errorFocused].contains(state) ? "Wrong" : nil, name)
            XCTAssertEqual(field.isEnabled, state != .disabled, name)
            XCTAssertFalse(field.isAnimating(at: 0), "\(name): settled")
        }
    }

    func testTheErrorStatesShowTheFieldsOwnMessageElseTheGenericOne() throws {
        // Given a field built in error with a message of its own, and one built without an error
        let (own, ownScene) = fieldInScene()
        let plain = TextField(identifier: "g", style: .filled, label: "Name")
        let plainScene = FieldScene(fields: [plain], scheme: .light)
        plainScene.resize(to: Size(width: 400, height: 200), measurer: measurer)
        // When each is driven into an error state with no message given
        try FieldStateDriver.apply(.error, to: own, in: ownScene, sample: "Ada")
        try FieldStateDriver.apply(.errorFocused, to: plain, in: plainScene, sample: "Ada")
        // Then the first shows its own message, the second the generic one
        XCTAssertEqual(own.errorMessage, "built in error")
        XCTAssertEqual(plain.errorMessage, FieldVisualState.genericErrorMessage)
        XCTAssertEqual(plain.errorMessage, "Check this entry")
    }

    func testTheSampleIsTypedThroughTheDelegate() throws {
        let delegate = DigitsOnly()
        let (field, scene) = fieldInScene(delegate: delegate)
        try FieldStateDriver.apply(.filled, to: field, in: scene, sample: "a1b2c3")
        XCTAssertEqual(field.text, "123")
    }

    func testAFieldThatKeepsFocusIsNotDrawnAsFilled() {
        let delegate = NeverLetsGo()
        let (field, scene) = fieldInScene(delegate: delegate)
        XCTAssertThrowsError(try FieldStateDriver.apply(.filled, to: field, in: scene, sample: "Ada")) { error in
            XCTAssertEqual("\(error)", "f kept focus after 'Ada' was typed (its delegate refused it)")
        }
    }

    func testAFieldBuiltDisabledTakesOnlyRestingAndDisabled() throws {
        let (field, scene) = fieldInScene(isEnabled: false)
        XCTAssertEqual(FieldVisualState.allCases.filter { $0.applies(to: field) }, [.resting, .disabled])
        XCTAssertThrowsError(try FieldStateDriver.apply(.focusedEmpty, to: field, in: scene, sample: "Ada")) { error in
            XCTAssertEqual("\(error)", "f cannot be focused-empty: it is disabled")
        }
        try FieldStateDriver.apply(.disabled, to: field, in: scene, sample: "Ada")
        XCTAssertEqual(field.text, "Ada")
        XCTAssertFalse(field.isEnabled)
    }
}
