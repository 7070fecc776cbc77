"""The check panel drives a real encounter session: attacks, reactions, rerolls and checks."""

import random
from fractions import Fraction

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.events import DiceRolled
from uwr_desktop.core.intents import AddCombatants, EditCell, NextTurn, StartFight
from uwr_desktop.core.rolls import DiceKind
from uwr_desktop.core.rulesets.uwr.events import (
    CheckResolved,
    CheckRolled,
    DieRerolled,
    ResultTyped,
)
from uwr_desktop.core.rulesets.uwr.intents import (
    Attack,
    React,
    Reaction,
    ResolveCheck,
    TypeResult,
)
from uwr_desktop.core.rulesets.uwr.rules import roll_of
from uwr_desktop.core.rulesets.uwr.sheet import Attributes, Skill, UwrSheet, Weapon, WeaponPool
from uwr_desktop.core.rulesets.uwr.state import part_of
from uwr_desktop.core.sides import Side
from uwr_desktop.ui.dice.display import REROLL_TIP
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.rulesets.uwr.attack_panel import REROLL_REACTION_TIP
from uwr_desktop.ui.rulesets.uwr.check_panel import CheckPanel

SEED = 11


def vex():
    return Combatant(
        id="vex",
        name="Vex",
        side=Side.PLAYER,
        sheet=UwrSheet(
            attributes=Attributes(brawn=Fraction(2), grace=Fraction(7, 2)),
            skills=(Skill("Archery", 1, 1),),
            weapons=(
                Weapon(name="Dagger", upr_type="Quick"),
                Weapon(name="Short Bow", upr_type="Swift", pool=WeaponPool.RANGED, skill="Archery"),
            ),
        ),
    )


def bandit(number):
    return Combatant(
        id=f"b{number}",
        name=f"Bandit {number}",
        sheet=UwrSheet(
            attributes=Attributes(brawn=Fraction(3), grace=Fraction(2)),
            weapons=(Weapon(name="Sword", upr_type="Quick"),),
        ),
    )


def _select(qtbot, combo, text):
    """Pick the item starting with ``text`` with the arrow keys, as a GM could."""
    index = combo.findText(text, Qt.MatchFlag.MatchStartsWith)
    assert index >= 0, f"{text!r} not offered"
    while combo.currentIndex() != index:
        key = Qt.Key.Key_Down if combo.currentIndex() < index else Qt.Key.Key_Up
        qtbot.keyClick(combo, key)


def _click(qtbot, widget):
    assert widget.isEnabled(), f"{widget.text()} is disabled"
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def _settle(qtbot, panel):
    qtbot.waitUntil(lambda: not panel.tray.is_animating(), timeout=3000)


def _shown_faces(view):
    return tuple(die.value for die in view.dice())


@pytest.fixture
def document():
    doc = EncounterDocument(None, roller=Roller(random.Random(SEED)))
    doc.session.do(AddCombatants([vex(), bandit(1), bandit(2)]))
    return doc


@pytest.fixture
def panel(qtbot, document):
    widget = CheckPanel(document, roller=Roller(random.Random(SEED)))
    widget.tray.set_animation_speed(4.0)
    widget.resize(800, 1000)
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def _roll_typed(qtbot, panel, combatant, against, notation):
    """Type dice for ``combatant`` against ``against`` and roll them, shown at rest."""
    tray = panel.tray
    tray.set_reduce_motion(True)
    _select(qtbot, tray.combatant, combatant)
    _select(qtbot, panel.form.against, against)
    qtbot.keyClicks(tray.notation, notation)
    _click(qtbot, tray.roll_button)


def _attack_with_bow(qtbot, panel, target="Bandit 1"):
    _select(qtbot, panel.attack.attacker, "Vex")
    _select(qtbot, panel.attack.weapon, "Short Bow")
    _select(qtbot, panel.attack.target, target)
    _click(qtbot, panel.attack.attack_button)


