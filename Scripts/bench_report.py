"""The bench's figures as issue 28's scoreboard: each goal a row with the peers' figures of the
same run and whether it is met, then the other figures, then where the catalog's memory goes
(/proc/PID/smaps by mapping). Pure functions of the figures Scripts/bench.py collected: no
timing, no X, so Scripts/test_bench_report.py checks them with made-up figures."""
import math, os, re, statistics

PEERS = (("tk", "Tk 8.6 (Python)"), ("wish", "wish (Tcl/Tk)"), ("gtk", "GTK 3 (Python)"))


def percentile(values, fraction):
    """Nearest rank: the smallest sample with at least `fraction` of the samples at or under it."""
    ordered = sorted(values)
    if not ordered:
        return None
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


def summary(values):
    values = [v for v in values if v is not None]
    if not values:
        return None
    return {"median": statistics.median(values), "p95": percentile(values, 0.95), "p99": percentile(values, 0.99),
            "n": len(values)}


def one(value, n=1):
    """A figure that is a single number (a whole run's), as a summary."""
    return {"median": value, "p95": None, "p99": None, "n": n}


# MARK: memory by mapping

GROUPS = (
    ("program", "the program's own pages (the binary; for wish, also libtcl and libtk)"),
    ("swift", "Swift runtime (libswift*, libdispatch, Foundation)"),
    ("text", "libX11, xcb, Xft, Xrender, fontconfig, FreeType, HarfBuzz, FriBidi, libpng, zlib, expat"),
    ("a11y", "ATK, the AT-SPI bridge, GLib, D-Bus"),
    ("heap", "heap (brk and anonymous mappings)"),
    ("fonts", "fonts mmapped (font files and fontconfig caches)"),
    ("other", "other (libc, libstdc++, the loader, stacks, locale)"),
)
TEXT_LIBRARIES = re.compile(r"/lib(X[A-Za-z0-9]*|xcb[a-z0-9-]*|fontconfig|freetype|harfbuzz[a-z-]*|fribidi|png[0-9]*|z|"
                            r"bz2|brotli[a-z]*|expat|graphite2|xkbcommon[a-z-]*)\.so")
A11Y_LIBRARIES = re.compile(r"/lib(atk|atk-bridge|atspi|glib|gobject|gio|gmodule|dbus|ffi|pcre2?|mount|blkid|selinux|"
                            r"systemd)[a-z0-9.-]*\.so")


def group_of(path, binary):
    """The group of one mapping's path ('' for anonymous memory)."""
    name = os.path.basename(path)
    if path and binary and os.path.realpath(path) == os.path.realpath(binary):
        return "program"
    if re.match(r"lib(tcl|tk)[0-9.]*\.so", name):
        return "program"
    if path in ("", "[heap]") or path.startswith("[anon"):
        return "heap"
    if re.match(r"lib(swift|dispatch|BlocksRuntime|Foundation|_Foundation|FoundationEssentials|icu)", name):
        return "swift"
    if TEXT_LIBRARIES.search(path):
        return "text"
    if A11Y_LIBRARIES.search(path):
        return "a11y"
    if re.search(r"\.(ttf|otf|ttc|pcf|pfb|pfa|woff2?)(\.gz)?$", name, re.I) or "fontconfig" in path and ".cache" in path:
        return "fonts"
    return "other"


def smaps_breakdown(text, binary):
    """kB of resident memory (Rss) per group, from the text of /proc/PID/smaps."""
    totals = {key: 0 for key, _ in GROUPS}
    group = None
    for line in text.splitlines():
        head = re.match(r"^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+(?:\s+(.*))?$", line)
        if head:
            group = group_of((head.group(1) or "").strip(), binary)
        elif line.startswith("Rss:") and group:
            totals[group] += int(line.split()[1])
    return totals


# MARK: the rows

def at_or_under(a, b):
    """Median and p95 of a at or under b's (either missing: unknown)."""
    if not a or not b:
        return None
    if a["p95"] is None or b["p95"] is None:
        return a["median"] <= b["median"]
    return a["median"] <= b["median"] and a["p95"] <= b["p95"]


def all_of(*verdicts):
    """Met when every verdict is; unknown when one is unknown and none failed."""
    if any(v is False for v in verdicts):
        return False
    return None if any(v is None for v in verdicts) else True


class Figures:
    def __init__(self, results):
        self.results = results

    def get(self, key):
        value = self.results.get(key)
        if value is None:
            return None
        return value if isinstance(value, dict) else summary(value)

    def peers(self, key):
        return {name: self.get("%s_%s" % (name, key)) for name, _ in PEERS}


