import Synchronization

/// An image's pixels: premultiplied RGBA, 8 bits a channel, row-major. Immutable and shared by
/// every `StretchableImage` made from it; its `identity` is unique in the process, so a host
/// caches what it made of the pixels (a server-side picture) by it and a comparison never reads
/// the pixels.
public final class ImagePixels: Sendable {
    public let width: Int
    public let height: Int
    /// Premultiplied RGBA bytes, `width` x `height` x 4 of them.
    public let premultipliedRGBA: [UInt8]
    /// Unique among every `ImagePixels` this process made (never reused, unlike an address).
    public let identity: UInt64

    /// The most pixels an image may have: 4096 x 4096 (64 MB of RGBA). A background is drawn
    /// stretched; an image past this is a mistake, refused rather than held in memory.
    public static let maximumPixelCount = 4096 * 4096
    /// The longest side an image may have, in pixels.
    public static let maximumSide = 16_384

    private static let counter = Atomic<UInt64>(0)

    /// Nil when the bytes do not make a `width` x `height` RGBA image, or the image is empty or
    /// larger than `maximumPixelCount` / `maximumSide`.
    /// - Parameter premultiplied: false when `rgba` has straight (unassociated) alpha, as a PNG
    ///   has: the colours are multiplied by it here.
    public init?(width: Int, height: Int, rgba: [UInt8], premultiplied: Bool) {
        guard width > 0, height > 0, width <= Self.maximumSide, height <= Self.maximumSide,
              width * height <= Self.maximumPixelCount, rgba.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        if premultiplied {
            // A premultiplied colour never exceeds its alpha; bytes that do are clamped to it.
            var bytes = rgba
            for offset in stride(from: 0, to: bytes.count, by: 4) {
                let alpha = bytes[offset + 3]
                bytes[offset] = min(bytes[offset], alpha)
                bytes[offset + 1] = min(bytes[offset + 1], alpha)
                bytes[offset + 2] = min(bytes[offset + 2], alpha)
            }
            self.premultipliedRGBA = bytes
        } else {
            var bytes = rgba
            for offset in stride(from: 0, to: bytes.count, by: 4) {
                let alpha = UInt32(bytes[offset + 3])
                guard alpha < 255 else { continue }
                for channel in 0..<3 {
                    bytes[offset + channel] = UInt8((UInt32(bytes[offset + channel]) * alpha + 127) / 255)
                }
            }
            self.premultipliedRGBA = bytes
        }
        identity = Self.counter.wrappingAdd(1, ordering: .relaxed).newValue
    }

    /// The premultiplied pixel at (`x`, `y`); outside the image, transparent.
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        guard x >= 0, y >= 0, x < width, y < height else { return (0, 0, 0, 0) }
        let offset = (y * width + x) * 4
        return (premultipliedRGBA[offset], premultipliedRGBA[offset + 1], premultipliedRGBA[offset + 2],
                premultipliedRGBA[offset + 3])
    }
}

/// UIKit's resizable image (`UIImage.resizableImage(withCapInsets:resizingMode:)`): pixels, the
/// scale they were drawn at, and cap insets in points. Drawn into a rectangle it is cut in nine:
/// the corners keep their size, the top and bottom edges stretch across, the left and right
/// edges down, and the centre both ways (`NineSlice`).
///
/// Two images are equal when they share their pixels (by identity, never by reading them) and
/// agree on scale, insets, mode and source, so a `FieldAppearance` holding one compares in
/// constant time.
public struct StretchableImage: Equatable, Sendable {
    /// How the edges and the centre fill their part: UIKit's two modes.
    public enum ResizingMode: String, Equatable, Sendable, Codable {
        /// Scaled to fill (smoothly; the caps are never blurred at a whole-number ratio).
        case stretch
        /// Repeated at the image's own size from the part's top-left.
        case tile
    }

    public let pixels: ImagePixels
    /// Pixels per point the image was drawn at (a `@2x` image: 2). Its size in points is its
    /// pixel size divided by this.
    public var scale: Double
    /// The parts that do not stretch, in points from each edge. Negative or non-finite insets
    /// count as 0; insets that together are wider or taller than the image shrink in proportion
    /// to fit it (`NineSlice`).
    public var capInsets: EdgeInsets
    public var resizingMode: ResizingMode
    /// The file the pixels were read from, when they were (what QA shows); nil for pixels made in code.
    public var source: String?

    /// - Parameter scale: pixels per point; a non-finite or non-positive one counts as 1.
    public init(pixels: ImagePixels, scale: Double = 1, capInsets: EdgeInsets = .zero, resizingMode: ResizingMode = .stretch,
                source: String? = nil) {
        self.pixels = pixels
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        self.capInsets = capInsets
        self.resizingMode = resizingMode
        self.source = source
    }

    /// The same pixels with other caps (UIKit's `resizableImage(withCapInsets:resizingMode:)`).
    public func resizableImage(withCapInsets insets: EdgeInsets, resizingMode: ResizingMode = .stretch) -> StretchableImage {
        var image = self
        image.capInsets = insets
        image.resizingMode = resizingMode
        return image
    }

    /// The image's size in points.
    public var size: Size { Size(width: Double(pixels.width) / scale, height: Double(pixels.height) / scale) }

    public static func == (lhs: StretchableImage, rhs: StretchableImage) -> Bool {
        lhs.pixels === rhs.pixels && lhs.scale == rhs.scale && lhs.capInsets == rhs.capInsets
            && lhs.resizingMode == rhs.resizingMode && lhs.source == rhs.source
    }
}

/// A stretchable image drawn in a rectangle: what a field's appearance carries for UIKit's
/// `background` and `disabledBackground`.
public struct ImageFill: Equatable, Sendable {
    public var image: StretchableImage
    /// Where it is drawn, in canvas pixels (a canvas rounds it to whole pixels).
    public var rect: Rect
    /// Canvas pixels per point: the caps are `capInsets` x this wide.
    public var scale: Double

    public init(image: StretchableImage, rect: Rect, scale: Double) { self.image = image; self.rect = rect; self.scale = scale }
}
