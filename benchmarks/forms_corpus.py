"""Build the forms corpus: desktop form widgets rendered under Xvfb and labelled from AT-SPI.

Eight small windows (`benchmarks/forms/`) hold what dialogs and toolbars are made of: text entries
(with text, a placeholder, an icon, in a toolbar; a document viewer's page and zoom entries),
combo boxes (plain, editable, with a label on the left), spin buttons, notebook tabs, a font
button, check buttons, radios, a path bar of toggle buttons, GTK's file chooser. The GTK 3 ones
are drawn in six themes (Adwaita, Adwaita dark, Greybird, Arc, Materia, Numix), the Qt ones
(PySide6) in the Fusion and Windows styles, a few at scale 2. Each case is written as
``OUT/<layout>-<theme>[-x2]/screenshot.png`` and ``gt.json`` in the layout of
``../shared/eval/dev2`` (`training/controls/desktop` converts the AT-SPI tree), so `quality.py
--corpus OUT` scores it. The rules these windows were read for were tuned on them: this is a check
that a rule does what it says, not a held-out measurement.

    .venv/bin/python benchmarks/forms_corpus.py --out /tmp/forms          # 59 cases, about 3 min
    .venv/bin/python benchmarks/forms_corpus.py --out /tmp/forms --only qtbar
    .venv/bin/python benchmarks/forms_corpus.py --out /tmp/forms --fixtures tests/fixtures   # and the tests' crops

Needs Xvfb, dbus-daemon, at-spi2-core, /usr/bin/python3 with PyGObject (GTK 3) and pyatspi, the
GTK themes (Debian: greybird-gtk-theme, arc-theme, materia-gtk-theme, numix-gtk-theme) and
PySide6 in the venv for the Qt windows (see `training/controls/README.md`).
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LAYOUTS = Path(__file__).resolve().parent / "forms"
GTK_THEMES = ("Adwaita", "Adwaita-dark", "Greybird", "Arc", "Materia", "Numix")
QT_STYLES = ("Fusion", "Windows")


def cases() -> list[dict]:
    """Every case: layout, toolkit, theme, scale, logical screen size, extra environment."""
    out = []
    for layout in ("zoom", "gforms", "gtool", "gide", "gview"):
        out += [dict(layout=layout, kit="gtk3", theme=t, scale=1, size=(1000, 600)) for t in GTK_THEMES]
        out += [dict(layout=layout, kit="gtk3", theme=t, scale=2, size=(1280, 720)) for t in ("Adwaita", "Greybird")]
    out += [dict(layout="gchooser", kit="gtk3", theme=t, scale=1, size=(1280, 800)) for t in GTK_THEMES]
    out += [dict(layout="gchooser", kit="gtk3", theme=t, scale=1, size=(1280, 800), env={"MODE": "save"}, name="gsave")
            for t in ("Adwaita", "Greybird")]
    out += [dict(layout="gview", kit="gtk3", theme=t, scale=1, size=(1000, 600), env={"FIND": "1", "PAGE": "12",
                                                                                       "OF": "(12 of 40)", "ZOOM": "Fit Width"},
                 name="gfind") for t in ("Adwaita", "Adwaita-dark", "Arc")]
    for layout in ("qtforms", "qtbar"):
        out += [dict(layout=layout, kit="qt5", theme=s, scale=1, size=(1000, 600)) for s in QT_STYLES]
        out.append(dict(layout=layout, kit="qt5", theme="Fusion", scale=2, size=(1280, 720)))
    out += [dict(layout="qtbar", kit="qt5", theme=s, scale=1, size=(1000, 600), env={"RAISED": "1"}, name="qtbar2")
            for s in QT_STYLES]
    return out


def case_name(case: dict) -> str:
    return f"{case.get('name', case['layout'])}-{case['theme']}" + ("-x2" if case["scale"] == 2 else "")


def render(case: dict, out: Path) -> int:
    """Render one case into ``out`` (screenshot.png, gt.json); the number of elements."""
    sys.path.insert(0, str(ROOT / "training" / "controls"))
    from desktop.convert import TreeConverter
    from desktop.session import DesktopSession

    w, h = case["size"]
    scale = case["scale"]
    W, H = w * scale, h * scale
    script = LAYOUTS / f"{case['layout']}.py"
    with DesktopSession(W, H) as s:
        if case["kit"] == "gtk3":
            env = {"GTK_THEME": case["theme"], "GDK_SCALE": str(scale), "GDK_DPI_SCALE": "1"}
            argv = ["/usr/bin/python3", str(script)]
        else:
            env = {"QT_ACCESSIBILITY": "1", "QT_LINUX_ACCESSIBILITY_ALWAYS_ON": "1", "QT_QPA_PLATFORM": "xcb",
                   "QT_SCALE_FACTOR": str(scale), "QT_AUTO_SCREEN_SCALE_FACTOR": "0", "STYLE": case["theme"]}
            argv = [sys.executable, str(script)]
        env.update(W=str(w), H=str(h), **case.get("env", {}))
        s.launch(argv, env=env)
        s.wait_for_app(case["layout"], timeout=30, min_nodes=5)
        time.sleep(2.0)
        nodes = s.atspi.dump(case["layout"])
        png = s.screenshot()
    # GTK and Qt both report logical pixels under their scale factors
    elements, ignore = TreeConverter(nodes, case["kit"], float(scale), W, H).convert()
    out.mkdir(parents=True, exist_ok=True)
    (out / "screenshot.png").write_bytes(png)
    gt = {"app": case["layout"], "source": "atspi", "width": W, "height": H, "scale": float(scale),
          "theme": "dark" if "dark" in case["theme"] else "light", "toolkit": case["kit"],
          "widget_theme": case["theme"], "elements": elements, "ignore_regions": ignore}
    (out / "gt.json").write_text(json.dumps(gt, indent=1))
    return len(elements)


#: The test fixtures cut from the cases (`tests/test_forms.py`): file -> (case, crop box).
FIXTURES = {
    "gtk3-forms-greybird.png": ("gforms-Greybird", (0, 0, 1000, 470)),
    "gtk3-tabs-arc.png": ("gforms-Arc", (0, 0, 1000, 130)),
    "gtk3-toolbar-entries.png": ("gtool-Adwaita", (0, 0, 1000, 110)),
    "gtk3-combos.png": ("zoom-Adwaita", (0, 60, 1000, 210)),
    "gtk3-viewer-header-adwaita.png": ("gview-Adwaita", (0, 0, 1000, 56)),
    "gtk3-zoom-header-greybird.png": ("zoom-Greybird", (0, 0, 1000, 48)),
    "gtk3-notebooks-greybird.png": ("gide-Greybird", (0, 0, 1000, 140)),
    "gtk3-messages-greybird.png": ("gide-Greybird", (0, 390, 1000, 480)),
    "gtk3-viewer-sidebar-arc.png": ("gview-Arc", (0, 0, 1000, 130)),
    "qt-forms-fusion.png": ("qtforms-Fusion", (0, 0, 620, 330)),
    "qt-pathbar-fusion.png": ("qtbar-Fusion", (0, 0, 1000, 110)),
    "qt-pathbar-raised-fusion.png": ("qtbar2-Fusion", (0, 0, 1000, 600)),
}


def write_fixtures(cases_dir: Path, out: Path) -> None:
    """Cut `FIXTURES` out of the rendered cases in ``cases_dir`` into ``out``."""
    from PIL import Image
    out.mkdir(parents=True, exist_ok=True)
    for name, (case, box) in FIXTURES.items():
        Image.open(cases_dir / case / "screenshot.png").convert("RGB").crop(box).save(out / name, optimize=True)
        print(f"{out / name}", flush=True)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=Path, required=True, help="folder for the cases")
    ap.add_argument("--only", default="", help="comma-separated layouts (default: all)")
    ap.add_argument("--fixtures", type=Path, help="also cut the test fixtures into this folder (tests/fixtures)")
    a = ap.parse_args(argv)
    only = {x for x in a.only.split(",") if x}
    todo = [c for c in cases() if not only or c["layout"] in only or c.get("name") in only]
    for i, case in enumerate(todo, 1):
        name = case_name(case)
        try:
            n = render(case, a.out / name)
            print(f"[{i}/{len(todo)}] {name}: {n} elements", flush=True)
        except Exception as exc:   # one window that fails to start must not stop the rest
            print(f"[{i}/{len(todo)}] {name}: failed: {exc}", file=sys.stderr, flush=True)
    if a.fixtures:
        write_fixtures(a.out, a.fixtures)
    return 0


if __name__ == "__main__":
    sys.exit(main())
