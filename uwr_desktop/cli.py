"""Command-line options of the ``uwr-desktop`` program."""

import argparse
from dataclasses import dataclass
from pathlib import Path

from uwr_desktop import APP_NAME, __version__


@dataclass(frozen=True)
class LaunchOptions:
    """What the command line asked for."""

    file: Path | None
    smoke_test: bool
    smoke_png: Path | None
    temp_config: bool


def parse_args(argv: list[str] | None = None) -> LaunchOptions:
    """Parse the command line; ``--version`` and ``--help`` print and exit."""
    parser = argparse.ArgumentParser(prog="uwr-desktop", description=f"{APP_NAME}: combat tracker")
    parser.add_argument("file", nargs="?", type=Path, help="an encounter file (.uwr) to open")
    parser.add_argument(
        "--smoke-test",
        nargs="?",
        const="",
        default=None,
        metavar="PNG",
        help="start with a temporary config, render one frame (to PNG if given) and exit",
    )
    parser.add_argument(
        "--temp-config",
        action="store_true",
        help="keep all settings and stored data in a temporary folder",
    )
    parser.add_argument("--version", action="version", version=f"{APP_NAME} {__version__}")
    args = parser.parse_args(argv)
    smoke = args.smoke_test is not None
    return LaunchOptions(
        file=args.file,
        smoke_test=smoke,
        smoke_png=Path(args.smoke_test) if smoke and args.smoke_test else None,
        temp_config=args.temp_config or smoke,
    )
