"""Command-line options of the ``uwr-desktop`` program."""

import argparse
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

import msgspec

import uwr_desktop
from uwr_desktop import APP_NAME
from uwr_desktop.core.storage.paths import HOME_ENV


class _PrintVersion(argparse.Action):
    """``--version``: the installed version is read only when asked for (it costs start-up time)."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> NoReturn:
        print(f"{APP_NAME} {uwr_desktop.__version__}")
        parser.exit()


class LaunchOptions(msgspec.Struct, frozen=True):
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
        help=(
            "render one frame (to PNG if given) and exit, with a temporary config unless "
            f"{HOME_ENV} names a folder"
        ),
    )
    parser.add_argument(
        "--temp-config",
        action="store_true",
        help="keep all settings and stored data in a temporary folder",
    )
    parser.add_argument(
        "--version", action=_PrintVersion, nargs=0, help="show the version and exit"
    )
    args = parser.parse_args(argv)
    smoke = args.smoke_test is not None
    return LaunchOptions(
        file=args.file,
        smoke_test=smoke,
        smoke_png=Path(args.smoke_test) if smoke and args.smoke_test else None,
        temp_config=args.temp_config or (smoke and not os.environ.get(HOME_ENV, "").strip()),
    )
