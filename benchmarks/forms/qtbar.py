"""File-manager-like Qt window: menubar, icon toolbar with checkable view-mode actions and a filter,
pcmanfm-qt style path bar (flat checkable auto-exclusive QToolButtons), places sidebar + file tree, status bar."""
import os
from PySide6.QtWidgets import (QMainWindow, QWidget, QVBoxLayout, QHBoxLayout, QToolBar, QToolButton,
                               QLineEdit, QSplitter, QListWidget, QListWidgetItem, QTreeWidget, QTreeWidgetItem,
                               QStatusBar, QSizePolicy)
from PySide6.QtGui import QIcon, QAction, QActionGroup
from PySide6.QtCore import Qt, QSize

from qtapp import H, W, application

app = application()


def icon(*names):
    for n in names:
        if QIcon.hasThemeIcon(n):
            return QIcon.fromTheme(n)
    return QIcon.fromTheme(names[0])


win = QMainWindow(); win.setWindowTitle('site - File Manager')
mb = win.menuBar()
for m in ('&File', '&Edit', '&View', '&Go', '&Help'):
    mb.addMenu(m)

tb = QToolBar('Main Toolbar'); tb.setMovable(False); tb.setToolButtonStyle(Qt.ToolButtonIconOnly)
win.addToolBar(tb)
for name, text in (('go-previous', 'Back'), ('go-next', 'Forward'), ('go-up', 'Parent Folder'),
                   ('go-home', 'Home'), ('view-refresh', 'Reload')):
    a = QAction(icon(name + '-symbolic', name), text, win); a.setToolTip(text); tb.addAction(a)
tb.addSeparator()
grp = QActionGroup(win); grp.setExclusive(True)
for names, text, on in ((('view-list-symbolic',), 'Detailed List View', False),
                        (('view-grid-symbolic', 'view-app-grid-symbolic'), 'Icon View', True),
                        (('view-paged-symbolic', 'view-dual-symbolic', 'view-continuous-symbolic'), 'Thumbnail View', False)):
    a = QAction(icon(*names), text, win); a.setCheckable(True); a.setChecked(on); grp.addAction(a); tb.addAction(a)
spacer = QWidget(); spacer.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Preferred); tb.addWidget(spacer)
flt = QLineEdit(); flt.setPlaceholderText('Filter by name'); flt.setClearButtonEnabled(True); flt.setFixedWidth(220)
flt.setAccessibleName('Filter'); tb.addWidget(flt)

central = QWidget(); vl = QVBoxLayout(central); vl.setContentsMargins(4, 4, 4, 0); vl.setSpacing(4)
# path bar, like Fm::PathBar in pcmanfm-qt
pbar = QWidget(); pl = QHBoxLayout(pbar); pl.setContentsMargins(0, 0, 0, 0); pl.setSpacing(0)
# RAISED=1: libfm-qt's PathButton (not auto-raised: each button framed; the root with a disk icon)
raised = os.environ.get('RAISED') == '1'
crumbs = ('Filesystem Root', 'home', 'user', 'Projects', 'site') if raised else ('/', 'home', 'user', 'Projects', 'site')
for i, t in enumerate(crumbs):
    b = QToolButton(); b.setText(t); b.setCheckable(True); b.setAutoExclusive(True); b.setAutoRaise(not raised)
    b.setToolButtonStyle(Qt.ToolButtonTextBesideIcon if raised else Qt.ToolButtonTextOnly)
    if raised and i == 0:
        b.setIcon(icon('drive-harddisk', 'drive-harddisk-symbolic'))
    if i == len(crumbs) - 1:
        b.setChecked(True)
    pl.addWidget(b)
pl.addStretch(1)
vl.addWidget(pbar)

split = QSplitter(Qt.Horizontal)
places = QListWidget(); places.setIconSize(QSize(16, 16))
for text, ic in (('Home', 'user-home'), ('Desktop', 'user-desktop'), ('Documents', 'folder-documents'),
                 ('Trash', 'user-trash')):
    QListWidgetItem(icon(ic, ic + '-symbolic', 'folder'), text, places)
places.setCurrentRow(0)
split.addWidget(places)
files = QTreeWidget(); files.setColumnCount(3); files.setHeaderLabels(['Name', 'Size', 'Modified'])
files.setRootIsDecorated(False); files.setIconSize(QSize(16, 16))
for name, size, mod, ic in (('assets', '4 items', '2024-03-02 14:10', 'folder'),
                            ('templates', '7 items', '2024-02-27 09:41', 'folder'),
                            ('index.html', '12.4 KiB', '2024-03-04 18:22', 'text-html'),
                            ('style.css', '3.1 KiB', '2024-03-04 18:20', 'text-x-generic'),
                            ('build.sh', '845 bytes', '2024-01-15 11:03', 'text-x-script'),
                            ('README.md', '2.0 KiB', '2023-12-30 16:47', 'text-x-generic')):
    it = QTreeWidgetItem(files, [name, size, mod]); it.setIcon(0, icon(ic, 'text-x-generic'))
files.setColumnWidth(0, 360); files.setColumnWidth(1, 120)
files.setCurrentItem(files.topLevelItem(2))
split.addWidget(files); split.setSizes([200, 800]); split.setStretchFactor(1, 1)
vl.addWidget(split, 1)
win.setCentralWidget(central)
sb = QStatusBar(); sb.showMessage('6 items (2 hidden)  Free space: 41.7 GiB'); win.setStatusBar(sb)
win.setGeometry(0, 0, W, H); win.move(0, 0)
win.show()
app.exec()
