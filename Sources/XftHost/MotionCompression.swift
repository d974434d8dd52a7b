import CXlib

/// Motion compression: of a run of MotionNotify events queued back to back, only the newest
/// matters. A run ends at any other event (a button's press and release must see the positions
/// around them) and, when `sameWindow`, at a motion on another window.
func newestQueuedMotion(after first: XMotionEvent, on display: OpaquePointer, sameWindow: Bool = true) -> XMotionEvent {
    var motion = first
    while XEventsQueued(display, QueuedAfterReading) > 0 {
        var next = XEvent()
        XPeekEvent(display, &next)
        guard next.type == MotionNotify, !sameWindow || next.xmotion.window == motion.window else { break }
        XNextEvent(display, &next)
        motion = next.xmotion
    }
    return motion
}
