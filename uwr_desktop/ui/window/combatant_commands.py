"""The Combatant menu's commands on the combatants selected in the table: add, duplicate,
remove, edit the sheet or the conditions, damage and heal.

Every command hands an intent to the session through ``do``, which shows a refusal; a command
that needs a selection says so when there is none.
"""

from collections.abc import Callable

from uwr_desktop.core.intents import (
    AddCondition,
    ApplyDamage,
    Heal,
    Intent,
    RemoveCombatants,
    ReplaceCombatant,
)
from uwr_desktop.core.naming import copies_join, duplicates, newcomer_joins
from uwr_desktop.ui.command_context import NOTHING_SELECTED, CommandContext
from uwr_desktop.ui.window.dice_dock import DiceDock

AmountIntent = Callable[[list[str], int], Intent]
"""Builds the intent of an amount dialog (damage or healing) for the chosen combatants."""


class CombatantCommands:
    """Commands on the combatants ``context.selected`` gives (in table order); the round
    system's own dialogs come from ``dice_dock.ui``."""

    def __init__(self, context: CommandContext, dice_dock: DiceDock) -> None:
        self._context = context
        self._dice_dock = dice_dock

    def require_selection(self) -> list[str] | None:
        """The selected ids, or ``None`` after telling the GM to select someone."""
        ids = self._context.selected()
        if not ids:
            self._context.refuse(NOTHING_SELECTED)
            return None
        return ids

    def _one_selected(self) -> str | None:
        ids = self.require_selection()
        if ids is not None and len(ids) > 1:
            self._context.refuse("Select one combatant to edit.")
            return None
        return ids[0] if ids else None

    def add_combatant(self) -> None:
        """Ask the round system's dialog for a new combatant and add it, numbered when its name
        is already fighting (the plain original becomes number 1 in the same undoable step)."""
        ui = self._dice_dock.ui
        if ui is None:
            self._context.refuse(self._dice_dock.ui_problem)
            return
        combatant = ui.edit_combatant(self._context.window, self._context.document.session.ruleset)
        if combatant is not None:
            state = self._context.document.session.state
            fighting = [state.combatants[cid] for cid in state.rows]
            self._context.do(newcomer_joins(combatant, fighting))

    def duplicate_selected(self) -> None:
        """Add a numbered copy of each selected combatant; an unnumbered original becomes
        number 1 in the same undoable step ("Bandit" and its copy: "Bandit 1", "Bandit 2")."""
        ids = self.require_selection()
        if ids is None:
            return
        state = self._context.document.session.state
        fighting = [state.combatants[cid] for cid in state.rows]
        made = duplicates([state.combatants[cid] for cid in ids], [c.name for c in fighting])
        self._context.do(copies_join(made, fighting))

    def remove_selected(self) -> None:
        """Remove the selected combatants after asking (undoable)."""
        from uwr_desktop.ui.dialogs.prompts import confirm

        ids = self.require_selection()
        if ids is None:
            return
        state = self._context.document.session.state
        who = state.combatants[ids[0]].name if len(ids) == 1 else f"{len(ids)} combatants"
        question = f"Remove {who} from the fight? Undo brings them back."
        if confirm(self._context.window, "Remove", question, "&Remove"):
            self._context.do(RemoveCombatants(ids))

    def edit_selected(self) -> None:
        """Edit the selected combatant's whole sheet in the round system's dialog, mid-fight
        too. A sheet the rules refuse (a name someone else fighting has) opens again as the GM
        left it, the reason in the status bar, until it is taken or the GM cancels."""
        combatant_id = self._one_selected()
        if combatant_id is None:
            return
        ui = self._dice_dock.ui
        if ui is None:
            self._context.refuse(self._dice_dock.ui_problem)
            return
        session = self._context.document.session
        shown = session.state.combatants[combatant_id]
        while True:
            edited = ui.edit_combatant(self._context.window, session.ruleset, shown)
            if edited is None or self._context.do(ReplaceCombatant(edited)):
                return
            shown = edited

    def edit_conditions_of_selected(self) -> None:
        """Add, remove or change the selected combatant's conditions, or mark it defeated."""
        from uwr_desktop.ui.dialogs.condition_editor import edit_conditions

        combatant_id = self._one_selected()
        if combatant_id is not None:
            edit_conditions(
                self._context.window, self._context.document, combatant_id, self._context.do
            )

    def amount_to_selected(self, title: str, asking: str, make: AmountIntent) -> None:
        """Ask for an amount (of damage or healing: ``asking``, "Damage to") and give it to
        every selected combatant, named in the question."""
        from uwr_desktop.ui.dialogs.quick import ask_amount
        from uwr_desktop.ui.widgets.listed import selection_words

        ids = self.require_selection()
        if ids is None:
            return
        who = selection_words(self._context.document.session.state, ids)
        amount = ask_amount(self._context.window, title, f"{asking} {who}:")
        if amount is not None:
            self._context.do(make(ids, amount))

    def step_health(self, combatant_id: str, step: int) -> None:
        """Deal 1 damage (``step`` below 0) or heal 1: the Health column's - and +."""
        self._context.do(ApplyDamage([combatant_id], 1) if step < 0 else Heal([combatant_id], 1))

    def step_selected(self, step: int) -> None:
        """Deal 1 damage (``step`` below 0) or heal 1 to every selected combatant."""
        ids = self.require_selection()
        if ids is not None:
            self._context.do(ApplyDamage(ids, 1) if step < 0 else Heal(ids, 1))

    def add_condition_to_selected(self) -> None:
        """Put a condition on every selected combatant: the round system's named conditions
        offered, and any combatant's turn it may last until (the first selected first)."""
        from uwr_desktop.ui.dialogs.condition_dialog import ask_condition_in

        ids = self.require_selection()
        if ids is None:
            return
        condition = ask_condition_in(self._context.window, self._context.document.session, ids[0])
        if condition is not None:
            self._context.do(AddCondition(ids, condition))
