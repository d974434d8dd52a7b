import CXlib
import MaterialFields

/// The dragged text beside the pointer while a drag from the window runs, as GTK shows a drag's
/// text: the start of the text (one line, at most 40 characters) drawn once into a pixmap that is
/// the background of a small override-redirect window.
final class DragIcon {
    private let display: OpaquePointer
    private let window: Window
    private let pixmap: Pixmap
    /// Where the icon stands from the pointer: below and to the right, never under the hot spot,
    /// so the search for the window under the pointer never finds it.
    private static let offset = (x: 12, y: 16)

    /// Nil when it cannot be made.
    init?(showing text: String, display: OpaquePointer, parent: Window, fonts: FontCache) {
        var line = String(text.prefix(41).map { $0.isNewline ? " " : $0 })
        if line.count > 40 { line = String(line.prefix(40)) + "…" }
        let font = FontSpec(pixelSize: 14)
        let metrics = fonts.lineMetrics(for: font)
        let width = min(480, Int(fonts.advance(of: Substring(line), font: font).rounded(.up)) + 16)
        let height = Int((metrics.ascent + metrics.descent).rounded(.up)) + 8
        guard width > 0, height > 0 else { return nil }
        let screen = XDefaultScreen(display)
        let depth = XDefaultDepth(display, screen)
        let pixmap = XCreatePixmap(display, parent, UInt32(width), UInt32(height), UInt32(depth))
        do {
            let canvas = try XftCanvas(display: display, drawable: pixmap, width: width, height: height, fonts: fonts)
            canvas.fill(.rectangle(Rect(x: 0, y: 0, width: Double(width), height: Double(height))), color: Color(hex: 0xF5F5F5))
            canvas.drawText(line, at: Point(x: 8, y: 4 + metrics.ascent.rounded()), font: font, color: Color(hex: 0x212121))
        } catch {
            XFreePixmap(display, pixmap)
            return nil
        }
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        attributes.background_pixmap = pixmap
        attributes.save_under = 1
        window = XCreateWindow(display, XDefaultRootWindow(display), Int32(-width - 100), Int32(-height - 100), UInt32(width),
                               UInt32(height), 0, depth, UInt32(InputOutput), XDefaultVisual(display, screen),
                               UInt(CWOverrideRedirect | CWBackPixmap | CWSaveUnder), &attributes)
        XMapRaised(display, window)
        self.display = display
        self.pixmap = pixmap
    }

    /// Moves the icon beside the pointer at (`x`, `y`) on the root.
    func follow(pointerX x: Int, y: Int) {
        XMoveWindow(display, window, Int32(x + Self.offset.x), Int32(y + Self.offset.y))
    }

    /// Takes the icon off the screen and frees it; call once.
    func close() {
        XDestroyWindow(display, window)
        XFreePixmap(display, pixmap)
    }
}
