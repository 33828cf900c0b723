"""Base kit: renders every spec widget as native HTML or an ARIA pattern.

Kit subclasses override the widgets their library provides and inherit the rest (styled by
base.css with colours taken from the kit's theme).  Every element that carries a role gets a
``data-w`` attribute naming what it really is; ``data-box="host"`` on a web component tells
the extractor to use the component's own box; ``data-dx="icon"`` marks decorative icons and
``data-open`` marks controls the renderer opens with a click after load.
"""
from __future__ import annotations

import html
import random
import zlib
from pathlib import Path

from icons import IconSets

BASE_CSS = (Path(__file__).with_name("base.css")).read_text()
FONTS = ["'DejaVu Sans'", "'Liberation Sans'", "'Noto Sans'", "Roboto", "'Open Sans'", "Inter", "Cantarell",
         "'Liberation Serif'", "system-ui"]
CURRENT = ' aria-current="page"'
HOT = ' class="dx-hot"'
ARIA_DISABLED = ' aria-disabled="true"'
ACCENTS = ["#2563eb", "#0f766e", "#7c3aed", "#db2777", "#ea580c", "#16a34a", "#0284c7", "#4f46e5", "#b91c1c"]


def esc(s) -> str:
    """HTML-escape text and attribute values."""
    return html.escape(str(s), quote=True)


