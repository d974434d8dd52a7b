import CXlib
import Foundation
import TestHarness
import XCTest

/// `signin-form`, the sign-in form written as app code on the public API, on a private Xvfb:
/// real key events from xdotool (XTEST), checked through the lines the program prints.
final class SigninFormUITests: XCTestCase {
    func testWhatTheUserTypesReachesTheFormAndACloseRequestEndsItWithStatusZero() throws {
        // Given the form on a private server, its window up
        let form = try SigninFormProcess()

        // When the user types a name, Tab, an address, Tab, a password, Tab, and a phone number
        try form.pointIntoWindow()
        try form.type("ada lovelace")
        try form.waitForLine("name changed: Ada Lovelace")
        try form.key("Tab")
        try form.type("ada@example.com")
        try form.waitForLine("email changed: ada@example.com")
        try form.key("Tab")
        try form.type("secret123")
        try form.waitForLine("password changed: •••••••••")
        try form.key("Tab")
        try form.waitForLine("phone began editing")
        try form.type("5551234567")

        // Then the phone field shows the number formatted as it is typed, a digit at a time
        try form.waitForLine("phone changed: (555) 123-4567")
        XCTAssertEqual(form.changes(of: "phone"),
                       ["(5", "(55", "(555", "(555) 1", "(555) 12", "(555) 123", "(555) 123-4", "(555) 123-45",
                        "(555) 123-456", "(555) 123-4567"])
        // and the password was never printed
        XCTAssertFalse(form.lines.contains { $0.contains("secret") }, "the password leaked: \(form.lines)")

        // When the window is asked to close, as a window manager's close button does
        try form.requestClose()

        // Then it prints what the form holds and exits with status 0
        XCTAssertEqual(form.waitForExit(), 0, "\(form.lines)")
        XCTAssertEqual(form.lines.last, "closed name=Ada Lovelace email=ada@example.com phone=(555) 123-4567")
    }

    func testThePhoneCaretLandsAfterTheDigitTypedAndBackspaceOverFormattingDeletesADigit() throws {
        // Given the form's phone field holding "(555) 456-7"
        let form = try SigninFormProcess()
        try form.pointIntoWindow()
        try form.key("Tab", "Tab", "Tab")
        try form.waitForLine("phone began editing")
        try form.type("5554567")
        try form.waitForLine("phone changed: (555) 456-7")

        // When the caret goes back before the 4 and the user types 1, 2, 3 (each keystroke lands
        // after the digit before it only if the caret followed the digit just typed)
        try form.key("Left", "Left", "Left", "Left", "Left")
        try form.type("123")
        try form.waitForLine("phone changed: (555) 123-4567")

        // and an eleventh digit is typed (refused), then the caret steps over the "-" and
        // Backspace deletes it
        try form.type("8")
        try form.key("Right", "BackSpace")

        // Then the digit before the "-" went, not the "-", and the digits before and after kept their order
        try form.waitForChanges(of: "phone", count: 11)
        XCTAssertEqual(form.changes(of: "phone"), ["(5", "(55", "(555", "(555) 4", "(555) 45", "(555) 456", "(555) 456-7",
                                                   "(555) 145-67", "(555) 124-567", "(555) 123-4567", "(555) 124-567"])
        try form.requestClose()
        XCTAssertEqual(form.waitForExit(), 0)
        XCTAssertEqual(form.lines.last, "closed name= email= phone=(555) 124-567")
    }

    func testAnEmailErrorShowsWhenEditingEndsAndGoesWhileTypingAndReturnInThePhoneFieldSubmits() throws {
        // Given the form with an address missing its top-level domain, left with Tab
        let form = try SigninFormProcess()
        try form.pointIntoWindow()
        try form.key("Tab")
        try form.type("ada@example")
        try form.key("Tab")

        // Then the e-mail field is in error
        try form.waitForLine("email error: Enter an address like name@example.com")

        // When the user goes back and completes the address
        try form.key("shift+Tab", "End")
        try form.type(".com")

        // Then the error goes as soon as the address is valid, before editing ends
        try form.waitForLine("email error cleared")
        let lines = form.lines
        XCTAssertEqual(lines.firstIndex(of: "email changed: ada@example.c").map { lines[$0 + 1] }, "email error cleared", "\(lines)")

        // When Return is pressed in the phone field, the last single-line field
        try form.key("Tab", "Tab")
        try form.waitForLine("phone began editing")
        try form.key("Return")

        // Then the form submits (incomplete: no name, no password), says so, and the first
        // wrong field (the name) takes the keyboard rather than the bio after the phone
        try form.waitForLine("submit incomplete name= email=ada@example.com password=empty phone= bio=0 characters")
        try form.waitForLine("status: Check 2 fields: Name, Password")
        try form.waitForLine("name began editing")
        XCTAssertFalse(form.lines.contains("bio began editing"), "\(form.lines)")
        try form.requestClose()
        XCTAssertEqual(form.waitForExit(), 0)
    }

    // MARK: The submit button

