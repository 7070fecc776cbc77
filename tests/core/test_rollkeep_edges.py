"""Roll-and-keep at its edges: an attack that reaches its TN exactly hits, a weapon the sheet
does not have, a typed score taken back, the ambush only before the skirmish, the wounds that
kill, and whom each roll asks for its dice when the players roll by hand."""

import random
from collections.abc import Callable

import pytest
from rollkeep_sheets import KATANA, samurai, scripted

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.dice_requests import RollFor
from uwr_desktop.core.hand_dice import FacesNeeded, HandRoller
from uwr_desktop.core.intents import ApplyDamage, EditCell, NextTurn, RulesError, StartFight
from uwr_desktop.core.journal import JournalEntry
from uwr_desktop.core.limits import MAX_COUNT, MAX_INITIATIVE
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.base import IntentOption
from uwr_desktop.core.rulesets.rollkeep.events import AmbushRolled, Attacked
from uwr_desktop.core.rulesets.rollkeep.intents import (
    RollkeepAmbush,
    RollkeepAttack,
    RollkeepChooseStance,
    RollkeepDelay,
)
from uwr_desktop.core.rulesets.rollkeep.rules import plan_attack, sheet_of, unsettled
from uwr_desktop.core.rulesets.rollkeep.sheet import Skill, Stance
from uwr_desktop.core.rulesets.rollkeep.wounds import death_at, wound_ranks, wound_state
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side


def duel(*faces: int) -> tuple[Session, object]:
    """Kakita (Agility 2, Kenjutsu 1, a katana; score 30) against Hida (Reflexes 2: TN 15)."""
    roster = [
        samurai(
            "kakita",
            "Kakita",
            initiative_override=30,
            skills=(Skill("Kenjutsu", 1),),
            weapons=(KATANA,),
        ),
        samurai("hida", "Hida", initiative_override=20),
    ]
    roller, script = scripted(*faces)
    session = Session(make_ruleset("rollkeep"), roster, roller=roller)
    return session, script


def test_an_attack_that_reaches_its_tn_exactly_hits():
    session, script = duel()
    session.do(StartFight())
    script.add(8, 7, 1, 2, 2, 2, 1, 1)  # 3k2: 8 + 7 = 15, TN 15; damage 5k2 = 4
    entry = session.do(RollkeepAttack("kakita", 0, "hida"))
    (attack,) = [e for e in entry.events if isinstance(e, Attacked)]
    assert (attack.tn, attack.roll.total) == (15, 15)
    assert attack.damage is not None and attack.damage.total == 4
    assert sheet_of(session.state.combatants["hida"]).wounds == 4


def test_a_weapon_the_sheet_does_not_have_is_refused():
    session, _ = duel()
    session.do(StartFight())
    with pytest.raises(RulesError, match="Kakita has no weapon number 2"):
        session.do(RollkeepAttack("kakita", 1, "hida"))


def test_a_typed_score_taken_back_goes_back_to_the_roll():
    session, _ = duel()
    session.do(EditCell("hida", "initiative", 40))
    assert sheet_of(session.state.combatants["hida"]).base_score == 40
    session.do(EditCell("hida", "initiative", "  "))
    assert sheet_of(session.state.combatants["hida"]).initiative_override is None
    assert session.entries[-1].label == "Hida: Initiative Score rolled"


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        (
            "initiative",
            MAX_INITIATIVE + 1,
            f"can be at most {MAX_INITIATIVE} (got {MAX_INITIATIVE + 1})",
        ),
        ("initiative", f"-{MAX_INITIATIVE + 1}", f"cannot be below -{MAX_INITIATIVE} (got"),
        ("initiative", "fast", "The Initiative Score must be a whole number, got 'fast'"),
        ("wounds", -1, "Wounds cannot be negative (got -1)"),
        ("wounds", MAX_COUNT + 1, f"Wounds can be at most {MAX_COUNT} (got {MAX_COUNT + 1})"),
    ],
)
def test_a_typed_score_or_wounds_out_of_bounds_is_refused_in_the_forms_words(key, value, message):
    session, _ = duel()
    before = session.state
    with pytest.raises(RulesError) as refusal:
        session.do(EditCell("hida", key, value))
    assert message in str(refusal.value)
    assert session.state is before