def test_a_full_attack_by_clicks_follows_the_session(qtbot, document, panel):
    session = document.session
    session.do(StartFight())
    _attack_with_bow(qtbot, panel)

    pending = part_of(session.state).pending
    assert (pending.check.kind, pending.check.actor, pending.check.target, pending.check.title) == (
        "attack",
        "vex",
        "b1",
        "Short Bow",
    )
    bow = session.state.combatants["vex"].sheet.weapons[1]
    assert bow.uses_left == bow.uses_max - 1
    assert f"Short Bow · {bow.uses_left}/{bow.uses_max} left" in [
        panel.attack.weapon.itemText(i) for i in range(panel.attack.weapon.count())
    ]
    assert panel.tray.view.animating_indices() == frozenset(range(len(pending.check.roll.faces)))
    _settle(qtbot, panel)
    assert _shown_faces(panel.tray.view) == pending.check.roll.faces

    before = roll_of(pending.check.roll)
    assert before.rerolls_left > 0 and before.rerollable_indices, "seed gives a failed die"
    index = before.rerollable_indices[-1]
    entries = len(session.entries)
    qtbot.mouseClick(
        panel.tray.view, Qt.MouseButton.LeftButton, pos=panel.tray.view.die_rect(index).center()
    )
    assert len(session.entries) == entries + 1
    (event,) = session.entries[-1].events
    assert isinstance(event, DieRerolled)
    assert (event.of_reaction, event.index) == (False, index)
    assert panel.tray.view.animating_indices() == frozenset({index})
    _settle(qtbot, panel)
    after = roll_of(part_of(session.state).pending.check.roll)
    assert after.faces[index] == max(before.faces[index], event.face)
    assert after.dice[index].first_face == before.faces[index]
    assert [i for i in range(len(after.dice)) if after.dice[i] != before.dice[i]] == [index]
    assert _shown_faces(panel.tray.view) == after.faces

    assert panel.attack.reaction.isVisibleTo(panel)
    assert panel.attack.reaction.parry_button.isEnabled()
    assert panel.attack.reaction.parry_button.text() == "Parry with Sword"
    _click(qtbot, panel.attack.reaction.dodge_button)
    pending = part_of(session.state).pending
    assert pending.reaction.reaction == "dodge"
    _settle(qtbot, panel)
    assert _shown_faces(panel.tray.reaction_view) == roll_of(pending.reaction.roll).faces
    assert _shown_faces(panel.tray.view) == after.faces

    _click(qtbot, panel.attack.resolve_button)
    assert part_of(session.state).pending is None
    resolved = session.entries[-1].events[-1]
    assert isinstance(resolved, CheckResolved)
    shown_action = sum(1 for die in panel.tray.view.dice() if die.success)
    shown_reaction = sum(1 for die in panel.tray.reaction_view.dice() if die.success)
    assert resolved.success == (shown_action > shown_reaction)
    expected = f"Hits with {shown_action - shown_reaction}" if resolved.success else "Dodged"
    assert panel.tray.banner_text() == expected
    assert not any(die.rerollable for die in panel.tray.view.dice())
    assert not panel.tray.is_animating()


def test_a_target_out_of_uses_can_only_dodge(qtbot, document, panel):
    session = document.session
    session.do(StartFight())
    while session.state.combatants["b1"].sheet.weapons[0].uses_left:
        session.do(Attack("b1", 0, "b2"))
        session.do(ResolveCheck())
    _attack_with_bow(qtbot, panel)

    attack = panel.attack
    assert attack.reaction.isVisibleTo(panel)
    assert attack.reaction.dodge_button.isEnabled()
    assert not attack.reaction.parry_button.isEnabled()
    assert "only a dodge is possible" in attack.reaction.note.text()
    assert attack.reaction.note.isVisibleTo(panel)
    _click(qtbot, attack.reaction.no_reaction_button)
    resolved = session.entries[-1].events[-1]
    assert isinstance(resolved, CheckResolved) and resolved.reaction is None
    _settle(qtbot, panel)
    expected = f"Hits with {resolved.surviving}" if resolved.success else "Misses"
    assert panel.tray.banner_text() == expected


def test_a_weapon_without_uses_is_offered_disabled_with_the_reason(qtbot, document, panel):
    session = document.session
    session.do(StartFight())
    while session.state.combatants["b1"].sheet.weapons[0].uses_left:
        session.do(Attack("b1", 0, "vex"))
        session.do(ResolveCheck())
    _select(qtbot, panel.attack.attacker, "Bandit 1")
    combo = panel.attack.weapon
    sword = session.state.combatants["b1"].sheet.weapons[0]
    assert sword.uses_max > 0
    assert combo.itemText(0) == f"Sword · 0/{sword.uses_max} left"
    assert not combo.model().item(0).isEnabled()
    assert combo.itemData(0, Qt.ItemDataRole.ToolTipRole) == "No uses of Sword left this round"
    assert not panel.attack.attack_button.isEnabled()


