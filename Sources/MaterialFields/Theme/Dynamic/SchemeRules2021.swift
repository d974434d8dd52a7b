/// How one role of a dynamic scheme gets its tone: a palette and a tone per theme, and what the
/// tone must keep against its background (a contrast ratio; a minimum distance from its partner
/// in a pair, on one side of it). The rules are those of the 2021 spec for the tonal-spot
/// variant, at standard contrast (the ratios of its contrast curves at contrast level 0).
struct RoleRule {
    enum Background { case role(ColorRole), highestSurface }

    /// Two roles kept `delta` tones apart: container and accent (`nearer`: the container sits
    /// nearer the surface's tone), fixed and fixed-dim (`lighter`: the fixed role the lighter).
    struct TonePair {
        enum Polarity { case nearer, lighter }
        var a: ColorRole, b: ColorRole
        var delta: Double
        var polarity: Polarity
        /// Both move when the farther one would land in the tones 50..<60.
        var stayTogether: Bool
    }

    var palette: DynamicScheme.Palettes.Kind
    var light: Double
    var dark: Double
    /// A surface something is drawn on: kept out of the tones 50..<60, which suit neither light
    /// nor dark text.
    var isBackground = false
    var background: Background?
    /// A second surface the role must also read on (the on-fixed roles, on fixed and fixed-dim).
    var secondBackground: ColorRole?
    /// The contrast ratio wanted against `background` (and `secondBackground`).
    var contrast = 1.0
    var pair: TonePair?
}

enum SchemeRules2021 {
    static func rule(_ role: ColorRole) -> RoleRule { rules[role] ?? RoleRule(palette: .neutral, light: 0, dark: 0) }

    private static let rules: [ColorRole: RoleRule] = {
        typealias Rule = RoleRule
        func surface(_ light: Double, _ dark: Double, _ palette: DynamicScheme.Palettes.Kind = .neutral) -> Rule {
            Rule(palette: palette, light: light, dark: dark, isBackground: true)
        }
        func on(_ palette: DynamicScheme.Palettes.Kind, _ light: Double, _ dark: Double, _ background: Rule.Background,
                _ contrast: Double, second: ColorRole? = nil) -> Rule {
            Rule(palette: palette, light: light, dark: dark, background: background, secondBackground: second,
                 contrast: contrast)
        }
        /// An accent and its container, kept 10 apart with the container nearer the surface.
        func accent(_ palette: DynamicScheme.Palettes.Kind, _ light: Double, _ dark: Double, contrast: Double,
                    container: ColorRole, accent: ColorRole) -> Rule {
            Rule(palette: palette, light: light, dark: dark, isBackground: true, background: .highestSurface,
                 contrast: contrast, pair: .init(a: container, b: accent, delta: 10, polarity: .nearer, stayTogether: false))
        }
        /// A fixed role (the same in both themes) and its dim partner, 10 apart, the fixed one lighter.
        func fixed(_ palette: DynamicScheme.Palettes.Kind, _ tone: Double, fixed: ColorRole, dim: ColorRole) -> Rule {
            Rule(palette: palette, light: tone, dark: tone, isBackground: true, background: .highestSurface,
                 contrast: 1, pair: .init(a: fixed, b: dim, delta: 10, polarity: .lighter, stayTogether: true))
        }
        var rules: [ColorRole: Rule] = [
            .background: surface(98, 6), .onBackground: on(.neutral, 10, 90, .role(.background), 3),
            .surface: surface(98, 6), .surfaceDim: surface(87, 6), .surfaceBright: surface(98, 24),
            .surfaceContainerLowest: surface(100, 4), .surfaceContainerLow: surface(96, 10),
            .surfaceContainer: surface(94, 12), .surfaceContainerHigh: surface(92, 17),
            .surfaceContainerHighest: surface(90, 22),
            .onSurface: on(.neutral, 10, 90, .highestSurface, 7),
            .surfaceVariant: surface(90, 30, .neutralVariant),
            .onSurfaceVariant: on(.neutralVariant, 30, 80, .highestSurface, 4.5),
            .inverseSurface: surface(20, 90), .inverseOnSurface: on(.neutral, 95, 20, .role(.inverseSurface), 7),
            .outline: on(.neutralVariant, 50, 60, .highestSurface, 3),
            .outlineVariant: on(.neutralVariant, 80, 30, .highestSurface, 1),
            .shadow: Rule(palette: .neutral, light: 0, dark: 0), .scrim: Rule(palette: .neutral, light: 0, dark: 0),
            .surfaceTint: surface(40, 80, .primary),
            .inversePrimary: on(.primary, 80, 40, .role(.inverseSurface), 4.5),
        ]
        let families: [(DynamicScheme.Palettes.Kind, ColorRole, ColorRole, ColorRole, ColorRole)] = [
            (.primary, .primary, .onPrimary, .primaryContainer, .onPrimaryContainer),
            (.secondary, .secondary, .onSecondary, .secondaryContainer, .onSecondaryContainer),
            (.tertiary, .tertiary, .onTertiary, .tertiaryContainer, .onTertiaryContainer),
            (.error, .error, .onError, .errorContainer, .onErrorContainer),
        ]
        for (palette, main, onMain, container, onContainer) in families {
            rules[main] = accent(palette, 40, 80, contrast: 4.5, container: container, accent: main)
            rules[onMain] = on(palette, 100, 20, .role(main), 7)
            rules[container] = accent(palette, 90, 30, contrast: 1, container: container, accent: main)
            rules[onContainer] = on(palette, 30, 90, .role(container), 4.5)
        }
        let fixedFamilies: [(DynamicScheme.Palettes.Kind, ColorRole, ColorRole, ColorRole, ColorRole)] = [
            (.primary, .primaryFixed, .primaryFixedDim, .onPrimaryFixed, .onPrimaryFixedVariant),
            (.secondary, .secondaryFixed, .secondaryFixedDim, .onSecondaryFixed, .onSecondaryFixedVariant),
            (.tertiary, .tertiaryFixed, .tertiaryFixedDim, .onTertiaryFixed, .onTertiaryFixedVariant),
        ]
        for (palette, fixedRole, dim, onFixed, onFixedVariant) in fixedFamilies {
            rules[fixedRole] = fixed(palette, 90, fixed: fixedRole, dim: dim)
            rules[dim] = fixed(palette, 80, fixed: fixedRole, dim: dim)
            rules[onFixed] = on(palette, 10, 10, .role(dim), 7, second: fixedRole)
            rules[onFixedVariant] = on(palette, 30, 30, .role(dim), 4.5, second: fixedRole)
        }
        return rules
    }()
}

