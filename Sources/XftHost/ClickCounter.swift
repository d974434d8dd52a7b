import CXlib
import MaterialFields

/// Counts presses that land close together in place and time into double and triple clicks
/// (a fourth press starts over).
package struct ClickCounter {
    /// GTK's default double-click time and distance.
    package static let interval: Time = 400
    package static let slop = 4.0

    private var lastTime: Time = 0
    private var lastPoint = Point(x: -1000, y: -1000)
    private var count = 0

    package init() {}

    package mutating func press(at point: Point, time: Time) -> Int {
        let near = abs(point.x - lastPoint.x) <= Self.slop && abs(point.y - lastPoint.y) <= Self.slop
        let soon = count > 0 && time >= lastTime && time - lastTime <= Self.interval
        count = (near && soon && count < 3) ? count + 1 : 1
        lastTime = time
        lastPoint = point
        return count
    }
}
