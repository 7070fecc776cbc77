"""The shared page of every round system, over HTTP on loopback, through the fight the
player-view window's secrets are tested on: what every device receives is, byte for byte, the
picture the player-view window shows, and nothing hidden ever crosses the network (hidden
combatants and their turns, real names behind aliases, enemies' health and points, GM-only
rolls)."""

import json
import re

import pytest
from every_system import SYSTEMS
from fight_window import hidden_window
from secret_fight import HIDDEN, REAL, TURNS, act, keeps_secrets, set_up, story, view_of
from share_client import Stream, get

from uwr_desktop.core.intents import RollDice
from uwr_desktop.core.sides import Side
from uwr_desktop.ui.share.page_data import encoded, page_data
from uwr_desktop.ui.window.main_window import MainWindow

pytestmark = pytest.mark.usefixtures("own_systems_in_module")


@pytest.fixture
def window(qtbot, tmp_path):
    yield from hidden_window(qtbot, tmp_path, seed=5)


def share_on_loopback(window: MainWindow) -> tuple[int, str]:
    """Start sharing from the dialog, on this computer's own address; the port and key."""
    dialog = window.share.open_dialog()
    dialog.interface_box.addItem("Loopback", "127.0.0.1")
    dialog.interface_box.setCurrentIndex(dialog.interface_box.count() - 1)
    dialog.start_button.click()
    sharing = window.share.sharing
    assert sharing is not None and sharing.running
    dialog.close()
    return sharing.port(), sharing.server.key


def published(window: MainWindow, qtbot, port: int, key: str) -> bytes:
    """What a device fetching the picture gets once the change is served: the picture the
    player-view window shows."""
    view = view_of(window)
    shown = encoded(page_data(view.picture(), view.shown_roll(), view.feed.roll_line()))
    qtbot.waitUntil(lambda: get(port, f"/{key}/picture.json") == (200, shown), timeout=5000)
    return shown


def no_secret_in(window: MainWindow, body: bytes) -> None:
    """Check the page's data against what the players may know now."""
    assert HIDDEN.encode() not in body and REAL.encode() not in body
    data = json.loads(body)
    hidden_turn = keeps_secrets(window, view_of(window))
    if hidden_turn:
        assert data["now"] == ""
        assert not [row for row in data["rows"] if row["status"] == "current"]
    for row in data["rows"]:
        if row["side"] == Side.ENEMY:
            assert row["band"] is None and row["pips"] == row["spent_pips"] == 0


@pytest.mark.parametrize("system", SYSTEMS)
def test_devices_get_the_player_views_picture_and_none_of_the_secrets(window, qtbot, system):
    lines = set_up(window, system)
    port, key = share_on_loopback(window)
    stream = Stream(port, key)
    no_secret_in(window, published(window, qtbot, port, key))
    rolls = []
    for _ in range(TURNS):
        lines += act(window, system)
        body = published(window, qtbot, port, key)
        no_secret_in(window, body)
        rolls.append(json.loads(body)["roll"])
    assert any(re.fullmatch(story(system), roll) for roll in rolls), rolls

    session = window.document.session
    session.do(RollDice("vex", "2d10+5"))
    assert re.fullmatch(
        r"Vex rolls 2d10\+5: \d+", json.loads(published(window, qtbot, port, key))["roll"]
    )
    window.player_view.gm_only_action.setChecked(True)
    session.do(RollDice("vex", "3d10"))
    body = published(window, qtbot, port, key)
    assert "3d10" not in json.loads(body)["roll"], "a roll for the GM only stays with the GM"
    assert stream.wait_for_picture(body), "the device holds the picture the window shows"

    stream.close()
    assert len(stream.pictures) > TURNS
    assert HIDDEN.encode() not in stream.raw and REAL.encode() not in stream.raw
    for asset in ("", "page.js", "page.css"):
        status, served = get(port, f"/{key}/{asset}")
        assert status == 200 and HIDDEN.encode() not in served and REAL.encode() not in served