def test_an_attack_the_rules_would_refuse_is_greyed_with_the_reason(qtbot, document, panel):
    entries = len(document.session.entries)
    _select(qtbot, panel.attack.attacker, "Vex")
    _select(qtbot, panel.attack.weapon, "Short Bow")
    _select(qtbot, panel.attack.target, "Bandit 1")
    assert not panel.attack.attack_button.isEnabled()
    assert panel.attack.attack_button.toolTip() == "Start the fight first"
    assert len(document.session.entries) == entries

    document.session.do(StartFight())
    _click(qtbot, panel.attack.attack_button)
    assert not panel.message.isVisibleTo(panel)
    assert part_of(document.session.state).pending is not None
    assert not panel.attack.attack_button.isEnabled()
    assert panel.attack.attack_button.toolTip() == "Resolve (or undo) the pending check first"
    _settle(qtbot, panel)


def test_ctrl_enter_in_the_attack_inputs_does_not_attack(qtbot, document, panel):
    document.session.do(StartFight())
    _select(qtbot, panel.attack.attacker, "Vex")
    panel.attack.favor.setFocus()
    qtbot.keyClick(panel.attack.favor, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert part_of(document.session.state).pending is None


def test_the_reaction_is_rerolled_by_clicking_its_dice(qtbot, document, panel):
    session = document.session
    session.do(StartFight())
    _select(qtbot, panel.attack.attacker, "Bandit 1")
    _select(qtbot, panel.attack.target, "Vex")
    _click(qtbot, panel.attack.attack_button)
    _click(qtbot, panel.attack.reaction.dodge_button)
    _settle(qtbot, panel)
    reaction = roll_of(part_of(session.state).pending.reaction.roll)
    assert reaction.rerolls_left == 1 and reaction.rerollable_indices, "seed gives a failed die"
    assert not any(die.rerollable for die in panel.tray.view.dice())
    index = reaction.rerollable_indices[0]
    view = panel.tray.reaction_view
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=view.die_rect(index).center())
    (event,) = session.entries[-1].events
    assert isinstance(event, DieRerolled) and (event.of_reaction, event.index) == (True, index)
    assert view.animating_indices() == frozenset({index})
    _settle(qtbot, panel)
    assert _shown_faces(view) == roll_of(part_of(session.state).pending.reaction.roll).faces
    assert not panel.attack.reroll_reaction_button.isEnabled()


def test_a_direct_check_for_a_combatant_lands_in_the_journal(qtbot, document, panel):
    tray = panel.tray
    form = panel.form
    tray.set_reduce_motion(True)
    _select(qtbot, tray.combatant, "Vex")
    _select(qtbot, form.attribute, "Grace")
    entries = len(document.session.entries)
    _click(qtbot, tray.roll_button)
    assert len(document.session.entries) == entries + 1
    rolled = document.session.entries[-1].events[0]
    assert isinstance(rolled, CheckRolled)
    assert (rolled.kind, rolled.actor, rolled.difficulty) == ("direct", "vex", 1)
    assert rolled.roll.dice == 3 and rolled.roll.rerolls == 1
    assert _shown_faces(tray.view) == rolled.roll.faces
    assert "Vex's Grace check" in document.session.describe_entry(entries)[0]


def test_a_roll_for_nobody_stays_out_of_the_journal(qtbot, document, panel):
    tray = panel.tray
    tray.set_reduce_motion(True)
    qtbot.keyClicks(tray.notation, "6d6 r2")
    entries = len(document.session.entries)
    _click(qtbot, tray.roll_button)
    assert len(document.session.entries) == entries
    assert len(tray.view.dice()) == 6
    assert panel.shown_check() is None


