import CXlib
import Foundation
import XCTest
import TestHarness

/// The catalog as a screen reader sees it: a private session bus (which activates the
/// accessibility bus and the AT-SPI registry, as on a desktop), the real catalog on a private X
/// server, and `Scripts/atspi_client.py`, a pyatspi client that reads the tree, listens to events
/// and calls the Text and EditableText interfaces as Orca does.
final class AccessibilityUITests: XCTestCase {
    static let client = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scripts/atspi_client.py").path

    private var bus: SessionBus!
    private var app: CatalogApp!

    override func setUpWithError() throws {
        for tool in ["dbus-daemon", "python3"] where findExecutable(tool) == nil {
            throw HarnessError("\(tool) is not installed; `./run.sh test` installs it")
        }
        bus = try SessionBus()
        // Tall enough that every field is on screen: the tests click them where they are.
        app = try CatalogApp(arguments: ["--size", "1000x2450"], environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address],
                             screenSize: (1024, 2500))
    }

    override func tearDown() {
        app = nil
        bus = nil
    }

    func testWithABusTheCatalogLoadsATKAndTheBridge() throws {
        let pid = app.process.processIdentifier
        XCTAssertTrue(try waitUntil(timeout: 10) {
            let loaded = try mappedLibraries(of: pid)
            return ["libatk-1.0.so", "libgobject-2.0.so", "libatk-bridge-2.0.so"].allSatisfy { name in loaded.contains { $0.hasPrefix(name) } }
        }, "ATK, GObject or the bridge is not loaded with a bus to reach")
    }

    // MARK: The client

    private var clientEnvironment: [String: String] {
        ["DISPLAY": app.server.displayName, "DBUS_SESSION_BUS_ADDRESS": bus.address, "NO_AT_BRIDGE": "1"]
    }

    struct Node: Decodable {
        var path: [Int]
        var role: String
        var name: String
        var description: String
        var id: String
        var states: [String]
        var relations: [[RelationPart]]
        var interfaces: [String]
        var text: String?
        var caret: Int?
        var count: Int?
        var selections: [[Int]]?
        var screen: [Int]?
        var window: [Int]?
        var actions: [String]?

        enum RelationPart: Decodable {
            case name(String), targets([String])
            init(from decoder: Decoder) throws {
                let container = try decoder.singleValueContainer()
                if let name = try? container.decode(String.self) { self = .name(name) } else { self = .targets(try container.decode([String].self)) }
            }
        }

        /// The ids (or names) of the targets of relations of `type`.
        func related(_ type: String) -> [String] {
            relations.flatMap { parts -> [String] in
                guard parts.count == 2, case .name(let name) = parts[0], name == type, case .targets(let targets) = parts[1] else { return [] }
                return targets
            }
        }
    }

    struct Tree: Decodable {
        var application: String
        var toolkit: String
        var nodes: [Node]
        func node(_ id: String) -> Node? { nodes.first { $0.id == id } }
    }

    private func runClient(_ arguments: [String]) throws -> String {
        let result = try runCommand("/usr/bin/python3", [Self.client] + arguments, environment: clientEnvironment, timeout: 40)
        guard result.status == 0 else {
            throw HarnessError("atspi_client.py \(arguments.first ?? "") failed (\(result.status)): \(result.stderr)")
        }
        return result.stdout
    }

    private func tree() throws -> Tree {
        try JSONDecoder().decode(Tree.self, from: Data(try runClient(["tree", "textfield-catalog"]).utf8))
    }

    /// Runs calls on fields found by their accessible id; each result as JSON.
    private func call(_ operations: [[String: Any]]) throws -> [Any] {
        let json = String(decoding: try JSONSerialization.data(withJSONObject: operations), as: UTF8.self)
        let output = try runClient(["call", "textfield-catalog", json])
        return try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [Any] ?? []
    }

    struct Event: Decodable, Equatable {
        var type: String
        var id: String?
        var detail1: Int?
        var detail2: Int?
        var data: String?

        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            type = try container.decode(String.self, forKey: .type)
            id = try container.decodeIfPresent(String.self, forKey: .id)
            detail1 = try container.decodeIfPresent(Int.self, forKey: .detail1)
            detail2 = try container.decodeIfPresent(Int.self, forKey: .detail2)
            data = try? container.decodeIfPresent(String.self, forKey: .data)
        }
        enum CodingKeys: String, CodingKey { case type, id, detail1, detail2, data }
    }

    /// Listens while `body` runs and until `until` holds of the events heard (or 10 s pass).
    private func listen(while body: () throws -> Void, until: ([Event]) -> Bool) throws -> [Event] {
        let listener = try EventListener(client: Self.client, environment: clientEnvironment)
        try body()
        _ = waitUntil(timeout: 10) { until(listener.events) }
        return listener.stop()
    }

    // MARK: Tests

    func testEveryCatalogFieldIsFoundWithItsRoleNameAndStates() throws {
        let tree = try tree()
        XCTAssertEqual(tree.application, "textfield-catalog")
        XCTAssertEqual(tree.toolkit, "MaterialFields")
        let frame = try XCTUnwrap(tree.nodes.first { $0.role == "frame" })
        XCTAssertEqual(frame.name, "Material text fields")
        XCTAssertTrue(tree.nodes.contains { $0.role == "form" }, "the window's content reads as a form")

        let state = try app.state(as: QAFields.self)
        XCTAssertEqual(state.fields.count, 80)
        for field in state.fields {
            let node = try XCTUnwrap(tree.node(field.id), "no accessible object for \(field.id)")
            let expectedRole = field.kind == "textArea" ? "text" : field.secure ? "password text" : "entry"
            XCTAssertEqual(node.role, expectedRole, field.id)
            let expectedName = field.label.isEmpty ? String(field.accessibilityLabel.split(separator: ",").first ?? "") : field.label
            XCTAssertEqual(node.name, expectedName, field.id)
            XCTAssertTrue(node.states.contains(field.kind == "textArea" ? "multi line" : "single line"), "\(field.id): \(node.states)")
            for always in ["visible", "focusable"] where field.state != "disabled" || always == "visible" {
                XCTAssertTrue(node.states.contains(always), "\(field.id) is not \(always): \(node.states)")
            }
            let enabled = field.state != "disabled"
            for stateName in ["enabled", "sensitive", "editable"] {
                XCTAssertEqual(node.states.contains(stateName), enabled, "\(field.id) \(stateName): \(node.states)")
            }
            XCTAssertEqual(node.states.contains("invalid entry"), field.error, "\(field.id): \(node.states)")
            if field.error { XCTAssertEqual(node.description, field.errorMessage ?? "", "\(field.id): the error message is read") }
            XCTAssertEqual(node.interfaces.filter { ["Text", "EditableText", "Action", "Component"].contains($0) }.count, 4,
                           "\(field.id): \(node.interfaces)")
            // Return activates a single-line field; in a text area it starts a new line.
            XCTAssertEqual(node.actions, field.kind == "textArea" ? [] : ["activate"], field.id)
            if field.secure {
                XCTAssertEqual(node.text, String(repeating: "•", count: field.text.count), field.id)
            } else {
                XCTAssertEqual(node.text, field.text, field.id)
                XCTAssertEqual(node.count, field.text.unicodeScalars.count, "\(field.id) counts code points")
            }
            // Window coordinates are the field's frame; with no window manager the window sits
            // at the screen's origin, so screen coordinates are the same.
            let window = try XCTUnwrap(node.window)
            XCTAssertEqual(window[0], Int(field.frame[0].rounded(.down)), field.id)
            XCTAssertEqual(window[2], Int((field.frame[0] + field.frame[2]).rounded(.up)) - window[0], field.id)
            XCTAssertEqual(node.screen, node.window, field.id)
        }
        // A caption labels the field under it; the field is labelled by it.
        let helper = try XCTUnwrap(tree.node("filled-helper"))
        let captions = helper.related("labelled by")
        XCTAssertEqual(captions, ["Helper text"])
        let caption = try XCTUnwrap(tree.nodes.first { $0.role == "label" && $0.name == "Helper text" })
        XCTAssertEqual(caption.related("label for"), ["filled-helper"])
        XCTAssertTrue(tree.nodes.contains { $0.role == "heading" }, "headings read as headings")
        // Reading order: the caption comes right before its field.
        let form = tree.nodes.filter { $0.path.count == 3 }
        let captionIndex = try XCTUnwrap(form.firstIndex { $0.role == "label" && $0.name == "Helper text" })
        XCTAssertEqual(form[captionIndex + 1].id, "filled-helper")
    }

    func testAnIdleCatalogOnTheAccessibilityBusStaysAsleep() throws {
        // Registered, read whole by a client and left alone: the bus wakes the loop only when
        // it has something to say, so the window sleeps as it does with no bus.
        _ = try tree()
        let pid = app.process.processIdentifier
        // The bridge, which the catalog opens only when a bus can be reached, is loaded now.
        let loaded = try mappedLibraries(of: pid)
        XCTAssertTrue(loaded.contains { $0.hasPrefix("libatk-bridge-2.0.so") }, "the bridge is not loaded: \(loaded)")
        func wakeUps() throws -> Int {
            let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
            return status.split(separator: "\n").filter { $0.hasPrefix("voluntary_ctxt_switches") }
                .compactMap { Int($0.split(separator: "\t").last ?? "") }.reduce(0, +)
        }
        usleep(500_000)
        let before = try wakeUps()
        usleep(2_000_000)
        XCTAssertLessThanOrEqual(try wakeUps() - before, 2, "the loop woke while nothing happened")
    }

    func testTypingIsHeardAsFocusTextAndCaretEvents() throws {
        // é on a key of its own, as a Latin-1 keyboard has it: xdotool's bind-press-unbind of a
        // key the map lacks can be undone before a starved client reads it (KeymapHistory's
        // tests pin that race; this one is about what a screen reader hears).
        try app.bindSpareKeycode(toKeysym: "eacute")
        let events = try listen(while: {
            try app.click(field: "filled-label")
            XCTAssertNotNil(app.waitForState { $0.field("filled-label").focused })
            try app.type("Hé")
        }, until: { events in events.filter { $0.type.hasPrefix("object:text-changed:insert") }.count >= 2 })
        let mine = events.filter { $0.id == "filled-label" }
        XCTAssertTrue(mine.contains { $0.type == "object:state-changed:focused" && $0.detail1 == 1 }, "\(mine)")
        // The keys themselves reach a keystroke listener, as Orca hears them to echo typing.
        XCTAssertEqual(events.filter { $0.type == "key:pressed" }.compactMap(\.data).suffix(2), ["H", "é"], "\(events)")
        let inserts = mine.filter { $0.type.hasPrefix("object:text-changed:insert") }
        XCTAssertEqual(inserts.map(\.data), ["H", "é"], "\(mine)")
        XCTAssertEqual(inserts.map(\.detail1), [0, 1])
        XCTAssertEqual(inserts.map(\.detail2), [1, 1])
        let carets = mine.filter { $0.type == "object:text-caret-moved" }.compactMap(\.detail1)
        XCTAssertEqual(carets.last, 2, "\(mine)")
        // Text changes come before the caret move they cause.
        let firstInsert = try XCTUnwrap(mine.firstIndex { $0.type.hasPrefix("object:text-changed:insert") })
        let caretAfter = try XCTUnwrap(mine.firstIndex { $0.type == "object:text-caret-moved" && $0.detail1 == 1 })
        XCTAssertLessThan(firstInsert, caretAfter)
    }

    func testAFieldThatGoesIntoErrorIsHeardAsAnInvalidEntryWithItsMessage() throws {
        let events = try listen(while: {
            try app.click(field: "filled-email")
            XCTAssertNotNil(app.waitForState { $0.field("filled-email").focused })
            try app.type("bad")
            try app.key("Tab")
        }, until: { events in events.contains { $0.id == "filled-email" && $0.type == "object:state-changed:invalid-entry" } })
        let mine = events.filter { $0.id == "filled-email" }
        XCTAssertTrue(mine.contains { $0.type == "object:state-changed:invalid-entry" && $0.detail1 == 1 }, "\(mine)")
        XCTAssertTrue(mine.contains { $0.type == "object:property-change:accessible-description" }, "\(mine)")
        XCTAssertTrue(mine.contains { $0.type == "object:state-changed:focused" && $0.detail1 == 0 }, "\(mine)")
        let node = try XCTUnwrap(try tree().node("filled-email"))
        XCTAssertTrue(node.states.contains("invalid entry"), "\(node.states)")
        XCTAssertEqual(node.description, "Enter an address like name@example.com", "the error message is the description")
    }

    func testEditableTextEditsThroughThePipelineAndTheQAStateFollows() throws {
        let combining = "Cafe\u{301} ", family = "👨\u{200D}👩\u{200D}👧"
        let results = try call([
            ["id": "filled-label", "op": "setTextContents", "args": [combining]],
            ["id": "filled-label", "op": "insertText", "args": [6, family, family.utf8.count]],
            ["id": "filled-label", "op": "getText", "args": [0, -1]],
            ["id": "filled-label", "op": "characterCount"],
            ["id": "filled-label", "op": "setCaretOffset", "args": [5]],
            ["id": "filled-label", "op": "caretOffset"],
            ["id": "filled-label", "op": "getTextAtOffset", "args": [1, 1]],
            // The digits-only field's delegate refuses letters from an assistive technology too.
            ["id": "uikit-digits", "op": "setTextContents", "args": ["12ab"]],
            ["id": "uikit-digits", "op": "getText", "args": [0, -1]],
            // A field with a limit of 20 keeps 20.
            ["id": "filled-counter", "op": "setTextContents", "args": [String(repeating: "x", count: 30)]],
            ["id": "filled-counter", "op": "characterCount"],
            ["id": "filled-prefilled", "op": "deleteText", "args": [0, 2]],
            // Component's grab focus focuses as Tab would; Text's selection selects.
            ["id": "outlined-prefilled", "op": "grabFocus"],
            ["id": "outlined-prefilled", "op": "setSelection", "args": [0, 1, 3]],
            ["id": "outlined-prefilled", "op": "getSelection", "args": [0]],
        ])
        XCTAssertEqual(results[2] as? String, combining + family)
        XCTAssertEqual(results[3] as? Int, 6 + 5, "code points: C a f e U+0301 space, and the family's five")
        XCTAssertEqual(results[5] as? Int, 5)
        // WORD_START: from the word's start to the next word's, or to the end (an emoji is no word).
        XCTAssertEqual((results[6] as? [Any])?.first as? String, combining + family, "the word at offset 1")
        XCTAssertEqual(results[8] as? String, "", "refused by the delegate")
        XCTAssertEqual(results[10] as? Int, 20)
        XCTAssertEqual(results[14] as? [Int], [1, 3])
        let state = app.waitForState {
            $0.field("filled-label").text == combining + family && $0.field("filled-prefilled").text == "sboa"
                && $0.field("outlined-prefilled").focused && $0.field("outlined-prefilled").selection == [1, 3]
        }
        XCTAssertNotNil(state, "the QA state follows: \(String(describing: try? app.state().field("filled-label").text))")
    }

    /// The editable-styles row ("Meet at **noon**, *not* later, ..."): its runs read through
    /// AT-SPI's Text as GTK's would, in code points, with the field's font as the defaults.
    func testStyledRunsReadAsATKTextAttributes() throws {
        let results = try call([
            ["id": "styled-editable", "op": "getAttributeRun", "args": [9, false]],
            ["id": "styled-editable", "op": "getAttributeRun", "args": [15, false]],
            ["id": "styled-editable", "op": "getAttributeRun", "args": [2, false]],
            ["id": "styled-editable", "op": "getDefaultAttributeSet"],
        ])
        func run(_ result: Any) -> (attributes: Set<String>, start: Int, end: Int)? {
            guard let parts = result as? [Any], parts.count == 3, let attributes = parts[0] as? [String],
                  let start = parts[1] as? Int, let end = parts[2] as? Int else { return nil }
            return (Set(attributes), start, end)
        }
        let bold = try XCTUnwrap(run(results[0]), "\(results)")
        XCTAssertEqual(bold.attributes, ["weight:700"])
        XCTAssertEqual([bold.start, bold.end], [8, 12])
        let italic = try XCTUnwrap(run(results[1]), "\(results)")
        XCTAssertEqual(italic.attributes, ["style:italic"])
        XCTAssertEqual([italic.start, italic.end], [14, 17])
        let plain = try XCTUnwrap(run(results[2]), "\(results)")
        XCTAssertEqual(plain.attributes, [])
        XCTAssertEqual([plain.start, plain.end], [0, 8])
        let defaults = results[3] as? [String: String] ?? [:]
        XCTAssertEqual(defaults, ["family-name": "Roboto", "size": "12", "weight": "400", "style": "normal", "underline": "none",
                                  "strikethrough": "false"])
    }

    func testSecureFieldGivesNoSecretToAssistiveTechnologies() throws {
        let secret = "hunter2"
        let events = try listen(while: {
            try app.click(field: "filled-password")
            XCTAssertNotNil(app.waitForState { $0.field("filled-password").focused })
            try app.key("ctrl+a", "BackSpace")
            try app.type(secret)
        }, until: { events in events.filter { $0.id == "filled-password" && $0.type.hasPrefix("object:text-changed:insert") }.count >= secret.count })
        let mine = events.filter { $0.id == "filled-password" }
        XCTAssertFalse(mine.isEmpty)
        for event in mine {
            XCTAssertFalse(secret.contains { event.data?.contains($0) ?? false }, "an event carries the secret: \(event)")
        }
        let node = try XCTUnwrap(try tree().node("filled-password"))
        XCTAssertEqual(node.role, "password text")
        XCTAssertEqual(node.text, String(repeating: "•", count: secret.count))
        let results = try call([["id": "filled-password", "op": "getTextAtOffset", "args": [2, 1]],
                                ["id": "filled-password", "op": "getText", "args": [0, -1]]])
        let everything = "\(results)"
        XCTAssertFalse(secret.contains { everything.contains($0) }, everything)
    }
}

