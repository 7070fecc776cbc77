"""UWR Desktop: a native combat tracker for tabletop game masters."""

from functools import cache

APP_NAME = "UWR Desktop"


@cache
def _installed_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("uwr-desktop")
    except PackageNotFoundError:  # a source tree that was never installed
        return "0.0.0"


def __getattr__(name: str) -> str:
    # The version is looked up on first use: reading package metadata costs start-up time.
    if name == "__version__":
        return _installed_version()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