def test_undo_clears_the_roll_and_redo_shows_it_again(qtbot, document, panel):
    session = document.session
    session.do(StartFight())
    _attack_with_bow(qtbot, panel)
    _settle(qtbot, panel)
    faces = part_of(session.state).pending.check.roll.faces

    session.undo()
    assert panel.tray.view.dice() == ()
    assert panel.tray.banner_text() == ""
    assert panel.shown_check() is None
    assert not panel.attack.resolve_button.isEnabled()

    session.redo()
    assert _shown_faces(panel.tray.view) == faces
    assert not panel.tray.is_animating()
    assert panel.attack.resolve_button.isEnabled()


def test_undo_of_a_reroll_shows_the_faces_before_it(qtbot, document, panel):
    session = document.session
    session.do(StartFight())
    _attack_with_bow(qtbot, panel)
    _settle(qtbot, panel)
    before = part_of(session.state).pending.check.roll.faces
    _click(qtbot, panel.tray.reroll_button)
    _settle(qtbot, panel)
    assert isinstance(session.entries[-1].events[0], DieRerolled)
    session.undo()
    assert _shown_faces(panel.tray.view) == before
    assert all(not die.rerolled for die in panel.tray.view.dice())


def test_undo_of_the_resolution_reopens_the_check(qtbot, document, panel):
    session = document.session
    session.do(StartFight())
    _attack_with_bow(qtbot, panel)
    _click(qtbot, panel.attack.reaction.no_reaction_button)
    _settle(qtbot, panel)
    assert panel.tray.banner_text().startswith(("Hits", "Misses"))
    session.undo()
    assert panel.tray.banner_text().startswith("Attack: ")
    assert panel.attack.reaction.isVisibleTo(panel)


def test_a_pending_check_shows_again_when_its_file_is_opened(qtbot, document, panel, tmp_path):
    session = document.session
    session.do(StartFight())
    _attack_with_bow(qtbot, panel)
    _settle(qtbot, panel)
    faces = part_of(session.state).pending.check.roll.faces
    path = tmp_path / "fight.uwr"
    document.save(path)
    document.new()
    assert panel.tray.view.dice() == ()
    assert panel.tray.combatant.count() == 1
    document.open(path)
    assert _shown_faces(panel.tray.view) == faces
    assert panel.attack.reaction.isVisibleTo(panel)
    assert [panel.tray.combatant.itemText(i) for i in range(1, 4)] == [
        "Vex",
        "Bandit 1",
        "Bandit 2",
    ]


def test_the_trays_sources_follow_the_combatants(qtbot, document, panel):
    tray = panel.tray
    form = panel.form
    _select(qtbot, tray.combatant, "Vex")
    assert form.attribute.findText("Grace 3.5") >= 0
    assert form.skill.findText("Archery +1, +1 reroll") >= 0
    document.session.do(EditCell("vex", "grace", Fraction(4)))
    assert form.attribute.findText("Grace 4") >= 0
    document.session.do(AddCombatants([bandit(3)]))
    assert tray.combatant.findText("Bandit 3") >= 0
    document.session.undo()
    assert tray.combatant.findText("Bandit 3") < 0


def test_a_direct_check_left_open_is_resolved_from_the_panel(qtbot, document, panel):
    tray = panel.tray
    form = panel.form
    tray.set_reduce_motion(True)
    _select(qtbot, tray.combatant, "Vex")
    _select(qtbot, form.attribute, "Grace")
    _select(qtbot, form.against, "Difficult")
    _click(qtbot, tray.roll_button)
    assert part_of(document.session.state).pending is not None, "seed leaves a reroll to take"
    assert panel.attack.status.text().startswith("Vex's Grace check (needs 2)")
    _click(qtbot, panel.attack.resolve_button)
    resolved = document.session.entries[-1].events[-1]
    assert isinstance(resolved, CheckResolved)
    shown = sum(1 for die in tray.view.dice() if die.success)
    assert resolved.success == (shown >= 2)
    verdict = "Pass" if shown >= 2 else "Fail"
    noun = "success" if shown == 1 else "successes"
    assert tray.banner_text() == f"{verdict}: {shown} {noun} vs 2"


