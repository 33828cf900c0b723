"""An editor: menu bar, toolbar with icon buttons and two entries (search, line number), a symbol
tree with a search entry, a text view and a find bar (entries, buttons, a check button). GTK 3."""
from gtkwin import H, W, Gtk, window  # noqa: F401

w = window("script.py - Editor")
box = Gtk.VBox()
mb = Gtk.MenuBar()
for t in ("File", "Edit", "Search", "View", "Document", "Project", "Build", "Tools", "Help"):
    mb.append(Gtk.MenuItem(label=t))
box.pack_start(mb, False, False, 0)
tb = Gtk.Toolbar(); tb.set_style(Gtk.ToolbarStyle.ICONS)
for icon, name in (("document-new", "New"), ("document-open", "Open"), ("document-save", "Save"), ("document-revert", "Revert"),
                   ("window-close", "Close"), ("go-previous", "Back"), ("go-next", "Forward"), ("system-run", "Execute")):
    b = Gtk.ToolButton(); b.set_icon_name(icon); b.set_label(name); b.set_tooltip_text(name); tb.insert(b, -1)
tb.insert(Gtk.SeparatorToolItem(), -1)
ti = Gtk.ToolItem(); se = Gtk.Entry(); se.set_width_chars(14); se.set_placeholder_text("Search"); ti.add(se); tb.insert(ti, -1)
b = Gtk.ToolButton(); b.set_icon_name("edit-find"); b.set_label("Find"); tb.insert(b, -1)
ti = Gtk.ToolItem(); ge = Gtk.Entry(); ge.set_width_chars(6); ge.set_text("42"); ti.add(ge); tb.insert(ti, -1)
b = Gtk.ToolButton(); b.set_icon_name("go-jump"); b.set_label("Go to line"); tb.insert(b, -1)
box.pack_start(tb, False, False, 0)
paned = Gtk.Paned()
side = Gtk.VBox()
sf = Gtk.SearchEntry(); sf.set_placeholder_text("Filter symbols"); side.pack_start(sf, False, False, 2)
store = Gtk.TreeStore(str)
f = store.append(None, ["Functions"]); [store.append(f, [n]) for n in ("main [12]", "parse_args [30]", "run [44]")]
tv = Gtk.TreeView(model=store); tv.set_headers_visible(False); tv.append_column(Gtk.TreeViewColumn("n", Gtk.CellRendererText(), text=0)); tv.expand_all()
side.pack_start(tv, True, True, 0)
paned.pack1(side, False, False)
right = Gtk.VBox()
txt = Gtk.TextView(); txt.set_monospace(True)
txt.get_buffer().set_text("import sys\n\n\ndef main(argv):\n    name = argv[1] if len(argv) > 1 else 'world'\n    print(f'hello {name}')\n    return 0\n")
sc = Gtk.ScrolledWindow(); sc.add(txt); right.pack_start(sc, True, True, 0)
# a find bar at the bottom: entry, case check box, buttons
fbar = Gtk.HBox(spacing=6); fbar.set_border_width(4)
fbar.pack_start(Gtk.Label(label="Find:"), False, False, 0)
fe = Gtk.Entry(); fe.set_text("argv"); fbar.pack_start(fe, False, False, 0)
for t in ("Previous", "Next"):
    fbar.pack_start(Gtk.Button(label=t), False, False, 0)
fbar.pack_start(Gtk.CheckButton(label="Match case"), False, False, 0)
fbar.pack_start(Gtk.Label(label="Replace:"), False, False, 0)
re_ = Gtk.Entry(); re_.set_placeholder_text("Replace with"); fbar.pack_start(re_, False, False, 0)
right.pack_start(fbar, False, False, 0)
paned.pack2(right, True, False); paned.set_position(220)
box.pack_start(paned, True, True, 0)
st = Gtk.Statusbar(); st.push(0, "line: 4 / 8   col: 0   sel: 0   INS   SP   mode: LF   encoding: UTF-8"); box.pack_start(st, False, False, 0)
w.add(box)
w.show_all()
Gtk.main()
