/// Material's numbers for text fields, in pixels at scale 1 (see DESIGN.md). Multiplying by
/// `scale` gives HiDPI sizes.
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

    public var horizontalPadding: Double { 16 * scale }
    /// Between an icon and the text.
    public var iconTextGap: Double { 12 * scale }
    public var iconSize: Double { 24 * scale }
    /// Material's icon font at the icon size: a glyph fills the 24 px box.
    public var iconFont: FontSpec { FontSpec(pixelSize: 24 * scale, family: .icons) }
    /// Icons sit this far in from the container's edge.
    public var iconEdgeInset: Double { 12 * scale }
    /// Between the clear button and a trailing icon beside it.
    public var clearButtonGap: Double { 8 * scale }
    /// Between a prefix or suffix and the text.
    public var affixGap: Double { 2 * scale }
    public var cornerRadius: Double { 4 * scale }
    /// Space on each side of a floating label inside the outline's notch.
    public var notchPadding: Double { 4 * scale }
    public var inputFont: FontSpec { FontSpec(pixelSize: 16 * scale) }
    public var inputLineHeight: Double { 24 * scale }
    public var restingLabelFont: FontSpec { FontSpec(pixelSize: 16 * scale) }
    public var floatingLabelFont: FontSpec { FontSpec(pixelSize: 12 * scale) }
    public var floatingLabelLineHeight: Double { 16 * scale }
    public var assistiveFont: FontSpec { FontSpec(pixelSize: 12 * scale) }
    public var assistiveLineHeight: Double { 16 * scale }
    /// Between the container's bottom and the assistive row.
    public var assistiveGap: Double { 4 * scale }
    // Lines are whole pixels at any scale: a 1.5 px underline would be smeared over two rows.
    public var strokeWidth: Double { Self.wholePixels(1 * scale) }
    public var focusedStrokeWidth: Double { Self.wholePixels(2 * scale) }
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

    private static func wholePixels(_ width: Double) -> Double { max(1, width.rounded()) }
    /// One wheel step scrolls this far.
    public var wheelStep: Double { 48 * scale }
}
