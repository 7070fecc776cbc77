"""Dice rolled by hand through the window, in every round system (the test-only one included):
the players' dice are rolled at the table and typed into the prompt, the enemies' by the app.
The prompt asks for the right dice and refuses impossible faces with the reason, and the fight
goes exactly as the app's own dice would have taken it from the same faces."""

import random
from collections.abc import Callable

import pytest
from every_system import SYSTEMS, attack_on, fighter
from hand_table import Table

from tests.ui.fight_window import shown_window
from uwr_desktop.core.dice import Roller
from uwr_desktop.core.dice_requests import DiceRequest
from uwr_desktop.core.encounter import DiceBy, EncounterState
from uwr_desktop.core.events import RolledByHand
from uwr_desktop.core.intents import (
    AddCombatants,
    Intent,
    NextTurn,
    RollDice,
    SetHandRolls,
    StartFight,
)
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.rollkeep.events import Attacked
from uwr_desktop.core.rulesets.rollkeep.intents import RollkeepAttack
from uwr_desktop.core.rulesets.uwr.intents import Attack, React, ResolveCheck
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side
from uwr_desktop.core.storage.journal_db import JournalStore
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.player_view.picture import last_roll

SEED = 5


pytestmark = pytest.mark.usefixtures("own_systems_in_module")


@pytest.fixture
def rng() -> random.Random:
    return random.Random(SEED)


@pytest.fixture
def window(qtbot, tmp_path, rng):
    yield from shown_window(qtbot, tmp_path, seed=SEED, rng=rng)


def foe(state: EncounterState) -> str:
    """The first combatant on the other side from whoever's turn it is."""
    side = state.combatants[state.current or "f1"].side
    return next(cid for cid in state.rows if state.combatants[cid].side is not side)


Play = Callable[[EncounterState], Intent]

PLAYS: dict[str, list[Play]] = {
    "uwr": [
        lambda state: Attack(state.current or "f1", 0, foe(state)),
        lambda _: React("dodge"),
        lambda _: ResolveCheck(),
    ],
    "rollkeep": [lambda state: RollkeepAttack(state.current or "f1", 0, foe(state))],
    "tactical": [],
    "hands": [lambda _: NextTurn()],
}
"""What each system does after the fight starts, before typed dice for a player (a system of
the tests attacks the foe; a uwr attack is resolved first, as every roll waits for it)."""


def offered_attack(window, state: EncounterState) -> Intent:
    """A system of the tests attacks the foe as it offers to."""
    intent = attack_on(window.document.session.ruleset, state, foe(state))
    assert intent is not None, "the system offers no attack on the foe"
    return intent


def players_by_hand(window, ruleset_id: str) -> None:
    make_ruleset(ruleset_id)
    window.document.new(ruleset_id)
    window.hand_dice.side_actions[Side.PLAYER].trigger()
    roster = [fighter(ruleset_id, n, Side.PLAYER if n <= 2 else Side.ENEMY) for n in (1, 2, 3, 4)]
    window.do(AddCombatants(roster))
    return roster


@pytest.mark.parametrize("ruleset_id", SYSTEMS)
def test_players_roll_by_hand_and_the_fight_goes_as_the_app_would(qtbot, window, rng, ruleset_id):
    roster = players_by_hand(window, ruleset_id)
    assert window.hand_dice.side_actions[Side.PLAYER].isChecked()
    table = Table(qtbot, rng)
    done: list[Intent] = [AddCombatants(roster)]
    window.actions_by_key["start_fight"].trigger()
    done.append(StartFight())
    for play in PLAYS.get(ruleset_id, [lambda state: offered_attack(window, state)]):
        intent = play(window.document.session.state)
        assert window.do(intent), window.statusBar().currentMessage()
        done.append(intent)
    assert window.do(RollDice("f1", "3d6 r1", "a leap"))
    done.append(RollDice("f1", "3d6 r1", "a leap"))
    table.stop()
    session = window.document.session
    assert table.asked and all(request.by.combatant_id in {"f1", "f2"} for request in table.asked)
    assert table.headings[-1] == "Fighter 1: roll 3 d6"
    app = Session(make_ruleset(ruleset_id), (), roller=Roller(random.Random(SEED)))
    for intent in done:
        app.do(intent)
    typed = [
        tuple(event for event in entry.events if not isinstance(event, RolledByHand))
        for entry in session.entries[1:]
    ]
    assert typed == [entry.events for entry in app.entries]
    assert window.event_log.visible_lines()[-1].endswith("Rolled by hand: Fighter 1")


