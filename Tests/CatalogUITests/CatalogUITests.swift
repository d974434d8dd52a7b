import Foundation
import XCTest
@testable import XftHost
import TestHarness

final class CatalogUITests: XCTestCase {
    /// Strongly purple pixels: the light theme's primary (#6200EE) blended over the field, which
    /// no grey of a resting field can pass for.
    private func countPrimaryPixels(in image: RGBAImage, region: (x: Int, y: Int, width: Int, height: Int)) -> Int {
        var count = 0
        for y in region.y..<(region.y + region.height) {
            for x in region.x..<(region.x + region.width) {
                let p = image.pixel(x: x, y: y)
                if Int(p.blue) - Int(p.green) > 90 && Int(p.blue) - Int(p.red) > 50 { count += 1 }
            }
        }
        return count
    }

    func testClickingAFieldAndTypingEditsItAndFloatsItsLabelInThePrimaryColour() throws {
        // Given the catalog with an empty filled field whose label rests in the input line
        let app = try CatalogApp()
        let before = try app.state().field("filled-label")
        XCTAssertEqual(before.labelPosition, "resting")
        let frame = before.frame
        let labelRegion = (x: Int(frame[0]) + 16, y: Int(frame[1]) + 6, width: 40, height: 20)
        XCTAssertEqual(countPrimaryPixels(in: try app.capture(), region: labelRegion), 0)

        // When the user clicks it and types
        try app.click(field: "filled-label")
        try app.type("Hello")

        // Then the model holds the text, the field is focused and its label floats...
        let after = app.waitForState { $0.field("filled-label").text == "Hello" }
        XCTAssertNotNil(after, "typed text never reached the field: \((try? app.state().field("filled-label").text) ?? "?")")
        XCTAssertEqual(after?.field("filled-label").focused, true)
        XCTAssertEqual(after?.field("filled-label").state, "editing")
        XCTAssertEqual(after?.field("filled-label").labelPosition, "floating")
        XCTAssertEqual(after?.field("filled-label").selection, [5, 5])
        // ...and the screen shows the floating label in the primary colour.
        XCTAssertTrue(try waitUntil { countPrimaryPixels(in: try app.capture(), region: labelRegion) > 10 },
                      "no primary-coloured label pixels on screen")
    }

    func testTabMovesFocusToTheNextField() throws {
        let app = try CatalogApp()
        try app.click(field: "filled-label")
        XCTAssertNotNil(app.waitForState { $0.field("filled-label").focused })
        try app.key("Tab")
        let state = app.waitForState { $0.field("filled-placeholder").focused }
        XCTAssertNotNil(state, "Tab did not move focus to the next field")
        XCTAssertEqual(state?.field("filled-label").focused, false)
        try app.key("shift+Tab")
        XCTAssertNotNil(app.waitForState { $0.field("filled-label").focused }, "Shift+Tab did not move focus back")
    }

    func testEscapeAndClickingEmptySpaceEndEditing() throws {
        let app = try CatalogApp()
        try app.click(field: "outlined-label")
        XCTAssertNotNil(app.waitForState { $0.field("outlined-label").focused })
        try app.key("Escape")
        XCTAssertNotNil(app.waitForState { $0.fields.allSatisfy { !$0.focused } }, "Escape did not end editing")
        try app.click(field: "outlined-label")
        XCTAssertNotNil(app.waitForState { $0.field("outlined-label").focused })
        try app.click(x: 5, y: 5)
        XCTAssertNotNil(app.waitForState { $0.fields.allSatisfy { !$0.focused } }, "a click on empty space did not end editing")
    }

