"""Random, seeded page specifications: what a page shows, independent of the UI kit.

A spec is a plain dict tree.  Widgets are dicts with a type key "t" (button, checkbox, switch,
radios, text, textarea, number, slider, select, link, image, separator, tabs, menubutton,
menubar, toolbar, table, list, listbox, tree, accordion, breadcrumb, pagination, progress,
heading, para, setting, card, dialog).  Templates arrange widgets into a page: header,
optional sidebar, main blocks and optional overlays (dialog, open menu, open select).
"""
from __future__ import annotations

import random

import words as W

TRAIN_TEMPLATES = ["settings", "form", "dashboard", "files", "mail", "editor", "admin_table", "article"]
HELDOUT_TEMPLATES = ["checkout", "media"]
ICON_TOOLBAR = ["bold", "italic", "underline", "align-left", "align-center", "align-right", "list", "link",
                "image", "undo", "redo", "cut", "copy", "paste", "print", "save", "zoom-in", "zoom-out"]
HEADER_ICONS = ["search", "bell", "help", "settings", "user", "mail", "moon", "sun", "grid", "chat", "logout"]
ROW_ICONS = ["edit", "delete", "more", "download", "share", "copy", "archive", "pin", "star"]


class Gen:
    """Widget factories sharing one seeded RNG."""

    def __init__(self, rng: random.Random):
        self.r = rng

    # -- small helpers -------------------------------------------------------------
    def chance(self, p: float) -> bool:
        return self.r.random() < p

    def pick(self, seq, k: int | None = None):
        return self.r.choice(seq) if k is None else self.r.sample(list(seq), min(k, len(seq)))

    def disabled(self, p: float = 0.12) -> bool:
        return self.chance(p)

    # -- leaf widgets ----------------------------------------------------------------
    def button(self, kind: str | None = None, icon_only: bool = False, toggle: bool = False) -> dict:
        kind = kind or self.pick(["primary", "secondary", "secondary", "text", "danger"])
        label = self.pick({"primary": W.BUTTONS_PRIMARY, "danger": W.BUTTONS_DANGER}.get(kind, W.BUTTONS_SECONDARY))
        b = {"t": "button", "label": label, "kind": kind, "disabled": self.disabled(0.12), "icon": None}
        if icon_only:
            act = self.pick(list(W.ICON_ACTIONS))
            b.update(icon=act, label=W.ICON_ACTIONS[act][0], icon_only=True, kind=self.pick(["text", "secondary"]))
        elif self.chance(0.2):
            b["icon"] = self.pick(["add", "save", "download", "upload", "send", "delete", "edit", "share", "refresh"])
        if toggle:
            b["pressed"] = self.chance(0.45)
        return b

    def icon_button(self, action: str, toggle: bool = False) -> dict:
        b = {"t": "button", "label": W.ICON_ACTIONS[action][0], "kind": "text", "icon": action,
             "icon_only": True, "disabled": self.disabled(0.1)}
        if toggle:
            b["pressed"] = self.chance(0.4)
        return b

    def checkbox(self, label: str | None = None) -> dict:
        return {"t": "checkbox", "label": label or self.pick(W.CHECK_LABELS), "checked": self.chance(0.5),
                "disabled": self.disabled(0.12)}

    def switch(self, label: str | None = None) -> dict:
        return {"t": "switch", "label": label or self.pick(W.SETTINGS)[0], "checked": self.chance(0.5),
                "disabled": self.disabled(0.1)}

    def radios(self) -> dict:
        label, opts = self.pick(W.RADIO_GROUPS)
        dis = {self.r.randrange(len(opts))} if self.chance(0.15) else set()
        return {"t": "radios", "label": label, "options": opts, "selected": self.r.randrange(len(opts)),
                "disabled_idx": sorted(dis), "inline": self.chance(0.4)}

    def text(self, search: bool = False) -> dict:
        if search:
            ph = self.pick(["Search", "Search…", "Search files", "Search messages", "Type to search",
                            "Find a setting", "Search products"])
            return {"t": "text", "label": "Search", "type": "search", "placeholder": ph,
                    "value": self.pick(["", "", "", "report", "invoice 2024"]), "disabled": False, "search": True}
        label, ph, typ = self.pick(W.TEXT_FIELDS)
        value = "" if self.chance(0.5) else ph if typ != "password" else "hunter2hunter2"
        if label == "First name" and value:
            value = self.pick(W.FIRST)
        return {"t": "text", "label": label, "type": typ, "placeholder": ph if self.chance(0.7) else "",
                "value": value, "disabled": self.disabled(0.1)}

    def textarea(self) -> dict:
        label = self.pick(["Message", "Description", "Notes", "Comment", "Bio", "Feedback", "Release notes"])
        return {"t": "textarea", "label": label, "placeholder": self.pick(["Write something…", "Optional", ""]),
                "value": W.paragraph(self.r, 1) if self.chance(0.4) else "", "rows": self.r.randint(2, 4),
                "disabled": self.disabled(0.08)}

    def number(self) -> dict:
        label, lo, hi = self.pick(W.NUMBERS)
        return {"t": "number", "label": label, "min": lo, "max": hi, "value": self.r.randint(lo, hi),
                "disabled": self.disabled(0.1)}

    def slider(self) -> dict:
        return {"t": "slider", "label": self.pick(W.SLIDERS), "value": self.r.randint(0, 100),
                "disabled": self.disabled(0.1)}

    def select(self, open_: bool = False) -> dict:
        label, opts = self.pick(W.SELECTS)
        opts = opts[: self.r.randint(3, len(opts))]
        return {"t": "select", "label": label, "options": opts, "selected": self.r.randrange(len(opts)),
                "disabled": (not open_) and self.disabled(0.1), "open": open_}

    def link(self) -> dict:
        return {"t": "link", "label": self.pick(W.LINKS)}

    def image(self, w: int | None = None, h: int | None = None) -> dict:
        alt = self.pick(["Team photo", "Product preview", "Sales chart", "Profile picture", "Map of the area",
                         "Album cover", "Company logo", "Screenshot of the dashboard", "Landscape photo"])
        return {"t": "image", "alt": alt, "w": w or self.r.choice([120, 160, 240, 320]),
                "h": h or self.r.choice([80, 120, 160]), "seed": self.r.randrange(10 ** 6)}

    def heading(self, level: int = 2, text: str | None = None) -> dict:
        return {"t": "heading", "level": level, "text": text or self.pick(W.HEADINGS)}

    def para(self) -> dict:
        p = {"t": "para", "text": W.paragraph(self.r)}
        if self.chance(0.35):
            p["link"] = self.pick(W.LINKS)
        return p

    def progress(self) -> dict:
        return {"t": "progress", "label": self.pick(["Upload progress", "Storage used", "Profile completion",
                                                      "Sync progress"]), "value": self.r.randint(5, 95)}

    # -- composite widgets -----------------------------------------------------------
    def setting(self) -> dict:
        title, desc = self.pick(W.SETTINGS)
        ctl = self.r.choices(["switch", "checkbox", "select", "slider", "number", "button"],
                             weights=[5, 2, 3, 1, 1, 1])[0]
        control = {"switch": lambda: self.switch(title), "checkbox": lambda: self.checkbox(title),
                   "select": self.select, "slider": self.slider, "number": self.number,
                   "button": lambda: self.button("secondary")}[ctl]()
        control["labelled_by_row"] = ctl not in ("button",)
        return {"t": "setting", "title": title, "desc": desc if self.chance(0.7) else "", "control": control}

    def tabs(self, with_panel: bool = True) -> dict:
        labels = self.pick(W.TABS, self.r.randint(3, 6))
        panel = [self.para()] + [self.field() for _ in range(self.r.randint(0, 3))] if with_panel else []
        return {"t": "tabs", "labels": labels, "selected": self.r.randrange(len(labels)),
                "disabled_idx": [self.r.randrange(len(labels))] if self.chance(0.1) else [], "panel": panel}

    def menu_items(self, n: int | None = None) -> list[dict]:
        """Menu entries: plain items, checkable items, separators, shortcuts, disabled ones."""
        menu = self.pick(list(W.MENUS))
        labels = W.MENUS[menu][: n or self.r.randint(4, len(W.MENUS[menu]))]
        items = []
        for lab in labels:
            it = {"label": lab, "disabled": self.chance(0.12)}
            if self.chance(0.3):
                it["shortcut"] = self.pick(W.SHORTCUTS)
            if self.chance(0.1):
                it["check"] = self.chance(0.6)
            items.append(it)
            if self.chance(0.12):
                items.append({"sep": True})
        return items

    def menubutton(self, open_: bool = False) -> dict:
        icon = self.chance(0.4)
        items = [{"label": lab, "disabled": self.chance(0.1)} for lab in self.pick(W.CONTEXT_ITEMS, self.r.randint(3, 8))]
        if self.chance(0.3):
            items.insert(self.r.randrange(1, len(items)), {"sep": True})
        return {"t": "menubutton", "label": "More options" if icon else self.pick(["Actions", "Options", "Sort by",
                                                                                    "Export", "New", "Share"]),
                "icon": "more" if icon else None, "items": items, "open": open_}

    def menubar(self, open_idx: int | None = None) -> dict:
        names = [m for m in W.MENUS if self.chance(0.75)] or ["File", "Edit", "Help"]
        menus = [{"label": n, "items": None} for n in names]
        if open_idx is not None:
            open_idx = min(open_idx, len(menus) - 1)
            menus[open_idx]["items"] = [
                dict(it) for it in self._menu_for(names[open_idx])]
        return {"t": "menubar", "menus": menus, "open": open_idx}

    def _menu_for(self, name: str) -> list[dict]:
        items = []
        for lab in W.MENUS[name]:
            items.append({"label": lab, "disabled": self.chance(0.12),
                          "shortcut": self.pick(W.SHORTCUTS) if self.chance(0.35) else None})
            if self.chance(0.15):
                items.append({"sep": True})
        return items

    def toolbar(self) -> dict:
        acts = self.pick(ICON_TOOLBAR, self.r.randint(4, 10))
        items = []
        for k, a in enumerate(acts):
            items.append(self.icon_button(a, toggle=a in ("bold", "italic", "underline", "align-left",
                                                          "align-center", "align-right")))
            if k and self.chance(0.15):
                items.append({"t": "separator", "vertical": True})
        if self.chance(0.4):
            items.append(self.select())
        if self.chance(0.3):
            items.append(self.text(search=True))
        return {"t": "toolbar", "label": self.pick(["Formatting", "Editor tools", "Actions", "View options"]),
                "items": items}

    def table(self) -> dict:
        kind = self.pick(["people", "orders", "products", "files", "invoices"])
        r = self.r
        n = r.randint(3, 9)
        if kind == "people":
            cols = ["Name", "Email", "Role", "City", "Status"]
            rows = [[(nm := W.person(r)), W.email(r, nm), self.pick(["Admin", "Editor", "Viewer", "Owner"]),
                     self.pick(W.CITIES), self.pick(W.STATUSES)] for _ in range(n)]
        elif kind == "orders":
            cols = ["Order", "Customer", "Date", "Total", "Status"]
            rows = [[f"#{r.randint(1000, 99999)}", W.person(r), W.date(r), W.money(r), self.pick(W.STATUSES)]
                    for _ in range(n)]
        elif kind == "products":
            cols = ["Product", "SKU", "Stock", "Price"]
            rows = [[self.pick(W.PRODUCTS), f"SKU-{r.randint(100, 999)}-{r.choice('ABCDEF')}", str(r.randint(0, 500)),
                     W.money(r)] for _ in range(n)]
        elif kind == "files":
            cols = ["Name", "Owner", "Modified", "Size"]
            rows = [[self.pick(W.FILE_NAMES), W.person(r), W.date(r), f"{r.uniform(0.1, 900):.1f} {self.pick(['KB', 'MB'])}"]
                    for _ in range(n)]
        else:
            cols = ["Invoice", "Company", "Due date", "Amount", "Status"]
            rows = [[f"INV-{r.randint(100, 9999):04d}", self.pick(W.COMPANIES), W.date(r), W.money(r),
                     self.pick(W.STATUSES)] for _ in range(n)]
        grid = self.chance(0.35)
        return {"t": "table", "columns": cols, "rows": rows, "grid": grid,
                "select_col": self.chance(0.45), "selected_rows": [i for i in range(n) if self.chance(0.2)],
                "actions": self.pick(ROW_ICONS, r.randint(1, 3)) if self.chance(0.5) else [],
                "link_col": 0 if self.chance(0.4) else None, "sortable": self.chance(0.3),
                "caption": self.pick(W.HEADINGS) if self.chance(0.3) else ""}

    def list_(self) -> dict:
        kind = self.pick(["plain", "links", "people", "files"])
        n = self.r.randint(3, 8)
        if kind == "plain":
            items = [s.rstrip(".") for s in self.pick(W.SENTENCES, n)]
        elif kind == "links":
            items = self.pick(W.NAV, n)
        elif kind == "people":
            items = [W.person(self.r) for _ in range(n)]
        else:
            items = self.pick(W.FILE_NAMES, n)
        return {"t": "list", "kind": kind, "items": items}

    def listbox(self) -> dict:
        label, opts = self.pick(W.SELECTS)
        multi = self.chance(0.3)
        sel = [i for i in range(len(opts)) if self.chance(0.25)] if multi else [self.r.randrange(len(opts))]
        return {"t": "listbox", "label": label, "options": opts, "selected": sel, "multi": multi}

    def tree(self) -> dict:
        def node(depth: int) -> dict:
            leaf = depth >= 2 or self.chance(0.4)
            label = self.pick(W.FILE_NAMES) if leaf else self.pick(W.FOLDERS)
            n = {"label": label, "children": [], "expanded": False}
            if not leaf:
                n["children"] = [node(depth + 1) for _ in range(self.r.randint(1, 4))]
                n["expanded"] = self.chance(0.6)
            return n
        roots = [node(0) for _ in range(self.r.randint(2, 5))]
        flat = []

        def walk(ns, lvl):
            for n in ns:
                flat.append((lvl, n))
                if n["expanded"]:
                    walk(n["children"], lvl + 1)
        walk(roots, 1)
        sel = self.r.randrange(len(flat))
        return {"t": "tree", "label": self.pick(["Folders", "Project files", "Navigation"]), "roots": roots,
                "selected": sel}

    def accordion(self) -> dict:
        items = [{"title": q, "open": self.chance(0.3), "body": W.paragraph(self.r, 1)}
                 for q in self.pick(["How do I reset my password?", "Can I change my plan later?",
                                     "Where can I download my invoices?", "Is my data encrypted?",
                                     "How do I invite my team?", "What payment methods do you accept?"],
                                    self.r.randint(2, 4))]
        return {"t": "accordion", "items": items}

    def breadcrumb(self) -> dict:
        return {"t": "breadcrumb", "items": ["Home"] + self.pick(W.FOLDERS + W.NAV, self.r.randint(1, 3))}

    def pagination(self) -> dict:
        return {"t": "pagination", "pages": self.r.randint(3, 9), "current": 1 + self.r.randrange(3)}

    def field(self) -> dict:
        """One random labelled form control."""
        kind = self.r.choices(["text", "select", "checkbox", "radios", "number", "textarea", "switch", "slider"],
                              weights=[6, 3, 3, 2, 2, 1, 2, 1])[0]
        return getattr(self, kind)()

    def card(self) -> dict:
        body = [self.para()]
        if self.chance(0.4):
            body.insert(0, self.image(w=self.r.choice([240, 320]), h=self.r.choice([100, 140])))
        if self.chance(0.4):
            body.append(self.progress())
        btns = [self.button("primary")] + ([self.button("secondary")] if self.chance(0.5) else [])
        if self.chance(0.3):
            btns.append(self.link())
        return {"t": "card", "title": self.pick(W.HEADINGS + W.PRODUCTS), "body": body, "actions": btns}

    def dialog(self) -> dict:
        kind = self.pick(["confirm", "form", "settings"])
        if kind == "confirm":
            title = self.pick(["Delete this project?", "Discard changes?", "Sign out of all devices?",
                               "Remove member?", "Leave without saving?"])
            body = [self.para()] + ([self.checkbox("Don't ask again")] if self.chance(0.5) else [])
            actions = [self.button("secondary"), self.button(self.pick(["danger", "primary"]))]
        else:
            title = self.pick(["Invite people", "New project", "Edit profile", "Preferences", "Add payment method",
                               "Share document", "Create event"])
            body = [self.field() for _ in range(self.r.randint(2, 4))]
            actions = [self.button("secondary"), self.button("primary")]
        for a in actions:
            a["disabled"] = False
        return {"t": "dialog", "title": title, "body": body, "actions": actions, "close": self.chance(0.7)}


