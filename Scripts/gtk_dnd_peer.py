#!/usr/bin/env python3
"""A GTK 3 entry for the drag-and-drop tests (and for comparing the feel by hand).

    gtk_dnd_peer.py STATE_FILE [--text TEXT] [--select START END] [--at X Y]

Shows one Gtk.Entry holding TEXT (START..END selected) in a window placed at X, Y, and keeps
STATE_FILE (JSON, replaced atomically) saying the entry's text, its selection, whether it has
focus, whether a drag from it has begun (`dragging`), and where its text area is on the screen (root pixels: x, y, width, height), so a test
drags to and from the right place without asking the window manager. Ends on SIGTERM.
"""
import json
import os
import signal
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("Gdk", "3.0")
from gi.repository import Gdk, GLib, Gtk  # noqa: E402


def main():
    args = sys.argv[1:]
    if not args:
        print(__doc__, file=sys.stderr)
        return 2
    state_path = args.pop(0)
    text, select, at = "", None, (0, 0)
    while args:
        option = args.pop(0)
        if option == "--text":
            text = args.pop(0)
        elif option == "--select":
            select = (int(args.pop(0)), int(args.pop(0)))
        elif option == "--at":
            at = (int(args.pop(0)), int(args.pop(0)))
        else:
            print("unknown option " + option, file=sys.stderr)
            return 2

    window = Gtk.Window(title="gtk-dnd-peer")
    window.move(*at)
    window.set_default_size(320, 60)
    entry = Gtk.Entry()
    entry.set_text(text)
    window.add(entry)
    window.connect("destroy", Gtk.main_quit)
    signal.signal(signal.SIGTERM, lambda *_: Gtk.main_quit())
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGTERM, Gtk.main_quit)

    last = {}
    dragging = [False]

    def write_state(*_):
        gdk_window = entry.get_window()
        geometry = None
        if gdk_window is not None and entry.get_mapped():
            allocation = entry.get_allocation()
            _, x, y = gdk_window.get_origin()
            # The entry's own GdkWindow is the toplevel's here: its allocation is within it.
            geometry = [x + allocation.x, y + allocation.y, allocation.width, allocation.height]
        bounds = entry.get_selection_bounds()
        state = {
            "text": entry.get_text(),
            "selection": list(bounds) if bounds else [entry.get_position(), entry.get_position()],
            "focused": entry.has_focus(),
            "dragging": dragging[0],
            "geometry": geometry,
        }
        if state != last:
            last.clear()
            last.update(state)
            temporary = state_path + ".tmp"
            with open(temporary, "w") as handle:
                json.dump(state, handle)
            os.replace(temporary, state_path)
        return True

    def drag_changed(value):
        dragging[0] = value
        write_state()

    entry.connect("drag-begin", lambda *_: drag_changed(True))
    entry.connect("drag-end", lambda *_: drag_changed(False))
    entry.connect("changed", write_state)
    entry.connect("notify::cursor-position", write_state)
    entry.connect("notify::selection-bound", write_state)
    entry.connect("notify::has-focus", write_state)
    window.connect("configure-event", lambda *_: GLib.idle_add(write_state) and False)
    # Geometry settles after mapping; a light poll keeps it current without a window manager.
    GLib.timeout_add(100, write_state)

    def select_text():
        entry.grab_focus()
        if select is not None:
            entry.select_region(*select)
        write_state()
        return False

    window.show_all()
    GLib.idle_add(select_text)
    Gtk.main()
    return 0


if __name__ == "__main__":
    sys.exit(main())
