/// The Material 2 baseline colours a field is painted from, and how strongly texts and
/// boundaries stand out in them (`contrast`).
public struct ColorScheme: Equatable, Sendable {
    /// How the scheme's colours are applied to a field's parts.
    public enum Contrast: String, Equatable, Sendable, CaseIterable {
        /// Material's opacities (DESIGN.md's per-state table): secondary text at 60 %, outlines at 38 %.
        case standard
        /// For low vision (WCAG 2.1 1.4.6 and 1.4.11, as GTK's HighContrast themes): every text
        /// opaque or nearly (at least 7:1 against what it sits on), every boundary at least 3:1
        /// against what is beside it, a filled container edged as well as filled, the focused
        /// field's outline or container edge and indicator 3 px thick (a difference of shape, not
        /// only of colour), the selection in inverse video. The scheme's colours win over the
        /// colours an app set on a field (`colorOverrides`, RAG's placeholder, hint, line and fill
        /// colours), as forced colours do in a browser: only the scheme can keep those promises.
        /// A disabled field is dimmer but legible: text at least 4.5:1, its boundary 3:1.
        case high
    }

    public var primary: Color
    public var surface: Color
    public var onSurface: Color
    public var error: Color
    /// How strongly texts and boundaries stand out. A Material 3 scheme is standard contrast only
    /// (Material 3's own contrast levels belong to generating the scheme, which does not offer
    /// them): it reads `.standard` whatever was set, and a `.high` set on it comes back when
    /// `design` returns to `.m2`.
    public var contrast: Contrast {
        get { design == .m3 ? .standard : requestedContrast }
        set { requestedContrast = newValue }
    }
    private var requestedContrast: Contrast
    /// Which Material the fields are drawn by. A Material 3 scheme has its `roles`.
    public var design: MaterialDesign = .m2
    /// Material 3's colour roles (nil in a Material 2 scheme); `primary`, `surface`, `onSurface`
    /// and `error` are the roles of the same names, so what reads only those (the catalog's page,
    /// popups) follows either design.
    public var roles: ColorRoles?
    /// The colour a Material 3 scheme was generated from; nil otherwise.
    public var seed: Color?

    public init(primary: Color, surface: Color, onSurface: Color, error: Color, contrast: Contrast = .standard) {
        self.primary = primary; self.surface = surface; self.onSurface = onSurface; self.error = error
        requestedContrast = contrast
    }

    /// A Material 3 scheme of `roles`, generated from `seed`.
    public init(material3 roles: ColorRoles, seed: Color?) {
        self.init(primary: roles[.primary], surface: roles[.surface], onSurface: roles[.onSurface], error: roles[.error])
        design = .m3
        self.roles = roles
        self.seed = seed
    }

    /// Material 3's tonal-spot scheme of `seed` (see `DynamicScheme`), light or dark, by the 2021
    /// colour spec unless `spec` says otherwise.
    public static func material3(seed: Color, isDark: Bool, spec: DynamicScheme.Spec = .spec2021) -> ColorScheme {
        ColorScheme(material3: DynamicScheme.tonalSpot(seed: seed, isDark: isDark, spec: spec), seed: seed)
    }

    /// Material 3's baseline: the tonal-spot scheme of #6750A4, Material's own seed (2021 spec).
    public static let material3Seed = Color(hex: 0x6750A4)
    public static let material3Light = material3(seed: material3Seed, isDark: false)
    public static let material3Dark = material3(seed: material3Seed, isDark: true)

    public static let light = ColorScheme(primary: Color(hex: 0x6200EE), surface: Color(hex: 0xFFFFFF),
                                          onSurface: Color(hex: 0x000000), error: Color(hex: 0xB00020))
    public static let dark = ColorScheme(primary: Color(hex: 0xBB86FC), surface: Color(hex: 0x121212),
                                         onSurface: Color(hex: 0xFFFFFF), error: Color(hex: 0xCF6679))
    /// Black on white; Material's primary variant (#3700B3, 11.6:1 on white) and a deep red
    /// (#8C0014, 9.9:1), both above 7:1 on the filled container too.
    public static let highContrastLight = ColorScheme(primary: Color(hex: 0x3700B3), surface: Color(hex: 0xFFFFFF),
                                                      onSurface: Color(hex: 0x000000), error: Color(hex: 0x8C0014),
                                                      contrast: .high)
    /// White on black; a light violet (#D0BCFF, 12.3:1 on black) and a light red (#FFB4AB, 12.4:1).
    public static let highContrastDark = ColorScheme(primary: Color(hex: 0xD0BCFF), surface: Color(hex: 0x000000),
                                                     onSurface: Color(hex: 0xFFFFFF), error: Color(hex: 0xFFB4AB),
                                                     contrast: .high)

