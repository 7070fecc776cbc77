"""A fight at each limit of ``core.limits``: the roster and intents that reach it, and the one
intent that goes one step beyond it (refused).

Shared by the round-trip tests: a fight at a limit must save, reopen and recover equal.
"""

from collections.abc import Callable
from fractions import Fraction

from uwr_sheets import changed

from uwr_desktop.core import limits
from uwr_desktop.core.encounter import Combatant, Condition
from uwr_desktop.core.intents import (
    AddCombatants,
    AddCondition,
    ApplyDamage,
    EditCell,
    EndRound,
    Heal,
    Intent,
    ReplaceCombatant,
    StartFight,
)
from uwr_desktop.core.limits import (
    MAX_COMBATANTS,
    MAX_CONDITION_ROUNDS,
    MAX_CONDITIONS,
    MAX_COUNT,
    MAX_COUNTERS,
    MAX_DICE,
    MAX_DIFFICULTY,
    MAX_FAVOR,
    MAX_INITIATIVE,
    MAX_NAME_LENGTH,
    MAX_REROLLS,
    MAX_SKILL_RANK,
    MAX_SKILL_REROLLS,
    MAX_SKILLS,
    MAX_TEXT_LENGTH,
    MAX_UPR_ADJUSTMENT,
    MAX_UPR_DIVISOR,
    MAX_UPR_USES,
    MAX_WEAPONS,
)
from uwr_desktop.core.rulesets.tactical.intents import TacticalSetCounter
from uwr_desktop.core.rulesets.tactical.sheet import TacticalSheet
from uwr_desktop.core.rulesets.uwr.intents import (
    Attack,
    DirectCheck,
    FreeRoll,
    OverrideInitiative,
    Reroll,
    ResolveCheck,
)
from uwr_desktop.core.rulesets.uwr.sheet import Attributes, Skill, UwrSheet, Weapon, WeaponPool
from uwr_desktop.core.sides import Side

NOT_IN_A_FIGHT = {
    "MAX_FILE_BYTES": "a cap on the file read, not on what a fight holds",
    "MAX_JSON_DEPTH": "a cap on the file read, not on what a fight holds",
    "MAX_JOURNAL_ENTRIES": "a cap on the journal read; test_encounter_file fills a journal to it",
    "MAX_EVENTS": "a cap on the journal read; test_hostile_files reads one past it",
    "MAX_FIGHT_BYTES": "a cap on the journal read; test_encounter_file fills a fight to it",
    "MAX_SIDES": "only rolls for nobody have other dice than d6, and they are never recorded",
    "MAX_MODIFIER": "only rolls for nobody have modifiers, and they are never recorded",
    "MAX_NOTATION_LENGTH": "typed notation is read into a roll; the roll's own limits apply",
    "MAX_NOTATION_DIGITS": "typed notation is read into a roll; the roll's own limits apply",
}
"""Limits of ``core.limits`` with no fight at them here, and why."""

LONG_NAME = "Ñ" * MAX_NAME_LENGTH
LONG_TEXT = "ü" * MAX_TEXT_LENGTH


def fighter(cid: str, side: Side = Side.ENEMY, **changes: object) -> Combatant:
    """A plain combatant with a sword and a bow."""
    base = Combatant(
        id=cid,
        name=cid.upper(),
        side=side,
        sheet=UwrSheet(
            attributes=Attributes(brawn=Fraction(3), grace=Fraction(5, 2)),
            skills=(Skill("Blades", 1, 1),),
            weapons=(
                Weapon(name="Sword", upr_type="Swift", skill="Blades"),
                Weapon(name="Bow", upr_type="Quick", pool=WeaponPool.RANGED),
            ),
        ),
    )
    return changed(base, **changes)


def pair(**changes: object) -> list[Combatant]:
    """A player ``a`` (with ``changes``) and an enemy ``b``."""
    return [fighter("a", Side.PLAYER, **changes), fighter("b")]


Case = tuple[list[Combatant], list[Intent], Intent]
"""The roster, the intents that reach the limit, and the intent one step beyond it."""


