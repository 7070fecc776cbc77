"""The uwr check panel closes the rules gaps on screen: an opposed check between two combatants,
a result the GM types over a roll, the rerolls left shown on every pool, and the attacker's
rerolls still usable after the target reacted."""

import random
from fractions import Fraction

import pytest
from PySide6.QtCore import Qt

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import AddCombatants, StartFight
from uwr_desktop.core.rulesets.uwr.events import (
    CheckResolved,
    CheckRolled,
    DieRerolled,
    ReactionRolled,
    ResultTyped,
)
from uwr_desktop.core.rulesets.uwr.intents import Attack, React, Reaction
from uwr_desktop.core.rulesets.uwr.sheet import Attributes, Skill, UwrSheet, Weapon
from uwr_desktop.core.rulesets.uwr.state import part_of
from uwr_desktop.core.sides import Side
from uwr_desktop.ui.dice.shown import rerolls_text
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.rulesets.uwr.check_panel import CheckPanel


def _fighter(cid, name, side, *, brawn=4, grace=3, skills=()):
    return Combatant(
        id=cid,
        name=name,
        side=side,
        sheet=UwrSheet(
            attributes=Attributes(brawn=Fraction(brawn), grace=Fraction(grace)),
            skills=skills,
            weapons=(Weapon(name="Sword", upr_type="Rapid"),),
        ),
    )


def _document(seed):
    doc = EncounterDocument(None, roller=Roller(random.Random(seed)))
    doc.session.do(
        AddCombatants(
            [
                _fighter("ana", "Ana", Side.PLAYER, brawn=5),
                _fighter("orc", "Orc", Side.ENEMY, grace=7, skills=(Skill("Stealth", 1, 1),)),
            ]
        )
    )
    doc.session.do(StartFight())
    return doc


def _panel(qtbot, document):
    widget = CheckPanel(document, roller=Roller(random.Random(1)))
    widget.tray.set_reduce_motion(True)
    widget.resize(800, 1100)
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


@pytest.fixture
def document():
    doc = _document(8)
    yield doc
    doc.close()


@pytest.fixture
def panel(qtbot, document):
    return _panel(qtbot, document)


def _pick(combo, data):
    index = combo.findData(data)
    assert index >= 0, f"{data!r} not offered"
    combo.setCurrentIndex(index)


def _last(document):
    session = document.session
    return session.entries[session.cursor - 1]


def test_an_opposed_check_between_two_combatants_from_the_tray(qtbot, panel, document):
    tray = panel.tray
    form = panel.form
    _pick(tray.combatant, "ana")
    _pick(form.attribute, "Savvy")
    _pick(form.against, "opposed")
    assert panel.opponent.isVisible()
    _pick(panel.opponent.combatant, "orc")
    _pick(panel.opponent.attribute, "grace")
    _pick(panel.opponent.skill, "Stealth")
    # The reaction pool the odds use is the opponent's own: Grace 7 + Stealth 1, 1 reroll.
    assert (form.reaction_dice.value(), form.reaction_rerolls.value()) == (8, 1)
    assert not form.reaction_dice.isEnabled()
    qtbot.mouseClick(tray.roll_button, Qt.MouseButton.LeftButton)
    entry = _last(document)
    rolled, answered = entry.events[:2]
    assert isinstance(rolled, CheckRolled) and rolled.kind == "opposed"
    assert (rolled.actor, rolled.target, rolled.title) == ("ana", "orc", "Savvy vs Grace + Stealth")
    assert isinstance(answered, ReactionRolled)
    assert (answered.roll.dice, answered.roll.rerolls) == (8, 1)
    assert entry.label == "Ana against Orc: Savvy vs Grace + Stealth"
    assert len(tray.view.dice()) == 2
    assert len(tray.reaction_view.dice()) == 8
    if isinstance(entry.events[-1], CheckResolved):
        assert panel.shown_check().resolved is not None
    else:
        assert "Ana's Savvy vs Grace + Stealth against Orc" in panel.attack.status.text()


def test_a_result_typed_over_the_roll_counts_when_resolved(qtbot, panel, document):
    session = document.session
    session.do(Attack("ana", 0, "orc", extra_rerolls=3))
    row = panel.result
    assert row.isVisible()
    assert row.whose.currentText() == "for Ana's roll"
    row.successes.lineEdit().selectAll()
    qtbot.keyClicks(row.successes, "4")
    qtbot.mouseClick(row.button, Qt.MouseButton.LeftButton)
    assert isinstance(_last(document).events[0], ResultTyped)
    assert panel.tray.banner_text() == "Attack: 4 successes"
    qtbot.mouseClick(panel.attack.reaction.no_reaction_button, Qt.MouseButton.LeftButton)
    resolved = _last(document).events[-1]
    assert isinstance(resolved, CheckResolved)
    assert (resolved.action, resolved.success, resolved.surviving) == (4, True, 4)
    assert panel.tray.banner_text() == "Hits with 4"
    assert not row.isVisible()


