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
from typing import NamedTuple

from icons import IconSets

BASE_CSS = (Path(__file__).with_name("base.css")).read_text()
FONTS = ["'DejaVu Sans'", "'Liberation Sans'", "'Noto Sans'", "Roboto", "'Open Sans'", "Inter", "Cantarell",
         "'Liberation Serif'", "system-ui"]
NM = "/node_modules"   # URL the page server maps to training/controls/node_modules
CURRENT = ' aria-current="page"'
HOT = ' class="dx-hot"'
ARIA_DISABLED = ' aria-disabled="true"'
ACCENTS = ["#2563eb", "#0f766e", "#7c3aed", "#db2777", "#ea580c", "#16a34a", "#0284c7", "#4f46e5", "#b91c1c"]


class RadioOption(NamedTuple):
    """One option of a radio group, ready to draw."""
    name: str    # the group's name ("" unless the markup asks for one)
    value: str   # v0, v1, …: the group's value names its checked option
    id: str      # element id ("" unless asked for)
    label: str   # escaped text
    state: str   # checked and disabled attributes


def esc(s) -> str:
    """HTML-escape text and attribute values."""
    return html.escape(str(s), quote=True)


def flag(on, attr: str) -> str:
    """A boolean HTML attribute (with its leading space) when ``on``, else ""."""
    return f" {attr}" if on else ""


def check_flags(checked, disabled) -> str:
    """The checked and disabled attributes of a check box, switch or radio."""
    return flag(checked, "checked") + flag(disabled, "disabled")


def row_aria(w: dict) -> str:
    """' aria-labelledby=…' (with its leading space) when the control's setting row labels it, else ""."""
    return f' aria-labelledby="{w["_lbl"]}"' if w.get("labelled_by_row") else ""


def alone_or(w: dict, control: str, with_label: str) -> str:
    """``control`` alone when its setting row labels it, else ``with_label`` (the control with its own label)."""
    return control if w.get("labelled_by_row") else with_label


def switch_input(c: dict, attrs: str) -> str:
    """A check box drawn as a switch: ``attrs``, its state, and aria-labelledby when its setting row labels it."""
    return f'<input type="checkbox" role="switch" {attrs}{check_flags(c["checked"], c["disabled"])}{row_aria(c)}>'


def menu_trigger(open_: bool) -> str:
    """The ARIA attributes of a button that opens a menu."""
    return f'aria-haspopup="menu" aria-expanded="{str(open_).lower()}"'


def menu_role(it: dict) -> tuple[str, str]:
    """(role, aria-checked attribute) of a menu item; checkable items are menuitemcheckbox."""
    if "check" in it:
        return "menuitemcheckbox", f' aria-checked="{str(it["check"]).lower()}"'
    return "menuitem", ""


def option_tags(s: dict) -> str:
    """The <option>s of a select spec, its selected one marked."""
    return "".join(f'<option{flag(k == s["selected"], "selected")}>{esc(o)}</option>' for k, o in enumerate(s["options"]))


def text_attrs(t: dict) -> str:
    """The placeholder and value attributes of a text or search field."""
    return f'placeholder="{esc(t["placeholder"])}" value="{esc(t["value"])}"'


def dx_field(label: str, i: str, control: str) -> str:
    """base.css's field: a <label> above its ``control`` (id ``i``)."""
    return f'<div class="dx-field"><label for="{i}">{esc(label)}</label>{control}</div>'


def dx_span_field(label: str, control: str) -> str:
    """base.css's field for a control that names itself: ``label`` shown above it as plain text."""
    return f'<div class="dx-field"><span>{esc(label)}</span>{control}</div>'


