"""Fetch the players' page from an app sharing it (``UWR_DESKTOP_SHARE_CHECK``): the page, its
script and style, the picture, one event of the stream, and a refusal without the key.

Usage: ``check_share.py FOLDER`` waits for ``FOLDER/url``, checks, then writes ``FOLDER/done``
so the app stops. Exit status 0 when every check passes.
"""

import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

WAIT_SECONDS = 90


def _fetch(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as refused:
        return refused.code, refused.read()


def _first_event(url: str) -> bytes:
    try:
        with urllib.request.urlopen(url, timeout=10) as stream:
            for line in stream:
                if line.startswith(b"data: "):
                    return line
    except OSError:
        pass  # refused or cut: no event
    return b""


def check(url: str) -> list[str]:
    """What is wrong with the page served at ``url`` (nothing: an empty list)."""
    problems = []
    for path, wanted in (
        ("", b'<script src="page.js"'),
        ("page.js", b"EventSource"),
        ("page.css", b"prefers-color-scheme"),
        ("picture.json", b'"round"'),
    ):
        status, body = _fetch(url + path)
        if status != 200 or wanted not in body:
            problems.append(f"{url}{path}: {status}, without {wanted!r}")
    if not _first_event(url + "events").startswith(b'data: {"round"'):
        problems.append("the stream sent no picture")
    origin = url.split("/", 3)
    status, body = _fetch(f"{origin[0]}//{origin[2]}/not-the-key/")
    if status != 403 or b"<html" in body:
        problems.append(f"a wrong key got {status}")
    return problems


def main(arguments: list[str]) -> int:
    """Check the page shared by the app watching ``arguments[0]``; tell it to stop."""
    folder = Path(arguments[0])
    deadline = time.monotonic() + WAIT_SECONDS
    while not (folder / "url").is_file():
        if time.monotonic() > deadline:
            print("check_share: the app never started sharing", file=sys.stderr)
            return 1
        time.sleep(0.2)
    url = (folder / "url").read_text().strip()
    try:
        problems = check(url)
    finally:
        (folder / "done").write_text("")
    for problem in problems:
        print(f"check_share: {problem}", file=sys.stderr)
    if not problems:
        print(f"check_share: the page, its files, its stream and a refusal from {url}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
