"""What every Qt window of the forms corpus starts with: the application named after the script
(AT-SPI names it so), the style the harness asks for (STYLE), Adwaita icons, its size (W, H)."""
import os
import sys
from pathlib import Path

from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QStyleFactory

W, H = int(os.environ.get("W", 1000)), int(os.environ.get("H", 600))


def application() -> QApplication:
    """The application, named after the running script, in the style STYLE (default Fusion)."""
    stem = Path(sys.argv[0]).stem
    QIcon.setThemeName("Adwaita")
    app = QApplication([stem])
    QApplication.setApplicationName(stem)
    QApplication.setApplicationDisplayName(stem)
    app.setStyle(QStyleFactory.create(os.environ.get("STYLE", "Fusion")))
    return app
