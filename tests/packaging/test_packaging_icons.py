"""The app icon renders cleanly at every size and packs into a Windows .ico."""

import struct

import pytest
from icons import WINDOWS_ICON_SIZES, ico_bytes, render_png, write_ico, write_pngs
from project import ICON_SVG, PackagingError

from uwr_desktop.core.resource_files import resource_path
from uwr_desktop.ui.icons import APP_ICON_SIZES, app_icon

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _image(data):
    from PySide6.QtGui import QImage

    image = QImage()
    assert image.loadFromData(data)
    return image


def test_the_svg_renders_an_opaque_picture_with_transparent_corners(qapp):
    image = _image(render_png(ICON_SVG, 128))
    assert (image.width(), image.height()) == (128, 128)
    assert image.pixelColor(0, 0).alpha() == 0
    assert image.pixelColor(64, 64).alpha() == 255
    colours = {image.pixel(x, y) for x in range(0, 128, 4) for y in range(0, 128, 4)}
    assert len(colours) > 10


def test_pngs_are_written_at_each_requested_size(qapp, tmp_path):
    files = write_pngs(ICON_SVG, (16, 48), tmp_path / "icons")
    assert sorted(files) == [16, 48]
    for size, path in files.items():
        image = _image(path.read_bytes())
        assert (image.width(), image.height()) == (size, size)


def test_a_broken_svg_is_reported(qapp, tmp_path):
    broken = tmp_path / "broken.svg"
    broken.write_text("<svg", encoding="utf-8")
    with pytest.raises(PackagingError, match="not a valid SVG"):
        render_png(broken, 32)


def test_ico_holds_every_windows_size_as_png(qapp, tmp_path):
    data = write_ico(ICON_SVG, tmp_path / "app.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind, count) == (0, 1, len(WINDOWS_ICON_SIZES))
    for index, size in enumerate(WINDOWS_ICON_SIZES):
        width, height, _, _, planes, bits, length, offset = struct.unpack_from(
            "<BBBBHHII", data, 6 + 16 * index
        )
        assert (width, height) == (size % 256, size % 256)
        assert (planes, bits) == (1, 32)
        blob = data[offset : offset + length]
        assert blob.startswith(PNG_SIGNATURE)
        image = _image(blob)
        assert (image.width(), image.height()) == (size, size)


def test_ico_refuses_sizes_windows_cannot_hold():
    with pytest.raises(PackagingError, match="1 to 256 pixels"):
        ico_bytes({512: PNG_SIGNATURE})
    with pytest.raises(PackagingError, match="at least one image"):
        ico_bytes({})


ROUNDING = 1
"""How far one colour channel of a pixel may differ between two drawings of the same picture:
Qt's raster painter rounds anti-aliased edges by the instructions the processor has (seen: a
few edge pixels one step apart on a processor with AVX-512)."""


def _channels(image) -> bytes:
    from PySide6.QtGui import QImage

    return bytes(image.convertToFormat(QImage.Format.Format_ARGB32).constBits())


def _apart(one, other) -> int:
    """The largest difference of one colour channel between two pictures of one size."""
    assert one.size() == other.size()
    return max(abs(a - b) for a, b in zip(_channels(one), _channels(other), strict=True))


@pytest.mark.parametrize("size", APP_ICON_SIZES)
def test_the_window_icon_the_app_ships_is_the_app_icon_drawn_at_its_size(qapp, size):
    shipped = _image(resource_path("icons", "app", f"{size}.png").read_bytes())
    assert (shipped.width(), shipped.height()) == (size, size)
    assert _apart(shipped, _image(render_png(ICON_SVG, size))) <= ROUNDING, (
        "draw it again: write_pngs(ICON_SVG, APP_ICON_SIZES, resources/icons/app)"
    )


def test_an_icon_one_pixel_off_is_more_than_rounding_apart(qapp):
    drawn = _image(render_png(ICON_SVG, 32))
    moved = drawn.copy(1, 0, 32, 32)  # one pixel to the left, a transparent column at the right
    assert _apart(drawn, moved) > ROUNDING


def test_the_app_s_window_icon_offers_every_size_shipped(qapp):
    offered = {size.width() for size in app_icon().availableSizes()}
    assert offered == set(APP_ICON_SIZES)
    assert app_icon().pixmap(32).width() == 32
