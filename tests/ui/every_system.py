"""Helpers for tests that run over every round system, the tests' own included: the systems, a
fighter of each, an attack in each, and every view the window reads of a fight.

A round system of the tests is a package beside this module (``duel``) with a ``RULESET_ID``
and an ``install()`` that registers it as a system from elsewhere would be; it is found here,
so adding one touches no other file.
"""

import importlib
import pkgutil
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import strategies as st
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant, Condition, EncounterState, Sheet, sheet_type
from uwr_desktop.core.intents import (
    AddCombatants,
    AddCondition,
    ApplyDamage,
    EndRound,
    Heal,
    Intent,
    NextTurn,
    RemoveCombatants,
    RemoveCondition,
    RerollDice,
    RollDice,
    StartFight,
)
from uwr_desktop.core.rulesets import load_ruleset, make_ruleset, registry, ruleset_ids
from uwr_desktop.core.rulesets.base import Ruleset
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side
from uwr_desktop.ui.log.model import LogModel
from uwr_desktop.ui.player_view.picture import last_roll, player_picture
from uwr_desktop.ui.player_view.window import PlayerView
from uwr_desktop.ui.rulesets import registry as ui_registry
from uwr_desktop.ui.table.model import CombatantTableModel

ROLES = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.UserRole + 1)
"""What the table and the log are asked for: the text, the tooltip, the row's combatant."""


def _own_systems() -> dict[str, Any]:
    """The packages beside this module that install a round system, by the system's id."""
    found = {}
    for module in pkgutil.iter_modules([str(Path(__file__).parent)]):
        if module.ispkg:
            package = importlib.import_module(module.name)
            if hasattr(package, "install") and hasattr(package, "RULESET_ID"):
                found[package.RULESET_ID] = package
    return found


_OWN_PACKAGES = _own_systems()
OWN_SYSTEMS = tuple(_OWN_PACKAGES)
"""The round systems of the tests alone (``duel``)."""

SYSTEMS = (*ruleset_ids(), *OWN_SYSTEMS)
"""Every round system this version offers, and the tests' own."""


def own_systems_installed() -> Iterator[None]:
    """The tests' round systems join the registries until the generator is closed."""
    registry.load_rulesets()
    ui_registry.load_uis()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(registry, "_FACTORIES", dict(registry._FACTORIES))
        patch.setattr(ui_registry, "_FACTORIES", dict(ui_registry._FACTORIES))
        for package in _OWN_PACKAGES.values():
            package.install()
        yield


def attack_on(ruleset: Ruleset, state: EncounterState, target: str) -> Intent | None:
    """The first intent ``ruleset`` offers whoever acts now that is aimed at ``target``: an
    attack, in a system the tests know nothing else of (``None``: it offers none now)."""
    assert state.current is not None
    for option in ruleset.legal_intents(state, state.current):
        if target in msgspec.structs.asdict(option.intent).values():
            return option.intent
    return None


def sheet_for(ruleset_id: str) -> Sheet:
    """A sheet of ``ruleset_id`` that can attack (the defaults, for a system from elsewhere)."""
    load_ruleset(ruleset_id)
    if ruleset_id == "uwr":
        from uwr_desktop.core.rulesets.uwr.sheet import Skill, UwrSheet, Weapon, WeaponPool

        return UwrSheet(
            skills=(Skill("Archery", 1, 1),),
            weapons=(
                Weapon(name="Sword", upr_type="Swift"),
                Weapon(name="Bow", upr_type="Quick", pool=WeaponPool.RANGED, skill="Archery"),
            ),
        )
    if ruleset_id == "rollkeep":
        from uwr_desktop.core.rulesets.rollkeep.sheet import RollkeepSheet, Skill, Weapon

        return RollkeepSheet(
            skills=(Skill("Kenjutsu", 2),),
            weapons=(Weapon(name="Katana", skill="Kenjutsu", damage_rolled=3, damage_kept=2),),
        )
    if ruleset_id == "hands":
        from uwr_desktop.core.rulesets.hands.sheet import HandsSheet, HandsWeapon

        return HandsSheet(max_points=5, weapons=(HandsWeapon(name="Blade", reach=1),))
    made = sheet_type(ruleset_id)
    assert made is not None
    return made()


def fighter(ruleset_id: str, number: int, side: Side) -> Combatant:
    return Combatant(
        id=f"f{number}",
        name=f"Fighter {number}",
        side=side,
        sheet=sheet_for(ruleset_id),
        alias="Shadow" if number == 2 else "",
    )


