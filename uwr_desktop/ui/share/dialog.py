"""View ▸ Share With Players…: the GM starts and stops the page on the players' own devices.

The GM picks the network interface and the port (automatic, or set), starts sharing, and the
dialog shows the address, with its access key, and a QR code to scan (``segno``). New Key cuts
every device off; Stop Sharing closes every connection. Closing the dialog leaves sharing as it
is; the status bar says while it is on.
"""

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import QHideEvent, QPixmap, QShowEvent
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from uwr_desktop.ui.share.interfaces import local_interfaces
from uwr_desktop.ui.share.sharing import Sharing
from uwr_desktop.ui.widgets.build import row_of
from uwr_desktop.ui.widgets.number_box import NumberBox
from uwr_desktop.ui.widgets.wheel import ChoiceBox

INTERFACE_KEY = "share/interface"
"""Settings key: the address last shared on."""
PORT_KEY = "share/port"
"""Settings key: the port set (``0``: automatic)."""
HIGHEST_PORT = 65535
QR_PIXELS = 240
COUNT_MS = 1000
"""How often the count of devices watching is brought up to date."""
WHAT_IS_SHARED = (
    "Anyone on this network who has the address sees what the player view shows: the round,"
    " who acts, the order of battle with health bands and conditions, and the last roll."
    " Hidden combatants, their turns, GM-only rolls and real names behind aliases are never"
    " sent. New Key cuts every device off; Stop Sharing closes every connection."
)


def qr_pixmap(text: str, pixels: int) -> QPixmap:
    """``text`` as a QR code about ``pixels`` wide, dark on white with its quiet zone."""
    import io

    import segno  # loaded with the dialog

    code = segno.make_qr(text, error="m")
    width = code.symbol_size(scale=1)[0]
    buffer = io.BytesIO()
    code.save(buffer, kind="png", scale=max(1, pixels // width), dark="#000000", light="#ffffff")
    pixmap = QPixmap()
    pixmap.loadFromData(buffer.getvalue(), "PNG")
    return pixmap


class ShareDialog(QDialog):
    """The GM's controls over ``sharing``; ``settings`` keeps the interface and port chosen."""

    def __init__(
        self, sharing: Sharing, settings: QSettings, parent: QWidget | None = None
    ) -> None:
        """Build the dialog and show whether sharing is on."""
        super().__init__(parent)
        self.setWindowTitle("Share With Players")
        self.setObjectName("shareDialog")
        self._sharing = sharing
        self._settings = settings
        self.interface_box = ChoiceBox(self)
        self.interface_box.setAccessibleName("Network interface")
        self.port_box = NumberBox(0, HIGHEST_PORT, what="The port", parent=self)
        self.port_box.setSpecialValueText("Automatic")
        self.port_box.setAccessibleName("Port")
        self.port_box.setValue(int(str(settings.value(PORT_KEY, 0))))
        self.start_button = QPushButton("&Start Sharing", self)
        self.start_button.setObjectName("shareStart")
        self.key_button = QPushButton("New &Key", self)
        self.key_button.setToolTip("Make a new address: every device watching is cut off")
        self.address_label = QLabel(self)
        self.address_label.setObjectName("shareAddress")
        self.address_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.qr_label = QLabel(self)
        self.qr_label.setObjectName("shareQr")
        self.qr_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.qr_label.setAccessibleName("QR code of the address")
        self.status_label = QLabel(self)
        self.status_label.setObjectName("shareStatus")
        self.status_label.setWordWrap(True)
        about = QLabel(WHAT_IS_SHARED, self)
        about.setWordWrap(True)
        self._lay_out(about)
        self._fill_interfaces()
        self.start_button.clicked.connect(self._toggle)
        self.key_button.clicked.connect(self._new_key)
        self._counter = QTimer(self)
        self._counter.setObjectName("shareCounter")
        self._counter.setInterval(COUNT_MS)
        self._counter.timeout.connect(self._show_count)
        self._show_state()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt override)
        """Count the devices watching while the dialog is shown."""
        self._counter.start()
        self._show_state()
        super().showEvent(event)

    def hideEvent(self, event: QHideEvent) -> None:  # noqa: N802 (Qt override)
        """Stop counting."""
        self._counter.stop()
        super().hideEvent(event)

    def _lay_out(self, about: QLabel) -> None:
        form = QFormLayout()
        form.addRow("&Network:", self.interface_box)
        form.addRow("&Port:", self.port_box)
        buttons = row_of(self.start_button, self.key_button, stretch=True)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        close.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(buttons)
        layout.addWidget(self.address_label)
        layout.addWidget(self.qr_label)
        layout.addWidget(self.status_label)
        layout.addWidget(about)
        layout.addWidget(close)
        self.setMinimumWidth(460)

    def _fill_interfaces(self) -> None:
        remembered = str(self._settings.value(INTERFACE_KEY, ""))
        for interface in local_interfaces():
            self.interface_box.addItem(interface.text, interface.address)
        index = self.interface_box.findData(remembered)
        self.interface_box.setCurrentIndex(max(0, index))

    def _toggle(self) -> None:
        if self._sharing.running:
            self._sharing.stop()
        else:
            self.start()
        self._show_state()

    def start(self) -> None:
        """Start sharing on the interface and port chosen; a port taken is said, not fatal."""
        address = str(self.interface_box.currentData())
        port = self.port_box.value()
        try:
            self._sharing.start(address, port)
        except OSError as error:
            self.status_label.setText(f"Could not share on {address} port {port}: {error}")
            return
        self._settings.setValue(INTERFACE_KEY, address)
        self._settings.setValue(PORT_KEY, port)

    def _new_key(self) -> None:
        self._sharing.new_key()
        self._show_state()

    def _show_state(self) -> None:
        running = self._sharing.running
        self.start_button.setText("&Stop Sharing" if running else "&Start Sharing")
        self.key_button.setEnabled(running)
        self.interface_box.setEnabled(not running)
        self.port_box.setEnabled(not running)
        url = self._sharing.url()
        self.address_label.setText(url)
        self.address_label.setVisible(running)
        self.qr_label.setVisible(running)
        if running:
            self.qr_label.setPixmap(qr_pixmap(url, QR_PIXELS))
            self._show_count()
        elif not self.status_label.text().startswith("Could not"):
            self.status_label.setText("Not sharing: nothing is served.")

    def _show_count(self) -> None:
        if self._sharing.running:
            count = self._sharing.server.connections()
            self.status_label.setText(f"Sharing: {count} connection(s) open. Scan the code.")
