import CXlib
import Foundation
import XCTest
@testable import XftHost
import TestHarness

/// The catalog where the environment works against it: no X server or the wrong one, a server
/// that dies under it, missing fonts, a QA-state file it cannot write.
/// Each case ends in one clear line and a defined exit, or the window keeps answering.
final class HostileEnvironmentUITests: XCTestCase {
    private var binary: String { CatalogApp.binaryPath }

    // MARK: The display

    func testWithoutADisplayOrWithAWrongOneItSaysSoInOneLineAndExitsOne() throws {
        // Unset, a display number nobody serves, and names Xlib cannot even parse.
        for display in ["", ":987", "garbage", "!!::%"] {
            let result = try runCommand(binary, [], environment: ["DISPLAY": display])
            XCTAssertEqual(result.status, 1, "DISPLAY=\(display): \(result.stderr)")
            let lines = result.stderr.split(separator: "\n")
            XCTAssertEqual(lines.count, 1, "DISPLAY=\(display): \(result.stderr)")
            XCTAssertTrue(lines.first?.hasPrefix("textfield-catalog: cannot open the X display") ?? false, result.stderr)
            if !display.isEmpty { XCTAssertTrue(result.stderr.contains("'\(display)'"), "names the display: \(result.stderr)") }
        }
    }

    func testADeadXServerEndsTheCatalogWithOneLineAndStatusOneNotASignal() throws {
        let app = try CatalogApp()
        try app.click(field: "filled-label")  // a blinking caret keeps the loop waking
        app.server.kill()
        XCTAssertEqual(app.waitForExit(timeout: 10), 1, "the catalog must notice and exit, not hang")
        // An exit, not a crash: a signal (SIGPIPE on the dead socket, an abort) would leave a core.
        XCTAssertEqual(app.process.terminationReason, .exit)
        let lines = app.standardError.split(separator: "\n")
        XCTAssertEqual(lines, ["textfield-catalog: lost the connection to the X server"])
    }

    // MARK: Fonts

    /// A fontconfig configuration that knows only `directory` (and the system's matching rules,
    /// so aliases such as sans-serif resolve as on a real desktop), with a cache of its own.
    private func fontconfigFile(fontDirectory directory: String) throws -> String {
        let base = NSTemporaryDirectory() + "fontconfig-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: base) }
        let configuration = """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "fonts.dtd">
            <fontconfig>
              <dir>\(directory)</dir>
              <cachedir>\(base)/cache</cachedir>
              <include ignore_missing="yes">/etc/fonts/conf.d</include>
            </fontconfig>
            """
        let path = base + "/fonts.conf"
        try configuration.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testWithoutRobotoItWarnsOnceAndDrawsTextInFontconfigsChoice() throws {
        let dejaVu = "/usr/share/fonts/truetype/dejavu"
        guard FileManager.default.fileExists(atPath: dejaVu) else {
            throw XCTSkip("DejaVu is not installed (Debian package fonts-dejavu-core, which ./run.sh test installs)")
        }
        let app = try CatalogApp(environment: ["FONTCONFIG_FILE": try fontconfigFile(fontDirectory: dejaVu)])
        // The catalog draws text: its first heading (top left) holds dark ink.
        let image = try app.capture()
        let ink = image.count(in: PixelRegion(x: 24, y: 24, width: 120, height: 28)) { $0.red < 100 && $0.green < 100 }
        XCTAssertGreaterThan(ink, 20, "no text drawn with the stand-in font")
        try app.requestClose()
        XCTAssertEqual(app.waitForExit(), 0)
        let warnings = app.standardError.split(separator: "\n").filter { $0.contains("'Roboto'") }
        XCTAssertEqual(warnings.count, 1, app.standardError)
        XCTAssertTrue(warnings.first?.contains("'DejaVu") ?? false, "names fontconfig's choice: \(app.standardError)")
        XCTAssertTrue(warnings.first?.contains("fonts-roboto") ?? false, "names the package: \(app.standardError)")
    }

    func testWithNoFontAtAllItNamesThePackagesInOneLineAndExitsOne() throws {
        let server = try XvfbServer()
        let empty = NSTemporaryDirectory() + "no-fonts-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: empty) }
        let result = try runCommand(binary, [], environment: ["DISPLAY": server.displayName,
                                                              "FONTCONFIG_FILE": try fontconfigFile(fontDirectory: empty)])
        // Fields that cannot show what is typed into them are worse than no window: say why and stop.
        XCTAssertEqual(result.status, 1, result.stderr)
        let lines = result.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("no usable font"), result.stderr)
        XCTAssertTrue(result.stderr.contains("apt-get install fonts-roboto fonts-dejavu-core"), result.stderr)
    }

