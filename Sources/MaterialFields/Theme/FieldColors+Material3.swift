/// A Material 3 colour token's value: a role of the scheme, at an opacity (the token's
/// `-opacity` partner; 1 when it has none).
struct M3ColorToken: Equatable, Sendable {
    var role: ColorRole
    var opacity: Double

    init(_ role: ColorRole, opacity: Double = 1) {
        self.role = role
        self.opacity = opacity
    }

    func color(in roles: ColorRoles) -> Color {
        let color = roles[role]
        return opacity == 1 ? color : color.withAlpha(color.alpha * opacity)
    }
}

/// The tokens the filled and outlined text fields both have, by the same names
/// (`M3TextFieldTokens.swift`, generated).
protocol M3TextFieldTokenSet {
    static var caretColor: M3ColorToken { get }
    static var errorFocusCaretColor: M3ColorToken { get }
    static var inputTextColor: M3ColorToken { get }
    static var hoverInputTextColor: M3ColorToken { get }
    static var focusInputTextColor: M3ColorToken { get }
    static var errorInputTextColor: M3ColorToken { get }
    static var errorHoverInputTextColor: M3ColorToken { get }
    static var errorFocusInputTextColor: M3ColorToken { get }
    static var disabledInputTextColor: M3ColorToken { get }
    static var inputTextPlaceholderColor: M3ColorToken { get }
    static var inputTextPrefixColor: M3ColorToken { get }
    static var inputTextSuffixColor: M3ColorToken { get }
    static var labelTextColor: M3ColorToken { get }
    static var hoverLabelTextColor: M3ColorToken { get }
    static var focusLabelTextColor: M3ColorToken { get }
    static var errorLabelTextColor: M3ColorToken { get }
    static var errorHoverLabelTextColor: M3ColorToken { get }
    static var errorFocusLabelTextColor: M3ColorToken { get }
    static var disabledLabelTextColor: M3ColorToken { get }
    static var supportingTextColor: M3ColorToken { get }
    static var hoverSupportingTextColor: M3ColorToken { get }
    static var focusSupportingTextColor: M3ColorToken { get }
    static var errorSupportingTextColor: M3ColorToken { get }
    static var errorHoverSupportingTextColor: M3ColorToken { get }
    static var errorFocusSupportingTextColor: M3ColorToken { get }
    static var disabledSupportingTextColor: M3ColorToken { get }
    static var leadingIconColor: M3ColorToken { get }
    static var hoverLeadingIconColor: M3ColorToken { get }
    static var focusLeadingIconColor: M3ColorToken { get }
    static var errorLeadingIconColor: M3ColorToken { get }
    static var errorHoverLeadingIconColor: M3ColorToken { get }
    static var errorFocusLeadingIconColor: M3ColorToken { get }
    static var disabledLeadingIconColor: M3ColorToken { get }
    static var trailingIconColor: M3ColorToken { get }
    static var hoverTrailingIconColor: M3ColorToken { get }
    static var focusTrailingIconColor: M3ColorToken { get }
    static var errorTrailingIconColor: M3ColorToken { get }
    static var errorHoverTrailingIconColor: M3ColorToken { get }
    static var errorFocusTrailingIconColor: M3ColorToken { get }
    static var disabledTrailingIconColor: M3ColorToken { get }
}

extension M3FilledTextFieldTokens: M3TextFieldTokenSet {}
extension M3OutlinedTextFieldTokens: M3TextFieldTokenSet {}

/// Which of a part's tokens apply, as Material Web's field styles cascade them: disabled over
/// everything (and a disabled field drops the error theme: `error: !disabled && hasError`), the
/// error theme's own focus and hover variants over it, focus over hover.
enum M3Condition: Equatable, Sendable {
    case enabled, hover, focus, error, errorHover, errorFocus, disabled

    /// Hover counts on a field at rest only (the scene reports none on the field being edited).
    init(state: FieldState, isHovered: Bool, isInError: Bool) {
        switch (state, isInError) {
        case (.disabled, _): self = .disabled
        case (.editing, false): self = .focus
        case (.editing, true): self = .errorFocus
        case (.normal, false): self = isHovered ? .hover : .enabled
        case (.normal, true): self = isHovered ? .errorHover : .error
        }
    }

