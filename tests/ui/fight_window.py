"""Driving the main window through a whole fight in GUI tests: a shown window with a seeded
roller and no animations, modal dialogs answered when they open, New Fight's choice of system."""

import random
from collections.abc import Callable, Iterator

from PySide6.QtCore import QSettings, QSize, Qt, QTimer
from PySide6.QtWidgets import QApplication, QComboBox, QDialog

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.rulesets import ruleset_ids
from uwr_desktop.core.storage.library import CombatantLibrary
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.window.layout import DICE_PANEL_CHARS, first_dice_dock_width
from uwr_desktop.ui.window.main_window import MainWindow


def shown_window(
    qtbot,
    tmp_path,
    seed: int,
    library: CombatantLibrary | None = None,
    rng: random.Random | None = None,
) -> Iterator[MainWindow]:
    """A main window on an unsaved fight, rolling with ``random.Random(seed)`` (or ``rng``),
    animations off, with ``library`` if given; closed with its fight afterwards (for a fixture
    to ``yield from``)."""
    source = rng if rng is not None else random.Random(seed)
    document = EncounterDocument(None, roller=Roller(source))
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    main = MainWindow(document, settings, library=library)
    qtbot.addWidget(main, before_close_func=lambda w: setattr(w.files, "maybe_save", lambda: True))
    main.actions_by_key["reduce_motion"].setChecked(True)
    main.timeline.set_animation_duration(0)
    main.show()
    qtbot.waitExposed(main)
    yield main
    main.statusBar().clearMessage()
    document.close()


def hidden_window(qtbot, tmp_path, seed: int) -> Iterator[MainWindow]:
    """A main window not shown, on an unsaved fight rolling with ``random.Random(seed)``,
    reduced motion on; afterwards its sharing stops and its fight closes (for a fixture to
    ``yield from``)."""
    document = EncounterDocument(None, roller=Roller(random.Random(seed)))
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    main = MainWindow(document, settings)
    qtbot.addWidget(main, before_close_func=lambda w: setattr(w.files, "maybe_save", lambda: True))
    main.actions_by_key["reduce_motion"].setChecked(True)
    yield main
    if main.share.dialog is not None:
        main.share.dialog.close()
    main.share.stop()
    document.close()


def when_modal(kind: type[QDialog], act: Callable[[QDialog], object]) -> None:
    """Run ``act(dialog)`` on the next modal dialog of ``kind`` once it is shown."""

    def run() -> None:
        modal = QApplication.activeModalWidget()
        if isinstance(modal, kind):
            act(modal)
        else:
            QTimer.singleShot(10, run)

    QTimer.singleShot(0, run)


def pick_round_system(dialog, ruleset_id: str) -> None:
    """Choose ``ruleset_id`` in the New Fight dialog."""
    systems = dialog.findChild(QComboBox, "rulesetChoice")
    systems.setCurrentIndex(systems.findData(ruleset_id))


def retype(qtbot, box, text: str) -> None:
    """Replace what a number box shows by typing ``text`` into it, as a GM does."""
    box.lineEdit().selectAll()
    qtbot.keyClicks(box, text)


def key_on_table(qtbot, window, key, modifier=Qt.KeyboardModifier.NoModifier):
    """A key on the table, the window active again (a dialog may just have closed)."""
    if QApplication.activeWindow() is not window:
        window.activateWindow()
        window.windowHandle().requestActivate()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    window.table.setFocus()
    qtbot.keyClick(window.table, key, modifier)


def without_samples(library: CombatantLibrary) -> CombatantLibrary:
    """``library`` as a GM has it who deleted the sample foes of every round system (so a test
    sees its own templates only)."""
    for ruleset_id in ruleset_ids():
        library.seed(ruleset_id, ())
    return library


def attack_key_refused(qtbot, window, reason: str) -> None:
    """The window's Attack (F11) is greyed with ``reason``; F11 says it in the status bar and
    leaves the fight as it was."""
    action = window.actions_by_key["attack"]
    assert not action.isEnabled()
    assert action.toolTip() == f"Attack: {reason} (F11)"
    cursor = window.document.session.cursor
    window.statusBar().clearMessage()
    key_on_table(qtbot, window, Qt.Key.Key_F11)
    assert window.statusBar().currentMessage() == f"Attack is not possible now: {reason}"
    assert window.document.session.cursor == cursor


def table_cell(window, combatant_id: str, key: str, role=Qt.ItemDataRole.DisplayRole):
    """What the table holds for the combatant in the column ``key`` (its text by default)."""
    model = window.table_model
    return model.data(model.index(model.row_of(combatant_id), model.column_of(key)), role)


def as_on_a_laptop(window: MainWindow, qtbot) -> None:
    """Show ``window`` as a first start on a 1366x768 laptop does: maximised, its Dice dock at
    the first width a panel is given."""
    window.showNormal()  # the offscreen screen is small: a first start would fill it
    window.resize(QSize(1366, 768))
    qtbot.wait(20)
    panel = DICE_PANEL_CHARS * window.fontMetrics().averageCharWidth()
    window.resizeDocks(
        [window.dice_dock], [first_dice_dock_width(1366, panel)], Qt.Orientation.Horizontal
    )
