#!/usr/bin/python3
"""The catalog's speed and memory beside Tk 8.6 and GTK 3, as one table of figures (never a
pass/fail): ./run.sh bench [--runs N] [--keys N] [--idle S] [--json PATH] [--no-peers].

Everything runs on one private Xvfb, the peers (../shared/bench-peers) in the same session, so the
ratios compare like with like on a shared, noisy machine. Each figure is the median, the 99th
percentile and how many samples they are of, pooled over --runs fresh starts of each program.

  keystroke to pixels   an XTEST key press to the X DAMAGE notification of the window
                        (Scripts/key_latency.py), in a single-line field holding 20 and
                        20,000 characters (pasted), and in a text area holding 1 k, 100 k and
                        1 M characters (typing at the end and in the middle); the peers' first
                        entry likewise. CPU per keystroke from /proc/PID/task/*/schedstat.
  frames                DAMAGE arrivals during focus animations: intervals, longest gap,
                        frames per animation; CPU per frame.
  caret blink           repaints and pixels X DAMAGE sees in 3 s; wake-ups (voluntary context
                        switches) per second while blinking and after 10 s idle; CPU share.
  burst                 20,000 keys sent at once, then a click on another field: time to its
                        repaint; then a close request: time until the window is gone.
  full repaint          the whole catalog drawn into an offscreen pixmap (--repaint-benchmark).
  start                 exec to the first drawing that reaches a window (Scripts/first_frame.py),
                        the catalog and the peers alike.
  memory, peers' idle   peak RSS (VmHWM) after the blink, the animations and typing; the peers'
                        peak RSS and idle figures from ../shared/bench-peers/measure.sh, run right
                        after.
  accessibility         the catalog on a private session bus (so the AT-SPI bridge starts), its
                        whole tree read by a pyatspi client as a screen reader does
                        (Scripts/atspi_client.py): time from exec to the application on the
                        registry, peak RSS beside the catalog without a bus, wake-ups when idle.
The catalog runs without --qa-state while it is timed, except in the one case that measures it:
  --qa-state            the 20-character keystroke case with --qa-state PATH and without it, in
                        turn, in the same run (target: at most 1.5x the case without).
"""
import argparse, json, os, re, shutil, signal, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LATENCY = os.path.join(ROOT, "Scripts", "key_latency.py")
DAMAGE = os.path.join(ROOT, "Scripts", "damage_watch.py")
FIRST_FRAME = os.path.join(ROOT, "Scripts", "first_frame.py")
ATSPI_CLIENT = os.path.join(ROOT, "Scripts", "atspi_client.py")
PEERS_DIR = os.path.normpath(os.path.join(ROOT, "..", "shared", "bench-peers"))
PYTHON = "/usr/bin/python3"
TITLE = "Material text fields"
started = []


def say(message):
    print(message, file=sys.stderr, flush=True)


def stop(process):
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def cleanup(*_):
    for process in reversed(started):
        stop(process)
    if _:
        sys.exit(130)


def spawn(command, **kwargs):
    process = subprocess.Popen(command, **kwargs)
    started.append(process)
    return process


def percentile(values, fraction):
    ordered = sorted(values)
    if not ordered:
        return None
    index = min(len(ordered) - 1, max(0, int(round(fraction * (len(ordered) - 1)))))
    return ordered[index]


def summary(values):
    values = [v for v in values if v is not None]
    if not values:
        return None
    return {"median": statistics.median(values), "p99": percentile(values, 0.99), "n": len(values)}


def schedstat_ns(pid):
    total = 0
    for task in os.listdir("/proc/%d/task" % pid):
        with open("/proc/%d/task/%s/schedstat" % (pid, task)) as f:
            total += int(f.read().split()[0])
    return total


def context_switches(pid, voluntary_only=False):
    total = 0
    for task in os.listdir("/proc/%d/task" % pid):
        with open("/proc/%d/task/%s/status" % (pid, task)) as f:
            for line in f:
                if line.startswith("voluntary_ctxt_switches") or (
                        not voluntary_only and line.startswith("nonvoluntary_ctxt_switches")):
                    total += int(line.split()[1])
    return total


