/// What turns a filled `Path` into a `CoverageMask`: the seam through which a host lends its
/// canvas a faster rasterizer (a font library's outline rasterizer, say) while the model, its
/// tests and hosts without one keep the pure-Swift `CoverageRasterizer` (`SwiftPathRasterizer`).
///
/// Every rasterizer keeps `CoverageRasterizer.rasterize(_:within:)`'s contract:
/// - the non-zero winding rule, on the path's closed polygons;
/// - the mask spans the path's whole-pixel bounds cut to `bounds` (whole pixels); nil when that
///   is empty (or when nothing is covered);
/// - a pixel's coverage depends only on the path's points relative to its whole-pixel origin
///   (the floor of its bounds), placed on `CoverageRasterizer`'s 1/65536 px grid or on a coarser
///   grid computed from those grid steps: so a pixel comes out with the same bits clipped or
///   not, and moved by whole pixels or not, and two paths with the same grid steps from their
///   origins get the same mask (a host caching whole masks keys them by those steps).
public protocol PathRasterizer: Sendable {
    func rasterize(_ path: Path, within bounds: Rect) -> CoverageMask?
}

/// The pure-Swift `CoverageRasterizer` as a `PathRasterizer`: exact horizontal coverage, 16
/// sub-scanlines vertically, points on a 1/65536 px grid.
public struct SwiftPathRasterizer: PathRasterizer {
    public init() {}

    public func rasterize(_ path: Path, within bounds: Rect) -> CoverageMask? {
        CoverageRasterizer.rasterize(path, within: bounds)
    }
}
