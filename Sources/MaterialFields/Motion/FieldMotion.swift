/// Everything of a field that moves with time: the five transitions, where the activation
/// indicator grows from, the caret's blink, and the assistive texts waiting to fade in. A value:
/// the field advances it to a time (`sync`), drawing only reads it.
struct FieldMotion {
    /// 0 with the label resting, 1 floating; the notch opens with it.
    var labelFloat: Transition
    /// 0 unfocused, 1 focused: the filled activation indicator's growth and the outline's thickening.
    var activation: Transition
    /// 0 normal colours, 1 the error theme.
    var errorEmphasis: Transition
    /// The opacity of the leading and trailing assistive texts: a new text fades in.
    var leadingAssistiveFade: Transition
    var trailingAssistiveFade: Transition
    /// Where the activation indicator grows from, in field coordinates.
    var activationOrigin: Double = 0
    var caretBlink = CaretBlink()
    /// New assistive text fades in from the next `sync`.
    var pendingFades: (leading: Bool, trailing: Bool) = (false, false)

    init(duration: Double) {
        labelFloat = Transition(value: 0, fullDuration: duration)
        activation = Transition(value: 0, fullDuration: duration)
        errorEmphasis = Transition(value: 0, fullDuration: duration)
        leadingAssistiveFade = Transition(value: 1, fullDuration: duration, easing: .linear)
        trailingAssistiveFade = Transition(value: 1, fullDuration: duration, easing: .linear)
    }

    /// Whose motion the eased transitions follow (`follow(_:)`).
    private(set) var design = MaterialDesign.m2

    /// Eases the label, indicator and error transitions by `design`'s curves: M2's standard
    /// curve, or M3's md.sys.motion.easing-standard for the label (`field.ts`: EASING.STANDARD)
    /// and easing-emphasized for the indicator and outline (the same cubic-bezier(0.2, 0, 0, 1)
    /// in v0_192). The fades stay linear. Durations are `setDurations(float:others:)`'s.
    mutating func follow(_ design: MaterialDesign) {
        self.design = design
        let m3 = design == .m3
        labelFloat.easing = m3 ? Material3Tokens.easingStandard : .standard
        activation.easing = m3 ? Material3Tokens.easingEmphasized : .standard
        errorEmphasis.easing = m3 ? Material3Tokens.easingStandard : .standard
    }

    /// The label's float takes `float` seconds, everything else `others`.
    mutating func setDurations(float: Double, others: Double) {
        labelFloat.fullDuration = float
        activation.fullDuration = others
        errorEmphasis.fullDuration = others
        leadingAssistiveFade.fullDuration = others
        trailingAssistiveFade.fullDuration = others
    }

    /// Points every transition at what the state asks for; a transition already heading there
    /// goes on undisturbed. A disabled field's error colours change at once. Pending fades start.
    mutating func sync(labelFloats: Bool, isFocused: Bool, isEnabled: Bool, isInError: Bool, at time: Double) {
        labelFloat.animate(to: labelFloats ? 1 : 0, at: time)
        activation.animate(to: isFocused ? 1 : 0, at: time)
        if isEnabled {
            errorEmphasis.animate(to: isInError ? 1 : 0, at: time)
        } else {
            errorEmphasis.jump(to: isInError ? 1 : 0)
        }
        if pendingFades.leading {
            leadingAssistiveFade.jump(to: 0)
            leadingAssistiveFade.animate(to: 1, at: time)
        }
        if pendingFades.trailing {
            trailingAssistiveFade.jump(to: 0)
            trailingAssistiveFade.animate(to: 1, at: time)
        }
        pendingFades = (false, false)
    }

    /// Jumps every transition to its end.
    mutating func finish() {
        labelFloat.finish()
        activation.finish()
        errorEmphasis.finish()
        leadingAssistiveFade.finish()
        trailingAssistiveFade.finish()
    }

    func isAnimating(at time: Double) -> Bool {
        labelFloat.isAnimating(at: time) || activation.isAnimating(at: time) || errorEmphasis.isAnimating(at: time)
            || leadingAssistiveFade.isAnimating(at: time) || trailingAssistiveFade.isAnimating(at: time)
    }
}
