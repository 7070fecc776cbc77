"""Entry point: ``uwr-desktop`` and ``python -m uwr_desktop``."""

import sys

from uwr_desktop.cli import parse_args


def main(argv: list[str] | None = None) -> int:
    """Start the desktop app and return its exit code."""
    options = parse_args(argv)
    from uwr_desktop.ui.app import run

    return run(options)


if __name__ == "__main__":
    sys.exit(main())