    func testTheSubmitButtonIsReachedByTabSaysWhichFieldsAreWrongAndThenThatTheFormIsComplete() throws {
        // Given the empty form, the name field editing
        let form = try SigninFormProcess()
        try form.pointIntoWindow()

        // When Tab goes past the last field (the bio) to the button and Enter presses it
        try form.key("Tab", "Tab", "Tab", "Tab")
        try form.waitForLine("bio began editing")
        try form.key("Tab")
        try form.waitForLine("bio ended editing")
        try form.key("Return")

        // Then each wrong field says why, the status line counts them, and the first takes the keyboard
        try form.waitForLine("status: Check 3 fields: Name, Email, Password")
        for line in ["name error: Enter your name", "email error: Enter your e-mail address", "password error: Choose a password",
                     "submit incomplete name= email= password=empty phone= bio=0 characters"] {
            XCTAssertTrue(form.lines.contains(line), "no '\(line)' in \(form.lines)")
        }
        try form.waitForLine("name began editing")
        XCTAssertEqual(form.lines.filter { $0 == "name began editing" }.count, 2, "focus went back to the name: \(form.lines)")

        // When the user fixes them, leaving the phone incomplete, and presses Space on the button
        // (the status line follows: the fields still wrong, then none)
        func statusAfter(_ line: String) -> String? {
            let lines = form.lines
            return lines.firstIndex(of: line).flatMap { $0 + 1 < lines.count ? lines[$0 + 1] : nil }
        }
        try form.type("ada lovelace")
        try form.waitForLine("name error cleared")
        try form.waitForLine("status: Check 2 fields: Email, Password")
        XCTAssertEqual(statusAfter("name error cleared"), "status: Check 2 fields: Email, Password", "\(form.lines)")
        try form.key("Tab")
        try form.type("ada@example.com")
        try form.waitForLine("email error cleared")
        try form.waitForLine("status: Check Password")
        XCTAssertEqual(statusAfter("email error cleared"), "status: Check Password", "\(form.lines)")
        try form.key("Tab")
        try form.type("secret123")
        try form.waitForLine("password error cleared")
        try form.waitForLine("status: ")
        XCTAssertEqual(statusAfter("password error cleared"), "status: ", "\(form.lines)")
        try form.key("Tab")
        try form.type("555123")
        try form.waitForLine("phone changed: (555) 123")
        try form.key("Tab", "Tab")
        try form.waitForLine("bio ended editing")
        try form.key("space")

        // Then only the phone is wrong, and it takes the keyboard
        try form.waitForLine("status: Check Phone")
        XCTAssertTrue(form.lines.contains("phone error: Enter all 10 digits, or leave it empty"), "\(form.lines)")
        try form.waitForLine("phone changed: (555) 123")
        try form.key("End")
        try form.type("4567")
        try form.waitForLine("phone error cleared")
        XCTAssertTrue(waitUntil(timeout: 5) { form.lines.filter { $0 == "status: " }.count == 2 }, "the status stayed: \(form.lines)")

        // When the button is clicked (no field in error: it sits below the bio's counter)
        try form.xdotool(["mousemove", "--window", String(form.windowID), "60", "506", "click", "1"])

        // Then the form is complete and says so
        try form.waitForLine("status: Signed in as Ada Lovelace")
        XCTAssertTrue(form.lines.contains(
            "submit ok name=Ada Lovelace email=ada@example.com password=set phone=(555) 123-4567 bio=0 characters"), "\(form.lines)")
        XCTAssertFalse(form.lines.contains { $0.contains("secret") }, "the password leaked: \(form.lines)")
        try form.requestClose()
        XCTAssertEqual(form.waitForExit(), 0)
    }

    // MARK: The README's embedding sample

    /// The README's sample is what an app developer copies first: each of its lines must be one
    /// of the program's, in the program's order (lines may be left out, none changed), so the
    /// error handling it shows is the one the tests below run.
    func testEveryLineOfTheReadmesEmbeddingSampleIsALineOfSigninFormInOrder() throws {
        let repository = QAScriptUITests.repository
        let readme = try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try XCTUnwrap(readme.range(of: "### Embedding"), "the README has an Embedding section")
        let fence = try XCTUnwrap(readme.range(of: "```swift\n", range: section.upperBound..<readme.endIndex))
        let end = try XCTUnwrap(readme.range(of: "\n```", range: fence.upperBound..<readme.endIndex))
        let sample = Self.codeLines(String(readme[fence.upperBound..<end.lowerBound]))
        let folder = repository.appendingPathComponent("Sources/Examples/SigninForm")
        let program = try Self.codeLines(String(contentsOf: folder.appendingPathComponent("FormController.swift"), encoding: .utf8)
                                         + "\n" + String(contentsOf: folder.appendingPathComponent("main.swift"), encoding: .utf8))
        XCTAssertTrue(sample.contains("} catch {"), "the sample shows how the host's errors are caught")
        var rest = program[...]
        for line in sample {
            guard let found = rest.firstIndex(of: line) else {
                return XCTFail("the README's line `\(line)` is not in signin-form (after the lines before it)")
            }
            rest = rest[(found + 1)...]
        }
    }

