import CXlib
import MaterialFields
import XCTest
@testable import XftHost
import TestHarness

/// The canvas's server-side coverage masks: a shape drawn again is not rasterized again, a shape
/// moved by whole pixels reuses its mask, the clip cuts a cached mask to exactly the pixels a
/// clipped rasterization draws, and the cache stays within its bounds.
final class MaskCacheTests: XCTestCase {
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

    private let black = Color(red: 0, green: 0, blue: 0)
    private let tint = Color(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.7)

    /// Shapes as the renderer makes them, none a pixel-aligned rectangle (those need no mask).
    private func shapes(at x: Double, _ y: Double) -> [Path] {
        [
            .roundedRectangle(Rect(x: x, y: y, width: 61.3, height: 27.6), radii: CornerRadii(all: 4)),
            .roundedRectangleStroke(Rect(x: x + 2.25, y: y + 30.5, width: 70, height: 24), radii: CornerRadii(all: 4),
                                    width: 1.5, topGap: (x + 12.7)...(x + 41.2)),
            .circle(center: Point(x: x + 90.4, y: y + 20.6), radius: 10.3),
            clearIcon.applying(scale: 1, dx: x + 100.5, dy: y + 30.25),
            .rectangle(Rect(x: x + 5.5, y: y + 58.25, width: 80, height: 2)),
        ]
    }

    private var clearIcon: Path {
        guard case .shape(let path) = FieldIcon.clear.content else { return Path() }
        return path
    }

    /// Draws on a white pixmap with a canvas that caches masks or not; returns the pixels.
    private func render(width: Int = 160, height: Int = 100, caching: Bool = true,
                        _ draw: (XftCanvas) -> Void) throws -> RGBAImage {
        let pixmap = XCreatePixmap(host.display, XDefaultRootWindow(host.display), UInt32(width), UInt32(height), UInt32(host.depth))
        defer { XFreePixmap(host.display, pixmap) }
        let canvas = try XftCanvas(display: host.display, drawable: pixmap, width: width, height: height, fonts: host.fonts)
        canvas.cachesMasks = caching
        canvas.fill(Rect(x: 0, y: 0, width: Double(width), height: Double(height)), color: Color(hex: 0xFFFFFF))
        draw(canvas)
        XSync(host.display, 0)
        return try XCTUnwrap(RGBAImage.capture(display: host.display, drawable: pixmap, width: width, height: height))
    }

