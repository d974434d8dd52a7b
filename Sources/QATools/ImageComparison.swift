import XftHost

/// How far a screenshot may stray from its golden and still pass.
public struct ImageTolerance: Equatable, Sendable, CustomStringConvertible {
    /// A pixel differs when any of its red, green, blue or alpha values differs by more than this.
    public var channel: Int
    /// The comparison fails when more pixels than this differ.
    public var maxDifferingPixels: Int

    public init(channel: Int, maxDifferingPixels: Int) {
        self.channel = max(0, channel)
        self.maxDifferingPixels = max(0, maxDifferingPixels)
    }

    /// Every pixel equal.
    public static let exact = ImageTolerance(channel: 0, maxDifferingPixels: 0)

    /// The catalog's renders are byte-identical run to run, so no pixel may really change; the 2
    /// levels per channel (under 1 %, invisible) forgive only last-bit rounding in blends that a
    /// different pixman or X server build might do. Anything that moves, such as a label one pixel
    /// over, changes its edge pixels by far more than 2 and fails.
    public static let `default` = ImageTolerance(channel: 2, maxDifferingPixels: 0)

    public var description: String {
        "tolerance \(channel) per channel, \(maxDifferingPixels) differing pixel\(maxDifferingPixels == 1 ? "" : "s") allowed"
    }
}

/// A rectangle of pixels, both ends included.
public struct PixelBounds: Equatable, Sendable, CustomStringConvertible {
    public var minX: Int, minY: Int, maxX: Int, maxY: Int

    public init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
        self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY
    }

    public var width: Int { maxX - minX + 1 }
    public var height: Int { maxY - minY + 1 }

    /// "x 120-180, y 40-52" (a single column or row prints once: "x 7, y 3").
    public var description: String {
        func span(_ low: Int, _ high: Int) -> String { low == high ? "\(low)" : "\(low)-\(high)" }
        return "x \(span(minX, maxX)), y \(span(minY, maxY))"
    }
}

/// An expected image (the golden) compared with an actual one, pixel by pixel.
///
/// Images of different sizes are not compared at all: `sizesMatch` is false, the comparison
/// fails, and there is no diff image (an overlap would line up nothing once the layout moved).
public struct ImageComparison {
    public let expectedSize: (width: Int, height: Int)
    public let actualSize: (width: Int, height: Int)
    public let tolerance: ImageTolerance
    /// Pixels with a channel more than `tolerance.channel` apart (masked pixels never are).
    public let differingPixels: Int
    /// Pixels inside the masks, which are not compared (`ShotSpec.maskColor` in the diff image).
    public let maskedPixels: Int
    /// The largest difference of one channel anywhere in the image, within the tolerance or not.
    public let largestChannelDifference: Int
    /// Where the differing pixels are; nil when none differ.
    public let differenceBounds: PixelBounds?
    /// Differing pixels in `ImageComparison.differenceColor`, masked ones in `ShotSpec.maskColor`,
    /// every other pixel the expected image faded (see `faded`); nil when the sizes differ.
    public let diffImage: RGBAImage?

