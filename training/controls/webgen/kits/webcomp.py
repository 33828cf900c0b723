"""Web-component kits (shadow DOM): Shoelace 2, Material Web 2 and Fluent UI web components 2."""
from __future__ import annotations

from .base import ARIA_DISABLED, Kit, esc

NM = "/node_modules"
WAIT_DEFINED = """
const tags = new Set(Array.from(document.querySelectorAll('*')).map(e => e.localName).filter(t => t.includes('-')));
await Promise.race([Promise.all(Array.from(tags).map(t => customElements.whenDefined(t))),
                   new Promise(r => setTimeout(r, 8000))]);
await Promise.all(Array.from(document.querySelectorAll('*')).filter(e => e.updateComplete)
                  .map(e => e.updateComplete.catch(() => 0)));
"""


def _b(flag: bool, attr: str) -> str:
    return f" {attr}" if flag else ""


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
                       f'data-box="part:{part}"{_b(n["expanded"], "expanded")}{_b(idx == t["selected"], "selected")}>'
                       f'{esc(n["label"])}{kids}</{tag}>')
        return "".join(out)
    return items(t["roots"])


class ShoelaceKit(Kit):
    """Shoelace 2 (bootstrap-icons for sl-icon)."""

    name = "shoelace"
    iconsets = ("bootstrap",)
    variants = ("medium", "small")

    def head(self) -> str:
        base = f"{NM}/@shoelace-style/shoelace/cdn"
        return (f'<link rel="stylesheet" href="{base}/themes/light.css"><link rel="stylesheet" href="{base}/themes/dark.css">'
                f'<script type="module" src="{base}/shoelace-autoloader.js"></script>')

    def html_attrs(self) -> str:
        return f'class="dx-{self.theme}{" sl-theme-dark" if self.dark else ""}"'

    def extra_css(self) -> str:
        return ("html.dx-light, html.dx-dark { --dx-bg: var(--sl-color-neutral-0); --dx-fg: var(--sl-color-neutral-900); "
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
                    f'{_b(b["disabled"], "disabled")}></sl-icon-button>')
        variant = {"primary": "primary", "secondary": "default", "text": "text", "danger": "danger"}[b["kind"]]
        ic = f'<sl-icon slot="prefix" name="{self.icons.bootstrap_name(b["icon"])}"></sl-icon>' if b.get("icon") else ""
        extra = " outline" if self.r.random() < 0.2 and variant in ("primary", "danger") else ""
        extra += " pill" if self.r.random() < 0.15 else ""
        return (f'<sl-button variant="{variant}"{self._size()}{extra} data-w="sl-button"{_b(b["disabled"], "disabled")}>'
                f'{ic}{esc(b["label"])}</sl-button>')

    def button_classes(self, b: dict) -> str:
        return "dx-sl-toggle"

    def w_checkbox(self, c: dict) -> str:
        if c.get("labelled_by_row"):
            return (f'<sl-checkbox data-w="sl-checkbox" aria-labelledby="{c["_lbl"]}"{_b(c["checked"], "checked")}'
                    f'{_b(c["disabled"], "disabled")}{self._size()}></sl-checkbox>')
        return ('<div><sl-checkbox '
                f'data-w="sl-checkbox"{_b(c["checked"], "checked")}{_b(c["disabled"], "disabled")}{self._size()}>'
                f'{esc(c["label"])}</sl-checkbox></div>')

    def w_switch(self, c: dict) -> str:
        if c.get("labelled_by_row"):
            return (f'<sl-switch data-w="sl-switch" aria-labelledby="{c["_lbl"]}"{_b(c["checked"], "checked")}'
                    f'{_b(c["disabled"], "disabled")}{self._size()}></sl-switch>')
        return (f'<div><sl-switch data-w="sl-switch"{_b(c["checked"], "checked")}{_b(c["disabled"], "disabled")}{self._size()}>'
                f'{esc(c["label"])}</sl-switch></div>')

    def w_radios(self, g: dict) -> str:
        buttons = self.r.random() < 0.3
        tag = "sl-radio-button" if buttons else "sl-radio"
        opts = "".join(f'<{tag} value="v{k}" data-w="{tag}"{_b(k in g["disabled_idx"], "disabled")}>{esc(o)}</{tag}>'
                       for k, o in enumerate(g["options"]))
        return f'<sl-radio-group label="{esc(g["label"])}" value="v{g["selected"]}"{self._size()}>{opts}</sl-radio-group>'

    def search_field(self, t: dict) -> str:
        return (f'<sl-input type="search" placeholder="{esc(t["placeholder"])}" value="{esc(t["value"])}" '
                f'aria-label="{esc(t["label"])}" '
                'data-w="sl-input[type=search]" style="width:260px;margin:0" size="small" clearable><sl-icon name="search" '
                'slot="prefix"></sl-icon></sl-input>')

    def w_text(self, t: dict) -> str:
        if t.get("search"):
            return self.search_field(t)
        pw = " password-toggle" if t["type"] == "password" else ""
        return (f'<sl-input label="{esc(t["label"])}" type="{t["type"]}" placeholder="{esc(t["placeholder"])}" '
                f'value="{esc(t["value"])}" '
                f'data-w="sl-input"{pw}{self._size()}{_b(t["disabled"], "disabled")}></sl-input>')

    def w_textarea(self, t: dict) -> str:
        return (f'<sl-textarea label="{esc(t["label"])}" rows="{t["rows"]}" placeholder="{esc(t["placeholder"])}" '
                f'value="{esc(t["value"])}" '
                f'data-w="sl-textarea"{_b(t["disabled"], "disabled")}></sl-textarea>')

    def w_number(self, n: dict) -> str:
        lbl = (f'aria-labelledby="{n["_lbl"]}" style="width:9em;margin:0"' if n.get("labelled_by_row")
               else f'label="{esc(n["label"])}"')
        return (f'<sl-input type="number" {lbl} value="{n["value"]}" min="{n["min"]}" max="{n["max"]}" '
                'data-w="sl-input[type=number]"'
                f'{self._size()}{_b(n["disabled"], "disabled")}></sl-input>')

    def w_slider(self, s: dict) -> str:
        lbl = self.label_attr(s)
        return (f'<sl-range {lbl} min="0" max="100" value="{s["value"]}" data-w="sl-range"{_b(s["disabled"], "disabled")}>'
                '</sl-range>')

    def w_select(self, s: dict) -> str:
        lbl = self.label_attr(s)
        opts = "".join(f'<sl-option value="v{k}" data-w="sl-option">{esc(o)}</sl-option>' for k, o in enumerate(s["options"]))
        return (f'<sl-select {lbl} value="v{s["selected"]}" data-w="sl-select"{self._size()}{_b(s["disabled"], "disabled")}'
                f'{_b(s.get("open"), "open")}>{opts}</sl-select>')

    def w_menubutton(self, m: dict) -> str:
        items = []
        for it in m["items"]:
            if it.get("sep"):
                items.append("<sl-divider></sl-divider>")
                continue
            items.append(f'<sl-menu-item data-w="sl-menu-item"{_b(it.get("disabled"), "disabled")}>{esc(it["label"])}'
                         '</sl-menu-item>')
        trig = (f'<sl-icon-button slot="trigger" name="three-dots-vertical" label="{esc(m["label"])}" data-w="sl-icon-button">'
                '</sl-icon-button>'
                if m.get("icon") else f'<sl-button slot="trigger" caret data-w="sl-button dropdown">{esc(m["label"])}'
                                      '</sl-button>')
        return (f'<div class="dx-row"><sl-dropdown{_b(m["open"], "open")}>{trig}<sl-menu data-w="sl-menu">{"".join(items)}'
                '</sl-menu>'
                f'</sl-dropdown></div>')

    def w_tabs(self, t: dict) -> str:
        place = self.r.choice(["top", "top", "start"])
        tabs = "".join(f'<sl-tab slot="nav" panel="p{k}" data-w="sl-tab"{_b(k == t["selected"], "active")}'
                       f'{_b(k in t["disabled_idx"], "disabled")}>{esc(lab)}</sl-tab>' for k, lab in enumerate(t["labels"]))
        panels = "".join('<sl-tab-panel '
                         f'name="p{k}"{_b(k == t["selected"], "active")}>'
                         f'{self.render_all(t["panel"]) if k == t["selected"] else ""}</sl-tab-panel>'
                         for k in range(len(t["labels"])))
        return f'<sl-tab-group placement="{place}">{tabs}{panels}</sl-tab-group>'

    def w_tree(self, t: dict) -> str:
        items = _tree_items(t, "sl-tree-item", "item")
        return f'<sl-tree style="max-width:340px" aria-label="{esc(t["label"])}">{items}</sl-tree>'

    def w_accordion(self, a: dict) -> str:
        return "".join(f'<sl-details summary="{esc(it["title"])}" data-w="sl-details"{_b(it["open"], "open")} '
                       'style="max-width:720px;margin:6px 0">'
                       f'{esc(it["body"])}</sl-details>' for it in a["items"])

    def w_breadcrumb(self, b: dict) -> str:
        items = "".join(f'<sl-breadcrumb-item href="#" data-w="sl-breadcrumb-item">{esc(t)}</sl-breadcrumb-item>'
                        for t in b["items"][:-1])
        return (f'<sl-breadcrumb style="margin-bottom:10px">{items}<sl-breadcrumb-item>{esc(b["items"][-1])}</sl-breadcrumb-item>'
                '</sl-breadcrumb>')

    def w_card(self, c: dict) -> str:
        return (f'<sl-card style="width:100%"><strong slot="header">{esc(c["title"])}</strong>{self.render_all(c["body"])}'
                f'<div slot="footer" class="dx-row" style="margin:0">{self.render_all(c["actions"])}</div></sl-card>')

    def w_progress(self, p: dict) -> str:
        return (f'<div class="dx-field"><span>{esc(p["label"])}</span><sl-progress-bar value="{p["value"]}" '
                f'label="{esc(p["label"])}" '
                f'data-w="sl-progress-bar"></sl-progress-bar></div>')

    def w_separator(self, s: dict) -> str:
        return '<sl-divider vertical style="height:24px"></sl-divider>' if s.get("vertical") else "<sl-divider></sl-divider>"

    def w_dialog(self, d: dict) -> str:
        close = "" if d.get("close") else " no-header" if self.r.random() < 0.2 else ""
        return (f'<sl-dialog label="{esc(d["title"])}" open data-w="sl-dialog"{close}>{self.render_all(d["body"])}'
                f'<div slot="footer" class="dx-row" style="justify-content:flex-end;margin:0">{self.render_all(d["actions"])}'
                '</div></sl-dialog>')


