"""CSS-framework kits: Bootstrap 5, Bulma 1, Pico 2 and Spectre (held out)."""
from __future__ import annotations

from .base import ARIA_DISABLED, Kit, esc

NM = "/node_modules"


def _checked(flag: bool) -> str:
    return " checked" if flag else ""


class BootstrapKit(Kit):
    """Bootstrap 5.3 components (data-bs-theme for dark)."""

    name = "bootstrap"
    iconsets = ("bootstrap", "bootstrap", "tabler", "lucide")
    variants = ("default", "sm")

    def head(self) -> str:
        return f'<link rel="stylesheet" href="{NM}/bootstrap/dist/css/bootstrap.min.css">'

    def html_attrs(self) -> str:
        return f'class="dx-{self.theme}" data-bs-theme="{self.theme}"'

    def extra_css(self) -> str:
        font = "body { font-family: var(--bs-body-font-family); font-size: var(--bs-body-font-size); }" \
            if self.r.random() < 0.6 else ""
        return ("html.dx-light, html.dx-dark { --dx-bg: var(--bs-body-bg); --dx-fg: var(--bs-body-color); "
                "--dx-border: var(--bs-border-color); --dx-bg2: var(--bs-tertiary-bg); --dx-accent: var(--bs-primary); "
                "--dx-hover: var(--bs-secondary-bg); --dx-sel: var(--bs-primary-bg-subtle); --dx-menu-bg: var(--bs-body-bg); "
                "--dx-muted: var(--bs-secondary-color); }\n" + font +
                ".dropdown { position: relative; display: inline-block; } .dropdown-menu.show { top: 100%; left: 0; margin-top: "
                "2px; }"
                ".modal.show { display: block; } .dx-field { max-width: 440px; }")

    def _sm(self) -> str:
        return " btn-sm" if self.variant == "sm" else ""

    def button_classes(self, b: dict) -> str:
        if "pressed" in b:
            return f"btn btn-outline-secondary{self._sm()}{' active' if b['pressed'] else ''}"
        if b.get("icon_only"):
            return f"btn {self.r.choice(['btn-light', 'btn-outline-secondary', 'btn-link'])}{self._sm()}"
        cls = {"primary": "btn-primary",
               "secondary": self.r.choice(["btn-secondary", "btn-outline-secondary", "btn-light"]),
               "text": "btn-link", "danger": self.r.choice(["btn-danger", "btn-outline-danger"])}[b["kind"]]
        return "btn " + cls + self._sm()

    def w_button(self, b: dict) -> str:
        return super().w_button(b).replace('data-w="button"', 'data-w="bootstrap .btn"', 1)

    def w_checkbox(self, c: dict) -> str:
        i = self.uid()
        lbl = f' aria-labelledby="{c["_lbl"]}"' if c.get("labelled_by_row") else ""
        inp = (f'<input class="form-check-input" type="checkbox" id="{i}" data-w="bootstrap .form-check"{lbl}'
               f'{_checked(c["checked"])}{self.dis(c["disabled"])}>')
        label = "" if c.get("labelled_by_row") else f'<label class="form-check-label" for="{i}">{esc(c["label"])}</label>'
        return f'<div class="form-check">{inp}{label}</div>'

    def w_switch(self, c: dict) -> str:
        i = self.uid()
        lbl = f' aria-labelledby="{c["_lbl"]}"' if c.get("labelled_by_row") else ""
        inp = (f'<input class="form-check-input" type="checkbox" role="switch" id="{i}" data-w="bootstrap .form-switch"{lbl}'
               f'{_checked(c["checked"])}{self.dis(c["disabled"])}>')
        label = "" if c.get("labelled_by_row") else f'<label class="form-check-label" for="{i}">{esc(c["label"])}</label>'
        return f'<div class="form-check form-switch">{inp}{label}</div>'

    def w_radios(self, g: dict) -> str:
        name = self.uid("grp")
        out = []
        for k, o in enumerate(g["options"]):
            i = self.uid()
            out.append(f'<div class="form-check{" form-check-inline" if g["inline"] else ""}"><input class="form-check-input" '
                       f'type="radio" name="{name}" id="{i}" data-w="bootstrap .form-check radio"{_checked(k == g["selected"])}'
                       f'{self.dis(k in g["disabled_idx"])}><label class="form-check-label" for="{i}">{esc(o)}</label></div>')
        return f'<fieldset class="mb-3"><legend class="form-label fs-6">{esc(g["label"])}</legend>{"".join(out)}</fieldset>'

    def search_field(self, t: dict) -> str:
        inp = (f'<input type="search" class="form-control{" form-control-sm" if self.variant == "sm" else ""}" '
               f'data-w="bootstrap .form-control search" aria-label="{esc(t["label"])}" placeholder="{esc(t["placeholder"])}" '
               f'value="{esc(t["value"])}">')
        if self.r.random() < 0.5:
            return (f'<div class="input-group" style="max-width:320px"><span class="input-group-text">{self.icon("search", 16)}'
                    f'</span>{inp}</div>')
        return f'<div style="max-width:280px">{inp}</div>'

    def w_text(self, t: dict) -> str:
        if t.get("search"):
            return self.search_field(t)
        i = self.uid()
        return (f'<div class="mb-3 dx-field"><label class="form-label" for="{i}">{esc(t["label"])}</label>'
                f'<input class="form-control" id="{i}" type="{t["type"]}" data-w="bootstrap .form-control" '
                f'placeholder="{esc(t["placeholder"])}" value="{esc(t["value"])}"{self.dis(t["disabled"])}></div>')

    def w_textarea(self, t: dict) -> str:
        i = self.uid()
        return (f'<div class="mb-3 dx-field"><label class="form-label" for="{i}">{esc(t["label"])}</label>'
                f'<textarea class="form-control" id="{i}" rows="{t["rows"]}" data-w="bootstrap textarea.form-control" '
                f'placeholder="{esc(t["placeholder"])}"{self.dis(t["disabled"])}>{esc(t["value"])}</textarea></div>')

    def w_number(self, n: dict) -> str:
        return super().w_number(n).replace('data-w="input[type=number]"', 'class="form-control" data-w="bootstrap .form-control '
                                                                          'number"')

    def w_slider(self, s: dict) -> str:
        return super().w_slider(s).replace('data-w="input[type=range]"', 'class="form-range" data-w="bootstrap .form-range"')

    def w_select(self, s: dict) -> str:
        if s.get("open"):
            return self.aria_select(s)
        return super().w_select(s).replace('data-w="select"', 'class="form-select" data-w="bootstrap .form-select"')

    def aria_select(self, s: dict) -> str:
        i = self.uid()
        opts = "".join(f'<li role="none"><a class="dropdown-item{" active" if k == s["selected"] else ""}" href="#" '
                       'role="option" '
                       f'data-w="bootstrap .dropdown-item option" aria-selected="{str(k == s["selected"]).lower()}">{esc(o)}</a>'
                       '</li>'
                       for k, o in enumerate(s["options"]))
        return (f'<div class="mb-3 dx-field"><span class="form-label">{esc(s["label"])}</span><div class="dropdown">'
                f'<button type="button" class="form-select text-start" style="min-width:220px" role="combobox" id="{i}" '
                'data-w="bootstrap .form-select combobox" aria-haspopup="listbox" aria-expanded="true" '
                f'aria-label="{esc(s["label"])}">'
                f'{esc(s["options"][s["selected"]])}</button><ul class="dropdown-menu show" role="listbox" '
                f'data-w="bootstrap .dropdown-menu listbox" aria-label="{esc(s["label"])}">{opts}</ul></div></div>')

    def menu_html(self, items: list[dict], label: str = "") -> str:
        out = []
        for it in items:
            if it.get("sep"):
                out.append('<li role="none"><hr class="dropdown-divider"></li>')
                continue
            role = "menuitemcheckbox" if "check" in it else "menuitem"
            chk = f' aria-checked="{str(it["check"]).lower()}"' if "check" in it else ""
            mark = ("✓ " if it.get("check") else "") if "check" in it else ""
            kbd = f'<span class="text-body-secondary small ms-4">{esc(it["shortcut"])}</span>' if it.get("shortcut") else ""
            dis = " disabled" if it.get("disabled") else ""
            out.append(f'<li role="none"><a class="dropdown-item d-flex justify-content-between{dis}" href="#" role="{role}" '
                       f'data-w="bootstrap .dropdown-item"{chk}{ARIA_DISABLED if dis else ""}><span>{mark}{esc(it["label"])}'
                       f'</span>{kbd}</a></li>')
        return ('<ul class="dropdown-menu show" role="menu" data-w="bootstrap .dropdown-menu" '
                f'aria-label="{esc(label)}">{"".join(out)}</ul>')

    def w_menubutton(self, m: dict) -> str:
        exp = "true" if m["open"] else "false"
        if m.get("icon"):
            btn = (f'<button type="button" class="btn btn-light" aria-label="{esc(m["label"])}" data-w="bootstrap .btn dropdown" '
                   f'aria-haspopup="menu" aria-expanded="{exp}">{self.icon(m["icon"])}</button>')
        else:
            btn = (f'<button type="button" class="btn btn-secondary dropdown-toggle" data-w="bootstrap .dropdown-toggle" '
                   f'aria-haspopup="menu" aria-expanded="{exp}">{esc(m["label"])}</button>')
        menu = self.menu_html(m["items"], m["label"]) if m["open"] else ""
        return f'<div class="mb-2"><div class="dropdown">{btn}{menu}</div></div>'

    def w_tabs(self, t: dict) -> str:
        pills = self.r.random() < 0.35
        pid = self.uid("panel")
        tabs = []
        for k, lab in enumerate(t["labels"]):
            act = " active" if k == t["selected"] else ""
            dis = " disabled" if k in t["disabled_idx"] else ""
            tabs.append(f'<li class="nav-item" role="presentation"><button class="nav-link{act}" type="button" role="tab" '
                        f'data-w="bootstrap .nav-link tab" aria-selected="{str(k == t["selected"]).lower()}" '
                        f'aria-controls="{pid}"{dis}>'
                        f'{esc(lab)}</button></li>')
        return (f'<ul class="nav {"nav-pills" if pills else "nav-tabs"} mb-3" role="tablist">{"".join(tabs)}</ul>'
                f'<div role="tabpanel" id="{pid}">{self.render_all(t["panel"])}</div>')

    def table_class(self) -> str:
        return " table" + "".join(c for c in (" table-hover", " table-striped", " table-sm") if self.r.random() < 0.4)

    def w_list(self, lst: dict) -> str:
        if lst["kind"] == "links":
            act = self.r.randrange(len(lst["items"]))
            items = "".join(f'<a href="#" class="list-group-item list-group-item-action{" active" if k == act else ""}" '
                            'data-w="bootstrap .list-group-item a"'
                            f'>{esc(t)}</a>' for k, t in enumerate(lst["items"]))
            return f'<div class="list-group" style="max-width:420px">{items}</div>'
        items = "".join(f'<li class="list-group-item">{esc(t)}</li>' for t in lst["items"])
        return f'<ul class="list-group" style="max-width:520px">{items}</ul>'

    def w_listbox(self, lb: dict) -> str:
        opts = "".join(f'<div role="option" class="list-group-item{" active" if k in lb["selected"] else ""}" data-w="bootstrap '
                       '.list-group-item option" '
                       f'aria-selected="{str(k in lb["selected"]).lower()}">{esc(o)}</div>' for k, o in enumerate(lb["options"]))
        i = self.uid()
        return (f'<div class="mb-3"><span class="form-label" id="{i}">{esc(lb["label"])}</span><div role="listbox" '
                'class="list-group" '
                f'style="max-width:320px" aria-labelledby="{i}" tabindex="0" data-w="bootstrap .list-group listbox">{opts}</div>'
                '</div>')

    def w_accordion(self, a: dict) -> str:
        out = []
        for it in a["items"]:
            show = it["open"]
            out.append('<div class="accordion-item"><h2 class="accordion-header"><button '
                       f'class="accordion-button{"" if show else " collapsed"}" '
                       f'type="button" aria-expanded="{str(show).lower()}" data-w="bootstrap '
                       f'.accordion-button">{esc(it["title"])}</button></h2>'
                       f'<div class="accordion-collapse collapse{" show" if show else ""}"><div '
                       f'class="accordion-body">{esc(it["body"])}</div></div></div>')
        return f'<div class="accordion" style="max-width:720px">{"".join(out)}</div>'

    def w_breadcrumb(self, b: dict) -> str:
        lis = "".join(f'<li class="breadcrumb-item"><a href="#" data-w="bootstrap .breadcrumb a">{esc(t)}</a></li>'
                      for t in b["items"][:-1])
        lis += f'<li class="breadcrumb-item active" aria-current="page">{esc(b["items"][-1])}</li>'
        return f'<nav aria-label="breadcrumb"><ol class="breadcrumb">{lis}</ol></nav>'

    def w_pagination(self, p: dict) -> str:
        lis = ['<li class="page-item"><a class="page-link" href="#" data-w="bootstrap .page-link">Previous</a></li>']
        for k in range(1, p["pages"] + 1):
            cur = ' aria-current="page"' if k == p["current"] else ""
            lis.append(f'<li class="page-item{" active" if cur else ""}"><a class="page-link" href="#" data-w="bootstrap '
                       f'.page-link"{cur}>{k}</a></li>')
        lis.append('<li class="page-item"><a class="page-link" href="#" data-w="bootstrap .page-link">Next</a></li>')
        return f'<nav aria-label="Pagination"><ul class="pagination">{"".join(lis)}</ul></nav>'

    def w_card(self, c: dict) -> str:
        return (f'<div class="card"><div class="card-body"><h5 class="card-title">{esc(c["title"])}'
                f'</h5>{self.render_all(c["body"])}'
                f'<div class="d-flex gap-2 flex-wrap align-items-center">{self.render_all(c["actions"])}</div></div></div>')

    def w_progress(self, p: dict) -> str:
        return (f'<div class="mb-3" style="max-width:420px"><div class="form-label">{esc(p["label"])}</div><div '
                'class="progress" role="progressbar" '
                f'aria-label="{esc(p["label"])}" aria-valuenow="{p["value"]}" aria-valuemin="0" aria-valuemax="100" '
                'data-w="bootstrap .progress">'
                f'<div class="progress-bar" style="width:{p["value"]}%"></div></div></div>')

    def w_dialog(self, d: dict) -> str:
        t = self.uid("dlgt")
        close = ('<button type="button" class="btn-close" aria-label="Close" data-w="bootstrap .btn-close"></button>'
                 if d.get("close") else "")
        return ('<div class="modal-backdrop show"></div><div class="modal show" tabindex="-1"><div class="modal-dialog '
                'modal-dialog-centered">'
                f'<div class="modal-content" role="dialog" aria-modal="true" aria-labelledby="{t}" data-w="bootstrap .modal">'
                f'<div class="modal-header"><h5 class="modal-title" id="{t}">{esc(d["title"])}</h5>{close}</div>'
                f'<div class="modal-body">{self.render_all(d["body"])}</div><div '
                f'class="modal-footer">{self.render_all(d["actions"])}</div>'
                f'</div></div></div>')

    def sidebar(self, s: dict) -> str:
        if s["kind"] == "tree":
            return super().sidebar(s)
        lis = "".join(f'<li class="nav-item"><a href="#" class="nav-link{" active" if k == s["active"] else ""}" '
                      'data-w="bootstrap .nav-link"'
                      f'>{esc(t)}</a></li>' for k, t in enumerate(s["items"]))
        head = f'<div class="dx-side-h">{esc(s["heading"])}</div>' if s.get("heading") else ""
        return f'<aside class="dx-side">{head}<ul class="nav nav-pills flex-column">{lis}</ul></aside>'


