/// The tonal-spot scheme of the 2025 spec (phone), at standard contrast: its palettes and how
/// each role gets its tone. Against 2021: a little less chroma in the primary (26 dark, 32
/// light) and neutrals (5, and 8.5 for the neutral variant), the tertiary's hue turned by the
/// seed's hue range, an error palette whose hue follows the seed's, surfaces tinted more the
/// higher they are (chroma multipliers), accents at the tone where their palette is most
/// chromatic, containers 5 tones beyond them, text from the contrast it needs rather than fixed
/// tones, and fixed-dim roles 5 under fixed ones.
struct TonalSpot2025 {
    let palettes: DynamicScheme.Palettes
    let isDark: Bool
    private var resolved: [ColorRole: Double] = [:]
    private var bestTones: [String: Double] = [:]

    init(palettes: DynamicScheme.Palettes, isDark: Bool) {
        self.palettes = palettes
        self.isDark = isDark
    }

    static func palettes(seed: Color, isDark: Bool) -> DynamicScheme.Palettes {
        let hue = Hct(seed).hue
        // The tertiary turns by a rotation per range of the seed's hue; the error's hue is one
        // of three reds per range.
        let tertiaryHue = hue + piecewise(hue, breakpoints: [0, 20, 71, 161, 333, 360], values: [-40, 48, -32, 40, -32])
        let errorHue = piecewise(hue, breakpoints: [0, 3, 13, 23, 33, 43, 153, 273, 360],
                                 values: [12, 22, 32, 12, 22, 32, 22, 12])
        return DynamicScheme.Palettes(
            primary: TonalPalette(hue: hue, chroma: isDark ? 26 : 32), secondary: TonalPalette(hue: hue, chroma: 16),
            tertiary: TonalPalette(hue: tertiaryHue, chroma: 28), neutral: TonalPalette(hue: hue, chroma: 5),
            neutralVariant: TonalPalette(hue: hue, chroma: 5 * 1.7), error: TonalPalette(hue: errorHue, chroma: 60))
    }

    /// The value of the range of `breakpoints` that `hue` falls in.
    private static func piecewise(_ hue: Double, breakpoints: [Double], values: [Double]) -> Double {
        for index in 0..<min(breakpoints.count - 1, values.count)
        where hue >= breakpoints[index] && hue < breakpoints[index + 1] {
            return ColorScience.sanitizedDegrees(values[index])
        }
        return hue
    }

    static func isYellow(_ hue: Double) -> Bool { hue >= 105 && hue < 125 }

    mutating func color(of role: ColorRole) -> Color {
        let palette = palettes[paletteKind(of: role)]
        return Hct(hue: palette.hue, chroma: palette.chroma * chromaMultiplier(of: role), tone: tone(of: role)).toColor()
    }

    private func paletteKind(of role: ColorRole) -> DynamicScheme.Palettes.Kind {
        switch role {
        case .primary, .onPrimary, .primaryContainer, .onPrimaryContainer, .inversePrimary, .surfaceTint,
             .primaryFixed, .primaryFixedDim, .onPrimaryFixed, .onPrimaryFixedVariant: .primary
        case .secondary, .onSecondary, .secondaryContainer, .onSecondaryContainer, .secondaryFixed,
             .secondaryFixedDim, .onSecondaryFixed, .onSecondaryFixedVariant: .secondary
        case .tertiary, .onTertiary, .tertiaryContainer, .onTertiaryContainer, .tertiaryFixed,
             .tertiaryFixedDim, .onTertiaryFixed, .onTertiaryFixedVariant: .tertiary
        case .error, .onError, .errorContainer, .onErrorContainer: .error
        default: .neutral
        }
    }

    private func chromaMultiplier(of role: ColorRole) -> Double {
        switch role {
        case .surfaceDim: isDark ? 1 : 1.7
        case .surfaceBright: isDark ? 1.7 : 1
        case .surfaceContainerLow: 1.25
        case .surfaceContainer: 1.4
        case .surfaceContainerHigh: 1.5
        case .surfaceContainerHighest, .surfaceVariant, .onSurface, .onBackground, .onSurfaceVariant, .outline,
             .outlineVariant: 1.7
        default: 1
        }
    }

