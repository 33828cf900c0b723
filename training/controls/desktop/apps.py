"""Source "apps": real GTK3 and Qt5 desktop applications under Xvfb, labelled from AT-SPI.

Every launch starts one app from ``APPS`` in a fresh ``DesktopSession`` with its own HOME and
XDG_CONFIG_HOME (sample files are written there: texts, images, an archive, folders), a GTK theme
(Qt apps: Fusion, held out: Windows), icon theme, font, screen size and scale, then walks a seeded
scenario: the initial window, then a few of: open a menubar menu, toggle check boxes / radios,
open a combo, switch a tab, move focus, scroll, open the app's preferences dialog.
"""
from __future__ import annotations

import io
import random
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path

import words
from desktop.run import GTK3_HELDOUT_THEMES, GTK3_THEMES, HELDOUT_P, NOOP, Launch, _Driver, draw_launch


@dataclass(frozen=True)
class App:
    name: str                       # kit name in case folders and gt.json "app"
    argv: tuple[str, ...]           # "{home}" is replaced by the launch's HOME
    toolkit: str                    # gtk3 | qt5 | qt6
    atspi: str = ""                 # AT-SPI application name, when it is not ``name``
    prefs: tuple[str, ...] = ()     # menubar menu, then item (name prefixes) opening the preferences


APPS = [
    App("gucharmap", ("gucharmap",), "gtk3"),
    App("gedit", ("gedit", "{home}/notes.txt", "{home}/script.py"), "gtk3"),
    App("thunar", ("thunar", "{home}"), "gtk3", "", ("Edit", "Preferences")),
    App("file-roller", ("file-roller", "{home}/backup.zip"), "gtk3"),
    App("meld", ("meld", "{home}/notes.txt", "{home}/notes-old.txt"), "gtk3", "org.gnome.Meld"),
    App("transmission-gtk", ("transmission-gtk",), "gtk3", "", ("Edit", "Preferences")),
    App("xfce4-taskmanager", ("xfce4-taskmanager",), "gtk3"),
    App("xfce4-appfinder", ("xfce4-appfinder",), "gtk3"),
    App("xfce4-mouse-settings", ("xfce4-mouse-settings",), "gtk3"),
    App("xfce4-keyboard-settings", ("xfce4-keyboard-settings",), "gtk3"),
    App("xfce4-appearance-settings", ("xfce4-appearance-settings",), "gtk3"),
    App("catfish", ("catfish", "--path={home}"), "gtk3"),
    App("yad-form", ("yad",), "gtk3", "yad"),
    App("yad-list", ("yad",), "gtk3", "yad"),
    # calculators: keypads of large framed keys holding one or two characters
    App("mate-calc", ("mate-calc",), "gtk3", "", ("Mode", "Advanced")),
    App("qalculate-gtk", ("qalculate-gtk",), "gtk3", "", ("Edit", "Preferences")),
    App("featherpad", ("featherpad", "{home}/script.py"), "qt5", "FeatherPad", ("Options", "Preferences")),
    App("qterminal", ("qterminal",), "qt5"),
    App("lximage-qt", ("lximage-qt", "{home}/Pictures/photo-1.png"), "qt5"),
    App("screengrab", ("screengrab",), "qt5"),
]
# Source "apps2": other apps, planned apart so that "apps" builds stay as they were. None of them
# is in ../shared/eval (dev: chromium, galculator, mousepad; dev2: dconf-editor, eog, evince,
# geany, parole, pcmanfm-qt, xfce4-screenshooter, xfce4-terminal).
APPS2 = [
    App("pluma", ("pluma", "{home}/notes.txt", "{home}/script.py"), "gtk3", "", ("Edit", "Preferences")),
    App("caja", ("caja", "--no-desktop", "{home}"), "gtk3", "", ("Edit", "Preferences")),
    App("engrampa", ("engrampa", "{home}/backup.zip"), "gtk3"),
    App("mate-system-monitor", ("mate-system-monitor",), "gtk3", "", ("Monitor", "Preferences")),
    App("ristretto", ("ristretto", "{home}/Pictures/photo-1.png"), "gtk3", "", ("Edit", "Preferences")),
    App("xarchiver", ("xarchiver", "{home}/backup.zip"), "gtk3"),
    App("xfce4-dict", ("xfce4-dict",), "gtk3"),
    App("gigolo", ("gigolo",), "gtk3"),
    App("qpdfview", ("qpdfview", "{home}/report.pdf"), "qt5", "", ("Edit", "Settings")),
    App("lxqt-archiver", ("lxqt-archiver", "{home}/backup.zip"), "qt5"),
    App("qps", ("qps",), "qt5"),
    App("juffed", ("juffed", "{home}/script.py"), "qt5"),
]
BY_NAME = {a.name: a for a in APPS + APPS2}
STEPS = ["menu", "toggles", "combo", "tab", "focus", "scroll"]


