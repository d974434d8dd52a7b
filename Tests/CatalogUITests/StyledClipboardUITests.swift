import Foundation
import MaterialFields
import TestHarness
import XCTest

/// A GTK 3 program on the other end of CLIPBOARD (`Scripts/gtk_clipboard_peer.py`): `offer`
/// owns it with `text/html` (and the plain text forms) as a browser or GTK program does, `read`
/// pastes the catalog's copy the GTK way.
final class GTKClipboardPeer {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scripts/gtk_clipboard_peer.py").path

    struct State: Decodable { var owner: Bool; var asked: [String] }
    struct Clipboard: Decodable { var targets: [String]; var html: String?; var text: String? }

    private let process = Process()
    private let statePath = NSTemporaryDirectory() + "gtk-clipboard-peer-\(UUID().uuidString).json"
    private let htmlPath = NSTemporaryDirectory() + "gtk-clipboard-peer-\(UUID().uuidString).html"

    static var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        // No session bus: GTK's accessibility bridge and GSettings would autolaunch one.
        environment["NO_AT_BRIDGE"] = "1"
        environment["GSETTINGS_BACKEND"] = "memory"
        environment["GIO_USE_VFS"] = "local"
        return environment
    }

    /// Owns CLIPBOARD on `display` with `html` (as UTF-16 with `utf16`) and `plain`.
    init(display: String, html: String, plain: String?, utf16: Bool = false) throws {
        try Data(html.utf8).write(to: URL(fileURLWithPath: htmlPath))
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [Self.script, "offer", statePath, htmlPath] + (plain.map { ["--plain", $0] } ?? []) + (utf16 ? ["--utf16"] : [])
        var environment = Self.environment
        environment["DISPLAY"] = display
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        guard waitUntil(timeout: 20, { self.state()?.owner == true }) else { throw HarnessError("the GTK peer never took CLIPBOARD") }
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: statePath)
        try? FileManager.default.removeItem(atPath: htmlPath)
    }

    func state() -> State? { try? JSONDecoder().decode(State.self, from: Data(contentsOf: URL(fileURLWithPath: statePath))) }

    /// What a GTK program pasting from CLIPBOARD on `display` gets.
    static func read(display: String) throws -> Clipboard {
        var environment = Self.environment
        environment["DISPLAY"] = display
        let result = try runCommand("/usr/bin/python3", [script, "read"], environment: environment, timeout: 30)
        guard result.status == 0 else { throw HarnessError("the GTK reader failed: \(result.stderr)") }
        return try JSONDecoder().decode(Clipboard.self, from: Data(result.stdout.utf8))
    }
}

/// Styled copy and paste with a real GTK program through the real catalog: a paste of
/// `text/html` into a field that allows editing styles keeps the styles it can show (the QA
/// state's `runs`) and drops the markup it cannot (a script, a link's address); the same paste
/// into a field that does not gets the plain text; Firefox's UTF-16 `text/html` with paragraphs
/// becomes lines in a text area; HTML larger than a request arrives by INCR; and a copy from a
/// styled field offers `text/html` that GTK reads back with the same styles. One catalog does it all; every wait is on a condition.
final class StyledClipboardUITests: XCTestCase {
    struct View: Decodable {
        struct Run: Decodable, Equatable {
            var start: Int, end: Int
            var attributes: [String: Value]
        }
        enum Value: Decodable, Equatable {
            case number(Double), text(String), flag(Bool)
            init(from decoder: Decoder) throws {
                let container = try decoder.singleValueContainer()
                if let flag = try? container.decode(Bool.self) { self = .flag(flag) }
                else if let number = try? container.decode(Double.self) { self = .number(number) }
                else { self = .text(try container.decode(String.self)) }
            }
        }
        struct Field: Decodable {
            var id: String, text: String, selection: [Int], focused: Bool, frame: [Double]
            var runs: [Run]?
        }
        struct Window: Decodable { var height: Double }
        var window: Window
        var fields: [Field]
        func field(_ id: String) -> Field { fields.first { $0.id == id }! }
    }

