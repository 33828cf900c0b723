"""Web-component kits (shadow DOM): Shoelace 2, Material Web 2 and Fluent UI web components 2."""
from __future__ import annotations

import json
from pathlib import Path

from .base import (ARIA_DISABLED, NM, Kit, alone_or, check_flags, dx_span_field, esc, flag, menu_trigger, row_aria,
                   text_attrs)

WAIT_DEFINED = """
const tags = new Set(Array.from(document.querySelectorAll('*')).map(e => e.localName).filter(t => t.includes('-')));
await Promise.race([Promise.all(Array.from(tags).map(t => customElements.whenDefined(t))),
                   new Promise(r => setTimeout(r, 8000))]);
await Promise.all(Array.from(document.querySelectorAll('*')).filter(e => e.updateComplete)
                  .map(e => e.updateComplete.catch(() => 0)));
"""


def _check_element(tag: str, c: dict, extra: str = "") -> str:
    """A check box or switch element: bare when its setting row labels it, else holding its label, in a <div>."""
    own_label = "" if c.get("labelled_by_row") else esc(c["label"])
    box = f'<{tag} data-w="{tag}"{row_aria(c)}{check_flags(c["checked"], c["disabled"])}{extra}>{own_label}</{tag}>'
    return alone_or(c, box, f"<div>{box}</div>")


def _text_element(tag: str, lead: str, t: dict, after: str = "", inner: str = "") -> str:
    """A text-field element: ``lead`` attributes, placeholder and value, data-w, ``after`` and disabled; ``inner`` inside."""
    return f'<{tag} {lead} {text_attrs(t)} data-w="{tag}"{after}{flag(t["disabled"], "disabled")}>{inner}</{tag}>'


def _menu_items(tag: str, divider: str, items: list[dict], headline: bool = False) -> str:
    """A menu's items as <tag> elements (disabled where marked), its separators as ``divider``; ``headline``
    puts each label in the item's headline slot."""
    def item(it: dict) -> str:
        label = f'<div slot="headline">{esc(it["label"])}</div>' if headline else esc(it["label"])
        return f'<{tag} data-w="{tag}"{flag(it.get("disabled"), "disabled")}>{label}</{tag}>'
    return "".join(divider if it.get("sep") else item(it) for it in items)


def _progress_field(tag: str, p: dict, value, label_attr: str = "aria-label") -> str:
    """A progress bar element named by ``label_attr``, under a visible label."""
    bar = f'<{tag} value="{value}" {label_attr}="{esc(p["label"])}" data-w="{tag}"></{tag}>'
    return dx_span_field(p["label"], bar)


def _breadcrumb(tag: str, b: dict) -> str:
    """<tag> holding linked <tag>-items, the current page last."""
    links = "".join(f'<{tag}-item href="#" data-w="{tag}-item">{esc(t)}</{tag}-item>' for t in b["items"][:-1])
    return f'<{tag} style="margin-bottom:10px">{links}<{tag}-item>{esc(b["items"][-1])}</{tag}-item></{tag}>'


def _tree_items(t: dict, tag: str, part: str) -> str:
    """A tree spec's nodes as nested <tag> elements (collapsed children as bare items); the
    t["selected"]-th node, counted depth-first, is selected. ``part``: the shadow part boxed."""
    counter = [0]

    def items(nodes):
        out = []
        for n in nodes:
            idx = counter[0]
            counter[0] += 1
            kids = items(n["children"]) if n["children"] and n["expanded"] else (
                "".join(f"<{tag}>{esc(c['label'])}</{tag}>" for c in n["children"]))
            out.append(f'<{tag} data-w="{tag}" '
                       f'data-box="part:{part}"{flag(n["expanded"], "expanded")}{flag(idx == t["selected"], "selected")}>'
                       f'{esc(n["label"])}{kids}</{tag}>')
        return "".join(out)
    return items(t["roots"])


