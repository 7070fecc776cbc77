"""Render the app icon from its SVG: PNGs for Linux, an .ico for Windows, an .icns for macOS."""

from __future__ import annotations

import functools
import os
import shutil
import struct
import subprocess
import tempfile
from pathlib import Path

from project import PackagingError

LINUX_ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
WINDOWS_ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)
# iconutil wants these base sizes, each also at twice the size ("@2x").
MACOS_ICONSET_SIZES = (16, 32, 128, 256, 512)


@functools.cache
def _qt_application() -> object:
    """The one Qt application object of the process, kept alive by the cache.

    A widgets application, so that code sharing the process (tests) can still make widgets.
    """
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    return QApplication.instance() or QApplication([])


def render_png(svg: Path, size: int) -> bytes:
    """Render ``svg`` as a square PNG of ``size`` pixels with a transparent background."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    _qt_application()
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise PackagingError(f"{svg} is not a valid SVG image")
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter)
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):
        raise PackagingError(f"could not encode a {size}px PNG of {svg}")
    buffer.close()
    return bytes(data.data())


def write_pngs(svg: Path, sizes: tuple[int, ...], out_dir: Path) -> dict[int, Path]:
    """Render ``svg`` at each size into ``out_dir/<size>.png``; return the files by size."""
    out_dir.mkdir(parents=True, exist_ok=True)
    files: dict[int, Path] = {}
    for size in sizes:
        target = out_dir / f"{size}.png"
        target.write_bytes(render_png(svg, size))
        files[size] = target
    return files


def ico_bytes(images: dict[int, bytes]) -> bytes:
    """Pack square PNG images (by size, at most 256) into one Windows .ico file."""
    if not images:
        raise PackagingError("an .ico needs at least one image")
    too_big = [size for size in images if not 1 <= size <= 256]
    if too_big:
        raise PackagingError(f"an .ico holds images of 1 to 256 pixels, not {too_big}")
    sizes = sorted(images)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    directory = b""
    payload = b""
    offset = len(header) + 16 * len(sizes)
    for size in sizes:
        data = images[size]
        # A width or height of 256 is written as 0.
        side = size % 256
        directory += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        payload += data
        offset += len(data)
    return header + directory + payload


def write_ico(svg: Path, target: Path) -> Path:
    """Render ``svg`` into a multi-size Windows icon at ``target``."""
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(ico_bytes({size: render_png(svg, size) for size in WINDOWS_ICON_SIZES}))
    return target


def write_icns(svg: Path, target: Path) -> Path:
    """Render ``svg`` into a macOS .icns at ``target`` with Apple's ``iconutil``."""
    iconutil = shutil.which("iconutil")
    if iconutil is None:
        raise PackagingError("iconutil is missing: the .icns can only be made on macOS")
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        iconset = Path(scratch) / "uwr-desktop.iconset"
        iconset.mkdir()
        for size in MACOS_ICONSET_SIZES:
            (iconset / f"icon_{size}x{size}.png").write_bytes(render_png(svg, size))
            (iconset / f"icon_{size}x{size}@2x.png").write_bytes(render_png(svg, size * 2))
        subprocess.run([iconutil, "-c", "icns", "-o", str(target), str(iconset)], check=True)
    return target