    /// The token of the seven that applies.
    func pick(_ enabled: M3ColorToken, hover: M3ColorToken, focus: M3ColorToken, error: M3ColorToken,
              errorHover: M3ColorToken, errorFocus: M3ColorToken, disabled: M3ColorToken) -> M3ColorToken {
        switch self {
        case .enabled: return enabled
        case .hover: return hover
        case .focus: return focus
        case .error: return error
        case .errorHover: return errorHover
        case .errorFocus: return errorFocus
        case .disabled: return disabled
        }
    }

    var isError: Bool { self == .error || self == .errorHover || self == .errorFocus }
}

extension FieldColors {
    /// The selection in the field being edited: primary at this opacity. Material Web leaves the
    /// selection to the browser and the tokens have none; Compose's and Flutter's Material 3 both
    /// draw primary at 40 %, and so does this. The selected text keeps its colour over it.
    static let material3SelectionOpacity = 0.40

    /// Material 3's colours from Material Web's component tokens (`M3TextFieldTokens.swift`,
    /// version v0_192), resolved against `roles`.
    ///
    /// - Texts, labels, icons, affixes, placeholder, supporting texts and caret come from the
    ///   filled text field's tokens for a filled container, else the outlined one's (RAG's and
    ///   the plain fields have no container fill: the outlined field is their nearest kin).
    /// - The filled container and its hover state layer come from the filled tokens (clear for
    ///   any other container); the underline and focused indicator always from the filled
    ///   tokens' active indicator, the outline and focused outline always from the outlined
    ///   tokens', so each painter finds the colours of its own component.
    /// - The label eases from `restingLabel` to `floatingLabel` as it floats: focused, the resting
    ///   one is the unfocused label colour, so it takes the focus colour as it rises (Material 2's
    ///   easing; Material Web switches it at once).
    /// - The counter is part of the supporting text (as in Material Web) and takes its colours,
    ///   the error colour included. The placeholder is `input-text-placeholder-color` (Material
    ///   Web's own input draws it in the text colour instead); disabled, the placeholder and the
    ///   affixes are the disabled input text, as Material Web's are.
    /// - The caret is `caret-color`, `error-focus-caret-color` in error; the selection primary
    ///   at `material3SelectionOpacity`.
    /// - The app's `overrides` apply over the tokens; in error, the parts the error theme colours
    ///   (labels, supporting texts, indicator, outline) keep the tokens' error colours.
    /// - Hover counts only on a field at rest (`M3Condition`): a focused filled field shows no
    ///   state layer under the pointer, where Material Web's does (focus hides the rest of hover).
    static func resolveMaterial3(roles: ColorRoles, state: FieldState, isHovered: Bool, isInError: Bool,
                                 overrides: FieldColorOverrides, container: ContainerKind) -> FieldColors {
        let condition = M3Condition(state: state, isHovered: isHovered, isInError: isInError)
        var colors = container == .filled
            ? material3(M3FilledTextFieldTokens.self, condition: condition, roles: roles, hasFilledContainer: true)
            : material3(M3OutlinedTextFieldTokens.self, condition: condition, roles: roles, hasFilledContainer: false)
        let tokens = colors
        colors.apply(overrides, state: state)
        if condition.isError {
            colors.restingLabel = tokens.restingLabel
            colors.floatingLabel = tokens.floatingLabel
            colors.leadingAssistiveText = tokens.leadingAssistiveText
            colors.trailingAssistiveText = tokens.trailingAssistiveText
            colors.underline = tokens.underline
            colors.activeIndicator = tokens.activeIndicator
            colors.outline = tokens.outline
            colors.activeOutline = tokens.activeOutline
        }
        return colors
    }

