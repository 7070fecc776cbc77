"""The theme's widget style: Fusion, with edges and a focus ring anyone can see.

Fusion draws the edges of fields and buttons a shade darker than the window (2:1 in the light
scheme, 1.1:1 in the dark one) and its focus mark, 1 px wide, only after the keyboard moved
the focus: when the app moves it itself (after a dialog, a Resolve, a choice in a drop-down)
nothing shows. :class:`ThemeStyle` draws over Fusion's edges in the theme's ``edge`` colour
(3:1 against every background it meets) and, whenever a widget has the focus, however it got
it, a 2 px ring in the theme's ``focus`` colour (white on a selected table row). A default
button keeps Fusion's tinted face under a plain edge, so it never looks focused. It draws only:
every size is Fusion's, so the window's layout is the same with it or without.
"""

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QProxyStyle,
    QStyle,
    QStyleOption,
    QStyleOptionComplex,
    QWidget,
)

from uwr_desktop.ui.theme import (
    FOCUS_WIDTH,
    STYLE_NAME,
    ThemeColors,
    scheme_for_palette,
    theme_colors,
)

_RADIUS = 3.0

_PE = QStyle.PrimitiveElement
_CC = QStyle.ComplexControl
_EDGED = {_PE.PE_FrameLineEdit, _PE.PE_PanelButtonCommand}
"""What Fusion draws with a low-contrast edge that this style draws again."""
_RINGED_AT_EDGE = {_CC.CC_SpinBox, _CC.CC_ComboBox, _CC.CC_ToolButton}


def _colors(option: QStyleOption) -> ThemeColors:
    return theme_colors(scheme_for_palette(option.palette))


def _focused(option: QStyleOption) -> bool:
    return bool(option.state & QStyle.StateFlag.State_HasFocus)


def paint_edge(painter: QPainter, rect: QRectF, color: QColor, *, ring: bool) -> None:
    """A field's or button's edge along the inside of ``rect``: 1 px, or the 2 px focus ring."""
    width = FOCUS_WIDTH if ring else 1.0
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QPen(color, width))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    inset = width / 2
    painter.drawRoundedRect(rect.adjusted(inset, inset, -inset, -inset), _RADIUS, _RADIUS)
    painter.restore()


class ThemeStyle(QProxyStyle):
    """Fusion with the theme's edges and an always drawn focus ring (see the module)."""

    def __init__(self) -> None:
        """Fusion underneath."""
        super().__init__(STYLE_NAME)

    def drawPrimitive(  # noqa: N802 (Qt override)
        self,
        element: QStyle.PrimitiveElement,
        option: QStyleOption,
        painter: QPainter,
        widget: QWidget | None = None,
    ) -> None:
        """Fusion's drawing, with the theme's edges and focus ring."""
        if element == _PE.PE_FrameFocusRect:
            self._paint_focus_rect(option, painter, widget)
            return
        super().drawPrimitive(element, option, painter, widget)
        if element in _EDGED and not isinstance(widget, QComboBox):
            colors = _colors(option)
            focused = _focused(option) and (
                element == _PE.PE_FrameLineEdit or isinstance(widget, QAbstractButton)
            )
            color = QColor(colors.focus if focused else colors.edge)
            paint_edge(painter, QRectF(option.rect), color, ring=focused)
        elif element in (_PE.PE_IndicatorCheckBox, _PE.PE_IndicatorRadioButton):
            self._paint_indicator_edge(element, option, painter)

    def drawComplexControl(  # noqa: N802 (Qt override)
        self,
        control: QStyle.ComplexControl,
        option: QStyleOptionComplex,
        painter: QPainter,
        widget: QWidget | None = None,
    ) -> None:
        """Fusion's spin boxes, drop-downs and tool buttons, with the theme's edge and ring."""
        super().drawComplexControl(control, option, painter, widget)
        if control not in _RINGED_AT_EDGE:
            return
        focused = _focused(option)
        flag = QStyle.StateFlag
        shown = flag.State_MouseOver | flag.State_Sunken | flag.State_On
        flat = control == _CC.CC_ToolButton and bool(option.state & flag.State_AutoRaise)
        if flat and not focused and not option.state & shown:
            return
        colors = _colors(option)
        color = QColor(colors.focus if focused else colors.edge)
        paint_edge(painter, QRectF(option.rect), color, ring=focused)

    def _paint_focus_rect(
        self, option: QStyleOption, painter: QPainter, widget: QWidget | None
    ) -> None:
        """The ring around a focused cell, check box label or radio button; buttons, spin
        boxes and drop-downs have theirs at their edge instead."""
        if isinstance(widget, QAbstractButton | QComboBox) and not _is_check(widget):
            return
        colors = _colors(option)
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        color = colors.highlighted_text if selected else colors.focus
        paint_edge(painter, QRectF(option.rect), QColor(color), ring=True)

    def _paint_indicator_edge(
        self, element: QStyle.PrimitiveElement, option: QStyleOption, painter: QPainter
    ) -> None:
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor(_colors(option).edge), 1.0))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        box = QRectF(option.rect).adjusted(0.5, 0.5, -1.5, -1.5)
        if element == _PE.PE_IndicatorRadioButton:
            painter.drawEllipse(box)
        else:
            painter.drawRoundedRect(box, 1.5, 1.5)
        painter.restore()


def _is_check(widget: QWidget) -> bool:
    """Whether ``widget`` is a check box or radio button (their ring goes around the label)."""
    return widget.inherits("QCheckBox") or widget.inherits("QRadioButton")
