"""An IDE's window: a side notebook of two tabs over a symbol tree, an editor notebook with a
closable document tab, and a message notebook whose Status page lists log lines in a headerless
tree view. GTK 3."""
from gtkwin import H, W, Gtk, window  # noqa: F401

w = window("main.c - IDE")
box = Gtk.VBox()
mb = Gtk.MenuBar()
for t in ("File", "Edit", "Search", "View", "Build", "Help"):
    mb.append(Gtk.MenuItem(label=t))
box.pack_start(mb, False, False, 0)
vpaned = Gtk.Paned(orientation=Gtk.Orientation.VERTICAL)
hpaned = Gtk.Paned()
side = Gtk.Notebook()
store = Gtk.TreeStore(str)
f = store.append(None, ["Functions"]); [store.append(f, [n]) for n in ("main [12]", "usage [30]", "read_config [44]")]
v = store.append(None, ["Variables"]); [store.append(v, [n]) for n in ("verbose [5]", "config_path [6]")]
tv = Gtk.TreeView(model=store); tv.set_headers_visible(False)
tv.append_column(Gtk.TreeViewColumn("n", Gtk.CellRendererText(), text=0)); tv.expand_all()
side.append_page(tv, Gtk.Label(label="Symbols"))
docs = Gtk.ListStore(str); [docs.append([n]) for n in ("main.c", "config.h")]
dv = Gtk.TreeView(model=docs); dv.set_headers_visible(False); dv.append_column(Gtk.TreeViewColumn("d", Gtk.CellRendererText(), text=0))
side.append_page(dv, Gtk.Label(label="Documents"))
hpaned.pack1(side, False, False)
ed = Gtk.Notebook()
for name in ("main.c", "config.h"):
    tab = Gtk.HBox(spacing=4); tab.pack_start(Gtk.Label(label=name), False, False, 0)
    close = Gtk.Button(); close.set_relief(Gtk.ReliefStyle.NONE); close.add(Gtk.Image.new_from_icon_name("window-close-symbolic", Gtk.IconSize.MENU))
    close.get_accessible().set_name("Close"); tab.pack_start(close, False, False, 0); tab.show_all()
    txt = Gtk.TextView(); txt.set_monospace(True)
    txt.get_buffer().set_text('#include <stdio.h>\n\nint main(int argc, char **argv)\n{\n    printf("hello\\n");\n    return 0;\n}\n')
    sc = Gtk.ScrolledWindow(); sc.add(txt); ed.append_page(sc, tab)
hpaned.pack2(ed, True, False); hpaned.set_position(220)
vpaned.pack1(hpaned, True, False)
msg = Gtk.Notebook()
log = Gtk.ListStore(str)
for line in ("10:42:07: This is the IDE 2.1 (built on Nov 28 2026).", "10:42:07: New file \"main.c\" opened.",
             "10:42:09: File config.h opened (2)."):
    log.append([line])
lv = Gtk.TreeView(model=log); lv.set_headers_visible(False); lv.append_column(Gtk.TreeViewColumn("l", Gtk.CellRendererText(), text=0))
msg.append_page(lv, Gtk.Label(label="Status"))
for t in ("Compiler", "Messages", "Scribble", "Terminal"):
    msg.append_page(Gtk.Label(label=""), Gtk.Label(label=t))
vpaned.pack2(msg, False, False); vpaned.set_position(int(H * 0.62))
box.pack_start(vpaned, True, True, 0)
st = Gtk.Statusbar(); st.push(0, "line: 5 / 8   col: 4   INS   TAB   mode: LF   encoding: UTF-8   filetype: C"); box.pack_start(st, False, False, 0)
w.add(box)
w.show_all()
Gtk.main()
