import CXlib
import MaterialFields
import TestHarness
import XCTest
@testable import XftHost

/// What a review of shaping found, kept as tests with the real host: typed text keeps the stops
/// a fresh layout has, and shaped items wider than X's coordinates still draw what shows.
final class ShapingReviewTests: XCTestCase {
    private var server: XvfbServer!
    private var host: WindowHost!
    private let font = FontSpec(pixelSize: 16)

    override func setUpWithError() throws {
        server = try XvfbServer()
        host = try WindowHost(displayName: server.displayName) { _ in }
    }

    override func tearDown() {
        host = nil
        server = nil
    }

    /// Types an Arabic sentence a character at a time into a right-to-left layout and compares
    /// the incrementally kept stops with a fresh layout's.
    private func typeAndCompare(_ fonts: FontCache, _ sentence: String, file: StaticString = #filePath, line: UInt = #line) {
        var characters: [Character] = []
        var layout = TextLayout(characters: [], font: font, lineHeight: 24, measurer: fonts, direction: .rightToLeft)
        var worst = 0.0
        for character in sentence {
            layout.replacing(characters.count..<characters.count, with: [character], measurer: fonts)
            characters.append(character)
        }
        let fresh = TextLayout(characters: characters, font: font, lineHeight: 24, measurer: fonts, direction: .rightToLeft)
        for (a, b) in zip(layout.caretStops, fresh.caretStops) { worst = max(worst, abs(a - b)) }
        XCTAssertEqual(worst, 0, "typed stops drift from a fresh layout's by up to \(worst) px; width \(layout.width) vs \(fresh.width)",
                       file: file, line: line)
    }

    /// With a text family that covers Arabic (one face for letters and spaces), typed text keeps
    /// the stops of a fresh measurement (and so of the glyphs, drawn from fresh shaping): items end
    /// at spaces and advances are exact.
    func testTypedArabicKeepsTheStopsAFreshLayoutHasWithAnArabicTextFamily() throws {
        let fonts = try FontCache(display: host.display, screen: XDefaultScreen(host.display), family: "DejaVu Sans") { _ in }
        typeAndCompare(fonts, String(repeating: "مرحبا بالعالم كيف حالك ", count: 4))
    }

    func testTypedHebrewKeepsTheStopsAFreshLayoutHasWithAHebrewTextFamily() throws {
        let fonts = try FontCache(display: host.display, screen: XDefaultScreen(host.display), family: "DejaVu Sans") { _ in }
        typeAndCompare(fonts, String(repeating: "שלום עולם מה שלומך ", count: 4))
    }

    func testTypedArabicKeepsTheStopsAFreshLayoutHasWithRoboto() throws {
        typeAndCompare(host.fonts, String(repeating: "مرحبا بالعالم كيف حالك ", count: 4))
    }

    // MARK: Long shaped items

    private func render(width: Int = 400, height: Int = 60, _ draw: (XftCanvas) -> Void) throws -> RGBAImage {
        let pixmap = XCreatePixmap(host.display, XDefaultRootWindow(host.display), UInt32(width), UInt32(height), UInt32(host.depth))
        defer { XFreePixmap(host.display, pixmap) }
        let canvas = try XftCanvas(display: host.display, drawable: pixmap, width: width, height: height, fonts: host.fonts)
        canvas.fill(Rect(x: 0, y: 0, width: Double(width), height: Double(height)), color: Color(hex: 0xFFFFFF))
        draw(canvas)
        XSync(host.display, 0)
        return try XCTUnwrap(RGBAImage.capture(display: host.display, drawable: pixmap, width: width, height: height))
    }

    private func hasInk(_ image: RGBAImage, _ range: Range<Int>) -> Bool {
        for y in 0..<image.height {
            for x in range where image.pixel(x: x, y: y).red < 200 { return true }
        }
        return false
    }

    /// A shaped item wider than 32,767 px (a long right-to-left word) still draws the glyphs
    /// inside the clip, as simple text drawn in pieces does.
    func testALongRightToLeftParagraphStillDrawsWhatIsInView() throws {
        let long = String(repeating: "ש", count: 4_000)
        let width = host.fonts.advance(of: long[...], font: font)
        XCTAssertGreaterThan(width, 32_767)
        let image = try render { $0.drawText(long, at: Point(x: 10, y: 40), font: font, color: Color(hex: 0x000000)) }
        XCTAssertTrue(hasInk(image, 10..<400), "nothing of a \(width) px right-to-left run was drawn")
        let latin = String(repeating: "w", count: 4_000)
        let latinImage = try render { $0.drawText(latin, at: Point(x: 10, y: 40), font: font, color: Color(hex: 0x000000)) }
        XCTAssertTrue(hasInk(latinImage, 10..<400))
    }

    /// The same through a run the model placed (`direction:`), starting left of the view as a
    /// scrolled field would: glyph positions are not clamped to 16 bits before they are placed.
    func testGlyphPositionsOfALongShapedItemAreNotClamped() throws {
        let long = String(repeating: "ש", count: 4_000)
        let item = host.fonts.items(of: long[...], font: font, rightToLeft: true)
        XCTAssertEqual(item.count, 1)
        let shaped = host.fonts.shape(item[0], rightToLeft: true)
        let clamped = shaped.glyphs.filter { $0.x == Int16.max }.count
        XCTAssertLessThanOrEqual(clamped, 1, "\(clamped) glyphs piled up at x = 32767")
    }
}
