"""A document viewer's header bar (evince's): a page entry linked to a greyed "of N" entry, a zoom
entry with a drop-down icon, toggle and menu buttons; a sidebar of page thumbnails and, with
FIND=1, a search bar. GTK 3."""
import os

from gtkwin import Gtk, window

w = window("report.pdf")
hb = Gtk.HeaderBar(); hb.set_show_close_button(True); hb.set_title("report.pdf")


def ib(icon, name, toggle=False, menu=False):
    b = Gtk.MenuButton() if menu else (Gtk.ToggleButton() if toggle else Gtk.Button())
    b.add(Gtk.Image.new_from_icon_name(icon, Gtk.IconSize.BUTTON)); b.get_accessible().set_name(name); return b


hb.pack_start(ib("view-sidebar-start-symbolic", "Side pane", toggle=True))
page = Gtk.Box()
for c in ("raised", "linked"):
    page.get_style_context().add_class(c)
entry = Gtk.Entry(); entry.set_width_chars(5); entry.set_alignment(1.0); entry.set_text(os.environ.get("PAGE", "3"))
entry.get_accessible().set_name("page-label-entry")
of_text = os.environ.get("OF", "of 12")
of = Gtk.Entry(); of.set_width_chars(max(5, len(of_text) - 2)); of.set_text(of_text); of.set_sensitive(False)
page.add(entry); page.add(of)
hb.pack_start(page)
hb.pack_end(ib("open-menu-symbolic", "Menu", menu=True))
hb.pack_end(ib("edit-find-symbolic", "Search", toggle=True))
zoom = Gtk.Entry(); zoom.set_width_chars(10); zoom.set_text(os.environ.get("ZOOM", "125%"))
zoom.set_icon_from_icon_name(Gtk.EntryIconPosition.SECONDARY, "go-down-symbolic")
hb.pack_end(zoom)
w.set_titlebar(hb)
box = Gtk.VBox()
if os.environ.get("FIND"):
    bar = Gtk.SearchBar(); inner = Gtk.Box(spacing=6)
    se = Gtk.SearchEntry(); se.set_width_chars(28); se.set_text("quarterly")
    inner.add(se)
    nav = Gtk.Box(); nav.get_style_context().add_class("linked")
    nav.add(ib("go-up-symbolic", "Find previous")); nav.add(ib("go-down-symbolic", "Find next"))
    inner.add(nav)
    bar.add(inner); bar.set_search_mode(True); bar.set_show_close_button(False)
    box.pack_start(bar, False, False, 0)
paned = Gtk.Paned()
side = Gtk.VBox()
store = Gtk.ListStore(str)
for n in range(1, 9):
    store.append([f"Page {n}"])
tv = Gtk.TreeView(model=store); tv.set_headers_visible(False)
tv.append_column(Gtk.TreeViewColumn("p", Gtk.CellRendererText(), text=0))
side.pack_start(tv, True, True, 0); side.set_size_request(160, -1)
paned.pack1(side, False, False)
doc = Gtk.Label(label="Quarterly report\n\nRevenue grew in every region this quarter.")
doc.set_valign(Gtk.Align.START); doc.set_margin_top(30)
paned.pack2(doc, True, False)
box.pack_start(paned, True, True, 0)
w.add(box)
w.show_all()
Gtk.main()
