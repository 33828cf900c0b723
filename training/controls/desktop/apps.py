"""Sources "apps", "apps2", "apps3", "apps4": real GTK3 (and GTK 2) and Qt5 desktop applications under
Xvfb, labelled from AT-SPI.

Every launch starts one app from ``APPS`` (``APPS2``, ``APPS3``, ``APPS4``) in a fresh ``DesktopSession`` with its own HOME and
XDG_CONFIG_HOME (sample files are written there: texts, images, an archive, folders), a GTK theme
(Qt apps: Fusion, held out: Windows), icon theme, font, screen size and scale, then walks a seeded
scenario: the initial window, then a few of: open a menubar menu, toggle check boxes / radios,
open a combo, switch a tab, move focus, scroll, open the app's preferences dialog; GNOME-style apps
(APPS4) also open a header bar's menu popover and click a list row.
"""
from __future__ import annotations

import io
import math
import random
import struct
import subprocess
import time
import wave
import zipfile
from dataclasses import dataclass, replace
from pathlib import Path
from xml.sax.saxutils import escape

import words
from desktop.run import GTK3_HELDOUT_THEMES, GTK3_THEMES, HELDOUT_P, NOOP, Launch, _Driver, draw_launch


@dataclass(frozen=True)
class App:
    name: str                       # kit name in case folders and gt.json "app"
    argv: tuple[str, ...]           # "{home}" is replaced by the launch's HOME
    toolkit: str                    # gtk3 | gtk2 | qt5 | qt6
    atspi: str = ""                 # AT-SPI application name, when it is not ``name``
    prefs: tuple[str, ...] = ()     # menubar menu ("Menu": header bar menu button), then item (name prefixes)
    steps: tuple[str, ...] = ()     # scenario steps it has (default: all of STEPS; set in APPS3, APPS4)


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
# Source "apps3": a third set, planned apart again (apps and apps2 builds stay as they were); none
# of them is in ../shared/eval either. pcmanfm is GTK 2 in bookworm (toolkit "gtk2": gail +
# atk-bridge modules, theme from ~/.gtkrc-2.0, no scaling); qmmp runs its simple UI (qsui, set in
# ~/.qmmp/qmmprc, the default skinned UI has no AT-SPI roles); the players list seeded WAV files.
APPS3 = [
    App("atril", ("atril", "{home}/report.pdf"), "gtk3", steps=("menu", "toggles", "combo", "focus", "scroll")),
    App("eom", ("eom", "{home}/Pictures/photo-1.png"), "gtk3", "", ("Edit", "Preferences"),
        ("menu", "toggles", "focus", "scroll")),
    App("mate-terminal", ("mate-terminal",), "gtk3", "", ("Edit", "Profile Preferences"), ("menu", "focus")),
    App("lxterminal", ("lxterminal",), "gtk3", "", ("Edit", "Preferences"), ("menu", "focus")),
    # GTK 2 (gail) leaves the items of an open menu without STATE_SHOWING: no menu, toggle (its
    # history button opens one) or prefs steps
    App("pcmanfm", ("pcmanfm", "{home}"), "gtk2", steps=("focus", "scroll")),
    App("scite", ("scite", "{home}/script.py"), "gtk3", "", ("Options", "Change Indentation Settings"),
        ("menu", "focus", "scroll")),
    App("xfce4-settings-editor", ("xfce4-settings-editor",), "gtk3", steps=("focus", "scroll")),
    App("mate-screenshot", ("mate-screenshot", "--interactive"), "gtk3", steps=("toggles", "focus")),
    App("qmmp", ("qmmp", "{music}"), "qt5", "", ("Edit", "Settings"), ("menu", "toggles", "focus", "scroll")),
    App("audacious", ("audacious", "--qt", "--enqueue", "{music}"), "qt5", "Audacious", ("File", "Settings"),
        ("menu", "toggles", "focus", "scroll")),
]
# Source "apps4": GNOME-style GTK 3 apps (header bars with menu popovers, GtkListBox rows, switches),
# planned apart again; none of them is in ../shared/eval or in APPS-APPS3. Steps "popover" (click a
# header bar menu button, AT-SPI "toggle button" named "Menu") and "row" (click a list row) are theirs;
# prefs ("Menu", item) opens the rightmost header bar menu and clicks the item in its popover.
APPS4 = [
    App("gnome-tweaks", ("gnome-tweaks",), "gtk3", steps=("popover", "row", "toggles", "combo", "focus", "scroll")),
    App("d-feet", ("d-feet",), "gtk3", steps=("popover", "row", "toggles", "focus", "scroll")),
    App("gnome-system-monitor", ("gnome-system-monitor",), "gtk3", "", ("Menu", "Preferences"),
        ("popover", "toggles", "focus", "scroll")),
    App("seahorse", ("seahorse",), "gtk3", steps=("popover", "row", "focus")),
    App("gnote", ("gnote",), "gtk3", steps=("row", "toggles", "focus", "scroll")),
    App("glade", ("glade", "{home}/dialog.ui"), "gtk3", "", ("Menu", "Preferences"),
        ("popover", "toggles", "combo", "focus", "scroll")),
    App("gitg", ("gitg", "{home}/Projects/site"), "gtk3", "", ("Menu", "Preferences"),
        ("popover", "row", "toggles", "focus", "scroll")),
    App("simple-scan", ("simple-scan",), "gtk3", "", ("Menu", "Preferences"), ("popover", "combo", "focus")),
    # its "preferences" are Menu -> Appearance (the game board itself is not on AT-SPI: no game steps)
    App("gnome-mines", ("/usr/games/gnome-mines",), "gtk3", "", ("Menu", "Appearance"), ("popover", "focus")),
]
SOURCE_APPS = {"apps": APPS, "apps2": APPS2, "apps3": APPS3, "apps4": APPS4}
BY_NAME = {a.name: a for a in APPS + APPS2 + APPS3 + APPS4}
STEPS = ["menu", "toggles", "combo", "tab", "focus", "scroll"]


