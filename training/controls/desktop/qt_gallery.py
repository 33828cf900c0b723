"""A seeded Qt widgets gallery (PySide6) whose AT-SPI tree becomes ground truth.

    python qt_gallery.py --seed 3 --style Fusion --dark --icons /path/to/svgs --page 1

Every widget's objectName is its Qt class, so the builder can record the real widget
class next to the AT-SPI role.  Content (labels, table data, menus) comes from words.py.
"""
from __future__ import annotations

import argparse
import random
import sys
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PySide6.QtCore import QDate, QSize, Qt  # noqa: E402
from PySide6.QtGui import QAction, QColor, QIcon, QPalette  # noqa: E402
from PySide6.QtWidgets import (QApplication, QCheckBox, QComboBox, QDateEdit, QDial, QDoubleSpinBox,  # noqa: E402
                               QFormLayout, QFrame, QGridLayout, QGroupBox, QHBoxLayout, QLabel, QLineEdit,
                               QListWidget, QListWidgetItem, QMainWindow, QProgressBar, QPushButton, QRadioButton,
                               QScrollArea, QSlider, QSpinBox, QStyleFactory, QTableWidget, QTableWidgetItem,
                               QTabWidget, QTextEdit, QToolBar, QToolButton, QTreeWidget, QTreeWidgetItem,
                               QVBoxLayout, QWidget)

import words as W  # noqa: E402

THEME_ICONS = {  # freedesktop icon names for toolbar actions
    "new": "document-new", "open": "document-open", "save": "document-save", "print": "document-print",
    "undo": "edit-undo", "redo": "edit-redo", "cut": "edit-cut", "copy": "edit-copy", "paste": "edit-paste",
    "delete": "edit-delete", "search": "edit-find", "refresh": "view-refresh", "back": "go-previous",
    "forward": "go-next", "up": "go-up", "home": "go-home", "zoom-in": "zoom-in", "zoom-out": "zoom-out",
    "settings": "preferences-system", "help": "help-browser", "add": "list-add", "remove": "list-remove",
    "bold": "format-text-bold", "italic": "format-text-italic", "underline": "format-text-underline",
    "fullscreen": "view-fullscreen", "mail": "mail-send", "folder": "folder",
}
LABELS = {"new": "New", "open": "Open", "save": "Save", "print": "Print", "undo": "Undo", "redo": "Redo", "cut": "Cut",
          "copy": "Copy", "paste": "Paste", "delete": "Delete", "search": "Find", "refresh": "Reload", "back": "Back",
          "forward": "Forward", "up": "Up", "home": "Home", "zoom-in": "Zoom In", "zoom-out": "Zoom Out",
          "settings": "Preferences", "help": "Help", "add": "Add", "remove": "Remove", "bold": "Bold", "italic": "Italic",
          "underline": "Underline", "fullscreen": "Full Screen", "mail": "Send", "folder": "Folder"}


def named(w, cls: str | None = None):
    """Tag a widget with its class name (exposed to AT-SPI as the accessible id)."""
    w.setObjectName(cls or type(w).__name__)
    return w


def dark_palette() -> QPalette:
    p = QPalette()
    base, window, text = QColor(35, 37, 41), QColor(48, 50, 54), QColor(230, 230, 230)
    for role, col in [(QPalette.Window, window), (QPalette.WindowText, text), (QPalette.Base, base),
                      (QPalette.AlternateBase, window), (QPalette.ToolTipBase, base), (QPalette.ToolTipText, text),
                      (QPalette.Text, text), (QPalette.Button, window), (QPalette.ButtonText, text),
                      (QPalette.BrightText, QColor(255, 80, 80)), (QPalette.Highlight, QColor(61, 174, 233)),
                      (QPalette.HighlightedText, QColor(20, 20, 20)), (QPalette.PlaceholderText, QColor(140, 140, 140))]:
        p.setColor(role, col)
    for role in (QPalette.WindowText, QPalette.Text, QPalette.ButtonText):
        p.setColor(QPalette.Disabled, role, QColor(120, 120, 120))
    return p


