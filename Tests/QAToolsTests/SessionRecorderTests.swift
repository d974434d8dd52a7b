import TestHarness
@testable import MaterialFields
import XCTest
@testable import QATools
@testable import XftHost

/// The recorder's events-to-steps rules, with made-up instants: two fields side by side, `a`
/// at (0, 0) and `b` at (200, 0), each 100 x 50, and nothing elsewhere.
final class SessionRecorderTests: XCTestCase {
    private var written: [String] = []
    private let frame = ScriptRunner.frameInterval

    private func makeRecorder() -> SessionRecorder {
        written = []
        let recorder = SessionRecorder(windowSize: Size(width: 400, height: 300), locate: { point in
            for (id, x) in [("a", 0.0), ("b", 200.0)] where point.x >= x && point.x < x + 100 && point.y >= 0 && point.y < 50 {
                // The left and right halves are parts of their own, as an icon would be.
                let part = point.x - x < 50 ? "left" : "right"
                return SessionRecorder.Hit(id: id, local: Point(x: point.x - x, y: point.y), hoverKey: "\(id):\(part)")
            }
            return nil
        }) { [unowned self] line in written.append(line) }
        recorder.start(at: 100)
        return recorder
    }

    private func click(_ recorder: SessionRecorder, _ x: Double, _ y: Double, at time: Double, count: Int = 1,
                       button: PointerButton = .primary, modifiers: KeyModifiers = []) {
        recorder.record(.pointerDown(Point(x: x, y: y), button: button, clickCount: count, modifiers: modifiers), at: time)
        recorder.record(.pointerUp(Point(x: x, y: y), button: button), at: time + 0.08)
    }

