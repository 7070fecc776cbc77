"""Where the app keeps what it stores: autosave journal, library, logs and settings.

Every part of the app asks :func:`app_paths` for these folders, so one switch relocates all of
them:

* ``--temp-config`` (or the environment variable ``UWR_DESKTOP_TEMP_CONFIG=1``) uses a fresh
  temporary folder that is removed when the process exits, for smoke tests and trials;
* ``UWR_DESKTOP_HOME=/some/dir`` uses a given folder, for tests and portable installs;
* otherwise the platform's usual per-user folders are used.
"""

import atexit
import os
import shutil
from pathlib import Path

import msgspec

from uwr_desktop import APP_NAME

TEMP_CONFIG_ENV = "UWR_DESKTOP_TEMP_CONFIG"
HOME_ENV = "UWR_DESKTOP_HOME"

_TRUE_WORDS = frozenset({"1", "true", "yes", "on"})
_FALSE_WORDS = frozenset({"", "0", "false", "no", "off"})


class StoragePathError(Exception):
    """A storage folder was asked for that cannot be used; the message says why."""


class AppPaths(msgspec.Struct, frozen=True):
    """The folders and files where the app stores data."""

    data_dir: Path
    """Autosave journal and combatant library."""
    log_dir: Path
    """Log files, including crash reports."""
    config_dir: Path
    """Settings (the Qt settings file lives here too)."""
    temporary: bool = False
    """True when everything is kept in a throw-away folder."""

    @property
    def journal_db(self) -> Path:
        """The SQLite file holding the autosave journal and the combatant library."""
        return self.data_dir / "journal.sqlite3"

    @property
    def settings_file(self) -> Path:
        """The settings file (INI format) for the UI."""
        return self.config_dir / "settings.ini"

    @property
    def log_file(self) -> Path:
        """The app's log file."""
        return self.log_dir / "uwr-desktop.log"

    def create_folders(self) -> None:
        """Create the three folders if they are missing.

        Raises :class:`StoragePathError` when one of them cannot be created.
        """
        for folder in (self.data_dir, self.log_dir, self.config_dir):
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                raise StoragePathError(
                    f"Cannot create the folder {folder}: {error.strerror or error}"
                ) from error


def platform_paths() -> AppPaths:
    """Return the platform's usual per-user folders for the app (not created)."""
    import platformdirs  # not needed when the data lives in a given or temporary folder

    dirs = platformdirs.PlatformDirs(APP_NAME, appauthor=False)
    return AppPaths(
        data_dir=Path(dirs.user_data_dir),
        log_dir=Path(dirs.user_log_dir),
        config_dir=Path(dirs.user_config_dir),
    )


def paths_under(root: Path, *, temporary: bool = False) -> AppPaths:
    """Return the app's folders gathered under one folder ``root`` (not created)."""
    return AppPaths(
        data_dir=root / "data",
        log_dir=root / "logs",
        config_dir=root / "config",
        temporary=temporary,
    )


_chosen: AppPaths | None = None
_temporary_roots: list[Path] = []


def use_paths(root: Path) -> AppPaths:
    """Keep all stored data under ``root`` from now on; return the folders (created)."""
    global _chosen  # noqa: PLW0603
    if root.exists() and not root.is_dir():
        raise StoragePathError(f"Cannot keep data in {root}: it is a file, not a folder.")
    paths = paths_under(root)
    paths.create_folders()
    _chosen = paths
    return paths


def use_temporary_paths() -> AppPaths:
    """Keep all stored data in a fresh temporary folder, removed when the process exits."""
    global _chosen  # noqa: PLW0603
    import tempfile  # only for --temp-config: tempfile is not needed at start-up otherwise

    root = Path(tempfile.mkdtemp(prefix="uwr-desktop-"))
    _temporary_roots.append(root)
    paths = paths_under(root, temporary=True)
    paths.create_folders()
    _chosen = paths
    return paths


def remove_temporary_folders() -> None:
    """Remove the temporary folders chosen so far now (otherwise they go when Python exits)."""
    while _temporary_roots:
        shutil.rmtree(_temporary_roots.pop(), ignore_errors=True)


atexit.register(remove_temporary_folders)


def forget_chosen_paths() -> None:
    """Forget any earlier choice, so the next :func:`app_paths` reads the environment again."""
    global _chosen  # noqa: PLW0603
    _chosen = None


def _temp_config_requested() -> bool:
    raw = os.environ.get(TEMP_CONFIG_ENV, "")
    word = raw.strip().lower()
    if word in _TRUE_WORDS:
        return True
    if word in _FALSE_WORDS:
        return False
    raise StoragePathError(
        f"{TEMP_CONFIG_ENV}={raw!r} is not understood: use 1 to keep data in a temporary "
        "folder, or 0 (or leave it unset) to use the usual folders."
    )


def app_paths() -> AppPaths:
    """Return the folders in use, choosing them on first use (and creating them).

    An earlier :func:`use_paths` or :func:`use_temporary_paths` wins; then
    ``UWR_DESKTOP_TEMP_CONFIG``, then ``UWR_DESKTOP_HOME``, then the platform's folders.
    Raises :class:`StoragePathError` with a readable message when the choice is unusable.
    """
    global _chosen  # noqa: PLW0603
    if _chosen is not None:
        return _chosen
    if _temp_config_requested():
        return use_temporary_paths()
    home = os.environ.get(HOME_ENV, "").strip()
    if home:
        return use_paths(Path(home).expanduser())
    paths = platform_paths()
    paths.create_folders()
    _chosen = paths
    return paths
