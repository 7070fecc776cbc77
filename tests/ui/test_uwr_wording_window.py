"""Text that reads right in a uwr fight window: "parries", attributes as the sheet shows them,
undo labels that say what was done, the skill a dodge names is rolled, and the initiative
column, the timeline and the log agree on a typed initiative."""

import random
from fractions import Fraction

import pytest
from PySide6.QtCore import QItemSelectionModel, QSettings, Qt
from PySide6.QtWidgets import QStyleOptionViewItem, QWidget

from tests.ui.fight_window import when_modal
from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import AddCombatants, ApplyDamage, StartFight
from uwr_desktop.core.rulesets.uwr.events import ReactionRolled
from uwr_desktop.core.rulesets.uwr.sheet import Attributes, Skill, UwrSheet, Weapon
from uwr_desktop.core.sides import Side
from uwr_desktop.ui.dialogs.quick import AmountDialog
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.table.delegates import CombatantDelegate
from uwr_desktop.ui.table.model import COMBATANT_ID_ROLE
from uwr_desktop.ui.widgets.number_box import NumberBox
from uwr_desktop.ui.window.main_window import MainWindow

SEED = 3


def _sheet(brawn, grace, *, skills=(), vitality=10):
    return UwrSheet(
        attributes=Attributes(brawn=Fraction(brawn), grace=Fraction(grace)),
        skills=skills,
        weapons=(Weapon(name="Sword", upr_type="Rapid"),),
        vitality=vitality,
        vitality_max=10,
    )


ANA = Combatant(id="ana", name="Ana", side=Side.PLAYER, sheet=_sheet(4, 3))
ORC = Combatant(
    id="orc", name="Orc", side=Side.ENEMY, sheet=_sheet(3, 2, skills=(Skill("Acrobatics", 2, 1),))
)


@pytest.fixture
def window(qtbot, tmp_path):
    document = EncounterDocument(None, roller=Roller(random.Random(SEED)))
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    main = MainWindow(document, settings)
    qtbot.addWidget(main, before_close_func=lambda w: setattr(w.files, "maybe_save", lambda: True))
    main.actions_by_key["reduce_motion"].setChecked(True)
    main.timeline.set_animation_duration(0)
    main.show()
    qtbot.waitExposed(main)
    document.session.do(AddCombatants([ANA, ORC]))
    yield main
    main.statusBar().clearMessage()
    document.close()


def _select(window, cid):
    model = window.table.model()
    selection = window.table.selectionModel()
    selection.clearSelection()
    for row in range(model.rowCount()):
        index = model.index(row, 0)
        if index.data(COMBATANT_ID_ROLE) == cid:
            flags = (
                QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
            )
            selection.select(index, flags)


def _cell(window, cid, key):
    model = window.table_model
    return model.index(model.row_of(cid), model.column_of(key))


def _type_in_cell(qtbot, window, cid, key, text):
    delegate = CombatantDelegate()
    index = _cell(window, cid, key)
    parent = QWidget()
    editor = delegate.createEditor(parent, QStyleOptionViewItem(), index)
    delegate.setEditorData(editor, index)
    editor.lineEdit().selectAll()
    qtbot.keyClicks(editor, text)
    delegate.setModelData(editor, window.table_model, index)


def _attack_and_wait_for_reaction(qtbot, window):
    panel = window.dice_panel.widget.attack
    panel.attacker.setCurrentIndex(panel.attacker.findData("ana"))
    panel.target.setCurrentIndex(panel.target.findData("orc"))
    qtbot.mouseClick(panel.attack_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(panel.reaction.isVisible)
    return panel


def test_a_heal_of_100_is_undone_as_the_heal_it_was(qtbot, window):
    session = window.document.session
    session.do(ApplyDamage(["ana"], 2))
    _select(window, "ana")

    def type_hundred(dialog):
        box = dialog.findChild(NumberBox, "amount")
        box.lineEdit().selectAll()
        qtbot.keyClicks(box, "100")
        qtbot.keyClick(box, Qt.Key.Key_Return)

    when_modal(AmountDialog, type_hundred)
    window.actions_by_key["heal"].trigger()
    qtbot.waitUntil(lambda: session.state.combatants["ana"].sheet.vitality == 10)
    undo = window.actions_by_key["undo"]
    assert undo.text() == "&Undo Heal 2: Ana"


def test_a_parry_reads_parries(qtbot, window):
    session = window.document.session
    session.do(StartFight())
    panel = _attack_and_wait_for_reaction(qtbot, window)
    assert panel.reaction.parry_button.isEnabled()
    qtbot.mouseClick(panel.reaction.parry_button, Qt.MouseButton.LeftButton)
    assert "Orc parries:" in panel.status.text()
    assert "parrys" not in panel.status.text()
    log = session.describe_entry(session.cursor - 1)
    assert any("Orc parries:" in line for line in log)


def test_the_skill_chosen_for_a_dodge_is_rolled_and_named(qtbot, window):
    session = window.document.session
    session.do(StartFight())
    panel = _attack_and_wait_for_reaction(qtbot, window)
    skills = panel.reaction.dodge_skill
    assert skills.isVisible()
    assert [skills.itemText(i) for i in range(skills.count())] == [
        "No skill",
        "Acrobatics +2",
    ]
    panel.reaction.dodge_skill.setCurrentIndex(1)
    qtbot.mouseClick(panel.reaction.dodge_button, Qt.MouseButton.LeftButton)
    events = session.entries[session.cursor - 1].events
    (reaction,) = [e for e in events if isinstance(e, ReactionRolled)]
    assert isinstance(reaction, ReactionRolled)
    # Grace 2 plus Acrobatics' rank 2, and its reroll.
    assert (reaction.roll.dice, reaction.roll.rerolls, reaction.skill) == (4, 1, "Acrobatics")
    log = session.describe_entry(session.cursor - 1)
    assert any("Orc dodges with Acrobatics:" in line for line in log)


def test_an_attribute_off_the_half_steps_is_refused_as_typed(qtbot, window):
    with qtbot.waitSignal(window.table_model.editRefused) as refused:
        _type_in_cell(qtbot, window, "orc", "grace", "3.7")
    assert "got 3.7" in refused.args[0]
    assert "37/10" not in refused.args[0]
    assert window.document.session.state.combatants["orc"].sheet.attributes.grace == 2


def test_a_typed_initiative_reads_the_same_in_the_table_timeline_and_log(qtbot, window):
    session = window.document.session
    _type_in_cell(qtbot, window, "orc", "initiative", "15")
    assert _cell(window, "orc", "initiative").data() == "15"
    assert _cell(window, "orc", "initiative_roll").data() == "-"
    log = " ".join(session.describe_entry(session.cursor - 1))
    assert "Orc's initiative set to 15 (not rolled)" in log
    slot = next(s for s in session.ruleset.timeline(session.state) if s.combatant_id == "orc")
    assert slot.value_text == "15 (not rolled)"

    session.do(StartFight())
    rolled = session.state.combatants["ana"].sheet.initiative
    _type_in_cell(qtbot, window, "ana", "initiative", "-2")
    log = " ".join(session.describe_entry(session.cursor - 1))
    assert f"Ana's initiative set to -2 (rolled {rolled.rolled})" in log
    assert _cell(window, "ana", "initiative").data() == "-2"
    assert _cell(window, "ana", "initiative_roll").data().startswith(f"{rolled.rolled} (")
    slot = next(s for s in session.ruleset.timeline(session.state) if s.combatant_id == "ana")
    assert slot.value_text == f"-2 (rolled {rolled.rolled})"
