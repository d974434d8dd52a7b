import CXDamage
import CXlib
import Foundation
import TestHarness
import XCTest
@testable import XftHost

/// The desktop's settings through XSETTINGS, served by the real xsettingsd on the catalog's
/// private server and changed live as a desktop changes them (the file rewritten, then SIGHUP):
/// blinking turned off stops the caret's repaints, theme names switch the catalog to dark and
/// to high contrast, the dpi rescales it, and `--theme` and `--scale` still win. Every wait is
/// on a condition (the QA state showing the setting applied, a quiet window), never on a guess
/// of how long a loaded machine takes.
final class DesktopSettingsUITests: XCTestCase {
    /// xsettingsd serving a settings file on a server's display.
    final class SettingsDaemon {
        let process = Process()
        let file: URL
        let server: XvfbServer

        init(server: XvfbServer, settings: String) throws {
            guard let executable = findExecutable("xsettingsd") else {
                throw HarnessError("xsettingsd is not installed; `./run.sh test` installs it (Debian package xsettingsd)")
            }
            self.server = server
            file = FileManager.default.temporaryDirectory.appendingPathComponent("xsettingsd-\(UUID().uuidString).conf")
            try settings.write(to: file, atomically: true, encoding: .utf8)
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["-c", file.path]
            var environment = ProcessInfo.processInfo.environment
            environment["DISPLAY"] = server.displayName
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // It serves once it owns the manager selection.
            let owned = try waitUntil(timeout: 15) {
                guard let display = XOpenDisplay(server.displayName) else { throw HarnessError("cannot open \(server.displayName)") }
                defer { XCloseDisplay(display) }
                return XGetSelectionOwner(display, XInternAtom(display, "_XSETTINGS_S0", 0)) != 0
            }
            guard owned else { throw HarnessError("xsettingsd never took _XSETTINGS_S0") }
        }

        deinit {
            if process.isRunning {
                process.terminate()
                process.waitUntilExit()
            }
            try? FileManager.default.removeItem(at: file)
        }

        /// What a desktop does when the user changes a setting: the file rewritten, xsettingsd
        /// told to read it again.
        func update(_ settings: String) throws {
            try settings.write(to: file, atomically: true, encoding: .utf8)
            guard process.isRunning else { throw HarnessError("xsettingsd has exited") }
            kill(process.processIdentifier, SIGHUP)
        }
    }

    /// Starts xsettingsd with `settings` on a new server, then the catalog with `arguments` on it.
    private func start(settings: String, arguments: [String] = [], screenSize: (width: Int, height: Int) = (1024, 800))
        throws -> (CatalogApp, SettingsDaemon) {
        var daemon: SettingsDaemon?
        let app = try CatalogApp(arguments: arguments, screenSize: screenSize) { server in
            daemon = try SettingsDaemon(server: server, settings: settings)
        }
        return (app, try XCTUnwrap(daemon))
    }

    /// The QA state with what the catalog says of the desktop's settings.
    private struct DesktopState: Decodable {
        struct Desktop: Decodable {
            struct Settings: Decodable {
                var cursorBlink: Bool?
                var cursorBlinkTime: Double?
                var dpi: Double?
                var themeName: String?
                var primaryPasteEnabled: Bool?
            }
            var settings: Settings
            var theme: String
        }
        var theme: String
        var desktop: Desktop
        var fields: [CatalogApp.State.Field]

        func field(_ id: String) -> CatalogApp.State.Field { fields.first { $0.id == id }! }
    }

    private func waitForDesktop(_ app: CatalogApp, timeout: TimeInterval = 15, _ condition: (DesktopState) -> Bool) -> DesktopState? {
        app.waitForState(as: DesktopState.self, timeout: timeout, condition)
    }

    // MARK: Repaints, through X DAMAGE

    /// Counts the repaints that reach a window: a DAMAGE object reporting only "became
    /// non-empty", emptied after every report, so each burst of copies a frame makes is one.
    private final class RepaintCounter {
        let display: OpaquePointer
        let damage: Damage
        let notifyType: Int32

