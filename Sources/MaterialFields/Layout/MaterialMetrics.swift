/// Material's numbers for text fields at a scale: DESIGN.md's for M2, the M3 tokens
/// (`Material3Tokens`) for M3, picked by `design`; each is a number at scale 1 times `scale`, so
/// HiDPI sizes follow.
public struct MaterialMetrics: Equatable, Sendable {
    /// The HiDPI factor, clamped to `scaleRange`; NaN or infinity means 1.
    public let scale: Double

    public static let scaleRange = 0.25...8.0
    /// Whose numbers: Material 2's (MDC iOS) or Material 3's tokens. A scene sets it from its
    /// scheme's design.
    public var design: MaterialDesign

    public init(scale: Double = 1, design: MaterialDesign = .m2) {
        self.scale = scale.isFinite ? min(max(scale, Self.scaleRange.lowerBound), Self.scaleRange.upperBound) : 1
        self.design = design
    }

    /// The design's numbers at scale 1: DESIGN.md's for M2, `Material3Tokens`' for M3.
    var numbers: DesignNumbers { DesignNumbers.numbers(for: design) }

    /// The text from the container's sides (M3: md.comp.filled-field.leading-space).
    public var horizontalPadding: Double { numbers.horizontalPadding * scale }
    /// Between an icon and the text (M2 12 px; M3 16, md.comp.filled-field.content-space).
    public var iconTextGap: Double { numbers.iconTextGap * scale }
    public var iconSize: Double { numbers.iconSize * scale }
    /// Material's icon font at the icon size: a glyph fills the 24 px box.
    public var iconFont: FontSpec { FontSpec(pixelSize: iconSize, family: .icons) }
    /// Icons sit this far in from the container's edge.
    public var iconEdgeInset: Double { numbers.iconEdgeInset * scale }
    /// Between the clear button and a trailing icon beside it.
    public var clearButtonGap: Double { numbers.clearButtonGap * scale }
    /// Between a prefix or suffix and the text.
    public var affixGap: Double { numbers.affixGap * scale }
    public var cornerRadius: Double { numbers.cornerRadius * scale }
    /// Space on each side of a floating label inside the outline's notch.
    public var notchPadding: Double { numbers.notchPadding * scale }
    public var inputFont: FontSpec { FontSpec(pixelSize: numbers.inputSize * scale) }
    public var inputLineHeight: Double { numbers.inputLineHeight * scale }
    public var restingLabelFont: FontSpec { FontSpec(pixelSize: numbers.restingLabelSize * scale) }
    public var floatingLabelFont: FontSpec { FontSpec(pixelSize: numbers.floatingLabelSize * scale) }
    public var floatingLabelLineHeight: Double { numbers.floatingLabelLineHeight * scale }
    public var assistiveFont: FontSpec { FontSpec(pixelSize: numbers.assistiveSize * scale) }
    public var assistiveLineHeight: Double { numbers.assistiveLineHeight * scale }
    /// Between the container's bottom and the assistive row.
    public var assistiveGap: Double { numbers.assistiveGap * scale }
    /// Between the leading assistive text and the trailing text (the counter) in the row.
    public var assistiveTextGap: Double { numbers.assistiveTextGap * scale }
    // Lines are whole pixels at any scale: a 1.5 px underline would be smeared over two rows.
    public var strokeWidth: Double { Self.wholePixels(numbers.outline.resting * scale) }
    public var focusedStrokeWidth: Double { Self.wholePixels(numbers.outline.focused * scale) }
    public var caretWidth: Double { Self.wholePixels(2 * scale) }
    /// An outline or border thickening from its resting to its focused width as the field
    /// activates (0...1).
    public func strokeWidth(activation: Double) -> Double { strokeWidth + (focusedStrokeWidth - strokeWidth) * activation }
    /// High contrast's focused outline, container edge and indicator: three times the resting
    /// line, so the focused field differs in shape, not only in colour (a greyscale screen, a
    /// colour-blind user).
    public var highContrastFocusedStrokeWidth: Double { Self.wholePixels(3 * scale) }
    /// The focused line's width at `contrast`.
    public func focusedStrokeWidth(for contrast: ColorScheme.Contrast) -> Double {
        contrast == .high ? highContrastFocusedStrokeWidth : focusedStrokeWidth
    }
    /// `strokeWidth(activation:)`, toward the focused width of `contrast`.
    public func strokeWidth(activation: Double, contrast: ColorScheme.Contrast) -> Double {
        strokeWidth + (focusedStrokeWidth(for: contrast) - strokeWidth) * activation
    }

    /// The resting line of `container` (the filled field's active indicator, the outline) in
    /// `state`, hovered or not: M3's per-state tokens (md.comp.filled-text-field.active-indicator.height,
    /// .hover.…, .disabled.…; md.comp.outlined-text-field.outline.width, .hover.…, .disabled.…).
    public func restingLineWidth(_ container: ContainerKind, state: FieldState, isHovered: Bool) -> Double {
        let widths = container == .filled ? numbers.indicator : numbers.outline
        let width = state == .disabled ? widths.disabled : isHovered ? widths.hovered : widths.resting
        return Self.wholePixels(width * scale)
    }

    /// The focused line of `container` at `contrast` (md.comp.filled-text-field.focus.active-indicator.height,
    /// md.comp.outlined-text-field.focus.outline.width; high contrast's three times the resting line).
    public func focusedLineWidth(_ container: ContainerKind, contrast: ColorScheme.Contrast) -> Double {
        if contrast == .high { return highContrastFocusedStrokeWidth }
        return Self.wholePixels((container == .filled ? numbers.indicator : numbers.outline).focused * scale)
    }

    /// These metrics in `design`'s numbers.
    public func withDesign(_ design: MaterialDesign) -> MaterialMetrics {
        var metrics = self
        metrics.design = design
        return metrics
    }

    private static func wholePixels(_ width: Double) -> Double { max(1, width.rounded()) }
    /// One wheel step scrolls this far.
    public var wheelStep: Double { 48 * scale }
}
