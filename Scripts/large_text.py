#!/usr/bin/python3
"""A large text in a text area, measured from outside (issue 28, goal 1): a paste by INCR from a
real X client (xclip), then select-all + Backspace and its undo, each timed to the X DAMAGE that
shows it, with the process's memory before and after. Runs against whatever the app's storage is.

  large_text.py NAME --pid PID [--mb 10] [--line-chars 1000000] [--settle-ms 300] [--verify]
                [--select-all ctrl+a] [--undo ctrl+z]
      NAME is the title of a window whose focused field is a text area (the catalog started with
      --focus filled-area). Waits until the window is quiet and reads the process's memory, then:
      paste   xclip serves --mb MB (lines of --line-chars characters, each ending in a newline)
              on CLIPBOARD; Ctrl+V. Every chunk of the INCR transfer is a PropertyNotify
              (NewValue) on the requestor's window, which this script watches too (event masks are
              per client): the last one is the zero-length chunk that ends the transfer. Times
              from it to the first and to the last DAMAGE before the window is settled (no damage
              for --settle-ms, then no thread of the process runnable in three looks of four
              over 200 ms: a busy app can draw nothing for longer than that).
              LARGE_TEXT_TRACE=1 prints every damage and property change on stderr.
      memory  VmRSS and VmHWM of PID before the paste and once it settled.
      delete  --select-all, settle, Backspace: time to the first DAMAGE and until settled.
      undo    --undo: the same.
      --verify selects all, copies (Ctrl+C) and reads CLIPBOARD back with xclip after the paste:
      prints verify_chars= (slow for big texts: the app serves them by INCR in turn).
  Prints key=value lines:
      before rss_kb=... hwm_kb=...
      paste bytes=... chunks=... transfer_ms=... last_chunk_to_first_damage_ms=...
            last_chunk_to_settled_ms=... ctrl_v_to_settled_ms=...
      after_paste rss_kb=... hwm_kb=...
      delete first_damage_ms=... settled_ms=...
      undo first_damage_ms=... settled_ms=...
      after rss_kb=... hwm_kb=...
  Exits 1 with one line "large_text: ..." on stderr when a step gets no answer in --timeout-s.
"""
import argparse, ctypes, os, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import key_latency as kl  # noqa: E402  (the XTEST/DAMAGE session and xclip helpers)

PROPERTY_NOTIFY, PROPERTY_NEW_VALUE, PROPERTY_CHANGE_MASK, STRUCTURE_NOTIFY_MASK = 28, 0, 1 << 22, 1 << 17


class XPropertyEvent(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                ("display", ctypes.c_void_p), ("window", ctypes.c_ulong), ("atom", ctypes.c_ulong),
                ("time", ctypes.c_ulong), ("state", ctypes.c_int)]


def fail(message):
    print("large_text: " + message, file=sys.stderr, flush=True)
    sys.exit(1)


def memory_kb(pid):
    values = {}
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith(("VmRSS", "VmHWM")):
                values[line.split(":")[0]] = int(line.split()[1])
    return values.get("VmRSS"), values.get("VmHWM")


