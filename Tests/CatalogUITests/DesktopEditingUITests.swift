import CXlib
import Foundation
import TestHarness
import XCTest

/// Copy and paste with another X program, `xclip`, both ways and at sizes that need INCR; the
/// middle click; undo by word. What a GTK or Qt user does every day, checked from outside.
final class DesktopEditingUITests: XCTestCase {
    private var xclip: String!

    override func setUpWithError() throws {
        xclip = try XCTUnwrap(findExecutable("xclip"), "xclip is not installed; ./run.sh test installs it")
    }

    private func text(_ app: CatalogApp, _ id: String) -> String { (try? app.state().field(id).text) ?? "?" }

    private var servers: [Process] = []

    override func tearDown() {
        servers.filter(\.isRunning).forEach { $0.terminate() }
        servers = []
    }

    /// Puts `text` on a selection with xclip, kept in the foreground (`-quiet`): a forked xclip
    /// would keep the test's wait for it from ending. Returns once xclip owns the selection.
    private func offer(_ text: String, on selection: String, app: CatalogApp) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("xclip-\(UUID().uuidString).txt")
        try text.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let previous = try owner(of: selection, app: app)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: xclip)
        process.arguments = ["-quiet", "-selection", selection, "-i", file.path]
        process.environment = ["DISPLAY": app.server.displayName, "PATH": "/usr/bin:/bin"]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        servers.append(process)
        let owned = try waitUntil(timeout: 10) {
            let now = try self.owner(of: selection, app: app)
            return now != 0 && now != previous && now != app.windowID
        }
        XCTAssertTrue(owned, "xclip never took \(selection)")
    }

    private func owner(of selection: String, app: CatalogApp) throws -> Window {
        try app.withDisplay { display in XGetSelectionOwner(display, XInternAtom(display, selection.uppercased(), 0)) }
    }

    func testADragThenCtrlCIsWhatXclipReadsBack() throws {
        let app = try CatalogApp()
        let field = try app.state().field("outlined-prefilled")  // "Lisboa"
        let y = Int(field.frame[1] + field.frame[3] / 2)
        try app.xdotool(["mousemove", "--window", String(app.windowID), String(Int(field.frame[0]) + 14), String(y),
                         "mousedown", "1", "mousemove", "--window", String(app.windowID), String(Int(field.frame[0]) + 200), String(y),
                         "mouseup", "1"])
        XCTAssertNotNil(app.waitForState { $0.field("outlined-prefilled").selection == [0, 6] }, "the drag selected \(text(app, "outlined-prefilled"))")
        try app.key("ctrl+c")
        let copied = try waitUntil(timeout: 3) {
            try runCommand(self.xclip, ["-o", "-selection", "clipboard"], environment: ["DISPLAY": app.server.displayName]).stdout == "Lisboa"
        }
        XCTAssertTrue(copied, "xclip read back something else")
        // The drag also made it PRIMARY, as selecting does.
        let primary = try runCommand(xclip, ["-o", "-selection", "primary"], environment: ["DISPLAY": app.server.displayName])
        XCTAssertEqual(primary.stdout, "Lisboa")
    }

    /// 1 MB fits one property; 3 MB is more than xclip puts in one, so it goes by INCR. Either
    /// arrives whole in the QA state after Ctrl+V (the time it takes is printed, not judged).
    func testLargePastesFromXclipArriveWhole() throws {
        let app = try CatalogApp()
        try app.click(field: "filled-label")
        XCTAssertNotNil(app.waitForState { $0.field("filled-label").focused })
        for megabytes in [1, 3] {
            let line = String(repeating: "abcdefghij", count: 100) // 1,000 characters
            let pasted = String(repeating: line, count: megabytes * 1_000)
            try offer(pasted, on: "clipboard", app: app)
            try app.key("ctrl+a", "BackSpace")
            let asked = Date()
            try app.key("ctrl+v")
            // Watched by the QA state file's size, not by decoding megabytes of JSON every few
            // milliseconds: the test must not eat the CPU the catalog is timed on.
            var seconds = Double.infinity
            while Date().timeIntervalSince(asked) < 10 {
                let size = ((try? FileManager.default.attributesOfItem(atPath: app.statePath))?[.size] as? Int) ?? 0
                if size > pasted.utf8.count {
                    seconds = Date().timeIntervalSince(asked)
                    break
                }
                usleep(5_000)
            }
            let state = app.waitForState(timeout: 10) { $0.field("filled-label").text.count == pasted.count }
            print("DesktopEditingUITests: \(megabytes) MB from xclip whole in the QA state after \(String(format: "%.2f", seconds)) s")
            XCTAssertNotNil(state, "\(megabytes) MB: \(text(app, "filled-label").count) characters arrived")
            XCTAssertEqual(state?.field("filled-label").text, pasted)
        }
    }

    func testAMiddleClickPastesPrimaryAtThePointAndFocusesTheField() throws {
        let app = try CatalogApp()
        try offer("Tejo ", on: "primary", app: app)
        let field = try app.state().field("outlined-prefilled")  // "Lisboa"
        XCTAssertFalse(field.focused)
        // At the start of the text.
        try app.click(x: field.frame[0] + 16, y: field.frame[1] + field.frame[3] / 2, button: 2)
        let state = app.waitForState { $0.field("outlined-prefilled").text == "Tejo Lisboa" }
        XCTAssertNotNil(state, "got \(text(app, "outlined-prefilled"))")
        XCTAssertEqual(state?.field("outlined-prefilled").focused, true)
    }

    func testCtrlZAfterTypingTwoWordsLeavesTheFirst() throws {
        let app = try CatalogApp()
        try app.click(field: "filled-label")
        try app.type("hello world")
        XCTAssertNotNil(app.waitForState { $0.field("filled-label").text == "hello world" })
        try app.key("ctrl+z")
        XCTAssertNotNil(app.waitForState { $0.field("filled-label").text == "hello " }, "got \(text(app, "filled-label"))")
        try app.key("ctrl+shift+z")
        XCTAssertNotNil(app.waitForState { $0.field("filled-label").text == "hello world" }, "got \(text(app, "filled-label"))")
    }
}
