/// The caret's blink: 500 ms on, 500 ms off, solid right after any input, and solid for good once
/// the user has been idle for 10 s (so an idle window stops waking the CPU).
public struct CaretBlink: Equatable, Sendable {
    public var onDuration: Double = 0.5
    public var offDuration: Double = 0.5
    public var idleTimeout: Double = 10
    private var restartTime: Double = 0

    public init() {}

    /// Call on focus and on every edit or caret move.
    public mutating func restart(at time: Double) { restartTime = time }

    private var period: Double { onDuration + offDuration }

    public func isVisible(at time: Double) -> Bool {
        let elapsed = time - restartTime
        if elapsed < 0 || elapsed >= idleTimeout { return true }
        return elapsed.truncatingRemainder(dividingBy: period) < onDuration
    }

    /// When visibility next changes, or nil when it never will without new input.
    public func nextChange(after time: Double) -> Double? {
        let elapsed = max(0, time - restartTime)
        if elapsed >= idleTimeout { return nil }
        let cycleStart = (elapsed / period).rounded(.down) * period
        let phase = elapsed - cycleStart
        let next = phase < onDuration ? cycleStart + onDuration : cycleStart + period
        return restartTime + min(next, idleTimeout)
    }
}
