import CXDamage
import CXlib
import Foundation
import XCTest
@testable import XftHost
import TestHarness

/// The redesigned loop and repaint, proved on the real binary with real X events: the caret
/// blinks (and only the caret repaints when it does), the window's focus hides it, animations
/// end on their final frame, Expose is answered from the back buffer, the input method composes,
/// the text stays in its band, a drag batched into one read keeps its selection, and a resize
/// leaves an unfocused field showing the start of its text.
final class SpineUITests: XCTestCase {
    // MARK: Helpers

    /// The 24 px input line of a field at scale 1, inside the 16 px paddings: where text and
    /// caret are drawn (a labelled filled field puts it under the floating label).
    private func textBand(of field: CatalogApp.State.Field) -> PixelRegion {
        let frame = PixelRegion(frame: field.frame)
        let top = field.style == "filled" && !field.label.isEmpty ? 24 : 16
        return PixelRegion(x: frame.x + 16, y: frame.y + top, width: frame.width - 32, height: 24)
    }

    /// Clicks `id` and types `text` into it, and returns the field once the model has the text.
    private func focusAndType(_ app: CatalogApp, field id: String, _ text: String, delay: Int = 25,
                              file: StaticString = #filePath, line: UInt = #line) throws -> CatalogApp.State.Field {
        try app.click(field: id)
        XCTAssertNotNil(app.waitForState { $0.field(id).focused }, "\(id) never took focus", file: file, line: line)
        try app.xdotool(["type", "--delay", String(delay), text])
        let state = app.waitForState { $0.field(id).text == text }
        return try XCTUnwrap(state?.field(id), "typed text never arrived: got \((try? app.state().field(id).text) ?? "?")",
                             file: file, line: line)
    }

    /// Primary-coloured pixel counts of `region`, sampled every `interval` for `duration` seconds.
    private func samplePrimaryPixels(_ app: CatalogApp, in region: PixelRegion, for duration: Double,
                                     every interval: Double = 0.1) throws -> [Int] {
        var counts: [Int] = []
        let end = Date().addingTimeInterval(duration)
        var next = Date()
        while next < end {
            counts.append(try app.capture(region).count(where: isPrimary))
            next = next.addingTimeInterval(interval)
            let wait = next.timeIntervalSinceNow
            if wait > 0 { usleep(useconds_t(wait * 1_000_000)) }
        }
        return counts
    }

    /// Every rectangle the X server reports as changed in the catalog window (DAMAGE extension,
    /// raw rectangles) while `action` runs and for `seconds` after, on a connection of the test's own.
    private func collectDamage(_ app: CatalogApp, for seconds: Double, during action: () throws -> Void = {}) throws -> [PixelRegion] {
        try app.withDisplay { display in
            var eventBase: Int32 = 0, errorBase: Int32 = 0
            guard XDamageQueryExtension(display, &eventBase, &errorBase) != 0 else {
                throw HarnessError("the X server has no DAMAGE extension")
            }
            var major: Int32 = 1, minor: Int32 = 1
            XDamageQueryVersion(display, &major, &minor)
            let damage = XDamageCreate(display, app.windowID, Int32(XDamageReportRawRectangles))
            defer { XDamageDestroy(display, damage); XSync(display, 0) }
            // A new Damage reports its whole window once: that notice is not a repaint.
            XSync(display, 0)
            while XPending(display) > 0 {
                var event = XEvent()
                XNextEvent(display, &event)
            }
            try action()
            var rectangles: [PixelRegion] = []
            let end = Date().addingTimeInterval(seconds)
            repeat {
                while XPending(display) > 0 {
                    var event = XEvent()
                    XNextEvent(display, &event)
                    guard event.type == eventBase + Int32(XDamageNotify) else { continue }
                    let area = withUnsafePointer(to: &event) {
                        $0.withMemoryRebound(to: XDamageNotifyEvent.self, capacity: 1) { $0.pointee.area }
                    }
                    rectangles.append(PixelRegion(x: Int(area.x), y: Int(area.y), width: Int(area.width), height: Int(area.height)))
                }
                usleep(10_000)
            } while Date() < end
            return rectangles
        }
    }

    // MARK: Caret

