"""Moving the focus between the window's panes by keys (F6 and Shift+F6, the desktops' keys for
it): the combatant table, the timeline, the Dice dock and the event log, in that order and
round again, skipping a pane that is hidden (a closed dock) or has nothing to take the focus."""

from collections.abc import Sequence

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QWidget


def _takes_tab(widget: QWidget) -> bool:
    return (
        widget.isVisible()
        and widget.isEnabled()
        and bool(widget.focusPolicy() & Qt.FocusPolicy.TabFocus)
        and widget.focusProxy() is None
    )


def focus_target(pane: QWidget) -> QWidget | None:
    """The widget of ``pane`` the focus goes to: the pane itself if it takes the focus by Tab,
    else the first of its widgets that does, its children in order, depth first (the Tab
    order, as the window sets no other; ``None``: none does)."""
    if not pane.isVisible():
        return None
    if _takes_tab(pane):
        return pane
    # Not by walking nextInFocusChain(): PySide records the widget it returns as owned by the
    # one it was asked of, so deleting a panel's old rows would take unrelated widgets' Python
    # side (the status bar's, say) with them.
    return next((widget for widget in pane.findChildren(QWidget) if _takes_tab(widget)), None)


class PaneCycle(QObject):
    """Moves the focus to the next (``next_action``) or previous pane (``previous_action``)
    of ``panes``, given in cycle order."""

    def __init__(
        self,
        panes: Sequence[QWidget],
        next_action: QAction,
        previous_action: QAction,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._panes = tuple(panes)
        next_action.triggered.connect(lambda: self.move(1))
        previous_action.triggered.connect(lambda: self.move(-1))

    def pane_with_focus(self) -> int | None:
        """The index of the pane holding the focus (``None``: none does)."""
        focused = QApplication.focusWidget()
        if focused is None:
            return None
        return next(
            (
                index
                for index, pane in enumerate(self._panes)
                if pane is focused or pane.isAncestorOf(focused)
            ),
            None,
        )

    def move(self, step: int) -> QWidget | None:
        """Give the focus to the pane ``step`` panes on (1: the next, -1: the previous) from the
        one holding it (from before the first when none does); the widget given it, if any."""
        here = self.pane_with_focus()
        count = len(self._panes)
        start = (-1 if step > 0 else count) if here is None else here
        for offset in range(1, count + 1):
            target = focus_target(self._panes[(start + step * offset) % count])
            if target is not None:
                if not target.isActiveWindow():  # a floating dock
                    target.activateWindow()
                target.setFocus(Qt.FocusReason.ShortcutFocusReason)
                return target
        return None
