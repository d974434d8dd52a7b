/// The controls panel's small drawn parts: text centred on a line, Material's switch, and the
/// choice chips (enabled, or unavailable for an icon mode of a field with no icon).
extension FieldControlsPanel {
    /// Draws `string` with its line box centred on `origin.y`.
    func text(_ string: String, at origin: Point, font: FontSpec, color: Color, on canvas: Canvas) {
        let ascent: Double, descent: Double
        if let measurer {
            let line = measurer.lineMetrics(for: font)
            ascent = line.ascent; descent = line.descent
        } else {
            ascent = font.pixelSize * 0.8; descent = font.pixelSize * 0.2
        }
        canvas.drawText(string, at: Point(x: origin.x.rounded(), y: (origin.y - (ascent + descent) / 2 + ascent).rounded()), font: font,
                        color: color)
    }

    /// Material's switch: a 34 x 14 track and a 20 px thumb, in the primary colour when on.
    func drawSwitch(on: Bool, in row: Rect, canvas: Canvas) {
        let trackWidth = 34 * s, trackHeight = 14 * s, thumb = 10 * s
        let track = Rect(x: row.maxX - trackWidth - 3 * s, y: row.midY - trackHeight / 2, width: trackWidth, height: trackHeight)
        let high = scheme.contrast == .high
        let thumbCentre = Point(x: on ? track.maxX - trackHeight / 2 : track.minX + trackHeight / 2, y: row.midY)
        canvas.fill(.roundedRectangle(track, radii: CornerRadii(all: trackHeight / 2)),
                    color: on ? scheme.primary.withAlpha(high ? 1 : 0.54) : scheme.onSurface.withAlpha(high ? 0.75 : 0.38))
        let thumbColor: Color = on ? scheme.primary : (PopupElevation.isDark(scheme) ? Color(hex: 0xBDBDBD) : Color(hex: 0xFAFAFA))
        if high || !on {
            // The thumb's edge, so an off thumb reads on a light surface and every thumb in high contrast.
            canvas.fill(.circle(center: thumbCentre, radius: thumb + metrics.strokeWidth), color: scheme.onSurface.withAlpha(high ? 1 : 0.38))
        }
        canvas.fill(.circle(center: thumbCentre, radius: thumb), color: thumbColor)
    }

    /// A disabled chip: "no icon", no chevrons, in the disabled colour.
    func drawUnavailableChip(in chip: Rect, canvas: Canvas) {
        // Fainter than an enabled chip's outline (on-surface at 38 %), as Material's disabled outlines are.
        let high = scheme.contrast == .high
        canvas.fill(.roundedRectangleStroke(chip, radii: CornerRadii(all: chip.height / 2), width: metrics.strokeWidth),
                    color: high ? scheme.disabledText : scheme.onSurface.withAlpha(0.12))
        let value = Self.unavailableText
        let width = measurer?.advance(of: value, font: captionFont) ?? Double(value.count) * 6 * s
        text(value, at: Point(x: chip.midX - width / 2, y: chip.midY), font: captionFont, color: scheme.disabledText, on: canvas)
    }

    /// What an unavailable icon mode's chip reads.
    public static let unavailableText = "no icon"

    /// A choice: its value between two chevrons in an outlined chip (the primary outline when focused).
    func drawChip(_ value: String, in chip: Rect, focused: Bool, canvas: Canvas) {
        let high = scheme.contrast == .high
        let outline = focused ? scheme.primary : scheme.onSurface.withAlpha(high ? 1 : 0.38)
        canvas.fill(.roundedRectangleStroke(chip, radii: CornerRadii(all: chip.height / 2),
                                            width: focused || high ? 2 * metrics.strokeWidth : metrics.strokeWidth), color: outline)
        let arrow = 4 * s, inset = 12 * s
        let color = scheme.mediumEmphasisText.withAlpha(high ? 1 : scheme.mediumEmphasisText.alpha)
        let y = chip.midY
        canvas.fill(Path(contours: [[Point(x: chip.minX + inset, y: y), Point(x: chip.minX + inset + arrow, y: y - arrow),
                                      Point(x: chip.minX + inset + arrow, y: y + arrow)]]), color: color)
        canvas.fill(Path(contours: [[Point(x: chip.maxX - inset, y: y), Point(x: chip.maxX - inset - arrow, y: y - arrow),
                                      Point(x: chip.maxX - inset - arrow, y: y + arrow)]]), color: color)
        let width = measurer?.advance(of: value, font: captionFont) ?? Double(value.count) * 6 * s
        text(value, at: Point(x: chip.midX - width / 2, y: y), font: captionFont, color: scheme.highEmphasisText, on: canvas)
    }
}
