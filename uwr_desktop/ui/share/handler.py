"""One request to the players' page: the page, one of its files, the stream of pictures or
the picture now, for whoever has the key; a refusal with a plain reason for anything else.

A request is read through :class:`BoundedReader`, so its line and headers together cannot
pass the server's limit, and no request may carry a body.
"""

import select
import socket
from http.server import BaseHTTPRequestHandler
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from uwr_desktop.ui.share.server import HttpServer


class RequestTooLargeError(Exception):
    """A request's line and headers are longer than the limit."""


class BoundedReader:
    """The connection's reader, refusing to read past ``limit`` bytes of request."""

    def __init__(self, raw: Any, limit: int) -> None:
        self._raw = raw
        self._left = limit

    def readline(self, size: int = -1) -> bytes:
        wanted = self._left + 1 if size < 0 else min(size, self._left + 1)
        line: bytes = self._raw.readline(wanted)
        self._left -= len(line)
        if self._left < 0:
            raise RequestTooLargeError
        return line

    def read(self, size: int = -1) -> bytes:
        raise RequestTooLargeError  # no request here has a body

    def close(self) -> None:
        self._raw.close()


def refuse_raw(connection: socket.socket, status: int, message: str) -> None:
    """Answer ``status`` on a connection no handler reads."""
    body = message.encode()
    head = (
        f"HTTP/1.0 {status} Refused\r\nContent-Type: text/plain; charset=utf-8\r\n"
        f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
    )
    try:
        connection.settimeout(1)
        connection.sendall(head.encode() + body)
    except OSError:
        pass  # the client went away first


class ShareHandler(BaseHTTPRequestHandler):
    """One request: the page, one of its files, the stream or the current picture."""

    server: "HttpServer"
    server_version = "UWRDesktop"
    sys_version = ""

    def setup(self) -> None:
        self.connection = self.request
        self.connection.settimeout(self.server.share.limits.timeout_seconds)
        super().setup()
        self.rfile = BoundedReader(self.rfile, self.server.share.limits.request_bytes)  # type: ignore[assignment]

    def handle_one_request(self) -> None:
        try:
            super().handle_one_request()
        except RequestTooLargeError:
            self.close_connection = True
            refuse_raw(self.connection, 431, "The request is too large.")
        except (ConnectionError, TimeoutError):
            self.close_connection = True

    def log_message(self, format: str, *args: Any) -> None:
        """Keep quiet: the GM's terminal is no place for the players' requests."""

    def _refuse(self, status: int, message: str, *headers: tuple[str, str]) -> None:
        body = message.encode()
        self.send_response(status)
        for name, value in (*headers, ("Content-Type", "text/plain; charset=utf-8")):
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(body)
        self.close_connection = True

    def _refuse_write(self) -> None:
        if self.server.share.allow(self.client_address[0]):
            self._refuse(405, "This page is read-only.", ("Allow", "GET"))
        else:
            self._refuse(429, "Too many requests; slow down.", ("Retry-After", "1"))

    do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = do_OPTIONS = _refuse_write  # noqa: N815

    def do_GET(self) -> None:
        """Serve what the key opens; refuse anything else."""
        share = self.server.share
        if not share.allow(self.client_address[0]):
            self._refuse(429, "Too many requests; slow down.", ("Retry-After", "1"))
            return
        if self.headers.get("Content-Length", "0") != "0" or "Transfer-Encoding" in self.headers:
            self._refuse(413, "Requests here carry no body.")
            return
        parts = self.path.split("?", 1)[0].split("/")
        if len(parts) < 2 or not share.key_matches(parts[1]):
            self._refuse(403, "This address needs the key shown on the GM's screen.")
            return
        rest = "/".join(parts[2:]) if len(parts) > 2 else None
        if rest is None:
            self._send(301, b"", "text/plain", ("Location", f"/{parts[1]}/"))
        elif rest == "events":
            self._stream()
        elif rest == "picture.json":
            self._send(200, share.latest(), "application/json")
        elif (asset := share.assets.get(rest)) is not None:
            self._send(200, asset.body, asset.content_type)
        else:
            self._refuse(404, "Nothing here.")

    def _send(self, status: int, body: bytes, content_type: str, *headers: tuple[str, str]) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in (*headers, *SAFE_HEADERS):
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def _stream(self) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        for name, value in SAFE_HEADERS:
            self.send_header(name, value)
        self.end_headers()
        self.close_connection = True

        def send(data: bytes) -> None:
            self.wfile.write(data)
            self.wfile.flush()

        def gone() -> bool:
            connection = self.connection
            readable, _, _ = select.select([connection], [], [], 0)
            if not readable:
                return False
            try:
                peeked: bytes = connection.recv(1, socket.MSG_PEEK)
            except OSError:
                return True
            return peeked == b""

        send(b"retry: 1000\n\n")
        self.server.share.stream(send, gone)


SAFE_HEADERS = (
    ("Cache-Control", "no-store"),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("X-Frame-Options", "DENY"),
    (
        "Content-Security-Policy",
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self';"
        " img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    ),
)
"""Sent with everything served: nothing cached, nothing from elsewhere, no framing."""
