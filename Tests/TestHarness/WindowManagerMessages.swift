import CXlib

/// Sends `window` WM_DELETE_WINDOW, as a window manager's close button does, and waits until the
/// server has passed it on.
public func sendCloseRequest(display: OpaquePointer, window: Window) {
    var event = XEvent()
    event.xclient.type = ClientMessage
    event.xclient.window = window
    event.xclient.message_type = XInternAtom(display, "WM_PROTOCOLS", 0)
    event.xclient.format = 32
    event.xclient.data.l.0 = Int(XInternAtom(display, "WM_DELETE_WINDOW", 0))
    event.xclient.data.l.1 = Int(CurrentTime)
    XSendEvent(display, window, 0, NoEventMask, &event)
    XSync(display, 0)
}
