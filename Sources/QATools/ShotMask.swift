import MaterialFields
import XftHost

/// How one shot is judged against its golden: its own tolerance (nil: the golden set's) and the
/// rectangles masked in it, in the shot's pixels. `ScriptRunner.currentShot` holds the one being
/// taken, for a screenshot handler.
public struct ShotCheck: Equatable {
    public var tolerance: ImageTolerance?
    public var masks: [PixelBounds]

    public init(tolerance: ImageTolerance? = nil, masks: [PixelBounds] = []) {
        self.tolerance = tolerance; self.masks = masks
    }

    /// No tolerance of its own (the golden set's applies) and no masks.
    public static let plain = ShotCheck()
}

/// Turns a `ShotSpec`'s ids, margin and masks into window pixels for a scene as it is now.
public struct ShotGeometry {
    /// The window box to capture; nil is the whole window.
    public var region: QAScript.PixelRect?
    /// The masks, in the captured image's pixels (clipped to it; masks wholly outside it are dropped).
    public var masks: [PixelBounds]

    struct Failure: Error { var message: String }

    /// Resolves `spec` in `scene`, whose window is `windowWidth` x `windowHeight` pixels. An id
    /// no field or region has fails with the catalog's "did you mean"; an element not wholly in
    /// the window fails too (its shot would be cut off); a margin stops at the window's edges.
    public static func resolve(_ spec: ShotSpec, in scene: FieldScene, windowWidth: Int, windowHeight: Int) throws -> ShotGeometry {
        let window = Rect(x: 0, y: 0, width: Double(windowWidth), height: Double(windowHeight))
        var shotFields: [TextField] = []
        var region: QAScript.PixelRect?
        switch spec.subject {
        case .window:
            region = nil
        case .pixels(let box):
            region = box
        case .elements(let ids, let margin):
            var union = Rect.zero
            for id in ids {
                let frame: Rect
                if let field = scene.fields.first(where: { $0.identifier == id }) {
                    guard let outer = scene.outerFrame(of: field) else {
                        throw Failure(message: "screenshot: \(id) is not laid out (the window may be too small)")
                    }
                    shotFields.append(field)
                    frame = outer
                } else if let section = scene.region(named: id) {
                    frame = section
                } else {
                    throw Failure(message: "screenshot: " + unknownMessage(id, in: scene))
                }
                let pixels = wholePixels(frame)
                guard pixels.minX >= 0, pixels.minY >= 0, pixels.maxX <= window.maxX, pixels.maxY <= window.maxY, !pixels.isEmpty else {
                    let page = "\(windowWidth)x\(ScriptRunner.pixels(scene.scroll.contentHeight.rounded(.up)))"
                    throw Failure(message: "screenshot: \(id) (\(describe(pixels))) is not wholly inside the "
                        + "\(windowWidth)x\(windowHeight) window: scroll a field into view (`focus ID`, `--focus`) or make the "
                        + "window larger (`resize`, `--size`; the whole page is \(page))")
                }
                union = union.union(pixels)
            }
            // Points, scaled as every Material dimension is, on whole pixels.
            let air = (margin * scene.metrics.scale).rounded()
            let framed = union.insetBy(dx: -air, dy: -air).intersection(window)
            region = QAScript.PixelRect(x: Int(framed.minX), y: Int(framed.minY), width: Int(framed.width), height: Int(framed.height))
            if let refusal = ScriptRunner.screenshotRefusal("the \(framed.width)x\(framed.height) region of \(ids.joined(separator: " "))",
                                                          width: Int(framed.width), height: Int(framed.height)) {
                throw Failure(message: "screenshot: \(refusal)")
            }
        }
        let shot = region.map { Rect(x: Double($0.x), y: Double($0.y), width: Double($0.width), height: Double($0.height)) } ?? window
        var masks: [PixelBounds] = []
        for mask in spec.masks {
            for rect in try windowRects(of: mask, shotFields: shotFields, in: scene) {
                let clipped = wholePixels(rect).intersection(shot)
                guard !clipped.isEmpty else { continue }
                masks.append(PixelBounds(minX: Int(clipped.minX - shot.minX), minY: Int(clipped.minY - shot.minY),
                                         maxX: Int(clipped.maxX - shot.minX) - 1, maxY: Int(clipped.maxY - shot.minY) - 1))
            }
        }
        return ShotGeometry(region: region, masks: masks)
    }