MD_PALETTES = {
    "light": [
        {},  # Material baseline (purple)
        {"primary": "#006a6a", "on-primary": "#ffffff", "primary-container": "#6ff7f6", "on-primary-container": "#002020",
         "secondary-container": "#cce8e7", "on-secondary-container": "#051f1f", "surface": "#f4fbfa",
         "surface-container": "#e9efee", "surface-container-high": "#e3e9e8", "surface-container-highest": "#dde4e3",
         "on-surface": "#161d1d", "outline": "#6f7979"},
        {"primary": "#415f91", "on-primary": "#ffffff", "primary-container": "#d6e3ff", "on-primary-container": "#001b3e",
         "secondary-container": "#dae2f9", "on-secondary-container": "#131c2b", "surface": "#f9f9ff",
         "surface-container": "#ededf4", "surface-container-high": "#e7e8ee", "surface-container-highest": "#e2e2e9",
         "on-surface": "#191c20", "outline": "#74777f"},
    ],
    "dark": [
        {"primary": "#d0bcff", "on-primary": "#381e72", "primary-container": "#4f378b", "on-primary-container": "#eaddff",
         "secondary": "#ccc2dc", "secondary-container": "#4a4458", "on-secondary-container": "#e8def8", "surface": "#141218",
         "surface-container-lowest": "#0f0d13", "surface-container-low": "#1d1b20", "surface-container": "#211f26",
         "surface-container-high": "#2b2930", "surface-container-highest": "#36343b", "on-surface": "#e6e0e9",
         "on-surface-variant": "#cac4d0", "outline": "#938f99", "outline-variant": "#49454f", "error": "#f2b8b5",
         "on-error": "#601410", "inverse-surface": "#e6e0e9", "inverse-on-surface": "#322f35"},
        {"primary": "#aac7ff", "on-primary": "#0a305f", "primary-container": "#284777", "on-primary-container": "#d6e3ff",
         "secondary": "#bec6dc", "secondary-container": "#3e4759", "on-secondary-container": "#dae2f9", "surface": "#111318",
         "surface-container-lowest": "#0c0e13", "surface-container-low": "#191c20", "surface-container": "#1d2024",
         "surface-container-high": "#282a2f", "surface-container-highest": "#33353a", "on-surface": "#e2e2e9",
         "on-surface-variant": "#c4c6d0", "outline": "#8e9099", "outline-variant": "#44474e", "error": "#ffb4ab",
         "on-error": "#690005", "inverse-surface": "#e2e2e9", "inverse-on-surface": "#2e3036"},
    ],
}


