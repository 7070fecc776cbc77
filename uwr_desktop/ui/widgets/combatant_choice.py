"""A drop-down of the fight's combatants that follows the fight by itself."""

from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.widgets.build import set_items
from uwr_desktop.ui.widgets.wheel import ChoiceBox


class CombatantChoice(ChoiceBox):
    """The combatants in turn order, by name, each item's data its id; the one chosen stays
    chosen while it is in the fight, and with ``on_turn`` the combatant whose turn it is is
    chosen as each turn starts. It refills itself on every change and on a fight opened."""

    def __init__(self, document: EncounterDocument, name: str, *, on_turn: bool = False) -> None:
        """Follow ``document``; ``name`` is the object name tests and style sheets find."""
        super().__init__()
        self.setObjectName(name)
        self._document = document
        self._on_turn = on_turn
        document.sessionReplaced.connect(self.refill)
        document.changed.connect(self.refill)
        self.refill()

    def refill(self, *_: object) -> None:
        """The combatants of the fight now, the choice kept (or moved to the one on turn)."""
        state = self._document.session.state
        chosen = self.currentData()
        set_items(self, [(state.combatants[cid].name, cid) for cid in state.order])
        self.choose(state.current if self._on_turn and state.current is not None else chosen)

    def choose(self, combatant_id: str | None) -> None:
        """Choose ``combatant_id`` when it is one of the items (else leave the choice)."""
        index = -1 if combatant_id is None else self.findData(combatant_id)
        if index >= 0:
            self.setCurrentIndex(index)
