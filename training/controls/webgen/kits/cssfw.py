"""CSS-framework kits: Bootstrap 5, Bulma 1, Pico 2 and Spectre (held out)."""
from __future__ import annotations

from .base import (ARIA_DISABLED, CURRENT, Kit, alone_or, check_flags, esc, menu_role, menu_trigger, option_tags, row_aria,
                   switch_input, text_attrs)


class FrameworkKit(Kit):
    """What Bootstrap, Bulma and Spectre share: text fields (a wrapper, a label and a control, each with the
    framework's class), native controls restyled by class, open selects as dropdowns, links as nav lists."""

    aria_open_select = True  # a framework can't style the customizable <select>: open selects are its dropdown
    small_class = ""         # added to controls in the kit's small variant
    field_class = ""         # wrapper of a text field
    label_class = ""         # its <label>
    input_class = ""         # class of a text <input> (and <textarea>); also the data-w selector
    textarea_class = ""      # class of a <textarea>, where it has one of its own
    button_class = ""        # class of a button
    range_class = ""         # class of a range slider, where the framework styles one
    select_class = ""        # class of a native <select>, where the framework styles one
    pagination_template = '<ul class="pagination">{items}</ul>'

    @property
    def restyled(self) -> dict[str, str]:
        """Native controls the framework restyles: the class it gives each, and a data-w naming that class."""
        def classed(cls: str, suffix: str = "") -> str:
            return f'class="{cls}" data-w="{self.name} .{cls}{suffix}"'
        styles = {"button": f'data-w="{self.name} .{self.button_class}"',
                  "input[type=number]": classed(self.input_class, " number")}
        if self.range_class:
            styles["input[type=range]"] = classed(self.range_class)
        if self.select_class:
            styles["select"] = classed(self.select_class)
        return styles

    def small(self) -> str:
        return self.small_class if self.variant in ("sm", "small") else ""

    def field(self, label: str, i: str, control: str) -> str:
        return (f'<div class="{self.field_class}"><label class="{self.label_class}" for="{i}">{esc(label)}</label>'
                f'{control}</div>')

    def text_class(self) -> str:
        return self.input_class

    def text_input(self, t: dict, i: str) -> str:
        return (f'<input class="{self.text_class()}" id="{i}" type="{t["type"]}" data-w="{self.name} .{self.input_class}" '
                f'{text_attrs(t)}{self.dis(t["disabled"])}>')

    def textarea(self, t: dict, i: str) -> str:
        # data-w is a selector that finds the control: a class shared with <input> needs the tag name
        cls, selector = ((self.textarea_class, f".{self.textarea_class}") if self.textarea_class
                         else (self.input_class, f"textarea.{self.input_class}"))
        return (f'<textarea class="{cls}" id="{i}" rows="{t["rows"]}" data-w="{self.name} {selector}" '
                f'placeholder="{esc(t["placeholder"])}"{self.dis(t["disabled"])}>{esc(t["value"])}</textarea>')

    def w_list(self, lst: dict) -> str:
        """A list of links is the framework's navigation list, one item (at random) current."""
        if lst["kind"] == "links":
            return self.link_list(lst["items"], active=self.r.randrange(len(lst["items"])))
        return self.other_list(lst)

    def link_list(self, items: list[str], active: int) -> str:
        """The framework's list of links, ``active`` the current one."""
        raise NotImplementedError

    def other_list(self, lst: dict) -> str:
        """Any other list (plain, people, files)."""
        return super().w_list(lst)


