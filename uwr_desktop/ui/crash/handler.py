"""What happens when the code fails: log the traceback, tell the GM, keep the app running.

``install_excepthook(log_dir, parent_getter)`` routes every uncaught exception (in a Qt slot, an
event handler or a worker thread) to an append-only, rotating log file and to a non-modal
dialog. The fight itself is never touched: it lives in the journal, which every change has
already been committed to.
"""

import sys
import threading
import traceback
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QWidget

if TYPE_CHECKING:
    from uwr_desktop.ui.crash.dialog import CrashDialog
    from uwr_desktop.ui.crash.log import CrashLog

LOG_FILE_NAME = "uwr-desktop.log"
"""The crash log's file name inside the log folder."""

LOG_MAX_BYTES = 1_000_000
"""Size at which the log rotates."""

LOG_BACKUPS = 3
"""How many rotated logs are kept beside the current one."""

ParentGetter = Callable[[], QWidget | None]


def _to_stderr(text: str) -> None:
    # A windowed frozen app has no stderr at all.
    if sys.stderr is not None:
        sys.stderr.write(text)


class CrashHandler(QObject):
    """Logs uncaught exceptions and shows them in a ``CrashDialog``.

    ``crashed(summary, details)`` is emitted for each one, in the GUI thread.
    """

    crashed = Signal(str, str)

    def __init__(
        self, log_dir: Path, parent_getter: ParentGetter, max_bytes: int = LOG_MAX_BYTES
    ) -> None:
        """Prepare the log under ``log_dir`` (rotated at ``max_bytes``) and the dialog's parent."""
        super().__init__()
        self.setObjectName("crashHandler")
        self.log_path = log_dir / LOG_FILE_NAME
        self._parent_getter = parent_getter
        self._dialog: CrashDialog | None = None
        self._max_bytes = max_bytes
        self._log: CrashLog | None = None
        self._log_usable = True
        self._log_error = ""
        try:
            log_dir.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            self._log_usable = False
            self._log_error = f"the log folder {log_dir} cannot be used ({error})"
        self._previous_hook = sys.excepthook
        self._previous_thread_hook = threading.excepthook
        self.crashed.connect(self._show, Qt.ConnectionType.QueuedConnection)

    def install(self) -> None:
        """Become the handler of uncaught exceptions, in every thread."""
        sys.excepthook = self.handle
        threading.excepthook = self._handle_thread

    def uninstall(self) -> None:
        """Give exceptions back to the hooks that were there before, and close the log."""
        if sys.excepthook == self.handle:
            sys.excepthook = self._previous_hook
        if threading.excepthook == self._handle_thread:
            threading.excepthook = self._previous_thread_hook
        self._log_usable = False
        if self._log is not None:
            self._log.close()
            self._log = None

    def handle(
        self,
        kind: type[BaseException],
        error: BaseException,
        trace: TracebackType | None,
    ) -> None:
        """Log one uncaught exception and show it (``sys.excepthook`` signature)."""
        if issubclass(kind, KeyboardInterrupt):
            self._previous_hook(kind, error, trace)
            return
        details = "".join(traceback.format_exception(kind, error, trace))
        stamp = datetime.now().astimezone().isoformat(timespec="seconds")
        _to_stderr(details)
        note = self._write_log(f"{stamp} uncaught {kind.__name__}\n{details}")
        summary = f"{kind.__name__}: {error}" if str(error) else kind.__name__
        self.crashed.emit(summary, f"{stamp}\n{details}{note}")

    def _handle_thread(self, args: threading.ExceptHookArgs) -> None:
        if args.exc_value is None or issubclass(args.exc_type, SystemExit):
            return
        self.handle(args.exc_type, args.exc_value, args.exc_traceback)

    def _write_log(self, entry: str) -> str:
        if not self._log_usable:
            return ""
        if self._log is None:
            from uwr_desktop.ui.crash.log import CrashLog  # loads logging on the first crash only

            self._log = CrashLog(self.log_path, self._max_bytes, LOG_BACKUPS)
        failure = self._log.write(entry)
        if failure is None:
            return ""
        self._log_error = f"the log {self.log_path} cannot be written ({failure})"
        return f"\n(not logged: {failure})"

    def _log_note(self) -> str:
        if self._log_error:
            return f"The details could not be saved: {self._log_error}."
        return f"The details were written to {self.log_path}."

    def _show(self, summary: str, details: str) -> None:
        try:
            self._show_dialog(summary, details)
        except Exception:  # a failing dialog must not re-enter the hook
            _to_stderr(f"the crash dialog failed:\n{traceback.format_exc()}")

    def _show_dialog(self, summary: str, details: str) -> None:
        dialog = self._dialog
        if dialog is None or not dialog.isVisible():
            from uwr_desktop.ui.crash.dialog import CrashDialog  # loads its widgets on first use

            dialog = CrashDialog(self._parent_getter(), self._log_note())
            dialog.destroyed.connect(self._forget_dialog)
            self._dialog = dialog
        dialog.add_report(summary, details)
        dialog.show()
        dialog.raise_()
        dialog.activateWindow()

    def _forget_dialog(self) -> None:
        self._dialog = None

    def dialog(self) -> "CrashDialog | None":
        """Return the crash dialog on screen, if any."""
        return self._dialog


def install_excepthook(
    log_dir: Path, parent_getter: ParentGetter, max_bytes: int = LOG_MAX_BYTES
) -> CrashHandler:
    """Log every uncaught exception to ``log_dir/uwr-desktop.log`` and show it in a dialog.

    ``parent_getter`` returns the window the dialog belongs to (or ``None``); it is asked
    each time, so it may be installed before the main window exists. The app keeps running.
    The log rotates at ``max_bytes``, keeping ``LOG_BACKUPS`` older files. Keep the returned
    handler alive; ``uninstall()`` restores the previous hooks.
    """
    handler = CrashHandler(log_dir, parent_getter, max_bytes)
    handler.install()
    return handler