def dice() -> Case:
    return (
        pair(),
        [
            FreeRoll("a", MAX_DICE),
            StartFight(),
            Attack("a", 0, "b", extra_dice=MAX_DICE - 4),
        ],
        FreeRoll("b", MAX_DICE + 1),
    )


def rerolls() -> Case:
    return (
        pair(),
        [FreeRoll("a", MAX_DICE, rerolls=MAX_REROLLS), Reroll(), ResolveCheck()],
        FreeRoll("a", 3, rerolls=MAX_REROLLS + 1),
    )


def favor() -> Case:
    return (
        pair(),
        [
            FreeRoll("a", 6, favor=MAX_FAVOR),
            DirectCheck("a", "grace", 1, favor=-MAX_FAVOR),
        ],
        FreeRoll("a", 6, favor=MAX_FAVOR + 1),
    )


def difficulty() -> Case:
    return (
        pair(),
        [FreeRoll("a", MAX_DICE, difficulty=MAX_DIFFICULTY)],
        FreeRoll("a", MAX_DICE, difficulty=MAX_DIFFICULTY + 1),
    )


def name_length() -> Case:
    long_id = "i" * MAX_NAME_LENGTH
    hero = fighter(
        long_id,
        Side.PLAYER,
        name=LONG_NAME,
        skills=(Skill(LONG_NAME, 1),),
        weapons=(Weapon(name=LONG_NAME, upr_type="Swift", skill=LONG_NAME),),
    )
    return (
        [hero, fighter("b")],
        [
            AddCondition([long_id], Condition(LONG_NAME, 2)),
            EditCell("b", "name", "Õ" * MAX_NAME_LENGTH),
            StartFight(),
            Attack(long_id, 0, "b"),
        ],
        EditCell("b", "name", LONG_NAME + "x"),
    )


def text_length() -> Case:
    return (
        pair(notes=LONG_TEXT),
        [
            AddCondition(["a"], Condition("Marked", 3, LONG_TEXT)),
            EditCell("b", "notes", LONG_TEXT),
            FreeRoll("a", 3, title=LONG_TEXT),
        ],
        EditCell("b", "notes", LONG_TEXT + "x"),
    )


def count() -> Case:
    return (
        pair(vitality=MAX_COUNT, vitality_max=MAX_COUNT, stamina=MAX_COUNT, stamina_max=MAX_COUNT),
        [
            ApplyDamage(["a"], MAX_COUNT),
            Heal(["a"], MAX_COUNT),
            EditCell("b", "vitality_max", MAX_COUNT),
            StartFight(),
        ],
        EditCell("b", "vitality_max", MAX_COUNT + 1),
    )


def initiative() -> Case:
    return (
        pair(),
        [
            OverrideInitiative("a", MAX_INITIATIVE),
            OverrideInitiative("b", -MAX_INITIATIVE),
            StartFight(),
        ],
        OverrideInitiative("a", MAX_INITIATIVE + 1),
    )


def condition_rounds() -> Case:
    return (
        pair(),
        [
            AddCondition(["a", "b"], Condition("Cursed", MAX_CONDITION_ROUNDS)),
            StartFight(),
            EndRound(),
        ],
        AddCondition(["a"], Condition("Hexed", MAX_CONDITION_ROUNDS + 1)),
    )


def skill_rank() -> Case:
    skilled = (Skill("Blades", MAX_SKILL_RANK, MAX_SKILL_REROLLS),)
    too_much = (Skill("Blades", MAX_SKILL_RANK + 1),)
    return (
        pair(skills=skilled),
        [
            StartFight(),
            Attack("a", 0, "b"),
            ResolveCheck(),
            DirectCheck("a", "brawn", 1, skill="Blades"),
        ],
        ReplaceCombatant(fighter("b", skills=too_much)),
    )


def skill_rerolls() -> Case:
    roster, intents, _ = skill_rank()
    too_many = (Skill("Blades", 1, MAX_SKILL_REROLLS + 1),)
    return roster, intents, ReplaceCombatant(fighter("b", skills=too_many))


