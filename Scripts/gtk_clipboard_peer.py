#!/usr/bin/env python3
"""A GTK 3 program on the other end of the clipboard, for the styled copy and paste tests.

    gtk_clipboard_peer.py offer STATE_FILE HTML_FILE [--plain TEXT] [--utf16]
    gtk_clipboard_peer.py read

`offer` takes CLIPBOARD as a GTK program does (a widget owning the selection, GTK answering
TARGETS, MULTIPLE and INCR), offering `text/html` with HTML_FILE's bytes (as UTF-16 with its
byte order mark with --utf16, as Firefox writes it) and, with --plain, the text forms GTK
offers for TEXT (UTF8_STRING, text/plain;charset=utf-8, STRING...). It keeps STATE_FILE (JSON,
replaced atomically) saying whether it owns CLIPBOARD and which targets were asked for, and runs
until SIGTERM.

`read` asks CLIPBOARD's owner as a GTK program pastes: its TARGETS, then `text/html` and the
text, and prints them as JSON ({"targets": [...], "html": "..." or null, "text": "..." or null}).
"""
import json
import os
import signal
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("Gdk", "3.0")
from gi.repository import Gdk, GLib, Gtk  # noqa: E402

HTML_INFO, TEXT_INFO = 1, 2


def offer(state_path, html_path, plain, utf16):
    with open(html_path, "rb") as source:
        html = source.read()
    if utf16:
        html = b"\xff\xfe" + html.decode("utf-8").encode("utf-16-le")
    clipboard = Gdk.SELECTION_CLIPBOARD
    owner = Gtk.Invisible()
    owner.realize()
    Gtk.selection_add_target(owner, clipboard, Gdk.Atom.intern("text/html", False), HTML_INFO)
    if plain is not None:
        for name in ["UTF8_STRING", "text/plain;charset=utf-8", "STRING", "TEXT", "text/plain"]:
            Gtk.selection_add_target(owner, clipboard, Gdk.Atom.intern(name, False), TEXT_INFO)
    asked = []
    state = {"owner": False}

    def write_state():
        temporary = state_path + ".tmp"
        with open(temporary, "w") as out:
            json.dump({"owner": state["owner"], "asked": asked}, out)
        os.replace(temporary, state_path)

    def on_get(_widget, selection_data, info, _time):
        asked.append(selection_data.get_target().name())
        if info == HTML_INFO:
            selection_data.set(selection_data.get_target(), 8, html)
        elif plain is not None:
            selection_data.set_text(plain, -1)
        write_state()

    def on_clear(*_):
        state["owner"] = False
        write_state()

    owner.connect("selection-get", on_get)
    owner.connect("selection-clear-event", on_clear)
    state["owner"] = Gtk.selection_owner_set(owner, clipboard, Gdk.CURRENT_TIME)
    write_state()
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGTERM, Gtk.main_quit)
    Gtk.main()
    return 0


def read():
    clipboard = Gtk.Clipboard.get(Gdk.SELECTION_CLIPBOARD)
    found, atoms = clipboard.wait_for_targets()
    targets = [atom.name() for atom in atoms] if found else []
    html = None
    if "text/html" in targets:
        data = clipboard.wait_for_contents(Gdk.Atom.intern("text/html", False))
        if data is not None:
            html = bytes(data.get_data()).decode("utf-8", "replace")
    text = clipboard.wait_for_text()
    print(json.dumps({"targets": targets, "html": html, "text": text}))
    return 0


def main():
    args = sys.argv[1:]
    if args[:1] == ["read"]:
        return read()
    if args[:1] == ["offer"] and len(args) >= 3:
        state_path, html_path, rest = args[1], args[2], args[3:]
        plain, utf16 = None, False
        while rest:
            option = rest.pop(0)
            if option == "--plain" and rest:
                plain = rest.pop(0)
            elif option == "--utf16":
                utf16 = True
            else:
                print("unknown option " + option, file=sys.stderr)
                return 2
        return offer(state_path, html_path, plain, utf16)
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
