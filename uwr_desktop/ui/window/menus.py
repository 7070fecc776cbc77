"""The window's menus, toolbar and the table's right-click commands, built from the one table
of actions (``ui/window/actions.py``)."""

from collections.abc import Callable, Mapping, Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow, QMenu, QToolBar, QToolButton, QWidget

from uwr_desktop.ui.window.help_menu import add_help_menu

COMBATANT_COMMANDS = (
    "damage",
    "heal",
    "damage_one",
    "heal_one",
    "condition",
    "edit_conditions",
)
"""The Combatant menu's commands on health and conditions, in menu order."""


def build_menus(
    window: QMainWindow,
    actions: Mapping[str, QAction],
    *,
    recent: QMenu,
    parties: QMenu,
    view: Sequence[QAction],
    player_view: tuple[QAction, QMenu, QAction],
    hand_dice: QMenu,
    current_ruleset: Callable[[], str],
    panel: QMenu,
    columns: QMenu,
) -> None:
    """File, Edit, Combatant, Fight, View and Help; ``view`` lists the dock toggles first in
    the View menu, ``player_view`` its open action, options menu and Share With Players,
    ``hand_dice`` who rolls the dice (in the Fight menu); ``current_ruleset`` names the open
    fight's round system (the help shows its page first); ``panel`` (the Dice dock panel's own
    commands) goes in the Fight menu; ``columns`` (which columns the table shows) in the View
    menu."""
    a = actions
    bar = window.menuBar()
    file_menu = bar.addMenu("&File")
    file_menu.addActions([a["new"], a["open"]])
    file_menu.addMenu(recent)
    file_menu.addAction(a["reopen_last"])
    file_menu.addSeparator()
    file_menu.addActions([a["save"], a["save_as"], a["export_log"]])
    file_menu.addSeparator()
    file_menu.addAction(a["quit"])
    edit_menu = bar.addMenu("&Edit")
    edit_menu.addActions([a["undo"], a["redo"]])
    combatant_menu = bar.addMenu("&Combatant")
    combatant_menu.addActions(
        [a["add_combatant"], a["add_from_library"], a["duplicate"], a["remove"]]
    )
    combatant_menu.addAction(a["edit_combatant"])
    combatant_menu.addSeparator()
    combatant_menu.addActions([a[key] for key in COMBATANT_COMMANDS])
    combatant_menu.addSeparator()
    combatant_menu.addAction(a["save_to_library"])
    combatant_menu.addAction(a["save_party"])
    combatant_menu.addMenu(parties)
    fight_menu = bar.addMenu("F&ight")
    fight_menu.addActions([a["start_fight"], a["next_turn"], a["end_round"]])
    fight_menu.addSeparator()
    fight_menu.addActions([a["attack"], a["roll"], a["reroll"], a["resolve"]])
    fight_menu.addMenu(panel)
    fight_menu.addSeparator()
    fight_menu.addAction(a["clear_order"])
    fight_menu.addSeparator()
    fight_menu.addMenu(hand_dice)
    view_menu = bar.addMenu("&View")
    view_menu.addActions(list(view))
    view_menu.addMenu(columns)
    view_menu.addSeparator()
    view_menu.addActions([a["next_pane"], a["previous_pane"]])
    view_menu.addSeparator()
    view_menu.addAction(a["reduce_motion"])
    view_menu.addSeparator()
    view_menu.addActions([a["zoom_in"], a["zoom_out"], a["zoom_reset"]])
    view_menu.addSeparator()
    open_player_view, player_view_options, share = player_view
    view_menu.addAction(open_player_view)
    view_menu.addMenu(player_view_options)
    view_menu.addAction(share)
    add_help_menu(window, a, current_ruleset)


def build_toolbar(window: QMainWindow, actions: Mapping[str, QAction]) -> QToolBar:
    """The main toolbar: files, undo and redo (icons only), adding combatants, the turns."""
    a = actions
    toolbar = QToolBar("Main", window)
    toolbar.setObjectName("mainToolBar")
    toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
    toolbar.addActions([a["new"], a["open"], a["save"]])
    toolbar.addSeparator()
    toolbar.addActions([a["undo"], a["redo"]])
    toolbar.addSeparator()
    toolbar.addActions([a["add_combatant"], a["add_from_library"]])
    toolbar.addSeparator()
    toolbar.addActions([a["start_fight"], a["next_turn"], a["end_round"]])
    for key in ("undo", "redo"):
        # The labels grow with what they would take back ("Undo Blinded: Bandit 1 and ...");
        # icons alone keep Next Turn and End Round in view on a laptop. The label is in the
        # Edit menu and the tooltip.
        button = toolbar.widgetForAction(a[key])
        if isinstance(button, QToolButton):
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
    window.addToolBar(toolbar)
    return toolbar


def add_row_commands(
    table: QWidget, actions: Mapping[str, QAction], more: Sequence[QAction]
) -> None:
    """The commands offered by a right-click on the table's rows."""
    keys = ("duplicate", "remove", "edit_combatant", *COMBATANT_COMMANDS, "save_to_library")
    table.addActions([*(actions[key] for key in keys), *more])
