import MaterialFields
import XCTest
@testable import XftHost
import TestHarness

/// FreeType's outline rasterizer behind the model's `PathRasterizer` seam: the same contract as
/// the Swift one (non-zero winding, the same mask rectangle, the same bits clipped or not and
/// moved by whole pixels), masks within a few levels of the Swift one's on the shapes fields draw,
/// and the Swift one taking over what FreeType cannot carry.
final class FreeTypeRasterizerTests: XCTestCase {
    private let everywhere = Rect(x: -100, y: -100, width: 2000, height: 2000)

    private var freeType: FreeTypeRasterizer {
        get throws { try XCTUnwrap(FreeTypeRasterizer.shared, "FreeType starts a library") }
    }

    /// How far apart two masks of one shape are: the largest difference of a pixel (0...255),
    /// the pixels that differ, the pixels compared, and of those the edge pixels (partly covered
    /// in either mask). A missing mask counts as no coverage.
    private struct Difference {
        var largest = 0, differing = 0, compared = 0, edges = 0

        mutating func add(_ a: CoverageMask?, _ b: CoverageMask?) {
            let masks = [a, b].compactMap { $0 }
            guard !masks.isEmpty else { return }
            let minX = masks.map(\.x).min()!, minY = masks.map(\.y).min()!
            let maxX = masks.map { $0.x + $0.width }.max()!, maxY = masks.map { $0.y + $0.height }.max()!
            func value(_ mask: CoverageMask?, _ x: Int, _ y: Int) -> Int {
                guard let mask, x >= mask.x, x < mask.x + mask.width, y >= mask.y, y < mask.y + mask.height else { return 0 }
                return Int(mask[x - mask.x, y - mask.y])
            }
            for y in minY..<maxY {
                for x in minX..<maxX {
                    let first = value(a, x, y), second = value(b, x, y)
                    let delta = abs(first - second)
                    compared += 1
                    if (1...254).contains(first) || (1...254).contains(second) { edges += 1 }
                    if delta > 0 { differing += 1 }
                    largest = max(largest, delta)
                }
            }
        }
    }

    /// Every shape a scene of fields fills: both Material styles, the RAG style and the plain
    /// borders, each focused and not, in error, with icons and text, in light and Material 3.
    private func fieldShapes() throws -> [Path] {
        let server = try XvfbServer()
        let host = try WindowHost(displayName: server.displayName) { _ in }
        var paths: [Path] = []
        let styles: [FieldStyle] = [.filled, .outlined, .rag] + BorderStyle.allCases.map { .plain($0) }
        for scheme in [ColorScheme.light, ColorScheme.material3Light] {
            var fields: [TextField] = []
            for (index, style) in styles.enumerated() {
                let plain = TextField(identifier: "f\(index)", style: style, label: "Label \(index)", placeholder: "Hint")
                let filled = TextField(identifier: "g\(index)", style: style, label: "Email", text: "ada@example.com")
                filled.trailingIcon = .clear
                filled.leadingIcon = .search
                let wrong = TextField(identifier: "e\(index)", style: style, label: "Phone", text: "12")
                wrong.errorMessage = "Too short"
                fields += [plain, filled, wrong]
            }
            let scene = FieldScene(fields: fields, scheme: scheme)
            let size = Size(width: 420, height: 1800)
            let surface = try OffscreenSurface(host: host, size: size)
            surface.cachesMasks = false
            surface.rasterizedPaths = []
            surface.resize(to: size, scene: scene)
            scene.settle()
            scene.invalidateAll()
            try surface.render(scene, at: 10)
            // Focused: the label floats, the indicator thickens, the outline opens its notch.
            for field in fields where field.identifier.hasPrefix("g") || field.identifier.hasPrefix("f") {
                scene.focus(field, at: 20)
                scene.settle()
                scene.invalidateAll()
                try surface.render(scene, at: 30)
            }
            paths += surface.rasterizedPaths ?? []
        }
        XCTAssertGreaterThan(paths.count, 100)
        return paths
    }

    func testMasksOfTheShapesFieldsDrawAreWithinAFewLevelsOfTheSwiftOnes() throws {
        let freeType = try freeType
        var difference = Difference()
        var shapes = 0
        for path in try fieldShapes() {
            let swift = CoverageRasterizer.rasterize(path, within: everywhere)
            let mask = freeType.rasterize(path, within: everywhere)
            if let swift, let mask {
                XCTAssertEqual([mask.x, mask.y, mask.width, mask.height], [swift.x, swift.y, swift.width, swift.height],
                               "the same rectangle: the path's whole pixels")
            }
            difference.add(swift, mask)
            shapes += 1
        }
        print("FreeType against Swift on \(shapes) field shapes: largest difference \(difference.largest)/255, "
              + "\(difference.differing) of \(difference.compared) pixels differ (\(difference.edges) edge pixels)")
        // The Swift one samples 16 sub-scanlines (a horizontal edge is off by up to 1/32 px, 8 levels);
        // FreeType's points are on 1/64 px (1/128 px off, 2 levels), its area exact.
        XCTAssertLessThanOrEqual(difference.largest, 8, "edges differ by a few levels at most")
        XCTAssertLessThan(difference.differing, difference.edges, "only edge pixels differ")
    }

