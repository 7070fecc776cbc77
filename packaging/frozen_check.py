"""A check the frozen app runs on itself: open the odds chart and save a picture of it.

The chart loads pyqtgraph, numpy and Qt's OpenGL modules only when it is first shown, and
pyqtgraph reaches ``PySide6.QtOpenGL`` through ``importlib``: a freeze that misses one of them
starts and passes its smoke test, then fails the first time a GM opens the chart. Setting
``UWR_DESKTOP_CHART_CHECK=PNG`` makes the frozen program run this check instead of the app.
"""

from __future__ import annotations

import sys
from pathlib import Path

CHART_CHECK_VARIABLE = "UWR_DESKTOP_CHART_CHECK"

# Modules the chart must load, each from the bundle when frozen.
CHART_MODULES = ("numpy", "pyqtgraph", "PySide6.QtOpenGL", "PySide6.QtOpenGLWidgets")


def _outside_bundle(bundle: Path) -> list[str]:
    strays = []
    for name in CHART_MODULES:
        module = sys.modules.get(name)
        location = getattr(module, "__file__", None)
        if module is None or location is None:
            strays.append(f"{name} (not loaded)")
        elif not Path(location).resolve().is_relative_to(bundle):
            strays.append(f"{name} (from {location})")
    return strays


def check_odds_chart(png: Path) -> int:
    """Show the odds chart for a pool, save it to ``png``; return 0, or 1 with a message."""
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([sys.argv[0]])
    from uwr_desktop.core.dice import PoolSpec
    from uwr_desktop.ui.dice.odds_plot import OddsPlot, compute_odds

    chart = OddsPlot()
    chart.resize(480, 320)
    chart.set_odds(compute_odds(PoolSpec(6, rerolls=1), difficulty=2))
    chart.show()
    app.processEvents()
    saved = chart.grab().save(str(png))
    chart.close()
    chart.deleteLater()
    if not saved:
        print(f"chart check: could not write {png}", file=sys.stderr)
        return 1
    libraries = getattr(sys, "_MEIPASS", None)
    if libraries is not None:
        # The frozen app's own folder: _internal's parent, or Contents in a macOS bundle (whose
        # Frameworks folder links modules kept in Resources).
        strays = _outside_bundle(Path(libraries).resolve().parent)
        if strays:
            print("chart check: loaded outside the app: " + ", ".join(strays), file=sys.stderr)
            return 1
    print(f"chart check: the odds chart opens; picture in {png}")
    return 0


SHARE_CHECK_VARIABLE = "UWR_DESKTOP_SHARE_CHECK"
"""Set to a folder, the frozen program shares an empty fight's player view on loopback, writes
the page's address to ``url`` in that folder and serves until a file ``done`` appears there."""

# Modules sharing loads when its dialog first opens, each from the bundle when frozen.
SHARE_MODULES = ("segno", "ifaddr", "http.server", "uwr_desktop.ui.share.server")


def check_sharing(folder: Path, seconds: float = 90) -> int:
    """Share the player view on 127.0.0.1 until ``folder/done`` appears (at most ``seconds``);
    return 0, or 1 with a message."""
    import time

    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([sys.argv[0]])
    from uwr_desktop.ui.document import EncounterDocument
    from uwr_desktop.ui.window.main_window import MainWindow

    settings = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
    document = EncounterDocument(None)
    window = MainWindow(document, settings)
    dialog = window.share.open_dialog()
    dialog.interface_box.addItem("Loopback", "127.0.0.1")
    dialog.interface_box.setCurrentIndex(dialog.interface_box.count() - 1)
    dialog.start_button.click()
    sharing = window.share.sharing
    if sharing is None or not sharing.running or dialog.qr_label.pixmap().isNull():
        print(f"share check: could not share: {dialog.status_label.text()}", file=sys.stderr)
        return 1
    (folder / "url").write_text(sharing.url())
    deadline = time.monotonic() + seconds
    while not (folder / "done").exists() and time.monotonic() < deadline:
        app.processEvents()
        time.sleep(0.02)
    sharing.stop()
    dialog.close()
    document.close()
    if not (folder / "done").exists():
        print("share check: nobody fetched the page in time", file=sys.stderr)
        return 1
    libraries = getattr(sys, "_MEIPASS", None)
    if libraries is not None:
        strays = [
            name
            for name in SHARE_MODULES
            if not Path(getattr(sys.modules.get(name), "__file__", "") or "/")
            .resolve()
            .is_relative_to(Path(libraries).resolve().parent)
        ]
        if strays:
            print("share check: loaded outside the app: " + ", ".join(strays), file=sys.stderr)
            return 1
    print("share check: the player view was shared")
    return 0