    /// The first pixel where two images differ, for a failure message.
    private func firstDifference(_ a: RGBAImage, _ b: RGBAImage) -> String? {
        guard a.width == b.width, a.height == b.height else { return "sizes \(a.width)x\(a.height) and \(b.width)x\(b.height)" }
        var count = 0, first: String?
        for y in 0..<a.height {
            for x in 0..<a.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) {
                count += 1
                if first == nil { first = "(\(x), \(y)): \(a.pixel(x: x, y: y)) vs \(b.pixel(x: x, y: y))" }
            }
        }
        return first.map { "\(count) pixels differ, first at \($0)" }
    }

    func testDrawingTheSameSceneTwiceRasterizesNothingTheSecondTime() throws {
        let fields = [
            TextField(identifier: "filled", style: .filled, label: "Name"),
            TextField(identifier: "outlined", style: .outlined, label: "Email"),
            TextField(identifier: "clear", style: .outlined, label: "Search"),
        ]
        fields[2].text = "query"
        fields[2].clearButtonMode = .always
        let scene = FieldScene(fields: fields, scheme: .light)
        let size = Size(width: 320, height: 260)
        let surface = try OffscreenSurface(host: host, size: size)
        surface.resize(to: size, scene: scene)
        scene.settle()
        scene.invalidateAll()
        try surface.render(scene, at: 10)
        let first = try surface.capture()
        XCTAssertGreaterThan(surface.rasterizations, 0, "the first frame rasterizes its shapes")

        surface.resetMaskCounters()
        scene.invalidateAll()
        try surface.render(scene, at: 10)
        XCTAssertEqual(surface.rasterizations, 0, "the second frame found every shape in the cache")
        XCTAssertGreaterThan(surface.maskStatistics.hits, 0)
        XCTAssertEqual(surface.maskStatistics.misses, 0)
        let second = try surface.capture()
        XCTAssertNil(firstDifference(first, second))
    }

    func testAShapeMovedByWholePixelsReusesItsMaskAndASubPixelMoveDoesNot() throws {
        var rasterized: [Int] = []
        let moved = try render { canvas in
            for path in shapes(at: 10.3, 5.6) { canvas.fill(path, color: tint) }
            rasterized.append(canvas.rasterizations)
            for path in shapes(at: 10.3, 5.6) { canvas.fill(path.applying(scale: 1, dx: 0, dy: 0), color: black) }
            canvas.resetMaskCounters()
            // Whole pixels: the same masks.
            for path in shapes(at: 10.3 + 3, 5.6 + 32) { canvas.fill(path, color: tint) }
            rasterized.append(canvas.rasterizations)
        }
        XCTAssertEqual(rasterized, [5, 0], "five masked shapes once; moved by whole pixels, none rasterized again")
        let uncached = try render(caching: false) { canvas in
            for path in shapes(at: 10.3, 5.6) { canvas.fill(path, color: tint) }
            for path in shapes(at: 10.3, 5.6) { canvas.fill(path, color: black) }
            for path in shapes(at: 10.3 + 3, 5.6 + 32) { canvas.fill(path, color: tint) }
        }
        XCTAssertNil(firstDifference(moved, uncached))

        // Half a pixel and a quarter: other masks, drawn as the uncached path draws them.
        var subPixel = 0
        let halfMoved = try render { canvas in
            for path in shapes(at: 10.3, 5.6) { canvas.fill(path, color: tint) }
            canvas.resetMaskCounters()
            for path in shapes(at: 10.3 + 40.5, 5.6 + 30.25) { canvas.fill(path, color: black) }
            subPixel = canvas.rasterizations
        }
        XCTAssertEqual(subPixel, 5, "a sub-pixel move is another shape")
        let halfUncached = try render(caching: false) { canvas in
            for path in shapes(at: 10.3, 5.6) { canvas.fill(path, color: tint) }
            for path in shapes(at: 10.3 + 40.5, 5.6 + 30.25) { canvas.fill(path, color: black) }
        }
        XCTAssertNil(firstDifference(halfMoved, halfUncached))
    }

    func testAShapePartlyOutsideAClipDrawsExactlyWhatTheUncachedPathDraws() throws {
        // Clips cutting every shape on each side, one leaving a single pixel column, and the
        // canvas's own edges (shapes hanging off the left and the top).
        let clips = [Rect(x: 20, y: 10, width: 45, height: 33), Rect(x: 0, y: 38, width: 97, height: 11),
                     Rect(x: 52, y: 0, width: 1, height: 100), Rect(x: 101, y: 35, width: 30, height: 30),
                     Rect(x: 13.4, y: 7.7, width: 80.2, height: 50.9)]
        func scene(_ canvas: XftCanvas) {
            for (index, clip) in clips.enumerated() {
                // The same shapes before, inside and after each clip, so cached masks made
                // unclipped are cut, and masks first made under a clip are drawn whole.
                if index % 2 == 0 { for path in shapes(at: 10.3, 5.6) { canvas.fill(path, color: tint) } }
                canvas.pushClip(clip)
                for path in shapes(at: 10.3, 5.6) { canvas.fill(path, color: black) }
                for path in shapes(at: -7.3, -9.6) { canvas.fill(path, color: tint) }
                canvas.popClip()
                for path in shapes(at: 60.3, 40.6) { canvas.fill(path, color: tint) }
            }
        }
        var hits = 0
        let cached = try render { canvas in
            scene(canvas)
            hits = canvas.maskStatistics.hits
        }
        XCTAssertGreaterThan(hits, 0, "the clipped shapes came from the cache")
        let uncached = try render(caching: false, scene)
        XCTAssertNil(firstDifference(cached, uncached))
        // Nothing outside a clip: a shape drawn only inside one leaves the rest white.
        let clippedOnly = try render { canvas in
            for path in shapes(at: 10.3, 5.6) { canvas.fill(path, color: black) }
            canvas.fill(Rect(x: 0, y: 0, width: 160, height: 100), color: Color(hex: 0xFFFFFF))
            canvas.pushClip(Rect(x: 20, y: 10, width: 45, height: 33))
            for path in shapes(at: 10.3, 5.6) { canvas.fill(path, color: black) }
            canvas.popClip()
        }
        for y in 0..<100 {
            for x in 0..<160 where !(20..<65).contains(x) || !(10..<43).contains(y) {
                XCTAssertEqual(clippedOnly.pixel(x: x, y: y).red, 255, "ink outside the clip at (\(x), \(y))")
                if clippedOnly.pixel(x: x, y: y).red != 255 { return }
            }
        }
    }

    func testTheCacheStaysBoundedAndKeepsWhatIsInUse() throws {
        let kept = Path.roundedRectangle(Rect(x: 3.5, y: 3.5, width: 40, height: 20), radii: CornerRadii(all: 4))
        var statistics: [MaskCache.Statistics] = []
        var keptRasterized = 0
        _ = try render(width: 600, height: 600) { canvas in
            canvas.fill(kept, color: black)
            // Many small shapes: the count bound. The shape in use is drawn now and then.
            for step in 0..<(MaskCache.countLimit * 2) {
                let width = 10 + Double(step) / 64
                canvas.fill(.roundedRectangle(Rect(x: 50.5, y: 50.5, width: width, height: 10), radii: CornerRadii(all: 3)),
                            color: black)
                if step % 50 == 0 {
                    let before = canvas.rasterizations
                    canvas.fill(kept, color: black)
                    keptRasterized += canvas.rasterizations - before
                }
            }
            statistics.append(canvas.maskStatistics)
            // Large shapes: the byte bound.
            for step in 0..<40 {
                let side = 300 + Double(step) / 8
                canvas.fill(.roundedRectangle(Rect(x: 0.5, y: 0.5, width: side, height: side), radii: CornerRadii(all: 8)),
                            color: black)
            }
            statistics.append(canvas.maskStatistics)
        }
        for figures in statistics {
            XCTAssertLessThanOrEqual(figures.entries, MaskCache.countLimit)
            XCTAssertLessThanOrEqual(figures.bytes, MaskCache.byteLimit)
            XCTAssertGreaterThan(figures.evictions, 0)
        }
        XCTAssertEqual(statistics[0].entries, MaskCache.countLimit, "full, not emptied")
        XCTAssertEqual(keptRasterized, 0, "the shape in use stayed in the cache")
    }
}
