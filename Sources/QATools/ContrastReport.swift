import MaterialFields

/// The contrast of every text and boundary of a Material field, per design, scheme, family and
/// state, from the colours the model resolves (`FieldColors.resolve`), not from pixels (the
/// audit, `ContrastAudit`, measures drawn fields): the design's promise, before any font or
/// renderer. `textfield-catalog --contrast-report` prints it; the README's "Contrast of the
/// schemes" is its Markdown.
///
/// A translucent colour is laid over what it is drawn on (source over, in full precision) and
/// the result rounded to 8 bits a channel before WCAG 2.1's ratio is taken (`WCAG`); the X
/// server's own 8-bit blending can land one level away.
public struct ContrastReport {
    /// Which designs a report covers.
    public enum Designs: String, CaseIterable, Sendable {
        case m2, m3, both
    }

    /// A scheme reported, under the name its column and heading take ("M2 light", "M3 dark #0B57D0").
    public struct NamedScheme: Sendable {
        public var name: String
        public var scheme: ColorScheme
        public init(name: String, scheme: ColorScheme) { self.name = name; self.scheme = scheme }
    }

    /// A field's state as Material Web's tokens name them (enabled, hover, focus, error, error-hover,
    /// error-focus, disabled), and what `FieldColors.resolve` is asked for it.
    public enum State: String, CaseIterable, Sendable {
        case enabled, hovered, focused, error, errorHovered = "error hovered", errorFocused = "error focused", disabled

        var fieldState: FieldState {
            switch self {
            case .enabled, .hovered, .error, .errorHovered: return .normal
            case .focused, .errorFocused: return .editing
            case .disabled: return .disabled
            }
        }
        var isHovered: Bool { self == .hovered || self == .errorHovered }
        var isInError: Bool { self == .error || self == .errorHovered || self == .errorFocused }
        var isFocused: Bool { self == .focused || self == .errorFocused }
    }

    /// What a row of the report is: the same in every scheme, so columns line up and the sweep
    /// can take each row's lowest.
    public struct Row: Hashable, Sendable {
        /// "filled", "outlined", or "roles" for a pair of M3 colour roles.
        public var family: String
        /// A `State`'s name; "-" for a pair of roles.
        public var state: String
        /// "input text", "label (floating)", "indicator", "on-surface-variant", ...
        public var part: String
        /// What it is read against: "surface", "container", "hovered container", a role's name.
        public var against: String
        public var isText: Bool
        /// Reported, never judged: WCAG exempts an inactive (disabled) component.
        public var isExempt: Bool
        /// Reported, never judged: a filled container's tint against the surface (its indicator
        /// is what bounds it, and is judged).
        public var isInformative: Bool

        public var subject: WCAG.Subject { isText ? .text(large: false) : .nonText }
    }

    /// What a figure meets: the highest level for a text, 1.4.11 for a boundary or icon.
    public enum Verdict: String, Sendable {
        case aaa = "AAA", aa = "AA", nonText = "3:1", fails = "FAIL", exempt, info

        /// Whether the figure fails what it is held to (an exempt or informative one never does).
        public var isFailure: Bool { self == .fails }
    }

    /// One row in one scheme: the colours as drawn (opaque) and their ratio.
    public struct Figure: Sendable {
        public var row: Row
        public var foreground: WCAG.RGB
        public var background: WCAG.RGB
        public var ratio: Double

        public var verdict: Verdict { ContrastReport.verdict(ratio: ratio, for: row) }
    }

    /// Every figure of one scheme, in the report's row order.
    public struct Table: Sendable {
        public var scheme: NamedScheme
        public var figures: [Figure]
    }

    /// A row's lowest figure over the sweep, and the scheme that gave it.
    public struct Lowest: Sendable {
        public var figure: Figure
        public var schemeName: String
    }

