"""Preferences-style Qt window: tabs, form layout with line edits, combos, spins, checks, radios, slider, buttons."""
from PySide6.QtWidgets import (QMainWindow, QWidget, QVBoxLayout, QHBoxLayout, QFormLayout, QTabWidget,
                               QLineEdit, QComboBox, QSpinBox, QDoubleSpinBox, QCheckBox, QGroupBox, QRadioButton,
                               QSlider, QDialogButtonBox, QLabel)
from PySide6.QtCore import Qt

from qtapp import H, W, application

app = application()

win = QMainWindow(); win.setWindowTitle('Preferences')
central = QWidget(); outer = QVBoxLayout(central)
tabs = QTabWidget()
page = QWidget(); cols = QHBoxLayout(page)
form = QFormLayout()
dl = QLineEdit('/home/user/Downloads'); form.addRow('Download folder:', dl)
search = QLineEdit(); search.setPlaceholderText('Search files'); form.addRow('Quick search:', search)
host = QLineEdit('mail.example.org'); host.setClearButtonEnabled(True); form.addRow('Mail server:', host)
pw = QLineEdit('hunter2secret'); pw.setEchoMode(QLineEdit.Password); form.addRow('Password:', pw)
sort = QComboBox(); sort.addItems(['Name', 'Size', 'Type', 'Date modified']); form.addRow('Sort files by:', sort)
term = QComboBox(); term.setEditable(True); term.addItems(['/usr/bin/xterm', '/usr/bin/lxterminal', '/usr/bin/gnome-terminal'])
term.setCurrentText('/usr/bin/xterm'); form.addRow('Terminal emulator:', term)
fsz = QSpinBox(); fsz.setRange(6, 72); fsz.setValue(12); fsz.setSuffix(''); form.addRow('Font size:', fsz)
lsp = QDoubleSpinBox(); lsp.setRange(0.5, 4.0); lsp.setSingleStep(0.25); lsp.setDecimals(2); lsp.setValue(1.5)
form.addRow('Line spacing:', lsp)
vol = QSlider(Qt.Horizontal); vol.setRange(0, 100); vol.setValue(65); form.addRow('Thumbnail quality:', vol)
cols.addLayout(form, 3)

right = QVBoxLayout()
checks = QGroupBox('Behavior'); cl = QVBoxLayout(checks)
for text, on, en in (('Show hidden files', True, True), ('Confirm before deleting files', True, True),
                     ('Open files with a single click', False, True), ('Use trash can (not supported on this volume)', False, False)):
    c = QCheckBox(text); c.setChecked(on); c.setEnabled(en); cl.addWidget(c)
right.addWidget(checks)
view = QGroupBox('Default view mode'); rl = QVBoxLayout(view)
for text, on in (('Icon view', False), ('Compact view', True), ('Detailed list view', False)):
    r = QRadioButton(text); r.setChecked(on); rl.addWidget(r)
right.addWidget(view); right.addStretch(1)
cols.addLayout(right, 2)

tabs.addTab(page, 'General')
for name, text in (('Display', 'Icon sizes and thumbnails'), ('Advanced', 'Archiver and terminal integration')):
    p = QWidget(); QVBoxLayout(p).addWidget(QLabel(text)); tabs.addTab(p, name)
tabs.setCurrentIndex(0)
outer.addWidget(tabs)
bb = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel | QDialogButtonBox.Apply)
outer.addWidget(bb)
win.setCentralWidget(central)
win.setGeometry(0, 0, W, H); win.move(0, 0)
win.show()
app.exec()
