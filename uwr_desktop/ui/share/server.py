"""The read-only web server that shows the players' page on their own phones and tablets.

Python's own threading HTTP server, run in a thread of its own: one thread per connection, a
page of three files and a stream of pictures as Server-Sent Events. The GM's window hands each
new picture over with :meth:`ShareServer.publish` (bytes, under a lock); every stream wakes and
sends the latest one, so a slow phone skips pictures rather than holding the GM up.

Every address starts with the access key (``/<key>/``); anything else is refused. Only ``GET``
is answered (``405`` for any request that would write), no request may carry a body, a request
line and its headers are bounded, so are the connections open at once and each address's rate
of requests. :meth:`ShareServer.stop` closes every connection; :meth:`ShareServer.new_key`
closes every stream, so every device must scan the new address.
"""

import contextlib
import hmac
import secrets
import socket
import threading
import time
from collections.abc import Callable
from http.server import ThreadingHTTPServer
from typing import Any

import msgspec

from uwr_desktop.ui.share.assets import PageAssets
from uwr_desktop.ui.share.handler import ShareHandler, refuse_raw

LOOK_SECONDS = 0.5
"""How often a stream with no news looks whether its device has gone."""
KEY_BYTES = 18
"""Random bytes of an access key (24 characters in the address)."""


class ShareLimits(msgspec.Struct, frozen=True):
    """The bounds the server holds every client to."""

    connections: int = 64
    """Connections open at once (each device holds one for its stream)."""
    request_bytes: int = 8192
    """A request line and its headers together."""
    burst: int = 40
    """Requests an address may make at once..."""
    per_second: float = 10.0
    """...and how fast that allowance comes back."""
    heartbeat_seconds: float = 10.0
    """A stream with no news says it is alive this often (a device can tell it lost the GM)."""
    timeout_seconds: float = 10.0
    """How long a client may take to send its request or read what it is sent."""


class _Rates:
    """A bucket of requests per address, refilled at a steady pace."""

    def __init__(self, limits: ShareLimits) -> None:
        self._limits = limits
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def allow(self, address: str) -> bool:
        now = time.monotonic()
        with self._lock:
            tokens, then = self._buckets.get(address, (float(self._limits.burst), now))
            tokens = min(self._limits.burst, tokens + (now - then) * self._limits.per_second)
            allowed = tokens >= 1
            self._buckets[address] = (tokens - 1 if allowed else tokens, now)
            return allowed


class _Pictures:
    """The latest picture and the streams waiting for the next one."""

    def __init__(self) -> None:
        self.changed = threading.Condition()
        self.version = 0
        self.data = b"{}"
        self.generation = 0
        """Moves on when the key changes or the server stops: every stream then ends."""