class Kit:
    """Renders page specs to HTML.  One instance per page (holds the id counter and RNG)."""

    name = "native"
    dark_ok = True
    iconsets = ("bootstrap", "mdi", "lucide", "tabler")

    def __init__(self, icons: IconSets, rng: random.Random, theme: str, variant: str = ""):
        self.icons = icons
        self.r = rng
        self.theme = theme
        self.dark = theme == "dark"
        self.variant = variant
        self.iconset = rng.choice(self.iconsets)
        self._n = 0

    # -- helpers -----------------------------------------------------------------------
    def uid(self, prefix: str = "dx") -> str:
        self._n += 1
        return f"{prefix}{self._n}"

    def icon(self, action: str, size: int = 18, deco: bool = False) -> str:
        """Inline SVG; deco=True marks a standalone decorative icon (an 'img' negative)."""
        extra = 'data-dx="icon" class="dx-icon"' if deco else ""
        return self.icons.svg(action, self.iconset, size, extra)

    @staticmethod
    def dis(flag: bool) -> str:
        return " disabled" if flag else ""

    @staticmethod
    def row_labelled(w: dict) -> str:
        """The aria-labelledby attribute of a control its setting row labels, else ""."""
        return f'aria-labelledby="{w["_lbl"]}"' if w.get("labelled_by_row") else ""

    @staticmethod
    def label_attr(w: dict, attr: str = "label") -> str:
        """aria-labelledby its setting row when that labels the control, else ``attr``="its label"."""
        return f'aria-labelledby="{w["_lbl"]}"' if w.get("labelled_by_row") else f'{attr}="{esc(w["label"])}"'

    @staticmethod
    def span_field(w: dict, control: str) -> str:
        """``control`` alone when its setting row labels it, else in a field under a <span> label."""
        return control if w.get("labelled_by_row") else f'<div class="dx-field"><span>{esc(w["label"])}</span>{control}</div>'

    @staticmethod
    def labelled_field(w: dict, i: str, control: str) -> str:
        """``control`` (id ``i``) alone when its setting row labels it, else in a field with a <label>."""
        if w.get("labelled_by_row"):
            return control
        return f'<div class="dx-field"><label for="{i}">{esc(w["label"])}</label>{control}</div>'

    def render(self, w: dict) -> str:
        """Dispatch one widget spec to its w_<type> method."""
        return getattr(self, "w_" + w["t"])(w)

    def render_all(self, ws: list[dict]) -> str:
        return "\n".join(self.render(w) for w in ws)

    # -- document ----------------------------------------------------------------------
    def head(self) -> str:
        """<link>/<script> tags of the kit (none for native HTML)."""
        return ""

    def html_attrs(self) -> str:
        return f'class="dx-{self.theme}"'

    def body_attrs(self) -> str:
        return ""

    def extra_css(self) -> str:
        """Kit-specific CSS appended after base.css (theme variables, fixes)."""
        return ""

    def ready_script(self) -> str:
        """JS run after load; must set window.__dxReady = true when the page is drawn."""
        return "window.__dxReady = true;"

    def page_vars(self) -> str:
        """Per-page randomisation of font, size, density and accent."""
        r = self.r
        return (f":root {{ --dx-font: {r.choice(FONTS)}, sans-serif; --dx-size: {r.choice([13, 14, 14, 15, 16])}px; "
                f"--dx-pad: {r.choice([0.8, 1, 1, 1.2])}; --dx-accent: {r.choice(ACCENTS)}; "
                f"--dx-radius: {r.choice([0, 3, 4, 6, 8])}px; --dx-side-w: {r.choice([200, 220, 240, 260])}px; }}")

    def document(self, page: dict) -> str:
        """The complete HTML document for a page spec."""
        body = self.shell(page)
        return (f"<!doctype html><html lang=\"en\" {self.html_attrs()}><head><meta charset=\"utf-8\">"
                f"<title>{esc(page['title'])} – {esc(page['app'])}</title>"
                f"{self.head()}<style>{BASE_CSS}\n{self.page_vars()}\n{self.extra_css()}</style></head>"
                f"<body {self.body_attrs()}>{body}<script type=\"module\">{self.ready_script()}</script></body></html>")

    # -- page shell --------------------------------------------------------------------
    def shell(self, page: dict) -> str:
        side = self.sidebar(page["sidebar"]) if page["sidebar"] else ""
        crumbs = self.w_breadcrumb(page["breadcrumb"]) if page.get("breadcrumb") else ""
        main = "".join(self.section(s) for s in page["main"])
        overlay = self.w_dialog(page["overlay"]) if page.get("overlay") else ""
        return (f'<div class="dx-app">{self.header(page["header"])}<div class="dx-body">{side}'
                f'<main class="dx-main">{crumbs}<h1>{esc(page["title"])}</h1>{main}</main></div></div>{overlay}')

    def header(self, h: dict) -> str:
        parts = [f'<span class="dx-brand">{esc(h["app"])}</span>']
        if h["kind"] == "nav":
            links = "".join(f'<a href="#" data-w="a"{CURRENT if i == h.get("active") else ""}>{esc(t)}</a>'
                            for i, t in enumerate(h["links"]))
            parts.append(f'<nav class="dx-hnav" aria-label="Main">{links}</nav>')
        elif h["kind"] == "menubar" and h.get("menubar"):
            parts.append(self.w_menubar(h["menubar"]))
        parts.append('<div class="dx-spacer"></div>')
        if h.get("search"):
            parts.append(self.search_field(h["search"]))
        parts += [self.render(b) for b in h["icons"]]
        if h.get("button"):
            parts.append(self.render(h["button"]))
        return f'<header class="dx-header">{"".join(parts)}</header>'

    def sidebar(self, s: dict) -> str:
        if s["kind"] == "tree":
            inner = self.w_tree(s["tree"])
        else:
            icons = ["home", "mail", "folder", "calendar", "user", "settings", "star", "archive", "tag", "chat", "bell"]
            lis = []
            for i, t in enumerate(s["items"]):
                ic = self.icon(icons[i % len(icons)], 16) if s.get("icons") else ""
                cur = ' aria-current="page"' if i == s["active"] else ""
                lis.append(f'<li><a href="#" data-w="a"{cur}>{ic}<span>{esc(t)}</span></a></li>')
            head = f'<div class="dx-side-h">{esc(s["heading"])}</div>' if s.get("heading") else ""
            inner = f'{head}<nav aria-label="Sidebar"><ul class="dx-nav">{"".join(lis)}</ul></nav>'
        return f'<aside class="dx-side">{inner}</aside>'

    def section(self, s: dict) -> str:
        title = f"<h2>{esc(s['title'])}</h2>" if s.get("title") else ""
        desc = f'<p class="dx-desc">{esc(s["desc"])}</p>' if s.get("desc") else ""
        return f'<section class="dx-section">{title}{desc}{self.render_all(s["items"])}</section>'

    # -- leaf widgets ------------------------------------------------------------------
    def button_classes(self, b: dict) -> str:
        return f"dx-btn dx-{b['kind']}"

    def w_button(self, b: dict) -> str:
        attrs = f'type="button" class="{self.button_classes(b)}{" dx-ico-btn" if b.get("icon_only") else ""}" data-w="button"'
        if "pressed" in b:
            attrs += f' aria-pressed="{str(b["pressed"]).lower()}"'
        if b.get("icon_only"):
            return f'<button {attrs} aria-label="{esc(b["label"])}"{self.dis(b["disabled"])}>{self.icon(b["icon"])}</button>'
        ic = self.icon(b["icon"], 16) + " " if b.get("icon") else ""
        return f'<button {attrs}{self.dis(b["disabled"])}>{ic}{esc(b["label"])}</button>'

    def w_buttons(self, w: dict) -> str:
        return f'<div class="dx-row">{self.render_all(w["items"])}</div>'

    def w_checkbox(self, c: dict) -> str:
        i = self.uid()
        if c.get("labelled_by_row"):
            return (f'<input type="checkbox" id="{i}" data-w="input[type=checkbox]" aria-labelledby="{c["_lbl"]}"'
                    f'{" checked" if c["checked"] else ""}{self.dis(c["disabled"])}>')
        return (f'<div class="dx-check"><input type="checkbox" id="{i}" data-w="input[type=checkbox]"'
                f'{" checked" if c["checked"] else ""}{self.dis(c["disabled"])}><label for="{i}">{esc(c["label"])}</label></div>')

    def w_switch(self, c: dict) -> str:
        i = self.uid()
        inp = (f'<input type="checkbox" role="switch" class="dx-switch" id="{i}" data-w="input[type=checkbox][role=switch]"'
               f'{" checked" if c["checked"] else ""}{self.dis(c["disabled"])}')
        if c.get("labelled_by_row"):
            return f'{inp} aria-labelledby="{c["_lbl"]}">'
        return f'<div class="dx-check">{inp}><label for="{i}">{esc(c["label"])}</label></div>'

    def w_radios(self, g: dict) -> str:
        name = self.uid("grp")
        opts = []
        for k, o in enumerate(g["options"]):
            i = self.uid()
            opts.append(f'<div class="dx-check"><input type="radio" name="{name}" id="{i}" data-w="input[type=radio]"'
                        f'{" checked" if k == g["selected"] else ""}{self.dis(k in g["disabled_idx"])}>'
                        f'<label for="{i}">{esc(o)}</label></div>')
        cls = "dx-radios dx-inline" if g.get("inline") else "dx-radios"
        return f'<fieldset class="{cls}"><legend>{esc(g["label"])}</legend>{"".join(opts)}</fieldset>'

    def search_field(self, t: dict) -> str:
        return (f'<input type="search" class="dx-search" data-w="input[type=search]" aria-label="{esc(t["label"])}" '
                f'placeholder="{esc(t["placeholder"])}" value="{esc(t["value"])}">')

    def w_text(self, t: dict) -> str:
        if t.get("search"):
            return self.search_field(t)
        i = self.uid()
        return (f'<div class="dx-field"><label for="{i}">{esc(t["label"])}</label>'
                f'<input id="{i}" type="{t["type"]}" data-w="input[type={t["type"]}]" placeholder="{esc(t["placeholder"])}" '
                f'value="{esc(t["value"])}"{self.dis(t["disabled"])}></div>')

    def w_textarea(self, t: dict) -> str:
        i = self.uid()
        return (f'<div class="dx-field"><label for="{i}">{esc(t["label"])}</label><textarea id="{i}" data-w="textarea" '
                f'rows="{t["rows"]}" placeholder="{esc(t["placeholder"])}"{self.dis(t["disabled"])}>{esc(t["value"])}</textarea>'
                '</div>')

    def w_number(self, n: dict) -> str:
        i = self.uid()
        inp = (f'<input id="{i}" type="number" data-w="input[type=number]" min="{n["min"]}" max="{n["max"]}" '
               f'value="{n["value"]}" style="width:8em" {self.row_labelled(n)}{self.dis(n["disabled"])}>')
        return self.labelled_field(n, i, inp)

    def w_slider(self, s: dict) -> str:
        i = self.uid()
        inp = (f'<input id="{i}" type="range" data-w="input[type=range]" min="0" max="100" value="{s["value"]}" '
               f'style="width:220px" {self.row_labelled(s)}{self.dis(s["disabled"])}>')
        return self.labelled_field(s, i, inp)

    def w_select(self, s: dict) -> str:
        """Native <select>; open ones use the customizable select (drawn in-page) or an ARIA listbox."""
        if s.get("open") and self.r.random() < 0.5:
            return self.aria_select(s)
        i = self.uid()
        opts = "".join(f'<option{" selected" if k == s["selected"] else ""}>{esc(o)}</option>'
                       for k, o in enumerate(s["options"]))
        base = ' class="dx-basesel" data-open="click"' if s.get("open") else ""
        sel = f'<select id="{i}" data-w="select" {self.row_labelled(s)}{base}{self.dis(s["disabled"])}>{opts}</select>'
        return self.labelled_field(s, i, sel)

    def aria_select(self, s: dict) -> str:
        """A custom combobox with its listbox open below it."""
        i, lb = self.uid(), self.uid("lb")
        opts = "".join(f'<div role="option" data-w="div[role=option]" aria-selected="{str(k == s["selected"]).lower()}"'
                       f'{HOT if k == s["selected"] else ""}>{esc(o)}</div>'
                       for k, o in enumerate(s["options"]))
        btn = (f'<button type="button" role="combobox" id="{i}" class="dx-combo" data-w="button[role=combobox]" '
               f'aria-haspopup="listbox" aria-expanded="true" aria-controls="{lb}" aria-label="{esc(s["label"])}">'
               f'{esc(s["options"][s["selected"]])} <span aria-hidden="true">▾</span></button>')
        menu = (f'<div role="listbox" id="{lb}" class="dx-menu" data-w="div[role=listbox]" aria-label="{esc(s["label"])}">{opts}'
                '</div>')
        return (f'<div class="dx-field"><span>{esc(s["label"])}</span><div class="dx-menuwrap">{btn}{menu}</div></div>')

    def w_link(self, link: dict) -> str:
        return f'<a href="#" data-w="a">{esc(link["label"])}</a>'

    def w_image(self, im: dict) -> str:
        return (f'<img src="{image_data_uri(im, self.dark)}" alt="{esc(im["alt"])}" width="{im["w"]}" '
                f'height="{im["h"]}" data-w="img">')

    def w_separator(self, s: dict) -> str:
        if s.get("vertical"):
            return '<div role="separator" aria-orientation="vertical" data-w="div[role=separator]"></div>'
        return '<hr data-w="hr">'

    def w_heading(self, h: dict) -> str:
        return f'<h{h["level"]}>{esc(h["text"])}</h{h["level"]}>'

    def w_para(self, p: dict) -> str:
        link = f' <a href="#" data-w="a">{esc(p["link"])}</a>' if p.get("link") else ""
        return f"<p>{esc(p['text'])}{link}</p>"

    def w_progress(self, p: dict) -> str:
        i = self.uid()
        return (f'<div class="dx-field"><label for="{i}">{esc(p["label"])}</label>'
                f'<progress id="{i}" max="100" value="{p["value"]}" data-w="progress"></progress></div>')

    # -- composite widgets ---------------------------------------------------------------
    def w_setting(self, s: dict) -> str:
        lbl = self.uid("lbl")
        ctl = dict(s["control"], _lbl=lbl)
        ico = self.icon(self.r.choice(["bell", "lock", "eye", "cloud", "moon", "mail", "settings", "user"]), 20, deco=True) \
            if self.r.random() < 0.3 else ""
        desc = f'<div class="dx-st-desc">{esc(s["desc"])}</div>' if s["desc"] else ""
        return (f'<div class="dx-setting"><div class="dx-st">{ico}<div><div class="dx-st-title" id="{lbl}">{esc(s["title"])}'
                '</div>'
                f'{desc}</div></div><div>{self.render(ctl)}</div></div>')

    def w_tabs(self, t: dict) -> str:
        ids = [self.uid("tab") for _ in t["labels"]]
        pid = self.uid("panel")
        tabs = "".join(
            f'<button type="button" role="tab" id="{ids[k]}" data-w="button[role=tab]" '
            f'aria-selected="{str(k == t["selected"]).lower()}"'
            f' aria-controls="{pid}" tabindex="{0 if k == t["selected"] else -1}"'
            f'{ARIA_DISABLED if k in t["disabled_idx"] else ""}>{esc(lab)}</button>'
            for k, lab in enumerate(t["labels"]))
        return (f'<div class="dx-tablist" role="tablist">{tabs}</div>'
                f'<div role="tabpanel" id="{pid}" aria-labelledby="{ids[t["selected"]]}">{self.render_all(t["panel"])}</div>')

    def menu_html(self, items: list[dict], label: str = "") -> str:
        """An open menu popup (role=menu) positioned below its wrapper."""
        out = []
        for it in items:
            if it.get("sep"):
                out.append('<div role="separator" data-w="div[role=separator]"></div>')
                continue
            role = "menuitemcheckbox" if "check" in it else "menuitem"
            chk = f' aria-checked="{str(it["check"]).lower()}"' if "check" in it else ""
            mark = ("✓ " if it.get("check") else "\u2003") if "check" in it else ""
            kbd = f'<span class="dx-kbd">{esc(it["shortcut"])}</span>' if it.get("shortcut") else ""
            out.append(f'<div role="{role}" tabindex="-1" data-w="div[role={role}]"{chk}'
                       f'{ARIA_DISABLED if it.get("disabled") else ""}><span>{mark}{esc(it["label"])}</span>{kbd}</div>')
        return f'<div role="menu" class="dx-menu" data-w="div[role=menu]" aria-label="{esc(label)}">{"".join(out)}</div>'

    def w_menubutton(self, m: dict) -> str:
        exp = "true" if m["open"] else "false"
        if m.get("icon"):
            inner = self.icon(m["icon"])
            attrs = f'aria-label="{esc(m["label"])}" class="{self.button_classes({"kind": "text"})} dx-ico-btn"'
        else:
            inner = f'{esc(m["label"])} ▾'
            attrs = f'class="{self.button_classes({"kind": "secondary"})}"'
        btn = (f'<button type="button" {attrs} data-w="button[aria-haspopup=menu]" aria-haspopup="menu" '
               f'aria-expanded="{exp}">{inner}</button>')
        menu = self.menu_html(m["items"], m["label"]) if m["open"] else ""
        return f'<div class="dx-row"><div class="dx-menuwrap">{btn}{menu}</div></div>'

    def w_menubar(self, mb: dict) -> str:
        out = []
        for k, m in enumerate(mb["menus"]):
            open_ = m.get("items") is not None
            btn = (f'<button type="button" role="menuitem" data-w="button[role=menuitem]" aria-haspopup="menu" '
                   f'aria-expanded="{str(open_).lower()}">{esc(m["label"])}</button>')
            menu = self.menu_html(m["items"], m["label"]) if open_ else ""
            out.append(f'<div class="dx-menuwrap">{btn}{menu}</div>')
        return f'<div role="menubar" class="dx-menubar" data-w="div[role=menubar]" aria-label="Application">{"".join(out)}</div>'

    def w_toolbar(self, t: dict) -> str:
        return (f'<div role="toolbar" class="dx-toolbar" data-w="div[role=toolbar]" aria-label="{esc(t["label"])}">'
                f'{self.render_all([dict(i, labelled_by_row=False) for i in t["items"]])}</div>')

    def table_cell(self, tb: dict, ri: int, ci: int, val: str) -> str:
        if tb.get("link_col") == ci:
            return f'<a href="#" data-w="a">{esc(val)}</a>'
        if val in ("Active", "Paid", "Pending", "Overdue", "Shipped", "Failed", "Draft") and self.r.random() < 0.5:
            return f'<span class="dx-badge">{esc(val)}</span>'
        return esc(val)

    def w_table(self, tb: dict) -> str:
        grid = tb["grid"]
        head = []
        if tb["select_col"]:
            head.append('<th><input type="checkbox" aria-label="Select all" data-w="input[type=checkbox]"></th>')
        for c in tb["columns"]:
            inner = f'<button type="button" data-w="button">{esc(c)} ↕</button>' if tb["sortable"] else esc(c)
            head.append(f"<th>{inner}</th>")
        if tb["actions"]:
            head.append('<th><span class="dx-sr">Actions</span></th>')
        rows = []
        for ri, row in enumerate(tb["rows"]):
            sel = ri in tb["selected_rows"]
            cells = []
            if tb["select_col"]:
                cells.append(f'<td><input type="checkbox" aria-label="Select row {ri + 1}" data-w="input[type=checkbox]"'
                             f'{" checked" if sel else ""}></td>')
            cells += [f"<td>{self.table_cell(tb, ri, ci, v)}</td>" for ci, v in enumerate(row)]
            if tb["actions"]:
                btns = "".join(self.w_button({"label": self._act_label(a), "kind": "text", "icon": a, "icon_only": True,
                                              "disabled": False}) for a in tb["actions"])
                cells.append(f'<td><div class="dx-row" style="margin:0;gap:2px">{btns}</div></td>')
            attr = f' aria-selected="{str(sel).lower()}"' if grid else (' class="dx-selrow"' if sel else "")
            rows.append(f"<tr{attr}>{''.join(cells)}</tr>")
        cap = (f"<caption style='text-align:left;font-weight:600;padding:6px 0'>{esc(tb['caption'])}</caption>"
               if tb["caption"] else "")
        role = ' role="grid"' if grid else ""
        return (f'<table class="dx-table{self.table_class()}"{role} data-w="table{"[role=grid]" if grid else ""}">{cap}'
                f'<thead><tr>{"".join(head)}</tr></thead><tbody>{"".join(rows)}</tbody></table>')

    def table_class(self) -> str:
        return ""

    @staticmethod
    def _act_label(a: str) -> str:
        from words import ICON_ACTIONS
        return ICON_ACTIONS[a][0]

    def w_list(self, lst: dict) -> str:
        if lst["kind"] == "links":
            links = "".join(f'<li><a href="#" data-w="a">{esc(t)}</a></li>' for t in lst["items"])
            return f'<ul class="dx-list">{links}</ul>'
        if lst["kind"] == "plain":
            return '<ul class="dx-list">' + "".join(f"<li>{esc(t)}</li>" for t in lst["items"]) + "</ul>"
        lis = []
        for t in lst["items"]:
            if lst["kind"] == "people":
                av = image_data_uri({"seed": zlib.crc32(t.encode()), "w": 28, "h": 28, "alt": ""}, self.dark, avatar=True)
                lead = f'<img class="dx-avatar" src="{av}" alt="" data-w="img">'
            else:
                lead = self.icon("folder" if "." not in t else "copy", 18, deco=True)
            lis.append(f"<li>{lead}<span>{esc(t)}</span></li>")
        return f'<ul class="dx-plainlist">{"".join(lis)}</ul>'

    def w_listbox(self, lb: dict) -> str:
        opts = "".join('<div role="option" data-w="div[role=option]" '
                       f'aria-selected="{str(k in lb["selected"]).lower()}">{esc(o)}</div>'
                       for k, o in enumerate(lb["options"]))
        multi = ' aria-multiselectable="true"' if lb["multi"] else ""
        i = self.uid()
        return (f'<div class="dx-field"><span id="{i}">{esc(lb["label"])}</span><div role="listbox" class="dx-listbox" '
                f'data-w="div[role=listbox]" aria-labelledby="{i}"{multi} tabindex="0">{opts}</div></div>')

    def w_tree(self, t: dict) -> str:
        counter = [0]

        def items(nodes, level):
            out = []
            for n in nodes:
                idx = counter[0]
                counter[0] += 1
                has = bool(n["children"])
                exp = f' aria-expanded="{str(n["expanded"]).lower()}"' if has else ""
                chev = ("▾" if n["expanded"] else "▸") if has else ""
                ico = self.icon("folder" if has else "copy", 16)
                kids = f'<ul role="group">{items(n["children"], level + 1)}</ul>' if has and n["expanded"] else ""
                out.append(f'<li role="treeitem" data-w="li[role=treeitem]" data-box="first" aria-level="{level}"{exp} '
                           f'aria-selected="{str(idx == t["selected"]).lower()}"><div class="dx-ti"><span class="dx-chev">{chev}'
                           '</span>'
                           f'{ico}<span>{esc(n["label"])}</span></div>{kids}</li>')
            return "".join(out)
        return f'<ul role="tree" data-w="ul[role=tree]" aria-label="{esc(t["label"])}">{items(t["roots"], 1)}</ul>'

    def w_accordion(self, a: dict) -> str:
        return "".join(f'<details class="dx-acc"{" open" if it["open"] else ""}><summary data-w="summary">{esc(it["title"])}'
                       '</summary>'
                       f'<p>{esc(it["body"])}</p></details>' for it in a["items"])

    def w_breadcrumb(self, b: dict) -> str:
        lis = "".join(f'<li><a href="#" data-w="a">{esc(t)}</a></li>' for t in b["items"][:-1])
        lis += f'<li aria-current="page">{esc(b["items"][-1])}</li>'
        return f'<nav class="dx-crumbs" aria-label="Breadcrumb"><ol>{lis}</ol></nav>'

    def w_pagination(self, p: dict) -> str:
        lis = ['<li><a href="#" data-w="a">Previous</a></li>']
        for k in range(1, p["pages"] + 1):
            cur = ' aria-current="page"' if k == p["current"] else ""
            lis.append(f'<li><a href="#" data-w="a"{cur}>{k}</a></li>')
        lis.append('<li><a href="#" data-w="a">Next</a></li>')
        return f'<nav class="dx-pages" aria-label="Pagination"><ul>{"".join(lis)}</ul></nav>'

    def w_card(self, c: dict) -> str:
        return (f'<div class="dx-card"><h3>{esc(c["title"])}</h3>{self.render_all(c["body"])}'
                f'<div class="dx-row">{self.render_all(c["actions"])}</div></div>')

    def w_cards(self, w: dict) -> str:
        return f'<div class="dx-cards">{self.render_all(w["items"])}</div>'

    def w_section(self, s: dict) -> str:
        return self.section(s)

    def w_dialog(self, d: dict) -> str:
        """A modal dialog: <dialog> opened with showModal(), or an ARIA dialog with a backdrop."""
        close = (self.w_button({"label": "Close", "kind": "text", "icon": "close", "icon_only": True, "disabled": False})
                 .replace('class="', 'class="dx-dlg-close ', 1)) if d.get("close") else ""
        t = self.uid("dlgt")
        inner = (f'{close}<h2 id="{t}">{esc(d["title"])}</h2>{self.render_all(d["body"])}'
                 f'<div class="dx-dlg-actions">{self.render_all(d["actions"])}</div>')
        if self.r.random() < 0.5:
            return f'<dialog class="dx-dialog" data-modal="1" data-w="dialog" aria-labelledby="{t}">{inner}</dialog>'
        return ('<div class="dx-backdrop"></div><div role="dialog" aria-modal="true" class="dx-dialog" '
                'data-w="div[role=dialog]" '
                f'aria-labelledby="{t}">{inner}</div>')


