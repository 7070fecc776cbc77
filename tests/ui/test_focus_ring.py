"""The focused widget always shows a 2 px ring in the theme's focus colour, however the focus
got there (the app's own setFocus included), on fields, drop-downs, check boxes, buttons and
tool buttons; unfocused edges are the theme's edge colour, and a default button does not look
focused."""

import pytest
from fight_window import shown_window
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QLineEdit,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from uwr_desktop.core.resource_files import resource_path
from uwr_desktop.ui.theme import theme_colors


@pytest.fixture
def form(qtbot, scheme) -> QWidget:
    holder = QWidget()
    holder.setObjectName("focusForm")
    layout = QVBoxLayout(holder)
    combo = QComboBox(objectName="combo")
    combo.addItems(["Bandit 1", "Vex"])
    spin = QDoubleSpinBox(objectName="spin")
    edit = QLineEdit("Vex", objectName="edit")
    check = QCheckBox("Hidden", objectName="check")
    button = QPushButton("Attack", objectName="button")
    default = QPushButton("OK", objectName="default")
    default.setDefault(True)
    delete = QToolButton(objectName="delete")
    delete.setText("✕")
    for widget in (combo, spin, edit, check, button, default, delete):
        layout.addWidget(widget)
    qtbot.addWidget(holder)
    holder.show()
    qtbot.waitExposed(holder)
    holder.activateWindow()
    qtbot.waitUntil(holder.isActiveWindow)
    return holder


def _near(color: QColor, wanted: QColor, tolerance: int = 40) -> bool:
    return all(
        abs(a - b) <= tolerance
        for a, b in (
            (color.red(), wanted.red()),
            (color.green(), wanted.green()),
            (color.blue(), wanted.blue()),
        )
    )


def _left_edge(image: QImage, inset: int) -> list[QColor]:
    """The pixels ``inset`` in from the left edge, down the middle half of the widget."""
    height = image.height()
    return [QColor(image.pixel(inset, y)) for y in range(height // 4, 3 * height // 4)]


def _ringed(widget: QWidget, color: QColor) -> bool:
    image = widget.grab().toImage()
    return all(_near(pixel, color) for inset in (0, 1) for pixel in _left_edge(image, inset))


@pytest.mark.parametrize("name", ["combo", "spin", "edit", "button", "default", "delete"])
def test_a_widget_given_the_focus_by_the_app_shows_a_2px_ring(qtbot, form, scheme, name):
    widget = form.findChild(QWidget, name)
    colors = theme_colors(scheme)
    focus, edge = QColor(colors.focus), QColor(colors.edge)
    elsewhere = form.findChild(QCheckBox, "check")
    elsewhere.setFocus()
    qtbot.waitUntil(elsewhere.hasFocus)
    assert not _ringed(widget, focus), "no ring before it has the focus"
    widget.setFocus(Qt.FocusReason.OtherFocusReason)
    qtbot.waitUntil(widget.hasFocus)
    assert _ringed(widget, focus), f"{name}: no 2 px ring when the app gives it the focus"
    elsewhere.setFocus()
    qtbot.waitUntil(elsewhere.hasFocus)
    if name != "delete":  # a flat tool button has no edge until pointed at
        image = widget.grab().toImage()
        assert all(_near(pixel, edge, 24) for pixel in _left_edge(image, 0)), "its edge"


def test_a_check_box_rings_its_label(qtbot, form, scheme):
    check = form.findChild(QCheckBox, "check")
    focus = QColor(theme_colors(scheme).focus)

    def ring_pixels() -> int:
        image = check.grab().toImage()
        return sum(
            _near(QColor(image.pixel(x, y)), focus, 24)
            for x in range(image.width())
            for y in range(image.height())
        )

    before = ring_pixels()
    check.setFocus(Qt.FocusReason.OtherFocusReason)
    qtbot.waitUntil(check.hasFocus)
    assert ring_pixels() > before + 2 * check.fontMetrics().horizontalAdvance("Hidden")


def test_the_default_button_does_not_look_focused(qtbot, form, scheme):
    default = form.findChild(QPushButton, "default")
    form.findChild(QLineEdit, "edit").setFocus()
    assert default.isDefault() and not default.hasFocus()
    assert not _ringed(default, QColor(theme_colors(scheme).focus))
    image = default.grab().toImage()
    middle = QColor(image.pixel(QPoint(image.width() // 2, 3)))
    assert middle != QColor(theme_colors(scheme).focus)


def test_in_the_window_a_drop_down_the_panel_focuses_after_a_click_shows_its_ring(
    qtbot, tmp_path, scheme
):
    windows = shown_window(qtbot, tmp_path, seed=3)
    window = next(windows)
    window.document.open_copy(resource_path("samples", "sample-fight.uwr"), "Sample fight")
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.mouseClick(window.table.viewport(), Qt.MouseButton.LeftButton)
    target = window.dice_panel.widget.findChild(QComboBox, "target")
    target.setFocus(Qt.FocusReason.OtherFocusReason)
    qtbot.waitUntil(target.hasFocus)
    assert _ringed(target, QColor(theme_colors(scheme).focus))
    next(windows, None)