def peak_rss_kb(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmHWM"):
                return int(line.split()[1])
    return None


def run_latency(*arguments, timeout=600):
    """Runs key_latency.py; returns its output lines, or [] with a message when it failed."""
    result = subprocess.run([PYTHON, LATENCY] + [str(a) for a in arguments], capture_output=True, text=True,
                            timeout=timeout)
    if result.returncode != 0:
        say("  key_latency %s: %s" % (arguments[0], (result.stderr.strip() or result.stdout.strip())[-300:]))
        return []
    return result.stdout.splitlines()


def fields(line, prefix):
    """key=value pairs of the line starting with prefix."""
    if not line.startswith(prefix):
        return None
    return dict(pair.split("=", 1) for pair in line[len(prefix):].split() if "=" in pair)


def cpu_samples(lines):
    """CPU per key of the key_ms= lines."""
    return [float(m.group(1)) for line in lines if line.startswith("key_ms=")
            for m in [re.search(r"cpu_ms=([0-9.]+)", line)] if m]


def samples(lines, name):
    values = []
    for line in lines:
        match = re.match(r"%s=([0-9.]+)" % name, line)
        if match:
            values.append(float(match.group(1)))
    return values


class Session:
    def __init__(self, args):
        self.args = args
        self.results = {}
        self.frames = None
        self.work = tempfile.mkdtemp(prefix="mf-bench.")
        read_end, write_end = os.pipe()
        self.xvfb = spawn(["Xvfb", "-displayfd", str(write_end), "-screen", "0", "1280x1000x24", "-nolisten", "tcp",
                           "-noreset"], pass_fds=[write_end], stderr=subprocess.DEVNULL)
        os.close(write_end)
        with os.fdopen(read_end) as f:
            number = f.readline().strip()
        if not number:
            sys.exit("bench: Xvfb did not start")
        os.environ["DISPLAY"] = ":" + number

    def add(self, key, values):
        self.results.setdefault(key, []).extend(values if isinstance(values, list) else [values])

    # MARK: the catalog

    def start_catalog(self, *arguments, qa_state=None):
        """Starts the catalog and returns once its window is there (and its QA state, if asked)."""
        command = [self.args.binary] + list(arguments)
        if qa_state:
            command += ["--qa-state", qa_state]
        process = spawn(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if qa_state:
            deadline = time.monotonic() + 20
            while not os.path.exists(qa_state) and time.monotonic() < deadline and process.poll() is None:
                time.sleep(0.005)
        self.wait_for_window(TITLE)
        return process

    def wait_for_window(self, name):
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            found = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "^%s$" % name],
                                   capture_output=True, text=True).stdout.split()
            if found:
                return found[0]
            time.sleep(0.02)
        sys.exit("bench: no window named %r appeared" % name)

    def geometry(self, qa_state):
        with open(qa_state) as f:
            state = json.load(f)
        return {field["id"]: field["frame"] for field in state["fields"]}

    @staticmethod
    def center(frame, dx=None):
        x, y, w, h = frame
        return "%d,%d" % (x + (dx if dx is not None else w / 2), y + h / 2)

    def catalog_idle_and_frames(self, run):
        """Where each field is (once, from a catalog started with --qa-state); then, in a catalog
        as a user runs it: blink, idle, animation frames, typing, and the peak RSS after it all."""
        if not self.frames:
            qa_state = os.path.join(self.work, "state.json")
            process = self.start_catalog(qa_state=qa_state)
            self.frames = self.geometry(qa_state)
            stop(process)
        frames = self.frames
        process = self.start_catalog()
        pid = process.pid
        first, second = self.center(frames["filled-label"]), self.center(frames["outlined-label"])
        run_latency("frames", TITLE, "--click", first, "--repeat", 1)  # focus, then let the caret settle
        time.sleep(1)
        watcher = spawn([PYTHON, DAMAGE, TITLE, "3"], stdout=subprocess.PIPE, text=True)
        watcher.stdout.readline()  # "ready": subscribed
        t0, s0, k0 = time.monotonic(), schedstat_ns(pid), context_switches(pid, voluntary_only=True)
        time.sleep(self.args.idle)
        t1, s1, k1 = time.monotonic(), schedstat_ns(pid), context_switches(pid, voluntary_only=True)
        watched = watcher.communicate(timeout=10)[0]
        match = re.search(r"repaints=(\d+) pixels=(\d+)", watched)
        time.sleep(max(0, 11 - self.args.idle))
        t2, k2, s2 = time.monotonic(), context_switches(pid, voluntary_only=True), schedstat_ns(pid)
        time.sleep(3)
        t3, k3, s3 = time.monotonic(), context_switches(pid, voluntary_only=True), schedstat_ns(pid)
        # Focus animations between two fields: damage arrivals, and CPU per frame drawn.
        c0 = schedstat_ns(pid)
        lines = run_latency("frames", TITLE, "--click", second, "--click", first, "--repeat", 10, "--raw")
        c1 = schedstat_ns(pid)
        # Typing into the field the animations left focused: what reaches the window per key,
        # and typing in the peak RSS.
        watcher = spawn([PYTHON, DAMAGE, TITLE, "5"], stdout=subprocess.PIPE, text=True)
        watcher.stdout.readline()
        typed = run_latency("keys", TITLE, "--count", 50, "--null-every", 0)
        key_damage = re.search(r"repaints=(\d+) pixels=(\d+)", watcher.communicate(timeout=15)[0])
        keys_typed = len(samples(typed, "key_ms"))
        rss = peak_rss_kb(pid)
        stop(process)
        if run == 0:
            return  # warms the caches; not counted
        self.add("rss_mb", rss / 1024)
        if match:
            repaints, pixels = int(match.group(1)), int(match.group(2))
            self.add("blink_repaints_3s", repaints)
            self.add("blink_pixels", pixels / repaints if repaints else 0)
        self.add("blink_wakeups_per_s", (k1 - k0) / (t1 - t0))
        self.add("blink_cpu_pct", 100 * (s1 - s0) / 1e9 / (t1 - t0))
        self.add("idle_wakeups_per_s", (k3 - k2) / (t3 - t2))
        if key_damage and keys_typed:
            self.add("key_pixels", int(key_damage.group(2)) / keys_typed)
        self.add("idle_cpu_pct", 100 * (s3 - s2) / 1e9 / (t3 - t2))
        self.add("frame_interval_ms", [float(v) for l in lines if l.startswith("intervals_ms=")
                                       for v in l[len("intervals_ms="):].split(",") if v])
        counts = [int(m.group(1)) for l in lines if l.startswith("anim=") for m in [re.search(r" frames=(\d+)", l)] if m]
        self.add("frames_per_animation", counts)
        for l in lines:
            f = fields(l, "frames ")
            if f:
                self.add("frame_max_gap_ms", float(f["max_gap_ms"]))
        if counts:
            self.add("cpu_per_frame_ms", (c1 - c0) / 1e6 / sum(counts))

    def catalog_accessibility(self, run):
        """The catalog with an accessibility bus: a private session bus activates the AT-SPI
        bus and registry, as on a desktop; a pyatspi client reads the whole tree."""
        if not shutil.which("dbus-daemon") or not os.path.exists(ATSPI_CLIENT):
            return
        # The same catalog, started and left alone, without a bus: the baseline.
        plain = self.start_catalog()
        time.sleep(1.5)
        self.add("a11y_plain_rss_mb", peak_rss_kb(plain.pid) / 1024)
        stop(plain)
        bus = spawn(["dbus-daemon", "--session", "--nofork", "--print-address=1"], stdout=subprocess.PIPE,
                    stderr=subprocess.DEVNULL, text=True)
        address = bus.stdout.readline().strip()
        environment = dict(os.environ, DBUS_SESSION_BUS_ADDRESS=address)
        try:
            start = time.monotonic()
            process = spawn([self.args.binary], env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            client_environment = dict(environment, NO_AT_BRIDGE="1")
            tree = subprocess.run([PYTHON, ATSPI_CLIENT, "tree", "textfield-catalog"], env=client_environment,
                                  capture_output=True, text=True, timeout=60)
            read = time.monotonic() - start
            if tree.returncode != 0:
                say("bench: the AT-SPI client could not read the catalog: " + tree.stderr.strip())
                stop(process)
                return
            nodes = len(json.loads(tree.stdout)["nodes"])
            time.sleep(1)
            k0, t0 = context_switches(process.pid, voluntary_only=True), time.monotonic()
            time.sleep(3)
            k1, t1 = context_switches(process.pid, voluntary_only=True), time.monotonic()
            rss = peak_rss_kb(process.pid)
            stop(process)
            self.add("a11y_rss_mb", rss / 1024)
            self.add("a11y_idle_wakeups_per_s", (k1 - k0) / (t1 - t0))
            self.add("a11y_tree_read_ms", 1000 * read)
            self.add("a11y_nodes", nodes)
        finally:
            stop(bus)

    def catalog_keys(self, run, label, field, prefill, at="end", newline_every=None):
        process = self.start_catalog("--focus", field)
        arguments = ["keys", TITLE, "--count", self.args.keys, "--pid", process.pid]
        if prefill:
            arguments += ["--prefill", prefill, "--at", at]
        if newline_every:
            arguments += ["--prefill-newline-every", newline_every]
        lines = run_latency(*arguments)
        stop(process)
        self.add("keys_%s_ms" % label, samples(lines, "key_ms"))
        self.add("keys_%s_cpu_ms" % label, cpu_samples(lines))

    def catalog_keys_qa_state(self, run):
        """Keystroke to pixels in the 20-character field with --qa-state and without it, one after
        the other in the same run (so load and warm-up are alike), and CPU per key of each."""
        for label, qa_state in (("qa_off", None), ("qa_on", os.path.join(self.work, "keys-state.json"))):
            process = self.start_catalog("--focus", "filled-label", qa_state=qa_state)
            lines = run_latency("keys", TITLE, "--count", self.args.keys, "--pid", process.pid, "--prefill", 20)
            stop(process)
            self.add("keys_%s_ms" % label, samples(lines, "key_ms"))
            self.add("keys_%s_cpu_ms" % label, cpu_samples(lines))

    def catalog_burst(self, run):
        frames = self.frames
        target = frames["outlined-label"]
        for mode in ("click", "close"):
            process = self.start_catalog("--focus", "filled-label")
            arguments = ["burst", TITLE, "--keys", 20000, "--pid", process.pid]
            if mode == "click":
                arguments += ["--click", self.center(target), "--rect", ",".join(str(int(v)) for v in target)]
            else:
                arguments += ["--close"]
            lines = run_latency(*arguments, timeout=300)
            stop(process)
            for line in lines:
                f = fields(line, "burst ")
                if f and mode == "click" and "click_ms" in f:
                    self.add("burst_click_ms", float(f["click_ms"]))
                if f and mode == "close" and "close_ms" in f:
                    value = f.get("window_destroyed_ms", f["close_ms"])
                    if value not in ("None", "none"):
                        self.add("burst_close_ms", float(value))

    def catalog_repaint(self):
        """The catalog's own rendering cost (--repaint-benchmark): the whole window drawn into an
        offscreen pixmap, wall time including an XSync so the server's compositing counts."""
        result = subprocess.run([self.args.binary, "--repaint-benchmark", "200"], capture_output=True, text=True,
                                timeout=600)
        cached = result.stdout.split("masks cached: yes")[-1] if "masks cached: yes" in result.stdout else ""
        full = re.search(r"full repaint \S+, median of (\d+): ([0-9.]+) ms CPU, ([0-9.]+) ms wall", cached)
        frame = re.search(r"frames: median ([0-9.]+) ms CPU, ([0-9.]+) ms wall per frame", cached)
        if not full:
            say("  --repaint-benchmark: %s" % (result.stderr.strip() or result.stdout.strip() or "no figures")[-200:])
            return
        self.results["full_repaint_ms"] = {"median": float(full.group(3)), "p99": None, "n": int(full.group(1))}
        self.results["full_repaint_cpu_ms"] = {"median": float(full.group(2)), "p99": None, "n": int(full.group(1))}
        if frame:
            self.results["render_per_frame_cpu_ms"] = {"median": float(frame.group(1)), "p99": None, "n": int(full.group(1))}

    def first_frames(self, run):
        """Exec to the first drawing on a window, for the catalog and each peer alike, seen from
        outside (Scripts/first_frame.py: X DAMAGE on every window as it is created)."""
        env = dict(os.environ, NO_AT_BRIDGE="1")
        env.pop("DBUS_SESSION_BUS_ADDRESS", None)
        programs = [("catalog", [self.args.binary])]
        if self.peers:
            programs += [(peer, [PYTHON, os.path.join(PEERS_DIR, "%s_fields.py" % peer)]) for peer in ("tk", "gtk")]
        for name, command in programs:
            result = subprocess.run([PYTHON, FIRST_FRAME] + command, capture_output=True, text=True, timeout=60, env=env)
            found = fields(result.stdout.strip(), "")
            if not found or "first_frame_ms" not in found:
                say("  first_frame %s: %s" % (name, result.stderr.strip()[-200:]))
                continue
            if run > 0:
                prefix = "" if name == "catalog" else name + "_"
                self.add(prefix + "first_frame_ms", float(found["first_frame_ms"]))
                self.add(prefix + "map_ms", float(found["map_ms"]))

    # MARK: the peers

    def peer_keys(self, peer, run):
        script = os.path.join(PEERS_DIR, "%s_fields.py" % peer)
        env = dict(os.environ, NO_AT_BRIDGE="1")
        env.pop("DBUS_SESSION_BUS_ADDRESS", None)
        for label, prefill in (("20", 8), ("20000", 19988)):  # the first entry holds "Ada Lovelace"
            process = spawn([PYTHON, script], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
            line = process.stdout.readline()
            match = re.search(r"pid=(\d+)", line)
            if not match:
                say("  %s did not start" % peer)
                stop(process)
                return
            self.wait_for_window("peer")
            time.sleep(0.5)
            lines = run_latency("keys", "peer", "--count", self.args.keys, "--pid", match.group(1), "--prefill", prefill)
            stop(process)
            self.add("%s_keys_%s_ms" % (peer, label), samples(lines, "key_ms"))
            self.add("%s_keys_%s_cpu_ms" % (peer, label), cpu_samples(lines))

    def peer_kit(self):
        """Start, RSS and idle figures of the peer kit, run as it is (its own Xvfb)."""
        # The kit counts seconds in shell arithmetic: whole numbers only.
        environment = dict(os.environ, RUNS=str(self.args.runs), IDLE_S=str(max(1, round(self.args.idle))))
        for attempt in range(2):
            result = subprocess.run([os.path.join(PEERS_DIR, "measure.sh")], capture_output=True, text=True,
                                    env=environment, timeout=3600)
            if "idle_cpu_pct_schedstat" in result.stdout and "peak_rss_kb" in result.stdout:
                break
            say("  the peer kit gave no idle or memory figures%s: %s" % (", again" if attempt else "; once more",
                                                                        result.stderr.strip()[-400:]))
        for line in result.stdout.splitlines():
            parts = line.split()
            if len(parts) == 6 and parts[0] in ("tk", "gtk", "python-baseline"):
                self.results.setdefault("peerkit", {})[(parts[0], parts[1])] = {
                    "median": float(parts[3]), "p99": float(parts[5]), "n": int(parts[2])}


def main():
    parser = argparse.ArgumentParser(description="the catalog's speed and memory beside Tk and GTK")
    parser.add_argument("--runs", type=int, default=int(os.environ.get("RUNS", 3)))
    parser.add_argument("--keys", type=int, default=200, help="keys per case per run")
    parser.add_argument("--idle", type=float, default=float(os.environ.get("IDLE_S", 10)))
    parser.add_argument("--json", metavar="PATH")
    parser.add_argument("--no-peers", action="store_true")
    parser.add_argument("--binary", default=os.environ.get("BINARY", os.path.join(ROOT, ".build", "release", "textfield-catalog")))
    args = parser.parse_args()
    signal.signal(signal.SIGINT, cleanup)
    signal.signal(signal.SIGTERM, cleanup)
    peers = not args.no_peers and os.path.exists(os.path.join(PEERS_DIR, "measure.sh"))
    session = Session(args)
    session.peers = peers
    try:
        for run in range(0, args.runs + 1):
            say("run %d of %d%s" % (run, args.runs, " (warm-up)" if run == 0 else ""))
            session.first_frames(run)
            session.catalog_idle_and_frames(run)
            if run == 0:
                continue
            session.catalog_keys(run, "20", "filled-label", 20)
            session.catalog_keys(run, "20000", "filled-label", 20000)
            session.catalog_keys_qa_state(run)
            for size, label in ((1000, "1k"), (100_000, "100k"), (1_000_000, "1M")):
                for at in ("end", "middle"):
                    session.catalog_keys(run, "area_%s_%s" % (label, at), "filled-area", size, at, newline_every=300)
            session.catalog_burst(run)
            session.catalog_accessibility(run)
            if peers:
                for peer in ("tk", "gtk"):
                    session.peer_keys(peer, run)
        session.catalog_repaint()
        if peers:
            say("peer kit (start, memory, idle): ../shared/bench-peers/measure.sh")
            session.peer_kit()
    finally:
        cleanup()
    report(session.results, args, peers)


def report(results, args, peers):
    kit = results.get("peerkit", {})

    def ours(key):
        value = results.get(key, [])
        return value if isinstance(value, dict) else summary(value)

    def peer(name, key):
        return summary(results.get("%s_%s" % (name, key), []))

    def kit_value(name, metric, scale=1.0):
        entry = kit.get((name, metric))
        return {"median": entry["median"] * scale, "p99": None, "n": entry["n"]} if entry else None

    rows = []

    def row(name, unit, catalog, tk=None, gtk=None, target=None, met=None, note=""):
        rows.append({"metric": name, "unit": unit, "catalog": catalog, "tk": tk, "gtk": gtk, "target": target,
                     "met": met, "note": note})

    def at_or_under(a, b):
        if not a or not b:
            return None
        return a["median"] <= b["median"] and (a["p99"] is None or b["p99"] is None or a["p99"] <= b["p99"])

    for label, text in (("20", "20 characters"), ("20000", "20,000 characters")):
        c, t, g = ours("keys_%s_ms" % label), peer("tk", "keys_%s_ms" % label), peer("gtk", "keys_%s_ms" % label)
        row("keystroke to pixels, single line, %s" % text, "ms", c, t, g, "at or under Tk (median and p99)", at_or_under(c, t))
    for label, text in (("20", "20 characters"), ("20000", "20,000 characters")):
        c, t, g = ours("keys_%s_cpu_ms" % label), peer("tk", "keys_%s_cpu_ms" % label), peer("gtk", "keys_%s_cpu_ms" % label)
        row("CPU per keystroke, single line, %s" % text, "ms", c, t, g, "at or under Tk",
            c["median"] <= t["median"] if c and t else None)
    c, plain = ours("keys_qa_on_ms"), ours("keys_qa_off_ms")
    cpu, cpu_plain = ours("keys_qa_on_cpu_ms"), ours("keys_qa_off_cpu_ms")
    row("keystroke with --qa-state vs without", "ms", c, target="at most 1.5x (median and p99)",
        met=c["median"] <= 1.5 * plain["median"] and c["p99"] <= 1.5 * plain["p99"] if c and plain else None,
        note="without, same run: %.3f / %.3f ms, %.2fx / %.2fx; CPU per key %.3f ms against %.3f" % (
            plain["median"], plain["p99"], c["median"] / plain["median"], c["p99"] / plain["p99"],
            cpu["median"] if cpu else 0, cpu_plain["median"] if cpu_plain else 0) if c and plain else "")
    small = {at: ours("keys_area_1k_%s_ms" % at) for at in ("end", "middle")}
    for label, text in (("1k", "1 k"), ("100k", "100 k"), ("1M", "1 M")):
        for at in ("end", "middle"):
            c = ours("keys_area_%s_%s_ms" % (label, at))
            met = c["median"] < 4 if c else None
            target = "under 4 ms"
            if label == "1M" and c and small[at]:
                target += ", within 2x of 1 k"
                met = met and c["median"] <= 2 * small[at]["median"]
            row("keystroke to pixels, text area, %s characters, typing at the %s" % (text, at), "ms", c, target=target,
                met=met, note="%.1fx the 1 k case" % (c["median"] / small[at]["median"]) if c and small[at] and label != "1k" else "")
    c = ours("frame_interval_ms")
    row("label animation: interval between frames", "ms", c, target="16.7 ms", met=abs(c["median"] - 16.7) < 0.5 if c else None)
    c = ours("frame_max_gap_ms")
    row("label animation: longest gap (per run of 10 animations)", "ms", c, target="no gap over 33 ms",
        met=max(results.get("frame_max_gap_ms", [0])) <= 33 if c else None)
    row("label animation: frames per animation (150 ms)", "frames", ours("frames_per_animation"))
    c = ours("cpu_per_frame_ms")
    row("CPU per animation frame", "ms", c, target="under 1 ms", met=c["median"] < 1 if c else None)
    c = ours("full_repaint_ms")
    row("full catalog repaint, the whole 760 x 720 window (offscreen, with the server's compositing)", "ms", c,
        target="under 4 ms", met=c["median"] < 4 if c else None)
    row("CPU of a full catalog repaint", "ms", ours("full_repaint_cpu_ms"))
    row("CPU to draw one animation frame (offscreen, no event handling)", "ms", ours("render_per_frame_cpu_ms"))
    row("pixels copied to the window per keystroke", "px", ours("key_pixels"),
        note="the 340 x 56 field is 19,040 px; the window 547,200")
    c = ours("blink_pixels")
    row("pixels copied to the window per caret blink", "px", c, target="the caret rectangle (2 x 19 = 38)",
        met=c["median"] <= 38 if c else None)
    row("repaints in 3 s of caret blinking", "", ours("blink_repaints_3s"), target="6 (2 a second)")
    c = ours("blink_wakeups_per_s")
    row("wake-ups per second while the caret blinks", "/s", c, kit_value("tk", "idle_ctxsw_per_s"),
        kit_value("gtk", "idle_ctxsw_per_s"), target="2", met=c["median"] <= 2.5 if c else None,
        note="ours: voluntary context switches; peers: all context switches (peer kit)")
    c = ours("idle_wakeups_per_s")
    row("wake-ups per second after 10 s idle (caret solid)", "/s", c, target="0", met=c["median"] < 0.5 if c else None)
    c = ours("blink_cpu_pct")
    t, g = kit_value("tk", "idle_cpu_pct_schedstat"), kit_value("gtk", "idle_cpu_pct_schedstat")
    row("CPU while the caret blinks", "%", c, t, g, target="under Tk", met=c["median"] < t["median"] if c and t else None)
    c = ours("burst_click_ms")
    row("20,000-key burst, then a click: click to its repaint", "ms", c, target="within one frame (16.7 ms)",
        met=c["median"] <= 16.7 if c else None, note="the click is answered in order, after the keys before it")
    c = ours("burst_close_ms")
    row("20,000-key burst, then a close request: until the window is gone", "ms", c,
        target="within one frame (16.7 ms)", met=c["median"] <= 16.7 if c else None)
    c, t, g = ours("first_frame_ms"), peer("tk", "first_frame_ms"), peer("gtk", "first_frame_ms")
    row("exec to first frame (first X DAMAGE on a new window)", "ms", c, t, g, target="under 0.4x Tk",
        met=c["median"] < 0.4 * t["median"] if c and t else None)
    row("exec to the window mapped", "ms", ours("map_ms"), peer("tk", "map_ms"), peer("gtk", "map_ms"))
    c = ours("rss_mb")
    t, g = kit_value("tk", "peak_rss_kb", 1 / 1024), kit_value("gtk", "peak_rss_kb", 1 / 1024)
    base = kit_value("python-baseline", "peak_rss_kb", 1 / 1024)
    row("peak RSS", "MB", c, t, g, target="under 16 MB", met=c["median"] < 16 if c else None,
        note="the Python interpreter alone: %.1f MB" % base["median"] if base else "")

    c, plain = ours("a11y_rss_mb"), ours("a11y_plain_rss_mb")
    row("peak RSS with an accessibility bus (AT-SPI bridge on, whole tree read)", "MB", c,
        note="%+.1f MB beside the same catalog started without a bus (%.1f MB)" % (c["median"] - plain["median"], plain["median"])
        if c and plain else "")
    c = ours("a11y_idle_wakeups_per_s")
    row("wake-ups per second idle with the AT-SPI bridge on (unfocused)", "/s", c, target="0",
        met=c["median"] < 0.5 if c else None)
    nodes = ours("a11y_nodes")
    row("exec to a screen reader's first read of every field (pyatspi, whole tree)", "ms", ours("a11y_tree_read_ms"),
        note="%d accessible objects" % nodes["median"] if nodes else "")

    print(render(rows, args, peers))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"runs": args.runs, "keys_per_case_per_run": args.keys, "cpus": os.cpu_count(),
                       "peers": peers, "rows": rows, "raw": {k: v for k, v in results.items() if k != "peerkit"}},
                      f, indent=2)
        say("figures written to %s" % args.json)


