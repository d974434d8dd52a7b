import CXlib
import Foundation
import TestHarness
import XCTest
@testable import XftHost

/// The controls panel (F9) and its script step `set ID PROPERTY VALUE` in the real catalog: a
/// script sets every property and reads it back from the QA state; bad properties and values
/// get one line each; and on a private Xvfb the live panel opens beside the focused field, takes
/// typing, Tab, Space, arrows and clicks, applies each change at once, lists each as its step in
/// `controls.steps`, and gives the field the keyboard back when it closes.
final class ControlsPanelUITests: XCTestCase {
    private struct View: Decodable {
        struct Controls: Decodable {
            var shown: Bool
            var field: String?
            var control: String?
            var frame: [Double]?
            var steps: [String]
        }
        struct Settings: Decodable, Equatable {
            var enabled: Bool, error: String?, label: String, placeholder: String, helper: String
            var counterLimit: Int?, density: Double, clearButton: String, leadingIcon: String, trailingIcon: String
            var direction: String, secure: Bool
            enum CodingKeys: String, CodingKey {
                case enabled, error, label, placeholder, helper, density, direction, secure
                case counterLimit = "counter-limit", clearButton = "clear-button", leadingIcon = "leading-icon"
                case trailingIcon = "trailing-icon"
            }
        }
        struct Field: Decodable {
            var id: String, text: String, focused: Bool, frame: [Double], outerFrame: [Double], settings: Settings
        }
        var controls: Controls
        var fields: [Field]
        func field(_ id: String) -> Field { fields.first { $0.id == id }! }
    }

    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("controls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func runScript(_ text: String, server: XvfbServer) throws -> (status: Int32, stdout: String, stderr: String, path: String) {
        let url = directory.appendingPathComponent("controls-\(UUID().uuidString).qa")
        try text.write(to: url, atomically: true, encoding: .utf8)
        let result = try runCommand(CatalogApp.binaryPath, ["--script", url.path], environment: ["DISPLAY": server.displayName], timeout: 120)
        return (result.status, result.stdout, result.stderr, url.path)
    }

