/// A designer's overlay for a `FieldScene` (the catalog's F12): every visible field's layout
/// frames outlined in a colour per kind of part, and a panel in the bottom-right corner (another
/// one when it would hide the field it describes) about the hovered field, else the focused one:
/// its id, state, label position, how far its animations have run, its frames in window pixels,
/// the frame counter and a legend of the colours.
///
/// It reads the layout the renderer draws from, so an outline off its ink is a layout bug, not
/// an inspector one.
public final class FieldInspector: SceneOverlay {
    /// The kinds of frame outlined, each in its own colour.
    public enum Part: String, CaseIterable, Sendable {
        case container, restingLabel, floatingLabel, text, affix, assistiveRow, leadingIcon, trailingIcon, clearButton, caret

        /// Saturated hues of middle lightness: they read on the white and the #121212 surfaces,
        /// on a filled container's grey and on the panel, and none is a scheme's primary or error.
        public var color: Color {
            switch self {
            case .container: return Color(hex: 0xFF6D00)
            case .restingLabel: return Color(hex: 0x2979FF)
            case .floatingLabel: return Color(hex: 0x00B8D4)
            case .text: return Color(hex: 0x00C853)
            case .affix: return Color(hex: 0xAFB42B)
            case .assistiveRow: return Color(hex: 0xFFAB00)
            case .leadingIcon: return Color(hex: 0xD500F9)
            case .trailingIcon: return Color(hex: 0xF50057)
            case .clearButton: return Color(hex: 0xA1887F)
            case .caret: return Color(hex: 0xFF1744)
            }
        }

        /// The word the panel's legend shows in the part's colour.
        public var legendName: String {
            switch self {
            case .container: return "container"
            case .restingLabel: return "resting"
            case .floatingLabel: return "floating"
            case .text: return "text"
            case .affix: return "affix"
            case .assistiveRow: return "assistive"
            case .leadingIcon: return "leading"
            case .trailingIcon: return "trailing"
            case .clearButton: return "clear"
            case .caret: return "caret"
            }
        }
    }

    /// One outlined frame, in window pixels.
    public struct Outline: Equatable, Sendable {
        public var part: Part
        public var rect: Rect
    }

    /// The panel's colours: a dark card in both themes, so the legend's hues read the same on it.
    static let panelBackground = Color(hex: 0x263238)
    static let panelBorder = Color(hex: 0x78909C)
    static let panelKey = Color(hex: 0xB0BEC5)
    static let panelValue = Color(hex: 0xFFFFFF)
    /// In high contrast: a black card with a white border and light grey keys (15.9:1); a part's
    /// hue marks a swatch before its word, which is drawn in the keys' grey, since no hue of the
    /// legend reaches 7:1 as text.
    static let highContrastPanelBackground = Color(hex: 0x000000)
    static let highContrastPanelBorder = Color(hex: 0xFFFFFF)
    static let highContrastPanelKey = Color(hex: 0xE0E0E0)

    public init() {}

    // MARK: Outlines

    /// The frames of `field`'s parts with its container's top-left at `origin`, on whole pixels:
    /// container, both label placements, the text band, prefix and suffix, the assistive row, the
    /// icon and clear-button slots the layout reserves, and the caret while the field is edited
    /// (widened by a stroke on each side: an outline inside a 2 px caret would cover it).
    public static func outlines(of field: TextField, origin: Point, measurer: TextMeasuring) -> [Outline] {
        guard let layout = field.layout else { return [] }
        func place(_ rect: Rect) -> Rect { snapped(rect.offsetBy(dx: origin.x, dy: origin.y)) }
        func box(_ placement: LabelPlacement) -> Rect {
            let metrics = measurer.lineMetrics(for: placement.font)
            return place(Rect(x: placement.origin.x, y: placement.origin.y - metrics.ascent, width: placement.width,
                              height: metrics.ascent + metrics.descent))
        }
        var outlines = [Outline(part: .container, rect: place(layout.container))]
        if let resting = layout.restingLabel { outlines.append(Outline(part: .restingLabel, rect: box(resting))) }
        if let floating = layout.floatingLabel { outlines.append(Outline(part: .floatingLabel, rect: box(floating))) }
        outlines.append(Outline(part: .text, rect: place(layout.textLine)))
        for affix in [layout.prefix, layout.suffix].compactMap({ $0 }) { outlines.append(Outline(part: .affix, rect: box(affix))) }
        if let row = layout.assistiveRow { outlines.append(Outline(part: .assistiveRow, rect: place(row))) }
        if let icon = layout.leadingIcon { outlines.append(Outline(part: .leadingIcon, rect: place(icon))) }
        if let icon = layout.trailingIcon { outlines.append(Outline(part: .trailingIcon, rect: place(icon))) }
        if let button = layout.clearButton { outlines.append(Outline(part: .clearButton, rect: place(button))) }
        if field.isFocused, let caret = field.caretRect {
            let stroke = layout.metrics.strokeWidth
            outlines.append(Outline(part: .caret, rect: place(caret).insetBy(dx: -stroke, dy: -stroke)))
        }
        return outlines.filter { !$0.rect.isEmpty }
    }

