"""File > New Fight: the round system and its settings, remembered, shown in the status bar,
with the default party of that system only."""

import random
from enum import StrEnum
from fractions import Fraction
from typing import Annotated, Any, Literal

import msgspec
import pytest
from fight_window import without_samples
from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QMessageBox,
    QPushButton,
    QSpinBox,
)

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.events import convert
from uwr_desktop.core.intents import AddCombatants, RulesError
from uwr_desktop.core.rulesets import make_ruleset, register, registry
from uwr_desktop.core.rulesets.uwr.sheet import UwrSheet
from uwr_desktop.core.sides import Side
from uwr_desktop.core.storage.journal_db import JournalStore
from uwr_desktop.core.storage.library import CombatantLibrary
from uwr_desktop.ui.dialogs.new_fight import NewFightDialog
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.window.main_window import MainWindow

# ---- a second round system, for these tests only ----------------------------------------------


class Pace(StrEnum):
    CALM = "calm"
    BRISK = "brisk"


class Extra(msgspec.Struct, frozen=True):
    name: str


class SketchSettings(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    surprise: Annotated[
        bool, msgspec.Meta(title="Surprise round", description="Ambushers act alone first.")
    ] = False
    hit_dice: Annotated[
        int, msgspec.Meta(ge=1, le=4, title="Hit dice", description="Dice rolled for hit points.")
    ] = 2
    pace: Annotated[Pace, msgspec.Meta(title="Pace")] = Pace.CALM
    tie_break: Literal["roll_off", "table_order"] = "roll_off"
    step: Annotated[Fraction, msgspec.Meta(title="Step", description="Movement per point.")] = (
        Fraction(1, 2)
    )
    extras: tuple[Extra, ...] = (Extra("kept"),)


class SketchRuleset:
    """Plays like uwr, under its own id and settings."""

    id = "sketch"
    title = "Sketch (a test round system)"

    def __init__(self, settings: SketchSettings) -> None:
        self._settings = settings
        self._inner = make_ruleset("uwr")

    @property
    def settings(self) -> SketchSettings:
        return self._settings

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


def make_sketch(settings):
    try:
        chosen = convert(dict(settings or {}), SketchSettings)
    except (msgspec.ValidationError, TypeError, ValueError) as error:
        raise RulesError(f"Bad sketch settings: {error}") from None
    if chosen.step <= 0:
        raise RulesError("The step must be more than 0 (it is how far a point moves you).")
    return SketchRuleset(chosen)


@pytest.fixture(autouse=True)
def sketch(monkeypatch):
    registry.load_rulesets()  # once per process: the copy below then holds every shipped one
    monkeypatch.setattr(registry, "_FACTORIES", dict(registry._FACTORIES))
    register("sketch", make_sketch)


# ---- helpers ----------------------------------------------------------------------------------


def _dialog(qtbot, ruleset_id=None, stored=None) -> NewFightDialog:
    dialog = NewFightDialog(ruleset_id, stored)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def _choose(dialog: NewFightDialog, ruleset_id: str) -> None:
    systems = dialog.findChild(QComboBox, "rulesetChoice")
    systems.setCurrentIndex(systems.findData(ruleset_id))


def _ok(qtbot, dialog: NewFightDialog) -> None:
    buttons = dialog.findChild(QDialogButtonBox, "newFightButtons")
    qtbot.mouseClick(buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)


def _when_new_fight_dialog(act):
    """Run ``act(dialog)`` on the New Fight dialog once it is shown (it then closes)."""

    def run():
        modal = QApplication.activeModalWidget()
        if isinstance(modal, NewFightDialog):
            act(modal)
            if modal.isVisible():
                modal.reject()
        else:
            QTimer.singleShot(10, run)

    QTimer.singleShot(0, run)


# ---- the dialog -------------------------------------------------------------------------------


def test_every_round_system_is_offered_by_title_and_the_given_one_preselected(qtbot):
    dialog = _dialog(qtbot, "sketch")
    systems = dialog.findChild(QComboBox, "rulesetChoice")
    offered = {systems.itemData(i): systems.itemText(i) for i in range(systems.count())}
    assert offered["uwr"] == make_ruleset("uwr").title
    assert offered["sketch"] == "Sketch (a test round system)"
    assert dialog.ruleset_id() == "sketch"
    assert _dialog(qtbot, "no-such-system").ruleset_id() == systems.itemData(0)


def test_the_form_is_built_from_the_settings_struct(qtbot):
    dialog = _dialog(qtbot, "sketch")
    form = dialog.form()
    assert form.shown_fields() == ["surprise", "hit_dice", "pace", "tie_break", "step"]
    surprise = form.editor("surprise")
    assert isinstance(surprise, QCheckBox) and surprise.text() == "Surprise round"
    assert surprise.toolTip() == "Ambushers act alone first."
    dice = form.editor("hit_dice")
    assert isinstance(dice, QSpinBox) and (dice.minimum(), dice.maximum()) == (1, 4)
    assert dice.value() == 2
    pace = form.editor("pace")
    assert isinstance(pace, QComboBox)
    assert [pace.itemText(i) for i in range(pace.count())] == ["Calm", "Brisk"]
    ties = form.editor("tie_break")
    assert [ties.itemText(i) for i in range(ties.count())] == ["Roll off", "Table order"]
    step = form.editor("step")
    assert isinstance(step, QLineEdit) and step.text() == "1/2"
    label = form.layout().labelForField(dice)
    assert label.text() == "Hit dice:" and label.toolTip() == "Dice rolled for hit points."
    tie_label = form.layout().labelForField(ties)
    assert tie_label.text() == "Tie break:", "a field without a title is named from its key"


def test_the_uwr_settings_read_as_the_rules_name_them(qtbot):
    dialog = _dialog(qtbot, "uwr")
    form = dialog.form()
    assert form.shown_fields() == [
        "lowest_threshold",
        "initiative_tie",
        "upr_recompute",
        "uncontested_zero_wins",
        "parry_spends_use",
        "penalty_below_one",
    ], "the extra UPR types (a list of records) are kept, not shown"
    threshold = form.editor("lowest_threshold")
    assert (threshold.minimum(), threshold.maximum(), threshold.value()) == (2, 6, 2)
    label = form.layout().labelForField(threshold)
    assert label.text() == "Lowest face that can succeed:"
    assert "a 1 always fails" in threshold.toolTip()
    assert form.editor("parry_spends_use").isChecked()
    assert not form.editor("uncontested_zero_wins").isChecked()


def test_settings_set_in_the_form_build_the_ruleset_and_hidden_ones_are_kept(qtbot):
    dialog = _dialog(qtbot, "sketch", {"sketch": {"extras": [{"name": "Mist"}]}})
    form = dialog.form()
    form.editor("surprise").setChecked(True)
    form.editor("hit_dice").setValue(4)
    form.editor("pace").setCurrentIndex(1)
    form.editor("tie_break").setCurrentIndex(1)
    form.editor("step").setText("1.5")
    _ok(qtbot, dialog)
    assert not dialog.isVisible()
    chosen = dialog.chosen()
    assert chosen.id == "sketch"
    assert chosen.settings == SketchSettings(
        surprise=True,
        hit_dice=4,
        pace=Pace.BRISK,
        tie_break="table_order",
        step=Fraction(3, 2),
        extras=(Extra("Mist"),),
    )
    stored = {"sketch": msgspec.to_builtins(chosen.settings, enc_hook=str)}
    reopened = _dialog(qtbot, "sketch", stored)
    again = reopened.form()
    assert again.editor("hit_dice").value() == 4
    assert again.editor("pace").currentText() == "Brisk"
    assert again.editor("step").text() == "3/2"
    assert again.editor("surprise").isChecked()


def test_a_value_that_cannot_be_read_is_refused_by_name_and_the_dialog_stays(qtbot):
    dialog = _dialog(qtbot, "sketch")
    dialog.form().editor("hit_dice").setValue(3)
    dialog.form().editor("step").setText("a lot")
    _ok(qtbot, dialog)
    assert dialog.isVisible() and dialog.chosen() is None
    assert dialog.message().startswith("Step: 'a lot' is not a number")
    assert dialog.findChild(QLabel, "newFightMessage").isVisible()
    assert dialog.form().editor("hit_dice").value() == 3, "nothing typed is lost"


def test_a_setting_the_ruleset_refuses_is_shown_and_the_dialog_stays(qtbot):
    dialog = _dialog(qtbot, "sketch")
    dialog.form().editor("step").setText("0")
    _ok(qtbot, dialog)
    assert dialog.isVisible() and dialog.chosen() is None
    assert dialog.message() == "The step must be more than 0 (it is how far a point moves you)."
    dialog.form().editor("step").setText("2")
    _ok(qtbot, dialog)
    assert not dialog.isVisible()
    assert dialog.chosen().settings.step == 2


def test_switching_systems_keeps_each_ones_edits_and_defaults_restore_them(qtbot):
    dialog = _dialog(qtbot, "uwr")
    dialog.form().editor("lowest_threshold").setValue(4)
    _choose(dialog, "sketch")
    dialog.form().editor("hit_dice").setValue(1)
    _choose(dialog, "uwr")
    assert dialog.form().editor("lowest_threshold").value() == 4
    buttons = dialog.findChild(QDialogButtonBox, "newFightButtons")
    restore = buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults)
    qtbot.mouseClick(restore, Qt.MouseButton.LeftButton)
    assert dialog.form().editor("lowest_threshold").value() == 2
    _choose(dialog, "sketch")
    assert dialog.form().editor("hit_dice").value() == 1


