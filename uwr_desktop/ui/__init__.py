"""The PySide6 desktop interface. Only this package imports Qt."""