def asked_by_hand(
    session: Session, intent: object, face: Callable[[RollFor], int]
) -> tuple[list[RollFor], HandRoller]:
    """Do ``intent`` with every combatant's dice typed in, each die of a roll showing what
    ``face`` says for whom it is and what for; whom the rules asked, and what for, in turn."""
    hand = HandRoller(Roller(random.Random(4)), lambda cid: cid is not None)
    asked = []
    while True:
        hand.again()
        try:
            session.do(intent, roller=hand)
            return asked, hand
        except FacesNeeded as needed:
            asked.append(needed.request.by)
            hand.type_faces(needed.request, (face(needed.request.by),) * needed.request.count)


def test_an_ambush_rolled_by_hand_asks_the_hider_for_stealth_and_the_unaware_for_investigation():
    session, _ = duel()
    asked, hand = asked_by_hand(session, RollkeepAmbush(("kakita",), ("hida",)), lambda _by: 5)
    assert asked == [
        RollFor("kakita", "the ambush (Stealth)"),
        RollFor("hida", "the ambush (Investigation)"),
    ]
    assert isinstance(session.entries[-1].events[0], AmbushRolled)
    assert hand.typed_by() == ("kakita", "hida")


def test_an_attack_rolled_by_hand_asks_the_attacker_for_the_roll_then_the_damage():
    session, _ = duel()
    session.do(StartFight())
    asked, _hand = asked_by_hand(session, RollkeepAttack("kakita", 0, "hida"), lambda _by: 9)
    assert asked == [
        RollFor("kakita", "the attack on Hida, TN 15"),
        RollFor("kakita", "the damage to Hida"),
    ]
    assert sheet_of(session.state.combatants["hida"]).wounds == 18


def test_initiative_and_its_roll_off_by_hand_ask_each_combatant_in_turn():
    roster = [samurai("a", "Akodo"), samurai("b", "Bayushi")]
    session = Session(make_ruleset("rollkeep"), roster, roller=Roller(random.Random(1)))
    rolled_off = {"a": 7, "b": 3}
    asked, _hand = asked_by_hand(
        session,
        StartFight(),
        lambda by: 5 if by.what == "initiative" else rolled_off[by.combatant_id],
    )
    assert asked == [
        RollFor("a", "initiative"),
        RollFor("b", "initiative"),
        RollFor("a", "a roll-off"),
        RollFor("b", "a roll-off"),
    ]
    assert session.state.order == ("a", "b")


def test_the_full_defense_roll_by_hand_is_asked_of_the_defender_as_its_turn_ends():
    roster = [
        samurai("wall", "Wall", initiative_override=30, stance=Stance.FULL_DEFENSE),
        samurai("foe", "Foe", initiative_override=10),
    ]
    session = Session(make_ruleset("rollkeep"), roster, roller=Roller(random.Random(1)))
    session.do(StartFight())
    asked, _hand = asked_by_hand(session, NextTurn(), lambda _by: 4)
    assert asked == [RollFor("wall", "the Full Defense roll")]
    assert session.state.current == "foe"


def test_an_ambush_is_rolled_before_the_skirmish_only():
    session, script = duel(3, 3, 1, 1)
    entry = session.do(RollkeepAmbush(("kakita",), ("hida",)))
    assert entry.label == "Ambush"
    (ambush,) = entry.events
    assert isinstance(ambush, AmbushRolled)
    later, _ = duel()
    later.do(StartFight())
    entries = [*later.entries, JournalEntry("Ambush", (ambush,))]
    with pytest.raises(RulesError, match="the ambush is rolled once, before the skirmish"):
        Session(later.ruleset, later.roster, entries=entries, cursor=len(entries))
    assert script.faces == []


def test_wounds_past_out_kill_with_outs_penalty():
    out = wound_ranks()[-1]
    dead = wound_state(death_at(2), 2)
    assert (dead.dead, dead.rank, dead.penalty) == (True, None, out.penalty)
    assert wound_state(death_at(2) - 1, 2).rank == out


def test_an_attack_plan_says_what_went_into_its_dice():
    settings = make_ruleset("rollkeep").settings
    skilled = samurai("k", "K", skills=(Skill("Kenjutsu", 1),), void=3, center_roll=True)
    target = samurai("t", "T")
    plan = plan_attack(skilled, KATANA, target, raises=1, into_melee=False, settings=settings)
    assert plan.notes == ("Kenjutsu 1", "Center +1k1+3", "1 raise TN +5")
    raw = plan_attack(target, KATANA, skilled, raises=0, into_melee=False, settings=settings)
    assert raw.notes == ("Kenjutsu unskilled",)


