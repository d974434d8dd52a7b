import XCTest
@testable import MaterialFields

/// Material 3's field colours: every part in every state of both families, light and dark, against
/// the generated token tables (`M3TextFieldTokens.swift`) and, for a few rows, against colours
/// written out by hand from Material Web's v0_192 tokens and baseline roles (so a generator bug
/// cannot pass itself).
final class Material3ColorTests: XCTestCase {
    /// Material's baseline roles (seed #6750A4) the fields use, light and dark; every other role a
    /// colour of its own, so a part taking the wrong role always shows.
    static func roles(isDark: Bool) -> ColorRoles {
        var roles = ColorRoles { role in
            let index = UInt32(ColorRole.allCases.firstIndex(of: role) ?? 0)
            return Color(hex: 0x203040 &+ index &* 0x030507)
        }
        let baseline: [(ColorRole, UInt32, UInt32)] = [
            (.primary, 0x6750A4, 0xD0BCFF), (.surface, 0xFEF7FF, 0x141218), (.onSurface, 0x1D1B20, 0xE6E0E9),
            (.onSurfaceVariant, 0x49454F, 0xCAC4D0), (.outline, 0x79747E, 0x938F99), (.outlineVariant, 0xCAC4D0, 0x49454F),
            (.surfaceContainerHighest, 0xE6E0E9, 0x36343B), (.error, 0xB3261E, 0xF2B8B5),
            (.onErrorContainer, 0x410E0B, 0xF9DEDC), (.errorContainer, 0xF9DEDC, 0x8C1D18),
        ]
        for (role, light, dark) in baseline { roles[role] = Color(hex: isDark ? dark : light) }
        return roles
    }

    static func scheme(isDark: Bool) -> ColorScheme { ColorScheme(material3: roles(isDark: isDark), seed: nil) }

    /// The seven conditions Material Web's styles tell apart, as the field's state, hover and error.
    static let conditions: [(name: String, state: FieldState, isHovered: Bool, isInError: Bool)] = [
        ("enabled", .normal, false, false), ("hover", .normal, true, false), ("focus", .editing, false, false),
        ("error", .normal, false, true), ("error hover", .normal, true, true), ("error focus", .editing, false, true),
        ("disabled", .disabled, false, false),
    ]

