"""Shared helpers of the ``tactical`` tests: scripted dice and combatants."""

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.tactical.sheet import TacticalSheet, sheet_of
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side


class ScriptedDice:
    """Rolls the faces it is given, in order, and fails loudly when they run out."""

    def __init__(self, faces: list[int]) -> None:
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        face = self.faces.pop(0)
        assert a <= face <= b, f"scripted face {face} is not a d{b}"
        return face


def fighter(cid: str, side: Side = Side.ENEMY, **sheet: object) -> Combatant:
    """A tactical combatant called after its id."""
    return Combatant(id=cid, name=cid.capitalize(), side=side, sheet=TacticalSheet(**sheet))


def tactical_session(roster: list[Combatant], faces: list[int], **settings: object) -> Session:
    """A tactical fight rolling ``faces``."""
    return Session(make_ruleset("tactical", settings), roster, roller=Roller(ScriptedDice(faces)))


def sheet(session: Session, cid: str) -> TacticalSheet:
    """The tactical sheet of ``cid`` now."""
    return sheet_of(session.state.combatants[cid])