def goal_rows(results):
    f = Figures(results)
    rows = []

    def row(goal, short, metric, unit, catalog, peers=None, target="", met=None, note=""):
        rows.append({"goal": goal, "short": short, "metric": metric, "unit": unit, "catalog": catalog,
                     "peers": peers or {}, "target": target, "met": met, "note": note})

    # 1. storage that scales (Scripts/large_text.py: a 10 MB paste into the catalog's text area)
    c = f.get("large_paste_visible_ms")
    row(1, "10 MB paste", "10 MB paste (ten 1 MB lines) by INCR from xclip into a text area: last INCR chunk to the last "
        "X DAMAGE before the window is settled", "ms", c, target="within 300 ms",
        met=c["median"] <= 300 if c else None,
        note="Ctrl+V to settled: %.0f ms" % f.get("large_paste_total_ms")["median"] if f.get("large_paste_total_ms") else "")
    c, peak = f.get("large_text_rss_mb"), f.get("large_text_hwm_mb")
    row(1, "memory for 10 MB", "memory for that 10 MB text on top of the empty catalog (RSS once settled)", "MB", c,
        target="under 30 MB (3x its size), at peak too", met=all_of(c["median"] < 30 if c else None,
                                                                      peak["median"] < 30 if peak else None),
        note="peak (VmHWM) +%.1f MB" % peak["median"] if peak else "")
    for key, short, name in (("large_delete_ms", "select-all + Backspace",
                              "select-all, then Backspace, in the 10 MB text: the key to the first X DAMAGE"),
                             ("large_undo_ms", "its undo", "its undo (Ctrl+Z): the key to the first X DAMAGE")):
        c = f.get(key)
        settled = f.get(key.replace("_ms", "_settled_ms"))
        row(1, short, name, "ms", c, target="under 50 ms", met=c["median"] < 50 if c else None,
            note="settled after %.0f ms" % settled["median"] if settled else "")
    c, small = f.get("keys_area_10M_middle_ms"), f.get("keys_area_1k_middle_ms")
    row(1, "a key in the middle of 10 MB", "keystroke to pixels in the middle of a 10 MB text area (ten 1 MB lines)", "ms", c,
        target="within 1.5x the 1 k case" + (" (%.3g ms)" % small["median"] if small else ""),
        met=c["median"] <= 1.5 * small["median"] if c and small else None,
        note="%.1fx the 1 k case" % (c["median"] / small["median"]) if c and small else "")
    # 2. QA mode off the key path: keystrokes into the empty field of a catalog started with
    # --qa-state ("keys_qa_empty_ms") beside the same case without it, measured in turn in the same
    # run ("keys_noqa_empty_ms"; else the keys part's own empty-field case).
    c, plain = f.get("keys_qa_empty_ms"), f.get("keys_noqa_empty_ms") or f.get("keys_empty_ms")
    cpu, cpu_plain = f.get("keys_qa_empty_cpu_ms"), f.get("keys_noqa_empty_cpu_ms")
    row(2, "a key with --qa-state", "keystroke to pixels with --qa-state, empty field", "ms", c, target="at most 1.5x without (median)",
        met=c["median"] <= 1.5 * plain["median"] if c and plain else None,
        note=("without: %.3g / %.3g ms, %.2fx / %.2fx%s" % (
            plain["median"], plain["p95"], c["median"] / plain["median"], c["p95"] / plain["p95"] if plain["p95"] else 0,
            "; CPU per key %.3g ms against %.3g" % (cpu["median"], cpu_plain["median"]) if cpu and cpu_plain else "")
              if c and plain else "not measured in this run" if not c else ""))
    # 3. keystroke at or under Tk's and wish's
    for label, short, text in (("empty", "empty field", "an empty field (Tk's and GTK's first entry holds 12 characters)"),
                               ("20000", "20,000 characters", "a field holding 20,000 characters")):
        c, p = f.get("keys_%s_ms" % label), f.peers("keys_%s_ms" % label)
        row(3, "a key, " + short, "keystroke to pixels (XTEST key to X DAMAGE), " + text, "ms", c, p,
            target="at or under Tk and wish, median and p95", met=all_of(at_or_under(c, p["tk"]), at_or_under(c, p["wish"])))
    # 4. lighter than wish
    c, p = f.get("start_rss_mb"), f.peers("start_rss_mb")
    row(4, "peak RSS", "peak RSS (VmHWM): started, shown, 50 keys typed into the focused field", "MB", c, p,
        target="at or under wish", met=c["median"] <= p["wish"]["median"] if c and p["wish"] else None,
        note="where the catalog's pages are: below")
    # 5. frames
    c = f.get("frame_interval_ms")
    row(5, "frame interval", "label animation: interval between frames", "ms", c, target="16.7 ms",
        met=abs(c["median"] - 16.7) < 0.5 if c else None)
    c = f.get("frame_max_gap_ms")
    row(5, "longest frame gap", "label animation: longest gap (per run of 10 animations)", "ms", c, target="no gap over 33 ms",
        met=max(results.get("frame_max_gap_ms") or [0]) <= 33 if c else None)
    c = f.get("cpu_per_frame_ms")
    row(5, "CPU per frame", "CPU per animation frame", "ms", c, target="under 1 ms", met=c["median"] < 1 if c else None)
    row(5, "drawing a frame", "CPU to draw one animation frame (offscreen, no event handling)", "ms", f.get("render_per_frame_cpu_ms"))
    c = f.get("full_repaint_ms")
    row(5, "full repaint", "full catalog repaint, the whole window (offscreen, with the server's compositing)", "ms", c,
        target="under 4 ms", met=c["median"] < 4 if c else None)
    # 6. start
    c, p = f.get("first_frame_ms"), f.peers("first_frame_ms")
    row(6, "exec to first frame", "exec to first frame (first X DAMAGE on a new window)", "ms", c, p, target="at most 0.3x Tk",
        met=c["median"] <= 0.3 * p["tk"]["median"] if c and p["tk"] else None,
        note="%.2fx Tk, %.2fx wish" % (c["median"] / p["tk"]["median"], c["median"] / p["wish"]["median"])
        if c and p["tk"] and p["wish"] else "")
    c, p = f.get("first_frame_cpu_ms"), f.peers("first_frame_cpu_ms")
    row(6, "CPU to first frame", "CPU time of the program from exec to its first frame (read as that damage arrives)",
        "ms", c, p, note="what the wall time is made of when the machine is loaded" if c else "")
    return rows