class ShoelaceKit(Kit):
    """Shoelace 2 (bootstrap-icons for sl-icon)."""

    name = "shoelace"
    iconsets = ("bootstrap",)
    variants = ("medium", "small")
    stylesheets = ("@shoelace-style/shoelace/cdn/themes/light.css", "@shoelace-style/shoelace/cdn/themes/dark.css")
    card_template = ('<sl-card style="width:100%"><strong slot="header">{title}</strong>{body}'
                     '<div slot="footer" class="dx-row" style="margin:0">{actions}</div></sl-card>')
    separators = ("<sl-divider></sl-divider>", '<sl-divider vertical style="height:24px"></sl-divider>')
    css = ("html.dx-light, html.dx-dark { --dx-bg: var(--sl-color-neutral-0); --dx-fg: var(--sl-color-neutral-900); "
           "--dx-border: var(--sl-color-neutral-200); --dx-bg2: var(--sl-color-neutral-50); --dx-accent: "
           "var(--sl-color-primary-600); "
           "--dx-sel: var(--sl-color-primary-100); --dx-hover: var(--sl-color-neutral-100); --dx-muted: "
           "var(--sl-color-neutral-600); "
           "--dx-menu-bg: var(--sl-panel-background-color); }"
           "body { font-family: var(--sl-font-sans); } .dx-field { max-width: 440px; } sl-radio-group, sl-input, "
           "sl-select, sl-textarea, sl-range { margin: 10px 0; max-width: 440px; display: block; }"
           "sl-checkbox, sl-switch { margin: 6px 0; } .dx-setting sl-select { min-width: 200px; margin: 0; } .dx-setting "
           "sl-range { width: 220px; margin: 0; }"
           ".dx-sl-toggle { font: inherit; font-size: var(--sl-button-font-size-medium); border: 1px solid "
           "var(--sl-color-neutral-300); "
           "background: var(--sl-color-neutral-0); color: var(--sl-color-neutral-700); border-radius: "
           "var(--sl-border-radius-medium); "
           "padding: 0 12px; min-height: var(--sl-input-height-medium); display: inline-flex; align-items: center; gap: "
           "6px; }"
           ".dx-sl-toggle[aria-pressed=true] { background: var(--sl-color-primary-600); color: var(--sl-color-neutral-0); "
           "border-color: var(--sl-color-primary-600); }"
           ".dx-sl-toggle:disabled { opacity: .5; }")

    def head(self) -> str:
        return super().head() + f'<script type="module" src="{NM}/@shoelace-style/shoelace/cdn/shoelace-autoloader.js"></script>'

    def html_attrs(self) -> str:
        return f'class="dx-{self.theme}{" sl-theme-dark" if self.dark else ""}"'

    def ready_script(self) -> str:
        return WAIT_DEFINED + "await new Promise(r => setTimeout(r, 200)); window.__dxReady = true;"

    def _size(self) -> str:
        return f' size="{self.variant or "medium"}"'

    def w_button(self, b: dict) -> str:
        if "pressed" in b:  # Shoelace has no toggle button: a native one styled like the kit
            return super().w_button(b)
        if b.get("icon_only"):
            return (f'<sl-icon-button name="{self.icons.bootstrap_name(b["icon"])}" label="{esc(b["label"])}" '
                    'data-w="sl-icon-button"'
                    f'{flag(b["disabled"], "disabled")}></sl-icon-button>')
        variant = {"primary": "primary", "secondary": "default", "text": "text", "danger": "danger"}[b["kind"]]
        ic = f'<sl-icon slot="prefix" name="{self.icons.bootstrap_name(b["icon"])}"></sl-icon>' if b.get("icon") else ""
        extra = " outline" if self.r.random() < 0.2 and variant in ("primary", "danger") else ""
        extra += " pill" if self.r.random() < 0.15 else ""
        return (f'<sl-button variant="{variant}"{self._size()}{extra} data-w="sl-button"{flag(b["disabled"], "disabled")}>'
                f'{ic}{esc(b["label"])}</sl-button>')

    def button_classes(self, b: dict) -> str:
        return "dx-sl-toggle"

    def w_checkbox(self, c: dict) -> str:
        return _check_element("sl-checkbox", c, self._size())

    def w_switch(self, c: dict) -> str:
        return _check_element("sl-switch", c, self._size())

    def w_radios(self, g: dict) -> str:
        buttons = self.r.random() < 0.3
        tag = "sl-radio-button" if buttons else "sl-radio"
        opts = "".join(f'<{tag} value="v{k}" data-w="{tag}"{flag(k in g["disabled_idx"], "disabled")}>{esc(o)}</{tag}>'
                       for k, o in enumerate(g["options"]))
        return f'<sl-radio-group label="{esc(g["label"])}" value="v{g["selected"]}"{self._size()}>{opts}</sl-radio-group>'

    def search_field(self, t: dict) -> str:
        return (f'<sl-input type="search" {text_attrs(t)} aria-label="{esc(t["label"])}" '
                'data-w="sl-input[type=search]" style="width:260px;margin:0" size="small" clearable><sl-icon name="search" '
                'slot="prefix"></sl-icon></sl-input>')

    def text_field(self, t: dict) -> str:
        pw = " password-toggle" if t["type"] == "password" else ""
        return _text_element("sl-input", f'label="{esc(t["label"])}" type="{t["type"]}"', t, after=pw + self._size())

    def w_textarea(self, t: dict) -> str:
        return _text_element("sl-textarea", f'label="{esc(t["label"])}" rows="{t["rows"]}"', t)

    def w_number(self, n: dict) -> str:
        lbl = (f'aria-labelledby="{n["_lbl"]}" style="width:9em;margin:0"' if n.get("labelled_by_row")
               else f'label="{esc(n["label"])}"')
        return (f'<sl-input type="number" {lbl} value="{n["value"]}" min="{n["min"]}" max="{n["max"]}" '
                'data-w="sl-input[type=number]"'
                f'{self._size()}{flag(n["disabled"], "disabled")}></sl-input>')

    def w_slider(self, s: dict) -> str:
        lbl = self.label_attr(s)
        return (f'<sl-range {lbl} min="0" max="100" value="{s["value"]}" data-w="sl-range"{flag(s["disabled"], "disabled")}>'
                '</sl-range>')

    def w_select(self, s: dict) -> str:
        lbl = self.label_attr(s)
        opts = "".join(f'<sl-option value="v{k}" data-w="sl-option">{esc(o)}</sl-option>' for k, o in enumerate(s["options"]))
        return (f'<sl-select {lbl} value="v{s["selected"]}" data-w="sl-select"{self._size()}{flag(s["disabled"], "disabled")}'
                f'{flag(s.get("open"), "open")}>{opts}</sl-select>')

    def w_menubutton(self, m: dict) -> str:
        items = _menu_items("sl-menu-item", "<sl-divider></sl-divider>", m["items"])
        trig = (f'<sl-icon-button slot="trigger" name="three-dots-vertical" label="{esc(m["label"])}" data-w="sl-icon-button">'
                '</sl-icon-button>'
                if m.get("icon") else f'<sl-button slot="trigger" caret data-w="sl-button dropdown">{esc(m["label"])}'
                                      '</sl-button>')
        return (f'<div class="dx-row"><sl-dropdown{flag(m["open"], "open")}>{trig}<sl-menu data-w="sl-menu">{items}'
                '</sl-menu>'
                f'</sl-dropdown></div>')

    def w_tabs(self, t: dict) -> str:
        place = self.r.choice(["top", "top", "start"])
        tabs = "".join(f'<sl-tab slot="nav" panel="p{k}" data-w="sl-tab"{flag(k == t["selected"], "active")}'
                       f'{flag(k in t["disabled_idx"], "disabled")}>{esc(lab)}</sl-tab>' for k, lab in enumerate(t["labels"]))
        panels = "".join('<sl-tab-panel '
                         f'name="p{k}"{flag(k == t["selected"], "active")}>'
                         f'{self.render_all(t["panel"]) if k == t["selected"] else ""}</sl-tab-panel>'
                         for k in range(len(t["labels"])))
        return f'<sl-tab-group placement="{place}">{tabs}{panels}</sl-tab-group>'

    def w_tree(self, t: dict) -> str:
        items = _tree_items(t, "sl-tree-item", "item")
        return f'<sl-tree style="max-width:340px" aria-label="{esc(t["label"])}">{items}</sl-tree>'

    def w_accordion(self, a: dict) -> str:
        return "".join(f'<sl-details summary="{esc(it["title"])}" data-w="sl-details"{flag(it["open"], "open")} '
                       'style="max-width:720px;margin:6px 0">'
                       f'{esc(it["body"])}</sl-details>' for it in a["items"])

    def w_breadcrumb(self, b: dict) -> str:
        return _breadcrumb("sl-breadcrumb", b)

    def w_progress(self, p: dict) -> str:
        return _progress_field("sl-progress-bar", p, p["value"], label_attr="label")

    def w_dialog(self, d: dict) -> str:
        close = "" if d.get("close") else " no-header" if self.r.random() < 0.2 else ""
        return (f'<sl-dialog label="{esc(d["title"])}" open data-w="sl-dialog"{close}>{self.render_all(d["body"])}'
                f'<div slot="footer" class="dx-row" style="justify-content:flex-end;margin:0">{self.render_all(d["actions"])}'
                '</div></sl-dialog>')


