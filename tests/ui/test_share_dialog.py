"""View ▸ Share With Players…: the GM starts, rekeys and stops sharing from the dialog; the
address and its QR code are shown while sharing, nothing is served otherwise."""

import socket
import subprocess
import sys

import pytest
from fight_window import hidden_window
from PySide6.QtCore import QSettings
from share_client import get


@pytest.fixture
def window(qtbot, tmp_path):
    yield from hidden_window(qtbot, tmp_path, seed=5)


def on_loopback(window):
    dialog = window.share.open_dialog()
    dialog.interface_box.addItem("Loopback", "127.0.0.1")
    dialog.interface_box.setCurrentIndex(dialog.interface_box.count() - 1)
    return dialog


def test_the_view_menu_offers_sharing_and_nothing_is_served_before_it_starts(window):
    view_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&View")
    assert window.share.action in view_menu.actions()
    assert window.share.sharing is None
    assert not window.share.badge.isVisibleTo(window)
    dialog = on_loopback(window)
    assert not dialog.address_label.isVisibleTo(dialog)
    assert "nothing is served" in dialog.status_label.text()


def test_the_server_loads_only_when_the_dialog_first_opens():
    script = (
        "import sys; import uwr_desktop.ui.window.main_window; "
        "print([m for m in sys.modules if m.startswith('uwr_desktop.ui.share.')"
        " and m != 'uwr_desktop.ui.share.control'] + [m for m in ('segno', 'ifaddr', 'http.server')"
        " if m in sys.modules])"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_sharing_shows_the_address_and_its_code_and_stopping_closes_it(window):
    dialog = on_loopback(window)
    dialog.start_button.click()
    sharing = window.share.sharing
    url = sharing.url()
    assert url.startswith("http://127.0.0.1:") and url.endswith(f"/{sharing.server.key}/")
    assert dialog.address_label.text() == url and dialog.address_label.isVisibleTo(dialog)
    assert not dialog.qr_label.pixmap().isNull() and dialog.qr_label.pixmap().width() >= 200
    assert window.share.badge.isVisibleTo(window)
    assert not dialog.interface_box.isEnabled()
    port = sharing.port()
    assert get(port, f"/{sharing.server.key}/")[0] == 200

    dialog.start_button.click()
    assert not sharing.running and dialog.start_button.text() == "&Start Sharing"
    assert not window.share.badge.isVisibleTo(window)
    with pytest.raises(OSError), socket.create_connection(("127.0.0.1", port), timeout=2):
        pass


def test_a_new_key_makes_a_new_address_and_the_old_one_is_refused(window):
    dialog = on_loopback(window)
    dialog.start_button.click()
    sharing = window.share.sharing
    old_key, old_qr = sharing.server.key, dialog.qr_label.pixmap().toImage()
    dialog.key_button.click()
    assert sharing.server.key != old_key
    assert dialog.address_label.text() == sharing.url()
    assert dialog.qr_label.pixmap().toImage() != old_qr
    assert get(sharing.port(), f"/{old_key}/")[0] == 403
    assert get(sharing.port(), f"/{sharing.server.key}/")[0] == 200


def test_a_port_taken_is_told_and_sharing_stays_off(window):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        dialog = on_loopback(window)
        dialog.port_box.setValue(taken.getsockname()[1])
        dialog.start_button.click()
        assert not window.share.sharing.running
        assert dialog.status_label.text().startswith("Could not share on 127.0.0.1 port")


def test_the_port_and_interface_are_remembered(window, tmp_path):
    dialog = on_loopback(window)
    dialog.start_button.click()
    port = window.share.sharing.port()
    dialog.start_button.click()
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    assert settings.value("share/interface") == "127.0.0.1"
    assert int(settings.value("share/port")) == 0, "automatic stays automatic"
    assert port > 0


def test_closing_the_window_stops_sharing(window):
    dialog = on_loopback(window)
    dialog.start_button.click()
    sharing = window.share.sharing
    window.close()
    assert not sharing.running


def test_an_automatic_port_is_the_one_used_last_unless_it_is_taken(window):
    dialog = on_loopback(window)
    dialog.start_button.click()
    sharing = window.share.sharing
    port = sharing.port()
    dialog.start_button.click()
    dialog.start_button.click()
    assert sharing.port() == port
    dialog.start_button.click()
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", port))
        taken.listen()
        dialog.start_button.click()
        assert sharing.running and sharing.port() not in (0, port)
