import MaterialFields
import QATools
import TestHarness
import XCTest
import XftHost

/// The comparer on real renders from a private X server: the defaults pass a re-render and fail a
/// label moved by one pixel, a colour changed in a rendered field is marked pixel for pixel, and the
/// font manifest of a render names the faces it used.
final class RenderedComparisonTests: XCTestCase {
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

    /// A label in a filled field's colours, drawn at a given x.
    private final class LabelScene: Scene {
        var host: SceneHost?
        let x: Double
        init(x: Double) { self.x = x }
        func resize(to size: Size, measurer: TextMeasuring) {}
        func handle(_ event: InputEvent, at time: Double) -> Bool { false }
        func nextWakeup(after time: Double) -> Double? { nil }
        func render(on canvas: Canvas, at time: Double) -> [Rect] {
            canvas.fill(Rect(x: 0, y: 0, width: 200, height: 60), color: Color(red: 0.88, green: 0.88, blue: 0.88))
            canvas.drawText("Email address", at: Point(x: x, y: 36), font: FontSpec(pixelSize: 16),
                            color: Color(red: 0.38, green: 0.0, blue: 0.93))
            return []
        }
        func invalidateAll() {}
        func settle() {}
    }

    func testTheDefaultsPassARenderAgainAndFailALabelMovedByOnePixel() throws {
        let size = Size(width: 200, height: 60)
        let golden = try host.renderSettled(LabelScene(x: 16), size: size)
        let again = try host.renderSettled(LabelScene(x: 16), size: size)
        let moved = try host.renderSettled(LabelScene(x: 17), size: size)
        XCTAssertTrue(ImageComparison(expected: golden, actual: again).passes)
        let comparison = ImageComparison(expected: golden, actual: moved)
        XCTAssertFalse(comparison.passes)
        // The whole label's edges move: many pixels, by far more than any rounding.
        XCTAssertGreaterThan(comparison.differingPixels, 50)
        XCTAssertGreaterThan(comparison.largestChannelDifference, 100)
        let bounds = try XCTUnwrap(comparison.differenceBounds)
        XCTAssertEqual(bounds.minX, 16, accuracy: 2)
        XCTAssertLessThan(bounds.maxX, 140)
    }

    func testAColourChangedInARenderedFieldIsMarkedExactlyWhereItWas() throws {
        // Given a rendered filled field with a label, text and helper text
        let field = TextField(identifier: "email", style: .filled, label: "Email")
        field.text = "ada@example.com ✓"
        field.helperText = "We never share it"
        let golden = try host.renderSettled(FieldScene(fields: [field], scheme: .light), size: Size(width: 360, height: 130))
        // ...whose most common colour other than the page's is replaced everywhere it occurs
        var counts: [UInt32: Int] = [:]
        for offset in stride(from: 0, to: golden.pixels.count, by: 4) {
            let key = golden.pixels[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            counts[key, default: 0] += 1
        }
        let byFrequency = counts.sorted { $0.value > $1.value }
        let colour = byFrequency[1].key
        let original: Pixel = (UInt8(colour >> 24), UInt8(colour >> 16 & 0xFF), UInt8(colour >> 8 & 0xFF), UInt8(colour & 0xFF))
        let replacement: Pixel = (original.red ^ 0x40, original.green, original.blue, original.alpha)
        let actual = golden.replacing(original, with: replacement)
        // Then the comparison fails with one differing pixel per pixel of that colour...
        let comparison = ImageComparison(expected: golden, actual: actual)
        XCTAssertFalse(comparison.passes)
        XCTAssertEqual(comparison.differingPixels, byFrequency[1].value)
        XCTAssertGreaterThan(comparison.differingPixels, 1000, "the field's container")
        XCTAssertEqual(comparison.largestChannelDifference, 0x40)
        // ...and the diff image is magenta at exactly those pixels.
        let diff = try XCTUnwrap(comparison.diffImage)
        var mismatches: [String] = []
        for y in 0..<golden.height {
            for x in 0..<golden.width where diff.isMagenta(x: x, y: y) != (golden.pixel(x: x, y: y) == original) {
                mismatches.append("\(x),\(y)")
            }
        }
        XCTAssertEqual(mismatches, [])
    }

    func testTheManifestOfARenderReadsBackAndNamesAnEditedVersion() throws {
        _ = try host.renderSettled(LabelScene(x: 16), size: Size(width: 200, height: 60))
        let manifest = FontManifest(fontsUsed: host.fontsUsed)
        let text = manifest.text
        let textFace = try XCTUnwrap(manifest.faces.first { $0.family == host.resolvedFontFamily }, text)
        XCTAssertGreaterThan(textFace.fileSize, 0)
        XCTAssertEqual(try FontManifest(text: text), manifest)
        XCTAssertNil(manifest.mismatchMessage(comparedWith: try FontManifest(text: text), recordedAt: "fonts.txt"))
        // A manifest recorded with another revision of the text face names it and this machine's.
        let line = "\(textFace.family) | \(textFace.style) | \(textFace.version) | "
        let edited = text.replacingOccurrences(of: line, with: "\(textFace.family) | \(textFace.style) | 9.999 | ")
        let message = try XCTUnwrap(manifest.mismatchMessage(comparedWith: try FontManifest(text: edited), recordedAt: "fonts.txt"), text)
        XCTAssertTrue(message.contains("the goldens were rendered with \(textFace.family) \(textFace.style) 9.999 (\(textFace.fileName), "
                                       + "\(textFace.fileSize) bytes); this machine has \(textFace.versionAndFile)\n"), message)
    }
}
