"""Desktop sources: gtk3-widget-factory and the PySide6 gallery under Xvfb, read through AT-SPI.

Each *launch* starts a fresh X/D-Bus/AT-SPI session with one theme, icon theme, font, screen
size and scale, then walks a seeded list of scenario steps (switch page, toggle controls,
open a combo or a menu, move focus, scroll); every step writes one case.
"""
from __future__ import annotations

import logging
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from common import CaseWriter
from desktop.convert import TreeConverter
from desktop.session import DesktopError, DesktopSession, check_tools

log = logging.getLogger("controls.desktop")

HERE = Path(__file__).resolve().parent
GTK3_THEMES = ["Adwaita", "Adwaita:dark", "HighContrast", "HighContrast:dark", "Arc", "Arc-Dark", "Arc-Darker",
               "Arc-Lighter", "Materia", "Materia-dark", "Materia-compact", "Materia-light", "Numix", "Default"]
GTK3_HELDOUT_THEMES = ["Greybird", "Greybird-dark", "Greybird-bright"]
QT_STYLES = [("Fusion", False), ("Fusion", True)]
QT_HELDOUT_STYLES = [("Windows", False), ("Windows", True)]
ICON_THEMES = ["Adwaita", "Yaru", "elementary-xfce", "Mint-Y", "Numix", "Tango", "Moka", "Faba", "suru", "Yaru-dark",
               "elementary-xfce-dark", "Mint-Y-Dark"]
FONTS = ["Cantarell 11", "DejaVu Sans 10", "Noto Sans 10", "Liberation Sans 10", "Inter 10", "Open Sans 10",
         "Roboto 10", "DejaVu Sans 9", "Noto Sans 11"]
SCREENS = [(1024, 768), (1280, 720), (1280, 800), (1366, 768), (1440, 900), (1600, 900), (1920, 1080)]
SCREENS_X2 = [(1024, 768), (1280, 720), (1280, 800)]
HELDOUT_P = 0.14  # share of launches drawn from the held-out themes/styles
APP_SOURCES = ("apps", "apps2", "apps3", "apps4")  # real applications (desktop/apps.py)
GTK_TOOLKITS = ("gtk3", "gtk2")  # report logical pixels at the launch's scale; themes by GTK name


@dataclass
class Launch:
    """One application start: everything that fixes how it looks."""
    index: int
    source: str          # gtk3 | qt
    theme: str           # GTK theme or Qt style
    dark: bool
    icon_theme: str
    font: str
    scale: float
    logical: tuple[int, int]
    split: str
    seed: int
    steps: list[str] = field(default_factory=list)
    app: str = ""        # sources "apps", "apps2", "apps3", "apps4": the app's name (desktop/apps.py)

    @property
    def screen(self) -> tuple[int, int]:
        return int(self.logical[0] * self.scale), int(self.logical[1] * self.scale)


def plan_launches(n_shots: dict[str, int], seed: int) -> list[Launch]:
    """Seeded launches per source until each source's screenshot budget is covered."""
    rng = random.Random(f"{seed}-desktop-plan")
    launches = []
    for source, budget in n_shots.items():
        planned = 0
        while planned < budget:
            heldout = rng.random() < HELDOUT_P
            if source == "gtk3":
                theme = rng.choice(GTK3_HELDOUT_THEMES if heldout else GTK3_THEMES)
                dark = "dark" in theme.lower()
                steps = gtk3_steps(rng)
            elif source == "qt":
                theme, dark = rng.choice(QT_HELDOUT_STYLES if heldout else QT_STYLES)
                steps = qt_steps(rng)
            else:
                raise ValueError(f"unknown desktop source {source}")
            launches.append(draw_launch(rng, len(launches), source, theme, dark, heldout, steps))
            planned += len(steps)
    return launches


def draw_launch(rng: random.Random, index: int, source: str, theme: str, dark: bool, heldout: bool,
                steps: list[str], app: str = "") -> Launch:
    """A launch with the rest of its look drawn from ``rng``: scale, screen, icon theme (dark
    with a dark theme), font and the seed of its scenario."""
    scale = 2.0 if rng.random() < 0.2 else 1.0
    logical = rng.choice(SCREENS_X2 if scale == 2 else SCREENS)
    icon = rng.choice([i for i in ICON_THEMES if ("dark" in i.lower()) == dark] or ICON_THEMES)
    return Launch(index, source, theme, dark, icon, rng.choice(FONTS), scale, logical,
                  "heldout" if heldout else "train", rng.randrange(10 ** 6), steps, app)


