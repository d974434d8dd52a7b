import CXlib
import MaterialFields
import XCTest
@testable import XftHost
import TestHarness

/// The X canvas's `drawImage`: the nine-slice raster composited over what is there, cut to the
/// clip, uploaded once per image and size; and plain fields showing `background` and
/// `disabledBackground` in real pixels.
final class ImageDrawingTests: XCTestCase {
    private var server: XvfbServer!
    private var host: WindowHost!

    override func setUpWithError() throws {
        server = try XvfbServer()
        host = try WindowHost(displayName: server.displayName) { _ in }
    }

    override func tearDown() {
        host = nil
        server = nil
    }

    /// A 6 x 6 image, 2-pixel caps, a colour per region (red says the column, green the row) and
    /// a blue top-left pixel.
    private func regions(alpha: UInt8 = 255) -> StretchableImage {
        var bytes: [UInt8] = []
        for y in 0..<6 {
            for x in 0..<6 {
                if x == 0 && y == 0 { bytes += [0, 0, 255, alpha]; continue }
                bytes += [UInt8(x < 2 ? 60 : x < 4 ? 120 : 180), UInt8(y < 2 ? 60 : y < 4 ? 120 : 180), 0, alpha]
            }
        }
        return StretchableImage(pixels: ImagePixels(width: 6, height: 6, rgba: bytes, premultiplied: false)!,
                                capInsets: EdgeInsets(all: 2))
    }

    private func render(width: Int = 120, height: Int = 60, _ draw: (XftCanvas) -> Void) throws -> RGBAImage {
        let pixmap = XCreatePixmap(host.display, XDefaultRootWindow(host.display), UInt32(width), UInt32(height), UInt32(host.depth))
        defer { XFreePixmap(host.display, pixmap) }
        let canvas = try XftCanvas(display: host.display, drawable: pixmap, width: width, height: height, fonts: host.fonts)
        canvas.fill(Rect(x: 0, y: 0, width: Double(width), height: Double(height)), color: Color(hex: 0xFFFFFF))
        draw(canvas)
        XSync(host.display, 0)
        return try XCTUnwrap(RGBAImage.capture(display: host.display, drawable: pixmap, width: width, height: height))
    }

    func testTheScreenShowsTheNineSliceRasterAtScaleOneAndTwo() throws {
        for scale in [1.0, 2.0] {
            let rect = Rect(x: 7, y: 5, width: 90, height: 31)
            let shot = try render { $0.drawImage(regions(), in: rect, scale: scale) }
            let expected = try XCTUnwrap(NineSlice.rasterize(regions(), in: rect, scale: scale, within: rect))
            var differences = 0
            for y in 0..<60 {
                for x in 0..<120 {
                    let inside = rect.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
                    let want = inside ? expected.pixel(x: x, y: y) : (red: 255, green: 255, blue: 255, alpha: 255)
                    let got = shot.pixel(x: x, y: y)
                    if (got.red, got.green, got.blue) != (want.red, want.green, want.blue) { differences += 1 }
                }
            }
            XCTAssertEqual(differences, 0, "scale \(scale)")
            // The corner's own pixel is one canvas pixel at scale 1, two by two at scale 2.
            let side = Int(scale)
            for dy in 0...side {
                for dx in 0...side {
                    let blue = shot.pixel(x: 7 + dx, y: 5 + dy) == (0, 0, 255, 255)
                    XCTAssertEqual(blue, dx < side && dy < side, "scale \(scale), (\(dx), \(dy)) from the corner")
                }
            }
            // The top edge stretches across: its colour from the cap's end to the other cap.
            let capEnd = 7 + 2 * side, otherCap = 7 + 90 - 2 * side
            XCTAssertTrue(shot.pixel(x: capEnd, y: 5) == (120, 60, 0, 255), "scale \(scale)")
            XCTAssertTrue(shot.pixel(x: otherCap - 1, y: 5) == (120, 60, 0, 255), "scale \(scale)")
            XCTAssertTrue(shot.pixel(x: otherCap, y: 5) == (180, 60, 0, 255), "scale \(scale)")
        }
    }

