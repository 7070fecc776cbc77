"""Writing a file so that a failure halfway leaves the old file whole."""

import os
import tempfile
from pathlib import Path


def write_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file beside it, flushed to disk and then
    renamed over ``path``.

    Raises ``OSError`` when anything fails; ``path`` is then as it was and no temporary file is
    left behind.
    """
    folder = path.parent if str(path.parent) else Path(".")
    temporary: str | None = None
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
        temporary = None
    finally:
        if temporary is not None:
            Path(temporary).unlink(missing_ok=True)