    /// The schemes reported one by one.
    public var tables: [Table]
    /// Each row's lowest over `sweepSeeds` in light and dark (M3 only; empty without it).
    public var sweep: [Lowest]
    /// How many schemes the sweep covered.
    public var sweepCount: Int

    // MARK: - What is reported

    /// The seeds the sweep runs over: hues every 30 degrees, the pure primaries and secondaries,
    /// near-greys, very light and very dark seeds, and Material's own #6750A4.
    public static let sweepSeeds: [Color] = [
        0x6750A4, 0xB3261E, 0xE8A33D, 0xF2E14C, 0x8BC34A, 0x2E7D32, 0x00897B, 0x26C6DA, 0x0B57D0, 0x3F51B5,
        0x9C27B0, 0xE91E63, 0xFF0000, 0x00FF00, 0x0000FF, 0xFFFF00, 0x00FFFF, 0xFF00FF, 0x808080, 0x7A7D80,
        0x8A7F72, 0xF5F5F0, 0x101418, 0x402020,
    ].map { Color(hex: $0) }

    /// The schemes of `designs`: M2's light, dark and high-contrast pair; M3's baseline light and
    /// dark, then each of `seeds` light and dark.
    public static func schemes(_ designs: Designs, seeds: [Color]) -> [NamedScheme] {
        var schemes: [NamedScheme] = []
        if designs != .m3 {
            schemes += [NamedScheme(name: "M2 light", scheme: .light), NamedScheme(name: "M2 dark", scheme: .dark),
                        NamedScheme(name: "M2 high contrast", scheme: .highContrastLight),
                        NamedScheme(name: "M2 high contrast dark", scheme: .highContrastDark)]
        }
        if designs != .m2 {
            schemes += [NamedScheme(name: "M3 light", scheme: .material3Light), NamedScheme(name: "M3 dark", scheme: .material3Dark)]
            for seed in seeds {
                let hex = rgb(seed).description
                schemes += [NamedScheme(name: "M3 light \(hex)", scheme: .material3(seed: seed, isDark: false)),
                            NamedScheme(name: "M3 dark \(hex)", scheme: .material3(seed: seed, isDark: true))]
            }
        }
        return schemes
    }

    /// The report of `designs`, with `seeds` reported one by one (M3) and the sweep when M3 is in.
    public init(designs: Designs, seeds: [Color] = []) {
        tables = Self.schemes(designs, seeds: seeds).map(Self.table)
        guard designs != .m2 else { sweep = []; sweepCount = 0; return }
        let swept = Self.sweepSeeds.flatMap { seed in
            [false, true].map { isDark in
                NamedScheme(name: "\(isDark ? "dark" : "light") \(Self.rgb(seed))", scheme: .material3(seed: seed, isDark: isDark))
            }
        }
        sweepCount = swept.count
        var lowest: [Lowest] = []
        for named in swept {
            let figures = Self.table(named).figures
            if lowest.isEmpty {
                lowest = figures.map { Lowest(figure: $0, schemeName: named.name) }
                continue
            }
            for (index, figure) in figures.enumerated() where figure.ratio < lowest[index].figure.ratio {
                lowest[index] = Lowest(figure: figure, schemeName: named.name)
            }
        }
        sweep = lowest
    }

    /// A part of a field: its colour in the resolved colours, and whether it sits inside the
    /// container (on the filled container's tint) or below it (the assistive row, on the surface).
    private struct Part {
        var name: String
        var isText: Bool
        var isInside: Bool
        var color: (FieldColors) -> Color
        var shows: (State) -> Bool = { _ in true }
    }

