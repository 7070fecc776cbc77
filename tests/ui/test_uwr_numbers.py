"""Numbers behave in a uwr fight: a minus sign typed is never dropped; negatives are taken where
they mean something (favor, dice modifiers, a typed initiative) and refused with a message where
they do not (damage, rounds, Vitality, attributes); dice typed for a combatant are journaled."""

import random
from fractions import Fraction

import pytest
from PySide6.QtCore import QPersistentModelIndex, Qt
from PySide6.QtWidgets import QDialogButtonBox, QStyleOptionViewItem, QWidget

from tests.ui.fight_window import retype, when_modal
from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.events import DiceRolled
from uwr_desktop.core.intents import AddCombatants, StartFight
from uwr_desktop.core.rolls import DiceKind
from uwr_desktop.core.rulesets.uwr.events import CheckRolled
from uwr_desktop.core.rulesets.uwr.sheet import Attributes, UwrSheet, Weapon
from uwr_desktop.core.sides import Side
from uwr_desktop.ui.dialogs.condition_dialog import ConditionDialog
from uwr_desktop.ui.dialogs.quick import AmountDialog, ask_amount
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.rulesets.uwr.check_panel import CheckPanel
from uwr_desktop.ui.rulesets.uwr.combatant_dialog import CombatantDialog
from uwr_desktop.ui.table.delegates import CombatantDelegate
from uwr_desktop.ui.table.model import CombatantTableModel
from uwr_desktop.ui.widgets.number_box import DecimalBox, NumberBox

SEED = 5


def _fighter(cid, name, side, brawn=3):
    return Combatant(
        id=cid,
        name=name,
        side=side,
        sheet=UwrSheet(
            attributes=Attributes(brawn=Fraction(brawn), grace=Fraction(3)),
            weapons=(Weapon(name="Sword", upr_type="Rapid"),),
        ),
    )


@pytest.fixture
def document():
    doc = EncounterDocument(None, roller=Roller(random.Random(SEED)))
    doc.session.do(
        AddCombatants(
            [_fighter("ana", "Ana", Side.PLAYER, brawn=4), _fighter("orc", "Orc", Side.ENEMY)]
        )
    )
    doc.session.do(StartFight())
    yield doc
    doc.close()


@pytest.fixture
def panel(qtbot, document):
    widget = CheckPanel(document, roller=Roller(random.Random(SEED)))
    widget.tray.set_reduce_motion(True)
    widget.resize(800, 1000)
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def _last_events(document):
    session = document.session
    return session.entries[session.cursor - 1].events


def test_a_minus_typed_in_the_damage_box_is_kept_and_refused(qtbot):
    dialog = AmountDialog("Damage", "Damage to Orc")
    qtbot.addWidget(dialog)
    dialog.show()
    box = dialog.findChild(NumberBox, "amount")
    retype(qtbot, box, "-5")
    assert box.text() == "-5"
    assert dialog.problem() == (
        "The amount (Damage) cannot be negative (got -5): to give health back, use Heal."
    )
    ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
    assert not ok.isEnabled()
    qtbot.keyClick(box, Qt.Key.Key_Return)
    assert dialog.isVisible()
    assert box.text() == "-5"
    retype(qtbot, box, "5")
    assert dialog.problem() == ""
    assert ok.isEnabled()
    assert dialog.amount() == 5


def test_ask_amount_never_turns_minus_five_into_five(qtbot):
    def type_minus_five_then_cancel(dialog):
        box = dialog.findChild(NumberBox, "amount")
        retype(qtbot, box, "-5")
        qtbot.keyClick(box, Qt.Key.Key_Return)
        assert dialog.isVisible()
        dialog.reject()

    when_modal(AmountDialog, type_minus_five_then_cancel)
    assert ask_amount(None, "Damage", "Damage to Orc") is None


def test_too_many_digits_are_kept_and_named(qtbot):
    dialog = AmountDialog("Heal", "Heal Ana", maximum=12)
    qtbot.addWidget(dialog)
    box = dialog.findChild(NumberBox, "amount")
    retype(qtbot, box, "50")
    assert box.text() == "50"
    assert dialog.problem() == "The amount (Heal) can be at most 12 (got 50)."


def test_negative_rounds_of_a_condition_are_refused(qtbot):
    dialog = ConditionDialog()
    qtbot.addWidget(dialog)
    rounds = dialog.findChild(NumberBox, "conditionRounds")
    retype(qtbot, rounds, "-2")
    problem = dialog.findChild(QWidget, "problemLabel")
    assert problem.text() == "Rounds cannot be negative (got -2): 0 means until removed."
    assert (
        not dialog.findChild(QDialogButtonBox)
        .button(QDialogButtonBox.StandardButton.Ok)
        .isEnabled()
    )


