/// How a `StretchableImage` is cut and drawn into a rectangle, as UIKit draws a resizable
/// image: nine pieces, the corners at their size, the edges stretched in one direction, the
/// centre in both. Pure arithmetic on whole pixels, shared by every canvas, so a host and a test
/// draw the same pixels.
///
/// The destination is rounded to whole canvas pixels and so is every boundary between pieces:
/// neighbouring pieces share their edge exactly (no seam, no overlap). Each piece samples only
/// its own part of the image, so nothing bleeds from a neighbour. Caps, and any part drawn at its
/// own size or smaller, are area-averaged: at a whole-number ratio (a 1x image at scale 2, a 2x
/// image at scale 1) a one-pixel line stays sharp. Stretched parts are interpolated linearly
/// within their part (`.stretch`) or repeated (`.tile`).
///
/// Where the rectangle is narrower (or shorter) than the two caps together, both caps shrink in
/// proportion and the centre is not drawn. Caps that together are wider (or taller) than the
/// image shrink in proportion to fit it; caps that leave no centre have the centre stretch the
/// two pixels where they meet.
public enum NineSlice {
    /// One of the nine pieces: a part of the image and where it goes.
    public struct Piece: Equatable, Sendable {
        /// In image pixels.
        public var source: Rect
        /// In canvas pixels, on whole pixels.
        public var destination: Rect
        /// Column 0, 1 or 2 (left cap, stretched middle, right cap) and row likewise.
        public var column: Int
        public var row: Int
    }

    /// The three parts along one axis: what each samples in the image (`source`) and the
    /// boundaries between them on the canvas (`destination`, four of them).
    struct Axis: Equatable {
        var source: [Range<Int>]
        var destination: [Int]
    }

    /// Coordinates past this are not drawn (no canvas is that large; the arithmetic stays in range).
    static let coordinateLimit = 1e9

    /// The pieces that are drawn (those with pixels to take and room to go), row by row.
    public static func pieces(of image: StretchableImage, in rect: Rect, scale: Double) -> [Piece] {
        guard let (columns, rows) = axes(of: image, in: rect, scale: scale) else { return [] }
        var pieces: [Piece] = []
        for row in 0..<3 {
            for column in 0..<3 {
                let sourceWidth = columns.source[column].count, sourceHeight = rows.source[row].count
                let width = columns.destination[column + 1] - columns.destination[column]
                let height = rows.destination[row + 1] - rows.destination[row]
                guard sourceWidth > 0, sourceHeight > 0, width > 0, height > 0 else { continue }
                pieces.append(Piece(source: Rect(x: Double(columns.source[column].lowerBound), y: Double(rows.source[row].lowerBound),
                                                 width: Double(sourceWidth), height: Double(sourceHeight)),
                                    destination: Rect(x: Double(columns.destination[column]), y: Double(rows.destination[row]),
                                                      width: Double(width), height: Double(height)),
                                    column: column, row: row))
            }
        }
        return pieces
    }

    /// The destination on whole canvas pixels: what a canvas fills (empty when nothing is drawn).
    public static func pixelRect(_ rect: Rect) -> Rect {
        guard rect.isFinite, abs(rect.minX) < coordinateLimit, abs(rect.minY) < coordinateLimit,
              abs(rect.maxX) < coordinateLimit, abs(rect.maxY) < coordinateLimit else { return .zero }
        let x0 = rect.minX.rounded(), y0 = rect.minY.rounded()
        return Rect(x: x0, y: y0, width: max(0, rect.maxX.rounded() - x0), height: max(0, rect.maxY.rounded() - y0))
    }

    static func axes(of image: StretchableImage, in rect: Rect, scale: Double) -> (columns: Axis, rows: Axis)? {
        let target = pixelRect(rect)
        guard !target.isEmpty, scale.isFinite, scale > 0 else { return nil }
        let insets = image.capInsets
        let columns = axis(length: image.pixels.width, low: insets.left, high: insets.right, imageScale: image.scale,
                           from: Int(target.minX), to: Int(target.maxX), scale: scale)
        let rows = axis(length: image.pixels.height, low: insets.top, high: insets.bottom, imageScale: image.scale,
                        from: Int(target.minY), to: Int(target.maxY), scale: scale)
        return (columns, rows)
    }

