#!/usr/bin/python3
"""Injected typing, side by side: `xdotool type` (its default 12 ms delay) sends text in scripts
the keyboard map lacks into the catalog and into a GTK 3 entry and a Tk entry, and counts how
often each program got the whole text.

xdotool types a character the keymap lacks by binding it to a spare keycode, pressing that key,
and unbinding it about 3 ms later (measured with Debian 12's xdotool 3.20160805): a program that
looks the key up after the unbinding (or after the next letter's binding) reads no keysym, or
another one. Password managers' auto-type and text
expanders type the same way, so a program that falls behind loses what they type. The race is
the same for every program, so the programs run in turn, in the same session, on one private
Xvfb, each try on a fresh process, with the same load.

  injected_typing.py CATALOG [CATALOG ...] [--runs 10] [--load 2] [--qa-state both|on|off]
                     [--texts hebrew,greek,...] [--peers gtk,tk] [--json PATH]

Each CATALOG is a textfield-catalog binary (the debug and the release build, say); with
--qa-state both each runs with and without `--qa-state`. --load N runs N busy processes for the
whole session (a loaded machine; 0 for an idle one). What a program got is read back the same
way for all: select all (Ctrl+A; Tk's Ctrl+/), then read the PRIMARY selection with xclip.
Prints one line per try that lost text and a table: program, text, whole/tries, characters
lost. Needs xvfb, xdotool, xclip, and python3-gi with gir1.2-gtk-3.0 and python3-tk for the
peers (a peer that cannot start is left out with one line).
"""
import argparse, json, os, shutil, signal, subprocess, sys, tempfile, time

TEXTS = {
    "hebrew": "שלום עולם",
    "greek": "Καλημέρα κόσμε",
    "cyrillic": "Привет, мир",
    "accented": "¿Dónde está? Façade, naïve",
    "cjk": "東京 ひらがな 한글",
}

GTK_PEER = r"""
import gi
gi.require_version("Gtk", "3.0")
from gi.repository import Gtk
window = Gtk.Window(title="injected-gtk")
window.set_default_size(480, 80)
entry = Gtk.Entry()
window.add(entry)
window.connect("destroy", Gtk.main_quit)
window.show_all()
entry.grab_focus()
Gtk.main()
"""

TK_PEER = r"""
import tkinter
root = tkinter.Tk()
root.title("injected-tk")
root.geometry("480x80+0+0")
entry = tkinter.Entry(root, font=("Roboto", 12))
entry.pack(fill="x", padx=12, pady=12)
def take_focus():
    entry.focus_force()
root.after(50, take_focus)
root.mainloop()
"""


def fail(message):
    print("injected_typing: " + message, file=sys.stderr, flush=True)
    sys.exit(1)


class Session:
    def __init__(self):
        self.temp = tempfile.mkdtemp(prefix="injected-typing-")
        read_fd, write_fd = os.pipe()
        self.xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "1024x800x24", "-noreset",
                                      "-nolisten", "tcp"], pass_fds=[write_fd],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write_fd)
        number = b""
        deadline = time.monotonic() + 15
        while not number.endswith(b"\n") and time.monotonic() < deadline:
            chunk = os.read(read_fd, 16)
            if not chunk:
                break
            number += chunk
        os.close(read_fd)
        if not number.strip():
            fail("Xvfb did not start")
        self.display = ":" + number.decode().strip()
        self.env = dict(os.environ, DISPLAY=self.display, LANG="C.UTF-8", LC_ALL="C.UTF-8", NO_AT_BRIDGE="1")
        self.env.pop("XMODIFIERS", None)

    def run(self, *arguments, timeout=10):
        return subprocess.run(list(arguments), env=self.env, capture_output=True, text=True, timeout=timeout)

    def window(self, title, timeout=15):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = self.run("xdotool", "search", "--onlyvisible", "--name", "^%s$" % title).stdout.split()
            if found:
                return found[0]
            time.sleep(0.05)
        return None

    def close(self):
        self.xvfb.terminate()
        self.xvfb.wait()
        shutil.rmtree(self.temp, ignore_errors=True)


