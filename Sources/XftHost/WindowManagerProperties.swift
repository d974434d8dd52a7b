import CXlib
import Glibc

/// What a window manager reads of a new window: the close protocol, its title (WM_NAME and
/// UTF-8 `_NET_WM_NAME`), class, input hint, size hints and process id.
func setWindowManagerProperties(display: OpaquePointer, window: Window, options: WindowOptions,
                            size: (width: Int, height: Int), deleteWindow: Atom) {
    var protocols = [deleteWindow]
    XSetWMProtocols(display, window, &protocols, 1)

    setWindowTitle(display: display, window: window, title: options.title)

    options.instanceName.withCString { instance in
        options.className.withCString { className in
            var hint = XClassHint(res_name: UnsafeMutablePointer(mutating: instance),
                                  res_class: UnsafeMutablePointer(mutating: className))
            XSetClassHint(display, window, &hint)
        }
    }

    var wmHints = XWMHints()
    wmHints.flags = InputHint | StateHint
    wmHints.input = 1
    wmHints.initial_state = NormalState
    XSetWMHints(display, window, &wmHints)

    var sizeHints = XSizeHints()
    sizeHints.flags = PMinSize | PSize
    sizeHints.min_width = 1
    sizeHints.min_height = 1
    sizeHints.width = Int32(size.width)
    sizeHints.height = Int32(size.height)
    XSetWMNormalHints(display, window, &sizeHints)

    var pid = [Int(getpid())]
    XChangeProperty(display, window, XInternAtom(display, "_NET_WM_PID", 0), XA_CARDINAL, 32, PropModeReplace,
                    &pid, 1)
}

/// The title: legacy WM_NAME for old window managers, _NET_WM_NAME as UTF-8 for everyone else.
func setWindowTitle(display: OpaquePointer, window: Window, title: String) {
    XStoreName(display, window, title)
    var bytes = Array(title.utf8)
    XChangeProperty(display, window, XInternAtom(display, "_NET_WM_NAME", 0), XInternAtom(display, "UTF8_STRING", 0),
                    8, PropModeReplace, &bytes, Int32(bytes.count))
}
