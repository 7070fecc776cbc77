"""Time how long the installed app takes to start, show one frame and quit, against the source.

    python packaging/startup_time.py [--runs N] [--installed CMD] [--source CMD]

Both commands get ``--smoke-test`` appended and run in turn, so both see the same machine load;
the script prints the median of each and the ratio installed / source. Run it under a display
(``xvfb-run -a``) with the platform the users get.
"""

from __future__ import annotations

import argparse
import shlex
import statistics
import subprocess
import sys
import time


def time_once(command: list[str]) -> float:
    """Run ``command`` once and return its wall-clock seconds; raise if it fails."""
    start = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        raise RuntimeError(
            f"{shlex.join(command)} exited with {result.returncode}: {result.stderr.strip()}"
        )
    return elapsed


def main(argv: list[str] | None = None) -> int:
    """Measure both commands and print medians and their ratio."""
    parser = argparse.ArgumentParser(prog="startup_time.py", description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--installed", default="/usr/bin/uwr-desktop")
    parser.add_argument("--source", default="uv run uwr-desktop")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    commands = {
        "installed": [*shlex.split(args.installed), "--smoke-test"],
        "source": [*shlex.split(args.source), "--smoke-test"],
    }
    timings: dict[str, list[float]] = {name: [] for name in commands}
    try:
        for command in commands.values():
            time_once(command)  # warm the disk cache so the first run is not an outlier
        for _ in range(args.runs):
            for name, command in commands.items():
                timings[name].append(time_once(command))
    except (OSError, RuntimeError) as error:
        print(f"start-up timing failed: {error}", file=sys.stderr)
        return 1
    medians = {name: statistics.median(values) for name, values in timings.items()}
    for name, command in commands.items():
        runs = ", ".join(f"{value:.2f}" for value in timings[name])
        print(
            f"{name:>9}: median {medians[name]:.2f} s over {args.runs} runs ({runs}) - "
            f"{shlex.join(command)}"
        )
    print(f"    ratio: installed / source = {medians['installed'] / medians['source']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
