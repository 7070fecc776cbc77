"""The action catalog and the pace table: data the GM can change per fight.

The shipped tables are ``resources/tactical/actions.toml`` and ``paces.toml``; a fight's
settings may carry its own (``TacticalSettings.actions`` / ``paces``), which replace them.
"""

import tomllib
from collections.abc import Sequence
from enum import StrEnum
from functools import cache
from typing import Annotated

import msgspec

from uwr_desktop.core.encounter import Name
from uwr_desktop.core.limits import MAX_COUNT, MAX_INITIATIVE
from uwr_desktop.core.resource_files import resource_path

ActionPoints = Annotated[int, msgspec.Meta(ge=0, le=MAX_COUNT)]
"""An action's cost in AP."""

Penalty = Annotated[int, msgspec.Meta(ge=-MAX_INITIATIVE, le=0)]
"""A penalty: zero or below."""


class ActionKind(StrEnum):
    """How an action of the catalog is played."""

    ACTION = "action"  # min_ap..max_ap AP, declared and resolved later
    INSTANT = "instant"  # 0 AP: the first of a round free, each further one 1 AP
    CONCENTRATION = "concentration"  # "C": concentrating for the round
    MOVEMENT = "movement"  # "special": recorded as the round's pace


class ActionType(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """One entry of the action catalog."""

    name: Name
    kind: ActionKind = ActionKind.ACTION
    min_ap: ActionPoints = 0
    max_ap: ActionPoints = 0

    def __post_init__(self) -> None:
        """Refuse a range that runs backwards or an action of no AP."""
        if self.min_ap > self.max_ap:
            raise ValueError(f"{self.name}: min_ap {self.min_ap} is above max_ap {self.max_ap}")
        if self.kind is ActionKind.ACTION and self.min_ap < 1:
            raise ValueError(f"{self.name}: an action costs at least 1 AP (0 AP is an instant)")

    @property
    def ranged(self) -> bool:
        """Whether it may be shortened (its AP are a range)."""
        return self.kind is ActionKind.ACTION and self.min_ap < self.max_ap

    @property
    def cost_text(self) -> str:
        """The cost as the catalog writes it: ``"2-4"``, ``"3"``, ``"0"``, ``"C"``."""
        if self.kind is ActionKind.INSTANT:
            return "0"
        if self.kind is ActionKind.CONCENTRATION:
            return "C"
        if self.kind is ActionKind.MOVEMENT:
            return "special"
        if self.ranged:
            return f"{self.min_ap}-{self.max_ap}"
        return str(self.max_ap)


class Pace(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A movement pace and its penalty to every other action of the round."""

    name: Name
    penalty: Penalty


class _Actions(msgspec.Struct, forbid_unknown_fields=True):
    actions: tuple[ActionType, ...]


class _Paces(msgspec.Struct, forbid_unknown_fields=True):
    paces: tuple[Pace, ...]


@cache
def shipped_actions() -> tuple[ActionType, ...]:
    """The action catalog shipped in ``resources/tactical/actions.toml``."""
    text = resource_path("tactical", "actions.toml").read_text(encoding="utf-8")
    return msgspec.convert(tomllib.loads(text), _Actions).actions


@cache
def shipped_paces() -> tuple[Pace, ...]:
    """The pace table shipped in ``resources/tactical/paces.toml``, slowest first."""
    text = resource_path("tactical", "paces.toml").read_text(encoding="utf-8")
    return msgspec.convert(tomllib.loads(text), _Paces).paces


def find(entries: Sequence[ActionType | Pace], name: str) -> int | None:
    """The index of the entry called ``name`` (case and spaces ignored), or ``None``."""
    key = name.strip().casefold()
    return next((i for i, entry in enumerate(entries) if entry.name.casefold() == key), None)