def test_stored_settings_this_version_refuses_start_from_the_defaults(qtbot):
    dialog = _dialog(qtbot, "uwr", {"uwr": {"lowest_threshold": 99, "gone": True}})
    assert dialog.form().editor("lowest_threshold").value() == 2


# ---- the window -------------------------------------------------------------------------------


@pytest.fixture
def library(tmp_path):
    with CombatantLibrary(tmp_path / "library.sqlite") as opened:
        without_samples(opened)
        vex = opened.save(
            "uwr", Combatant(id="vex", name="Vex", side=Side.PLAYER, sheet=UwrSheet())
        )
        mara = opened.save(
            "sketch", Combatant(id="mara", name="Mara", side=Side.PLAYER, sheet=UwrSheet())
        )
        opened.save("sketch", Combatant(id="imp", name="Imp", sheet=UwrSheet()))
        opened.set_default_party("uwr", [vex.template_id])
        opened.set_default_party("sketch", [mara.template_id])
        yield opened


@pytest.fixture
def make_window(qtbot, tmp_path, library):
    store = JournalStore(tmp_path / "journal.sqlite3")
    documents = []

    def make():
        document = EncounterDocument(store, roller=Roller(random.Random(3)))
        documents.append(document)
        settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
        main = MainWindow(document, settings, library=library)
        qtbot.addWidget(
            main, before_close_func=lambda w: setattr(w.files, "maybe_save", lambda: True)
        )
        main.show()
        qtbot.waitExposed(main)
        return main

    yield make
    for document in documents:
        document.close()
    store.close()