class BootstrapKit(FrameworkKit):
    """Bootstrap 5.3 components (data-bs-theme for dark)."""

    name = "bootstrap"
    iconsets = ("bootstrap", "bootstrap", "tabler", "lucide")
    stylesheets = ("bootstrap/dist/css/bootstrap.min.css",)
    theme_attr = "data-bs-theme"
    variants = ("default", "sm")
    small_class = " btn-sm"
    radio_template = ('<div class="form-check{inline}"><input class="form-check-input" type="radio" name="{name}" id="{id}" '
                      'data-w="bootstrap .form-check radio"{state}><label class="form-check-label" for="{id}">{label}</label>'
                      '</div>')
    radio_group_template = '<fieldset class="mb-3"><legend class="form-label fs-6">{label}</legend>{options}</fieldset>'
    radio_inline = (" form-check-inline", "")
    menu_template = ('<ul class="dropdown-menu show" role="menu" data-w="bootstrap .dropdown-menu" aria-label="{label}">'
                     '{entries}</ul>')
    menu_separator = '<li role="none"><hr class="dropdown-divider"></li>'
    table_style = (" table", (" table-hover", " table-striped", " table-sm"), 0.4)
    pagination_template = '<nav aria-label="Pagination"><ul class="pagination">{items}</ul></nav>'
    card_template = ('<div class="card"><div class="card-body"><h5 class="card-title">{title}</h5>{body}'
                     '<div class="d-flex gap-2 flex-wrap align-items-center">{actions}</div></div></div>')
    field_class, label_class, input_class = "mb-3 dx-field", "form-label", "form-control"
    button_class, range_class, select_class = "btn", "form-range", "form-select"

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

    def button_classes(self, b: dict) -> str:
        if "pressed" in b:
            return f"btn btn-outline-secondary{self.small()}{' active' if b['pressed'] else ''}"
        if b.get("icon_only"):
            return f"btn {self.r.choice(['btn-light', 'btn-outline-secondary', 'btn-link'])}{self.small()}"
        cls = {"primary": "btn-primary",
               "secondary": self.r.choice(["btn-secondary", "btn-outline-secondary", "btn-light"]),
               "text": "btn-link", "danger": self.r.choice(["btn-danger", "btn-outline-danger"])}[b["kind"]]
        return "btn " + cls + self.small()

    def w_checkbox(self, c: dict) -> str:
        return self._form_check(c, switch=False)

    def w_switch(self, c: dict) -> str:
        return self._form_check(c, switch=True)

    def _form_check(self, c: dict, switch: bool) -> str:
        """A .form-check box or switch, with its own label unless its setting row labels it."""
        i = self.uid()
        kind, role = ("form-switch", ' role="switch"') if switch else ("form-check", "")
        box = (f'<input class="form-check-input" type="checkbox"{role} id="{i}" data-w="bootstrap .{kind}"{row_aria(c)}'
               f'{check_flags(c["checked"], c["disabled"])}>')
        label = alone_or(c, "", f'<label class="form-check-label" for="{i}">{esc(c["label"])}</label>')
        return f'<div class="form-check{" form-switch" if switch else ""}">{box}{label}</div>'

    def search_field(self, t: dict) -> str:
        inp = (f'<input type="search" class="form-control{" form-control-sm" if self.variant == "sm" else ""}" '
               f'data-w="bootstrap .form-control search" aria-label="{esc(t["label"])}" {text_attrs(t)}>')
        if self.r.random() < 0.5:
            return (f'<div class="input-group" style="max-width:320px"><span class="input-group-text">{self.icon("search", 16)}'
                    f'</span>{inp}</div>')
        return f'<div style="max-width:280px">{inp}</div>'

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

    def menu_item(self, it: dict) -> str:
        role, checked = menu_role(it)
        kbd = f'<span class="text-body-secondary small ms-4">{esc(it["shortcut"])}</span>' if it.get("shortcut") else ""
        dis = " disabled" if it.get("disabled") else ""
        return (f'<li role="none"><a class="dropdown-item d-flex justify-content-between{dis}" href="#" role="{role}" '
                f'data-w="bootstrap .dropdown-item"{checked}{ARIA_DISABLED if dis else ""}>'
                f'<span>{"✓ " if it.get("check") else ""}{esc(it["label"])}</span>{kbd}</a></li>')

    def w_menubutton(self, m: dict) -> str:
        if m.get("icon"):
            look = f'class="btn btn-light" aria-label="{esc(m["label"])}" data-w="bootstrap .btn dropdown"'
            content = self.icon(m["icon"])
        else:
            look = 'class="btn btn-secondary dropdown-toggle" data-w="bootstrap .dropdown-toggle"'
            content = esc(m["label"])
        btn = f'<button type="button" {look} {menu_trigger(m["open"])}>{content}</button>'
        return f'<div class="mb-2"><div class="dropdown">{btn}{self.open_menu(m)}</div></div>'

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

    def link_list(self, items: list[str], active: int) -> str:
        links = "".join(f'<a href="#" class="list-group-item list-group-item-action{" active" if k == active else ""}" '
                        f'data-w="bootstrap .list-group-item a">{esc(t)}</a>' for k, t in enumerate(items))
        return f'<div class="list-group" style="max-width:420px">{links}</div>'

    def other_list(self, lst: dict) -> str:
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

    def page_item(self, text, current: bool = False) -> str:
        return (f'<li class="page-item{" active" if current else ""}"><a class="page-link" href="#" data-w="bootstrap .page-link"'
                f'{CURRENT if current else ""}>{text}</a></li>')

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


