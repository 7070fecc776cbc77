"""The ``uwr`` check form in the dice tray: a check built by clicking (attribute, skill, extra
dice, favor, rerolls, what it is against) is rolled by the fight's session, its failed dice
rerolled through the journal, its odds and banner those of the core."""

import random
from fractions import Fraction

import pytest
from PySide6.QtCore import Qt

from uwr_desktop.core.dice import PoolSpec, Roller
from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import AddCombatants
from uwr_desktop.core.odds import check_probability, opposed_distribution, pool_distribution
from uwr_desktop.core.rulesets.uwr.events import CheckRolled, DieRerolled
from uwr_desktop.core.rulesets.uwr.sheet import Attributes, Skill, UwrSheet
from uwr_desktop.ui.dice.odds_plot import percent
from uwr_desktop.ui.dice.shown import successes_text
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.rulesets.uwr.check_panel import CheckPanel

SEED = 20240611


def kit() -> Combatant:
    attributes = Attributes(
        brawn=Fraction(2), grace=Fraction(7, 2), mettle=Fraction(3), savvy=Fraction(1)
    )
    skills = (Skill("Acrobatics", 2, 1), Skill("Balance", 0, 2))
    return Combatant(id="kit", name="Kit", sheet=UwrSheet(attributes=attributes, skills=skills))


def orc() -> Combatant:
    return Combatant(id="orc", name="Orc", sheet=UwrSheet(attributes=Attributes(brawn=Fraction(5))))


def _select(qtbot, combo, text):
    """Pick the item starting with ``text`` with the arrow keys, as a GM could."""
    index = combo.findText(text, Qt.MatchFlag.MatchStartsWith)
    assert index >= 0, f"{text!r} not offered"
    while combo.currentIndex() != index:
        key = Qt.Key.Key_Down if combo.currentIndex() < index else Qt.Key.Key_Up
        qtbot.keyClick(combo, key)


@pytest.fixture
def document():
    document = EncounterDocument(None, roller=Roller(random.Random(SEED)))
    document.session.do(AddCombatants([kit(), orc()]))
    return document


@pytest.fixture
def panel(qtbot, document):
    widget = CheckPanel(document, roller=Roller(random.Random(SEED)))
    widget.tray.set_animation_speed(4.0)
    widget.resize(800, 1000)
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def _build_grace_acrobatics(qtbot, panel):
    """Kit, Grace 3.5 + Acrobatics (2 dice, +1 reroll), +1 extra die: 6 dice, 2 rerolls."""
    _select(qtbot, panel.tray.combatant, "Kit")
    _select(qtbot, panel.form.attribute, "Grace")
    _select(qtbot, panel.form.skill, "Acrobatics")
    qtbot.keyClick(panel.form.extra_dice, Qt.Key.Key_Up)


def _latest(document):
    session = document.session
    return session.entries[session.cursor - 1]


def test_a_check_built_by_clicking_is_rolled_by_the_session(qtbot, document, panel):
    tray = panel.tray
    _build_grace_acrobatics(qtbot, panel)
    assert tray.message_text() == "Grace 3 (+1 reroll) + Acrobatics +2 + 1 die = 6d6 r2"
    assert tray.odds_text() == f"Chance to pass: {percent(check_probability(6, 1, 0, 2))}"
    qtbot.mouseClick(tray.roll_button, Qt.MouseButton.LeftButton)
    (rolled,) = _latest(document).events
    assert isinstance(rolled, CheckRolled)
    assert (rolled.kind, rolled.actor, rolled.difficulty) == ("direct", "kit", 1)
    expected = Roller(random.Random(SEED)).roll_pool(PoolSpec(6, favor=0, rerolls=2))
    assert rolled.roll.faces == expected.faces
    qtbot.waitUntil(lambda: not tray.is_animating(), timeout=3000)
    assert tray.view.shown_labels() == tuple(str(face) for face in expected.faces)
    assert tray.banner_text() == f"{successes_text(expected.successes)} vs 1", "until resolved"


def test_a_failed_die_clicked_is_rerolled_through_the_journal(qtbot, document, panel):
    tray = panel.tray
    _build_grace_acrobatics(qtbot, panel)
    tray.set_reduce_motion(True)
    tray.roll()
    first = tray.current_roll()
    index = first.rerollable_indices[0]
    with qtbot.waitSignal(tray.rerollRequested, timeout=1000) as blocker:
        qtbot.mouseClick(
            tray.view, Qt.MouseButton.LeftButton, pos=tray.view.die_rect(index).center()
        )
    assert blocker.args == [[index]]
    (rerolled,) = _latest(document).events
    assert isinstance(rerolled, DieRerolled) and rerolled.index == index
    assert tray.view.dice()[index].rerolled
    replay = Roller(random.Random(SEED))
    assert tray.current_roll() == replay.reroll(replay.roll_pool(first.spec), [index])


