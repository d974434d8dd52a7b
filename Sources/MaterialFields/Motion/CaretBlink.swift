/// The caret's blink: 500 ms on, 500 ms off, solid right after any input, and solid for good once
/// the user has been idle for 10 s (so an idle window stops waking the CPU). The desktop's
/// settings change it (`follow(_:)`): a caret that does not blink is always shown and never
/// asks for a wake-up.
public struct CaretBlink: Equatable, Sendable {
    public var onDuration: Double = 0.5
    public var offDuration: Double = 0.5
    public var idleTimeout: Double = 10
    /// False: the caret is solid, with no wake-ups for it.
    public var blinks = true
    private var restartTime: Double = 0

    public init() {}

    /// The blink the desktop asks for: GTK's cycle (shown two thirds of `cursorBlinkTime`, hidden
    /// one third, the cycle at least 0.1 s as GTK clamps it) and idle timeout; a desktop that
    /// says nothing keeps 500/500 ms and 10 s. No blinking when `cursorBlink` is false or the
    /// timeout is 0.
    public mutating func follow(_ settings: DesktopSettings) {
        let defaults = CaretBlink()
        if let cycle = settings.cursorBlinkTime, cycle.isFinite {
            let clamped = max(cycle, 0.1)
            onDuration = clamped * 2 / 3
            offDuration = clamped / 3
        } else {
            onDuration = defaults.onDuration
            offDuration = defaults.offDuration
        }
        if let timeout = settings.cursorBlinkTimeout, !timeout.isNaN {
            idleTimeout = max(timeout, 0)
        } else {
            idleTimeout = defaults.idleTimeout
        }
        blinks = settings.cursorBlink ?? true
    }

    /// Call on focus and on every edit or caret move.
    public mutating func restart(at time: Double) { restartTime = time }

    private var period: Double { onDuration + offDuration }

    public func isVisible(at time: Double) -> Bool {
        let elapsed = time - restartTime
        if !blinks || elapsed < 0 || elapsed >= idleTimeout { return true }
        return elapsed.truncatingRemainder(dividingBy: period) < onDuration
    }

    /// When visibility next changes, or nil when it never will without new input.
    public func nextChange(after time: Double) -> Double? {
        guard blinks else { return nil }
        let elapsed = max(0, time - restartTime)
        if elapsed >= idleTimeout { return nil }
        let cycleStart = (elapsed / period).rounded(.down) * period
        let phase = elapsed - cycleStart
        let next = phase < onDuration ? cycleStart + onDuration : cycleStart + period
        return restartTime + min(next, idleTimeout)
    }
}