    /// The nearest whole-pixel rectangle, so a 1 px outline is one crisp pixel, not two half ones.
    static func snapped(_ rect: Rect) -> Rect {
        let left = rect.minX.rounded(), top = rect.minY.rounded()
        return Rect(x: left, y: top, width: rect.maxX.rounded() - left, height: rect.maxY.rounded() - top)
    }

    /// A frame of `width` just inside `rect`.
    static func frame(_ rect: Rect, width: Double) -> Path {
        .roundedRectangleStroke(rect, radii: CornerRadii(all: 0), width: width)
    }

    // MARK: Content

    public func content(of scene: FieldScene, frame: Int, at time: Double, measurer: TextMeasuring) -> OverlayContent {
        let window = Rect(x: 0, y: 0, width: scene.size.width, height: scene.size.height)
        guard !window.isEmpty else { return .empty }
        var layers: [OverlayLayer] = []
        for field in scene.fields {
            guard let origin = scene.frame(of: field), let layout = field.layout,
                  layout.paintBounds.offsetBy(dx: origin.minX, dy: origin.minY).intersects(window) else { continue }
            let outlines = Self.outlines(of: field, origin: Point(x: origin.minX, y: origin.minY), measurer: measurer)
            guard !outlines.isEmpty else { continue }
            let stroke = layout.metrics.strokeWidth
            layers.append(OverlayLayer(
                bounds: outlines.dropFirst().reduce(outlines[0].rect) { $0.union($1.rect) }.integral,
                shapes: outlines.map { ShapeFill(path: Self.frame($0.rect, width: stroke), color: $0.part.color) }))
        }
        layers.append(panel(in: scene, frame: frame, at: time, measurer: measurer))
        return OverlayContent(layers: layers)
    }

    /// A run of text in one font and colour, placed along a panel line, after a square of
    /// `swatch` when it has one.
    private struct Segment {
        var text: String
        var font: FontSpec
        var color: Color
        var swatch: Color?
    }

