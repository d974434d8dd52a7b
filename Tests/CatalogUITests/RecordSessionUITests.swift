import Foundation
import TestHarness
import XCTest

/// `textfield-catalog --record FILE`: a session driven through the real window with XTEST is
/// written as a script that replays headless to the same text, selection and pixels.
final class RecordSessionUITests: XCTestCase {
    private var folder: String!

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "record-session-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private struct Fields: Decodable {
        struct Field: Decodable { var id: String; var text: String; var selection: [Int]; var frame: [Double]; var focused: Bool }
        struct Window: Decodable { var width: Double; var height: Double; var scrollOffset: Double }
        var theme: String
        var design: String
        var seed: String?
        var window: Window
        var fields: [Field]
        func field(_ id: String) -> Field { fields.first { $0.id == id }! }
    }

    func testARecordedSessionReplaysHeadlessToTheSameTextSelectionAndPixels() throws {
        let script = folder + "/session.qa"
        let app = try CatalogApp(arguments: ["--record", script])
        let window = String(app.windowID)
        func state() throws -> Fields { try app.state(as: Fields.self) }
        func waitFor(_ what: String, timeout: TimeInterval = 10, _ condition: (Fields) -> Bool) throws {
            guard app.waitForState(as: Fields.self, timeout: timeout, condition) != nil else {
                throw HarnessError("the catalog never showed \(what); the script so far:\n" + ((try? String(contentsOfFile: script, encoding: .utf8)) ?? ""))
            }
        }
        func point(_ id: String, _ x: Double) throws -> [String] {
            let frame = try state().field(id).frame
            return [String(Int(frame[0] + x)), String(Int(frame[1] + frame[3] / 2))]
        }
        /// Until the page has stopped scrolling (the QA state is written a frame after a change).
        func waitForStillPage() throws {
            var last = -1.0
            _ = waitUntil(timeout: 10) {
                let offset = (try? state().window.scrollOffset) ?? -1
                defer { last = offset }
                usleep(300_000)
                return offset == last && offset == (try? state().window.scrollOffset)
            }
        }
        func checkpoint(_ number: Int) throws {
            try app.key("ctrl+shift+s")
            let image = folder + "/session.checkpoints/checkpoint-\(number).png"
            // The image is drawn by replaying the session so far: a second or two on a loaded machine.
            guard waitUntil(timeout: 60, { FileManager.default.fileExists(atPath: image) }) else {
                throw HarnessError("checkpoint-\(number) was never saved")
            }
        }

        // Two fields: typed text with non-ASCII letters, a drag selecting in it, a selection by
        // Shift+click, Ctrl+A and BackSpace.
        try app.click(field: "filled-label", atFraction: 0.2)
        try app.type("héllo wörld")
        try waitFor("the typed text") { $0.field("filled-label").text == "héllo wörld" }
        try app.xdotool(["mousemove", "--window", window] + (try point("filled-label", 20)) + ["mousedown", "1"])
        try app.xdotool(["mousemove", "--window", window] + (try point("filled-label", 50)))
        try app.xdotool(["mousemove", "--window", window] + (try point("filled-label", 80)) + ["mouseup", "1"])
        try waitFor("the drag's selection") { $0.field("filled-label").selection[1] > $0.field("filled-label").selection[0] }
        try app.xdotool(["keydown", "shift", "mousemove", "--window", window] + (try point("filled-label", 110)) + ["click", "1", "keyup", "shift"])
        try waitFor("the shift-click's longer selection") {
            $0.field("filled-label").selection[1] - $0.field("filled-label").selection[0] > 4
        }
        try app.click(field: "filled-prefilled", atFraction: 0.3)
        try app.key("ctrl+a", "BackSpace")
        try app.type("abc")
        try waitFor("the replaced text") { $0.field("filled-prefilled").text == "abc" }
        // The theme switched.
        try app.key("ctrl+t")
        try waitFor("the dark theme") { $0.theme == "dark" }
        // Material 3, then its next seed: written as the steps they make, not as their keys.
        try app.key("ctrl+m", "ctrl+shift+m")
        try waitFor("Material 3 from the second seed") { $0.design == "m3" && $0.seed == "#0061A4" }
        try checkpoint(1)

        // The window resized; the page scrolled by the wheel to a text area, lines typed into it and
        // the wheel over it scrolling its text.
        try app.xdotool(["windowsize", window, "740", "700"])
        try waitFor("the new size") { $0.window.width == 740 && $0.window.height == 700 }
        for _ in 0..<40 {
            guard let area = try? state().field("filled-area-long"), area.frame[1] + area.frame[3] > 690 else { break }
            try app.xdotool(["mousemove", "--window", window, "380", "300", "click", "--repeat", "5", "--delay", "20", "5"])
            try waitForStillPage()
        }
        let area = try state().field("filled-area-long").frame
        XCTAssertLessThan(area[1] + area[3], 700, "the wheel never brought the text area into the window")
        try app.click(x: area[0] + 60, y: area[1] + 30)
        try app.key("ctrl+a")
        try app.type("one\ntwo\nthree\nfour\nfive\nsix")
        try waitFor("the text area's lines") { $0.field("filled-area-long").text == "one\ntwo\nthree\nfour\nfive\nsix" }
        try app.xdotool(["mousemove", "--window", window, String(Int(area[0] + 100)), String(Int(area[1] + 40)), "click", "--repeat", "2", "--delay", "30", "4"])
        try checkpoint(2)
        try app.key("shift+Up", "shift+Up")
        try waitFor("a selection over lines") { let s = $0.field("filled-area-long").selection; return s[1] - s[0] > 4 }
        let live = try state()
        try checkpoint(3)
        try app.requestClose()
        XCTAssertEqual(app.waitForExit(timeout: 30), 0)
        let output = app.standardOutput, errors = app.standardError
        XCTAssertFalse(errors.contains("differs"), "a checkpoint's replay differed from the window: \(errors)")
        for number in 1...3 { XCTAssertTrue(output.contains("checkpoint-\(number): saved "), output) }

        // What was written: steps by field, coalesced typing, the chords, the wheel, the resize.
        let recorded = try String(contentsOfFile: script, encoding: .utf8)
        for expected in ["resize 760 720", #"type "héllo wörld""#, "key ctrl+a", "key BackSpace", "key ctrl+t", "design m3", "seed #0061A4", "resize 740 700",
                         "wheel -1", #"type "one""#, "key Return", "key shift+Up", "move-to 380 300", "checkpoint checkpoint-1",
                         "checkpoint checkpoint-3", "# end of the session"] {
            XCTAssertTrue(recorded.contains(expected + "\n"), "no '\(expected)' in:\n\(recorded)")
        }
        XCTAssertTrue(recorded.contains("\nclick filled-label "), recorded)
        XCTAssertFalse(recorded.contains("key ctrl+m") || recorded.contains("key ctrl+shift+m"), recorded)
        XCTAssertTrue(recorded.contains("\nclick filled-label ") && recorded.contains(" shift\n"), "no shift-click in:\n\(recorded)")
        XCTAssertTrue(recorded.contains("\ndrag filled-label "), recorded)
        XCTAssertTrue(recorded.split(separator: "\n").contains { $0.hasPrefix("wheel ") && Double($0.dropFirst(6))! >= 5 },
                      "no wheel scrolling the page in:\n\(recorded)")
        XCTAssertTrue(recorded.split(separator: "\n").allSatisfy { !$0.hasPrefix("wait ") || Double($0.dropFirst(5))! > 0 })

        // Replayed headless: the checkpoints match, and the fields end as the window's did.
        var expectations = ""
        for id in ["filled-label", "filled-prefilled", "filled-area-long"] {
            let field = live.field(id)
            let text = field.text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                .replacingOccurrences(of: "\n", with: "\\n")
            expectations += "expect \(id) text \"\(text)\"\nexpect \(id) selection [\(field.selection[0]), \(field.selection[1])]\n"
        }
        expectations += "expect filled-area-long focused true\nexpect window theme \"dark\"\nexpect window design \"m3\"\n"
            + "expect window seed \"#0061A4\"\n"
        try (recorded + expectations).write(toFile: script, atomically: true, encoding: .utf8)
        let replay = try runCommand(CatalogApp.binaryPath, ["--script", script], environment: ["DISPLAY": ""], timeout: 120)
        XCTAssertEqual(replay.status, 0, replay.stderr)
        XCTAssertTrue(replay.stdout.contains("session.qa: ok"), replay.stdout)
        // Six for the fields' text and selection, four more, and the three checkpoints.
        XCTAssertTrue(replay.stdout.contains("13 expectations"), replay.stdout)
    }

    private struct PanelView: Decodable {
        struct Controls: Decodable { var shown: Bool; var control: String? }
        struct Field: Decodable { var id: String; var text: String; var settings: [String: JSONAny] }
        var controls: Controls
        var fields: [Field]
        func field(_ id: String) -> Field { fields.first { $0.id == id }! }
    }
    /// Any JSON value, for the settings' mixed types (only strings are read).
    private enum JSONAny: Decodable {
        case string(String), other
        init(from decoder: Decoder) throws {
            self = (try? decoder.singleValueContainer().decode(String.self)).map(JSONAny.string) ?? .other
        }
        var string: String? { if case .string(let text) = self { return text } else { return nil } }
    }

    /// The controls panel (F9) while recording: what is typed into it is the panel's, not the
    /// field's, so the script gets the panel's change as a `set` step and none of its keys; the
    /// replay sets the same label and the checkpoint taken after it matches.
    func testAControlsPanelChangeIsRecordedAsASetStepAndNotAsTyping() throws {
        let script = folder + "/panel.qa"
        // Started in Material 3 from a seed of its own: the header's steps start the replay so.
        let app = try CatalogApp(arguments: ["--record", script, "--seed-color", "984061"])
        try app.click(field: "outlined-label", atFraction: 0.3)
        XCTAssertNotNil(app.waitForState(as: PanelView.self) { _ in true })
        try app.key("F9")
        XCTAssertNotNil(app.waitForState(as: PanelView.self) { $0.controls.shown && $0.controls.control == "label" }, "F9 opens the panel")
        try app.type("Given name")
        try app.key("Tab")
        XCTAssertNotNil(app.waitForState(as: PanelView.self) { $0.controls.control == "placeholder" })
        try app.key("F9")
        XCTAssertNotNil(app.waitForState(as: PanelView.self) { !$0.controls.shown }, "F9 closes it")
        try app.type("Ada")
        XCTAssertNotNil(app.waitForState(as: PanelView.self) {
            $0.field("outlined-label").text == "Ada" && $0.field("outlined-label").settings["label"]?.string == "Given name"
        })
        try app.key("ctrl+shift+s")
        let image = folder + "/panel.checkpoints/checkpoint-1.png"
        XCTAssertTrue(waitUntil(timeout: 60) { FileManager.default.fileExists(atPath: image) }, "checkpoint-1 was never saved")
        try app.requestClose()
        XCTAssertEqual(app.waitForExit(timeout: 30), 0)
        XCTAssertFalse(app.standardError.contains("differs"), app.standardError)

        let recorded = try String(contentsOfFile: script, encoding: .utf8)
        XCTAssertTrue(recorded.contains("\nset outlined-label label \"Given name\"\n"), recorded)
        XCTAssertTrue(recorded.contains("\nseed #984061\ndesign m3\n"), recorded)
        XCTAssertTrue(recorded.contains("\ntype \"Ada\"\n"), recorded)
        for panelOnly in ["key F9", "key Tab"] {
            XCTAssertFalse(recorded.contains(panelOnly), "the panel's '\(panelOnly)' recorded as the fields' in:\n\(recorded)")
        }
        XCTAssertFalse(recorded.contains("type \"Given name"), "the panel's typing recorded as the field's in:\n\(recorded)")
        try (recorded + "expect outlined-label text \"Ada\"\nexpect outlined-label settings.label \"Given name\"\n")
            .write(toFile: script, atomically: true, encoding: .utf8)
        let replay = try runCommand(CatalogApp.binaryPath, ["--script", script], environment: ["DISPLAY": ""], timeout: 120)
        XCTAssertEqual(replay.status, 0, replay.stderr)
    }

    private struct PopupView: Decodable {
        struct Open: Decodable { var open: Bool }
        struct Field: Decodable { var id: String; var text: String; var selection: [Int]; var frame: [Double]; var focused: Bool }
        struct Window: Decodable { var scrollOffset: Double }
        var menu: Open
        var emojiChooser: Open
        var window: Window
        var fields: [Field]
        func field(_ id: String) -> Field { fields.first { $0.id == id }! }
    }

    /// The trial's sessions: Tab then the wheel over another field (the checkpoint must not move
    /// the live page), the pointer leaving the window and coming back, a context menu's Select
    /// All and an emoji picked in the chooser by keys. Every comment has a line of its own, no key
    /// pressed in a popup is the field's, the checkpoints match the window, and the replay ends
    /// with the window's text and scroll position.
    func testASessionWithPopupsThePointerLeavingAndTheWheelAfterTabReplaysAsLive() throws {
        let script = folder + "/popups.qa"
        let app = try CatalogApp(arguments: ["--record", script, "--size", "700x600"])
        let window = String(app.windowID)
        func state() throws -> PopupView { try app.state(as: PopupView.self) }
        func waitFor(_ what: String, _ condition: (PopupView) -> Bool) throws {
            guard app.waitForState(as: PopupView.self, timeout: 10, condition) != nil else {
                throw HarnessError("the catalog never showed \(what); the script so far:\n" + ((try? String(contentsOfFile: script, encoding: .utf8)) ?? ""))
            }
        }
        func checkpoint(_ number: Int) throws {
            try app.key("ctrl+shift+s")
            let image = folder + "/popups.checkpoints/checkpoint-\(number).png"
            guard waitUntil(timeout: 60, { FileManager.default.fileExists(atPath: image) }) else {
                throw HarnessError("checkpoint-\(number) was never saved")
            }
        }
        try app.xdotool(["mousemove", "--window", window, "500", "300", "click", "--repeat", "8", "--delay", "40", "5"])
        try waitFor("the page scrolled to outlined-error") { $0.window.scrollOffset == 384 }
        try app.click(field: "outlined-error", atFraction: 0.3)
        try app.key("Tab")
        try waitFor("focus on outlined-email") { $0.field("outlined-email").focused }
        let revealed = try state().window.scrollOffset
        try app.xdotool(["mousemove", "--window", window, "150", "300", "click", "--repeat", "3", "--delay", "40", "4"])
        try waitFor("the wheel scrolling up") { $0.window.scrollOffset == revealed - 144 }
        try checkpoint(1)

        try app.click(field: "filled-counter", atFraction: 0.3)
        try app.type("Hi")
        try waitFor("the typed text") { $0.field("filled-counter").text == "Hi" }
        try app.xdotool(["mousemove", "--window", window, "900", "700"])
        let frame = try state().field("filled-counter").frame
        try app.click(x: frame[0] + 100, y: frame[1] + 20, button: 3)
        try waitFor("the context menu") { $0.menu.open }
        try app.key("Down", "Down", "Return")
        try waitFor("Select All") { !$0.menu.open && $0.field("filled-counter").selection == [0, 2] }
        try app.key("ctrl+period")
        try waitFor("the emoji chooser") { $0.emojiChooser.open }
        try app.key("Right", "Right", "Return")
        try waitFor("an emoji picked") { !$0.emojiChooser.open && $0.field("filled-counter").text != "Hi" }
        try checkpoint(2)
        let live = try state()
        try app.requestClose()
        XCTAssertEqual(app.waitForExit(timeout: 30), 0)
        let output = app.standardOutput, errors = app.standardError
        XCTAssertTrue(output.contains("checkpoint-1: saved ") && output.contains("checkpoint-2: saved "), output + errors)
        XCTAssertFalse(errors.contains("differs") || errors.contains("no image"), errors)

        let recorded = try String(contentsOfFile: script, encoding: .utf8)
        let lines = recorded.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.allSatisfy { $0.hasPrefix("#") || !$0.contains("#") }, "a step with a comment after it:\n\(recorded)")
        for popupKey in ["key Down", "key Return", "key ctrl+.", "key Right"] {
            XCTAssertFalse(lines.contains(popupKey), "'\(popupKey)' recorded as the field's:\n\(recorded)")
        }
        let text = live.field("filled-counter").text
        XCTAssertTrue(lines.contains("key ctrl+a") && lines.contains("type \"\(text)\""), recorded)
        let selection = live.field("filled-counter").selection
        let expectations = "expect filled-counter text \"\(text)\"\nexpect filled-counter selection [\(selection[0]), \(selection[1])]\n"
            + "expect window scrollOffset \(SessionRecorderNumber.text(live.window.scrollOffset))\n"
        try (recorded + expectations).write(toFile: script, atomically: true, encoding: .utf8)
        let replay = try runCommand(CatalogApp.binaryPath, ["--script", script], environment: ["DISPLAY": ""], timeout: 120)
        XCTAssertEqual(replay.status, 0, replay.stdout + replay.stderr)
    }

    func testCtrlCInTheTerminalEndsTheRecordingAsClosingTheWindowDoes() throws {
        let script = folder + "/interrupted.qa"
        let app = try CatalogApp(arguments: ["--record", script, "--slow-animations", "5"])
        try app.click(field: "outlined-label")
        try app.type("abc")
        XCTAssertNotNil(app.waitForState { $0.field("outlined-label").text == "abc" })
        // The typed run is still pending (written when the next thing happens): SIGINT writes it.
        app.process.interrupt()
        XCTAssertEqual(app.waitForExit(timeout: 10), 128 + SIGINT)
        let recorded = try String(contentsOfFile: script, encoding: .utf8)
        XCTAssertTrue(recorded.hasSuffix("type \"abc\"\n# end of the session\n"), recorded)
        // The header's F11 press for --slow-animations is a step alone (its comment above it): the script replays.
        XCTAssertTrue(recorded.contains("\nkey F11\n"), recorded)
        let replay = try runCommand(CatalogApp.binaryPath, ["--script", script], environment: ["DISPLAY": ""], timeout: 120)
        XCTAssertEqual(replay.status, 0, replay.stdout + replay.stderr)
    }

    func testAFileThatCannotBeWrittenIsABadCommandLineBeforeAnyWindow() throws {
        let missing = folder + "/no/such/folder/session.qa"
        let result = try runCommand(CatalogApp.binaryPath, ["--record", missing], environment: ["DISPLAY": ""])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr.split(separator: "\n").first.map(String.init),
                       "textfield-catalog: --record: cannot write '\(missing)': No such file or directory")
        let folderGiven = try runCommand(CatalogApp.binaryPath, ["--record", folder], environment: ["DISPLAY": ""])
        XCTAssertEqual(folderGiven.status, 2)
        XCTAssertTrue(folderGiven.stderr.contains("is a folder"), folderGiven.stderr)
        let withScript = try runCommand(CatalogApp.binaryPath, ["--record", folder + "/a.qa", "--script", folder + "/b.qa"],
                                        environment: ["DISPLAY": ""])
        XCTAssertEqual(withScript.status, 2)
        XCTAssertTrue(withScript.stderr.hasPrefix("textfield-catalog: --record records the live window"), withScript.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/a.qa"), "a refused command line writes nothing")
        let slow = try runCommand(CatalogApp.binaryPath, ["--record", folder + "/a.qa", "--slow-animations", "3"], environment: ["DISPLAY": ""])
        XCTAssertEqual(slow.status, 2)
        XCTAssertTrue(slow.stderr.contains("--slow-animations 3 cannot be replayed"), slow.stderr)
    }
}

/// A whole number as a script writes it ("372", not "372.0").
private enum SessionRecorderNumber {
    static func text(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }
}