    /// The window rectangles a mask covers (none when the part is not there now, as a caret
    /// outside editing).
    static func windowRects(of mask: ShotSpec.Mask, shotFields: [TextField], in scene: FieldScene) throws -> [Rect] {
        var fields: [TextField]
        if let id = mask.id {
            if let field = scene.fields.first(where: { $0.identifier == id }) {
                fields = [field]
            } else if let section = scene.region(named: id) {
                guard mask.part == nil else {
                    throw Failure(message: "screenshot: mask \(mask.description): \(id) is a section; parts are a field's")
                }
                return [section]
            } else {
                // A misspelt part (`mask carret`) reads as an id: offer the part when it is the nearer.
                let ids = scene.fields.map(\.identifier) + scene.regionNames
                let distance = { (candidate: String) in ScriptRunner.editDistance(candidate, id) }
                if mask.part == nil, let part = QAScript.nearest(id, among: ShotSpec.Part.allCases.map(\.rawValue)),
                   ids.allSatisfy({ distance($0) > distance(part) }) {
                    throw Failure(message: "screenshot: mask '\(id)': no part or field has that name; did you mean the part '\(part)'? "
                        + "(parts: \(ShotSpec.Part.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                throw Failure(message: "screenshot: mask: " + unknownMessage(id, in: scene))
            }
        } else if !shotFields.isEmpty {
            fields = shotFields
        } else if let focused = scene.focusedField {
            fields = [focused]
        } else {
            throw Failure(message: "screenshot: mask \(mask.description): the shot names no field and none is focused; "
                + "say whose it is (mask ID:\(mask.description))")
        }
        var rects: [Rect] = []
        for field in fields {
            guard let part = mask.part else {
                if let outer = scene.outerFrame(of: field) { rects.append(outer) }
                continue
            }
            let wanted: Set<FieldInspector.Part>
            switch part {
            case .caret: wanted = [.caret]
            case .text: wanted = [.text]
            case .label: wanted = [.restingLabel, .floatingLabel]
            case .assistive: wanted = [.assistiveRow]
            case .icons: wanted = [.leadingIcon, .trailingIcon, .clearButton]
            case .affixes: wanted = [.affix]
            }
            // A pixel more on each side: the caret's and glyphs' anti-aliased edges.
            rects += scene.partFrames(of: field).filter { wanted.contains($0.part) }.map { $0.rect.insetBy(dx: -1, dy: -1) }
        }
        return rects
    }

    static func unknownMessage(_ id: String, in scene: FieldScene) -> String {
        let message = ScriptRunner.unknownFieldMessage(id, among: scene.fields.map(\.identifier) + scene.regionNames)
        return scene.regionNames.isEmpty ? message : message + " (sections: \(scene.regionNames.joined(separator: ", ")))"
    }

    /// The smallest rectangle of whole pixels holding `rect`.
    static func wholePixels(_ rect: Rect) -> Rect {
        let left = rect.minX.rounded(.down), top = rect.minY.rounded(.down)
        return Rect(x: left, y: top, width: rect.maxX.rounded(.up) - left, height: rect.maxY.rounded(.up) - top)
    }

    static func describe(_ rect: Rect) -> String {
        "\(ScriptRunner.pixels(rect.minX)) \(ScriptRunner.pixels(rect.minY)) \(ScriptRunner.pixels(rect.width)) \(ScriptRunner.pixels(rect.height))"
    }

    /// `image` with every mask painted in `ShotSpec.maskColor`, so the PNG written (and a golden
    /// recorded from it) shows reviewers what is not judged.
    public static func painting(_ masks: [PixelBounds], on image: RGBAImage) -> RGBAImage {
        guard !masks.isEmpty, image.pixels.count == image.width * image.height * 4 else { return image }
        var image = image
        let color = ShotSpec.maskColor
        for mask in masks {
            let minX = max(0, mask.minX), maxX = min(image.width - 1, mask.maxX)
            let minY = max(0, mask.minY), maxY = min(image.height - 1, mask.maxY)
            guard minX <= maxX, minY <= maxY else { continue }
            for y in minY...maxY {
                for x in minX...maxX {
                    let offset = (y * image.width + x) * 4
                    image.pixels[offset] = color.red
                    image.pixels[offset + 1] = color.green
                    image.pixels[offset + 2] = color.blue
                    image.pixels[offset + 3] = color.alpha
                }
            }
        }
        return image
    }
}
