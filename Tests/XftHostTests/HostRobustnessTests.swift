import Foundation
import MaterialFields
import TestHarness
import XCTest
@testable import XftHost

/// What a caller can hand the host never crashes it.
final class HostRobustnessTests: XCTestCase {
    func testAnImageWhosePixelsDoNotMatchItsSizeIsRefusedNotWritten() {
        let path = NSTemporaryDirectory() + "bad-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        for image in [RGBAImage(width: 4000, height: 4000, pixels: [1, 2, 3, 4]),
                      RGBAImage(width: -3, height: 2, pixels: []),
                      RGBAImage(width: 0, height: 0, pixels: [])] {
            XCTAssertThrowsError(try image.writePNG(to: path)) { error in
                XCTAssertTrue("\(error)".contains("do not make"), "\(error)")
            }
        }
    }

    func testNaNColoursAndVeryLongAssistiveTextRenderWithoutTrapping() throws {
        let server = try XvfbServer()
        let host = try WindowHost(displayName: server.displayName) { _ in }
        // Given a scheme with a NaN component and a helper text 5,000 clusters long (about 30,000 px)
        let field = TextField(identifier: "f", style: .outlined, label: "Long", text: "text")
        field.helperText = String(repeating: "m", count: 5_000)
        var scheme = ColorScheme.light
        scheme.primary = Color(red: .nan, green: 0.5, blue: 1)
        let scene = FieldScene(fields: [field], scheme: scheme)
        scene.focus(field, at: 0)
        // When it is rendered
        let image = try host.renderSettled(scene, size: Size(width: 400, height: 160))
        // Then the start of the helper text shows in its row, though the whole run is too wide for X
        let frame = try XCTUnwrap(scene.frame(of: field))
        let rowTop = Int(frame.minY + 56 + 4), left = Int(frame.minX + 16)
        var ink = 0
        for y in rowTop..<(rowTop + 16) {
            for x in left..<(left + 300) where image.pixel(x: x, y: y).red < 160 { ink += 1 }
        }
        XCTAssertGreaterThan(ink, 100, "the helper text's first glyphs are drawn")
    }
}
