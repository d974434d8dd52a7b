import CXlib
import Foundation
import MaterialFields
import XCTest
@testable import XftHost
import TestHarness

/// Text wider than X's 16-bit coordinates (32767 px) is still drawn: a field sends only the
/// clusters that show, from an origin near the field.
final class WideTextTests: XCTestCase {
    private var server: XvfbServer!
    private var host: WindowHost!

    override func setUpWithError() throws {
        server = try XvfbServer()
        host = try WindowHost(displayName: server.displayName) { _ in }
    }

    override func tearDown() {
        host = nil
        server = nil
    }

    /// Dark glyph ink (on-surface at 87 %, antialiased) in `columns` of the field's 24 px input line.
    private func ink(in image: RGBAImage, band: Rect, columns: Range<Int>? = nil) -> Int {
        let xs = columns ?? Int(band.minX)..<Int(band.maxX)
        var count = 0
        for y in Int(band.minY)..<Int(band.maxY) {
            for x in xs {
                let p = image.pixel(x: x, y: y)
                if p.red < 150 && p.green < 150 && p.blue < 150 { count += 1 }
            }
        }
        return count
    }

    func testTextWiderThanSixteenBitCoordinatesIsDrawnAtItsEndAndAtItsStart() throws {
        // Given an outlined field holding a run of "a" more than 32767 px wide (3650 or more at 16 px)
        let font = FontSpec(pixelSize: 16)
        let advance = host.fonts.advance(of: "a", font: font)
        let count = max(3650, Int((34_000 / advance).rounded(.up)))
        let field = TextField(identifier: "wide", style: .outlined, label: "Wide", text: String(repeating: "a", count: count))
        let scene = FieldScene(fields: [field], scheme: .light)
        XCTAssertGreaterThan(Double(count) * advance, 32_767)

        // When it is edited with the caret at the end of the text (scrolled about 32000 px)
        scene.focus(field, at: 0)
        field.selection = TextSelection(caret: count)
        let size = Size(width: 480, height: 120)
        let atEnd = try host.renderSettled(scene, size: size)
        let frame = try XCTUnwrap(scene.frame(of: field))
        let band = Rect(x: frame.minX + 16, y: frame.minY + 16, width: frame.width - 32, height: 24)

        // Then the band is full of glyphs...
        XCTAssertGreaterThan(ink(in: atEnd, band: band), 400, "no text drawn with the caret at the end")

        // ...and with the caret back at the start, so is it, the first glyph at the text's start.
        field.selection = TextSelection(caret: 0)
        let atStart = try host.renderSettled(scene, size: size)
        XCTAssertGreaterThan(ink(in: atStart, band: band), 400, "no text drawn with the caret at the start")
        let firstGlyph = Int(band.minX)..<Int(band.minX + advance.rounded(.up))
        XCTAssertGreaterThan(ink(in: atStart, band: band, columns: firstGlyph), 5, "the first glyph is not at the text start")
    }
}