# -- page templates -------------------------------------------------------------------
def _header(g: Gen, app: str) -> dict:
    kind = g.pick(["nav", "nav", "menubar", "icons"])
    h = {"app": app, "kind": kind, "links": [], "icons": [], "search": None, "menubar": None}
    if kind == "nav":
        h["links"] = g.pick(W.NAV, g.r.randint(2, 5))
        h["active"] = g.r.randrange(len(h["links"]))
    elif kind == "menubar":
        h["menubar"] = g.menubar()
    h["icons"] = [g.icon_button(a) for a in g.pick(HEADER_ICONS, g.r.randint(1, 4))]
    if g.chance(0.5):
        h["search"] = g.text(search=True)
    if g.chance(0.3):
        h["button"] = g.button("primary")
    return h


def _sidebar(g: Gen) -> dict | None:
    kind = g.r.choices([None, "nav", "tree", "sections"], weights=[3, 4, 2, 1])[0]
    if kind is None:
        return None
    if kind == "tree":
        return {"kind": "tree", "tree": g.tree()}
    items = g.pick(W.NAV if kind == "nav" else W.SECTIONS, g.r.randint(4, 10))
    return {"kind": "nav", "items": items, "active": g.r.randrange(len(items)),
            "icons": g.chance(0.5), "heading": g.pick(["Workspace", "Menu", "Settings", ""])}