    func testTheCaretBlinksInTheLiveWindow() throws {
        // Given an outlined field the user clicked and typed into
        let app = try CatalogApp()
        let field = try focusAndType(app, field: "outlined-label", "Hi")

        // When the caret's input line is sampled every 100 ms for 1.3 s
        let counts = try samplePrimaryPixels(app, in: textBand(of: field), for: 1.3)

        // Then the caret was seen both on (a 2 px primary bar) and off (no primary pixel at all)
        XCTAssertTrue(counts.contains { $0 >= 20 }, "the caret was never on: \(counts)")
        XCTAssertTrue(counts.contains(0), "the caret never went off: \(counts)")
    }

    func testNoCaretIsDrawnWhileTheWindowIsUnfocused() throws {
        // Given an outlined field being edited, its caret on
        let app = try CatalogApp()
        try app.click(field: "outlined-label")
        let editing = try XCTUnwrap(app.waitForState { $0.field("outlined-label").focused && $0.window.focused })
        let band = textBand(of: editing.field("outlined-label"))

        // When another client moves the X keyboard focus away from the catalog
        try app.withDisplay { display in
            XSetInputFocus(display, Window(None), Int32(RevertToNone), Time(CurrentTime))
            XSync(display, 0)
        }

        // Then the catalog knows its window lost the focus, the field still edits...
        let unfocused = app.waitForState { !$0.window.focused }
        XCTAssertNotNil(unfocused, "the window never reported losing the focus")
        XCTAssertEqual(unfocused?.field("outlined-label").focused, true)
        // ...and no caret shows for 1.2 s (more than a whole blink period).
        usleep(50_000)
        let counts = try samplePrimaryPixels(app, in: band, for: 1.2)
        XCTAssertEqual(counts.max(), 0, "caret pixels in an unfocused window: \(counts)")
    }

    // MARK: Motion

    func testTheActivationIndicatorEndsOnItsFinalFrame() throws {
        // Given an empty filled field, its resting underline with the pointer where the clicks
        // will land (hovered: the field shows hover again once editing ends under the pointer)
        let app = try CatalogApp()
        let field = try app.state().field("filled-label").frame
        let frame = PixelRegion(frame: field)
        let bottomRows = PixelRegion(x: frame.x, y: frame.maxY - 2, width: frame.width, height: 2)
        try app.xdotool(["mousemove", "--window", String(app.windowID), String(Int(field[0] + field[2] * 0.3)),
                         String(Int(field[1] + field[3] / 2))])
        usleep(300_000)
        let resting = try app.capture(bottomRows)

        // When the user focuses it (a click left of centre) and leaves it (Escape), a few times,
        // each time waiting past the 150 ms animation (but not for the caret's first blink,
        // which would repaint the field anyway)
        var failures: [String] = []
        for cycle in 1...4 {
            try app.click(field: "filled-label", atFraction: 0.3)
            XCTAssertNotNil(app.waitForState { $0.field("filled-label").focused })
            usleep(250_000)
            // Then the focused 2 px indicator spans the whole container in solid primary, with
            // no partly covered end column...
            let rows = try app.capture(bottomRows)
            var partial: [Int] = []
            for x in 0..<rows.width {
                for y in 0..<2 {
                    let p = rows.pixel(x: x, y: y)
                    if abs(Int(p.red) - 0x62) > 6 || p.green > 6 || abs(Int(p.blue) - 0xEE) > 6 { partial.append(x); break }
                }
            }
            if !partial.isEmpty {
                failures.append("focus \(cycle): \(partial.count) of \(rows.width) columns not fully primary, "
                                + "\(partial.prefix(4)) ... \(partial.suffix(4))")
            }

            try app.key("Escape")
            XCTAssertNotNil(app.waitForState { !$0.field("filled-label").focused })
            usleep(250_000)
            // ...and once left, the indicator has faded out completely: the rows are as at rest.
            if try app.capture(bottomRows).pixels != resting.pixels {
                failures.append("blur \(cycle): the indicator did not fade out completely")
            }
        }
        XCTAssertTrue(failures.isEmpty, "\(failures)")
    }

    // MARK: Repaint

    func testACaretBlinkRepaintsOnlyTheCaret() throws {
        // Given an outlined field with text and its focus animation long over
        let app = try CatalogApp()
        _ = try focusAndType(app, field: "outlined-label", "Hi")
        usleep(300_000)

        // When the caret blinks for 1.5 s and the server reports every damaged rectangle
        let damage = try collectDamage(app, for: 1.5)

        // Then it blinked (on and off at least once each) and only a caret-sized rectangle
        // (2 x ~19 px) was ever copied to the window
        XCTAssertGreaterThanOrEqual(damage.count, 2, "the caret did not repaint: \(damage)")
        let larger = damage.filter { $0.width > 4 || $0.height > 26 }
        XCTAssertTrue(larger.isEmpty, "repaints larger than the caret: \(larger)")
    }