# Material 3 colour tokens per theme; light[0] is {}: Material's own baseline (purple)
MD_PALETTES = json.loads(Path(__file__).with_name("md_palettes.json").read_text())


class MaterialKit(Kit):
    """Material Web 2 (bundled with esbuild into build/material.js)."""

    name = "material"
    variants = ("outlined", "filled")
    radio_template = ('<label class="mdl"{inline}><md-radio name="{name}" value="{value}" aria-label="{label}" data-w="md-radio" '
                      'data-box="host"{state}></md-radio>{label}</label>')
    radio_group_template = ('<div role="radiogroup" aria-label="{label}" style="margin:10px 0">'
                            '<div class="md-typescale-title-small">{label}</div>{options}</div>')
    radio_inline = (" style=display:inline-flex;margin-right:18px", "")
    separators = ("<md-divider></md-divider>", '<span style="width:1px;align-self:stretch;background:var(--dx-border)"></span>')

    def head(self) -> str:
        return '<script type="module" src="/build/material.js"></script>'

    def extra_css(self) -> str:
        pal = self.r.choice(MD_PALETTES[self.theme])
        tokens = " ".join(f"--md-sys-color-{k}: {v};" for k, v in pal.items())
        return (f":root {{ {tokens} --md-ref-typeface-brand: Roboto; --md-ref-typeface-plain: Roboto; }}"
                "html.dx-light, html.dx-dark { --dx-bg: var(--md-sys-color-surface, #fef7ff); --dx-fg: "
                "var(--md-sys-color-on-surface, #1d1b20); "
                "--dx-border: var(--md-sys-color-outline-variant, #cac4d0); --dx-bg2: var(--md-sys-color-surface-container, "
                "#f3edf7); "
                "--dx-accent: var(--md-sys-color-primary, #6750a4); --dx-sel: var(--md-sys-color-secondary-container, #e8def8); "
                "--dx-hover: var(--md-sys-color-surface-container-high, #ece6f0); --dx-muted: "
                "var(--md-sys-color-on-surface-variant, #49454f); "
                "--dx-menu-bg: var(--md-sys-color-surface-container, #f3edf7); }"
                "body { font-family: Roboto, sans-serif; } .mdl { display: flex; align-items: center; gap: 10px; margin: 8px 0; }"
                "md-outlined-text-field, md-filled-text-field, md-outlined-select, md-filled-select { display: block; width: "
                "100%; max-width: 440px; margin: 12px 0; }"
                ".dx-setting md-outlined-select, .dx-setting md-filled-select { width: 220px; margin: 0; } .dx-setting "
                "md-outlined-text-field,"
                " .dx-setting md-filled-text-field { width: 140px; margin: 0; } .dx-menuanchor { position: relative; display: "
                "inline-block; }"
                "md-dialog { --md-dialog-container-color: var(--md-sys-color-surface-container-high); }")

    def ready_script(self) -> str:
        return (WAIT_DEFINED + "document.querySelectorAll('[data-open=picker]').forEach(s => s.showPicker && s.showPicker());"
                "await new Promise(r => setTimeout(r, 400)); window.__dxReady = true;")

    def _field_tag(self) -> str:
        return "md-filled" if self.variant == "filled" else "md-outlined"

    def w_button(self, b: dict) -> str:
        if b.get("icon_only"):
            tag = self.r.choice(["md-icon-button", "md-icon-button", "md-filled-tonal-icon-button", "md-outlined-icon-button"])
            toggle = ""
            inner = f"<md-icon>{self.icon(b['icon'], 24)}</md-icon>"
            if "pressed" in b:
                tag = self.r.choice(["md-icon-button", "md-filled-icon-button", "md-outlined-icon-button"])
                toggle = " toggle" + (" selected" if b["pressed"] else "")
                inner += f'<md-icon slot="selected">{self.icon(b["icon"], 24)}</md-icon>'
            return (f'<{tag} aria-label="{esc(b["label"])}" data-w="{tag}" '
                    f'data-box="host"{toggle}{flag(b["disabled"], "disabled")}>'
                    f'{inner}</{tag}>')
        if "pressed" in b:  # no text toggle button in Material 3 web: a filter chip is the nearest
            return (f'<md-chip-set><md-filter-chip label="{esc(b["label"])}" data-w="md-filter-chip" data-box="host"'
                    f'{flag(b["pressed"], "selected")}{flag(b["disabled"], "disabled")}></md-filter-chip></md-chip-set>')
        tag = {"primary": self.r.choice(["md-filled-button", "md-filled-button", "md-elevated-button"]),
               "secondary": self.r.choice(["md-outlined-button", "md-filled-tonal-button"]),
               "text": "md-text-button", "danger": "md-filled-button"}[b["kind"]]
        style = ' style="--md-filled-button-container-color: var(--md-sys-color-error, #b3261e)"' if b["kind"] == "danger" else ""
        ic = self.icon(b["icon"], 18).replace("<svg ", '<svg slot="icon" ', 1) if b.get("icon") else ""
        return f'<{tag} data-w="{tag}" data-box="host"{style}{flag(b["disabled"], "disabled")}>{ic}{esc(b["label"])}</{tag}>'

    def _labelled(self, tag: str, c: dict, on: str) -> str:
        ctl = (f'<{tag} data-w="{tag}" data-box="host" aria-label="{esc(c["label"])}"{flag(c["checked"], on)}'
               f'{flag(c["disabled"], "disabled")}{" icons" if tag == "md-switch" and self.r.random() < 0.4 else ""}></{tag}>')
        if c.get("labelled_by_row"):
            return ctl
        if tag == "md-switch" and self.r.random() < 0.5:
            return f'<label class="mdl" style="justify-content:space-between;max-width:360px">{esc(c["label"])}{ctl}</label>'
        return f'<label class="mdl">{ctl}{esc(c["label"])}</label>'

    def w_checkbox(self, c: dict) -> str:
        return self._labelled("md-checkbox", c, "checked")

    def w_switch(self, c: dict) -> str:
        return self._labelled("md-switch", c, "selected")

    def search_field(self, t: dict) -> str:
        return (f'<md-outlined-text-field type="search" aria-label="{esc(t["label"])}" {text_attrs(t)} '
                f'data-w="md-outlined-text-field[type=search]" data-box="host" style="width:280px;margin:0">'
                f'<md-icon slot="leading-icon">{self.icon("search", 24)}</md-icon></md-outlined-text-field>')

    def text_field(self, t: dict) -> str:
        tag = f"{self._field_tag()}-text-field"
        return _text_element(tag, f'label="{esc(t["label"])}" type="{t["type"]}"', t, after=' data-box="host"')

    def w_textarea(self, t: dict) -> str:
        tag = f"{self._field_tag()}-text-field"
        return (f'<{tag} type="textarea" rows="{t["rows"]}" label="{esc(t["label"])}" value="{esc(t["value"])}" '
                f'data-w="{tag}[type=textarea]" '
                f'data-box="host"{flag(t["disabled"], "disabled")}></{tag}>')

    def w_number(self, n: dict) -> str:
        tag = f"{self._field_tag()}-text-field"
        lbl = f'aria-label="{esc(n["label"])}"' if n.get("labelled_by_row") else f'label="{esc(n["label"])}"'
        return (f'<{tag} type="number" {lbl} value="{n["value"]}" min="{n["min"]}" max="{n["max"]}" data-w="{tag}[type=number]" '
                f'data-box="host"{flag(n["disabled"], "disabled")}></{tag}>')

    def w_slider(self, s: dict) -> str:
        sl = (f'<md-slider aria-label="{esc(s["label"])}" value="{s["value"]}" '
              f'data-w="md-slider"{" labeled" if self.r.random() < 0.5 else ""}'
              f'{flag(s["disabled"], "disabled")}></md-slider>')
        return sl if s.get("labelled_by_row") else ('<div class="dx-field"><span '
                                                    f'class="md-typescale-body-medium">{esc(s["label"])}</span>{sl}</div>')

    def w_select(self, s: dict) -> str:
        tag = f"{self._field_tag()}-select"
        lbl = f'aria-label="{esc(s["label"])}"' if s.get("labelled_by_row") else f'label="{esc(s["label"])}"'
        opts = "".join(f'<md-select-option value="v{k}" data-w="md-select-option"{flag(k == s["selected"], "selected")}>'
                       f'<div slot="headline">{esc(o)}</div></md-select-option>' for k, o in enumerate(s["options"]))
        op = ' data-open="picker" menu-positioning="absolute"' if s.get("open") else ""
        return f'<{tag} {lbl} data-w="{tag}" data-box="host"{op}{flag(s["disabled"], "disabled")}>{opts}</{tag}>'

    def w_menubutton(self, m: dict) -> str:
        aid = self.uid("anchor")
        items = _menu_items("md-menu-item", '<md-divider role="separator"></md-divider>', m["items"], headline=True)
        if m.get("icon"):
            tag, label = "md-icon-button", f' aria-label="{esc(m["label"])}"'
            content = f'<md-icon>{self.icon("more", 24)}</md-icon>'
        else:
            tag, label, content = "md-outlined-button", "", esc(m["label"])
        trig = f'<{tag} id="{aid}"{label} data-w="{tag} menu" data-box="host">{content}</{tag}>'
        return (f'<div class="dx-row"><span class="dx-menuanchor">{trig}<md-menu anchor="{aid}" positioning="absolute" '
                'data-w="md-menu"'
                f'{flag(m["open"], "open")} quick>{items}</md-menu></span></div>')

    def w_tabs(self, t: dict) -> str:
        tag = self.r.choice(["md-primary-tab", "md-secondary-tab"])
        tabs = "".join(f'<{tag} data-w="{tag}"{flag(k == t["selected"], "active")}'
                       f'{ARIA_DISABLED if k in t["disabled_idx"] else ""}>'
                       f'{esc(lab)}</{tag}>' for k, lab in enumerate(t["labels"]))
        return (f'<md-tabs aria-label="Sections" style="margin-bottom:12px">{tabs}</md-tabs><div '
                f'role="tabpanel">{self.render_all(t["panel"])}</div>')

    def w_list(self, lst: dict) -> str:
        if lst["kind"] in ("plain",):
            return super().w_list(lst)
        typ = "link" if lst["kind"] == "links" else self.r.choice(["text", "button"])
        items = []
        for t in lst["items"]:
            lead = ""
            if lst["kind"] == "files":
                lead = f'<md-icon slot="start">{self.icon("folder" if "." not in t else "copy", 24)}</md-icon>'
            href = ' href="#"' if typ == "link" else ""
            items.append(f'<md-list-item type="{typ}"{href} data-w="md-list-item[type={typ}]">{lead}<div '
                         f'slot="headline">{esc(t)}</div></md-list-item>')
            if self.r.random() < 0.2:
                items.append("<md-divider></md-divider>")
        return f'<md-list style="max-width:480px">{"".join(items)}</md-list>'

    def w_progress(self, p: dict) -> str:
        return _progress_field("md-linear-progress", p, f'{p["value"] / 100:.2f}')

    def w_dialog(self, d: dict) -> str:
        return (f'<md-dialog open data-w="md-dialog"><div slot="headline">{esc(d["title"])}</div><form slot="content" '
                'method="dialog">'
                f'{self.render_all(d["body"])}</form><div slot="actions">{self.render_all(d["actions"])}</div></md-dialog>')