def test_reroll_all_spends_the_checks_rerolls(qtbot, document, panel):
    tray = panel.tray
    _build_grace_acrobatics(qtbot, panel)
    tray.set_reduce_motion(True)
    tray.roll()
    first = tray.current_roll()
    qtbot.mouseClick(tray.reroll_button, Qt.MouseButton.LeftButton)
    assert tray.current_roll().rerolls_used == min(2, len(first.rerollable_indices))
    assert not tray.reroll_button.isEnabled()


@pytest.mark.parametrize("difficulty", ["Easy", "Normal", "Difficult", "Extreme"])
def test_the_odds_and_banner_follow_the_difficulty(qtbot, panel, difficulty):
    tray = panel.tray
    _build_grace_acrobatics(qtbot, panel)
    _select(qtbot, panel.form.against, difficulty)
    needed, favor = {"Easy": (1, 1), "Normal": (1, 0), "Difficult": (2, 0), "Extreme": (3, 0)}[
        difficulty
    ]
    assert tray.odds_text() == f"Chance to pass: {percent(check_probability(6, needed, favor, 2))}"
    tray.set_reduce_motion(True)
    tray.roll()
    successes = tray.current_roll().successes
    assert tray.banner_text() == f"{successes_text(successes)} vs {needed}"


def test_opposed_odds_are_the_cores(qtbot, panel):
    tray = panel.tray
    qtbot.keyClicks(tray.notation, "6d6 f+1 r1")
    _select(qtbot, panel.form.against, "Opposed")
    panel.form.reaction_dice.setValue(5)
    panel.form.reaction_rerolls.setValue(2)
    surviving = opposed_distribution(pool_distribution(6, 1, 1), pool_distribution(5, 0, 2))
    assert tray.odds_text() == f"Chance the action wins: {percent(sum(surviving[1:]))}"


def test_a_roll_for_nobody_against_a_reaction_is_rolled_here(qtbot, document, panel):
    tray = panel.tray
    qtbot.keyClicks(tray.notation, "5d6")
    _select(qtbot, panel.form.against, "Opposed")
    panel.form.reaction_dice.setValue(4)
    panel.form.reaction_rerolls.setValue(1)
    tray.set_reduce_motion(True)
    entries = len(document.session.entries)
    tray.roll()
    assert len(document.session.entries) == entries, "a check for nobody is not the fight's"
    replay = Roller(random.Random(SEED))
    action = replay.roll_pool(PoolSpec(5))
    reaction = replay.reroll_all(replay.roll_pool(PoolSpec(4, rerolls=1)))
    assert tray.current_roll() == action
    assert tray.reaction_view.shown_labels() == tuple(str(f) for f in reaction.faces)
    if action.successes > reaction.successes:
        assert tray.banner_text() == f"Action wins with {action.successes - reaction.successes}"
    else:
        assert tray.banner_text().startswith("Reaction wins")


def test_an_empty_check_explains_how_to_build_one(qtbot, panel):
    tray = panel.tray
    assert tray.combatant.currentData() is None
    assert tray.has_error()
    assert "Pick an attribute or raise Dice" in tray.message_text()
    assert not tray.roll_button.isEnabled()
    qtbot.keyClick(panel.form.extra_dice, Qt.Key.Key_Up)
    assert tray.roll_button.isEnabled()
    assert tray.message_text() == "+1 die = 1d6"


def test_a_penalty_leaves_at_least_one_die(qtbot, panel):
    _select(qtbot, panel.tray.combatant, "Kit")
    _select(qtbot, panel.form.attribute, "Savvy")
    qtbot.keyClick(panel.form.extra_dice, Qt.Key.Key_Down)
    qtbot.keyClick(panel.form.extra_dice, Qt.Key.Key_Down)
    assert panel.tray.build_request().spec == PoolSpec(1)
    assert "at least 1 die" in panel.tray.message_text()


def test_typed_dice_step_the_built_pool_aside(qtbot, panel):
    qtbot.keyClicks(panel.tray.notation, "4d6")
    assert not panel.form.extra_dice.isEnabled()
    panel.tray.notation.clear()
    assert panel.form.extra_dice.isEnabled()


def test_the_forms_controls_have_accessible_names_and_tooltips(panel):
    form = panel.form
    for widget in (
        form.attribute,
        form.skill,
        form.extra_dice,
        form.favor,
        form.rerolls,
        form.against,
    ):
        assert widget.accessibleName(), widget
        assert widget.toolTip(), widget
