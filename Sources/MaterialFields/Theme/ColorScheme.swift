/// The Material 2 baseline colours a field is painted from.
public struct ColorScheme: Equatable, Sendable {
    public var primary: Color
    public var surface: Color
    public var onSurface: Color
    public var error: Color

    public init(primary: Color, surface: Color, onSurface: Color, error: Color) {
        self.primary = primary; self.surface = surface; self.onSurface = onSurface; self.error = error
    }

    public static let light = ColorScheme(primary: Color(hex: 0x6200EE), surface: Color(hex: 0xFFFFFF),
                                          onSurface: Color(hex: 0x000000), error: Color(hex: 0xB00020))
    public static let dark = ColorScheme(primary: Color(hex: 0xBB86FC), surface: Color(hex: 0x121212),
                                         onSurface: Color(hex: 0xFFFFFF), error: Color(hex: 0xCF6679))
}

/// The colours of one field in one state, from DESIGN.md's per-state table.
public struct FieldColors: Equatable, Sendable {
    public var inputText: Color
    public var restingLabel: Color
    public var floatingLabel: Color
    public var placeholder: Color
    public var assistiveText: Color
    public var icon: Color
    public var container: Color
    public var underline: Color
    public var activeIndicator: Color
    public var outline: Color
    public var activeOutline: Color
    public var caret: Color
    public var selection: Color
    /// Disabled filled fields draw their underline dotted.
    public var dottedUnderline: Bool

    /// - Parameters:
    ///   - isHovered: the pointer is over an enabled field that is not being edited.
    ///   - isInError: the error theme: floating label, assistive text, underline, outline,
    ///     indicator and caret take the error colour (DESIGN.md).
    public static func resolve(scheme: ColorScheme, state: FieldState, isHovered: Bool = false,
                               isInError: Bool = false) -> FieldColors {
        let on = scheme.onSurface
        switch state {
        case .disabled:
            return FieldColors(inputText: on.withAlpha(0.38), restingLabel: on.withAlpha(0.38),
                               floatingLabel: on.withAlpha(0.38), placeholder: on.withAlpha(0.38),
                               assistiveText: on.withAlpha(0.38), icon: on.withAlpha(0.38),
                               container: on.withAlpha(0.04), underline: on.withAlpha(0.38),
                               activeIndicator: on.withAlpha(0.38), outline: on.withAlpha(0.12),
                               activeOutline: on.withAlpha(0.12), caret: .clear,
                               selection: .clear, dottedUnderline: true)
        case .normal, .editing:
            let hovered = isHovered && state == .normal
            var colors = FieldColors(
                inputText: on.withAlpha(0.87), restingLabel: on.withAlpha(0.60),
                floatingLabel: state == .editing ? scheme.primary.withAlpha(0.87) : on.withAlpha(0.60),
                placeholder: on.withAlpha(0.60), assistiveText: on.withAlpha(0.60), icon: on.withAlpha(0.60),
                container: on.withAlpha(hovered ? 0.16 : 0.12),
                underline: on.withAlpha(hovered ? 0.87 : 0.42), activeIndicator: scheme.primary,
                outline: on.withAlpha(hovered ? 0.87 : 0.38), activeOutline: scheme.primary,
                caret: scheme.primary, selection: scheme.primary.withAlpha(0.24), dottedUnderline: false)
            if isInError {
                colors.floatingLabel = scheme.error
                colors.assistiveText = scheme.error
                colors.underline = scheme.error
                colors.activeIndicator = scheme.error
                colors.outline = scheme.error
                colors.activeOutline = scheme.error
                colors.caret = scheme.error
            }
            return colors
        }
    }

    /// Every colour blended toward `other`, for a field easing into or out of error.
    public func interpolated(to other: FieldColors, fraction t: Double) -> FieldColors {
        if t <= 0 { return self }
        if t >= 1 { return other }
        return FieldColors(
            inputText: inputText.interpolated(to: other.inputText, fraction: t),
            restingLabel: restingLabel.interpolated(to: other.restingLabel, fraction: t),
            floatingLabel: floatingLabel.interpolated(to: other.floatingLabel, fraction: t),
            placeholder: placeholder.interpolated(to: other.placeholder, fraction: t),
            assistiveText: assistiveText.interpolated(to: other.assistiveText, fraction: t),
            icon: icon.interpolated(to: other.icon, fraction: t),
            container: container.interpolated(to: other.container, fraction: t),
            underline: underline.interpolated(to: other.underline, fraction: t),
            activeIndicator: activeIndicator.interpolated(to: other.activeIndicator, fraction: t),
            outline: outline.interpolated(to: other.outline, fraction: t),
            activeOutline: activeOutline.interpolated(to: other.activeOutline, fraction: t),
            caret: caret.interpolated(to: other.caret, fraction: t),
            selection: selection.interpolated(to: other.selection, fraction: t),
            dottedUnderline: t < 0.5 ? dottedUnderline : other.dottedUnderline)
    }
}

extension Color {
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
}
