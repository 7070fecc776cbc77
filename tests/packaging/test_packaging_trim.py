"""What the freeze leaves out: unused Qt parts go, what the app loads stays, and docstrings go
(the app starts and draws its chart without them: ``test_app_window.py`` and
``test_packaging_frozen_check.py`` run both under ``-OO``)."""

from pathlib import Path

import pytest
from project import PACKAGING_DIR
from trim import (
    is_system_library,
    is_wheel_vendored_library,
    keep_binary,
    keep_data,
    keep_runtime_hook,
)

import uwr_desktop


@pytest.mark.parametrize(
    "destination",
    [
        "PySide6/Qt/lib/libQt6Core.so.6",
        "PySide6/Qt/lib/libQt6Widgets.so.6",
        "PySide6/Qt/lib/libQt6Svg.so.6",
        "PySide6/Qt/plugins/platforms/libqxcb.so",
        "PySide6/Qt/plugins/platforms/libqwayland.so",
        "PySide6/Qt/plugins/platforms/libqoffscreen.so",
        "PySide6/Qt/plugins/imageformats/libqsvg.so",
        "PySide6/Qt/plugins/iconengines/libqsvgicon.so",
        "PySide6/Qt/plugins/wayland-shell-integration/libxdg-shell.so",
        "PySide6/Qt/plugins/xcbglintegrations/libqxcb-glx-integration.so",
        "PySide6\\Qt6Gui.dll",
        "PySide6\\plugins\\platforms\\qwindows.dll",
        "PySide6\\plugins\\styles\\qmodernwindowsstyle.dll",
        "PySide6/Qt/lib/QtWidgets.framework/Versions/A/QtWidgets",
        "PySide6/Qt/plugins/platforms/libqcocoa.dylib",
        "PySide6/QtSvg.abi3.so",
        "numpy/_core/_multiarray_umath.cpython-311-x86_64-linux-gnu.so",
    ],
)
def test_what_the_app_needs_is_kept(destination):
    assert keep_binary(destination)


@pytest.mark.parametrize(
    "destination",
    [
        "PySide6/Qt/lib/libQt6Qml.so.6",
        "PySide6/Qt/lib/libQt6Quick.so.6",
        "PySide6/Qt/lib/libQt6Pdf.so.6",
        "PySide6/Qt/lib/libQt6WlShellIntegration.so.6",
        "PySide6/Qt/plugins/platforms/libqvnc.so",
        "PySide6/Qt/plugins/platforms/libqeglfs.so",
        "PySide6/Qt/plugins/platformthemes/libqgtk3.so",
        "PySide6/Qt/plugins/imageformats/libqpdf.so",
        "PySide6/Qt/plugins/sqldrivers/libqsqlite.so",
        "PySide6/Qt/plugins/tls/libqopensslbackend.so",
        "PySide6/Qt/plugins/wayland-shell-integration/libwl-shell-plugin.so",
        "PySide6\\Qt6Quick.dll",
        "PySide6\\plugins\\imageformats\\qpdf.dll",
        "PySide6/Qt/lib/QtQml.framework/Versions/A/QtQml",
    ],
)
def test_unused_qt_parts_are_left_out(destination):
    assert not keep_binary(destination)


def test_qt_translations_are_left_out_but_app_resources_stay():
    assert not keep_data("PySide6/Qt/translations/qtbase_de.qm")
    assert not keep_data("PySide6\\translations\\qt_fr.qm")
    assert not keep_data("PySide6/Qt/lib/QtQuick.framework/Resources/Info.plist")
    assert keep_data("uwr_desktop/resources/rules/upr_types.json")
    assert keep_data("uwr_desktop/resources/icons/uwr-desktop.svg")
    assert keep_data("uwr_desktop-0.1.0.dist-info/METADATA")


def test_system_libraries_are_told_apart_from_bundled_ones():
    assert is_system_library("/usr/lib/x86_64-linux-gnu/libfontconfig.so.1")
    assert is_system_library("/lib/x86_64-linux-gnu/libglib-2.0.so.0")
    assert not is_system_library("/usr/lib/x86_64-linux-gnu/libpython3.11.so.1.0")
    assert not is_system_library("/work/.venv/lib/python3.11/site-packages/PySide6/Qt/lib/x.so")
    assert not is_system_library("/usr/library/elsewhere/libz.so.1")


@pytest.mark.parametrize(
    ("destination", "vendored"),
    [
        ("numpy.libs/libscipy_openblas64_-32a4b2a6.so", True),
        ("numpy.libs/libgfortran-040039e1-0352e75f.so.5.0.0", True),
        ("numpy.libs\\libscipy_openblas64_-32a4b2a6.dll", True),
        ("libscipy_openblas64_-32a4b2a6.so", False),
        ("PySide6/Qt/lib/libQt6Core.so.6", False),
        ("numpy/_core/_multiarray_umath.cpython-311-x86_64-linux-gnu.so", False),
    ],
)
def test_wheel_vendored_libraries_are_told_apart(destination, vendored):
    assert is_wheel_vendored_library(destination) is vendored


def test_networking_is_left_out_and_the_charts_opengl_kept():
    assert not keep_binary("PySide6/Qt/lib/libQt6Network.so.6")
    assert not keep_binary("PySide6\\Qt6Network.dll")
    assert not keep_binary("PySide6/Qt/lib/QtNetwork.framework/Versions/A/QtNetwork")
    assert keep_binary("PySide6/Qt/lib/libQt6OpenGL.so.6")
    assert keep_binary("PySide6/Qt/lib/libQt6OpenGLWidgets.so.6")
    assert keep_binary("PySide6/QtOpenGL.abi3.so")


def test_the_spec_names_qtopengl_and_leaves_out_qtnetwork():
    spec = (PACKAGING_DIR / "uwr-desktop.spec").read_text(encoding="utf-8")
    hidden = spec[spec.index("hidden_imports = [") : spec.index("]", spec.index("hidden_imports"))]
    excluded = spec[spec.index("excluded_modules = [") :]
    assert '"PySide6.QtOpenGL"' in hidden
    assert '"PySide6.QtOpenGLWidgets"' in hidden
    assert '"PySide6.QtNetwork"' in excluded[: excluded.index("]")]


def test_the_app_s_own_code_reads_no_docstring_the_frozen_app_leaves_out():
    spec = (PACKAGING_DIR / "uwr-desktop.spec").read_text(encoding="utf-8")
    assert "optimize=2," in spec
    package = Path(uwr_desktop.__file__).parent
    readers = [
        str(path.relative_to(package))
        for path in sorted(package.rglob("*.py"))
        if "__doc__" in (text := path.read_text(encoding="utf-8")) or "getdoc(" in text
    ]
    assert readers == []


@pytest.mark.parametrize("hook", ["pyi_rth_pyside6", "pyi_rth_inspect", "pyi_rth_pkgutil"])
def test_the_runtime_hooks_the_app_relies_on_run(hook):
    assert keep_runtime_hook(hook)


@pytest.mark.parametrize("hook", ["pyi_rth_multiprocessing", "pyi_rth_pyqtgraph_multiprocess"])
def test_the_hooks_for_child_processes_the_app_never_starts_are_left_out(hook):
    assert not keep_runtime_hook(hook)
