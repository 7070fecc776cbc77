"""The rotating log file that uncaught exceptions are written to.

Kept apart from the crash handler so that ``logging`` is loaded on the first crash, not at
start-up.
"""

import logging
import logging.handlers
import sys
from pathlib import Path


class _RotatingFile(logging.handlers.RotatingFileHandler):
    """A rotating log that remembers why its last write failed instead of only printing it."""

    failure: BaseException | None = None

    def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802 (logging override)
        """Keep the error for the caller to report."""
        self.failure = sys.exc_info()[1]


class CrashLog:
    """Appends entries to ``path``, rotated at ``max_bytes`` with ``backups`` old files kept."""

    def __init__(self, path: Path, max_bytes: int, backups: int) -> None:
        """Prepare the log; the file is created by the first entry."""
        self._logger = logging.getLogger(f"uwr_desktop.crash.{id(self)}")
        self._logger.propagate = False
        self._logger.setLevel(logging.ERROR)
        self._file = _RotatingFile(
            path, maxBytes=max_bytes, backupCount=backups, encoding="utf-8", delay=True
        )
        self._file.setFormatter(logging.Formatter("%(message)s"))
        self._logger.addHandler(self._file)

    def write(self, entry: str) -> BaseException | None:
        """Append ``entry``; return why it could not be written, or ``None``."""
        self._file.failure = None
        self._logger.error(entry)
        return self._file.failure

    def close(self) -> None:
        """Close the file; the log takes no more entries."""
        self._logger.removeHandler(self._file)
        self._file.close()