    /// Which token each part takes in each of `conditions` (in order), from Material Web's field
    /// styles: the field's own component for texts, labels, icons, affixes and caret; the filled
    /// component's container, state layer and active indicator; the outlined one's outline. nil:
    /// clear. Token names without "-color".
    enum Component { case own, filled, outlined }
    static let table: [(part: String, component: Component, color: KeyPath<FieldColors, Color>, tokens: [String?])] = [
        ("input text", .own, \.inputText, ["input-text", "hover-input-text", "focus-input-text", "error-input-text",
                                            "error-hover-input-text", "error-focus-input-text", "disabled-input-text"]),
        ("floating label", .own, \.floatingLabel, ["label-text", "hover-label-text", "focus-label-text", "error-label-text",
                                                    "error-hover-label-text", "error-focus-label-text", "disabled-label-text"]),
        // Resting while focused: the unfocused colour, eased to the focused one as the label floats.
        ("resting label", .own, \.restingLabel, ["label-text", "hover-label-text", "label-text", "error-label-text",
                                                  "error-hover-label-text", "error-label-text", "disabled-label-text"]),
        ("placeholder", .own, \.placeholder, Array(repeating: "input-text-placeholder", count: 6) + ["disabled-input-text"]),
        ("supporting text", .own, \.leadingAssistiveText,
         ["supporting-text", "hover-supporting-text", "focus-supporting-text", "error-supporting-text",
          "error-hover-supporting-text", "error-focus-supporting-text", "disabled-supporting-text"]),
        ("counter", .own, \.trailingAssistiveText,
         ["supporting-text", "hover-supporting-text", "focus-supporting-text", "error-supporting-text",
          "error-hover-supporting-text", "error-focus-supporting-text", "disabled-supporting-text"]),
        ("leading icon", .own, \.icon, ["leading-icon", "hover-leading-icon", "focus-leading-icon", "error-leading-icon",
                                         "error-hover-leading-icon", "error-focus-leading-icon", "disabled-leading-icon"]),
        ("trailing icon", .own, \.trailingIcon, ["trailing-icon", "hover-trailing-icon", "focus-trailing-icon", "error-trailing-icon",
                                                  "error-hover-trailing-icon", "error-focus-trailing-icon", "disabled-trailing-icon"]),
        ("prefix", .own, \.prefix, Array(repeating: "input-text-prefix", count: 6) + ["disabled-input-text"]),
        ("suffix", .own, \.suffix, Array(repeating: "input-text-suffix", count: 6) + ["disabled-input-text"]),
        ("caret", .own, \.caret, ["caret", "caret", "caret", "error-focus-caret", "error-focus-caret", "error-focus-caret", nil]),
        ("underline", .filled, \.underline, ["active-indicator", "hover-active-indicator", "active-indicator", "error-active-indicator",
                                              "error-hover-active-indicator", "error-active-indicator", "disabled-active-indicator"]),
        ("focused indicator", .filled, \.activeIndicator,
         ["focus-active-indicator", "focus-active-indicator", "focus-active-indicator", "error-focus-active-indicator",
          "error-focus-active-indicator", "error-focus-active-indicator", "disabled-active-indicator"]),
        ("outline", .outlined, \.outline, ["outline", "hover-outline", "outline", "error-outline", "error-hover-outline",
                                            "error-outline", "disabled-outline"]),
        ("focused outline", .outlined, \.activeOutline, ["focus-outline", "focus-outline", "focus-outline", "error-focus-outline",
                                                          "error-focus-outline", "error-focus-outline", "disabled-outline"]),
    ]
    /// The filled field's container and state layer; an outlined field has neither (clear).
    static let filledContainer: [String?] = Array(repeating: "container", count: 6) + ["disabled-container"]
    static let filledHoverLayer: [String?] = [nil, "hover-state-layer", nil, nil, "error-hover-state-layer", nil, nil]

    private func token(_ name: String?, of component: Component, family: ContainerKind) -> M3ColorToken? {
        guard let name else { return nil }
        let isFilled = component == .filled || (component == .own && family == .filled)
        return (isFilled ? M3FilledTextFieldTokens.colors : M3OutlinedTextFieldTokens.colors)[name + "-color"]
    }

    func testEveryPartInEveryStateTakesItsTokenInBothFamiliesLightAndDark() {
        for isDark in [false, true] {
            let scheme = Self.scheme(isDark: isDark), roles = Self.roles(isDark: isDark)
            XCTAssertEqual(Set(ColorRole.allCases.map { roles[$0] }).count, ColorRole.allCases.count, "a colour per role")
            for family in [ContainerKind.filled, .outlined] {
                for (index, condition) in Self.conditions.enumerated() {
                    let colors = FieldColors.resolve(scheme: scheme, state: condition.state, isHovered: condition.isHovered,
                                                     isInError: condition.isInError, container: family)
                    let context = "\(family.rawValue), \(isDark ? "dark" : "light"), \(condition.name)"
                    var rows = Self.table
                    if family == .filled {
                        rows.append(("container", .filled, \.container, Self.filledContainer))
                        rows.append(("hover layer", .filled, \.hoverLayer, Self.filledHoverLayer))
                    } else {
                        rows.append(("container", .outlined, \.container, Array(repeating: nil, count: 7)))
                        rows.append(("hover layer", .outlined, \.hoverLayer, Array(repeating: nil, count: 7)))
                    }
                    for row in rows {
                        let name = row.tokens[index]
                        let expected: Color
                        if let name {
                            guard let token = token(name, of: row.component, family: family) else {
                                XCTFail("\(context): \(row.part): no token '\(name)-color' in the table"); continue
                            }
                            expected = token.color(in: roles)
                        } else {
                            expected = .clear
                        }
                        XCTAssertEqual(colors[keyPath: row.color], expected, "\(context): \(row.part) (\(name ?? "clear"))")
                    }
                    let primary = roles[.primary]
                    XCTAssertEqual(colors.selection, condition.state == .disabled ? .clear : primary.withAlpha(0.40),
                                   "\(context): selection")
                    XCTAssertNil(colors.selectedText, "\(context): the selected text keeps its colour")
                }
            }
        }
    }