    mutating func tone(of role: ColorRole) -> Double {
        if let tone = resolved[role] { return tone }
        let tone = computeTone(of: role)
        resolved[role] = tone
        return tone
    }

    private var highestSurface: ColorRole { isDark ? .surfaceBright : .surfaceDim }

    private mutating func computeTone(of role: ColorRole) -> Double {
        let yellow = Self.isYellow(palettes.neutral.hue)
        switch role {
        // Surfaces: fixed tones (yellows a little lighter in the light theme).
        case .surface, .background: return isDark ? 4 : (yellow ? 99 : 98)
        case .surfaceDim: return isDark ? 4 : (yellow ? 90 : 87)
        case .surfaceBright: return isDark ? 18 : (yellow ? 99 : 98)
        case .surfaceContainerLowest: return isDark ? 0 : 100
        case .surfaceContainerLow: return isDark ? 6 : (yellow ? 98 : 96)
        case .surfaceContainer: return isDark ? 9 : (yellow ? 96 : 94)
        case .surfaceContainerHigh: return isDark ? 12 : (yellow ? 94 : 92)
        case .surfaceContainerHighest, .surfaceVariant: return isDark ? 15 : (yellow ? 92 : 90)
        case .inverseSurface: return isDark ? 98 : 4
        case .shadow, .scrim: return 0
        // Text and lines: from their background's tone, as far as the contrast they need.
        case .onSurface, .onBackground: return foreground(on: highestSurface, ratio: isDark ? 11 : 9)
        case .onSurfaceVariant: return foreground(on: highestSurface, ratio: isDark ? 6 : 4.5)
        case .outline: return foreground(on: highestSurface, ratio: 3)
        case .outlineVariant: return foreground(on: highestSurface, ratio: 1.5)
        case .inverseOnSurface: return foreground(on: .inverseSurface, ratio: 7)
        case .inversePrimary: return foreground(on: .inverseSurface, ratio: 6, from: mostChromaticTone(.primary))
        case .onPrimary: return foreground(on: .primary, ratio: 6)
        case .onSecondary: return foreground(on: .secondary, ratio: 6)
        case .onTertiary: return foreground(on: .tertiary, ratio: 6)
        case .onError: return foreground(on: .error, ratio: 6)
        case .onPrimaryContainer: return foreground(on: .primaryContainer, ratio: 6)
        case .onSecondaryContainer: return foreground(on: .secondaryContainer, ratio: 6)
        case .onTertiaryContainer: return foreground(on: .tertiaryContainer, ratio: 6)
        case .onErrorContainer: return foreground(on: .errorContainer, ratio: 4.5)
        case .onPrimaryFixed: return foreground(on: .primaryFixedDim, ratio: 7)
        case .onPrimaryFixedVariant: return foreground(on: .primaryFixedDim, ratio: 4.5)
        case .onSecondaryFixed: return foreground(on: .secondaryFixedDim, ratio: 7)
        case .onSecondaryFixedVariant: return foreground(on: .secondaryFixedDim, ratio: 4.5)
        case .onTertiaryFixed: return foreground(on: .tertiaryFixedDim, ratio: 7)
        case .onTertiaryFixedVariant: return foreground(on: .tertiaryFixedDim, ratio: 4.5)
        // Containers: where their palette is most chromatic, within bounds.
        case .primaryContainer:
            return isDark ? leastChromaticEndTone(.primary, 35, 93) : mostChromaticTone(.primary, 0, 90)
        case .secondaryContainer: return isDark ? 25 : 90
        case .tertiaryContainer: return isDark ? mostChromaticTone(.tertiary, 0, 93) : mostChromaticTone(.tertiary, 0, 100)
        case .errorContainer: return isDark ? leastChromaticEndTone(.error, 30, 93) : mostChromaticTone(.error, 0, 90)
        // Fixed roles: the light theme's container, whatever the theme; dim ones 5 darker.
        case .primaryFixed: return mostChromaticTone(.primary, 0, 90)
        case .secondaryFixed: return 90
        case .tertiaryFixed: return mostChromaticTone(.tertiary, 0, 100)
        case .primaryFixedDim: return min(max(tone(of: .primaryFixed) - 5, 0), 100)
        case .secondaryFixedDim: return min(max(tone(of: .secondaryFixed) - 5, 0), 100)
        case .tertiaryFixedDim: return min(max(tone(of: .tertiaryFixed) - 5, 0), 100)
        // Accents: at least 5 beyond their container (lighter in the dark theme, darker in the
        // light one), 4.5:1 on the highest surface, out of the tones between 49 and 65.
        case .primary, .surfaceTint:
            return accent(from: isDark ? 80 : mostChromaticTone(.primary), container: .primaryContainer)
        case .secondary: return accent(from: isDark ? 80 : mostChromaticTone(.secondary), container: .secondaryContainer)
        case .tertiary:
            return accent(from: isDark ? mostChromaticTone(.tertiary, 0, 98) : mostChromaticTone(.tertiary),
                          container: .tertiaryContainer)
        case .error:
            return accent(from: isDark ? leastChromaticEndTone(.error, 0, 98) : mostChromaticTone(.error),
                          container: .errorContainer)
        }
    }

