"""File names and titles as text that can be shown and stored.

A file name need not be valid UTF-8 on POSIX: Python keeps the undecodable bytes as lone
surrogates, which Qt cannot show and SQLite cannot store. The app keeps the real path for
reading and writing the file and uses :func:`readable` wherever the name is shown or stored.
"""

from pathlib import Path


def readable(text: str) -> str:
    """``text`` with undecodable bytes and lone surrogates shown as ``\\ufffd``."""
    try:
        return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    except UnicodeEncodeError:
        return "".join("\ufffd" if "\ud800" <= char <= "\udfff" else char for char in text)


def display_name(path: Path) -> str:
    """``path``'s file name (the whole path when it has none) as the GM can read it."""
    return readable(path.name or str(path))


def storable_path(path: Path | None) -> Path | None:
    """``path`` when it can be stored as text as it is; ``None`` when its name is not UTF-8."""
    if path is None:
        return None
    return path if readable(str(path)) == str(path) else None
