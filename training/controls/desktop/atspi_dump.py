#!/usr/bin/python3
"""AT-SPI helper, run with the SYSTEM python (Debian's python3-pyatspi).

Line protocol on stdin/stdout, one JSON object per line:
  {"cmd": "apps"}                          -> {"apps": [names]}
  {"cmd": "dump", "app": NAME}             -> {"nodes": [...]} every SHOWING node of the app
  {"cmd": "act", "app": NAME, "path": [..], "action": NAME|null}
                                           -> {"ok": bool}  (do an AT-SPI action on a node)
  {"cmd": "select", "app": NAME, "path": [..]}  -> {"ok": bool} (select child via Selection)
  {"cmd": "quit"}
Node paths are child-index lists from the application root, valid until the tree changes.
"""
import json
import sys

import pyatspi

STATE_NAMES = {
    pyatspi.STATE_CHECKED: "checked", pyatspi.STATE_SELECTED: "selected", pyatspi.STATE_EXPANDED: "expanded",
    pyatspi.STATE_FOCUSED: "focused", pyatspi.STATE_PRESSED: "pressed", pyatspi.STATE_SENSITIVE: "sensitive",
    pyatspi.STATE_EXPANDABLE: "expandable", pyatspi.STATE_FOCUSABLE: "focusable", pyatspi.STATE_EDITABLE: "editable",
    pyatspi.STATE_SELECTABLE: "selectable", pyatspi.STATE_CHECKABLE: "checkable", pyatspi.STATE_INDETERMINATE: "indeterminate",
    pyatspi.STATE_ACTIVE: "active", pyatspi.STATE_MODAL: "modal", pyatspi.STATE_VISIBLE: "visible",
    pyatspi.STATE_SHOWING: "showing",
}
MAX_NODES = 6000


def find_app(name):
    desktop = pyatspi.Registry.getDesktop(0)
    for app in desktop:
        if app is not None and app.name == name:
            return app
    return None


def node_info(acc, path, depth):
    """JSON-able description of one accessible."""
    try:
        states = acc.getState().getStates()
    except Exception:
        return None
    st = [STATE_NAMES[s] for s in states if s in STATE_NAMES]
    info = {"path": path, "depth": depth, "role": acc.getRoleName(), "name": acc.name or "", "states": st,
            "nchildren": acc.childCount}
    try:
        info["desc"] = acc.description or ""
    except Exception:
        info["desc"] = ""
    try:
        info["id"] = acc.accessibleId or ""
    except Exception:
        info["id"] = ""
    try:
        comp = acc.queryComponent()
        e = comp.getExtents(pyatspi.DESKTOP_COORDS)
        info["ext"] = [e.x, e.y, e.width, e.height]
        w = comp.getExtents(pyatspi.WINDOW_COORDS)
        info["wext"] = [w.x, w.y, w.width, w.height]
    except Exception:
        info["ext"] = None
    try:
        t = acc.queryText()
        info["text"] = t.getText(0, min(t.characterCount, 2000))
    except Exception:
        info["text"] = None
    try:
        info["attrs"] = dict(a.split(":", 1) for a in acc.getAttributes() if ":" in a)
    except Exception:
        info["attrs"] = {}
    try:
        act = acc.queryAction()
        info["actions"] = [act.getName(i) for i in range(act.nActions)]
    except Exception:
        info["actions"] = []
    try:
        v = acc.queryValue()
        info["value"] = [v.minimumValue, v.currentValue, v.maximumValue]
    except Exception:
        pass
    return info


def dump(app):
    """Depth-first walk of SHOWING nodes (children of hidden nodes are skipped)."""
    out = []

    def walk(acc, path, depth):
        if len(out) >= MAX_NODES or acc is None:
            return
        info = node_info(acc, path, depth)
        if info is None:
            return
        if depth > 0 and "showing" not in info["states"]:
            return
        out.append(info)
        n = acc.childCount
        if n > 2000:  # huge models (tables/trees): only the first rows
            n = 2000
        for i in range(n):
            try:
                child = acc.getChildAtIndex(i)
            except Exception:
                continue
            walk(child, path + [i], depth + 1)

    walk(app, [], 0)
    return out


def resolve(app, path):
    acc = app
    for i in path:
        acc = acc.getChildAtIndex(i)
    return acc


def do_action(app, path, name):
    acc = resolve(app, path)
    act = acc.queryAction()
    names = [act.getName(i) for i in range(act.nActions)]
    if not names:
        return False
    idx = names.index(name) if name in names else 0
    return bool(act.doAction(idx))


def do_select(app, path):
    acc = resolve(app, path)
    parent = acc.parent
    sel = parent.querySelection()
    return bool(sel.selectChild(acc.getIndexInParent()))


def main():
    for line in sys.stdin:
        try:
            req = json.loads(line)
            cmd = req["cmd"]
            if cmd == "quit":
                break
            if cmd == "apps":
                desktop = pyatspi.Registry.getDesktop(0)
                res = {"apps": [a.name for a in desktop if a is not None]}
            else:
                app = find_app(req["app"])
                if app is None:
                    res = {"error": "app not found: %s" % req["app"]}
                elif cmd == "dump":
                    res = {"nodes": dump(app)}
                elif cmd == "act":
                    res = {"ok": do_action(app, req["path"], req.get("action"))}
                elif cmd == "select":
                    res = {"ok": do_select(app, req["path"])}
                else:
                    res = {"error": "unknown command %s" % cmd}
        except Exception as exc:  # report, keep serving
            res = {"error": "%s: %s" % (type(exc).__name__, exc)}
        sys.stdout.write(json.dumps(res) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
