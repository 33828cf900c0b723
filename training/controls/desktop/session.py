"""A throw-away X11 desktop for one application: Xvfb + session D-Bus + AT-SPI bus.

    with DesktopSession(1366, 768) as s:
        app = s.launch(["gtk3-widget-factory"], env={...})
        s.wait_for_app("gtk3-widget-factory")
        nodes = s.atspi.dump("gtk3-widget-factory")
        png = s.screenshot()
"""
from __future__ import annotations

import io
import json
import logging
import os
import shutil
import signal
import subprocess
import time
from pathlib import Path

log = logging.getLogger("controls.desktop")

SYSTEM_PYTHON = "/usr/bin/python3"
ATSPI_HELPER = Path(__file__).with_name("atspi_dump.py")
AT_SPI_LAUNCHER = "/usr/libexec/at-spi-bus-launcher"
REQUIRED_TOOLS = ("Xvfb", "dbus-daemon", "xdotool")


class DesktopError(RuntimeError):
    """The X/D-Bus/AT-SPI session could not be set up or an app did not show up."""


def check_tools() -> None:
    """Fail early, naming what is missing."""
    missing = [t for t in REQUIRED_TOOLS if shutil.which(t) is None]
    if not Path(AT_SPI_LAUNCHER).exists():
        missing.append(AT_SPI_LAUNCHER + " (at-spi2-core)")
    if not Path(SYSTEM_PYTHON).exists():
        missing.append(SYSTEM_PYTHON)
    else:
        ok = subprocess.run([SYSTEM_PYTHON, "-c", "import pyatspi"], capture_output=True).returncode == 0
        if not ok:
            missing.append("python3-pyatspi for " + SYSTEM_PYTHON)
    if missing:
        raise DesktopError(f"desktop sources need: {', '.join(missing)}")