    func testEditingKeysWorkByGraphemeThroughTheRealKeyboardPath() throws {
        // Given a keymap that has é and a dead acute, so the input method composes e + ◌́
        let app = try CatalogApp()
        try app.bindSpareKeycode(toKeysym: "eacute")
        try app.click(field: "outlined-placeholder")
        try app.type("abc")
        XCTAssertNotNil(app.waitForState { $0.field("outlined-placeholder").text == "abc" })
        // When the user edits with Home, Delete, End, Left, BackSpace and types é
        try app.key("Home", "Delete", "End", "Left", "BackSpace", "eacute")
        // Then the text changed one grapheme at a time
        let state = app.waitForState { $0.field("outlined-placeholder").text == "éc" }
        XCTAssertNotNil(state, "got \((try? app.state().field("outlined-placeholder").text) ?? "?")")
        XCTAssertEqual(state?.field("outlined-placeholder").selection, [1, 1])
    }

    func testClickPlacesTheCaretAtTheNearestGraphemeBoundary() throws {
        let app = try CatalogApp()
        let field = try app.state().field("outlined-prefilled")  // "Lisboa"
        try app.click(x: field.frame[0] + 17, y: field.frame[1] + field.frame[3] / 2)
        XCTAssertNotNil(app.waitForState { $0.field("outlined-prefilled").selection == [0, 0] }, "click at the text start")
        try app.click(x: field.frame[0] + field.frame[2] - 20, y: field.frame[1] + field.frame[3] / 2)
        XCTAssertNotNil(app.waitForState { $0.field("outlined-prefilled").selection == [6, 6] }, "click past the end")
    }

    func testDoubleClickSelectsTheWordUnderThePointer() throws {
        let app = try CatalogApp()
        let field = try app.state().field("outlined-note")  // "Mañana ✓ → ☕ 🎉 東京 ひらがな 한글"
        try app.xdotool(["mousemove", "--window", String(app.windowID), String(Int(field.frame[0] + 30)),
                         String(Int(field.frame[1] + field.frame[3] / 2)), "click", "--repeat", "2", "--delay", "80", "1"])
        XCTAssertNotNil(app.waitForState { $0.field("outlined-note").selection == [0, 6] },
                        "got \((try? app.state().field("outlined-note").selection) ?? [])")
    }

    func testDisabledFieldIgnoresClicksAndTyping() throws {
        let app = try CatalogApp()
        try app.click(field: "filled-disabled")
        try app.type("x")
        // A click on another field, sent after them, focuses it once the click and the key were handled.
        try app.click(field: "filled-label")
        let field = try XCTUnwrap(app.waitForState { $0.field("filled-label").focused }, "filled-label never took focus")
            .field("filled-disabled")
        XCTAssertEqual(field.text, "Read only")
        XCTAssertFalse(field.focused)
        XCTAssertEqual(field.state, "disabled")
    }

    func testClosingThroughTheWindowManagerExitsZero() throws {
        let app = try CatalogApp()
        try app.requestClose()
        XCTAssertEqual(app.waitForExit(), 0)
    }

    func testResizingRelaysOutIntoOneColumn() throws {
        let app = try CatalogApp()
        let wide = try app.state()
        XCTAssertEqual(wide.field("filled-label").frame[1], wide.field("outlined-label").frame[1], "side by side")
        try app.xdotool(["windowsize", String(app.windowID), "420", "500"])
        let narrow = app.waitForState { $0.window.width == 420 }
        XCTAssertNotNil(narrow, "the resize never reached the layout")
        XCTAssertEqual(narrow?.field("filled-label").frame[0], narrow?.field("outlined-label").frame[0], "stacked")
        XCTAssertEqual(narrow?.field("filled-label").frame[2], 372, "fields fill the narrow width")
        // And the pixels follow: the new bottom-right corner is painted with the surface colour.
        let image = try app.capture()
        XCTAssertEqual(image.width, 420)
        XCTAssertEqual(image.pixel(x: 419, y: 499).red, 255)
    }

    func testMouseWheelScrollsWhenTheWindowIsSmallerThanTheContent() throws {
        let app = try CatalogApp(arguments: ["--size", "760x300"])
        let top = try app.state().field("filled-label").frame[1]
        try app.click(x: 380, y: 150, button: 5)
        let scrolled = app.waitForState { $0.window.scrollOffset > 0 }
        XCTAssertNotNil(scrolled, "the wheel did not scroll")
        if let scrolled {
            XCTAssertEqual(scrolled.field("filled-label").frame[1], top - scrolled.window.scrollOffset)
        }
    }

