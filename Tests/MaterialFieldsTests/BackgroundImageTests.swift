import XCTest
@testable import MaterialFields

/// An image whose pixel (x, y) is `colour(x, y)` (straight alpha; opaque unless it says).
func makeImage(width: Int, height: Int, scale: Double = 1, caps: EdgeInsets = .zero,
               mode: StretchableImage.ResizingMode = .stretch,
               colour: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> StretchableImage {
    var bytes: [UInt8] = []
    for y in 0..<height {
        for x in 0..<width {
            let (r, g, b, a) = colour(x, y)
            bytes += [r, g, b, a]
        }
    }
    let pixels = ImagePixels(width: width, height: height, rgba: bytes, premultiplied: false)!
    return StretchableImage(pixels: pixels, scale: scale, capInsets: caps, resizingMode: mode)
}

/// Nine regions of a 6 x 6 image with 2-pixel caps, each its own colour: the red channel says
/// the column (10, 20, 30), the green the row (10, 20, 30); the top-left corner's own pixel
/// (0, 0) is blue, so a corner drawn at its size shows it in exactly one canvas pixel.
func regionImage(scale: Double = 1) -> StretchableImage {
    makeImage(width: 6, height: 6, scale: scale, caps: EdgeInsets(all: 2 / scale)) { x, y in
        if x == 0 && y == 0 { return (0, 0, 255, 255) }
        let column = x < 2 ? 10 : x < 4 ? 20 : 30, row = y < 2 ? 10 : y < 4 ? 20 : 30
        return (UInt8(column), UInt8(row), 0, 255)
    }
}

/// The nine-slice geometry: corners at their size, edges and centre stretched, caps in points,
/// whole-pixel boundaries shared by neighbouring pieces, and odd insets handled.
final class NineSliceGeometryTests: XCTestCase {
    private func destinations(_ pieces: [NineSlice.Piece]) -> [String: Rect] {
        Dictionary(uniqueKeysWithValues: pieces.map { ("\($0.column)\($0.row)", $0.destination) })
    }

    func testCornersKeepTheirSizeAndEdgesStretchToFill() {
        let image = regionImage()
        let pieces = NineSlice.pieces(of: image, in: Rect(x: 10, y: 20, width: 100, height: 30), scale: 1)
        XCTAssertEqual(pieces.count, 9)
        let rects = destinations(pieces)
        XCTAssertEqual(rects["00"], Rect(x: 10, y: 20, width: 2, height: 2))
        XCTAssertEqual(rects["20"], Rect(x: 108, y: 20, width: 2, height: 2))
        XCTAssertEqual(rects["02"], Rect(x: 10, y: 48, width: 2, height: 2))
        XCTAssertEqual(rects["22"], Rect(x: 108, y: 48, width: 2, height: 2))
        XCTAssertEqual(rects["10"], Rect(x: 12, y: 20, width: 96, height: 2), "the top edge stretches across")
        XCTAssertEqual(rects["01"], Rect(x: 10, y: 22, width: 2, height: 26), "the left edge stretches down")
        XCTAssertEqual(rects["11"], Rect(x: 12, y: 22, width: 96, height: 26), "the centre stretches both ways")
        XCTAssertEqual(pieces.first { $0.column == 1 && $0.row == 1 }?.source, Rect(x: 2, y: 2, width: 2, height: 2))
    }

    func testCapsAreInPointsSoScaleTwoDrawsAOneXImagesCornersTwiceAsLarge() {
        let rects = destinations(NineSlice.pieces(of: regionImage(), in: Rect(x: 0, y: 0, width: 200, height: 60), scale: 2))
        XCTAssertEqual(rects["00"], Rect(x: 0, y: 0, width: 4, height: 4))
        XCTAssertEqual(rects["22"], Rect(x: 196, y: 56, width: 4, height: 4))
        XCTAssertEqual(rects["11"], Rect(x: 4, y: 4, width: 192, height: 52))
    }

    func testATwoXImageAtScaleOneHasCapsOfItsPointSize() {
        // 2-pixel caps of a 2x image are one point: one canvas pixel at scale 1, two at scale 2.
        let image = regionImage(scale: 2)
        XCTAssertEqual(image.size, Size(width: 3, height: 3))
        XCTAssertEqual(destinations(NineSlice.pieces(of: image, in: Rect(x: 0, y: 0, width: 50, height: 20), scale: 1))["00"],
                       Rect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(destinations(NineSlice.pieces(of: image, in: Rect(x: 0, y: 0, width: 50, height: 20), scale: 2))["00"],
                       Rect(x: 0, y: 0, width: 2, height: 2))
    }

    func testInsetsLargerThanTheRectangleShrinkBothCapsInProportionAndDropTheCentre() {
        let image = makeImage(width: 10, height: 10, caps: EdgeInsets(top: 2, left: 3, bottom: 2, right: 1)) { _, _ in (1, 2, 3, 255) }
        let pieces = NineSlice.pieces(of: image, in: Rect(x: 0, y: 0, width: 2, height: 40), scale: 1)
        XCTAssertFalse(pieces.contains { $0.column == 1 }, "no room for the centre column")
        let rects = destinations(pieces)
        // Caps of 3 and 1 in 2 pixels: 3/4 of 2 is 1 (rounded down), the rest 1.
        XCTAssertEqual(rects["00"], Rect(x: 0, y: 0, width: 1, height: 2))
        XCTAssertEqual(rects["20"], Rect(x: 1, y: 0, width: 1, height: 2))
        XCTAssertEqual(pieces.map(\.destination).reduce(0) { $0 + $1.width * $1.height }, 2 * 40, "every pixel once")
    }

    func testZeroInsetsStretchTheWholeImageAsOnePiece() {
        let image = makeImage(width: 4, height: 3) { _, _ in (1, 2, 3, 255) }
        let pieces = NineSlice.pieces(of: image, in: Rect(x: 5, y: 5, width: 40, height: 12), scale: 2)
        XCTAssertEqual(pieces, [NineSlice.Piece(source: Rect(x: 0, y: 0, width: 4, height: 3),
                                                destination: Rect(x: 5, y: 5, width: 40, height: 12), column: 1, row: 1)])
    }

    func testInsetsWiderThanTheImageShrinkToFitItAndTheCentreStretchesWhereTheCapsMeet() {
        let image = makeImage(width: 4, height: 4, caps: EdgeInsets(top: 3, left: 4, bottom: 3, right: 4)) { _, _ in (1, 2, 3, 255) }
        let pieces = NineSlice.pieces(of: image, in: Rect(x: 0, y: 0, width: 30, height: 30), scale: 1)
        let rects = destinations(pieces)
        XCTAssertEqual(rects["00"], Rect(x: 0, y: 0, width: 2, height: 2), "4 + 4 in 4 pixels: 2 each")
        XCTAssertEqual(rects["22"], Rect(x: 28, y: 28, width: 2, height: 2))
        XCTAssertEqual(pieces.first { $0.column == 1 && $0.row == 1 }?.source, Rect(x: 1, y: 1, width: 2, height: 2))
    }

    func testBadInsetsCountAsZeroAndBadRectanglesDrawNothing() {
        let odd = makeImage(width: 4, height: 4, caps: EdgeInsets(top: -.infinity, left: .nan, bottom: -3, right: 0)) { _, _ in (1, 2, 3, 255) }
        XCTAssertEqual(NineSlice.pieces(of: odd, in: Rect(x: 0, y: 0, width: 30, height: 30), scale: 1).count, 1)
        XCTAssertEqual(NineSlice.pieces(of: odd, in: Rect(x: .nan, y: 0, width: 30, height: 30), scale: 1), [])
        XCTAssertEqual(NineSlice.pieces(of: odd, in: Rect(x: 0, y: 0, width: 30, height: 30), scale: .infinity), [])
        XCTAssertNil(NineSlice.rasterize(odd, in: Rect(x: 0, y: 0, width: 1e12, height: 1e12), scale: 1,
                                         within: Rect(x: 0, y: 0, width: 1e12, height: 1e12)))
    }

    func testAFractionalRectangleIsCutOnWholePixelsWithNoSeamOrOverlap() {
        let pieces = NineSlice.pieces(of: regionImage(), in: Rect(x: 10.4, y: 3.6, width: 57.3, height: 21.7), scale: 1.5)
        var covered = Set<Int>()
        for piece in pieces {
            let d = piece.destination
            XCTAssertEqual(d, d.integral, "\(d) is on whole pixels")
            for y in Int(d.minY)..<Int(d.maxY) {
                for x in Int(d.minX)..<Int(d.maxX) { XCTAssertTrue(covered.insert(y * 1000 + x).inserted, "(\(x), \(y)) twice") }
            }
        }
        // 10.4...67.7 rounds to 10...68, 3.6...25.3 to 4...25.
        XCTAssertEqual(covered.count, 58 * 21)
    }
}

/// The resampled pixels: corners as drawn, edges stretched, nothing bleeding between pieces,
/// a one-pixel line sharp at scale 1 and 2.
final class NineSliceRasterTests: XCTestCase {
    private func raster(_ image: StretchableImage, _ rect: Rect, scale: Double) -> NineSlice.Raster {
        NineSlice.rasterize(image, in: rect, scale: scale, within: rect)!
    }

    func testCornersAreCopiedPixelForPixelAndEachPieceTakesOnlyItsOwnColours() {
        let out = raster(regionImage(), Rect(x: 0, y: 0, width: 40, height: 17), scale: 1)
        XCTAssertTrue(out.pixel(x: 0, y: 0) == (0, 0, 255, 255), "the corner's own pixel, once")
        XCTAssertTrue(out.pixel(x: 1, y: 0) == (10, 10, 0, 255))
        for y in 0..<17 {
            for x in 0..<40 {
                guard x > 0 || y > 0 else { continue }
                let column: UInt8 = x < 2 ? 10 : x < 38 ? 20 : 30, row: UInt8 = y < 2 ? 10 : y < 15 ? 20 : 30
                let pixel = out.pixel(x: x, y: y)
                XCTAssertTrue(pixel == (column, row, 0, 255), "(\(x), \(y)) is \(pixel), not its piece's (\(column), \(row))")
            }
        }
    }

    func testAOneXImageAtScaleTwoKeepsAOnePixelLineSharpAsTwoPixels() {
        // A 1-pixel dark line along the top of a light image, inside its 3-pixel cap.
        let image = makeImage(width: 8, height: 8, caps: EdgeInsets(all: 3)) { _, y in y == 0 ? (40, 40, 40, 255) : (250, 250, 250, 255) }
        let out = raster(image, Rect(x: 0, y: 0, width: 60, height: 30), scale: 2)
        for x in 0..<60 {
            XCTAssertTrue(out.pixel(x: x, y: 0) == (40, 40, 40, 255) && out.pixel(x: x, y: 1) == (40, 40, 40, 255), "column \(x)")
            XCTAssertTrue(out.pixel(x: x, y: 2) == (250, 250, 250, 255), "column \(x): no blur under the line")
        }
    }

    func testATwoXImageAtScaleOneAveragesEachTwoByTwoBlockSoItsTwoPixelLineStaysOnePixel() {
        let image = makeImage(width: 16, height: 16, scale: 2, caps: EdgeInsets(all: 4)) { x, _ in
            x < 2 ? (0, 0, 0, 255) : x < 4 ? (200, 100, 0, 255) : (255, 255, 255, 255)
        }
        let out = raster(image, Rect(x: 0, y: 0, width: 30, height: 20), scale: 1)
        for y in 0..<20 {
            XCTAssertTrue(out.pixel(x: 0, y: y) == (0, 0, 0, 255), "row \(y)")
            XCTAssertTrue(out.pixel(x: 1, y: y) == (200, 100, 0, 255), "row \(y)")
            XCTAssertTrue(out.pixel(x: 2, y: y) == (255, 255, 255, 255), "row \(y)")
        }
    }

    func testAStretchedCentreInterpolatesBetweenItsOwnPixelsOnly() {
        // Caps of 1: the centre's two columns are 100 and 200; the caps are 0 and 255.
        let image = makeImage(width: 4, height: 1, caps: EdgeInsets(top: 0, left: 1, bottom: 0, right: 1)) { x, _ in
            let value: UInt8 = [0, 100, 200, 255][x]
            return (value, value, value, 255)
        }
        let out = raster(image, Rect(x: 0, y: 0, width: 22, height: 1), scale: 1)
        XCTAssertEqual(out.pixel(x: 1, y: 0).red, 100, "the centre's first pixel, not mixed with the cap")
        XCTAssertEqual(out.pixel(x: 20, y: 0).red, 200, "the centre's last pixel, not mixed with the cap")
        let reds = (1...20).map { out.pixel(x: $0, y: 0).red }
        XCTAssertEqual(reds, reds.sorted(), "a ramp")
        XCTAssertTrue(reds.contains { $0 > 100 && $0 < 200 }, "smooth, not a step")
    }

    func testTilingRepeatsTheCentreAtItsOwnSize() {
        let image = makeImage(width: 4, height: 1, caps: EdgeInsets(top: 0, left: 1, bottom: 0, right: 1), mode: .tile) { x, _ in
            let value: UInt8 = [0, 100, 200, 255][x]
            return (value, value, value, 255)
        }
        let out = raster(image, Rect(x: 0, y: 0, width: 10, height: 1), scale: 1)
        XCTAssertEqual((0..<10).map { out.pixel(x: $0, y: 0).red }, [0, 100, 200, 100, 200, 100, 200, 100, 200, 255])
    }

    func testTranslucentPixelsArePremultipliedAndOnlyTheClippedPartIsMade() {
        let image = makeImage(width: 2, height: 2) { _, _ in (200, 100, 50, 128) }
        XCTAssertTrue(image.pixels.pixel(x: 1, y: 1) == (100, 50, 25, 128))
        let out = NineSlice.rasterize(image, in: Rect(x: 0, y: 0, width: 100, height: 100), scale: 1,
                                      within: Rect(x: 90, y: 10, width: 50, height: 5))!
        XCTAssertEqual([out.x, out.y, out.width, out.height], [90, 10, 10, 5])
        XCTAssertTrue(out.pixel(x: 95, y: 12) == (100, 50, 25, 128))
        XCTAssertNil(NineSlice.rasterize(image, in: Rect(x: 0, y: 0, width: 100, height: 100), scale: 1,
                                         within: Rect(x: 200, y: 0, width: 5, height: 5)))
    }
}

/// The image value: pixels refused when they do not make an image, identity instead of pixel
/// comparison.
final class StretchableImageTests: XCTestCase {
    func testBytesThatDoNotMakeTheImageAreRefusedNotTrapped() {
        XCTAssertNil(ImagePixels(width: 2, height: 2, rgba: [0, 0, 0], premultiplied: false))
        XCTAssertNil(ImagePixels(width: 0, height: 2, rgba: [], premultiplied: false))
        XCTAssertNil(ImagePixels(width: -1, height: -4, rgba: [0, 0, 0, 0], premultiplied: true))
        XCTAssertNil(ImagePixels(width: 5000, height: 5000, rgba: [], premultiplied: true))
        // A premultiplied colour above its alpha is clamped to it.
        XCTAssertTrue(ImagePixels(width: 1, height: 1, rgba: [200, 10, 90, 50], premultiplied: true)!.pixel(x: 0, y: 0) == (50, 10, 50, 50))
    }

    func testEqualityIsByThePixelsIdentityAndTheCapsNotByThePixelsContent() {
        let a = makeImage(width: 2, height: 2) { _, _ in (1, 2, 3, 255) }
        let b = makeImage(width: 2, height: 2) { _, _ in (1, 2, 3, 255) }
        XCTAssertNotEqual(a.pixels.identity, b.pixels.identity)
        XCTAssertNotEqual(a, b, "the same bytes made twice are two images")
        XCTAssertEqual(a, a.resizableImage(withCapInsets: .zero))
        XCTAssertNotEqual(a, a.resizableImage(withCapInsets: EdgeInsets(all: 1)))
        XCTAssertNotEqual(a, a.resizableImage(withCapInsets: .zero, resizingMode: .tile))
        XCTAssertEqual(StretchableImage(pixels: a.pixels, scale: -3).scale, 1)
    }
}

/// UIKit's `background` and `disabledBackground` on a field: which border styles draw them, the
/// disabled swap, repaint on change.
final class FieldBackgroundTests: XCTestCase {
    private let paper = makeImage(width: 12, height: 12, caps: EdgeInsets(all: 4)) { _, _ in (250, 245, 230, 255) }
    private let grey = makeImage(width: 12, height: 12, caps: EdgeInsets(all: 4)) { _, _ in (230, 230, 230, 255) }

    private func appearance(_ field: TextField, scale: Double = 1) -> FieldAppearance {
        field.layOut(width: 300, metrics: MaterialMetrics(scale: scale), measurer: sharedMeasurer)
        return field.appearance(at: 0, origin: Point(x: 5, y: 7), scheme: .light, showsCaret: false)!
    }

    func testThePlainStylesButTheRoundedRectangleDrawTheImageInPlaceOfTheirBorder() {
        for border in BorderStyle.allCases {
            let field = makeField(.plain(border), label: "", text: "x")
            field.background = paper
            let drawn = appearance(field)
            if border == .roundedRect {
                XCTAssertNil(drawn.backgroundImage, "UIKit: a rounded rect ignores the background image")
                XCTAssertNil(field.drawnBackground(in: .light))
                XCTAssertFalse(drawn.shapes.isEmpty, "it keeps its border")
            } else {
                let container = field.layout!.container.offsetBy(dx: 5, dy: 7)
                XCTAssertEqual(drawn.backgroundImage, ImageFill(image: paper, rect: container, scale: 1), "\(border)")
                XCTAssertEqual(drawn.shapes, [], "\(border): the image replaces the border")
                XCTAssertEqual(field.drawnBackground(in: .light)?.role, .background)
            }
        }
    }

    /// The painter's own rule, for a style that hands it an image whatever the border.
    func testThePlainPainterDrawsAnImageItIsGivenButForTheRoundedRectangle() {
        let container = Rect(x: 3, y: 4, width: 200, height: 36)
        for border in BorderStyle.allCases {
            let context = ContainerPaintContext(container: container, colors: FieldColors.resolve(scheme: .light, state: .normal),
                                                scheme: .light, metrics: MaterialMetrics(scale: 2), backgroundImage: paper)
            let paint = PlainBorderPainter(border: border).paint(context)
            if border == .roundedRect {
                XCTAssertNil(paint.image)
                XCTAssertFalse(paint.shapes.isEmpty)
            } else {
                XCTAssertEqual(paint.image, ImageFill(image: paper, rect: container, scale: 2), "\(border)")
                XCTAssertEqual(paint.shapes, [], "\(border)")
            }
        }
    }

    func testInHighContrastTheImageGivesWayToTheBorderAsTheAppsColoursDo() {
        let field = makeField(.plain(.line), label: "", text: "x")
        field.background = paper
        field.layOut(width: 300, metrics: MaterialMetrics(), measurer: sharedMeasurer)
        for scheme in [ColorScheme.highContrastLight, .highContrastDark] {
            let drawn = field.appearance(at: 0, origin: .zero, scheme: scheme, showsCaret: false)!
            XCTAssertNil(drawn.backgroundImage)
            XCTAssertFalse(drawn.shapes.isEmpty, "the line is drawn")
            XCTAssertNil(field.drawnBackground(in: scheme))
        }
        XCTAssertNotNil(field.appearance(at: 0, origin: .zero, scheme: .dark, showsCaret: false)!.backgroundImage)
    }

    func testMaterialAndRAGFieldsIgnoreIt() {
        for style in [FieldStyle.filled, .outlined, .rag] {
            let field = makeField(style, text: "x")
            let before = appearance(field)
            field.background = paper
            XCTAssertNil(field.drawnBackground(in: .light))
            XCTAssertEqual(appearance(field), before, style.name)
        }
    }

    func testADisabledFieldShowsItsDisabledBackgroundOrElseItsBackground() {
        let field = makeField(.plain(.none), label: "", text: "x")
        field.background = paper
        field.disabledBackground = grey
        XCTAssertEqual(appearance(field).backgroundImage?.image, paper)
        field.isEnabled = false
        XCTAssertEqual(appearance(field).backgroundImage?.image, grey)
        XCTAssertEqual(field.drawnBackground(in: .light)?.role, .disabledBackground)
        field.disabledBackground = nil
        XCTAssertEqual(appearance(field).backgroundImage?.image, paper, "disabled with no disabledBackground: background")
        XCTAssertEqual(field.drawnBackground(in: .light)?.role, .background)
    }

    func testADisabledBackgroundAloneIsIgnored() {
        let field = makeField(.plain(.line), label: "", text: "x", enabled: false)
        field.disabledBackground = grey
        XCTAssertNil(appearance(field).backgroundImage)
        XCTAssertNil(field.drawnBackground(in: .light))
        XCTAssertFalse(appearance(field).shapes.isEmpty, "the line is drawn")
    }

    func testTheImageIsDrawnAtTheSceneScaleInTheContainer() {
        let field = makeField(.plain(.bezel), label: "", text: "x")
        field.background = paper
        let drawn = appearance(field, scale: 2)
        XCTAssertEqual(drawn.backgroundImage?.scale, 2)
        XCTAssertEqual(drawn.backgroundImage?.rect.height, 72, "the 36 pt container at scale 2")
    }

    func testSettingEitherImageRepaintsTheFieldWithinItsBoundsOnly() {
        let field = makeField(.plain(.none), label: "", text: "x")
        var invalidations: [TextField.Invalidation] = []
        field.invalidationHandler = { _, kind in invalidations.append(kind) }
        let before = appearance(field)
        field.background = paper
        XCTAssertEqual(invalidations.count, 1)
        XCTAssertTrue(invalidations.allSatisfy { if case .appearance = $0 { return true } else { return false } })
        let after = appearance(field)
        XCTAssertEqual(after.damage(since: before), after.bounds.integral, "the field's own bounds")
        field.background = paper
        XCTAssertEqual(invalidations.count, 1, "the same image again changes nothing")
        field.disabledBackground = grey
        XCTAssertEqual(invalidations.count, 2)
        XCTAssertNil(appearance(field).damage(since: after), "an enabled field's disabledBackground does not show")
    }

    func testAnImageSetOnAFieldOnScreenRepaintsThatFieldAlone() {
        let first = TextField(identifier: "a", style: .plain(.line), placeholder: "A")
        let second = TextField(identifier: "b", style: .plain(.line), placeholder: "B")
        let scene = FieldScene(fields: [first, second], scheme: .light)
        scene.resize(to: Size(width: 400, height: 300), measurer: sharedMeasurer)
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 0)
        second.background = paper
        let canvas = RecordingCanvas()
        let regions = scene.advanceAndRender(on: canvas, at: 0.1)
        let frame = scene.frame(of: second)!
        XCTAssertEqual(regions.count, 1, "\(regions)")
        XCTAssertTrue(regions.allSatisfy { $0.intersection(frame).height > 0 }, "\(regions)")
        XCTAssertNil(regions.first { $0.intersection(scene.frame(of: first)!).height > 0 }, "the other field is not redrawn: \(regions)")
        XCTAssertEqual(canvas.images.map(\.image), [paper])
        XCTAssertEqual(scene.advanceAndRender(on: RecordingCanvas(), at: 0.2), [], "nothing more")
    }

    func testTheRendererDrawsTheImageBeforeEverythingElse() {
        let field = makeField(.plain(.none), label: "", placeholder: "Write here")
        field.background = paper
        let canvas = RecordingCanvas()
        FieldRenderer.draw(appearance(field), on: canvas)
        guard case .image(let image, let rect, let scale)? = canvas.commands.first else {
            return XCTFail("first command: \(String(describing: canvas.commands.first))")
        }
        XCTAssertEqual(image, paper)
        XCTAssertEqual(rect, field.layout!.container.offsetBy(dx: 5, dy: 7))
        XCTAssertEqual(scale, 1)
        XCTAssertEqual(canvas.images.count, 1)
        XCTAssertEqual(canvas.texts.map(\.text), ["Write here"])
    }
}