    private func panel(in scene: FieldScene, frame: Int, at time: Double, measurer: TextMeasuring) -> OverlayLayer {
        let scale = scene.metrics.scale
        let font = FontSpec(pixelSize: 12 * scale), bold = FontSpec(pixelSize: 12 * scale, weight: .medium)
        let lineHeight = 16 * scale, padding = 8 * scale, margin = 8 * scale, gap = 8 * scale
        let swatchSize = (8 * scale).rounded(), swatchGap = 4 * scale
        let isHighContrast = scene.scheme.contrast == .high
        let panelKey = isHighContrast ? Self.highContrastPanelKey : Self.panelKey
        /// A part's word: in its hue, or in high contrast in the keys' grey after a swatch of it.
        func partSegment(_ text: String, _ part: Part, font: FontSpec) -> Segment {
            isHighContrast ? Segment(text: text, font: font, color: panelKey, swatch: part.color)
                : Segment(text: text, font: font, color: part.color)
        }
        func width(_ segment: Segment) -> Double {
            (segment.swatch == nil ? 0 : swatchSize + swatchGap) + measurer.advance(of: segment.text, font: segment.font)
        }

        var rows: [(key: Segment, value: String)] = []
        var title: [Segment]
        let inspected = scene.hoveredField ?? scene.focusedField
        if let field = inspected {
            let role = field === scene.hoveredField ? "hovered" : "focused"
            title = [Segment(text: field.identifier, font: bold, color: Self.panelValue),
                     Segment(text: "  \(role)", font: font, color: panelKey)]
            func percent(_ value: Double) -> String { "\(Int(((value.isFinite ? min(max(value, 0), 1) : 0) * 100).rounded()))%" }
            func numbers(_ rect: Rect) -> String {
                // Clamped before converting: an app's layout may place a field anywhere finite.
                let rounded = [rect.minX, rect.minY, rect.width, rect.height].map { Int(min(max($0, -1e9), 1e9).rounded()) }
                return "\(rounded[0]), \(rounded[1]), \(rounded[2]) × \(rounded[3])"
            }
            func key(_ text: String) -> Segment { Segment(text: text, font: font, color: panelKey) }
            rows.append((key("state"), field.state.rawValue + (field.isInError ? " (error)" : "")))
            rows.append((key("label"), field.labelPosition.rawValue))
            rows.append((key("motion"), "float \(percent(field.labelFloatProgress(at: time)))"
                            + "  activation \(percent(field.activationProgress(at: time)))"))
            if let origin = scene.frame(of: field) {
                let outlines = Self.outlines(of: field, origin: Point(x: origin.minX, y: origin.minY), measurer: measurer)
                for (part, key) in [(Part.container, "container"), (.text, "text"), (.restingLabel, "resting"),
                                    (.floatingLabel, "floating")] {
                    if let outline = outlines.first(where: { $0.part == part }) {
                        rows.append((partSegment(key, part, font: font), numbers(outline.rect)))
                    }
                }
            }
        } else {
            title = [Segment(text: "Point at or focus a field", font: bold, color: Self.panelValue)]
        }
        rows.append((Segment(text: "frame", font: font, color: panelKey), "\(frame)"))

        let keyWidth = (rows.map { width($0.key) }.max() ?? 0) + gap
        var lines: [[(x: Double, segment: Segment)]] = []
        func line(_ segments: [Segment], from start: Double = 0) -> [(x: Double, segment: Segment)] {
            var x = start
            return segments.map { segment in
                defer { x += width(segment) }
                return (x, segment)
            }
        }
        lines.append(line(title))
        for row in rows {
            lines.append([(0, row.key), (keyWidth, Segment(text: row.value, font: font, color: Self.panelValue))])
        }
        var legend: [(x: Double, segment: Segment)] = []
        var x = 0.0
        for part in Part.allCases {
            let segment = partSegment(part.legendName, part, font: font)
            legend.append((x, segment))
            x += width(segment) + gap
        }
        lines.append(legend)

        let contentWidth = lines.map { line in line.map { $0.x + width($0.segment) }.max() ?? 0 }.max() ?? 0
        let width = (contentWidth + 2 * padding).rounded(.up), height = (Double(lines.count) * lineHeight + 2 * padding).rounded(.up)
        // Bottom-right, unless that hides the field it describes: then the first corner that does not.
        let left = margin, right = (scene.size.width - margin - width).rounded()
        let top = margin, bottom = (scene.size.height - margin - height).rounded()
        let corners = [(right, bottom), (left, bottom), (right, top), (left, top)].map {
            Rect(x: max(0, $0.0), y: max(0, $0.1), width: width, height: height)
        }
        var covered: Rect?
        if let field = inspected, let origin = scene.frame(of: field), let layout = field.layout {
            covered = layout.paintBounds.offsetBy(dx: origin.minX, dy: origin.minY)
        }
        let box = corners.first { corner in covered.map { !corner.intersects($0) } ?? true } ?? corners[0]
        var texts: [TextRun] = []
        var shapes = [ShapeFill(path: .rectangle(box), color: isHighContrast ? Self.highContrastPanelBackground : Self.panelBackground),
                      ShapeFill(path: Self.frame(box, width: max(1, scale.rounded())),
                                color: isHighContrast ? Self.highContrastPanelBorder : Self.panelBorder)]
        for (index, segments) in lines.enumerated() {
            let top = box.minY + padding + Double(index) * lineHeight
            for (x, segment) in segments {
                var left = (box.minX + padding + x).rounded()
                if let swatch = segment.swatch {
                    let square = Rect(x: left, y: (top + (lineHeight - swatchSize) / 2).rounded(), width: swatchSize, height: swatchSize)
                    shapes.append(ShapeFill(path: .rectangle(square), color: swatch))
                    left = (left + swatchSize + swatchGap).rounded()
                }
                let baseline = FieldLayout.baseline(inLineTop: top, lineHeight: lineHeight, metrics: measurer.lineMetrics(for: segment.font))
                texts.append(TextRun(text: segment.text, origin: Point(x: left, y: baseline), font: segment.font, color: segment.color))
            }
        }
        return OverlayLayer(bounds: box, shapes: shapes, texts: texts)
    }
}