class MaterialKit(Kit):
    """Material Web 2 (bundled with esbuild into build/material.js)."""

    name = "material"
    variants = ("outlined", "filled")

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
                    f'data-box="host"{toggle}{_b(b["disabled"], "disabled")}>'
                    f'{inner}</{tag}>')
        if "pressed" in b:  # no text toggle button in Material 3 web: a filter chip is the nearest
            return (f'<md-chip-set><md-filter-chip label="{esc(b["label"])}" data-w="md-filter-chip" data-box="host"'
                    f'{_b(b["pressed"], "selected")}{_b(b["disabled"], "disabled")}></md-filter-chip></md-chip-set>')
        tag = {"primary": self.r.choice(["md-filled-button", "md-filled-button", "md-elevated-button"]),
               "secondary": self.r.choice(["md-outlined-button", "md-filled-tonal-button"]),
               "text": "md-text-button", "danger": "md-filled-button"}[b["kind"]]
        style = ' style="--md-filled-button-container-color: var(--md-sys-color-error, #b3261e)"' if b["kind"] == "danger" else ""
        ic = self.icon(b["icon"], 18).replace("<svg ", '<svg slot="icon" ', 1) if b.get("icon") else ""
        return f'<{tag} data-w="{tag}" data-box="host"{style}{_b(b["disabled"], "disabled")}>{ic}{esc(b["label"])}</{tag}>'

    def _labelled(self, tag: str, c: dict, on: str) -> str:
        ctl = (f'<{tag} data-w="{tag}" data-box="host" aria-label="{esc(c["label"])}"{_b(c["checked"], on)}'
               f'{_b(c["disabled"], "disabled")}{" icons" if tag == "md-switch" and self.r.random() < 0.4 else ""}></{tag}>')
        if c.get("labelled_by_row"):
            return ctl
        if tag == "md-switch" and self.r.random() < 0.5:
            return f'<label class="mdl" style="justify-content:space-between;max-width:360px">{esc(c["label"])}{ctl}</label>'
        return f'<label class="mdl">{ctl}{esc(c["label"])}</label>'

    def w_checkbox(self, c: dict) -> str:
        return self._labelled("md-checkbox", c, "checked")

    def w_switch(self, c: dict) -> str:
        return self._labelled("md-switch", c, "selected")

    def w_radios(self, g: dict) -> str:
        name = self.uid("grp")
        opts = "".join(f'<label class="mdl"{" style=display:inline-flex;margin-right:18px" if g["inline"] else ""}>'
                       f'<md-radio name="{name}" value="v{k}" aria-label="{esc(o)}" data-w="md-radio" data-box="host"'
                       f'{_b(k == g["selected"], "checked")}{_b(k in g["disabled_idx"], "disabled")}></md-radio>{esc(o)}</label>'
                       for k, o in enumerate(g["options"]))
        return (f'<div role="radiogroup" aria-label="{esc(g["label"])}" style="margin:10px 0"><div '
                f'class="md-typescale-title-small">{esc(g["label"])}</div>{opts}</div>')

    def search_field(self, t: dict) -> str:
        return (f'<md-outlined-text-field type="search" aria-label="{esc(t["label"])}" placeholder="{esc(t["placeholder"])}" '
                f'value="{esc(t["value"])}" '
                f'data-w="md-outlined-text-field[type=search]" data-box="host" style="width:280px;margin:0">'
                f'<md-icon slot="leading-icon">{self.icon("search", 24)}</md-icon></md-outlined-text-field>')

    def w_text(self, t: dict) -> str:
        if t.get("search"):
            return self.search_field(t)
        tag = f"{self._field_tag()}-text-field"
        return (f'<{tag} label="{esc(t["label"])}" type="{t["type"]}" placeholder="{esc(t["placeholder"])}" '
                f'value="{esc(t["value"])}" '
                f'data-w="{tag}" data-box="host"{_b(t["disabled"], "disabled")}></{tag}>')

    def w_textarea(self, t: dict) -> str:
        tag = f"{self._field_tag()}-text-field"
        return (f'<{tag} type="textarea" rows="{t["rows"]}" label="{esc(t["label"])}" value="{esc(t["value"])}" '
                f'data-w="{tag}[type=textarea]" '
                f'data-box="host"{_b(t["disabled"], "disabled")}></{tag}>')

    def w_number(self, n: dict) -> str:
        tag = f"{self._field_tag()}-text-field"
        lbl = f'aria-label="{esc(n["label"])}"' if n.get("labelled_by_row") else f'label="{esc(n["label"])}"'
        return (f'<{tag} type="number" {lbl} value="{n["value"]}" min="{n["min"]}" max="{n["max"]}" data-w="{tag}[type=number]" '
                f'data-box="host"{_b(n["disabled"], "disabled")}></{tag}>')

    def w_slider(self, s: dict) -> str:
        sl = (f'<md-slider aria-label="{esc(s["label"])}" value="{s["value"]}" '
              f'data-w="md-slider"{" labeled" if self.r.random() < 0.5 else ""}'
              f'{_b(s["disabled"], "disabled")}></md-slider>')
        return sl if s.get("labelled_by_row") else ('<div class="dx-field"><span '
                                                    f'class="md-typescale-body-medium">{esc(s["label"])}</span>{sl}</div>')

    def w_select(self, s: dict) -> str:
        tag = f"{self._field_tag()}-select"
        lbl = f'aria-label="{esc(s["label"])}"' if s.get("labelled_by_row") else f'label="{esc(s["label"])}"'
        opts = "".join(f'<md-select-option value="v{k}" data-w="md-select-option"{_b(k == s["selected"], "selected")}>'
                       f'<div slot="headline">{esc(o)}</div></md-select-option>' for k, o in enumerate(s["options"]))
        op = ' data-open="picker" menu-positioning="absolute"' if s.get("open") else ""
        return f'<{tag} {lbl} data-w="{tag}" data-box="host"{op}{_b(s["disabled"], "disabled")}>{opts}</{tag}>'

    def w_menubutton(self, m: dict) -> str:
        aid = self.uid("anchor")
        items = "".join("<md-divider role=\"separator\"></md-divider>" if it.get("sep") else
                        f'<md-menu-item data-w="md-menu-item"{_b(it.get("disabled"), "disabled")}><div '
                        f'slot="headline">{esc(it["label"])}</div></md-menu-item>'
                        for it in m["items"])
        if m.get("icon"):
            trig = (f'<md-icon-button id="{aid}" aria-label="{esc(m["label"])}" data-w="md-icon-button menu" data-box="host">'
                    f'<md-icon>{self.icon("more", 24)}</md-icon></md-icon-button>')
        else:
            trig = (f'<md-outlined-button id="{aid}" data-w="md-outlined-button menu" data-box="host">{esc(m["label"])}'
                    '</md-outlined-button>')
        return (f'<div class="dx-row"><span class="dx-menuanchor">{trig}<md-menu anchor="{aid}" positioning="absolute" '
                'data-w="md-menu"'
                f'{_b(m["open"], "open")} quick>{items}</md-menu></span></div>')

    def w_tabs(self, t: dict) -> str:
        tag = self.r.choice(["md-primary-tab", "md-secondary-tab"])
        tabs = "".join(f'<{tag} data-w="{tag}"{_b(k == t["selected"], "active")}'
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
        return (f'<div class="dx-field"><span>{esc(p["label"])}</span><md-linear-progress value="{p["value"] / 100:.2f}" '
                f'aria-label="{esc(p["label"])}" data-w="md-linear-progress"></md-linear-progress></div>')

    def w_separator(self, s: dict) -> str:
        if s.get("vertical"):
            return '<span style="width:1px;align-self:stretch;background:var(--dx-border)"></span>'
        return "<md-divider></md-divider>"

    def w_dialog(self, d: dict) -> str:
        return (f'<md-dialog open data-w="md-dialog"><div slot="headline">{esc(d["title"])}</div><form slot="content" '
                'method="dialog">'
                f'{self.render_all(d["body"])}</form><div slot="actions">{self.render_all(d["actions"])}</div></md-dialog>')


class FluentKit(Kit):
    """Fluent UI web components 2 (FAST), bundled into build/fluent.js."""

    name = "fluent"
    iconsets = ("tabler", "lucide", "mdi", "bootstrap")

    def head(self) -> str:
        return '<script type="module" src="/build/fluent.js"></script>'

    def extra_css(self) -> str:
        return ("html.dx-light, html.dx-dark { --dx-bg: var(--fill-color); --dx-fg: var(--neutral-foreground-rest); "
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
                    f'{_b(b["disabled"], "disabled")}>{self.icon(b["icon"], 16)}</fluent-button>')
        ic = f'<span slot="start">{self.icon(b["icon"], 16)}</span>' if b.get("icon") else ""
        return (f'<fluent-button appearance="{app}" '
                f'data-w="fluent-button"{pressed}{_b(b["disabled"], "disabled")}>{ic}{esc(b["label"])}</fluent-button>')

    def _check(self, tag: str, c: dict) -> str:
        if c.get("labelled_by_row"):
            return (f'<{tag} data-w="{tag}" '
                    f'aria-labelledby="{c["_lbl"]}"{_b(c["checked"], "checked")}{_b(c["disabled"], "disabled")}></{tag}>')
        return (f'<div><{tag} data-w="{tag}"{_b(c["checked"], "checked")}{_b(c["disabled"], "disabled")}>{esc(c["label"])}'
                f'</{tag}></div>')

    def w_checkbox(self, c: dict) -> str:
        return self._check("fluent-checkbox", c)

    def w_switch(self, c: dict) -> str:
        return self._check("fluent-switch", c)

    def w_radios(self, g: dict) -> str:
        opts = "".join(f'<fluent-radio value="v{k}" '
                       f'data-w="fluent-radio"{_b(k == g["selected"], "checked")}{_b(k in g["disabled_idx"], "disabled")}>'
                       f'{esc(o)}</fluent-radio>' for k, o in enumerate(g["options"]))
        orient = "horizontal" if g["inline"] else "vertical"
        return (f'<fluent-radio-group orientation="{orient}" style="margin:10px 0"><label slot="label">{esc(g["label"])}'
                f'</label>{opts}</fluent-radio-group>')

    def search_field(self, t: dict) -> str:
        return (f'<fluent-search placeholder="{esc(t["placeholder"])}" value="{esc(t["value"])}" aria-label="{esc(t["label"])}" '
                f'data-w="fluent-search" style="margin:0;width:260px"></fluent-search>')

    def w_text(self, t: dict) -> str:
        if t.get("search"):
            return self.search_field(t)
        app = self.r.choice(["outline", "filled"])
        return (f'<fluent-text-field appearance="{app}" type="{t["type"]}" placeholder="{esc(t["placeholder"])}" '
                f'value="{esc(t["value"])}" '
                f'data-w="fluent-text-field"{_b(t["disabled"], "disabled")}>{esc(t["label"])}</fluent-text-field>')

    def w_textarea(self, t: dict) -> str:
        return (f'<fluent-text-area resize="vertical" rows="{t["rows"]}" placeholder="{esc(t["placeholder"])}" '
                f'value="{esc(t["value"])}" '
                f'data-w="fluent-text-area"{_b(t["disabled"], "disabled")}>{esc(t["label"])}</fluent-text-area>')

    def w_number(self, n: dict) -> str:
        lbl = f' aria-labelledby="{n["_lbl"]}" style="margin:0;width:140px"' if n.get("labelled_by_row") else ""
        text = "" if n.get("labelled_by_row") else esc(n["label"])
        return (f'<fluent-number-field value="{n["value"]}" min="{n["min"]}" max="{n["max"]}" data-w="fluent-number-field"{lbl}'
                f'{_b(n["disabled"], "disabled")}>{text}</fluent-number-field>')

    def w_slider(self, s: dict) -> str:
        lbl = self.label_attr(s, "aria-label")
        sl = (f'<fluent-slider {lbl} min="0" max="100" value="{s["value"]}" data-w="fluent-slider" style="width:240px"'
              f'{_b(s["disabled"], "disabled")}></fluent-slider>')
        return self.span_field(s, sl)

    def w_select(self, s: dict) -> str:
        tag = "fluent-combobox" if self.r.random() < 0.25 and not s.get("open") else "fluent-select"
        lbl = self.label_attr(s, "aria-label")
        opts = "".join(f'<fluent-option value="v{k}" data-w="fluent-option"{_b(k == s["selected"], "selected")}>{esc(o)}'
                       '</fluent-option>'
                       for k, o in enumerate(s["options"]))
        value = f' value="{esc(s["options"][s["selected"]])}"' if tag == "fluent-combobox" else ""
        sel = (f'<{tag} {lbl} data-w="{tag}"{value}{_b(s.get("open"), "open")}{_b(s["disabled"], "disabled")} position="below">'
               f'{opts}</{tag}>')
        return self.span_field(s, sel)

    def w_menubutton(self, m: dict) -> str:
        items = "".join("<fluent-divider role=\"separator\"></fluent-divider>" if it.get("sep") else
                        f'<fluent-menu-item data-w="fluent-menu-item"{_b(it.get("disabled"), "disabled")}>{esc(it["label"])}'
                        '</fluent-menu-item>'
                        for it in m["items"])
        exp = "true" if m["open"] else "false"
        if m.get("icon"):
            trig = (f'<fluent-button appearance="stealth" aria-label="{esc(m["label"])}" aria-haspopup="menu" '
                    f'aria-expanded="{exp}" '
                    f'data-w="fluent-button menu">{self.icon("more", 16)}</fluent-button>')
        else:
            trig = (f'<fluent-button appearance="neutral" aria-haspopup="menu" aria-expanded="{exp}" data-w="fluent-button menu">'
                    f'{esc(m["label"])} ▾</fluent-button>')
        menu = f'<fluent-menu class="dx-fmenu" data-w="fluent-menu">{items}</fluent-menu>' if m["open"] else ""
        return f'<div class="dx-row"><div class="dx-menuwrap">{trig}{menu}</div></div>'

    def w_tabs(self, t: dict) -> str:
        ids = [self.uid("ftab") for _ in t["labels"]]
        tabs = "".join(f'<fluent-tab id="{ids[k]}" data-w="fluent-tab"{_b(k in t["disabled_idx"], "disabled")}>{esc(lab)}'
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
        opts = "".join(f'<fluent-option data-w="fluent-option"{_b(k in lb["selected"], "selected")}>{esc(o)}</fluent-option>'
                       for k, o in enumerate(lb["options"]))
        multi = " multiple" if lb["multi"] else ""
        return (f'<div class="dx-field"><span>{esc(lb["label"])}</span><fluent-listbox aria-label="{esc(lb["label"])}"{multi} '
                f'data-w="fluent-listbox" style="max-width:320px">{opts}</fluent-listbox></div>')

    def w_tree(self, t: dict) -> str:
        items = _tree_items(t, "fluent-tree-item", "positioning-region")
        return f'<fluent-tree-view style="max-width:340px" aria-label="{esc(t["label"])}">{items}</fluent-tree-view>'

    def w_accordion(self, a: dict) -> str:
        items = "".join(f'<fluent-accordion-item data-w="fluent-accordion-item"{_b(it["open"], "expanded")}><span '
                        f'slot="heading">{esc(it["title"])}</span>'
                        f'{esc(it["body"])}</fluent-accordion-item>' for it in a["items"])
        return f'<fluent-accordion style="max-width:720px">{items}</fluent-accordion>'

    def w_breadcrumb(self, b: dict) -> str:
        items = "".join(f'<fluent-breadcrumb-item href="#" data-w="fluent-breadcrumb-item">{esc(t)}</fluent-breadcrumb-item>'
                        for t in b["items"][:-1])
        return (f'<fluent-breadcrumb style="margin-bottom:10px">{items}<fluent-breadcrumb-item>{esc(b["items"][-1])}'
                '</fluent-breadcrumb-item></fluent-breadcrumb>')

    def w_link(self, link: dict) -> str:
        return f'<fluent-anchor appearance="hypertext" href="#" data-w="fluent-anchor">{esc(link["label"])}</fluent-anchor>'

    def w_card(self, c: dict) -> str:
        return (f'<fluent-card style="padding:16px;height:auto"><h3 style="margin-top:0">{esc(c["title"])}'
                f'</h3>{self.render_all(c["body"])}'
                f'<div class="dx-row">{self.render_all(c["actions"])}</div></fluent-card>')

    def w_progress(self, p: dict) -> str:
        return (f'<div class="dx-field"><span>{esc(p["label"])}</span><fluent-progress value="{p["value"]}" '
                f'aria-label="{esc(p["label"])}" '
                f'data-w="fluent-progress"></fluent-progress></div>')

    def w_separator(self, s: dict) -> str:
        if s.get("vertical"):
            return '<fluent-divider orientation="vertical" style="height:24px"></fluent-divider>'
        return "<fluent-divider></fluent-divider>"

    def w_toolbar(self, t: dict) -> str:
        return (f'<fluent-toolbar aria-label="{esc(t["label"])}" data-w="fluent-toolbar" style="margin:8px 0">'
                f'{self.render_all([dict(i, labelled_by_row=False) for i in t["items"]])}</fluent-toolbar>')

    def w_dialog(self, d: dict) -> str:
        t = self.uid("dlgt")
        return (f'<fluent-dialog modal trap-focus aria-labelledby="{t}" data-w="fluent-dialog"><h2 id="{t}" '
                f'style="margin-top:0">{esc(d["title"])}</h2>'
                f'{self.render_all(d["body"])}<div class="dx-row" '
                f'style="justify-content:flex-end">{self.render_all(d["actions"])}</div></fluent-dialog>')