def plan_app_launches(budget: int, seed: int, source: str = "apps") -> list[Launch]:
    """Seeded launches cycling over the source's apps (shuffled each round) until ``budget``
    shots are planned. ``source`` is "apps" (``APPS``), "apps2" (``APPS2``), "apps3" (``APPS3``) or "apps4"
    (``APPS4``)."""
    apps = SOURCE_APPS[source]
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
        extra = (list(app.steps) or STEPS) + (["prefs"] if app.prefs else [])
        steps = ["initial"] + rng.sample(extra, min(len(extra), rng.randint(2, 4)))
        launch = draw_launch(rng, len(launches), source, theme, dark, heldout, steps, app.name)
        if app.toolkit == "gtk2":  # GTK 2 does not scale; its theme by its GTK 2 name
            gtk2 = gtk2_theme(theme)
            launch = replace(launch, scale=1.0, theme=gtk2, dark="dark" in gtk2.lower())
        launches.append(launch)
        planned += len(steps)
    return launches


def gtk2_theme(theme: str) -> str:
    """GTK 2 name of a GTK 3 theme (variant "X:dark" is the theme "X-dark"); falls back to the
    family's base theme where the variant has no gtk-2.0 part."""
    name = theme.replace(":dark", "-dark")
    if (Path("/usr/share/themes") / name / "gtk-2.0").is_dir() or name == "Default":
        return name
    base = name.split("-")[0]
    return base if (Path("/usr/share/themes") / base / "gtk-2.0").is_dir() else "Default"


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
    argv = []
    for a in app.argv:
        if a == "{music}":  # the WAV files write_home3 put in Music/
            argv += [str(f) for f in sorted((home / "Music").glob("*.wav"))]
        else:
            argv.append(a.replace("{home}", str(home)))
    return argv


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