class BulmaKit(Kit):
    """Bulma 1.0 (CSS only; data-theme for dark)."""

    name = "bulma"
    iconsets = ("mdi", "tabler", "lucide", "bootstrap")
    variants = ("default", "small")

    def head(self) -> str:
        return f'<link rel="stylesheet" href="{NM}/bulma/css/bulma.min.css">'

    def html_attrs(self) -> str:
        return f'class="dx-{self.theme} theme-{self.theme}" data-theme="{self.theme}"'

    def extra_css(self) -> str:
        return ("html.dx-light, html.dx-dark { --dx-bg: var(--bulma-scheme-main); --dx-fg: var(--bulma-text); "
                "--dx-border: var(--bulma-border); --dx-bg2: var(--bulma-scheme-main-bis); --dx-accent: var(--bulma-primary); "
                "--dx-hover: var(--bulma-background); --dx-sel: var(--bulma-primary-light); --dx-menu-bg: "
                "var(--bulma-scheme-main); "
                "--dx-muted: var(--bulma-text-weak); }"
                "body { font-family: var(--bulma-body-family); } .dropdown-menu { display: block; } .dx-field { max-width: "
                "440px; }"
                ".modal.is-active { z-index: 100; }")

    def _size(self) -> str:
        return " is-small" if self.variant == "small" else ""

    def button_classes(self, b: dict) -> str:
        if "pressed" in b:
            return "button" + (" is-primary is-selected" if b["pressed"] else "") + self._size()
        if b.get("icon_only"):
            return "button " + self.r.choice(["is-white", "is-ghost", "is-light", ""]) + self._size()
        cls = {"primary": self.r.choice(["is-primary", "is-link", "is-info"]),
               "secondary": self.r.choice(["", "is-light", "is-outlined"]),
               "text": "is-text", "danger": self.r.choice(["is-danger", "is-danger is-outlined"])}[b["kind"]]
        return "button " + cls + self._size()

    def w_button(self, b: dict) -> str:
        return super().w_button(b).replace('data-w="button"', 'data-w="bulma .button"', 1)

    def w_checkbox(self, c: dict) -> str:
        if c.get("labelled_by_row"):
            return (f'<input type="checkbox" data-w="bulma .checkbox" aria-labelledby="{c["_lbl"]}"'
                    f'{_checked(c["checked"])}{self.dis(c["disabled"])}>')
        return ('<div class="field"><label class="checkbox"><input type="checkbox" data-w="bulma '
                f'.checkbox"{_checked(c["checked"])}'
                f'{self.dis(c["disabled"])}> {esc(c["label"])}</label></div>')

    def w_radios(self, g: dict) -> str:
        name = self.uid("grp")
        opts = "".join(f'<label class="radio"><input type="radio" name="{name}" data-w="bulma '
                       f'.radio"{_checked(k == g["selected"])}'
                       f'{self.dis(k in g["disabled_idx"])}> {esc(o)}</label>' + ("" if g["inline"] else "<br>")
                       for k, o in enumerate(g["options"]))
        return (f'<div class="field"><label class="label">{esc(g["label"])}</label><div class="control"><div '
                f'class="radios">{opts}</div></div></div>')

    def search_field(self, t: dict) -> str:
        return (f'<div class="control has-icons-left" style="max-width:300px"><input class="input{self._size()}" type="search" '
                f'data-w="bulma .input search" aria-label="{esc(t["label"])}" placeholder="{esc(t["placeholder"])}" '
                f'value="{esc(t["value"])}">'
                f'<span class="icon is-left">{self.icon("search", 16)}</span></div>')

    def _field(self, label: str, i: str, control: str) -> str:
        return (f'<div class="field dx-field"><label class="label" for="{i}">{esc(label)}</label><div class="control">{control}'
                '</div></div>')

    def w_text(self, t: dict) -> str:
        if t.get("search"):
            return self.search_field(t)
        i = self.uid()
        return self._field(t["label"], i, f'<input class="input{self._size()}" id="{i}" type="{t["type"]}" data-w="bulma .input" '
                                          f'placeholder="{esc(t["placeholder"])}" '
                                          f'value="{esc(t["value"])}"{self.dis(t["disabled"])}>')

    def w_textarea(self, t: dict) -> str:
        i = self.uid()
        return self._field(t["label"], i, f'<textarea class="textarea" id="{i}" rows="{t["rows"]}" data-w="bulma .textarea" '
                                          f'placeholder="{esc(t["placeholder"])}"{self.dis(t["disabled"])}>{esc(t["value"])}'
                                          '</textarea>')

    def w_number(self, n: dict) -> str:
        return super().w_number(n).replace('data-w="input[type=number]"', 'class="input" data-w="bulma .input number"')

    def w_select(self, s: dict) -> str:
        if s.get("open"):
            return self.aria_select(s)
        i = self.uid()
        opts = "".join(f'<option{" selected" if k == s["selected"] else ""}>{esc(o)}</option>'
                       for k, o in enumerate(s["options"]))
        lbl = f' aria-labelledby="{s["_lbl"]}"' if s.get("labelled_by_row") else ""
        sel = (f'<div class="select{self._size()}"><select id="{i}" data-w="bulma .select"{lbl}{self.dis(s["disabled"])}>{opts}'
               '</select></div>')
        return sel if s.get("labelled_by_row") else self._field(s["label"], i, sel)

    def aria_select(self, s: dict) -> str:
        opts = "".join(f'<a href="#" class="dropdown-item{" is-active" if k == s["selected"] else ""}" role="option" '
                       'data-w="bulma .dropdown-item option" '
                       f'aria-selected="{str(k == s["selected"]).lower()}">{esc(o)}</a>' for k, o in enumerate(s["options"]))
        return (f'<div class="field"><label class="label">{esc(s["label"])}</label><div class="dropdown is-active"><div '
                'class="dropdown-trigger">'
                '<button class="button" role="combobox" aria-haspopup="listbox" aria-expanded="true" '
                f'aria-label="{esc(s["label"])}" '
                f'data-w="bulma .dropdown combobox"><span>{esc(s["options"][s["selected"]])}</span><span class="icon is-small">▾'
                '</span></button></div>'
                f'<div class="dropdown-menu" role="listbox" aria-label="{esc(s["label"])}"><div class="dropdown-content">{opts}'
                '</div></div></div></div>')

    def menu_html(self, items: list[dict], label: str = "") -> str:
        out = []
        for it in items:
            if it.get("sep"):
                out.append('<hr class="dropdown-divider">')
                continue
            role = "menuitemcheckbox" if "check" in it else "menuitem"
            chk = f' aria-checked="{str(it["check"]).lower()}"' if "check" in it else ""
            kbd = f' <span class="has-text-grey is-pulled-right ml-5">{esc(it["shortcut"])}</span>' if it.get("shortcut") else ""
            out.append(f'<a href="#" class="dropdown-item" role="{role}" data-w="bulma .dropdown-item"{chk}'
                       f'{ARIA_DISABLED + " style=opacity:.5" if it.get("disabled") else ""}>{"✓ " if it.get("check") else ""}'
                       f'{esc(it["label"])}{kbd}</a>')
        return (f'<div class="dropdown-menu" role="menu" aria-label="{esc(label)}" data-w="bulma .dropdown-menu">'
                f'<div class="dropdown-content">{"".join(out)}</div></div>')

    def w_menubutton(self, m: dict) -> str:
        exp = "true" if m["open"] else "false"
        inner = self.icon(m["icon"]) if m.get("icon") else f'<span>{esc(m["label"])}</span><span class="icon is-small">▾</span>'
        aria = f' aria-label="{esc(m["label"])}"' if m.get("icon") else ""
        btn = (f'<button class="button{self._size()}" aria-haspopup="menu" aria-expanded="{exp}" data-w="bulma '
               f'.dropdown-trigger button"{aria}>'
               f'{inner}</button>')
        menu = self.menu_html(m["items"], m["label"]) if m["open"] else ""
        return (f'<div class="block"><div class="dropdown{" is-active" if m["open"] else ""}"><div class="dropdown-trigger">{btn}'
                f'</div>{menu}</div></div>')

    def w_tabs(self, t: dict) -> str:
        style = self.r.choice(["", " is-boxed", " is-toggle"])
        pid = self.uid("panel")
        lis = "".join(f'<li{" class=is-active" if k == t["selected"] else ""}><a role="tab" data-w="bulma .tabs a" '
                      f'aria-selected="{str(k == t["selected"]).lower()}"{ARIA_DISABLED if k in t["disabled_idx"] else ""}>'
                      f'{esc(lab)}</a></li>'
                      for k, lab in enumerate(t["labels"]))
        return (f'<div class="tabs{style}"><ul role="tablist">{lis}</ul></div><div role="tabpanel" '
                f'id="{pid}">{self.render_all(t["panel"])}</div>')

    def table_class(self) -> str:
        return " table is-fullwidth" + "".join(c for c in (" is-striped", " is-hoverable", " is-narrow") if self.r.random() < 0.4)

    def w_list(self, lst: dict) -> str:
        if lst["kind"] == "links":
            act = self.r.randrange(len(lst["items"]))
            lis = "".join(f'<li><a href="#" data-w="bulma .menu-list a"{" class=is-active" if k == act else ""}>{esc(t)}</a></li>'
                          for k, t in enumerate(lst["items"]))
            return ('<aside class="menu" style="max-width:300px"><p '
                    f'class="menu-label">{esc(self.r.choice(["General", "Administration", "Links"]))}</p><ul '
                    f'class="menu-list">{lis}</ul></aside>')
        if lst["kind"] == "files":
            rows = "".join('<a class="panel-block" href="#" data-w="bulma '
                           f'.panel-block">{self.icon("folder" if "." not in t else "copy", 16)}&nbsp;{esc(t)}</a>'
                           for t in lst["items"])
            return ('<nav class="panel" style="max-width:480px"><p '
                    f'class="panel-heading">{esc(self.r.choice(["Files", "Repositories", "Recent"]))}</p>{rows}</nav>')
        return f'<div class="content">{super().w_list(lst)}</div>'

    def w_breadcrumb(self, b: dict) -> str:
        lis = "".join(f'<li><a href="#" data-w="bulma .breadcrumb a">{esc(t)}</a></li>' for t in b["items"][:-1])
        lis += (f'<li class="is-active"><a href="#" aria-current="page" data-w="bulma .breadcrumb a">{esc(b["items"][-1])}</a>'
                '</li>')
        return f'<nav class="breadcrumb" aria-label="breadcrumbs"><ul>{lis}</ul></nav>'

    def w_pagination(self, p: dict) -> str:
        lis = "".join(f'<li><a href="#" class="pagination-link{" is-current" if k == p["current"] else ""}" data-w="bulma '
                      '.pagination-link" '
                      f'aria-label="Page {k}"{" aria-current=page" if k == p["current"] else ""}>{k}</a></li>'
                      for k in range(1, p["pages"] + 1))
        return ('<nav class="pagination" role="navigation" aria-label="pagination"><a href="#" class="pagination-previous" '
                'data-w="bulma .pagination-previous">Previous</a>'
                '<a href="#" class="pagination-next" data-w="bulma .pagination-next">Next page</a><ul '
                f'class="pagination-list">{lis}</ul></nav>')

    def w_card(self, c: dict) -> str:
        return (f'<div class="card"><header class="card-header"><p class="card-header-title">{esc(c["title"])}</p></header>'
                f'<div class="card-content">{self.render_all(c["body"])}<div class="buttons '
                f'mt-3">{self.render_all(c["actions"])}</div></div></div>')

    def w_progress(self, p: dict) -> str:
        return (f'<div class="field" style="max-width:420px"><label class="label">{esc(p["label"])}</label><progress '
                'class="progress is-primary" '
                f'value="{p["value"]}" max="100" aria-label="{esc(p["label"])}" data-w="bulma .progress">{p["value"]}%'
                '</progress></div>')

    def w_dialog(self, d: dict) -> str:
        t = self.uid("dlgt")
        close = '<button class="delete" aria-label="close" data-w="bulma .delete"></button>' if d.get("close") else ""
        return ('<div class="modal is-active"><div class="modal-background"></div><div class="modal-card" role="dialog" '
                'aria-modal="true" '
                f'aria-labelledby="{t}" data-w="bulma .modal-card"><header class="modal-card-head"><p class="modal-card-title" '
                f'id="{t}">{esc(d["title"])}</p>{close}</header>'
                f'<section class="modal-card-body">{self.render_all(d["body"])}</section><footer class="modal-card-foot"><div '
                'class="buttons">'
                f'{self.render_all(d["actions"])}</div></footer></div></div>')


