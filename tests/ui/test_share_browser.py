"""The shared page in a real browser: headless Chromium from the system's packages opens it over
loopback and shows what the player-view window shows as the GM plays, undoes and a hidden
combatant acts; it says it has lost the GM when the server stops and comes back by itself when
the server does. Screenshots of a phone held upright, in the dark, and of a TV are kept in the
test's folder (or in ``UWR_SHARE_SHOTS`` when set)."""

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from fight_window import hidden_window
from secret_fight import HIDDEN, REAL, set_up, view_of

from uwr_desktop.core.intents import NextTurn
from uwr_desktop.ui.window.main_window import MainWindow

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None or CHROMEDRIVER is None, reason="needs chromium and chromium-driver"
)
WAIT_SECONDS = 10
PHONE = (412, 915)
TV = (1920, 1080)


@pytest.fixture
def browser(tmp_path) -> Iterator:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        f"--user-data-dir={tmp_path / 'profile'}",
        f"--window-size={PHONE[0]},{PHONE[1]}",
    ):
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=Service(str(CHROMEDRIVER)))
    driver.set_page_load_timeout(WAIT_SECONDS)
    yield driver
    driver.quit()


@pytest.fixture
def window(qtbot, tmp_path):
    yield from hidden_window(qtbot, tmp_path, seed=5)


def shots_folder(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("UWR_SHARE_SHOTS", tmp_path / "shots"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def shown_in_browser(driver) -> dict:
    """What the page shows now, as a player reads it."""
    return driver.execute_script(
        """
        const text = (id) => document.getElementById(id).textContent;
        const visible = (id) => !document.getElementById(id).hidden;
        return {
          round: text("round"),
          now: visible("now-line") ? text("now") : "",
          next: visible("next-line") ? text("next") : "",
          names: [...document.querySelectorAll(".row .name")].map((e) => e.textContent),
          current: [...document.querySelectorAll(".row.current .name")].map((e) => e.textContent),
          roll: text("roll"),
          lost: visible("lost"),
        };
        """
    )


def shown_in_window(window: MainWindow) -> dict:
    """What the player-view window shows now."""
    view = view_of(window)
    picture = view.picture()
    current = [row.label for row in picture.rows if row.status == "current"]
    return {
        "round": picture.round_text,
        "now": picture.now,
        "next": picture.next,
        "names": [row.label for row in picture.rows],
        "current": current,
        "roll": view.roll_line.text(),
        "lost": False,
    }


def matches_window(qapp, qtbot, driver, window) -> dict:
    """Wait until the browser shows what the window shows; what it shows."""
    qapp.processEvents()
    expected = shown_in_window(window)
    qtbot.waitUntil(lambda: shown_in_browser(driver) == expected, timeout=WAIT_SECONDS * 1000)
    assert HIDDEN not in driver.page_source and REAL not in driver.page_source
    return expected


def test_the_page_follows_turns_undo_and_a_hidden_turn(qapp, qtbot, browser, window, tmp_path):
    shots = shots_folder(tmp_path)
    set_up(window, "uwr")
    dialog = window.share.open_dialog()
    dialog.interface_box.addItem("Loopback", "127.0.0.1")
    dialog.interface_box.setCurrentIndex(dialog.interface_box.count() - 1)
    dialog.start_button.click()
    dialog.close()
    sharing = window.share.sharing
    browser.get(sharing.url())
    matches_window(qapp, qtbot, browser, window)
    session = window.document.session
    while session.state.combatants[session.state.current or ""].hidden:
        window.do(NextTurn())
    first = matches_window(qapp, qtbot, browser, window)
    assert first["now"] and first["current"] == [first["now"]]

    window.do(NextTurn())
    after_next = matches_window(qapp, qtbot, browser, window)
    assert after_next["now"] != first["now"] or after_next["round"] != first["round"]
    browser.save_screenshot(str(shots / "phone-light.png"))

    window.actions_by_key["undo"].trigger()
    assert matches_window(qapp, qtbot, browser, window)["now"] == first["now"]

    for _ in range(8):
        window.do(NextTurn())
        if session.state.combatants[session.state.current or ""].name == HIDDEN:
            break
    assert session.state.combatants[session.state.current or ""].name == HIDDEN
    hidden_turn = matches_window(qapp, qtbot, browser, window)
    assert hidden_turn["now"] == "" and hidden_turn["current"] == []
    browser.execute_cdp_cmd(
        "Emulation.setEmulatedMedia",
        {"features": [{"name": "prefers-color-scheme", "value": "dark"}]},
    )
    browser.save_screenshot(str(shots / "phone-dark-hidden-turn.png"))
    browser.set_window_size(*TV)
    window.do(NextTurn())
    matches_window(qapp, qtbot, browser, window)
    browser.save_screenshot(str(shots / "tv-dark.png"))


def test_the_page_says_it_lost_the_gm_and_comes_back_with_the_server(
    qapp, qtbot, browser, window, tmp_path
):
    set_up(window, "uwr")
    dialog = window.share.open_dialog()
    dialog.interface_box.addItem("Loopback", "127.0.0.1")
    dialog.interface_box.setCurrentIndex(dialog.interface_box.count() - 1)
    dialog.start_button.click()
    sharing = window.share.sharing
    port = sharing.port()
    browser.get(sharing.url())
    matches_window(qapp, qtbot, browser, window)

    sharing.stop()
    qtbot.waitUntil(lambda: shown_in_browser(browser)["lost"], timeout=WAIT_SECONDS * 1000)
    browser.save_screenshot(str(shots_folder(tmp_path) / "phone-lost.png"))
    window.do(NextTurn())
    dialog.start_button.click()
    dialog.close()
    assert sharing.running and sharing.port() == port, "an automatic port is the one used last"
    assert not matches_window(qapp, qtbot, browser, window)["lost"]
