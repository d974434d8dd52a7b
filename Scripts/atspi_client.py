#!/usr/bin/python3
"""An AT-SPI client for the accessibility UI tests, reading an application as Orca does: through
the registry on the accessibility bus (pyatspi), never through the application's own code.

  atspi_client.py tree APP            the application's tree as JSON (one object per node)
  atspi_client.py listen APP          events from APP as JSON lines, after a line "ready",
                                      until standard input closes
  atspi_client.py call APP OPS        runs OPS (a JSON list of calls on nodes found by their
                                      accessible id) and prints their results as JSON

Exit status 3 when APP never appears on the bus within 15 s.
"""
import json
import sys
import time

import pyatspi
from gi.repository import GLib


def find_app(name, timeout=15):
    deadline = time.time() + timeout
    while time.time() < deadline:
        desktop = pyatspi.Registry.getDesktop(0)
        for app in desktop:
            if app is not None and app.name == name:
                return app
        time.sleep(0.1)
    print(f"atspi_client: {name} never appeared on the accessibility bus", file=sys.stderr)
    sys.exit(3)


def walk(node, path=()):
    yield path, node
    for index in range(node.childCount):
        child = node.getChildAtIndex(index)
        if child is not None:
            yield from walk(child, path + (index,))


def accessible_id(node):
    try:
        return node.accessibleId or ""
    except Exception:
        return ""


def extents(component, kind):
    box = component.getExtents(kind)
    return [box.x, box.y, box.width, box.height]


def describe(node, path):
    entry = {
        "path": list(path),
        "role": node.getRoleName(),
        "name": node.name,
        "description": node.description,
        "id": accessible_id(node),
        "states": sorted(pyatspi.stateToString(state) for state in node.getState().getStates()),
        "relations": [],
        "interfaces": sorted(pyatspi.listInterfaces(node)),
    }
    for relation in node.getRelationSet():
        targets = [relation.getTarget(i) for i in range(relation.getNTargets())]
        entry["relations"].append([pyatspi.relationToString(relation.getRelationType()),
                                   [accessible_id(t) or t.name for t in targets]])
    try:
        text = node.queryText()
        entry["text"] = text.getText(0, -1)
        entry["caret"] = text.caretOffset
        entry["count"] = text.characterCount
        entry["selections"] = [list(text.getSelection(i)) for i in range(text.getNSelections())]
    except NotImplementedError:
        pass
    try:
        component = node.queryComponent()
        entry["screen"] = extents(component, pyatspi.DESKTOP_COORDS)
        entry["window"] = extents(component, pyatspi.WINDOW_COORDS)
    except NotImplementedError:
        pass
    try:
        action = node.queryAction()
        entry["actions"] = [action.getName(i) for i in range(action.nActions)]
    except NotImplementedError:
        pass
    return entry


def tree(app):
    nodes = [describe(node, path) for path, node in walk(app)]
    toolkit = ""
    try:
        toolkit = app.get_toolkit_name()
    except Exception:
        pass
    print(json.dumps({"application": app.name, "toolkit": toolkit, "nodes": nodes}))


def listen(app):
    pid = app.get_process_id()

    def on_event(event):
        try:
            if event.source is None or event.source.get_process_id() != pid:
                return
            data = event.any_data
            record = {"type": event.type, "id": accessible_id(event.source), "role": event.source.getRoleName(),
                      "detail1": event.detail1, "detail2": event.detail2,
                      "data": data if isinstance(data, (str, int, float, bool)) or data is None else str(data)}
            print(json.dumps(record), flush=True)
        except Exception as error:  # a defunct source: say so, keep listening
            print(json.dumps({"type": "error", "error": str(error)}), flush=True)

    for kind in ("object:text-changed", "object:text-caret-moved", "object:text-selection-changed",
                 "object:state-changed", "object:property-change:accessible-name",
                 "object:property-change:accessible-description", "window:activate"):
        pyatspi.Registry.registerEventListener(on_event, kind)

    def on_key(event):
        # Keys reach a keystroke listener through the registry from the focused application.
        if event.type == pyatspi.KEY_PRESSED_EVENT:
            print(json.dumps({"type": "key:pressed", "id": "", "detail1": event.id, "detail2": event.modifiers,
                              "data": event.event_string}), flush=True)
        return False

    pyatspi.Registry.registerKeystrokeListener(on_key, kind=(pyatspi.KEY_PRESSED_EVENT,),
                                               mask=pyatspi.allModifiers())

    def stop(*_):
        pyatspi.Registry.stop()
        return False

    GLib.io_add_watch(sys.stdin.fileno(), GLib.IO_IN | GLib.IO_HUP, stop)
    # Registration reaches the application through the registry: a round trip to the
    # application afterwards proves it is in place before the caller starts typing.
    GLib.idle_add(lambda: (app.name, print("ready", flush=True)) and False)
    pyatspi.Registry.start()


def call(app, operations):
    nodes = {accessible_id(node): node for _, node in walk(app) if accessible_id(node)}
    results = []
    for operation in operations:
        node = nodes[operation["id"]]
        method, arguments = operation["op"], operation.get("args", [])
        if method in ("setTextContents", "insertText", "deleteText", "cutText", "copyText", "pasteText"):
            target = node.queryEditableText()
        elif method in ("doAction",):
            target = node.queryAction()
        elif method in ("grabFocus", "getExtents"):
            target = node.queryComponent()
        else:
            target = node.queryText()
        if method == "caretOffset":
            result = target.caretOffset
        elif method == "characterCount":
            result = target.characterCount
        else:
            result = getattr(target, method)(*arguments)
        if isinstance(result, tuple):
            result = list(result)
        elif hasattr(result, "x") and hasattr(result, "width"):
            result = [result.x, result.y, result.width, result.height]
        results.append(result)
        if operation.get("pause"):
            time.sleep(operation["pause"])
    print(json.dumps(results))


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    command, name = sys.argv[1], sys.argv[2]
    app = find_app(name)
    if command == "tree":
        tree(app)
    elif command == "listen":
        listen(app)
    elif command == "call":
        call(app, json.loads(sys.argv[3]))
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