def render(rows, args, peers):
    def cell(value):
        if not value:
            return ""
        def number(v):
            if v is None:
                return ""
            if abs(v) < 10:
                return "%.3g" % v
            return "%.1f" % v if abs(v) < 100 else "{:,.0f}".format(v)
        text = number(value["median"])
        if value.get("p99") is not None:
            text += " / " + number(value["p99"])
        return text + " (%d)" % value["n"]

    def ratio(row):
        c, t = row["catalog"], row["tk"]
        return "%.2fx" % (c["median"] / t["median"]) if c and t and t["median"] else ""

    header = "| metric | textfield-catalog | Tk 8.6 | GTK 3 | catalog / Tk | target | met |"
    lines = ["Figures: median / p99 (samples), %d runs of each program, %d keys per case per run; %d CPUs."
             % (args.runs, args.keys, os.cpu_count()), "", header, "|---|---|---|---|---|---|---|"]
    for row in rows:
        met = {True: "yes", False: "**no**", None: ""}[row["met"]]
        name = row["metric"] + (" (%s)" % row["unit"] if row["unit"] else "")
        if row["note"]:
            name += "; " + row["note"]
        lines.append("| %s | %s | %s | %s | %s | %s | %s |" % (name, cell(row["catalog"]), cell(row["tk"]), cell(row["gtk"]),
                                                              ratio(row), row["target"] or "", met))
    if not peers:
        lines.append("")
        lines.append("(No peer kit at ../shared/bench-peers: Tk and GTK columns are empty.)")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
