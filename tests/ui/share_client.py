"""A plain HTTP client of the shared page, over loopback: raw requests, and an event stream
read in a thread of its own."""

import contextlib
import http.client
import socket
import threading
import time

from uwr_desktop.ui.share.server import ShareServer


def raw_request(port: int, data: bytes) -> tuple[int, bytes]:
    """Send ``data`` as it is; the status and body of the answer (``0``: the connection was
    closed with no answer)."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as connection:
        connection.sendall(data)
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    if not answer:
        return 0, b""
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head.split()[1]), body


def get(port: int, path: str, method: str = "GET", body: bytes | None = None) -> tuple[int, bytes]:
    """The status and body of one request."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        connection.request(method, path, body=body)
        answer = connection.getresponse()
        return answer.status, answer.read()
    finally:
        connection.close()


class Stream:
    """One device's event stream: every picture it received, read in a thread."""

    def __init__(self, port: int, key: str) -> None:
        self.socket = socket.create_connection(("127.0.0.1", port), timeout=30)
        self.socket.sendall(f"GET /{key}/events HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        self.reader = self.socket.makefile("rb")
        self.status = int(self.reader.readline().split()[1])
        while self.reader.readline() not in (b"\r\n", b""):
            pass
        self.pictures: list[bytes] = []
        self.raw = b""
        self.ended = threading.Event()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        try:
            while line := self.reader.readline():
                self.raw += line
                if line.startswith(b"data: {"):
                    self.pictures.append(line[len(b"data: ") :].rstrip(b"\n"))
        except (OSError, ValueError):
            pass
        self.ended.set()

    def wait_for(self, count: int, seconds: float = 10) -> bytes:
        """The latest picture, once at least ``count`` have come."""
        deadline = time.monotonic() + seconds
        while len(self.pictures) < count:
            assert time.monotonic() < deadline, f"only {len(self.pictures)} pictures came"
            time.sleep(0.005)
        return self.pictures[-1]

    def wait_for_picture(self, picture: bytes, seconds: float = 10) -> bool:
        """Whether ``picture`` comes as the latest within ``seconds``."""
        deadline = time.monotonic() + seconds
        while self.pictures[-1:] != [picture]:
            if time.monotonic() > deadline:
                return False
            time.sleep(0.005)
        return True

    def close(self) -> None:
        """Hang up, as a device going away does."""
        with contextlib.suppress(OSError):
            self.socket.shutdown(socket.SHUT_RDWR)
        self.ended.wait(5)
        self.reader.close()
        self.socket.close()


def url_path(server: ShareServer, rest: str = "") -> str:
    return f"/{server.key}/{rest}"
