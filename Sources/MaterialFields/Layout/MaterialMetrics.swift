/// Material's numbers for text fields, in pixels at scale 1 (see DESIGN.md). Multiplying by
/// `scale` gives HiDPI sizes.
public struct MaterialMetrics: Equatable, Sendable {
    public var scale: Double

    public init(scale: Double = 1) { self.scale = scale }

    public var containerHeight: Double { 56 * scale }
    public var horizontalPadding: Double { 16 * scale }
    public var cornerRadius: Double { 4 * scale }
    /// Space on each side of a floating label inside the outline's notch.
    public var notchPadding: Double { 4 * scale }
    public var inputFont: FontSpec { FontSpec(pixelSize: 16 * scale) }
    public var inputLineHeight: Double { 24 * scale }
    public var restingLabelFont: FontSpec { FontSpec(pixelSize: 16 * scale) }
    public var floatingLabelFont: FontSpec { FontSpec(pixelSize: 12 * scale) }
    public var floatingLabelLineHeight: Double { 16 * scale }
    /// Filled: the top of the floating label sits this far below the container top.
    public var filledFloatingLabelTop: Double { 8 * scale }
    public var strokeWidth: Double { 1 * scale }
    public var focusedStrokeWidth: Double { 2 * scale }
    public var caretWidth: Double { 2 * scale }
}
