import Foundation
import XCTest
@testable import XftHost
import TestHarness

/// The catalog's high-contrast themes: `--theme high-contrast`, Ctrl+T to its dark member and
/// back, and the catalog's own text (headings, captions) and scroll bar measured from the window's
/// pixels. (The fields' contrast is measured in QAToolsTests' `ContrastTests`.)
extension AnatomyUITests {
    /// WCAG 2.1's contrast ratio of two sRGB pixels.
    private func contrast(_ first: Pixel, _ second: Pixel) -> Double {
        func luminance(_ pixel: Pixel) -> Double {
            func linear(_ channel: UInt8) -> Double {
                let value = Double(channel) / 255
                return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * linear(pixel.red) + 0.7152 * linear(pixel.green) + 0.0722 * linear(pixel.blue)
        }
        let a = luminance(first), b = luminance(second)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// Text in `region`: the most common colour is its background, the pixel that stands out most
    /// from it its ink.
    private func textContrast(_ app: CatalogApp, _ region: PixelRegion) throws -> Double {
        let image = try app.capture(region)
        var counts: [UInt32: Int] = [:]
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.pixel(x: x, y: y)
                counts[UInt32(p.red) << 16 | UInt32(p.green) << 8 | UInt32(p.blue), default: 0] += 1
            }
        }
        let key = try XCTUnwrap(counts.max { $0.value < $1.value }?.key)
        let background: Pixel = (UInt8(key >> 16), UInt8(key >> 8 & 0xFF), UInt8(key & 0xFF), 255)
        var best = 1.0
        for y in 0..<image.height {
            for x in 0..<image.width { best = max(best, contrast(image.pixel(x: x, y: y), background)) }
        }
        return best
    }

    func testTheHighContrastPairSwitchesWithControlTAndTheCatalogsOwnTextIsSevenToOne() throws {
        // Given the catalog started in high contrast
        let app = try CatalogApp(arguments: ["--theme", "high-contrast"])
        XCTAssertEqual(try qa(app).theme, "high-contrast")
        XCTAssertTrue(try pixel(app, x: 4, y: 4) == (0xFF, 0xFF, 0xFF, 255), "the surface is \(describePixel(app, x: 4, y: 4))")
        let heading = PixelRegion(x: 24, y: 24, width: 60, height: 28), caption = PixelRegion(x: 24, y: 64, width: 100, height: 16)
        let thumb = (x: 756, y: 12)

        for (theme, surface) in [("high-contrast", UInt8(0xFF)), ("high-contrast-dark", 0x00), ("high-contrast", 0xFF)] {
            if try qa(app).theme != theme {
                // When the user presses Ctrl+T
                try app.key("ctrl+t")
                XCTAssertNotNil(waitForQA(app) { $0.theme == theme && $0.window.theme == theme }, "the QA state never said \(theme)")
                XCTAssertTrue(try waitUntil(timeout: 2) { try pixel(app, x: 4, y: 4) == (surface, surface, surface, 255) },
                              "\(theme): the surface is \(describePixel(app, x: 4, y: 4))")
            }
            // Then the heading and the caption stand 7:1 from the surface, the scroll bar 3:1
            let headingContrast = try textContrast(app, heading), captionContrast = try textContrast(app, caption)
            XCTAssertGreaterThanOrEqual(headingContrast, 7, "\(theme): the heading")
            XCTAssertGreaterThanOrEqual(captionContrast, 7, "\(theme): the caption")
            XCTAssertGreaterThanOrEqual(contrast(try pixel(app, x: thumb.x, y: thumb.y), try pixel(app, x: 4, y: 4)), 3,
                                        "\(theme): the scroll bar is \(describePixel(app, x: thumb.x, y: thumb.y))")
        }
    }
}
