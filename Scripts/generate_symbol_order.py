#!/usr/bin/python3
"""Writes Scripts/textfield-catalog.order: the functions of the release catalog that a session
runs (a start with a field focused, as `./run.sh bench` measures memory, the first frame, the
caret's blinking, focusing fields by click and Tab, typing, deleting, selecting, copying and
pasting), which the release link places side by side (Package.swift, `catalogLinking`).
Without it the 800 KB of code a session runs is scattered over 7 MB of functions, and the
kernel makes up to 64 KB resident around each one it faults in.

It runs the release catalog under valgrind's callgrind on a private Xvfb, drives it with
xdotool, and lists every function of the executable that ran, sorted by name. Run it after
changes that add or rename much of the code a session runs (a missing or stale name costs
pages, never correctness: the linker ignores names it does not find):

    swift build -c release -Xswiftc -Xfrontend -Xswiftc -function-sections --product textfield-catalog \
        && Scripts/generate_symbol_order.py

(the flags run.sh's RELEASE_BUILD gives every release build; ./run.sh builds it so too).

Needs valgrind, Xvfb and xdotool."""
import os, re, shutil, signal, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.path.join(ROOT, ".build", "release", "textfield-catalog")
ORDER = os.path.join(ROOT, "Scripts", "textfield-catalog.order")
DISPLAY = ":%d" % (90 + os.getpid() % 100)


def xdotool(*arguments, env):
    subprocess.run(["xdotool"] + [str(a) for a in arguments], env=env, check=False,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def main():
    if not os.path.exists(BINARY):
        sys.exit("generate_symbol_order: build the release catalog first (./run.sh --help builds it as run.sh builds every release)")
    server = subprocess.Popen(["Xvfb", DISPLAY, "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    work = tempfile.mkdtemp(prefix="symbol-order-")
    profile = os.path.join(work, "callgrind.out")
    env = dict(os.environ, DISPLAY=DISPLAY, NO_AT_BRIDGE="1")
    env.pop("DBUS_SESSION_BUS_ADDRESS", None)
    try:
        time.sleep(1)
        catalog = subprocess.Popen(["valgrind", "--tool=callgrind", "--demangle=no", "--callgrind-out-file=" + profile,
                                    os.path.realpath(BINARY), "--focus", "filled-label"], env=env,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        window = ""
        for _ in range(240):
            found = subprocess.run(["xdotool", "search", "--name", "Material text fields"], env=env,
                                   capture_output=True, text=True)
            window = found.stdout.split()[0] if found.stdout.split() else ""
            if window:
                break
            time.sleep(0.5)
        if not window:
            sys.exit("generate_symbol_order: the catalog's window did not appear")
        time.sleep(8)  # the first frame and a few blinks, under valgrind
        # Focus fields by click (label animations), type, delete, select, copy and paste, Tab.
        for x, y in ((190, 110), (560, 110), (190, 330)):
            xdotool("mousemove", "--window", window, x, y, "click", 1, env=env)
            time.sleep(2)
            xdotool("type", "--delay", 40, "Hello, wörld 12", env=env)
            time.sleep(1)
            xdotool("key", "--delay", 60, "BackSpace", "BackSpace", "Left", "shift+Left", "ctrl+a", "ctrl+c", "End",
                    "ctrl+v", "ctrl+z", "Tab", "shift+Tab", env=env)
            time.sleep(2)
        time.sleep(3)
        catalog.send_signal(signal.SIGTERM)
        catalog.wait(120)
    finally:
        server.terminate()
        server.wait()
    names, seen, executable = [], set(), os.path.basename(os.path.realpath(BINARY))
    objects, functions, current = {}, {}, None
    pattern = re.compile(r"^(c?ob|c?fn)=\((\d+)\)(?: (.*))?$")
    with open(profile) as f:
        for line in f:
            match = pattern.match(line.rstrip("\n"))
            if not match:
                continue
            kind, index, name = match.groups()
            table = objects if kind.endswith("ob") else functions
            if name:
                table[index] = name
            if kind == "ob":
                current = objects[index]
            elif kind == "fn" and current and os.path.basename(current) == executable:
                function = functions[index]
                # callgrind tells repeated names of distinct local functions apart with a suffix.
                function = re.sub(r"'\d+$", "", function)
                # An address is a function without a symbol (Swift's private ones, `.text..L*`),
                # which no order can name: Scripts/textfield-catalog.ld gathers them instead.
                if function.startswith("0x"):
                    continue
                if function not in seen:
                    seen.add(function)
                    names.append(function)
    shutil.rmtree(work, ignore_errors=True)
    with open(ORDER, "w") as f:
        # Sorted: together is what counts, not the order among them, and a sorted list changes
        # only where the code does from one recording to the next.
        f.write("".join(name + "\n" for name in sorted(names)))
    print("generate_symbol_order: %d functions in %s" % (len(names), os.path.relpath(ORDER, ROOT)))


if __name__ == "__main__":
    main()
