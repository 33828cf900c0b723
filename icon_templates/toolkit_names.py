"""Build ``detact/data/icons/toolkit_names.json``: the name GTK 3 gives a button that shows only
a freedesktop theme's icon.

A GTK 3 button whose child is an image names itself after the image, and GTK names an image by
its icon name through a fixed table of stock labels ("view-refresh" -> "Refresh", "system-run"
-> "Execute", "go-previous" -> "Back"); a menu button whose image has no such name is "Menu". That
is the accessible name an agent reading the app's tree sees, so an icon-only button matched to
one of those icons takes it as its ``name`` (`detact.icons.vocabulary.toolkit_name`), while its
``label`` stays the icon's function. The table also lists the functions of the icons GTK
draws on menu buttons ("more options", "menu"): a button showing any set's icon of those is a
menu button, "Menu" (`detact.icons.vocabulary.menu_button_name`).

This script asks GTK rather than copying its table: it opens a window under Xvfb with one
image-only button per icon name of the bank's freedesktop sets, and one menu button per menu
glyph, and reads their names back over AT-SPI.

    .venv/bin/python icon_templates/toolkit_names.py          # about 5 s
    .venv/bin/python icon_templates/toolkit_names.py --menu-functions-only   # redo the menu functions

Needs Xvfb, dbus-daemon, at-spi2-core and /usr/bin/python3 with PyGObject (GTK 3) and pyatspi
(see `training/controls/README.md`).
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = ROOT / "detact" / "data" / "icons" / "manifest.json"
OUT = ROOT / "detact" / "data" / "icons" / "toolkit_names.json"
#: Icons drawn only on menu buttons (a GNOME app's primary and secondary menus): their buttons
#: are GtkMenuButtons, which GTK names "Menu". A lone drop-down arrow is named so by the
#: semantics stage (`detact.semantics.labels`, rule 8).
MENU_GLYPHS = ("open-menu", "view-more", "view-more-horizontal")
COLUMNS = 40


def freedesktop_sets(manifest: Path = MANIFEST) -> list[str]:
    """The bank's sets that are freedesktop icon themes (what GTK apps draw)."""
    bank = json.loads(manifest.read_text())
    return sorted(s for s, meta in bank["sets"].items() if meta.get("source") == "freedesktop")


def bank_icon_names(manifest: Path = MANIFEST) -> list[str]:
    """The freedesktop icon names of the bank, without size, twin or ``-symbolic`` suffixes."""
    from detact.icons.vocabulary import base_icon_name
    sets = set(freedesktop_sets(manifest))
    return sorted({base_icon_name(t["name"]) for t in json.loads(manifest.read_text())["icons"] if t["set"] in sets})


def window(names_file: str) -> None:
    """Run under /usr/bin/python3: the window of buttons, each described by ``kind:icon``."""
    import gi
    gi.require_version("Gtk", "3.0")
    from gi.repository import GLib, Gtk

    GLib.set_prgname("toolkit-names")
    win, grid = Gtk.Window(title="toolkit-names"), Gtk.Grid()
    for k, entry in enumerate(Path(names_file).read_text().split()):
        kind, icon = entry.split(":", 1)
        button = Gtk.MenuButton() if kind == "menu" else Gtk.Button()
        button.set_image(Gtk.Image.new_from_icon_name(icon, Gtk.IconSize.SMALL_TOOLBAR))
        button.get_accessible().set_description(entry)
        grid.attach(button, k % COLUMNS, k // COLUMNS, 1, 1)
    win.add(grid)
    win.connect("destroy", Gtk.main_quit)
    win.show_all()
    Gtk.main()


def menu_functions(table: dict, manifest: Path = MANIFEST) -> list[str]:
    """The functions of the bank's freedesktop icons that GTK draws on menu buttons (``table``'s
    own ``menu_button`` names: "more options", "menu")."""
    from detact.icons.vocabulary import base_icon_name
    sets = set(table["sets"])
    return sorted({t["function"] for t in json.loads(manifest.read_text())["icons"]
                   if t["set"] in sets and t.get("function") and base_icon_name(t["name"]) in table["menu_button"]})


def read_names(names: list[str]) -> dict[str, dict[str, str]]:
    """Open the window in a throw-away desktop; ``{"button": {icon: name}, "menu": {...}}``, names
    GTK gave (icons it names nothing are left out)."""
    sys.path.insert(0, str(ROOT / "training" / "controls"))
    from desktop.session import DesktopSession

    from detact.icons.vocabulary import base_icon_name

    entries = [f"button:{n}" for n in names] + [f"menu:{n}-symbolic" for n in MENU_GLYPHS]
    rows = -(-len(entries) // COLUMNS)
    with tempfile.TemporaryDirectory() as tmp, DesktopSession(COLUMNS * 40, rows * 40 + 80) as s:
        listing = Path(tmp) / "names.txt"
        listing.write_text("\n".join(entries))
        s.launch(["/usr/bin/python3", str(Path(__file__).resolve()), "--window", str(listing)])
        s.wait_for_app("toolkit-names", timeout=30, min_nodes=len(entries))
        time.sleep(1.0)
        nodes = s.atspi.dump("toolkit-names")
    found: dict[str, dict[str, str]] = {"button": {}, "menu": {}}
    for node in nodes:
        kind, _, icon = (node.get("desc") or "").partition(":")
        if kind in found and node.get("name"):
            found[kind][base_icon_name(icon)] = node["name"]
    missing = len(entries) - sum(map(len, found.values()))
    print(f"{len(entries)} buttons, {sum(map(len, found.values()))} named, {missing} unnamed", flush=True)
    return found


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--window", help=argparse.SUPPRESS)
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--menu-functions-only", action="store_true",
                    help="recompute only the menu functions of the existing --out (no GTK needed)")
    a = ap.parse_args(argv)
    if a.window:
        window(a.window)
        return 0
    if a.menu_functions_only:
        table = json.loads(a.out.read_text())
        table["menu_function"] = menu_functions(table)
        a.out.write_text(json.dumps(table, indent=1, ensure_ascii=False) + "\n")
        print(f"wrote {a.out}: menu functions {table['menu_function']}")
        return 0
    found = read_names(bank_icon_names())
    version = subprocess.run(["/usr/bin/python3", "-c", "import gi; gi.require_version('Gtk', '3.0');"
                              "from gi.repository import Gtk; print('%d.%d.%d' % (Gtk.get_major_version(),"
                              "Gtk.get_minor_version(), Gtk.get_micro_version()))"],
                             capture_output=True, text=True).stdout.strip()
    table = {"format": "detact/toolkit-names@1", "toolkit": f"GTK {version}", "sets": freedesktop_sets(),
             "button": dict(sorted(found["button"].items())), "menu_button": dict(sorted(found["menu"].items()))}
    table["menu_function"] = menu_functions(table)
    a.out.write_text(json.dumps(table, indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {a.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