def gtk3_steps(rng: random.Random) -> list[str]:
    """Scenario for one widget-factory run (pages are visited in order)."""
    steps = ["initial"]
    steps += rng.sample(["toggles", "combo", "menu", "focus"], rng.randint(1, 3))
    steps += ["page2"] + rng.sample(["tab", "toggles", "combo", "scroll"], rng.randint(0, 2))
    steps += ["page3"] + rng.sample(["tab", "toggles", "menubutton", "scroll"], rng.randint(0, 2))
    return steps


def qt_steps(rng: random.Random) -> list[str]:
    """Scenario for one Qt gallery run."""
    steps = ["initial"] + rng.sample(["tab1", "tab2", "tab3"], rng.randint(1, 3))
    steps += rng.sample(["menu", "combo", "toggles", "focus", "scroll"], rng.randint(1, 3))
    return steps


class DesktopBuilder:
    """Runs the planned launches and writes their cases."""

    def __init__(self, writer: CaseWriter, seed: int, node_modules: Path):
        check_tools()
        self.writer = writer
        self.seed = seed
        self.fallback_icons = node_modules / "bootstrap-icons" / "icons"

    def run(self, budgets: dict[str, int], limit: int | None, progress) -> int:
        from desktop.apps import plan_app_launches  # apps.py imports this module
        written = 0
        budgets = dict(budgets)
        apps = [launch for src in APP_SOURCES if src in budgets
                for launch in plan_app_launches(budgets.pop(src), self.seed, src)]
        for launch in plan_launches(budgets, self.seed) + apps:
            if limit is not None and written >= limit:
                break
            try:
                written += self.run_launch(launch, None if limit is None else limit - written)
            except Exception as exc:  # one broken app run must not stop the build
                log.warning("desktop launch %d (%s %s) failed: %s", launch.index, launch.source, launch.theme, exc)
                self.writer.log(f"desktop launch {launch.index} {launch.source}/{launch.theme}: {type(exc).__name__}: {exc}")
            progress.update(min(len(launch.steps), max(0, progress.total - progress.n)))
        return written

    # -- one launch ----------------------------------------------------------------------
    def run_launch(self, L: Launch, budget: int | None) -> int:
        if L.source in APP_SOURCES:
            return self.run_app(L, budget)
        rng = random.Random(L.seed)
        w, h = L.screen
        with tempfile.TemporaryDirectory(prefix="detact-cfg-") as cfg, DesktopSession(w, h) as s:
            if L.source == "gtk3":
                app = "gtk3-widget-factory"
                self._gtk_config(Path(cfg), L)
                env = {"GTK_THEME": L.theme, "XDG_CONFIG_HOME": cfg, "GDK_SCALE": str(int(L.scale)),
                       "GDK_DPI_SCALE": "1"}
                s.launch(["gtk3-widget-factory"], env=env)
                toolkit = "gtk3"
            else:
                app = "detact-qt-gallery"
                env = {"QT_ACCESSIBILITY": "1", "QT_LINUX_ACCESSIBILITY_ALWAYS_ON": "1", "QT_QPA_PLATFORM": "xcb",
                       "QT_SCALE_FACTOR": str(L.scale), "QT_AUTO_SCREEN_SCALE_FACTOR": "0"}
                argv = [sys.executable, str(HERE / "qt_gallery.py"), "--seed", str(L.seed), "--style", L.theme,
                        "--icon-theme", L.icon_theme, "--icons", str(self.fallback_icons), "--font", L.font.rsplit(" ", 1)[0],
                        "--size", f"{L.logical[0]}x{L.logical[1]}"] + (["--dark"] if L.dark else [])
                s.launch(argv, env=env)
                toolkit = "qt6"
            s.wait_for_app(app, timeout=30)
            time.sleep(1.0)
            s.fill_screen(".")
            time.sleep(0.8)
            driver = GtkFactoryDriver(s, app, rng, L.scale) if L.source == "gtk3" else QtGalleryDriver(s, app, rng)
            return self._scenario(s, driver, app, toolkit, L, budget)

    def run_app(self, L: Launch, budget: int | None) -> int:
        """One real application (source "apps"), with a private HOME holding sample files."""
        from desktop.apps import BY_NAME, AppDriver, app_argv, write_home, write_home3, write_home4
        app = BY_NAME[L.app]
        rng = random.Random(L.seed)
        w, h = L.screen
        with tempfile.TemporaryDirectory(prefix="detact-home-") as home, DesktopSession(w, h) as s:
            home = Path(home)
            cfg = home / ".config"
            self._gtk_config(cfg, L)
            write_home(home, rng, L.icon_theme, L.font)
            if L.source == "apps3":
                write_home3(home, rng, L)
            elif L.source == "apps4":
                write_home4(home, rng)
            env = {"HOME": str(home), "XDG_CONFIG_HOME": str(cfg), "XDG_DATA_HOME": str(home / ".local/share"),
                   "XDG_CACHE_HOME": str(home / ".cache")}
            if app.toolkit == "gtk3":
                env.update(GTK_THEME=L.theme, GDK_SCALE=str(int(L.scale)), GDK_DPI_SCALE="1")
            elif app.toolkit == "gtk2":  # GTK 2 loads its AT-SPI bridge as modules; theme from ~/.gtkrc-2.0
                env.update(GTK_MODULES="gail:atk-bridge")
            else:
                env.update(QT_ACCESSIBILITY="1", QT_LINUX_ACCESSIBILITY_ALWAYS_ON="1", QT_QPA_PLATFORM="xcb",
                           QT_SCALE_FACTOR=str(L.scale), QT_AUTO_SCREEN_SCALE_FACTOR="0", QT_STYLE_OVERRIDE=L.theme)
            s.launch(app_argv(app, home, rng), env=env, cwd=str(home))
            name = app.atspi or app.name
            s.wait_for_app(name, timeout=30)
            time.sleep(1.5)
            s.fill_screen(".")
            time.sleep(1.0)
            driver = AppDriver(s, name, rng, app.prefs, L.scale if app.toolkit in GTK_TOOLKITS else None)
            return self._scenario(s, driver, name, app.toolkit, L, budget)

    def _scenario(self, s: DesktopSession, driver: "_Driver", app: str, toolkit: str, L: Launch,
                  budget: int | None) -> int:
        """Run the launch's steps, one case per step that acted."""
        n = 0
        for step in L.steps:
            if budget is not None and n >= budget:
                break
            try:
                undo = driver.do(step)
                if undo is NOOP:
                    continue
                time.sleep(0.6)
                n += self._capture(s, app, toolkit, L, step)
                if undo:
                    undo()
                    time.sleep(0.4)
            except DesktopError as exc:
                self.writer.log(f"desktop launch {L.index} step {step}: {exc}")
        return n

    @staticmethod
    def _gtk_config(cfg: Path, L: Launch) -> None:
        """settings.ini with the icon theme and font (GTK reads it from XDG_CONFIG_HOME)."""
        d = cfg / "gtk-3.0"
        d.mkdir(parents=True, exist_ok=True)
        (d / "settings.ini").write_text(f"[Settings]\ngtk-icon-theme-name={L.icon_theme}\ngtk-font-name={L.font}\n"
                                        f"gtk-application-prefer-dark-theme={'true' if L.dark else 'false'}\n")

    def _capture(self, s: DesktopSession, app: str, toolkit: str, L: Launch, step: str) -> int:
        nodes = s.atspi.dump(app)
        png = s.screenshot()
        w, h = L.screen
        elements, ignore = TreeConverter(nodes, toolkit, coord_scale(nodes, w, toolkit, L.scale), w, h).convert()
        if len(elements) < 5:
            raise DesktopError(f"only {len(elements)} elements after {step}")
        wt = L.theme if toolkit in GTK_TOOLKITS else f"{L.theme}{'-dark' if L.dark else '-light'}"
        gt = {"app": L.app or app, "source": "atspi", "width": w, "height": h, "scale": L.scale,
              "theme": "dark" if L.dark else "light", "toolkit": toolkit, "widget_theme": wt,
              "icon_theme": L.icon_theme, "font": L.font, "split": L.split, "step": step,
              "elements": elements, "ignore_regions": ignore}
        kit = {"gtk3": "widget-factory", "qt": "gallery"}.get(L.source, L.app)
        self.writer.write(L.split, L.source, kit, png, gt)
        return 1


