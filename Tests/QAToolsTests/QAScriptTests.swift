import Foundation
@testable import MaterialFields
import TestHarness
import XCTest
@testable import QATools
@testable import XftHost

final class QAScriptParsingTests: XCTestCase {
    private func steps(_ text: String) throws -> [QAScript.Step] { try QAScript(file: "t.qa", text: text).lines.map(\.step) }

    private func failure(_ text: String) -> QAScript.Failure? {
        do {
            _ = try QAScript(file: "t.qa", text: text)
            return nil
        } catch {
            return error as? QAScript.Failure
        }
    }

    func testStepsCommentsAndBlankLines() throws {
        let script = try QAScript(file: "t.qa", text: """
            # a comment
              focus filled-label\r

            click filled-label 10 20
            click-at 5 6
            drag outlined-label 1 2 3 4
            wheel -2.5
            resize 400 300
            theme dark
            wait 75
            settle
            screenshot out.png 1 2 30 40
            expect-pixel 3 4 #1a2B3c 5
            scale 2
            """)
        XCTAssertEqual(script.lines.map(\.number), [2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14])
        XCTAssertEqual(script.lines.map(\.step), [
            .focus(id: "filled-label"), .click(id: "filled-label", point: Point(x: 10, y: 20), with: .plain), .clickAt(Point(x: 5, y: 6), with: .plain),
            .drag(id: "outlined-label", from: Point(x: 1, y: 2), to: Point(x: 3, y: 4)), .wheel(-2.5),
            .resize(width: 400, height: 300), .theme("dark"), .wait(75), .settle,
            .screenshot(path: "out.png", shot: ShotSpec(subject: .pixels(QAScript.PixelRect(x: 1, y: 2, width: 30, height: 40)))),
            .expectPixel(x: 3, y: 4, color: QAScript.PixelColor(red: 0x1A, green: 0x2B, blue: 0x3C), tolerance: 5), .scale(2),
        ])
    }

    func testDesignAndSeedStepsTakeM2OrM3AndSixHexDigits() throws {
        XCTAssertEqual(try steps("design m3\ndesign M2\nseed #0061a4\nseed 984061"),
                       [.design(.m3), .design(.m2), .seed(Color(hex: 0x0061A4)), .seed(Color(hex: 0x984061))])
        XCTAssertEqual(failure("design m4")?.message, "usage: design m2|m3  (Material 2, or Material 3 from the seed colour)")
        XCTAssertEqual(failure("design")?.message.hasPrefix("usage: design m2|m3"), true)
        XCTAssertEqual(failure("seed")?.message, "usage: seed #RRGGBB  (Material 3's seed colour)")
        for bad in ["#FFF", "#12345G", "0x6750A4", "#6750A4FF", "＃６７５０Ａ４"] {
            XCTAssertEqual(failure("seed \(bad)")?.message,
                           "seed: '\(bad)' is not a colour: six hex digits, #RRGGBB (e.g. seed #6750A4)", bad)
        }
        XCTAssertEqual(failure("desing m3")?.message.hasPrefix("unknown step 'desing'; did you mean 'design'?"), true)
        XCTAssertEqual(QAScript.hex(Color(hex: 0x0061A4)), "#0061A4")
    }

    func testClicksTakeAButtonAndModifiers() throws {
        var middle = QAScript.ClickKind()
        middle.button = .middle
        var shiftRight = QAScript.ClickKind()
        shiftRight.button = .secondary
        shiftRight.modifiers = [.shift]
        XCTAssertEqual(try steps("click a middle\nclick a 1 2 shift+right\nclick-at 3 4 middle"), [
            .click(id: "a", point: nil, with: middle), .click(id: "a", point: Point(x: 1, y: 2), with: shiftRight),
            .clickAt(Point(x: 3, y: 4), with: middle),
        ])
        XCTAssertEqual(failure("click a 1 2 sideways")?.message.hasPrefix("click: 'sideways' is not a button and modifiers"), true)
        XCTAssertEqual(failure("click a middle+right")?.message.hasPrefix("click: 'middle+right' is not a button and modifiers"), true,
                       "one click presses one button")
        XCTAssertEqual(failure("click a 1")?.message.hasPrefix("usage: click ID [X Y]"), true)
    }

