import CXlib
import Foundation
import TestHarness
import XCTest

/// The clipboard after the catalog closes: with the desktop's clipboard manager (the real
/// csd-clipboard of Cinnamon, as DESKTOP-NOTES names it) a copy survives the catalog's exit;
/// without one the catalog exits at once and the copy is gone; a manager that never answers
/// (xfce4-clipman's behaviour) costs the bound and one warning line, never a hang. Every wait
/// is on a condition (an owner, the process's exit), with generous timeouts.
final class ClipboardManagerUITests: XCTestCase {
    /// csd-clipboard on a server's display, inside a private session bus as the notes say.
    private final class ClipboardManager {
        let process = Process()
        let home: URL

        init(server: XvfbServer) throws {
            let candidates = ["/usr/lib/x86_64-linux-gnu/cinnamon-settings-daemon/csd-clipboard", "/usr/bin/csd-clipboard"]
            guard let executable = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) })
                ?? findExecutable("csd-clipboard") else {
                throw HarnessError("csd-clipboard is not installed; `./run.sh test` installs it (Debian package cinnamon-settings-daemon)")
            }
            guard let session = findExecutable("dbus-run-session") else {
                throw HarnessError("dbus-run-session is not installed; `./run.sh test` installs it (Debian package dbus)")
            }
            home = FileManager.default.temporaryDirectory.appendingPathComponent("csd-home-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            process.executableURL = URL(fileURLWithPath: session)
            process.arguments = ["--", executable]
            process.environment = ["DISPLAY": server.displayName, "HOME": home.path, "PATH": "/usr/bin:/bin",
                                   "NO_AT_BRIDGE": "1", "GSETTINGS_BACKEND": "memory", "LANG": "C.UTF-8"]
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            // It warns that no session manager answers: harmless.
            process.standardError = FileHandle.nullDevice
            try process.run()
            let serving = try waitUntil(timeout: 20) {
                guard self.process.isRunning else { throw HarnessError("csd-clipboard exited at once") }
                return try Self.managerOwner(on: server) != 0
            }
            guard serving else { throw HarnessError("csd-clipboard never took CLIPBOARD_MANAGER") }
        }

        deinit {
            // csd-clipboard itself ends with the test's X server.
            if process.isRunning { process.terminate() }
            try? FileManager.default.removeItem(at: home)
        }

        static func managerOwner(on server: XvfbServer) throws -> Window {
            guard let display = XOpenDisplay(server.displayName) else { throw HarnessError("cannot open \(server.displayName)") }
            defer { XCloseDisplay(display) }
            return XGetSelectionOwner(display, XInternAtom(display, "CLIPBOARD_MANAGER", 0))
        }
    }

    /// Types `text` into a field, selects it all and copies it; returns once the catalog owns CLIPBOARD.
    private func copy(_ text: String, in app: CatalogApp) throws {
        try app.click(field: "filled-label")
        XCTAssertNotNil(app.waitForState { $0.field("filled-label").focused }, "the field never took focus")
        try app.type(text)
        XCTAssertNotNil(app.waitForState { $0.field("filled-label").text == text }, "the typing never arrived")
        try app.key("ctrl+a", "ctrl+c")
        let owned = try waitUntil(timeout: 10) { try self.clipboardOwner(app) == app.windowID }
        XCTAssertTrue(owned, "Ctrl+C did not take CLIPBOARD")
    }

    private func clipboardOwner(_ app: CatalogApp) throws -> Window {
        try app.withDisplay { display in XGetSelectionOwner(display, XInternAtom(display, "CLIPBOARD", 0)) }
    }

    private func readClipboard(_ app: CatalogApp) throws -> (status: Int32, text: String) {
        let xclip = try XCTUnwrap(findExecutable("xclip"), "xclip is not installed; ./run.sh test installs it")
        let result = try runCommand(xclip, ["-o", "-selection", "clipboard"], environment: ["DISPLAY": app.server.displayName],
                                    timeout: 20)
        return (result.status, result.stdout)
    }

    /// What the catalog said about the clipboard or the X server (a desktop's session bus
    /// without AT-SPI may add a line of its own about accessibility, which is not these tests').
    private func clipboardLines(_ standardError: String) -> [String] {
        standardError.split(separator: "\n").map(String.init).filter {
            $0.localizedCaseInsensitiveContains("clipboard") || $0.contains("X server") || $0.contains("selection")
        }
    }

    func testACopySurvivesTheCatalogThroughCsdClipboard() throws {
        var manager: ClipboardManager?
        let app = try CatalogApp { server in manager = try ClipboardManager(server: server) }
        let managerWindow = try ClipboardManager.managerOwner(on: app.server)
        try copy("kept after exit ✓", in: app)
        try app.requestClose()
        XCTAssertEqual(app.waitForExit(timeout: 20), 0, "the catalog did not exit")
        XCTAssertEqual(try readClipboard(app).text, "kept after exit ✓", "the copy went with the catalog")
        XCTAssertNotEqual(try clipboardOwner(app), 0, "nobody holds CLIPBOARD after the exit")
        XCTAssertNotEqual(try clipboardOwner(app), app.windowID)
        XCTAssertEqual(try ClipboardManager.managerOwner(on: app.server), managerWindow, "the manager went away")
        XCTAssertEqual(clipboardLines(app.standardError), [], "a warning while handing the copy over")
        _ = manager
    }

    /// A copy with styles asks the manager to keep `text/html` too: after the exit, a paste
    /// still gets the styles.
    func testAStyledCopySurvivesWithItsHTML() throws {
        var manager: ClipboardManager?
        let app = try CatalogApp(arguments: ["--focus", "styled-editable"]) { server in manager = try ClipboardManager(server: server) }
        XCTAssertNotNil(app.waitForState { $0.field("styled-editable").focused }, "the styled field never took focus")
        try app.key("ctrl+a", "ctrl+c")
        XCTAssertTrue(try waitUntil(timeout: 10) { try self.clipboardOwner(app) == app.windowID }, "Ctrl+C did not take CLIPBOARD")
        try app.requestClose()
        XCTAssertEqual(app.waitForExit(timeout: 20), 0, "the catalog did not exit")
        XCTAssertEqual(try readClipboard(app).text, "Meet at noon, not later, please")
        let xclip = try XCTUnwrap(findExecutable("xclip"), "xclip is not installed; ./run.sh test installs it")
        let html = try runCommand(xclip, ["-o", "-selection", "clipboard", "-t", "text/html"],
                                  environment: ["DISPLAY": app.server.displayName], timeout: 20)
        XCTAssertEqual(html.status, 0, html.stderr)
        for part in ["<b>noon</b>", "<i>not</i>", "<u>please</u>"] {
            XCTAssertTrue(html.stdout.contains(part), "\(part) is not in the kept HTML: \(html.stdout)")
        }
        XCTAssertEqual(clipboardLines(app.standardError), [], "a warning while handing the copy over")
        _ = manager
    }

    func testWithoutAManagerTheCatalogExitsAndTheCopyIsGone() throws {
        let app = try CatalogApp()
        XCTAssertEqual(try ClipboardManager.managerOwner(on: app.server), 0, "a clipboard manager runs on a private server")
        try copy("gone with the window", in: app)
        try app.requestClose()
        XCTAssertEqual(app.waitForExit(timeout: 20), 0, "the catalog did not exit")
        XCTAssertEqual(try clipboardOwner(app), 0, "something still holds CLIPBOARD")
        let read = try readClipboard(app)
        XCTAssertEqual(read.text, "")
        XCTAssertNotEqual(read.status, 0, "xclip found a CLIPBOARD to read")
        XCTAssertEqual(clipboardLines(app.standardError), [], "no manager is not worth a warning")
    }

    /// A manager that owns CLIPBOARD_MANAGER but never answers SAVE_TARGETS: the catalog asked it
    /// with the targets to keep listed on its window, already unmapped, and exits all the same
    /// with one warning line.
    func testAManagerThatNeverAnswersCostsTheBoundAndOneWarning() throws {
        let app = try CatalogApp()
        let manager = try ExternalOwner(displayName: app.server.displayName, selection: "CLIPBOARD_MANAGER", answer: .silent)
        try copy("asked but not kept", in: app)
        try app.requestClose()
        let asked = waitUntil(timeout: 20) { manager.askedTargets.contains("SAVE_TARGETS") }
        XCTAssertTrue(asked, "the catalog never asked the manager to save; it asked for \(manager.askedTargets)")
        XCTAssertEqual(manager.listedTargets.first.map(Set.init), ["UTF8_STRING", "text/plain;charset=utf-8", "STRING"],
                       "the targets to save")
        XCTAssertEqual(app.waitForExit(timeout: 20), 0, "the catalog hung on a manager that never answers")
        let lines = clipboardLines(app.standardError)
        XCTAssertEqual(lines.count, 1, "\(lines)")
        XCTAssertTrue(lines.first?.contains("clipboard manager did not take the copied text") ?? false, "\(lines)")
        manager.stop()
    }

    /// A context menu open when the window closes goes with it, and its pointer grab too, before
    /// the manager is waited for.
    func testAnOpenMenuClosesWithTheWindowBeforeTheManagerIsAsked() throws {
        let app = try CatalogApp()
        let manager = try ExternalOwner(displayName: app.server.displayName, selection: "CLIPBOARD_MANAGER", answer: .silent)
        try copy("menu open at close", in: app)
        try app.click(field: "filled-label", atFraction: 0.5)
        try app.xdotool(["click", "3"])
        func popups() throws -> [Substring] {
            try runCommand(findExecutable("xdotool")!, ["search", "--onlyvisible", "--classname", "^materialfields-popup$"],
                           environment: ["DISPLAY": app.server.displayName]).stdout.split(separator: "\n")
        }
        XCTAssertTrue(try waitUntil(timeout: 15) { try !popups().isEmpty }, "the context menu never showed")
        try app.requestClose()
        XCTAssertTrue(waitUntil(timeout: 20) { manager.askedTargets.contains("SAVE_TARGETS") })
        // The catalog now waits (2 s) for a manager that never answers: the menu is gone already
        // and the pointer is free (another client can grab it).
        XCTAssertEqual(try popups(), [], "the menu stayed on screen while the manager was asked")
        let grab = try app.withDisplay { display -> Int32 in
            let status = XGrabPointer(display, XDefaultRootWindow(display), 0, UInt32(ButtonPressMask), GrabModeAsync, GrabModeAsync,
                                      0, 0, Time(CurrentTime))
            XUngrabPointer(display, Time(CurrentTime))
            return status
        }
        XCTAssertEqual(grab, GrabSuccess, "the menu's pointer grab outlived it")
        XCTAssertNotNil(app.waitForExit(timeout: 20))
        manager.stop()
    }

    /// The window is unmapped before the manager is asked: it looks closed while the manager fetches.
    func testTheWindowIsUnmappedWhileTheManagerIsAsked() throws {
        let app = try CatalogApp()
        let manager = try ExternalOwner(displayName: app.server.displayName, selection: "CLIPBOARD_MANAGER", answer: .silent)
        try copy("hidden first", in: app)
        try app.requestClose()
        XCTAssertTrue(waitUntil(timeout: 20) { manager.askedTargets.contains("SAVE_TARGETS") })
        // The unmap went to the server before the conversion on the same connection; the
        // window may be gone already if the catalog has given up, which also looks closed.
        let mapState = try app.withDisplay { display -> Int32 in
            var attributes = XWindowAttributes()
            var state: Int32 = IsUnmapped
            _ = XSynchronize(display, 1)
            let handler = XSetErrorHandler { _, _ in 0 }
            if XGetWindowAttributes(display, app.windowID, &attributes) != 0 { state = attributes.map_state }
            XSetErrorHandler(handler)
            return state
        }
        XCTAssertEqual(mapState, IsUnmapped, "the window still showed while the manager was asked")
        XCTAssertNotNil(app.waitForExit(timeout: 20))
        manager.stop()
    }
}