def test_the_prompt_says_what_to_roll_and_refuses_impossible_faces_with_the_reason(
    qtbot, window, rng
):
    players_by_hand(window, "uwr")
    table = Table(qtbot, rng, tries=("7 1 1", "1", "x"))
    window.actions_by_key["start_fight"].trigger()
    table.stop()
    wrong_face, too_few, not_a_face = table.refusals
    assert wrong_face == "A d6 shows 1 to 6, not 7"
    assert too_few.startswith(f"{table.asked[0].plain} asked for, 1 typed: ")
    assert not_a_face == "'x' is not a face: type the numbers the dice show"
    assert table.headings[0].startswith("Fighter 1: roll ")
    assert table.asked[0].by.what == "initiative"
    assert window.document.session.state.round == 1


def test_a_ten_rolled_by_hand_asks_for_the_die_it_rolls_again(qtbot, window, rng):
    players_by_hand(window, "rollkeep")
    window.document.set_hand_this_time(True)  # the enemies' initiative too, this once
    table = Table(qtbot, rng)
    window.actions_by_key["start_fight"].trigger()
    table.stop()
    assert not window.hand_dice.this_time.isChecked()
    assert {request.by.combatant_id for request in table.asked} == {"f3", "f4"}
    state = window.document.session.state
    attacker = state.current
    target = foe(state)
    if state.combatants[attacker].side not in state.hand_sides:
        window.hand_dice.side_actions[state.combatants[attacker].side].trigger()

    def one_ten(request: DiceRequest) -> str:
        return " ".join(["10"] + ["3"] * (request.count - 1))

    table = Table(qtbot, rng, tries=("11", "10", one_ten, "", "4"))
    assert window.do(RollkeepAttack(attacker, 0, target))
    table.stop()
    wrong_face, too_few, taken, no_explosion, explosion = table.refusals
    assert wrong_face == "A d10 shows 1 to 10, not 11"
    assert too_few.endswith("asked for, 1 typed: " + too_few.split(": ")[1])
    assert "more faces needed" in too_few
    assert (taken, no_explosion, explosion) == ("", "Type the face of 1 d10", "")
    assert table.asked[1].note == "die 1 showed 10 and rolls again"
    assert table.headings[0].endswith("keep 2 — 10s roll again")
    (attack,) = [e for e in window.document.session.entries[-1].events if isinstance(e, Attacked)]
    assert attack.roll.chains[0] == (10, 4)


def test_by_hand_this_time_then_back_to_the_app(qtbot, window, rng):
    players_by_hand(window, "tactical")
    window.hand_dice.side_actions[Side.PLAYER].trigger()
    assert not window.document.session.state.hand_sides
    window.hand_dice.this_time.trigger()
    table = Table(qtbot, rng)
    window.actions_by_key["start_fight"].trigger()
    table.stop()
    assert len(table.asked) == 4 and all(request.total_only for request in table.asked)
    assert table.headings[0].startswith("Fighter 1: roll 2 d10")
    assert not window.document.hand_this_time


def test_faces_typed_are_saved_reopened_undone_and_redone_like_any_others(
    qtbot, window, rng, tmp_path
):
    players_by_hand(window, "uwr")
    table = Table(qtbot, rng)
    window.actions_by_key["start_fight"].trigger()
    state = window.document.session.state
    player = next(cid for cid in state.order if cid in {"f1", "f2"})
    assert window.do(Attack(player, 0, "f3"))
    table.stop()
    session = window.document.session
    entries = session.entries
    assert isinstance(entries[-1].events[-1], RolledByHand)
    shown = last_roll(session.entry_view(len(entries) - 1).rolls, session.state)
    assert shown is not None and shown.line(session.state).endswith(" (rolled by hand)")
    path = tmp_path / "fight.uwr"
    window.document.save(path)
    window.document.open(path)
    reopened = window.document.session
    assert reopened.entries == entries and reopened.state == session.state
    window.actions_by_key["undo"].trigger()
    assert reopened.cursor == len(entries) - 1
    window.actions_by_key["redo"].trigger()
    assert reopened.entries == entries and reopened.state == session.state