    /// The window draws its first frame before laying out the sections below it: once it is up,
    /// it shows exactly what a screenshot of the page laid out whole shows (the scroll indicator
    /// included, whose length needs every field's height).
    func testTheWindowShowsWhatAScreenshotOfThePageLaidOutWholeShows() throws {
        let app = try CatalogApp()
        // The pointer off the window: no field shows hover.
        try app.xdotool(["mousemove", "1010", "790"])
        let path = NSTemporaryDirectory() + "whole-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try runCommand(CatalogApp.binaryPath, ["--screenshot", path], environment: ["DISPLAY": app.server.displayName])
        XCTAssertEqual(result.status, 0, result.stderr)
        let whole = try RGBAImage.readPNG(from: path)
        var live = try app.capture()
        func differing() -> Int {
            guard live.width == whole.width, live.height == whole.height else { return -1 }
            var count = 0
            for y in 0..<whole.height {
                for x in 0..<whole.width where live.pixel(x: x, y: y) != whole.pixel(x: x, y: y) { count += 1 }
            }
            return count
        }
        XCTAssertTrue(try waitUntil { live = try app.capture(); return differing() == 0 },
                      "the window (\(live.width)x\(live.height)) differs from the whole page's screenshot in \(differing()) pixels")
    }

    func testIdleCatalogStopsWakingUp() throws {
        // An unfocused catalog has nothing to animate: it must sleep in poll, not spin.
        let app = try CatalogApp()
        let pid = app.process.processIdentifier
        func cpuTicks() throws -> Int {
            let fields = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8).split(separator: ")").last!.split(separator: " ")
            return Int(fields[11])! + Int(fields[12])!  // utime + stime
        }
        usleep(300_000)
        let before = try cpuTicks()
        usleep(1_000_000)
        XCTAssertLessThanOrEqual(try cpuTicks() - before, 2, "more than 2 % of a core while idle")
    }
}

final class CatalogCommandLineTests: XCTestCase {
    private var binary: String { CatalogApp.binaryPath }

    func testTwoScreenshotsOfTheSameStateAreByteIdentical() throws {
        let server = try XvfbServer()
        let directory = NSTemporaryDirectory()
        let first = directory + "shot-\(UUID().uuidString).png", second = directory + "shot-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: first); try? FileManager.default.removeItem(atPath: second) }
        for path in [first, second] {
            let result = try runCommand(binary, ["--screenshot", path], environment: ["DISPLAY": server.displayName])
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        let a = try Data(contentsOf: URL(fileURLWithPath: first)), b = try Data(contentsOf: URL(fileURLWithPath: second))
        XCTAssertEqual(a, b)
        // And the screenshot is the catalog, not a blank: white surface and grey filled containers.
        let image = try RGBAImage.readPNG(from: first)
        XCTAssertEqual(image.width, 760)
        XCTAssertEqual(image.height, 720)
        XCTAssertEqual(image.pixel(x: 2, y: 2).red, 255)
        let container = image.pixel(x: 200, y: 100)
        XCTAssertEqual(Int(container.red), 224, accuracy: 2, "on-surface 12% over white")
    }

    func testDarkThemeScreenshotUsesTheDarkSurface() throws {
        let server = try XvfbServer()
        let path = NSTemporaryDirectory() + "dark-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try runCommand(binary, ["--screenshot", path, "--theme", "dark", "--size", "400x300"],
                                    environment: ["DISPLAY": server.displayName])
        XCTAssertEqual(result.status, 0, result.stderr)
        let image = try RGBAImage.readPNG(from: path)
        XCTAssertEqual(image.width, 400)
        let corner = image.pixel(x: 1, y: 1)
        XCTAssertEqual([corner.red, corner.green, corner.blue], [0x12, 0x12, 0x12])
    }