    /// The table above names every colour token of both components: none is left unused.
    func testTheTableCoversEveryColourTokenOfBothComponents() {
        var filled = Set<String>(), outlined = Set<String>()
        for row in Self.table {
            let names = row.tokens.compactMap { $0.map { $0 + "-color" } }
            switch row.component {
            case .own: filled.formUnion(names); outlined.formUnion(names)
            case .filled: filled.formUnion(names)
            case .outlined: outlined.formUnion(names)
            }
        }
        filled.formUnion((Self.filledContainer + Self.filledHoverLayer).compactMap { $0.map { $0 + "-color" } })
        XCTAssertEqual(filled, Set(M3FilledTextFieldTokens.colors.keys))
        XCTAssertEqual(outlined, Set(M3OutlinedTextFieldTokens.colors.keys))
        XCTAssertEqual(M3FilledTextFieldTokens.colors.count, 51)
        XCTAssertEqual(M3OutlinedTextFieldTokens.colors.count, 47)
    }

    /// Rows written out by hand: Material Web v0_192's roles and opacities applied to the
    /// baseline's hex values, independent of the generated table.
    func testKnownRowsMatchColoursWrittenFromTheTokensByHand() {
        let light = Self.scheme(isDark: false), dark = Self.scheme(isDark: true)
        func resolve(_ scheme: ColorScheme, _ state: FieldState, hovered: Bool = false, error: Bool = false,
                     _ container: ContainerKind) -> FieldColors {
            FieldColors.resolve(scheme: scheme, state: state, isHovered: hovered, isInError: error, container: container)
        }
        let filled = resolve(light, .normal, .filled)
        XCTAssertEqual(filled.container, Color(hex: 0xE6E0E9), "container-color: surface-container-highest")
        XCTAssertEqual(filled.underline, Color(hex: 0x49454F), "active-indicator-color: on-surface-variant")
        XCTAssertEqual(filled.floatingLabel, Color(hex: 0x49454F))
        XCTAssertEqual(filled.inputText, Color(hex: 0x1D1B20))
        XCTAssertEqual(filled.hoverLayer, .clear)

        let hovered = resolve(light, .normal, hovered: true, .filled)
        XCTAssertEqual(hovered.hoverLayer, Color(hex: 0x1D1B20, alpha: 0.08), "on-surface at md-sys-state's hover 0.08")
        XCTAssertEqual(hovered.underline, Color(hex: 0x1D1B20), "hover-active-indicator-color: on-surface")
        XCTAssertEqual(hovered.floatingLabel, Color(hex: 0x49454F), "filled: hover-label-text-color is on-surface-variant")
        let outlinedHovered = resolve(light, .normal, hovered: true, .outlined)
        XCTAssertEqual(outlinedHovered.floatingLabel, Color(hex: 0x1D1B20), "outlined: hover-label-text-color is on-surface")
        XCTAssertEqual(outlinedHovered.outline, Color(hex: 0x1D1B20))
        XCTAssertEqual(outlinedHovered.hoverLayer, .clear, "no state layer on an outlined field")
        XCTAssertEqual(outlinedHovered.container, .clear)
        XCTAssertEqual(resolve(light, .normal, .outlined).outline, Color(hex: 0x79747E), "outline-color: outline")

        let focusedDark = resolve(dark, .editing, .filled)
        XCTAssertEqual(focusedDark.activeIndicator, Color(hex: 0xD0BCFF))
        XCTAssertEqual(focusedDark.floatingLabel, Color(hex: 0xD0BCFF))
        XCTAssertEqual(focusedDark.caret, Color(hex: 0xD0BCFF))
        XCTAssertEqual(focusedDark.container, Color(hex: 0x36343B))
        XCTAssertEqual(focusedDark.selection, Color(hex: 0xD0BCFF, alpha: 0.4))

        let errorHovered = resolve(light, .normal, hovered: true, error: true, .filled)
        XCTAssertEqual(errorHovered.floatingLabel, Color(hex: 0x410E0B), "error-hover-label-text-color: on-error-container")
        XCTAssertEqual(errorHovered.underline, Color(hex: 0x410E0B))
        XCTAssertEqual(errorHovered.trailingIcon, Color(hex: 0x410E0B))
        XCTAssertEqual(errorHovered.icon, Color(hex: 0x49454F), "the leading icon stays on-surface-variant")
        XCTAssertEqual(errorHovered.leadingAssistiveText, Color(hex: 0xB3261E), "error-hover-supporting-text-color: error")
        XCTAssertEqual(errorHovered.hoverLayer, Color(hex: 0x1D1B20, alpha: 0.08))
        let errorDark = resolve(dark, .normal, error: true, .outlined)
        XCTAssertEqual([errorDark.outline, errorDark.trailingIcon, errorDark.restingLabel, errorDark.trailingAssistiveText],
                       Array(repeating: Color(hex: 0xF2B8B5), count: 4))
        XCTAssertEqual(errorDark.inputText, Color(hex: 0xE6E0E9), "the text stays on-surface")

        let disabledFilled = resolve(light, .disabled, .filled), disabledOutlined = resolve(light, .disabled, .outlined)
        XCTAssertEqual(disabledFilled.underline, Color(hex: 0x1D1B20, alpha: 0.38), "filled: disabled indicator at 0.38")
        XCTAssertEqual(disabledOutlined.outline, Color(hex: 0x1D1B20, alpha: 0.12), "outlined: disabled outline at 0.12")
        XCTAssertEqual(disabledFilled.container, Color(hex: 0x1D1B20, alpha: 0.04))
        XCTAssertEqual([disabledOutlined.inputText, disabledOutlined.floatingLabel, disabledOutlined.prefix, disabledOutlined.icon],
                       Array(repeating: Color(hex: 0x1D1B20, alpha: 0.38), count: 4))
        XCTAssertEqual(disabledOutlined.caret, .clear)
    }