    /// Every property set by a step shows in the QA state's `settings` and in what the field does.
    func testSetStepsChangeEveryPropertyAndTheQAStateSaysSo() throws {
        let server = try XvfbServer(width: 1024, height: 800)
        let result = try runScript("""
            set outlined-label label "Given name"
            set outlined-label placeholder "e.g. Ada"
            set outlined-label helper "As on your \\"passport\\""
            set outlined-label counter-limit 20
            set outlined-label density 0.5
            set outlined-label clear-button while-editing
            set outlined-label leading-icon never
            set outlined-label trailing-icon unless-editing
            set outlined-label direction rtl
            set outlined-label error "Too short"
            settle
            expect outlined-label settings.label "Given name"
            expect outlined-label settings.placeholder "e.g. Ada"
            expect outlined-label settings.helper "As on your \\"passport\\""
            expect outlined-label settings.counter-limit 20
            expect outlined-label settings.density 0.5
            expect outlined-label settings.clear-button while-editing
            expect outlined-label settings.leading-icon never
            expect outlined-label settings.trailing-icon unless-editing
            expect outlined-label settings.direction rtl
            expect outlined-label settings.error "Too short"
            # What the field shows follows.
            expect outlined-label label "Given name"
            expect outlined-label error true
            expect outlined-label assistive.leading "Too short"
            expect outlined-label assistive.trailing "0 / 20"
            expect outlined-label maxLength 20
            # (`direction` is the text's reading direction: the Latin label's, ltr; the layout is rtl.)
            click outlined-label
            type Ada
            expect outlined-label clearButton visible
            set outlined-label secure true
            expect outlined-label secure true
            expect outlined-label text "•••"
            set outlined-label error off
            set outlined-label counter-limit none
            expect outlined-label settings.error null
            expect outlined-label error false
            expect outlined-label maxLength null
            set outlined-label enabled false
            settle
            expect outlined-label settings.enabled false
            expect outlined-label state disabled
            expect outlined-label focused false
            """, server: server)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains(": ok ("), result.stdout)
    }

    func testABadPropertyOrValueIsOneLineNamingItsPlace() throws {
        let server = try XvfbServer(width: 1024, height: 800)
        let typo = try runScript("click filled-label\nset filled-label lable \"Name\"\n", server: server)
        XCTAssertEqual(typo.status, 3)
        XCTAssertEqual(typo.stderr.trimmingCharacters(in: .whitespacesAndNewlines),
                       "\(typo.path):2: set: no property 'lable'; did you mean 'label'? (properties: enabled, error, label, placeholder, "
                       + "helper, counter-limit, density, clear-button, leading-icon, trailing-icon, direction, secure)")
        let mode = try runScript("set filled-label clear-button allways\n", server: server)
        XCTAssertEqual(mode.status, 3)
        XCTAssertEqual(mode.stderr.trimmingCharacters(in: .whitespacesAndNewlines),
                       "\(mode.path):1: set clear-button: 'allways' is not one of never, while-editing, unless-editing or always; "
                       + "did you mean 'always'?")
        let field = try runScript("set filled-lable enabled false\n", server: server)
        XCTAssertEqual(field.status, 3)
        XCTAssertTrue(field.stderr.hasPrefix("\(field.path):1: no field 'filled-lable'; did you mean 'filled-label'?"), field.stderr)
    }

    /// The live panel, as a tester uses it: F9 with no field says so; on a focused field it opens
    /// below it, takes typing, Tab, Space and arrows, and each change is a step in the QA state.
    func testTheLivePanelChangesTheFocusedFieldAndListsEachChangeAsAStep() throws {
        let app = try CatalogApp(screenSize: (1024, 900))
        let steps = { (try? app.state(as: View.self))?.controls.steps ?? [] }

        // No field focused yet: the panel opens and says so; Escape closes it.
        try app.key("F9")
        var view = try XCTUnwrap(app.waitForState(as: View.self) { $0.controls.shown }, "F9 opens the panel")
        XCTAssertNil(view.controls.field)
        try app.key("Escape")
        XCTAssertNotNil(app.waitForState(as: View.self) { !$0.controls.shown }, "Escape closes it")

        try app.click(field: "outlined-label", atFraction: 0.3)
        XCTAssertNotNil(app.waitForState(as: View.self) { $0.field("outlined-label").focused })
        try app.key("F9")
        view = try XCTUnwrap(app.waitForState(as: View.self) { $0.controls.shown })
        XCTAssertEqual(view.controls.field, "outlined-label")
        XCTAssertEqual(view.controls.control, "label")
        let panel = try XCTUnwrap(view.controls.frame)
        let outer = view.field("outlined-label").outerFrame
        XCTAssertGreaterThanOrEqual(panel[1], outer[1] + outer[3], "the panel does not cover the field it edits")

        // The label's editor holds the label selected: typing replaces it, live.
        try app.type("Given name")
        XCTAssertNotNil(app.waitForState(as: View.self) { $0.field("outlined-label").settings.label == "Given name" })
        XCTAssertEqual(steps(), [], "a text is told once, when left")
        try app.key("Tab")
        view = try XCTUnwrap(app.waitForState(as: View.self) { $0.controls.control == "placeholder" })
        XCTAssertEqual(view.controls.steps, ["set outlined-label label \"Given name\""])

        // Tab to the error message, type one, then Shift+Tab back... to the error switch: Tab on.
        try app.key("Tab", "Tab")
        try app.type("Too short")
        for _ in 0..<3 { try app.key("Tab") }
        view = try XCTUnwrap(app.waitForState(as: View.self) { $0.controls.control == "error" })
        XCTAssertNil(view.field("outlined-label").settings.error, "a message alone puts no field in error")
        try app.key("space")
        view = try XCTUnwrap(app.waitForState(as: View.self) { $0.field("outlined-label").settings.error == "Too short" })
        // Two Tabs on: density; Right steps it.
        try app.key("Tab", "Tab", "Right")
        view = try XCTUnwrap(app.waitForState(as: View.self) { $0.field("outlined-label").settings.density == 0.25 })
        XCTAssertEqual(view.controls.steps, ["set outlined-label label \"Given name\"", "set outlined-label error \"Too short\"",
                                             "set outlined-label density 0.25"])

        // A click on the direction chip's right half steps it; F9 closes, the field types again.
        let direction = try XCTUnwrap(view.controls.frame)
        // The direction row is the last of the right column (32 px rows, 4 apart, over a 32 px
        // footer, 16 px of padding at the right): its chip's right end.
        let chipPoint = (x: direction[0] + direction[2] - 16 - 10, y: direction[1] + direction[3] - 32 - 4 - 16)
        try app.click(x: chipPoint.x, y: chipPoint.y)
        view = try XCTUnwrap(app.waitForState(as: View.self) { $0.field("outlined-label").settings.direction == "rtl" }, "\(steps())")
        XCTAssertEqual(view.controls.control, "direction")
        try app.key("F9")
        XCTAssertNotNil(app.waitForState(as: View.self) { !$0.controls.shown })
        try app.type("Ada")
        view = try XCTUnwrap(app.waitForState(as: View.self) { $0.field("outlined-label").text == "Ada" }, "the field has the keys back")
        XCTAssertTrue(view.field("outlined-label").focused)
        XCTAssertEqual(view.controls.steps.last, "set outlined-label direction rtl")

        // Escape ends the editing: with no field focused, F9 opens on the one focused last.
        try app.key("Escape")
        XCTAssertNotNil(app.waitForState(as: View.self) { !$0.field("outlined-label").focused })
        try app.key("F9")
        view = try XCTUnwrap(app.waitForState(as: View.self) { $0.controls.shown })
        XCTAssertEqual(view.controls.field, "outlined-label")
        try app.key("Escape")
        view = try XCTUnwrap(app.waitForState(as: View.self) { !$0.controls.shown })
        XCTAssertTrue(view.field("outlined-label").focused, "closing gives the field the keyboard")
    }

    // MARK: The shadow's margin

    /// The popup's window and where it is on the root.
    private func panelWindow(_ app: CatalogApp) throws -> (window: Window, x: Int, y: Int, width: Int, height: Int) {
        var found: Window?
        _ = try waitUntil(timeout: 10) {
            let result = try runCommand(findExecutable("xdotool")!, ["search", "--onlyvisible", "--classname", "^materialfields-popup$"],
                                        environment: ["DISPLAY": app.server.displayName])
            found = result.stdout.split(separator: "\n").first.flatMap { Window($0) }
            return found != nil
        }
        let window = try XCTUnwrap(found, "the panel's window is mapped")
        return try app.withDisplay { display in
            var attributes = XWindowAttributes()
            XGetWindowAttributes(display, window, &attributes)
            var x: Int32 = 0, y: Int32 = 0, child: Window = 0
            XTranslateCoordinates(display, window, XDefaultRootWindow(display), 0, 0, &x, &y, &child)
            return (window, Int(x), Int(y), Int(attributes.width), Int(attributes.height))
        }
    }

    /// The pixels of the popup's window outside its surface (`surface` in the window's
    /// coordinates), once two reads in a row agree (the window has drawn what it will).
    private func marginPixels(_ app: CatalogApp, surface: PixelRegion) throws -> [UInt8] {
        let popup = try panelWindow(app)
        func read() throws -> [UInt8] {
            let image = try app.withDisplay { display in
                try XCTUnwrap(RGBAImage.capture(display: display, window: popup.window,
                                                region: PixelRegion(x: 0, y: 0, width: popup.width, height: popup.height)))
            }
            var pixels: [UInt8] = []
            for y in 0..<image.height {
                for x in 0..<image.width where !(x >= surface.x && x < surface.maxX && y >= surface.y && y < surface.maxY) {
                    let pixel = image.pixel(x: x, y: y)
                    pixels += [pixel.red, pixel.green, pixel.blue]
                }
            }
            return pixels
        }
        var last = try read()
        _ = try waitUntil(timeout: 5) {
            let next = try read()
            defer { last = next }
            return next == last
        }
        return last
    }

    /// Where the panel's surface is in its window: its frame in the main window, moved to the
    /// popup window's origin.
    private func surfaceInPopup(_ app: CatalogApp, frame: [Double]) throws -> PixelRegion {
        let popup = try panelWindow(app)
        let origin = try app.withDisplay { display in
            var x: Int32 = 0, y: Int32 = 0, child: Window = 0
            XTranslateCoordinates(display, app.windowID, XDefaultRootWindow(display), 0, 0, &x, &y, &child)
            return (x: Int(x), y: Int(y))
        }
        let surface = PixelRegion(frame: frame)
        return PixelRegion(x: surface.x + origin.x - popup.x, y: surface.y + origin.y - popup.y, width: surface.width, height: surface.height)
    }

    /// The panel's own edits redraw the page under its shadow's margin (here the field's label,
    /// whose top the margin covers): the margin shows the page as it is now, the
    /// same as a panel opened afresh on it shows, not a copy of the page from when it opened.
    func testTheShadowMarginFollowsThePageTheEditsRedrawUnderIt() throws {
        let app = try CatalogApp(screenSize: (1024, 900))
        try app.click(field: "filled-helper", atFraction: 0.3)
        XCTAssertNotNil(app.waitForState(as: View.self) { $0.field("filled-helper").focused })
        try app.key("F9")
        var view = try XCTUnwrap(app.waitForState(as: View.self) { $0.controls.shown && $0.controls.field == "filled-helper" })
        let frame = try XCTUnwrap(view.controls.frame)
        let surface = try surfaceInPopup(app, frame: frame)
        let before = try marginPixels(app, surface: surface)

        // A new label, typed into the label's editor (focused, its text selected): the floating
        // label at the field's top, which the margin at the panel's bottom covers (the panel opens
        // above a field this low), changes live; the field's frame does not.
        try app.type("Work phone, with the area code")
        view = try XCTUnwrap(app.waitForState(as: View.self) { $0.field("filled-helper").settings.label == "Work phone, with the area code" })
        XCTAssertEqual(view.controls.frame, frame, "the panel stays where it is")
        let edited = try marginPixels(app, surface: surface)

        // Closed and opened again on the same page: its margin drawn from the screen as it is.
        try app.key("F9")
        XCTAssertNotNil(app.waitForState(as: View.self) { !$0.controls.shown })
        try app.key("F9")
        view = try XCTUnwrap(app.waitForState(as: View.self) { $0.controls.shown })
        XCTAssertEqual(view.controls.frame, frame, "opened again at the same place")
        let fresh = try marginPixels(app, surface: surface)

        func differing(_ one: [UInt8], _ other: [UInt8]) -> Int {
            one.count != other.count ? Int.max : zip(one, other).filter { abs(Int($0) - Int($1)) > 2 }.count
        }
        XCTAssertGreaterThan(differing(before, fresh), 20, "the edit changed what the margin covers (else this test proves nothing)")
        XCTAssertEqual(differing(edited, fresh), 0, "the margin of the panel still open shows the page as it was when it opened")
    }
}
