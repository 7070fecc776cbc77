"""Ruleset UIs: found by ruleset id, registered from elsewhere, and swapped in by the window.

A second round system is stood up here from uwr's rules under another id ("copy"), so that the
window can be seen asking the registry (and coping when a ruleset has no UI) without any
ruleset of its own in the product.
"""

import json
import random
import subprocess
import sys

import pytest
from fight_window import without_samples
from msgspec.structs import replace
from PySide6.QtCore import QItemSelectionModel, QSettings
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QLabel, QListWidget
from shiboken6 import Shiboken

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets import registry as core_registry
from uwr_desktop.core.rulesets.uwr.sheet import UwrSheet
from uwr_desktop.core.sides import Side
from uwr_desktop.core.storage.library import CombatantLibrary
from uwr_desktop.ui.dialogs.library import LibraryDialog
from uwr_desktop.ui.dice.tray import DiceTray
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.rulesets import (
    DicePanel,
    RulesetUiError,
    register_ui,
    ruleset_ui,
    ui_ruleset_ids,
)
from uwr_desktop.ui.rulesets import registry as ui_registry
from uwr_desktop.ui.table.model import COMBATANT_ID_ROLE
from uwr_desktop.ui.window.file_commands import FileCommands
from uwr_desktop.ui.window.main_window import MainWindow

COPY = "copy"


class CopyRuleset:
    """uwr's rules under another id: a round system the product has no UI for."""

    def __init__(self, settings=None):
        self._inner = make_ruleset("uwr", settings)

    @property
    def id(self):
        return COPY

    def __getattr__(self, name):
        return getattr(self._inner, name)


class TinyUi:
    """The smallest UI a ruleset can bring: a bare dice tray, and a dialog that answers at once."""

    ruleset_id = COPY

    def __init__(self):
        self.focused = []
        self.next_combatant = None
        self.answers = []
        self.shown = []
        self.edited = 0

    def dice_panel(self, document, parent=None):
        tray = DiceTray(document, parent)
        tray.setObjectName("tinyTray")
        return DicePanel(tray, tray, self.focused.append)

    def edit_combatant(self, parent, ruleset, combatant=None):
        self.edited += 1
        self.shown.append(combatant)
        return self.answers.pop(0) if self.answers else self.next_combatant

    def template_summary(self, combatant):
        return f"tiny {combatant.name}"

    def template_icon(self, combatant):
        return QIcon()


@pytest.fixture
def registries(monkeypatch):
    """Both registries as the product has them; what a test registers is gone after it."""
    core_registry.load_rulesets()
    ui_registry.load_uis()
    monkeypatch.setattr(core_registry, "_FACTORIES", dict(core_registry._FACTORIES))
    monkeypatch.setattr(ui_registry, "_FACTORIES", dict(ui_registry._FACTORIES))
    core_registry.register(COPY, CopyRuleset)


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(FileCommands, "maybe_save", lambda self: True)
    document = EncounterDocument(None, roller=Roller(random.Random(3)))
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    main = MainWindow(document, settings)

    def close_quietly(closing):
        qtbot.waitUntil(lambda: not closing.timeline.is_animating())
        closing.statusBar().clearMessage()

    qtbot.addWidget(main, before_close_func=close_quietly)
    main.show()
    yield main
    document.close()


def _fighter(cid, name):
    return Combatant(id=cid, name=name, side=Side.ENEMY, sheet=UwrSheet())


def test_uwr_is_found_by_discovery():
    assert "uwr" in ui_ruleset_ids()
    assert ruleset_ui("uwr").ruleset_id == "uwr"


def test_a_ruleset_without_ui_is_refused_with_a_message_for_the_gm(registries):
    with pytest.raises(RulesetUiError) as refused:
        ruleset_ui("nosuch")
    message = str(refused.value)
    assert "'nosuch'" in message
    assert "no panels or dialogs" in message
    assert "'uwr'" in message  # what it can show instead


@pytest.mark.parametrize("name", ["base", "registry", "__pycache__", "uwr.ui", "../uwr"])
def test_a_module_or_folder_of_the_ui_rulesets_package_is_no_ruleset_ui(registries, name):
    with pytest.raises(RulesetUiError, match="no panels or dialogs"):
        ruleset_ui(name)


def test_a_second_ui_registers_beside_uwr_and_ids_are_taken_once(registries):
    tiny = TinyUi()
    register_ui(COPY, lambda: tiny)
    assert ruleset_ui(COPY) is tiny
    assert ruleset_ui("uwr").ruleset_id == "uwr"
    assert set(ui_ruleset_ids()) >= {"uwr", COPY}
    with pytest.raises(ValueError, match="Two UIs are registered for the ruleset 'uwr'"):
        register_ui("uwr", TinyUi)