    /// Material Web drops the error theme from a disabled field (`error: !disabled && hasError`);
    /// Material 2 keeps it, faded.
    func testADisabledFieldInErrorIsPlainDisabledInMaterial3Only() {
        for family in [ContainerKind.filled, .outlined] {
            let scheme = Self.scheme(isDark: false)
            XCTAssertEqual(FieldColors.resolve(scheme: scheme, state: .disabled, isInError: true, container: family),
                           FieldColors.resolve(scheme: scheme, state: .disabled, container: family))
        }
        let m2 = FieldColors.resolve(scheme: .light, state: .disabled, isInError: true)
        XCTAssertEqual(m2.floatingLabel, ColorScheme.light.error.withAlpha(0.38))
    }

    /// The app's per-state colours win over the tokens, except where the error theme colours.
    func testOverridesApplyOverTheTokensAndTheErrorThemeStillWins() {
        let scheme = Self.scheme(isDark: false), red = Color(hex: 0xFF0000), blue = Color(hex: 0x0000FF)
        var overrides = FieldColorOverrides()
        overrides[.floatingLabel, .editing] = red
        overrides[.text, .normal] = blue
        overrides[.outline, .normal] = blue
        let editing = FieldColors.resolve(scheme: scheme, state: .editing, overrides: overrides, container: .outlined)
        XCTAssertEqual(editing.floatingLabel, red)
        let normal = FieldColors.resolve(scheme: scheme, state: .normal, overrides: overrides, container: .outlined)
        XCTAssertEqual([normal.inputText, normal.outline], [blue, blue])
        let errorEditing = FieldColors.resolve(scheme: scheme, state: .editing, isInError: true, overrides: overrides,
                                               container: .outlined)
        XCTAssertEqual(errorEditing.floatingLabel, Color(hex: 0xB3261E), "error wins over the app's label colour")
        let errorNormal = FieldColors.resolve(scheme: scheme, state: .normal, isInError: true, overrides: overrides,
                                              container: .outlined)
        XCTAssertEqual(errorNormal.outline, Color(hex: 0xB3261E), "and over its outline colour")
        XCTAssertEqual(errorNormal.inputText, blue, "the error theme leaves the text's colour alone")
    }

