"""Each round system words the rolls it makes for every view that shows them: who rolled (the
roller's name comes first), what for (``title``), against whom (``others``) and how it went
(``outcome``), in its own words; a check is shown whole at every step."""

import random

from hands_fighters import fighter as hands_fighter
from hands_fighters import session as hands_session
from rollkeep_sheets import KATANA, samurai
from tactical_fights import fighter as tactical_fighter
from uwr_sheets import uwr_combatant

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.intents import EditCell, NextTurn, RollDice, StartFight
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.base import RollShown
from uwr_desktop.core.rulesets.rollkeep.events import Attacked
from uwr_desktop.core.rulesets.rollkeep.intents import RollkeepAttack
from uwr_desktop.core.rulesets.tactical.events import CountReached
from uwr_desktop.core.rulesets.tactical.intents import TacticalDeclare, TacticalResolve
from uwr_desktop.core.rulesets.uwr.events import CheckResolved, CheckRolled, ReactionRolled
from uwr_desktop.core.rulesets.uwr.intents import (
    Attack,
    DirectCheck,
    React,
    Reaction,
    Reroll,
    ResolveCheck,
    TypeResult,
)
from uwr_desktop.core.rulesets.uwr.sheet import Weapon
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side


def rolls(session: Session) -> tuple[RollShown, ...]:
    """The rolls of the latest entry, as every view reads them."""
    return session.entry_view(session.cursor - 1).rolls


def successes(count: int) -> str:
    return "1 success" if count == 1 else f"{count} successes"


def uwr_fight(seed: int) -> Session:
    sword = Weapon(name="Sword", upr_type="Swift")
    roster = [
        uwr_combatant(id="bandit", name="Bandit 2", weapons=(sword,)),
        uwr_combatant(id="bryn", name="Bryn", side=Side.PLAYER, weapons=(sword,)),
    ]
    session = Session(make_ruleset("uwr"), roster, roller=Roller(random.Random(seed)))
    session.do(StartFight())
    return session


def test_a_uwr_attack_is_shown_with_its_reaction_and_its_outcome_not_the_reaction_alone():
    session = uwr_fight(4)
    session.do(Attack("bandit", 0, "bryn"))
    (rolled,) = rolls(session)
    attack = next(e for e in session.entries[-1].events if isinstance(e, CheckRolled))
    assert (rolled.combatant_id, rolled.title, rolled.others) == (
        "bandit",
        "attacks Bryn",
        ("bryn",),
    )
    assert rolled.record == attack.roll and rolled.against is None
    assert rolled.outcome == successes(attack.roll.total)

    session.do(React(Reaction.DODGE))
    (reacted,) = rolls(session)
    dodge = next(e for e in session.entries[-1].events if isinstance(e, ReactionRolled))
    assert reacted.combatant_id == "bandit", "the attack's roller, not the dodger"
    assert (reacted.record, reacted.against) == (attack.roll, dodge.roll)
    against = f"{successes(attack.roll.total)} against Bryn's dodge {dodge.roll.total}"
    assert reacted.outcome == against

    session.do(ResolveCheck())
    (settled,) = rolls(session)
    resolved = next(e for e in session.entries[-1].events if isinstance(e, CheckResolved))
    assert (settled.record, settled.against) == (attack.roll, dodge.roll)
    assert settled.outcome == f"{against} — {'hit' if resolved.success else 'miss'}"


def test_a_uwr_reroll_shows_the_check_with_the_die_rerolled_and_a_typed_result_counts():
    for seed in range(40):
        session = uwr_fight(seed)
        session.do(Attack("bandit", 0, "bryn", extra_rerolls=1))
        if session.state.part.pending.check.roll.pool().rerollable_indices:
            break
    session.do(Reroll(of_reaction=False))
    shown = rolls(session)[-1]
    pending = session.state.part.pending
    assert shown.record == pending.check.roll and shown.rerolled
    assert shown.title == "attacks Bryn"
    session.do(TypeResult(5))
    (typed,) = rolls(session)
    assert typed.outcome == "5 successes"


