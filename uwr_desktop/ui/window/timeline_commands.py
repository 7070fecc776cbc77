"""What the GM does on the timeline, as the round system means it: a drag to a new place or to
a value of the axis, a click on a pip, a card chosen (its combatant selected in the table)."""

from uwr_desktop.core.rulesets.base import AxisDrops, DragAnswer, PipClicks
from uwr_desktop.ui.command_context import CommandContext
from uwr_desktop.ui.timeline.widget import InitiativeTimeline


class TimelineCommands:
    """Connects ``timeline`` to the open fight's ruleset: a drop's words are told, and a card
    chosen selects its combatant in the table."""

    def __init__(self, context: CommandContext, timeline: InitiativeTimeline) -> None:
        self._context = context
        self._timeline = timeline
        timeline.set_drag_answerer(self._drag_text)
        timeline.slotMoveRequested.connect(self._on_drop)
        timeline.set_value_answerer(self._value_drag_text)
        timeline.slotValueDropped.connect(self._on_value_drop)
        timeline.slotActivated.connect(self._on_activated)
        timeline.slotPipClicked.connect(self._on_pip)

    def _drag_text(self, key: str, new_index: int) -> str:
        session = self._context.document.session
        return session.ruleset.drag_answer(session.state, key, new_index).text

    def _on_drop(self, key: str, new_index: int) -> None:
        session = self._context.document.session
        answer = session.ruleset.drag_answer(session.state, key, new_index)
        if answer.intent is not None and self._context.do(answer.intent):
            self._context.tell(answer.text)

    def _value_answer(self, key: str, value: int) -> DragAnswer | None:
        session = self._context.document.session
        ruleset = session.ruleset
        if not isinstance(ruleset, AxisDrops):
            return None
        return ruleset.drag_answer_at(session.state, key, value)

    def _value_drag_text(self, key: str, value: int) -> str | None:
        answer = self._value_answer(key, value)
        return None if answer is None else answer.text

    def _on_value_drop(self, key: str, value: int) -> None:
        answer = self._value_answer(key, value)
        if answer is None:
            return
        # Words without an intent (a fixed cost, say) are worth repeating after the drop.
        if answer.intent is None or self._context.do(answer.intent):
            self._context.tell(answer.text)

    def _on_pip(self, key: str, pip: int) -> None:
        """A pip on the timeline was clicked: do what the ruleset says it means."""
        session = self._context.document.session
        if isinstance(session.ruleset, PipClicks):
            intent = session.ruleset.pip_intent(session.state, key, pip)
            if intent is not None:
                self._context.do(intent)

    def _on_activated(self, key: str) -> None:
        slot = next((s for s in self._timeline.slots() if s.key == key), None)
        if slot is not None:
            self._context.select(slot.combatant_id)
