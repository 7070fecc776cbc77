"""Paint first, build later: the window and its fight reach the screen before the Dice dock's
panel, which fills the dock a moment later at the width the dock was given: restored at a later
start, at a first start the width every round system's panel fits (and wider if the panel needs
it after all). The real start is checked in a process of its own, twice in one data folder."""

import json
import random
import textwrap

import pytest
from app_process import run_app_script
from every_system import SYSTEMS, fighter
from PySide6.QtCore import QSettings

from uwr_desktop.cli import parse_args
from uwr_desktop.core.dice import Roller
from uwr_desktop.core.resource_files import resource_path
from uwr_desktop.core.sides import Side
from uwr_desktop.core.storage.paths import HOME_ENV
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.icons import APP_ICON_SIZES
from uwr_desktop.ui.theme import apply_theme
from uwr_desktop.ui.window.layout import DICE_PANEL_CHARS
from uwr_desktop.ui.window.main_window import MainWindow


def _window(qtbot, settings: QSettings, *, later: bool) -> MainWindow:
    document = EncounterDocument(None, roller=Roller(random.Random(3)))
    document.open_copy(resource_path("samples", "sample-fight.uwr"), "Sample fight")
    main = MainWindow(document, settings, panel_after_first_paint=later)
    qtbot.addWidget(main, before_close_func=lambda w: setattr(w.files, "maybe_save", lambda: True))
    return main


def _first_start(qtbot, settings: QSettings, *, close_dice_dock: bool = False) -> int:
    """A first start shown and closed, its layout kept in ``settings``; the Dice dock's width."""
    first = _window(qtbot, settings, later=False)
    first.show()
    qtbot.waitExposed(first)
    if close_dice_dock:
        first.dice_dock.close()
    first.layout_keeper.save()
    width = first.dice_dock.width()
    first.document.close()
    first.close()
    return width


def test_a_later_start_paints_the_window_before_the_panel_at_the_dock_s_width(qtbot, tmp_path):
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    saved_width = _first_start(qtbot, settings)
    main = _window(qtbot, settings, later=True)
    attack = main.actions_by_key["attack"]
    assert main.dice_dock.panel is None and main.dice_tray is None
    assert not attack.isEnabled()
    main.show()
    qtbot.waitExposed(main)
    shown_width = main.dice_dock.width()
    qtbot.waitUntil(lambda: main.dice_panel is not None)
    assert main.dice_tray is not None and main.dice_tray.isVisible()
    assert main.dice_dock.width() == shown_width == saved_width
    assert attack.isEnabled()
    main.document.close()


def test_a_closed_dice_dock_still_gets_its_panel_and_its_keys_work(qtbot, tmp_path):
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    _first_start(qtbot, settings, close_dice_dock=True)
    main = _window(qtbot, settings, later=True)
    main.show()
    qtbot.waitExposed(main)
    assert not main.dice_dock.isVisible()
    qtbot.waitUntil(lambda: main.dice_panel is not None)
    assert main.actions_by_key["attack"].isEnabled()
    main.document.close()


@pytest.mark.parametrize("ruleset_id", SYSTEMS)
def test_every_round_system_s_panel_fits_the_width_a_first_start_gives_the_dock(
    themed_app, with_own_systems, qtbot, tmp_path, ruleset_id
):
    apply_theme(themed_app)
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    main = _window(qtbot, settings, later=False)
    roster = [fighter(ruleset_id, n, Side.PLAYER if n < 3 else Side.ENEMY) for n in (1, 2, 3, 4)]
    main.document.new(ruleset_id, roster)
    chars = main.fontMetrics().averageCharWidth()
    assert main.dice_dock.panel_width() <= DICE_PANEL_CHARS * chars
    main.document.close()


def test_a_panel_wider_than_the_first_start_s_estimate_widens_the_dock(qtbot, tmp_path):
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    main = _window(qtbot, settings, later=True)
    main.dice_dock.panel_width = lambda: 700  # a wider font than the estimate's
    main.show()
    qtbot.waitExposed(main)
    qtbot.waitUntil(lambda: main.dice_panel is not None)
    qtbot.waitUntil(lambda: main.dice_dock.width() >= min(700, int(main.width() * 0.55)))
    main.document.close()


START_AND_REPORT = textwrap.dedent(
    """
    from PySide6.QtCore import QTimer
    from uwr_desktop.cli import parse_args
    from uwr_desktop.ui import app
    from uwr_desktop.ui.window.main_window import MainWindow

    made = MainWindow.__init__

    def report(window, shown_width):
        dock = window.dice_dock
        fields = (shown_width, dock.width(), dock.panel is not None, dock.panel_width())
        print("SHOWN %d NOW %d PANEL %s NEEDS %d" % fields, flush=True)
        window.files.maybe_save = lambda: True
        window.close()

    def built(window, *args, **kwargs):
        made(window, *args, **kwargs)
        print("BUILT_BEFORE_SHOW", window.dice_dock.panel is not None, flush=True)
        QTimer.singleShot(0, lambda: QTimer.singleShot(500, lambda w=window.dice_dock.width():
            report(window, w)))

    MainWindow.__init__ = built
    app.run(parse_args([]))
    """
)


