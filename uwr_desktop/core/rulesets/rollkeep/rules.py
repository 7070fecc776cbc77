"""The numbers of a roll-and-keep skirmish: Initiative Scores and their order, Armor TN, attack
and damage rolls. Pure functions of sheets and settings."""

from collections.abc import Mapping, Sequence
from heapq import heapify, heappop, heappush
from itertools import groupby

import msgspec

from uwr_desktop.core.dice import KeepLimit, RollKeepSpec
from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import RulesError
from uwr_desktop.core.odds import roll_keep_probability
from uwr_desktop.core.rulesets.rollkeep.sheet import RollkeepSheet, Stance, Weapon, WeaponKind
from uwr_desktop.core.rulesets.rollkeep.state import RollkeepSettings, TieRule
from uwr_desktop.core.rulesets.sheets import sheet_reader

TEN_DICE_RULE = KeepLimit(most=10, bonus=2)
"""The limit every roll of these rules is under, the Ten Dice Rule: no roll uses more than ten
dice, and each die beyond adds 2 (a single leftover rolled die lost, unless the setting says)."""

_TEN_DICE_RULES = (TEN_DICE_RULE, KeepLimit(most=10, bonus=2, leftover_counts=True))


def ten_dice_rule(leftover_counts: bool) -> KeepLimit:
    """:data:`TEN_DICE_RULE` with its setting for a single leftover rolled die (lost, or +2)."""
    return _TEN_DICE_RULES[leftover_counts]


CENTER_INITIATIVE = 10
"""Initiative a Center stance gives for the next round."""
AMBUSHED_INITIATIVE = -10
"""Initiative every surprised combatant loses for the skirmish."""
FULL_ATTACK_TN = -10
"""Armor TN in the Full Attack stance."""
RAISE_TN = 5
"""TN each raise adds."""
RANGED_INTO_MELEE = -10
"""What a ranged attack against someone within melee range takes off its total."""


sheet_of = sheet_reader(RollkeepSheet, "roll-and-keep")
"""The combatant's rollkeep sheet (``RulesError`` for another round system's)."""


def score(sheet: RollkeepSheet) -> int | None:
    """The Initiative Score in force this round: the rolled (or typed) score, +10 after Center,
    -10 when ambushed; ``None`` before it is rolled."""
    base = sheet.base_score
    if base is None:
        return None
    return (
        base
        + (CENTER_INITIATIVE if sheet.center_initiative else 0)
        + (AMBUSHED_INITIATIVE if sheet.ambushed else 0)
    )


def score_changes(sheet: RollkeepSheet) -> tuple[int, ...]:
    """The temporary modifiers in force on the score: +10 after Center, -10 when ambushed."""
    changes = []
    if sheet.center_initiative:
        changes.append(CENTER_INITIATIVE)
    if sheet.ambushed:
        changes.append(AMBUSHED_INITIATIVE)
    return tuple(changes)


def score_parts(sheet: RollkeepSheet) -> str:
    """The temporary modifiers in words: ``"+10 Center, -10 ambushed"`` (empty: none)."""
    parts = []
    if sheet.center_initiative:
        parts.append(f"+{CENTER_INITIATIVE} Center")
    if sheet.ambushed:
        parts.append(f"{AMBUSHED_INITIATIVE} ambushed")
    return ", ".join(parts)


def tie_key(sheet: RollkeepSheet) -> tuple[int, int, int]:
    """What decides between equal scores before a roll-off: Reflexes, then Insight Rank."""
    return (score(sheet) or 0, sheet.reflexes, sheet.insight_rank)


OLD_FACES = 0
"""The roll-off number of the faces an earlier version kept without telling its roll-offs
apart (``RollkeepSheet.tie_faces``)."""

D10 = 10
"""The die of an initiative roll-off."""


def settled_faces(sheet: RollkeepSheet) -> dict[int, tuple[int, ...]]:
    """The combatant's faces in each roll-off it took part in, by roll-off number."""
    faces = {OLD_FACES: sheet.tie_faces} if sheet.tie_faces else {}
    faces.update((settled.roll_off, settled.faces) for settled in sheet.roll_offs)
    return faces


def ordering_roll_off(combatants: Mapping[str, Combatant], group: Sequence[str]) -> int | None:
    """The roll-off that orders a group tied on score, Reflexes and Insight Rank: the one most
    of them rolled, at least two (the earlier of two as good); ``None`` when none did."""
    held: dict[int, int] = {}
    for cid in group:
        for number in settled_faces(sheet_of(combatants[cid])):
            held[number] = held.get(number, 0) + 1
    best = max(held.items(), key=lambda item: (item[1], -item[0]), default=None)
    return best[0] if best is not None and best[1] > 1 else None


