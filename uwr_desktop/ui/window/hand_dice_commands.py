"""Who rolls the dice, as the GM sets it: each side's dice rolled by hand or by the app (Fight ▸
Dice Rolled by Hand), a combatant's own choice (right-click ▸ Who Rolls the Dice), the next
roll the other way (By Hand This Time), and the prompt that takes the faces rolled by hand."""

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu

from uwr_desktop.core.dice_requests import DiceRequest
from uwr_desktop.core.encounter import DiceBy
from uwr_desktop.core.intents import EditCell, SetHandRolls
from uwr_desktop.core.rulesets.hand_rolls import DICE_BY_CELL
from uwr_desktop.core.sides import Side
from uwr_desktop.ui.command_context import CommandContext
from uwr_desktop.ui.document import FacesAnswer

THIS_TIME_KEY = "Ctrl+Shift+H"
"""The key of By Hand This Time."""

_DICE_BY_TEXT = {
    DiceBy.SIDE: "As Its &Side Does",
    DiceBy.APP: "The &App Rolls",
    DiceBy.HAND: "Rolled by &Hand",
}


class HandDiceCommands(QObject):
    """The menus and actions of dice rolled by hand, kept in step with the open fight."""

    def __init__(self, context: CommandContext) -> None:
        """Build the commands for the open fight and the table's selected combatants."""
        super().__init__(context.window)
        self._context = context
        window, document = context.window, context.document
        self.menu = QMenu("Dice Rolled by &Hand", window)
        self.menu.setObjectName("handDiceMenu")
        self.side_actions: dict[Side, QAction] = {}
        for side in Side:
            action = QAction(f"{side.group.capitalize()} Roll by Hand", self.menu)
            action.setCheckable(True)
            action.setStatusTip(
                f"The {side.group}' dice are rolled at the table and typed in "
                "(a combatant's own choice wins)"
            )
            action.triggered.connect(lambda on, chosen=side: self._set_side(chosen, on))
            self.menu.addAction(action)
            self.side_actions[side] = action
        self.menu.addSeparator()
        self.this_time = QAction("By Hand &This Time", window)
        self.this_time.setObjectName("handThisTime")
        self.this_time.setCheckable(True)
        self.this_time.setShortcut(THIS_TIME_KEY)
        self.this_time.setStatusTip(
            "Make the next roll the other way: by hand where the app would roll, by the app "
            "where the table would"
        )
        self.this_time.toggled.connect(document.set_hand_this_time)
        document.handThisTimeChanged.connect(self.this_time.setChecked)
        self.menu.addAction(self.this_time)
        window.addAction(self.this_time)
        self.row_menu = QMenu("Who Rolls the &Dice", window)
        group = QActionGroup(self.row_menu)
        self.dice_by_actions: dict[DiceBy, QAction] = {}
        for dice_by, text in _DICE_BY_TEXT.items():
            action = QAction(text, group)
            action.setCheckable(True)
            action.triggered.connect(lambda _=False, chosen=dice_by: self._set_dice_by(chosen))
            self.row_menu.addAction(action)
            self.dice_by_actions[dice_by] = action
        self.row_menu.aboutToShow.connect(self._check_dice_by)
        document.ask_faces = self.ask
        document.changed.connect(lambda _: self.sync())
        document.sessionReplaced.connect(self.sync)
        self.sync()

    def ask(self, request: DiceRequest, who: str) -> FacesAnswer:
        """Ask for the faces of ``request`` in the prompt."""
        from uwr_desktop.ui.dialogs.faces_prompt import ask_faces

        return ask_faces(self._context.window, request, who)

    def sync(self) -> None:
        """Tick the sides whose dice are rolled by hand now."""
        sides = self._context.document.session.state.hand_sides
        for side, action in self.side_actions.items():
            action.setChecked(side in sides)

    def _set_side(self, side: Side, on: bool) -> None:
        self._context.do(SetHandRolls(side, on))
        self.sync()

    def _check_dice_by(self) -> None:
        combatants = self._context.document.session.state.combatants
        chosen = {combatants[cid].dice_by for cid in self._context.selected() if cid in combatants}
        for dice_by, action in self.dice_by_actions.items():
            action.setChecked(chosen == {dice_by})

    def _set_dice_by(self, dice_by: DiceBy) -> None:
        for cid in self._context.selected():
            if not self._context.do(EditCell(cid, DICE_BY_CELL, dice_by.value)):
                return