def _block(g: Gen, kind: str) -> dict:
    """A titled section of the main area."""
    r = g.r
    if kind == "settings":
        items = [g.setting() for _ in range(r.randint(3, 7))]
    elif kind == "form":
        items = [g.field() for _ in range(r.randint(3, 7))]
        items.append({"t": "buttons", "items": [g.button("primary")] + ([g.button("secondary")] if g.chance(0.7) else [])})
    elif kind == "table":
        items = [g.table()]
        if g.chance(0.4):
            items.append(g.pagination())
    elif kind == "cards":
        items = [{"t": "cards", "items": [g.card() for _ in range(r.randint(2, 3))]}]
    elif kind == "toolbar":
        items = [g.toolbar(), g.para()]
    elif kind == "tabs":
        items = [g.tabs()]
    elif kind == "list":
        items = [g.pick([g.list_, g.listbox])()]
    elif kind == "tree":
        items = [g.tree()]
    elif kind == "accordion":
        items = [g.accordion()]
    elif kind == "prose":
        items = [g.para() for _ in range(r.randint(1, 3))]
        if g.chance(0.4):
            items.insert(1, g.image())
    elif kind == "controls":  # a mixed bag of the rarer controls
        items = [g.pick([g.slider, g.number, g.radios, g.progress, g.menubutton, lambda: g.button(toggle=True),
                         lambda: g.button(icon_only=True), g.select, g.link])() for _ in range(r.randint(3, 6))]
    else:
        raise ValueError(kind)
    return {"t": "section", "title": g.pick(W.SECTIONS + W.HEADINGS) if g.chance(0.85) else "", "items": items,
            "desc": W.paragraph(r, 1) if g.chance(0.3) else ""}


