"""The crash handler: an uncaught exception is logged, shown, and the app keeps running."""

import re
import sys
import threading

import pytest
from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QApplication, QWidget

from uwr_desktop.ui.crash.dialog import CrashDialog
from uwr_desktop.ui.crash.handler import LOG_FILE_NAME, install_excepthook

pytestmark = pytest.mark.qt_no_exception_capture

STAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d")


class Tracker(QObject):
    """Stands in for a widget whose slot fails once the fight has reached a bad state."""

    next_turn = Signal(int)

    def __init__(self) -> None:
        super().__init__()
        self.turns: list[int] = []
        self.next_turn.connect(self.advance)

    def advance(self, turn: int) -> None:
        if turn == 3:
            raise RuntimeError(f"no combatant acts on turn {turn}")
        self.turns.append(turn)


@pytest.fixture
def window(qtbot):
    widget = QWidget()
    widget.setObjectName("mainWindowStandIn")
    qtbot.addWidget(widget)
    widget.show()
    return widget


@pytest.fixture
def crash_handler(tmp_path, window):
    handler = install_excepthook(tmp_path / "logs", lambda: window)
    yield handler
    _close(handler)


def _close(handler) -> None:
    handler.uninstall()
    dialog = handler.dialog()
    if dialog is not None:
        dialog.close()


def _wait_for_dialog(qtbot, handler) -> CrashDialog:
    qtbot.waitUntil(lambda: handler.dialog() is not None and handler.dialog().isVisible())
    return handler.dialog()


def test_a_failing_slot_is_logged_shown_and_the_app_keeps_running(
    qtbot, tmp_path, window, crash_handler
):
    tracker = Tracker()
    for turn in (1, 2, 3, 4):
        tracker.next_turn.emit(turn)
    assert tracker.turns == [1, 2, 4], "the app went on after the failure"

    log_path = tmp_path / "logs" / LOG_FILE_NAME
    log = log_path.read_text(encoding="utf-8")
    assert STAMP.search(log)
    assert "Traceback (most recent call last)" in log
    assert "in advance" in log
    assert "RuntimeError: no combatant acts on turn 3" in log

    dialog = _wait_for_dialog(qtbot, crash_handler)
    assert dialog in QApplication.topLevelWidgets()
    assert dialog.parent() is window
    assert not dialog.isModal()
    message = dialog.message()
    assert "Something went wrong" in message
    assert "your fight is kept" in message
    assert str(log_path) in message
    assert "no combatant acts on turn 3" in message

    assert not dialog.details_visible()
    dialog.details_button.click()
    assert dialog.details_visible()
    assert "RuntimeError: no combatant acts on turn 3" in dialog.details()
    dialog.copy_button.click()
    assert "in advance" in QApplication.clipboard().text()

    dialog.close()
    qtbot.waitUntil(lambda: crash_handler.dialog() is None)
    assert window.isVisible()


def test_more_failures_go_to_the_open_dialog_and_append_to_the_log(qtbot, tmp_path, crash_handler):
    tracker = Tracker()
    tracker.next_turn.emit(3)
    first = _wait_for_dialog(qtbot, crash_handler)
    tracker.next_turn.emit(3)
    qtbot.waitUntil(lambda: "2 errors" in first.message())
    assert crash_handler.dialog() is first
    log = (tmp_path / "logs" / LOG_FILE_NAME).read_text(encoding="utf-8")
    assert log.count("RuntimeError: no combatant acts on turn 3") == 2
    assert first.details().count("Traceback") == 2


def test_a_failure_in_a_worker_thread_is_shown_in_the_gui_thread(qtbot, tmp_path, crash_handler):
    def work() -> None:
        raise ValueError("the autosave worker could not parse the journal")

    worker = threading.Thread(target=work)
    worker.start()
    worker.join()
    dialog = _wait_for_dialog(qtbot, crash_handler)
    assert dialog.thread() is QApplication.instance().thread()
    assert "could not parse the journal" in dialog.message()
    log = (tmp_path / "logs" / LOG_FILE_NAME).read_text(encoding="utf-8")
    assert "ValueError: the autosave worker could not parse the journal" in log


def test_the_log_rotates_instead_of_growing_forever(qtbot, tmp_path, window):
    handler = install_excepthook(tmp_path, lambda: window, max_bytes=3000)
    try:
        tracker = Tracker()
        for _ in range(12):
            tracker.next_turn.emit(3)
        _wait_for_dialog(qtbot, handler)
    finally:
        _close(handler)
    assert (tmp_path / f"{LOG_FILE_NAME}.1").is_file()
    assert (tmp_path / LOG_FILE_NAME).stat().st_size <= 3000
    assert not (tmp_path / f"{LOG_FILE_NAME}.4").exists()


def test_an_unusable_log_folder_is_said_in_the_dialog(qtbot, tmp_path, window):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the log folder should be", encoding="utf-8")
    handler = install_excepthook(blocker, lambda: window)
    try:
        tracker = Tracker()
        tracker.next_turn.emit(3)
        dialog = _wait_for_dialog(qtbot, handler)
        assert "could not be saved" in dialog.message()
        assert str(blocker) in dialog.message()
        assert "no combatant acts on turn 3" in dialog.details()
    finally:
        _close(handler)


def test_uninstall_gives_the_hooks_back(tmp_path, window):
    before = (sys.excepthook, threading.excepthook)
    handler = install_excepthook(tmp_path, lambda: window)
    assert sys.excepthook == handler.handle
    handler.uninstall()
    assert (sys.excepthook, threading.excepthook) == before


def test_ctrl_c_is_left_to_the_previous_hook(qtbot, tmp_path, window, monkeypatch):
    seen: list[type[BaseException]] = []
    monkeypatch.setattr(sys, "excepthook", lambda kind, error, trace: seen.append(kind))
    handler = install_excepthook(tmp_path, lambda: window)
    try:
        handler.handle(KeyboardInterrupt, KeyboardInterrupt(), None)
        qtbot.wait(20)
        assert seen == [KeyboardInterrupt]
        assert handler.dialog() is None
        assert not (tmp_path / LOG_FILE_NAME).exists()
    finally:
        handler.uninstall()


def test_a_windowed_app_without_stderr_still_logs_and_shows(qtbot, tmp_path, window, monkeypatch):
    monkeypatch.setattr(sys, "stderr", None)
    handler = install_excepthook(tmp_path, lambda: window)
    try:
        tracker = Tracker()
        tracker.next_turn.emit(3)
        dialog = _wait_for_dialog(qtbot, handler)
        assert "no combatant acts on turn 3" in dialog.message()
        assert "no combatant acts on turn 3" in (tmp_path / LOG_FILE_NAME).read_text("utf-8")
    finally:
        _close(handler)