def test_a_negative_favor_typed_in_the_attack_panel_is_rolled_with_its_sign(qtbot, panel, document):
    attack = panel.attack
    assert attack.attacker.currentData() == document.session.state.current
    retype(qtbot, attack.favor, "-2")
    retype(qtbot, attack.extra_dice, "-1")
    assert (attack.favor.value(), attack.extra_dice.value()) == (-2, -1)
    qtbot.mouseClick(attack.attack_button, Qt.MouseButton.LeftButton)
    (rolled,) = [e for e in _last_events(document) if isinstance(e, CheckRolled)]
    assert isinstance(rolled, CheckRolled)
    assert rolled.roll.favor == -2
    # A 6 alone succeeds at -2 favor; the pool lost the die the penalty took.
    assert rolled.roll.pool().threshold == 6
    brawn = 4 if rolled.actor == "ana" else 3
    assert len(rolled.roll.faces) == brawn - 1
    log = document.session.describe_entry(document.session.cursor - 1)
    assert any("favor -2" in line for line in log)


def test_a_favor_beyond_its_range_is_refused_not_clamped(qtbot, panel, document):
    attack = panel.attack
    retype(qtbot, attack.favor, "-11")
    assert attack.favor.text() == "-11"
    before = document.session.cursor
    qtbot.mouseClick(attack.attack_button, Qt.MouseButton.LeftButton)
    assert document.session.cursor == before
    assert panel.message_text() == "Attack favor cannot be below -10 (got -11)."


def test_the_tray_keeps_a_penalty_sign_and_refuses_negative_rerolls(qtbot, panel):
    tray = panel.tray
    form = panel.form
    tray.combatant.setCurrentIndex(tray.combatant.findData("ana"))
    retype(qtbot, form.extra_dice, "-2")
    assert form.extra_dice.text() == "-2"
    assert tray.message_text() == "Brawn 4 − 2 dice = 2d6"  # noqa: RUF001 (the minus sign)
    retype(qtbot, form.rerolls, "-1")
    assert tray.has_error()
    assert tray.message_text() == "Extra rerolls cannot be negative (got -1)."
    assert not tray.roll_button.isEnabled()


@pytest.mark.parametrize(
    ("typed", "kind", "count"),
    [("6k3", DiceKind.KEEP, 6), ("2d10+5", DiceKind.SUM, 2), ("4d6", DiceKind.POOL, 4)],
)
def test_dice_typed_for_a_combatant_are_journaled_and_logged(
    qtbot, panel, document, typed, kind, count
):
    tray = panel.tray
    tray.combatant.setCurrentIndex(tray.combatant.findData("orc"))
    tray.notation.setText(typed)
    before = document.session.cursor
    qtbot.mouseClick(tray.roll_button, Qt.MouseButton.LeftButton)
    assert document.session.cursor == before + 1
    first = _last_events(document)[0]
    assert isinstance(first, DiceRolled | CheckRolled)
    assert first.roll.kind is kind
    assert first.roll.dice == count
    log = " ".join(document.session.describe_entry(before))
    assert "Orc" in log
    assert document.session.undo_label


def _table(qtbot, document):
    model = CombatantTableModel(document.session)
    document.session.subscribe(model.apply)
    delegate = CombatantDelegate()
    return model, delegate


def _cell_editor(model, delegate, cid, key):
    index = model.index(model.row_of(cid), model.column_of(key))
    parent = QWidget()
    editor = delegate.createEditor(parent, QStyleOptionViewItem(), index)
    delegate.setEditorData(editor, index)
    return parent, editor, QPersistentModelIndex(index)


def test_a_negative_vitality_typed_in_the_table_is_refused_with_its_sign(qtbot, document):
    model, delegate = _table(qtbot, document)
    _parent, editor, index = _cell_editor(model, delegate, "orc", "vitality")
    retype(qtbot, editor, "-5")
    assert editor.text() == "-5"
    before = document.session.cursor
    with qtbot.waitSignal(model.editRefused) as refused:
        delegate.setModelData(editor, model, model.index(index.row(), index.column()))
    assert refused.args[0] == "Orc: Vitality cannot be negative (got -5)"
    assert document.session.cursor == before


def test_a_negative_initiative_typed_over_the_roll_is_taken(qtbot, document):
    model, delegate = _table(qtbot, document)
    _parent, editor, index = _cell_editor(model, delegate, "orc", "initiative")
    retype(qtbot, editor, "-3")
    delegate.setModelData(editor, model, model.index(index.row(), index.column()))
    initiative = document.session.state.combatants["orc"].sheet.initiative
    assert initiative.value == -3
    assert document.session.state.order[-1] == "orc"


def test_a_negative_attribute_in_the_sheet_is_named_not_dropped(qtbot, document):
    dialog = CombatantDialog(document.session.ruleset, document.session.state.combatants["orc"])
    qtbot.addWidget(dialog)
    brawn = dialog.findChild(DecimalBox, "brawn")
    retype(qtbot, brawn, "-1.5")
    assert brawn.text() == "-1.5"
    assert dialog.refusal() == "Brawn cannot be negative (got -1.5)."
    vitality = dialog.findChild(NumberBox, "vitality")
    retype(qtbot, brawn, "3")
    retype(qtbot, vitality, "-4")
    assert dialog.refusal() == "Vitality cannot be negative (got -4)."
