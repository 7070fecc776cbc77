"""A round system's views written as one module of its package, named once.

A round system whose ``view.py`` offers each view as a function taking just what the method
takes (the log line of its own events, the timeline and its axis, resources, the intents on
offer, the answer to a drag) derives from :class:`ViewsFromModule` beside its
:class:`~uwr_desktop.core.rulesets.round_system.RoundSystem` and names that module
(``views = view``); mypy checks the module against :class:`ViewModule`. A system whose views
need its settings writes those methods itself instead.
"""

from typing import Protocol

from uwr_desktop.core.encounter import EncounterState
from uwr_desktop.core.events import Event
from uwr_desktop.core.rulesets.base import DragAnswer, IntentOption, Resource
from uwr_desktop.core.timeline import TimelineAxis, TimelineSlot


class ViewModule(Protocol):
    """The functions a round system's view module offers, one a view."""

    def describe(self, event: Event, state: EncounterState) -> str | None:
        """The log line of an event of the round system's own (``None``: the shared words)."""

    def timeline(self, state: EncounterState) -> tuple[TimelineSlot, ...]:
        """The timeline's slots, in axis order."""

    def timeline_axis(self, state: EncounterState) -> TimelineAxis:
        """The timeline's axis."""

    def resources(self, state: EncounterState, combatant_id: str) -> tuple[Resource, ...]:
        """The combatant's per-round resources."""

    def legal_intents(self, state: EncounterState, combatant_id: str) -> tuple[IntentOption, ...]:
        """The intents the combatant may take now."""

    def drag_answer(self, state: EncounterState, slot_key: str, new_index: int) -> DragAnswer:
        """What a timeline card dropped at ``new_index`` would do."""


class ViewsFromModule:
    """The views of a round system read off :attr:`views`, its view module; named before
    ``RoundSystem`` among the bases, so that they take the place of its defaults."""

    views: ViewModule
    """The round system's view module, set in its class body (``views = view``)."""

    def describe_own(self, event: Event, state: EncounterState) -> str | None:
        """The log line the view module words for ``event`` (``None``: the shared words)."""
        return self.views.describe(event, state)

    def timeline(self, state: EncounterState) -> tuple[TimelineSlot, ...]:
        """The view module's timeline."""
        return self.views.timeline(state)

    def timeline_axis(self, state: EncounterState) -> TimelineAxis:
        """The view module's axis of the timeline."""
        return self.views.timeline_axis(state)

    def resources(self, state: EncounterState, combatant_id: str) -> tuple[Resource, ...]:
        """The combatant's per-round resources, as the view module counts them."""
        return self.views.resources(state, combatant_id)

    def legal_intents(self, state: EncounterState, combatant_id: str) -> tuple[IntentOption, ...]:
        """The intents the view module offers the combatant now."""
        return self.views.legal_intents(state, combatant_id)

    def drag_answer(self, state: EncounterState, slot_key: str, new_index: int) -> DragAnswer:
        """The view module's answer to a card dropped on the timeline."""
        return self.views.drag_answer(state, slot_key, new_index)
