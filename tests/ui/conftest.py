"""Fixtures for the GUI tests: offscreen Qt and a check that nothing keeps animating."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QAbstractAnimation, QTimer
from PySide6.QtWidgets import QApplication


def _running_leftovers() -> list[str]:
    found: list[str] = []
    for top in QApplication.topLevelWidgets():
        found += [
            f"animation {a.objectName() or type(a).__name__} under {top.objectName()}"
            for a in top.findChildren(QAbstractAnimation)
            if a.parent() is not None and a.state() == QAbstractAnimation.State.Running
        ]
        found += [
            f"timer {t.objectName() or '?'} under {top.objectName()}"
            for t in top.findChildren(QTimer)
            if t.isActive() and not t.isSingleShot()
        ]
    return found


@pytest.fixture(autouse=True)
def no_animation_left_running(qapp: QApplication) -> Iterator[None]:
    """Fail a test that leaves a repeating timer or an animation running on its widgets."""
    yield
    leftovers = _running_leftovers()
    for top in QApplication.topLevelWidgets():
        top.close()
        top.deleteLater()
    qapp.processEvents()
    assert not leftovers, f"left running: {leftovers}"


@pytest.fixture
def with_own_systems() -> Iterator[None]:
    """The tests' own round systems join the registries for one test only."""
    from every_system import own_systems_installed

    yield from own_systems_installed()


@pytest.fixture(scope="module")
def own_systems_in_module() -> Iterator[None]:
    """The tests' own round systems join the registries for one module's tests."""
    from every_system import own_systems_installed

    yield from own_systems_installed()


@pytest.fixture
def themed_app(qapp: QApplication) -> Iterator[QApplication]:
    """The application for a test that applies the theme; its own look is given back after."""
    from PySide6.QtGui import QFont, QPalette

    from uwr_desktop.ui.theme import ThemeController

    palette, font, style = QPalette(qapp.palette()), QFont(qapp.font()), qapp.style().name()
    yield qapp
    controller = qapp.findChild(ThemeController, "themeController")
    if controller is not None:
        controller.setParent(None)
        controller.deleteLater()
    qapp.setStyle(style)
    qapp.setPalette(palette)
    qapp.setFont(font)


@pytest.fixture(params=["light", "dark"])
def scheme(request: pytest.FixtureRequest, themed_app: QApplication) -> Iterator[object]:
    """Each of the theme's schemes applied in turn."""
    from uwr_desktop.ui.theme import Scheme, apply_theme

    chosen = Scheme(request.param)
    apply_theme(themed_app, chosen)
    yield chosen
