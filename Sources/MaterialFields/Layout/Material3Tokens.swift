/// Material 3's numbers for text fields, in pixels at scale 1 (seconds for durations), each from
/// the token named beside it. The component tokens are Material Web's version v0_192
/// (`tokens/versions/v0_192/_md-comp-filled-text-field.scss`, `_md-comp-outlined-text-field.scss`,
/// `_md-sys-typescale.scss`, `_md-sys-shape.scss`, `_md-sys-motion.scss`); the spaces, which
/// v0_192's text-field files do not give, are Material Web's field tokens
/// (`tokens/_md-comp-filled-field.scss`, `_md-comp-outlined-field.scss`,
/// `tokens/_md-comp-filled-text-field.scss`) as its field (`field/internal/*.scss`, `field.ts`)
/// applies them. Colours are not here: they are roles, resolved into `FieldColors`.
///
/// Where Material Web's components override a v0_192 token, the token wins: both its filled and
/// outlined fields draw the focused indicator and outline 3 px ("remove when focus tokens update
/// to 3px"), v0_192 says 2 px, and so do these fields.
public enum Material3Tokens {
    // MARK: Type (md.sys.typescale, v0_192)

    /// md.sys.typescale.body-large-size (1rem): input text, resting label
    /// (md.comp.filled-text-field.input-text.size, .label-text.size).
    public static let bodyLargeSize = 16.0
    /// md.sys.typescale.body-large-line-height (1.5rem): input text, resting label.
    public static let bodyLargeLineHeight = 24.0
    /// md.sys.typescale.body-small-size (0.75rem): the floating label
    /// (md.comp.filled-text-field.label-text.populated.size) and the supporting text.
    public static let bodySmallSize = 12.0
    /// md.sys.typescale.body-small-line-height (1rem): the floating label
    /// (md.comp.filled-text-field.label-text.populated.line-height) and the supporting text.
    public static let bodySmallLineHeight = 16.0

    // MARK: Shape (md.sys.shape, v0_192)

    /// md.sys.shape.corner-extra-small: md.comp.outlined-text-field.container.shape; the filled
    /// field's md.comp.filled-text-field.container.shape is corner-extra-small-top (4 4 0 0).
    public static let cornerExtraSmall = 4.0

    // MARK: Lines (v0_192 component tokens)

    /// md.comp.filled-text-field.active-indicator.height.
    public static let activeIndicatorHeight = 1.0
    /// md.comp.filled-text-field.hover.active-indicator.height.
    public static let hoverActiveIndicatorHeight = 1.0
    /// md.comp.filled-text-field.focus.active-indicator.height (Material Web's filled field: 3px;
    /// the token wins).
    public static let focusActiveIndicatorHeight = 2.0
    /// md.comp.filled-text-field.disabled.active-indicator.height.
    public static let disabledActiveIndicatorHeight = 1.0
    /// md.comp.outlined-text-field.outline.width.
    public static let outlineWidth = 1.0
    /// md.comp.outlined-text-field.hover.outline.width.
    public static let hoverOutlineWidth = 1.0
    /// md.comp.outlined-text-field.focus.outline.width (Material Web's outlined field: 3px; the
    /// token wins).
    public static let focusOutlineWidth = 2.0
    /// md.comp.outlined-text-field.disabled.outline.width.
    public static let disabledOutlineWidth = 1.0

    // MARK: Icons (v0_192 component tokens)

    /// md.comp.filled-text-field.leading-icon.size, .trailing-icon.size (the outlined field's too).
    public static let iconSize = 24.0

    // MARK: Spaces (Material Web's field tokens)

    /// md.comp.filled-field.leading-space, .trailing-space (outlined-field's too): text from the sides.
    public static let leadingSpace = 16.0
    /// md.comp.filled-field.top-space, .bottom-space: around the text without a floating label,
    /// and above the outlined field's text; the resting label sits top-space down.
    public static let topSpace = 16.0
    public static let bottomSpace = 16.0
    /// md.comp.filled-field.with-label-top-space: the floating label below the container top.
    public static let withLabelTopSpace = 8.0
    /// md.comp.filled-field.with-label-bottom-space: below the text under a floating label.
    public static let withLabelBottomSpace = 8.0
    /// md.comp.filled-field.with-leading-content-leading-space, .with-trailing-content-trailing-space:
    /// an icon from the container's side.
    public static let iconEdgeSpace = 12.0
    /// md.comp.filled-field.content-space (Material Web's text field: icon-input-space): between
    /// an icon and the text.
    public static let contentSpace = 16.0
    /// md.comp.filled-text-field.input-text-prefix-trailing-space and
    /// .input-text-suffix-leading-space (Material Web's text-field tokens): between an affix and the text.
    public static let affixSpace = 2.0
    /// md.comp.outlined-field.outline-label-padding: each side of the floating label in the notch.
    public static let outlineLabelPadding = 4.0
    /// md.comp.outlined-field.label-text-padding-bottom: how far the floating label's line reaches
    /// below the outline (Material Web moves it up by its height less this).
    public static let labelTextPaddingBottom = 8.0
    /// md.comp.filled-field.supporting-text-top-space: the supporting text below the container.
    public static let supportingTextTopSpace = 4.0
    /// md.comp.filled-field.supporting-text-leading-space, .supporting-text-trailing-space.
    public static let supportingTextSideSpace = 16.0
    /// Between the supporting text and the counter (`field/internal/_supporting-text.scss`: gap 16px).
    public static let supportingTextGap = 16.0

    // MARK: Motion (md.sys.motion, v0_192, and Material Web's field)