    // MARK: The QA state

    func testAQAStatePathThatCannotBeWrittenWarnsOnceAndTheWindowKeepsAnswering() throws {
        // A directory that does not exist: even root cannot write there (root ignores read-only modes).
        let path = NSTemporaryDirectory() + "missing-\(UUID().uuidString)/state.json"
        let window = try LaunchedCatalog(arguments: ["--qa-state", path])
        // Typing changes the state several times: every write fails, one warning in all.
        try window.xdotool(["mousemove", "--window", String(window.windowID), "200", "100", "click", "1"])
        let before = try window.capture()
        try window.xdotool(["type", "--delay", "25", "still here"])
        XCTAssertTrue(try waitUntil(timeout: 5) { try window.capture().pixels != before.pixels },
                      "typing no longer reaches the screen")
        try window.requestClose()
        XCTAssertEqual(window.waitForExit(), 0, "the window stopped answering")
        let lines = window.standardError.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, window.standardError)
        XCTAssertEqual(lines.first.map(String.init),
                       "textfield-catalog: warning: cannot write the QA state to '\(path)': No such file or directory; carrying on without it")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }
}

/// The catalog started without the QA state to wait on (for a state path that cannot be
/// written): found by its window, read back by its pixels.
private final class LaunchedCatalog {
    let server: XvfbServer
    let process = Process()
    private(set) var windowID: Window = 0
    private let stderrPipe = Pipe()

    init(arguments: [String]) throws {
        server = try XvfbServer()
        process.executableURL = URL(fileURLWithPath: CatalogApp.binaryPath)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = server.displayName
        process.environment = environment
        process.standardError = stderrPipe
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let found = try waitUntil(timeout: 15) {
            let search = try xdotool(["search", "--onlyvisible", "--name", "^Material text fields$"], check: false)
            guard let id = search.split(separator: "\n").first.flatMap({ Window($0) }) else { return false }
            windowID = id
            return true
        }
        guard found else { throw HarnessError("the catalog window never appeared") }
        // Mapped is not yet drawn: wait for the first frame to reach the window.
        _ = waitUntil(timeout: 5) { ((try? self.capture())?.count { $0.red > 200 } ?? 0) > 1000 }
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    @discardableResult
    func xdotool(_ arguments: [String], check: Bool = true) throws -> String {
        let result = try runCommand(findExecutable("xdotool")!, arguments, environment: ["DISPLAY": server.displayName])
        if check && result.status != 0 { throw HarnessError("xdotool \(arguments) failed: \(result.stderr)") }
        return result.stdout
    }

    private func withDisplay<T>(_ body: (OpaquePointer) throws -> T) throws -> T {
        guard let display = XOpenDisplay(server.displayName) else { throw HarnessError("cannot open \(server.displayName)") }
        defer { XCloseDisplay(display) }
        return try body(display)
    }

    func capture() throws -> RGBAImage {
        try withDisplay { display in
            guard let image = RGBAImage.capture(display: display, window: windowID, region: PixelRegion(x: 0, y: 0, width: 760, height: 720))
            else { throw HarnessError("could not read the window's pixels") }
            return image
        }
    }

    func requestClose() throws {
        try withDisplay { display in
            var event = XEvent()
            event.xclient.type = ClientMessage
            event.xclient.window = windowID
            event.xclient.message_type = XInternAtom(display, "WM_PROTOCOLS", 0)
            event.xclient.format = 32
            event.xclient.data.l.0 = Int(XInternAtom(display, "WM_DELETE_WINDOW", 0))
            XSendEvent(display, windowID, 0, NoEventMask, &event)
            XSync(display, 0)
        }
    }

    var standardError: String { String(decoding: stderrPipe.fileHandleForReading.availableData, as: UTF8.self) }

    func waitForExit(timeout: TimeInterval = 5) -> Int32? {
        guard waitUntil(timeout: timeout, { !process.isRunning }) else { return nil }
        return process.terminationStatus
    }
}
