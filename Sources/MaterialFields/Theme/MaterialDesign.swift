/// Which Material a scheme draws its fields by: Material 2 as MDC iOS draws it, or Material 3 by
/// Material Web's tokens (version v0_192).
public enum MaterialDesign: String, Sendable, Codable, CaseIterable {
    /// Material 2: the baseline colours at DESIGN.md's opacities, MDC iOS's geometry and motion.
    case m2
    /// Material 3: colour roles from a seed (`DynamicScheme`), the M3 component tokens.
    case m3
}

/// Material 3's colour roles, named as Material Web's `md-sys-color` tokens name them.
public enum ColorRole: String, Sendable, Codable, CaseIterable {
    case primary, onPrimary = "on-primary", primaryContainer = "primary-container"
    case onPrimaryContainer = "on-primary-container", inversePrimary = "inverse-primary"
    case secondary, onSecondary = "on-secondary", secondaryContainer = "secondary-container"
    case onSecondaryContainer = "on-secondary-container"
    case tertiary, onTertiary = "on-tertiary", tertiaryContainer = "tertiary-container"
    case onTertiaryContainer = "on-tertiary-container"
    case error, onError = "on-error", errorContainer = "error-container", onErrorContainer = "on-error-container"
    case background, onBackground = "on-background"
    case surface, onSurface = "on-surface", surfaceVariant = "surface-variant", onSurfaceVariant = "on-surface-variant"
    case surfaceDim = "surface-dim", surfaceBright = "surface-bright"
    case surfaceContainerLowest = "surface-container-lowest", surfaceContainerLow = "surface-container-low"
    case surfaceContainer = "surface-container", surfaceContainerHigh = "surface-container-high"
    case surfaceContainerHighest = "surface-container-highest"
    case inverseSurface = "inverse-surface", inverseOnSurface = "inverse-on-surface"
    case outline, outlineVariant = "outline-variant", shadow, scrim, surfaceTint = "surface-tint"
    case primaryFixed = "primary-fixed", primaryFixedDim = "primary-fixed-dim", onPrimaryFixed = "on-primary-fixed"
    case onPrimaryFixedVariant = "on-primary-fixed-variant"
    case secondaryFixed = "secondary-fixed", secondaryFixedDim = "secondary-fixed-dim"
    case onSecondaryFixed = "on-secondary-fixed", onSecondaryFixedVariant = "on-secondary-fixed-variant"
    case tertiaryFixed = "tertiary-fixed", tertiaryFixedDim = "tertiary-fixed-dim"
    case onTertiaryFixed = "on-tertiary-fixed", onTertiaryFixedVariant = "on-tertiary-fixed-variant"
}

/// One colour per Material 3 role: what a seed's scheme resolves to in one theme.
public struct ColorRoles: Equatable, Sendable {
    private var colors: [Color]

    /// Every role in `fill`'s colour.
    public init(fill: Color) { colors = Array(repeating: fill, count: ColorRole.allCases.count) }

    /// Each role in the colour `color(role)` gives it.
    public init(_ color: (ColorRole) -> Color) { colors = ColorRole.allCases.map(color) }

    public subscript(role: ColorRole) -> Color {
        get { colors[Self.index(of: role)] }
        set { colors[Self.index(of: role)] = newValue }
    }

    private static let indices = Dictionary(uniqueKeysWithValues: ColorRole.allCases.enumerated().map { ($1, $0) })

    private static func index(of role: ColorRole) -> Int { indices[role] ?? 0 }
}