def other_rows(results):
    f = Figures(results)
    kit = results.get("peerkit", {})
    rows = []

    def kit_value(name, metric):
        entry = kit.get("%s %s" % (name, metric))
        return one(entry["median"], entry["n"]) if entry else None

    def row(metric, unit, catalog, peers=None, target="", met=None, note=""):
        rows.append({"goal": None, "metric": metric, "unit": unit, "catalog": catalog, "peers": peers or {},
                     "target": target, "met": met, "note": note})

    for label, text in (("empty", "empty field"), ("20000", "20,000 characters")):
        c, p = f.get("keys_%s_cpu_ms" % label), f.peers("keys_%s_cpu_ms" % label)
        row("CPU per keystroke, single line, %s" % text, "ms", c, p, "at or under Tk",
            c["median"] <= p["tk"]["median"] if c and p["tk"] else None)
    small = {at: f.get("keys_area_1k_%s_ms" % at) for at in ("end", "middle")}
    for label, text in (("1k", "1 k"), ("100k", "100 k"), ("1M", "1 M")):
        for at in ("end", "middle"):
            c = f.get("keys_area_%s_%s_ms" % (label, at))
            row("keystroke to pixels, text area, %s characters in lines of 300, typing at the %s" % (text, at), "ms", c,
                note="%.1fx the 1 k case" % (c["median"] / small[at]["median"]) if c and small[at] and label != "1k" else "")
    row("label animation: frames per animation (150 ms)", "frames", f.get("frames_per_animation"))
    row("CPU of a full catalog repaint", "ms", f.get("full_repaint_cpu_ms"))
    row("pixels copied to the window per keystroke", "px", f.get("key_pixels"), note="the 340 x 56 field is 19,040 px")
    c = f.get("blink_pixels")
    row("pixels copied to the window per caret blink", "px", c, target="the caret rectangle (2 x 19 = 38)",
        met=c["median"] <= 38 if c else None)
    row("repaints in 3 s of caret blinking", "", f.get("blink_repaints_3s"), target="6 (2 a second)")
    c = f.get("blink_wakeups_per_s")
    row("wake-ups per second while the caret blinks", "/s", c,
        {"tk": kit_value("tk", "idle_ctxsw_per_s"), "gtk": kit_value("gtk", "idle_ctxsw_per_s")}, target="2",
        met=c["median"] <= 2.5 if c else None, note="ours: voluntary context switches; peers: all (peer kit)")
    c = f.get("idle_wakeups_per_s")
    row("wake-ups per second after 10 s idle (caret solid)", "/s", c, target="0", met=c["median"] < 0.5 if c else None)
    c = f.get("blink_cpu_pct")
    t = kit_value("tk", "idle_cpu_pct_schedstat")
    row("CPU while the caret blinks", "%", c, {"tk": t, "gtk": kit_value("gtk", "idle_cpu_pct_schedstat")},
        target="under Tk", met=c["median"] < t["median"] if c and t else None)
    for key, name, note in (("burst_click_ms", "20,000-key burst, then a click: click to its repaint",
                             "the click is answered in order, after the keys before it"),
                            ("burst_close_ms", "20,000-key burst, then a close request: until the window is gone", "")):
        c = f.get(key)
        row(name, "ms", c, target="within one frame (16.7 ms)", met=c["median"] <= 16.7 if c else None, note=note)
    row("exec to the window mapped", "ms", f.get("map_ms"), f.peers("map_ms"))
    base = kit_value("python-baseline", "peak_rss_kb")
    row("peak RSS after blinking, 10 animations and 50 keys", "MB", f.get("rss_mb"),
        note="the Python interpreter alone: %.1f MB" % (base["median"] / 1024) if base else "")
    c, plain = f.get("a11y_rss_mb"), f.get("a11y_plain_rss_mb")
    row("peak RSS with an accessibility bus (AT-SPI bridge on, whole tree read)", "MB", c,
        note="%+.1f MB beside the same catalog without a bus" % (c["median"] - plain["median"]) if c and plain else "")
    c = f.get("a11y_idle_wakeups_per_s")
    row("wake-ups per second idle with the AT-SPI bridge on (unfocused)", "/s", c, target="0",
        met=c["median"] < 0.5 if c else None)
    nodes = f.get("a11y_nodes")
    row("exec to a screen reader's first read of every field (pyatspi, whole tree)", "ms", f.get("a11y_tree_read_ms"),
        note="%d accessible objects" % nodes["median"] if nodes else "")
    return [r for r in rows if r["catalog"] or any(r["peers"].values())]


