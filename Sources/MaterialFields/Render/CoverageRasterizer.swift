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

    /// Rasterizes `path` inside `bounds` (whole pixels). Returns nil when nothing is covered.
    ///
    /// Every pixel is computed from the path's own whole-pixel origin, whatever part of the path
    /// `bounds` keeps: a pixel comes out with the same bits clipped or not, so a host that keeps
    /// whole masks and composites a part of one draws exactly what a clipped rasterization draws.
    public static func rasterize(_ path: Path, within bounds: Rect) -> CoverageMask? {
        let pathArea = path.bounds.integral
        let area = pathArea.intersection(bounds.integral)
        guard !area.isEmpty else { return nil }
        let originX = Int(area.minX), originY = Int(area.minY)
        let width = Int(area.width), height = Int(area.height)
        // Columns are counted from the path's left pixel edge (from the area's for a path far
        // beyond any canvas, where no clip-independence is owed).
        let reference = abs(pathArea.minX) < 1e9 ? pathArea.minX : area.minX
        let firstColumn = Int(area.minX - reference)

        var edges: [Edge] = []
        for contour in path.contours {
            for index in contour.indices {
                let a = contour[index], b = contour[(index + 1) % contour.count]
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
                let sampleY = Double(originY + row) + (Double(sub) + 0.5) * weight
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
                    let spanStart = crossings[index].x - reference
                    let spanEnd = crossings[index + 1].x - reference
                    if addSpan(from: spanStart, to: spanEnd, firstColumn: firstColumn, weight: weight, into: &accumulator) {
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
