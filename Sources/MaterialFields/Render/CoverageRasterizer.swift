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

    /// A mask of `width * height` bytes of `coverage` (a rasterizer a host lends makes these).
    public init(x: Int, y: Int, width: Int, height: Int, coverage: [UInt8]) {
        self.x = x; self.y = y; self.width = width; self.height = height; self.coverage = coverage
    }

    public subscript(column: Int, row: Int) -> UInt8 { coverage[row * width + column] }

    /// The largest block of whole rows whose longest fully covered run is the same span, in canvas
    /// pixels, when it holds at least `minimumArea` pixels; nil otherwise. Every pixel in it has
    /// coverage 255, so a host may fill it as a plain rectangle and composite the mask only around
    /// it (a container's interior is most of its pixels; only its edges and corners need the mask).
    public func fullyCoveredBlock(minimumArea: Int = 1024) -> Rect? {
        guard width > 0, height > 0, coverage.count == width * height else { return nil }
        var best: (area: Int, top: Int, rows: Int, span: Range<Int>)?
        var runTop = 0, runSpan = 0..<0
        for row in 0...height {
            var span = 0..<0
            if row < height {
                let base = row * width
                var column = 0
                while column < width {
                    guard coverage[base + column] == 255 else { column += 1; continue }
                    let start = column
                    while column < width, coverage[base + column] == 255 { column += 1 }
                    if column - start > span.count { span = start..<column }
                }
            }
            // A block ends where the span changes (or the mask does).
            if span != runSpan || row == height {
                let rows = row - runTop, area = rows * runSpan.count
                if !runSpan.isEmpty, area >= minimumArea, area > (best?.area ?? 0) {
                    best = (area, runTop, rows, runSpan)
                }
                runTop = row
                runSpan = span
            }
        }
        guard let best else { return nil }
        return Rect(x: Double(x + best.span.lowerBound), y: Double(y + best.top), width: Double(best.span.count), height: Double(best.rows))
    }
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
        // Top to bottom: each row looks only at the edges that reach into it.
        edges.sort { $0.y0 < $1.y0 }

        var coverage = [UInt8](repeating: 0, count: width * height)
        var row = Row(firstColumn: firstColumn, width: width)
        var active: [Edge] = []
        var nextEdge = 0
        var crossings: [(x: Double, direction: Int)] = []
        let weight = 1.0 / Double(subsamples)
        var touched = false

        for rowIndex in 0..<height {
            let top = Double(firstRow + rowIndex), bottom = top + 1
            active.removeAll { $0.y1 <= top }
            while nextEdge < edges.count && edges[nextEdge].y0 < bottom {
                if edges[nextEdge].y1 > top { active.append(edges[nextEdge]) }
                nextEdge += 1
            }
            guard !active.isEmpty else { continue }
            row.clear()
            for sub in 0..<subsamples {
                let sampleY = top + (Double(sub) + 0.5) * weight
                crossings.removeAll(keepingCapacity: true)
                for edge in active where sampleY >= edge.y0 && sampleY < edge.y1 {
                    let t = (sampleY - edge.y0) / (edge.y1 - edge.y0)
                    crossings.append((edge.x0 + (edge.x1 - edge.x0) * t, edge.direction))
                }
                guard crossings.count >= 2 else { continue }
                // A handful of crossings, nearly always: insertion sort (spans between equal x
                // are empty, so how ties fall changes no pixel).
                for index in 1..<crossings.count {
                    let crossing = crossings[index]
                    var slot = index
                    while slot > 0 && crossings[slot - 1].x > crossing.x {
                        crossings[slot] = crossings[slot - 1]
                        slot -= 1
                    }
                    crossings[slot] = crossing
                }
                var winding = 0
                for index in 0..<(crossings.count - 1) {
                    winding += crossings[index].direction
                    guard winding != 0 else { continue }
                    row.addSpan(from: crossings[index].x, to: crossings[index + 1].x, weight: weight)
                }
            }
            guard row.isTouched else { continue }
            touched = true
            row.write(into: &coverage, at: rowIndex * width)
        }
        guard touched else { return nil }
        return CoverageMask(x: originX, y: originY, width: width, height: height, coverage: coverage)
    }

    /// One row of pixels being covered, columns `firstColumn ..< firstColumn + width` counted from
    /// the reference. A pixel's coverage is the fractions of the spans that end inside it, added
    /// in the order the spans come, plus a whole weight for every span passing over it, counted
    /// as a number: what is added to a pixel never depends on which columns the row holds, so a
    /// row cut by a clip gives its pixels the bits the whole row gives them.
    private struct Row {
        let firstColumn: Int
        let width: Int
        /// Fractional coverage of pixels where spans end.
        var partial: [Double]
        /// Differences of the number of spans covering each pixel whole (one more slot).
        var whole: [Int32]
        var isTouched = false

        init(firstColumn: Int, width: Int) {
            self.firstColumn = firstColumn
            self.width = width
            partial = [Double](repeating: 0, count: width)
            whole = [Int32](repeating: 0, count: width + 1)
        }

        mutating func clear() {
            for i in 0..<width { partial[i] = 0 }
            for i in 0...width { whole[i] = 0 }
            isTouched = false
        }

        /// Adds `weight` times the overlap of [start, end) with each pixel of the row.
        mutating func addSpan(from start: Double, to end: Double, weight: Double) {
            let low = Double(firstColumn), high = Double(firstColumn + width)
            guard end > start, end > low, start < high else { return }
            // Beyond the row a span's ends only matter for which pixels it passes whole; moved
            // to a pixel outside the row, they stay there (and stay convertible to Int).
            let start = max(start, low - 1), end = min(end, high + 1)
            // start >= -1 and end > 0 here: truncation after a shift is the floor, and the
            // last pixel is the one before `end`'s pixel edge.
            let first = Int(start + 1) - 1
            let endPixel = Int(end)
            let last = Double(endPixel) == end ? endPixel - 1 : endPixel
            if first == last {
                add((end - start) * weight, at: first)
                return
            }
            add((Double(first + 1) - start) * weight, at: first)
            add((end - Double(last)) * weight, at: last)
            let from = max(first + 1, firstColumn) - firstColumn, to = min(last, firstColumn + width) - firstColumn
            if to > from {
                whole[from] += 1
                whole[to] -= 1
                isTouched = true
            }
        }

        private mutating func add(_ amount: Double, at column: Int) {
            let index = column - firstColumn
            guard index >= 0 && index < width else { return }
            partial[index] += amount
            isTouched = true
        }

        func write(into coverage: inout [UInt8], at base: Int) {
            let weight = 1.0 / Double(CoverageRasterizer.subsamples)
            let width = width
            partial.withUnsafeBufferPointer { partial in
                whole.withUnsafeBufferPointer { whole in
                    coverage.withUnsafeMutableBufferPointer { coverage in
                        var count: Int32 = 0
                        for i in 0..<width {
                            count &+= whole[i]
                            // Never negative, so truncating after adding a half rounds half up.
                            let value = (partial[i] + Double(count) * weight) * 255 + 0.5
                            coverage[base + i] = value >= 255 ? 255 : UInt8(value)
                        }
                    }
                }
            }
        }
    }
}
