"""A tactical fight in the middle of round 1: six combatants, each with one action resolved and
a second under way, two of them with conditions (for the timeline's lanes); and the countdown
panel shown on its own, following a document."""

import random
from collections.abc import Iterator
from contextlib import contextmanager

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant, Condition
from uwr_desktop.core.intents import (
    AddCombatants,
    AddCondition,
    EditCell,
    Intent,
    NextTurn,
    StartFight,
)
from uwr_desktop.core.rulesets.tactical import rules
from uwr_desktop.core.rulesets.tactical.intents import TacticalDeclare, TacticalResolve
from uwr_desktop.core.rulesets.tactical.sheet import TacticalSheet, sheet_of
from uwr_desktop.core.rulesets.tactical.state import part_of
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.rulesets.tactical.countdown_panel import CountdownPanel

PEOPLE = (
    ("Hauser", 18, Side.PLAYER),
    ("Bandit Captain Varga", 15, Side.ENEMY),
    ("Mira the Quick", 12, Side.PLAYER),
    ("Orc Brute", 10, Side.ENEMY),
    ("Tam", 8, Side.ALLY),
    ("Goblin Archer", 5, Side.ENEMY),
)
FIRST = (
    ("Melee attack", 2),
    ("Ranged attack", 2),
    ("Perception", 1),
    ("Draw weapon/ammo/item", None),
    ("Ranged attack", 1),
    ("Shift item to other hand", None),
)


def two_actions_each(session: Session) -> None:
    """Add the six, start the fight, and count down until everyone has declared twice (ids
    ``c0``..``c5``)."""
    session.do(
        AddCombatants(
            tuple(
                Combatant(id=f"c{i}", name=name, side=side, sheet=TacticalSheet())
                for i, (name, _, side) in enumerate(PEOPLE)
            )
        )
    )
    session.do(StartFight())
    for i, (_, base, _) in enumerate(PEOPLE):
        session.do(EditCell(f"c{i}", "initiative", base))
    session.do(AddCondition(("c1",), Condition("Stunned", 1)))
    session.do(AddCondition(("c3",), Condition("Prone", None)))
    session.do(NextTurn())
    declared = dict.fromkeys((f"c{i}" for i in range(len(PEOPLE))), 0)
    order = session.ruleset.settings.tie_order
    while min(declared.values()) < 2:
        state = session.state
        if rules.resolving(state, order):
            session.do(TacticalResolve())
            continue
        due = [cid for cid in rules.declaring(state, order) if declared[cid] < 2]
        if not due:
            session.do(NextTurn())
            continue
        cid = due[0]
        left = rules.ap_left(sheet_of(state.combatants[cid]), part_of(state).count)
        if declared[cid]:
            action = ("Melee attack", 2) if left >= 2 else ("Ranged attack", 1)
        else:
            action = FIRST[int(cid[1:])]
        session.do(TacticalDeclare(cid, *action))
        declared[cid] += 1


@contextmanager
def tactical_document(roster: tuple[Combatant, ...], *steps: Intent) -> Iterator[EncounterDocument]:
    """A document over a tactical fight of ``roster`` with ``steps`` done (dice seeded), closed
    once done with."""
    document = EncounterDocument(None, roller=Roller(random.Random(7)))
    document.new("tactical", roster)
    for step in steps:
        document.session.do(step)
    yield document
    document.close()


def shown_panel(qtbot, document: EncounterDocument) -> CountdownPanel:
    """The countdown panel following ``document``, shown (closed with the test)."""
    widget = CountdownPanel(document)
    qtbot.addWidget(widget)
    widget.show()
    return widget