    func testAKeystrokeRepaintsNoMoreThanTheFieldItEdits() throws {
        // Given an outlined field being edited, its focus animation over
        let app = try CatalogApp()
        let field = try focusAndType(app, field: "outlined-label", "Hi")
        usleep(300_000)
        // The field paints its container and, outlined, its floating label up to 8 px above it.
        let frame = PixelRegion(frame: field.frame)
        let paintBounds = PixelRegion(x: frame.x, y: frame.y - 8, width: frame.width, height: frame.height + 8)

        // When the user types one more character
        let damage = try collectDamage(app, for: 0.3) { try app.type("x") }

        // Then the window was repainted, but only inside that field
        XCTAssertNotNil(app.waitForState { $0.field("outlined-label").text == "Hix" })
        XCTAssertFalse(damage.isEmpty, "typing repainted nothing")
        let outside = damage.filter { !paintBounds.contains($0) }
        XCTAssertTrue(outside.isEmpty, "repaints reaching outside the field \(paintBounds): \(outside)")
    }

    func testUncoveringTheWindowRestoresItsPixelsFromTheBackBuffer() throws {
        // Given the idle catalog
        let app = try CatalogApp()
        let region = PixelRegion(x: 60, y: 60, width: 300, height: 200)
        let before = try app.capture(region)

        // When another client's window covers part of it, then goes away
        var covered: RGBAImage?
        try app.withDisplay { display in
            let screen = XDefaultScreen(display)
            var attributes = XSetWindowAttributes()
            attributes.override_redirect = 1
            attributes.background_pixel = XBlackPixel(display, screen)
            let cover = XCreateWindow(display, XRootWindow(display, screen), Int32(region.x), Int32(region.y),
                                      UInt32(region.width), UInt32(region.height), 0, XDefaultDepth(display, screen),
                                      UInt32(InputOutput), XDefaultVisual(display, screen),
                                      UInt(CWOverrideRedirect | CWBackPixel), &attributes)
            XMapRaised(display, cover)
            XSync(display, 0)
            usleep(100_000)
            covered = RGBAImage.capture(display: display, window: app.windowID, region: region)
            XDestroyWindow(display, cover)
            XSync(display, 0)
        }
        XCTAssertNotEqual(covered?.pixels, before.pixels, "the cover never showed over the catalog")

        // Then the catalog answers the Expose and the region shows exactly what it did
        let restored = try waitUntil(timeout: 2) { try app.capture(region).pixels == before.pixels }
        XCTAssertTrue(restored, "the uncovered region was not restored")
    }

    // MARK: Input method

    /// The Compose key: Multi_key, then a sequence from the locale's Compose table.
    func testTheComposeKeyComposesThroughTheInputMethod() throws {
        let app = try CatalogApp(environment: ["LC_ALL": "C.UTF-8", "LANG": "C.UTF-8"])
        try app.bindSpareKeycodes(toKeysyms: ["Multi_key"])
        try app.click(field: "outlined-placeholder")
        XCTAssertNotNil(app.waitForState { $0.field("outlined-placeholder").focused })
        // Compose, e, apostrophe is é; Compose, o, c is ©.
        try app.key("Multi_key", "e", "apostrophe", "Multi_key", "o", "c")
        let state = app.waitForState { $0.field("outlined-placeholder").text == "é©" }
        XCTAssertNotNil(state, "got \((try? app.state().field("outlined-placeholder").text) ?? "?")")
    }

    func testALineBreakTypedAsLinefeedStartsANewLineInATextArea() throws {
        // Given a focused text area
        let app = try CatalogApp(arguments: ["--focus", "outlined-area"])
        XCTAssertNotNil(app.waitForState { $0.field("outlined-area").focused })
        // When a program types two lines, pressing Linefeed between them (as xdotool and
        // auto-type tools do for "\n")
        try app.type("ab")
        try app.key("Linefeed")
        try app.type("cd")
        // Then the break is in the text, as Return would put it
        let state = app.waitForState { $0.field("outlined-area").text.count == 5 }
        XCTAssertEqual(state?.field("outlined-area").text, "ab\ncd")
    }