class ShareServer:
    """Serves ``assets`` and the pictures published to every device that has the key.

    Nothing is served until :meth:`start`; the key is made at construction and kept across a
    stop and a start (the players' devices reconnect), and replaced by :meth:`new_key`.
    """

    def __init__(self, assets: PageAssets, limits: ShareLimits | None = None) -> None:
        """Prepare a server; :meth:`start` opens it."""
        self.assets = assets
        self.limits = limits or ShareLimits()
        self.key = secrets.token_urlsafe(KEY_BYTES)
        self._pictures = _Pictures()
        self._rates = _Rates(self.limits)
        self._http: HttpServer | None = None
        self._thread: threading.Thread | None = None

    # ---- the GM's side ------------------------------------------------------------------------

    def start(self, host: str, port: int = 0) -> tuple[str, int]:
        """Listen on ``host`` at ``port`` (``0``: any free port); the address and port taken.
        Raises ``OSError`` when the address cannot be used (the port is taken)."""
        self.stop()
        http = HttpServer((host, port), ShareHandler, self)
        self._http = http
        self._thread = threading.Thread(
            target=http.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True
        )
        self._thread.start()
        address, taken = http.server_address[:2]
        return str(address), int(taken)

    @property
    def running(self) -> bool:
        """Whether the server is listening."""
        return self._http is not None

    def stop(self) -> None:
        """Stop listening and close every connection."""
        http, self._http = self._http, None
        if http is None:
            return
        http.shutdown()
        http.server_close()
        self._end_streams()
        http.close_all()
        if self._thread is not None:
            self._thread.join()
            self._thread = None

    def new_key(self) -> str:
        """Make a new access key; every device connected is cut off."""
        self.key = secrets.token_urlsafe(KEY_BYTES)
        self._end_streams()
        if self._http is not None:
            self._http.close_all()
        return self.key

    def publish(self, data: bytes) -> None:
        """Hand the players' new picture (JSON) to every stream (any thread)."""
        pictures = self._pictures
        with pictures.changed:
            pictures.data = data
            pictures.version += 1
            pictures.changed.notify_all()

    def version(self) -> int:
        """How many pictures were published (each event's id)."""
        pictures = self._pictures
        with pictures.changed:
            return pictures.version

    def latest(self) -> bytes:
        """The picture published last (JSON)."""
        pictures = self._pictures
        with pictures.changed:
            return pictures.data

    def connections(self) -> int:
        """Connections open now (a device watching holds one)."""
        http = self._http
        return 0 if http is None else http.open_count()

    def _end_streams(self) -> None:
        pictures = self._pictures
        with pictures.changed:
            pictures.generation += 1
            pictures.changed.notify_all()

    # ---- the handlers' side -------------------------------------------------------------------

    def key_matches(self, given: str) -> bool:
        """Whether ``given`` is the access key (compared in constant time)."""
        return hmac.compare_digest(given.encode(), self.key.encode())

    def allow(self, address: str) -> bool:
        """Whether ``address`` may make another request now."""
        return self._rates.allow(address)

    def stream(self, send: Callable[[bytes], None], gone: Callable[[], bool]) -> None:
        """Send every picture as an event with ``send`` (the latest at once) until the server
        stops, the key changes or the device is ``gone``; an ``alive`` event when there is no
        news for a while."""
        pictures = self._pictures
        with pictures.changed:
            generation, seen = pictures.generation, -1

        def news_or_end() -> bool:
            return pictures.version != seen or pictures.generation != generation

        quiet_since = time.monotonic()
        while True:
            with pictures.changed:
                pictures.changed.wait_for(news_or_end, timeout=LOOK_SECONDS)
                if pictures.generation != generation:
                    return
                news = pictures.version != seen
                seen, data = pictures.version, pictures.data
            if news:
                send(b"id: %d\ndata: %s\n\n" % (seen, data))
            elif gone():
                return
            elif time.monotonic() - quiet_since >= self.limits.heartbeat_seconds:
                send(b"event: alive\ndata: 1\n\n")
            else:
                continue
            quiet_since = time.monotonic()


class HttpServer(ThreadingHTTPServer):
    """The listening socket: it refuses connections past the limit and can close them all."""

    daemon_threads = True
    block_on_close = False
    allow_reuse_address = True

    def __init__(self, address: tuple[str, int], handler: type, share: ShareServer) -> None:
        self.share = share
        self._open: set[socket.socket] = set()
        self._open_lock = threading.Lock()
        super().__init__(address, handler)

    def process_request(self, request: Any, client_address: Any) -> None:
        with self._open_lock:
            full = len(self._open) >= self.share.limits.connections
            if not full:
                self._open.add(request)
        if full:
            refuse_raw(request, 503, "Too many devices are watching; try again later.")
            self.shutdown_request(request)
            return
        super().process_request(request, client_address)

    def shutdown_request(self, request: Any) -> None:
        with self._open_lock:
            self._open.discard(request)
        super().shutdown_request(request)

    def open_count(self) -> int:
        with self._open_lock:
            return len(self._open)

    def close_all(self) -> None:
        """Cut every open connection (its thread ends on its next read or write)."""
        with self._open_lock:
            sockets = list(self._open)
        for connection in sockets:
            with contextlib.suppress(OSError):  # already closed by its client
                connection.shutdown(socket.SHUT_RDWR)