    /// The parts of a field and the `FieldColors` member each is drawn in (as the decorator
    /// draws them: the helper and error text in the leading assistive text's colour, the counter
    /// in the trailing one's, the leading icon in `icon`, the trailing icon in `trailingIcon`).
    private static let parts: [Part] = [
        Part(name: "input text", isText: true, isInside: true, color: \.inputText),
        Part(name: "label (resting)", isText: true, isInside: true, color: \.restingLabel, shows: { !$0.isFocused }),
        Part(name: "label (floating)", isText: true, isInside: true, color: \.floatingLabel),
        Part(name: "placeholder", isText: true, isInside: true, color: \.placeholder),
        Part(name: "prefix", isText: true, isInside: true, color: \.prefix),
        Part(name: "suffix", isText: true, isInside: true, color: \.suffix),
        Part(name: "helper text", isText: true, isInside: false, color: \.leadingAssistiveText, shows: { !$0.isInError }),
        Part(name: "error text", isText: true, isInside: false, color: \.leadingAssistiveText, shows: { $0.isInError }),
        Part(name: "counter", isText: true, isInside: false, color: \.trailingAssistiveText),
        Part(name: "leading icon", isText: false, isInside: true, color: \.icon),
        Part(name: "trailing icon", isText: false, isInside: true, color: \.trailingIcon),
    ]

    /// What a field of `family` is drawn in, in `state`: the one place the report asks the model.
    static func colors(_ family: ContainerKind, _ state: State, _ scheme: ColorScheme) -> FieldColors {
        FieldColors.resolve(scheme: scheme, state: state.fieldState, isHovered: state.isHovered, isInError: state.isInError,
                            container: family)
    }

    /// The families reported: Material's two.
    static let families: [ContainerKind] = [.filled, .outlined]

    /// The rows of a family in a state, each with the colours it is drawn in and read against.
    private static func fieldFigures(family: ContainerKind, state: State, scheme: ColorScheme) -> [Figure] {
        let colors = colors(family, state, scheme)
        let surface = scheme.surface.withAlpha(1)
        let isFilled = family == .filled
        let container = colors.hoverLayer.composited(over: colors.container.composited(over: surface))
        let inside = isFilled ? container : surface
        let insideName = isFilled ? (state.isHovered ? "hovered container" : "container") : "surface"
        func figure(_ part: String, _ color: Color, over backdrop: Color, named against: String, isText: Bool,
                    isInformative: Bool = false) -> Figure {
            let row = Row(family: family.rawValue, state: state.rawValue, part: part, against: against, isText: isText,
                          isExempt: state == .disabled, isInformative: isInformative)
            return measure(row, color.composited(over: backdrop), backdrop)
        }
        var figures = parts.filter { $0.shows(state) }.map { part in
            let backdrop = part.isInside ? inside : surface
            return figure(part.name, part.color(colors), over: backdrop, named: part.isInside ? insideName : "surface",
                          isText: part.isText)
        }
        if isFilled {
            // The indicator is the container's last row: drawn over the container, read against
            // the container above it and the surface below. Focused, the active indicator.
            let line = state.isFocused ? colors.activeIndicator.composited(over: colors.underline) : colors.underline
            let name = state.isFocused ? "focus indicator" : "indicator"
            let drawn = line.composited(over: container)
            figures.append(measure(Row(family: family.rawValue, state: state.rawValue, part: name, against: "surface",
                                       isText: false, isExempt: state == .disabled, isInformative: false), drawn, surface))
            figures.append(measure(Row(family: family.rawValue, state: state.rawValue, part: name, against: insideName,
                                       isText: false, isExempt: state == .disabled, isInformative: false), drawn, container))
            figures.append(measure(Row(family: family.rawValue, state: state.rawValue, part: "container", against: "surface",
                                       isText: false, isExempt: state == .disabled, isInformative: true), container, surface))
        } else {
            let line = state.isFocused ? colors.activeOutline : colors.outline
            figures.append(figure(state.isFocused ? "focused outline" : "outline", line, over: surface, named: "surface",
                                  isText: false))
        }
        return figures
    }

