"""Combatants and sessions for the ``hands`` tests."""

import random

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.hands.sheet import HandsSheet, HandsWeapon
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side


class ScriptedDice:
    """A random source that answers with the faces it was given, in order."""

    def __init__(self, faces):
        self.faces = list(faces)
        self.dice = []

    def randint(self, a, b):
        self.dice.append((a, b))
        face = self.faces.pop(0)
        assert a <= face <= b
        return face


def fighter(cid, points, *, side=Side.ENEMY, reach=1, missile=False, bonus=0, keep=0, **sheet):
    """A combatant with ``points`` maximum hit points and one weapon of ``reach``."""
    weapon = HandsWeapon(name="Bow" if missile else "Blade", reach=reach, missile=missile)
    return Combatant(
        id=cid,
        name=cid.capitalize(),
        side=side,
        sheet=HandsSheet(
            max_points=points, bonus=bonus, carry_plan=keep, weapons=(weapon,), **sheet
        ),
    )


def session(*combatants, seed=1, dice=None, settings=None):
    """A ``hands`` session; rolls come from ``dice`` (scripted faces, or a ``ScriptedDice``)
    or a seeded source."""
    if dice is None:
        source = random.Random(seed)
    else:
        source = dice if isinstance(dice, ScriptedDice) else ScriptedDice(dice)
    return Session(make_ruleset("hands", settings or {}), combatants, roller=Roller(source))


def sheet(fight, cid):
    """The combatant's sheet now."""
    return fight.state.combatants[cid].sheet


def pools(fight, cid):
    """(ready, carry-over, used) of a combatant now."""
    found = sheet(fight, cid)
    return found.ready, found.carry_over, found.used


def declare_order(fight):
    """Who declares first this turn, in order (the timeline's column of the turn under way)."""
    slots = fight.ruleset.timeline(fight.state)
    return [slot.combatant_id for slot in slots if slot.column == slots[-1].column]