class FluentKit(Kit):
    """Fluent UI web components 2 (FAST), bundled into build/fluent.js."""

    name = "fluent"
    iconsets = ("tabler", "lucide", "mdi", "bootstrap")
    card_template = ('<fluent-card style="padding:16px;height:auto"><h3 style="margin-top:0">{title}</h3>{body}'
                     '<div class="dx-row">{actions}</div></fluent-card>')
    radio_template = '<fluent-radio value="{value}" data-w="fluent-radio"{state}>{label}</fluent-radio>'
    radio_group_template = ('<fluent-radio-group orientation="{inline}" style="margin:10px 0"><label slot="label">{label}</label>'
                            '{options}</fluent-radio-group>')
    radio_inline = ("horizontal", "vertical")
    separators = ("<fluent-divider></fluent-divider>",
                  '<fluent-divider orientation="vertical" style="height:24px"></fluent-divider>')
    css = ("html.dx-light, html.dx-dark { --dx-bg: var(--fill-color); --dx-fg: var(--neutral-foreground-rest); "
           "--dx-border: var(--neutral-stroke-rest); --dx-bg2: var(--neutral-layer-2); --dx-accent: "
           "var(--accent-fill-rest); "
           "--dx-hover: var(--neutral-fill-stealth-hover); --dx-sel: var(--neutral-fill-secondary-rest); --dx-muted: "
           "var(--neutral-foreground-hint); "
           "--dx-menu-bg: var(--neutral-layer-floating); }"
           "body { font-family: var(--body-font); font-size: var(--type-ramp-base-font-size); }"
           "fluent-text-field, fluent-number-field, fluent-text-area, fluent-select, fluent-combobox { display: flex; "
           "margin: 10px 0; max-width: 440px; }"
           "fluent-checkbox, fluent-switch { margin: 6px 0; } fluent-slider { max-width: 260px; } .dx-setting "
           "fluent-select { margin: 0; min-width: 200px; }"
           ".dx-fmenu { position: absolute; z-index: 50; top: calc(100% + 4px); left: 0; min-width: 200px; }"
           "fluent-dialog { --dialog-width: 520px; --dialog-height: auto; } fluent-dialog::part(control) { padding: 20px; "
           "height: auto; }")

    def head(self) -> str:
        return '<script type="module" src="/build/fluent.js"></script>'

    def ready_script(self) -> str:
        theme = f"window.fluentTheme && window.fluentTheme({'true' if self.dark else 'false'});"
        return theme + WAIT_DEFINED + "await new Promise(r => setTimeout(r, 250)); window.__dxReady = true;"

    def w_button(self, b: dict) -> str:
        app = {"primary": "accent", "secondary": self.r.choice(["neutral", "outline"]),
               "text": self.r.choice(["stealth", "lightweight"]), "danger": "accent"}[b["kind"]]
        pressed = f' aria-pressed="{str(b["pressed"]).lower()}"' if "pressed" in b else ""
        if "pressed" in b and b["pressed"]:
            app = "accent"
        if b.get("icon_only"):
            app = "stealth" if "pressed" not in b or not b["pressed"] else app
            return (f'<fluent-button appearance="{app}" aria-label="{esc(b["label"])}" data-w="fluent-button"{pressed}'
                    f'{flag(b["disabled"], "disabled")}>{self.icon(b["icon"], 16)}</fluent-button>')
        ic = f'<span slot="start">{self.icon(b["icon"], 16)}</span>' if b.get("icon") else ""
        return (f'<fluent-button appearance="{app}" '
                f'data-w="fluent-button"{pressed}{flag(b["disabled"], "disabled")}>{ic}{esc(b["label"])}</fluent-button>')

    def w_checkbox(self, c: dict) -> str:
        return _check_element("fluent-checkbox", c)

    def w_switch(self, c: dict) -> str:
        return _check_element("fluent-switch", c)

    def search_field(self, t: dict) -> str:
        return (f'<fluent-search {text_attrs(t)} aria-label="{esc(t["label"])}" '
                f'data-w="fluent-search" style="margin:0;width:260px"></fluent-search>')

    def text_field(self, t: dict) -> str:
        appearance = self.r.choice(["outline", "filled"])
        return _text_element("fluent-text-field", f'appearance="{appearance}" type="{t["type"]}"', t, inner=esc(t["label"]))

    def w_textarea(self, t: dict) -> str:
        return _text_element("fluent-text-area", f'resize="vertical" rows="{t["rows"]}"', t, inner=esc(t["label"]))

    def w_number(self, n: dict) -> str:
        lbl = f' aria-labelledby="{n["_lbl"]}" style="margin:0;width:140px"' if n.get("labelled_by_row") else ""
        text = "" if n.get("labelled_by_row") else esc(n["label"])
        return (f'<fluent-number-field value="{n["value"]}" min="{n["min"]}" max="{n["max"]}" data-w="fluent-number-field"{lbl}'
                f'{flag(n["disabled"], "disabled")}>{text}</fluent-number-field>')

    def w_slider(self, s: dict) -> str:
        lbl = self.label_attr(s, "aria-label")
        sl = (f'<fluent-slider {lbl} min="0" max="100" value="{s["value"]}" data-w="fluent-slider" style="width:240px"'
              f'{flag(s["disabled"], "disabled")}></fluent-slider>')
        return self.span_field(s, sl)

    def w_select(self, s: dict) -> str:
        tag = "fluent-combobox" if self.r.random() < 0.25 and not s.get("open") else "fluent-select"
        lbl = self.label_attr(s, "aria-label")
        opts = "".join(f'<fluent-option value="v{k}" data-w="fluent-option"{flag(k == s["selected"], "selected")}>{esc(o)}'
                       '</fluent-option>'
                       for k, o in enumerate(s["options"]))
        value = f' value="{esc(s["options"][s["selected"]])}"' if tag == "fluent-combobox" else ""
        sel = (f'<{tag} {lbl} data-w="{tag}"{value}{flag(s.get("open"), "open")}{self.dis(s["disabled"])} position="below">'
               f'{opts}</{tag}>')
        return self.span_field(s, sel)

    def w_menubutton(self, m: dict) -> str:
        items = _menu_items("fluent-menu-item", '<fluent-divider role="separator"></fluent-divider>', m["items"])
        if m.get("icon"):
            look, content = f'appearance="stealth" aria-label="{esc(m["label"])}"', self.icon("more", 16)
        else:
            look, content = 'appearance="neutral"', f'{esc(m["label"])} ▾'
        trig = f'<fluent-button {look} {menu_trigger(m["open"])} data-w="fluent-button menu">{content}</fluent-button>'
        menu = f'<fluent-menu class="dx-fmenu" data-w="fluent-menu">{items}</fluent-menu>' if m["open"] else ""
        return f'<div class="dx-row"><div class="dx-menuwrap">{trig}{menu}</div></div>'

    def w_tabs(self, t: dict) -> str:
        ids = [self.uid("ftab") for _ in t["labels"]]
        tabs = "".join(f'<fluent-tab id="{ids[k]}" data-w="fluent-tab"{flag(k in t["disabled_idx"], "disabled")}>{esc(lab)}'
                       '</fluent-tab>'
                       for k, lab in enumerate(t["labels"]))
        panels = "".join(f'<fluent-tab-panel>{self.render_all(t["panel"]) if k == t["selected"] else ""}</fluent-tab-panel>'
                         for k in range(len(t["labels"])))
        return f'<fluent-tabs activeid="{ids[t["selected"]]}" style="margin-bottom:8px">{tabs}{panels}</fluent-tabs>'

    def w_table(self, tb: dict) -> str:
        """fluent-data-grid declared in markup (role grid / row / gridcell)."""
        cols = tb["columns"]
        head = "".join(f'<fluent-data-grid-cell cell-type="columnheader" grid-column="{k + 1}">{esc(c)}</fluent-data-grid-cell>'
                       for k, c in enumerate(cols))
        rows = []
        for ri, row in enumerate(tb["rows"]):
            cells = "".join(f'<fluent-data-grid-cell grid-column="{k + 1}" data-w="fluent-data-grid-cell">{esc(v)}'
                            '</fluent-data-grid-cell>'
                            for k, v in enumerate(row))
            rows.append(f'<fluent-data-grid-row>{cells}</fluent-data-grid-row>')
        tmpl = " ".join(["1fr"] * len(cols))
        return (f'<fluent-data-grid generate-header="none" grid-template-columns="{tmpl}" data-w="fluent-data-grid">'
                f'<fluent-data-grid-row row-type="header">{head}</fluent-data-grid-row>{"".join(rows)}</fluent-data-grid>')

    def w_listbox(self, lb: dict) -> str:
        opts = "".join(f'<fluent-option data-w="fluent-option"{flag(k in lb["selected"], "selected")}>{esc(o)}</fluent-option>'
                       for k, o in enumerate(lb["options"]))
        multi = " multiple" if lb["multi"] else ""
        return (f'<div class="dx-field"><span>{esc(lb["label"])}</span><fluent-listbox aria-label="{esc(lb["label"])}"{multi} '
                f'data-w="fluent-listbox" style="max-width:320px">{opts}</fluent-listbox></div>')

    def w_tree(self, t: dict) -> str:
        items = _tree_items(t, "fluent-tree-item", "positioning-region")
        return f'<fluent-tree-view style="max-width:340px" aria-label="{esc(t["label"])}">{items}</fluent-tree-view>'

    def w_accordion(self, a: dict) -> str:
        items = "".join(f'<fluent-accordion-item data-w="fluent-accordion-item"{flag(it["open"], "expanded")}><span '
                        f'slot="heading">{esc(it["title"])}</span>'
                        f'{esc(it["body"])}</fluent-accordion-item>' for it in a["items"])
        return f'<fluent-accordion style="max-width:720px">{items}</fluent-accordion>'

    def w_breadcrumb(self, b: dict) -> str:
        return _breadcrumb("fluent-breadcrumb", b)

    def w_link(self, link: dict) -> str:
        return f'<fluent-anchor appearance="hypertext" href="#" data-w="fluent-anchor">{esc(link["label"])}</fluent-anchor>'

    def w_progress(self, p: dict) -> str:
        return _progress_field("fluent-progress", p, p["value"])

    def w_toolbar(self, t: dict) -> str:
        return (f'<fluent-toolbar aria-label="{esc(t["label"])}" data-w="fluent-toolbar" style="margin:8px 0">'
                f'{self.render_all([dict(i, labelled_by_row=False) for i in t["items"]])}</fluent-toolbar>')

    def w_dialog(self, d: dict) -> str:
        t = self.uid("dlgt")
        return (f'<fluent-dialog modal trap-focus aria-labelledby="{t}" data-w="fluent-dialog"><h2 id="{t}" '
                f'style="margin-top:0">{esc(d["title"])}</h2>'
                f'{self.render_all(d["body"])}<div class="dx-row" '
                f'style="justify-content:flex-end">{self.render_all(d["actions"])}</div></fluent-dialog>')