def _names(window):
    return [c.name for c in window.document.session.state.combatants.values()]


def _ruleset_label(window):
    return window.statusBar().findChild(QLabel, "statusRuleset")


def _start_sketch(dialog):
    _choose(dialog, "sketch")
    dialog.form().editor("hit_dice").setValue(3)
    dialog.accept()


def test_a_new_fight_follows_the_chosen_system_with_its_own_default_party(make_window):
    window = make_window()
    assert _ruleset_label(window).text() == make_ruleset("uwr").title
    assert "Every setting as the rules have it" in _ruleset_label(window).toolTip()
    _when_new_fight_dialog(_start_sketch)
    window.actions_by_key["new"].trigger()
    session = window.document.session
    assert session.ruleset.id == "sketch"
    assert session.ruleset.settings.hit_dice == 3
    assert _names(window) == ["Mara"], "only the sketch party joins"
    label = _ruleset_label(window)
    assert label.text() == "Sketch (a test round system) · house rules"
    assert "Hit dice: 3" in label.toolTip()
    assert "Surprise" not in label.toolTip()


def test_the_choice_is_remembered_for_the_next_new_fight_even_after_a_restart(make_window):
    window = make_window()
    _when_new_fight_dialog(_start_sketch)
    window.actions_by_key["new"].trigger()
    window.close()
    seen = {}

    def look(dialog):
        seen["id"] = dialog.ruleset_id()
        seen["dice"] = dialog.form().editor("hit_dice").value()
        _choose(dialog, "uwr")
        dialog.accept()

    restarted = make_window()
    _when_new_fight_dialog(look)
    restarted.actions_by_key["new"].trigger()
    assert seen == {"id": "sketch", "dice": 3}
    assert restarted.document.session.ruleset.id == "uwr"
    assert _names(restarted) == ["Vex"]


def test_cancel_or_escape_keeps_the_fight_and_the_remembered_choice(qtbot, make_window):
    window = make_window()
    window.document.session.do(AddCombatants([Combatant(id="ogre", name="Ogre", sheet=UwrSheet())]))
    session = window.document.session
    settings_before = window._settings.value("new_fight/ruleset")

    def escape(dialog):
        _choose(dialog, "sketch")
        qtbot.keyClick(dialog, Qt.Key.Key_Escape)

    _when_new_fight_dialog(escape)
    window.files.maybe_save = lambda: True  # the prompt has its own test below
    window.actions_by_key["new"].trigger()
    assert window.document.session is session
    assert _names(window) == ["Ogre"]
    assert window.document.modified
    assert window._settings.value("new_fight/ruleset") == settings_before


def test_the_unsaved_changes_prompt_comes_before_the_dialog(make_window, monkeypatch):
    window = make_window()
    window.document.session.do(AddCombatants([Combatant(id="ogre", name="Ogre", sheet=UwrSheet())]))
    order = []

    def question(*args):
        order.append("prompt")
        return QMessageBox.StandardButton.Discard

    monkeypatch.setattr(QMessageBox, "question", question)
    _when_new_fight_dialog(lambda dialog: (order.append("dialog"), dialog.reject()))
    window.actions_by_key["new"].trigger()
    assert order == ["prompt", "dialog"]
    assert _names(window) == ["Ogre"], "cancelling the dialog after Discard loses nothing"


def test_only_templates_of_the_fights_system_are_offered(qtbot, make_window, library):
    from uwr_desktop.ui.dialogs.library import LibraryDialog

    for ruleset_id, names in (("uwr", ["Vex"]), ("sketch", ["Imp", "Mara"])):
        dialog = LibraryDialog(library, ruleset_id, [])
        qtbot.addWidget(dialog)
        shown = dialog.findChild(QPushButton, "addParty")
        assert shown.isEnabled()
        dialog.add_default_party()
        party = [c.name for c in dialog.chosen_combatants()]
        assert party == [n for n in names if n in ("Vex", "Mara")]
        listed = dialog.findChild(QListWidget, "libraryList")
        assert sorted(listed.item(i).text().split("\n")[0] for i in range(listed.count())) == names