class Gallery(QMainWindow):
    """Main window: menubar, toolbar, tabbed pages of controls, status bar."""

    def __init__(self, rng: random.Random, icon_dir: str | None):
        super().__init__()
        self.r = rng
        self.icon_dir = Path(icon_dir) if icon_dir else None
        self.setWindowTitle(rng.choice(W.APP_NAMES))
        self._menus()
        self._toolbar()
        tabs = named(QTabWidget())
        tabs.setDocumentMode(rng.random() < 0.4)
        tabs.setTabPosition(rng.choice([QTabWidget.North] * 4 + [QTabWidget.West, QTabWidget.South]))
        pages = [("Controls", self._controls_page), ("Lists", self._lists_page), ("Forms", self._forms_page),
                 ("Settings", self._settings_page)]
        rng.shuffle(pages)
        for title, make in pages:
            tabs.addTab(make(), self.r.choice([title, title, self.r.choice(W.TABS)]))
        self.tabs = tabs
        self.setCentralWidget(tabs)
        self.statusBar().showMessage(rng.choice(["Ready", "3 items selected", "Saved", "Connected", "Idle"]))

    # -- chrome ---------------------------------------------------------------------
    def icon(self, key: str) -> QIcon:
        ic = QIcon.fromTheme(THEME_ICONS.get(key, key))
        if ic.isNull() and self.icon_dir:
            svgs = sorted(self.icon_dir.glob("*.svg"))
            if svgs:
                ic = QIcon(str(svgs[zlib.crc32(key.encode()) % len(svgs)]))
        return ic

    def _menus(self) -> None:
        mb = named(self.menuBar())
        for name in [m for m in W.MENUS if self.r.random() < 0.7] or ["File", "Help"]:
            menu = named(mb.addMenu(name), "QMenu")
            for lab in W.MENUS[name]:
                act = QAction(lab, self)
                if self.r.random() < 0.15:
                    act.setCheckable(True)
                    act.setChecked(self.r.random() < 0.5)
                act.setEnabled(self.r.random() > 0.1)
                if self.r.random() < 0.3:
                    act.setShortcut(self.r.choice(W.SHORTCUTS))
                menu.addAction(act)
                if self.r.random() < 0.12:
                    menu.addSeparator()

    def _toolbar(self) -> None:
        tb = named(QToolBar("Main toolbar"))
        tb.setIconSize(QSize(*(2 * [self.r.choice([16, 22, 24])])))
        style = self.r.choice([Qt.ToolButtonIconOnly] * 3 + [Qt.ToolButtonTextBesideIcon, Qt.ToolButtonTextUnderIcon])
        tb.setToolButtonStyle(style)
        for k, key in enumerate(self.r.sample(list(THEME_ICONS), self.r.randint(5, 12))):
            act = QAction(self.icon(key), LABELS[key], self)
            if key in ("bold", "italic", "underline", "fullscreen") or self.r.random() < 0.1:
                act.setCheckable(True)
                act.setChecked(self.r.random() < 0.4)
            act.setEnabled(self.r.random() > 0.1)
            tb.addAction(act)
            if k and self.r.random() < 0.15:
                tb.addSeparator()
        self.addToolBar(tb)

    # -- pages -------------------------------------------------------------------------
    def _scroll(self, inner: QWidget) -> QWidget:
        sa = named(QScrollArea())
        sa.setWidget(inner)
        sa.setWidgetResizable(True)
        sa.setFrameShape(QFrame.NoFrame)
        return sa

    def _controls_page(self) -> QWidget:
        page = QWidget()
        grid = QGridLayout(page)
        r = self.r
        boxes = [self._buttons_box(), self._checks_box(), self._radios_box(), self._inputs_box(), self._ranges_box()]
        r.shuffle(boxes)
        for i, b in enumerate(boxes):
            grid.addWidget(b, i // 3, i % 3)
        return self._scroll(page)

    def _group(self, title: str) -> tuple[QGroupBox, QVBoxLayout]:
        g = named(QGroupBox(title))
        if self.r.random() < 0.2:
            g.setCheckable(True)
            g.setChecked(True)
        return g, QVBoxLayout(g)

    def _buttons_box(self) -> QGroupBox:
        g, lay = self._group(self.r.choice(["Buttons", "Actions", "Commands"]))
        for lab in self.r.sample(W.BUTTONS_PRIMARY + W.BUTTONS_SECONDARY, self.r.randint(3, 5)):
            b = named(QPushButton(lab))
            b.setEnabled(self.r.random() > 0.15)
            if self.r.random() < 0.2:
                b.setCheckable(True)
                b.setChecked(self.r.random() < 0.5)
            if self.r.random() < 0.2:
                b.setIcon(self.icon(self.r.choice(list(THEME_ICONS))))
            b.setDefault(self.r.random() < 0.15)
            b.setFlat(self.r.random() < 0.1)
            lay.addWidget(b)
        row = QHBoxLayout()
        for key in self.r.sample(list(THEME_ICONS), self.r.randint(2, 5)):
            tbtn = named(QToolButton())
            tbtn.setIcon(self.icon(key))
            tbtn.setToolTip(LABELS[key])
            tbtn.setAccessibleName(LABELS[key])
            tbtn.setAutoRaise(self.r.random() < 0.5)
            tbtn.setCheckable(self.r.random() < 0.3)
            tbtn.setChecked(tbtn.isCheckable() and self.r.random() < 0.5)
            row.addWidget(tbtn)
        row.addStretch()
        lay.addLayout(row)
        return g

    def _checks_box(self) -> QGroupBox:
        g, lay = self._group(self.r.choice(["Options", "Preferences", "Features"]))
        for lab in self.r.sample(W.CHECK_LABELS, self.r.randint(3, 6)):
            c = named(QCheckBox(lab))
            if self.r.random() < 0.1:
                c.setTristate(True)
                c.setCheckState(Qt.PartiallyChecked)
            else:
                c.setChecked(self.r.random() < 0.5)
            c.setEnabled(self.r.random() > 0.12)
            lay.addWidget(c)
        return g

    def _radios_box(self) -> QGroupBox:
        title, opts = self.r.choice(W.RADIO_GROUPS)
        g, lay = self._group(title)
        sel = self.r.randrange(len(opts))
        for k, o in enumerate(opts):
            rb = named(QRadioButton(o))
            rb.setChecked(k == sel)
            rb.setEnabled(self.r.random() > 0.1)
            lay.addWidget(rb)
        return g

    def _inputs_box(self) -> QGroupBox:
        g, lay = self._group(self.r.choice(["Details", "Input", "Search"]))
        form = QFormLayout()
        for label, ph, typ in self.r.sample(W.TEXT_FIELDS, self.r.randint(2, 4)):
            e = named(QLineEdit())
            e.setPlaceholderText(ph)
            if self.r.random() < 0.5 and typ != "password":
                e.setText(ph)
            if typ == "password":
                e.setEchoMode(QLineEdit.Password)
                e.setText("secret-pass")
            e.setClearButtonEnabled(self.r.random() < 0.3)
            e.setEnabled(self.r.random() > 0.1)
            lab = named(QLabel(label + ":"))
            lab.setBuddy(e)
            form.addRow(lab, e)
        label, opts = self.r.choice(W.SELECTS)
        cb = named(QComboBox())
        cb.addItems(opts)
        cb.setCurrentIndex(self.r.randrange(len(opts)))
        cb.setEditable(self.r.random() < 0.25)
        form.addRow(named(QLabel(label + ":")), cb)
        lay.addLayout(form)
        return g

    def _ranges_box(self) -> QGroupBox:
        g, lay = self._group(self.r.choice(["Levels", "Adjustments", "Output"]))
        form = QFormLayout()
        for lab in self.r.sample(W.SLIDERS, 2):
            s = named(QSlider(Qt.Horizontal))
            s.setValue(self.r.randint(0, 99))
            s.setEnabled(self.r.random() > 0.1)
            if self.r.random() < 0.3:
                s.setTickPosition(QSlider.TicksBelow)
            form.addRow(named(QLabel(lab)), s)
        label, lo, hi = self.r.choice(W.NUMBERS)
        sp = named(QSpinBox())
        sp.setRange(lo, hi)
        sp.setValue(self.r.randint(lo, hi))
        form.addRow(named(QLabel(label)), sp)
        if self.r.random() < 0.5:
            ds = named(QDoubleSpinBox())
            ds.setValue(self.r.uniform(0, 99))
            form.addRow(named(QLabel(self.r.choice(["Ratio", "Scale", "Gamma", "Threshold"]))), ds)
        pb = named(QProgressBar())
        pb.setValue(self.r.randint(0, 100))
        form.addRow(named(QLabel(self.r.choice(["Progress", "Download", "Disk usage"]))), pb)
        if self.r.random() < 0.4:
            d = named(QDial())
            d.setValue(self.r.randint(0, 99))
            d.setFixedSize(70, 70)
            form.addRow(named(QLabel("Balance")), d)
        lay.addLayout(form)
        return g

    def _lists_page(self) -> QWidget:
        page = QWidget()
        lay = QHBoxLayout(page)
        lw = named(QListWidget())
        for t in self.r.sample(W.FILE_NAMES + W.FOLDERS, self.r.randint(5, 12)):
            it = QListWidgetItem(self.icon("folder" if "." not in t else "new"), t)
            lw.addItem(it)
        lw.setCurrentRow(self.r.randrange(lw.count()))
        tw = named(QTreeWidget())
        tw.setHeaderLabels(["Name", "Size", "Modified"])
        for f in self.r.sample(W.FOLDERS, self.r.randint(2, 5)):
            top = QTreeWidgetItem([f, "", W.date(self.r)])
            top.setIcon(0, self.icon("folder"))
            for c in self.r.sample(W.FILE_NAMES, self.r.randint(1, 4)):
                top.addChild(QTreeWidgetItem([c, f"{self.r.randint(1, 900)} KB", W.date(self.r)]))
            tw.addTopLevelItem(top)
            top.setExpanded(self.r.random() < 0.6)
        tb = named(QTableWidget(self.r.randint(4, 10), 4))
        tb.setHorizontalHeaderLabels(["Name", "Email", "City", "Status"])
        for i in range(tb.rowCount()):
            nm = W.person(self.r)
            for j, v in enumerate([nm, W.email(self.r, nm), self.r.choice(W.CITIES), self.r.choice(W.STATUSES)]):
                tb.setItem(i, j, QTableWidgetItem(v))
        tb.selectRow(self.r.randrange(tb.rowCount()))
        widgets = [lw, tw, tb]
        self.r.shuffle(widgets)
        for w in widgets:
            lay.addWidget(w)
        return page

    def _forms_page(self) -> QWidget:
        page = QWidget()
        form = QFormLayout(page)
        for label, ph, typ in self.r.sample(W.TEXT_FIELDS, self.r.randint(3, 6)):
            e = named(QLineEdit())
            e.setPlaceholderText(ph)
            if self.r.random() < 0.4 and typ != "password":
                e.setText(ph)
            form.addRow(named(QLabel(label)), e)
        de = named(QDateEdit(QDate(self.r.randint(2019, 2025), self.r.randint(1, 12), self.r.randint(1, 28))))
        de.setCalendarPopup(True)
        form.addRow(named(QLabel(self.r.choice(["Start date", "Due date", "Birthday"]))), de)
        for _ in range(self.r.randint(1, 2)):
            label, opts = self.r.choice(W.SELECTS)
            cb = named(QComboBox())
            cb.addItems(opts)
            form.addRow(named(QLabel(label)), cb)
        te = named(QTextEdit())
        te.setPlainText(W.paragraph(self.r, 2))
        te.setMaximumHeight(110)
        form.addRow(named(QLabel(self.r.choice(["Notes", "Description", "Message"]))), te)
        for lab in self.r.sample(W.CHECK_LABELS, 2):
            form.addRow(named(QCheckBox(lab)))
        row = QHBoxLayout()
        row.addStretch()
        for lab in (self.r.choice(W.BUTTONS_SECONDARY), self.r.choice(W.BUTTONS_PRIMARY)):
            row.addWidget(named(QPushButton(lab)))
        form.addRow(row)
        return self._scroll(page)

    def _settings_page(self) -> QWidget:
        page = QWidget()
        lay = QVBoxLayout(page)
        for title, desc in self.r.sample(W.SETTINGS, self.r.randint(4, 8)):
            row = QHBoxLayout()
            col = QVBoxLayout()
            t = named(QLabel(f"<b>{title}</b>"))
            d = named(QLabel(desc))
            d.setEnabled(self.r.random() > 0.2)
            col.addWidget(t)
            col.addWidget(d)
            row.addLayout(col)
            row.addStretch()
            kind = self.r.choice(["check", "combo", "spin", "button"])
            if kind == "check":
                w = named(QCheckBox())
                w.setAccessibleName(title)
                w.setChecked(self.r.random() < 0.5)
            elif kind == "combo":
                w = named(QComboBox())
                w.addItems(self.r.choice(W.SELECTS)[1])
                w.setAccessibleName(title)
            elif kind == "spin":
                w = named(QSpinBox())
                w.setValue(self.r.randint(0, 99))
                w.setAccessibleName(title)
            else:
                w = named(QPushButton(self.r.choice(["Configure…", "Change…", "Manage", "Reset"])))
            row.addWidget(w)
            lay.addLayout(row)
            line = named(QFrame())
            line.setFrameShape(QFrame.HLine)
            lay.addWidget(line)
        lay.addStretch()
        return self._scroll(page)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--style", default="Fusion")
    ap.add_argument("--dark", action="store_true")
    ap.add_argument("--icon-theme", default="")
    ap.add_argument("--icons", default="", help="folder of fallback SVG icons")
    ap.add_argument("--font", default="")
    ap.add_argument("--size", default="1366x768")
    args, qt_args = ap.parse_known_args()
    app = QApplication([sys.argv[0]] + qt_args)
    app.setApplicationName("detact-qt-gallery")
    if args.style in QStyleFactory.keys():
        app.setStyle(QStyleFactory.create(args.style))
    if args.dark:
        app.setPalette(dark_palette())
    if args.icon_theme:
        QIcon.setThemeName(args.icon_theme)
    if args.font:
        f = app.font()
        f.setFamily(args.font)
        app.setFont(f)
    win = Gallery(random.Random(args.seed), args.icons)
    w, h = (int(v) for v in args.size.split("x"))
    win.setGeometry(0, 0, w, h)
    win.show()
    sys.exit(app.exec())


if __name__ == "__main__":
    main()
