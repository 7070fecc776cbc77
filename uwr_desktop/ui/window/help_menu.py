"""The Help menu: how to run a round in each round system (F1), every keyboard shortcut, and the
About box.

The help's pages come from each round system's UI (``RulesetUi.round_help``), the fight's own
first; a page names window commands' keys as ``{key}`` of the action table
(``ui/window/actions.py``), filled in here from the window's own actions, like the shortcut list
(the window's other actions with keys and the Dice dock's own keys,
:data:`~uwr_desktop.ui.dice.tray.TRAY_KEYS`, follow the table's), so the help, the menus and the
tooltips never disagree. The dialogs themselves live in
:mod:`uwr_desktop.ui.window.help_dialogs`, imported when first shown: building the dialog types
and their enums costs start-up time, and most sessions never open them.
"""

import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QWidget

import uwr_desktop
from uwr_desktop import APP_NAME
from uwr_desktop.core.intents import RulesError
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.ui.rulesets import RoundHelp, RulesetUiError, ruleset_ui, ui_ruleset_ids
from uwr_desktop.ui.window.actions import ACTION_SPECS, shortcut_text

if TYPE_CHECKING:
    from uwr_desktop.ui.window.help_dialogs import HelpPage

LICENSE = "MIT"
"""The license the app is published under (pyproject.toml's ``license``)."""

_PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")
_BUTTON = re.compile(r"\*([^*]+)\*")


def shortcut_rows(window: QWidget, actions: Mapping[str, QAction]) -> list[tuple[str, str]]:
    """(command, keys) for every command that has keys: the commands' table in the menus'
    order, then ``window``'s other actions with keys (the player view's, the table's filter),
    then the Dice dock's own keys."""
    from uwr_desktop.ui.dice.tray import TRAY_KEYS
    from uwr_desktop.ui.dice.view import DICE_KEYS

    rows: list[tuple[str, str]] = []
    for spec in ACTION_SPECS:
        action = actions.get(spec.key)
        if action is None:
            continue
        keys = shortcut_text(action)
        if keys:
            rows.append((_words(spec.text), keys))
    listed = set(actions.values())
    for action in window.findChildren(QAction):
        if action not in listed and action.shortcuts():
            rows.append((_words(action.text()), shortcut_text(action)))
    for words, sequences, _method in TRAY_KEYS:
        keys = " or ".join(_native(QKeySequence(sequence)) for sequence in sequences)
        rows.append((f"{words} (in the Dice dock)", keys))
    rows += DICE_KEYS
    return rows


def _words(text: str) -> str:
    return text.replace("&", "").rstrip("…")


def _native(sequence: QKeySequence) -> str:
    return sequence.toString(QKeySequence.SequenceFormat.NativeText)


def named_keys(text: str) -> list[str]:
    """The action keys a help step names as ``{key}``, in order."""
    return _PLACEHOLDER.findall(text)


def step_html(step: str, actions: Mapping[str, QAction]) -> str:
    """One help step as rich text: ``*button*`` bold, ``{key}`` the action's keys (its first
    binding, as the menus show it). A key the window has no action for raises ``KeyError``."""
    import html  # only when the help is shown

    def keys(match: re.Match[str]) -> str:
        action = actions[match.group(1)]
        first = shortcut_text(action).split(" or ")[0]
        return f"<b>{html.escape(first)}</b>" if first else ""

    escaped = _BUTTON.sub(r"<b>\1</b>", html.escape(step, quote=False))
    return _PLACEHOLDER.sub(keys, escaped)


def round_help_html(title: str, help_page: RoundHelp, actions: Mapping[str, QAction]) -> str:
    """A round system's help page as rich text: its title, summary and numbered steps."""
    import html

    steps = "".join(f"<li>{step_html(step, actions)}</li>" for step in help_page.steps)
    return (
        f"<h3>How to run a round: {html.escape(title)}</h3>"
        f"<p>{html.escape(help_page.summary)}</p><ol>{steps}</ol>"
        "<p>Every step can be undone (Edit ▸ Undo). The Shortcuts tab lists every "
        "command's keys.</p>"
    )


def help_pages(current: str, actions: Mapping[str, QAction]) -> list["HelpPage"]:
    """A page for every round system with a UI, the one of id ``current`` first."""
    from uwr_desktop.ui.window.help_dialogs import HelpPage

    ids = sorted(ui_ruleset_ids(), key=lambda found: found != current)
    pages: list[HelpPage] = []
    for ruleset_id in ids:
        try:
            title = make_ruleset(ruleset_id).title
            page = ruleset_ui(ruleset_id).round_help
        except (RulesError, RulesetUiError):
            continue
        pages.append(HelpPage(ruleset_id, title, round_help_html(title, page, actions)))
    return pages


def about_text() -> str:
    """The About box's text: name, version, license."""
    return (
        f"<h3>{APP_NAME} {uwr_desktop.__version__}</h3>"
        "<p>A combat tracker for tabletop game masters.</p>"
        f"<p>Published under the {LICENSE} license.</p>"
        "<p>Press F1 for how to run a round and every command's keys.</p>"
    )


def show_about(parent: QWidget) -> None:
    """Show the About box."""
    from uwr_desktop.ui.window.help_dialogs import show_about_box

    show_about_box(parent, f"About {APP_NAME}", about_text())


def show_help(
    window: QWidget, actions: Mapping[str, QAction], current: str, *, shortcuts: bool = False
) -> None:
    """Show the help (not modal: it may stay open beside the fight) on the page of the round
    system ``current``, or on the shortcuts."""
    from uwr_desktop.ui.window.help_dialogs import HelpDialog
    from uwr_desktop.ui.window.help_dialogs import show_help as show_dialog

    tab = HelpDialog.SHORTCUTS_TAB if shortcuts else HelpDialog.ROUND_TAB
    show_dialog(window, help_pages(current, actions), shortcut_rows(window, actions), tab)


def add_help_menu(
    window: QMainWindow, actions: Mapping[str, QAction], current: Callable[[], str]
) -> QMenu:
    """Add the Help menu to ``window``'s menu bar and connect its entries; ``current`` names
    the open fight's round system."""
    menu = window.menuBar().addMenu("&Help")
    menu.setObjectName("helpMenu")
    menu.addActions([actions["round_help"], actions["shortcuts"], actions["about"]])
    actions["round_help"].triggered.connect(lambda: show_help(window, actions, current()))
    actions["shortcuts"].triggered.connect(
        lambda: show_help(window, actions, current(), shortcuts=True)
    )
    actions["about"].triggered.connect(lambda: show_about(window))
    return menu