    /// The members Material 3 added keep Material 2 as it was: every icon in the one icon
    /// colour, the affixes in the resting label's (the app's, if it set one).
    func testMaterial2DrawsTrailingIconsAndAffixesAsBefore() {
        var overrides = FieldColorOverrides()
        overrides[.normalLabel, .normal] = Color(hex: 0x00FF00)
        for scheme in [ColorScheme.light, .dark, .highContrastLight] {
            for state in [FieldState.normal, .editing, .disabled] {
                for error in [false, true] {
                    for container in [ContainerKind.filled, .outlined, .rag] {
                        let colors = FieldColors.resolve(scheme: scheme, state: state, isInError: error, overrides: overrides,
                                                         container: container)
                        XCTAssertEqual(colors.trailingIcon, colors.icon)
                        XCTAssertEqual([colors.prefix, colors.suffix], [colors.restingLabel, colors.restingLabel])
                        XCTAssertEqual(colors, FieldColors.resolve(scheme: scheme, state: state, isInError: error, overrides: overrides),
                                       "Material 2's colours are the same for every container")
                    }
                }
            }
        }
        XCTAssertEqual(FieldColors.resolve(scheme: .light, state: .normal, overrides: overrides).prefix, Color(hex: 0x00FF00))
    }

    /// A Material 3 scheme is standard contrast only; the high contrast set on it returns in Material 2.
    func testAMaterial3SchemeIsStandardContrastAndKeepsAHighContrastForMaterial2() {
        var scheme = Self.scheme(isDark: false)
        scheme.contrast = .high
        XCTAssertEqual(scheme.contrast, .standard)
        XCTAssertEqual(FieldColors.resolve(scheme: scheme, state: .editing, container: .filled),
                       FieldColors.resolve(scheme: Self.scheme(isDark: false), state: .editing, container: .filled))
        scheme.design = .m2
        XCTAssertEqual(scheme.contrast, .high)
        // An M3 design with no roles (set by hand on an M2 scheme) has nothing to resolve tokens
        // against: it keeps Material 2's colours.
        var bare = ColorScheme.light
        bare.design = .m3
        XCTAssertEqual(FieldColors.resolve(scheme: bare, state: .normal), FieldColors.resolve(scheme: .light, state: .normal))
    }

    /// Easing into error blends every part between the two token sets, as Material 2's error does.
    func testEasingIntoErrorBlendsBetweenTheTokenSets() {
        let scheme = Self.scheme(isDark: true)
        for family in [ContainerKind.filled, .outlined] {
            for (state, hovered) in [(FieldState.normal, true), (.editing, false)] {
                let from = FieldColors.resolve(scheme: scheme, state: state, isHovered: hovered, container: family)
                let to = FieldColors.resolve(scheme: scheme, state: state, isHovered: hovered, isInError: true, container: family)
                let midway = FieldDecorator.colors(scheme: scheme, state: state, isHovered: hovered, overrides: FieldColorOverrides(),
                                                   errorEmphasis: 0.25, container: family)
                XCTAssertEqual(midway, from.interpolated(to: to, fraction: 0.25))
                XCTAssertEqual(midway.trailingIcon, from.trailingIcon.interpolated(to: to.trailingIcon, fraction: 0.25),
                               "the members Material 3 added ease too")
                XCTAssertNotEqual(midway.floatingLabel, from.floatingLabel)
                XCTAssertNotEqual(midway.floatingLabel, to.floatingLabel)
            }
        }
    }