        init(server: XvfbServer, window: Window) throws {
            guard let display = XOpenDisplay(server.displayName) else { throw HarnessError("cannot open \(server.displayName)") }
            var eventBase: Int32 = 0, errorBase: Int32 = 0
            guard XDamageQueryExtension(display, &eventBase, &errorBase) != 0 else {
                XCloseDisplay(display)
                throw HarnessError("the X server has no DAMAGE extension")
            }
            var major: Int32 = 1, minor: Int32 = 1
            XDamageQueryVersion(display, &major, &minor)
            self.display = display
            notifyType = eventBase + Int32(XDamageNotify)
            damage = XDamageCreate(display, window, Int32(XDamageReportNonEmpty))
            XSync(display, 0)
            // A new Damage reports its whole window once: that notice is not a repaint.
            _ = count(for: 0)
        }

        deinit {
            XDamageDestroy(display, damage)
            XCloseDisplay(display)
        }

        /// The repaints over the next `seconds`.
        func count(for seconds: Double) -> Int {
            var repaints = 0
            let end = Date().addingTimeInterval(seconds)
            repeat {
                repaints += drain()
                usleep(5_000)
            } while Date() < end
            return repaints + drain()
        }

        /// Waits until no repaint came for `quiet` seconds; false if that never happened
        /// within `timeout`.
        func waitForQuiet(_ quiet: Double, timeout: Double) -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            var lastRepaint = Date()
            while Date() < deadline {
                if drain() > 0 { lastRepaint = Date() }
                if Date().timeIntervalSince(lastRepaint) >= quiet { return true }
                usleep(5_000)
            }
            return false
        }