    private var app: CatalogApp!

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"),
              (try? runCommand("/usr/bin/python3", ["-c", "import gi; gi.require_version('Gtk', '3.0')"]).status) == 0 else {
            throw XCTSkip("python3-gi and gir1.2-gtk-3.0 are not installed; `./run.sh test` installs them")
        }
        // The last of the editable-styles rows focused: the window scrolls to show all three.
        app = try CatalogApp(arguments: ["--focus", "styled-plain"])
    }

    override func tearDown() {
        app = nil
    }

    private func view(_ condition: @escaping (View) -> Bool, _ what: String, file: StaticString = #filePath, line: UInt = #line) throws -> View {
        guard let view = app.waitForState(as: View.self, timeout: 15, condition) else {
            let last = try? app.state(as: View.self)
            let fields = last?.fields.filter { $0.id.hasPrefix("styled-") }.map { "\($0.id): \($0.text) \(String(describing: $0.runs))" }
            XCTFail("\(what); last: \(fields ?? [])", file: file, line: line)
            throw HarnessError("condition not met: \(what)")
        }
        return view
    }

    /// Clicks into `id` (on screen), selects everything and pastes.
    private func pasteReplacingAll(in id: String) throws {
        let frame = try app.state(as: View.self).field(id).frame
        let height = try app.state(as: View.self).window.height
        XCTAssertTrue(frame[1] >= 0 && frame[1] + frame[3] <= height, "\(id) is not on screen: \(frame)")
        try app.click(field: id)
        _ = try view({ $0.field(id).focused }, "\(id) never took focus")
        try app.key("ctrl+a", "ctrl+v")
    }

    private func run(_ start: Int, _ end: Int, _ attributes: [String: View.Value] = [:]) -> View.Run {
        View.Run(start: start, end: end, attributes: attributes)
    }

    func testHTMLFromAGTKProgramPastesWithStylesOnlyWhereStylesAreAllowedAndACopyOffersIt() throws {
        let display = app.server.displayName
        let html = "<meta charset=\"utf-8\"><b>Bold</b> and <span style=\"color: rgb(255, 0, 0); text-shadow: 1px 1px\">red</span>"
            + "<script>alert('never')</script> <a href=\"https://example.com/\">link</a>"
        var peer: GTKClipboardPeer? = try GTKClipboardPeer(display: display, html: html, plain: "Bold and red link")

        // Styles allowed: the HTML, with what the field can show.
        try pasteReplacingAll(in: "styled-editable")
        let styled = try view({ $0.field("styled-editable").text == "Bold and red link" }, "the styled paste never arrived")
        XCTAssertEqual(styled.field("styled-editable").runs, [
            run(0, 4, ["fontWeight": .number(700)]), run(4, 9), run(9, 12, ["foregroundColor": .text("#FF0000FF")]), run(12, 17),
        ])
        XCTAssertEqual(peer?.state()?.asked.first, "text/html", "the catalog did not take text/html")

        // Styles not allowed: the plain text, in the field's own style.
        try pasteReplacingAll(in: "styled-plain")
        let plain = try view({ $0.field("styled-plain").text == "Bold and red link" }, "the plain paste never arrived")
        XCTAssertEqual(plain.field("styled-plain").runs, [run(0, 17)])
        XCTAssertEqual(peer?.state()?.asked.last, "UTF8_STRING", "the plain paste asked for \(peer?.state()?.asked ?? [])")

        // Firefox's way: UTF-16 with its byte order mark, paragraphs, into the text area.
        peer = nil
        peer = try GTKClipboardPeer(display: display, html: "<html><body>\n<!--StartFragment--><p>First line</p><p><i>second</i> "
                                        + "&amp; <u>last</u></p><!--EndFragment-->\n</body></html>", plain: nil, utf16: true)
        try pasteReplacingAll(in: "styled-editable-notes")
        let notes = try view({ $0.field("styled-editable-notes").text == "First line\nsecond & last" }, "the UTF-16 paste never arrived")
        XCTAssertEqual(notes.field("styled-editable-notes").runs, [
            run(0, 11), run(11, 17, ["italic": .flag(true)]), run(17, 20), run(20, 24, ["underlineStyle": .text("single")]),
        ])

        // HTML larger than one request (GTK sends it by INCR, chunk by chunk): mostly a comment.
        peer = nil
        peer = try GTKClipboardPeer(display: display, html: "<!--" + String(repeating: "padding ", count: 40_000) + "--><b>big</b> one",
                                    plain: "big one")
        try pasteReplacingAll(in: "styled-editable")
        let big = try view({ $0.field("styled-editable").text == "big one" }, "the INCR paste never arrived")
        XCTAssertEqual(big.field("styled-editable").runs, [run(0, 3, ["fontWeight": .number(700)]), run(3, 7)])

        // One undo takes the paste back, and the styles of what it replaced with it.
        try app.key("ctrl+z")
        let undone = try view({ $0.field("styled-editable").text == "Bold and red link" }, "undo did not take the INCR paste back")
        XCTAssertEqual(undone.field("styled-editable").runs, styled.field("styled-editable").runs)

        // A copy from the styled field: GTK sees text/html beside the text and reads the styles back.
        try app.click(field: "styled-editable")
        _ = try view({ $0.field("styled-editable").focused }, "the styled field never took focus again")
        try app.key("ctrl+a", "ctrl+c")
        XCTAssertTrue(waitUntil(timeout: 15) { peer?.state()?.owner == false }, "the catalog never took CLIPBOARD from the peer")
        let copied = try GTKClipboardPeer.read(display: display)
        XCTAssertTrue(copied.targets.contains("text/html"), "targets: \(copied.targets)")
        XCTAssertTrue(copied.targets.contains("UTF8_STRING"), "targets: \(copied.targets)")
        XCTAssertEqual(copied.text, "Bold and red link")
        let read = try XCTUnwrap(HTMLReader().attributedText(fromHTML: try XCTUnwrap(copied.html)))
        XCTAssertEqual(read.string, "Bold and red link")
        XCTAssertEqual(read.runs.map(\.range), [0..<4, 4..<9, 9..<12, 12..<17])
        XCTAssertEqual(read.attributes(at: 0).fontWeight, .bold)
        XCTAssertEqual(read.attributes(at: 9).foregroundColor, Color(red: 1, green: 0, blue: 0))

        // A copy of plain text offers no text/html, as a GTK text view without tags.
        try app.click(field: "styled-plain")
        _ = try view({ $0.field("styled-plain").focused }, "the plain field never took focus again")
        try app.key("ctrl+a", "ctrl+c")
        XCTAssertTrue(waitUntil(timeout: 15) { (try? GTKClipboardPeer.read(display: display).targets.contains("text/html")) == false },
                      "a plain copy offered text/html")
        peer = nil
    }
}