def coord_scale(nodes: list[dict], screen_w: int, toolkit: str = "", launch_scale: float | None = None) -> float:
    """Factor from AT-SPI extents to image pixels. GTK 3 reports logical pixels, so for it the
    factor is the launch's GDK_SCALE; a guess from the window's size is wrong when the window
    is larger than the screen (gtk3-widget-factory at 1024x768 logical, scale 2, came out 1).
    GTK 2 apps (source "apps3") always run at scale 1, so they get their launch's 1.
    Other toolkits (Qt reports device pixels) or an unknown scale: guessed from the main
    window filling the screen."""
    if toolkit in GTK_TOOLKITS and launch_scale:
        return float(launch_scale)
    frames = [n["ext"] for n in nodes if n["depth"] == 1 and n.get("ext") and n["ext"][2] > 0]
    if not frames:
        return 1.0
    right = max(e[0] + e[2] for e in frames)
    return 2.0 if abs(right * 2 - screen_w) < abs(right - screen_w) else 1.0


NOOP = object()  # a step that found nothing to act on: no screenshot


class _Driver:
    """Shared helpers for scenario drivers."""

    def __init__(self, s: DesktopSession, app: str, rng: random.Random, scale: float | None = None):
        """scale: AT-SPI units -> screen pixels when known (GTK: its GDK_SCALE); None: guessed."""
        self.s, self.app, self.r = s, app, rng
        self._scale = scale

    def nodes(self) -> list[dict]:
        return self.s.atspi.dump(self.app)

    def visible(self, roles: set[str], sensitive: bool = True) -> list[dict]:
        out = []
        for n in self.nodes():
            e = n.get("ext")
            if n["role"] in roles and e and e[2] > 2 and e[3] > 2 and "showing" in n["states"] and "visible" in n["states"] \
                    and (not sensitive or "sensitive" in n["states"]) and e[0] >= 0 and e[1] >= 0:
                out.append(n)
        return out

    def click_node(self, n: dict, fx: float = 0.5, fy: float = 0.5) -> None:
        x, y, w, h = n["ext"]
        sc = self.scale()
        self.s.click(int((x + w * fx) * sc), int((y + h * fy) * sc))

    def scale(self) -> float:
        """AT-SPI units -> screen pixels (1, or 2 when the toolkit reports logical pixels)."""
        if self._scale is None:
            self._scale = coord_scale(self.nodes(), self.s.width)
        return self._scale

    def escape(self) -> None:
        self.s.key("Escape")

    def focus(self) -> None:
        for _ in range(self.r.randint(1, 12)):
            self.s.key("Tab")

    def toggles(self):
        cands = self.visible({"check box", "radio button", "toggle button"})
        cands = [n for n in cands if n["name"] not in ("Menu",) and not n["name"].startswith("Page ")]
        for n in self.r.sample(cands, min(len(cands), self.r.randint(2, 5))):
            self.click_node(n, 0.2 if n["role"] != "toggle button" else 0.5)
            time.sleep(0.15)
        return None if cands else NOOP

    def scroll(self):
        panes = self.visible({"scroll pane", "table", "tree table", "list", "text"}, sensitive=False)
        if panes:
            n = self.r.choice(panes)
            x, y, w, h = n["ext"]
            sc = self.scale()
            self.s.xdotool("mousemove", str(int((x + w / 2) * sc)), str(int((y + h / 2) * sc)))
            for _ in range(self.r.randint(2, 6)):
                self.s.xdotool("click", "5")
            return None
        return NOOP

    def combo(self):
        cands = [n for n in self.visible({"combo box"}) if n["ext"][2] > 20]
        if not cands:
            return NOOP
        self.click_node(self.r.choice(cands), 0.85)
        return self.escape

    def click_one(self, cands: list[dict], undo=None):
        """Click a random one of ``cands``; returns ``undo`` (the step's undo callable), or NOOP when
        there is none to click."""
        if not cands:
            return NOOP
        self.click_node(self.r.choice(cands))
        return undo

    def tab(self):
        """Switch to a random page tab that is not selected."""
        return self.click_one([n for n in self.visible({"page tab"}) if "selected" not in n["states"]])

    def do(self, step: str):
        """Perform a step; returns an undo callable (e.g. close the popup), None, or NOOP when it
        found nothing to act on. The steps every app has are methods here; the rest, ``app_step``."""
        if step == "initial":
            return None
        if step in ("toggles", "combo", "tab", "focus", "scroll"):
            return getattr(self, step)()
        return self.app_step(step)

    def app_step(self, step: str):
        raise NotImplementedError