    func testCoverageIsTheSameClippedOrNotAndMovedByWholePixels() throws {
        let freeType = try freeType
        func shape(at x: Double, _ y: Double) -> Path {
            .roundedRectangleStroke(Rect(x: x + 0.3, y: y + 0.6, width: 37.25, height: 21.5), radii: CornerRadii(all: 4),
                                    width: 1.5, topGap: (x + 9.7)...(x + 20.2))
        }
        let whole = try XCTUnwrap(freeType.rasterize(shape(at: 10, 20), within: everywhere))
        for clip in [Rect(x: 13, y: 21, width: 9, height: 30), Rect(x: 30, y: 25, width: 40, height: 1),
                     Rect(x: 0, y: 0, width: 11, height: 100), Rect(x: 46, y: 40, width: 3, height: 3)] {
            let part = try XCTUnwrap(freeType.rasterize(shape(at: 10, 20), within: clip))
            XCTAssertEqual([part.x, part.y, part.x + part.width, part.y + part.height],
                           [max(10, Int(clip.minX)), max(20, Int(clip.minY)), min(48, Int(clip.maxX)), min(43, Int(clip.maxY))])
            for row in 0..<part.height {
                for column in 0..<part.width {
                    XCTAssertEqual(part[column, row], whole[column + part.x - whole.x, row + part.y - whole.y],
                                   "(\(column + part.x), \(row + part.y)) in \(clip)")
                }
            }
        }
        // Moved by whole pixels (the coordinates' last bits differ): the same bits.
        let moved = try XCTUnwrap(freeType.rasterize(shape(at: 10 + 41.1 - 0.1, 20 + 17), within: everywhere))
        XCTAssertEqual(moved.coverage, whole.coverage)
        XCTAssertEqual([moved.x - whole.x, moved.y - whole.y], [41, 17])
        XCTAssertNotEqual(freeType.rasterize(shape(at: 10.5, 20), within: everywhere)?.coverage, whole.coverage)
    }

    func testOverlappingContoursFillWithTheNonZeroRule() throws {
        // Two squares wound the same way, overlapping: non-zero fills the overlap, even-odd would not.
        func square(_ x: Double, _ y: Double) -> [Point] {
            [Point(x: x, y: y), Point(x: x + 10, y: y), Point(x: x + 10, y: y + 10), Point(x: x, y: y + 10)]
        }
        let path = Path(contours: [square(0, 0), square(5, 5)])
        let mask = try XCTUnwrap(try freeType.rasterize(path, within: everywhere))
        XCTAssertEqual(mask[7, 7], 255, "the overlap is inside")
        XCTAssertEqual(mask[2, 2], 255)
        XCTAssertEqual(mask[12, 2], 0, "outside both")
        // The hole of a ring (its inner contour reversed) stays empty.
        let ring = Path.roundedRectangleStroke(Rect(x: 0, y: 0, width: 20, height: 20), radii: CornerRadii(all: 4), width: 1)
        let ringMask = try XCTUnwrap(try freeType.rasterize(ring, within: everywhere))
        XCTAssertEqual(ringMask[10, 10], 0)
        XCTAssertEqual(ringMask[10, 0], 255)
        XCTAssertEqual([ringMask[0, 0] < 255, ringMask[1, 1] > 0], [true, true], "the corners are antialiased")
    }

    func testShapesFreeTypeCannotCarryAreTheSwiftRasterizersMasks() throws {
        let freeType = try freeType
        // Wider than a span's 16-bit position reaches, and far beyond any canvas.
        let wide = Path.roundedRectangle(Rect(x: 0.5, y: 0.25, width: 40_000, height: 6), radii: CornerRadii(all: 3))
        let far = Path.roundedRectangle(Rect(x: 3e9 + 0.5, y: 0.25, width: 30, height: 6), radii: CornerRadii(all: 3))
        for (path, clip) in [(wide, Rect(x: 39_990, y: 0, width: 20, height: 10)), (wide, Rect(x: 0, y: 0, width: 8, height: 8)),
                             (far, Rect(x: 3e9, y: 0, width: 40, height: 10))] {
            let mask = freeType.rasterize(path, within: clip)
            XCTAssertNotNil(mask)
            XCTAssertEqual(mask, CoverageRasterizer.rasterize(path, within: clip))
        }
        // A point that is not a number (an app's icon shape can carry one; bounds pass over it):
        // what the Swift rasterizer makes of it, never a trap.
        for bad in [Double.nan, -Double.nan] {
            let path = Path(contours: [[Point(x: 0, y: 0), Point(x: bad, y: 10), Point(x: 20, y: 20), Point(x: 20, y: 0)]])
            XCTAssertEqual(freeType.rasterize(path, within: Rect(x: 0, y: 0, width: 100, height: 100)),
                           CoverageRasterizer.rasterize(path, within: Rect(x: 0, y: 0, width: 100, height: 100)))
        }
        // A thin sliver that covers no pixel noticeably, and nothing in the clip: no mask.
        XCTAssertNil(freeType.rasterize(.rectangle(Rect(x: 0, y: 0, width: 5, height: 5)), within: Rect(x: 10, y: 10, width: 5, height: 5)))
    }

    func testAHostsCanvasesFillWithFreeTypeAndTheSwiftOneStaysAtHand() throws {
        XCTAssertTrue(WindowHost.defaultRasterizer is FreeTypeRasterizer)
        let server = try XvfbServer()
        let host = try WindowHost(displayName: server.displayName) { _ in }
        let surface = try OffscreenSurface(host: host, size: Size(width: 10, height: 10))
        XCTAssertTrue(surface.rasterizer is FreeTypeRasterizer)
        surface.rasterizer = SwiftPathRasterizer()
        XCTAssertTrue(surface.rasterizer is SwiftPathRasterizer)
    }
}
