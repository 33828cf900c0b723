"""A header bar with a zoom entry between zoom buttons (eog's), and a form: an entry with a drop-down
icon, an editable combo box, a combo box, a spin button, an entry with an icon. GTK 3."""
import os

from gtkwin import Gtk, window

w = window("zoom")
hb = Gtk.HeaderBar(); hb.set_show_close_button(True); hb.set_title("photo-1.png"); hb.set_subtitle("640 x 480 pixels  42 kB  100%")
def ib(icon, name, toggle=False, menu=False):
    b = Gtk.MenuButton() if menu else (Gtk.ToggleButton() if toggle else Gtk.Button())
    b.add(Gtk.Image.new_from_icon_name(icon, Gtk.IconSize.BUTTON)); b.get_accessible().set_name(name); return b
hb.pack_start(ib("go-previous-symbolic", "Previous"))
hb.pack_start(ib("go-next-symbolic", "Next"))
zoom = Gtk.Box(); zoom.get_style_context().add_class("linked")
zoom.add(ib("zoom-out-symbolic", "Zoom out"))
e = Gtk.Entry(); e.set_text(os.environ.get("ZTEXT", "100%")); e.set_width_chars(7)
e.set_icon_from_icon_name(Gtk.EntryIconPosition.SECONDARY, "pan-down-symbolic"); zoom.add(e)
zoom.add(ib("zoom-in-symbolic", "Zoom in"))
hb.pack_end(ib("open-menu-symbolic", "Menu", menu=True))
hb.pack_end(ib("view-fullscreen-symbolic", "Fullscreen"))
hb.pack_end(zoom)
w.set_titlebar(hb)
box = Gtk.VBox(spacing=12); box.set_border_width(24)
# a plain entry with a secondary drop-down icon, a combo with entry, a combo, a spin button
for lab, wid in (("Zoom:", None), ("Location:", "combo-entry"), ("Sort by:", "combo"), ("Count:", "spin"), ("Name:", "entry-icon")):
    row = Gtk.Box(spacing=12); row.pack_start(Gtk.Label(label=lab), False, False, 0)
    if wid is None:
        x = Gtk.Entry(); x.set_text("Fit Width"); x.set_icon_from_icon_name(Gtk.EntryIconPosition.SECONDARY, "pan-down-symbolic")
    elif wid == "combo-entry":
        x = Gtk.ComboBoxText.new_with_entry(); [x.append_text(t) for t in ("/home/user", "/tmp")]; x.get_child().set_text("/home/user/Projects")
    elif wid == "combo":
        x = Gtk.ComboBoxText(); [x.append_text(t) for t in ("Name", "Size")]; x.set_active(0)
    elif wid == "spin":
        x = Gtk.SpinButton.new_with_range(0, 100, 1); x.set_value(12)
    else:
        x = Gtk.Entry(); x.set_text("untitled.txt"); x.set_icon_from_icon_name(Gtk.EntryIconPosition.PRIMARY, "document-new-symbolic")
    row.pack_start(x, False, False, 0); box.pack_start(row, False, False, 0)
w.add(box)
w.show_all()
Gtk.main()