def test_nothing_of_uwr_is_loaded_until_a_window_asks():
    probe = (
        "import json, sys\n"
        "import uwr_desktop.ui.window.main_window, uwr_desktop.ui.dialogs.library\n"
        "from uwr_desktop.ui.rulesets import ruleset_ui\n"
        "def loaded():\n"
        "    return sorted(m for m in sys.modules if m.startswith('uwr_desktop.ui.rulesets.uwr'))\n"
        "before = loaded()\n"
        "ruleset_ui('uwr')\n"
        "print(json.dumps([before, loaded()]))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=120
    )
    before, after = json.loads(result.stdout)
    assert before == []
    # Asking for the UI loads its registration, not its panels or dialogs.
    assert "uwr_desktop.ui.rulesets.uwr" in after
    assert not any(m.endswith(("check_panel", "combatant_dialog")) for m in after)


def test_the_window_shows_why_a_ruleset_has_no_panel_and_keeps_the_fight(registries, window):
    assert window.dice_panel is not None
    assert window.dice_panel.widget.objectName() == "checkPanel"
    window.document.new(COPY, (_fighter("b1", "Bandit"),))
    assert window.dice_panel is None and window.dice_tray is None
    notice = window.findChild(QLabel, "noRulesetUi")
    assert notice is not None and "'copy'" in notice.text()
    window.combatants.add_combatant()
    assert "'copy'" in window.statusBar().currentMessage()
    assert [c.name for c in window.document.session.state.combatants.values()] == ["Bandit"]
    window.document.new("uwr")
    assert window.dice_panel is not None
    assert window.dice_panel.widget.objectName() == "checkPanel"


def test_the_window_swaps_in_a_registered_ui_and_asks_it(registries, window, qtbot):
    window.actions_by_key["reduce_motion"].setChecked(True)
    check_panel = window.dice_panel.widget
    tiny = TinyUi()
    register_ui(COPY, lambda: tiny)
    window.document.new(COPY, (_fighter("b1", "Bandit"), _fighter("b2", "Brute")))
    assert not Shiboken.isValid(check_panel)  # uwr's panel does not follow a foreign fight
    assert window.dice_panel.widget.objectName() == "tinyTray"
    assert window.dice_tray.view.reduce_motion()
    window.actions_by_key["reduce_motion"].setChecked(False)
    assert not window.dice_tray.view.reduce_motion()

    index = window.proxy.index(1, 0)
    window.table.selectionModel().select(
        index, QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.Rows
    )
    assert tiny.focused[-1] == index.data(COMBATANT_ID_ROLE)

    tiny.next_combatant = _fighter("b3", "Archer")
    window.combatants.add_combatant()
    assert tiny.edited == 1
    assert "Archer" in [c.name for c in window.document.session.state.combatants.values()]
    tiny.next_combatant = _fighter("b4", "archer")
    window.combatants.add_combatant()
    names = {cid: c.name for cid, c in window.document.session.state.combatants.items()}
    assert (names["b3"], names["b4"]) == ("Archer 1", "Archer 2")
    assert "Archer 2 joins (Archer is now Archer 1)" in window.actions_by_key["undo"].text()

    bandit = window.document.session.state.combatants["b1"]
    renamed = replace(bandit, name="Brute", notes="the loud one")
    tiny.answers = [renamed, None]
    window.select_combatant("b1")
    window.combatants.edit_selected()
    assert tiny.shown[-2:] == [bandit, renamed], "refused, the dialog opens again as left"
    assert (
        window.statusBar().currentMessage() == "Brute is already fighting: give Bandit another name"
    )
    assert window.document.session.state.combatants["b1"] == bandit
    tiny.answers = [replace(renamed, name="Boss")]
    window.combatants.edit_selected()
    assert window.document.session.state.combatants["b1"].notes == "the loud one"


@pytest.fixture
def library(tmp_path):
    with CombatantLibrary(tmp_path / "library.sqlite") as opened:
        without_samples(opened)
        opened.save(COPY, _fighter("t-bandit", "Bandit"))
        yield opened


def _library_lines(qtbot, library):
    dialog = LibraryDialog(library, COPY, ())
    qtbot.addWidget(dialog)
    found = dialog.findChild(QListWidget, "libraryList")
    return [found.item(row).text() for row in range(found.count())]


def test_the_library_asks_the_rulesets_ui_for_each_templates_summary(registries, qtbot, library):
    register_ui(COPY, TinyUi)
    assert _library_lines(qtbot, library) == ["Bandit\ntiny Bandit"]


def test_the_library_lists_templates_by_name_when_their_ruleset_has_no_ui(
    registries, qtbot, library
):
    assert _library_lines(qtbot, library) == ["Bandit"]