    /// One axis: caps in points become image pixels (at the image's scale) and canvas pixels (at
    /// `scale`), both rounded.
    static func axis(length: Int, low: Double, high: Double, imageScale: Double, from start: Int, to end: Int,
                     scale: Double) -> Axis {
        func pixels(_ inset: Double) -> Int {
            guard inset.isFinite, inset > 0 else { return 0 }
            return Int(min(inset * imageScale, Double(length)).rounded())
        }
        var sourceLow = pixels(low), sourceHigh = pixels(high)
        if sourceLow + sourceHigh > length {
            let total = sourceLow + sourceHigh
            sourceLow = sourceLow * length / total
            sourceHigh = length - sourceLow
        }
        // With no centre left, the centre stretches the pixels on either side of where the caps meet.
        let centre = sourceLow < length - sourceHigh ? sourceLow..<length - sourceHigh
            : max(sourceLow - 1, 0)..<min(sourceLow + 1, length)
        func canvasPixels(_ imagePixels: Int) -> Int { Int((Double(imagePixels) / imageScale * scale).rounded()) }
        var low = canvasPixels(sourceLow), high = canvasPixels(sourceHigh)
        let available = max(end - start, 0)
        if low + high > available {
            let total = low + high
            low = low * available / total
            high = available - low
        }
        return Axis(source: [0..<sourceLow, centre, length - sourceHigh..<length],
                    destination: [start, start + low, start + available - high, start + available])
    }

    /// One canvas pixel's samples along an axis: image pixel indices and their weights (summing to 1).
    struct Taps {
        var first: [Int32] = []
        var count: [Int32] = []
        var indices: [Int32] = []
        var weights: [Float] = []
    }

    /// The taps of canvas pixels `range` (absolute coordinates) along one axis.
    static func taps(_ axis: Axis, range: Range<Int>, stretchedMode: StretchableImage.ResizingMode, imageScale: Double,
                     scale: Double) -> Taps {
        var taps = Taps()
        taps.first.reserveCapacity(range.count)
        taps.count.reserveCapacity(range.count)
        var part = 0
        for position in range {
            while part < 2 && position >= axis.destination[part + 1] { part += 1 }
            let sourceStart = axis.source[part].lowerBound, sourceEnd = axis.source[part].upperBound
            let destinationStart = axis.destination[part], destinationEnd = axis.destination[part + 1]
            let n = sourceEnd - sourceStart, m = destinationEnd - destinationStart
            taps.first.append(Int32(taps.indices.count))
            guard n > 0, m > 0 else {
                taps.count.append(0)
                continue
            }
            let offset = Double(position - destinationStart)
            let before = taps.indices.count
            if part == 1 && stretchedMode == .tile {
                // The part repeats at the image's own size, from its start.
                let period = Double(n) / imageScale * scale
                let within = (offset + 0.5).truncatingRemainder(dividingBy: period) * Double(n) / period
                taps.indices.append(Int32(sourceStart + min(n - 1, max(0, Int(within)))))
                taps.weights.append(1)
            } else if part == 1 && m > n {
                // Stretched: linear between the two nearest pixels of the part, clamped to it.
                let u = (offset + 0.5) * Double(n) / Double(m) - 0.5
                let index = Int(u.rounded(.down)), fraction = u - Double(index)
                let low = min(max(index, 0), n - 1), high = min(max(index + 1, 0), n - 1)
                taps.indices.append(Int32(sourceStart + low))
                taps.weights.append(Float(1 - fraction))
                taps.indices.append(Int32(sourceStart + high))
                taps.weights.append(Float(fraction))
            } else {
                // Area: every image pixel the canvas pixel covers, by how much it covers it.
                let ratio = Double(n) / Double(m)
                let lower = offset * ratio, upper = (offset + 1) * ratio
                var index = Int(lower.rounded(.down))
                while Double(index) < upper && index < n {
                    let overlap = min(upper, Double(index + 1)) - max(lower, Double(index))
                    if overlap > 1e-9 {
                        taps.indices.append(Int32(sourceStart + index))
                        taps.weights.append(Float(overlap / ratio))
                    }
                    index += 1
                }
            }
            taps.count.append(Int32(taps.indices.count - before))
        }
        return taps
    }