# MARK: rendering

def number(v):
    if v is None:
        return ""
    if abs(v) < 10:
        return "%.3g" % v
    return "%.1f" % v if abs(v) < 100 else "{:,.0f}".format(v)


def cell(value, tail="p95"):
    if not value:
        return ""
    text = number(value["median"])
    if value.get(tail) is not None and value["n"] > 1:
        text += " / " + number(value[tail])
    return text + " (%d)" % value["n"]


def table(rows, tail):
    header = "| goal | figure | textfield-catalog | " + " | ".join(title for _, title in PEERS) + " | target | met |"
    lines = [header, "|---" * (len(PEERS) + 5) + "|"]
    for row in rows:
        met = {True: "yes", False: "**no**", None: ""}[row["met"]]
        name = row["metric"] + (" (%s)" % row["unit"] if row["unit"] else "")
        if row["note"]:
            name += "; " + row["note"]
        peers = " | ".join(cell(row["peers"].get(key), tail) for key, _ in PEERS)
        lines.append("| %s | %s | %s | %s | %s | %s |" % (row["goal"] or "", name, cell(row["catalog"], tail), peers,
                                                          row["target"] or "", met))
    return lines


def breakdown_table(breakdowns):
    """breakdowns: {"catalog": {group: kB}, "wish": {...}} (either may be missing)."""
    programs = [name for name in ("catalog", "wish") if breakdowns.get(name)]
    if not programs:
        return []
    titles = {"catalog": "textfield-catalog", "wish": "wish (Tcl/Tk)"}
    lines = ["| resident pages (smaps Rss, MB) | " + " | ".join(titles[p] for p in programs) + " |",
             "|---" * (len(programs) + 1) + "|"]
    for key, title in GROUPS:
        lines.append("| %s | %s |" % (title, " | ".join("%.1f" % (breakdowns[p].get(key, 0) / 1024) for p in programs)))
    lines.append("| total | %s |" % " | ".join("%.1f" % (sum(breakdowns[p].values()) / 1024) for p in programs))
    return lines


def render(results, runs, keys, parts):
    goals, others = goal_rows(results), other_rows(results)
    lines = ["Figures: median / p95 (samples) in the goals' table, median / p99 (samples) in the others; "
             "%d runs of each program, %d keys per case per run; parts: %s; %d CPUs." % (runs, keys, ",".join(parts),
                                                                                       os.cpu_count()), ""]
    lines += table(goals, "p95")
    breakdown = breakdown_table(results.get("smaps", {}))
    if breakdown:
        lines += ["", "Where the resident pages are at the peak RSS figure's end (one run):", ""] + breakdown
    if others:
        lines += ["", "Other figures:", ""] + table(others, "p99")
    missed = [r for r in goals if r["met"] is False]
    if missed:
        lines += ["", "Goals not met in this run: " + "; ".join("%d (%s)" % (r["goal"], r["short"]) for r in missed) + "."]
    return "\n".join(lines)