def write_home3(home: Path, rng: random.Random, L) -> None:
    """Extra files for source "apps3" (after ``write_home``, so apps/apps2 homes stay as they
    were): short seeded WAV tones in Music/ for the players, qmmp's simple UI, and a GTK 2
    ~/.gtkrc-2.0 with the launch's theme, icon theme and font (pcmanfm)."""
    music = home / "Music"
    music.mkdir(exist_ok=True)
    for k in range(rng.randint(4, 12)):
        rate, secs = 8000, rng.uniform(1.0, 3.0)
        freq = rng.choice([220, 262, 330, 392, 440, 523, 659])
        frames = b"".join(struct.pack("<h", int(8000 * math.sin(2 * math.pi * freq * i / rate)))
                          for i in range(int(rate * secs)))
        name = f"{k + 1:02d} {rng.choice(words.FIRST)} {rng.choice(words.LAST)} - {rng.choice(words.CITIES)}.wav"
        with wave.open(str(music / name), "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(rate)
            w.writeframes(frames)
    qmmp = home / ".qmmp"
    qmmp.mkdir(exist_ok=True)
    (qmmp / "qmmprc").write_text("[Ui]\ncurrent_plugin=qsui\n")
    (home / ".gtkrc-2.0").write_text(f'gtk-theme-name="{L.theme}"\ngtk-icon-theme-name="{L.icon_theme}"\n'
                                     f'gtk-font-name="{L.font}"\n')


def write_home4(home: Path, rng: random.Random) -> None:
    """Extra files for source "apps4" (after ``write_home``): a git repository of seeded commits for
    gitg and a small Glade file for glade."""
    repo = home / "Projects" / "site"
    repo.mkdir(parents=True)
    git = ["git", "-C", str(repo), "-c", f"user.name={rng.choice(words.FIRST)} {rng.choice(words.LAST)}",
           "-c", "user.email=dev@example.org"]
    subprocess.run(git + ["init", "-q"], check=True)
    for k in range(rng.randint(3, 12)):
        name = rng.choice(["README.md", "notes.txt", "index.html", "style.css", "app.py"])
        with open(repo / name, "a") as f:
            f.write("\n".join(rng.sample(words.SENTENCES, 3)) + "\n")
        subprocess.run(git + ["add", name], check=True)
        subprocess.run(git + ["commit", "-q", "-m", rng.choice(words.SENTENCES)[:60]], check=True)

    def cell(widget: str, left: int, top: int) -> str:
        return (f'<child>{widget}<packing><property name="left-attach">{left}</property>'
                f'<property name="top-attach">{top}</property></packing></child>')

    def labelled(cls: str, label: str) -> str:
        return f'<object class="{cls}"><property name="label">{escape(label)}</property></object>'

    rows = []
    for r, (label, *_) in enumerate(rng.sample(words.TEXT_FIELDS, 3)):
        rows += [cell(labelled("GtkLabel", label), 0, r), cell('<object class="GtkEntry"/>', 1, r)]
    for k, label in enumerate(rng.sample(words.CHECK_LABELS, 2)):
        rows.append(cell(labelled("GtkCheckButton", label), 1, 3 + k))
    rows.append(cell(labelled("GtkButton", rng.choice(words.BUTTONS_PRIMARY)), 1, 5))
    (home / "dialog.ui").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<interface><requires lib="gtk+" version="3.20"/>'
        f'<object class="GtkWindow" id="window"><property name="title">{escape(rng.choice(words.HEADINGS))}</property>'
        '<child><object class="GtkGrid" id="grid"><property name="row-spacing">6</property>'
        f'<property name="column-spacing">12</property>{"".join(rows)}</object></child></object></interface>\n')


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

    def header_menus(self) -> list[dict]:
        """Header bar menu buttons (GtkMenuButton: "toggle button" named "Menu"), rightmost first."""
        return sorted([n for n in self.visible({"toggle button"}) if n["name"] == "Menu"], key=lambda n: -n["ext"][0])

    def app_step(self, step: str):
        if step == "menu":
            return self.click_one(self.menubar_items(), self.escape)
        if step == "popover":
            return self.click_one(self.header_menus(), self.escape)
        if step == "row":
            return self.click_one(self.visible({"list item"}))
        if step == "prefs":
            if self.prefs[0] == "Menu":  # the primary menu of a header bar
                menu = self.header_menus()
            else:
                menu = [n for n in self.menubar_items() if n["name"].replace("_", "").startswith(self.prefs[0])]
            if not menu:
                return NOOP
            self.click_node(menu[0])
            time.sleep(0.5)
            # a popover's items are push buttons; a menubar menu's, menu items
            kinds = {"push button", "menu item"} if self.prefs[0] == "Menu" else {"menu item"}
            items = [n for n in self.visible(kinds) if n["name"].startswith(self.prefs[1])]
            if not items:
                self.escape()
                return NOOP
            self.click_node(items[0])
            time.sleep(1.0)
            return self.escape
        raise ValueError(f"unknown apps step {step}")