    func testADeadKeyComposesThroughTheInputMethod() throws {
        // Given the catalog in a UTF-8 locale (Xlib's built-in input method reads that locale's
        // Compose table) and a keyboard with a dead acute
        let app = try CatalogApp(environment: ["LC_ALL": "C.UTF-8", "LANG": "C.UTF-8"])
        try app.bindSpareKeycodes(toKeysyms: ["dead_acute"])
        try app.click(field: "outlined-placeholder")
        XCTAssertNotNil(app.waitForState { $0.field("outlined-placeholder").focused })

        // When the user presses the dead acute, then e
        try app.key("dead_acute", "e")

        // Then the input method composed them into one é
        let state = app.waitForState { $0.field("outlined-placeholder").text == "é" }
        XCTAssertNotNil(state, "got \((try? app.state().field("outlined-placeholder").text) ?? "?")")
        // (stderr is read once the catalog has ended: a read while it runs would wait for it)
        app.process.terminate()
        app.process.waitUntilExit()
        let standardError = app.standardError
        XCTAssertFalse(standardError.contains("no X input method"), standardError)
    }

    // MARK: Clipping

    func testScrolledTextStaysInsideItsBand() throws {
        // Given an outlined field the user typed a line far wider than the field into
        let app = try CatalogApp()
        let field = try focusAndType(app, field: "outlined-label", String(repeating: "MW", count: 40), delay: 6)
        let band = textBand(of: field)
        let frame = PixelRegion(frame: field.frame)
        // The paddings left and right of the band, inside the (2 px, focused) outline, as tall as the band.
        let leftPadding = PixelRegion(x: frame.x + 3, y: band.y, width: band.x - frame.x - 3, height: band.height)
        let rightPadding = PixelRegion(x: band.maxX, y: band.y, width: frame.maxX - 3 - band.maxX, height: band.height)
        // And 20 px beyond the container on each side (the column gap, the window margin).
        let beyond = [PixelRegion(x: frame.x - 21, y: band.y, width: 20, height: band.height),
                      PixelRegion(x: frame.maxX + 1, y: band.y, width: 20, height: band.height)]

        // When the text is seen scrolled to its end (a glyph cut at the band's left edge), a few
        // characters later (cut elsewhere), and from its start (a glyph cut at the right edge)
        var inkOutside: [String] = []
        func check(_ moment: String) throws {
            usleep(60_000)
            let image = try app.capture(PixelRegion(x: 0, y: 0, width: frame.maxX + 24, height: frame.maxY + 24))
            let inBand = image.count(in: band, where: isTextInk)
            XCTAssertGreaterThan(inBand, 100, "no text in the band \(moment)")
            let left = image.count(in: leftPadding, where: isTextInk), right = image.count(in: rightPadding, where: isTextInk)
            let outside = beyond.map { image.count(in: $0, where: isTextInk) }.reduce(0, +)
            if left + right + outside > 0 {
                inkOutside.append("\(moment): \(left) px left, \(right) px right, \(outside) px beyond the container")
            }
        }
        try check("at the end")
        for (index, character) in ["i", "m", "l"].enumerated() {
            try app.type(character)
            XCTAssertNotNil(app.waitForState { $0.field("outlined-label").text.count == 81 + index })
            try check("after typing \(character)")
        }
        try app.key("Home")
        XCTAssertNotNil(app.waitForState { $0.field("outlined-label").selection == [0, 0] })
        try check("at the start")

        // Then no text ink ever showed in the paddings or beyond the container
        XCTAssertEqual(inkOutside, [], "text drawn outside its band")
    }

    // MARK: Event batching

