import CShaping
import MaterialFields

/// FreeType's anti-aliasing outline rasterizer (the "smooth" renderer's gray raster, the one
/// that draws the glyphs Xft shows) filling the canvas's shapes, lent to it through the model's
/// `PathRasterizer` seam. It computes each pixel's exact covered area from the polygon's edges
/// in one pass, where `CoverageRasterizer` walks 16 sub-scanlines a row: the same shapes come out
/// within a few levels of 255 of the Swift one's, many times faster.
///
/// The contract is `CoverageRasterizer.rasterize(_:within:)`'s:
/// - non-zero winding (the outline's default fill rule);
/// - the points go to FreeType relative to the path's whole-pixel origin, in 26.6 fixed point
///   (1/64 px) rounded from their steps on the Swift rasterizer's 1/65536 px grid
///   (`CoverageRasterizer.gridSteps`): a path moved by whole pixels is the same outline, and
///   two paths a `MaskKey` finds equal are the same outline;
/// - the clip is FreeType's clip box in pixels: cells left of it still carry their winding into
///   it and each row is computed alone, so a pixel gets the same coverage clipped or not.
/// What FreeType cannot carry goes to the Swift one instead: a shape more than `sideLimit`
/// pixels across or beyond ±1e9 px (span positions are 16-bit), more points or contours than an
/// outline counts (16-bit), or an error from FreeType.
final class FreeTypeRasterizer: PathRasterizer, @unchecked Sendable {
    /// The process's one, made when first asked for; nil when FreeType cannot start a library.
    static let shared: FreeTypeRasterizer? = FreeTypeRasterizer()

    /// Shapes wider or taller than this many pixels are left to the Swift rasterizer.
    static let sideLimit = 16384.0

    private let library: FT_Library
    /// A FreeType library is not promised to be safe from several threads at once.
    private let lock = HostLock()

    private init?() {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return nil }
        self.library = library
    }

    deinit { FT_Done_FreeType(library) }

    /// Where the spans land: the mask's bytes, its first pixel relative to the path's origin.
    private struct Target {
        var coverage: UnsafeMutablePointer<UInt8>
        var firstColumn: Int
        var firstRow: Int
        var width: Int
        var height: Int
        var isTouched: Bool
    }

    func rasterize(_ path: Path, within bounds: Rect) -> CoverageMask? {
        let pathArea = path.bounds.integral
        let area = pathArea.intersection(bounds.integral)
        guard !area.isEmpty else { return nil }
        guard Self.fits(path, in: pathArea) else { return CoverageRasterizer.rasterize(path, within: bounds) }
        let referenceX = pathArea.minX, referenceY = pathArea.minY

        var points: [FT_Vector] = []
        var ends: [Int16] = []
        for contour in path.contours {
            for point in contour {
                points.append(FT_Vector(x: FT_Pos(Self.subpixels(point.x, from: referenceX)),
                                        y: FT_Pos(Self.subpixels(point.y, from: referenceY))))
            }
            ends.append(Int16(points.count - 1))
        }
        var tags = [CChar](repeating: CChar(FT_CURVE_TAG_ON), count: points.count)

        let width = Int(area.width), height = Int(area.height)
        var coverage = [UInt8](repeating: 0, count: width * height)
        let firstColumn = Int(area.minX - referenceX), firstRow = Int(area.minY - referenceY)
        let error: FT_Error = coverage.withUnsafeMutableBufferPointer { coverage in
            points.withUnsafeMutableBufferPointer { points in
                tags.withUnsafeMutableBufferPointer { tags in
                    ends.withUnsafeMutableBufferPointer { ends in
                        var outline = FT_Outline(n_contours: Int16(ends.count), n_points: Int16(points.count),
                                                 points: points.baseAddress, tags: tags.baseAddress,
                                                 contours: ends.baseAddress, flags: 0)
                        var target = Target(coverage: coverage.baseAddress!, firstColumn: firstColumn, firstRow: firstRow,
                                            width: width, height: height, isTouched: false)
                        let error = withUnsafeMutablePointer(to: &target) { target -> FT_Error in
                            var parameters = FT_Raster_Params()
                            parameters.flags = Int32(FT_RASTER_FLAG_AA | FT_RASTER_FLAG_DIRECT | FT_RASTER_FLAG_CLIP)
                            parameters.gray_spans = Self.span
                            parameters.user = UnsafeMutableRawPointer(target)
                            parameters.clip_box = FT_BBox(xMin: FT_Pos(firstColumn), yMin: FT_Pos(firstRow),
                                                          xMax: FT_Pos(firstColumn + width), yMax: FT_Pos(firstRow + height))
                            return lock.locked { FT_Outline_Render(library, &outline, &parameters) }
                        }
                        // Nothing covered is no mask, as the Swift rasterizer answers an empty row set.
                        return error == 0 && !target.isTouched ? -1 : error
                    }
                }
            }
        }
        if error == -1 { return nil }
        guard error == 0 else { return CoverageRasterizer.rasterize(path, within: bounds) }
        return CoverageMask(x: Int(area.minX), y: Int(area.minY), width: width, height: height, coverage: coverage)
    }

    /// Whether FreeType can take the path: every point a number (`Path.bounds` passes over a NaN,
    /// which the fixed-point conversion cannot take), its pixels' positions within 16 bits of its
    /// origin, its points and contours within an outline's 16-bit counts.
    private static func fits(_ path: Path, in area: Rect) -> Bool {
        guard area.isFinite, area.width <= sideLimit, area.height <= sideLimit,
              abs(area.minX) < 1e9, abs(area.minY) < 1e9, path.contours.count <= Int(Int16.max) else { return false }
        var count = 0
        for contour in path.contours {
            count += contour.count
            guard contour.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return false }
        }
        return count <= Int(Int16.max)
    }

    /// `value` from `origin` in 26.6 fixed point: its grid steps (1/65536 px) rounded to 1/64 px.
    @inline(__always)
    static func subpixels(_ value: Double, from origin: Double) -> Int {
        Int((CoverageRasterizer.gridSteps(of: value, from: origin) / (CoverageRasterizer.gridSteps / 64)).rounded())
    }

    /// FreeType's spans of one row, written into the target (only what falls inside it).
    private static let span: FT_SpanFunc = { y, count, spans, user in
        guard let spans, let user else { return }
        let target = user.assumingMemoryBound(to: Target.self)
        let row = Int(y) - target.pointee.firstRow
        let width = target.pointee.width
        guard row >= 0, row < target.pointee.height else { return }
        let base = target.pointee.coverage + row * width
        for index in 0..<Int(count) {
            let span = spans[index]
            let start = max(Int(span.x) - target.pointee.firstColumn, 0)
            let end = min(Int(span.x) + Int(span.len) - target.pointee.firstColumn, width)
            guard start < end, span.coverage > 0 else { continue }
            (base + start).update(repeating: span.coverage, count: end - start)
            target.pointee.isTouched = true
        }
    }
}
