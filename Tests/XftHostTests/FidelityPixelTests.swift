import Foundation
import MaterialFields
import XCTest
@testable import XftHost
import TestHarness

/// Where label and text ink land on screen, rendered by `FieldRenderer` on an `XftCanvas` with
/// Roboto, compared with MDC web 14 in Chromium (340 px fields, positions from the container's
/// top-left). Scripts/measure_ink.py measures catalog screenshots the same way.
///
/// Definitions: a pixel is ink when a channel differs from the container's colour in its row by
/// more than 32; rows where a rule crosses (underline, outline) are skipped; ink rows group into
/// bands split by blank rows. "Ink top" is a band's first row, "ink bottom" its last (for "Lisboa",
/// which has no descender, the row above the baseline). The ink centre of a resting label of
/// capitals and x-height letters ("Name") is its band's centre in edge coordinates,
/// (top + bottom + 1) / 2: the middle of the cap-height box.
final class FidelityPixelTests: XCTestCase {
    private var server: XvfbServer!
    private var host: WindowHost!

    override func setUpWithError() throws {
        server = try XvfbServer()
        host = try WindowHost(displayName: server.displayName) { _ in }
        let installed = (findExecutable("fc-list").flatMap { try? runCommand($0, [":family=Roboto", "family"]) })?.stdout ?? ""
        try XCTSkipIf(installed.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
                      "the Roboto font is not installed (Debian: fonts-roboto); ./run.sh test installs it")
    }

    override func tearDown() {
        host = nil
        server = nil
    }

    /// The bands of ink rows of `field` drawn alone at `scale`, relative to its container's top.
    private func inkBands(of field: TextField, scale: Double) throws -> (bands: [ClosedRange<Int>], height: Int) {
        let scene = FieldScene(fields: [field], scheme: .light, metrics: MaterialMetrics(scale: scale))
        // The stack's 24 px margins around a 340 px field.
        let image = try host.renderSettled(scene, size: Size(width: 388 * scale, height: 120 * scale))
        let frame = try XCTUnwrap(scene.frame(of: field))
        XCTAssertEqual(frame.width, 340 * scale)
        let inset = Int(8 * scale)
        let left = Int(frame.minX) + inset, right = Int(frame.maxX) - inset
        let top = Int(frame.minY), height = Int(frame.height)
        func differs(_ a: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8),
                     _ b: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) -> Bool {
            max(abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)), abs(Int(a.blue) - Int(b.blue))) > 32
        }
        // These fields have nothing at the right end of a row: that pixel is the row's background.
        let containerColour = image.pixel(x: right - 1, y: top + height / 2)
        var bands: [ClosedRange<Int>] = []
        var current: ClosedRange<Int>?
        for y in (top - Int(8 * scale))..<(top + height) {
            let background = image.pixel(x: right - 1, y: y)
            if y >= top && differs(background, containerColour) { continue }  // a rule: no information
            if (left..<right).contains(where: { differs(image.pixel(x: $0, y: y), background) }) {
                current = current.map { $0.lowerBound...(y - top) } ?? (y - top)...(y - top)
            } else if let band = current {
                bands.append(band)
                current = nil
            }
        }
        if let band = current { bands.append(band) }
        return (bands, height)
    }

    private func prefilled(_ style: FieldStyle, density: Double = 0) -> TextField {
        let field = TextField(identifier: "prefilled", style: style, label: "City", text: "Lisboa")
        field.verticalDensity = density
        return field
    }

    func testFilledFloatingLabelAndTextInkMatchMDCAtScaleOne() throws {
        // Given the catalog's prefilled filled field at scale 1
        let (bands, _) = try inkBands(of: prefilled(.filled), scale: 1)
        // Then the label's capitals start at row 10 and "Lisboa" ends at row 39 (baseline 40), as in MDC
        XCTAssertEqual(bands.count, 2, "label and text: \(bands)")
        XCTAssertEqual(bands.first?.lowerBound, 10, "label ink top")
        XCTAssertEqual(bands.last?.upperBound, 39, "text ink bottom")
    }

    func testFilledFloatingLabelAndTextInkAtScaleTwo() throws {
        // Given the same field at scale 2
        let (bands, _) = try inkBands(of: prefilled(.filled), scale: 2)
        // Then "Lisboa" ends at row 79 as in MDC; the label starts at 21, 1 px above MDC's 22: the
        // style's one label top cannot round to both (see FieldStyle.filled)
        XCTAssertEqual(bands.count, 2, "label and text: \(bands)")
        XCTAssertEqual(bands.first?.lowerBound, 21, "label ink top")
        XCTAssertEqual(bands.last?.upperBound, 79, "text ink bottom")
    }

    func testOutlinedFloatingLabelAndTextInkStayWhereTheyMatchMDC() throws {
        for (scale, labelTop, textBottom) in [(1.0, -4, 33), (2.0, -8, 66)] {
            let (bands, _) = try inkBands(of: prefilled(.outlined), scale: scale)
            XCTAssertEqual(bands.count, 2, "scale \(scale): \(bands)")
            XCTAssertEqual(bands.first?.lowerBound, labelTop, "label ink top at scale \(scale)")
            XCTAssertEqual(bands.last?.upperBound, textBottom, "text ink bottom at scale \(scale)")
        }
    }

    func testRestingLabelInkIsCentredInTheContainer() throws {
        for style in FieldStyle.material {
            for scale in [1.0, 2.0] {
                // Given an empty field whose label ("Name": capitals and x-height letters) rests
                let (bands, height) = try inkBands(of: TextField(identifier: "resting", style: style, label: "Name"), scale: scale)
                let band = try XCTUnwrap(bands.first)
                XCTAssertEqual(bands.count, 1, "\(style) at scale \(scale): \(bands)")
                // Then the middle of its ink is the middle of the container, to half a pixel
                let centre = Double(band.lowerBound + band.upperBound + 1) / 2
                XCTAssertEqual(centre, Double(height) / 2, accuracy: 0.5, "\(style) at scale \(scale): ink \(band)")
            }
        }
    }

    func testDenseFilledFieldKeepsItsLabelAndTextApartAndInside() throws {
        for scale in [1.0, 2.0] {
            // Given a 40 px filled field with a floating label
            let (bands, height) = try inkBands(of: prefilled(.filled, density: 1), scale: scale)
            XCTAssertEqual(height, Int(40 * scale))
            XCTAssertEqual(bands.count, 2, "scale \(scale): \(bands)")
            guard bands.count == 2 else { continue }
            // Then at least 2 px (scaled) separate the label's descenders from the text's ascenders,
            // and the label starts inside the container
            XCTAssertGreaterThanOrEqual(bands[1].lowerBound - bands[0].upperBound - 1, Int(2 * scale), "scale \(scale): \(bands)")
            XCTAssertGreaterThanOrEqual(bands[0].lowerBound, 0, "scale \(scale)")
        }
    }
}