/// Styled copy and paste in a script, headless: `clipboard-html` plays another program's styled
/// copy, `expect clipboard html` reads what a copy offers as `text/html`.
final class StyledClipboardScriptTests: CatalogCommandTestCase {
    override class var folderPrefix: String { "styled-clipboard" }

    func testClipboardHTMLPastesWithStylesWhereAllowedAndACopyOffersItsHTML() throws {
        let path = try script("styled-clipboard.qa", #"""
            focus styled-editable
            key ctrl+a
            clipboard-html <b>Bold</b> <span style="color:#00ff00">green</span><script>never()</script>
            expect clipboard text "Bold green"
            key ctrl+v
            expect styled-editable text "Bold green"
            expect styled-editable runs [{"start": 0, "end": 4, "attributes": {"fontWeight": 700}}, {"start": 4, "end": 5, "attributes": {}}, {"start": 5, "end": 10, "attributes": {"foregroundColor": "#00FF00FF"}}]
            focus styled-plain
            key ctrl+a ctrl+v
            expect styled-plain text "Bold green"
            expect styled-plain runs [{"start": 0, "end": 10, "attributes": {}}]
            focus styled-editable
            key ctrl+a ctrl+c
            expect clipboard html "<meta charset=\"utf-8\"><b>Bold</b> <span style=\"color:#00FF00\">green</span>"
            focus styled-plain
            key ctrl+a ctrl+c
            expect clipboard html null
            """#)
        let result = try catalog(["--script", path])
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    func testAClipboardHTMLStepWithoutHTMLIsAUsageError() throws {
        let path = try script("bad.qa", "clipboard-html\n")
        let result = try catalog(["--script", path])
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertTrue(result.stderr.contains("bad.qa:1: usage: clipboard-html HTML"), result.stderr)
    }
}