/// Resolves the roles' tones in one theme by their rules: a role's own tone, moved where it
/// lacks the contrast it needs against its background (to the nearest tone that has it, on the
/// side the background prefers), kept out of 50..<60 if it is a background itself, kept its
/// distance from its pair partner, and for a role on two backgrounds, readable on both.
struct ToneResolver {
    let isDark: Bool
    private let rules: (ColorRole) -> RoleRule
    private var resolved: [ColorRole: Double] = [:]

    /// - Parameter rules: the 2021 spec's (a test changes some to see the resolver at work).
    init(isDark: Bool, rules: @escaping (ColorRole) -> RoleRule = SchemeRules2021.rule) {
        self.isDark = isDark
        self.rules = rules
    }

    private func rule(_ role: ColorRole) -> RoleRule { rules(role) }

    private func nominal(_ role: ColorRole) -> Double { isDark ? rule(role).dark : rule(role).light }

    private func backgroundRole(_ role: ColorRole) -> ColorRole? {
        switch rule(role).background {
        case .role(let background): background
        case .highestSurface: isDark ? .surfaceBright : .surfaceDim
        case nil: nil
        }
    }

    mutating func tone(of role: ColorRole) -> Double {
        if let tone = resolved[role] { return tone }
        let tone = rule(role).pair.map { pairedTone(of: role, in: $0) } ?? singleTone(of: role)
        resolved[role] = tone
        return tone
    }

    private mutating func pairedTone(of role: ColorRole, in pair: RoleRule.TonePair) -> Double {
        // Which of the two sits nearer the surface's tone: the container of an accent; the
        // lighter fixed role in the light theme, the darker in the dark one.
        let aIsNearer = pair.polarity == .nearer || !isDark
        let nearer = aIsNearer ? pair.a : pair.b, farther = aIsNearer ? pair.b : pair.a
        let outward: Double = isDark ? 1 : -1
        var nearTone = nominal(nearer), farTone = nominal(farther)
        if let background = backgroundRole(role) {
            let backgroundTone = tone(of: background)
            let nearContrast = rule(nearer).contrast, farContrast = rule(farther).contrast
            if ToneContrast.ratio(backgroundTone, nearTone) < nearContrast {
                nearTone = ToneContrast.foreground(on: backgroundTone, ratio: nearContrast)
            }
            if ToneContrast.ratio(backgroundTone, farTone) < farContrast {
                farTone = ToneContrast.foreground(on: backgroundTone, ratio: farContrast)
            }
        }
        if (farTone - nearTone) * outward < pair.delta {
            farTone = min(max(nearTone + pair.delta * outward, 0), 100)
            if (farTone - nearTone) * outward < pair.delta {
                nearTone = min(max(farTone - pair.delta * outward, 0), 100)
            }
        }
        // Out of 50..<60: 60 going lighter (dark theme), 49 going darker.
        func moveNearOut() {
            nearTone = isDark ? 60 : 49
            farTone = isDark ? max(farTone, nearTone + pair.delta) : min(farTone, nearTone - pair.delta)
        }
        if (50..<60).contains(nearTone) {
            moveNearOut()
        } else if (50..<60).contains(farTone) {
            if pair.stayTogether { moveNearOut() } else { farTone = isDark ? 60 : 49 }
        }
        return role == nearer ? nearTone : farTone
    }

    private mutating func singleTone(of role: ColorRole) -> Double {
        let rule = rule(role)
        var answer = nominal(role)
        guard let background = backgroundRole(role) else { return answer }
        let backgroundTone = tone(of: background)
        if ToneContrast.ratio(backgroundTone, answer) < rule.contrast {
            answer = ToneContrast.foreground(on: backgroundTone, ratio: rule.contrast)
        }
        if rule.isBackground && (50..<60).contains(answer) {
            answer = ToneContrast.ratio(49, backgroundTone) >= rule.contrast ? 49 : 60
        }
        guard let second = rule.secondBackground else { return answer }
        let first = backgroundTone, other = tone(of: second)
        let upper = max(first, other), lower = min(first, other)
        if ToneContrast.ratio(upper, answer) >= rule.contrast && ToneContrast.ratio(lower, answer) >= rule.contrast {
            return answer
        }
        let lighter = ToneContrast.lighter(than: upper, ratio: rule.contrast)
        let darker = ToneContrast.darker(than: lower, ratio: rule.contrast)
        if ToneContrast.prefersLightForeground(first) || ToneContrast.prefersLightForeground(other) {
            return lighter ?? 100
        }
        if let lighter, darker == nil { return lighter }
        return darker ?? 0
    }
}