    /// The pairs of Material 3 roles the text field tokens draw with (text and icons on the
    /// surface and on the filled container, surface-container-highest; the boundaries), straight
    /// from the scheme's roles: the design's intent, whatever the field resolution does with them.
    private static let rolePairs: [(ColorRole, ColorRole, isText: Bool, isInformative: Bool)] = [
        (.onSurface, .surface, true, false), (.onSurface, .surfaceContainerHighest, true, false),
        (.onSurfaceVariant, .surface, true, false), (.onSurfaceVariant, .surfaceContainerHighest, true, false),
        (.primary, .surface, true, false), (.primary, .surfaceContainerHighest, true, false),
        (.error, .surface, true, false), (.error, .surfaceContainerHighest, true, false),
        (.onErrorContainer, .surface, true, false), (.onErrorContainer, .surfaceContainerHighest, true, false),
        (.outline, .surface, false, false), (.onSurfaceVariant, .surface, false, false),
        (.onSurfaceVariant, .surfaceContainerHighest, false, false), (.primary, .surface, false, false),
        (.error, .surface, false, false), (.surfaceContainerHighest, .surface, false, true),
    ]

    /// Every row of `named`, in order: filled, outlined, then (M3) the role pairs.
    static func table(_ named: NamedScheme) -> Table {
        let scheme = named.scheme
        var figures: [Figure] = []
        for family in families {
            for state in State.allCases { figures += fieldFigures(family: family, state: state, scheme: scheme) }
        }
        if let roles = scheme.roles {
            let surface = scheme.surface.withAlpha(1)
            for pair in rolePairs {
                let background = roles[pair.1].composited(over: surface)
                let row = Row(family: "roles", state: "-", part: pair.0.rawValue + (pair.isText ? "" : " (boundary)"),
                              against: pair.1.rawValue, isText: pair.isText, isExempt: false, isInformative: pair.isInformative)
                figures.append(measure(row, roles[pair.0].composited(over: background), background))
            }
        }
        return Table(scheme: named, figures: figures)
    }

    /// `foreground` on `background`, both opaque, rounded to 8 bits as drawn.
    static func measure(_ row: Row, _ foreground: Color, _ background: Color) -> Figure {
        let top = rgb(foreground), bottom = rgb(background)
        return Figure(row: row, foreground: top, background: bottom, ratio: WCAG.ratio(top, bottom))
    }

    /// A colour as 8 bits a channel, rounded (its alpha ignored: pass it composited).
    static func rgb(_ color: Color) -> WCAG.RGB {
        func byte(_ value: Double) -> UInt8 { value.isNaN ? 0 : UInt8((min(max(value, 0), 1) * 255).rounded()) }
        return WCAG.RGB(red: byte(color.red), green: byte(color.green), blue: byte(color.blue))
    }

    /// What `ratio` meets for `row`: a text AAA (1.4.6, 7:1) or AA (1.4.3, 4.5:1; no part of a
    /// field is large text, so 3:1 is not enough), a boundary or icon 1.4.11's 3:1; a disabled
    /// figure is exempt and an informative one only informs.
    public static func verdict(ratio: Double, for row: Row) -> Verdict {
        if row.isExempt { return .exempt }
        if row.isInformative { return .info }
        if row.isText {
            if let aaa = WCAG.requirement(for: row.subject, at: .aaa), ratio >= aaa.minimum { return .aaa }
            if let aa = WCAG.requirement(for: row.subject, at: .aa), ratio >= aa.minimum { return .aa }
            return .fails
        }
        guard let needed = WCAG.requirement(for: row.subject, at: .aa) else { return .info }
        return ratio >= needed.minimum ? .nonText : .fails
    }

    /// What a row is held to: "4.5 (1.4.3), 7 (1.4.6)", "3 (1.4.11)", "exempt", "-".
    public static func needs(_ row: Row) -> String {
        if row.isExempt { return "exempt" }
        if row.isInformative { return "-" }
        return row.isText ? "4.5 (1.4.3), 7 (1.4.6)" : "3 (1.4.11)"
    }
}
