import QATools
import XCTest
import XftHost

typealias Pixel = (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)

extension RGBAImage {
    init(width: Int, height: Int, fill: (Int, Int) -> Pixel) {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let pixel = fill(x, y)
                pixels += [pixel.red, pixel.green, pixel.blue, pixel.alpha]
            }
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// A copy with `change` applied to one pixel.
    func with(x: Int, y: Int, _ change: (inout [UInt8]) -> Void) -> RGBAImage {
        var copy = self
        var bytes = Array(copy.pixels[(y * width + x) * 4..<(y * width + x) * 4 + 4])
        change(&bytes)
        copy.pixels.replaceSubrange((y * width + x) * 4..<(y * width + x) * 4 + 4, with: bytes)
        return copy
    }

    /// Every pixel of colour `old` becomes `new`.
    func replacing(_ old: Pixel, with new: Pixel) -> RGBAImage {
        RGBAImage(width: width, height: height) { x, y in
            let pixel = self.pixel(x: x, y: y)
            return pixel == old ? new : pixel
        }
    }

    func isMagenta(x: Int, y: Int) -> Bool { pixel(x: x, y: y) == ImageComparison.differenceColor }
}

/// The comparer of golden screenshots: which pixels count as changed, when that fails, and the
/// diff image it draws.
final class ImageComparisonTests: XCTestCase {
    private let white: Pixel = (255, 255, 255, 255)
    private let blue: Pixel = (33, 99, 200, 255)
    private let red: Pixel = (220, 30, 40, 255)
    private let greyBlue: Pixel = (33, 99, 120, 255)

    /// White, a blue box, a red diagonal, a grey ramp along the bottom rows and a few magenta
    /// pixels of its own: several colours, one of which the tests change.
    private func sample(width: Int = 64, height: Int = 48) -> RGBAImage {
        RGBAImage(width: width, height: height) { [self] x, y in
            if x == y && x >= 10 && x < 40 { return red }
            if (5..<25).contains(x) && (30..<40).contains(y) { return blue }
            if y >= height - 4 { return (UInt8(x * 4 % 256), UInt8(x * 4 % 256), UInt8(x * 4 % 256), 255) }
            if (50..<53).contains(x) && (2..<4).contains(y) { return ImageComparison.differenceColor }
            return white
        }
    }

    func testAGoldenWithOneColourChangedFailsAndTheDiffMarksExactlyThePixelsOfThatColour() throws {
        // Given a golden and a render in which every blue pixel is greyer
        let golden = sample()
        let actual = golden.replacing(blue, with: greyBlue)
        let comparison = ImageComparison(expected: golden, actual: actual)
        // Then the comparison fails, counting each blue pixel once, with blue's change as the largest
        XCTAssertFalse(comparison.passes)
        XCTAssertTrue(comparison.sizesMatch)
        XCTAssertEqual(comparison.differingPixels, 200)
        XCTAssertEqual(comparison.largestChannelDifference, 80)
        XCTAssertEqual(comparison.differenceBounds, PixelBounds(minX: 5, minY: 30, maxX: 24, maxY: 39))
        XCTAssertEqual(comparison.summary, "200 pixels differ (most by 80) in x 5-24, y 30-39")
        // ...and the diff is magenta exactly where the golden was blue, and elsewhere the golden faded.
        let diff = try XCTUnwrap(comparison.diffImage)
        XCTAssertEqual(diff.width, golden.width)
        XCTAssertEqual(diff.height, golden.height)
        var marked = 0
        for y in 0..<golden.height {
            for x in 0..<golden.width {
                let wasBlue = golden.pixel(x: x, y: y) == blue
                XCTAssertEqual(diff.isMagenta(x: x, y: y), wasBlue, "at \(x), \(y)")
                if wasBlue { marked += 1; continue }
                let expected = golden.pixel(x: x, y: y)
                let grey = ImageComparison.faded(red: expected.red, green: expected.green, blue: expected.blue, alpha: expected.alpha)
                XCTAssertTrue(diff.pixel(x: x, y: y) == (grey, grey, grey, 255), "at \(x), \(y)")
            }
        }
        XCTAssertEqual(marked, 200)
    }

