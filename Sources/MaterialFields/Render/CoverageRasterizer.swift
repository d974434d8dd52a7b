/// An 8-bit coverage mask: how much of each pixel a path covers (0...255), the antialiasing a
/// canvas applies when it fills a shape.
public struct CoverageMask: Equatable, Sendable {
    /// Top-left pixel of the mask in canvas coordinates.
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    /// Row-major, `width * height` bytes.
    public var coverage: [UInt8]

    public subscript(column: Int, row: Int) -> UInt8 { coverage[row * width + column] }
}

/// Turns a `Path` into a coverage mask with the non-zero winding rule: exact horizontal coverage,
/// 16 sub-scanlines vertically. Pure Swift, so the shapes every backend draws are the same and
/// testable without a display.
public enum CoverageRasterizer {
    static let subsamples = 16

    private struct Edge {
        var x0: Double, y0: Double, x1: Double, y1: Double
        var direction: Int
    }

    /// Points are placed on a grid of this many steps per pixel before rasterizing.
    public static let gridSteps = 65536.0

    /// `value` in grid steps from `origin` (a whole pixel), as the rasterizer places it: a path's
    /// points relative to its whole-pixel origin, rounded to 1/65536 px, are all of the path a
    /// mask depends on (a host keys cached masks by them).
    @inlinable
    public static func gridSteps(of value: Double, from origin: Double) -> Double {
        ((value - origin) * gridSteps).rounded()
    }

    /// Rasterizes `path` inside `bounds` (whole pixels). Returns nil when nothing is covered.
    ///
    /// Every pixel is computed from the path's points relative to its own whole-pixel origin
    /// (the floor of its bounds) on a 1/65536 px grid, whatever part of the path `bounds` keeps
    /// and wherever the path stands: a pixel comes out with the same bits clipped or not, and
    /// moved by whole pixels or not, so a host that keeps whole masks and composites a part of
    /// one, anywhere, draws exactly what a clipped rasterization draws.
    public static func rasterize(_ path: Path, within bounds: Rect) -> CoverageMask? {
        let pathArea = path.bounds.integral
        let area = pathArea.intersection(bounds.integral)
        guard !area.isEmpty else { return nil }
        let originX = Int(area.minX), originY = Int(area.minY)
        let width = Int(area.width), height = Int(area.height)
        // Far beyond any canvas the area's corner serves (no such promise is owed there).
        let isNear = abs(pathArea.minX) < 1e9 && abs(pathArea.minY) < 1e9
        let referenceX = isNear ? pathArea.minX : area.minX, referenceY = isNear ? pathArea.minY : area.minY
        // Where the area starts, in whole pixels from the reference.
        let firstColumn = Int(area.minX - referenceX), firstRow = Int(area.minY - referenceY)

        // On the grid; a coordinate too far out for it (no canvas shows it) is only moved.
        func placed(_ value: Double, from origin: Double) -> Double {
            abs(value - origin) < 1e12 ? gridSteps(of: value, from: origin) / gridSteps : value - origin
        }
        var edges: [Edge] = []
        for contour in path.contours {
            let points = contour.map { (x: placed($0.x, from: referenceX), y: placed($0.y, from: referenceY)) }
            for index in points.indices {
                let a = points[index], b = points[(index + 1) % points.count]
                if a.y == b.y { continue }
                edges.append(a.y < b.y ? Edge(x0: a.x, y0: a.y, x1: b.x, y1: b.y, direction: 1)
                                       : Edge(x0: b.x, y0: b.y, x1: a.x, y1: a.y, direction: -1))
            }
        }
        guard !edges.isEmpty else { return nil }

        var coverage = [UInt8](repeating: 0, count: width * height)
        var accumulator = [Double](repeating: 0, count: width)
        var crossings: [(x: Double, direction: Int)] = []
        let weight = 1.0 / Double(subsamples)
        var touched = false

        for row in 0..<height {
            for i in 0..<width { accumulator[i] = 0 }
            var rowTouched = false
            for sub in 0..<subsamples {
                let sampleY = Double(firstRow + row) + (Double(sub) + 0.5) * weight
                crossings.removeAll(keepingCapacity: true)
                for edge in edges where sampleY >= edge.y0 && sampleY < edge.y1 {
                    let t = (sampleY - edge.y0) / (edge.y1 - edge.y0)
                    crossings.append((edge.x0 + (edge.x1 - edge.x0) * t, edge.direction))
                }
                guard crossings.count >= 2 else { continue }
                crossings.sort { $0.x < $1.x }
                var winding = 0
                for index in 0..<(crossings.count - 1) {
                    winding += crossings[index].direction
                    guard winding != 0 else { continue }
                    if addSpan(from: crossings[index].x, to: crossings[index + 1].x, firstColumn: firstColumn, weight: weight, into: &accumulator) {
                        rowTouched = true
                    }
                }
            }
            guard rowTouched else { continue }
            touched = true
            let base = row * width
            for i in 0..<width {
                coverage[base + i] = UInt8(min(255, (accumulator[i] * 255).rounded()))
            }
        }
        guard touched else { return nil }
        return CoverageMask(x: originX, y: originY, width: width, height: height, coverage: coverage)
    }

    /// Adds `weight` times the overlap of [start, end) with each pixel column; the accumulator
    /// holds the columns from `firstColumn` on. A span cut at the accumulator's ends adds to its
    /// end columns exactly what an uncut span adds to those columns.
    private static func addSpan(from start: Double, to end: Double, firstColumn low: Int, weight: Double,
                                into accumulator: inout [Double]) -> Bool {
        let left = max(Double(low), start), right = min(Double(low + accumulator.count), end)
        guard right > left else { return false }
        let firstColumn = Int(left), lastColumn = min(Int(right.rounded(.up)) - 1, low + accumulator.count - 1)
        if firstColumn == lastColumn {
            accumulator[firstColumn - low] += (right - left) * weight
            return true
        }
        accumulator[firstColumn - low] += (Double(firstColumn + 1) - left) * weight
        if lastColumn > firstColumn + 1 {
            for column in (firstColumn + 1)..<lastColumn { accumulator[column - low] += weight }
        }
        accumulator[lastColumn - low] += (right - Double(lastColumn)) * weight
        return true
    }
}