KINDS = (
    "legal",
    "legal",
    "legal",
    "next",
    "end_round",
    "damage",
    "heal",
    "condition",
    "uncondition",
    "dice",
    "reroll",
    "join",
    "leave",
    "undo",
    "redo",
)
"""The kinds of step of random play (a rule's own intent most often)."""


RANDOM_STEPS = st.lists(
    st.tuples(st.sampled_from(KINDS), st.integers(0, 99)), min_size=10, max_size=40
)
"""Random play's steps: each a kind and the pick among what it can take."""


def random_play_session(ruleset_id: str, seed: int) -> Session:
    """A fight of ``ruleset_id`` for random play: two players and an enemy, rolling with
    ``random.Random(seed)``."""
    roster = [fighter(ruleset_id, n, Side.PLAYER if n < 2 else Side.ENEMY) for n in range(3)]
    return Session(make_ruleset(ruleset_id), roster, roller=Roller(random.Random(seed)))


def random_step(session: Session, kind: str, pick: int, joined: list[int]) -> None:
    """Do one step of ``kind``; ``pick`` chooses among what the step can take."""
    state = session.state
    rows = state.rows
    someone = [rows[pick % len(rows)]] if rows else []
    match kind:
        case "legal":
            options = [o for cid in rows for o in session.ruleset.legal_intents(state, cid)]
            if options:
                session.do(options[pick % len(options)].intent)
        case "next":
            session.do(NextTurn() if state.round else StartFight())
        case "end_round":
            session.do(EndRound())
        case "damage":
            session.do(ApplyDamage(someone, 1 + pick % 4))
        case "heal":
            session.do(Heal(someone, 1 + pick % 3))
        case "condition":
            session.do(AddCondition(someone, Condition("Slowed", rounds=1 + pick % 2)))
        case "uncondition":
            session.do(RemoveCondition(someone, "Slowed"))
        case "dice":
            who = someone[0] if someone and pick % 3 else None
            session.do(RollDice(who, ["6d6 r2", "4k2+1", "2d10+3"][pick % 3]))
        case "reroll":
            session.do(RerollDice([pick % 6]))
        case "join":
            number = 10 + len(joined)
            joined.append(number)
            session.do(AddCombatants([fighter(session.ruleset.id, number, Side.ENEMY)]))
        case "leave":
            session.do(RemoveCombatants(someone))
        case "undo":
            session.undo()
        case "redo":
            session.redo()


def shown(session: Session) -> None:
    """Read every view of every journal position as the window does."""
    ruleset = session.ruleset
    for position in range(len(session.entries) + 1):
        state = session.state_at(position)
        columns = ruleset.columns(state)
        for cid in state.rows:
            combatant = state.combatants[cid]
            _ = combatant.down, combatant.sheet.health(), combatant.shown_name
            for column in columns:
                ruleset.cell_value(state, cid, column.key)
            ruleset.resources(state, cid)
            ruleset.legal_intents(state, cid)
        slots = ruleset.timeline(state)
        axis, turn = ruleset.timeline_axis(state), ruleset.turn_now(state)
        list(player_picture(state, slots, axis, turn).texts())
        if position:
            session.describe_entry(position - 1)
            roll = last_roll(session.entry_view(position - 1).rolls, state)
            if roll is not None:
                roll.line(state)
    table = CombatantTableModel(session)
    session.subscribe(table.apply)
    for row in range(table.rowCount()):
        for column in range(table.columnCount()):
            for role in ROLES:
                table.data(table.index(row, column), role)
    log = LogModel(session)
    session.subscribe(log.apply)
    _ = log.to_markdown(), log.names()
    for row in range(log.rowCount()):
        for role in ROLES:
            log.data(log.index(row, 0), role)


def everything_shown(view: PlayerView) -> str:
    """Every text the players can see or hear: labels, tooltips, accessible names and
    descriptions of every widget, and every text the order board and the dice painted."""
    view.resize(1280, 720)
    view.board.grab()
    texts = list(view.board.painted_texts())
    for widget in [view, *view.findChildren(QWidget)]:
        texts += [
            widget.windowTitle(),
            widget.toolTip(),
            widget.accessibleName(),
            widget.accessibleDescription(),
            widget.statusTip(),
            widget.whatsThis(),
        ]
        if isinstance(widget, QLabel):
            texts.append(widget.text())
    texts += [die.label for die in view.dice.dice()] + [d.describe() for d in view.dice.dice()]
    return "\n".join(texts)
