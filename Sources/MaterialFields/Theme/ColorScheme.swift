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
    public var container: Color
    public var underline: Color
    public var activeIndicator: Color
    public var outline: Color
    public var activeOutline: Color
    public var caret: Color
    public var selection: Color
    /// Disabled filled fields draw their underline dotted.
    public var dottedUnderline: Bool

    public static func resolve(scheme: ColorScheme, state: FieldState) -> FieldColors {
        let on = scheme.onSurface
        switch state {
        case .disabled:
            return FieldColors(inputText: on.withAlpha(0.38), restingLabel: on.withAlpha(0.38),
                               floatingLabel: on.withAlpha(0.38), placeholder: on.withAlpha(0.38),
                               container: on.withAlpha(0.04), underline: on.withAlpha(0.38),
                               activeIndicator: on.withAlpha(0.38), outline: on.withAlpha(0.12),
                               activeOutline: on.withAlpha(0.12), caret: .clear,
                               selection: .clear, dottedUnderline: true)
        case .normal, .editing:
            return FieldColors(inputText: on.withAlpha(0.87), restingLabel: on.withAlpha(0.60),
                               floatingLabel: state == .editing ? scheme.primary.withAlpha(0.87) : on.withAlpha(0.60),
                               placeholder: on.withAlpha(0.60), container: on.withAlpha(0.12),
                               underline: on.withAlpha(0.42), activeIndicator: scheme.primary,
                               outline: on.withAlpha(0.38), activeOutline: scheme.primary,
                               caret: scheme.primary, selection: scheme.primary.withAlpha(0.24),
                               dottedUnderline: false)
        }
    }
}

extension Color {
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
}
