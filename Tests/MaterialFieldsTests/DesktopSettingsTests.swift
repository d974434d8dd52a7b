import XCTest
@testable import MaterialFields

/// The desktop's settings as the model follows them: the caret's blink (GTK's cycle and
/// timeout, or none at all), animations turned off (the end state in the same frame, no frames
/// after), middle-click paste turned off, the scale and the theme the settings ask for.
final class DesktopSettingsTests: XCTestCase {
    /// A scene of two stacked fields, laid out, with a recording host and the window focused.
    private func makeScene() -> (FieldScene, TextField, TextField, RecordingHost) {
        let first = TextField(identifier: "first", style: .filled, label: "First")
        let second = TextField(identifier: "second", style: .outlined, label: "Second")
        let scene = FieldScene(fields: [first, second], scheme: .light)
        let host = RecordingHost()
        scene.host = host
        scene.resize(to: Size(width: 400, height: 300), measurer: sharedMeasurer)
        scene.handle(.windowFocus(true), at: 0)
        return (scene, first, second, host)
    }

    // MARK: Caret blink

    func testTheBlinkCycleIsGTKsTwoThirdsShownAndOneThirdHidden() {
        var blink = CaretBlink()
        blink.follow(DesktopSettings(cursorBlinkTime: 0.9))
        blink.restart(at: 0)
        XCTAssertEqual(blink.onDuration, 0.6, accuracy: 1e-12)
        XCTAssertEqual(blink.offDuration, 0.3, accuracy: 1e-12)
        XCTAssertTrue(blink.isVisible(at: 0.59))
        XCTAssertFalse(blink.isVisible(at: 0.61))
        XCTAssertTrue(blink.isVisible(at: 0.91))
        XCTAssertEqual(blink.nextChange(after: 0) ?? -1, 0.6, accuracy: 1e-12)
        XCTAssertEqual(blink.nextChange(after: 0.7) ?? -1, 0.9, accuracy: 1e-12)
    }

    func testAnAbsurdBlinkTimeIsClampedAsGTKClampsIt() {
        var blink = CaretBlink()
        blink.follow(DesktopSettings(cursorBlinkTime: 0))
        XCTAssertEqual(blink.onDuration + blink.offDuration, 0.1, accuracy: 1e-12, "GTK's minimum cycle")
        blink.follow(DesktopSettings(cursorBlinkTime: -5))
        XCTAssertEqual(blink.onDuration + blink.offDuration, 0.1, accuracy: 1e-12)
        for unusable in [Double.nan, .infinity, -.infinity] {
            blink.follow(DesktopSettings(cursorBlinkTime: unusable))
            XCTAssertEqual([blink.onDuration, blink.offDuration], [0.5, 0.5], "\(unusable): the default")
        }
    }

    func testTheBlinkTimeoutStopsBlinkingAfterThatManySecondsOfIdle() {
        var blink = CaretBlink()
        blink.follow(DesktopSettings(cursorBlinkTimeout: 3))
        blink.restart(at: 10)
        XCTAssertNotNil(blink.nextChange(after: 12.9))
        XCTAssertNil(blink.nextChange(after: 13), "idle for the timeout: solid, no wake-ups")
        XCTAssertTrue(blink.isVisible(at: 13.6))
        blink.follow(DesktopSettings(cursorBlinkTimeout: 0))
        XCTAssertNil(blink.nextChange(after: 10), "a timeout of 0 is no blinking, as GTK documents it")
        blink.follow(DesktopSettings())
        XCTAssertEqual(blink.idleTimeout, 10, "a desktop that says nothing: the default")
    }

    func testBlinkingOffShowsTheCaretSolidWithNoWakeups() {
        var blink = CaretBlink()
        blink.follow(DesktopSettings(cursorBlink: false, cursorBlinkTime: 0.4))
        blink.restart(at: 0)
        for step in 0..<40 { XCTAssertTrue(blink.isVisible(at: Double(step) * 0.05)) }
        XCTAssertNil(blink.nextChange(after: 0))
        XCTAssertNil(blink.nextChange(after: 0.3))
    }

