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

    /// What a host caching whole masks relies on: a pixel's coverage does not depend on the clip,
    /// nor on a move by whole pixels (whose coordinates differ in their last bits).
    func testCoverageIsTheSameClippedOrNotAndMovedByWholePixels() {
        func shape(at x: Double, _ y: Double) -> Path {
            .roundedRectangleStroke(Rect(x: x + 0.3, y: y + 0.6, width: 37.25, height: 21.5), radii: CornerRadii(all: 4),
                                    width: 1.5, topGap: (x + 9.7)...(x + 20.2))
        }
        let whole = CoverageRasterizer.rasterize(shape(at: 10, 20), within: everywhere)!
        for clip in [Rect(x: 13, y: 21, width: 9, height: 30), Rect(x: 30, y: 25, width: 40, height: 1),
                     Rect(x: 0, y: 0, width: 11, height: 100)] {
            let part = CoverageRasterizer.rasterize(shape(at: 10, 20), within: clip)!
            for row in 0..<part.height {
                for column in 0..<part.width {
                    XCTAssertEqual(part[column, row], whole[column + part.x - whole.x, row + part.y - whole.y],
                                   "(\(column + part.x), \(row + part.y)) in \(clip)")
                }
            }
        }
        let moved = CoverageRasterizer.rasterize(shape(at: 10 + 41, 20 + 17), within: everywhere)!
        XCTAssertEqual(moved.coverage, whole.coverage)
        XCTAssertEqual(moved.x - whole.x, 41)
        XCTAssertNotEqual(CoverageRasterizer.rasterize(shape(at: 10.5, 20), within: everywhere)!.coverage, whole.coverage)
    }

    /// A filled container's interior is one block of fully covered pixels (what a host may fill as
    /// a rectangle): below its rounded top corners, between its edges' partly covered columns.
    func testAContainersFullyCoveredBlockIsItsInteriorBelowTheCorners() throws {
        let container = Path.roundedRectangle(Rect(x: 10, y: 20, width: 340.5, height: 56), radii: .top(4))
        let mask = try XCTUnwrap(CoverageRasterizer.rasterize(container, within: Rect(x: 0, y: 0, width: 400, height: 100)))
        let block = try XCTUnwrap(mask.fullyCoveredBlock())
        XCTAssertEqual(block, Rect(x: 10, y: 24, width: 340, height: 52), "rows under the corners, the half-covered column left out")
        for row in 0..<mask.height {
            for column in 0..<mask.width {
                let inside = block.contains(Point(x: Double(column + mask.x), y: Double(row + mask.y)))
                if inside { XCTAssertEqual(mask[column, row], 255, "(\(column + mask.x), \(row + mask.y))") }
            }
        }
        // An outline's rows cover only its edges: no block worth filling apart.
        let outline = Path.roundedRectangleStroke(Rect(x: 10.5, y: 20.5, width: 300, height: 56), radii: CornerRadii(all: 4),
                                                  width: 1, topGap: nil)
        XCTAssertNil(CoverageRasterizer.rasterize(outline, within: Rect(x: 0, y: 0, width: 400, height: 100))?.fullyCoveredBlock())
        XCTAssertNil(CoverageMask(x: 0, y: 0, width: 0, height: 0, coverage: []).fullyCoveredBlock())
    }
}
