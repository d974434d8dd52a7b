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
    public var leadingAssistiveText: Color
    public var trailingAssistiveText: Color
    public var icon: Color
    public var container: Color
    /// Laid over a filled container under the pointer (Material's hover state layer).
    public var hoverLayer: Color
    public var underline: Color
    public var activeIndicator: Color
    public var outline: Color
    public var activeOutline: Color
    public var caret: Color
    public var selection: Color

    /// - Parameters:
    ///   - isHovered: the pointer is over an enabled field that is not being edited.
    ///   - isInError: the error theme: floating label, leading assistive text, underline, outline,
    ///     indicator and caret take the error colour (DESIGN.md). It wins over `overrides`.
    ///   - overrides: colours the app set per state; unset ones come from `scheme`.
    public static func resolve(scheme: ColorScheme, state: FieldState, isHovered: Bool = false,
                               isInError: Bool = false, overrides: FieldColorOverrides = FieldColorOverrides()) -> FieldColors {
        let on = scheme.onSurface
        var colors: FieldColors
        switch state {
        case .disabled:
            colors = FieldColors(inputText: on.withAlpha(0.38), restingLabel: on.withAlpha(0.38),
                                 floatingLabel: on.withAlpha(0.38), placeholder: on.withAlpha(0.38),
                                 leadingAssistiveText: on.withAlpha(0.38), trailingAssistiveText: on.withAlpha(0.38),
                                 icon: on.withAlpha(0.38), container: on.withAlpha(0.04), hoverLayer: .clear,
                                 underline: on.withAlpha(0.06), activeIndicator: on.withAlpha(0.06),
                                 outline: on.withAlpha(0.06), activeOutline: on.withAlpha(0.06), caret: .clear,
                                 selection: .clear)
        case .normal, .editing:
            let hovered = isHovered && state == .normal
            colors = FieldColors(
                inputText: on.withAlpha(0.87), restingLabel: on.withAlpha(0.60),
                floatingLabel: state == .editing ? scheme.primary.withAlpha(0.87) : on.withAlpha(0.60),
                placeholder: on.withAlpha(0.60), leadingAssistiveText: on.withAlpha(0.60),
                trailingAssistiveText: on.withAlpha(0.60), icon: on.withAlpha(0.60),
                container: on.withAlpha(0.12), hoverLayer: hovered ? on.withAlpha(0.04) : .clear,
                underline: on.withAlpha(hovered ? 0.87 : 0.42), activeIndicator: scheme.primary,
                outline: on.withAlpha(hovered ? 0.87 : 0.38), activeOutline: scheme.primary,
                caret: scheme.primary, selection: scheme.primary.withAlpha(0.24))
        }
        let controlState = ControlState(state)
        if let color = overrides[.floatingLabel, controlState] { colors.floatingLabel = color }
        if let color = overrides[.normalLabel, controlState] { colors.restingLabel = color }
        if let color = overrides[.text, controlState] { colors.inputText = color }
        if let color = overrides[.leadingAssistiveText, controlState] { colors.leadingAssistiveText = color }
        if let color = overrides[.trailingAssistiveText, controlState] { colors.trailingAssistiveText = color }
        if let color = overrides[.filledBackground, controlState] { colors.container = color }
        if let color = overrides[.underline, controlState] {
            colors.underline = color
            if state == .editing { colors.activeIndicator = color }
        }
        if let color = overrides[.outline, controlState] {
            colors.outline = color
            if state == .editing { colors.activeOutline = color }
        }
        if isInError {
            // On any state: a disabled field in error keeps the disabled fading, in the error colour.
            let error = state == .disabled ? scheme.error.withAlpha(0.38) : scheme.error
            colors.floatingLabel = error
            colors.leadingAssistiveText = error
            colors.underline = error
            colors.activeIndicator = error
            colors.outline = error
            colors.activeOutline = error
            if state != .disabled { colors.caret = error }
        }
        return colors
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
            leadingAssistiveText: leadingAssistiveText.interpolated(to: other.leadingAssistiveText, fraction: t),
            trailingAssistiveText: trailingAssistiveText.interpolated(to: other.trailingAssistiveText, fraction: t),
            icon: icon.interpolated(to: other.icon, fraction: t),
            container: container.interpolated(to: other.container, fraction: t),
            hoverLayer: hoverLayer.interpolated(to: other.hoverLayer, fraction: t),
            underline: underline.interpolated(to: other.underline, fraction: t),
            activeIndicator: activeIndicator.interpolated(to: other.activeIndicator, fraction: t),
            outline: outline.interpolated(to: other.outline, fraction: t),
            activeOutline: activeOutline.interpolated(to: other.activeOutline, fraction: t),
            caret: caret.interpolated(to: other.caret, fraction: t),
            selection: selection.interpolated(to: other.selection, fraction: t))
    }
}

extension Color {
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
}