    func testAMissingFontFamilyWarnsOnceAndStillRenders() throws {
        let server = try XvfbServer()
        let path = NSTemporaryDirectory() + "nofont-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try runCommand(binary, ["--screenshot", path, "--font", "No Such Family 42"],
                                    environment: ["DISPLAY": server.displayName])
        XCTAssertEqual(result.status, 0, result.stderr)
        let warnings = result.stderr.split(separator: "\n").filter { $0.contains("No Such Family 42") }
        XCTAssertEqual(warnings.count, 1, result.stderr)
        // Text was still drawn: the heading area holds dark pixels.
        let image = try RGBAImage.readPNG(from: path)
        var dark = 0
        for y in 24..<52 { for x in 24..<120 where image.pixel(x: x, y: y).red < 100 { dark += 1 } }
        XCTAssertGreaterThan(dark, 20)
    }

    /// What a usage error prints: the reason and where to look, on stderr, not the whole usage.
    private static let helpHint = "Try 'textfield-catalog --help' for the options."

    func testAnUnknownOptionPrintsItsReasonAndAHintToHelpAndExitsTwo() throws {
        let result = try runCommand(binary, ["--frobnicate"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "textfield-catalog: unknown option '--frobnicate'\n\(Self.helpHint)\n")
        XCTAssertEqual(result.stdout, "")
    }

    func testHelpListsEveryOption() throws {
        let result = try runCommand(binary, ["--help"])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stdout.hasPrefix("Usage: textfield-catalog"), result.stdout)
        XCTAssertEqual(result.stderr, "")
        for option in ["--screenshot", "--qa-state", "--record", "--size", "--theme", "--design", "--seed-color", "--scale", "--slow-animations", "--font", "--display", "--matrix",
                       "--field", "--help"] {
            XCTAssertTrue(result.stdout.contains(option), "help lacks \(option)")
        }
    }

    /// An option where a value should be is a value forgotten: the message names the option that
    /// lacks one, not the word after the option taken as its value.
    func testAnOptionFollowedByAnotherOptionNamesTheOneMissingItsValue() throws {
        let takingValues = ["--screenshot", "--at", "--focus", "--script", "--goldens", "--failures", "--output-dir", "--qa-state",
                            "--junit", "--report", "--scripts-dir", "--size", "--theme", "--scale", "--slow-animations", "--font", "--display", "--repaint-benchmark",
                            "--matrix", "--field", "--record", "--design"]
        for option in takingValues {
            for next in ["--theme", "--help", "-h"] {
                let result = try runCommand(binary, [option, next, "dark"])
                XCTAssertEqual(result.status, 2, "\(option) \(next)")
                XCTAssertEqual(result.stderr, "textfield-catalog: \(option) needs a value, not the option '\(next)'\n\(Self.helpHint)\n")
            }
        }
        // Words starting with a single "-" are values, judged by their option.
        for (arguments, reason) in [(["--scale", "-1"], "--scale wants a number from 0.5 to 4, not '-1'"),
                                    (["--screenshot", "-"], "--screenshot writes a PNG: give it a path ending in .png, not '-'")] {
            let result = try runCommand(binary, arguments)
            XCTAssertEqual(result.stderr, "textfield-catalog: \(reason)\n\(Self.helpHint)\n", "\(arguments)")
        }
    }

    /// `--focus` with an id no field has says so as a script's step does: the nearest id (as a
    /// question when it is close enough to be a typo, else with what ids begin with), and where
    /// the ids are listed; with or without a display, as a bad command line.
    func testAnUnknownFocusIdSuggestsTheNearestIdAsScriptsDo() throws {
        let server = try XvfbServer()
        let listed = "`textfield-catalog --list-fields` lists the ids"
        for (id, message) in [("filled-lable", "no field 'filled-lable'; did you mean 'filled-label'? (\(listed))"),
                              ("outlined-pasword", "no field 'outlined-pasword'; did you mean 'outlined-password'? (\(listed))"),
                              ("nope", "no field 'nope' (nothing is close: the nearest is 'plain-none', and ids begin 'filled-', "
                                + "'outlined-', 'uikit-', 'plain-', 'rag-', 'intl-', 'styled-' or 'custom-'; \(listed))")] {
            for (mode, display) in [([], server.displayName), ([], ""),
                                    (["--screenshot", NSTemporaryDirectory() + "never-\(UUID().uuidString).png"], server.displayName)] {
                let result = try runCommand(binary, ["--focus", id] + mode, environment: ["DISPLAY": display])
                XCTAssertEqual(result.status, 2, "\(id) \(mode) '\(display)': \(result.stderr)")
                XCTAssertEqual(result.stderr, "textfield-catalog: --focus: \(message)\n", "\(id) \(mode) '\(display)'")
            }
        }
    }

    /// A screenshot is at most 8192 pixels on a side (a 16384 x 16384 one holds gigabytes and takes
    /// most of a minute): a larger one is refused before anything is drawn. The window may still
    /// be that large.
    func testAScreenshotOverTheLargestSideIsRefusedUpFrontWhileSuchAWindowOpens() throws {
        let server = try XvfbServer()
        let path = NSTemporaryDirectory() + "large-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        for size in ["8193x100", "100x8193", "16384x16384"] {
            let result = try runCommand(binary, ["--screenshot", path, "--size", size], environment: ["DISPLAY": server.displayName])
            XCTAssertEqual(result.status, 2, "\(size): \(result.stderr)")
            XCTAssertEqual(result.stderr, "textfield-catalog: --screenshot: \(size) is larger than a screenshot may be (at most 8192 "
                + "pixels on a side: a 16384x16384 one holds 3 GiB of memory and takes over half a minute); --size up to 16384x16384 "
                + "is for the window\n\(Self.helpHint)\n")
            XCTAssertFalse(FileManager.default.fileExists(atPath: path), size)
        }
        let result = try runCommand(binary, ["--screenshot", path, "--size", "8192x40"], environment: ["DISPLAY": server.displayName])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try RGBAImage.readPNG(from: path).width, 8192)

        let window = try CatalogApp(arguments: ["--size", "9000x200"])
        XCTAssertEqual(try window.state().window.width, 9000)
        try window.requestClose()
        XCTAssertEqual(window.waitForExit(), 0)
    }

    func testABadOptionValueIsAUsageErrorOfTwoLines() throws {
        for (arguments, reason) in [(["--size", "wide"], "--size wants WIDTHxHEIGHT in pixels (1 to 16384), not 'wide'"),
                                    (["--theme", "sepia"], "--theme is light, dark, high-contrast or high-contrast-dark, not 'sepia'"),
                                    (["--size"], "--size needs a value"),
                                    (["--scale", "0"], "--scale wants a number from 0.5 to 4, not '0'")] {
            let result = try runCommand(binary, arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.stderr, "textfield-catalog: \(reason)\n\(Self.helpHint)\n", "\(arguments)")
        }
    }

    func testNumbersAreWrittenInDecimalForEveryOptionThatTakesOne() throws {
        // Swift reads "0x2" as 2 and "1e0" as 1: no option takes them, as --at never did
        for (option, values) in [("--scale", ["0x2", "1e0", "nan", "inf", "1.2.3", "+2"]),
                                 ("--slow-animations", ["0x10", "1e1", "infinity"]),
                                 ("--at", ["0x64", "1e2"]),
                                 ("--size", ["+600x400", "600x+400", "0x258x400", "６００x400"])] {
            for value in values {
                let result = try runCommand(binary, [option, value, "--help"])
                XCTAssertEqual(result.status, 2, "\(option) \(value)")
                XCTAssertTrue(result.stderr.hasPrefix("textfield-catalog: \(option) wants "), "\(option) \(value): \(result.stderr)")
            }
        }
        for arguments in [["--scale", "1.5"], ["--scale", ".5"], ["--slow-animations", "20"], ["--size", "600x400"],
                          ["--screenshot", "/tmp/unused.png", "--at", "75.5"]] {
            let result = try runCommand(binary, arguments + ["--help"])
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
        }
    }
}