    func testIdenticalImagesPassWithNothingMarked() throws {
        let golden = sample()
        let comparison = ImageComparison(expected: golden, actual: golden, tolerance: .exact)
        XCTAssertTrue(comparison.passes)
        XCTAssertEqual(comparison.differingPixels, 0)
        XCTAssertEqual(comparison.largestChannelDifference, 0)
        XCTAssertNil(comparison.differenceBounds)
        XCTAssertEqual(comparison.summary, "no pixel differs")
        // The golden's own magenta pixels come out faded grey like the rest: only changes are magenta.
        let diff = try XCTUnwrap(comparison.diffImage)
        XCTAssertFalse((0..<golden.height).contains { y in (0..<golden.width).contains { x in diff.isMagenta(x: x, y: y) } })
    }

    func testAChannelDiffersOnlyBeyondTheTolerance() {
        let golden = sample()
        let tolerance = ImageTolerance(channel: 3, maxDifferingPixels: 0)
        for channel in 0..<4 {
            // White's channels are 255, so lower them.
            let atTolerance = golden.with(x: 0, y: 0) { $0[channel] -= 3 }
            let beyond = golden.with(x: 0, y: 0) { $0[channel] -= 4 }
            let within = ImageComparison(expected: golden, actual: atTolerance, tolerance: tolerance)
            XCTAssertTrue(within.passes, "channel \(channel)")
            XCTAssertEqual(within.differingPixels, 0)
            XCTAssertEqual(within.largestChannelDifference, 3)
            XCTAssertEqual(within.summary, "no pixel differs by more than 3 (the largest difference is 3)")
            let outside = ImageComparison(expected: golden, actual: beyond, tolerance: tolerance)
            XCTAssertFalse(outside.passes, "channel \(channel)")
            XCTAssertEqual(outside.differingPixels, 1)
            XCTAssertEqual(outside.differenceBounds, PixelBounds(minX: 0, minY: 0, maxX: 0, maxY: 0))
            XCTAssertEqual(outside.summary, "1 pixel differs (most by 4) in x 0, y 0")
        }
    }

    func testUpToTheMaximumCountOfDifferingPixelsPasses() throws {
        let golden = sample()
        var actual = golden
        // The rightmost first and the leftmost in the middle, so the bounds are not the scan's ends.
        for (x, y) in [(60, 20), (3, 21), (9, 22)] { actual = actual.with(x: x, y: y) { $0[1] = 0 } }
        let allowed = ImageComparison(expected: golden, actual: actual, tolerance: ImageTolerance(channel: 2, maxDifferingPixels: 3))
        XCTAssertTrue(allowed.passes)
        XCTAssertEqual(allowed.differingPixels, 3)
        XCTAssertEqual(allowed.differenceBounds, PixelBounds(minX: 3, minY: 20, maxX: 60, maxY: 22))
        // Passing within the allowance still marks what differs.
        XCTAssertTrue(try XCTUnwrap(allowed.diffImage).isMagenta(x: 60, y: 20))
        let oneTooMany = ImageComparison(expected: golden, actual: actual, tolerance: ImageTolerance(channel: 2, maxDifferingPixels: 2))
        XCTAssertFalse(oneTooMany.passes)
        XCTAssertEqual(oneTooMany.differingPixels, 3)
    }

