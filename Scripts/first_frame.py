#!/usr/bin/python3
"""Exec to first frame, seen from outside: starts COMMAND on $DISPLAY (a private Xvfb with no
window manager and no other client drawing), puts an X DAMAGE object on every window created on
the root as soon as its CreateNotify arrives, and reports when the first window was mapped and
when the first drawing reached any of them. The program is stopped afterwards.
Usage: first_frame.py COMMAND [ARGS...]
Prints one line:  map_ms=12.3 first_frame_ms=14.5 cpu_ms=9.8 pid=123
(cpu_ms: the program's CPU time up to the first drawing, read when its damage arrives: on a
loaded machine the wall times stretch with the wait for a CPU, this much less.)
Exits 1 with one line on stderr when nothing is drawn within 20 s."""
import ctypes, ctypes.util, os, select, signal, subprocess, sys, time

if len(sys.argv) < 2:
    sys.exit(__doc__)
x = ctypes.cdll.LoadLibrary(ctypes.util.find_library("X11") or "libX11.so.6")
xd = ctypes.cdll.LoadLibrary(ctypes.util.find_library("Xdamage") or "libXdamage.so.1")
x.XOpenDisplay.restype = ctypes.c_void_p
x.XOpenDisplay.argtypes = [ctypes.c_char_p]
x.XDefaultRootWindow.restype = ctypes.c_ulong
x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
x.XSelectInput.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_long]
x.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
x.XFlush.argtypes = [ctypes.c_void_p]
x.XPending.argtypes = [ctypes.c_void_p]
x.XNextEvent.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
x.XConnectionNumber.argtypes = [ctypes.c_void_p]
xd.XDamageQueryExtension.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int)]
xd.XDamageCreate.restype = ctypes.c_ulong
xd.XDamageCreate.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int]
CREATE_NOTIFY, MAP_NOTIFY, SUBSTRUCTURE_NOTIFY_MASK, DAMAGE_REPORT_NON_EMPTY = 16, 19, 1 << 19, 3


class XCreateWindowEvent(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                ("display", ctypes.c_void_p), ("parent", ctypes.c_ulong), ("window", ctypes.c_ulong)]


class XEvent(ctypes.Union):
    _fields_ = [("type", ctypes.c_int), ("create", XCreateWindowEvent), ("pad", ctypes.c_long * 24)]


def cpu_ns(pid):
    """Nanoseconds on CPU of every thread of PID so far (/proc/PID/task/*/schedstat), or None."""
    total = 0
    try:
        for task in os.listdir("/proc/%d/task" % pid):
            with open("/proc/%d/task/%s/schedstat" % (pid, task)) as f:
                total += int(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        return None
    return total


display = x.XOpenDisplay(None)
if not display:
    sys.exit("first_frame: cannot open display")
event_base, error_base = ctypes.c_int(), ctypes.c_int()
if not xd.XDamageQueryExtension(display, ctypes.byref(event_base), ctypes.byref(error_base)):
    sys.exit("first_frame: the X server has no DAMAGE extension")
# A window can be gone by the time its damage object is asked for (toolkits make short-lived
# windows): that error is expected and must not end this script, which Xlib's default would.
ErrorHandler = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p)
ignore_errors = ErrorHandler(lambda _display, _error: 0)
x.XSetErrorHandler.argtypes = [ErrorHandler]
x.XSetErrorHandler.restype = ctypes.c_void_p
x.XSetErrorHandler(ignore_errors)
x.XSelectInput(display, x.XDefaultRootWindow(display), SUBSTRUCTURE_NOTIFY_MASK)
x.XSync(display, 0)
started = time.perf_counter_ns()
process = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
fd = x.XConnectionNumber(display)
event = XEvent()
mapped = drawn = drawn_cpu_ns = None
deadline = time.monotonic() + 20
try:
    while drawn is None and time.monotonic() < deadline:
        if not x.XPending(display):
            select.select([fd], [], [], 0.05)
            continue
        x.XNextEvent(display, ctypes.byref(event))
        now = time.perf_counter_ns()
        if event.type == CREATE_NOTIFY:
            # Before the program can draw into it: a window is mapped after it is created.
            xd.XDamageCreate(display, event.create.window, DAMAGE_REPORT_NON_EMPTY)
            x.XFlush(display)
        elif event.type == MAP_NOTIFY and mapped is None:
            mapped = now
        elif event.type == event_base.value and drawn is None:
            drawn = now
            drawn_cpu_ns = cpu_ns(process.pid)
finally:
    # Whatever happened here, the program started here does not outlive it.
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(5)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
if drawn is None:
    sys.exit("first_frame: nothing was drawn within 20 s of starting %s" % sys.argv[1])
print("map_ms=%.2f first_frame_ms=%.2f cpu_ms=%s pid=%d" % (
    (mapped - started) / 1e6 if mapped else -1, (drawn - started) / 1e6,
    "%.2f" % (drawn_cpu_ns / 1e6) if drawn_cpu_ns is not None else "none", process.pid), flush=True)