    func testTypedTextKeepsItsSpacesAndEscapes() throws {
        XCTAssertEqual(try steps("type Ada Lovelace"), [.type("Ada Lovelace")])
        XCTAssertEqual(try steps("type   Ada  \t"), [.type("Ada")], "unquoted, blanks at either end are not typed")
        XCTAssertEqual(try steps("type \"  padded \""), [.type("  padded ")])
        XCTAssertEqual(try steps(#"type a\nb\tc\\d\"e\u{301}"#), [.type("a\nb\tc\\d\"e\u{301}")])
        XCTAssertEqual(failure(#"type a\qb"#)?.message.hasPrefix("unknown escape \\q"), true)
        XCTAssertEqual(failure(#"type \u{110000}"#)?.message, "\\u{110000} is not a Unicode scalar")
    }

    func testExpectedValuesAreJSONOrBareWords() throws {
        guard case .expect(let id, let key, let value)? = try steps("expect filled-label selection [0, 3]").first else {
            return XCTFail("not an expect step")
        }
        XCTAssertEqual(id, "filled-label")
        XCTAssertEqual(key, "selection")
        XCTAssertEqual(value.json, .array([.number(0), .number(3)]))
        guard case .expect(_, _, let word)? = try steps("expect filled-label labelPosition floating").first,
              case .expect(_, _, let quoted)? = try steps(#"expect filled-label text "Ada \"L\"""#).first,
              case .expect(_, _, let null)? = try steps("expect clipboard text null").first else {
            return XCTFail("not expect steps")
        }
        XCTAssertEqual(word.json, .string("floating"))
        XCTAssertEqual(quoted.json, .string("Ada \"L\""))
        XCTAssertEqual(null.json, .null)
        XCTAssertEqual(failure(#"expect filled-label text "Ada"#)?.line, 1)
    }

    func testScreenshotPathsArePNGAndMayBeQuoted() throws {
        XCTAssertEqual(try steps("screenshot \"my shot.png\""), [.screenshot(path: "my shot.png", shot: ShotSpec(subject: .window))])
        XCTAssertEqual(failure("screenshot a.jpg")?.message, "screenshot: 'a.jpg' is not a NAME.png (screenshots are PNG files)")
    }

    func testScreenshotsNameFieldsAndSectionsWithAMarginToleranceAndMasks() throws {
        XCTAssertEqual(try steps("screenshot a.png outlined-label"),
                       [.screenshot(path: "a.png", shot: ShotSpec(subject: .elements(ids: ["outlined-label"], margin: 0)))])
        XCTAssertEqual(try steps("screenshot a.png filled-error outlined-error margin 8.5"),
                       [.screenshot(path: "a.png", shot: ShotSpec(subject: .elements(ids: ["filled-error", "outlined-error"], margin: 8.5)))])
        XCTAssertEqual(try steps("screenshot a.png material tolerance 2 10 mask caret mask uikit-words:text mask filled-label"),
                       [.screenshot(path: "a.png", shot: ShotSpec(subject: .elements(ids: ["material"], margin: 0),
                                                                  tolerance: ImageTolerance(channel: 2, maxDifferingPixels: 10),
                                                                  masks: [.init(id: nil, part: .caret), .init(id: "uikit-words", part: .text),
                                                                          .init(id: "filled-label", part: nil)]))])
        XCTAssertEqual(try steps("screenshot a.png 1 2 3 4 mask icons"),
                       [.screenshot(path: "a.png", shot: ShotSpec(subject: .pixels(QAScript.PixelRect(x: 1, y: 2, width: 3, height: 4)),
                                                                  masks: [.init(id: nil, part: .icons)]))])
        XCTAssertEqual(try steps("screenshot a.png tolerance 0 0"),
                       [.screenshot(path: "a.png", shot: ShotSpec(subject: .window, tolerance: .exact))])
    }

    func testScreenshotOptionsThatCannotBeReadSayWhatWasExpected() {
        for (line, message) in [
            ("screenshot a.png margin 8", "screenshot: margin is around a field or section: name one first (screenshot PATH ID margin N)"),
            ("screenshot a.png 0 0 10 10 margin 8", "screenshot: margin is around a field or section: name one (screenshot PATH ID margin N), not a box of pixels"),
            ("screenshot a.png filled-label margin", "screenshot: margin needs a number of points (margin 8)"),
            ("screenshot a.png filled-label margin -1", "screenshot: margin '-1' is not a number of points from 0 to 1000"),
            ("screenshot a.png filled-label margin 1001", "screenshot: margin '1001' is not a number of points from 0 to 1000"),
            ("screenshot a.png filled-label tolerance 2 3 margin 8", "screenshot: margin comes right after the ids, before tolerance and masks"),
            ("screenshot a.png filled-label tolerance 2", "screenshot: tolerance needs two numbers: the difference allowed in a channel (0 to 255) and how many pixels may differ by more (tolerance 2 10)"),
            ("screenshot a.png filled-label tolerance 2 mask caret", "screenshot: tolerance needs two numbers: the difference allowed in a channel (0 to 255) and how many pixels may differ by more (tolerance 2 10)"),
            ("screenshot a.png filled-label tolerance 256 1", "screenshot: tolerance: '256' is not a channel difference from 0 to 255"),
            ("screenshot a.png filled-label tolerance 1 -1", "screenshot: tolerance: '-1' is not a count of pixels (0 or more)"),
            ("screenshot a.png filled-label tolerance 1 1 tolerance 1 1", "screenshot: tolerance is given twice"),
            ("screenshot a.png filled-label mask", "screenshot: mask needs what to mask: a part (caret, text, label, assistive, icons, affixes), a field id, or ID:PART"),
            ("screenshot a.png filled-label mask caret mask caret", "screenshot: mask caret is given twice"),
            ("screenshot a.png filled-label mask a:b", "screenshot: mask 'a:b': 'b' is not a part (parts: caret, text, label, assistive, icons, affixes)"),
            ("screenshot a.png filled-label mask a:carret", "screenshot: mask 'a:carret': 'carret' is not a part; did you mean 'caret'? (parts: caret, text, label, assistive, icons, affixes)"),
            ("screenshot a.png filled-label mask :caret", "screenshot: mask ':caret' has no id before the ':'"),
            ("screenshot a.png filled-label:text", "screenshot: 'filled-label:text' is not an id (a part, as in ID:PART, is for masks)"),
            ("screenshot a.png a a", "screenshot: a is named twice"),
            ("screenshot a.png filled-label 8", "screenshot: '8' is a number, not an id (a margin is written margin N; a box X Y W H comes right after the path)"),
            ("screenshot a.png 0 0 10", "screenshot: '0 0 10' is not X Y W H in pixels (X and Y from 0, W and H from 1, each at most 16384)"),
            ("screenshot a.png 0 0 10 10 extra", "screenshot: 'extra' is not margin, tolerance or mask (usage: screenshot PATH [X Y W H | ID... [margin N]] [tolerance CHANNEL PIXELS] [mask PART|ID|ID:PART]...)"),
            ("screenshot", "usage: screenshot PATH [X Y W H | ID... [margin N]] [tolerance CHANNEL PIXELS] [mask PART|ID|ID:PART]...  (a box is in window pixels)"),
        ] {
            XCTAssertEqual(failure(line)?.message, message, line)
            XCTAssertEqual(failure(line)?.line, 1, line)
        }
    }

    func testAScreenshotRegionOverTheLargestSideIsRefused() throws {
        XCTAssertEqual(try steps("screenshot a.png 0 0 8192 8192"),
                       [.screenshot(path: "a.png", shot: ShotSpec(subject: .pixels(QAScript.PixelRect(x: 0, y: 0, width: 8192, height: 8192))))])
        for region in ["0 0 8193 10", "0 0 10 8193"] {
            XCTAssertEqual(failure("screenshot a.png \(region)")?.message.hasPrefix(
                "screenshot: a region of \(region.split(separator: " ")[2])x\(region.split(separator: " ")[3]) is larger than a "
                + "screenshot may be (at most 8192 pixels on a side"), true, region)
        }
    }

    func testAScriptThatIsNotUTF8NamesItsLine() {
        var data = Data("focus a\ntype caf".utf8)
        data.append(0xE9)
        data.append(contentsOf: Array("\n".utf8))
        XCTAssertThrowsError(try QAScript(file: "t.qa", bytes: Array(data))) { error in
            XCTAssertEqual("\(error)", "t.qa:2: this line is not UTF-8 text (save the script as UTF-8)")
        }
    }

    func testWhatEditorsLeaveInFilesIsNotATypo() throws {
        XCTAssertEqual(try steps("\u{FEFF}focus a\r\nsettle\r\n"), [.focus(id: "a"), .settle])
        XCTAssertEqual(failure("# nothing but a comment\n\n")?.message, "the script has no steps (only blank lines and # comments)")
    }

    /// Numbers a parser accepts must never trap later (found in review).
    func testHugeNumbersAreRefusedWhereTheyAreWritten() {
        XCTAssertEqual(failure("screenshot x.png 1 0 9223372036854775807 1")?.message.hasPrefix("screenshot: '1 0 9223372036854775807 1' is not X Y W H"), true)
        XCTAssertEqual(failure("click filled-label 1e308 1")?.message, "click: x 1e308 is beyond ±1000000 pixels")
        XCTAssertEqual(failure("expect-pixel 99999999999999999999 1 #FFFFFF")?.message.hasPrefix("expect-pixel: '99999999999999999999 1' is not a pixel position"), true)
        XCTAssertEqual(failure("expect-pixel 1 1 #+FFFFF")?.message, "expect-pixel: '#+FFFFF' is not #RRGGBB")
    }

    func testQuotesAndEscapesAtTheirEdges() throws {
        XCTAssertEqual(try steps(#"type 12" ruler"#), [.type(#"12" ruler"#)], "a lone quote in typed text is text")
        XCTAssertEqual(try steps(#"type "a\\\""#), [.type(#""a\""#)], "an escaped closing quote does not close")
        XCTAssertEqual(failure(#"type \u{41"#)?.message, #"\u{41 has no closing brace (write a code point as \u{1F389})"#)
    }

    func testChordsThatSendNothingOrDependOnTheLayoutAreRefused() {
        XCTAssertEqual(failure("key Shift_L")?.message, "key: 'Shift_L' sends a text field nothing")
        // The Menu key opens the context menu now; Caps_Lock alone still sends nothing.
        XCTAssertEqual(failure("key Caps_Lock")?.message, "key: 'Caps_Lock' sends a text field nothing")
        XCTAssertNil(failure("key Menu shift+F10"))
        XCTAssertEqual(failure("key shift+1")?.message.hasPrefix("key: 'shift+1': Shift changes only letters here"), true)
        XCTAssertNil(failure("key shift+a shift+Left ctrl+shift+z ctrl+plus"))
    }

    func testACommentAfterAStepIsRefusedWithWhereCommentsGoWhileAHashInTextOrAColourIsNoComment() throws {
        XCTAssertEqual(failure("move-to 0 0  # the pointer left")?.message, "usage: move-to X Y  (window pixels) (a # comment goes on a line of its own)")
        XCTAssertEqual(failure("click a 1 2 # note")?.message.hasSuffix("(a # comment goes on a line of its own)"), true)
        XCTAssertEqual(failure("expect-pixel 1 2 #12345")?.message, "expect-pixel: '#12345' is not #RRGGBB")
        XCTAssertEqual(try steps("type \"a # b\"\nexpect-pixel 3 4 #1a2B3c"),
                       [.type("a # b"), .expectPixel(x: 3, y: 4, color: QAScript.PixelColor(red: 0x1A, green: 0x2B, blue: 0x3C), tolerance: 0)])
    }

    func testErrorsNameTheLine() {
        XCTAssertEqual(failure("wait 0x10")?.message, "wait: milliseconds '0x10' is not a number")
        XCTAssertEqual(failure("expect a selection [0, 0")?.message,
                       "expect: [0, 0 is not one JSON value (a string, array or object must be closed, and nothing may follow it)")
        let unknown = failure("focus a\n\nfrobnicate\n")
        XCTAssertEqual(unknown?.line, 3)
        XCTAssertEqual(unknown?.description.hasPrefix("t.qa:3: unknown step 'frobnicate' (steps: focus,"), true)
        XCTAssertEqual(failure("clik a")?.message.hasPrefix("unknown step 'clik'; did you mean 'click'? (steps: focus,"), true)
        XCTAssertEqual(failure("hover a 1")?.message, "usage: hover ID [X Y]  (field-relative; the container's centre by default)")
        XCTAssertEqual(failure("key ctrl+Lfet")?.message.hasPrefix("key: 'Lfet' is not a key name"), true)
        XCTAssertEqual(failure("key hyper+a")?.message.hasPrefix("key: 'hyper' in 'hyper+a' is not a modifier"), true)
        XCTAssertEqual(failure("expect-pixel 1 2 #12345")?.message, "expect-pixel: '#12345' is not #RRGGBB")
        XCTAssertEqual(failure("wait -1")?.message, "wait: -1 ms is not from 0 to 3600000")
        XCTAssertEqual(failure("theme blue")?.message, "usage: theme light|dark|high-contrast|high-contrast-dark")
        XCTAssertEqual(failure("resize 0 10")?.message, "resize: '0 10' is not a width and height from 1 to 16384")
        XCTAssertEqual(failure("screenshot \"open.png")?.message, "a quote is not closed")
    }

    func testCheckpointsAreNamedLikeShots() throws {
        XCTAssertEqual(try steps("checkpoint checkpoint-1"), [.checkpoint("checkpoint-1")])
        XCTAssertEqual(failure("checkpoint")?.message,
                       "usage: checkpoint NAME  (compares the window with NAME.png in the script's .checkpoints folder)")
        XCTAssertEqual(failure("checkpoint ../up")?.message.hasPrefix("checkpoint: '../up' cannot name a shot"), true)
        XCTAssertEqual(QAScript.checkpointDirectory(forScript: "bugs/login.qa"), "bugs/login.checkpoints")
        XCTAssertEqual(QAScript.checkpointDirectory(forScript: "session"), "session.checkpoints")
    }

    /// Chords go through the same translation as a key press on the window.
    func testChordsBecomeTheEventsARealKeyPressSends() throws {
        func event(_ chord: String) throws -> InputEvent? { try KeyChord(chord).event }
        XCTAssertEqual(try event("ctrl+shift+Left"), .key(.left, [.control, .shift]))
        XCTAssertEqual(try event("Return"), .key(.enter, []))
        XCTAssertEqual(try event("enter"), .key(.enter, []))
        XCTAssertEqual(try event("BackSpace"), .key(.backspace, []))
        XCTAssertEqual(try event("ctrl+a"), .key(.shortcut("a"), [.control]))
        XCTAssertEqual(try event("ctrl+shift+z"), .key(.shortcut("z"), [.control, .shift]))
        XCTAssertEqual(try event("ctrl+A"), .key(.shortcut("a"), [.control]), "a shortcut is named by its unshifted key")
        XCTAssertEqual(try event("a"), .text("a"))
        XCTAssertEqual(try event("shift+a"), .text("A"))
        XCTAssertEqual(try event("eacute"), .text("é"))
        XCTAssertEqual(try event("€"), .text("€"))
        XCTAssertEqual(try event("ctrl++"), .key(.shortcut("+"), [.control]))
        XCTAssertEqual(try event("KP_1"), .text("1"), "the keypad types its characters, as with Num Lock on")
        XCTAssertEqual(try event("Insert"), .key(.insert, []), "Insert types nothing, but reaches the field")
        XCTAssertEqual(try event("shift+KP_Insert"), .key(.insert, .shift))
        XCTAssertEqual(try event("KP_Home"), .key(.home, []), "the keypad's twins with Num Lock off")
        XCTAssertEqual(try event("KP_Add"), .text("+"))
        XCTAssertNil(try event("Shift_L"), "a lone modifier sends nothing")
    }
}

/// The runner on a real host (fonts and a pixmap on a private Xvfb) with a small app.
final class ScriptRunnerTests: XCTestCase {
    final class TwoFields: ScriptableApp {
        var scene: FieldScene
        var restartedAt: Double?
        init() { scene = Self.makeScene(scale: 1) }
        static func makeScene(scale: Double) -> FieldScene {
            FieldScene(fields: [TextField(identifier: "name", style: .filled, label: "Name"),
                                TextField(identifier: "city", style: .outlined, label: "City")],
                       scheme: .light, metrics: MaterialMetrics(scale: scale))
        }
        func restart(scale: Double) { restartedAt = scale; scene = Self.makeScene(scale: scale) }
        func setTheme(_ name: String) { scene.scheme = name == "dark" ? .dark : .light }
        func qaState() -> JSONValue? {
            struct State: Encodable { var fields: [FieldSnapshot]; var window: [String: Double] }
            return try? JSONValue(encoding: State(fields: scene.snapshot(), window: ["width": scene.size.width]))
        }
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

    private func run(_ text: String, app: TwoFields = TwoFields(), file: String = "t.qa") throws -> ScriptRunner {
        let runner = ScriptRunner(host: host, app: app, size: Size(width: 400, height: 300))
        runner.screenshotHandler = { _, _ in }
        try runner.run(try QAScript(file: file, text: text))
        return runner
    }

    func testACheckpointComparesTheWindowWithTheImageBesideTheScript() throws {
        let folder = NSTemporaryDirectory() + "checkpoint-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/bug.qa", images = folder + "/bug.checkpoints"
        // What the recorder does: the handler takes the image, saved where the step looks for it.
        let recording = ScriptRunner(host: host, app: TwoFields(), size: Size(width: 400, height: 300))
        var taken: RGBAImage?
        recording.checkpointHandler = { _, image in taken = image }
        try recording.run(try QAScript(file: file, text: "click name\ntype ab\ncheckpoint one\n"))
        try FileManager.default.createDirectory(atPath: images, withIntermediateDirectories: true)
        try XCTUnwrap(taken).writePNG(to: images + "/one.png")

        let same = try run("click name\ntype ab\ncheckpoint one\n", file: file)
        XCTAssertEqual(same.counts.expectations, 1)
        XCTAssertThrowsError(try run("click name\ntype ac\ncheckpoint one\n", file: file)) { error in
            let failure = error as? QAScript.Failure
            XCTAssertEqual(failure?.line, 3)
            XCTAssertEqual(failure?.description.hasPrefix("\(file):3: checkpoint one: "), true, "\(error)")
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: images + "/one.actual.png"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: images + "/one.diff.png"))
        // Passing again takes the failure's images away.
        _ = try run("click name\ntype ab\ncheckpoint one\n", file: file)
        XCTAssertFalse(FileManager.default.fileExists(atPath: images + "/one.actual.png"))
        XCTAssertThrowsError(try run("checkpoint two\n", file: file)) { error in
            XCTAssertEqual((error as? QAScript.Failure)?.message,
                           "checkpoint two: no image \(images)/two.png (a recorded session saves it there when Ctrl+Shift+S is pressed)")
        }
    }

    func testTimeMovesOnlyWhenAStepSaysSo() throws {
        let app = TwoFields()
        let runner = try run("click name\ntype abc\nkey Left\n", app: app)
        XCTAssertEqual(runner.time, 0)
        let fresh = TwoFields()
        let waited = try run("click name\nwait 75\n", app: fresh)
        XCTAssertEqual(waited.time, 0.075, accuracy: 1e-12)
        XCTAssertTrue(fresh.scene.fields[0].isAnimating(at: waited.time), "75 ms into a 150 ms motion")
    }

    func testSettleEndsEveryAnimationOnAFrame() throws {
        let app = TwoFields()
        let runner = try run("click name\nsettle\n", app: app)
        XCTAssertFalse(app.scene.fields.contains { $0.isAnimating(at: runner.time) })
        XCTAssertGreaterThanOrEqual(runner.time, 0.15)
        XCTAssertLessThan(runner.time, 0.15 + ScriptRunner.frameInterval + 1e-9)
    }

    func testExpectationsReadTheAppsState() throws {
        XCTAssertNoThrow(try run("click name\ntype Ada\nexpect name text \"Ada\"\nexpect name selection [3, 3]\nexpect window width 400\n"))
        XCTAssertThrowsError(try run("click name\ntype Ada\nexpect name text \"Bob\"\n")) { error in
            XCTAssertEqual("\(error)", "t.qa:3: expect name text: expected \"Bob\", found \"Ada\"")
        }
        XCTAssertThrowsError(try run("expect nme text \"\"\n")) { error in
            XCTAssertEqual("\(error)", "t.qa:1: no field 'nme'; did you mean 'name'? (`textfield-catalog --list-fields` lists the ids)")
        }
    }

    func testAMissingKeySaysWhereThePathStopped() {
        let field = JSONValue.object(["frame": .array([.number(1), .number(2)]), "text": .string("a")])
        XCTAssertEqual(ScriptRunner.missingKeyMessage("frame.4", in: field), "no index '4' in 'frame' (indexes 0 to 1)")
        XCTAssertEqual(ScriptRunner.missingKeyMessage("frame.01", in: field), "no index '01' in 'frame' (indexes 0 to 1)")
        XCTAssertEqual(ScriptRunner.missingKeyMessage("txt", in: field), "no key 'txt' (keys: frame, text)")
        XCTAssertEqual(ScriptRunner.missingKeyMessage("text.0", in: field), "'text' is \"a\", which has no '0'")
    }

    func testAMiddleClickPastesThePrimarySelection() throws {
        XCTAssertNoThrow(try run("""
            click name
            type Ada
            key ctrl+a
            expect primary text "Ada"
            click city middle
            expect city text "Ada"
            """))
    }

    func testADisabledFieldCannotBeFocused() throws {
        let app = TwoFields()
        app.scene.fields[1].isEnabled = false
        XCTAssertThrowsError(try run("focus city\n", app: app)) { error in
            XCTAssertEqual("\(error)", "t.qa:1: focus: city is disabled and cannot be focused (to bring it into view, use `wheel` or `resize`)")
        }
    }

    func testCopyAndPasteStayInTheScript() throws {
        let app = TwoFields()
        _ = try run("""
            click name
            type Ada
            key ctrl+a ctrl+c
            expect clipboard text "Ada"
            click city
            key ctrl+v ctrl+v
            expect city text "AdaAda"
            clipboard "x y"
            key ctrl+v
            expect city text "AdaAdax y"
            """, app: app)
    }

    func testTwoClicksAtOneInstantAreADoubleClick() throws {
        XCTAssertNoThrow(try run("click name\ntype one two\nclick name 20 28\nclick name 20 28\nexpect name selection [0, 3]\n"))
        let app = TwoFields()
        XCTAssertNoThrow(try run("click name\ntype one two\nclick name 20 28\nwait 500\nclick name 20 28\n", app: app))
        XCTAssertTrue(app.scene.fields[0].editor.selection.isCaret, "clicks 500 ms apart are two single clicks")
    }

    func testExpectPixelReadsTheDrawnFrame() throws {
        XCTAssertNoThrow(try run("expect-pixel 1 1 #FFFFFF\ntheme dark\nexpect-pixel 1 1 #121212\n"))
        XCTAssertThrowsError(try run("expect-pixel 1 1 #FFFFFE\n")) { error in
            XCTAssertEqual("\(error)", "t.qa:1: expect-pixel 1 1: expected #FFFFFE, found #FFFFFF (off by 1)")
        }
        XCTAssertNoThrow(try run("expect-pixel 1 1 #FFFFFE 1\n"))
    }

    /// A window may be 16384 pixels on a side; a shot of all of it, past 8192, is refused at its
    /// step (a region of it is not).
    func testAScreenshotOfAWindowOverTheLargestSideFailsItsStep() throws {
        var sizes: [Int] = []
        let runner = ScriptRunner(host: host, app: TwoFields(), size: Size(width: 400, height: 300))
        runner.screenshotHandler = { _, image in sizes.append(image.width) }
        try runner.run(try QAScript(file: "t.qa", text: "resize 8192 20\nscreenshot a.png\nresize 9000 20\nscreenshot b.png 8900 0 100 20\n"))
        XCTAssertEqual(sizes, [8192, 100])
        XCTAssertThrowsError(try run("resize 8193 20\nscreenshot a.png\n")) { error in
            XCTAssertEqual("\(error)", "t.qa:2: screenshot: the 8193x20 window is larger than a screenshot may be (at most 8192 pixels "
                + "on a side: a 16384x16384 one holds 3 GiB of memory and takes over half a minute); take it in regions "
                + "(screenshot PATH X Y W H)")
        }
        XCTAssertThrowsError(try run("resize 20 8193\nscreenshot a.png\n"))
    }

    func testDesignAndSeedStepsFailInAnAppWithoutTheSwitch() throws {
        XCTAssertThrowsError(try run("design m3")) { error in
            XCTAssertEqual("\(error)", "t.qa:1: design: this app does not switch between Material 2 and 3")
        }
        XCTAssertThrowsError(try run("seed #0061A4")) { error in
            XCTAssertEqual("\(error)", "t.qa:1: seed: this app has no Material 3 seed colour")
        }
    }

    func testScaleStartsAfresh() throws {
        let app = TwoFields()
        _ = try run("click name\ntype x\nscale 2\nexpect name text \"\"\n", app: app)
        XCTAssertEqual(app.restartedAt, 2)
        XCTAssertEqual(app.scene.metrics.scale, 2)
    }
}