    func testTypedKeysBecomeOneTypeStepAtTheLastKeysFrameWithEscapes() {
        let recorder = makeRecorder()
        click(recorder, 10, 20, at: 101)
        for (index, text) in ["h", "é", "\"", "\\", "🎉"].enumerated() {
            recorder.record(.text(text), at: 102 + Double(index) * 0.1)
        }
        recorder.record(.key(.backspace, []), at: 103)
        recorder.finish()
        // 1 s is 60 frames; the type step waits for its last key (2.4 s after the start).
        XCTAssertEqual(written, ["wait 1000", "click a 10 20", "wait 1400", #"type "hé\"\\🎉""#, "wait 600", "key BackSpace"])
        XCTAssertEqual(try QAScript(file: "t.qa", text: written.joined(separator: "\n")).lines[3].step, .type("hé\"\\🎉"))
    }

    /// A line or paragraph separator typed (a script reads either as a line's end) and a control
    /// character are written as `\u{...}`, so the step stays on one line and reads back whole.
    func testSeparatorsAndControlCharactersTypedStayInTheirStep() throws {
        let recorder = makeRecorder()
        click(recorder, 10, 20, at: 101)
        recorder.record(.text("a\u{2028}b\u{2029}c\u{1B}d"), at: 102)
        recorder.finish()
        XCTAssertEqual(written.last, #"type "a\u{2028}b\u{2029}c\u{1B}d""#)
        XCTAssertEqual(try QAScript(file: "t.qa", text: written.joined(separator: "\n")).lines.last?.step, .type("a\u{2028}b\u{2029}c\u{1B}d"))
    }

    func testWaitsRoundInstantsToFramesSoErrorsDoNotAddUp() throws {
        let recorder = makeRecorder()
        // 100 keys 0.4 frame apart: rounding each gap would wait 0 every time.
        for index in 1...100 {
            recorder.record(.key(.left, []), at: 100 + Double(index) * frame * 0.4)
        }
        recorder.finish()
        let script = try QAScript(file: "t.qa", text: written.joined(separator: "\n"))
        let waited = script.lines.reduce(0.0) { total, line in
            if case .wait(let milliseconds) = line.step { return total + milliseconds }
            return total
        }
        // The last key is 40 frames after the start.
        XCTAssertEqual(waited, 40 * frame * 1000, accuracy: 0.05)
        XCTAssertEqual(written.filter { $0 == "key Left" }.count, 100)
    }

    func testClickDoubleClickAndDragBetweenFieldsAreFieldRelative() {
        let recorder = makeRecorder()
        click(recorder, 10, 20, at: 101)
        click(recorder, 11, 20, at: 101.2, count: 2)
        // Pressed in a, released in b: a drag, both ends relative to a.
        recorder.record(.pointerDown(Point(x: 30, y: 10), button: .primary, clickCount: 1, modifiers: []), at: 102)
        recorder.record(.pointerMoved(Point(x: 120, y: 12), buttonHeld: true), at: 102.1)
        recorder.record(.pointerMoved(Point(x: 250.5, y: 15), buttonHeld: true), at: 102.2)
        recorder.record(.pointerUp(Point(x: 250.5, y: 15), button: .primary), at: 102.3)
        click(recorder, 300, 200, at: 103, button: .secondary, modifiers: [.shift])
        XCTAssertEqual(written, ["wait 1000", "click a 10 20", "wait 200", "click a 11 20", "wait 800", "drag a 30 10 250.5 15",
                                 "wait 1000", "click-at 300 200 shift+right"])
    }

    func testAPressTheRoundingWouldJoinToADoubleClickWaitsAFrameLonger() {
        let recorder = makeRecorder()
        click(recorder, 10, 20, at: 101)
        // 0.405 s later: beyond the 400 ms double-click time live, 24 frames (400 ms) when rounded.
        click(recorder, 10, 20, at: 101.405, count: 1)
        XCTAssertEqual(written, ["wait 1000", "click a 10 20", "wait 416.667", "click a 10 20"])
    }

    func testADoubleClickTheRoundingWouldSplitWaitsAFrameLess() {
        let recorder = makeRecorder()
        click(recorder, 10, 20, at: 101)
        // 0.398 s later with a desktop double-click time that counted it: 24 frames is 400 ms, still
        // within GTK's 400; 0.409 (25 frames, 416.7 ms) is not, so the wait shrinks to 24 frames.
        click(recorder, 10, 20, at: 101.409, count: 2)
        XCTAssertEqual(written, ["wait 1000", "click a 10 20", "wait 400", "click a 10 20"])
    }

    func testHoverIsWrittenOnlyWhenWhatIsUnderThePointerChanges() {
        let recorder = makeRecorder()
        recorder.record(.pointerMoved(Point(x: 10, y: 10), buttonHeld: false), at: 101)
        recorder.record(.pointerMoved(Point(x: 20, y: 12), buttonHeld: false), at: 101.1)   // same part: nothing new
        recorder.record(.pointerMoved(Point(x: 70, y: 12), buttonHeld: false), at: 101.5)   // the right part
        recorder.record(.pointerMoved(Point(x: 150, y: 100), buttonHeld: false), at: 102)   // no field
        recorder.record(.pointerMoved(Point(x: 160, y: 110), buttonHeld: false), at: 102.5)
        recorder.finish()
        // Each hover is written where the pointer last was over that part, at the instant it came there.
        XCTAssertEqual(written, ["wait 1000", "hover a 20 12", "wait 500", "hover a 70 12", "wait 500", "move-to 160 110"])
    }

    func testAHoverRightBeforeAClickThereIsLeftToTheClick() {
        let recorder = makeRecorder()
        recorder.record(.pointerMoved(Point(x: 10, y: 20), buttonHeld: false), at: 101)
        click(recorder, 10, 20, at: 101.001)
        XCTAssertEqual(written, ["wait 1000", "click a 10 20"])
    }

    func testWheelStepsInARowAreOneStepWithThePointerWhereItWas() {
        let recorder = makeRecorder()
        click(recorder, 10, 20, at: 101)
        recorder.record(.pointerMoved(Point(x: 210, y: 20), buttonHeld: false), at: 101.5)
        for index in 0..<3 { recorder.record(.scroll(steps: 1), at: 102 + Double(index) * 0.05) }
        recorder.record(.scroll(steps: -1), at: 102.5)
        recorder.finish()
        XCTAssertEqual(written, ["wait 1000", "click a 10 20", "wait 500", "hover b 10 20", "wait 500", "wheel 3", "wait 500", "wheel -1"])
    }

    func testWheelStepsThatScrolledOtherThingsStayApart() {
        let recorder = makeRecorder()
        recorder.record(.pointerMoved(Point(x: 210, y: 20), buttonHeld: false), at: 101)
        // The first step scrolled a text area's rows to their top, the next two the page.
        for (index, target) in ["text", "page", "page"].enumerated() {
            recorder.prepareWheel(at: 102 + Double(index) * 0.05)
            recorder.recordWheel(-1, at: 102 + Double(index) * 0.05, target: target)
        }
        recorder.finish()
        XCTAssertEqual(written, ["wait 1000", "hover b 10 20", "wait 1000", "wheel -1", "wait 50", "wheel -2"])
    }

    func testTheWheelsPointerIsWhereItWasBeforeThePageScrolledUnderIt() {
        // One field, 50 high at y 100 on the page, under a page scrolled by `offset`.
        var offset = 0.0
        var lines: [String] = []
        let recorder = SessionRecorder(windowSize: Size(width: 400, height: 300), locate: { point in
            let top = 100 - offset
            guard point.y >= top, point.y < top + 50 else { return nil }
            return SessionRecorder.Hit(id: "a", local: Point(x: point.x, y: point.y - top), hoverKey: "a")
        }) { lines.append($0) }
        recorder.start(at: 100)
        // Over no field: nothing to hover yet.
        recorder.record(.pointerMoved(Point(x: 10, y: 60), buttonHeld: false), at: 101)
        recorder.prepareWheel(at: 102)
        offset = 50
        recorder.recordWheel(1, at: 102, target: "page")
        recorder.finish()
        // Worked out after the scroll, the pointer would be "hover a 10 10": a point 50 px lower
        // in the replay's window, which has not scrolled yet.
        XCTAssertEqual(lines, ["wait 2000", "move-to 10 60", "wheel 1"])
    }

    func testKeysAreChordsThatTranslateBackToTheSameEvent() {
        XCTAssertEqual(SessionRecorder.chord(for: .shortcut("a"), modifiers: .control), "ctrl+a")
        XCTAssertEqual(SessionRecorder.chord(for: .left, modifiers: [.shift, .control]), "ctrl+shift+Left")
        XCTAssertEqual(SessionRecorder.chord(for: .function(11), modifiers: []), "F11")
        XCTAssertEqual(SessionRecorder.chord(for: .enter, modifiers: []), "Return")
        for (key, modifiers) in [(EditingKey.shortcut("t"), KeyModifiers.control), (.backspace, []), (.pageDown, []), (.tab, .shift)] {
            guard let chord = SessionRecorder.chord(for: key, modifiers: modifiers) else { return XCTFail("no chord for \(key)") }
            XCTAssertEqual(try KeyChord(chord).event, .key(key, modifiers), chord)
        }
    }

    func testPasteOfAnotherProgramsClipboardGoesBeforeTheKeyThatPasted() {
        let recorder = makeRecorder()
        click(recorder, 10, 20, at: 101)
        recorder.observe(.key(.shortcut("v"), .control), at: 102) { _ in recorder.pasteRequested(.clipboard) }
        // The answer comes later; a key typed meanwhile waits for it.
        recorder.record(.key(.left, []), at: 102.5)
        XCTAssertEqual(written, ["wait 1000", "click a 10 20", "wait 1000"])
        recorder.pasteAnswered(.clipboard, text: "from elsewhere")
        XCTAssertEqual(written, ["wait 1000", "click a 10 20", "wait 1000", #"clipboard "from elsewhere""#, "key ctrl+v", "wait 500", "key Left"])
        // A copy in the window is the replay's clipboard too: no clipboard step for pasting it.
        recorder.selectionSet("mine", for: .clipboard)
        recorder.observe(.key(.shortcut("v"), .control), at: 103) { _ in recorder.pasteRequested(.clipboard) }
        recorder.pasteAnswered(.clipboard, text: "mine")
        XCTAssertEqual(written.suffix(2), ["wait 500", "key ctrl+v"])
    }

    func testLinesWaitingForAPasteAreWrittenWhenTheSessionEnds() {
        let recorder = makeRecorder()
        recorder.observe(.key(.shortcut("v"), .control), at: 101) { _ in recorder.pasteRequested(.clipboard) }
        recorder.record(.text("x"), at: 102)
        XCTAssertEqual(written, ["wait 1000"])
        recorder.finish()
        XCTAssertEqual(written, ["wait 1000", "key ctrl+v", "wait 1000", #"type "x""#,
                                 "# a paste above had no answer from the clipboard before the session ended"])
    }

    func testAFocusLossIsNotedOnlyWhenSomethingHappensBeforeItEnds() {
        let recorder = makeRecorder()
        recorder.record(.windowFocus(false), at: 101)
        recorder.record(.windowFocus(true), at: 101)
        click(recorder, 10, 20, at: 101)
        recorder.record(.windowFocus(false), at: 102)
        recorder.record(.key(.left, []), at: 103)
        recorder.record(.windowFocus(true), at: 104)
        XCTAssertEqual(written.filter { $0.hasPrefix("#") }.count, 2)
        XCTAssertEqual(written[2], "wait 1000")
        XCTAssertTrue(written[3].hasPrefix("# the window lost the keyboard focus"), written[3])
    }

    func testThePointerLeavingIsACommentOnItsOwnLineAndTheScriptReadsBack() throws {
        let recorder = makeRecorder()
        click(recorder, 10, 20, at: 101)
        recorder.record(.pointerExited, at: 102)
        recorder.finish()
        // The corner (0, 0) is in field a: the next corner over no field.
        XCTAssertEqual(written.last, "move-to 399 0")
        XCTAssertTrue(written.allSatisfy { $0.hasPrefix("#") || !$0.contains("#") }, "\(written)")
        XCTAssertEqual(try QAScript(file: "t.qa", text: written.joined(separator: "\n")).lines.last?.step, .moveTo(Point(x: 399, y: 0)))
    }

    func testACheckpointBringsThePointerAndIsNumbered() {
        let recorder = makeRecorder()
        recorder.record(.text("x"), at: 101)
        recorder.record(.pointerMoved(Point(x: 220, y: 30), buttonHeld: false), at: 101.5)
        XCTAssertEqual(recorder.checkpoint(at: 102), "checkpoint-1")
        XCTAssertEqual(recorder.checkpoint(at: 102), "checkpoint-2")
        XCTAssertEqual(written, ["wait 1000", #"type "x""#, "wait 500", "hover b 20 30", "wait 500", "checkpoint checkpoint-1",
                                 "checkpoint checkpoint-2"])
        // Steps from another source (a controls panel) go in order, with their wait.
        recorder.append(step: "set a enabled false", at: 103)
        XCTAssertEqual(written.suffix(2), ["wait 1000", "set a enabled false"])
    }
}

/// The caret's blink at a checkpoint: the live scene, driven through `RecordingScene` at made-up
/// instants between frames, draws what the recorded script's replay draws at every checkpoint,
/// on either side of the blink's edges and exactly on them.
final class RecordedBlinkTests: XCTestCase {
    private var server: XvfbServer!
    private var host: WindowHost!

    override func setUpWithError() throws {
        server = try XvfbServer(width: 640, height: 480)
        host = try WindowHost(displayName: server.displayName) { _ in }
    }

    override func tearDown() {
        host = nil
        server = nil
    }

    func testACheckpointShowsTheCaretAsTheReplayDoes() throws {
        let size = Size(width: 400, height: 300)
        let live = ScriptRunnerTests.TwoFields()
        var lines: [String] = []
        let recorder = SessionRecorder(windowSize: size, locate: { [unowned live] point in
            for field in live.scene.fields {
                guard let frame = live.scene.frame(of: field), frame.contains(point) else { continue }
                return SessionRecorder.Hit(id: field.identifier, local: Point(x: point.x - frame.minX, y: point.y - frame.minY),
                                           hoverKey: field.identifier)
            }
            return nil
        }) { lines.append($0) }
        let origin = 100.0
        recorder.start(at: origin)
        let scene = RecordingScene(base: live.scene, recorder: recorder) { origin }
        scene.host = ScriptSceneHost()
        let surface = try OffscreenSurface(host: host, size: size)
        surface.resize(to: size, scene: scene)
        recorder.appendHeader("resize 400 300")
        scene.handle(.windowFocus(true), at: origin)

        // Instants a few milliseconds off the frames, as a real window's are.
        let frame = ScriptRunner.frameInterval
        let field = try XCTUnwrap(live.scene.frame(of: live.scene.fields[0]))
        let point = Point(x: field.minX + 20, y: field.minY + 20)
        scene.handle(.pointerDown(point, button: .primary, clickCount: 1, modifiers: []), at: origin + 18 * frame + 0.004)
        scene.handle(.pointerUp(point, button: .primary), at: origin + 19 * frame - 0.003)
        scene.handle(.text("a"), at: origin + 30 * frame + 0.004)
        // The blink restarted at frame 30: shown for 30 frames, hidden for 30. Checkpoints inside
        // each half and exactly on its edges (frames 60 and 90).
        var seen: [String: RGBAImage] = [:]
        for checkpointFrame in [45, 60, 75, 90, 101] {
            let name = recorder.checkpoint(at: origin + Double(checkpointFrame) * frame - 0.005)
            try surface.render(live.scene, at: recorder.replayTime)
            seen[name] = try surface.capture()
        }
        recorder.finish()

        let replay = ScriptRunner(host: host, app: ScriptRunnerTests.TwoFields(), size: size)
        var replayed: [String: RGBAImage] = [:]
        replay.checkpointHandler = { name, image in replayed[name] = image }
        try replay.run(try QAScript(file: "blink.qa", text: lines.joined(separator: "\n")))
        XCTAssertEqual(replayed.count, 5, lines.joined(separator: "\n"))
        for (name, image) in seen.sorted(by: { $0.key < $1.key }) {
            XCTAssertTrue(replayed[name] == image, "\(name) differs from the live scene's:\n\(lines.joined(separator: "\n"))")
        }
        // The phases were really different: the caret shows in some checkpoints and not in others.
        XCTAssertNotEqual(seen["checkpoint-1"], seen["checkpoint-3"], "frame 45 shows the caret, frame 75 does not")
    }
}

/// Popups while recording: a context menu's and the emoji chooser's keys are theirs, not the
/// field's; what is chosen in them is written as the steps that do the same (a menu item's key,
/// the emoji typed, a paste's clipboard before its key), and the script replays to the window's text.
final class RecordedPopupTests: XCTestCase {
    /// Shows popups (the script's host shows none), answers "has text" and pastes when told.
    private final class PopupHost: SceneHost {
        var clipboard: String?
        var textChecks: [(Bool) -> Void] = []
        var pastes: [(String?) -> Void] = []
        func setSelectionText(_ text: String, for selection: SelectionKind) { if selection == .clipboard { clipboard = text } }
        func requestSelectionText(_ selection: SelectionKind, completion: @escaping (String?) -> Void) { pastes.append(completion) }
        func requestSelectionHasText(_ selection: SelectionKind, completion: @escaping (Bool) -> Void) { textChecks.append(completion) }
        func setNeedsRender() {}
        func setPointerShape(_ shape: PointerShape) {}
        func setInputMethodSpot(_ caret: Rect) {}
        func ringBell() {}
        func showPopup(_ popup: ScenePopup, anchor: PopupAnchor) -> Bool { true }
        func closePopup(_ popup: ScenePopup) {}
    }

    private var server: XvfbServer!
    private var host: WindowHost!

    override func setUpWithError() throws {
        server = try XvfbServer(width: 640, height: 480)
        host = try WindowHost(displayName: server.displayName) { _ in }
    }

    override func tearDown() {
        host = nil
        server = nil
    }

    func testKeysInAMenuOrTheChooserAreNotTheFieldsAndWhatIsChosenIsRecordedAsItsStep() throws {
        let size = Size(width: 400, height: 300)
        let live = ScriptRunnerTests.TwoFields()
        var lines: [String] = []
        let recorder = SessionRecorder(windowSize: size, locate: { [unowned live] point in
            for field in live.scene.fields {
                guard let frame = live.scene.frame(of: field), frame.contains(point) else { continue }
                return SessionRecorder.Hit(id: field.identifier, local: Point(x: point.x - frame.minX, y: point.y - frame.minY),
                                           hoverKey: field.identifier)
            }
            return nil
        }) { lines.append($0) }
        var now = 100.0
        recorder.start(at: now)
        let scene = RecordingScene(base: live.scene, recorder: recorder) { now }
        let popupHost = PopupHost()
        scene.host = popupHost
        let surface = try OffscreenSurface(host: host, size: size)
        surface.resize(to: size, scene: scene)
        recorder.appendHeader("resize 400 300")
        func send(_ event: InputEvent) {
            now += 0.25
            scene.handle(event, at: now)
        }
        let frame = try XCTUnwrap(live.scene.frame(of: live.scene.fields[0]))
        let point = Point(x: frame.minX + 20, y: frame.minY + 30)
        send(.pointerDown(point, button: .primary, clickCount: 1, modifiers: []))
        send(.pointerUp(point, button: .primary))
        send(.text("Hi"))
        // A right click opens the menu; Down, Down and Return choose Select All (Undo comes first).
        send(.pointerDown(point, button: .secondary, clickCount: 1, modifiers: []))
        send(.pointerUp(point, button: .secondary))
        XCTAssertNotNil(live.scene.shownContextMenu)
        send(.key(.down, []))
        send(.key(.down, []))
        send(.key(.enter, []))
        XCTAssertEqual(live.scene.fields[0].selection.range, 0..<2)
        // Ctrl+. opens the chooser; an emoji clicked in it (the pointer comes from the host).
        send(.key(.shortcut("."), .control))
        let chooser = try XCTUnwrap(live.scene.shownEmojiChooser)
        send(.text("grin"))
        now += 0.5
        chooser.onPick?("😀", now)
        // The menu's Paste (its mnemonic), with another program's clipboard answering later.
        send(.pointerDown(point, button: .secondary, clickCount: 1, modifiers: []))
        popupHost.textChecks.forEach { $0(true) }
        send(.text("p"))
        popupHost.pastes.forEach { $0("xyz") }
        recorder.finish()
        let liveText = live.scene.fields[0].text
        XCTAssertTrue(liveText.contains("😀") && liveText.contains("xyz"), liveText)

        let script = lines.joined(separator: "\n")
        for keyOfAPopup in ["key Down", "key Return", "key ctrl+.", "type \"grin\"", "type \"p\""] {
            XCTAssertFalse(lines.contains(keyOfAPopup), "'\(keyOfAPopup)' recorded as the field's:\n\(script)")
        }
        let steps = lines.filter { !$0.hasPrefix("#") && !$0.hasPrefix("wait ") }
        let rightClick = "click name 20 30 right"
        XCTAssertEqual(steps, ["resize 400 300", "click name 20 30", #"type "Hi""#, rightClick, "key ctrl+a", #"type "😀""#,
                               rightClick, #"clipboard "xyz""#, "key ctrl+v"], script)
        // The comment that a menu opened comes after the right click that opened it.
        let opened = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("# a context menu opened here") }, script)
        XCTAssertEqual(lines[opened - 1], rightClick, script)
        XCTAssertTrue(lines.contains { $0.hasPrefix("# the emoji chooser opened here by ctrl+.") }, script)

        let replayApp = ScriptRunnerTests.TwoFields()
        let replay = ScriptRunner(host: host, app: replayApp, size: size)
        try replay.run(try QAScript(file: "popups.qa", text: script))
        XCTAssertEqual(replayApp.scene.fields[0].text, liveText, script)
        XCTAssertEqual(replayApp.scene.fields[0].selection, live.scene.fields[0].selection, script)
    }
}