def _rolled_together(sheet: RollkeepSheet) -> dict[int, tuple[int, ...]]:
    """The combatant's faces in each roll-off it rolled with the others (not alone)."""
    faces = {OLD_FACES: sheet.tie_faces} if sheet.tie_faces else {}
    faces.update((s.roll_off, s.faces) for s in sheet.roll_offs if not s.alone)
    return faces


def _reaches(after: Mapping[str, set[str]], start: str, goal: str) -> bool:
    seen, todo = {start}, [start]
    while todo:
        for later in after[todo.pop()]:
            if later == goal:
                return True
            if later not in seen:
                seen.add(later)
                todo.append(later)
    return False


def _groups(
    combatants: Mapping[str, Combatant], run: Sequence[str], row: Mapping[str, int]
) -> list[list[str]]:
    """Those of ``run`` who rolled a roll-off together, for each such roll-off (the earliest
    first), in its order."""
    rolled = {cid: _rolled_together(sheet_of(combatants[cid])) for cid in run}
    numbers = sorted({number for faces in rolled.values() for number in faces})
    groups = []
    for number in numbers:
        group = [cid for cid in run if number in rolled[cid]]
        if len(group) > 1:

            def faces(cid: str, number: int = number) -> tuple[tuple[int, ...], int]:
                return tuple(-face for face in rolled[cid][number]), row[cid]

            groups.append(sorted(group, key=faces))
    return groups


def _merged(places: Sequence[str], groups: Sequence[Sequence[str]]) -> list[str]:
    """``places`` (a tie in the order of the faces that settle it) with each group (those who
    rolled one roll-off together, in its order) kept in its own order: the members of groups
    that meet fill the places their faces won, in their groups' orders; the rest keep theirs.
    Where groups disagree (they went round in a circle), the earlier group wins."""
    place = {cid: index for index, cid in enumerate(places)}
    after: dict[str, set[str]] = {cid: set() for cid in places}
    for group in groups:
        for index, first in enumerate(group):
            for second in group[index + 1 :]:
                if not _reaches(after, second, first):
                    after[first].add(second)
    merged = list(places)
    linked = {cid: set(later) for cid, later in after.items()}
    for cid, later in after.items():
        for other in later:
            linked[other].add(cid)
    done: set[str] = set()
    for cid in places:
        if cid in done or not linked[cid]:
            continue
        members, todo = {cid}, [cid]
        while todo:
            fresh = linked[todo.pop()] - members
            members |= fresh
            todo.extend(fresh)
        done |= members
        waiting = {m: sum(m in after[other] for other in members) for m in members}
        ready = [(place[m], m) for m in members if not waiting[m]]
        heapify(ready)
        slots = iter(sorted(place[m] for m in members))
        while ready:
            _, first = heappop(ready)
            merged[next(slots)] = first
            for then in after[first]:
                waiting[then] -= 1
                if not waiting[then]:
                    heappush(ready, (place[then], then))
    return merged


def _ties(combatants: Mapping[str, Combatant], order: Sequence[str]) -> list[list[str]]:
    """The combatants of ``order`` with a score, in runs of the same score, Reflexes and
    Insight Rank (one run each; ``order`` keeps equal ones together)."""
    scored = [cid for cid in order if score(sheet_of(combatants[cid])) is not None]
    runs = groupby(scored, key=lambda cid: tie_key(sheet_of(combatants[cid])))
    return [list(run) for _, run in runs]


def turn_order(
    combatants: Mapping[str, Combatant], rows: Sequence[str], settings: RollkeepSettings
) -> tuple[str, ...]:
    """Highest score first; ties by Reflexes, Insight Rank, then the faces of the roll-off that
    settles them (or the table's order); combatants without a score come last, in table order.

    Those who rolled a roll-off together keep its order for the rest of the skirmish: where
    they tie with others who rolled another one, the faces of the roll-off that settles the tie
    win them places, which they take in their own order.

    A tie no roll-off settles yet keeps the order an earlier version gave it: faces it kept
    first, the table's order after.
    """
    row = {cid: index for index, cid in enumerate(rows)}

    def key(cid: str) -> tuple[bool, int, int, int, int]:
        sheet = sheet_of(combatants[cid])
        rolled = score(sheet)
        return (rolled is None, -(rolled or 0), -sheet.reflexes, -sheet.insight_rank, row[cid])

    order = sorted(combatants, key=key)
    if settings.initiative_tie is not TieRule.ROLL_OFF:
        return tuple(order)
    at = {cid: index for index, cid in enumerate(order)}
    for run in _ties(combatants, order):
        if len(run) < 2:
            continue
        number = ordering_roll_off(combatants, run)

        def faces(cid: str, number: int | None = number) -> tuple[tuple[int, ...], int]:
            sheet = sheet_of(combatants[cid])
            shown = sheet.tie_faces if number is None else settled_faces(sheet).get(number, ())
            return tuple(-face for face in shown), row[cid]

        start = at[run[0]]
        order[start : start + len(run)] = _merged(
            sorted(run, key=faces), _groups(combatants, run, row)
        )
    return tuple(order)