    /// Code without comments: each line trimmed, a trailing `// ...` cut, comment-only and
    /// blank lines left out.
    private static func codeLines(_ text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            var code = line.trimmingCharacters(in: .whitespaces)
            if let comment = code.range(of: #"\s+//.*$"#, options: .regularExpression) { code.removeSubrange(comment) }
            return code.isEmpty || code.hasPrefix("//") ? nil : code
        }
    }

    func testWithoutADisplayTheFormEndsWithOneLineAndStatusOneNotACrash() throws {
        let result = try runCommand(SigninFormProcess.binaryPath, [], environment: ["DISPLAY": ""])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stderr, "signin-form: cannot open the X display: DISPLAY is not set (run under an X server, or use Xvfb)\n")
        let unreachable = try runCommand(SigninFormProcess.binaryPath, ["--display", ":4095"], environment: ["DISPLAY": ""])
        XCTAssertEqual(unreachable.status, 1, unreachable.stderr)
        XCTAssertEqual(unreachable.stderr.split(separator: "\n").count, 1, unreachable.stderr)
        XCTAssertTrue(unreachable.stderr.contains("cannot open the X display ':4095'"), unreachable.stderr)
    }
}

/// The `signin-form` binary on its own private Xvfb, its stdout in a file read line by line.
private final class SigninFormProcess {
    static var binaryPath: String {
        URL(fileURLWithPath: CatalogApp.binaryPath).deletingLastPathComponent().appendingPathComponent("signin-form").path
    }

    let server: XvfbServer
    let process = Process()
    let outputURL = URL(fileURLWithPath: NSTemporaryDirectory() + "signin-form-\(UUID().uuidString).out")
    private(set) var windowID: Window = 0

    init() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binaryPath) else {
            throw HarnessError("no binary at \(Self.binaryPath); build it first (`swift build`, which `./run.sh test` does)")
        }
        guard findExecutable("xdotool") != nil else { throw HarnessError("xdotool is not installed; `./run.sh test` installs it") }
        server = try XvfbServer()
        guard FileManager.default.createFile(atPath: outputURL.path, contents: nil) else {
            throw HarnessError("cannot create \(outputURL.path)")
        }
        process.executableURL = URL(fileURLWithPath: Self.binaryPath)
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = server.displayName
        process.environment = environment
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = FileHandle.nullDevice
        try process.run()
        let found = try waitUntil(timeout: 15) {
            let search = try runCommand(findExecutable("xdotool")!, ["search", "--onlyvisible", "--name", "^Sign in$"],
                                        environment: ["DISPLAY": server.displayName]).stdout
            guard let id = search.split(separator: "\n").first.flatMap({ Window($0) }) else { return false }
            windowID = id
            return lines.contains("ready")
        }
        guard found else { throw HarnessError("the form's window never appeared (output: \(lines))") }
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: outputURL)
    }

    /// Every line the form printed so far.
    var lines: [String] {
        ((try? String(contentsOf: outputURL, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// The texts of a field's "<id> changed: <text>" lines, in order.
    func changes(of field: String) -> [String] {
        let prefix = "\(field) changed: "
        return lines.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
    }

    func waitForLine(_ line: String, timeout: TimeInterval = 5) throws {
        guard waitUntil(timeout: timeout, { lines.contains(line) }) else {
            throw HarnessError("no line '\(line)' within \(Int(timeout)) s; the form printed: \(lines)")
        }
    }

    /// Waits until a field has printed `count` "changed" lines (an earlier line with the same
    /// text cannot satisfy it).
    func waitForChanges(of field: String, count: Int, timeout: TimeInterval = 5) throws {
        guard waitUntil(timeout: timeout, { changes(of: field).count >= count }) else {
            throw HarnessError("\(field) changed \(changes(of: field).count) times within \(Int(timeout)) s, not \(count): \(lines)")
        }
    }

    @discardableResult
    func xdotool(_ arguments: [String]) throws -> String {
        let result = try runCommand(findExecutable("xdotool")!, arguments, environment: ["DISPLAY": server.displayName])
        guard result.status == 0 else { throw HarnessError("xdotool \(arguments) failed: \(result.stderr)") }
        return result.stdout
    }

    /// A click on the name field (which the form focused at the start): with no window manager,
    /// keys go to the window under the pointer.
    func pointIntoWindow() throws {
        try xdotool(["mousemove", "--window", String(windowID), "200", "52", "click", "1"])
        usleep(100_000)
    }

    func type(_ text: String) throws { try xdotool(["type", "--delay", "25", text]) }
    func key(_ names: String...) throws { try xdotool(["key", "--delay", "25"] + names) }

    /// WM_DELETE_WINDOW, as a window manager's close button sends it.
    func requestClose() throws {
        guard let display = XOpenDisplay(server.displayName) else { throw HarnessError("cannot open \(server.displayName)") }
        defer { XCloseDisplay(display) }
        sendCloseRequest(display: display, window: windowID)
    }

    func waitForExit(timeout: TimeInterval = 5) -> Int32? {
        guard waitUntil(timeout: timeout, { !process.isRunning }) else { return nil }
        return process.terminationStatus
    }
}