def plan_app_launches(budget: int, seed: int, source: str = "apps") -> list[Launch]:
    """Seeded launches cycling over the source's apps (shuffled each round) until ``budget``
    shots are planned. ``source`` is "apps" (``APPS``) or "apps2" (``APPS2``)."""
    apps = APPS2 if source == "apps2" else APPS
    rng = random.Random(f"{seed}-{source}-plan")
    launches: list[Launch] = []
    planned = 0
    queue: list[App] = []
    while planned < budget:
        if not queue:
            queue = rng.sample(apps, len(apps))
        app = queue.pop()
        heldout = rng.random() < HELDOUT_P
        if app.toolkit == "gtk3":
            theme = rng.choice(GTK3_HELDOUT_THEMES if heldout else GTK3_THEMES)
        else:  # Qt apps: QT_STYLE_OVERRIDE, light palette (Windows is the held-out Qt style)
            theme = "Windows" if heldout else "Fusion"
        dark = "dark" in theme.lower()
        extra = STEPS + (["prefs"] if app.prefs else [])
        steps = ["initial"] + rng.sample(extra, rng.randint(2, 4))
        launches.append(draw_launch(rng, len(launches), source, theme, dark, heldout, steps, app.name))
        planned += len(steps)
    return launches


def app_argv(app: App, home: Path, rng: random.Random) -> list[str]:
    """Command line; yad gets a seeded form or list built from ``words``."""
    if app.name == "yad-form":
        fields = [(f"{rng.choice(words.TEXT_FIELDS)[0]}", "")]  # entry
        fields += [(f"{c}:CHK", rng.choice(["TRUE", "FALSE"])) for c in rng.sample(words.CHECK_LABELS, 3)]
        label, opts = rng.choice(words.SELECTS)[:2]
        fields += [(f"{label}:CB", "!".join(opts[:6]))]
        name, lo, hi = rng.choice(words.NUMBERS)
        fields += [(f"{name}:NUM", f"{lo}!{lo}..{hi}!1"), (f"{rng.choice(words.SLIDERS)}:SCL", str(rng.randint(0, 100))),
                   ("Colour:CLR", "#3366cc"), ("Folder:DIR", str(home)), ("Password:H", ""),
                   (f"{rng.choice(words.BUTTONS_SECONDARY)}:BTN", "true")]
        rng.shuffle(fields)
        argv = ["yad", "--form", f"--title={rng.choice(words.HEADINGS)}", f"--columns={rng.randint(1, 2)}"]
        return argv + [f"--field={f}" for f, _ in fields] + [v for _, v in fields]
    if app.name == "yad-list":
        cols = ["--column=:CHK", "--column=Name", "--column=City", "--column=Status"]
        rows = []
        for _ in range(rng.randint(8, 30)):
            rows += [rng.choice(["TRUE", "FALSE"]), f"{rng.choice(words.FIRST)} {rng.choice(words.LAST)}",
                     rng.choice(words.CITIES), rng.choice(words.STATUSES)]
        return ["yad", "--list", "--checklist", f"--title={rng.choice(words.HEADINGS)}"] + cols + rows
    return [a.replace("{home}", str(home)) for a in app.argv]