    func testAQuickDragReadInOneBatchKeepsItsSelection() throws {
        // Given the prefilled outlined field ("Lisboa") and a catalog that has stopped reading
        // events, so the whole drag reaches it in one read
        let app = try CatalogApp()
        let frame = PixelRegion(frame: try app.state().field("outlined-prefilled").frame)
        let y = String(frame.y + frame.height / 2), window = String(app.windowID)
        let pid = app.process.processIdentifier
        XCTAssertEqual(kill(pid, SIGSTOP), 0)
        defer { kill(pid, SIGCONT) }

        // When the pointer moves to the start of the text, presses, moves past its end and
        // releases, then the catalog runs again
        try app.xdotool(["mousemove", "--window", window, String(frame.x + 17), y, "mousedown", "1",
                         "mousemove", "--window", window, String(frame.maxX - 20), y, "mouseup", "1"])
        XCTAssertEqual(kill(pid, SIGCONT), 0)

        // Then the press saw the start and the release the end: the whole word is selected
        XCTAssertNotNil(app.waitForState { $0.field("outlined-prefilled").focused }, "the press never reached the field")
        XCTAssertNotNil(app.waitForState(timeout: 1) { $0.field("outlined-prefilled").selection == [0, 6] },
                        "got \((try? app.state().field("outlined-prefilled").selection) ?? [])")
    }

    // MARK: Resize

    func testAfterAResizeAnUnfocusedFieldShowsTheStartOfItsText() throws {
        // Given a filled field whose long text (an M, then underscores: no ink above the
        // baseline) scrolled while typed, and whose editing then ended
        let app = try CatalogApp()
        let text = "M" + String(repeating: "_", count: 99)
        let typed = try focusAndType(app, field: "filled-label", text, delay: 6)
        func inkAtTextStart(_ field: CatalogApp.State.Field) throws -> Int {
            let band = textBand(of: field)
            return try app.capture(PixelRegion(x: band.x, y: band.y + 4, width: 12, height: 10)).count(where: isTextInk)
        }
        XCTAssertEqual(try inkAtTextStart(typed), 0, "typing did not scroll the M out of view")
        try app.key("Escape")
        XCTAssertNotNil(app.waitForState { !$0.field("filled-label").focused })

        // When the window is resized (narrow: one column, wider fields)
        try app.xdotool(["windowsize", String(app.windowID), "420", "600"])
        let resized = try XCTUnwrap(app.waitForState { $0.window.width == 420 }, "the resize never reached the layout")
        usleep(100_000)

        // Then the M shows at the start of the text band (ink above the baseline, in its first columns)
        XCTAssertGreaterThan(try inkAtTextStart(resized.field("filled-label")), 10, "the field does not show the start of its text")
    }

    // MARK: The public API

    func testTheExampleProgramReportsWhatTheUserTyped() throws {
        // Given the public-API example on a private server, set to quit after 4 s
        let binary = URL(fileURLWithPath: CatalogApp.binaryPath).deletingLastPathComponent()
            .appendingPathComponent("materialfields-example").path
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: binary), "no example at \(binary)")
        let server = try XvfbServer()
        let output = URL(fileURLWithPath: NSTemporaryDirectory() + "example-\(UUID().uuidString).out")
        XCTAssertTrue(FileManager.default.createFile(atPath: output.path, contents: nil))
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--quit-after", "4"]
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = server.displayName
        process.environment = environment
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate(); process.waitUntilExit() } }
        let xdotool = try XCTUnwrap(findExecutable("xdotool"))
        var windowID = ""
        XCTAssertTrue(try waitUntil(timeout: 3) {
            windowID = try runCommand(xdotool, ["search", "--onlyvisible", "--name", "^MaterialFields example$"],
                                      environment: ["DISPLAY": server.displayName]).stdout
                .split(separator: "\n").first.map(String.init) ?? ""
            return !windowID.isEmpty
        }, "the example's window never appeared")

        // When the user clicks the email field and types an address. (A stack layout at 420 px:
        // 24 px margin, the 56 px name field, 24 px gap, then email's 56 px container.)
        try runCommand(xdotool, ["mousemove", "--window", windowID, "210", "132", "click", "1",
                                 "sleep", "0.1", "type", "--delay", "25", "me@x"], environment: ["DISPLAY": server.displayName])

        // Then it quits by itself with status 0, having printed each thing the app observed
        guard waitUntil(timeout: 6, { !process.isRunning }) else { return XCTFail("the example did not quit after 4 s") }
        XCTAssertEqual(process.terminationStatus, 0)
        let lines = try String(contentsOf: output, encoding: .utf8).split(separator: "\n").map(String.init)
        for expected in ["name programmatic: Ada", "ready name=Ada code.enabled=false email.error=Enter an address with an @",
                         "email began editing", "email typing: me@x"] {
            XCTAssertTrue(lines.contains(expected), "no line '\(expected)' in \(lines)")
        }
        XCTAssertEqual(lines.last, "closed name=Ada email=me@x", "\(lines)")
    }
}
