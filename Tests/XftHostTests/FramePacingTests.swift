import XCTest
@testable import XftHost

/// The window's frame deadlines (`WindowHost.nextFrame(wakeup:lastFrame:anchor:)`), replayed with
/// a simulated clock: a loop that wakes late and draws for a while must still draw an animation
/// on the grid of frame intervals from its first frame, never drift by its latency.
final class FramePacingTests: XCTestCase {
    private let interval = WindowHost.frameInterval

    /// Frames a loop draws for an animation from `start` to `end`, which asks for a frame right
    /// away while it runs (as `FieldScene.nextWakeup` does) and once more after its end, waking
    /// `latency(k)` after each deadline and drawing for `drawing(k)`.
    private func frames(start: Double, end: Double, latency: (Int) -> Double, drawing: (Int) -> Double) -> [Double] {
        var drawn = [start], anchor = start, last = start, clock = start + drawing(0)
        while last < end, drawn.count < 100 {
            let deadline = WindowHost.nextFrame(wakeup: clock, lastFrame: last, anchor: anchor)
            clock = max(clock, deadline) + latency(drawn.count)
            if clock > last + 2 * interval { anchor = clock }
            drawn.append(clock)
            last = clock
            clock += drawing(drawn.count)
        }
        return drawn
    }

    func testAnimationFramesStayOnTheGridOfTheirFirstFrameWhateverTheWakeUpLatency() {
        let start = 100.0, end = start + 0.15
        let drawn = frames(start: start, end: end, latency: { 0.0004 + Double($0 % 3) * 0.0003 }, drawing: { _ in 0.002 })
        let offsets = drawn.map { ($0 - start) / interval }
        print("frames at grid steps \(offsets.map { String(format: "%.3f", $0) })")
        // Every frame k is drawn at its grid instant plus that wake's latency only: nothing adds up.
        for (k, offset) in offsets.enumerated() {
            XCTAssertEqual(offset, Double(k), accuracy: 0.1, "frame \(k) left the grid")
        }
        // 150 ms at 60 Hz: frames 0 to 9, the last at or after the end (the animation at progress 1).
        XCTAssertEqual(drawn.count, 10)
        XCTAssertGreaterThanOrEqual(drawn.last!, end)
    }

    func testAFrameDrawnLateKeepsTheNextOnTheGridAndAMissedOneIsSkipped() {
        let start = 5.0
        // Frame 2 wakes 0.4 interval late; frame 3 draws for 1.5 intervals, past frame 4's instant.
        let drawn = frames(start: start, end: start + 0.15, latency: { $0 == 2 ? 0.4 * self.interval : 0.0002 },
                           drawing: { $0 == 4 ? 1.5 * self.interval : 0.001 })
        let offsets = drawn.map { ($0 - start) / interval }
        print("late frames at grid steps \(offsets.map { String(format: "%.3f", $0) })")
        let steps = offsets.map { $0.rounded(.down) }
        // Frame 3 is back on its instant after the late frame 2; instant 4, passed while frame 3
        // was drawn, is drawn at once, and the next frame is on the grid again: instant 5, less
        // than half an interval away, is skipped, not drawn at 5.5.
        XCTAssertEqual(Array(steps.prefix(7)), [0, 1, 2, 3, 4, 6, 7])
        XCTAssertEqual(offsets[3], 3, accuracy: 0.05)
        XCTAssertEqual(offsets[5], 6, accuracy: 0.05)
        XCTAssertGreaterThanOrEqual(drawn.last!, start + 0.15)
    }

    func testAWakeUpBeyondAFrameIntervalIsDrawnWhenAskedFor() {
        // A caret blink half a second after the last frame is not moved onto the grid.
        XCTAssertEqual(WindowHost.nextFrame(wakeup: 1.5, lastFrame: 1.0, anchor: 0.99), 1.5)
        XCTAssertEqual(WindowHost.nextFrame(wakeup: 1.0, lastFrame: 1.0, anchor: 1.0), 1.0 + interval, accuracy: 1e-12)
    }
}