TEMPLATE_BLOCKS = {
    "settings": ["settings", "settings", "controls", "form"],
    "form": ["form", "form", "controls", "prose"],
    "dashboard": ["cards", "table", "list", "controls", "tabs"],
    "files": ["tree", "table", "toolbar", "list"],
    "mail": ["list", "toolbar", "prose", "form"],
    "editor": ["toolbar", "prose", "tabs", "controls"],
    "admin_table": ["table", "table", "form", "controls"],
    "article": ["prose", "accordion", "cards", "prose"],
    "checkout": ["form", "table", "controls", "accordion"],
    "media": ["cards", "controls", "toolbar", "list"],
}


def make_page(rng: random.Random, template: str) -> dict:
    """A full page spec for a template."""
    g = Gen(rng)
    blocks = TEMPLATE_BLOCKS[template]
    n = rng.randint(2, 4)
    main = [_block(g, b) for b in [blocks[0]] + [rng.choice(blocks) for _ in range(n - 1)]]
    page = {"template": template, "app": g.pick(W.APP_NAMES), "header": _header(g, ""),
            "sidebar": _sidebar(g) if template not in ("article",) else None,
            "title": g.pick(W.NAV + W.SECTIONS), "breadcrumb": g.breadcrumb() if g.chance(0.3) else None,
            "main": main, "overlay": None}
    page["header"]["app"] = page["app"]
    # overlays: one open thing drawn over the page
    ov = rng.choices(["none", "dialog", "menu", "select", "menubar"], weights=[5, 2, 2, 2, 1])[0]
    if ov == "dialog":
        page["overlay"] = g.dialog()
    elif ov == "menu":
        page["main"][0]["items"].insert(0, g.menubutton(open_=True))
    elif ov == "select":
        page["main"][0]["items"].insert(0, g.select(open_=True))
    elif ov == "menubar":
        page["header"]["kind"] = "menubar"
        page["header"]["menubar"] = g.menubar(open_idx=rng.randrange(3))
    return page