    /// Text that matters most on the surface: a field's input text, a page's headings.
    public var highEmphasisText: Color { onSurface.withAlpha(opacities.highEmphasisText) }
    /// Secondary text on the surface: labels, helper text, captions.
    public var mediumEmphasisText: Color { onSurface.withAlpha(opacities.mediumEmphasisText) }
    /// The text of a disabled control.
    public var disabledText: Color { onSurface.withAlpha(opacities.disabledText) }

    var opacities: SchemeOpacities { contrast == .high ? .high : .standard }
}

/// The opacities a scheme's colours are applied at, per role: Material's (DESIGN.md) or high
/// contrast's. On-surface unless named otherwise.
struct SchemeOpacities: Equatable, Sendable {
    var highEmphasisText: Double
    var mediumEmphasisText: Double
    var disabledText: Double
    /// The primary colour of a focused field's floating label.
    var activeLabel: Double
    var container: Double
    var disabledContainer: Double
    var hoverLayer: Double
    var underline: Double
    var outline: Double
    /// Underline and outline under the pointer.
    var hoveredLine: Double
    var disabledLine: Double
    /// The primary colour of a selection in the field being edited.
    var selection: Double
    /// A selection in a field not being edited, or in an inactive window.
    var inactiveSelection: Double
    var scrollIndicator: Double

    static let standard = SchemeOpacities(
        highEmphasisText: 0.87, mediumEmphasisText: 0.60, disabledText: 0.38, activeLabel: 0.87, container: 0.12,
        disabledContainer: 0.04, hoverLayer: 0.04, underline: 0.42, outline: 0.38, hoveredLine: 0.87, disabledLine: 0.06,
        selection: 0.24, inactiveSelection: 0.12, scrollIndicator: 0.38)

    /// Secondary text and resting boundaries at 75 % (#404040 on white, #BFBFBF on black: over
    /// 9:1 on the surface and on the filled container), a barely tinted container whose edge does
    /// the bounding, and an opaque selection the selected text is drawn over in the surface colour.
    static let high = SchemeOpacities(
        highEmphasisText: 1, mediumEmphasisText: 0.75, disabledText: 0.60, activeLabel: 1, container: 0.08,
        disabledContainer: 0.04, hoverLayer: 0.04, underline: 1, outline: 0.75, hoveredLine: 1, disabledLine: 0.45,
        selection: 1, inactiveSelection: 0.75, scrollIndicator: 0.75)
}

/// The colours of one field in one state: a Material 2 scheme's from DESIGN.md's per-state table
/// (at the opacities of the scheme's contrast), a Material 3 scheme's from the component tokens
/// (`FieldColors+Material3.swift`).
public struct FieldColors: Equatable, Sendable {
    public var inputText: Color
    /// The label resting; it eases to `floatingLabel` as it floats.
    public var restingLabel: Color
    public var floatingLabel: Color
    public var placeholder: Color
    public var leadingAssistiveText: Color
    public var trailingAssistiveText: Color
    /// The leading icon (Material 2 draws every icon in it).
    public var icon: Color
    /// The trailing icon and the clear button (Material 3's error theme colours them, not the
    /// leading icon).
    public var trailingIcon: Color
    /// The prefix and the suffix (Material 2's are the resting label's colour).
    public var prefix: Color
    public var suffix: Color
    /// A filled container's colour (clear in a Material 3 outlined field, which has none).
    public var container: Color
    /// Laid over a filled container under the pointer (Material's hover state layer).
    public var hoverLayer: Color
    public var underline: Color
    public var activeIndicator: Color
    public var outline: Color
    public var activeOutline: Color
    public var caret: Color
    public var selection: Color
    /// The colour selected text is drawn in over the selection; nil keeps the text's own colour
    /// (Material's translucent selection). High contrast's inverse video: the surface colour.
    public var selectedText: Color?

