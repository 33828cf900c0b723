"""What every GTK 3 window of the forms corpus starts with: GTK loaded, the program named after
the script (AT-SPI names the application so), the size the harness asks for (W, H)."""
import os
import sys
from pathlib import Path

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import GLib, Gtk  # noqa: E402

W, H = int(os.environ.get("W", 1000)), int(os.environ.get("H", 600))


def window(title: str) -> Gtk.Window:
    """A top-level window of the harness's size at the top left, named after the running script."""
    GLib.set_prgname(Path(sys.argv[0]).stem)
    w = Gtk.Window(title=title)
    w.set_default_size(W, H)
    w.move(0, 0)
    w.connect("destroy", Gtk.main_quit)
    return w
