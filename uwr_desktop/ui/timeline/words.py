"""The timeline in words: a slot's note line and tooltip, and the accessible description.

Every word about a slot's kind comes from the slot (``SlotKind.words``) and every word about
the axis from the axis (``TimelineAxis.unit``): nothing here knows a round system.
"""

from collections.abc import Callable, Sequence

from uwr_desktop.core.encounter import SETUP_PHASE, EncounterState
from uwr_desktop.core.timeline import AxisKind, SlotStatus, TimelineAxis, TimelineSlot

NOBODY_YET = "No one on the timeline yet: add combatants and start the fight."
"""What an empty timeline says before anyone joins the fight."""

STATUS_WORDS = {
    SlotStatus.DONE: "Done",
    SlotStatus.CURRENT: "Acting now",
    SlotStatus.PENDING: "Waiting",
    SlotStatus.DELAYED: "Delayed",
}


def empty(state: EncounterState) -> str:
    """What the timeline says when it shows no slot: how to begin, that everyone is down, or
    that nobody is on it at this point of the fight."""
    if not state.combatants:
        return NOBODY_YET
    if state.phase != SETUP_PHASE and state.everyone_down():
        return "Everyone is down: nobody is on the timeline."
    return "Nobody is on the timeline now."


def note(slot: TimelineSlot) -> str:
    """A card's note line: a set-apart slot's words and its detail; its status (unless
    waiting) only when it has neither, as the mark drawn before the line already tells it
    (so a narrow card's room goes to what only the note says)."""
    parts: list[str] = []
    if slot.kind.set_apart:
        parts.append(slot.kind.words)
    if slot.detail:
        parts.append(slot.detail)
    if not parts and slot.status != SlotStatus.PENDING:
        parts.append(STATUS_WORDS[slot.status])
    return " · ".join(parts)


def points(slot: TimelineSlot, axis: TimelineAxis) -> str:
    """A slot's pips in words (``"Ready points: 1, 3 spent"``; ``""`` without pips)."""
    if not slot.pips and not slot.spent_pips:
        return ""
    spent = f", {slot.spent_pips} spent" if slot.spent_pips else ""
    return f"{axis.unit or 'Points'}: {slot.pips}{spent}"


def tooltip(slot: TimelineSlot, axis: TimelineAxis, *, down: bool) -> str:
    """The whole slot as rich text: name, side and value, kind and status, pips, detail."""
    from html import escape  # on the first hover: html's entity table costs start-up time

    lines = [
        f"<b>{escape(slot.label)}</b>",
        escape(f"{slot.side.value.capitalize()} · {slot.value_text}"),
        escape(f"{slot.kind.words} · {STATUS_WORDS[slot.status]}"),
    ]
    counted = points(slot, axis)
    if counted:
        lines.append(escape(counted))
    if slot.detail:
        lines.append(escape(slot.detail))
    if slot.pip_action:
        lines.append(escape("Click a filled pip to spend the points up to it"))
    if down:
        lines.append("Out of the fight: skipped by the turn")
    return "<br>".join(lines)


DESCRIBED_CARDS = 40
"""Cards told one by one in the timeline's accessible description, at most."""


def told(slot: TimelineSlot, *, down: bool) -> str:
    """One card as the description tells it: its name, value, status and whether it is out
    ("Bandit 2, 12, Waiting, out of the fight")."""
    parts = [slot.label, slot.value_text, STATUS_WORDS[slot.status]]
    if slot.kind.set_apart:
        parts.append(slot.kind.words)
    if down:
        parts.append("out of the fight")
    return ", ".join(part for part in parts if part)


def order(slots: Sequence[TimelineSlot], is_down: Callable[[str], bool]) -> str:
    """The cards in order, numbered, each with its state (the first ``DESCRIBED_CARDS``)."""
    shown = [
        f"{number}. {told(slot, down=is_down(slot.combatant_id))}."
        for number, slot in enumerate(slots[:DESCRIBED_CARDS], start=1)
    ]
    more = len(slots) - DESCRIBED_CARDS
    if more > 0:
        shown.append(f"And {more} more.")
    return " ".join(["In order:", *shown]) if shown else ""


def description(
    slots: Sequence[TimelineSlot],
    axis: TimelineAxis,
    drawn: AxisKind,
    selected_key: str | None,
    is_down: Callable[[str], bool] = lambda _cid: False,
) -> str:
    """What a screen reader says of the timeline: how many slots, the ruler's span and the
    value it stands at now, who acts now, the selected slot, then every card in order with
    its state."""
    current = next((slot for slot in slots if slot.status == SlotStatus.CURRENT), None)
    selected = next((slot for slot in slots if slot.key == selected_key), None)
    parts = [f"{len(slots)} cards."]
    if drawn is AxisKind.RULER and slots:
        unit = axis.unit or "Positions"
        parts.append(f"{unit} {slots[0].position} to {slots[-1].position}, highest first.")
        if axis.now is not None:
            parts.append(f"Now at {axis.now}.")
    if current is not None:
        parts.append(f"Acting now: {current.label} ({current.value_text}).")
    if selected is not None:
        counted = points(selected, axis)
        extra = f", {counted}" if counted else ""
        parts.append(
            f"Selected: {selected.label}, {selected.value_text}, "
            f"{STATUS_WORDS[selected.status]}{extra}."
        )
    told_order = order(slots, is_down)
    if told_order:
        parts.append(told_order)
    return " ".join(parts)