    func testATranslucentImageBlendsOverTheCanvasAndTheClipCutsIt() throws {
        let shot = try render { canvas in
            canvas.pushClip(Rect(x: 0, y: 0, width: 50, height: 60))
            canvas.drawImage(regions(alpha: 128), in: Rect(x: 10, y: 10, width: 80, height: 40), scale: 1)
            canvas.popClip()
        }
        // (120, 120, 0) at 50 % over white.
        let centre = shot.pixel(x: 30, y: 30)
        XCTAssertEqual(Double(centre.red), 187, accuracy: 1.5)
        XCTAssertEqual(Double(centre.blue), 127, accuracy: 1.5)
        XCTAssertTrue(shot.pixel(x: 60, y: 30) == (255, 255, 255, 255), "outside the clip")
    }

    func testAnImageIsResampledAndUploadedOncePerSize() throws {
        let image = regions()
        var uploads: [Int] = []
        _ = try render { canvas in
            canvas.drawImage(image, in: Rect(x: 0, y: 0, width: 50, height: 20), scale: 1)
            canvas.drawImage(image, in: Rect(x: 60, y: 30, width: 50, height: 20), scale: 1)
            uploads.append(canvas.imageUploads)
            canvas.drawImage(image, in: Rect(x: 0, y: 0, width: 51, height: 20), scale: 1)
            uploads.append(canvas.imageUploads)
            canvas.drawImage(regions(), in: Rect(x: 0, y: 0, width: 50, height: 20), scale: 1)
            uploads.append(canvas.imageUploads)
        }
        XCTAssertEqual(uploads, [1, 2, 3], "moved: reused; another size or other pixels: uploaded")
    }

    func testPlainFieldsShowTheirBackgroundAndWhenDisabledTheirDisabledBackground() throws {
        let paper = regions()
        let greyBytes = [UInt8](repeating: 200, count: 36 * 4).enumerated().map { $0.offset % 4 == 3 ? UInt8(255) : $0.element }
        let grey = StretchableImage(pixels: ImagePixels(width: 6, height: 6, rgba: greyBytes, premultiplied: false)!,
                                    capInsets: EdgeInsets(all: 2))
        let enabled = TextField(identifier: "on", style: .plain(.line), label: "")
        let disabled = TextField(identifier: "off", style: .plain(.none), label: "", isEnabled: false)
        let rounded = TextField(identifier: "rounded", style: .plain(.roundedRect), label: "")
        for field in [enabled, disabled, rounded] {
            field.background = paper
            field.disabledBackground = grey
        }
        let scene = FieldScene(fields: [enabled, disabled, rounded], scheme: .light)
        let size = Size(width: 300, height: 200)
        let surface = try OffscreenSurface(host: host, size: size)
        surface.resize(to: size, scene: scene)
        scene.settle()
        try surface.render(scene, at: 10)
        func shot() throws -> RGBAImage {
            try surface.render(scene, at: 10)
            return try surface.capture()
        }
        func container(_ field: TextField) throws -> Rect {
            let frame = try XCTUnwrap(scene.frame(of: field))
            return field.layout!.container.offsetBy(dx: frame.minX, dy: frame.minY)
        }
        var image = try shot()
        let on = try container(enabled), off = try container(disabled), plain = try container(rounded)
        XCTAssertTrue(image.pixel(x: Int(on.minX), y: Int(on.minY)) == (0, 0, 255, 255), "the corner at its size")
        XCTAssertTrue(image.pixel(x: Int(on.maxX) - 1, y: Int(on.maxY) - 1) == (180, 180, 0, 255))
        XCTAssertTrue(image.pixel(x: Int(on.midX), y: Int(on.minY)) == (120, 60, 0, 255), "the top edge, stretched")
        XCTAssertTrue(image.pixel(x: Int(off.minX), y: Int(off.minY)) == (200, 200, 200, 255), "disabled: disabledBackground")
        XCTAssertTrue(image.pixel(x: Int(off.midX), y: Int(off.midY)) == (200, 200, 200, 255))
        XCTAssertFalse(image.pixel(x: Int(plain.midX), y: Int(plain.midY)) == (120, 120, 0, 255), "a rounded rect ignores it")

        enabled.isEnabled = false
        disabled.isEnabled = true
        image = try shot()
        XCTAssertTrue(image.pixel(x: Int(on.minX), y: Int(on.minY)) == (200, 200, 200, 255), "the swap, repainted")
        XCTAssertTrue(image.pixel(x: Int(off.minX), y: Int(off.minY)) == (0, 0, 255, 255))
    }
}
