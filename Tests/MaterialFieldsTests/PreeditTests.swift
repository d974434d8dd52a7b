import XCTest
@testable import MaterialFields

/// An input method's preedit in the model: shown inline without being text, committed as one
/// edit, reset as GTK resets its input context.
final class PreeditTests: XCTestCase {
    /// A host whose input method hands back `resetAnswer` when reset.
    final class ComposingHost: SceneHost {
        var resetAnswer: String?
        var resets = 0
        var spots: [Rect] = []
        func setSelectionText(_ text: String, for selection: SelectionKind) {}
        func requestSelectionText(_ selection: SelectionKind, completion: @escaping (String?) -> Void) {}
        func setNeedsRender() {}
        func setPointerShape(_ shape: PointerShape) {}
        func setInputMethodSpot(_ caret: Rect) { spots.append(caret) }
        func ringBell() {}
        func resetInputMethod() -> String? {
            resets += 1
            return resetAnswer
        }
    }

    final class CountingDelegate: TextFieldDelegate {
        var questions = 0
        func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<Int>, replacementString string: String) -> Bool {
            questions += 1
            return true
        }
    }

    private func makeScene(_ texts: [String] = ["ab", "cd"], width: Double = 400) -> (FieldScene, [TextField], ComposingHost) {
        let fields = texts.enumerated().map { TextField(identifier: "f\($0.offset)", style: .filled, label: "L", text: $0.element) }
        let scene = FieldScene(fields: fields, scheme: .light)
        let host = ComposingHost()
        scene.host = host
        scene.resize(to: Size(width: width, height: 400), measurer: sharedMeasurer)
        scene.focus(fields[0], at: 0)
        fields[0].selection = TextSelection(caret: fields[0].count)
        return (scene, fields, host)
    }

    func testAPreeditLeavesTextUndoCounterDelegateAndObserversAlone() {
        let (scene, fields, _) = makeScene()
        let field = fields[0]
        field.maximumLength = 10
        let delegate = CountingDelegate()
        field.delegate = delegate
        var changes = 0, textEvents = 0
        _ = field.addAction(for: .editingChanged) { _ in changes += 1 }
        _ = field.observe { _, event in if case .textChanged = event { textEvents += 1 } }
        let counter = field.displayedTrailingAssistiveText

        XCTAssertTrue(scene.handle(.preeditChanged(Preedit(text: "하")), at: 1))

        XCTAssertEqual(field.preedit?.text, "하")
        XCTAssertEqual(field.text, "ab")
        XCTAssertEqual(field.selection, TextSelection(caret: 2))
        XCTAssertFalse(field.canUndo)
        XCTAssertEqual(field.displayedTrailingAssistiveText, counter, "the counter counts committed text only")
        XCTAssertEqual(delegate.questions, 0)
        XCTAssertEqual(changes, 0)
        XCTAssertEqual(textEvents, 0)
        XCTAssertEqual(field.accessibilityText, field.accessibilityText)
        XCTAssertEqual(scene.handle(.preeditChanged(nil), at: 2), true)
        XCTAssertNil(field.preedit)
    }

    func testACommitIsOneInputMethodEditAndOneUndoStepApartFromTypedKeys() {
        let (scene, fields, _) = makeScene([""])
        let field = fields[0]
        var causes: [EditCause] = []
        _ = field.observe { _, event in if case .textChanged(let applied) = event { causes.append(applied.edit.cause) } }
        scene.handle(.text("a"), at: 1)
        scene.handle(.preeditChanged(Preedit(text: "ㅎ")), at: 2)
        scene.handle(.preeditChanged(Preedit(text: "한")), at: 3)
        scene.handle(.inputMethodText("한"), at: 4)
        scene.handle(.preeditChanged(nil), at: 4)

        XCTAssertEqual(field.text, "a한")
        XCTAssertEqual(causes, [.typing, .inputMethod], "the preedit's steps are no edits; the commit is one")
        XCTAssertTrue(scene.perform(.undo, at: 5))
        XCTAssertEqual(field.text, "a", "the commit is its own undo step, not merged with the key before it")
    }

    func testThePreeditIsDrawnInPlaceOfTheSelectionUnderlinedWithTheInputMethodsCaret() throws {
        let (scene, fields, _) = makeScene(["abcd"])
        let field = fields[0]
        field.selection = TextSelection(anchor: 1, head: 3)
        scene.handle(.preeditChanged(Preedit(text: "XYZ", caret: 1)), at: 1)

        let appearance = try XCTUnwrap(field.appearance(at: 1, origin: .zero, scheme: .light, showsCaret: true))
        XCTAssertEqual(appearance.textRuns.map(\.text).joined(), "aXYZd", "drawn as if committed over the selection")
        XCTAssertTrue(appearance.selection.isEmpty, "no selection, no highlight: the preedit is only underlined")
        let band = try XCTUnwrap(field.layout?.textLine)
        // FakeMeasurer: 8 px a character at 16 px.
        let underline = try XCTUnwrap(appearance.composition.first?.path.bounds)
        XCTAssertEqual(appearance.composition.count, 1)
        XCTAssertEqual(underline.minX, (band.minX + 8).rounded())
        XCTAssertEqual(underline.width, 24)
        XCTAssertEqual(underline.height, 1, "1 px at scale 1")
        let caret = try XCTUnwrap(appearance.caret?.path.bounds)
        XCTAssertEqual(caret.minX, (band.minX + 16).rounded(), "the caret stands where the input method put it, after X")
        XCTAssertEqual(field.text, "abcd")
    }

    /// A preedit whose first cluster joins the text before it (a combining acute after "e") is
    /// placed where the layout holds it: its underline ends at the text's end, its caret inside it.
    func testAPreeditJoiningTheTextBeforeItStaysInsideTheLayout() throws {
        let (scene, fields, _) = makeScene(["abe"])
        let field = fields[0]
        field.selection = TextSelection(caret: 3)
        scene.handle(.preeditChanged(Preedit(text: "\u{301}xy", caret: 3)), at: 1)
        let composed = try XCTUnwrap(field.composedText())
        XCTAssertEqual(composed.layout.count, 5, "ab, é, x, y")
        XCTAssertEqual(composed.range, 2..<5)
        XCTAssertEqual(composed.caret, 5)
        let appearance = try XCTUnwrap(field.appearance(at: 1, origin: .zero, scheme: .light, showsCaret: true))
        XCTAssertEqual(appearance.textRuns.map(\.text).joined(), "abe\u{301}xy")
        let band = try XCTUnwrap(field.layout?.textLine)
        let underline = try XCTUnwrap(appearance.composition.first?.path.bounds)
        XCTAssertEqual(underline.maxX, (band.minX + 40).rounded(), "the underline ends at the last cluster")
    }

    func testAHighlightedSegmentIsFilledBehindAndUnderlinedTwiceAsThick() throws {
        let (scene, fields, _) = makeScene(["ab"])
        let field = fields[0]
        let preedit = Preedit(text: "你好ma", caret: 2, segments: [.init(range: 0..<2, emphasis: .highlighted),
                                                                    .init(range: 2..<4, emphasis: .underlined)])
        scene.handle(.preeditChanged(preedit), at: 1)
        let appearance = try XCTUnwrap(field.appearance(at: 1, origin: .zero, scheme: .light, showsCaret: true))
        XCTAssertEqual(appearance.selection.count, 1, "the converted segment's background")
        XCTAssertEqual(appearance.composition.map { $0.path.bounds.height }, [2, 1])
        XCTAssertEqual(appearance.selection.first?.path.bounds.width, 16)
    }

    func testTheInputMethodsSpotFollowsThePreeditsCaret() throws {
        let (scene, fields, host) = makeScene(["ab"])
        scene.advanceAndRender(on: RecordingCanvas(), at: 0)
        let before = try XCTUnwrap(host.spots.last)
        scene.handle(.preeditChanged(Preedit(text: "XYZ")), at: 1)
        scene.advanceAndRender(on: RecordingCanvas(), at: 1)
        let after = try XCTUnwrap(host.spots.last)
        XCTAssertEqual(after.minX - before.minX, 24, "three characters further")
        XCTAssertEqual(fields[0].text, "ab")
    }

    func testALongLineScrollsToShowThePreeditsCaret() throws {
        let (scene, fields, _) = makeScene([String(repeating: "x", count: 100)], width: 200)
        let field = fields[0]
        field.selection = TextSelection(caret: 100)
        scene.handle(.preeditChanged(Preedit(text: String(repeating: "y", count: 30))), at: 1)
        let appearance = try XCTUnwrap(field.appearance(at: 1, origin: .zero, scheme: .light, showsCaret: true))
        let caret = try XCTUnwrap(appearance.caret?.path.bounds)
        let band = try XCTUnwrap(field.layout?.textLine)
        XCTAssertLessThanOrEqual(caret.maxX, band.maxX)
        XCTAssertGreaterThanOrEqual(caret.minX, band.minX)
        XCTAssertTrue(appearance.textRuns.map(\.text).joined().hasSuffix("y"), "the preedit's end shows")
    }

    func testMovingFocusResetsTheInputMethodAndCommitsWhatItHandsBack() {
        let (scene, fields, host) = makeScene()
        host.resetAnswer = "글"
        scene.handle(.preeditChanged(Preedit(text: "글")), at: 1)
        XCTAssertTrue(scene.handle(.key(.tab, []), at: 2))
        XCTAssertEqual(host.resets, 1)
        XCTAssertEqual(fields[0].text, "ab글")
        XCTAssertNil(fields[0].preedit)
        XCTAssertTrue(fields[1].isFocused)
        XCTAssertEqual(fields[1].text, "cd")
    }

    func testALateCommitAfterAResetLandsInTheFieldThatComposedIt() {
        let (scene, fields, host) = makeScene()
        scene.handle(.preeditChanged(Preedit(text: "글")), at: 1)
        scene.handle(.key(.tab, []), at: 2)
        XCTAssertEqual(host.resets, 1)
        // ibus commits the syllable it flushed on reset through the loop, after focus moved.
        scene.handle(.preeditChanged(nil), at: 3)
        scene.handle(.inputMethodText("글"), at: 3)
        XCTAssertEqual(fields[0].text, "ab글")
        XCTAssertEqual(fields[1].text, "cd")
        // The next commit is the focused field's again.
        scene.handle(.inputMethodText("한"), at: 4)
        XCTAssertEqual(fields[1].text, "한", "Tab selected the text, which the commit replaced")
    }

    func testACommitQueuedBehindTheKeyThatEndedThePreeditLandsInTheFieldThatComposedIt() {
        let (scene, fields, host) = makeScene()
        scene.handle(.preeditChanged(Preedit(text: "ㄱ")), at: 1)
        // Hangul takes Tab as the end of the syllable: it clears its preedit, commits the jamo and
        // passes Tab back, and Xlib may queue the passed-back Tab before the commit.
        scene.handle(.preeditChanged(nil), at: 1.01)
        scene.handle(.key(.tab, []), at: 1.02)
        XCTAssertTrue(fields[1].isFocused)
        XCTAssertEqual(host.resets, 0, "nothing composes any more: nothing to reset")
        scene.handle(.inputMethodText("ㄱ"), at: 1.03)
        XCTAssertEqual(fields[0].text, "abㄱ")
        XCTAssertEqual(fields[1].text, "cd")
    }

    func testAPreeditTheInputMethodDroppedLongAgoDoesNotCatchALaterCommit() {
        let (scene, fields, _) = makeScene()
        scene.handle(.preeditChanged(Preedit(text: "ni")), at: 1)
        // Escape: pinyin drops its preedit and commits nothing.
        scene.handle(.preeditChanged(nil), at: 1.1)
        scene.handle(.key(.tab, []), at: 3)
        // Pinyin commits a full-width comma directly, with no preedit.
        scene.handle(.inputMethodText("，"), at: 4)
        XCTAssertEqual(fields[0].text, "ab")
        XCTAssertEqual(fields[1].text, "，", "Tab selected the text, which the commit replaced")
    }

    func testAClickEscapeAndWindowFocusLossResetAWhileComposing() {
        let (scene, fields, host) = makeScene()
        let frame = scene.frame(of: fields[0])!
        let inside = Point(x: frame.minX + 20, y: frame.minY + 30)
        scene.handle(.preeditChanged(Preedit(text: "ㄱ")), at: 1)
        scene.handle(.pointerDown(inside, button: .primary, clickCount: 1, modifiers: []), at: 2)
        scene.handle(.pointerUp(inside, button: .primary), at: 2)
        XCTAssertEqual(host.resets, 1)
        XCTAssertNil(fields[0].preedit)
        XCTAssertTrue(fields[0].isFocused)

        scene.handle(.windowFocus(true), at: 3)
        scene.handle(.preeditChanged(Preedit(text: "ㄱ")), at: 3)
        scene.handle(.windowFocus(false), at: 4)
        XCTAssertEqual(host.resets, 2)

        scene.handle(.windowFocus(true), at: 5)
        scene.handle(.preeditChanged(Preedit(text: "ㄱ")), at: 5)
        scene.handle(.key(.escape, []), at: 6)
        XCTAssertEqual(host.resets, 3)
        XCTAssertNil(fields[0].preedit)
        XCTAssertFalse(fields[0].isFocused)
        XCTAssertEqual(fields[0].text, "ab")

        scene.handle(.preeditChanged(Preedit(text: "ㄱ")), at: 7)
        XCTAssertNil(fields[0].preedit, "a field not being edited shows no preedit")
        XCTAssertEqual(host.resets, 3, "nothing composes, nothing to reset")
    }

    /// ComposingHost that also shows popups (as the window does, without drawing them).
    final class ComposingPopupHost: SceneHost {
        var resetAnswer: String?
        var resets = 0
        var shown = 0
        func setSelectionText(_ text: String, for selection: SelectionKind) {}
        func requestSelectionText(_ selection: SelectionKind, completion: @escaping (String?) -> Void) {}
        func setNeedsRender() {}
        func setPointerShape(_ shape: PointerShape) {}
        func setInputMethodSpot(_ caret: Rect) {}
        func ringBell() {}
        func resetInputMethod() -> String? {
            resets += 1
            return resetAnswer
        }
        func showPopup(_ popup: ScenePopup, anchor: PopupAnchor) -> Bool {
            shown += 1
            popup.placement = anchor.place(popup.surfaceSize, in: Rect(x: 0, y: 0, width: 1000, height: 800))
            return true
        }
        func closePopup(_ popup: ScenePopup) {}
    }

    private func makePopupScene() -> (FieldScene, TextField, ComposingPopupHost) {
        let field = TextField(identifier: "f0", style: .filled, label: "L", text: "ab")
        let scene = FieldScene(fields: [field], scheme: .light)
        let host = ComposingPopupHost()
        scene.host = host
        scene.resize(to: Size(width: 400, height: 400), measurer: sharedMeasurer)
        scene.focus(field, at: 0)
        field.selection = TextSelection(caret: field.count)
        return (scene, field, host)
    }

    func testARightClickWhileComposingCommitsTheSyllableIbusSendsAfterTheMenuOpened() {
        let (scene, field, host) = makePopupScene()
        let frame = scene.frame(of: field)!
        // Past the end of "ab": the press leaves the caret where the syllable was composed.
        let inside = Point(x: frame.minX + 200, y: frame.minY + 30)
        scene.handle(.preeditChanged(Preedit(text: "하")), at: 1)
        scene.handle(.pointerDown(inside, button: .secondary, clickCount: 1, modifiers: []), at: 2)
        XCTAssertNotNil(scene.shownContextMenu, "the right-click opened the menu")
        XCTAssertEqual(host.resets, 1)
        func undoEnabled() -> Bool? { scene.shownContextMenu?.items.first { $0.identifier == .undo }?.isEnabled }
        XCTAssertEqual(undoEnabled(), false, "nothing to undo yet")
        // ibus hands the reset syllable back through the event loop: the menu is open by then.
        scene.handle(.preeditChanged(nil), at: 2.1)
        scene.handle(.inputMethodText("하"), at: 2.1)
        XCTAssertEqual(field.text, "ab하", "the syllable composed in the field lands there, not in the menu")
        XCTAssertNotNil(scene.shownContextMenu, "the commit is no mnemonic: the menu stays open")
        XCTAssertTrue(field.canUndo)
        XCTAssertEqual(undoEnabled(), true, "the open menu follows the commit: Undo can take it away")
    }

    func testOpeningAPopupFromTheKeyboardWhileComposingCommitsThePreeditFirst() {
        let (scene, field, host) = makePopupScene()
        host.resetAnswer = "中"
        scene.handle(.preeditChanged(Preedit(text: "zhong")), at: 1)
        XCTAssertTrue(scene.handle(.key(.menu, []), at: 2))
        XCTAssertNotNil(scene.shownContextMenu)
        XCTAssertEqual(host.resets, 1, "the input context is reset before the menu takes the keys")
        XCTAssertNil(field.preedit)
        XCTAssertEqual(field.text, "ab中")
    }

    func testScalarPositionsFromAnInputMethodBecomeClusters() {
        // "é" as e + U+0301 is two scalars, one cluster.
        let preedit = Preedit(text: "e\u{301}x", caretInScalars: 2, scalarEmphasis: [.underlined, .highlighted, .underlined])
        XCTAssertEqual(preedit.caret, 1)
        XCTAssertEqual(preedit.segments, [.init(range: 0..<1, emphasis: .highlighted), .init(range: 1..<2, emphasis: .underlined)])
        XCTAssertEqual(Preedit(text: "ab", caretInScalars: 99, scalarEmphasis: []).caret, 2)
        XCTAssertEqual(Preedit(text: "ab", caret: -3).caret, 0)
        XCTAssertEqual(Preedit(text: "ab").segments, [.init(range: 0..<2, emphasis: .underlined)])
    }
}

