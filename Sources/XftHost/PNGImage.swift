import CXlib
import Glibc

/// An 8-bit RGBA image in memory, as captured from the X server or read from a PNG.
public struct RGBAImage: Equatable {
    public var width: Int
    public var height: Int
    /// Row-major RGBA bytes.
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width; self.height = height; self.pixels = pixels
    }

    /// The pixel at column `x`, row `y`; a point outside the image (or beyond `pixels`, when they
    /// are fewer than `width` x `height` make) reads as transparent black, never a trap.
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        guard x >= 0, y >= 0, x < width, y < height else { return (0, 0, 0, 0) }
        // y * width + x must be one of the whole pixels `pixels` holds, found without a product
        // that could overflow.
        let stored = pixels.count / 4
        guard y < stored / width || (y == stored / width && x < stored % width) else {
            return (0, 0, 0, 0)
        }
        let offset = (y * width + x) * 4
        return (pixels[offset], pixels[offset + 1], pixels[offset + 2], pixels[offset + 3])
    }

    /// Writes the image through libpng. The encoder writes no timestamps, so the same pixels give
    /// the same bytes.
    public func writePNG(to path: String) throws {
        guard width > 0, height > 0, width <= 1 << 20, height <= 1 << 20, pixels.count == width * height * 4 else {
            throw HostError.imageWrite(path: path, reason: "\(pixels.count) bytes do not make a \(width) x \(height) RGBA image")
        }
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = UInt32(cxlib_png_format_rgba)
        let ok = pixels.withUnsafeBytes { bytes in
            png_image_write_to_file(&image, path, 0, bytes.baseAddress, 0, nil)
        }
        if ok == 0 {
            let reason = withUnsafeBytes(of: image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            png_image_free(&image)
            throw HostError.imageWrite(path: path, reason: reason.isEmpty ? "libpng failed" : reason)
        }
    }

    /// Writes an opaque image (every alpha 255; alpha is not written) fast rather than small: RGB
    /// with no row filters at zlib's fastest level, a fifth of `writePNG`'s time for files about
    /// twice the size. For images written by the thousand (a state matrix), not for goldens.
    public func writePNGQuickly(to path: String) throws {
        guard width > 0, height > 0, width <= 1 << 20, height <= 1 << 20, pixels.count == width * height * 4 else {
            throw HostError.imageWrite(path: path, reason: "\(pixels.count) bytes do not make a \(width) x \(height) RGBA image")
        }
        let status = pixels.withUnsafeBufferPointer { cxlib_write_png_quickly(path, $0.baseAddress, UInt32(width), UInt32(height)) }
        switch status {
        case 0: return
        case -1: throw HostError.imageWrite(path: path, reason: String(cString: strerror(errno)))
        default: throw HostError.imageWrite(path: path, reason: "libpng failed")
        }
    }

    public static func readPNG(from path: String) throws -> RGBAImage {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        func failure() -> HostError {
            let reason = withUnsafeBytes(of: image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            png_image_free(&image)
            return HostError.imageRead(path: path, reason: reason.isEmpty ? "libpng failed" : reason)
        }
        guard png_image_begin_read_from_file(&image, path) != 0 else { throw failure() }
        image.format = UInt32(cxlib_png_format_rgba)
        var pixels = [UInt8](repeating: 0, count: Int(image.width) * Int(image.height) * 4)
        let ok = pixels.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, 0, nil) }
        guard ok != 0 else { throw failure() }
        return RGBAImage(width: Int(image.width), height: Int(image.height), pixels: pixels)
    }

    /// Reads back what the X server holds for `drawable` (a window as shown, or a pixmap).
    package static func capture(display: OpaquePointer, drawable: Drawable, x: Int = 0, y: Int = 0,
                                width: Int, height: Int) -> RGBAImage? {
        guard width > 0, height > 0,
              let image = XGetImage(display, drawable, Int32(clamping: x), Int32(clamping: y), UInt32(width), UInt32(height),
                                    UInt(bitPattern: -1), ZPixmap)
        else { return nil }
        defer { cxlib_destroy_image(image) }
        // Images of pixmaps carry no colour masks (pixmaps have no visual): use the screen's.
        var red = image.pointee.red_mask, green = image.pointee.green_mask, blue = image.pointee.blue_mask
        if red == 0 && green == 0 && blue == 0 {
            let visual = XDefaultVisual(display, XDefaultScreen(display))!
            red = visual.pointee.red_mask; green = visual.pointee.green_mask; blue = visual.pointee.blue_mask
        }
        func component(_ pixel: UInt, _ mask: UInt) -> UInt8 {
            guard mask != 0 else { return 0 }
            let shift = UInt(mask.trailingZeroBitCount)
            let maxValue = mask >> shift
            return UInt8(((pixel & mask) >> shift) * 255 / maxValue)
        }
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        let bytesPerLine = Int(image.pointee.bytes_per_line)
        let fastPath = image.pointee.bits_per_pixel == 32 && image.pointee.byte_order == LSBFirst
        let data = UnsafeRawPointer(image.pointee.data!)
        if fastPath && red == 0xff0000 && green == 0xff00 && blue == 0xff {
            // The usual 24-bit visual, each pixel's bytes blue, green, red, unused: swapped in place,
            // by pointer (a state matrix reads thousands of images; per-pixel masking was most of its time).
            pixels.withUnsafeMutableBufferPointer { buffer in
                guard let target = buffer.baseAddress else { return }
                let source = data.assumingMemoryBound(to: UInt8.self)
                for y in 0..<height {
                    let row = source + y * bytesPerLine, out = target + y * width * 4
                    for x in 0..<width {
                        let from = row + x * 4, to = out + x * 4
                        to[0] = from[2]; to[1] = from[1]; to[2] = from[0]
                    }
                }
            }
            return RGBAImage(width: width, height: height, pixels: pixels)
        }
        for y in 0..<height {
            for x in 0..<width {
                let pixel: UInt
                if fastPath {
                    pixel = UInt(data.loadUnaligned(fromByteOffset: y * bytesPerLine + x * 4, as: UInt32.self).littleEndian)
                } else {
                    pixel = image.pointee.f.get_pixel(image, Int32(x), Int32(y))
                }
                let offset = (y * width + x) * 4
                pixels[offset] = component(pixel, red)
                pixels[offset + 1] = component(pixel, green)
                pixels[offset + 2] = component(pixel, blue)
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
