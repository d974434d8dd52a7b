#!/usr/bin/python3
"""Drives one short catalog session for Scripts/memcheck.sh: type, select (double click), copy,
Tab, paste, resize, theme switch (Ctrl+T), close with WM_DELETE_WINDOW. Under valgrind the catalog
runs many times slower than usual, so every step waits until the QA state shows it took effect
instead of sleeping for a fixed time.
Usage: memcheck_session.py STATE_FILE STEP_TIMEOUT_SECONDS   (uses $DISPLAY and xdotool)
Prints one line per step; exits 1 naming the step that never took effect."""
import ctypes, ctypes.util, json, subprocess, sys, time

STATE, TIMEOUT = sys.argv[1], float(sys.argv[2])
TITLE = "^Material text fields$"
WORD = "memcheck"


def log(message):
    print("memcheck: " + message, flush=True)


def fail(message):
    log("FAILED: " + message)
    sys.exit(1)


def state():
    try:
        with open(STATE) as handle:
            return json.load(handle)
    except (OSError, ValueError):
        return None  # not written yet (the file is replaced atomically, never half-written)


def wait_for(step, condition, timeout=TIMEOUT, quiet=False):
    started = time.monotonic()
    while time.monotonic() - started < timeout:
        current = state()
        if current is not None and condition(current):
            if not quiet:
                log("%-42s %5.1f s" % (step, time.monotonic() - started))
            return current
        time.sleep(0.1)
    fail("%s: not reflected in %s after %.0f s" % (step, STATE, timeout))


def field(current, identifier):
    return next(f for f in current["fields"] if f["id"] == identifier)


def focused(current):
    return next((f for f in current["fields"] if f["focused"]), None)


def xdotool(*arguments):
    subprocess.run(["xdotool", *arguments], check=True, stdout=subprocess.DEVNULL)


def send_wm_delete(window):
    """What a window manager's close button sends: a WM_PROTOCOLS ClientMessage carrying
    WM_DELETE_WINDOW (xdotool's windowclose would destroy the window instead)."""
    x = ctypes.cdll.LoadLibrary(ctypes.util.find_library("X11") or "libX11.so.6")
    x.XOpenDisplay.restype = ctypes.c_void_p
    x.XOpenDisplay.argtypes = [ctypes.c_char_p]
    x.XInternAtom.restype = ctypes.c_ulong
    x.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
    x.XSendEvent.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_long, ctypes.c_void_p]
    x.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
    x.XCloseDisplay.argtypes = [ctypes.c_void_p]

    class XClientMessageEvent(ctypes.Structure):
        _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                    ("display", ctypes.c_void_p), ("window", ctypes.c_ulong), ("message_type", ctypes.c_ulong),
                    ("format", ctypes.c_int), ("data", ctypes.c_long * 5)]

    class XEvent(ctypes.Union):
        _fields_ = [("client", XClientMessageEvent), ("pad", ctypes.c_long * 24)]

    display = x.XOpenDisplay(None)
    if not display:
        fail("cannot open the display to send WM_DELETE_WINDOW")
    event = XEvent()
    event.client.type = 33  # ClientMessage
    event.client.window = window
    event.client.message_type = x.XInternAtom(display, b"WM_PROTOCOLS", 0)
    event.client.format = 32
    event.client.data[0] = x.XInternAtom(display, b"WM_DELETE_WINDOW", 0)
    event.client.data[1] = 0  # CurrentTime
    x.XSendEvent(display, window, 0, 0, ctypes.byref(event))
    x.XSync(display, 0)
    x.XCloseDisplay(display)


started = time.monotonic()
# Start-up under valgrind takes tens of seconds: the first QA state is written after the first frame.
wait_for("start (first frame)", lambda s: True, timeout=max(TIMEOUT, 120))
window = subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--name", TITLE],
                        check=True, capture_output=True, text=True).stdout.split()[0]

first = "filled-label"
x, y, w, h = field(state(), first)["frame"]
xdotool("mousemove", "--window", window, str(int(x + w / 2)), str(int(y + h / 2)), "click", "1")
wait_for("click: focus " + first, lambda s: field(s, first)["focused"])
# A key at a time, each waited for: a valgrind-slowed client must not lose keys to xdotool's
# keymap juggling, and each key is a frame of its own.
typing = time.monotonic()
for count in range(1, len(WORD) + 1):
    xdotool("type", WORD[count - 1])
    wait_for("type %r" % WORD[:count], lambda s, c=count: field(s, first)["text"] == WORD[:c], quiet=True)
log("%-42s %5.1f s" % ("type %r, a key at a time" % WORD, time.monotonic() - typing))
xdotool("mousemove", "--window", window, str(int(x + 20)), str(int(y + h / 2)), "click", "--repeat", "2", "--delay", "80", "1")
wait_for("select (double click)", lambda s: field(s, first)["selection"] == [0, len(WORD)])
xdotool("key", "ctrl+c")
xdotool("key", "Tab")
target = wait_for("Tab", lambda s: focused(s) is not None and focused(s)["id"] != first)
second = focused(target)["id"]
xdotool("key", "ctrl+v")
wait_for("paste (Ctrl+V) into " + second, lambda s: WORD in field(s, second)["text"])
xdotool("windowsize", window, "520", "600")
wait_for("resize to 520x600", lambda s: s["window"]["width"] == 520 and s["window"]["height"] == 600)
before = state()["theme"]
xdotool("key", "ctrl+t")
wait_for("theme switch (Ctrl+T)", lambda s: s["theme"] != before)
send_wm_delete(int(window))
log("WM_DELETE_WINDOW sent after %.1f s" % (time.monotonic() - started))
