#!/usr/bin/python3
"""Keystroke-to-pixels latency, animation frames and input-burst responsiveness, measured from
outside the process: input goes in through XTEST, and the answer is the X DAMAGE notification
of the top-level window named NAME on $DISPLAY (Xvfb without a window manager). The app's own
clock is never trusted. Needs libX11, libXtst, libXdamage (Debian libx11-6, libxtst6, libxdamage1)
and, for --prefill only, xclip (it serves the CLIPBOARD, with INCR for big texts).

  key_latency.py keys NAME [--count 200] [--gap-ms 30] [--click X,Y] [--prefill N]
                 [--prefill-newline-every K] [--at end|middle] [--chars nop..z] [--pid PID]
                 [--verify-copy CHORD] [--null-every 10] [--timeout-ms 2000]
      Optionally click at window-relative X,Y (to focus a field), paste N characters with
      Ctrl+V (--at middle: paste N/2, Ctrl+Home, paste N/2, so the caret sits in the middle),
      wait until the window stops repainting, then --count times: wait until no damage for
      --gap-ms, send a press+release of a letter of --chars (fixed pseudo-random order: one
      letter repeated can scroll a full line to identical pixels, which a careful app does not
      repaint at all), and time the first damage after it.
      Prints per key   key_ms=0.812 [cpu_ms=0.40]
             and       keys median=... p99=... max=... n=... missed=... null_hits=H/M ...
      Every --null-every-th sample also runs a null trial: the same wait, no key; a null hit
      (damage within the null window) is what a caret blink or timer would do to a sample, so
      null_hits estimates how many samples a blink could have cut short; blink_cut_expected is
      that rate times the time the samples spent waiting. A blink can only make a sample
      shorter, never longer. --blink-sync removes the risk: before each key it waits for a
      repaint with no key pending (a blink edge, up to --blink-timeout-ms), then --gap-ms of
      quiet, so the next blink edge is a whole blink phase (Tk 300 ms, GTK 400, catalog 500)
      away; it costs about one blink period per sample.
      --verify-copy CHORD (e.g. ctrl+a, or ctrl+slash for Tk) selects all, sends Ctrl+C and reads
      the CLIPBOARD with xclip: prints verify_len= and verify_typed= (letters of --chars; the
      prefill uses other letters). Samples later than --suspect-ms (250) are flagged "suspect".
  key_latency.py frames NAME --click X,Y [--click X2,Y2 ...] [--repeat 10] [--quiet-ms 300]
      Clicks (cycling through the points) to start the label animation and records damage
      arrivals until --quiet-ms without one; damages within 2 ms are one frame. Prints one
      line per animation and   frames median_interval_ms=... max_gap_ms=... frames_median=...
  key_latency.py burst NAME --keys 20000 (--click X,Y [--rect X,Y,W,H] | --close)
                 [--focus X,Y] [--pid PID]
      Sends --keys press+release pairs through XTEST as fast as possible (no sync, one flush),
      then a click at X,Y and times the first damage inside --rect (default 48x48 around the
      point), or, with --close, a WM_DELETE_WINDOW message and the time until the window is
      destroyed (DestroyNotify) and PID exits. Prints  burst click_ms=... (and how many repaints
      came before/after the answer) or  burst close_ms= window_destroyed_ms= process_exit_ms=
  Notes: time the catalog without --qa-state unless that is what is measured (it rewrites the
  JSON after the frame, from another thread: about 1.2x the median latency of a key without it in
  the release build, and 3x its CPU; bench.py's --qa-state row). An app can answer an
  input with pixels identical to the last frame and then rightly sends no damage; that sample
  shows up as late as the next blink and is flagged "suspect". On a shared machine compare
  apps within one run; --verify-copy leaves the whole text selected (the next key replaces it).
  Every wait is bounded. On failure (no window, missing extension, timeout) exits 1 with one
  line "key_latency: ..." on stderr. Times are time.perf_counter_ns at event arrival here;
  on Xvfb a damage event is generated when the app's drawing request (XCopyArea, XPutImage,
  XRender...) is executed by the server, so it includes the server's work but not a display's.
"""
import argparse, ctypes, ctypes.util, math, os, random, select, shutil, statistics, subprocess, sys, time

c_ulong, c_int, c_uint, c_void_p = ctypes.c_ulong, ctypes.c_int, ctypes.c_uint, ctypes.c_void_p


def fail(message):
    print("key_latency: " + message, file=sys.stderr, flush=True)
    sys.exit(1)