    /// - Parameters:
    ///   - isHovered: the pointer is over an enabled field that is not being edited.
    ///   - isInError: the error theme: floating label, leading assistive text, underline, outline,
    ///     indicator and caret take the error colour (DESIGN.md; Material 3: its tokens' error
    ///     colours, see `resolveMaterial3`). It wins over `overrides`.
    ///   - overrides: colours the app set per state; unset ones come from `scheme`. A high-contrast
    ///     scheme ignores them (forced colours: see `ColorScheme.Contrast.high`).
    ///   - container: the field's container. Material 3's filled and outlined fields differ
    ///     (`resolveMaterial3`); Material 2's colours are the same for every container.
    public static func resolve(scheme: ColorScheme, state: FieldState, isHovered: Bool = false,
                               isInError: Bool = false, overrides: FieldColorOverrides = FieldColorOverrides(),
                               container: ContainerKind = .filled) -> FieldColors {
        if scheme.design == .m3, let roles = scheme.roles {
            return resolveMaterial3(roles: roles, state: state, isHovered: isHovered, isInError: isInError,
                                    overrides: overrides, container: container)
        }
        // Material 2; also an M3 design without roles (set by hand on an M2 scheme): there are no
        // roles to resolve the tokens against.
        let on = scheme.onSurface, opacity = scheme.opacities
        var colors: FieldColors
        switch state {
        case .disabled:
            let text = on.withAlpha(opacity.disabledText), line = on.withAlpha(opacity.disabledLine)
            colors = FieldColors(inputText: text, restingLabel: text, floatingLabel: text, placeholder: text,
                                 leadingAssistiveText: text, trailingAssistiveText: text, icon: text, trailingIcon: text,
                                 prefix: text, suffix: text, container: on.withAlpha(opacity.disabledContainer), hoverLayer: .clear,
                                 underline: line, activeIndicator: line, outline: line, activeOutline: line, caret: .clear,
                                 selection: .clear, selectedText: nil)
        case .normal, .editing:
            let hovered = isHovered && state == .normal
            let secondary = on.withAlpha(opacity.mediumEmphasisText)
            colors = FieldColors(
                inputText: on.withAlpha(opacity.highEmphasisText), restingLabel: secondary,
                floatingLabel: state == .editing ? scheme.primary.withAlpha(opacity.activeLabel) : secondary,
                placeholder: secondary, leadingAssistiveText: secondary, trailingAssistiveText: secondary, icon: secondary,
                trailingIcon: secondary, prefix: secondary, suffix: secondary, container: on.withAlpha(opacity.container),
                hoverLayer: hovered ? on.withAlpha(opacity.hoverLayer) : .clear,
                underline: on.withAlpha(hovered ? opacity.hoveredLine : opacity.underline), activeIndicator: scheme.primary,
                outline: on.withAlpha(hovered ? opacity.hoveredLine : opacity.outline), activeOutline: scheme.primary,
                caret: scheme.primary, selection: scheme.primary.withAlpha(opacity.selection),
                selectedText: scheme.contrast == .high ? scheme.surface : nil)
        }
        // High contrast is forced colours: what the app set gives way to the scheme.
        if scheme.contrast == .standard { colors.apply(overrides, state: state) }
        // The affixes are in the resting label's colour, the app's if it set one.
        colors.prefix = colors.restingLabel
        colors.suffix = colors.restingLabel
        if isInError {
            // On any state: a disabled field in error keeps the disabled fading, in the error colour.
            let error = state == .disabled ? scheme.error.withAlpha(opacity.disabledText) : scheme.error
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

    /// The app's colours for `state`, each over the scheme's for its part.
    mutating func apply(_ overrides: FieldColorOverrides, state: FieldState) {
        let controlState = ControlState(state)
        if let color = overrides[.floatingLabel, controlState] { floatingLabel = color }
        if let color = overrides[.normalLabel, controlState] { restingLabel = color }
        if let color = overrides[.text, controlState] { inputText = color }
        if let color = overrides[.leadingAssistiveText, controlState] { leadingAssistiveText = color }
        if let color = overrides[.trailingAssistiveText, controlState] { trailingAssistiveText = color }
        if let color = overrides[.filledBackground, controlState] { container = color }
        if let color = overrides[.underline, controlState] {
            underline = color
            if state == .editing { activeIndicator = color }
        }
        if let color = overrides[.outline, controlState] {
            outline = color
            if state == .editing { activeOutline = color }
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
            leadingAssistiveText: leadingAssistiveText.interpolated(to: other.leadingAssistiveText, fraction: t),
            trailingAssistiveText: trailingAssistiveText.interpolated(to: other.trailingAssistiveText, fraction: t),
            icon: icon.interpolated(to: other.icon, fraction: t),
            trailingIcon: trailingIcon.interpolated(to: other.trailingIcon, fraction: t),
            prefix: prefix.interpolated(to: other.prefix, fraction: t),
            suffix: suffix.interpolated(to: other.suffix, fraction: t),
            container: container.interpolated(to: other.container, fraction: t),
            hoverLayer: hoverLayer.interpolated(to: other.hoverLayer, fraction: t),
            underline: underline.interpolated(to: other.underline, fraction: t),
            activeIndicator: activeIndicator.interpolated(to: other.activeIndicator, fraction: t),
            outline: outline.interpolated(to: other.outline, fraction: t),
            activeOutline: activeOutline.interpolated(to: other.activeOutline, fraction: t),
            caret: caret.interpolated(to: other.caret, fraction: t),
            selection: selection.interpolated(to: other.selection, fraction: t),
            selectedText: selectedText.flatMap { mine in other.selectedText.map { mine.interpolated(to: $0, fraction: t) } }
                ?? other.selectedText)
    }
}