def test_a_settled_tie_leaves_nothing_to_roll():
    session, _ = duel(4, 7)
    session.do(EditCell("hida", "initiative", 30))
    session.do(StartFight())
    assert unsettled(session.state.combatants, session.state.order) == []


def test_a_combatant_out_of_the_fight_on_turn_is_offered_no_attack_and_refused_one():
    roster = [
        samurai("kakita", "Kakita", initiative_override=30, weapons=(KATANA,)),
        samurai("hida", "Hida", Side.PLAYER, initiative_override=20),
    ]
    session = Session(make_ruleset("rollkeep"), roster, roller=scripted()[0])
    session.do(StartFight())
    assert any(isinstance(o.intent, RollkeepAttack) for o in offered_to(session, "kakita"))
    out = death_at(sheet_of(session.state.combatants["kakita"]).earth) - 1
    session.do(ApplyDamage(["kakita"], out))
    kakita = session.state.combatants["kakita"]
    assert session.state.current == "kakita" and kakita.down and sheet_of(kakita).wound.out
    assert not any(isinstance(o.intent, RollkeepAttack) for o in offered_to(session, "kakita"))
    with pytest.raises(RulesError, match=r"^Kakita is out of the fight$"):
        session.do(RollkeepAttack("kakita", 0, "hida"))


def offered_to(session: Session, cid: str) -> tuple[IntentOption, ...]:
    return session.ruleset.legal_intents(session.state, cid)


def test_a_combatant_out_of_the_fight_on_turn_may_neither_delay_nor_change_stance():
    roster = [
        samurai("kakita", "Kakita", initiative_override=30, weapons=(KATANA,)),
        samurai("hida", "Hida", Side.PLAYER, initiative_override=20),
        samurai("bayushi", "Bayushi", initiative_override=10),
    ]
    session = Session(make_ruleset("rollkeep"), roster, roller=scripted()[0])
    session.do(StartFight())
    while session.state.round == 1:
        session.do(NextTurn())
    assert session.state.current == "kakita"
    words = [option.label for option in offered_to(session, "kakita")]
    assert "Delay" in words and "Defense stance" in words
    session.do(
        ApplyDamage(["kakita"], death_at(sheet_of(session.state.combatants["kakita"]).earth) - 1)
    )
    assert session.state.current == "kakita" and session.state.combatants["kakita"].down
    assert offered_to(session, "kakita") == ()
    before = session.state
    with pytest.raises(RulesError, match=r"^Kakita is out of the fight$"):
        session.do(RollkeepDelay("kakita"))
    with pytest.raises(RulesError, match=r"^Kakita is out of the fight$"):
        session.do(RollkeepChooseStance("kakita", Stance.DEFENSE))
    assert session.state is before
    session.do(NextTurn())
    assert session.state.current == "hida"


def test_once_it_has_acted_the_combatant_on_turn_is_offered_no_delay_and_no_stance():
    roster = [
        samurai("kakita", "Kakita", initiative_override=30, weapons=(KATANA,)),
        samurai("hida", "Hida", Side.PLAYER, initiative_override=20),
    ]
    session = Session(make_ruleset("rollkeep"), roster, roller=Roller(random.Random(3)))
    session.do(StartFight())
    while session.state.round == 1:
        session.do(NextTurn())
    session.do(RollkeepAttack("kakita", 0, "hida"))
    words = [option.label for option in offered_to(session, "kakita")]
    assert not [word for word in words if word == "Delay" or word.endswith("stance")], words
    with pytest.raises(RulesError, match=r"^Kakita has already acted this turn$"):
        session.do(RollkeepDelay("kakita"))
    with pytest.raises(RulesError, match=r"^Kakita has already acted this turn$"):
        session.do(RollkeepChooseStance("kakita", Stance.DEFENSE))


def test_an_ambush_roll_that_only_ties_surprises_nobody():
    session, script = duel(3, 3, 3, 3)
    ambush = session.do(RollkeepAmbush(("kakita",), ("hida",))).events[0]
    assert sum(r.roll.total for r in ambush.ambushers) == sum(r.roll.total for r in ambush.unaware)
    assert not sheet_of(session.state.combatants["hida"]).ambushed
    session.do(StartFight())
    assert session.state.order == ("kakita", "hida")
    assert script.faces == []
