"""View ▸ Share With Players…: the action, the status bar's word while sharing, and the end of
sharing when the window closes. The server and the dialog load when the dialog first opens;
until then sharing costs the app nothing."""

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLabel

from uwr_desktop.ui.command_context import CommandContext
from uwr_desktop.ui.player_view.control import PlayerViewControl
from uwr_desktop.ui.widgets.build import named

if TYPE_CHECKING:
    from uwr_desktop.ui.share.dialog import ShareDialog
    from uwr_desktop.ui.share.sharing import Sharing


class ShareControl(QObject):
    """Opens the sharing dialog of the open fight and keeps sharing going while the window
    lives; ``player_view`` holds the GM's choices of what the players see."""

    def __init__(self, context: CommandContext, player_view: PlayerViewControl) -> None:
        """Create the action; nothing is served until the GM starts sharing."""
        super().__init__(context.window)
        self._context = context
        self._player_view = player_view
        window = context.window
        self.sharing: Sharing | None = None
        self.dialog: ShareDialog | None = None
        self.action = QAction("Share With Pla&yers…", window)
        self.action.setObjectName("action_share")
        tip = "Show the player view on the players' phones and tablets over this network"
        self.action.setStatusTip(tip)
        self.action.setToolTip(tip)
        self.action.triggered.connect(self.open_dialog)
        self.badge = named(
            QLabel("Shared with players", window),
            "statusSharing",
            tip="The player view is served to the players' devices",
        )
        self.badge.setVisible(False)

    def open_dialog(self) -> "ShareDialog":
        """Show the dialog (made when first asked for)."""
        if self.dialog is None:
            from uwr_desktop.ui.share.dialog import ShareDialog  # loaded when first opened
            from uwr_desktop.ui.share.sharing import Sharing

            self.sharing = Sharing(self._context.document, self._player_view, self)
            self.dialog = ShareDialog(self.sharing, self._context.settings, self._context.window)
            self.dialog.finished.connect(self._show_badge)
            self.dialog.start_button.clicked.connect(self._show_badge)
        self.dialog.show()
        self.dialog.raise_()
        self.dialog.activateWindow()
        return self.dialog

    def _show_badge(self) -> None:
        self.badge.setVisible(self.sharing is not None and self.sharing.running)

    def stop(self) -> None:
        """Stop sharing (the window closes): every connection is closed."""
        if self.sharing is not None:
            self.sharing.stop()
        self._show_badge()