class BulmaKit(FrameworkKit):
    """Bulma 1.0 (CSS only; data-theme for dark)."""

    name = "bulma"
    iconsets = ("mdi", "tabler", "lucide", "bootstrap")
    stylesheets = ("bulma/css/bulma.min.css",)
    variants = ("default", "small")
    small_class = " is-small"
    radio_template = ('<label class="radio"><input type="radio" name="{name}" data-w="bulma .radio"{state}> {label}</label>'
                      '{inline}')
    radio_group_template = ('<div class="field"><label class="label">{label}</label><div class="control"><div class="radios">'
                            '{options}</div></div></div>')
    radio_inline = ("", "<br>")  # stacked options each end in a line break
    menu_template = ('<div class="dropdown-menu" role="menu" aria-label="{label}" data-w="bulma .dropdown-menu">'
                     '<div class="dropdown-content">{entries}</div></div>')
    menu_separator = '<hr class="dropdown-divider">'
    table_style = (" table is-fullwidth", (" is-striped", " is-hoverable", " is-narrow"), 0.4)
    card_template = ('<div class="card"><header class="card-header"><p class="card-header-title">{title}</p></header>'
                     '<div class="card-content">{body}<div class="buttons mt-3">{actions}</div></div></div>')
    field_class, label_class, input_class, textarea_class = "field dx-field", "label", "input", "textarea"
    button_class = "button"
    css = ("html.dx-light, html.dx-dark { --dx-bg: var(--bulma-scheme-main); --dx-fg: var(--bulma-text); "
           "--dx-border: var(--bulma-border); --dx-bg2: var(--bulma-scheme-main-bis); --dx-accent: var(--bulma-primary); "
           "--dx-hover: var(--bulma-background); --dx-sel: var(--bulma-primary-light); --dx-menu-bg: "
           "var(--bulma-scheme-main); "
           "--dx-muted: var(--bulma-text-weak); }"
           "body { font-family: var(--bulma-body-family); } .dropdown-menu { display: block; } .dx-field { max-width: "
           "440px; }"
           ".modal.is-active { z-index: 100; }")

    def html_attrs(self) -> str:
        return f'class="dx-{self.theme} theme-{self.theme}" data-theme="{self.theme}"'

    def button_classes(self, b: dict) -> str:
        if "pressed" in b:
            return "button" + (" is-primary is-selected" if b["pressed"] else "") + self.small()
        if b.get("icon_only"):
            return "button " + self.r.choice(["is-white", "is-ghost", "is-light", ""]) + self.small()
        cls = {"primary": self.r.choice(["is-primary", "is-link", "is-info"]),
               "secondary": self.r.choice(["", "is-light", "is-outlined"]),
               "text": "is-text", "danger": self.r.choice(["is-danger", "is-danger is-outlined"])}[b["kind"]]
        return "button " + cls + self.small()

    def w_checkbox(self, c: dict) -> str:
        box = f'<input type="checkbox" data-w="bulma .checkbox"{row_aria(c)}{check_flags(c["checked"], c["disabled"])}>'
        return alone_or(c, box, f'<div class="field"><label class="checkbox">{box} {esc(c["label"])}</label></div>')

    def search_field(self, t: dict) -> str:
        return (f'<div class="control has-icons-left" style="max-width:300px"><input class="input{self.small()}" type="search" '
                f'data-w="bulma .input search" aria-label="{esc(t["label"])}" {text_attrs(t)}>'
                f'<span class="icon is-left">{self.icon("search", 16)}</span></div>')

    def field(self, label: str, i: str, control: str) -> str:
        return super().field(label, i, f'<div class="control">{control}</div>')

    def text_class(self) -> str:
        return self.input_class + self.small()

    def native_select(self, s: dict) -> str:
        """Bulma wraps the <select> in a div.select that draws it."""
        i = self.uid()
        sel = (f'<div class="select{self.small()}"><select id="{i}" data-w="bulma .select"{row_aria(s)}{self.dis(s["disabled"])}>'
               f'{option_tags(s)}</select></div>')
        return alone_or(s, sel, self.field(s["label"], i, sel))

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

    def menu_item(self, it: dict) -> str:
        role, checked = menu_role(it)
        kbd = f' <span class="has-text-grey is-pulled-right ml-5">{esc(it["shortcut"])}</span>' if it.get("shortcut") else ""
        return (f'<a href="#" class="dropdown-item" role="{role}" data-w="bulma .dropdown-item"{checked}'
                f'{ARIA_DISABLED + " style=opacity:.5" if it.get("disabled") else ""}>{"✓ " if it.get("check") else ""}'
                f'{esc(it["label"])}{kbd}</a>')

    def w_menubutton(self, m: dict) -> str:
        content, aria_label = self.menu_button_content(m, '<span>{}</span><span class="icon is-small">▾</span>')
        btn = (f'<button class="button{self.small()}" {menu_trigger(m["open"])} data-w="bulma .dropdown-trigger button"'
               f'{aria_label}>{content}</button>')
        return (f'<div class="block"><div class="dropdown{" is-active" if m["open"] else ""}"><div class="dropdown-trigger">{btn}'
                f'</div>{self.open_menu(m)}</div></div>')

    def w_tabs(self, t: dict) -> str:
        style = self.r.choice(["", " is-boxed", " is-toggle"])
        pid = self.uid("panel")
        lis = "".join(f'<li{" class=is-active" if k == t["selected"] else ""}><a role="tab" data-w="bulma .tabs a" '
                      f'aria-selected="{str(k == t["selected"]).lower()}"{ARIA_DISABLED if k in t["disabled_idx"] else ""}>'
                      f'{esc(lab)}</a></li>'
                      for k, lab in enumerate(t["labels"]))
        return (f'<div class="tabs{style}"><ul role="tablist">{lis}</ul></div><div role="tabpanel" '
                f'id="{pid}">{self.render_all(t["panel"])}</div>')

    def link_list(self, items: list[str], active: int) -> str:
        lis = "".join(f'<li><a href="#" data-w="bulma .menu-list a"{" class=is-active" if k == active else ""}>{esc(t)}</a></li>'
                      for k, t in enumerate(items))
        return ('<aside class="menu" style="max-width:300px"><p '
                f'class="menu-label">{esc(self.r.choice(["General", "Administration", "Links"]))}</p><ul '
                f'class="menu-list">{lis}</ul></aside>')

    def other_list(self, lst: dict) -> str:
        if lst["kind"] == "files":
            rows = "".join('<a class="panel-block" href="#" data-w="bulma '
                           f'.panel-block">{self.icon("folder" if "." not in t else "copy", 16)}&nbsp;{esc(t)}</a>'
                           for t in lst["items"])
            return ('<nav class="panel" style="max-width:480px"><p '
                    f'class="panel-heading">{esc(self.r.choice(["Files", "Repositories", "Recent"]))}</p>{rows}</nav>')
        return f'<div class="content">{super().other_list(lst)}</div>'

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
    theme_attr = "data-theme"
    aria_open_select = True
    restyled = {"button": 'data-w="pico button"', "select": 'data-w="pico select"',
                "input[type=checkbox]": 'data-w="pico input[type=checkbox]"'}
    radio_template = '<label{inline}><input type="radio" name="{name}" data-w="pico input[type=radio]"{state}> {label}</label>'
    radio_group_template = '<fieldset><legend>{label}</legend>{options}</fieldset>'
    radio_inline = (" style=display:inline-block;margin-right:1em", "")
    table_style = ("", (" striped",), 0.5)
    card_template = ('<article><header><strong>{title}</strong></header>{body}'
                     '<footer><div class="dx-row" style="margin:0">{actions}</div></footer></article>')
    css = ("html.dx-light, html.dx-dark { --dx-bg: var(--pico-background-color); --dx-fg: var(--pico-color); "
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

    @property
    def stylesheets(self) -> tuple[str, ...]:
        """Pico's colour variants are separate builds of its CSS."""
        f = "pico.min.css" if self.variant in ("", "pico") else f"pico.{self.variant}.min.css"
        return (f"@picocss/pico/css/{f}",)

    def button_classes(self, b: dict) -> str:
        if "pressed" in b:
            return "outline" if not b["pressed"] else ""
        if b.get("icon_only"):
            return self.r.choice(["outline secondary", "secondary", "contrast outline"])
        return {"primary": "", "secondary": self.r.choice(["secondary", "outline", "outline secondary"]),
                "text": "outline contrast", "danger": "contrast"}[b["kind"]]

    def w_button(self, b: dict) -> str:
        html = super().w_button(b)
        # Pico pads buttons for a text label: an icon alone gets less
        return html.replace("dx-ico-btn", "dx-ico-btn\" style=\"padding:.4rem .55rem", 1) if b.get("icon_only") else html

    def w_switch(self, c: dict) -> str:
        switch = switch_input(c, f'id="{self.uid()}" data-w="pico input[role=switch]"')
        return alone_or(c, switch, f'<label>{switch} {esc(c["label"])}</label>')

    def w_checkbox(self, c: dict) -> str:
        """The base check box when its setting row labels it; else one inside its <label> (no id needed)."""
        if c.get("labelled_by_row"):
            return super().w_checkbox(c)
        box = f'<input type="checkbox" {self.native("input[type=checkbox]")}{check_flags(c["checked"], c["disabled"])}>'
        return f'<label>{box} {esc(c["label"])}</label>'

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

    def w_dialog(self, d: dict) -> str:
        t = self.uid("dlgt")
        close = '<button aria-label="Close" rel="prev" data-w="pico dialog close"></button>' if d.get("close") else ""
        return (f'<dialog data-modal="1" aria-labelledby="{t}" data-w="pico dialog"><article><header>{close}<p><strong '
                f'id="{t}">{esc(d["title"])}</strong></p></header>'
                f'{self.render_all(d["body"])}<footer>{self.render_all(d["actions"])}</footer></article></dialog>')

    def w_progress(self, p: dict) -> str:
        i = self.uid()
        return self.field(p["label"], i, f'<progress id="{i}" value="{p["value"]}" max="100" data-w="pico progress"></progress>')

    def w_breadcrumb(self, b: dict) -> str:
        lis = "".join(f'<li><a href="#" data-w="pico nav a">{esc(t)}</a></li>' for t in b["items"][:-1])
        lis += f"<li>{esc(b['items'][-1])}</li>"
        return f'<nav aria-label="breadcrumb"><ul>{lis}</ul></nav>'


SPECTRE_ICONS = {"search": "search", "delete": "delete", "edit": "edit", "add": "plus", "close": "cross", "menu": "menu",
                 "more": "more-vert", "refresh": "refresh", "download": "download", "upload": "upload", "share": "share",
                 "copy": "copy", "back": "back", "forward": "forward", "up": "upward", "mail": "mail", "image": "photo",
                 "link": "link", "calendar": "time", "user": "people", "pin": "location", "star": "bookmark"}


class SpectreKit(FrameworkKit):
    """Spectre.css (light only).  Held out of training entirely."""

    name = "spectre"
    dark_ok = False
    iconsets = ("spectre", "tabler", "mdi")
    stylesheets = ("spectre.css/dist/spectre.min.css", "spectre.css/dist/spectre-icons.min.css",
                   "spectre.css/dist/spectre-exp.min.css")
    radio_template = ('<label class="form-radio{inline}"><input type="radio" name="{name}" data-w="spectre .form-radio"{state}>'
                      '<i class="form-icon"></i> {label}</label>')
    radio_group_template = '<div class="form-group"><label class="form-label">{label}</label>{options}</div>'
    radio_inline = (" form-inline", "")
    menu_template = '<ul class="menu" role="menu" aria-label="{label}" data-w="spectre .menu">{entries}</ul>'
    menu_separator = '<li class="divider" role="separator"></li>'
    table_style = (" table", (" table-striped", " table-hover"), 0.5)
    card_template = ('<div class="card"><div class="card-header"><div class="card-title h5">{title}</div></div>'
                     '<div class="card-body">{body}</div><div class="card-footer">{actions}</div></div>')
    field_class, label_class, input_class = "form-group dx-field", "form-label", "form-input"
    button_class, range_class, select_class = "btn", "slider", "form-select"
    css = ("html.dx-light { --dx-bg: #fff; --dx-fg: #3b4351; --dx-border: #dadee4; --dx-bg2: #f7f8f9; --dx-accent: #5755d9; "
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

    def _form_check(self, kind: str, c: dict, role: str = "") -> str:
        """A .form-checkbox or .form-switch: a <label> around the input and the icon Spectre draws it with."""
        box = (f'<input type="checkbox"{role} data-w="spectre .form-{kind}"{row_aria(c)}'
               f'{check_flags(c["checked"], c["disabled"])}><i class="form-icon"></i>')
        return alone_or(c, f'<label class="form-{kind}">{box}</label>',
                        f'<div class="form-group"><label class="form-{kind}">{box} {esc(c["label"])}</label></div>')

    def w_checkbox(self, c: dict) -> str:
        return self._form_check("checkbox", c)

    def w_switch(self, c: dict) -> str:
        return self._form_check("switch", c, ' role="switch"')

    def search_field(self, t: dict) -> str:
        return ('<div class="has-icon-left" style="width:260px"><input type="search" class="form-input" data-w="spectre '
                '.form-input search" '
                f'aria-label="{esc(t["label"])}" {text_attrs(t)}><i '
                'class="form-icon icon icon-search"></i></div>')

    def menu_item(self, it: dict) -> str:
        return (f'<li class="menu-item" role="none"><a href="#" role="menuitem" data-w="spectre .menu-item a"'
                f'{ARIA_DISABLED + " class=disabled" if it.get("disabled") else ""}>{esc(it["label"])}</a></li>')

    def w_menubutton(self, m: dict) -> str:
        content, aria_label = self.menu_button_content(m, '{} <i class="icon icon-caret"></i>')
        btn = (f'<button class="btn dropdown-toggle" {menu_trigger(m["open"])} data-w="spectre .dropdown-toggle"{aria_label}>'
               f'{content}</button>')
        return f'<div class="dx-row"><div class="dropdown{" active" if m["open"] else ""}">{btn}{self.open_menu(m)}</div></div>'

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

    def link_list(self, items: list[str], active: int) -> str:
        lis = "".join(f'<li class="nav-item{" active" if k == active else ""}"><a href="#" data-w="spectre .nav-item a">'
                      f'{esc(t)}</a></li>'
                      for k, t in enumerate(items))
        return f'<ul class="nav">{lis}</ul>'

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

    def page_item(self, text, current: bool = False) -> str:
        return f'<li class="page-item{" active" if current else ""}"><a href="#" data-w="spectre .page-item a">{text}</a></li>'

    def w_progress(self, p: dict) -> str:
        i = self.uid()
        return self.field(p["label"], i, f'<progress class="progress" id="{i}" value="{p["value"]}" max="100" '
                                         'data-w="spectre .progress"></progress>')

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