class PicoKit(Kit):
    """Pico CSS 2: semantic HTML styled by the framework (switches, dropdowns, dialogs)."""

    name = "pico"
    iconsets = ("lucide", "tabler", "mdi", "bootstrap")
    variants = ("pico", "amber", "jade", "pumpkin", "slate", "violet")

    def head(self) -> str:
        f = "pico.min.css" if self.variant in ("", "pico") else f"pico.{self.variant}.min.css"
        return f'<link rel="stylesheet" href="{NM}/@picocss/pico/css/{f}">'

    def html_attrs(self) -> str:
        return f'class="dx-{self.theme}" data-theme="{self.theme}"'

    def extra_css(self) -> str:
        return ("html.dx-light, html.dx-dark { --dx-bg: var(--pico-background-color); --dx-fg: var(--pico-color); "
                "--dx-border: var(--pico-muted-border-color); --dx-bg2: var(--pico-card-sectioning-background-color); "
                "--dx-accent: var(--pico-primary); --dx-muted: var(--pico-muted-color); --dx-menu-bg: "
                "var(--pico-dropdown-background-color); "
                "--dx-sel: var(--pico-primary-focus); --dx-hover: var(--pico-dropdown-hover-background-color); }"
                "body { font-family: var(--pico-font-family); } .dx-header input[type=search] { margin: 0; } .dx-field { "
                "max-width: 460px; }"
                ".dx-setting input, .dx-setting select { margin: 0; } details.dropdown { display: inline-block; min-width: "
                "200px; }"
                "details.dropdown[open] > summary + ul { display: block; } details.dropdown[open] > summary::before { display: "
                "none; }"
                ".dx-header input[type=search] { max-width: 320px; }")

    def button_classes(self, b: dict) -> str:
        if "pressed" in b:
            return "outline" if not b["pressed"] else ""
        if b.get("icon_only"):
            return self.r.choice(["outline secondary", "secondary", "contrast outline"])
        return {"primary": "", "secondary": self.r.choice(["secondary", "outline", "outline secondary"]),
                "text": "outline contrast", "danger": "contrast"}[b["kind"]]

    def w_button(self, b: dict) -> str:
        html = super().w_button(b).replace('data-w="button"', 'data-w="pico button"', 1)
        return html.replace("dx-ico-btn", "dx-ico-btn\" style=\"padding:.4rem .55rem", 1) if b.get("icon_only") else html

    def w_switch(self, c: dict) -> str:
        i = self.uid()
        inp = (f'<input type="checkbox" role="switch" id="{i}" data-w="pico input[role=switch]"{_checked(c["checked"])}'
               f'{self.dis(c["disabled"])}')
        if c.get("labelled_by_row"):
            return f'{inp} aria-labelledby="{c["_lbl"]}">'
        return f'<label>{inp}> {esc(c["label"])}</label>'

    def w_checkbox(self, c: dict) -> str:
        if c.get("labelled_by_row"):
            return super().w_checkbox(c).replace('data-w="input[type=checkbox]"', 'data-w="pico input[type=checkbox]"')
        return ('<label><input type="checkbox" data-w="pico '
                f'input[type=checkbox]"{_checked(c["checked"])}{self.dis(c["disabled"])}> '
                f'{esc(c["label"])}</label>')

    def w_radios(self, g: dict) -> str:
        name = self.uid("grp")
        opts = "".join(f'<label{" style=display:inline-block;margin-right:1em" if g["inline"] else ""}><input type="radio" '
                       f'name="{name}" '
                       f'data-w="pico input[type=radio]"{_checked(k == g["selected"])}{self.dis(k in g["disabled_idx"])}> '
                       f'{esc(o)}</label>'
                       for k, o in enumerate(g["options"]))
        return f'<fieldset><legend>{esc(g["label"])}</legend>{opts}</fieldset>'

    def w_select(self, s: dict) -> str:
        if s.get("open"):
            return self.aria_select(s)
        return super().w_select(s).replace('data-w="select"', 'data-w="pico select"')

    def aria_select(self, s: dict) -> str:
        """Pico's dropdown (details.dropdown) used as a select."""
        lis = "".join('<li role="none"><a href="#" role="option" data-w="pico details.dropdown option" '
                      f'aria-selected="{str(k == s["selected"]).lower()}">'
                      f'{esc(o)}</a></li>' for k, o in enumerate(s["options"]))
        return (f'<div class="dx-field"><span>{esc(s["label"])}</span><details class="dropdown" open>'
                f'<summary role="combobox" aria-expanded="true" aria-label="{esc(s["label"])}" data-w="pico details.dropdown">'
                f'{esc(s["options"][s["selected"]])}</summary><ul role="listbox">{lis}</ul></details></div>')

    def w_menubutton(self, m: dict) -> str:
        """Pico's dropdown: details.dropdown > summary + ul of links."""
        lis = "".join('<li role="none"><hr></li>' if it.get("sep") else
                      '<li role="none"><a href="#" role="menuitem" data-w="pico details.dropdown '
                      f'a"{ARIA_DISABLED if it.get("disabled") else ""}>'
                      f'{esc(it["label"])}</a></li>' for it in m["items"])
        cls = self.r.choice(["", "secondary", "outline"])
        return (f'<div class="dx-row"><details class="dropdown"{" open" if m["open"] else ""}><summary role="button" '
                f'class="{cls}" '
                f'data-w="pico details.dropdown summary">{esc(m["label"])}</summary><ul role="menu">{lis}</ul></details></div>')

    def w_accordion(self, a: dict) -> str:
        return "".join(f'<details{" open" if it["open"] else ""}><summary data-w="pico details summary">{esc(it["title"])}'
                       '</summary>'
                       f'<p>{esc(it["body"])}</p></details><hr>' for it in a["items"])

    def table_class(self) -> str:
        return " striped" if self.r.random() < 0.5 else ""

    def w_card(self, c: dict) -> str:
        return (f'<article><header><strong>{esc(c["title"])}</strong></header>{self.render_all(c["body"])}'
                f'<footer><div class="dx-row" style="margin:0">{self.render_all(c["actions"])}</div></footer></article>')

    def w_dialog(self, d: dict) -> str:
        t = self.uid("dlgt")
        close = '<button aria-label="Close" rel="prev" data-w="pico dialog close"></button>' if d.get("close") else ""
        return (f'<dialog data-modal="1" aria-labelledby="{t}" data-w="pico dialog"><article><header>{close}<p><strong '
                f'id="{t}">{esc(d["title"])}</strong></p></header>'
                f'{self.render_all(d["body"])}<footer>{self.render_all(d["actions"])}</footer></article></dialog>')

    def w_progress(self, p: dict) -> str:
        i = self.uid()
        return (f'<div class="dx-field"><label for="{i}">{esc(p["label"])}</label><progress id="{i}" value="{p["value"]}" '
                'max="100" '
                f'data-w="pico progress"></progress></div>')

    def w_breadcrumb(self, b: dict) -> str:
        lis = "".join(f'<li><a href="#" data-w="pico nav a">{esc(t)}</a></li>' for t in b["items"][:-1])
        lis += f"<li>{esc(b['items'][-1])}</li>"
        return f'<nav aria-label="breadcrumb"><ul>{lis}</ul></nav>'


