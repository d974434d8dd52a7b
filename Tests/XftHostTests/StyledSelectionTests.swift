import CXlib
import Foundation
import MaterialFields
import TestHarness
import XCTest
@testable import XftHost

/// The selection broker's styled paste against a real GTK program offering `text/html`
/// (`Scripts/gtk_clipboard_peer.py`): the HTML is read into runs; HTML larger than the reader
/// takes falls back to the owner's plain text with one warning; a plain request never asks for
/// the HTML. The broker is driven by hand on a window of its own, as the loop drives it.
final class StyledSelectionTests: XCTestCase {
    private static let peerScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scripts/gtk_clipboard_peer.py").path

    private var server: XvfbServer!
    private var peer: Process?
    private var display: OpaquePointer!
    private var window: Window = 0
    private var warnings: [String] = []
    private var broker: SelectionBroker!
    private let files = NSTemporaryDirectory() + "styled-selection-\(UUID().uuidString)"

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"),
              (try? runCommand("/usr/bin/python3", ["-c", "import gi; gi.require_version('Gtk', '3.0')"]).status) == 0 else {
            throw XCTSkip("python3-gi and gir1.2-gtk-3.0 are not installed; `./run.sh test` installs them")
        }
        server = try XvfbServer(width: 320, height: 240)
        display = try XCTUnwrap(XOpenDisplay(server.displayName))
        window = XCreateSimpleWindow(display, XDefaultRootWindow(display), 0, 0, 10, 10, 0, 0, 0)
        XSelectInput(display, window, PropertyChangeMask)
        broker = SelectionBroker(display: display, window: window, clock: { Date().timeIntervalSince1970 },
                                 warn: { [unowned self] in warnings.append($0) })
        broker.timeout = 10
    }

    override func tearDown() {
        if let peer, peer.isRunning {
            peer.terminate()
            peer.waitUntilExit()
        }
        if let display {
            XDestroyWindow(display, window)
            XCloseDisplay(display)
        }
        try? FileManager.default.removeItem(atPath: files + ".html")
        try? FileManager.default.removeItem(atPath: files + ".json")
        server = nil
    }

    /// The GTK peer owns CLIPBOARD with `html` and `plain`; returns what it was asked for so far.
    private func offer(_ html: String, plain: String) throws -> () -> [String] {
        try Data(html.utf8).write(to: URL(fileURLWithPath: files + ".html"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [Self.peerScript, "offer", files + ".json", files + ".html", "--plain", plain]
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = server.displayName
        environment["NO_AT_BRIDGE"] = "1"
        environment["GSETTINGS_BACKEND"] = "memory"
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        peer = process
        struct State: Decodable { var owner: Bool; var asked: [String] }
        let state = { try? JSONDecoder().decode(State.self, from: Data(contentsOf: URL(fileURLWithPath: self.files + ".json"))) }
        guard waitUntil(timeout: 20, { state()?.owner == true }) else { throw HarnessError("the GTK peer never took CLIPBOARD") }
        return { state()?.asked ?? [] }
    }

    /// Runs the broker as the loop would until `done`, 15 s at most.
    private func pump(until done: () -> Bool) {
        let deadline = Date().addingTimeInterval(15)
        while !done(), Date() < deadline {
            while XPending(display) > 0 {
                var event = XEvent()
                XNextEvent(display, &event)
                switch event.type {
                case SelectionNotify: broker.handleSelectionNotify(event.xselection)
                case PropertyNotify: broker.handlePropertyNotify(event.xproperty)
                default: break
                }
            }
            broker.expire(at: Date().timeIntervalSince1970)
            if !broker.deliverAnswers() { usleep(2_000) }
        }
    }

    private func requestStyled() -> AttributedText?? {
        var answer: AttributedText??
        broker.requestStyled(.clipboard, time: Time(CurrentTime)) { answer = .some($0) }
        XFlush(display)
        pump { answer != nil }
        return answer
    }

    func testAStyledRequestReadsTheHTMLIntoRuns() throws {
        let asked = try offer("<b>bold</b> and <i>italic</i>", plain: "bold and italic")
        let answer = try XCTUnwrap(requestStyled(), "no answer")
        XCTAssertEqual(answer?.string, "bold and italic")
        XCTAssertEqual(answer?.runs.map(\.range), [0..<4, 4..<9, 9..<15])
        XCTAssertEqual(answer?.attributes(at: 0), TextAttributes(fontWeight: .bold))
        XCTAssertEqual(answer?.attributes(at: 9), TextAttributes(isItalic: true))
        XCTAssertEqual(asked(), ["text/html"])
        XCTAssertEqual(warnings, [])
    }

    func testHTMLLargerThanTheReaderTakesFallsBackToThePlainTextWithOneWarning() throws {
        let asked = try offer("<b>bold</b>" + String(repeating: "<!-- padding -->", count: 20), plain: "plain words")
        broker.htmlReader.maximumInputBytes = 100
        let answer = try XCTUnwrap(requestStyled(), "no answer")
        XCTAssertEqual(answer?.string, "plain words")
        XCTAssertEqual(answer?.attributeRuns.isPlain, true)
        XCTAssertEqual(asked(), ["text/html", "UTF8_STRING"])
        XCTAssertEqual(warnings, ["warning: the CLIPBOARD owner's styles are not pasted: its text/html is larger than 100 bytes; "
                                  + "its plain text is"])
    }

    func testHTMLWithNoTextFallsBackToThePlainTextQuietly() throws {
        let asked = try offer("<img src=\"https://example.com/a.png\"><script>x()</script>", plain: "caption")
        let answer = try XCTUnwrap(requestStyled(), "no answer")
        XCTAssertEqual(answer?.string, "caption")
        XCTAssertEqual(asked(), ["text/html", "UTF8_STRING"])
        XCTAssertEqual(warnings, [])
    }

    /// A pasted `font-family` list takes the first family fontconfig has, whatever its case.
    func testFamiliesAreCheckedWithFontconfig() {
        XCTAssertTrue(FontFamilies.isInstalled("DejaVu Serif"))
        XCTAssertTrue(FontFamilies.isInstalled("dejavu serif"))
        XCTAssertFalse(FontFamilies.isInstalled("Segoe UI No Such Face"))
        XCTAssertFalse(FontFamilies.isInstalled(""))
        XCTAssertEqual(broker.htmlReader.attributedText(fromHTML: "<span style=\"font-family: 'Segoe UI', 'DejaVu Serif'\">x</span>")?
            .attributes(at: 0).fontFamily, "DejaVu Serif")
    }

    func testAPlainRequestNeverAsksForTheHTML() throws {
        let asked = try offer("<b>bold</b>", plain: "bold")
        var answer: String??
        broker.request(.clipboard, time: Time(CurrentTime)) { answer = .some($0) }
        XFlush(display)
        pump { answer != nil }
        XCTAssertEqual(answer, "bold")
        XCTAssertEqual(asked(), ["UTF8_STRING"])
    }
}