def unsettled(combatants: Mapping[str, Combatant], order: Sequence[str]) -> list[list[str]]:
    """Groups of combatants (in order) tied on score, Reflexes and Insight Rank that no single
    roll-off settles: a roll-off for them all, or a place among those who rolled one, is due."""
    due = []
    for run in _ties(combatants, order):
        if len(run) < 2:
            continue
        number = ordering_roll_off(combatants, run)
        if number is None or any(
            number not in settled_faces(sheet_of(combatants[cid])) for cid in run
        ):
            due.append(run)
    return due


def placed_faces(
    others: Sequence[tuple[int, ...]], rolled: Sequence[int]
) -> tuple[int, ...] | None:
    """The faces a combatant keeps in a roll-off after rolling ``rolled`` alone against the
    ``others``' faces in it; ``None`` while it must roll again.

    A face matching one of theirs is rolled again; a face that several of them share (their
    later faces told them apart) is followed by a face against those later ones. When every
    face of a d10 is taken there, the match stands and the table's order decides.
    """
    kept: tuple[int, ...] = ()
    for face in rolled:
        level = len(kept)
        tied = [faces for faces in others if faces[:level] == kept and len(faces) > level]
        ending = {faces[level] for faces in tied if len(faces) == level + 1}
        if face in ending and len(ending) < D10:
            continue
        kept = (*kept, face)
        if not any(faces[: level + 1] == kept and len(faces) > level + 1 for faces in tied):
            return kept
    return None


def keep_limit(settings: RollkeepSettings) -> KeepLimit:
    """The limit every roll of these rules is under: the Ten Dice Rule, a single leftover
    rolled die lost or adding 2 as the setting says."""
    return ten_dice_rule(settings.leftover_die_counts)


def initiative_spec(sheet: RollkeepSheet, settings: RollkeepSettings) -> RollKeepSpec:
    """(Insight Rank + Reflexes)k(Reflexes), 10s exploding."""
    return RollKeepSpec(
        sheet.insight_rank + sheet.reflexes,
        sheet.reflexes,
        limit=keep_limit(settings),
    )


def stance_armor(sheet: RollkeepSheet) -> int:
    """What the stance adds to Armor TN: -10 Full Attack, Air + Defense rank in Defense, the
    Full Defense roll's half while it lasts."""
    if sheet.stance is Stance.FULL_ATTACK:
        return FULL_ATTACK_TN
    if sheet.stance is Stance.DEFENSE:
        return sheet.air + sheet.skill_rank("Defense")
    return sheet.full_defense_bonus


def armor_tn(sheet: RollkeepSheet) -> int:
    """Reflexes x 5 + 5 + armour + the stance's change."""
    return sheet.reflexes * 5 + 5 + sheet.armor + stance_armor(sheet)


def full_defense_spec(sheet: RollkeepSheet, settings: RollkeepSettings) -> RollKeepSpec:
    """Defense / Reflexes: (Reflexes + Defense)k(Reflexes); unskilled dice do not explode."""
    rank = sheet.skill_rank("Defense")
    return RollKeepSpec(
        sheet.reflexes + rank,
        sheet.reflexes,
        explode=rank > 0,
        limit=keep_limit(settings),
    )


