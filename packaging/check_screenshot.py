"""Check that a smoke-test screenshot shows a drawn window, not a blank or single-colour frame.

    python packaging/check_screenshot.py SHOT.png [--min-colours N] [--max-dominant SHARE]

Exits 0 and prints the figures when the picture passes, 1 with the reason when it does not.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

MIN_SIDE = 100


@dataclass(frozen=True)
class ScreenshotFigures:
    """What the check measures in a picture."""

    width: int
    height: int
    distinct_colours: int
    dominant_share: float


def measure(path: Path) -> ScreenshotFigures:
    """Load a PNG and count its colours; raise ``ValueError`` if it cannot be read."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QImage

    if not path.is_file():
        raise ValueError(f"{path} does not exist")
    image = QImage(str(path))
    if image.isNull():
        raise ValueError(f"{path} is not a readable image")
    image = image.convertToFormat(QImage.Format.Format_ARGB32)
    width, height = image.width(), image.height()
    pixels = memoryview(image.constBits()).cast("B")
    stride = image.bytesPerLine()
    counts: Counter[bytes] = Counter()
    for row in range(height):
        line = bytes(pixels[row * stride : row * stride + width * 4])
        counts.update(line[i : i + 4] for i in range(0, len(line), 4))
    dominant = counts.most_common(1)[0][1] if counts else 0
    return ScreenshotFigures(
        width=width,
        height=height,
        distinct_colours=len(counts),
        dominant_share=dominant / (width * height) if width and height else 1.0,
    )


def problems(figures: ScreenshotFigures, min_colours: int, max_dominant: float) -> list[str]:
    """Say what makes the picture fail the check (nothing when it passes)."""
    found = []
    if figures.width < MIN_SIDE or figures.height < MIN_SIDE:
        found.append(f"the picture is only {figures.width}x{figures.height} pixels")
    if figures.distinct_colours < min_colours:
        found.append(
            f"it has {figures.distinct_colours} distinct colours, fewer than {min_colours}"
        )
    if figures.dominant_share > max_dominant:
        found.append(
            f"one colour covers {figures.dominant_share:.1%} of it, more than {max_dominant:.1%}"
        )
    return found


def main(argv: list[str] | None = None) -> int:
    """Check one screenshot and return the exit code."""
    parser = argparse.ArgumentParser(prog="check_screenshot.py", description=__doc__)
    parser.add_argument("png", type=Path)
    parser.add_argument("--min-colours", type=int, default=16)
    parser.add_argument("--max-dominant", type=float, default=0.998)
    args = parser.parse_args(argv)
    try:
        figures = measure(args.png)
    except ValueError as error:
        print(f"screenshot check failed: {error}", file=sys.stderr)
        return 1
    found = problems(figures, args.min_colours, args.max_dominant)
    summary = (
        f"{args.png}: {figures.width}x{figures.height}, {figures.distinct_colours} colours, "
        f"most common colour {figures.dominant_share:.1%}"
    )
    if found:
        print(f"screenshot check failed: {summary}: {'; '.join(found)}", file=sys.stderr)
        return 1
    print(summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
