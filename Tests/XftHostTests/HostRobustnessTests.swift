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

    func testAPixelOutsideTheImageOrItsBytesReadsAsTransparentBlack() {
        let image = RGBAImage(width: 2, height: 2, pixels: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16])
        XCTAssertTrue(image.pixel(x: 1, y: 1) == (13, 14, 15, 16))
        for (x, y) in [(-1, 0), (0, -1), (2, 0), (0, 2), (Int.max, Int.max), (Int.min, 0)] {
            XCTAssertTrue(image.pixel(x: x, y: y) == (0, 0, 0, 0), "(\(x), \(y))")
        }
        // Fewer bytes than the size says: the pixels that are there, and none beyond them.
        let short = RGBAImage(width: 4000, height: 4000, pixels: [1, 2, 3, 4, 5, 6, 7, 8])
        XCTAssertTrue(short.pixel(x: 1, y: 0) == (5, 6, 7, 8))
        XCTAssertTrue(short.pixel(x: 2, y: 0) == (0, 0, 0, 0))
        XCTAssertTrue(short.pixel(x: 3999, y: 3999) == (0, 0, 0, 0))
        for size in [(-1, 1), (1, -1), (Int.min, Int.min), (0, 0)] {
            XCTAssertTrue(RGBAImage(width: size.0, height: size.1, pixels: [1, 2, 3, 4]).pixel(x: 0, y: 0) == (0, 0, 0, 0), "\(size)")
        }
        let huge = RGBAImage(width: Int.max, height: Int.max, pixels: [1, 2, 3, 4])
        XCTAssertTrue(huge.pixel(x: Int.max - 1, y: Int.max - 1) == (0, 0, 0, 0))
        XCTAssertTrue(huge.pixel(x: 0, y: 0) == (1, 2, 3, 4))
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
