import CXlib
import MaterialFields

/// A path's shape apart from where it stands: its points relative to its whole-pixel origin (the
/// floor of its bounds) on the rasterizer's 1/65536 px grid, which is all a mask depends on. A
/// path moved by whole pixels has the same key (the grid absorbs the last-bit noise of adding
/// the move); a sub-pixel move changes the points relative to the origin, so it is another key.
/// Compared and hashed without building the moved points.
struct MaskKey: Hashable {
    let path: Path
    let originX: Double
    let originY: Double

    init(path: Path, origin: Rect) {
        self.path = path
        originX = origin.minX
        originY = origin.minY
    }

    /// The Swift rasterizer's grid, from which FreeType's 1/64 px is rounded (`PathRasterizer`):
    /// equal keys are paths either rasterizes to the same bits.
    @inline(__always)
    private static func quantized(_ value: Double, from origin: Double) -> Double {
        CoverageRasterizer.gridSteps(of: value, from: origin)
    }

    static func == (a: MaskKey, b: MaskKey) -> Bool {
        guard a.path.contours.count == b.path.contours.count else { return false }
        for (first, second) in zip(a.path.contours, b.path.contours) {
            guard first.count == second.count else { return false }
            for (p, q) in zip(first, second)
            where quantized(p.x, from: a.originX) != quantized(q.x, from: b.originX)
                || quantized(p.y, from: a.originY) != quantized(q.y, from: b.originY) {
                return false
            }
        }
        return true
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(path.contours.count)
        for contour in path.contours {
            hasher.combine(contour.count)
            for point in contour {
                hasher.combine(Self.quantized(point.x, from: originX))
                hasher.combine(Self.quantized(point.y, from: originY))
            }
        }
    }
}

/// Coverage masks kept on the server, one A8 pixmap and picture per shape, so a shape drawn again
/// (anywhere at the same sub-pixel offset) costs one composite and no rasterizing or upload.
/// Bounded by count and bytes; past either the least recently used masks are freed.
package final class MaskCache {
    struct Entry {
        /// Nil for a path that covers no pixel: nothing to draw, and nothing to rasterize again.
        var picture: Picture?
        /// The mask's fully covered block (`CoverageMask.fullyCoveredBlock`), from the mask's
        /// top-left: the canvas fills it as a rectangle and composites the mask only around it.
        var solid: Rect?
        var pixmap: Pixmap
        var bytes: Int
        var lastUse: UInt64
    }

    package struct Statistics: Equatable {
        package var hits = 0
        package var misses = 0
        package var entries = 0
        package var bytes = 0
        package var evictions = 0
    }

    /// At most this many masks and this many bytes of them (A8, rows padded to 4 bytes)...
    package static let countLimit = 256
    package static let byteLimit = 4 << 20
    /// ...and none larger than this: a bigger shape is rasterized within the clip every time.
    static let entryByteLimit = 512 << 10
    static let sideLimit = 4096

    private let display: OpaquePointer
    private let format: UnsafeMutablePointer<XRenderPictFormat>
    private var entries: [MaskKey: Entry] = [:]
    private var uploadGC: GC?
    private var clock: UInt64 = 0
    private(set) var statistics = Statistics()

    init(display: OpaquePointer, format: UnsafeMutablePointer<XRenderPictFormat>) {
        self.display = display
        self.format = format
    }

    deinit { removeAll() }

    /// Frees every mask on the server.
    func removeAll() {
        for entry in entries.values { free(entry) }
        entries.removeAll()
        if let uploadGC { XFreeGC(display, uploadGC) }
        uploadGC = nil
        statistics.entries = 0
        statistics.bytes = 0
    }

    func resetCounters() {
        statistics.hits = 0
        statistics.misses = 0
        statistics.evictions = 0
    }

    static func bytes(width: Int, height: Int) -> Int { ((width + 3) & ~3) * height }

    /// Whether the mask of a shape whose whole pixels are `area` is kept at all.
    static func accepts(_ area: Rect) -> Bool {
        area.width <= Double(sideLimit) && area.height <= Double(sideLimit)
            && bytes(width: Int(area.width), height: Int(area.height)) <= entryByteLimit
    }

    /// The mask for `key`, marked as just used; nil when there is none.
    func lookUp(_ key: MaskKey) -> Entry? {
        clock += 1
        // One hash of the path: the entry is marked where it lies, not stored again by key.
        guard let index = entries.index(forKey: key) else {
            statistics.misses += 1
            return nil
        }
        statistics.hits += 1
        entries.values[index].lastUse = clock
        return entries.values[index]
    }

    /// Uploads `mask` (rasterized over the key's whole-pixel bounds, or nil for no coverage)
    /// into a pixmap of its own and keeps it, freeing the least recently used masks past the limits.
    func insert(_ mask: CoverageMask?, for key: MaskKey) -> Entry {
        var entry = Entry(picture: nil, solid: nil, pixmap: 0, bytes: 0, lastUse: clock)
        if let mask {
            entry.solid = mask.fullyCoveredBlock()?.offsetBy(dx: -Double(mask.x), dy: -Double(mask.y))
            let pixmap = XCreatePixmap(display, XDefaultRootWindow(display), UInt32(mask.width), UInt32(mask.height), 8)
            if uploadGC == nil { uploadGC = XCreateGC(display, pixmap, 0, nil) }
            var coverage = mask.coverage
            coverage.withUnsafeMutableBytes { bytes in
                let data = bytes.baseAddress!.assumingMemoryBound(to: CChar.self)
                guard let image = XCreateImage(display, XDefaultVisual(display, XDefaultScreen(display)), 8, ZPixmap, 0, data,
                                               UInt32(mask.width), UInt32(mask.height), 8, Int32(mask.width)) else { return }
                XPutImage(display, pixmap, uploadGC, image, 0, 0, 0, 0, UInt32(mask.width), UInt32(mask.height))
                // The pixels belong to Swift: detach them before Xlib frees the image.
                image.pointee.data = nil
                cxlib_destroy_image(image)
            }
            entry.pixmap = pixmap
            entry.picture = XRenderCreatePicture(display, pixmap, format, 0, nil)
            entry.bytes = Self.bytes(width: mask.width, height: mask.height)
        }
        if let old = entries.updateValue(entry, forKey: key) {
            free(old)
            statistics.bytes -= old.bytes
        } else {
            statistics.entries += 1
        }
        statistics.bytes += entry.bytes
        evict()
        return entry
    }

    /// Frees least recently used masks until both limits hold (the newest is never freed).
    private func evict() {
        while entries.count > Self.countLimit || statistics.bytes > Self.byteLimit {
            guard let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }),
                  oldest.value.lastUse < clock else { return }
            entries.removeValue(forKey: oldest.key)
            free(oldest.value)
            statistics.entries -= 1
            statistics.bytes -= oldest.value.bytes
            statistics.evictions += 1
        }
    }

    private func free(_ entry: Entry) {
        if let picture = entry.picture { XRenderFreePicture(display, picture) }
        if entry.pixmap != 0 { XFreePixmap(display, entry.pixmap) }
    }
}
