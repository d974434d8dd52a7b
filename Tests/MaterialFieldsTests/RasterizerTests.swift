import XCTest
@testable import MaterialFields

final class RasterizerTests: XCTestCase {
    private let everywhere = Rect(x: 0, y: 0, width: 100, height: 100)

    func testPixelAlignedRectangleIsFullyCovered() {
        let mask = CoverageRasterizer.rasterize(.rectangle(Rect(x: 2, y: 3, width: 4, height: 2)), within: everywhere)!
        XCTAssertEqual(mask.x, 2)
        XCTAssertEqual(mask.y, 3)
        XCTAssertEqual(mask.width, 4)
        XCTAssertEqual(mask.height, 2)
        XCTAssertTrue(mask.coverage.allSatisfy { $0 == 255 })
    }

    func testHalfPixelEdgesAreHalfCovered() {
        let mask = CoverageRasterizer.rasterize(.rectangle(Rect(x: 0.5, y: 0, width: 2, height: 1)), within: everywhere)!
        XCTAssertEqual(mask.width, 3)
        XCTAssertEqual(Array(mask.coverage), [128, 255, 128])
    }

    func testStrokeRingLeavesTheInsideEmpty() {
        let ring = Path.roundedRectangleStroke(Rect(x: 0, y: 0, width: 20, height: 20), radii: CornerRadii(all: 4), width: 1)
        let mask = CoverageRasterizer.rasterize(ring, within: everywhere)!
        XCTAssertEqual(mask[10, 10], 0, "centre is empty")
        XCTAssertEqual(mask[10, 0], 255, "top edge is solid")
        XCTAssertEqual(mask[0, 10], 255, "left edge is solid")
        XCTAssertEqual(mask[0, 0], 0, "rounded corner leaves the corner pixel empty")
        XCTAssertGreaterThan(mask[1, 1], 0, "and antialiases the arc")
        XCTAssertLessThan(mask[1, 1], 255)
    }

    func testNotchGapIsEmpty() {
        let band = Path.roundedRectangleStroke(Rect(x: 0, y: 0, width: 40, height: 20), radii: CornerRadii(all: 4), width: 1,
                                               topGap: 10...20)
        let mask = CoverageRasterizer.rasterize(band, within: everywhere)!
        XCTAssertEqual(mask[15, 0], 0)
        XCTAssertEqual(mask[25, 0], 255)
        XCTAssertEqual(mask[5, 0], 255)
    }

    func testClipLimitsTheMask() {
        let mask = CoverageRasterizer.rasterize(.rectangle(Rect(x: 0, y: 0, width: 50, height: 50)),
                                                within: Rect(x: 10, y: 10, width: 5, height: 5))!
        XCTAssertEqual(mask.x, 10)
        XCTAssertEqual(mask.width, 5)
        XCTAssertNil(CoverageRasterizer.rasterize(.rectangle(Rect(x: 0, y: 0, width: 5, height: 5)),
                                                  within: Rect(x: 10, y: 10, width: 5, height: 5)))
    }
}
