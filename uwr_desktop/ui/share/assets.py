"""The players' page as the server sends it: its three files, read once from ``resources/share``."""

import msgspec

from uwr_desktop.core.resource_files import resource_path

PAGE_FILES = {
    "": ("page.html", "text/html; charset=utf-8"),
    "page.js": ("page.js", "text/javascript; charset=utf-8"),
    "page.css": ("page.css", "text/css; charset=utf-8"),
}
"""What each address under the key serves: the page itself, its script, its style."""


class Asset(msgspec.Struct, frozen=True):
    """One file of the page, ready to send."""

    body: bytes
    content_type: str


class PageAssets:
    """The page's files, read from the shipped resources when made."""

    def __init__(self) -> None:
        """Read every file of the page."""
        self._files = {
            address: Asset(resource_path("share", name).read_bytes(), content_type)
            for address, (name, content_type) in PAGE_FILES.items()
        }

    def get(self, address: str) -> Asset | None:
        """The file served at ``address`` under the key (``""``: the page), or ``None``."""
        return self._files.get(address)
