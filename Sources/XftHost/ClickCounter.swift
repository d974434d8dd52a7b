import CXlib
import MaterialFields

/// Counts presses that land close together in place and time into double and triple clicks
/// (a fourth press starts over).
package struct ClickCounter {
    /// GTK's default double-click time and distance.
    package static let defaultInterval: Time = 400
    package static let slop = 4.0

    /// The longest gap between two presses of one click, in server milliseconds: the desktop's
    /// `Net/DoubleClickTime` when it sets one.
    package var interval: Time = ClickCounter.defaultInterval
    private var lastTime: Time = 0
    private var lastPoint = Point(x: -1000, y: -1000)
    private var count = 0

    package init() {}

    /// The interval the desktop asks for (`DesktopSettings.doubleClickTime`), or GTK's default.
    package mutating func follow(_ settings: DesktopSettings) {
        guard let seconds = settings.doubleClickTime, seconds.isFinite, seconds >= 0 else {
            interval = Self.defaultInterval
            return
        }
        interval = Time(min(seconds * 1000, 60_000).rounded())
    }

    package mutating func press(at point: Point, time: Time) -> Int {
        let near = abs(point.x - lastPoint.x) <= Self.slop && abs(point.y - lastPoint.y) <= Self.slop
        let soon = count > 0 && time >= lastTime && time - lastTime <= interval
        count = (near && soon && count < 3) ? count + 1 : 1
        lastTime = time
        lastPoint = point
        return count
    }
}