def load(name, fallback):
    try:
        return ctypes.cdll.LoadLibrary(ctypes.util.find_library(name) or fallback)
    except OSError:
        fail("cannot load %s" % fallback)


x = load("X11", "libX11.so.6")
xd = load("Xdamage", "libXdamage.so.1")
xt = load("Xtst", "libXtst.so.6")
x.XOpenDisplay.restype = c_void_p
x.XOpenDisplay.argtypes = [ctypes.c_char_p]
x.XDefaultRootWindow.restype = c_ulong
x.XDefaultRootWindow.argtypes = [c_void_p]
x.XQueryTree.argtypes = [c_void_p, c_ulong, ctypes.POINTER(c_ulong), ctypes.POINTER(c_ulong),
                         ctypes.POINTER(ctypes.POINTER(c_ulong)), ctypes.POINTER(c_uint)]
x.XFetchName.argtypes = [c_void_p, c_ulong, ctypes.POINTER(ctypes.c_char_p)]
x.XFree.argtypes = [c_void_p]
x.XPending.argtypes = [c_void_p]
x.XNextEvent.argtypes = [c_void_p, c_void_p]
x.XConnectionNumber.argtypes = [c_void_p]
x.XSync.argtypes = [c_void_p, c_int]
x.XFlush.argtypes = [c_void_p]
x.XSelectInput.argtypes = [c_void_p, c_ulong, ctypes.c_long]
x.XStringToKeysym.restype = c_ulong
x.XStringToKeysym.argtypes = [ctypes.c_char_p]
x.XKeysymToKeycode.restype = ctypes.c_ubyte
x.XKeysymToKeycode.argtypes = [c_void_p, c_ulong]
x.XKeycodeToKeysym.restype = c_ulong
x.XKeycodeToKeysym.argtypes = [c_void_p, ctypes.c_ubyte, c_int]
x.XTranslateCoordinates.argtypes = [c_void_p, c_ulong, c_ulong, c_int, c_int, ctypes.POINTER(c_int),
                                    ctypes.POINTER(c_int), ctypes.POINTER(c_ulong)]
x.XInternAtom.restype = c_ulong
x.XInternAtom.argtypes = [c_void_p, ctypes.c_char_p, c_int]
x.XGetSelectionOwner.restype = c_ulong
x.XGetSelectionOwner.argtypes = [c_void_p, c_ulong]
x.XSendEvent.argtypes = [c_void_p, c_ulong, c_int, ctypes.c_long, c_void_p]
x.XSetErrorHandler.restype = c_void_p
xd.XDamageQueryExtension.argtypes = [c_void_p, ctypes.POINTER(c_int), ctypes.POINTER(c_int)]
xd.XDamageCreate.restype = c_ulong
xd.XDamageCreate.argtypes = [c_void_p, c_ulong, c_int]
xt.XTestQueryExtension.argtypes = [c_void_p, ctypes.POINTER(c_int), ctypes.POINTER(c_int),
                                   ctypes.POINTER(c_int), ctypes.POINTER(c_int)]
xt.XTestFakeKeyEvent.argtypes = [c_void_p, c_uint, c_int, c_ulong]
xt.XTestFakeButtonEvent.argtypes = [c_void_p, c_uint, c_int, c_ulong]
xt.XTestFakeMotionEvent.argtypes = [c_void_p, c_int, c_int, c_int, c_ulong]

DESTROY_NOTIFY, CLIENT_MESSAGE, STRUCTURE_NOTIFY_MASK = 17, 33, 1 << 17


class XRectangle(ctypes.Structure):
    _fields_ = [("x", ctypes.c_short), ("y", ctypes.c_short), ("width", ctypes.c_ushort), ("height", ctypes.c_ushort)]


class XDamageNotifyEvent(ctypes.Structure):
    _fields_ = [("type", c_int), ("serial", c_ulong), ("send_event", c_int), ("display", c_void_p),
                ("drawable", c_ulong), ("damage", c_ulong), ("level", c_int), ("more", c_int),
                ("timestamp", c_ulong), ("area", XRectangle), ("geometry", XRectangle)]


class XDestroyWindowEvent(ctypes.Structure):
    _fields_ = [("type", c_int), ("serial", c_ulong), ("send_event", c_int), ("display", c_void_p),
                ("event", c_ulong), ("window", c_ulong)]