def _start(home) -> dict[str, str]:
    printed = run_app_script(START_AND_REPORT, home, screen=(1366, 768))  # the GM's laptop
    return {line.split(" ", 1)[0]: line.split(" ", 1)[1] for line in printed.splitlines()}


def test_the_real_start_builds_the_panel_after_the_first_frame_first_and_later(tmp_path):
    home = tmp_path / "home"
    for start in (_start(home), _start(home)):  # the first start, then a later one
        assert start["BUILT_BEFORE_SHOW"] == "False"
        shown, _, now, _, panel, _, needed = start["SHOWN"].split()
        assert panel == "True"
        assert now == shown
        assert int(now) >= int(needed)


LOOK_AT_FIRST_PAINT = textwrap.dedent(
    """
    import json
    from PySide6.QtCore import QEvent, QObject, QTimer
    from PySide6.QtWidgets import QApplication
    from uwr_desktop.cli import parse_args
    from uwr_desktop.ui import app
    from uwr_desktop.ui.theme import active_scheme, build_palette
    from uwr_desktop.ui.window.main_window import MainWindow

    made = MainWindow.__init__
    seen = {}

    def look(window):
        parts = [window, window.menuBar(), window.statusBar(), window.table, window.timeline,
                 window.turn_header, window.event_log, window.log_dock, window.dice_dock]
        return {
            "themed": type(QApplication.style()).__name__ == "ThemeStyle",
            "style": QApplication.style().name(),
            "panel": window.dice_dock.panel is not None,
            "palette": QApplication.palette() == build_palette(active_scheme()),
            "places": [[type(w).__name__, w.geometry().getRect(), w.isVisible()] for w in parts],
        }

    class FirstPaint(QObject):
        def eventFilter(self, watched, event):
            if event.type() == QEvent.Type.Paint and "first" not in seen:
                seen["first"] = look(watched)
            return False

    def report(window):
        seen["later"] = look(window)
        print(json.dumps(seen), flush=True)
        window.files.maybe_save = lambda: True
        window.close()

    def built(window, *args, **kwargs):
        made(window, *args, **kwargs)
        window.first_paint_watch = FirstPaint(window)
        window.installEventFilter(window.first_paint_watch)
        QTimer.singleShot(0, lambda: QTimer.singleShot(500, lambda: report(window)))

    MainWindow.__init__ = built
    app.run(parse_args([]))
    """
)


def test_the_first_frame_is_painted_before_the_theme_s_style_with_the_same_layout(tmp_path):
    printed = run_app_script(LOOK_AT_FIRST_PAINT, tmp_path / "home", screen=(1366, 768))
    seen = json.loads(printed.splitlines()[-1])
    first, later = seen["first"], seen["later"]
    assert not first["themed"] and not first["panel"], "the frame came first"
    assert later["themed"] and later["panel"]
    assert first["style"] == "fusion", "Fusion draws the first frame, with the same sizes"
    assert first["palette"] and later["palette"], "the theme's colours from the first frame on"
    assert first["places"] == later["places"], "nothing moved when the style came"


def test_a_smoke_test_keeps_the_folder_a_home_names(monkeypatch, tmp_path):
    monkeypatch.delenv(HOME_ENV, raising=False)
    assert parse_args(["--smoke-test"]).temp_config
    monkeypatch.setenv(HOME_ENV, str(tmp_path))
    assert not parse_args(["--smoke-test"]).temp_config
    assert parse_args(["--smoke-test", "--temp-config"]).temp_config


REPORT_ICONS_AT_FIRST_FRAME = textwrap.dedent(
    """
    import sys
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication
    from uwr_desktop.cli import parse_args
    from uwr_desktop.ui import app
    from uwr_desktop.ui.window.main_window import MainWindow

    made = MainWindow.__init__

    def report(window):
        sizes = sorted(size.width() for size in QApplication.windowIcon().availableSizes())
        svg = sorted(name for name in sys.modules if "Svg" in name)
        print("ICON", *sizes, flush=True)
        print("SVG", *svg, flush=True)
        window.files.maybe_save = lambda: True
        window.close()

    def built(window, *args, **kwargs):
        made(window, *args, **kwargs)
        QTimer.singleShot(0, lambda: report(window))

    MainWindow.__init__ = built
    app.run(parse_args([]))
    """
)


def test_the_real_start_shows_the_app_s_icon_without_loading_qt_s_svg_module(tmp_path):
    printed = run_app_script(REPORT_ICONS_AT_FIRST_FRAME, tmp_path / "home")
    lines = {line.split(" ", 1)[0]: line.split(" ")[1:] for line in printed.splitlines()}
    assert [int(size) for size in lines["ICON"]] == list(APP_ICON_SIZES)
    assert lines["SVG"] == []
