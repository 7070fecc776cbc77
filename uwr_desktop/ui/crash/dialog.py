"""The dialog that tells the GM something failed: the message, the details folded away, and a
button that copies them for a bug report (shown by ``crash_handler``)."""

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontDatabase
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

_HEADLINE = "Something went wrong, but your fight is kept."


class CrashDialog(QDialog):
    """Tells the GM something failed, with the details folded away and a copy button."""

    def __init__(self, parent: QWidget | None, log_note: str) -> None:
        """Create the dialog; ``log_note`` says where the details were written."""
        super().__init__(parent)
        self.setObjectName("crashDialog")
        self.setWindowTitle("Something went wrong")
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self._reports: list[str] = []

        self._message = QLabel(self)
        self._message.setObjectName("crashMessage")
        self._message.setWordWrap(True)
        self._message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self._log_note = log_note

        self._details = QPlainTextEdit(self)
        self._details.setObjectName("crashDetails")
        self._details.setReadOnly(True)
        self._details.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self._details.setMinimumHeight(220)
        self._details.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self._details.hide()

        buttons = QDialogButtonBox(self)
        self.details_button = QPushButton("Show details", self)
        self.details_button.setObjectName("crashDetailsButton")
        self.details_button.setCheckable(True)
        self.details_button.toggled.connect(self._show_details)
        self.copy_button = QPushButton("Copy details", self)
        self.copy_button.setObjectName("crashCopyButton")
        self.copy_button.clicked.connect(self.copy_details)
        buttons.addButton(self.details_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.copy_button, QDialogButtonBox.ButtonRole.ActionRole)
        close = buttons.addButton(QDialogButtonBox.StandardButton.Close)
        close.setDefault(True)
        buttons.rejected.connect(self.reject)

        headline = QLabel(_HEADLINE, self)
        headline_font = QFont(headline.font())
        headline_font.setBold(True)
        headline_font.setPointSizeF(headline_font.pointSizeF() * 1.15)
        headline.setFont(headline_font)

        layout = QVBoxLayout(self)
        layout.addWidget(headline)
        layout.addWidget(self._message)
        layout.addWidget(self._details, 1)
        layout.addWidget(buttons)
        self.resize(560, 180)

    def add_report(self, summary: str, details: str) -> None:
        """Show one more failure; the message counts them when there are several."""
        self._reports.append(details)
        count = len(self._reports)
        what = summary if count == 1 else f"{count} errors; the latest: {summary}"
        self._message.setText(
            f"Nothing was lost; you can go on playing.\n\n{what}\n\n{self._log_note}"
        )
        self._details.setPlainText("\n\n".join(self._reports))

    def message(self) -> str:
        """Return the message shown to the GM."""
        return f"{_HEADLINE}\n{self._message.text()}"

    def details(self) -> str:
        """Return the full details (the tracebacks) the dialog holds."""
        return self._details.toPlainText()

    def details_visible(self) -> bool:
        """Tell whether the details are unfolded."""
        return self._details.isVisible()

    def copy_details(self) -> None:
        """Put the message and the details on the clipboard, for a bug report."""
        QApplication.clipboard().setText(f"{self.message()}\n\n{self.details()}")

    def _show_details(self, shown: bool) -> None:
        self._details.setVisible(shown)
        self.details_button.setText("Hide details" if shown else "Show details")
        if shown:
            self.resize(max(self.width(), 720), max(self.height(), 460))
        else:
            self.resize(self.width(), self.sizeHint().height())