    /// Masked pixels are not compared (however much they differ), are counted apart, and show
    /// in the diff image in the mask's cyan; a difference outside the mask still counts.
    func testMaskedPixelsAreLeftOutCountedAndCyanInTheDiff() throws {
        let expected = RGBAImage(width: 10, height: 6) { _, _ in (200, 200, 200, 255) }
        let actual = expected.with(x: 3, y: 2) { $0 = [0, 0, 0, 255] }.with(x: 8, y: 5) { $0 = [0, 0, 0, 255] }
        let mask = PixelBounds(minX: 2, minY: 1, maxX: 4, maxY: 3)
        let masked = ImageComparison(expected: expected, actual: actual, tolerance: .exact, masks: [mask, mask])
        XCTAssertEqual(masked.maskedPixels, 9, "a pixel masked twice counts once")
        XCTAssertEqual(masked.differingPixels, 1)
        XCTAssertEqual(masked.differenceBounds, PixelBounds(minX: 8, minY: 5, maxX: 8, maxY: 5))
        XCTAssertEqual(masked.summary, "1 pixel differs (most by 200) in x 8, y 5, 9 pixels masked")
        let diff = try XCTUnwrap(masked.diffImage)
        XCTAssertTrue(diff.pixel(x: 3, y: 2) == (0, 255, 255, 255) && diff.pixel(x: 2, y: 1) == (0, 255, 255, 255))
        XCTAssertTrue(diff.pixel(x: 8, y: 5) == ImageComparison.differenceColor)
        // A mask past the image's edge is clipped, not a trap.
        let edge = ImageComparison(expected: expected, actual: actual, tolerance: ImageTolerance(channel: 0, maxDifferingPixels: 0),
                                   masks: [PixelBounds(minX: 7, minY: 4, maxX: 40, maxY: 40), mask])
        XCTAssertTrue(edge.passes, edge.summary)
        XCTAssertEqual(edge.maskedPixels, 9 + 6)
    }

    func testImagesOfDifferentSizesFailWithBothSizesAndNoDiff() {
        let golden = sample(width: 64, height: 48)
        for actual in [sample(width: 64, height: 49), sample(width: 63, height: 48)] {
            let comparison = ImageComparison(expected: golden, actual: actual, tolerance: ImageTolerance(channel: 255, maxDifferingPixels: 1 << 20))
            XCTAssertFalse(comparison.sizesMatch)
            XCTAssertFalse(comparison.passes)
            XCTAssertNil(comparison.diffImage)
            XCTAssertNil(comparison.differenceBounds)
            XCTAssertEqual(comparison.summary, "the image is \(actual.width) x \(actual.height) but the golden is 64 x 48")
        }
        // Pixel data that does not fill its stated size is no match either.
        var truncated = golden
        truncated.pixels.removeLast(4)
        let broken = ImageComparison(expected: golden, actual: truncated)
        XCTAssertFalse(broken.passes)
        XCTAssertEqual(broken.summary, "an image's pixel data does not fill its 64 x 48 size")
    }

    func testAFadedPixelIsNeverMagentaAndStaysLighterThanThreeQuartersWhite() {
        // Every combination on a grid of 18 values per channel, magenta itself included.
        let values: [UInt8] = Array(stride(from: 0, through: 255, by: 15))
        for red in values {
            for green in values {
                for blue in values {
                    for alpha in values {
                        let grey = ImageComparison.faded(red: red, green: green, blue: blue, alpha: alpha)
                        XCTAssertGreaterThanOrEqual(grey, 191)
                        XCTAssertNotEqual(grey, ImageComparison.differenceColor.green)
                    }
                }
            }
        }
        // Darker stays darker: the faded copy still shows the layout.
        XCTAssertLessThan(ImageComparison.faded(red: 0, green: 0, blue: 0, alpha: 255),
                          ImageComparison.faded(red: 128, green: 128, blue: 128, alpha: 255))
        XCTAssertEqual(ImageComparison.faded(red: 255, green: 255, blue: 255, alpha: 255), 255)
        // A transparent pixel fades as white (it is over white).
        XCTAssertEqual(ImageComparison.faded(red: 0, green: 0, blue: 0, alpha: 0), 255)
    }

    func testToleranceDescriptionsAndDefaults() {
        XCTAssertEqual(ImageTolerance.default, ImageTolerance(channel: 2, maxDifferingPixels: 0))
        XCTAssertEqual(ImageTolerance.default.description, "tolerance 2 per channel, 0 differing pixels allowed")
        XCTAssertEqual(ImageTolerance(channel: -4, maxDifferingPixels: -1), .exact)
        XCTAssertEqual(PixelBounds(minX: 120, minY: 40, maxX: 180, maxY: 52).description, "x 120-180, y 40-52")
    }
}
