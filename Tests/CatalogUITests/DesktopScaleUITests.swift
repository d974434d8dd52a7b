import CXlib
import Foundation
import TestHarness
import XCTest

/// HiDPI from the desktop: the catalog takes its scale from the `Xft.dpi` resource, as GTK and Qt
/// do, and `--scale` overrides it.
final class DesktopScaleUITests: XCTestCase {
    private var server: XvfbServer!
    private var directory: URL!

    override func setUpWithError() throws {
        server = try XvfbServer(width: 1600, height: 1400)
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("dpi-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        server = nil
        try? FileManager.default.removeItem(at: directory)
    }

    /// What `xrdb -merge` does: the resources go into the root window's RESOURCE_MANAGER property,
    /// which clients read when they open the display.
    private func loadResources(_ text: String) throws {
        guard let display = XOpenDisplay(server.displayName) else { throw HarnessError("cannot open \(server.displayName)") }
        defer { XCloseDisplay(display) }
        let property = XInternAtom(display, "RESOURCE_MANAGER", 0)
        let bytes = Array(text.utf8)
        XChangeProperty(display, XDefaultRootWindow(display), property, XA_STRING, 8, PropModeReplace, bytes, Int32(bytes.count))
        XSync(display, 0)
    }

    /// The filled label field's container height in the QA state of a screenshot run.
    private func containerHeight(_ arguments: [String] = []) throws -> Double {
        let state = directory.appendingPathComponent("state-\(UUID().uuidString).json").path
        let result = try runCommand(CatalogApp.binaryPath, ["--display", server.displayName, "--size", "1500x1200",
                                                             "--screenshot", directory.appendingPathComponent("s.png").path,
                                                             "--qa-state", state] + arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: state))) as? [String: Any]
        let fields = json?["fields"] as? [[String: Any]] ?? []
        let frame = fields.first { $0["id"] as? String == "filled-label" }?["frame"] as? [Double]
        return try XCTUnwrap(frame?[3])
    }

    func testXftDpiScalesTheCatalogAndScaleOverridesIt() throws {
        XCTAssertEqual(try containerHeight(), 56, "no resources: Material's 56 px")
        try loadResources("Xft.antialias:\t1\nXft.dpi:\t192\n")
        XCTAssertEqual(try containerHeight(), 112, "192 dpi is twice 96")
        XCTAssertEqual(try containerHeight(["--scale", "1"]), 56, "--scale overrides the desktop")
        try loadResources("Xft.dpi:\t144\n")
        XCTAssertEqual(try containerHeight(), 84)
        try loadResources("Xft.dpi:\tplenty\n")
        XCTAssertEqual(try containerHeight(), 56, "an unreadable dpi is no dpi")
    }
}