    /// md.sys.motion.duration-short3: the label's float (`field.ts` animates it 150 ms), the
    /// focused indicator's and outline's fade and the notch (`field/internal/_filled-field.scss`,
    /// `_outlined-field.scss`).
    public static let durationShort3 = 0.150
    /// md.sys.motion.easing-standard, cubic-bezier(0.2, 0, 0, 1): the label (`field.ts`:
    /// EASING.STANDARD).
    public static let easingStandard = CubicBezier(0.2, 0, 0, 1)
    /// md.sys.motion.easing-emphasized, cubic-bezier(0.2, 0, 0, 1) in v0_192 (the same curve):
    /// the indicator's and outline's fade and the notch.
    public static let easingEmphasized = CubicBezier(0.2, 0, 0, 1)

    // MARK: Density (this project's, not a token)

    /// M3 has no density token, and Material Web's fields none: this project's densest M3 field
    /// is Material's density step -2, each vertical space 4 px smaller (48 px tall). That is the
    /// most the filled field's 8 px label spaces can lose and keep space around both the floating
    /// label and the text; M2's dense field (40 px) has the label and text touching.
    public static let denseSpaceReduction = 4.0

    /// The filled field's positioning: the label `withLabelTopSpace` down, the text under its
    /// line, `withLabelBottomSpace` below; without a floating label the text `topSpace` down.
    public static func filledPositioning(spaceReduction r: Double) -> VerticalPositioning {
        VerticalPositioning(containerHeight: topSpace - r + bodyLargeLineHeight + bottomSpace - r,
                            floatingLabelTop: withLabelTopSpace - r,
                            textTopWithFloatingLabel: withLabelTopSpace - r + bodySmallLineHeight,
                            textTopWithoutFloatingLabel: topSpace - r)
    }

    /// The outlined field's positioning: the text `topSpace` down, label or not; the floating
    /// label's line on the outline, `labelTextPaddingBottom` of it below.
    public static func outlinedPositioning(spaceReduction r: Double) -> VerticalPositioning {
        VerticalPositioning(containerHeight: topSpace - r + bodyLargeLineHeight + bottomSpace - r,
                            floatingLabelTop: labelTextPaddingBottom - bodySmallLineHeight,
                            textTopWithFloatingLabel: topSpace - r, textTopWithoutFloatingLabel: topSpace - r)
    }
}

/// One design's numbers for the metrics, in pixels at scale 1: `MaterialMetrics` multiplies them
/// by its scale.
struct DesignNumbers: Equatable, Sendable {
    var horizontalPadding: Double
    var iconTextGap: Double
    var iconSize: Double
    var iconEdgeInset: Double
    var clearButtonGap: Double
    var affixGap: Double
    var cornerRadius: Double
    var notchPadding: Double
    var inputSize: Double
    var inputLineHeight: Double
    var restingLabelSize: Double
    var floatingLabelSize: Double
    var floatingLabelLineHeight: Double
    var assistiveSize: Double
    var assistiveLineHeight: Double
    var assistiveGap: Double
    var assistiveTextGap: Double
    /// The resting, hovered, disabled and focused widths of the filled indicator and the outline.
    var indicator: LineWidths
    var outline: LineWidths

    struct LineWidths: Equatable, Sendable {
        var resting: Double, hovered: Double, disabled: Double, focused: Double
    }

    /// Material 2 as MDC iOS draws it (DESIGN.md).
    static let material2 = DesignNumbers(
        horizontalPadding: 16, iconTextGap: 12, iconSize: 24, iconEdgeInset: 12, clearButtonGap: 8, affixGap: 2,
        cornerRadius: 4, notchPadding: 4, inputSize: 16, inputLineHeight: 24, restingLabelSize: 16, floatingLabelSize: 12,
        floatingLabelLineHeight: 16, assistiveSize: 12, assistiveLineHeight: 16, assistiveGap: 4, assistiveTextGap: 16,
        indicator: LineWidths(resting: 1, hovered: 1, disabled: 1, focused: 2),
        outline: LineWidths(resting: 1, hovered: 1, disabled: 1, focused: 2))

    /// Material 3 by `Material3Tokens`.
    static let material3: DesignNumbers = {
        typealias T = Material3Tokens
        return DesignNumbers(
            horizontalPadding: T.leadingSpace, iconTextGap: T.contentSpace, iconSize: T.iconSize,
            iconEdgeInset: T.iconEdgeSpace,
            // M3 has no clear button: it stands where a trailing icon would, 8 px inside one
            // beside it as in M2 (a project choice, no token).
            clearButtonGap: 8,
            affixGap: T.affixSpace, cornerRadius: T.cornerExtraSmall, notchPadding: T.outlineLabelPadding,
            inputSize: T.bodyLargeSize, inputLineHeight: T.bodyLargeLineHeight, restingLabelSize: T.bodyLargeSize,
            floatingLabelSize: T.bodySmallSize, floatingLabelLineHeight: T.bodySmallLineHeight,
            assistiveSize: T.bodySmallSize, assistiveLineHeight: T.bodySmallLineHeight,
            assistiveGap: T.supportingTextTopSpace, assistiveTextGap: T.supportingTextGap,
            indicator: LineWidths(resting: T.activeIndicatorHeight, hovered: T.hoverActiveIndicatorHeight,
                                  disabled: T.disabledActiveIndicatorHeight, focused: T.focusActiveIndicatorHeight),
            outline: LineWidths(resting: T.outlineWidth, hovered: T.hoverOutlineWidth, disabled: T.disabledOutlineWidth,
                                focused: T.focusOutlineWidth))
    }()

    static func numbers(for design: MaterialDesign) -> DesignNumbers {
        switch design {
        case .m2: return material2
        case .m3: return material3
        }
    }
}