    /// A real field, hovered, then focused, then put in error, at scale 1 and 2: what it draws
    /// takes the tokens' colours, and the label and the error ease between them on the field's
    /// own clock (no duration is assumed: each sample is compared with the field's progress).
    func testAFieldHoveredThenFocusedThenInErrorDrawsAndEasesTheTokenColours() {
        let scheme = Self.scheme(isDark: false), roles = Self.roles(isDark: false)
        typealias Filled = M3FilledTextFieldTokens
        for scale in [1.0, 2.0] {
            let field = TextField(identifier: "f", style: .filled, label: "Label", placeholder: "", text: "", isEnabled: true)
            field.trailingIcon = .search
            field.prefixText = "$"
            field.layOut(width: 300, metrics: MaterialMetrics(scale: scale, design: .m3), measurer: sharedMeasurer)
            field.isHovered = true
            var canvas = field.drawn(at: 0, scheme: scheme)
            let fills = canvas.fills.map(\.color)
            XCTAssertTrue(fills.contains(Filled.containerColor.color(in: roles)), "scale \(scale): the container")
            XCTAssertTrue(fills.contains(Filled.hoverStateLayerColor.color(in: roles)), "scale \(scale): the state layer")
            XCTAssertTrue(fills.contains(Filled.hoverActiveIndicatorColor.color(in: roles)), "scale \(scale): the hovered indicator")
            XCTAssertEqual(canvas.texts.first { $0.text == "Label" }?.color, Filled.hoverLabelTextColor.color(in: roles))

            // Focused: the hover ends; the label takes the focus colour as it floats.
            XCTAssertTrue(field.focus(at: 1))
            let rising = 1.05
            canvas = field.drawn(at: rising, scheme: scheme)
            let float = field.labelFloatProgress(at: rising)
            XCTAssertTrue(float > 0 && float < 1, "scale \(scale): sampled while the label floats (\(float))")
            let resting = Filled.labelTextColor.color(in: roles), focused = Filled.focusLabelTextColor.color(in: roles)
            assertClose(canvas.texts.first { $0.text == "Label" }?.color, resting.interpolated(to: focused, fraction: float),
                        "scale \(scale): the label eases toward the focus colour")
            XCTAssertFalse(canvas.fills.map(\.color).contains(Filled.hoverStateLayerColor.color(in: roles)))

            // In error while focused: the label and indicator ease from primary to error.
            field.applyErrorTheme(message: "Wrong")
            let easing = 2.05
            field.advance(to: 2)
            canvas = field.drawn(at: easing, scheme: scheme)
            let emphasis = field.motion.errorEmphasis.value(at: easing)
            XCTAssertTrue(emphasis > 0 && emphasis < 1, "scale \(scale): sampled while the error eases in (\(emphasis))")
            assertClose(canvas.texts.first { $0.text == "Label" }?.color,
                        Filled.focusLabelTextColor.color(in: roles)
                            .interpolated(to: Filled.errorFocusLabelTextColor.color(in: roles), fraction: emphasis),
                        "scale \(scale): the label eases into the error colour")
            canvas = field.drawn(at: 3, scheme: scheme)
            XCTAssertEqual(canvas.texts.first { $0.text == "Label" }?.color, Filled.errorFocusLabelTextColor.color(in: roles))
            XCTAssertEqual(canvas.texts.first { $0.text == "Wrong" }?.color, Filled.errorFocusSupportingTextColor.color(in: roles))
            XCTAssertEqual(canvas.texts.first { $0.text == "\u{E8B6}" }?.color,
                           Filled.errorFocusTrailingIconColor.color(in: roles), "scale \(scale): the trailing icon in error")
            XCTAssertEqual(canvas.texts.first { $0.text == "$" }?.color, Filled.inputTextPrefixColor.color(in: roles),
                           "scale \(scale): the prefix keeps its own colour in error")
            XCTAssertTrue(canvas.fills.map(\.color).contains(Filled.errorFocusActiveIndicatorColor.color(in: roles)))
        }
    }

    private func assertClose(_ actual: Color?, _ expected: Color, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let actual else { return XCTFail("\(message): not drawn", file: file, line: line) }
        let distance = [actual.red - expected.red, actual.green - expected.green, actual.blue - expected.blue,
                        actual.alpha - expected.alpha].map(abs).max() ?? 0
        XCTAssertLessThan(distance, 1e-9, "\(message): \(actual) is not \(expected)", file: file, line: line)
    }
}
