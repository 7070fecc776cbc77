"""Which collected files the frozen app leaves out: Qt parts it never loads."""

from __future__ import annotations

import re
from pathlib import PurePosixPath

_SYSTEM_LIBRARY_DIRS = ("/lib", "/lib64", "/usr/lib", "/usr/lib64")

# Qt libraries that only the excluded modules need (QML/Quick, Designer, PDF, the virtual
# keyboard, the Wayland compositor side, SQL, networking and test helpers).
_UNUSED_QT_NAMES = (
    r"(Qml|Quick|Designer|Pdf|VirtualKeyboard|WaylandCompositor|WlShell|Labs|Lottie|Help|Sql"
    r"|Test|UiTools|ShaderTools|EglFS|EglFsKms|WaylandEgl|Network)"
)
_UNUSED_QT_LIBRARY = re.compile(rf"^(lib)?Qt6{_UNUSED_QT_NAMES}")
_UNUSED_QT_FRAMEWORK = re.compile(rf"^Qt{_UNUSED_QT_NAMES}\w*\.framework$")

# Qt plugin folders the app has no use for: it neither prints, talks to the network, reads SQL
# databases nor runs on a bare framebuffer.
_UNUSED_PLUGIN_FOLDERS = frozenset(
    {
        "designer",
        "egldeviceintegrations",
        "generic",
        "networkinformation",
        "printsupport",
        "qmltooling",
        "sqldrivers",
        "tls",
        "vectorimageformats",
        "wayland-graphics-integration-server",
    }
)

# Single plugins left out, by folder and file stem (without "lib" and the suffix).
_UNUSED_PLUGINS = frozenset(
    {
        ("platforms", "qeglfs"),
        ("platforms", "qlinuxfb"),
        ("platforms", "qminimalegl"),
        ("platforms", "qvkkhrdisplay"),
        ("platforms", "qvnc"),
        ("platforms", "qdirect2d"),
        ("imageformats", "qpdf"),
        ("imageformats", "qtiff"),
        ("imageformats", "qwebp"),
        ("imageformats", "qtga"),
        ("imageformats", "qwbmp"),
        ("platforminputcontexts", "qtvirtualkeyboardplugin"),
        ("platformthemes", "qgtk3"),
        ("wayland-shell-integration", "wl-shell-plugin"),
        ("wayland-shell-integration", "ivi-shell"),
        ("wayland-shell-integration", "fullscreen-shell-v1"),
    }
)


_UNUSED_RUNTIME_HOOKS = frozenset({"pyi_rth_multiprocessing", "pyi_rth_pyqtgraph_multiprocess"})
"""PyInstaller's hooks preparing frozen child processes: the app starts none through
``multiprocessing`` (pyqtgraph imports it for a feature the app does not use), and the first of
them imports it with its start methods at every start (about 60 M instructions)."""


def keep_runtime_hook(name: str) -> bool:
    """Say whether a PyInstaller runtime hook (by its script's name) runs when the app starts."""
    return name not in _UNUSED_RUNTIME_HOOKS


def keep_binary(destination: str) -> bool:
    """Say whether a collected library or plugin (its path inside the bundle) is kept."""
    parts = destination.replace("\\", "/").split("/")
    if _UNUSED_QT_LIBRARY.match(parts[-1]) or any(
        _UNUSED_QT_FRAMEWORK.match(part) for part in parts
    ):
        return False
    if "plugins" not in parts[:-2]:
        return True
    folder = parts[parts.index("plugins") + 1]
    stem = parts[-1].split(".", 1)[0].removeprefix("lib")
    return folder not in _UNUSED_PLUGIN_FOLDERS and (folder, stem) not in _UNUSED_PLUGINS


def keep_data(destination: str) -> bool:
    """Say whether a collected data file (its path inside the bundle) is kept.

    The app ships no translations, so Qt's own are left out too; so are the resources of Qt
    frameworks left out by :func:`keep_binary`.
    """
    parts = destination.replace("\\", "/").split("/")
    if any(_UNUSED_QT_FRAMEWORK.match(part) for part in parts):
        return False
    return not ("translations" in parts and parts[-1].endswith(".qm"))


def is_system_library(source: str) -> bool:
    """Say whether a library PyInstaller picked up comes from the Linux system's own folders.

    The .deb leaves those out and depends on the distribution's packages instead: a bundled copy
    of, say, glib or fontconfig clashes with the newer copies other system libraries load.
    The Python library stays bundled whatever its origin.
    """
    path = PurePosixPath(source)
    if path.name.startswith("libpython"):
        return False
    return any(path.is_relative_to(folder) for folder in _SYSTEM_LIBRARY_DIRS)


def is_wheel_vendored_library(destination: str) -> bool:
    """Say whether a collected library is one a wheel vendors in its ``<package>.libs`` folder.

    Those (numpy's OpenBLAS and gfortran) were rewritten by auditwheel's patchelf, and ``strip``
    corrupts them: the stripped OpenBLAS no longer loads ("ELF load command address/offset not
    page-aligned"), so they must be copied untouched.
    """
    parts = destination.replace("\\", "/").split("/")
    return len(parts) > 1 and parts[-2].endswith(".libs")