def write_home(home: Path, rng: random.Random, icon_theme: str, font: str) -> None:
    """Sample files the apps open, plus the Qt/LXQt icon theme and font settings."""
    from PIL import Image, ImageDraw
    text = "\n".join(rng.choice(words.SENTENCES) for _ in range(rng.randint(10, 40)))
    (home / "notes.txt").write_text(text + "\n")
    (home / "notes-old.txt").write_text("\n".join(line for line in text.splitlines() if rng.random() < 0.7) + "\n")
    (home / "script.py").write_text(Path(__file__).read_text())
    pics = home / "Pictures"
    pics.mkdir()
    for k in range(rng.randint(3, 8)):
        img = Image.new("RGB", (rng.randint(300, 900), rng.randint(200, 700)),
                        tuple(rng.randrange(256) for _ in range(3)))
        d = ImageDraw.Draw(img)
        for _ in range(12):
            x, y = rng.randrange(img.width), rng.randrange(img.height)
            d.ellipse([x, y, x + rng.randint(20, 200), y + rng.randint(20, 200)],
                      fill=tuple(rng.randrange(256) for _ in range(3)))
        img.save(pics / f"photo-{k + 1}.png")
    for folder in rng.sample(words.FOLDERS, 4):
        (home / folder).mkdir(exist_ok=True)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name in rng.sample(words.FILE_NAMES, min(8, len(words.FILE_NAMES))):
            z.writestr(f"{rng.choice(words.FOLDERS)}/{name}", rng.choice(words.SENTENCES))
            (home / name).write_text(rng.choice(words.SENTENCES))
    (home / "backup.zip").write_bytes(buf.getvalue())
    page = Image.new("RGB", (620, 877), "white")  # a one-page PDF for the document viewer
    d = ImageDraw.Draw(page)
    for k, line in enumerate(rng.sample(words.SENTENCES, min(20, len(words.SENTENCES)))):
        d.text((40, 40 + 36 * k), line, fill="black")
    page.save(home / "report.pdf")
    tr = home / ".config" / "transmission"  # skip transmission-gtk's first-run notice
    tr.mkdir(parents=True, exist_ok=True)
    (tr / "settings.json").write_text('{"user-has-given-informed-consent": true}\n')
    lxqt = home / ".config" / "lxqt"
    lxqt.mkdir(parents=True, exist_ok=True)
    (lxqt / "lxqt.conf").write_text(f"[General]\nicon_theme={icon_theme}\n\n[Qt]\nfont=\"{font.rsplit(' ', 1)[0]},"
                                    f"{font.rsplit(' ', 1)[1]},-1,5,50,0,0,0,0,0\"\n")


class AppDriver(_Driver):
    """Scenario steps for any app: the shared ones plus menubar menus and the preferences dialog."""

    def __init__(self, s, app: str, rng: random.Random, prefs: tuple[str, ...], scale: float | None = None):
        super().__init__(s, app, rng, scale)
        self.prefs = prefs

    def menubar_items(self) -> list[dict]:
        nodes = self.nodes()
        by_path = {tuple(n["path"]): n for n in nodes}
        roles = {"menu", "menu item"}
        vis = {tuple(n["path"]) for n in self.visible(roles)}
        return [n for n in nodes if tuple(n["path"]) in vis
                and by_path.get(tuple(n["path"][:-1]), {}).get("role") == "menu bar"]

    def app_step(self, step: str):
        if step == "menu":
            return self.click_one(self.menubar_items(), self.escape)
        if step == "prefs":
            menu = [n for n in self.menubar_items() if n["name"].replace("_", "").startswith(self.prefs[0])]
            if not menu:
                return NOOP
            self.click_node(menu[0])
            time.sleep(0.5)
            items = [n for n in self.visible({"menu item"}) if n["name"].startswith(self.prefs[1])]
            if not items:
                self.escape()
                return NOOP
            self.click_node(items[0])
            time.sleep(1.0)
            return self.escape
        raise ValueError(f"unknown apps step {step}")