        private func drain() -> Int {
            var repaints = 0
            while XPending(display) > 0 {
                var event = XEvent()
                XNextEvent(display, &event)
                guard event.type == notifyType else { continue }
                repaints += 1
                XDamageSubtract(display, damage, 0, 0)
            }
            return repaints
        }
    }

    /// The 24 px input line of an outlined field at scale 1, inside its 16 px paddings.
    private func textBand(of field: CatalogApp.State.Field) -> PixelRegion {
        let frame = PixelRegion(frame: field.frame)
        return PixelRegion(x: frame.x + 16, y: frame.y + 16, width: frame.width - 32, height: 24)
    }

    // MARK: Tests

    func testXsettingsdTurnsBlinkingOffAndTheCaretStopsRepainting() throws {
        // Given the catalog on a desktop whose caret blinks fast (a 0.4 s cycle, never timing
        // out while the test watches), its outlined field being edited
        let (app, daemon) = try start(settings: "Net/CursorBlink 1\nNet/CursorBlinkTime 400\nGtk/CursorBlinkTimeout 3600\n")
        XCTAssertNotNil(waitForDesktop(app) { $0.desktop.settings.cursorBlink == true && $0.desktop.settings.cursorBlinkTime == 0.4 },
                        "the catalog never showed the desktop's blink settings")
        try app.click(field: "outlined-label")
        let editing = try XCTUnwrap(app.waitForState { $0.field("outlined-label").focused && $0.window.focused },
                                    "the field never took focus")
        let repaints = try RepaintCounter(server: app.server, window: app.windowID)

        // Then while blinking, the caret repaints (about five times in 1.5 s)
        let whileBlinking = repaints.count(for: 1.5)
        XCTAssertGreaterThanOrEqual(whileBlinking, 2, "a blinking caret repaints")
        print("DesktopSettingsUITests: \(whileBlinking) repaints in 1.5 s while blinking")

        // When the desktop turns blinking off (xsettingsd reloads its file)
        try daemon.update("Net/CursorBlink 0\nNet/CursorBlinkTime 400\nGtk/CursorBlinkTimeout 3600\n")
        XCTAssertNotNil(waitForDesktop(app) { $0.desktop.settings.cursorBlink == false }, "the catalog never heard blinking went off")

        // Then after a key (which restarts the blink's clock: a caret still blinking would blink
        // on for the 10 s of GTK's default timeout, or the desktop's hour) the window goes quiet,
        // where a blinking caret never stays quiet for 0.6 s...
        try app.key("End")
        XCTAssertTrue(repaints.waitForQuiet(0.6, timeout: 5), "the caret never stopped repainting")
        // ...and stays quiet, where a blinking caret would have repainted about seven times
        XCTAssertEqual(repaints.count(for: 2), 0, "repaints with blinking off")
        // ...with the caret shown, solid, every time it is looked at
        let band = textBand(of: editing.field("outlined-label"))
        for _ in 0..<5 {
            XCTAssertGreaterThanOrEqual(try app.capture(band).count(where: isPrimary), 20, "the caret is drawn solid")
            usleep(100_000)
        }
    }

    func testAThemeNameSwitchesToDarkAndToHighContrastLive() throws {
        // Given the catalog on a desktop with GTK's light theme
        let (app, daemon) = try start(settings: "Net/ThemeName \"Adwaita\"\n")
        XCTAssertNotNil(waitForDesktop(app) { $0.desktop.settings.themeName == "Adwaita" && $0.theme == "light" })
        func background() throws -> Pixel { try app.capture(PixelRegion(x: 2, y: 2, width: 1, height: 1)).pixel(x: 0, y: 0) }
        XCTAssertGreaterThan(try background().red, 200, "a light background")

        // When the desktop switches to its dark variant, the catalog follows
        try daemon.update("Net/ThemeName \"Adwaita-dark\"\n")
        XCTAssertNotNil(waitForDesktop(app) { $0.desktop.theme == "dark" && $0.theme == "dark" }, "never switched to dark")
        XCTAssertTrue(waitUntil(timeout: 5) { ((try? background())?.red ?? 255) < 60 }, "the window was not drawn dark")

        // And to high contrast, and to its inverse
        let highContrast = "high-contrast", highContrastInverse = "high-contrast-dark"
        try daemon.update("Net/ThemeName \"HighContrast\"\n")
        XCTAssertNotNil(waitForDesktop(app) { $0.desktop.theme == "highContrast" && $0.theme == highContrast },
                        "never switched to high contrast")
        try daemon.update("Net/ThemeName \"HighContrastInverse\"\n")
        XCTAssertNotNil(waitForDesktop(app) { $0.desktop.theme == "highContrastInverse" && $0.theme == highContrastInverse },
                        "never switched to high contrast inverse")

        // And GTK's preference for dark variants darkens a light theme
        try daemon.update("Net/ThemeName \"Adwaita\"\n")
        XCTAssertNotNil(waitForDesktop(app) { $0.desktop.theme == "light" && $0.theme == "light" })
        try daemon.update("Net/ThemeName \"Adwaita\"\nGtk/ApplicationPreferDarkTheme 1\n")
        XCTAssertNotNil(waitForDesktop(app) { $0.desktop.theme == "dark" && $0.theme == "dark" }, "the dark preference was ignored")

        // And Ctrl+T still toggles, until the desktop's theme next changes
        try app.key("ctrl+t")
        XCTAssertNotNil(app.waitForState { $0.theme == "light" }, "Ctrl+T did not toggle")
        try daemon.update("Net/ThemeName \"Adwaita\"\nGtk/ApplicationPreferDarkTheme 1\nNet/CursorBlink 0\n")
        XCTAssertNotNil(waitForDesktop(app) { $0.desktop.settings.cursorBlink == false })
        XCTAssertEqual(try app.state().theme, "light", "another setting's change leaves the user's choice")
        try daemon.update("Net/ThemeName \"HighContrastInverse\"\n")
        XCTAssertNotNil(waitForDesktop(app) { $0.desktop.theme == "highContrastInverse" && $0.theme == highContrastInverse })
    }

    func testTheDesktopsDpiRescalesTheWindowLiveUnlessScaleAndThemeAreGiven() throws {
        // Given a desktop at 192 dpi (`Xft/DPI` is dpi x 1024) with a dark theme
        let settings = "Xft/DPI 196608\nNet/ThemeName \"Adwaita-dark\"\n"
        do {
            let (app, daemon) = try start(settings: settings, screenSize: (2000, 1600))
            // Then the catalog starts at twice the size, dark
            let started = try XCTUnwrap(waitForDesktop(app) { $0.desktop.settings.dpi == 192 })
            XCTAssertEqual(started.field("filled-label").frame[3], 112)
            XCTAssertEqual(started.theme, "dark")
            // When the desktop moves to 144 dpi, the fields follow (the window keeps its size)
            try daemon.update("Xft/DPI 147456\nNet/ThemeName \"Adwaita-dark\"\n")
            XCTAssertNotNil(waitForDesktop(app) { $0.desktop.settings.dpi == 144 && $0.field("filled-label").frame[3] == 84 },
                            "never rescaled to 1.5")
            // And without a manager's dpi the catalog goes back to scale 1
            try daemon.update("Net/ThemeName \"Adwaita-dark\"\n")
            XCTAssertNotNil(waitForDesktop(app) { $0.desktop.settings.dpi == nil && $0.field("filled-label").frame[3] == 56 })
        }
        do {
            // Given the same desktop, but --scale and --theme on the command line
            let (app, daemon) = try start(settings: settings, arguments: ["--scale", "1", "--theme", "light"], screenSize: (2000, 1600))
            let started = try XCTUnwrap(waitForDesktop(app) { $0.desktop.settings.dpi == 192 })
            XCTAssertEqual(started.field("filled-label").frame[3], 56, "--scale wins")
            XCTAssertEqual(started.theme, "light", "--theme wins")
            // When the desktop changes both, the catalog still keeps what it was told
            try daemon.update("Xft/DPI 147456\nNet/ThemeName \"HighContrastInverse\"\n")
            let changed = try XCTUnwrap(waitForDesktop(app) { $0.desktop.settings.dpi == 144 && $0.desktop.theme == "highContrastInverse" })
            XCTAssertEqual(changed.field("filled-label").frame[3], 56)
            XCTAssertEqual(changed.theme, "light")
        }
    }

    /// `Gtk/EnablePrimaryPaste 0`, as GTK reads it: a middle click on a field pastes nothing
    /// (PRIMARY is not even asked for); turned back on live, the next middle click pastes, once,
    /// which also proves the first click, handled before it, pasted nothing.
    func testPrimaryPasteTurnedOffByTheDesktopMakesTheMiddleClickPasteNothing() throws {
        let (app, daemon) = try start(settings: "Gtk/EnablePrimaryPaste 0\n")
        XCTAssertNotNil(waitForDesktop(app) { $0.desktop.settings.primaryPasteEnabled == false }, "the setting never arrived")
        let owner = try ExternalOwner(displayName: app.server.displayName, selection: "PRIMARY",
                                      answer: .once(type: "UTF8_STRING", format: 8, bytes: Array("Tejo ".utf8)))
        let field = try app.state().field("outlined-prefilled")  // "Lisboa"
        let start = (x: field.frame[0] + 16, y: field.frame[1] + field.frame[3] / 2)
        try app.click(x: start.x, y: start.y, button: 2)

        try daemon.update("Gtk/EnablePrimaryPaste 1\n")
        XCTAssertNotNil(waitForDesktop(app) { $0.desktop.settings.primaryPasteEnabled == true }, "the change never arrived")
        try app.click(x: start.x, y: start.y, button: 2)
        let pasted = app.waitForState { $0.field("outlined-prefilled").text != "Lisboa" }
        XCTAssertEqual(pasted?.field("outlined-prefilled").text, "Tejo Lisboa", "one paste, from the second click only")
        XCTAssertEqual(owner.requests, 1, "PRIMARY was asked for \(owner.requests) times")
        owner.stop()
    }
}