SPECTRE_ICONS = {"search": "search", "delete": "delete", "edit": "edit", "add": "plus", "close": "cross", "menu": "menu",
                 "more": "more-vert", "refresh": "refresh", "download": "download", "upload": "upload", "share": "share",
                 "copy": "copy", "back": "back", "forward": "forward", "up": "upward", "mail": "mail", "image": "photo",
                 "link": "link", "calendar": "time", "user": "people", "pin": "location", "star": "bookmark"}


class SpectreKit(Kit):
    """Spectre.css (light only).  Held out of training entirely."""

    name = "spectre"
    dark_ok = False
    iconsets = ("spectre", "tabler", "mdi")

    def head(self) -> str:
        return "".join(f'<link rel="stylesheet" href="{NM}/spectre.css/dist/{f}">'
                       for f in ("spectre.min.css", "spectre-icons.min.css", "spectre-exp.min.css"))

    def extra_css(self) -> str:
        return ("html.dx-light { --dx-bg: #fff; --dx-fg: #3b4351; --dx-border: #dadee4; --dx-bg2: #f7f8f9; --dx-accent: #5755d9; "
                "--dx-sel: #f1f1fc; --dx-hover: #f1f1fc; --dx-muted: #66758c; } body { font-family: -apple-system, system-ui, "
                "'Segoe UI', Roboto, 'Helvetica Neue', sans-serif; font-size: .8rem; } .dropdown .menu { display: block; }"
                ".modal.active { z-index: 100; } .dx-field { max-width: 440px; }")

    def icon(self, action: str, size: int = 18, deco: bool = False) -> str:
        if self.iconset == "spectre" and action in SPECTRE_ICONS:
            extra = ' data-dx="icon"' if deco else ""
            return f'<i class="icon icon-{SPECTRE_ICONS[action]}" aria-hidden="true"{extra}></i>'
        return self.icons.svg(action, "tabler" if self.iconset == "spectre" else self.iconset, size,
                              'data-dx="icon" class="dx-icon"' if deco else "")

    def button_classes(self, b: dict) -> str:
        sm = " btn-sm" if self.r.random() < 0.3 else ""
        if "pressed" in b:
            return "btn" + (" active" if b["pressed"] else "") + sm
        if b.get("icon_only"):
            return "btn btn-action" + self.r.choice(["", " btn-link", " s-circle"]) + sm
        return "btn" + {"primary": " btn-primary", "secondary": "", "text": " btn-link", "danger": " btn-error"}[b["kind"]] + sm

    def w_button(self, b: dict) -> str:
        return super().w_button(b).replace('data-w="button"', 'data-w="spectre .btn"', 1)

    def _form_check(self, kind: str, c: dict, extra: str = "") -> str:
        if c.get("labelled_by_row"):
            return (f'<label class="form-{kind}"><input type="checkbox"{extra} data-w="spectre .form-{kind}" '
                    f'aria-labelledby="{c["_lbl"]}"'
                    f'{_checked(c["checked"])}{self.dis(c["disabled"])}><i class="form-icon"></i></label>')
        return (f'<div class="form-group"><label class="form-{kind}"><input type="checkbox"{extra} data-w="spectre .form-{kind}"'
                f'{_checked(c["checked"])}{self.dis(c["disabled"])}><i class="form-icon"></i> {esc(c["label"])}</label></div>')

    def w_checkbox(self, c: dict) -> str:
        return self._form_check("checkbox", c)

    def w_switch(self, c: dict) -> str:
        return self._form_check("switch", c, ' role="switch"')

    def w_radios(self, g: dict) -> str:
        name = self.uid("grp")
        opts = "".join(f'<label class="form-radio{" form-inline" if g["inline"] else ""}"><input type="radio" name="{name}" '
                       'data-w="spectre .form-radio"'
                       f'{_checked(k == g["selected"])}{self.dis(k in g["disabled_idx"])}><i class="form-icon"></i> {esc(o)}'
                       '</label>'
                       for k, o in enumerate(g["options"]))
        return f'<div class="form-group"><label class="form-label">{esc(g["label"])}</label>{opts}</div>'

    def search_field(self, t: dict) -> str:
        return ('<div class="has-icon-left" style="width:260px"><input type="search" class="form-input" data-w="spectre '
                '.form-input search" '
                f'aria-label="{esc(t["label"])}" placeholder="{esc(t["placeholder"])}" value="{esc(t["value"])}"><i '
                'class="form-icon icon icon-search"></i></div>')

    def w_text(self, t: dict) -> str:
        if t.get("search"):
            return self.search_field(t)
        i = self.uid()
        return (f'<div class="form-group dx-field"><label class="form-label" for="{i}">{esc(t["label"])}</label><input '
                f'class="form-input" id="{i}" '
                f'type="{t["type"]}" data-w="spectre .form-input" placeholder="{esc(t["placeholder"])}" '
                f'value="{esc(t["value"])}"{self.dis(t["disabled"])}></div>')

    def w_textarea(self, t: dict) -> str:
        i = self.uid()
        return (f'<div class="form-group dx-field"><label class="form-label" for="{i}">{esc(t["label"])}</label><textarea '
                f'class="form-input" id="{i}" '
                f'rows="{t["rows"]}" data-w="spectre textarea.form-input" '
                f'placeholder="{esc(t["placeholder"])}"{self.dis(t["disabled"])}>{esc(t["value"])}</textarea></div>')

    def w_number(self, n: dict) -> str:
        return super().w_number(n).replace('data-w="input[type=number]"', 'class="form-input" data-w="spectre .form-input '
                                                                          'number"')

    def w_slider(self, s: dict) -> str:
        return super().w_slider(s).replace('data-w="input[type=range]"', 'class="slider" data-w="spectre .slider"')

    def w_select(self, s: dict) -> str:
        if s.get("open"):
            return super().aria_select(s)
        return super().w_select(s).replace('data-w="select"', 'class="form-select" data-w="spectre .form-select"')

    def menu_html(self, items: list[dict], label: str = "") -> str:
        out = []
        for it in items:
            if it.get("sep"):
                out.append('<li class="divider" role="separator"></li>')
                continue
            out.append(f'<li class="menu-item" role="none"><a href="#" role="menuitem" data-w="spectre .menu-item a"'
                       f'{ARIA_DISABLED + " class=disabled" if it.get("disabled") else ""}>{esc(it["label"])}</a></li>')
        return f'<ul class="menu" role="menu" aria-label="{esc(label)}" data-w="spectre .menu">{"".join(out)}</ul>'

    def w_menubutton(self, m: dict) -> str:
        exp = "true" if m["open"] else "false"
        inner = self.icon(m["icon"]) if m.get("icon") else f'{esc(m["label"])} <i class="icon icon-caret"></i>'
        aria = f' aria-label="{esc(m["label"])}"' if m.get("icon") else ""
        btn = (f'<button class="btn dropdown-toggle" aria-haspopup="menu" aria-expanded="{exp}" data-w="spectre '
               f'.dropdown-toggle"{aria}>{inner}</button>')
        return (f'<div class="dx-row"><div class="dropdown{" active" if m["open"] else ""}">{btn}'
                f'{self.menu_html(m["items"], m["label"]) if m["open"] else ""}</div></div>')

    def w_tabs(self, t: dict) -> str:
        pid = self.uid("panel")
        lis = "".join(f'<li class="tab-item{" active" if k == t["selected"] else ""}"><a href="#" role="tab" data-w="spectre '
                      '.tab-item a" '
                      f'aria-selected="{str(k == t["selected"]).lower()}"{ARIA_DISABLED if k in t["disabled_idx"] else ""}>'
                      f'{esc(lab)}</a></li>'
                      for k, lab in enumerate(t["labels"]))
        block = " tab-block" if self.r.random() < 0.3 else ""
        return (f'<ul class="tab{block}" role="tablist">{lis}</ul><div role="tabpanel" id="{pid}" '
                f'style="padding-top:10px">{self.render_all(t["panel"])}</div>')

    def table_class(self) -> str:
        return " table" + "".join(c for c in (" table-striped", " table-hover") if self.r.random() < 0.5)

    def w_list(self, lst: dict) -> str:
        if lst["kind"] == "links":
            act = self.r.randrange(len(lst["items"]))
            lis = "".join(f'<li class="nav-item{" active" if k == act else ""}"><a href="#" data-w="spectre .nav-item '
                          f'a">{esc(t)}</a></li>'
                          for k, t in enumerate(lst["items"]))
            return f'<ul class="nav">{lis}</ul>'
        return super().w_list(lst)

    def w_accordion(self, a: dict) -> str:
        return "".join(f'<details class="accordion"{" open" if it["open"] else ""}><summary class="accordion-header" '
                       'data-w="spectre .accordion-header">'
                       f'<i class="icon icon-arrow-right mr-1"></i>{esc(it["title"])}</summary><div '
                       f'class="accordion-body">{esc(it["body"])}</div></details>'
                       for it in a["items"])

    def w_breadcrumb(self, b: dict) -> str:
        lis = "".join(f'<li class="breadcrumb-item"><a href="#" data-w="spectre .breadcrumb-item a">{esc(t)}</a></li>'
                      for t in b["items"])
        return f'<ul class="breadcrumb">{lis}</ul>'

    def w_pagination(self, p: dict) -> str:
        lis = ['<li class="page-item"><a href="#" data-w="spectre .page-item a">Previous</a></li>']
        lis += [f'<li class="page-item{" active" if k == p["current"] else ""}"><a href="#" data-w="spectre .page-item a">{k}'
                '</a></li>'
                for k in range(1, p["pages"] + 1)]
        lis.append('<li class="page-item"><a href="#" data-w="spectre .page-item a">Next</a></li>')
        return f'<ul class="pagination">{"".join(lis)}</ul>'

    def w_card(self, c: dict) -> str:
        return (f'<div class="card"><div class="card-header"><div class="card-title h5">{esc(c["title"])}</div></div>'
                f'<div class="card-body">{self.render_all(c["body"])}</div><div '
                f'class="card-footer">{self.render_all(c["actions"])}</div></div>')

    def w_progress(self, p: dict) -> str:
        i = self.uid()
        return (f'<div class="form-group dx-field"><label class="form-label" for="{i}">{esc(p["label"])}</label><progress '
                f'class="progress" id="{i}" '
                f'value="{p["value"]}" max="100" data-w="spectre .progress"></progress></div>')

    def w_dialog(self, d: dict) -> str:
        t = self.uid("dlgt")
        close = ('<a href="#" class="btn btn-clear float-right" aria-label="Close" data-w="spectre .btn-clear"></a>'
                 if d.get("close") else "")
        return (f'<div class="modal active"><div class="modal-overlay"></div><div class="modal-container" role="dialog" '
                f'aria-modal="true" aria-labelledby="{t}" data-w="spectre .modal"><div class="modal-header">{close}<div '
                f'class="modal-title h5" id="{t}">'
                f'{esc(d["title"])}</div></div><div class="modal-body"><div class="content">{self.render_all(d["body"])}</div>'
                '</div>'
                f'<div class="modal-footer">{self.render_all(d["actions"])}</div></div></div>')
