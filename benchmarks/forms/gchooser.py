"""GTK 3's file chooser dialog (MODE=open or save) on a folder of eight folders and six files."""
import gi
import os
import tempfile
gi.require_version('Gtk', '3.0')
from gi.repository import Gtk, GLib
GLib.set_prgname("gchooser")
W, H = int(os.environ.get("W", 1000)), int(os.environ.get("H", 600))
mode = os.environ.get("MODE", "open")
root = os.path.join(tempfile.gettempdir(), "chooser-home")
os.makedirs(root, exist_ok=True)
for d in ("Desktop", "Documents", "Downloads", "Music", "Pictures", "Projects", "Templates", "Videos"):
    os.makedirs(os.path.join(root, d), exist_ok=True)
for f, n in (("notes.txt", 1200), ("report.pdf", 48000), ("photo-1.png", 230000), ("script.py", 800), ("budget.ods", 15000), ("todo.md", 300)):
    p = os.path.join(root, f)
    if not os.path.exists(p):
        open(p, "w").write("x" * n)
action = Gtk.FileChooserAction.SAVE if mode == "save" else Gtk.FileChooserAction.OPEN
title = "Save File" if mode == "save" else "Open File"
d = Gtk.FileChooserDialog(title=title, action=action)
d.add_buttons("_Cancel", Gtk.ResponseType.CANCEL, "_Save" if mode == "save" else "_Open", Gtk.ResponseType.ACCEPT)
d.set_default_size(800, 480)
d.set_current_folder(root)
if mode == "save":
    d.set_current_name("untitled.txt")
else:
    flt = Gtk.FileFilter(); flt.set_name("All files"); flt.add_pattern("*"); d.add_filter(flt)
    flt2 = Gtk.FileFilter(); flt2.set_name("Text files"); flt2.add_pattern("*.txt"); d.add_filter(flt2)
    GLib.timeout_add(600, lambda: d.select_filename(os.path.join(root, "report.pdf")) and False)
d.connect("destroy", Gtk.main_quit)
d.show_all()
Gtk.main()
