/// Material 3's dynamic colour: the roles of a scheme generated from one seed colour, as
/// material-color-utilities generates them. Offered: the tonal-spot scheme (Material's default)
/// of the 2021 spec and of the 2025 spec (phone), light and dark, at standard contrast. Checked
/// role by role against the `materialyoucolor` package (DynamicSchemeTests,
/// Scripts/m3_scheme_reference.py).
public enum DynamicScheme {
    /// The version of Material's colour spec a scheme follows.
    public enum Spec: String, Sendable, CaseIterable {
        /// The spec of Material You (Android 12): fixed tones per role.
        case spec2021 = "2021"
        /// Material 3 Expressive's (2025), for phones: tones where the palettes are most
        /// chromatic, text by contrast.
        case spec2025 = "2025"
    }

    /// The six palettes a scheme's roles take their colours from.
    public struct Palettes: Equatable, Sendable {
        public var primary, secondary, tertiary, neutral, neutralVariant, error: TonalPalette

        public init(primary: TonalPalette, secondary: TonalPalette, tertiary: TonalPalette, neutral: TonalPalette,
                    neutralVariant: TonalPalette, error: TonalPalette) {
            self.primary = primary; self.secondary = secondary; self.tertiary = tertiary
            self.neutral = neutral; self.neutralVariant = neutralVariant; self.error = error
        }

        public subscript(kind: Kind) -> TonalPalette {
            switch kind {
            case .primary: primary
            case .secondary: secondary
            case .tertiary: tertiary
            case .neutral: neutral
            case .neutralVariant: neutralVariant
            case .error: error
            }
        }

        public enum Kind: Sendable, CaseIterable { case primary, secondary, tertiary, neutral, neutralVariant, error }
    }

    /// The tonal-spot palettes of `seed`. 2021: the seed's hue at chroma 36 (primary) and 16
    /// (secondary), the hue turned 60° at chroma 24 (tertiary), the seed's hue at 6 (neutral) and
    /// 8 (neutral variant), and a red of hue 25 and chroma 84 (error), whatever the seed and the
    /// theme. 2025: see `spec2025` (the primary's chroma depends on the theme).
    public static func tonalSpotPalettes(seed: Color, isDark: Bool = false, spec: Spec = .spec2021) -> Palettes {
        if spec == .spec2025 { return TonalSpot2025.palettes(seed: seed, isDark: isDark) }
        let hue = Hct(seed).hue
        return Palettes(primary: TonalPalette(hue: hue, chroma: 36), secondary: TonalPalette(hue: hue, chroma: 16),
                        tertiary: TonalPalette(hue: hue + 60, chroma: 24), neutral: TonalPalette(hue: hue, chroma: 6),
                        neutralVariant: TonalPalette(hue: hue, chroma: 8), error: TonalPalette(hue: 25, chroma: 84))
    }

    /// The tonal-spot scheme of `seed` (Material's default), standard contrast: every role of
    /// `ColorRole`. The seed is read opaque, its components clamped to 0...1.
    public static func tonalSpot(seed: Color, isDark: Bool, spec: Spec = .spec2021) -> ColorRoles {
        roles(palettes: tonalSpotPalettes(seed: seed, isDark: isDark, spec: spec), isDark: isDark, spec: spec)
    }

    /// The roles the spec's tonal-spot rules give `palettes` at standard contrast.
    public static func roles(palettes: Palettes, isDark: Bool, spec: Spec = .spec2021) -> ColorRoles {
        switch spec {
        case .spec2021:
            var resolver = ToneResolver(isDark: isDark)
            return ColorRoles { role in palettes[SchemeRules2021.rule(role).palette].tone(resolver.tone(of: role)) }
        case .spec2025:
            var scheme = TonalSpot2025(palettes: palettes, isDark: isDark)
            return ColorRoles { role in scheme.color(of: role) }
        }
    }
}