class XClientMessageEvent(ctypes.Structure):
    _fields_ = [("type", c_int), ("serial", c_ulong), ("send_event", c_int), ("display", c_void_p),
                ("window", c_ulong), ("message_type", c_ulong), ("format", c_int), ("l", ctypes.c_long * 5)]


class XEvent(ctypes.Union):
    _fields_ = [("type", c_int), ("damage", XDamageNotifyEvent), ("destroy", XDestroyWindowEvent),
                ("client", XClientMessageEvent), ("pad", ctypes.c_long * 24)]


# A window that vanishes while we look (the close test) must not kill us through Xlib's default
# error handler, which exits the process.
ERROR_HANDLER = ctypes.CFUNCTYPE(c_int, c_void_p, c_void_p)(lambda display, error: 0)


def now_ns():
    return time.perf_counter_ns()


def ms(ns):
    return ns / 1e6


def p99(values):
    ordered = sorted(values)
    return ordered[max(0, math.ceil(0.99 * len(ordered)) - 1)]


def point(text):
    try:
        a, b = text.split(",")
        return int(a), int(b)
    except ValueError:
        raise argparse.ArgumentTypeError("want X,Y, not %r" % text)


def rect(text):
    try:
        values = [int(v) for v in text.split(",")]
        assert len(values) == 4
        return tuple(values)
    except (ValueError, AssertionError):
        raise argparse.ArgumentTypeError("want X,Y,W,H, not %r" % text)


def cpu_ns(pid):
    """Nanoseconds on CPU of every thread of PID (/proc/PID/task/*/schedstat), or None."""
    if not pid:
        return None
    total = 0
    try:
        for task in os.listdir("/proc/%d/task" % pid):
            try:
                with open("/proc/%d/task/%s/schedstat" % (pid, task)) as f:
                    total += int(f.read().split()[0])
            except (OSError, ValueError, IndexError):
                pass
    except OSError:
        return None
    return total