/// The QA state's view of every field this test compares with.
private struct QAFields: Decodable {
    struct Field: Decodable {
        var id: String, kind: String, label: String, text: String, secure: Bool, state: String, error: Bool
        var errorMessage: String?
        var accessibilityLabel: String
        var frame: [Double]
    }
    var fields: [Field]
}

/// A private D-Bus session bus, as a desktop session has: it activates the accessibility bus
/// launcher and the AT-SPI registry on first use.
final class SessionBus {
    let address: String
    private let process = Process()

    init() throws {
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: findExecutable("dbus-daemon")!)
        process.arguments = ["--session", "--nofork", "--print-address=1"]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        let handle = output.fileHandleForReading
        let deadline = Date().addingTimeInterval(10)
        while !text.contains("\n"), Date() < deadline {
            let data = handle.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        guard let line = text.split(separator: "\n").first, !line.isEmpty else {
            process.terminate()
            throw HarnessError("dbus-daemon --session printed no address")
        }
        address = String(line)
    }

    deinit {
        // The accessibility bus launcher and the registry leave with the bus they were activated on.
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }
}

/// `atspi_client.py listen`, running while a test acts: events as they come.
final class EventListener {
    private let process = Process()
    private let input = Pipe()
    private let output: URL
    private var lines: [String] {
        (try? String(contentsOf: output, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
    }

    init(client: String, environment: [String: String]) throws {
        output = FileManager.default.temporaryDirectory.appendingPathComponent("atspi-events-\(UUID().uuidString).jsonl")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [client, "listen", "textfield-catalog"]
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        process.environment = merged
        process.standardInput = input
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = FileHandle.nullDevice
        try process.run()
        guard waitUntil(timeout: 20, { lines.contains("ready") }) else {
            process.terminate()
            throw HarnessError("the AT-SPI listener never got ready")
        }
    }

    var events: [Event] {
        lines.filter { $0 != "ready" }.compactMap { try? JSONDecoder().decode(Event.self, from: Data($0.utf8)) }
    }

    typealias Event = AccessibilityUITests.Event

    func stop() -> [Event] {
        try? input.fileHandleForWriting.close()
        _ = waitUntil(timeout: 5) { !process.isRunning }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        defer { try? FileManager.default.removeItem(at: output) }
        return events
    }
}

/// Without a bus to reach, nothing of AT-SPI starts: no session bus is launched for it, no
/// child process, no delay.
final class AccessibilityWithoutBusUITests: XCTestCase {
    func testWithNoBusToReachTheCatalogLaunchesNothing() throws {
        let app = try CatalogApp(environment: ["DBUS_SESSION_BUS_ADDRESS": "", "AT_SPI_BUS_ADDRESS": "", "XDG_RUNTIME_DIR": ""])
        try app.click(field: "filled-label")
        try app.type("ok")
        XCTAssertNotNil(app.waitForState { $0.field("filled-label").text == "ok" })
        let children = try runCommand("/usr/bin/pgrep", ["-P", String(app.process.processIdentifier)])
        XCTAssertEqual(children.stdout, "", "the catalog started a process: \(children.stdout)")
        let launched = try autolaunchedBuses(onDisplay: app.server.displayName)
        XCTAssertEqual(launched, [], "a session bus was autolaunched for the catalog's display")
    }

    func testWithNoBusToReachTheCatalogLoadsNeitherATKNorTheBridgeNorDBus() throws {
        // Linked, ATK and GObject (with libffi) would be mapped and relocated at exec, and
        // GObject's type system set up, about 0.5 MB resident; the bridge and what it needs
        // (libatspi, libdbus, libsystemd, libgcrypt, ...) 1.2 MB more: all for nothing.
        let app = try CatalogApp(environment: ["DBUS_SESSION_BUS_ADDRESS": "", "AT_SPI_BUS_ADDRESS": "", "XDG_RUNTIME_DIR": ""])
        try app.click(field: "filled-label")
        try app.type("ok")
        XCTAssertNotNil(app.waitForState { $0.field("filled-label").text == "ok" })
        let loaded = try mappedLibraries(of: app.process.processIdentifier)
        for absent in ["libatk-1.0.so", "libgobject-2.0.so", "libffi.so", "libatk-bridge-2.0.so", "libatspi.so", "libdbus-1.so", "libsystemd.so"] {
            XCTAssertFalse(loaded.contains { $0.hasPrefix(absent) }, "\(absent) is loaded with no bus to reach")
        }
    }

    func testWithABusButNoATKTheCatalogWorksAndSaysOnceThatAccessibilityIsOff() throws {
        // A libatk-1.0.so.0 the loader finds first and cannot load (an empty file), as on a
        // system without ATK: the window goes on without an accessible tree.
        let folder = NSTemporaryDirectory() + "no-atk-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        XCTAssertTrue(FileManager.default.createFile(atPath: folder + "/libatk-1.0.so.0", contents: Data()))
        let app = try CatalogApp(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=\(folder)/no-bus", "LD_LIBRARY_PATH": folder])
        try app.click(field: "filled-label")
        try app.type("ok")
        XCTAssertNotNil(app.waitForState { $0.field("filled-label").text == "ok" })
        let loaded = try mappedLibraries(of: app.process.processIdentifier)
        for absent in ["libatk-1.0.so", "libgobject-2.0.so", "libatk-bridge-2.0.so", "libdbus-1.so"] {
            XCTAssertFalse(loaded.contains { $0.hasPrefix(absent) }, "\(absent) is loaded, though ATK could not be")
        }
        try app.requestClose()
        XCTAssertEqual(app.waitForExit(timeout: 20), 0, "the catalog did not exit cleanly")
        let said = app.standardError.split(separator: "\n").filter { $0.contains("accessibility") }
        XCTAssertEqual(said.count, 1, "not one line about accessibility: \(said)")
        XCTAssertTrue(said.first?.contains("warning: accessibility is off: ATK could not be loaded (") ?? false, "\(said)")
        XCTAssertTrue(said.first?.contains("libatk-1.0.so.0") ?? false, "the line does not name the library: \(said)")
    }

    /// The `dbus-launch --autolaunch` processes whose environment names `display`: the catalog's
    /// own, never another program's on another server of this machine (a GTK program run without
    /// a bus elsewhere leaves one behind, daemonized, with no parent to tell it apart by).
    private func autolaunchedBuses(onDisplay display: String) throws -> [String] {
        let found = try runCommand("/usr/bin/pgrep", ["-f", "dbus-launch --autolaunch"])
        return found.stdout.split(separator: "\n").map(String.init).filter { pid in
            guard let environ = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return false }
            return environ.split(separator: 0).contains { Array($0) == Array("DISPLAY=\(display)".utf8) }
        }
    }
}

/// The file names of the shared objects `pid` has mapped (read to its end: the file reports no
/// size, and a read of one size stops after its first page).
func mappedLibraries(of pid: Int32) throws -> Set<String> {
    let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/\(pid)/maps"))
    defer { try? handle.close() }
    let maps = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
    return Set(maps.split(separator: "\n").compactMap { line -> String? in
        guard let path = line.split(separator: " ", omittingEmptySubsequences: true).last, path.contains(".so") else { return nil }
        return String(path.split(separator: "/").last ?? path)
    })
}
