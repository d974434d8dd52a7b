import Foundation
import TestHarness
import XCTest
@testable import XftHost

/// `textfield-catalog --script` and `--screenshot --at`: the repository's scenario scripts pass,
/// a failing step names its line and exits 3, time is virtual (a frame mid-animation has the same
/// bytes every run), and a script draws what the same input typed by a user draws.
final class QAScriptUITests: CatalogCommandTestCase {
    override class var folderPrefix: String { "qa-script" }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func testTheRepositoryScenariosPass() throws {
        let folder = Self.repository.appendingPathComponent("Tests/Scripts")
        let scripts = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".qa") }.sorted()
        XCTAssertGreaterThanOrEqual(scripts.count, 5, "the main scenarios live in Tests/Scripts")
        let result = try catalog(scripts.flatMap { ["--script", folder.appendingPathComponent($0).path] })
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout.split(separator: "\n").filter { $0.contains(": ok (") }.count, scripts.count, result.stdout)
    }

    /// The README's sample is what a tester copies first: it must run as written.
    func testTheReadmeSampleRuns() throws {
        let readme = try String(contentsOf: Self.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try XCTUnwrap(readme.range(of: "### Writing a script"), "the README has a section on writing scripts")
        let fence = try XCTUnwrap(readme.range(of: "\n```\n", range: section.upperBound..<readme.endIndex))
        let end = try XCTUnwrap(readme.range(of: "\n```", range: fence.upperBound..<readme.endIndex))
        let sample = String(readme[fence.upperBound..<end.lowerBound])
        XCTAssertTrue(sample.contains("expect"), sample)
        let outputs = directory.path
        let path = try script("readme.qa", sample.replacingOccurrences(of: "/tmp/", with: outputs + "/"))
        let result = try catalog(["--script", path])
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    func testAWrongExpectationNamesItsLineAndExits3() throws {
        let path = try script("wrong.qa", """
            # the label field starts empty
            click filled-label
            type Ada

            expect filled-label text "Ada"
            expect filled-label text "Bob"
            expect filled-label text "never reached"
            """)
        let result = try catalog(["--script", path])
        XCTAssertEqual(result.status, 3)
        XCTAssertEqual(result.stderr.trimmingCharacters(in: .whitespacesAndNewlines),
                       "\(path):6: expect filled-label text: expected \"Bob\", found \"Ada\"")
    }

    func testAnUnknownStepStopsBeforeAnythingRuns() throws {
        let screenshot = directory.appendingPathComponent("never.png").path
        let path = try script("unknown.qa", "screenshot \(screenshot)\nfocus filled-label\nclik filled-label\n")
        let result = try catalog(["--script", path])
        XCTAssertEqual(result.status, 3)
        XCTAssertTrue(result.stderr.hasPrefix("\(path):3: unknown step 'clik'"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: screenshot), "a script with a typo runs no step")
    }

    /// A script path that names nothing, or a folder, is a bad command line (status 2) in one line,
    /// found before any script runs: not a failed step (3).
    func testAScriptThatCannotBeReadIsABadCommandLineInOneLine() throws {
        let good = try script("good.qa", "focus filled-label\n")
        for (path, reason) in [(directory.appendingPathComponent("missing.qa").path, "No such file or directory"),
                               (directory.path, "Is a directory")] {
            let result = try catalog(["--script", good, "--script", path])
            XCTAssertEqual(result.status, 2, "\(path): \(result.stderr)")
            XCTAssertEqual(result.stderr, "textfield-catalog: --script: cannot read '\(path)': \(reason)\n")
            XCTAssertEqual(result.stdout, "", "no script ran")
        }
    }

    func testScreenshotOptionsThatCannotWorkAreUsageErrors() throws {
        let png = directory.appendingPathComponent("x.png").path
        for (arguments, message) in [
            (["--screenshot", png, "--focus", "outlined-disabled"], "--focus: outlined-disabled is disabled and cannot be focused"),
            (["--screenshot", directory.appendingPathComponent("x.jpg").path], "--screenshot writes a PNG"),
            (["--output-dir", directory.path], "--output-dir goes with --script FILE"),
        ] {
            let result = try catalog(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("textfield-catalog: \(message)"), result.stderr)
        }
    }

    func testAScriptWithoutADisplayStartsItsOwnServer() throws {
        let path = try script("headless.qa", "focus filled-label\ntype x\nexpect filled-label text \"x\"\n")
        let result = try catalog(["--script", path], display: "")
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    /// The X server dying under a script is reported as under the window: one line, status 1.
    func testAServerThatDiesUnderAScriptEndsItWithOneLine() throws {
        let path = try script("long.qa", "click outlined-label\nsettle\n")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CatalogApp.binaryPath)
        process.arguments = ["--display", server.displayName, "--slow-animations", "1000", "--script", path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // 150 s of motion at 60 frames a second keeps the script drawing for a while.
        Thread.sleep(forTimeInterval: 0.5)
        XCTAssertTrue(process.isRunning, "the script should still be drawing")
        server.kill()
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(process.terminationReason, .exit, message)
        XCTAssertEqual(process.terminationStatus, 1, message)
        XCTAssertEqual(message.split(separator: "\n").count, 1, message)
    }

    /// Half of a 150 ms motion is a frame of its own: the same bytes every run, neither the
    /// first frame nor the last.
    /// The PNG bytes of a script of `steps` ending in a screenshot of the window (or `region`).
    private func shot(_ name: String, _ steps: String, region: String = "") throws -> Data {
        let output = directory.appendingPathComponent(name).path
        let path = try script("\(name).qa", "\(steps)\nscreenshot \(output) \(region)\n")
        let result = try catalog(["--script", path])
        XCTAssertEqual(result.status, 0, result.stderr)
        return try Data(contentsOf: URL(fileURLWithPath: output))
    }

    func testAMidAnimationFrameIsTheSameEveryRunAndNotTheSettledOne() throws {
        let first = try shot("mid-1.png", "click outlined-label\nwait 75")
        let second = try shot("mid-2.png", "click outlined-label\nwait 75")
        let start = try shot("start.png", "click outlined-label\nwait 0")
        let settled = try shot("settled.png", "click outlined-label\nsettle")
        XCTAssertEqual(first, second, "a frame mid-animation is byte-identical across runs")
        XCTAssertNotEqual(first, settled)
        XCTAssertNotEqual(first, start)

        // The command line takes the same frame: --focus focuses as a `focus` step does (no
        // click, so no hover), and --at waits on the same virtual clock.
        let commandLine = directory.appendingPathComponent("at.png").path
        let result = try catalog(["--screenshot", commandLine, "--focus", "outlined-label", "--at", "75"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let focusedMidway = try Data(contentsOf: URL(fileURLWithPath: commandLine))
        let scripted = directory.appendingPathComponent("focus-75.png").path
        let path = try script("focus.qa", "focus outlined-label\nwait 75\nscreenshot \(scripted)\n")
        XCTAssertEqual(try catalog(["--script", path]).status, 0)
        XCTAssertEqual(focusedMidway, try Data(contentsOf: URL(fileURLWithPath: scripted)))
        let settledScreenshot = directory.appendingPathComponent("settled-focus.png").path
        XCTAssertEqual(try catalog(["--screenshot", settledScreenshot, "--focus", "outlined-label"]).status, 0)
        XCTAssertNotEqual(focusedMidway, try Data(contentsOf: URL(fileURLWithPath: settledScreenshot)))
    }

    /// F11 slows the motion down on screen, not just in the QA state: at 150 ms a motion five
    /// times slower is still on its way, and at 750 ms it has arrived.
    func testF11SlowsTheMotionDown() throws {
        // Escape last ends editing, so no caret blinks into the comparison.
        func field(_ name: String, _ steps: String) throws -> Data { try shot(name, steps + "\nkey Escape", region: "380 60 380 108") }
        let normal = try field("normal.png", "click outlined-label\ntype A\nkey Left\nsettle")
        let slowEarly = try field("slow-150.png", "key F11\nexpect window animationSlowdown 5\nclick outlined-label\ntype A\nkey Left\nwait 150")
        XCTAssertNotEqual(slowEarly, normal, "five times slower, 150 ms is not the end of the motion")
        let slowLate = try field("slow-750.png", "key F11\nclick outlined-label\ntype A\nkey Left\nwait 750")
        XCTAssertEqual(slowLate, normal, "five times slower, 750 ms is")
    }

    /// The script's input goes where a user's goes: the same clicks and keys typed into the live
    /// window with xdotool draw the same pixels as the script draws into its pixmap.
    func testAScriptDrawsWhatTheSameUserInputDraws() throws {
        let app = try CatalogApp(arguments: ["--size", "760x720"], screenSize: (1024, 800))
        let field = try XCTUnwrap(try app.state().field("filled-label"))
        try app.click(field: "filled-label")
        try app.type("Ada Lovelace")
        try app.key("ctrl+Left", "shift+End", "Escape")
        _ = app.waitForState { $0.field("filled-label").text == "Ada Lovelace" && !$0.field("filled-label").focused }
        // Let the motion of ending editing finish on the window.
        Thread.sleep(forTimeInterval: 0.5)
        let region = PixelRegion(x: Int(field.frame[0]) - 8, y: Int(field.frame[1]) - 16, width: Int(field.frame[2]) + 16,
                                 height: Int(field.frame[3]) + 40)
        let live = try app.capture(region)

        let output = directory.appendingPathComponent("scripted.png").path
        let path = try script("same.qa", """
            click filled-label
            type Ada Lovelace
            key ctrl+Left shift+End Escape
            settle
            screenshot \(output) \(region.x) \(region.y) \(region.width) \(region.height)
            """)
        let result = try catalog(["--script", path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let scripted = try RGBAImage.readPNG(from: output)
        XCTAssertEqual(scripted.width, live.width)
        XCTAssertEqual(scripted.height, live.height)
        let differing = stride(from: 0, to: live.pixels.count, by: 4).filter { offset in
            (0..<3).contains { abs(Int(live.pixels[offset + $0]) - Int(scripted.pixels[offset + $0])) > 0 }
        }.count
        XCTAssertEqual(differing, 0, "pixels that differ between the live window and the script")
    }
}