class Program:
    def __init__(self, name, command, title, select_all, ready=None):
        self.name, self.command, self.title, self.select_all, self.ready = name, command, title, select_all, ready

    def attempt(self, session, text):
        process = subprocess.Popen(self.command, env=session.env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            window = session.window(self.title)
            if window is None:
                return None, "no window: " + process.stderr.read1(4096).decode(errors="replace").strip()
            if self.ready:
                self.ready()
            # Until the program has drawn, taken the keyboard and opened its input method.
            time.sleep(0.6)
            session.run("xdotool", "windowfocus", "--sync", window)
            session.run("xdotool", "type", text, timeout=60)
            time.sleep(0.5)
            session.run("xdotool", "key", "--clearmodifiers", self.select_all)
            time.sleep(0.3)
            got = session.run("xclip", "-o", "-selection", "primary").stdout
            return got, None
        finally:
            process.terminate()
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def lost_characters(expected, got):
    """Characters of `expected` missing from `got` (a longest common subsequence), plus those
    that came out as others."""
    a, b = list(expected), list(got)
    previous = [0] * (len(b) + 1)
    for ca in a:
        current = [0]
        for j, cb in enumerate(b):
            current.append(previous[j] + 1 if ca == cb else max(previous[j + 1], current[j]))
        previous = current
    return len(a) - previous[-1]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("catalogs", nargs="+")
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--load", type=int, default=2)
    parser.add_argument("--qa-state", choices=["both", "on", "off"], default="both")
    parser.add_argument("--texts", default=",".join(TEXTS))
    parser.add_argument("--peers", default="gtk,tk")
    parser.add_argument("--json")
    options = parser.parse_args()
    texts = [name.strip() for name in options.texts.split(",") if name.strip()]
    for name in texts:
        if name not in TEXTS:
            fail("unknown text '%s' (one of %s)" % (name, ", ".join(TEXTS)))
    for tool in ("Xvfb", "xdotool", "xclip"):
        if not shutil.which(tool):
            fail("%s is not installed" % tool)

    session = Session()
    programs = []
    for path in options.catalogs:
        if not os.access(path, os.X_OK):
            fail("no catalog binary at %s" % path)
        build = os.path.basename(os.path.dirname(os.path.realpath(path))) or path
        modes = {"both": [True, False], "on": [True], "off": [False]}[options.qa_state]
        for with_state in modes:
            command = [path, "--focus", "filled-label"]
            if with_state:
                command += ["--qa-state", os.path.join(session.temp, "state-%d.json" % len(programs))]
            name = "catalog %s%s" % (build, ", --qa-state" if with_state else "")
            programs.append(Program(name, command, "Material text fields", "ctrl+a"))
    peers = [name.strip() for name in options.peers.split(",") if name.strip()]
    python = "/usr/bin/python3" if os.access("/usr/bin/python3", os.X_OK) else sys.executable
    for peer in peers:
        source, title, chord = {"gtk": (GTK_PEER, "injected-gtk", "ctrl+a"),
                                "tk": (TK_PEER, "injected-tk", "ctrl+slash")}.get(peer, (None, None, None))
        if source is None:
            fail("unknown peer '%s' (gtk, tk)" % peer)
        check = subprocess.run([python, "-c", source.split("window =")[0].split("root =")[0]],
                               capture_output=True, text=True)
        if check.returncode != 0:
            print("injected_typing: leaving out %s: %s" % (peer, check.stderr.strip().splitlines()[-1:]),
                  file=sys.stderr)
            continue
        programs.append(Program(peer.upper() + " 3 entry" if peer == "gtk" else "Tk 8.6 entry",
                                [python, "-c", source], title, chord))

    load = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(options.load)]
    results = {(program.name, text): {"whole": 0, "tries": 0, "lost": 0, "failed": []}
               for program in programs for text in texts}
    try:
        for run in range(options.runs):
            for text in texts:
                for program in programs:
                    got, error = program.attempt(session, TEXTS[text])
                    entry = results[(program.name, text)]
                    if error:
                        print("%s: %s" % (program.name, error), file=sys.stderr, flush=True)
                        continue
                    entry["tries"] += 1
                    if got == TEXTS[text]:
                        entry["whole"] += 1
                    else:
                        entry["lost"] += lost_characters(TEXTS[text], got)
                        entry["failed"].append(got)
                        print("run %d, %s, %s: got %r" % (run + 1, program.name, text, got), flush=True)
    finally:
        for process in load:
            process.send_signal(signal.SIGKILL)
            process.wait()
        session.close()

    print()
    print("| program | %s | all |" % " | ".join(texts))
    print("|---|%s---|" % ("---|" * len(texts)))
    for program in programs:
        cells, whole, tries = [], 0, 0
        for text in texts:
            entry = results[(program.name, text)]
            whole, tries = whole + entry["whole"], tries + entry["tries"]
            cells.append("%d/%d" % (entry["whole"], entry["tries"]))
        print("| %s | %s | %d/%d |" % (program.name, " | ".join(cells), whole, tries))
    print("\nwhole texts / tries; %d busy processes beside the session, %d core(s)" % (options.load, os.cpu_count()))
    if options.json:
        with open(options.json, "w") as output:
            json.dump({"load": options.load, "runs": options.runs,
                       "results": [dict(program=name, text=text, **entry) for (name, text), entry in results.items()]},
                      output, indent=2, ensure_ascii=False)


if __name__ == "__main__":
    main()