class AtspiClient:
    """Talks to atspi_dump.py (system python) over a pipe."""

    def __init__(self, env: dict):
        self.proc = subprocess.Popen([SYSTEM_PYTHON, str(ATSPI_HELPER)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True, bufsize=1)

    def call(self, **req) -> dict:
        self.proc.stdin.write(json.dumps(req) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise DesktopError("AT-SPI helper died")
        res = json.loads(line)
        if "error" in res:
            raise DesktopError(res["error"])
        return res

    def apps(self) -> list[str]:
        return self.call(cmd="apps")["apps"]

    def dump(self, app: str) -> list[dict]:
        return self.call(cmd="dump", app=app)["nodes"]

    def act(self, app: str, path: list[int], action: str | None = None) -> bool:
        return self.call(cmd="act", app=app, path=path, action=action)["ok"]

    def select(self, app: str, path: list[int]) -> bool:
        return self.call(cmd="select", app=app, path=path)["ok"]

    def close(self) -> None:
        try:
            self.proc.stdin.write('{"cmd": "quit"}\n')
            self.proc.stdin.flush()
            self.proc.wait(timeout=3)
        except Exception:
            self.proc.kill()


class DesktopSession:
    """Xvfb screen + private session bus + AT-SPI bus; kills everything it started on exit."""

    def __init__(self, width: int, height: int):
        self.width, self.height = width, height
        self.procs: list[subprocess.Popen] = []
        self.env: dict = {}
        self.display = ""
        self.atspi: AtspiClient | None = None

    def __enter__(self) -> "DesktopSession":
        try:
            self._start()
        except Exception:
            self.close()
            raise
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _start(self) -> None:
        r, w = os.pipe()
        xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(w), "-screen", "0", f"{self.width}x{self.height}x24",
                                 "-nolisten", "tcp", "-noreset", "+extension", "RANDR"],
                                pass_fds=(w,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(w)
        self.procs.append(xvfb)
        with os.fdopen(r) as f:
            num = f.readline().strip()
        if not num:
            raise DesktopError("Xvfb did not start")
        self.display = f":{num}"
        env = {k: v for k, v in os.environ.items() if not k.startswith(("GTK_", "QT_", "GDK_", "DBUS_", "AT_SPI", "XDG_"))}
        env.pop("NO_AT_BRIDGE", None)
        runtime = Path(f"/tmp/detact-xdg-{os.getpid()}-{num}")
        runtime.mkdir(mode=0o700, exist_ok=True)
        env.update(DISPLAY=self.display, XDG_RUNTIME_DIR=str(runtime), GTK_A11Y="atspi", NO_AT_BRIDGE="0",
                   ACCESSIBILITY_ENABLED="1", GNOME_ACCESSIBILITY="1", XDG_CURRENT_DESKTOP="XFCE",
                   GSETTINGS_BACKEND="memory", LIBGL_ALWAYS_SOFTWARE="1")
        dbus = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address=1", "--nopidfile"],
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True)
        self.procs.append(dbus)
        addr = dbus.stdout.readline().strip()
        if not addr:
            raise DesktopError("dbus-daemon did not start")
        env["DBUS_SESSION_BUS_ADDRESS"] = addr
        self.procs.append(subprocess.Popen([AT_SPI_LAUNCHER, "--launch-immediately"], env=env,
                                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        self.env = env
        self.runtime = runtime
        time.sleep(0.6)
        self.atspi = AtspiClient(env)

    def launch(self, argv: list[str], env: dict | None = None, cwd: str | None = None) -> subprocess.Popen:
        """Start an application inside the session."""
        full = dict(self.env, **(env or {}))
        p = subprocess.Popen(argv, env=full, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                             start_new_session=True)
        self.procs.append(p)
        return p

    def wait_for_app(self, name: str, timeout: float = 20.0, min_nodes: int = 10) -> list[dict]:
        """Poll AT-SPI until the app is registered and shows a tree; returns the first dump."""
        t0 = time.time()
        last = None
        while time.time() - t0 < timeout:
            try:
                if name in self.atspi.apps():
                    nodes = self.atspi.dump(name)
                    if len(nodes) >= min_nodes:
                        return nodes
            except DesktopError as exc:
                last = exc
            time.sleep(0.4)
        raise DesktopError(f"{name} did not appear on AT-SPI within {timeout:.0f}s ({last})")

    def screenshot(self) -> bytes:
        """PNG of the whole X screen."""
        from PIL import ImageGrab
        img = ImageGrab.grab(xdisplay=self.display)
        buf = io.BytesIO()
        img.convert("RGB").save(buf, format="PNG", compress_level=3)
        return buf.getvalue()

    def xdotool(self, *args: str) -> str:
        """Run xdotool on this display."""
        res = subprocess.run(["xdotool", *args], env=self.env, capture_output=True, text=True, timeout=10)
        return res.stdout.strip()

    def click(self, x: int, y: int, button: int = 1) -> None:
        self.xdotool("mousemove", str(int(x)), str(int(y)), "click", str(button))

    def key(self, *keys: str) -> None:
        self.xdotool("key", *keys)

    def fill_screen(self, name_pattern: str) -> None:
        """Move the app's visible top-level windows to 0,0 and size them to the screen."""
        for wid in self.xdotool("search", "--onlyvisible", "--name", name_pattern).split():
            self.xdotool("windowmove", wid, "0", "0")
            self.xdotool("windowsize", wid, str(self.width), str(self.height))

    def close(self) -> None:
        """Stop the AT-SPI helper, the apps, the buses and Xvfb (only what this session started)."""
        if self.atspi:
            self.atspi.close()
            self.atspi = None
        for p in reversed(self.procs):
            if p.poll() is None:
                try:
                    if p.args and isinstance(p.args, list) and p.args[0] not in ("Xvfb", "dbus-daemon", AT_SPI_LAUNCHER):
                        os.killpg(p.pid, signal.SIGTERM)  # apps run in their own session/group
                    else:
                        p.terminate()
                    p.wait(timeout=3)
                except Exception:
                    p.kill()
        self.procs.clear()
        if getattr(self, "runtime", None):
            shutil.rmtree(self.runtime, ignore_errors=True)
