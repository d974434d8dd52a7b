/// Something drawn over a `FieldScene`'s fields, such as the `FieldInspector`. The scene asks it
/// for its content at every render and compares that with what is on screen, so an overlay
/// repaints only the layers that changed and costs nothing while it is unchanged.
public protocol SceneOverlay: AnyObject {
    /// What the overlay shows at `time`, in window pixels.
    /// - Parameter frame: the number the frame being drawn will have (`FieldScene.drawnFrameCount`
    ///   once it is drawn), so an overlay may show it without forcing a repaint of its own.
    func content(of scene: FieldScene, frame: Int, at time: Double, measurer: TextMeasuring) -> OverlayContent
}

/// An overlay at one instant: layers drawn in order over everything else. Two equal contents draw
/// the same pixels.
public struct OverlayContent: Equatable, Sendable {
    public var layers: [OverlayLayer]

    public init(layers: [OverlayLayer] = []) { self.layers = layers }

    public static let empty = OverlayContent()

    /// Adds to `damage` the bounds of every layer that is not drawn the same in both contents.
    /// Layers are matched by position first (the common case: one layer changed), then anywhere.
    func addDamage(since previous: OverlayContent, to damage: inout DamageRegion) {
        guard self != previous else { return }
        for (index, layer) in layers.enumerated()
        where !(index < previous.layers.count && previous.layers[index] == layer) && !previous.layers.contains(layer) {
            damage.add(layer.bounds)
        }
        for (index, layer) in previous.layers.enumerated()
        where !(index < layers.count && layers[index] == layer) && !layers.contains(layer) {
            damage.add(layer.bounds)
        }
    }
}

/// Shapes and then text, clipped to `bounds`: the unit an overlay is repainted by.
public struct OverlayLayer: Equatable, Sendable {
    /// Every pixel the layer may touch; its drawing is clipped to it.
    public var bounds: Rect
    public var shapes: [ShapeFill]
    public var texts: [TextRun]

    public init(bounds: Rect, shapes: [ShapeFill] = [], texts: [TextRun] = []) {
        self.bounds = bounds; self.shapes = shapes; self.texts = texts
    }

    public func draw(on canvas: Canvas) {
        canvas.pushClip(bounds)
        for shape in shapes { canvas.fill(shape.path, color: shape.color) }
        for run in texts { canvas.drawText(run.text, at: run.origin, font: run.font, color: run.color) }
        canvas.popClip()
    }
}
