import MaterialFields

// The form's submit button, drawn and driven as app code on the public API: the library has
// fields, not buttons. Its drawing is a `SceneOverlay` (the scene asks for it at every frame,
// compares it with what is on screen and repaints only what changed); `SigninScene` gives it
// the keyboard and the pointer. Its place is the layout's region "submit" (`SigninLayout`).

/// Material 2's contained button: 36 px high, 4 px corners, the primary colour with a label in
/// 14 px medium capitals spaced 1.25 px, 16 px of padding each side, resting at 2 dp of
/// elevation, 4 dp under the pointer or focused, 8 dp pressed, with the on-primary overlay's
/// state opacities (hover 8 %, focus 24 %, pressed 24 %).
final class SubmitButton: SceneOverlay {
    let title: String
    var isHovered = false
    var isPressed = false
    var isFocused = false

    /// Sizes at scale 1.
    static let height = 36.0, cornerRadius = 4.0, padding = 16.0, minimumWidth = 64.0
    static let letterSpacing = 1.25, fontSize = 14.0
    /// The room around the button its shadow may take, at the highest elevation (8 dp).
    static let shadowRoom = 10.0

    init(title: String) { self.title = title }

    var label: String { title.uppercased() }

    static func font(scale: Double) -> FontSpec { FontSpec(pixelSize: fontSize * scale, weight: .medium) }

    /// How wide the button is for its label at `scale`.
    func width(scale: Double, measurer: TextMeasuring) -> Double {
        let font = Self.font(scale: scale)
        let text = label.reduce(0) { $0 + measurer.advance(of: String($1), font: font) }
            + Double(max(0, label.count - 1)) * Self.letterSpacing * scale
        return max(Self.minimumWidth * scale, (text + 2 * Self.padding * scale).rounded(.up))
    }

    /// Everything the button may paint around its rectangle (its shadow included).
    static func paintBounds(of rect: Rect, scale: Double) -> Rect {
        let room = shadowRoom * scale
        return Rect(x: rect.minX - room, y: rect.minY - room, width: rect.width + 2 * room, height: rect.height + 2 * room)
    }

    func content(of scene: FieldScene, frame: Int, at time: Double, measurer: TextMeasuring) -> OverlayContent {
        guard let rect = scene.region(named: "submit") else { return .empty }
        let scale = scene.metrics.scale, primary = scene.scheme.primary
        let focused = isFocused && scene.isWindowFocused
        let elevation = isPressed ? 8.0 : (isHovered || focused) ? 4.0 : 2.0
        let radius = Self.cornerRadius * scale
        var shapes = Self.shadow(of: rect, elevation: elevation * scale, radius: radius)
        shapes.append(ShapeFill(path: .roundedRectangle(rect, radii: CornerRadii(all: radius)), color: primary))
        let onPrimary = Self.onColor(for: primary)
        let overlay = min(0.32, (isHovered ? 0.08 : 0) + (focused ? 0.24 : 0) + (isPressed ? 0.24 : 0))
        if overlay > 0 {
            shapes.append(ShapeFill(path: .roundedRectangle(rect, radii: CornerRadii(all: radius)), color: onPrimary.withAlpha(overlay)))
        }
        // The label centred, a run per letter to space them as Material does.
        let font = Self.font(scale: scale)
        let advances = label.map { measurer.advance(of: String($0), font: font) }
        let spacing = Self.letterSpacing * scale
        let textWidth = advances.reduce(0, +) + Double(max(0, advances.count - 1)) * spacing
        let metrics = measurer.lineMetrics(for: font)
        let baseline = FieldLayout.baseline(inLineTop: rect.minY, lineHeight: rect.height, metrics: metrics)
        var x = rect.minX + (rect.width - textWidth) / 2
        var texts: [TextRun] = []
        for (letter, advance) in zip(label, advances) {
            if !letter.isWhitespace {
                texts.append(TextRun(text: String(letter), origin: Point(x: x.rounded(), y: baseline), font: font, color: onPrimary))
            }
            x += advance + spacing
        }
        return OverlayContent(layers: [OverlayLayer(bounds: Self.paintBounds(of: rect, scale: scale), shapes: shapes, texts: texts)])
    }

    /// A shadow as Material draws one at `elevation` (pixels), approximated without blur: the
    /// key light's umbra under the button and two softer, wider penumbra rings around it.
    static func shadow(of rect: Rect, elevation: Double, radius: Double) -> [ShapeFill] {
        let black = Color(red: 0, green: 0, blue: 0)
        let drop = (elevation / 2).rounded()
        func layer(_ spread: Double, _ alpha: Double) -> ShapeFill {
            let box = rect.insetBy(dx: -spread, dy: -spread).offsetBy(dx: 0, dy: drop)
            return ShapeFill(path: .roundedRectangle(box, radii: CornerRadii(all: radius + spread)), color: black.withAlpha(alpha))
        }
        return [layer(elevation / 2, 0.05), layer(elevation / 4, 0.07), layer(0, 0.12)]
    }

    /// White on a dark primary, black on a light one (Material's on-primary).
    static func onColor(for color: Color) -> Color {
        let luminance = 0.2126 * color.red + 0.7152 * color.green + 0.0722 * color.blue
        return luminance < 0.5 ? Color(red: 1, green: 1, blue: 1) : Color(red: 0, green: 0, blue: 0)
    }
}