class GtkFactoryDriver(_Driver):
    """Scenario steps for gtk3-widget-factory."""

    def app_step(self, step: str):
        if step.startswith("page"):
            pages = [n for n in self.visible({"radio button"}) if n["name"] == f"Page {step[-1]}"]
            if pages:
                self.s.atspi.act(self.app, pages[0]["path"], "click")
                return None
            return NOOP
        if step == "menu":
            menu = [n for n in self.visible({"toggle button"}) if n["name"] == "Menu"]
            if menu:
                self.s.atspi.act(self.app, menu[0]["path"], "click")
                return self.escape
            return NOOP
        if step == "menubutton":
            cands = [n for n in self.visible({"toggle button", "push button"}) if n["name"] not in
                     ("Menu", "Minimize", "Maximize", "Close") and not n["name"].startswith("Page")]
            return self.click_one(cands, self.escape)
        raise DesktopError(f"unknown gtk3 step {step}")


class QtGalleryDriver(_Driver):
    """Scenario steps for the PySide6 gallery."""

    def app_step(self, step: str):
        if step.startswith("tab"):
            return self.tab()
        if step == "menu":
            bar = [n for n in self.visible({"menu item"}) if n.get("id", "").endswith("QMenuBar.QAction")]
            return self.click_one(bar, self.escape)
        raise DesktopError(f"unknown qt step {step}")
