"""Entry point: ``uwr-desktop`` and ``python -m uwr_desktop``."""

import sys

from uwr_desktop.cli import LaunchOptions, parse_args
from uwr_desktop.core.storage.paths import StoragePathError, app_paths, use_temporary_paths


def choose_storage(options: LaunchOptions) -> None:
    """Settle where stored data lives before anything reads or writes it."""
    if options.temp_config:
        use_temporary_paths()
    else:
        app_paths()


def main(argv: list[str] | None = None) -> int:
    """Start the desktop app and return its exit code."""
    options = parse_args(argv)
    try:
        choose_storage(options)
    except StoragePathError as error:
        print(f"uwr-desktop: {error}", file=sys.stderr)
        return 2
    from uwr_desktop.ui.app import run

    return run(options)


if __name__ == "__main__":
    sys.exit(main())
