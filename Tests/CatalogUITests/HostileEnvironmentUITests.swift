import CXlib
import CXTest
import Foundation
import XCTest
@testable import XftHost
import TestHarness

/// The catalog where the environment works against it: no X server or the wrong one, a server
/// that dies under it, missing fonts, a QA-state file it cannot write, a flood of keystrokes.
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
        // Idle with a blinking caret (the loop asleep in poll), and busy in a slice of a key burst.
        for busy in [false, true] {
            let app = try CatalogApp(arguments: busy ? ["--size", "760x2420"] : [],
                                     screenSize: busy ? (1024, 2500) : (1024, 800))
            try app.click(field: busy ? "filled-area" : "filled-label")
            if busy {
                XCTAssertNotNil(app.waitForState { $0.field("filled-area").focused })
                _ = try typeBurst(20_000, on: app)
                usleep(200_000)
            }
            app.server.kill()
            XCTAssertEqual(app.waitForExit(timeout: 10), 1, "busy: \(busy): the catalog must notice and exit, not hang")
            // An exit, not a crash: a signal (SIGPIPE on the dead socket, an abort) would leave a core.
            XCTAssertEqual(app.process.terminationReason, .exit, "busy: \(busy)")
            let lines = app.standardError.split(separator: "\n")
            XCTAssertEqual(lines, ["textfield-catalog: lost the connection to the X server"], "busy: \(busy)")
        }
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

    func testAWindowAnotherProgramDestroysEndsTheCatalogWithOneLineAndStatusZero() throws {
        // A session tool (xdotool windowclose, xkill -id's gentler cousins) destroys the window
        // instead of asking it to close: the catalog must not live on without one.
        let app = try CatalogApp()
        try app.withDisplay { display in
            XDestroyWindow(display, app.windowID)
            XSync(display, 0)
        }
        XCTAssertEqual(app.waitForExit(timeout: 5), 0, "the catalog outlived its window")
        let errors = app.standardError.split(separator: "\n")
        XCTAssertTrue(errors.contains { $0.contains("destroyed the window") }, "no line said why: \(errors)")
    }

    func testAWindowDestroyedWhileKeysWaitEndsWithTheOneLineAndNoXError() throws {
        // Given a catalog that has stopped reading, with more keys waiting for a focused field
        // than one slice of the loop takes, and its window destroyed behind them: when it runs
        // again it draws the first slice's keys onto the window that is gone before it reaches
        // the DestroyNotify, and the server refuses those requests
        let app = try CatalogApp()
        try app.click(field: "outlined-label")
        XCTAssertNotNil(app.waitForState { $0.field("outlined-label").focused })
        var typed = ""
        try assertEndsWithTheOneLine(app, itsWindowDestroyedBehind: { typed = try typeBurst(3_000, on: app) })
        // And every key typed before the window went reached the field, in order
        XCTAssertEqual(try app.state().field("outlined-label").text, typed)
    }

    func testAWindowResizedAndDestroyedBeforeTheCatalogCatchesUpEndsWithTheOneLine() throws {
        // Given a catalog that has stopped reading while its window is made smaller (nothing to
        // expose, so nothing is drawn on the window itself), more Shift presses wait behind the
        // resize than one slice of the loop takes (they change nothing), and then the window is
        // destroyed: when it runs again it makes a back buffer of the new size for the window
        // that is gone, and draws the whole catalog on it, before it reaches the DestroyNotify;
        // every request on that buffer, its picture and its glyphs is refused
        let app = try CatalogApp()
        try app.xdotool(["mousemove", "0", "0"])
        try assertEndsWithTheOneLine(app, itsWindowDestroyedBehind: {
            try app.withDisplay { display in
                XResizeWindow(display, app.windowID, 600, 500)
                let shift = UInt32(XKeysymToKeycode(display, XStringToKeysym("Shift_L")))
                for _ in 0..<1_000 {
                    XTestFakeKeyEvent(display, shift, 1, 0)
                    XTestFakeKeyEvent(display, shift, 0, 0)
                }
                XSync(display, 0)
            }
        })
        // And the resize was handled before the end (the state told before the window went shows
        // its size): the catalog did draw for the window that was gone
        XCTAssertEqual(try app.state().window.width, 600)
    }

    /// Stops the catalog, lets `events` queue what it will find when it runs again, destroys its
    /// window behind them and lets it go on: then it ends as documented, with status 0 and the
    /// one line saying why, no X error.
    private func assertEndsWithTheOneLine(_ app: CatalogApp, itsWindowDestroyedBehind events: () throws -> Void,
                                          file: StaticString = #filePath, line: UInt = #line) throws {
        let pid = app.process.processIdentifier
        XCTAssertEqual(kill(pid, SIGSTOP), 0, file: file, line: line)
        try events()
        try app.withDisplay { display in
            XDestroyWindow(display, app.windowID)
            XSync(display, 0)
        }
        XCTAssertEqual(kill(pid, SIGCONT), 0, file: file, line: line)
        XCTAssertEqual(app.waitForExit(timeout: 30), 0, "the catalog outlived its window", file: file, line: line)
        let lines = app.standardError.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines, ["textfield-catalog: warning: another program destroyed the window; closing"], file: file, line: line)
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
        // Paths even root cannot write (root ignores read-only modes): under a plain file, where no
        // folder can be made, and a directory itself; a read-only directory too when the tests run
        // as a user.
        let directory = NSTemporaryDirectory() + "qa-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer {
            chmod(directory, 0o755)
            try? FileManager.default.removeItem(atPath: directory)
        }
        let file = directory + "/file"
        XCTAssertTrue(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
        var cases = [(path: file + "/missing/state.json", reason: "Not a directory"),
                     (path: directory, reason: "Is a directory")]
        if geteuid() != 0 {
            let readOnly = directory + "/read-only"
            try FileManager.default.createDirectory(atPath: readOnly, withIntermediateDirectories: false,
                                                    attributes: [.posixPermissions: 0o555])
            cases.append((readOnly + "/state.json", "Permission denied"))
        }
        for (path, reason) in cases {
            let window = try LaunchedCatalog(arguments: ["--qa-state", path])
            // The first field: its text ink (dark grey, never the primary purple of a focused label).
            let field = PixelRegion(x: 24, y: 92, width: 340, height: 56)
            func ink() throws -> Int { try window.capture().count(in: field, where: isTextInk) }
            try window.xdotool(["mousemove", "--window", String(window.windowID), "200", "120", "click", "1"])
            XCTAssertTrue(try waitUntil { try ink() < 10 }, "\(path): the click did not focus the field (\((try? ink()) ?? -1))")
            // Typing changes the state again and again: every write fails, one warning in all.
            try window.xdotool(["type", "--delay", "25", "still here"])
            XCTAssertTrue(try waitUntil { try ink() > 100 }, "\(path): typing no longer reaches the screen (\((try? ink()) ?? -1))")
            try window.requestClose()
            XCTAssertEqual(window.waitForExit(), 0, "\(path): the window stopped answering")
            let lines = window.standardError.split(separator: "\n").map(String.init)
            XCTAssertEqual(lines, ["textfield-catalog: warning: cannot write the QA state to '\(path)': \(reason); carrying on without it"])
        }
    }

    /// Folders a `--qa-state` path names that do not exist yet are made, as a screenshot's are:
    /// for the window and after a screenshot alike.
    func testAQAStatePathInFoldersThatDoNotExistYetMakesThem() throws {
        let directory = NSTemporaryDirectory() + "qa-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let windowState = directory + "/window/a/b/state.json"
        let app = try CatalogApp(statePath: windowState)
        XCTAssertEqual(try app.state().fields.count, 80, "the window wrote its state into the new folders")
        try app.requestClose()
        XCTAssertEqual(app.waitForExit(), 0)
        XCTAssertEqual(app.standardError, "")

        let shotState = directory + "/shot/c/state.json"
        let result = try runCommand(binary, ["--screenshot", directory + "/shot/d/shot.png", "--qa-state", shotState],
                                    environment: ["DISPLAY": app.server.displayName])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        let state = try JSONDecoder().decode(CatalogApp.State.self, from: Data(contentsOf: URL(fileURLWithPath: shotState)))
        XCTAssertEqual(state.fields.count, 80)
    }

    /// The QA state is written from a thread of its own: a write that cannot finish (a slow disk,
    /// a full pipe) never holds the keys, and once it can, the newest state follows it.
    func testTypingGoesOnWhileAWriteOfTheQAStateCannotFinish() throws {
        // Given a catalog whose next QA-state write stops a page into the file: the writer's
        // temporary file (`SystemFiles.write`: PATH.PID.partial) is a FIFO of one page that
        // nothing reads yet (a write under way has a partial file of its own: the FIFO goes in
        // once that one is renamed)
        let app = try CatalogApp()
        let partial = app.statePath + ".\(app.process.processIdentifier).partial"
        var made = false, failure: Int32 = 0
        _ = waitUntil {
            made = mkfifo(partial, 0o644) == 0
            failure = errno
            return made
        }
        guard made else { return XCTFail("cannot make a FIFO at \(partial): errno \(failure)") }
        defer { unlink(partial) }
        let reader = open(partial, O_RDONLY | O_NONBLOCK)
        guard reader >= 0 else { return XCTFail("cannot open \(partial): errno \(errno)") }
        defer { close(reader) }
        _ = fcntl(reader, 1031 /* F_SETPIPE_SZ */, 4096)
        // When a field is clicked, the state that changes starts to be written and stops
        try app.click(field: "outlined-label")
        var pending = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
        guard poll(&pending, 1, 15_000) == 1 else { return XCTFail("no write of the QA state began") }
        // and then the field is typed into and its text selected, every step a new state
        try app.type("not held")
        try app.key("ctrl+a")
        // Then the window went on: it offers the typed text as PRIMARY while the write still waits
        let peer = try SelectionPeer(displayName: app.server.displayName)
        XCTAssertTrue(waitUntil(timeout: 15) { peer.owner(of: "PRIMARY") == app.windowID }, "selecting did not take PRIMARY")
        let offered = peer.convert("PRIMARY", to: "UTF8_STRING").map { String(decoding: $0.bytes, as: UTF8.self) }
        XCTAssertEqual(offered, "not held")
        // And when the FIFO is read to its end, the write that waited was of a state from before the typing
        var waited: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 65_536)
        let deadline = Date().addingTimeInterval(15)
        reading: while Date() < deadline {
            let count = read(reader, &chunk, chunk.count)
            switch count {
            case 0: break reading
            case ..<0 where errno == EAGAIN: _ = poll(&pending, 1, 100)
            case ..<0: return XCTFail("reading \(partial): errno \(errno)")
            default: waited += chunk[0..<count]
            }
        }
        let stale = try JSONDecoder().decode(CatalogApp.State.self, from: Data(waited))
        XCTAssertEqual(stale.field("outlined-label").text, "")
        // and the newest state follows it. (The FIFO is renamed to the state's path first: that
        // path is read only once a plain file has replaced it, or the read would wait for a writer.)
        func isPlainFile(_ path: String) -> Bool {
            var info = stat()
            return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
        }
        guard waitUntil(timeout: 15, { access(partial, F_OK) != 0 || isPlainFile(partial) }) else {
            return XCTFail("the FIFO was never renamed")
        }
        guard waitUntil(timeout: 15, { isPlainFile(app.statePath) }) else {
            return XCTFail("no state was written after the one that waited")
        }
        let newest = app.waitForState { $0.field("outlined-label").text == "not held" }
        XCTAssertEqual(newest?.field("outlined-label").selection, [0, 8])
        try app.requestClose()
        XCTAssertEqual(app.waitForExit(), 0)
    }

    // MARK: A flood of keys

    /// Types `count` characters through XTEST as fast as the connection carries them: real key
    /// presses and releases the server routes to the focused window, like a stuck macro keyboard.
    /// Returns the text they type.
    private func typeBurst(_ count: Int, on app: CatalogApp) throws -> String {
        try app.withDisplay { display in
            var eventBase: Int32 = 0, errorBase: Int32 = 0, majorVersion: Int32 = 0, minorVersion: Int32 = 0
            guard XTestQueryExtension(display, &eventBase, &errorBase, &majorVersion, &minorVersion) != 0 else {
                throw HarnessError("the X server lacks XTEST")
            }
            // Letters with a space now and then: words, as the undo history groups them.
            let alphabet = Array("abcdefghijklmnopqrstuvwxyz ")
            let keycodes = alphabet.map { character -> UInt32 in
                UInt32(XKeysymToKeycode(display, XStringToKeysym(character == " " ? "space" : String(character))))
            }
            var typed = ""
            typed.reserveCapacity(count)
            for index in 0..<count {
                let which = index % 9 == 8 ? alphabet.count - 1 : (index * 7) % (alphabet.count - 1)
                XTestFakeKeyEvent(display, keycodes[which], 1, 0)
                XTestFakeKeyEvent(display, keycodes[which], 0, 0)
                typed.append(alphabet[which])
            }
            XSync(display, 0)
            return typed
        }
    }

    func testAfterABurstOf20000KeystrokesTheWindowClosesPromptly() throws {
        // A text area re-wraps its paragraph on every key, so typing costs enough here for the
        // backlog to last seconds: exactly when a close must not queue behind it.
        let app = try CatalogApp(arguments: ["--size", "760x2420"], screenSize: (1024, 2500))
        try app.click(field: "filled-area")
        XCTAssertNotNil(app.waitForState { $0.field("filled-area").focused })
        _ = try typeBurst(20_000, on: app)
        let asked = Date()
        try app.requestClose()
        XCTAssertEqual(app.waitForExit(timeout: 60), 0)
        let closing = Date().timeIntervalSince(asked)
        let arrived = (try? app.state().field("filled-area").text.count) ?? 0
        print("closed \(Int(closing * 1000)) ms after WM_DELETE_WINDOW, with \(arrived) of 20,000 keystrokes handled")
        // The close was sent after the whole burst had reached the catalog's queue: taken out of
        // the queue at once, it ends the catalog with most keys unhandled (2,000 to 3,000 here);
        // a loop that handles the backlog first ends with all of them (the QA state, written
        // per slice, then says 19,968 or so). How long the close takes is a figure of
        // `./run.sh bench`, not a pass/fail here.
        XCTAssertLessThan(arrived, 15_000, "the close waited behind the backlog of keys")
    }

    func testABurstOf20000KeystrokesArrivesWholeInSlicesBetweenRedraws() throws {
        let app = try CatalogApp()
        try app.click(field: "filled-label")
        XCTAssertNotNil(app.waitForState { $0.field("filled-label").focused })
        let started = Date()
        let typed = try typeBurst(20_000, on: app)
        // The state is rewritten after every slice: partial texts show the loop came up for air.
        var partialLengths = Set<Int>()
        let whole = app.waitForState(timeout: 120) { state in
            let length = state.field("filled-label").text.count
            if length > 0 && length < typed.count { partialLengths.insert(length) }
            return length >= typed.count
        }
        print("20,000 keystrokes typed in \(Int(Date().timeIntervalSince(started) * 1000)) ms; "
              + "\(partialLengths.count) partial states seen")
        XCTAssertEqual(whole?.field("filled-label").text, typed, "keystrokes were lost or reordered")
        // One partial state is the proof: handled as one backlog, the burst would rewrite the state
        // once, whole. The catalog writes dozens (a slice is at most 1,024 events, 40,000 here,
        // each slice redrawn and its state written a frame later); how many this process reads
        // depends on how much of the CPU it gets meanwhile, so more are not asked for.
        XCTAssertGreaterThanOrEqual(partialLengths.count, 1, "the burst was handled as one backlog, with no redraw between")
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
        try withDisplay { display in sendCloseRequest(display: display, window: windowID) }
    }

    var standardError: String { String(decoding: stderrPipe.fileHandleForReading.availableData, as: UTF8.self) }

    func waitForExit(timeout: TimeInterval = 5) -> Int32? {
        guard waitUntil(timeout: timeout, { !process.isRunning }) else { return nil }
        return process.terminationStatus
    }
}
