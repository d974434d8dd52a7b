#!/usr/bin/python3
"""Counts what reaches a window, from outside: attach an X DAMAGE object (raw rectangles) to the
top-level window named NAME and report, for SECONDS, how many repaints arrived and how many
pixels they covered.
Usage: damage_watch.py NAME SECONDS   (uses $DISPLAY)
Prints "ready" once subscribed, then one line:
  repaints=N pixels=P largest=W×H
Needs libX11 and libXdamage (Debian libx11-6, libxdamage1)."""
import ctypes, ctypes.util, select, sys, time

NAME = sys.argv[1].encode()
SECONDS = float(sys.argv[2])
x = ctypes.cdll.LoadLibrary(ctypes.util.find_library("X11") or "libX11.so.6")
xd = ctypes.cdll.LoadLibrary(ctypes.util.find_library("Xdamage") or "libXdamage.so.1")
x.XOpenDisplay.restype = ctypes.c_void_p
x.XOpenDisplay.argtypes = [ctypes.c_char_p]
x.XDefaultRootWindow.restype = ctypes.c_ulong
x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
x.XQueryTree.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.POINTER(ctypes.c_ulong), ctypes.POINTER(ctypes.c_ulong),
                         ctypes.POINTER(ctypes.POINTER(ctypes.c_ulong)), ctypes.POINTER(ctypes.c_uint)]
x.XFetchName.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.POINTER(ctypes.c_char_p)]
x.XFree.argtypes = [ctypes.c_void_p]
x.XPending.argtypes = [ctypes.c_void_p]
x.XNextEvent.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
x.XConnectionNumber.argtypes = [ctypes.c_void_p]
x.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
xd.XDamageQueryExtension.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int)]
xd.XDamageCreate.restype = ctypes.c_ulong
xd.XDamageCreate.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int]


class XRectangle(ctypes.Structure):
    _fields_ = [("x", ctypes.c_short), ("y", ctypes.c_short), ("width", ctypes.c_ushort), ("height", ctypes.c_ushort)]


class XDamageNotifyEvent(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                ("display", ctypes.c_void_p), ("drawable", ctypes.c_ulong), ("damage", ctypes.c_ulong),
                ("level", ctypes.c_int), ("more", ctypes.c_int), ("timestamp", ctypes.c_ulong),
                ("area", XRectangle), ("geometry", XRectangle)]


class XEvent(ctypes.Union):
    _fields_ = [("type", ctypes.c_int), ("damage", XDamageNotifyEvent), ("pad", ctypes.c_long * 24)]


dpy = x.XOpenDisplay(None)
if not dpy:
    sys.exit("damage_watch: cannot open display")
event_base, error_base = ctypes.c_int(), ctypes.c_int()
if not xd.XDamageQueryExtension(dpy, ctypes.byref(event_base), ctypes.byref(error_base)):
    sys.exit("damage_watch: the X server has no DAMAGE extension")


def find(window):
    name = ctypes.c_char_p()
    if x.XFetchName(dpy, window, ctypes.byref(name)) and name.value:
        match = name.value == NAME
        x.XFree(name)
        if match:
            return window
    root, parent, children, count = ctypes.c_ulong(), ctypes.c_ulong(), ctypes.POINTER(ctypes.c_ulong)(), ctypes.c_uint()
    if not x.XQueryTree(dpy, window, ctypes.byref(root), ctypes.byref(parent), ctypes.byref(children), ctypes.byref(count)):
        return None
    found = None
    for i in range(count.value):
        found = found or find(children[i])
    if children:
        x.XFree(children)
    return found


target = find(x.XDefaultRootWindow(dpy))
if not target:
    sys.exit("damage_watch: no window named %r" % NAME.decode())
xd.XDamageCreate(dpy, target, 0)  # XDamageReportRawRectangles
x.XSync(dpy, 0)
event = XEvent()
# A new damage object first reports the whole window as damaged: that is not a repaint.
while x.XPending(dpy):
    x.XNextEvent(dpy, ctypes.byref(event))
print("ready", flush=True)
fd = x.XConnectionNumber(dpy)
repaints = pixels = 0
largest = (0, 0)
deadline = time.monotonic() + SECONDS
while True:
    while x.XPending(dpy):
        x.XNextEvent(dpy, ctypes.byref(event))
        if event.type == event_base.value:
            area = event.damage.area
            repaints += 1
            pixels += area.width * area.height
            if area.width * area.height > largest[0] * largest[1]:
                largest = (area.width, area.height)
    left = deadline - time.monotonic()
    if left <= 0:
        break
    select.select([fd], [], [], left)
print("repaints=%d pixels=%d largest=%dx%d" % (repaints, pixels, largest[0], largest[1]))