def test_a_uwr_direct_check_passes_or_fails_against_its_difficulty():
    session = uwr_fight(2)
    session.do(DirectCheck("bryn", "grace", 1))
    rolled, resolved = rolls(session)  # no reroll to take: resolved at once
    assert (rolled.combatant_id, rolled.title, rolled.others) == ("bryn", "rolls Grace check", ())
    assert rolled.outcome == f"{successes(rolled.record.total)} against difficulty 1"
    verdict = "pass" if rolled.record.total >= 1 else "fail"
    assert resolved.outcome == f"{rolled.outcome} — {verdict}"


def test_a_rollkeep_attack_is_shown_against_its_tn_with_the_damage_of_a_hit():
    roster = [
        samurai("a", "Akodo", initiative_override=30, weapons=(KATANA,)),
        samurai("b", "Bayushi", initiative_override=20, weapons=(KATANA,)),
    ]
    for seed in range(20):
        session = Session(make_ruleset("rollkeep"), roster, roller=Roller(random.Random(seed)))
        session.do(StartFight())
        session.do(RollkeepAttack("a", 0, "b"))
        attack = next(e for e in session.entries[-1].events if isinstance(e, Attacked))
        if attack.damage is not None:
            break
    assert attack.damage is not None, "a seed hits"
    shown, damage = rolls(session)
    assert (shown.combatant_id, shown.title, shown.others) == ("a", "attacks Bayushi", ("b",))
    assert shown.record == attack.roll and not shown.aside
    total, tn, hurt = attack.roll.total, attack.tn, attack.damage.total
    assert shown.outcome == f"{total} against TN {tn} — hit, {hurt} damage"
    assert damage.aside and damage.record == attack.damage


def test_a_tactical_tie_on_a_resolving_count_is_rolled_off_in_the_countdowns_words():
    roster = [tactical_fighter("hauser"), tactical_fighter("orc")]
    session = Session(make_ruleset("tactical"), roster, roller=Roller(random.Random(5)))
    session.do(StartFight())
    session.do(EditCell("hauser", "initiative", 15))
    session.do(EditCell("orc", "initiative", 15))
    session.do(NextTurn())  # count 35: both declare
    session.do(TacticalDeclare("hauser", "Melee attack", 3))
    session.do(TacticalDeclare("orc", "Melee attack", 3))
    while not any(
        isinstance(e, CountReached) and e.count == 20 for e in session.entries[-1].events
    ):
        session.do(NextTurn())
    ties = {roll.combatant_id: roll for roll in rolls(session)}
    reached = next(e for e in session.entries[-1].events if isinstance(e, CountReached))
    faces = {tie.combatant_id: tie.face for tie in reached.ties}
    hauser = ties["hauser"]
    assert hauser.title == "rolls off to resolve Melee attack on count 20"
    assert hauser.outcome == f"{faces['hauser']} against Orc {faces['orc']}"
    assert hauser.others == ("orc",) and hauser.record.values == (faces["hauser"],)
    session.do(TacticalResolve())
    assert rolls(session) == ()


def test_a_hands_roll_off_names_the_rivals_faces():
    fight = hands_session(hands_fighter("ana", 4), hands_fighter("bo", 4), seed=3)
    fight.do(StartFight())
    shown = {roll.combatant_id: roll for roll in rolls(fight)}
    ana, bo = shown["ana"], shown["bo"]
    assert ana.title == "rolls off to declare first" and ana.others == ("bo",)
    ana_faces = "/".join(map(str, ana.record.values))
    bo_faces = "/".join(map(str, bo.record.values))
    assert ana.outcome == f"{ana_faces} against Bo {bo_faces}"


def test_typed_dice_say_what_was_rolled():
    session = uwr_fight(1)
    session.do(RollDice("bryn", "2d10+5"))
    (shown,) = rolls(session)
    assert (shown.combatant_id, shown.title, shown.outcome) == ("bryn", "rolls 2d10+5", "")
    session.do(RollDice(None, "1d20", title="Weather"))
    assert rolls(session)[0].title == "rolls Weather (1d20)"