class WatchedSession(kl.Session):
    """key_latency's session, also recording PropertyNotify on the app's windows."""

    def __init__(self, name):
        super().__init__(name)
        self.properties = []  # (arrival_ns, window, atom, state)
        for window in [self.window] + self.descendants(self.window):
            kl.x.XSelectInput(self.dpy, window, PROPERTY_CHANGE_MASK | (STRUCTURE_NOTIFY_MASK if window == self.window else 0))
        kl.x.XSync(self.dpy, 0)

    def descendants(self, window):
        root, parent = ctypes.c_ulong(), ctypes.c_ulong()
        children, count = ctypes.POINTER(ctypes.c_ulong)(), ctypes.c_uint()
        if not kl.x.XQueryTree(self.dpy, window, ctypes.byref(root), ctypes.byref(parent), ctypes.byref(children),
                               ctypes.byref(count)):
            return []
        found = [children[i] for i in range(count.value)]
        if children:
            kl.x.XFree(children)
        return found + [w for child in found for w in self.descendants(child)]

    def drain(self):
        out = []
        while kl.x.XPending(self.dpy):
            kl.x.XNextEvent(self.dpy, ctypes.byref(self.event))
            t = kl.now_ns()
            kind = self.event.type
            if kind == self.event_base.value:
                area = self.event.damage.area
                out.append((t, area.x, area.y, area.width, area.height))
                self.last_damage = t
            elif kind == PROPERTY_NOTIFY:
                p = ctypes.cast(ctypes.byref(self.event), ctypes.POINTER(XPropertyEvent)).contents
                self.properties.append((t, p.window, p.atom, p.state))
            elif kind == kl.DESTROY_NOTIFY and self.event.destroy.window == self.window:
                self.destroyed_at = self.destroyed_at or t
        return out

    def settle(self, pid, settle_ms, timeout_s):
        """Damage until the window is settled: settle_ms without damage, then a process that is
        asleep (no thread runnable) in three looks of four over 200 ms. A blocked app draws nothing,
        yet is not done; runnable, not CPU time, because on a loaded machine a busy app may get
        little CPU. Returns every damage before that quiet."""
        deadline = time.monotonic() + timeout_s
        seen = []
        while time.monotonic() < deadline:
            seen += self.collect_until_quiet(settle_ms, 1000 * (deadline - time.monotonic()))
            runnable, looks = 0, 0
            more = []
            end = kl.now_ns() + 200_000_000
            while kl.now_ns() < end:  # a caret blink here is no work left
                more += self.pump(kl.now_ns() + 5_000_000)
                runnable += is_runnable(pid)
                looks += 1
                time.sleep(0.005)
            if runnable <= looks // 4:
                # Damage while the process was seen asleep is kept apart: a caret blink there is
                # no work left, but it may also be the last frame of work that just ended.
                self.dropped = getattr(self, "dropped", []) + more
                return seen
            seen += more
        fail("the window was still busy %d s later" % timeout_s)


def transfer_property(s):
    """The transfer's property: the one written most often on the requestor's window (the first
    NewValue is the INCR announcement, then one per chunk, the last one empty); None before three."""
    atoms = {}
    for p in s.properties:
        if p[3] == PROPERTY_NEW_VALUE:
            atoms[(p[1], p[2])] = atoms.get((p[1], p[2]), 0) + 1
    if not atoms or max(atoms.values()) < 3:
        return None
    return max(atoms, key=atoms.get)


def transfer_chunks(s):
    """Times of the transfer's property writes so far (the last is its last chunk once it ended)."""
    transfer = transfer_property(s)
    return [p[0] for p in s.properties if p[3] == PROPERTY_NEW_VALUE and (p[1], p[2]) == transfer] if transfer else []


def is_runnable(pid):
    """True when a thread of PID is running or waiting for a CPU (state R in /proc)."""
    try:
        for task in os.listdir("/proc/%d/task" % pid):
            try:
                with open("/proc/%d/task/%s/stat" % (pid, task)) as f:
                    if f.read().rsplit(")", 1)[1].split()[0] == "R":
                        return True
            except (OSError, IndexError):
                pass
    except OSError:
        pass
    return False


