import XCTest
@testable import MaterialFields

/// `showsSecureTextToggle`: the eye shows a secure field's text on screen and nowhere else.
final class SecureToggleTests: XCTestCase {
    /// Letters found nowhere else in the scene (no label shares them).
    private let secret = "Qz7#kV9!wX2$"
    private var bullets: String { String(repeating: "\u{2022}", count: secret.count) }

    private func makeScene(revealed: Bool) throws -> (FieldScene, TextField, RecordingHost) {
        let field = TextField(identifier: "password", style: .filled, label: "Password", text: secret)
        field.isSecureTextEntry = true
        field.showsSecureTextToggle = true
        let other = TextField(identifier: "other", style: .filled, label: "Other")
        let (scene, host) = makeUIKitScene([field, other])
        if revealed { try clickEye(scene, field, at: 0) }
        XCTAssertEqual(field.isSecureTextRevealed, revealed)
        return (scene, field, host)
    }

    private func clickEye(_ scene: FieldScene, _ field: TextField, at time: Double) throws {
        let eye = try XCTUnwrap(field.layout?.trailingIcon, "the eye has a slot")
        clickField(scene, field, at: Point(x: eye.midX, y: eye.midY), time: time)
    }

    private func drawnText(_ field: TextField) -> String {
        (field.advancedAppearance(at: 10, origin: .zero, scheme: .light, showsCaret: true)?.textRuns ?? []).map(\.text).joined()
    }

    private func everythingDrawn(_ scene: FieldScene, at time: Double) -> String {
        scene.invalidateAll()
        let canvas = RecordingCanvas()
        _ = scene.advanceAndRender(on: canvas, at: time)
        return canvas.texts.map(\.text).joined(separator: "|")
    }

    func testTheEyeTogglesWhatIsDrawnAndItsOwnIcon() throws {
        let (scene, field, _) = try makeScene(revealed: false)
        XCTAssertEqual(field.displayedTrailingIcon, .visibility)
        XCTAssertTrue(field.isTrailingIconVisible)
        XCTAssertEqual(drawnText(field), bullets, "hidden: only bullets")
        XCTAssertFalse(everythingDrawn(scene, at: 1).contains("Qz7"))

        try clickEye(scene, field, at: 2)
        XCTAssertTrue(field.isSecureTextRevealed)
        XCTAssertEqual(field.displayedTrailingIcon, .visibilityOff)
        XCTAssertFalse(field.isFocused, "the eye acts without taking focus")
        XCTAssertEqual(drawnText(field), secret, "revealed: the text as typed")
        XCTAssertTrue(everythingDrawn(scene, at: 3).contains(secret))

        try clickEye(scene, field, at: 4)
        XCTAssertFalse(field.isSecureTextRevealed)
        XCTAssertEqual(drawnText(field), bullets)
        XCTAssertFalse(everythingDrawn(scene, at: 5).contains("Qz7"))
    }

    func testRevealedAccessibilityAndCopyStillSeeOnlyBullets() throws {
        let (scene, field, _) = try makeScene(revealed: true)
        scene.focus(field, at: 1)
        field.selection = TextSelection(anchor: 0, head: secret.count)

        XCTAssertEqual(field.displayedText, bullets)
        XCTAssertFalse(field.accessibilityText.contains("Qz7"), field.accessibilityText)
        XCTAssertTrue(field.accessibilityText.contains(bullets), field.accessibilityText)
        XCTAssertNil(field.copyableText)
    }

