"""Wound ranks: how many wounds each rank holds (from Earth) and its TN penalty.

The table is data (``resources/rollkeep/wound_ranks.toml``): Healthy holds Earth x 5 wounds,
every later rank Earth x 2; a rank's penalty is added to the TN of every roll its bearer makes.
A combatant whose wounds fill Out's rank is out of the fight; wounds past Out kill.
"""

import tomllib
from functools import cache

import msgspec

from uwr_desktop.core.resource_files import resource_path


class WoundRank(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One rank of the table: its name, wounds it holds per point of Earth, its TN penalty and
    whether reaching it takes the combatant out of the fight."""

    name: str
    earth_multiple: int
    penalty: int
    out: bool = False


class _Table(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    rank: tuple[WoundRank, ...]


@cache
def wound_ranks() -> tuple[WoundRank, ...]:
    """The wound ranks in order, Healthy first, Out last."""
    with resource_path("rollkeep", "wound_ranks.toml").open("rb") as stream:
        return msgspec.convert(tomllib.load(stream), _Table).rank


class WoundState(msgspec.Struct, frozen=True):
    """Where ``wounds`` leave a combatant: its rank (``None`` once dead), the TN penalty, the
    wounds its current rank holds up to, and whether it is out or dead."""

    rank: WoundRank | None
    penalty: int
    limit: int
    dead: bool

    @property
    def name(self) -> str:
        """The rank's name, or ``"Dead"``."""
        return "Dead" if self.rank is None else self.rank.name

    @property
    def out(self) -> bool:
        """Out of the fight: at Out or dead."""
        return self.dead or (self.rank is not None and self.rank.out)


def wound_state(wounds: int, earth: int) -> WoundState:
    """The rank ``wounds`` fill for a combatant with Earth ``earth``.

    A rank holds its wounds: with Earth 2, Healthy holds 0 to 10 wounds and the 11th is Nicked.
    Wounds beyond the last rank (Out) kill.
    """
    limit = 0
    for rank in wound_ranks():
        limit += rank.earth_multiple * earth
        if wounds <= limit:
            return WoundState(rank, rank.penalty, limit, dead=False)
    return WoundState(None, wound_ranks()[-1].penalty, limit, dead=True)


def death_at(earth: int) -> int:
    """The fewest wounds that kill a combatant with Earth ``earth``."""
    return sum(rank.earth_multiple for rank in wound_ranks()) * earth + 1