def full_defense_bonus(total: int) -> int:
    """Half the Full Defense roll, rounded up."""
    return -(-total // 2)


class AttackPlan(msgspec.Struct, frozen=True):
    """An attack worked out before the roll: the dice, the TN to reach and why."""

    spec: RollKeepSpec
    tn: int
    armor_tn: int
    raises: int
    penalty: int
    uses_center: bool
    notes: tuple[str, ...]

    def chance(self) -> float:
        """The exact chance to reach the TN (odds of the roll after the Ten Dice Rule)."""
        return roll_keep_probability(
            self.spec.rolled,
            self.spec.kept,
            self.tn - self.spec.modifier,
            self.spec.explode,
            limit=self.spec.limit,
        )


def weapon_of(sheet: RollkeepSheet, name: str, index: int) -> Weapon:
    """Weapon ``index`` of the sheet (``RulesError`` naming ``name`` when there is none)."""
    if not 0 <= index < len(sheet.weapons):
        raise RulesError(f"{name} has no weapon number {index + 1}")
    return sheet.weapons[index]


def plan_attack(
    attacker: Combatant,
    weapon: Weapon,
    target: Combatant,
    *,
    raises: int,
    into_melee: bool,
    settings: RollkeepSettings,
) -> AttackPlan:
    """The attack roll (trait + skill)k(trait) against the target's Armor TN plus raises and
    the attacker's wound penalty; Agility for melee and unarmed, Reflexes for ranged weapons.

    Full Attack adds 2k1 (no ranged attacks), Center last round 1k1 + Void (when the setting
    is on), a ranged attack into melee takes -10. The Ten Dice Rule comes last.
    """
    sheet, other = sheet_of(attacker), sheet_of(target)
    if not 0 <= raises <= sheet.void:
        raise RulesError(
            f"{attacker.name} can call 0 to {sheet.void} raises (their Void), not {raises}"
        )
    if into_melee and not weapon.kind.ranged:
        raise RulesError(f"{weapon.name} is not a ranged weapon")
    if sheet.stance is Stance.FULL_ATTACK and weapon.kind.ranged:
        raise RulesError(f"{attacker.name} is in Full Attack and cannot make ranged attacks")
    trait = sheet.reflexes if weapon.kind.ranged else sheet.agility
    rank = sheet.skill_rank(weapon.skill)
    rolled, kept, modifier = trait + rank, trait, 0
    notes = [f"{weapon.skill} {rank}" if rank else f"{weapon.skill} unskilled"]
    if sheet.stance is Stance.FULL_ATTACK:
        rolled, kept = rolled + 2, kept + 1
        notes.append("Full Attack +2k1")
    uses_center = sheet.center_roll and settings.center_roll_bonus
    if uses_center:
        rolled, kept, modifier = rolled + 1, kept + 1, modifier + sheet.void
        notes.append(f"Center +1k1+{sheet.void}")
    if into_melee:
        modifier += RANGED_INTO_MELEE
        notes.append(f"into melee {RANGED_INTO_MELEE}")
    penalty = sheet.wound.penalty
    if penalty:
        notes.append(f"{sheet.wound.name} TN +{penalty}")
    if raises:
        notes.append(f"{raises} raise{'s' if raises > 1 else ''} TN +{raises * RAISE_TN}")
    spec = RollKeepSpec(
        rolled,
        kept,
        explode=rank > 0,
        modifier=modifier,
        limit=keep_limit(settings),
    )
    target_tn = armor_tn(other)
    return AttackPlan(
        spec,
        target_tn + raises * RAISE_TN + penalty,
        target_tn,
        raises,
        penalty,
        uses_center,
        tuple(notes),
    )


def damage_spec(
    sheet: RollkeepSheet, weapon: Weapon, raises: int, settings: RollkeepSettings
) -> RollKeepSpec:
    """The damage roll: the weapon's rating plus Strength by kind (the wielder's for melee and
    unarmed 0k1, the bow's own for a bow, none for other ranged weapons) plus 1k0 per raise.

    Damage dice explode; the Ten Dice Rule comes last.
    """
    rolled, kept = weapon.damage_rolled, weapon.damage_kept
    if weapon.kind is WeaponKind.UNARMED:
        rolled, kept = 0, 1
    if weapon.kind in (WeaponKind.MELEE, WeaponKind.UNARMED):
        rolled += sheet.strength
    elif weapon.kind is WeaponKind.BOW:
        rolled += weapon.bow_strength
    return RollKeepSpec(rolled + raises, kept, limit=keep_limit(settings))


def contest_spec(
    sheet: RollkeepSheet, trait: int, skill: str, settings: RollkeepSettings
) -> RollKeepSpec:
    """A skill roll (trait + skill)k(trait), the wound penalty off its total (a contested roll
    has no TN to raise); unskilled dice do not explode."""
    rank = sheet.skill_rank(skill)
    return RollKeepSpec(
        trait + rank,
        trait,
        explode=rank > 0,
        modifier=-sheet.wound.penalty,
        limit=keep_limit(settings),
    )
