import CXlib
import MaterialFields

/// A scene drawn into a pixmap instead of a window: the back buffer a window would show, kept
/// between renders, so each render draws only what changed, as in a live window. Scripts and
/// screenshots use it; it needs a display (any one, even one whose screen is smaller) but no window.
public final class OffscreenSurface {
    private let host: WindowHost
    private var pixmap: Pixmap
    private let canvas: XftCanvas
    public private(set) var width: Int
    public private(set) var height: Int

    /// The largest side a pixmap gets here: larger sizes are clamped, as `--size` is.
    public static let maximumSide = 16384

    public init(host: WindowHost, size: Size) throws {
        // A pixmap asked of a connection Xlib has given up on would be no pixmap at all.
        if host.isConnectionLost { throw HostError.connectionLost }
        self.host = host
        (width, height) = Self.pixelSize(size)
        pixmap = XCreatePixmap(host.display, XDefaultRootWindow(host.display), UInt32(width), UInt32(height), UInt32(host.depth))
        do {
            canvas = try XftCanvas(display: host.display, drawable: pixmap, width: width, height: height, fonts: host.fonts)
        } catch {
            XFreePixmap(host.display, pixmap)
            throw error
        }
    }

    deinit {
        if !host.isConnectionLost { XFreePixmap(host.display, pixmap) }
    }

    private static func pixelSize(_ size: Size) -> (Int, Int) {
        // Clamped while still a Double: Int(_:) traps on a finite value beyond Int's range.
        func side(_ value: Double) -> Int { Int(value.isFinite ? min(max(value, 1), Double(maximumSide)) : 1) }
        return (side(size.width), side(size.height))
    }

    /// A new, blank pixmap of `size`; the scene is laid out for it and draws everything next time.
    public func resize(to size: Size, scene: Scene) {
        let (newWidth, newHeight) = Self.pixelSize(size)
        guard newWidth != width || newHeight != height else {
            scene.resize(to: Size(width: Double(width), height: Double(height)), measurer: host.fonts)
            return
        }
        let replacement = XCreatePixmap(host.display, XDefaultRootWindow(host.display), UInt32(newWidth), UInt32(newHeight),
                                        UInt32(host.depth))
        canvas.retarget(to: replacement, width: newWidth, height: newHeight)
        XFreePixmap(host.display, pixmap)
        pixmap = replacement
        (width, height) = (newWidth, newHeight)
        scene.resize(to: Size(width: Double(width), height: Double(height)), measurer: host.fonts)
    }

    /// Brings the scene and the pixmap to `time` as a window's host would (`advance(to:)`, then
    /// `render`): returns the rectangles drawn.
    @discardableResult
    public func render(_ scene: Scene, at time: Double) throws -> [Rect] {
        // Drawing on a connection Xlib has given up on would crash inside Xlib.
        if host.isConnectionLost { throw HostError.connectionLost }
        scene.advance(to: time)
        let regions = scene.render(on: canvas, at: time)
        XSync(host.display, 0)
        if host.isConnectionLost { throw HostError.connectionLost }
        return regions
    }

    /// The canvas's coverage-mask cache: hits, misses, what it holds (for measurements).
    package var maskStatistics: MaskCache.Statistics { canvas.maskStatistics }
    /// Paths the canvas has rasterized since the counters were last reset.
    package var rasterizations: Int { canvas.rasterizations }
    package func resetMaskCounters() { canvas.resetMaskCounters() }
    /// What fills shapes here (the host's default unless changed; a change empties the mask cache).
    package var rasterizer: PathRasterizer {
        get { canvas.rasterizer }
        set { canvas.rasterizer = newValue }
    }
    /// When not nil, every path the canvas rasterizes is appended.
    package var rasterizedPaths: [Path]? {
        get { canvas.rasterizedPaths }
        set { canvas.rasterizedPaths = newValue }
    }
    /// Off: every shape is rasterized and uploaded at every draw, as before the cache.
    package var cachesMasks: Bool {
        get { canvas.cachesMasks }
        set { canvas.cachesMasks = newValue }
    }

    /// What the pixmap holds now.
    public func capture() throws -> RGBAImage {
        try capture(x: 0, y: 0, width: width, height: height)
    }

    /// One rectangle of the pixmap, clamped to it (X refuses to read outside a drawable).
    public func capture(x: Int, y: Int, width captureWidth: Int, height captureHeight: Int) throws -> RGBAImage {
        if host.isConnectionLost { throw HostError.connectionLost }
        XSync(host.display, 0)
        if host.isConnectionLost { throw HostError.connectionLost }
        // Every number is brought within a few surfaces' sides first, so no sum can overflow.
        func bounded(_ value: Int) -> Int { min(max(value, -2 * Self.maximumSide), 2 * Self.maximumSide) }
        let x = bounded(x), y = bounded(y), captureWidth = bounded(captureWidth), captureHeight = bounded(captureHeight)
        let left = min(max(x, 0), width), top = min(max(y, 0), height)
        let right = min(max(x + captureWidth, left), width), bottom = min(max(y + captureHeight, top), height)
        guard right > left, bottom > top,
              let image = RGBAImage.capture(display: host.display, drawable: pixmap, x: left, y: top,
                                            width: right - left, height: bottom - top) else {
            throw HostError.captureFailed
        }
        return image
    }
}
