"""Next turn in a fight of 1,000 combatants shared with 30 devices over loopback.

Two main windows over the same fight are shown offscreen: one shares its player view (View ▸
Share With Players…, on 127.0.0.1) with 30 event streams read by a second process (the devices:
they do not share the GM's process or its interpreter lock), the other does not share. Samples
are paired: each pair times *Next Turn* in both windows, each until Qt has processed every
resulting event and repaint (the sharing one hands the picture's makings to its own thread,
which works it out and serves it meanwhile), then waits until every device holds the new
picture (the event's id), so no sample overlaps the serving of another. Prints the GM's next
turn with and without sharing (median, p95, their ratio and the median of the paired ratios),
the time from Next Turn to the last of the 30 devices holding the picture (median, p95), the
picture's size and the GM process's memory per device connected. Run with
``QT_QPA_PLATFORM=offscreen uv run python benchmarks/share_push.py``.
"""

import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

COMBATANTS = 1000
DEVICES = 30
SAMPLES = 100


def _percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def _rss_kib() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


# ---- the devices (a process of their own) ------------------------------------------------------


def devices(port: int, key: str, count: int) -> None:
    """Open ``count`` streams; on "wait N" print when the last of them got event N."""
    got: list[tuple[int, float]] = [(0, 0.0)] * count
    ready = threading.Event()

    def read(index: int) -> None:
        connection = socket.create_connection(("127.0.0.1", port))
        connection.sendall(f"GET /{key}/events HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        lines = connection.makefile("rb")
        event = 0
        for line in lines:
            if line.startswith(b"id: "):
                event = int(line[4:])
            elif line.startswith(b"data: {"):
                got[index] = (event, time.perf_counter())
                if all(seen for seen, _ in got):
                    ready.set()

    for index in range(count):
        threading.Thread(target=read, args=(index,), daemon=True).start()
    ready.wait()
    print("ready", flush=True)
    for line in sys.stdin:
        wanted = int(line.split()[1])
        while any(seen < wanted for seen, _ in got):
            time.sleep(0.0005)
        print(max(at for _, at in got), flush=True)


# ---- the GM --------------------------------------------------------------------------------


def _window(app, folder: Path, name: str):
    from big_fight import big_fight_window

    window = big_fight_window(folder, name, COMBATANTS)
    window.show()
    app.processEvents()
    return window


def _next_turn(app, window) -> float:
    from uwr_desktop.core.intents import NextTurn

    start = time.perf_counter()
    window.do(NextTurn())
    app.processEvents()
    return start


def main() -> None:
    """Print the figures."""
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])
    with tempfile.TemporaryDirectory() as folder:
        plain = _window(app, Path(folder), "plain")
        shared = _window(app, Path(folder), "shared")
        dialog = shared.share.open_dialog()
        dialog.close()
        sharing = shared.share.sharing
        assert sharing is not None
        before = _rss_kib()
        sharing.start("127.0.0.1")
        app.processEvents()
        size = len(sharing.server.latest())
        clients = subprocess.Popen(
            [sys.executable, __file__, "--devices", str(sharing.port()), sharing.server.key],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert clients.stdin is not None and clients.stdout is not None
        assert clients.stdout.readline().strip() == "ready"
        connected = _rss_kib()
        without, with_sharing, pushed, ratios = [], [], [], []
        for _ in range(SAMPLES):
            start = _next_turn(app, plain)
            without.append((time.perf_counter() - start) * 1000)
            published = sharing.server.version()
            start = _next_turn(app, shared)
            with_sharing.append((time.perf_counter() - start) * 1000)
            clients.stdin.write(f"wait {published + 1}\n")
            clients.stdin.flush()
            pushed.append((float(clients.stdout.readline()) - start) * 1000)
            ratios.append(with_sharing[-1] / without[-1])
        after = _rss_kib()
        clients.stdin.close()
        clients.wait()
        sharing.stop()
        for window in (plain, shared):
            window.hide()  # closing would ask to save the fight
        app.processEvents()
    for label, samples in (
        ("next turn, not sharing", without),
        ("next turn, sharing with 30", with_sharing),
        ("next turn to all 30 holding it", pushed),
    ):
        print(
            f"{label:32s} median {statistics.median(samples):6.2f} ms"
            f"   p95 {_percentile(samples, 0.95):6.2f} ms"
        )
    ratio = statistics.median(with_sharing) / statistics.median(without)
    print(
        f"sharing / not sharing: {ratio:.2f}x of the medians,"
        f" {statistics.median(ratios):.2f}x the median of paired ratios"
    )
    print(f"picture: {size / 1024:.0f} KiB of JSON for {COMBATANTS} combatants")
    print(
        f"GM memory per device: {(connected - before) / DEVICES:.0f} KiB connected,"
        f" {(after - before) / DEVICES:.0f} KiB after {SAMPLES} pictures"
        f" (RSS {before / 1024:.0f} MiB before sharing)"
    )


if __name__ == "__main__":
    if sys.argv[1:2] == ["--devices"]:
        devices(int(sys.argv[2]), sys.argv[3], DEVICES)
    else:
        main()