def test_a_negative_typed_result_is_refused_with_its_sign(qtbot, panel, document):
    document.session.do(Attack("ana", 0, "orc"))
    before = document.session.cursor
    row = panel.result
    row.successes.lineEdit().selectAll()
    qtbot.keyClicks(row.successes, "-1")
    qtbot.mouseClick(row.button, Qt.MouseButton.LeftButton)
    assert document.session.cursor == before
    assert panel.message_text() == "A typed result cannot be negative (got -1)."


def _attack_with_a_failed_die(qtbot):
    for seed in range(60):
        document = _document(seed)
        document.session.do(Attack("ana", 0, "orc", extra_rerolls=2))
        action = part_of(document.session.state).pending.check.roll.pool()
        if action.rerollable_indices:
            return document
        document.close()
    raise AssertionError("no seed left a failed die")


def test_the_rerolls_left_are_shown_on_both_pools_and_survive_the_reaction(qtbot):
    document = _attack_with_a_failed_die(qtbot)
    panel = _panel(qtbot, document)
    tray = panel.tray
    assert tray.rerolls_left_text() == "2 rerolls left"
    document.session.do(React(Reaction.DODGE))
    reaction = part_of(document.session.state).pending.reaction.roll.pool()
    assert tray.rerolls_left_text() == (
        f"Action: 2 rerolls left · Reaction: {rerolls_text(reaction)}"
    )
    # The attacker's failed dice are still clickable after the dodge.
    action = part_of(document.session.state).pending.check.roll.pool()
    failed = action.rerollable_indices[0]
    assert tray.view.dice()[failed].rerollable
    tray.view.dieClicked.emit(failed)
    event = _last(document).events[0]
    assert isinstance(event, DieRerolled)
    assert (event.of_reaction, event.index) == (False, failed)
    assert tray.rerolls_left_text().startswith("Action: 1 reroll left · Reaction: ")
    qtbot.mouseClick(panel.attack.resolve_button, Qt.MouseButton.LeftButton)
    assert tray.rerolls_left_text() == "Action: no rerolls left · Reaction: no rerolls left"
    document.close()


def test_the_gm_says_a_penalty_may_take_a_check_or_an_attack_below_one_die(qtbot, panel, document):
    tray = panel.tray
    _pick(tray.combatant, "ana")
    _pick(panel.form.attribute, "Brawn")
    assert not panel.form.below_one.isVisibleTo(panel)  # offered only beside a penalty
    panel.form.extra_dice.setValue(-9)
    assert panel.form.below_one.isVisibleTo(panel)
    qtbot.mouseClick(tray.roll_button, Qt.MouseButton.LeftButton)
    assert _last(document).events[0].roll.dice == 1  # the rules keep 1 die
    panel.form.below_one.setChecked(True)
    qtbot.mouseClick(tray.roll_button, Qt.MouseButton.LeftButton)
    assert _last(document).events[0].roll.dice == 0
    assert not panel.form.below_one.isChecked()  # said for that roll only
    attack = panel.attack
    _pick(attack.attacker, "ana")
    _pick(attack.target, "orc")
    attack.extra_dice.setValue(-9)
    attack.below_one.setChecked(True)
    qtbot.mouseClick(attack.attack_button, Qt.MouseButton.LeftButton)
    assert part_of(document.session.state).pending.check.roll.dice == 0
    assert not attack.below_one.isChecked()
    attack.reaction.dice.setValue(-9)
    attack.reaction.below_one.setChecked(True)
    qtbot.mouseClick(attack.reaction.dodge_button, Qt.MouseButton.LeftButton)
    reaction = next(e for e in _last(document).events if isinstance(e, ReactionRolled))
    assert reaction.roll.dice == 0


def test_with_the_house_rule_no_roll_asks_for_a_penalty_below_one_die(qtbot):
    doc = EncounterDocument(None, roller=Roller(random.Random(8)))
    doc.new("uwr", settings={"penalty_below_one": True})
    widget = _panel(qtbot, doc)
    widget.form.extra_dice.setValue(-3)
    widget.attack.extra_dice.setValue(-3)
    widget.attack.reaction.dice.setValue(-3)
    assert not widget.form.below_one.isVisibleTo(widget)
    assert not widget.attack.below_one.isVisibleTo(widget)
    assert not widget.attack.reaction.below_one.isVisibleTo(widget)
    doc.close()
