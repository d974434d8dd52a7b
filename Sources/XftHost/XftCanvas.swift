import CXlib
import MaterialFields

/// A `Canvas` that draws into an X pixmap: shapes are rasterized to coverage masks (by its
/// `rasterizer`: FreeType's where the host has it, else the Swift one) and composited with
/// XRender (PictOpOver, so alpha blends), text goes through Xft. Masks are kept on the server
/// (`MaskCache`), keyed by the shape relative to its whole-pixel origin, so a shape drawn again
/// costs one composite.
package final class XftCanvas: Canvas {
    private let display: OpaquePointer
    private let visual: UnsafeMutablePointer<Visual>
    private let colormap: Colormap
    private let fonts: FontCache
    private var draw: OpaquePointer
    package private(set) var size: (width: Int, height: Int)

    private var clipStack: [Rect] = []
    private var solidFills: [Color: Picture] = [:]
    private let maskFormat: UnsafeMutablePointer<XRenderPictFormat>
    private var maskPixmap: Pixmap = 0
    private var maskPicture: Picture = 0
    private var maskGC: GC?
    private var maskSize = (width: 0, height: 0)
    private let masks: MaskCache
    /// Stretchable images as drawn at a size, on the server: each is resampled (`NineSlice`)
    /// and uploaded once per image identity, caps, scale and size, then composited.
    private var images: [ImageKey: ServerImage] = [:]
    private var argbFormat: UnsafeMutablePointer<XRenderPictFormat>?
    /// Images resampled and uploaded so far (a test sees the cache work).
    package private(set) var imageUploads = 0
    /// Off: every shape is rasterized within the clip and uploaded, as before the cache (tests
    /// compare the two).
    package var cachesMasks = true
    /// Paths rasterized so far (cached or not): what the cache saves shows here.
    package private(set) var rasterizations = 0
    /// What turns shapes into coverage masks. Changing it empties the mask cache (masks from
    /// two rasterizers may differ by a few levels).
    package var rasterizer: PathRasterizer {
        didSet { if !isConnectionLost { masks.removeAll() } }
    }
    /// When not nil, every path rasterized is appended (a measurement compares rasterizers on them).
    package var rasterizedPaths: [Path]?
    package var maskStatistics: MaskCache.Statistics { masks.statistics }
    package func resetMaskCounters() {
        masks.resetCounters()
        rasterizations = 0
    }

    /// - Parameters:
    ///   - visual, colormap: the drawable's, when not the screen's default (a popup's ARGB window).
    ///   - rasterizer: what fills shapes; the host's default (`WindowHost.defaultRasterizer`) unless given.
    package init(display: OpaquePointer, drawable: Drawable, width: Int, height: Int, fonts: FontCache,
                 visual: UnsafeMutablePointer<Visual>? = nil, colormap: Colormap? = nil,
                 rasterizer: PathRasterizer = WindowHost.defaultRasterizer) throws {
        self.display = display
        self.rasterizer = rasterizer
        let screen = XDefaultScreen(display)
        self.visual = visual ?? XDefaultVisual(display, screen)
        self.colormap = colormap ?? XDefaultColormap(display, screen)
        self.fonts = fonts
        guard let format = XRenderFindStandardFormat(display, Int32(PictStandardA8)),
              let draw = XftDrawCreate(display, drawable, self.visual, self.colormap) else {
            throw HostError.missingRenderExtension
        }
        self.maskFormat = format
        self.masks = MaskCache(display: display, format: format)
        self.draw = draw
        self.size = (width, height)
    }

    /// Whether the server went away: then the canvas draws nothing (a request on a lost
    /// connection crashes inside Xlib), and the owner's next check ends the run.
    private var isConnectionLost: Bool { HostErrorHandlers.isLost(display) }

    deinit {
        // The pictures, pixmaps and draw went with the server; only Xft's own memory is freed.
        guard !isConnectionLost else { return }
        for picture in solidFills.values { XRenderFreePicture(display, picture) }
        for image in images.values { image.free(display) }
        releaseMask()
        masks.removeAll()
        XftDrawDestroy(draw)
    }

    /// Points the canvas at a new pixmap, as after a resize.
    package func retarget(to drawable: Drawable, width: Int, height: Int) {
        size = (width, height)
        clipStack.removeAll()
        guard !isConnectionLost else { return }
        XftDrawChange(draw, drawable)
        XftDrawSetClip(draw, nil)
    }

    private var picture: Picture { XftDrawPicture(draw) }

    private var currentClip: Rect {
        clipStack.last ?? Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
    }

    // MARK: Canvas

    package func fill(_ path: Path, color: Color) {
        // A model never sends NaN or infinite coordinates, but a canvas must not trap if one did.
        guard color.alpha > 0, !path.isEmpty, path.bounds.isFinite, !isConnectionLost else { return }
        if let rect = Self.pixelAlignedRectangle(path) {
            fillPixelRectangle(rect, color: color)
            return
        }
        let clip = currentClip
        let area = path.bounds.integral
        let visible = area.intersection(clip)
        guard !visible.isEmpty else { return }
        guard cachesMasks, MaskCache.accepts(area) else {
            rasterizations += 1
            rasterizedPaths?.append(path)
            guard let mask = rasterizer.rasterize(path, within: clip) else { return }
            uploadMask(mask)
            XRenderComposite(display, PictOpOver, solidFill(color), maskPicture, picture,
                             0, 0, 0, 0, Int32(mask.x), Int32(mask.y), UInt32(mask.width), UInt32(mask.height))
            return
        }
        // The whole shape's mask, cut to the clip as it is composited: the rasterizer gives a
        // pixel the same coverage clipped or not, so this is exactly the clipped rasterization.
        let key = MaskKey(path: path, origin: area)
        let entry: MaskCache.Entry
        if let cached = masks.lookUp(key) {
            entry = cached
        } else {
            rasterizations += 1
            rasterizedPaths?.append(path)
            entry = masks.insert(rasterizer.rasterize(path, within: area), for: key)
        }
        guard let mask = entry.picture else { return }
        let source = solidFill(color)
        func composite(_ part: Rect) {
            guard !part.isEmpty else { return }
            XRenderComposite(display, PictOpOver, source, mask, picture,
                             0, 0, Int32(part.minX - area.minX), Int32(part.minY - area.minY),
                             Int32(part.minX), Int32(part.minY), UInt32(part.width), UInt32(part.height))
        }
        // Through a coverage of 255 the colour lands as a plain fill puts it, and the server fills
        // a rectangle several times faster than it composites through a mask: the fully covered
        // block is filled, the mask composited only in the rows above and below it and beside it.
        guard let block = entry.solid?.offsetBy(dx: area.minX, dy: area.minY).intersection(visible), !block.isEmpty else {
            return composite(visible)
        }
        composite(Rect(x: visible.minX, y: visible.minY, width: visible.width, height: block.minY - visible.minY))
        composite(Rect(x: visible.minX, y: block.maxY, width: visible.width, height: visible.maxY - block.maxY))
        composite(Rect(x: visible.minX, y: block.minY, width: block.minX - visible.minX, height: block.height))
        composite(Rect(x: block.maxX, y: block.minY, width: visible.maxX - block.maxX, height: block.height))
        fillPixelRectangle(block, color: color)
    }

    /// A paragraph: a host with bidi puts its runs of one direction in visual order first.
    package func drawText(_ text: String, at origin: Point, font: FontSpec, color: Color) {
        guard color.alpha > 0, !text.isEmpty, !currentClip.isEmpty, !isConnectionLost else { return }
        let runs = fonts.paragraphRuns(of: text[...])
        var x = origin.x
        for (index, run) in runs.enumerated() {
            drawRun(run.text, at: Point(x: x, y: origin.y), font: font, color: color, rightToLeft: run.rightToLeft)
            if index + 1 < runs.count { x += fonts.runAdvance(of: run.text, font: font, rightToLeft: run.rightToLeft) }
        }
    }

    package func drawText(_ text: String, at origin: Point, font: FontSpec, color: Color, direction: WritingDirection) {
        guard color.alpha > 0, !text.isEmpty, !currentClip.isEmpty, !isConnectionLost else { return }
        drawRun(text[...], at: origin, font: font, color: color, rightToLeft: direction == .rightToLeft)
    }

    package func drawText(_ text: String, at origin: Point, font: FontSpec, color: Color, direction: WritingDirection,
                          contextBefore: String, contextAfter: String) {
        guard color.alpha > 0, !text.isEmpty, !currentClip.isEmpty, !isConnectionLost else { return }
        drawRun(text[...], at: origin, font: font, color: color, rightToLeft: direction == .rightToLeft,
                contextBefore: contextBefore, contextAfter: contextAfter)
    }

    /// A run of one direction from its left end: its items left to right (a right-to-left run's
    /// last item leftmost), shaped items as positioned glyphs, simple text as Xft strings.
    private func drawRun(_ text: Substring, at origin: Point, font: FontSpec, color: Color, rightToLeft: Bool,
                         contextBefore: String = "", contextAfter: String = "") {
        let clip = currentClip
        guard origin.x.isFinite, origin.y.isFinite, abs(origin.y) < Self.coordinateLimit else { return }
        var xftColor = XftColor(pixel: 0, color: Self.renderColor(color))
        var x = origin.x.rounded()
        let y = origin.y.rounded()
        let items = fonts.items(of: text, font: font, rightToLeft: rightToLeft, contextBefore: contextBefore, contextAfter: contextAfter)
        let ordered = rightToLeft ? Array(items.reversed()) : items
        for (index, item) in ordered.enumerated() {
            if x > clip.maxX + Self.overhang { return }
            if item.isShaped {
                let shaped = fonts.shape(item, rightToLeft: rightToLeft)
                if x + shaped.width >= clip.minX - Self.overhang {
                    drawGlyphs(shaped, item: item, at: x, baseline: y, color: &xftColor, clip: clip)
                }
                x += shaped.width
            } else {
                x = drawSimple(item, from: x.rounded(), baseline: Int32(y), color: &xftColor, isLast: index == ordered.count - 1, clip: clip)
            }
        }
    }

    /// Only the glyphs near the clip go to the server: their positions fit X's 16 bits however
    /// wide the item is.
    private func drawGlyphs(_ shaped: ShapedItem, item: FontCache.Item, at x: Double, baseline y: Double,
                            color: inout XftColor, clip: Rect) {
        guard !shaped.glyphs.isEmpty else {
            // A face FreeType could not lend is drawn by Xft as plain text.
            guard abs(x) < Self.coordinateLimit else { return }
            var bytes = Array(item.text.utf8)
            XftDrawStringUtf8(draw, &color, item.font, Int32(x.rounded()), Int32(y), &bytes, Int32(bytes.count))
            return
        }
        guard x.isFinite, abs(x) < 1e9 else { return }
        let originX = Int(x.rounded()), originY = Int(y)
        // A glyph is kept by its origin: one starting a whole glyph's width left of the clip may
        // still reach into it.
        let widest = Double(max(0, item.font.pointee.max_advance_width))
        let low = Int(clip.minX - Self.overhang - widest), high = Int(clip.maxX + Self.overhang)
        var glyphs: [XftGlyphSpec] = []
        for glyph in shaped.glyphs {
            let glyphX = originX + glyph.x
            guard glyphX >= low, glyphX <= high else { continue }
            glyphs.append(XftGlyphSpec(glyph: FT_UInt(glyph.id), x: Int16(clamping: glyphX), y: Int16(clamping: originY + glyph.y)))
        }
        guard !glyphs.isEmpty else { return }
        XftDrawGlyphSpec(draw, &color, item.font, &glyphs, Int32(glyphs.count))
    }

    /// Simple text glyph by glyph. Glyph positions on the wire are 16-bit and a long run
    /// overflows them: the text goes in pieces, only those that meet the clip, each from its own
    /// origin. Returns the x after it (not measured for the last piece of the last item in view).
    private func drawSimple(_ item: FontCache.Item, from startX: Double, baseline y: Int32, color: inout XftColor,
                            isLast: Bool, clip: Rect) -> Double {
        var x = startX
        var start = item.text.startIndex
        while start < item.text.endIndex {
            if x > clip.maxX + Self.overhang { return x }
            let end = item.text.index(start, offsetBy: Self.piece, limitedBy: item.text.endIndex) ?? item.text.endIndex
            let piece = FontCache.Run(text: item.text[start..<end], font: item.font)
            // The last piece of short text in view, the common case, is drawn unmeasured.
            let isMeasured = !(isLast && end == item.text.endIndex) || x < clip.minX - Self.overhang
            let advance = isMeasured ? fonts.advance(of: piece) : 0
            if (!isMeasured || x + advance >= clip.minX - Self.overhang) && abs(x) < Self.coordinateLimit {
                var bytes = Array(piece.text.utf8)
                XftDrawStringUtf8(draw, &color, piece.font, Int32(x), y, &bytes, Int32(bytes.count))
            }
            x += advance
            start = end
        }
        return x
    }

    package func drawImage(_ image: StretchableImage, in rect: Rect, scale: Double) {
        guard scale.isFinite, scale > 0, !isConnectionLost else { return }
        let target = NineSlice.pixelRect(rect)
        let visible = target.intersection(currentClip)
        guard !visible.isEmpty, target.width <= Self.coordinateLimit, target.height <= Self.coordinateLimit else { return }
        if argbFormat == nil { argbFormat = XRenderFindStandardFormat(display, Int32(PictStandardARGB32)) }
        guard let format = argbFormat else { return }
        let width = Int(target.width), height = Int(target.height)
        guard width * height <= Self.cachedImagePixels else {
            // Too large to keep: the visible part alone, resampled and dropped after.
            guard let raster = NineSlice.rasterize(image, in: target, scale: scale, within: visible),
                  let uploaded = upload(raster, format: format) else { return }
            imageUploads += 1
            XRenderComposite(display, PictOpOver, uploaded.picture, 0, picture, 0, 0, 0, 0,
                             Int32(raster.x), Int32(raster.y), UInt32(raster.width), UInt32(raster.height))
            uploaded.free(display)
            return
        }
        let key = ImageKey(identity: image.pixels.identity, imageScale: image.scale, capInsets: image.capInsets,
                           mode: image.resizingMode, width: width, height: height, scale: scale)
        let server: ServerImage
        if let cached = images[key] {
            server = cached
        } else {
            // Drawn at the origin: the resampling depends on the size only, not the position.
            let local = Rect(x: 0, y: 0, width: target.width, height: target.height)
            guard let raster = NineSlice.rasterize(image, in: local, scale: scale, within: local),
                  let uploaded = upload(raster, format: format) else { return }
            imageUploads += 1
            if images.count >= Self.imageLimit {
                for old in images.values { old.free(display) }
                images.removeAll(keepingCapacity: true)
            }
            images[key] = uploaded
            server = uploaded
        }
        XRenderComposite(display, PictOpOver, server.picture, 0, picture,
                         Int32(visible.minX - target.minX), Int32(visible.minY - target.minY), 0, 0,
                         Int32(visible.minX), Int32(visible.minY), UInt32(visible.width), UInt32(visible.height))
    }

    /// What identifies an image as resampled for one size.
    private struct ImageKey: Hashable {
        var identity: UInt64
        var imageScale: Double
        var top: Double, left: Double, bottom: Double, right: Double
        var mode: StretchableImage.ResizingMode
        var width: Int, height: Int
        var scale: Double

        init(identity: UInt64, imageScale: Double, capInsets: EdgeInsets, mode: StretchableImage.ResizingMode,
             width: Int, height: Int, scale: Double) {
            self.identity = identity; self.imageScale = imageScale
            top = capInsets.top; left = capInsets.left; bottom = capInsets.bottom; right = capInsets.right
            self.mode = mode; self.width = width; self.height = height; self.scale = scale
        }
    }

    /// An ARGB picture on the server and the pixmap under it.
    private struct ServerImage {
        var pixmap: Pixmap
        var picture: Picture

        func free(_ display: OpaquePointer) {
            XRenderFreePicture(display, picture)
            XFreePixmap(display, pixmap)
        }
    }

    /// Sizes change as a window is resized; past this many the server-side images are freed and
    /// the cache starts over.
    private static let imageLimit = 16
    /// Destinations up to this many pixels (16 MB) are kept whole; larger ones are drawn in part.
    private static let cachedImagePixels = 1 << 22

    /// A premultiplied raster in a new 32-bit pixmap with an ARGB picture on it.
    private func upload(_ raster: NineSlice.Raster, format: UnsafeMutablePointer<XRenderPictFormat>) -> ServerImage? {
        guard raster.width > 0, raster.height > 0, raster.width <= Int(Int16.max), raster.height <= Int(Int16.max) else { return nil }
        // XRender's ARGB32 as 32-bit words, written least significant byte first: B, G, R, A.
        var bytes = raster.premultipliedRGBA
        for offset in stride(from: 0, to: bytes.count, by: 4) { bytes.swapAt(offset, offset + 2) }
        let root = XDefaultRootWindow(display)
        let pixmap = XCreatePixmap(display, root, UInt32(raster.width), UInt32(raster.height), 32)
        guard let gc = XCreateGC(display, pixmap, 0, nil) else {
            XFreePixmap(display, pixmap)
            return nil
        }
        defer { XFreeGC(display, gc) }
        bytes.withUnsafeMutableBytes { buffer in
            let data = buffer.baseAddress!.assumingMemoryBound(to: CChar.self)
            guard let image = XCreateImage(display, visual, 32, ZPixmap, 0, data, UInt32(raster.width), UInt32(raster.height),
                                           32, Int32(raster.width * 4)) else { return }
            image.pointee.byte_order = LSBFirst
            XPutImage(display, pixmap, gc, image, 0, 0, 0, 0, UInt32(raster.width), UInt32(raster.height))
            // The pixels belong to Swift: detach them before Xlib frees the image.
            image.pointee.data = nil
            cxlib_destroy_image(image)
        }
        let picture = XRenderCreatePicture(display, pixmap, format, 0, nil)
        return ServerImage(pixmap: pixmap, picture: picture)
    }

    /// Clusters sent to the server in one request.
    private static let piece = 64
    /// Glyphs may paint a little outside their advance (italics, accents).
    private static let overhang = 32.0
    private static let coordinateLimit = Double(Int16.max)

    package func pushClip(_ rect: Rect) {
        let clip = rect.isFinite ? rect.integral.intersection(currentClip) : .zero
        clipStack.append(clip)
        applyClip()
    }

    package func popClip() {
        _ = clipStack.popLast()
        applyClip()
    }

    private func applyClip() {
        guard !isConnectionLost else { return }
        guard let clip = clipStack.last else {
            XftDrawSetClip(draw, nil)
            return
        }
        var rect = XRectangle(x: Int16(clamping: Int(clip.x)), y: Int16(clamping: Int(clip.y)),
                              width: UInt16(clamping: Int(clip.width)), height: UInt16(clamping: Int(clip.height)))
        XftDrawSetClipRectangles(draw, 0, 0, &rect, 1)
    }

    // MARK: Helpers

    /// XRender colours are premultiplied, 16 bits a channel.
    static func renderColor(_ color: Color) -> XRenderColor {
        func channel(_ value: Double) -> UInt16 { value.isNaN ? 0 : UInt16((min(max(value, 0), 1) * 65535).rounded()) }
        return XRenderColor(red: channel(color.red * color.alpha), green: channel(color.green * color.alpha),
                            blue: channel(color.blue * color.alpha), alpha: channel(color.alpha))
    }

    /// Animations blend colours frame by frame, so the cache is bounded: past this many entries
    /// the server-side pictures are freed and it starts over.
    private static let solidFillLimit = 64

    private func solidFill(_ color: Color) -> Picture {
        if let picture = solidFills[color] { return picture }
        if solidFills.count >= Self.solidFillLimit {
            for picture in solidFills.values { XRenderFreePicture(display, picture) }
            solidFills.removeAll(keepingCapacity: true)
        }
        var renderColor = Self.renderColor(color)
        let picture = XRenderCreateSolidFill(display, &renderColor)
        solidFills[color] = picture
        return picture
    }

    /// A single rectangle on whole pixels needs no mask: XRender fills it exactly.
    private static func pixelAlignedRectangle(_ path: Path) -> Rect? {
        let bounds = path.bounds
        return bounds == bounds.integral && path == .rectangle(bounds) ? bounds : nil
    }

    private func fillPixelRectangle(_ rect: Rect, color: Color) {
        let clipped = rect.intersection(currentClip)
        guard !clipped.isEmpty else { return }
        var renderColor = Self.renderColor(color)
        XRenderFillRectangle(display, PictOpOver, picture, &renderColor, Int32(clipped.x), Int32(clipped.y),
                             UInt32(clipped.width), UInt32(clipped.height))
    }

    private func releaseMask() {
        if maskPicture != 0 { XRenderFreePicture(display, maskPicture) }
        if let maskGC { XFreeGC(display, maskGC) }
        if maskPixmap != 0 { XFreePixmap(display, maskPixmap) }
        maskPicture = 0
        maskPixmap = 0
        maskGC = nil
    }

    /// Copies the coverage into the scratch A8 picture (grown as needed) at its top-left.
    private func uploadMask(_ mask: CoverageMask) {
        if mask.width > maskSize.width || mask.height > maskSize.height {
            releaseMask()
            maskSize = (max(mask.width, maskSize.width, 64), max(mask.height, maskSize.height, 64))
            let root = XDefaultRootWindow(display)
            maskPixmap = XCreatePixmap(display, root, UInt32(maskSize.width), UInt32(maskSize.height), 8)
            maskGC = XCreateGC(display, maskPixmap, 0, nil)
            maskPicture = XRenderCreatePicture(display, maskPixmap, maskFormat, 0, nil)
        }
        var coverage = mask.coverage
        coverage.withUnsafeMutableBytes { bytes in
            let data = bytes.baseAddress!.assumingMemoryBound(to: CChar.self)
            guard let image = XCreateImage(display, visual, 8, ZPixmap, 0, data, UInt32(mask.width), UInt32(mask.height),
                                           8, Int32(mask.width)) else { return }
            XPutImage(display, maskPixmap, maskGC, image, 0, 0, 0, 0, UInt32(mask.width), UInt32(mask.height))
            // The pixels belong to Swift: detach them before Xlib frees the image.
            image.pointee.data = nil
            cxlib_destroy_image(image)
        }
    }
}
