"""QApplication bootstrap."""

import sys

from PySide6.QtCore import QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow

from uwr_desktop import APP_NAME, __version__
from uwr_desktop.cli import LaunchOptions


def _build_window() -> QMainWindow:
    window = QMainWindow()
    window.setWindowTitle(APP_NAME)
    label = QLabel(f"<h1>{APP_NAME}</h1><p>Version {__version__}</p>")
    window.setCentralWidget(label)
    window.resize(800, 600)
    return window


def run(options: LaunchOptions) -> int:
    """Run the app until its window closes (or, for a smoke test, after one frame)."""
    QGuiApplication.setApplicationName(APP_NAME)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    window = _build_window()
    window.show()
    if options.smoke_test:

        def finish() -> None:
            if options.smoke_png is not None and not window.grab().save(str(options.smoke_png)):
                app.exit(1)
                return
            app.exit(0)

        QTimer.singleShot(0, finish)
    return app.exec()
