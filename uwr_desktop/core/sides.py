"""The side a combatant fights on."""

from enum import StrEnum


class Side(StrEnum):
    """Which side a combatant is on; the order is the uwr initiative tie order."""

    PLAYER = "player"
    ALLY = "ally"
    NEUTRAL = "neutral"
    ENEMY = "enemy"

    @property
    def tie_rank(self) -> int:
        """Position in the tie order: players first, enemies last."""
        return _TIE_RANKS[self]

    @property
    def group(self) -> str:
        """The side as a group, as sentences name it: "players", "enemies"."""
        return _GROUPS[self]


_TIE_RANKS = {side: rank for rank, side in enumerate(Side)}

_GROUPS = {
    Side.PLAYER: "players",
    Side.ALLY: "allies",
    Side.NEUTRAL: "neutrals",
    Side.ENEMY: "enemies",
}