    private static func material3<Tokens: M3TextFieldTokenSet>(_ tokens: Tokens.Type, condition: M3Condition, roles: ColorRoles,
                                                             hasFilledContainer: Bool) -> FieldColors {
        typealias Filled = M3FilledTextFieldTokens
        typealias Outlined = M3OutlinedTextFieldTokens
        func color(_ token: M3ColorToken) -> Color { token.color(in: roles) }
        let isDisabled = condition == .disabled
        let inputText = condition.pick(Tokens.inputTextColor, hover: Tokens.hoverInputTextColor, focus: Tokens.focusInputTextColor,
                                       error: Tokens.errorInputTextColor, errorHover: Tokens.errorHoverInputTextColor,
                                       errorFocus: Tokens.errorFocusInputTextColor, disabled: Tokens.disabledInputTextColor)
        let label = condition.pick(Tokens.labelTextColor, hover: Tokens.hoverLabelTextColor, focus: Tokens.focusLabelTextColor,
                                   error: Tokens.errorLabelTextColor, errorHover: Tokens.errorHoverLabelTextColor,
                                   errorFocus: Tokens.errorFocusLabelTextColor, disabled: Tokens.disabledLabelTextColor)
        // Resting while focused (the moment before it floats): the unfocused label's colour.
        let restingLabel = condition == .focus ? Tokens.labelTextColor : condition == .errorFocus ? Tokens.errorLabelTextColor : label
        let supporting = condition.pick(Tokens.supportingTextColor, hover: Tokens.hoverSupportingTextColor,
                                        focus: Tokens.focusSupportingTextColor, error: Tokens.errorSupportingTextColor,
                                        errorHover: Tokens.errorHoverSupportingTextColor,
                                        errorFocus: Tokens.errorFocusSupportingTextColor, disabled: Tokens.disabledSupportingTextColor)
        let leadingIcon = condition.pick(Tokens.leadingIconColor, hover: Tokens.hoverLeadingIconColor, focus: Tokens.focusLeadingIconColor,
                                         error: Tokens.errorLeadingIconColor, errorHover: Tokens.errorHoverLeadingIconColor,
                                         errorFocus: Tokens.errorFocusLeadingIconColor, disabled: Tokens.disabledLeadingIconColor)
        let trailingIcon = condition.pick(Tokens.trailingIconColor, hover: Tokens.hoverTrailingIconColor,
                                          focus: Tokens.focusTrailingIconColor, error: Tokens.errorTrailingIconColor,
                                          errorHover: Tokens.errorHoverTrailingIconColor,
                                          errorFocus: Tokens.errorFocusTrailingIconColor, disabled: Tokens.disabledTrailingIconColor)
        // The caret shows only while editing: `caret-color`, or the error theme's focused one.
        let caret = condition.isError ? Tokens.errorFocusCaretColor : Tokens.caretColor
        // Filled: the container, its hover state layer, the active indicator (`::before`, at rest
        // and hovered) and the focused one (`::after`).
        var container = Color.clear, hoverLayer = Color.clear
        if hasFilledContainer {
            container = color(isDisabled ? Filled.disabledContainerColor : Filled.containerColor)
            if condition == .hover { hoverLayer = color(Filled.hoverStateLayerColor) }
            if condition == .errorHover { hoverLayer = color(Filled.errorHoverStateLayerColor) }
        }
        let underline = condition.pick(Filled.activeIndicatorColor, hover: Filled.hoverActiveIndicatorColor,
                                       focus: Filled.activeIndicatorColor, error: Filled.errorActiveIndicatorColor,
                                       errorHover: Filled.errorHoverActiveIndicatorColor, errorFocus: Filled.errorActiveIndicatorColor,
                                       disabled: Filled.disabledActiveIndicatorColor)
        let activeIndicator = isDisabled ? Filled.disabledActiveIndicatorColor
            : condition.isError ? Filled.errorFocusActiveIndicatorColor : Filled.focusActiveIndicatorColor
        let outline = condition.pick(Outlined.outlineColor, hover: Outlined.hoverOutlineColor, focus: Outlined.outlineColor,
                                     error: Outlined.errorOutlineColor, errorHover: Outlined.errorHoverOutlineColor,
                                     errorFocus: Outlined.errorOutlineColor, disabled: Outlined.disabledOutlineColor)
        let activeOutline = isDisabled ? Outlined.disabledOutlineColor
            : condition.isError ? Outlined.errorFocusOutlineColor : Outlined.focusOutlineColor
        let primary = roles[.primary]
        return FieldColors(
            inputText: color(inputText), restingLabel: color(restingLabel), floatingLabel: color(label),
            placeholder: color(isDisabled ? Tokens.disabledInputTextColor : Tokens.inputTextPlaceholderColor),
            leadingAssistiveText: color(supporting), trailingAssistiveText: color(supporting),
            icon: color(leadingIcon), trailingIcon: color(trailingIcon),
            prefix: color(isDisabled ? Tokens.disabledInputTextColor : Tokens.inputTextPrefixColor),
            suffix: color(isDisabled ? Tokens.disabledInputTextColor : Tokens.inputTextSuffixColor),
            container: container, hoverLayer: hoverLayer, underline: color(underline), activeIndicator: color(activeIndicator),
            outline: color(outline), activeOutline: color(activeOutline),
            caret: isDisabled ? .clear : color(caret),
            selection: isDisabled ? .clear : primary.withAlpha(primary.alpha * material3SelectionOpacity), selectedText: nil)
    }
}
