"""The server of the players' page, over loopback: it serves the page and the pictures to
whoever has the key and refuses everything else, within its bounds."""

import json
import socket
import time

import pytest
from share_client import Stream, get, raw_request, url_path

from uwr_desktop.ui.share.assets import PageAssets
from uwr_desktop.ui.share.server import ShareLimits, ShareServer


@pytest.fixture
def serve():
    """Start a server on loopback with ``limits``; every one is stopped after the test."""
    made: list[ShareServer] = []

    def start(limits: ShareLimits | None = None) -> tuple[ShareServer, int]:
        server = ShareServer(PageAssets(), limits)
        made.append(server)
        return server, server.start("127.0.0.1")[1]

    yield start
    for server in made:
        server.stop()


def test_the_key_opens_the_page_its_files_and_the_picture(serve):
    server, port = serve()
    server.publish(b'{"round": "Round 1"}')
    status, page = get(port, url_path(server))
    assert status == 200 and b'<script src="page.js"' in page
    assert get(port, url_path(server, "page.js"))[0] == 200
    assert get(port, url_path(server, "page.css"))[0] == 200
    assert get(port, url_path(server, "picture.json")) == (200, b'{"round": "Round 1"}')
    status, _ = get(port, f"/{server.key}")
    assert status == 301, "the page's own files are found beside it"


@pytest.mark.parametrize("path", ["/", "/page.js", "/events", "/picture.json", "/nothing/"])
def test_without_the_key_nothing_but_a_refusal(serve, path):
    server, port = serve()
    server.publish(b'{"round": "Round 1"}')
    status, body = get(port, path)
    assert status == 403
    assert b"Round" not in body and b"<html" not in body


def test_a_wrong_key_is_refused_even_one_character_off(serve):
    server, port = serve()
    wrong = server.key[:-1] + ("A" if server.key[-1] != "A" else "B")
    for path in (f"/{wrong}/", f"/{wrong}/events", f"/{server.key}x/", f"/x{server.key}/"):
        assert get(port, path)[0] == 403, path


def test_keys_are_random_and_long():
    keys = {ShareServer(PageAssets()).key for _ in range(20)}
    assert len(keys) == 20
    assert all(len(key) >= 24 for key in keys)


@pytest.mark.parametrize("method", ["POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"])
def test_nothing_but_reading_is_answered(serve, method):
    server, port = serve()
    server.publish(b'{"round": "Round 1"}')
    status, _ = get(port, url_path(server, "picture.json"), method, b'{"round": "x"}')
    assert status == 405
    assert get(port, url_path(server, "picture.json")) == (200, b'{"round": "Round 1"}')


def test_an_oversized_request_is_refused(serve):
    server, port = serve(ShareLimits(request_bytes=2048))
    long_path = f"/{server.key}/" + "a" * 4000
    assert raw_request(port, f"GET {long_path} HTTP/1.1\r\n\r\n".encode())[0] == 431
    headers = "".join(f"X-Filler-{n}: {'b' * 100}\r\n" for n in range(40))
    request = f"GET /{server.key}/ HTTP/1.1\r\nHost: x\r\n{headers}\r\n".encode()
    assert raw_request(port, request)[0] == 431
    fits = f"GET /{server.key}/ HTTP/1.1\r\nHost: x\r\nX-Small: 1\r\n\r\n".encode()
    assert raw_request(port, fits)[0] == 200


def test_a_request_with_a_body_is_refused(serve):
    server, port = serve()
    request = f"GET /{server.key}/ HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello".encode()
    assert raw_request(port, request)[0] == 413


def test_too_many_connections_are_refused_until_one_closes(serve):
    server, port = serve(ShareLimits(connections=3))
    streams = [Stream(port, server.key) for _ in range(3)]
    assert [stream.status for stream in streams] == [200, 200, 200]
    status, body = get(port, url_path(server))
    assert status == 503 and b"<html" not in body
    streams[0].close()
    deadline = time.monotonic() + 5
    while server.connections() > 2:
        assert time.monotonic() < deadline
        time.sleep(0.01)
    assert get(port, url_path(server))[0] == 200
    for stream in streams[1:]:
        stream.close()


def test_a_device_asking_too_fast_is_slowed_down(serve):
    server, port = serve(ShareLimits(burst=5, per_second=0.5))
    statuses = [get(port, url_path(server, "page.css"))[0] for _ in range(7)]
    assert statuses[:5] == [200] * 5
    assert statuses[5:] == [429, 429]


def test_a_stream_gets_the_latest_picture_then_each_new_one(serve):
    server, port = serve()
    server.publish(b'{"n": 1}')
    stream = Stream(port, server.key)
    assert stream.wait_for(1) == b'{"n": 1}'
    server.publish(b'{"n": 2}')
    assert stream.wait_for(2) == b'{"n": 2}'
    stream.close()


def test_a_quiet_stream_says_it_is_alive(serve):
    server, port = serve(ShareLimits(heartbeat_seconds=0.05))
    stream = Stream(port, server.key)
    deadline = time.monotonic() + 5
    while b"event: alive" not in stream.raw:
        assert time.monotonic() < deadline
        time.sleep(0.01)
    stream.close()


def test_stopping_closes_every_connection_and_serves_nothing(serve):
    server, port = serve()
    streams = [Stream(port, server.key) for _ in range(3)]
    server.stop()
    assert all(stream.ended.wait(5) for stream in streams)
    assert server.connections() == 0
    for stream in streams:
        stream.close()
    with pytest.raises(OSError), socket.create_connection(("127.0.0.1", port), timeout=2):
        pass


def test_a_new_key_cuts_every_device_off(serve):
    server, port = serve()
    old = server.key
    stream = Stream(port, old)
    server.new_key()
    assert stream.ended.wait(5)
    stream.close()
    assert server.key != old
    assert get(port, f"/{old}/events")[0] == 403
    assert get(port, url_path(server))[0] == 200


def test_a_device_reconnects_when_the_server_comes_back(serve):
    server, port = serve()
    server.publish(b'{"n": 1}')
    stream = Stream(port, server.key)
    stream.wait_for(1)
    server.stop()
    assert stream.ended.wait(5)
    stream.close()
    server.publish(b'{"n": 2}')
    assert server.start("127.0.0.1", port)[1] == port
    again = Stream(port, server.key)
    assert json.loads(again.wait_for(1)) == {"n": 2}
    again.close()
