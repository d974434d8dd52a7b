#!/usr/bin/python3
"""Issue 28's goals as rows of figures beside Tk 8.6, wish (pure Tcl/Tk) and GTK 3, each with
whether it is met (never a test: a table): ./run.sh bench [--only PARTS] [--runs N] [--keys N]
[--idle S] [--json PATH] [--no-peers]; --report-from JSON prints a saved run's table again.
Scripts/bench_report.py builds the table.

Everything runs on one private Xvfb, the peers (../shared/bench-peers) in the same session, so the
ratios compare like with like on a shared, noisy machine. Each figure is the median, a percentile
(p95 for the goals, p99 for the others) and how many samples they are of, pooled over --runs
fresh starts of each program. --only takes a comma-separated subset of the parts (all by default):

  start    exec to the first drawing that reaches a window (Scripts/first_frame.py), the catalog
           and each peer alike, and the program's CPU time until then (goal 6).
  keys     keystroke to pixels: an XTEST key press to the X DAMAGE notification of the window
           (Scripts/key_latency.py), in an empty single-line field and one holding 20,000
           characters (pasted); each peer's first entry likewise (goal 3). CPU per keystroke from
           /proc/PID/task/*/schedstat.
  area     the same in the text area holding 1 k, 100 k and 1 M characters in lines of 300,
           typing at the end and in the middle.
  large    goal 1 (Scripts/large_text.py): a 10 MB paste (ten 1 MB lines) by INCR from xclip into
           the text area, timed from the last INCR chunk to the damage that shows it; memory
           before and after; select-all + Backspace and its undo to damage; then keys in the
           middle of a 10 MB text area, beside the 1 k case.
  memory   peak RSS (VmHWM) of the catalog and each peer measured alike: started, shown, 50 keys
           typed (goal 4); on the last run, the catalog's and wish's resident pages by mapping
           (/proc/PID/smaps), printed under the goals.
  idle     caret blink (repaints and pixels in 3 s, wake-ups, CPU share), idle after 10 s, focus
           animation frames (intervals, longest gap, CPU per frame; goal 5), pixels per key and
           peak RSS after it all.
  burst    20,000 keys sent at once, then a click on another field: time to its repaint; then a
           close request: time until the window is gone.
  a11y     the catalog on a private session bus (so the AT-SPI bridge starts), its whole tree
           read by a pyatspi client as a screen reader does (Scripts/atspi_client.py).
  repaint  the whole catalog drawn into an offscreen pixmap (--repaint-benchmark; goal 5).
  peerkit  ../shared/bench-peers/measure.sh: Tk's and GTK's idle CPU and wake-ups.
The catalog runs without --qa-state while it is timed, except in goal 2's case (part keys): the
empty field with --qa-state PATH and without it, in turn, in the same run.
"""
import argparse, json, os, re, shutil, signal, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_report  # noqa: E402  (the goals' table: pure functions of the figures)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LATENCY = os.path.join(ROOT, "Scripts", "key_latency.py")
DAMAGE = os.path.join(ROOT, "Scripts", "damage_watch.py")
FIRST_FRAME = os.path.join(ROOT, "Scripts", "first_frame.py")
ATSPI_CLIENT = os.path.join(ROOT, "Scripts", "atspi_client.py")
LARGE_TEXT = os.path.join(ROOT, "Scripts", "large_text.py")
WISH = "wish"
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

    def field_frames(self):
        """Where each field is: once, from a catalog started with --qa-state."""
        if not self.frames:
            qa_state = os.path.join(self.work, "state.json")
            process = self.start_catalog(qa_state=qa_state)
            self.frames = self.geometry(qa_state)
            stop(process)
        return self.frames

    def catalog_idle_and_frames(self, run):
        """In a catalog as a user runs it: blink, idle, animation frames, typing, and the peak RSS
        after it all."""
        frames = self.field_frames()
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
        """Goal 2: keystroke to pixels in the empty field with --qa-state and without it, one after
        the other in the same run (so load and warm-up are alike), and CPU per key of each."""
        for label, qa_state in (("noqa_empty", None), ("qa_empty", os.path.join(self.work, "keys-state.json"))):
            process = self.start_catalog("--focus", "filled-label", qa_state=qa_state)
            lines = run_latency("keys", TITLE, "--count", self.args.keys, "--pid", process.pid, "--prefill", 0)
            stop(process)
            self.add("keys_%s_ms" % label, samples(lines, "key_ms"))
            self.add("keys_%s_cpu_ms" % label, cpu_samples(lines))

    def catalog_burst(self, run):
        target = self.field_frames()["outlined-label"]
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
        count = int(full.group(1))
        self.results["full_repaint_ms"] = bench_report.one(float(full.group(3)), count)
        self.results["full_repaint_cpu_ms"] = bench_report.one(float(full.group(2)), count)
        if frame:
            self.results["render_per_frame_cpu_ms"] = bench_report.one(float(frame.group(1)), count)

    def first_frames(self, run):
        """Exec to the first drawing on a window, for the catalog and each peer alike, seen from
        outside (Scripts/first_frame.py: X DAMAGE on every window as it is created)."""
        env = dict(os.environ, NO_AT_BRIDGE="1")
        env.pop("DBUS_SESSION_BUS_ADDRESS", None)
        programs = [("catalog", [self.args.binary])]
        programs += [(peer, self.peer_command(peer)) for peer in self.peer_names()]
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
                if found.get("cpu_ms", "none") != "none":
                    self.add(prefix + "first_frame_cpu_ms", float(found["cpu_ms"]))

    def catalog_large(self, run):
        """Goal 1 from outside (Scripts/large_text.py): a 10 MB paste by INCR into the text area,
        its memory, select-all + Backspace and undo; then keys in the middle of 10 MB."""
        process = self.start_catalog("--focus", "filled-area")
        result = subprocess.run([PYTHON, LARGE_TEXT, TITLE, "--pid", str(process.pid), "--mb", "10"],
                                capture_output=True, text=True, timeout=1800)
        stop(process)
        found = {line.split()[0]: fields(line, line.split()[0] + " ") for line in result.stdout.splitlines() if line.strip()}
        if result.returncode != 0 or "after" not in found:
            say("  large_text: %s" % (result.stderr.strip() or result.stdout.strip())[-300:])
        before, paste, after_paste = found.get("before"), found.get("paste"), found.get("after_paste")
        if paste and paste["last_chunk_to_settled_ms"] != "none":
            self.add("large_paste_visible_ms", float(paste["last_chunk_to_settled_ms"]))
            self.add("large_paste_first_damage_ms", float(paste["last_chunk_to_first_damage_ms"]))
            self.add("large_paste_total_ms", float(paste["ctrl_v_to_settled_ms"]))
        if before and after_paste:
            self.add("large_text_rss_mb", (int(after_paste["rss_kb"]) - int(before["rss_kb"])) / 1024)
            self.add("large_text_hwm_mb", (int(after_paste["hwm_kb"]) - int(before["rss_kb"])) / 1024)
        for step in ("delete", "undo"):
            if found.get(step):
                self.add("large_%s_ms" % step, float(found[step]["first_damage_ms"]))
                self.add("large_%s_settled_ms" % step, float(found[step]["settled_ms"]))
        self.catalog_keys(run, "area_10M_middle", "filled-area", 10_000_000, "middle", newline_every=1_000_000)
        if "area" not in self.args.parts:  # the case it is compared with
            self.catalog_keys(run, "area_1k_middle", "filled-area", 1000, "middle", newline_every=300)

    def catalog_memory(self, run, last):
        """Peak RSS of the catalog and each peer measured alike: started, shown, 50 keys typed into
        the focused field; on the last run, the catalog's and wish's resident pages by mapping."""
        programs = [("catalog", None)] + [(peer, peer) for peer in self.peer_names()]
        for name, peer in programs:
            if peer:
                started = self.start_peer(peer)
                if not started:
                    continue
                process, pid, title = started
            else:
                process = self.start_catalog("--focus", "filled-label")
                pid, title = process.pid, TITLE
                time.sleep(0.5)
            run_latency("keys", title, "--count", 50, "--null-every", 0, "--pid", pid)
            rss = peak_rss_kb(pid)
            if last and name in ("catalog", "wish"):
                binary = self.args.binary if name == "catalog" else os.path.realpath(shutil.which("wish") or "")
                with open("/proc/%d/smaps" % pid) as f:
                    self.results.setdefault("smaps", {})[name] = bench_report.smaps_breakdown(f.read(), binary)
            stop(process)
            self.add(("" if name == "catalog" else name + "_") + "start_rss_mb", rss / 1024)

    # MARK: the peers

    def peer_names(self):
        return [peer for peer in ("tk", "gtk", "wish") if self.peers.get(peer)]

    def peer_command(self, peer):
        if peer == "wish":
            return [WISH, os.path.join(PEERS_DIR, "wish_fields.tcl")]
        return [PYTHON, os.path.join(PEERS_DIR, "%s_fields.py" % peer)]

    def start_peer(self, peer):
        """Starts a peer; returns (process, pid, window title) once its window is shown, or None.
        The Python peers print their pid and take the X input focus themselves; wish's window is
        given it (xdotool windowfocus, as the Tk peer's focus_force does), its first entry
        having Tk's focus."""
        env = dict(os.environ, NO_AT_BRIDGE="1")
        env.pop("DBUS_SESSION_BUS_ADDRESS", None)
        if peer == "wish":
            process = spawn(self.peer_command(peer), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
            pid, title = process.pid, "wish-fields"
        else:
            process = spawn(self.peer_command(peer), stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
            match = re.search(r"pid=(\d+)", process.stdout.readline())
            if not match:
                say("  %s did not start" % peer)
                stop(process)
                return None
            pid, title = int(match.group(1)), "peer"
        window = self.wait_for_window(title)
        if peer == "wish":
            subprocess.run(["xdotool", "windowfocus", "--sync", window], timeout=10)
        time.sleep(0.5)
        return process, pid, title

    def peer_keys(self, peer, run):
        # Tk's and GTK's first entry holds "Ada Lovelace" (12 characters); wish's is empty.
        held = 0 if peer == "wish" else 12
        for label, prefill in (("empty", 0), ("20000", 20000 - held)):
            started = self.start_peer(peer)
            if not started:
                return
            process, pid, title = started
            arguments = ["keys", title, "--count", self.args.keys, "--pid", pid]
            if prefill:
                arguments += ["--prefill", prefill]
            lines = run_latency(*arguments)
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
                self.results.setdefault("peerkit", {})["%s %s" % (parts[0], parts[1])] = {
                    "median": float(parts[3]), "p99": float(parts[5]), "n": int(parts[2])}


PARTS = ("start", "keys", "area", "large", "memory", "idle", "burst", "a11y", "repaint", "peerkit")


def main():
    parser = argparse.ArgumentParser(description="issue 28's goals: the catalog beside Tk, wish and GTK")
    parser.add_argument("--runs", type=int, default=int(os.environ.get("RUNS", 3)))
    parser.add_argument("--keys", type=int, default=200, help="keys per case per run")
    parser.add_argument("--idle", type=float, default=float(os.environ.get("IDLE_S", 10)))
    parser.add_argument("--only", metavar="PARTS", help="a comma-separated subset of: " + ",".join(PARTS))
    parser.add_argument("--json", metavar="PATH")
    parser.add_argument("--no-peers", action="store_true")
    parser.add_argument("--binary", default=os.environ.get("BINARY", os.path.join(ROOT, ".build", "release", "textfield-catalog")))
    parser.add_argument("--report-from", metavar="JSON", help="print the table of a run's --json file, measuring nothing")
    args = parser.parse_args()
    if args.report_from:
        with open(args.report_from) as f:
            saved = json.load(f)
        print(bench_report.render(saved["raw"], saved["runs"], saved["keys_per_case_per_run"], saved["parts"]))
        return
    args.parts = [p.strip() for p in args.only.split(",") if p.strip()] if args.only else list(PARTS)
    unknown = [p for p in args.parts if p not in PARTS]
    if unknown:
        parser.error("unknown part %s: the parts are %s" % (",".join(unknown), ",".join(PARTS)))
    if not os.access(args.binary, os.X_OK):
        sys.exit("bench: no catalog at %s (swift build -c release first, or ./run.sh bench)" % args.binary)
    signal.signal(signal.SIGINT, cleanup)
    signal.signal(signal.SIGTERM, cleanup)
    peers = {} if args.no_peers else {
        "tk": os.path.exists(os.path.join(PEERS_DIR, "tk_fields.py")),
        "gtk": os.path.exists(os.path.join(PEERS_DIR, "gtk_fields.py")),
        "wish": os.path.exists(os.path.join(PEERS_DIR, "wish_fields.tcl")) and bool(shutil.which(WISH)),
    }
    session = Session(args)
    session.peers = peers
    wanted = args.parts.__contains__
    try:
        for run in range(0, args.runs + 1):
            say("run %d of %d%s" % (run, args.runs, " (warm-up)" if run == 0 else ""))
            # the warm-up run: caches, page cache and fontconfig's files, for what starts first
            if wanted("start"):
                session.first_frames(run)
            if wanted("idle"):
                session.catalog_idle_and_frames(run)
            if run == 0:
                continue
            if wanted("keys"):
                session.catalog_keys(run, "empty", "filled-label", 0)
                session.catalog_keys(run, "20000", "filled-label", 20000)
                session.catalog_keys_qa_state(run)
                for peer in session.peer_names():
                    session.peer_keys(peer, run)
            if wanted("area"):
                for size, label in ((1000, "1k"), (100_000, "100k"), (1_000_000, "1M")):
                    for at in ("end", "middle"):
                        session.catalog_keys(run, "area_%s_%s" % (label, at), "filled-area", size, at, newline_every=300)
            if wanted("large"):
                session.catalog_large(run)
            if wanted("memory"):
                session.catalog_memory(run, last=run == args.runs)
            if wanted("burst"):
                session.catalog_burst(run)
            if wanted("a11y"):
                session.catalog_accessibility(run)
        if wanted("repaint"):
            session.catalog_repaint()
        if wanted("peerkit") and os.path.exists(os.path.join(PEERS_DIR, "measure.sh")) and not args.no_peers:
            say("peer kit (idle CPU and wake-ups of Tk and GTK): ../shared/bench-peers/measure.sh")
            session.peer_kit()
    finally:
        cleanup()
    print(bench_report.render(session.results, args.runs, args.keys, args.parts))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"runs": args.runs, "keys_per_case_per_run": args.keys, "cpus": os.cpu_count(),
                       "parts": args.parts, "peers": peers, "goals": bench_report.goal_rows(session.results),
                       "others": bench_report.other_rows(session.results), "raw": session.results}, f, indent=2)
        say("figures written to %s" % args.json)


if __name__ == "__main__":
    main()
