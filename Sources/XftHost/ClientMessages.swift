import CXlib

/// Sends a 32-bit client message of `type` to `destination` with `window` in its window field
/// (a proxy gets the messages of the window it stands for), under the error trap: the other
/// program may be gone, which costs no error line.
func sendClientMessage(_ type: Atom, on display: OpaquePointer, to destination: Window, window: Window,
                       data: (Int, Int, Int, Int, Int)) {
    var message = XClientMessageEvent()
    message.type = ClientMessage
    message.display = display
    message.window = window
    message.message_type = type
    message.format = 32
    message.data.l = data
    var event = XEvent(xclient: message)
    _ = HostErrorHandlers.trappingErrors(on: display) {
        XSendEvent(display, destination, 0, NoEventMask, &event)
    }
    XFlush(display)
}
