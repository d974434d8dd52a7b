/// A value in 0...1 that eases toward a target. Time comes from the caller, never from the wall
/// clock, so tests step it.
///
/// Retargeting mid-flight starts the new leg at the value shown at that instant, with a duration
/// proportional to the distance left, so a reversed animation continues from where it is.
public struct Transition: Equatable, Sendable {
    public private(set) var target: Double
    private var startValue: Double
    private var startTime: Double
    private var duration: Double
    /// The time a full 0 -> 1 leg takes.
    public var fullDuration: Double
    public var easing: CubicBezier

    public init(value: Double, fullDuration: Double = 0.150, easing: CubicBezier = .standard) {
        self.target = value
        self.startValue = value
        self.startTime = 0
        self.duration = 0
        self.fullDuration = fullDuration
        self.easing = easing
    }

    public func value(at time: Double) -> Double {
        guard duration > 0 else { return target }
        let linear = (time - startTime) / duration
        if linear >= 1 { return target }
        return startValue + (target - startValue) * easing.value(at: max(0, linear))
    }

    public func isAnimating(at time: Double) -> Bool { duration > 0 && time < startTime + duration }

    /// Starts easing toward `newTarget` from wherever the value is at `time`.
    public mutating func animate(to newTarget: Double, at time: Double) {
        guard newTarget != target else { return }
        let current = value(at: time)
        startValue = current
        target = newTarget
        startTime = time
        duration = fullDuration * abs(newTarget - current)
    }

    /// Jumps to the target, as for a settled screenshot.
    public mutating func finish() {
        startValue = target
        duration = 0
    }

    /// Jumps to `value` with no animation.
    public mutating func jump(to value: Double) {
        target = value
        finish()
    }
}
