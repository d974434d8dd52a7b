import CXlib
import Foundation
import TestHarness
import XCTest
import XftHost

/// HiDPI from the desktop: the catalog's window takes its scale from the `Xft.dpi` resource, as
/// GTK and Qt do, and `--scale` overrides it; scripts and screenshots stay at 1 on any desktop.
final class DesktopScaleUITests: XCTestCase {
    /// What `xrdb -merge` does: the resources go into the root window's RESOURCE_MANAGER property,
    /// which clients read when they open the display (the test servers keep it: -noreset).
    private static func load(_ resources: String) -> (XvfbServer) throws -> Void {
        { server in
            guard let display = XOpenDisplay(server.displayName) else { throw HarnessError("cannot open \(server.displayName)") }
            defer { XCloseDisplay(display) }
            let bytes = Array(resources.utf8)
            XChangeProperty(display, XDefaultRootWindow(display), XInternAtom(display, "RESOURCE_MANAGER", 0), XA_STRING, 8,
                            PropModeReplace, bytes, Int32(bytes.count))
            XSync(display, 0)
        }
    }

    /// The filled label field's container height and the window's size in the live window's QA state.
    private func measure(resources: String?, arguments: [String] = []) throws -> (height: Double, window: [Double]) {
        let app = try CatalogApp(arguments: arguments, screenSize: (2000, 1600), prepare: resources.map(Self.load) ?? { _ in })
        let state = try app.state()
        return (state.field("filled-label").frame[3], [state.window.width, state.window.height])
    }

    func testXftDpiScalesTheWindowAndScaleOverridesIt() throws {
        XCTAssertEqual(try measure(resources: nil).height, 56, "no resources: Material's 56 px")
        let doubled = try measure(resources: "Xft.antialias:\t1\nXft.dpi:\t192\n")
        XCTAssertEqual(doubled.height, 112, "192 dpi is twice 96")
        XCTAssertEqual(doubled.window, [1520, 1440], "and the window twice as large")
        XCTAssertEqual(try measure(resources: "Xft.dpi:\t192\n", arguments: ["--scale", "1"]).height, 56,
                       "--scale overrides the desktop")
        XCTAssertEqual(try measure(resources: "Xft.dpi:\t144\n").height, 84)
        XCTAssertEqual(try measure(resources: "Xft.dpi:\tplenty\n").height, 56, "an unreadable dpi is no dpi")
    }

    /// A screenshot or a script draws the same bytes whatever the desktop's dpi.
    func testScreenshotsIgnoreTheDesktopsScale() throws {
        let server = try XvfbServer(width: 1600, height: 1400)
        try Self.load("Xft.dpi:\t192\n")(server)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("dpi-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try runCommand(CatalogApp.binaryPath, ["--display", server.displayName, "--screenshot", path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let image = try RGBAImage.readPNG(from: path)
        XCTAssertEqual([image.width, image.height], [760, 720])
    }
}