    func testAFocusedSceneStopsWakingForTheCaretWhenBlinkingGoesOff() {
        // Given a field being edited, its caret blinking: the scene wakes for the next phase
        let (scene, first, _, host) = makeScene()
        scene.focus(first, at: 0)
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 1)
        XCTAssertEqual(scene.nextWakeup(after: 1), 1.5, "blinking: the next phase")
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 1.6)
        XCTAssertFalse(first.isCaretVisible(at: 1.6), "in its hidden phase")

        // When the desktop turns blinking off
        let invalidations = host.invalidations
        scene.desktopSettings = DesktopSettings(cursorBlink: false)

        // Then the scene asks to draw once (the hidden caret shows) and never wakes after
        XCTAssertGreaterThan(host.invalidations, invalidations)
        XCTAssertTrue(first.isCaretVisible(at: 1.6))
        let drawn = scene.advanceAndRender(on: RecordingCanvas(), at: 1.6)
        XCTAssertFalse(drawn.isEmpty, "the caret is drawn back")
        XCTAssertNil(scene.nextWakeup(after: 1.6))
        XCTAssertTrue(scene.advanceAndRender(on: RecordingCanvas(), at: 5).isEmpty, "nothing changes with time")

        // And a field focused afterwards never blinks either
        scene.handle(.key(.tab, []), at: 6)
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 6.5)
        XCTAssertTrue(scene.fields[1].isFocused)
        XCTAssertNil(scene.nextWakeup(after: 6.5))

        // And turned on again, the caret blinks again at the desktop's rate
        scene.desktopSettings = DesktopSettings(cursorBlink: true, cursorBlinkTime: 0.3)
        scene.handle(.text("x"), at: 7)
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 7)
        XCTAssertEqual(scene.nextWakeup(after: 7) ?? -1, 7.2, accuracy: 1e-9)
    }

    // MARK: Animations

    func testAnimationsOffJumpToTheEndStateWithNoFramesAfter() {
        // Given the desktop turned animations off
        let (scene, first, _, _) = makeScene()
        scene.desktopSettings = DesktopSettings(cursorBlink: false, animationsEnabled: false)
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 0)

        // When a field is focused (the label floats, the indicator grows) and drawn
        scene.focus(first, at: 1)
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 1)

        // Then its first frame is the end state and nothing asks for another frame
        XCTAssertEqual(first.labelFloatProgress(at: 1), 1)
        XCTAssertEqual(first.activationProgress(at: 1), 1)
        XCTAssertFalse(first.isAnimating(at: 1))
        XCTAssertNil(scene.nextWakeup(after: 1), "no animation frames (and no blink)")

        // And an error's colours and new helper text arrive at once too
        first.applyErrorTheme(message: "Wrong")
        first.helperText = "help"
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 2)
        XCTAssertFalse(first.isAnimating(at: 2))
        XCTAssertNil(scene.nextWakeup(after: 2))
    }

    func testAnimationsOffWinOverTheSlowdownAndEndATransitionUnderWay() {
        let (scene, first, _, _) = makeScene()
        first.animationSlowdown = 20
        scene.focus(first, at: 0)
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 0.1)
        XCTAssertTrue(first.isAnimating(at: 0.1), "a 3 s float under way")

        scene.desktopSettings = DesktopSettings(animationsEnabled: false)
        XCTAssertFalse(first.isAnimating(at: 0.1), "ended where it was heading")
        XCTAssertEqual(first.labelFloatProgress(at: 0.1), 1)

        scene.desktopSettings = DesktopSettings(animationsEnabled: true)
        first.resignFirstResponder()
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 0.2)
        XCTAssertTrue(first.isAnimating(at: 0.3), "on again: the slowdown stands")
    }

    func testARAGPlaceholdersOwnDurationTakesNoTimeEither() {
        let field = TextField(identifier: "rag", style: .rag, placeholder: "City")
        field.placeholderMode = .scalesWhenEditing
        field.placeholderAnimationDuration = 2
        let scene = FieldScene(fields: [field], scheme: .light)
        scene.resize(to: Size(width: 400, height: 200), measurer: sharedMeasurer)
        scene.desktopSettings = DesktopSettings(animationsEnabled: false)
        scene.focus(field, at: 0)
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 0)
        XCTAssertFalse(field.isAnimating(at: 0))
    }

    // MARK: Middle-click paste

    func testMiddleClickPastesPrimaryUnlessTheDesktopTurnedItOff() {
        let (scene, first, second, host) = makeScene()
        host.selections[.primary] = "from elsewhere"
        let target = scene.frame(of: first)!
        let middle = InputEvent.pointerDown(Point(x: target.midX, y: target.midY), button: .middle, clickCount: 1, modifiers: [])

        scene.desktopSettings = DesktopSettings(primaryPasteEnabled: false)
        XCTAssertFalse(scene.handle(middle, at: 0))
        host.answerPastes()
        XCTAssertEqual(first.text, "")
        XCTAssertTrue(host.pendingPastes.isEmpty, "PRIMARY is not even asked for")

        // Selecting still offers PRIMARY, as in GTK.
        scene.focus(second, at: 1)
        scene.handle(.text("mine"), at: 1)
        scene.handle(.key(.shortcut("a"), .control), at: 1)
        XCTAssertEqual(host.selections[.primary], "mine")

        scene.desktopSettings = DesktopSettings(primaryPasteEnabled: true)
        XCTAssertTrue(scene.handle(middle, at: 2))
        host.answerPastes()
        XCTAssertEqual(first.text, "mine")
    }

    // MARK: Scale and theme

    func testScaleIsTheDpiOverNinetySixWithinHalfToFour() {
        XCTAssertNil(DesktopSettings().scale)
        XCTAssertEqual(DesktopSettings(dpi: 144).scale, 1.5)
        XCTAssertEqual(DesktopSettings(dpi: 20).scale, 0.5)
        XCTAssertEqual(DesktopSettings(dpi: 9600).scale, 4)
        XCTAssertNil(DesktopSettings(dpi: 0).scale)
        XCTAssertNil(DesktopSettings(dpi: .infinity).scale)
        XCTAssertNil(DesktopSettings(dpi: -96).scale)
    }

    func testTheThemeNameAndTheDarkPreferenceGiveTheLook() {
        let cases: [(String?, Bool, DesktopTheme)] = [
            (nil, false, .light), ("Adwaita", false, .light), ("Adwaita-dark", false, .dark), ("Adwaita", true, .dark),
            ("Arc-Dark", false, .dark), ("-dark", false, .dark), ("darkness", false, .light), ("Adwaita-darker", false, .light),
            ("HighContrast", false, .highContrast), ("highcontrast", false, .highContrast),
            ("HighContrast", true, .highContrastInverse), ("HighContrastInverse", false, .highContrastInverse),
            ("HighContrastInverse", true, .highContrastInverse), ("HighContrast-dark", false, .highContrastInverse),
            ("HighContrastish", false, .light), ("", true, .dark),
        ]
        for (name, prefersDark, expected) in cases {
            XCTAssertEqual(DesktopSettings(themeName: name, prefersDarkTheme: prefersDark).theme, expected, "\(name ?? "nil") \(prefersDark)")
        }
        XCTAssertEqual(DesktopTheme.allCases.filter(\.isDark), [.dark, .highContrastInverse])
    }

    func testAChangedScaleArrangesTheSceneAtTheNewSize() {
        let (scene, first, _, _) = makeScene()
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 0)
        XCTAssertEqual(scene.frame(of: first)?.height, 56)
        scene.metrics = MaterialMetrics(scale: 2)
        let drawn = scene.advanceAndRender(on: RecordingCanvas(), at: 1)
        XCTAssertEqual(drawn, [Rect(x: 0, y: 0, width: 400, height: 300)], "everything drawn again")
        XCTAssertEqual(scene.frame(of: first)?.height, 112)
    }
}