    /// The tone of a role drawn on `background`: `start` (the background's own tone when not
    /// given) if it has `ratio` against it, else the tone the background prefers that has.
    private mutating func foreground(on background: ColorRole, ratio: Double, from start: Double? = nil) -> Double {
        let backgroundTone = tone(of: background)
        let answer = start ?? backgroundTone
        return ToneContrast.ratio(backgroundTone, answer) >= ratio ? answer
            : ToneContrast.foreground(on: backgroundTone, ratio: ratio)
    }

    private mutating func accent(from start: Double, container: ColorRole) -> Double {
        let containerTone = tone(of: container)
        var answer = isDark ? clamp(containerTone + 5, 100, start) : clamp(0, containerTone - 5, start)
        let background = tone(of: highestSurface)
        if ToneContrast.ratio(background, answer) < 4.5 { answer = ToneContrast.foreground(on: background, ratio: 4.5) }
        // A background itself: kept out of the tones that suit neither light nor dark text.
        return answer >= 57 ? clamp(65, 100, answer) : clamp(0, 49, answer)
    }

    /// `value` within lower...upper (lower wins if they cross).
    private func clamp(_ lower: Double, _ upper: Double, _ value: Double) -> Double {
        value < lower ? lower : (value > upper ? upper : value)
    }

    /// The highest tone (from 100 down) where the palette reaches its chroma, or where it comes
    /// nearest, within lower...upper.
    private mutating func mostChromaticTone(_ kind: DynamicScheme.Palettes.Kind, _ lower: Double = 0,
                                            _ upper: Double = 100) -> Double {
        clamp(lower, upper, bestTone(kind, fromLight: true))
    }

    /// The lowest tone (from 0 up) where the palette reaches its chroma, or comes nearest.
    private mutating func leastChromaticEndTone(_ kind: DynamicScheme.Palettes.Kind, _ lower: Double,
                                                _ upper: Double) -> Double {
        clamp(lower, upper, bestTone(kind, fromLight: false))
    }

    /// Walks the palette's tones one by one from 100 down (or 0 up) until one has the palette's
    /// chroma; the answer is the most chromatic tone met.
    private mutating func bestTone(_ kind: DynamicScheme.Palettes.Kind, fromLight: Bool) -> Double {
        let key = "\(kind) \(fromLight)"
        if let tone = bestTones[key] { return tone }
        let palette = palettes[kind]
        var tone: Double = fromLight ? 100 : 0, answer = tone
        var best = Hct(hue: palette.hue, chroma: palette.chroma, tone: tone).chroma
        while best < palette.chroma && tone >= 0 && tone <= 100 {
            tone += fromLight ? -1 : 1
            let chroma = Hct(hue: palette.hue, chroma: palette.chroma, tone: tone).chroma
            if chroma > best {
                best = chroma
                answer = tone
            }
        }
        bestTones[key] = answer
        return answer
    }
}