def test_counting_successes_for_a_combatant_is_a_recorded_typed_roll(qtbot, document, panel):
    tray = panel.tray
    _roll_typed(qtbot, panel, "Bandit 1", "Nothing", "5d6 f+1")
    (rolled,) = document.session.entries[-1].events
    assert isinstance(rolled, DiceRolled)
    assert (rolled.combatant_id, rolled.roll.dice, rolled.roll.favor) == ("b1", 5, 1)
    assert _shown_faces(tray.view) == rolled.roll.faces
    assert tray.banner_text().endswith(("success", "successes"))


@pytest.mark.parametrize(("notation", "kind"), [("6k3+2", DiceKind.KEEP), ("2d10+5", DiceKind.SUM)])
def test_keep_dice_or_a_sum_typed_for_a_combatant_are_recorded_and_shown(
    qtbot, document, panel, notation, kind
):
    tray = panel.tray
    _roll_typed(qtbot, panel, "Bandit 1", "Nothing", notation)
    (rolled,) = document.session.entries[-1].events
    assert isinstance(rolled, DiceRolled)
    assert (rolled.combatant_id, rolled.notation, rolled.roll.kind) == ("b1", notation, kind)
    assert tray.current_roll() == (
        rolled.roll.keep() if kind is DiceKind.KEEP else rolled.roll.sum()
    )
    (line,) = document.session.describe_entry(len(document.session.entries) - 1)
    assert line.startswith(f"Bandit 1 rolls {notation}: [") and line.endswith(
        str(rolled.roll.total)
    )


def test_an_opposed_check_for_a_combatant_asks_who_opposes_it(qtbot, document, panel):
    tray = panel.tray
    form = panel.form
    _select(qtbot, tray.combatant, "Vex")
    _select(qtbot, form.against, "Opposed")
    entries = len(document.session.entries)
    _click(qtbot, tray.roll_button)
    assert len(document.session.entries) == entries
    assert panel.message_text().startswith("Choose who opposes the check (Opposed by)")
    assert "an attack is rolled with Attack above" in panel.message_text()
    assert tray.view.dice() == ()


def test_the_reaction_takes_its_own_favor_and_extra_dice(qtbot, document, panel):
    session = document.session
    session.do(StartFight())
    _attack_with_bow(qtbot, panel)
    _settle(qtbot, panel)
    _click(qtbot, panel.attack.reaction.dodge_button)
    plain = roll_of(part_of(session.state).pending.reaction.roll).spec
    session.undo()
    assert part_of(session.state).pending.reaction is None

    panel.attack.reaction.favor.setValue(1)
    panel.attack.reaction.dice.setValue(2)
    _click(qtbot, panel.attack.reaction.dodge_button)
    helped = roll_of(part_of(session.state).pending.reaction.roll).spec
    assert (helped.favor, helped.dice) == (plain.favor + 1, plain.dice + 2)
    assert helped.threshold == plain.threshold - 1
    _settle(qtbot, panel)


def test_the_attack_and_reaction_modifiers_are_labelled_as_what_they_add(panel):
    """Beside the form's own Dice and the typed dice, the modifiers say they add dice."""
    labels = {label.buddy(): label.text() for label in panel.findChildren(QLabel) if label.buddy()}
    attack, reaction = panel.attack, panel.attack.reaction
    assert [labels[box] for box in (attack.favor, attack.extra_dice)] == ["Favor", "Extra dice"]
    assert [labels[box] for box in (reaction.favor, reaction.dice)] == ["Favor", "Extra dice"]


def test_a_new_attack_starts_its_reaction_without_modifiers(qtbot, document, panel):
    session = document.session
    session.do(StartFight())
    _attack_with_bow(qtbot, panel)
    _settle(qtbot, panel)
    panel.attack.reaction.favor.setValue(-1)
    _click(qtbot, panel.attack.reaction.dodge_button)
    _settle(qtbot, panel)
    _click(qtbot, panel.attack.resolve_button)
    _attack_with_bow(qtbot, panel, target="Bandit 2")
    _settle(qtbot, panel)
    assert panel.attack.reaction.isVisible()
    assert panel.attack.reaction.favor.value() == 0
    assert panel.attack.reaction.dice.value() == 0