    func testRevealedCopyCutAndEverySelectionLeaveTheClipboardsEmpty() throws {
        let (scene, field, host) = try makeScene(revealed: true)
        scene.handle(.key(.tab, []), at: 1)
        XCTAssertTrue(field.isFocused)
        scene.handle(.key(.shortcut("a"), .control), at: 2)
        scene.handle(.key(.shortcut("c"), .control), at: 3)
        scene.handle(.key(.insert, .control), at: 4)
        scene.handle(.key(.shortcut("x"), .control), at: 5)
        scene.handle(.key(.delete, .shift), at: 6)
        XCTAssertEqual(field.text, secret, "cut is refused: nothing deleted")
        XCTAssertNil(field.cut(at: 7))
        scene.handle(.key(.left, .shift), at: 8)
        scene.handle(.key(.home, .shift), at: 9)
        let band = try XCTUnwrap(field.layout?.textLine)
        clickField(scene, field, at: Point(x: band.minX + 20, y: band.midY), clickCount: 2, time: 10)
        clickField(scene, field, at: Point(x: band.minX + 20, y: band.midY), clickCount: 3, time: 11)
        XCTAssertFalse(field.selection.isCaret, "something was selected")
        XCTAssertTrue(host.selections.isEmpty, "neither CLIPBOARD nor PRIMARY was ever set: \(host.selections)")
    }

    func testTypingWhileRevealedDrawsTheTextAndHidingDrawsBulletsForAllOfIt() throws {
        let (scene, field, _) = try makeScene(revealed: true)
        scene.focus(field, at: 1)
        field.selection = TextSelection(caret: secret.count)
        typeKeys(scene, "ab", time: 2)
        XCTAssertEqual(drawnText(field), secret + "ab")
        try clickEye(scene, field, at: 3)
        XCTAssertEqual(drawnText(field), bullets + "\u{2022}\u{2022}")
        XCTAssertEqual(field.displayedText, bullets + "\u{2022}\u{2022}")
    }

    func testTurningTheToggleOffOrTheSecureEntryOffAndOnHidesTheTextAgain() throws {
        let (_, field, _) = try makeScene(revealed: true)
        field.showsSecureTextToggle = false
        XCTAssertFalse(field.isSecureTextRevealed, "without the eye nothing can hide it again: hidden now")
        XCTAssertEqual(drawnText(field), bullets)
        XCTAssertFalse(field.isTrailingIconVisible)

        field.showsSecureTextToggle = true
        field.toggleSecureTextReveal()
        XCTAssertEqual(drawnText(field), secret)
        field.isSecureTextEntry = false
        XCTAssertFalse(field.isSecureTextRevealed)
        XCTAssertNil(field.displayedTrailingIcon, "no eye on a field that is not secure")
        field.isSecureTextEntry = true
        XCTAssertFalse(field.isSecureTextRevealed, "becoming secure again starts hidden")
        XCTAssertEqual(drawnText(field), bullets)
    }

    func testRevealedTheFieldStillKeepsNoUndoAndIsNotAutocapitalized() throws {
        let (scene, field, _) = try makeScene(revealed: true)
        field.autocapitalizationType = .allCharacters
        scene.focus(field, at: 1)
        field.selection = TextSelection(caret: secret.count)
        typeKeys(scene, "ab", time: 2)
        XCTAssertTrue(field.text.hasSuffix("ab"))
        XCTAssertFalse(field.canUndo)
    }

    func testTheEyeReplacesTheAppsTrailingIconOnlyWhileTheFieldIsSecure() {
        let field = makeField(.filled, text: secret)
        field.trailingIcon = .info
        field.showsSecureTextToggle = true
        XCTAssertEqual(field.displayedTrailingIcon, .info, "not secure: the app's icon")
        field.isSecureTextEntry = true
        XCTAssertEqual(field.displayedTrailingIcon, .visibility)
        XCTAssertTrue(field.isActionable(.trailingIcon))
    }

    /// A field made secure starts hidden, whatever `toggleSecureTextReveal()` did before.
    func testTurningSecureEntryOnNeverStartsRevealed() {
        let field = makeField(.filled, text: "hunter2")
        field.toggleSecureTextReveal()
        field.isSecureTextEntry = true
        XCTAssertFalse(field.isSecureTextRevealed, "a newly secure field shows dots")
        XCTAssertEqual(field.textLayout.map { String($0.characters) }, String(repeating: "\u{2022}", count: 7))
    }
}