    /// Premultiplied RGBA pixels of a canvas region.
    public struct Raster: Equatable, Sendable {
        /// The region's top-left and size in canvas pixels.
        public var x: Int
        public var y: Int
        public var width: Int
        public var height: Int
        public var premultipliedRGBA: [UInt8]

        /// The pixel at canvas coordinates (`x`, `y`); outside the region, transparent.
        public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
            let column = x - self.x, row = y - self.y
            guard column >= 0, row >= 0, column < width, row < height else { return (0, 0, 0, 0) }
            let offset = (row * width + column) * 4
            return (premultipliedRGBA[offset], premultipliedRGBA[offset + 1], premultipliedRGBA[offset + 2],
                    premultipliedRGBA[offset + 3])
        }
    }

    /// Canvas pixels a raster may hold: 16 M (64 MB). A caller draws a larger area in parts.
    public static let maximumRasterPixels = 1 << 24

    /// The image drawn in `rect` at `scale`, the part of it inside `clip` only; nil when none of
    /// it is (or the part is larger than `maximumRasterPixels`).
    public static func rasterize(_ image: StretchableImage, in rect: Rect, scale: Double, within clip: Rect) -> Raster? {
        guard let (columns, rows) = axes(of: image, in: rect, scale: scale) else { return nil }
        let area = pixelRect(rect).intersection(pixelRect(clip))
        guard !area.isEmpty, area.width * area.height <= Double(maximumRasterPixels) else { return nil }
        let x0 = Int(area.minX), y0 = Int(area.minY), width = Int(area.width), height = Int(area.height)
        let across = taps(columns, range: x0..<x0 + width, stretchedMode: image.resizingMode, imageScale: image.scale, scale: scale)
        let down = taps(rows, range: y0..<y0 + height, stretchedMode: image.resizingMode, imageScale: image.scale, scale: scale)
        let source = image.pixels
        var output = [UInt8](repeating: 0, count: width * height * 4)
        // Two passes: the rows the region needs resampled across, then down.
        var rowsNeeded = [Int32: Int]()
        for index in down.indices where rowsNeeded[index] == nil { rowsNeeded[index] = rowsNeeded.count }
        let downSlots = down.indices.map { rowsNeeded[$0]! }
        var resampled = [Float](repeating: 0, count: rowsNeeded.count * width * 4)
        source.premultipliedRGBA.withUnsafeBufferPointer { pixels in
            resampled.withUnsafeMutableBufferPointer { buffer in
                for (sourceRow, slot) in rowsNeeded {
                    let rowStart = Int(sourceRow) * source.width * 4
                    for column in 0..<width {
                        var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
                        let first = Int(across.first[column])
                        for tap in first..<first + Int(across.count[column]) {
                            let offset = rowStart + Int(across.indices[tap]) * 4, weight = across.weights[tap]
                            r += Float(pixels[offset]) * weight
                            g += Float(pixels[offset + 1]) * weight
                            b += Float(pixels[offset + 2]) * weight
                            a += Float(pixels[offset + 3]) * weight
                        }
                        let out = (slot * width + column) * 4
                        buffer[out] = r; buffer[out + 1] = g; buffer[out + 2] = b; buffer[out + 3] = a
                    }
                }
            }
        }
        resampled.withUnsafeBufferPointer { buffer in
            output.withUnsafeMutableBufferPointer { out in
                for row in 0..<height {
                    let first = Int(down.first[row]), count = Int(down.count[row])
                    for column in 0..<width {
                        var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
                        for tap in first..<first + count {
                            let offset = (downSlots[tap] * width + column) * 4, weight = down.weights[tap]
                            r += buffer[offset] * weight
                            g += buffer[offset + 1] * weight
                            b += buffer[offset + 2] * weight
                            a += buffer[offset + 3] * weight
                        }
                        func byte(_ value: Float) -> UInt8 { UInt8(min(max(value + 0.5, 0), 255)) }
                        let alpha = byte(a), target = (row * width + column) * 4
                        // Rounding never lets a colour exceed its alpha (premultiplied).
                        out[target] = min(byte(r), alpha)
                        out[target + 1] = min(byte(g), alpha)
                        out[target + 2] = min(byte(b), alpha)
                        out[target + 3] = alpha
                    }
                }
            }
        }
        return Raster(x: x0, y: y0, width: width, height: height, premultipliedRGBA: output)
    }
}