def test_typed_dice_for_a_combatant_against_a_difficulty_pass_or_fail_in_the_log(
    qtbot, document, panel
):
    _roll_typed(qtbot, panel, "Bandit 1", "Difficult", "6d6")
    rolled, resolved = document.session.entries[-1].events
    assert isinstance(rolled, CheckRolled) and isinstance(resolved, CheckResolved)
    assert (rolled.kind, rolled.actor, rolled.roll.dice, rolled.difficulty) == ("free", "b1", 6, 2)
    assert resolved.success is (roll_of(rolled.roll).successes >= 2)
    line = document.session.describe_entry(len(document.session.entries) - 1)[-1]
    assert line.endswith(("vs difficulty 2, passes", "vs difficulty 2, fails"))


@pytest.mark.parametrize("typed", ["", "4d6 f+10"])
def test_the_most_favor_against_an_easy_check_still_rolls(qtbot, document, panel, typed):
    """The favor box's most, +10, with the Easy difficulty's +1 rolls at +10: favor beyond +3
    lowers no threshold further."""
    tray = panel.tray
    tray.set_reduce_motion(True)
    _select(qtbot, tray.combatant, "Vex")
    _select(qtbot, panel.form.against, "Easy")
    if typed:
        qtbot.keyClicks(tray.notation, typed)
    else:
        _select(qtbot, panel.form.attribute, "Grace")
        panel.form.favor.setValue(10)
    _click(qtbot, tray.roll_button)
    rolled = document.session.entries[-1].events[0]
    assert isinstance(rolled, CheckRolled)
    assert (rolled.roll.favor, rolled.difficulty) == (10, 1)


def test_reroll_is_greyed_with_why_once_the_gm_typed_the_result_or_the_check_is_resolved(
    qtbot, document, panel
):
    session = document.session
    session.do(StartFight())
    _attack_with_bow(qtbot, panel)
    _settle(qtbot, panel)
    reroll = panel.tray.reroll_button
    assert reroll.isEnabled() and reroll.toolTip() == REROLL_TIP
    session.do(TypeResult(successes=2, of_reaction=False))
    _settle(qtbot, panel)
    assert not reroll.isEnabled()
    assert reroll.toolTip() == "The GM typed the result of that roll (2): nothing to reroll"
    faces = _shown_faces(panel.tray.view)
    panel.tray.reroll_all()
    qtbot.keyClick(panel.tray, Qt.Key.Key_R)
    assert _shown_faces(panel.tray.view) == faces
    assert isinstance(session.entries[-1].events[0], ResultTyped)
    _click(qtbot, panel.attack.reaction.no_reaction_button)
    _settle(qtbot, panel)
    assert not reroll.isEnabled()
    assert reroll.toolTip() == "There is no roll to reroll"
    session.undo()
    session.undo()
    _settle(qtbot, panel)
    assert reroll.isEnabled() and reroll.toolTip() == REROLL_TIP


def test_the_reactions_reroll_is_greyed_with_why_once_the_gm_typed_its_result(
    qtbot, document, panel
):
    session = document.session
    session.do(StartFight())
    session.do(Attack("b1", 0, "vex"))
    session.do(React(Reaction.DODGE))
    _settle(qtbot, panel)
    button = panel.attack.reroll_reaction_button
    assert button.isEnabled() and button.toolTip() == REROLL_REACTION_TIP
    session.do(TypeResult(successes=1, of_reaction=True))
    assert not button.isEnabled()
    assert button.toolTip() == "The GM typed the result of that roll (1): nothing to reroll"


def test_the_next_turn_starts_the_check_without_the_last_ones_modifiers(qtbot, document, panel):
    session = document.session
    session.do(StartFight())
    first = session.state.current
    form = panel.form
    assert panel.tray.combatant.currentData() == first
    _select(qtbot, form.attribute, "Brawn")
    _select(qtbot, form.against, "Nothing")
    form.extra_dice.setValue(2)
    form.favor.setValue(1)
    form.rerolls.setValue(1)
    form.extra_dice.setValue(-5)
    form.below_one.setChecked(True)
    session.do(NextTurn())
    assert session.state.current != first
    assert panel.tray.combatant.currentData() == session.state.current
    assert (form.extra_dice.value(), form.favor.value(), form.rerolls.value()) == (0, 0, 0)
    assert not form.below_one.isChecked()
    assert form.against.currentText().startswith("Nothing"), "what it is rolled against stays"
    form.favor.setValue(-1)
    session.undo()
    assert session.state.current == first
    assert form.favor.value() == 0
