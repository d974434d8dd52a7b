import CXlib
import Glibc
import MaterialFields

/// Why a PNG could not be loaded: one clear line for the user (`description`).
public enum PNGLoadError: Error, Equatable, CustomStringConvertible {
    /// No file at the path.
    case missing(path: String)
    /// A file that cannot be opened or read (a directory, no permission).
    case unreadable(path: String, reason: String)
    /// The file does not start with PNG's signature (or is empty).
    case notPNG(path: String)
    /// A PNG libpng gives up on: cut short, a bad checksum, bad compressed data, a bad header.
    case corrupt(path: String, reason: String)
    /// Larger than `PNGLoader.maximumSide` or `PNGLoader.maximumPixelCount`.
    case tooLarge(path: String, width: Int, height: Int)

    public var description: String {
        switch self {
        case .missing(let path): return "cannot load image '\(path)': no such file"
        case .unreadable(let path, let reason): return "cannot load image '\(path)': \(reason)"
        case .notPNG(let path): return "cannot load image '\(path)': not a PNG file"
        case .corrupt(let path, let reason): return "cannot load image '\(path)': damaged PNG (\(reason))"
        case .tooLarge(let path, let width, let height):
            return "cannot load image '\(path)': \(width) x \(height) pixels is larger than the \(PNGLoader.maximumSide) x "
                + "\(PNGLoader.maximumSide) an image may have"
        }
    }
}

/// Reads PNG files through libpng for images an app draws (UIKit's `background`). It lives in
/// the host because libpng is linked here (the screenshots are written through it) and the model
/// never links a C library; the model gets the pixels as an `ImagePixels` value.
///
/// Every PNG libpng reads loads: palette, grey and grey with alpha (expanded to RGBA, a `tRNS`
/// chunk becoming alpha), 16-bit (reduced to 8 bits; without colour information it is taken as
/// sRGB, as 8-bit files are) and interlaced (deinterlaced). libpng's simplified reading API does
/// these conversions, and it reports failures as a message rather than by `longjmp`, which Swift
/// cannot catch. Nothing traps: every failure is a `PNGLoadError`.
public enum PNGLoader {
    /// The longest side an image may have, in pixels.
    public static let maximumSide = 4096
    /// The most pixels it may have (4096 x 4096: 64 MB of RGBA).
    public static let maximumPixelCount = ImagePixels.maximumPixelCount

    private static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    /// The file's pixels as straight-alpha RGBA.
    public static func load(path: String) throws -> RGBAImage {
        var status = stat()
        guard stat(path, &status) == 0 else {
            let error = errno
            if error == ENOENT || error == ENOTDIR { throw PNGLoadError.missing(path: path) }
            throw PNGLoadError.unreadable(path: path, reason: String(cString: strerror(error)))
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw PNGLoadError.unreadable(path: path, reason: status.st_mode & S_IFMT == S_IFDIR ? "a directory" : "not a regular file")
        }
        guard let file = fopen(path, "rb") else {
            throw PNGLoadError.unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        defer { fclose(file) }
        var header = [UInt8](repeating: 0, count: signature.count)
        let read = header.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
        guard read == signature.count, header == signature else { throw PNGLoadError.notPNG(path: path) }
        rewind(file)

        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        func message() -> String {
            let text = withUnsafeBytes(of: image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            return text.isEmpty ? "libpng failed" : text
        }
        guard png_image_begin_read_from_stdio(&image, file) != 0 else {
            let reason = message()
            png_image_free(&image)
            throw PNGLoadError.corrupt(path: path, reason: reason)
        }
        let width = Int(image.width), height = Int(image.height)
        guard width <= maximumSide, height <= maximumSide, width * height <= maximumPixelCount else {
            png_image_free(&image)
            throw PNGLoadError.tooLarge(path: path, width: width, height: height)
        }
        image.format = UInt32(cxlib_png_format_rgba)
        // A 16-bit file with no gAMA, cHRM or sRGB chunk is sRGB, as an 8-bit one is (libpng's
        // default would take it as linear light and lighten it).
        image.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let ok = pixels.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, Int32(width * 4), nil) }
        guard ok != 0 else {
            let reason = message()
            png_image_free(&image)
            throw PNGLoadError.corrupt(path: path, reason: reason)
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}

extension StretchableImage {
    /// A PNG file as a stretchable image (UIKit's `UIImage(contentsOfFile:)` then
    /// `resizableImage(withCapInsets:resizingMode:)`); `source` is the path.
    /// - Parameters:
    ///   - scale: pixels per point the file was drawn at (2 for a `@2x` file).
    ///   - capInsets: the parts that do not stretch, in points.
    /// - Throws: `PNGLoadError`.
    public static func loadPNG(_ path: String, scale: Double = 1, capInsets: EdgeInsets = .zero,
                               resizingMode: ResizingMode = .stretch) throws -> StretchableImage {
        let image = try PNGLoader.load(path: path)
        guard let pixels = ImagePixels(width: image.width, height: image.height, rgba: image.pixels, premultiplied: false) else {
            throw PNGLoadError.tooLarge(path: path, width: image.width, height: image.height)
        }
        return StretchableImage(pixels: pixels, scale: scale, capInsets: capInsets, resizingMode: resizingMode, source: path)
    }
}
