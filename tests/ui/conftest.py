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
def with_duel() -> Iterator[None]:
    """The tests' ``duel`` round system joins the registries for one test only."""
    from every_system import duel_installed

    yield from duel_installed()
