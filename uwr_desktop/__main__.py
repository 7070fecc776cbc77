"""Entry point: ``uwr-desktop`` and ``python -m uwr_desktop``."""

import gc
import os
import sys
from typing import TYPE_CHECKING, NoReturn

if TYPE_CHECKING:
    from uwr_desktop.cli import LaunchOptions


CORE_AT_START = (
    "uwr_desktop.core.storage.startup",
    "uwr_desktop.core.storage.library",
    "uwr_desktop.core.storage.encounter_file",
    "uwr_desktop.core.storage.guarded_autosave",
    "uwr_desktop.core.storage.autosave",
    "uwr_desktop.core.storage.paths",
    "uwr_desktop.core.resource_files",
    "uwr_desktop.core.notation",
    "uwr_desktop.core.odds",
    "uwr_desktop.core.odds_rollkeep",
    "uwr_desktop.core.condition_text",
    "uwr_desktop.core.hand_dice",
)
"""The Qt-free modules the window imports at start, loaded by :func:`load_core_first`."""


def choose_storage(options: "LaunchOptions") -> None:
    """Settle where stored data lives before anything reads or writes it."""
    from uwr_desktop.core.storage.paths import app_paths, use_temporary_paths

    if options.temp_config:
        use_temporary_paths()
    else:
        app_paths()


def main(argv: list[str] | None = None) -> int:
    """Start the desktop app and return its exit code."""
    # Start-up only builds objects that live as long as the app, so the cyclic collector would
    # scan them again and again for nothing; run() turns it back on once the window is up. The
    # imports below come after this on purpose.
    gc.disable()
    from uwr_desktop.cli import parse_args
    from uwr_desktop.core.storage.paths import StoragePathError

    options = parse_args(argv)
    try:
        choose_storage(options)
    except StoragePathError as error:
        print(f"uwr-desktop: {error}", file=sys.stderr)
        return 2
    load_core_first()
    from uwr_desktop.ui.app import run

    return run(options)


def load_core_first() -> None:
    """Import the rules core and storage the window starts with, before anything imports Qt.

    Once PySide6 is imported it reads the source of every module imported after it (to see
    whether it asks for a ``__feature__``); the core uses no Qt, so loading it first spares
    those reads (the frozen app ships no source, so there it changes nothing).
    """
    import importlib

    from uwr_desktop.core.rulesets import DEFAULT_RULESET, make_ruleset

    for name in CORE_AT_START:
        importlib.import_module(name)
    make_ruleset(DEFAULT_RULESET)  # its modules load when it is first made


def exit_now(code: int) -> NoReturn:
    """End the process once the app has saved and closed everything it owns.

    Python's own teardown then frees every module, type and Qt wrapper one at a time, which takes
    longer than a bare Qt window needs to start; the system reclaims that memory anyway. The app
    has already closed its own files (fight, journal, crash log, settings); what is left is done
    here: log handlers and output are flushed and temporary folders removed.
    """
    import logging

    from uwr_desktop.core.storage.paths import remove_temporary_folders

    logging.shutdown()
    remove_temporary_folders()
    for stream in (sys.stdout, sys.stderr):
        if stream is not None:
            stream.flush()
    os._exit(code)


def launch() -> NoReturn:
    """The ``uwr-desktop`` command: :func:`main`, then :func:`exit_now`."""
    leave_out_unused_modules()
    exit_now(main())


UNUSED_MODULES = ("typing_extensions",)
"""Modules a dependency imports only when they are installed, which the app needs nothing of."""


def leave_out_unused_modules() -> None:
    """Keep :data:`UNUSED_MODULES` from loading in this process, as the built app leaves them out.

    msgspec imports ``typing_extensions`` when another package has installed it and falls back
    to ``typing`` otherwise; importing it costs the start about 1 % of its work and 0.4 MiB.
    A module already imported stays.
    """
    for name in UNUSED_MODULES:
        sys.modules.setdefault(name, None)  # type: ignore[arg-type]


if __name__ == "__main__":
    launch()