/// Where a preedit's late commit lands when a popup opened in between.
final class PreeditPopupSeamTests: XCTestCase {
    /// An input method that commits a reset preedit later (as ibus does), and a host that shows popups.
    private final class Host: SceneHostForPopups {
        func resetInputMethod() -> String? { nil }
    }

    func testAResetPreeditsLateCommitLandsInTheFieldWhileTheContextMenuIsOpen() throws {
        let field = TextField(identifier: "f", style: .filled, label: "L", text: "")
        let scene = FieldScene(fields: [field], scheme: .light)
        let host = Host()
        scene.host = host
        scene.resize(to: Size(width: 400, height: 400), measurer: sharedMeasurer)
        scene.focus(field, at: 0)
        scene.handle(.preeditChanged(Preedit(text: "한")), at: 1)
        let frame = try XCTUnwrap(scene.frame(of: field))

        // The right-click resets the preedit and opens the menu; the input method's commit comes after.
        scene.handle(.pointerDown(Point(x: frame.midX, y: frame.midY), button: .secondary, clickCount: 1, modifiers: []), at: 2)
        XCTAssertNotNil(scene.shownContextMenu)
        scene.handle(.inputMethodText("한"), at: 2.01)

        XCTAssertEqual(field.text, "한")
        XCTAssertNotNil(scene.shownContextMenu, "the commit is no key for the menu")
    }
}