def process_alive(pid):
    """False once PID is gone or a zombie (exited, not yet reaped by its parent)."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except (OSError, IndexError):
        return False


class Session:
    def __init__(self, name):
        x.XSetErrorHandler(ERROR_HANDLER)
        self.dpy = x.XOpenDisplay(None)
        if not self.dpy:
            fail("cannot open display %r" % os.environ.get("DISPLAY", ""))
        self.event_base, error_base = c_int(), c_int()
        if not xd.XDamageQueryExtension(self.dpy, ctypes.byref(self.event_base), ctypes.byref(error_base)):
            fail("the X server has no DAMAGE extension")
        a, b, c, d = c_int(), c_int(), c_int(), c_int()
        if not xt.XTestQueryExtension(self.dpy, ctypes.byref(a), ctypes.byref(b), ctypes.byref(c), ctypes.byref(d)):
            fail("the X server has no XTEST extension")
        self.root = x.XDefaultRootWindow(self.dpy)
        self.name = name.encode()
        self.window = self.find(self.root)
        if not self.window:
            fail("no window named %r" % name)
        self.destroyed_at = None
        x.XSelectInput(self.dpy, self.window, STRUCTURE_NOTIFY_MASK)
        xd.XDamageCreate(self.dpy, self.window, 0)  # XDamageReportRawRectangles: one event per drawing request
        x.XSync(self.dpy, 0)
        self.fd = x.XConnectionNumber(self.dpy)
        self.event = XEvent()
        self.drain()  # a new damage object first reports the whole window: not a repaint
        self.last_damage = None  # arrival time of the newest damage seen
        self.keycodes = {}

    def find(self, window):
        name = ctypes.c_char_p()
        if x.XFetchName(self.dpy, window, ctypes.byref(name)) and name.value:
            match = name.value == self.name
            x.XFree(name)
            if match:
                return window
        root, parent = c_ulong(), c_ulong()
        children, count = ctypes.POINTER(c_ulong)(), c_uint()
        if not x.XQueryTree(self.dpy, window, ctypes.byref(root), ctypes.byref(parent), ctypes.byref(children),
                            ctypes.byref(count)):
            return None
        found = None
        for i in range(count.value):
            found = found or self.find(children[i])
        if children:
            x.XFree(children)
        return found

    # --- events -------------------------------------------------------------------------------
    def drain(self):
        """Reads every event already here; returns [(arrival_ns, x, y, w, h)] of damage."""
        out = []
        while x.XPending(self.dpy):
            x.XNextEvent(self.dpy, ctypes.byref(self.event))
            t = now_ns()
            kind = self.event.type
            if kind == self.event_base.value:
                area = self.event.damage.area
                out.append((t, area.x, area.y, area.width, area.height))
                self.last_damage = t
            elif kind == DESTROY_NOTIFY and self.event.destroy.window == self.window:
                self.destroyed_at = self.destroyed_at or t
        return out

    def pump(self, until_ns):
        """Waits for events until until_ns (or until some arrive); returns the damage read."""
        out = self.drain()
        if out:
            return out
        left = (until_ns - now_ns()) / 1e9
        if left > 0:
            select.select([self.fd], [], [], left)
        return self.drain()

    def wait_damage(self, timeout_ms, inside=None):
        """First damage (optionally intersecting rect `inside`) within timeout_ms: (time, all damage)."""
        deadline = now_ns() + int(timeout_ms * 1e6)
        seen = []
        while now_ns() < deadline:
            for d in self.pump(deadline):
                seen.append(d)
                if inside is None or intersects(d, inside):
                    return d[0], seen
        return None, seen

    def wait_quiet(self, quiet_ms, max_ms):
        """Waits until no damage arrived for quiet_ms; False if that did not happen in max_ms."""
        start = now_ns()
        deadline = start + int(max_ms * 1e6)
        quiet = int(quiet_ms * 1e6)
        since = start if self.last_damage is None else max(self.last_damage, start - quiet)
        # damage already read counts: quiet is measured from the newest one
        while True:
            self.drain()
            if self.last_damage is not None and self.last_damage > since:
                since = self.last_damage
            t = now_ns()
            if t - since >= quiet:
                return True
            if t >= deadline:
                return False
            select.select([self.fd], [], [], min(since + quiet, deadline) / 1e9 - t / 1e9)

    def collect_until_quiet(self, quiet_ms, max_ms):
        """Every damage until quiet_ms without one (or max_ms); returns the list."""
        start = now_ns()
        deadline = start + int(max_ms * 1e6)
        quiet = int(quiet_ms * 1e6)
        seen, last = [], start
        while True:
            t = now_ns()
            if t - last >= quiet or t >= deadline:
                return seen
            for d in self.pump(min(last + quiet, deadline)):
                seen.append(d)
                last = d[0]

    # --- input --------------------------------------------------------------------------------
    def keycode(self, name):
        if name not in self.keycodes:
            keysym = x.XStringToKeysym(name.encode())
            if not keysym:
                fail("unknown key %r" % name)
            code = x.XKeysymToKeycode(self.dpy, keysym)
            if not code:
                fail("no keycode for %r on this server's keyboard map" % name)
            shifted = x.XKeycodeToKeysym(self.dpy, code, 0) != keysym
            self.keycodes[name] = (code, shifted)
        return self.keycodes[name]

    def key(self, name, modifiers=()):
        """Press+release of keysym NAME with modifier keysyms held; no flush."""
        code, shifted = self.keycode(name)
        mods = [self.keycode(m)[0] for m in modifiers]
        if shifted and "Shift_L" not in modifiers:
            mods.append(self.keycode("Shift_L")[0])
        for m in mods:
            xt.XTestFakeKeyEvent(self.dpy, m, 1, 0)
        xt.XTestFakeKeyEvent(self.dpy, code, 1, 0)
        xt.XTestFakeKeyEvent(self.dpy, code, 0, 0)
        for m in reversed(mods):
            xt.XTestFakeKeyEvent(self.dpy, m, 0, 0)

    def chord(self, text):
        """'ctrl+v', 'ctrl+Home', 'ctrl+slash': press and flush."""
        parts = text.split("+")
        aliases = {"ctrl": "Control_L", "shift": "Shift_L", "alt": "Alt_L"}
        self.key(parts[-1], [aliases.get(p.lower(), p) for p in parts[:-1]])
        x.XFlush(self.dpy)

    def to_root(self, px, py):
        rx, ry, child = c_int(), c_int(), c_ulong()
        if not x.XTranslateCoordinates(self.dpy, self.window, self.root, px, py, ctypes.byref(rx), ctypes.byref(ry),
                                       ctypes.byref(child)):
            fail("cannot translate window coordinates")
        return rx.value, ry.value

    def click(self, px, py, flush=True):
        rx, ry = self.to_root(px, py)
        xt.XTestFakeMotionEvent(self.dpy, -1, rx, ry, 0)
        xt.XTestFakeButtonEvent(self.dpy, 1, 1, 0)
        xt.XTestFakeButtonEvent(self.dpy, 1, 0, 0)
        if flush:
            x.XFlush(self.dpy)

    def focus(self, px, py, quiet_wait_ms):
        """Clicks a field and waits until its focus animation has settled."""
        self.wait_quiet(100, quiet_wait_ms)
        self.click(px, py)
        self.collect_until_quiet(300, 3000)

    def close_request(self):
        event = XEvent()
        event.client.type = CLIENT_MESSAGE
        event.client.window = self.window
        event.client.message_type = x.XInternAtom(self.dpy, b"WM_PROTOCOLS", 0)
        event.client.format = 32
        event.client.l[0] = x.XInternAtom(self.dpy, b"WM_DELETE_WINDOW", 0)
        event.client.l[1] = 0  # CurrentTime
        x.XSendEvent(self.dpy, self.window, 0, 0, ctypes.byref(event))
        x.XFlush(self.dpy)

    def clipboard_owner(self):
        return x.XGetSelectionOwner(self.dpy, x.XInternAtom(self.dpy, b"CLIPBOARD", 0))


def intersects(d, r):
    _, dx, dy, dw, dh = d
    rx, ry, rw, rh = r
    return dx < rx + rw and rx < dx + dw and dy < ry + rh and ry < dy + dh


# --- clipboard through xclip ------------------------------------------------------------------
def serve_clipboard(session, text):
    """Starts xclip serving TEXT on CLIPBOARD (foreground, killed by PID later); waits until it owns it."""
    if not shutil.which("xclip"):
        fail("--prefill needs xclip (apt-get install xclip)")
    before = session.clipboard_owner()
    proc = subprocess.Popen(["xclip", "-selection", "clipboard", "-i", "-quiet"], stdin=subprocess.PIPE,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    proc.stdin.write(text.encode())
    proc.stdin.close()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        owner = session.clipboard_owner()
        if owner and owner != before:
            return proc
        if proc.poll() is not None:
            break
        time.sleep(0.01)
    stop(proc)
    fail("xclip did not take the CLIPBOARD within 10 s")


def stop(proc):
    if proc and proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(2)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(2)


PREFILL_ALPHABET = "abcdefghilm "


def prefill_text(count, newline_every, typed):
    alphabet = "".join(ch for ch in PREFILL_ALPHABET if ch not in typed) or "a"
    chars = []
    for i in range(count):
        if newline_every and (i + 1) % newline_every == 0:
            chars.append("\n")
        else:
            chars.append(alphabet[i % len(alphabet)])
    return "".join(chars)


def paste(session, text, settle_ms, max_ms):
    """Ctrl+V of TEXT; returns ms from the keys to the last damage before settle_ms of quiet."""
    proc = serve_clipboard(session, text)
    try:
        session.wait_quiet(100, 2000)
        t0 = now_ns()
        session.chord("ctrl+v")
        first, _ = session.wait_damage(max_ms)
        if first is None:
            fail("no repaint within %d ms of Ctrl+V (does the field have focus?)" % max_ms)
        # the paste is done at the first settle_ms without a repaint (a blink edge can land in
        # it: paste_ms is then late by up to one blink phase)
        seen = session.collect_until_quiet(settle_ms, max(1, ms(t0 + int(max_ms * 1e6) - now_ns())))
        last = seen[-1][0] if seen else first
        if now_ns() - last < settle_ms * 1e6:
            fail("the window kept repainting for %d ms after Ctrl+V" % max_ms)
        return ms(last - t0), ms(first - t0)
    finally:
        stop(proc)


def read_clipboard(timeout_s=30):
    try:
        out = subprocess.run(["xclip", "-selection", "clipboard", "-o"], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, timeout=timeout_s)
        return out.stdout.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        return None


# --- subcommands --------------------------------------------------------------------------------
KEYSYM_OF = {" ": "space", "\n": "Return", ".": "period", ",": "comma", "-": "minus"}


def cmd_keys(args):
    s = Session(args.name)
    if args.click:
        s.focus(*args.click, quiet_wait_ms=1000)
    if args.prefill:
        typed = args.chars
        if args.at == "middle":
            half = args.prefill // 2
            text_a = prefill_text(half, args.prefill_newline_every, typed)
            text_b = prefill_text(args.prefill - half, args.prefill_newline_every, typed)
            a_ms, a_first = paste(s, text_a, 300, args.paste_timeout_ms)
            s.chord("ctrl+Home")
            s.collect_until_quiet(300, 5000)
            b_ms, b_first = paste(s, text_b, 300, args.paste_timeout_ms)
            print("paste_ms=%.1f paste_first_ms=%.1f chars=%d" % (a_ms, a_first, len(text_a)))
            print("paste_ms=%.1f paste_first_ms=%.1f chars=%d (at the start)" % (b_ms, b_first, len(text_b)))
        else:
            text = prefill_text(args.prefill, args.prefill_newline_every, typed)
            p_ms, p_first = paste(s, text, 300, args.paste_timeout_ms)
            print("paste_ms=%.1f paste_first_ms=%.1f chars=%d" % (p_ms, p_first, len(text)), flush=True)
    # Keys from --chars in a fixed pseudo-random order: the same letter again and again can give a
    # frame identical to the last once the line scrolls by exactly one advance, and an app that
    # skips identical pixels then (rightly) sends no damage at all.
    order = random.Random(1)
    sequence = [order.choice(args.chars) for _ in range(args.count)]
    for ch in set(sequence):
        s.keycode(KEYSYM_OF.get(ch, ch))
    suspect_ms = args.suspect_ms
    samples, suspects, cpus, missed, nulls, null_hits, unquiet = [], 0, [], 0, 0, 0, 0
    null_ms, spawns, unsynced = 0.0, [], 0
    null_window_ms = 50.0
    for i in range(args.count):
        if args.null_every and i % args.null_every == args.null_every - 1:
            # a null trial: the same wait as a sample, no key
            if not s.wait_quiet(args.gap_ms, args.quiet_max_ms):
                unquiet += 1
            window = max(null_window_ms, 3 * statistics.median(samples)) if samples else null_window_ms
            n0 = now_ns()
            hit, _ = s.wait_damage(window)
            nulls += 1
            null_ms += window
            if hit is not None:
                null_hits += 1
                print("null_hit_ms=%.3f window_ms=%.1f" % (ms(hit - n0), window), flush=True)
        if not s.wait_quiet(args.gap_ms, args.quiet_max_ms):
            unquiet += 1  # the window never went quiet (an animation?): sample anyway, counted
        if args.blink_sync:
            # send right after a blink edge: the next one is a whole blink phase away
            edge, _ = s.wait_damage(args.blink_timeout_ms)
            if edge is None:
                unsynced += 1
            elif not s.wait_quiet(args.gap_ms, args.quiet_max_ms):
                unquiet += 1
        c0 = cpu_ns(args.pid)
        t0 = now_ns()
        if args.via_xdotool:
            # cross-check: another client sends the key; key_ms then includes xdotool's start-up
            subprocess.run(["xdotool", "key", KEYSYM_OF.get(sequence[i], sequence[i])], timeout=10)
            spawns.append(ms(now_ns() - t0))
        else:
            s.key(KEYSYM_OF.get(sequence[i], sequence[i]))
            x.XFlush(s.dpy)
        t1, _ = s.wait_damage(args.timeout_ms)
        if t1 is None:
            missed += 1
            print("key_ms=none (no damage within %d ms)" % args.timeout_ms, flush=True)
            if missed >= 5 and not samples:
                fail("no repaint after 5 keys: the key does not reach a focused field")
            continue
        # CPU until the app is done with the key: up to the quiet before the next one
        s.wait_quiet(args.gap_ms, args.quiet_max_ms)
        c1 = cpu_ns(args.pid)
        line = "key_ms=%.3f" % ms(t1 - t0)
        if c0 is not None and c1 is not None:
            cpus.append(ms(c1 - c0))
            line += " cpu_ms=%.3f" % cpus[-1]
        samples.append(ms(t1 - t0))
        if samples[-1] >= suspect_ms:
            suspects += 1
            line += " suspect (as late as a caret blink: the key may have drawn nothing)"
        print(line, flush=True)
    if not samples:
        fail("no sample: every key timed out")
    summary = "keys median=%.3f p99=%.3f max=%.3f min=%.3f n=%d missed=%d suspect=%d null_hits=%d/%d unquiet=%d" % (
        statistics.median(samples), p99(samples), max(samples), min(samples), len(samples), missed,
        suspects, null_hits, nulls, unquiet)
    if args.blink_sync:
        summary += " blink_sync=1 unsynced=%d" % unsynced
    if nulls:
        # damage that no key caused, per ms of waiting, times the ms the samples spent waiting:
        # how many samples a blink or timer may have cut short (expected value)
        summary += " blink_cut_expected=%.3f" % (null_hits / null_ms * sum(samples))
    if spawns:
        summary += " xdotool_exit_median_ms=%.3f" % statistics.median(spawns)
    if cpus:
        summary += " cpu_median_ms=%.3f cpu_p99_ms=%.3f" % (statistics.median(cpus), p99(cpus))
    print(summary, flush=True)
    if args.verify_copy:
        s.collect_until_quiet(300, 5000)
        s.chord(args.verify_copy)
        s.collect_until_quiet(300, 10000)
        s.chord("ctrl+c")
        s.collect_until_quiet(300, 5000)
        text = read_clipboard()
        if text is None:
            print("verify_len=none (no answer from the CLIPBOARD owner)")
        else:
            typed = sum(text.count(ch) for ch in set(args.chars))
            first = min((i for i in (text.find(ch) for ch in set(args.chars)) if i >= 0), default=-1)
            print("verify_len=%d verify_typed=%d expected_len=%d expected_typed=%d first_typed_at=%d" % (
                len(text), typed, args.prefill + args.count, args.count, first))
    return 0


def frames_of(damage, merge_ms=2.0):
    """Arrival times grouped: damage within merge_ms of the previous one is the same frame."""
    frames = []
    for d in damage:
        if frames and ms(d[0] - frames[-1][-1]) <= merge_ms:
            frames[-1].append(d[0])
        else:
            frames.append([d[0]])
    return [f[0] for f in frames]


def cmd_frames(args):
    s = Session(args.name)
    all_intervals, counts, gaps, firsts = [], [], [], []
    for i in range(args.repeat):
        s.wait_quiet(args.quiet_ms, 5000)
        px, py = args.click[i % len(args.click)]
        t0 = now_ns()
        s.click(px, py)
        seen = s.collect_until_quiet(args.quiet_ms, args.max_ms)
        if not seen:
            print("anim=%d frames=0 (no repaint within %d ms of the click)" % (i + 1, args.quiet_ms), flush=True)
            counts.append(0)
            continue
        starts = frames_of(seen)
        intervals = [ms(b - a) for a, b in zip(starts, starts[1:])]
        all_intervals += intervals
        counts.append(len(starts))
        gaps.append(max(intervals) if intervals else 0.0)
        firsts.append(ms(starts[0] - t0))
        print("anim=%d click=%d,%d first_ms=%.2f frames=%d span_ms=%.1f median_interval_ms=%s max_gap_ms=%s damages=%d"
              % (i + 1, px, py, firsts[-1], len(starts), ms(starts[-1] - starts[0]),
                 "%.2f" % statistics.median(intervals) if intervals else "none",
                 "%.2f" % max(intervals) if intervals else "none", len(seen)), flush=True)
        if args.raw:
            print("intervals_ms=" + ",".join("%.2f" % v for v in intervals))
    if not all_intervals:
        fail("no animation with two frames or more")
    print("frames median_interval_ms=%.2f p99_interval_ms=%.2f max_gap_ms=%.2f frames_median=%d frames_min=%d "
          "frames_max=%d first_median_ms=%.2f n=%d" % (
              statistics.median(all_intervals), p99(all_intervals), max(all_intervals),
              statistics.median(counts), min(counts), max(counts), statistics.median(firsts), len(counts)), flush=True)
    return 0


def cmd_burst(args):
    s = Session(args.name)
    if args.focus:
        s.focus(*args.focus, quiet_wait_ms=2000)
    keysym = KEYSYM_OF.get(args.char, args.char)
    code, shifted = s.keycode(keysym)
    if shifted:
        fail("--char must be a key without Shift for a burst")
    s.wait_quiet(args.gap_ms, 3000)
    c0 = cpu_ns(args.pid)
    tb0 = now_ns()
    for _ in range(args.keys):
        xt.XTestFakeKeyEvent(s.dpy, code, 1, 0)
        xt.XTestFakeKeyEvent(s.dpy, code, 0, 0)
    x.XFlush(s.dpy)
    tb1 = now_ns()
    if args.close:
        s.close_request()
        tc = now_ns()
        deadline = tc + int(args.timeout_ms * 1e6)
        exited = None
        while now_ns() < deadline:
            if not s.destroyed_at:
                s.pump(min(deadline, now_ns() + 2_000_000))
            else:
                time.sleep(0.002)
            if args.pid and exited is None and not process_alive(args.pid):
                exited = now_ns()
            if s.destroyed_at and (exited or not args.pid):
                break
        print("burst_send_ms=%.1f keys=%d" % (ms(tb1 - tb0), args.keys))
        gone = min(t for t in (s.destroyed_at, exited) if t) if (s.destroyed_at or exited) else None
        if gone is None:
            fail("the window was still there %d ms after WM_DELETE_WINDOW" % args.timeout_ms)
        print("burst close_ms=%.2f window_destroyed_ms=%s process_exit_ms=%s" % (
            ms(gone - tc), "%.2f" % ms(s.destroyed_at - tc) if s.destroyed_at else "none",
            "%.2f" % ms(exited - tc) if exited else "none"), flush=True)
        return 0
    px, py = args.click
    area = args.rect or (px - 24, py - 24, 48, 48)
    s.click(px, py)
    tc = now_ns()
    hit, before = s.wait_damage(args.timeout_ms, inside=area)
    if hit is None:
        fail("no repaint inside %s within %d ms of the click" % (",".join(map(str, area)), args.timeout_ms))
    after = s.collect_until_quiet(args.quiet_ms, args.max_ms)
    c1 = cpu_ns(args.pid)
    elsewhere_after = [d for d in after if not intersects(d, area)]
    last = after[-1][0] if after else hit
    print("burst_send_ms=%.1f keys=%d" % (ms(tb1 - tb0), args.keys))
    line = ("burst click_ms=%.2f damages_before_answer=%d damages_after_answer=%d elsewhere_after=%d "
            "last_damage_after_click_ms=%.1f" % (
                ms(hit - tc), len(before) - 1, len(after), len(elsewhere_after), ms(last - tc)))
    if c0 is not None and c1 is not None:
        line += " cpu_ms=%.1f" % ms(c1 - c0)
    print(line, flush=True)
    return 0


def main():
    parser = argparse.ArgumentParser(description="Outside-the-process keystroke latency and frame timing (XTEST + DAMAGE)")
    sub = parser.add_subparsers(dest="command", required=True)
    k = sub.add_parser("keys")
    k.add_argument("name")
    k.add_argument("--count", type=int, default=200)
    k.add_argument("--gap-ms", type=float, default=30, help="quiet required before each key")
    k.add_argument("--click", type=point)
    k.add_argument("--prefill", type=int, default=0)
    k.add_argument("--prefill-newline-every", type=int, default=0)
    k.add_argument("--at", choices=["end", "middle"], default="end")
    k.add_argument("--chars", default="nopqrstuvwxyz", help="keys typed, in a fixed pseudo-random order")
    k.add_argument("--suspect-ms", type=float, default=250, help="flag samples this late")
    k.add_argument("--pid", type=int)
    k.add_argument("--timeout-ms", type=float, default=2000)
    k.add_argument("--quiet-max-ms", type=float, default=3000)
    k.add_argument("--paste-timeout-ms", type=float, default=60000)
    k.add_argument("--null-every", type=int, default=10)
    k.add_argument("--verify-copy", metavar="CHORD")
    k.add_argument("--blink-sync", action="store_true",
                   help="before each key wait for a repaint (a blink edge), then --gap-ms of quiet")
    k.add_argument("--blink-timeout-ms", type=float, default=2000)
    k.add_argument("--via-xdotool", action="store_true", help="cross-check: send each key with `xdotool key`")
    f = sub.add_parser("frames")
    f.add_argument("name")
    f.add_argument("--click", type=point, action="append", required=True)
    f.add_argument("--repeat", type=int, default=10)
    f.add_argument("--quiet-ms", type=float, default=300)
    f.add_argument("--max-ms", type=float, default=3000)
    f.add_argument("--raw", action="store_true")
    b = sub.add_parser("burst")
    b.add_argument("name")
    b.add_argument("--keys", type=int, default=20000)
    b.add_argument("--click", type=point)
    b.add_argument("--rect", type=rect)
    b.add_argument("--close", action="store_true")
    b.add_argument("--focus", type=point)
    b.add_argument("--char", default="x")
    b.add_argument("--pid", type=int)
    b.add_argument("--gap-ms", type=float, default=100)
    b.add_argument("--quiet-ms", type=float, default=300)
    b.add_argument("--max-ms", type=float, default=120000)
    b.add_argument("--timeout-ms", type=float, default=60000)
    args = parser.parse_args()
    if args.command == "burst" and not args.close and not args.click:
        parser.error("burst needs --click X,Y or --close")
    return {"keys": cmd_keys, "frames": cmd_frames, "burst": cmd_burst}[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