def image_data_uri(im: dict, dark: bool, avatar: bool = False) -> str:
    """A small generated SVG picture (gradient landscape, bar chart or avatar) as a data: URI."""
    import urllib.parse
    rng = random.Random(im["seed"])
    w, h = im["w"], im["h"]
    hue = rng.randrange(360)
    c1 = f"hsl({hue},60%,{35 if dark else 55}%)"
    c2 = f"hsl({(hue + 40) % 360},70%,{25 if dark else 75}%)"
    if avatar:
        body = (f'<rect width="{w}" height="{h}" fill="{c1}"/><circle cx="{w / 2}" cy="{h * 0.4}" r="{w * 0.2}" fill="{c2}"/>'
                f'<ellipse cx="{w / 2}" cy="{h}" rx="{w * 0.35}" ry="{h * 0.3}" fill="{c2}"/>')
    elif "chart" in im["alt"].lower() or rng.random() < 0.3:
        bars = "".join(f'<rect x="{8 + k * (w - 16) / 8}" y="{h - 8 - (v := rng.uniform(0.15, 0.9) * (h - 16))}" '
                       f'width="{(w - 16) / 8 - 4}" height="{v}" fill="{c1}"/>' for k in range(8))
        body = f'<rect width="{w}" height="{h}" fill="{"#26282c" if dark else "#f3f4f6"}"/>{bars}'
    else:
        pts = " ".join(f"{x},{h * rng.uniform(0.35, 0.7)}" for x in range(0, w + 20, 20))
        body = (f'<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="{c2}"/>'
                f'<stop offset="1" stop-color="{c1}"/></linearGradient></defs><rect width="{w}" height="{h}" fill="url(#g)"/>'
                f'<circle cx="{w * rng.uniform(0.2, 0.8)}" cy="{h * 0.3}" r="{h * 0.12}" fill="#fff6"/>'
                f'<polygon points="0,{h} {pts} {w},{h}" fill="hsl({(hue + 180) % 360},35%,30%)"/>')
    svg = f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">{body}</svg>'
    return "data:image/svg+xml," + urllib.parse.quote(svg)
