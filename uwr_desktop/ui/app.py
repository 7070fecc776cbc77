"""QApplication bootstrap: theme, crash handler, stored data, recovery offer, main window."""

import contextlib
import gc
import sys
from pathlib import Path

from PySide6.QtCore import QSettings, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication

from uwr_desktop import APP_NAME
from uwr_desktop.cli import LaunchOptions
from uwr_desktop.core.resource_files import resource_path
from uwr_desktop.core.storage.encounter_file import EncounterFileError
from uwr_desktop.core.storage.journal_db import JournalStore
from uwr_desktop.core.storage.library import CombatantLibrary
from uwr_desktop.core.storage.paths import app_paths
from uwr_desktop.core.storage.sqlite_db import StoreError
from uwr_desktop.core.storage.startup import JournalOpening, open_journal
from uwr_desktop.ui.crash.handler import install_excepthook
from uwr_desktop.ui.dialogs.prompts import inform, warn
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.icons import app_icon
from uwr_desktop.ui.theme import create_themed_application, install_theme_style
from uwr_desktop.ui.widgets.first_paint import AfterFirstPaint
from uwr_desktop.ui.window.main_window import MainWindow

SAMPLE_FIGHT = ("samples", "sample-fight.uwr")
SAMPLE_TITLE = "Sample fight"
KEEP_CLOSED_FIGHTS = 20


def sample_fight_path() -> Path:
    """The sample fight shipped in ``resources/``."""
    return resource_path(*SAMPLE_FIGHT)


def _discard_unless_reopened(store: JournalStore, encounter_id: int) -> None:
    # Another copy of the app may have reopened the fight since the list was read: keep it.
    with contextlib.suppress(StoreError):
        store.discard(encounter_id)


def open_stores(path: Path) -> tuple[JournalOpening, CombatantLibrary | None]:
    """The autosave journal and the combatant library at ``path``, whatever state the file is
    in: a damaged file is moved aside and salvaged, an unusable one leaves them out. (The
    library gets a round system's sample foes when it is first shown in that system.)"""
    opening = open_journal(path, keep_closed=KEEP_CLOSED_FIGHTS)
    if opening.store is None:
        return opening, None
    try:
        library = CombatantLibrary(path)
    except StoreError:
        return opening, None
    opening.store.add_companion(library)
    return opening, library


def _tell_about_storage(window: MainWindow, opening: JournalOpening, interactive: bool) -> None:
    if opening.unavailable is not None:
        window.show_autosave_off(opening.unavailable)
    if opening.damage is not None and interactive:
        from uwr_desktop.ui.storage_ui.autosave_bar import damage_text

        install_theme_style()  # a dialog before the window's first frame: its focus ring shows
        inform(window, "The autosave file was damaged", damage_text(opening.damage))


def _offer_recovery(window: MainWindow, store: JournalStore) -> bool:
    """Offer the fights an unclean exit left behind; return whether one was reopened."""
    from uwr_desktop.ui.storage_ui.recovery_dialog import RecoveryDialog  # only after a crash

    summaries = [s for s in store.recoverable() if s.entry_count > 0 or s.problem]
    for empty in (s for s in store.recoverable() if s.entry_count == 0 and not s.problem):
        _discard_unless_reopened(store, empty.encounter_id)
    if not summaries:
        return False
    install_theme_style()  # a dialog before the window's first frame: its focus ring shows
    dialog = RecoveryDialog(summaries, parent=window)
    dialog.exec()
    for encounter_id in dialog.discarded_ids():
        _discard_unless_reopened(store, encounter_id)
    chosen = dialog.chosen_id()
    if chosen is None:
        return False
    try:
        window.document.recover(chosen)
    except (StoreError, ValueError) as error:
        warn(window, APP_NAME, f"That fight could not be reopened:\n{error}")
        return False
    return True


def _open_first_fight(window: MainWindow, options: LaunchOptions, settings: QSettings) -> None:
    """The fight a start opens: a file named on the command line, else the fight open last
    (when the setting asks for it), else on the very first start a copy of the sample."""
    if options.file is not None:
        window.files.open_path(options.file)
        return
    first_start = not settings.value("sample_shown", False, type=bool)
    if first_start:
        settings.setValue("sample_shown", True)
    if options.smoke_test or (first_start and window.files.fight_to_reopen() is None):
        try:
            window.document.open_copy(sample_fight_path(), SAMPLE_TITLE)
        except EncounterFileError as error:
            window.show_refusal(f"The sample fight could not be opened: {error}")
        return
    problem = window.files.reopen_last_fight()
    if problem:
        window.statusBar().showMessage(problem)  # kept until the next message


def _finish_smoke_test(app: QApplication, window: MainWindow, png: Path | None) -> None:
    """Paint the first frame and quit; with ``png``, first finish the start (the Dice dock's
    panel, built after the first frame) and save a picture of the whole window."""
    QApplication.processEvents()
    if png is not None:
        install_theme_style()
        window.dice_dock.stop_waiting()
        if window.dice_tray is not None:
            window.dice_tray.skip_animation()
        QApplication.processEvents()
        if not window.grab().save(str(png)):
            print(f"uwr-desktop: could not write {png}", file=sys.stderr)
            app.exit(1)
            return
    window.layout_keeper.save()  # as a window closed by the GM does: the next start restores it
    window.document.close()
    app.exit(0)


def run(options: LaunchOptions) -> int:
    """Run the app until its window closes (or, for a smoke test, after one frame)."""
    QGuiApplication.setApplicationName(APP_NAME)
    QGuiApplication.setApplicationDisplayName(APP_NAME)
    QGuiApplication.setDesktopFileName("uwr-desktop")
    app = create_themed_application(sys.argv[:1], style_later=True)
    paths = app_paths()
    app.setWindowIcon(app_icon())
    window_holder: list[MainWindow] = []
    crash_handler = install_excepthook(
        paths.log_dir, lambda: window_holder[0] if window_holder else None
    )
    settings = QSettings(str(paths.settings_file), QSettings.Format.IniFormat)
    opening, library = open_stores(paths.journal_db)
    store = opening.store
    document = EncounterDocument(store)
    window = MainWindow(document, settings, library=library, panel_after_first_paint=True)
    # Installed after the Dice dock's own wait, so run before it: the panel is then built, and
    # polished, once in the theme's style.
    AfterFirstPaint(window, install_theme_style)
    window_holder.append(window)
    _tell_about_storage(window, opening, interactive=not options.smoke_test)
    recovered = False
    if store is not None and not options.smoke_test:
        try:
            recovered = _offer_recovery(window, store)
        except StoreError as error:
            warn(window, APP_NAME, f"The fights left open could not be read:\n{error}")
    if not recovered:
        _open_first_fight(window, options, settings)
    window.show()
    # What start-up built lives as long as the app: the collector need not scan it any more.
    gc.freeze()
    gc.enable()
    if options.smoke_test:
        QTimer.singleShot(0, lambda: _finish_smoke_test(app, window, options.smoke_png))
    try:
        return app.exec()
    finally:
        crash_handler.uninstall()
        if library is not None:
            library.close()
        if store is not None:
            store.close()
        settings.sync()
        window_holder.clear()
        # The window and the application are left for the process's end: the command leaves
        # with os._exit as soon as this returns (see __main__.exit_now), and taking down every
        # widget first only delays that.
