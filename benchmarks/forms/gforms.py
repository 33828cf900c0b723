"""A preferences window: notebook tabs, entries (text, placeholder, password, clear icon), combo
boxes, a spin button, a switch, a scale, a font button, check buttons and radios. GTK 3."""
from gtkwin import H, W, Gtk, window  # noqa: F401

w = window("Preferences")
outer = Gtk.VBox()
nb = Gtk.Notebook()
grid = Gtk.Grid(column_spacing=12, row_spacing=8); grid.set_border_width(18)
r = 0
def row(label, widget):
    global r
    lab = Gtk.Label(label=label); lab.set_xalign(0); grid.attach(lab, 0, r, 1, 1); grid.attach(widget, 1, r, 1, 1); r += 1
e = Gtk.Entry(); e.set_text("/home/user/Downloads"); e.set_hexpand(True); row("Download folder:", e)
e = Gtk.Entry(); e.set_placeholder_text("Search files"); row("Filter:", e)
e = Gtk.Entry(); e.set_text("secret"); e.set_visibility(False); row("Password:", e)
e = Gtk.Entry(); e.set_text("firefox %s"); e.set_icon_from_icon_name(Gtk.EntryIconPosition.SECONDARY, "edit-clear-symbolic"); row("Browser:", e)
c = Gtk.ComboBoxText(); [c.append_text(t) for t in ("Spaces", "Tabs", "Tabs and spaces")]; c.set_active(0); row("Indent with:", c)
c = Gtk.ComboBoxText.new_with_entry(); [c.append_text(t) for t in ("xterm", "lxterminal")]; c.get_child().set_text("x-terminal-emulator -e"); row("Terminal:", c)
s = Gtk.SpinButton.new_with_range(1, 16, 1); s.set_value(4); row("Tab width:", s)
s = Gtk.SpinButton.new_with_range(0, 10, 0.5); s.set_digits(1); s.set_value(1.5); row("Line spacing:", s)
sw = Gtk.Switch(); sw.set_active(True); sw.set_halign(Gtk.Align.START); row("Autosave:", sw)
sc = Gtk.Scale.new_with_range(Gtk.Orientation.HORIZONTAL, 0, 100, 1); sc.set_value(40); sc.set_draw_value(False); row("Volume:", sc)
fb = Gtk.FontButton.new_with_font("Monospace 10"); row("Editor font:", fb)
right = Gtk.VBox(spacing=6); right.set_border_width(18)
for t, on, sens in (("Show line numbers", True, True), ("Highlight current line", False, True), ("Wrap long lines", True, True),
                    ("Use system font", False, False)):
    cb = Gtk.CheckButton(label=t); cb.set_active(on); cb.set_sensitive(sens); right.pack_start(cb, False, False, 0)
frame = Gtk.Frame(label="Line endings"); fbox = Gtk.VBox(spacing=4); fbox.set_border_width(8)
g = None
for t in ("Unix (LF)", "Windows (CR LF)", "Mac (CR)"):
    rb = Gtk.RadioButton.new_with_label_from_widget(g, t); g = g or rb; fbox.pack_start(rb, False, False, 0)
frame.add(fbox); right.pack_start(frame, False, False, 6)
page = Gtk.HBox(); page.pack_start(grid, True, True, 0); page.pack_start(right, False, False, 0)
nb.append_page(page, Gtk.Label(label="Editor"))
for t in ("Files", "Terminal", "Keybindings"):
    nb.append_page(Gtk.Label(label=t + " settings"), Gtk.Label(label=t))
outer.pack_start(nb, True, True, 0)
bb = Gtk.HButtonBox(); bb.set_layout(Gtk.ButtonBoxStyle.END); bb.set_spacing(6); bb.set_border_width(8)
for t in ("Help", "Cancel", "Apply", "OK"):
    bb.add(Gtk.Button(label=t))
outer.pack_start(bb, False, False, 0)
w.add(outer)
w.show_all()
Gtk.main()