def skills() -> Case:
    many = tuple(Skill(f"Skill {n}", n % (MAX_SKILL_RANK + 1)) for n in range(MAX_SKILLS))
    return (
        pair(skills=many),
        [DirectCheck("a", "savvy", 1, skill=f"Skill {MAX_SKILLS - 1}")],
        ReplaceCombatant(fighter("b", skills=(*many, Skill("One more")))),
    )


def weapons() -> Case:
    many = tuple(Weapon(name=f"Knife {n}", upr_type="Swift") for n in range(MAX_WEAPONS))
    return (
        pair(weapons=many),
        [StartFight(), Attack("a", MAX_WEAPONS - 1, "b")],
        ReplaceCombatant(fighter("b", weapons=(*many, Weapon(name="Axe", upr_type="Swift")))),
    )


def conditions() -> Case:
    return (
        pair(),
        [AddCondition(["a"], Condition(f"Mark {n}", n + 2)) for n in range(MAX_CONDITIONS)]
        + [StartFight(), EndRound()],
        AddCondition(["a"], Condition("One more")),
    )


def combatants() -> Case:
    crowd = [fighter(f"c{n}") for n in range(MAX_COMBATANTS - 3)]
    return (
        [*pair(), *crowd],
        [StartFight(), AddCombatants([fighter("late")])],
        AddCombatants([fighter("too-late")]),
    )


def counters() -> Case:
    """A tactical fight's counters, each carried past ``MAX_COUNT`` by an upkeep."""
    return (
        [Combatant(id="a", name="A", side=Side.PLAYER, sheet=TacticalSheet())],
        [TacticalSetCounter(f"Counter {n}", MAX_COUNT - n, n + 1) for n in range(MAX_COUNTERS)]
        + [StartFight(), EndRound()],
        TacticalSetCounter("One more"),
    )


SETTINGS_LIMITS = ("MAX_UPR_DIVISOR", "MAX_UPR_ADJUSTMENT", "MAX_UPR_USES")
"""Limits on a fight's house rules; the fight at them is ``settings_at_the_limits``."""


def upr_type(**changes: int) -> dict[str, object]:
    """An added UPR type at every limit (``changes`` set some beyond)."""
    return {
        "name": "Siege",
        "divisor": MAX_UPR_DIVISOR,
        "adjustment": MAX_UPR_ADJUSTMENT,
        "max_uses": MAX_UPR_USES,
        **changes,
    }


def settings_at_the_limits() -> tuple[dict[str, object], list[Combatant], list[Intent]]:
    """House rules with an added UPR type at its limits, a fight using it, and its intents."""
    settings = {"extra_upr_types": [upr_type()]}
    ram = Weapon(name="Ram", upr_type="Siege")
    return settings, pair(weapons=(ram,)), [StartFight(), EndRound()]


LIMIT_CASES: dict[str, Callable[[], Case]] = {
    "MAX_DICE": dice,
    "MAX_REROLLS": rerolls,
    "MAX_FAVOR": favor,
    "MAX_DIFFICULTY": difficulty,
    "MAX_NAME_LENGTH": name_length,
    "MAX_TEXT_LENGTH": text_length,
    "MAX_COUNT": count,
    "MAX_INITIATIVE": initiative,
    "MAX_CONDITION_ROUNDS": condition_rounds,
    "MAX_SKILL_RANK": skill_rank,
    "MAX_SKILL_REROLLS": skill_rerolls,
    "MAX_SKILLS": skills,
    "MAX_WEAPONS": weapons,
    "MAX_CONDITIONS": conditions,
    "MAX_COMBATANTS": combatants,
    "MAX_COUNTERS": counters,
}
"""One fight at each limit a fight can reach, by the limit's name in ``core.limits``."""

LIMIT_RULESETS = {"MAX_COUNTERS": "tactical"}
"""The round system of a limit's fight, where it is not ``uwr``."""


def limit_names() -> set[str]:
    """Every limit ``core.limits`` defines."""
    return {name for name, value in vars(limits).items() if name.isupper() and type(value) is int}