    /// Pure magenta, which no faded pixel can be.
    public static let differenceColor: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) = (255, 0, 255, 255)

    /// Both images have the same size (and pixel data of that size), so they were compared.
    public let sizesMatch: Bool
    public var passes: Bool { sizesMatch && differingPixels <= tolerance.maxDifferingPixels }

    /// `masks` (both ends included, in the images' pixels) are left out of the comparison, as if
    /// painted the same colour in both images.
    public init(expected: RGBAImage, actual: RGBAImage, tolerance: ImageTolerance = .default, masks: [PixelBounds] = []) {
        expectedSize = (expected.width, expected.height)
        actualSize = (actual.width, actual.height)
        self.tolerance = tolerance
        sizesMatch = expected.width == actual.width && expected.height == actual.height
            && expected.pixels.count == expected.width * expected.height * 4 && actual.pixels.count == expected.pixels.count
        guard sizesMatch else {
            differingPixels = 0
            maskedPixels = 0
            largestChannelDifference = 0
            differenceBounds = nil
            diffImage = nil
            return
        }
        let width = expected.width
        var masked = [Bool](repeating: false, count: masks.isEmpty ? 0 : expected.width * expected.height)
        var maskedCount = 0
        for mask in masks {
            let minX = max(0, mask.minX), maxX = min(expected.width - 1, mask.maxX)
            let minY = max(0, mask.minY), maxY = min(expected.height - 1, mask.maxY)
            guard minX <= maxX, minY <= maxY else { continue }
            for y in minY...maxY {
                for x in minX...maxX where !masked[y * width + x] {
                    masked[y * width + x] = true
                    maskedCount += 1
                }
            }
        }
        var differing = 0, largest = 0
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        var diff = [UInt8](repeating: 0, count: expected.pixels.count)
        expected.pixels.withUnsafeBufferPointer { expectedBytes in
            actual.pixels.withUnsafeBufferPointer { actualBytes in
                diff.withUnsafeMutableBufferPointer { diffBytes in
                    for pixel in 0..<(expectedBytes.count / 4) {
                        let offset = pixel * 4
                        if !masked.isEmpty, masked[pixel] {
                            let colour = ShotSpec.maskColor
                            diffBytes[offset] = colour.red
                            diffBytes[offset + 1] = colour.green
                            diffBytes[offset + 2] = colour.blue
                            diffBytes[offset + 3] = colour.alpha
                            continue
                        }
                        var pixelLargest = 0
                        for channel in offset..<(offset + 4) {
                            let difference = abs(Int(expectedBytes[channel]) - Int(actualBytes[channel]))
                            if difference > pixelLargest { pixelLargest = difference }
                        }
                        if pixelLargest > largest { largest = pixelLargest }
                        let colour: (UInt8, UInt8, UInt8, UInt8)
                        if pixelLargest > tolerance.channel {
                            differing += 1
                            let x = pixel % width, y = pixel / width
                            minX = min(minX, x); maxX = max(maxX, x)
                            minY = min(minY, y); maxY = max(maxY, y)
                            colour = Self.differenceColor
                        } else {
                            let grey = Self.faded(red: expectedBytes[offset], green: expectedBytes[offset + 1],
                                                  blue: expectedBytes[offset + 2], alpha: expectedBytes[offset + 3])
                            colour = (grey, grey, grey, 255)
                        }
                        diffBytes[offset] = colour.0
                        diffBytes[offset + 1] = colour.1
                        diffBytes[offset + 2] = colour.2
                        diffBytes[offset + 3] = colour.3
                    }
                }
            }
        }
        differingPixels = differing
        maskedPixels = maskedCount
        largestChannelDifference = largest
        differenceBounds = differing > 0 ? PixelBounds(minX: minX, minY: minY, maxX: maxX, maxY: maxY) : nil
        diffImage = RGBAImage(width: expected.width, height: expected.height, pixels: diff)
    }

    /// The background of the diff image: the expected pixel over white, in grey, three quarters
    /// of the way to white. Grey keeps magenta the only colour in the image, and a grey pixel
    /// (equal channels, at least 191) can never be magenta's (255, 0, 255).
    public static func faded(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) -> UInt8 {
        // Rec. 601 luma in thousandths, composited over white by alpha.
        let luma = (299 * Int(red) + 587 * Int(green) + 114 * Int(blue)) / 1000
        let overWhite = (luma * Int(alpha) + 255 * (255 - Int(alpha))) / 255
        return UInt8(overWhite + (255 - overWhite) * 3 / 4)
    }

    /// One line: "312 pixels differ (most by 87) in x 120-180, y 40-52", "no pixel differs",
    /// or the two sizes; with ", 96 pixels masked" when masks left some out.
    public var summary: String {
        maskedPixels == 0 ? comparedSummary : comparedSummary + ", \(maskedPixels) pixel\(maskedPixels == 1 ? "" : "s") masked"
    }

    private var comparedSummary: String {
        guard sizesMatch else {
            guard expectedSize != actualSize else { return "an image's pixel data does not fill its \(actualSize.width) x \(actualSize.height) size" }
            return "the image is \(actualSize.width) x \(actualSize.height) but the golden is \(expectedSize.width) x \(expectedSize.height)"
        }
        guard let bounds = differenceBounds else {
            return largestChannelDifference == 0 ? "no pixel differs"
                : "no pixel differs by more than \(tolerance.channel) (the largest difference is \(largestChannelDifference))"
        }
        return "\(differingPixels) pixel\(differingPixels == 1 ? "" : "s") differ\(differingPixels == 1 ? "s" : "") (most by \(largestChannelDifference)) in \(bounds)"
    }
}
