"""The PySide6 desktop interface. Only this package imports Qt."""

from pathlib import Path

from uwr_desktop.ui.source_scan import spare_source_scan

spare_source_scan(Path(__file__).parent, __name__)
