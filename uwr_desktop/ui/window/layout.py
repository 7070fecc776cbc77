"""Where the window and its docks go: the first start's sizes on any screen, and the layout,
motion and dice speed kept in the settings for the next start."""

from PySide6.QtCore import QByteArray, QRect, QSize, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget

from uwr_desktop.ui.command_context import CommandContext
from uwr_desktop.ui.widgets.screen_room import screen_room
from uwr_desktop.ui.window.dice_dock import DiceDock

FIRST_START_SIZE = QSize(1400, 900)
"""The window's size on first start, on a screen with room for it."""
SCREEN_SHARE = 0.9
"""At most this share of the screen's free area is taken on first start."""
DICE_DOCK_SHARE = 0.33
DICE_DOCK_MAX_SHARE = 0.55
LOG_DOCK_SHARE = 0.13
DICE_PANEL_CHARS = 70
"""The width the widest round system's Dice dock panel needs, in average characters of the
application's font (a test holds every system's panel to it). A first start gives the dock that
width before the panel is built, so the panel, built after the first frame, does not widen it."""


def fills_the_screen(available: QRect) -> bool:
    """Whether a first start takes the whole screen: one smaller than ``FIRST_START_SIZE`` (a
    laptop), where a window with margins around it would only waste rows of the table."""
    return available.width() < FIRST_START_SIZE.width() or (
        available.height() < FIRST_START_SIZE.height()
    )


def first_start_geometry(available: QRect) -> QRect:
    """Where the window goes on first start: ``FIRST_START_SIZE`` or less, centred.

    ``available`` is the screen's free area (without task bars); a small laptop screen gets a
    window that fits in it rather than one that runs off its edges (shown maximized there, see
    :func:`fills_the_screen`, the size it comes back to).
    """
    size = FIRST_START_SIZE.boundedTo(
        QSize(int(available.width() * SCREEN_SHARE), int(available.height() * SCREEN_SHARE))
    )
    placed = QRect(available.topLeft(), size)
    placed.moveCenter(available.center())
    return placed


def first_dice_dock_width(window_width: int, tray_width: int) -> int:
    """The dice dock's width on first start: a third of the window, or the tray's own width
    (``tray_width``) when that is more, so that nothing in it scrolls sideways; never more than
    ``DICE_DOCK_MAX_SHARE`` of the window, which keeps room for the table.
    """
    wanted = max(int(window_width * DICE_DOCK_SHARE), tray_width)
    return min(wanted, int(window_width * DICE_DOCK_MAX_SHARE))


class WindowLayout:
    """Restores and keeps the window's geometry, dock layout, Reduce Motion and dice speed."""

    def __init__(
        self,
        context: CommandContext,
        dice_dock: DiceDock,
        log_dock: QDockWidget,
        reduce_motion: QAction,
    ) -> None:
        self._context = context
        self._dice_dock = dice_dock
        self._log_dock = log_dock
        self._reduce_motion = reduce_motion

    def restore(self) -> None:
        """Put the window and docks where they were, or where they fit on a first start."""
        window, settings = self._context.window, self._context.settings
        geometry = settings.value("window/geometry")
        state = settings.value("window/state")
        if isinstance(geometry, QByteArray) and not geometry.isEmpty():
            window.restoreGeometry(geometry)
        else:
            self.place_first(screen_room(window))
        if isinstance(state, QByteArray) and not state.isEmpty():
            window.restoreState(state)
        reduce_motion = settings.value("reduce_motion", False, type=bool)
        self._reduce_motion.setChecked(bool(reduce_motion))
        speed = settings.value("animation_speed", 1.0, type=float)
        if isinstance(speed, float):
            self._dice_dock.set_animation_speed(speed)

    def place_first(self, available: QRect) -> None:
        """A first start on a screen whose free area is ``available``: the window's size and
        place (maximized on a laptop), the docks' shares of it."""
        window = self._context.window
        placed = first_start_geometry(available)
        window.setGeometry(placed)
        full = fills_the_screen(available)
        if full:
            window.setWindowState(window.windowState() | Qt.WindowState.WindowMaximized)
        room = available if full else placed
        dock = self._dice_dock
        if dock.waiting:
            needed = DICE_PANEL_CHARS * window.fontMetrics().averageCharWidth()
            # A font wider than the estimate's (it is checked on this platform's) still fits.
            dock.panelInstalled.connect(
                lambda: self._widen_dice_dock(room.width()), Qt.ConnectionType.SingleShotConnection
            )
        else:
            needed = dock.panel_width()
        window.resizeDocks(
            [dock], [first_dice_dock_width(room.width(), needed)], Qt.Orientation.Horizontal
        )
        window.resizeDocks(
            [self._log_dock], [int(room.height() * LOG_DOCK_SHARE)], Qt.Orientation.Vertical
        )

    def _widen_dice_dock(self, room_width: int) -> None:
        needed = first_dice_dock_width(room_width, self._dice_dock.panel_width())
        if needed > self._dice_dock.width():
            self._context.window.resizeDocks([self._dice_dock], [needed], Qt.Orientation.Horizontal)

    def save(self) -> None:
        """Remember geometry, docks and settings for the next start."""
        window, settings = self._context.window, self._context.settings
        settings.setValue("window/geometry", window.saveGeometry())
        settings.setValue("window/state", window.saveState())
        settings.setValue("reduce_motion", self._reduce_motion.isChecked())
        settings.setValue("animation_speed", self._dice_dock.animation_speed())
        settings.sync()