class Kit:
    """Renders page specs to HTML.  One instance per page (holds the id counter and RNG)."""

    name = "native"
    dark_ok = True
    iconsets = ("bootstrap", "mdi", "lucide", "tabler")
    stylesheets: tuple[str, ...] = ()   # the kit's CSS files under NM, linked in <head>
    theme_attr = ""                     # <html> attribute that switches the kit's own dark theme
    css = ""                            # kit CSS appended after base.css (theme variables, fixes)
    # native controls the kit restyles: base data-w selector -> the kit's class and data-w attributes
    restyled: dict[str, str] = {}
    # open selects: always the kit's ARIA dropdown, or (False) a coin flip with the customizable <select>
    aria_open_select = False
    # Widget markup kits change by data rather than code: str.format templates, fields in braces.
    # A radio group: one option, with {name} {id} {value} {label} {state} {inline}, and the group around the
    # {options}; {inline} is radio_inline[0] in an inline group, else radio_inline[1].
    radio_template = ('<div class="dx-check"><input type="radio" name="{name}" id="{id}" data-w="input[type=radio]"{state}>'
                      '<label for="{id}">{label}</label></div>')
    radio_group_template = '<fieldset class="dx-radios{inline}"><legend>{label}</legend>{options}</fieldset>'
    radio_inline = (" dx-inline", "")
    # An open menu: the popup around its {entries}, named by {label}; and the separator between items.
    menu_template = '<div role="menu" class="dx-menu" data-w="div[role=menu]" aria-label="{label}">{entries}</div>'
    menu_separator = '<div role="separator" data-w="div[role=separator]"></div>'
    # A card: its title, body and a row of actions.  Pagination: the list around the page_item()s.
    card_template = '<div class="dx-card"><h3>{title}</h3>{body}<div class="dx-row">{actions}</div></div>'
    pagination_template = '<nav class="dx-pages" aria-label="Pagination"><ul>{items}</ul></nav>'
    # Table classes: fixed ones, then optional ones, each drawn with the probability given.
    table_style: tuple[str, tuple[str, ...], float] = ("", (), 0.0)
    # (horizontal, vertical) separator: a rule between blocks, a bar between toolbar buttons.
    separators = ('<hr data-w="hr">', '<div role="separator" aria-orientation="vertical" data-w="div[role=separator]"></div>')

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
    def dis(on: bool) -> str:
        return flag(on, "disabled")

    def native(self, selector: str) -> str:
        """data-w of a native control, or the class and data-w the kit restyles it with."""
        return self.restyled.get(selector, f'data-w="{selector}"')

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
        return alone_or(w, control, dx_span_field(w["label"], control))

    @staticmethod
    def labelled_field(w: dict, i: str, control: str) -> str:
        """``control`` (id ``i``) alone when its setting row labels it, else in a base field with a <label>."""
        return alone_or(w, control, dx_field(w["label"], i, control))

    def field(self, label: str, i: str, control: str) -> str:
        """A text field's wrapper: ``label`` above ``control`` (id ``i``).  CSS-framework kits use their own."""
        return dx_field(label, i, control)

    def render(self, w: dict) -> str:
        """Dispatch one widget spec to its w_<type> method."""
        return getattr(self, "w_" + w["t"])(w)

    def render_all(self, ws: list[dict]) -> str:
        return "\n".join(self.render(w) for w in ws)

    # -- document ----------------------------------------------------------------------
    def head(self) -> str:
        """<link>/<script> tags of the kit (none for native HTML)."""
        return "".join(f'<link rel="stylesheet" href="{NM}/{path}">' for path in self.stylesheets)

    def html_attrs(self) -> str:
        switch = f' {self.theme_attr}="{self.theme}"' if self.theme_attr else ""
        return f'class="dx-{self.theme}"{switch}'

    def body_attrs(self) -> str:
        return ""

    def extra_css(self) -> str:
        """Kit-specific CSS appended after base.css."""
        return self.css

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
        classes = self.button_classes(b) + (" dx-ico-btn" if b.get("icon_only") else "")
        attrs = f'type="button" class="{classes}" {self.native("button")}'
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
        box = (f'<input type="checkbox" id="{i}" {self.native("input[type=checkbox]")}{row_aria(c)}'
               f'{check_flags(c["checked"], c["disabled"])}>')
        return alone_or(c, box, f'<div class="dx-check">{box}<label for="{i}">{esc(c["label"])}</label></div>')

    def w_switch(self, c: dict) -> str:
        i = self.uid()
        switch = switch_input(c, f'class="dx-switch" id="{i}" data-w="input[type=checkbox][role=switch]"')
        return alone_or(c, switch, f'<div class="dx-check">{switch}<label for="{i}">{esc(c["label"])}</label></div>')

    def w_radios(self, g: dict) -> str:
        inline = self.radio_inline[0] if g["inline"] else self.radio_inline[1]
        options = "".join(self.radio_template.format(inline=inline, **o._asdict()) for o in self.radio_options(g))
        return self.radio_group_template.format(label=esc(g["label"]), options=options, inline=inline)

    def radio_options(self, g: dict) -> list[RadioOption]:
        """The options of a radio group.  The group name and option ids are drawn only where radio_template
        uses them: they count up through the page."""
        name = self.uid("grp") if "{name}" in self.radio_template else ""
        ids = "{id}" in self.radio_template
        return [RadioOption(name, f"v{k}", self.uid() if ids else "", esc(o),
                            check_flags(k == g["selected"], k in g["disabled_idx"])) for k, o in enumerate(g["options"])]

    def w_text(self, t: dict) -> str:
        """A search box (no visible label) or a labelled text field."""
        return self.search_field(t) if t.get("search") else self.text_field(t)

    def search_field(self, t: dict) -> str:
        return (f'<input type="search" class="dx-search" data-w="input[type=search]" aria-label="{esc(t["label"])}" '
                f'{text_attrs(t)}>')

    def text_field(self, t: dict) -> str:
        i = self.uid()
        return self.field(t["label"], i, self.text_input(t, i))

    def text_input(self, t: dict, i: str) -> str:
        """The bare text <input> (id ``i``) of a text spec."""
        return f'<input id="{i}" type="{t["type"]}" data-w="input[type={t["type"]}]" {text_attrs(t)}{self.dis(t["disabled"])}>'

    def w_textarea(self, t: dict) -> str:
        i = self.uid()
        return self.field(t["label"], i, self.textarea(t, i))

    def textarea(self, t: dict, i: str) -> str:
        """The bare <textarea> (id ``i``) of a textarea spec."""
        return (f'<textarea id="{i}" data-w="textarea" rows="{t["rows"]}" placeholder="{esc(t["placeholder"])}"'
                f'{self.dis(t["disabled"])}>{esc(t["value"])}</textarea>')

    def w_number(self, n: dict) -> str:
        i = self.uid()
        inp = (f'<input id="{i}" type="number" {self.native("input[type=number]")} min="{n["min"]}" max="{n["max"]}" '
               f'value="{n["value"]}" style="width:8em" {self.row_labelled(n)}{self.dis(n["disabled"])}>')
        return self.labelled_field(n, i, inp)

    def w_slider(self, s: dict) -> str:
        i = self.uid()
        inp = (f'<input id="{i}" type="range" {self.native("input[type=range]")} min="0" max="100" value="{s["value"]}" '
               f'style="width:220px" {self.row_labelled(s)}{self.dis(s["disabled"])}>')
        return self.labelled_field(s, i, inp)

    def w_select(self, s: dict) -> str:
        """An open select drawn as the kit's ARIA dropdown, else (or by a coin flip) its <select>."""
        if s.get("open") and (self.aria_open_select or self.r.random() < 0.5):
            return self.aria_select(s)
        return self.native_select(s)

    def native_select(self, s: dict) -> str:
        """A <select>; an open one is the customizable select, drawn in-page once clicked."""
        i = self.uid()
        opts = option_tags(s)
        base = ' class="dx-basesel" data-open="click"' if s.get("open") else ""
        sel = f'<select id="{i}" {self.native("select")} {self.row_labelled(s)}{base}{self.dis(s["disabled"])}>{opts}</select>'
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
        horizontal, vertical = self.separators
        return vertical if s.get("vertical") else horizontal

    def w_heading(self, h: dict) -> str:
        return f'<h{h["level"]}>{esc(h["text"])}</h{h["level"]}>'

    def w_para(self, p: dict) -> str:
        link = f' <a href="#" data-w="a">{esc(p["link"])}</a>' if p.get("link") else ""
        return f"<p>{esc(p['text'])}{link}</p>"

    def w_progress(self, p: dict) -> str:
        i = self.uid()
        return self.field(p["label"], i, f'<progress id="{i}" max="100" value="{p["value"]}" data-w="progress"></progress>')

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
        entries = "".join(self.menu_separator if it.get("sep") else self.menu_item(it) for it in items)
        return self.menu_template.format(label=esc(label), entries=entries)

    def menu_item(self, it: dict) -> str:
        role, checked = menu_role(it)
        # an unchecked checkable item keeps the tick's room so the labels line up
        mark = ("✓ " if it["check"] else "\u2003") if "check" in it else ""
        kbd = f'<span class="dx-kbd">{esc(it["shortcut"])}</span>' if it.get("shortcut") else ""
        return (f'<div role="{role}" tabindex="-1" data-w="div[role={role}]"{checked}'
                f'{ARIA_DISABLED if it.get("disabled") else ""}><span>{mark}{esc(it["label"])}</span>{kbd}</div>')

    def w_menubutton(self, m: dict) -> str:
        content, aria_label = self.menu_button_content(m, "{} ▾")
        # an icon-only trigger is a quiet icon button, a labelled one a secondary button
        if m.get("icon"):
            cls = f'{self.button_classes({"kind": "text"})} dx-ico-btn'
        else:
            cls = self.button_classes({"kind": "secondary"})
        btn = (f'<button type="button"{aria_label} class="{cls}" data-w="button[aria-haspopup=menu]" '
               f'{menu_trigger(m["open"])}>{content}</button>')
        return f'<div class="dx-row"><div class="dx-menuwrap">{btn}{self.open_menu(m)}</div></div>'

    def menu_button_content(self, m: dict, text: str) -> tuple[str, str]:
        """(content, aria-label attribute) of a menu button: its icon, named by aria-label, or its
        label formatted into ``text`` (which adds the kit's caret)."""
        if m.get("icon"):
            return self.icon(m["icon"]), f' aria-label="{esc(m["label"])}"'
        return text.format(esc(m["label"])), ""

    def open_menu(self, m: dict) -> str:
        """The menu of a menu button when it is open, else ""."""
        return self.menu_html(m["items"], m["label"]) if m["open"] else ""

    def w_menubar(self, mb: dict) -> str:
        out = []
        for k, m in enumerate(mb["menus"]):
            open_ = m.get("items") is not None
            btn = (f'<button type="button" role="menuitem" data-w="button[role=menuitem]" {menu_trigger(open_)}>'
                   f'{esc(m["label"])}</button>')
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
        fixed, optional, p = self.table_style
        return fixed + "".join(c for c in optional if self.r.random() < p)

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
        return "".join(f'<details class="dx-acc"{flag(it["open"], "open")}><summary data-w="summary">{esc(it["title"])}</summary>'
                       f'<p>{esc(it["body"])}</p></details>' for it in a["items"])

    def w_breadcrumb(self, b: dict) -> str:
        lis = "".join(f'<li><a href="#" data-w="a">{esc(t)}</a></li>' for t in b["items"][:-1])
        lis += f'<li aria-current="page">{esc(b["items"][-1])}</li>'
        return f'<nav class="dx-crumbs" aria-label="Breadcrumb"><ol>{lis}</ol></nav>'

    def w_pagination(self, p: dict) -> str:
        """Previous, the numbered pages (one of them current), Next."""
        numbers = [self.page_item(k, k == p["current"]) for k in range(1, p["pages"] + 1)]
        items = [self.page_item("Previous"), *numbers, self.page_item("Next")]
        return self.pagination_template.format(items="".join(items))

    def page_item(self, text, current: bool = False) -> str:
        return f'<li><a href="#" data-w="a"{CURRENT if current else ""}>{text}</a></li>'

    def w_card(self, c: dict) -> str:
        return self.card_template.format(title=esc(c["title"]), body=self.render_all(c["body"]),
                                         actions=self.render_all(c["actions"]))

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