class LaptopDiedError(Exception):
    """The laptop dies while the prompt is open."""


def crash(request: DiceRequest, who: str) -> tuple[int, ...]:
    raise LaptopDiedError


def test_a_crash_mid_prompt_recovers_the_fight_before_the_roll_and_after_it_with_the_faces(
    qtbot, tmp_path
):
    path = tmp_path / "journal.sqlite3"
    store = JournalStore(path)
    document = EncounterDocument(store, roller=Roller(random.Random(SEED)))
    document.new("uwr")
    document.do(SetHandRolls(Side.PLAYER, True))
    document.do(AddCombatants([fighter("uwr", n, Side.PLAYER) for n in (1, 2)]))
    document.ask_faces = crash
    with pytest.raises(LaptopDiedError):
        document.do(StartFight())
    before = document.session.entries
    store.close()
    with JournalStore(path) as again:
        (summary,) = again.recoverable()
        recovered = EncounterDocument(again, roller=Roller(random.Random(1)))
        recovered.recover(summary.encounter_id)
        assert recovered.session.entries == before
        table = random.Random(2)
        recovered.ask_faces = lambda request, _: tuple(
            table.randint(1, request.sides) for _ in range(request.count)
        )
        recovered.do(StartFight())
        after = recovered.session.entries
    with JournalStore(path) as third:
        (summary,) = third.recoverable()
        last = EncounterDocument(third)
        last.recover(summary.encounter_id)
        assert last.session.entries == after
        assert last.session.entries[-1].events[-1] == RolledByHand(("f1", "f2"))
        last.close()


def test_a_combatant_s_own_choice_is_set_from_its_row_and_wins_over_its_side(qtbot, window, rng):
    players_by_hand(window, "duel")
    window.table.select_combatant("f2")
    window.hand_dice.row_menu.aboutToShow.emit()
    assert window.hand_dice.dice_by_actions[DiceBy.SIDE].isChecked()
    window.hand_dice.dice_by_actions[DiceBy.APP].trigger()
    window.table.select_combatant("f4")
    window.hand_dice.dice_by_actions[DiceBy.HAND].trigger()
    state = window.document.session.state
    assert (state.combatants["f2"].dice_by, state.combatants["f4"].dice_by) == (
        DiceBy.APP,
        DiceBy.HAND,
    )
    assert window.event_log.visible_lines()[-1] == "Fighter 4 dice rolled by hand"
    table = Table(qtbot, rng)
    window.actions_by_key["start_fight"].trigger()
    table.stop()
    assert [request.by.combatant_id for request in table.asked] == ["f1", "f4"]
    assert table.headings == ["Fighter 1: roll 1 d20", "Fighter 4: roll 1 d20"]


def test_a_check_for_nobody_takes_the_faces_typed_when_this_roll_is_by_hand(qtbot, window, rng):
    window.document.new("uwr")
    panel = window.dice_panel.widget
    tray = window.dice_tray
    tray.set_combatant(None)
    panel.form.extra_dice.setValue(4)
    window.hand_dice.this_time.trigger()
    table = Table(qtbot, rng, tries=("6 6 1",))
    window.table.setFocus()
    window.actions_by_key["roll"].trigger()  # Fight ▸ Roll (F7)
    table.stop()
    assert [(r.sides, r.count) for r in table.asked] == [(6, 4)]
    assert table.refusals[0], "three faces for four dice are refused"
    shown = tray.current_roll()
    assert shown is not None and len(shown.faces) == 4
    assert not window.document.hand_this_time, "the next roll is the app's again"
    assert not window.document.session.entries, "a roll for nobody is no part of the fight"
