"""UWR Desktop: a native combat tracker for tabletop game masters."""

from importlib.metadata import PackageNotFoundError, version

APP_NAME = "UWR Desktop"

try:
    __version__ = version("uwr-desktop")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0"
