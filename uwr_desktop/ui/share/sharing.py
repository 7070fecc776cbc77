"""Sharing under way: the web server and the players' feed it publishes.

The feed (:class:`~uwr_desktop.ui.player_view.feed.PlayerFeed`) is the player-view window's
own, with the GM's choices of the player view (GM-only rolls, enemy health). After the GM's
window has taken in a change, what the picture is made from (a state of the fight, which never
changes once made, and the roll shown) is handed to a thread of its own, which works out the
picture, turns it into the page's JSON and gives it to the server: the GM's window does not
wait for it. Only the latest is worked out when changes come faster than that.
"""

import threading

from PySide6.QtCore import QObject, QTimer

from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.player_view.control import PlayerViewControl
from uwr_desktop.ui.player_view.feed import PictureInputs, PlayerFeed
from uwr_desktop.ui.player_view.picture import ShownRoll
from uwr_desktop.ui.share.assets import PageAssets
from uwr_desktop.ui.share.page_data import encoded, page_data
from uwr_desktop.ui.share.server import ShareLimits, ShareServer


class _Publisher:
    """The thread that turns the latest picture handed to it into JSON for the server."""

    def __init__(self, server: ShareServer) -> None:
        self._server = server
        self._wake = threading.Condition()
        self._latest: tuple[PictureInputs, ShownRoll | None] | None = None
        self._open = True
        self._thread = threading.Thread(target=self._run, name="share-publisher", daemon=True)
        self._thread.start()

    def hand(self, inputs: PictureInputs, roll: ShownRoll | None) -> None:
        """Publish the picture of ``inputs`` with ``roll`` (replacing one not yet taken)."""
        with self._wake:
            self._latest = (inputs, roll)
            self._wake.notify()

    def close(self) -> None:
        """Finish the picture under way, then end."""
        with self._wake:
            self._open = False
            self._wake.notify()
        self._thread.join()

    def _run(self) -> None:
        while True:
            with self._wake:
                self._wake.wait_for(lambda: self._latest is not None or not self._open)
                if not self._open:
                    return
                latest, self._latest = self._latest, None
            assert latest is not None
            inputs, roll = latest
            line = None if roll is None else roll.line(inputs.state)
            self._server.publish(encoded(page_data(inputs.picture(), roll, line)))


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
        self._publisher: _Publisher | None = None
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
        """Serve the page on ``host`` at ``port`` (``0``: the port used last, so the devices
        find the page again, else a free one); its address. Raises ``OSError`` when the
        address cannot be used."""
        self.stop()
        used_last = self._address[1]
        try:
            self._address = self.server.start(host, port or used_last)
        except OSError:
            if port or not used_last:
                raise
            self._address = self.server.start(host, 0)
        self._publisher = _Publisher(self.server)
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
        publisher, self._publisher = self._publisher, None
        if publisher is not None:
            publisher.close()
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
        """Hand the players' picture as it is now to be worked out and served."""
        feed, publisher = self._feed, self._publisher
        if feed is not None and publisher is not None:
            publisher.hand(feed.inputs(), feed.shown_roll())

    def _on_health(self) -> None:
        if self._feed is not None:
            self._feed.set_enemy_health(self._player_view.enemy_health())