def large_text(count, line_chars):
    line = ("abcdefghilm " * (line_chars // 12 + 1))[:max(1, line_chars - 1)] + "\n"
    return (line * (count // len(line) + 1))[:count]


def timed_key(session, pid, chord, settle_ms, timeout_s):
    """Sends chord; ms to the first damage after it and to the last one before settled."""
    session.settle(pid, settle_ms, timeout_s)
    t0 = kl.now_ns()
    session.chord(chord)
    first, seen = session.wait_damage(timeout_s * 1000)
    if first is None:
        fail("no repaint within %d s of %s" % (timeout_s, chord))
    seen += session.settle(pid, settle_ms, timeout_s)
    return kl.ms(first - t0), kl.ms(seen[-1][0] - t0)


def main():
    parser = argparse.ArgumentParser(description="a large paste, select-all + Backspace and undo, seen from outside")
    parser.add_argument("name")
    parser.add_argument("--pid", type=int, required=True)
    parser.add_argument("--mb", type=float, default=10)
    parser.add_argument("--line-chars", type=int, default=1_000_000)
    parser.add_argument("--settle-ms", type=float, default=300)
    parser.add_argument("--timeout-s", type=float, default=120)
    parser.add_argument("--select-all", default="ctrl+a")
    parser.add_argument("--undo", default="ctrl+z")
    parser.add_argument("--verify", action="store_true")
    args = parser.parse_args()
    s = WatchedSession(args.name)
    s.settle(args.pid, args.settle_ms, args.timeout_s)
    print("before rss_kb=%d hwm_kb=%d" % memory_kb(args.pid), flush=True)

    text = large_text(int(args.mb * 1_000_000), args.line_chars)
    server = kl.serve_clipboard(s, text)
    try:
        s.settle(args.pid, args.settle_ms, args.timeout_s)
        s.properties.clear()
        t0 = kl.now_ns()
        s.chord("ctrl+v")
        first, seen = s.wait_damage(args.timeout_s * 1000)
        if first is None:
            fail("no repaint within %d s of Ctrl+V (is a text area focused?)" % args.timeout_s)
        seen += s.settle(args.pid, args.settle_ms, args.timeout_s)
        # The first damage after Ctrl+V may be the caret turning on at the key, and the window
        # may then stay quiet for the settle time while the transfer and its layout run: settled
        # is only after a damage that follows the transfer's last chunk.
        deadline = time.monotonic() + args.timeout_s
        while time.monotonic() < deadline:
            chunks = transfer_chunks(s)
            if chunks and any(d[0] >= chunks[-1] for d in seen + getattr(s, "dropped", [])):
                break
            seen += s.settle(args.pid, args.settle_ms, args.timeout_s)
    finally:
        kl.stop(server)
    written = [p for p in s.properties if p[3] == PROPERTY_NEW_VALUE]
    transfer = transfer_property(s)
    if transfer is None:
        fail("no INCR transfer seen on the app's windows (%d property changes)" % len(s.properties))
    if os.environ.get("LARGE_TEXT_TRACE"):
        events = [(p[0], "property window=%d atom=%d state=%d" % p[1:]) for p in s.properties]
        events += [(d[0], "damage %d,%d %dx%d" % d[1:]) for d in seen]
        events += [(d[0], "damage while asleep %d,%d %dx%d" % d[1:]) for d in getattr(s, "dropped", [])]
        for t, what in sorted(events):
            print("trace %.2f %s" % (kl.ms(t - t0), what), file=sys.stderr)
    chunks = [p[0] for p in written if (p[1], p[2]) == transfer]
    last_chunk = chunks[-1]
    # The frame that shows the paste may have come while the process was already asleep again
    # (kept apart by settle): it counts as the first damage, and as the last when none followed.
    shown = sorted(d[0] for d in seen + getattr(s, "dropped", []) if d[0] >= last_chunk)
    after = [d[0] for d in seen if d[0] >= last_chunk] or shown[:1]
    after = shown[:1] + [t for t in after if not shown or t > shown[0]]
    print("paste bytes=%d chunks=%d transfer_ms=%.1f last_chunk_to_first_damage_ms=%s last_chunk_to_settled_ms=%s "
          "ctrl_v_to_settled_ms=%.1f" % (
              len(text.encode()), len(chunks) - 2, kl.ms(last_chunk - chunks[0]),
              "%.1f" % kl.ms(after[0] - last_chunk) if after else "none",
              "%.1f" % kl.ms(after[-1] - last_chunk) if after else "none",
              kl.ms((after[-1] if after else seen[-1][0]) - t0)), flush=True)
    print("after_paste rss_kb=%d hwm_kb=%d" % memory_kb(args.pid), flush=True)
    if args.verify:
        s.chord(args.select_all)
        s.settle(args.pid, args.settle_ms, args.timeout_s)
        s.chord("ctrl+c")
        s.settle(args.pid, args.settle_ms, args.timeout_s)
        copied = kl.read_clipboard(timeout_s=args.timeout_s)
        print("verify_chars=%s expected_chars=%d" % (len(copied) if copied is not None else "none", len(text)), flush=True)

    s.chord(args.select_all)
    first, settled = timed_key(s, args.pid, "BackSpace", args.settle_ms, args.timeout_s)
    print("delete first_damage_ms=%.2f settled_ms=%.1f" % (first, settled), flush=True)
    first, settled = timed_key(s, args.pid, args.undo, args.settle_ms, args.timeout_s)
    print("undo first_damage_ms=%.2f settled_ms=%.1f" % (first, settled), flush=True)
    print("after rss_kb=%d hwm_kb=%d" % memory_kb(args.pid), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
