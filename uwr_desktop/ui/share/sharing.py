"""Sharing under way: the web server and the players' feed it publishes.

The feed (:class:`~uwr_desktop.ui.player_view.feed.PlayerFeed`) is the player-view window's
own, with the GM's choices of the player view (GM-only rolls, enemy health); each change of the
fight is turned into the page's JSON once, after the GM's window has taken it in, and handed to
the server's thread.
"""

from PySide6.QtCore import QObject, QTimer

from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.player_view.control import PlayerViewControl
from uwr_desktop.ui.player_view.feed import PlayerFeed
from uwr_desktop.ui.share.assets import PageAssets
from uwr_desktop.ui.share.page_data import encoded, page_data
from uwr_desktop.ui.share.server import ShareLimits, ShareServer


class Sharing(QObject):
    """Serves the players' page of ``document`` while started; ``player_view`` holds the
    GM's choices of what the players see."""

    def __init__(
        self,
        document: EncounterDocument,
        player_view: PlayerViewControl,
        parent: QObject | None = None,
        *,
        limits: ShareLimits | None = None,
    ) -> None:
        """Prepare the server and its access key; nothing is served until :meth:`start`."""
        super().__init__(parent)
        self.server = ShareServer(PageAssets(), limits)
        self._document = document
        self._player_view = player_view
        self._feed: PlayerFeed | None = None
        self._address = ("", 0)
        self._publish_soon = QTimer(self)
        self._publish_soon.setSingleShot(True)
        self._publish_soon.setInterval(0)
        self._publish_soon.timeout.connect(self.publish)
        player_view.band_action.toggled.connect(self._on_health)

    @property
    def running(self) -> bool:
        """Whether the page is served."""
        return self.server.running

    def start(self, host: str, port: int = 0) -> str:
        """Serve the page on ``host`` at ``port`` (``0``: a free one); its address. Raises
        ``OSError`` when the address cannot be used."""
        self.stop()
        self._address = self.server.start(host, port)
        feed = self._feed = PlayerFeed(self._document, self, is_secret=self._player_view.is_secret)
        feed.set_enemy_health(self._player_view.enemy_health())
        feed.pictureChanged.connect(self._publish_soon.start)
        feed.rollChanged.connect(self._publish_soon.start)
        self.publish()
        return self.url()

    def stop(self) -> None:
        """Stop serving and close every connection."""
        self.server.stop()
        self._publish_soon.stop()
        feed, self._feed = self._feed, None
        if feed is not None:
            feed.deleteLater()
            feed.pictureChanged.disconnect(self._publish_soon.start)
            feed.rollChanged.disconnect(self._publish_soon.start)

    def new_key(self) -> str:
        """Make a new access key (every device is cut off); the new address."""
        self.server.new_key()
        return self.url()

    def url(self) -> str:
        """The page's address with its key (``""`` while stopped)."""
        if not self.running:
            return ""
        host, port = self._address
        return f"http://{host}:{port}/{self.server.key}/"

    def port(self) -> int:
        """The port served on (``0`` while stopped)."""
        return self._address[1] if self.running else 0

    def publish(self) -> None:
        """Hand the players' picture as it is now to the server."""
        feed = self._feed
        if feed is not None:
            data = page_data(feed.picture(), feed.shown_roll(), feed.roll_line())
            self.server.publish(encoded(data))

    def _on_health(self) -> None:
        if self._feed is not None:
            self._feed.set_enemy_health(self._player_view.enemy_health())
