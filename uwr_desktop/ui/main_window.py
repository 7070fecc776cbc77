"""The main window: timeline on top, combatant table in the centre, dice and log in docks."""

import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
from PySide6.QtCore import QByteArray, QItemSelectionModel, QRect, QSettings, QSize, Qt
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDockWidget,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMenu,
    QScrollArea,
    QToolBar,
    QToolButton,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import Shiboken

from uwr_desktop import APP_NAME
from uwr_desktop.core.encounter import SETUP_PHASE, Combatant
from uwr_desktop.core.events import to_builtins
from uwr_desktop.core.intents import (
    AddCombatants,
    AddCondition,
    ApplyDamage,
    ClearManualOrder,
    EndRound,
    Heal,
    Intent,
    NextTurn,
    RemoveCombatants,
    ReplaceCombatant,
    RulesError,
    StartFight,
)
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.base import AxisDrops, DragAnswer, PipClicks
from uwr_desktop.core.session import Change
from uwr_desktop.core.sides import Side
from uwr_desktop.core.storage.encounter_file import FILE_SUFFIX, EncounterFileError
from uwr_desktop.core.storage.guarded_autosave import AutosaveState
from uwr_desktop.core.storage.library import CombatantLibrary, LibraryError, numbered_names
from uwr_desktop.core.storage.names import display_name, storable_path
from uwr_desktop.core.storage.sqlite_db import StoreError
from uwr_desktop.ui.actions import create_actions
from uwr_desktop.ui.autosave_bar import AutosaveBar, autosave_off_text
from uwr_desktop.ui.column_prefs import ColumnPrefs
from uwr_desktop.ui.combatant_filter import CombatantFilterProxy
from uwr_desktop.ui.delegates import CombatantDelegate
from uwr_desktop.ui.dice_tray import SPEEDS, DiceTray
from uwr_desktop.ui.dock_scroll import bring_into_view_soon
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.frozen_table import FrozenColumnTable
from uwr_desktop.ui.health_column import DAMAGE_STEP, HEALTH_COLUMN, HealthDelegate
from uwr_desktop.ui.help_menu import add_help_menu
from uwr_desktop.ui.log_view import MARKDOWN_FILTER, EventLog
from uwr_desktop.ui.panel_commands import PanelCommands
from uwr_desktop.ui.party_menu import PartyCommands
from uwr_desktop.ui.player_view_control import PlayerViewControl
from uwr_desktop.ui.prompts import (
    ask_open_path,
    ask_overwrite_changed,
    ask_save_changes,
    ask_save_path,
    warn,
)
from uwr_desktop.ui.rulesets import DicePanel, RulesetUi, RulesetUiError, ruleset_ui
from uwr_desktop.ui.table_model import (
    COMBATANT_ID_ROLE,
    NAME_COLUMN,
    RESOURCES_COLUMN,
    CombatantTableModel,
)
from uwr_desktop.ui.theme import side_color
from uwr_desktop.ui.timeline import InitiativeTimeline
from uwr_desktop.ui.turn_header import TurnHeader
from uwr_desktop.ui.undo import JournalUndoStack

MAX_RECENT_FILES = 8
NEW_FIGHT_RULESET_KEY = "new_fight/ruleset"
"""Settings key: the round system last chosen for a new fight."""
NEW_FIGHT_SETTINGS_KEY = "new_fight/settings"
"""Settings key: JSON of the settings last chosen per round system, by ruleset id."""
FILE_FILTER = f"UWR encounters (*{FILE_SUFFIX});;All files (*)"
STATUS_MESSAGE_MS = 6000
RESIZE_PRECISION_ROWS = 50
RESOURCES_FIT_CHARS = 34
"""The "This round" column is fitted to at most about this many characters (its tooltip shows
it all), so that the columns after it stay in view."""
FIRST_START_SIZE = QSize(1400, 900)
"""The window's size on first start, on a screen with room for it."""
SCREEN_SHARE = 0.9
"""At most this share of the screen's free area is taken on first start."""
DICE_DOCK_SHARE = 0.33
DICE_DOCK_MAX_SHARE = 0.55
LOG_DOCK_SHARE = 0.19
REMADE_MESSAGE = "The autosave folder was gone: it was made again and this fight stored in it."
SIDE_LABELS = {
    Side.PLAYER: "Players",
    Side.ALLY: "Allies",
    Side.NEUTRAL: "Neutrals",
    Side.ENEMY: "Enemies",
}


def first_start_geometry(available: QRect) -> QRect:
    """Where the window goes on first start: ``FIRST_START_SIZE`` or less, centred.

    ``available`` is the screen's free area (without task bars); a small laptop screen gets a
    window that fits in it rather than one that runs off its edges.
    """
    size = FIRST_START_SIZE.boundedTo(
        QSize(int(available.width() * SCREEN_SHARE), int(available.height() * SCREEN_SHARE))
    )
    placed = QRect(available.topLeft(), size)
    placed.moveCenter(available.center())
    return placed


def first_dice_dock_width(window_width: int, tray_width: int) -> int:
    """The dice dock's width on first start: a third of the window, or the tray's own width
    (``tray_width``) when that is more, so that nothing in it scrolls sideways; never more than
    ``DICE_DOCK_MAX_SHARE`` of the window, which keeps room for the table.
    """
    wanted = max(int(window_width * DICE_DOCK_SHARE), tray_width)
    return min(wanted, int(window_width * DICE_DOCK_MAX_SHARE))


class MainWindow(QMainWindow):
    """The GM's window over one open fight (``document``)."""

    def __init__(
        self,
        document: EncounterDocument,
        settings: QSettings,
        *,
        library: CombatantLibrary | None = None,
        parent: QWidget | None = None,
    ) -> None:
        """Build the window; ``settings`` keeps geometry, docks and recent files."""
        super().__init__(parent)
        self.setObjectName("mainWindow")
        self._document = document
        self._settings = settings
        self._library = library
        self.undo_stack = JournalUndoStack(document, self)
        self.actions_by_key = create_actions(self)
        self.panel_commands = PanelCommands(self.actions_by_key, self.show_refusal)
        self.parties = PartyCommands(
            self,
            library,
            lambda: (self._document.session.ruleset.id, self._document.session.state),
            lambda members: self.do(AddCombatants(members)),
            self.show_refusal,
        )

        self.table_model = CombatantTableModel(document.session, self)
        self.proxy = CombatantFilterProxy(self)
        self.proxy.setSourceModel(self.table_model)
        self.table = self._build_table()
        self.column_prefs = ColumnPrefs(
            self.table,
            settings,
            self.table.column_keys,
            lambda: self._document.session.ruleset.id,
            fixed=(NAME_COLUMN,),
            after_change=self.table.sync_columns,
            more_headers=(self.table.frozen.horizontalHeader(),),
        )
        self.turn_header = TurnHeader(self)
        self.timeline = InitiativeTimeline(self)
        self.timeline.setObjectName("initiativeTimeline")
        self._ui: RulesetUi | None = None
        self._ui_problem = ""
        self.dice_panel: DicePanel | None = None
        self._animation_speed = 1.0
        # Before any ruleset panel follows the document: a fight of another round system swaps
        # the panel before the old one could see a state it does not know.
        document.sessionReplaced.connect(self._install_ruleset_ui)
        self.event_log = EventLog(document.session, self)
        self.event_log.setObjectName("eventLog")
        self._status_round = QLabel(self)
        self._status_ruleset = QLabel(self)
        self._status_actor = QLabel(self)
        self._recent_menu = QMenu("Open &Recent", self)
        self.autosave_bar = AutosaveBar(self)
        self._autosave_off = False

        self._build_central()
        self._build_docks()
        self.player_view = PlayerViewControl(
            document,
            settings,
            self,
            selected_ids=self.selected_ids,
            do=self.do,
            reduce_motion=self.actions_by_key["reduce_motion"],
        )
        self._build_menus_and_toolbar()
        self._build_status_bar()
        self._connect()
        self.column_prefs.restore()
        self._restore_layout()
        self._refresh_all()

    @property
    def document(self) -> EncounterDocument:
        """The open fight."""
        return self._document

    @property
    def dice_tray(self) -> DiceTray | None:
        """The dice tray of the ruleset's panel (``None``: the ruleset has no panel here)."""
        return self.dice_panel.tray if self.dice_panel is not None else None

    # ---- building ---------------------------------------------------------------------------

    def _build_table(self) -> FrozenColumnTable:
        table = FrozenColumnTable(lambda: [c.key for c in self.table_model.columns()], self)
        table.setObjectName("combatantTable")
        table.setModel(self.proxy)
        table.setItemDelegate(CombatantDelegate(table))
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        table.setAlternatingRowColors(True)
        table.setSortingEnabled(True)
        table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
        table.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
            | QAbstractItemView.EditTrigger.AnyKeyPressed
        )
        table.verticalHeader().setVisible(False)
        # Sized to contents on demand only: a header that resizes itself to contents reads every
        # row on every change, which a fight of a thousand combatants cannot afford.
        table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        table.horizontalHeader().setResizeContentsPrecision(RESIZE_PRECISION_ROWS)
        table.horizontalHeader().setStretchLastSection(True)
        table.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        health = HealthDelegate(COMBATANT_ID_ROLE, table)
        health.stepRequested.connect(self._step_health)
        table.set_column_delegate(HEALTH_COLUMN, health)
        table.set_frozen_keys((NAME_COLUMN, HEALTH_COLUMN))
        return table

    def _build_central(self) -> None:
        filter_bar = QWidget(self)
        filter_layout = QHBoxLayout(filter_bar)
        filter_layout.setContentsMargins(0, 0, 0, 0)
        filter_layout.addWidget(QLabel("Show:", filter_bar))
        self.side_buttons: dict[Side, QToolButton] = {}
        for side in Side:
            button = QToolButton(filter_bar)
            button.setObjectName(f"sideFilter_{side.value}")
            button.setText(SIDE_LABELS[side])
            button.setCheckable(True)
            button.setChecked(True)
            button.setToolTip(f"Show or hide {side.value} combatants")
            button.setStyleSheet(
                f"QToolButton:checked {{ border-bottom: 3px solid {side_color(side).name()}; }}"
            )
            button.toggled.connect(lambda on, chosen=side: self.proxy.set_side_visible(chosen, on))
            filter_layout.addWidget(button)
            self.side_buttons[side] = button
        self.show_hidden_button = QToolButton(filter_bar)
        self.show_hidden_button.setObjectName("showHidden")
        self.show_hidden_button.setText("Hidden")
        self.show_hidden_button.setCheckable(True)
        self.show_hidden_button.setChecked(self.proxy.show_hidden())
        self.show_hidden_button.setToolTip("Show combatants hidden from the table")
        self.show_hidden_button.toggled.connect(self.proxy.set_show_hidden)
        filter_layout.addWidget(self.show_hidden_button)
        filter_layout.addStretch(1)
        self.name_filter = QLineEdit(filter_bar)
        self.name_filter.setObjectName("nameFilter")
        self.name_filter.setPlaceholderText("Filter by name (Ctrl+F)")
        self.name_filter.textChanged.connect(self.proxy.set_name_filter)
        filter_layout.addWidget(self.name_filter)
        find = QAction(self)
        find.setShortcut(QKeySequence.StandardKey.Find)
        find.triggered.connect(self.name_filter.setFocus)
        self.addAction(find)

        central = QWidget(self)
        layout = QVBoxLayout(central)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.autosave_bar)
        layout.addWidget(self.turn_header)
        layout.addWidget(self.timeline)
        layout.addWidget(filter_bar)
        layout.addWidget(self.table, 1)
        self.setCentralWidget(central)

    def _build_docks(self) -> None:
        self.dice_dock = QDockWidget("Dice", self)
        self.dice_dock.setObjectName("diceDock")
        # Scrolled, the tray does not set the window's minimum size: it fits small laptop screens.
        # A roll brings the dice into view, and its outcome once they settle.
        scroller = self._dice_scroller = QScrollArea(self.dice_dock)
        scroller.setObjectName("diceScroller")
        scroller.setWidgetResizable(True)
        scroller.setFrameShape(QFrame.Shape.NoFrame)
        self.dice_dock.setWidget(scroller)
        self._install_ruleset_ui()
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dice_dock)
        # The dice dock runs down to the status bar: on a laptop its inputs need the height.
        self.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
        self.log_dock = QDockWidget("Event Log", self)
        self.log_dock.setObjectName("logDock")
        self.log_dock.setWidget(self.event_log)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.log_dock)

    def _build_menus_and_toolbar(self) -> None:
        a = self.actions_by_key
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.addActions([a["new"], a["open"]])
        file_menu.addMenu(self._recent_menu)
        file_menu.addSeparator()
        file_menu.addActions([a["save"], a["save_as"], a["export_log"]])
        file_menu.addSeparator()
        file_menu.addAction(a["quit"])
        edit_menu = bar.addMenu("&Edit")
        edit_menu.addActions([a["undo"], a["redo"]])
        combatant_menu = bar.addMenu("&Combatant")
        combatant_menu.addActions(
            [a["add_combatant"], a["add_from_library"], a["duplicate"], a["remove"]]
        )
        combatant_menu.addAction(a["edit_combatant"])
        combatant_menu.addSeparator()
        combatant_menu.addActions(
            [
                a["damage"],
                a["heal"],
                a["damage_one"],
                a["heal_one"],
                a["condition"],
                a["edit_conditions"],
            ]
        )
        combatant_menu.addSeparator()
        combatant_menu.addAction(a["save_to_library"])
        combatant_menu.addAction(a["save_party"])
        combatant_menu.addMenu(self.parties.menu)
        fight_menu = bar.addMenu("F&ight")
        fight_menu.addActions([a["start_fight"], a["next_turn"], a["end_round"]])
        fight_menu.addSeparator()
        fight_menu.addActions([a["attack"], a["roll"], a["resolve"]])
        fight_menu.addSeparator()
        fight_menu.addAction(a["clear_order"])
        view_menu = bar.addMenu("&View")
        view_menu.addActions([self.dice_dock.toggleViewAction(), self.log_dock.toggleViewAction()])
        view_menu.addSeparator()
        view_menu.addAction(a["reduce_motion"])
        view_menu.addSeparator()
        view_menu.addAction(self.player_view.open_action)
        view_menu.addMenu(self.player_view.menu)
        add_help_menu(self, a)

        toolbar = QToolBar("Main", self)
        toolbar.setObjectName("mainToolBar")
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        toolbar.addActions([a["new"], a["open"], a["save"]])
        toolbar.addSeparator()
        toolbar.addActions([a["undo"], a["redo"]])
        toolbar.addSeparator()
        toolbar.addActions([a["add_combatant"], a["add_from_library"]])
        toolbar.addSeparator()
        toolbar.addActions([a["start_fight"], a["next_turn"], a["end_round"]])
        for key in ("undo", "redo"):
            # The labels grow with what they would take back ("Undo Blinded: Bandit 1 and ...");
            # icons alone keep Next Turn and End Round in view on a laptop. The label is in the
            # Edit menu and the tooltip.
            button = toolbar.widgetForAction(a[key])
            if isinstance(button, QToolButton):
                button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
        self.addToolBar(toolbar)

        self.table.addActions(
            [
                a["duplicate"],
                a["remove"],
                a["edit_combatant"],
                a["damage"],
                a["heal"],
                a["damage_one"],
                a["heal_one"],
                a["condition"],
                a["edit_conditions"],
                a["save_to_library"],
                *self.player_view.combatant_actions(),
            ]
        )

    def _build_status_bar(self) -> None:
        self._status_round.setObjectName("statusRound")
        self._status_actor.setObjectName("statusActor")
        self._status_ruleset.setObjectName("statusRuleset")
        self._status_ruleset.setContentsMargins(12, 0, 4, 0)
        self.statusBar().addPermanentWidget(self._status_actor)
        self.statusBar().addPermanentWidget(self._status_round)
        self.statusBar().addPermanentWidget(self._status_ruleset)
        self.statusBar().addPermanentWidget(self.player_view.gm_only_badge)

    def _connect(self) -> None:
        a = self.actions_by_key
        self.undo_stack.bind_actions(a["undo"], a["redo"])
        a["new"].triggered.connect(self.new_fight)
        a["open"].triggered.connect(self.open_dialog)
        a["save"].triggered.connect(self.save)
        a["save_as"].triggered.connect(self.save_as)
        a["export_log"].triggered.connect(self.export_log)
        a["quit"].triggered.connect(self.close)
        a["add_combatant"].triggered.connect(self.add_combatant)
        a["add_from_library"].triggered.connect(self.add_from_library)
        a["save_to_library"].triggered.connect(self.save_to_library)
        a["save_party"].triggered.connect(self.parties.save)
        a["duplicate"].triggered.connect(self.duplicate_selected)
        a["remove"].triggered.connect(self.remove_selected)
        a["damage"].triggered.connect(lambda: self._amount_to_selected("Apply Damage", ApplyDamage))
        a["heal"].triggered.connect(lambda: self._amount_to_selected("Heal", Heal))
        a["condition"].triggered.connect(self.add_condition_to_selected)
        a["damage_one"].triggered.connect(lambda: self._step_selected(DAMAGE_STEP))
        a["heal_one"].triggered.connect(lambda: self._step_selected(-DAMAGE_STEP))
        a["edit_combatant"].triggered.connect(self.edit_selected)
        a["edit_conditions"].triggered.connect(self.edit_conditions_of_selected)
        a["start_fight"].triggered.connect(lambda: self.do(StartFight()))
        a["next_turn"].triggered.connect(lambda: self.do(NextTurn()))
        a["end_round"].triggered.connect(lambda: self.do(EndRound()))
        a["clear_order"].triggered.connect(lambda: self.do(ClearManualOrder()))
        a["reduce_motion"].toggled.connect(self._set_reduce_motion)
        self._recent_menu.aboutToShow.connect(self._fill_recent_menu)

        self._document.changed.connect(self._on_change)
        self._document.sessionReplaced.connect(self._on_session_replaced)
        self._document.modifiedChanged.connect(self.setWindowModified)
        self._document.pathChanged.connect(self._update_title)
        self._document.autosaveStateChanged.connect(self._on_autosave_state)
        self.autosave_bar.retryRequested.connect(self.retry_autosave)
        self.autosave_bar.saveAsRequested.connect(self.save_as)
        self._on_autosave_state(self._document.autosave_state)
        self.table_model.editRefused.connect(self.show_refusal)
        self.timeline.set_drag_answerer(self._drag_text)
        self.timeline.slotMoveRequested.connect(self._on_timeline_drop)
        self.timeline.set_value_answerer(self._value_drag_text)
        self.timeline.slotValueDropped.connect(self._on_timeline_value_drop)
        self.timeline.slotActivated.connect(self._select_slot_combatant)
        self.timeline.slotPipClicked.connect(self._on_timeline_pip)
        self.table.selectionModel().selectionChanged.connect(self._on_selection_changed)

    # ---- commands -----------------------------------------------------------------------------

    def do(self, intent: Intent) -> bool:
        """Hand ``intent`` to the session; a refusal is shown, never lost silently."""
        try:
            self._document.session.do(self.player_view.ambush(intent))
        except RulesError as error:
            self.show_refusal(str(error))
            return False
        return True

    def show_refusal(self, message: str) -> None:
        """Tell the GM why something was refused, in the status bar."""
        self.statusBar().showMessage(message, STATUS_MESSAGE_MS)

    def show_autosave_off(self, reason: str) -> None:
        """Say, until the app closes, that nothing is autosaved and why."""
        self._autosave_off = True
        self.autosave_bar.show_problem(autosave_off_text(reason), can_retry=False)

    def retry_autosave(self) -> None:
        """Try to store what the autosave missed; the bar stays (and retries later) if not."""
        if not self._document.retry_autosave():
            problem = self._document.autosave_state.problem
            self.autosave_bar.show_problem(problem or "")

    def _on_autosave_state(self, state: AutosaveState) -> None:
        if state.problem is not None:
            self.autosave_bar.show_problem(state.problem)
        elif not self._autosave_off:
            self.autosave_bar.clear()
        if state.remade:
            self.statusBar().showMessage(REMADE_MESSAGE, STATUS_MESSAGE_MS)

    def selected_ids(self) -> list[str]:
        """Ids of the selected combatants, in table order."""
        rows = sorted(index.row() for index in self.table.selectionModel().selectedRows())
        return [str(self.proxy.index(row, 0).data(COMBATANT_ID_ROLE)) for row in rows]

    def _require_selection(self) -> list[str] | None:
        ids = self.selected_ids()
        if not ids:
            self.show_refusal("Select one or more combatants first.")
            return None
        return ids

    def add_combatant(self) -> None:
        """Ask the ruleset's dialog for a new combatant and add it."""
        if self._ui is None:
            self.show_refusal(self._ui_problem)
            return
        combatant = self._ui.edit_combatant(self, self._document.session.ruleset)
        if combatant is not None:
            self.do(AddCombatants([combatant]))

    def add_from_library(self) -> None:
        """Pick templates from the library and add numbered copies."""
        from uwr_desktop.ui.library_dialog import LibraryDialog

        if self._library is None:
            self.show_refusal("The combatant library is not available.")
            return
        session = self._document.session
        names = [c.name for c in session.state.combatants.values()]
        dialog = LibraryDialog(self._library, session.ruleset.id, names, parent=self)
        if dialog.exec() and dialog.chosen_combatants():
            self.do(AddCombatants(dialog.chosen_combatants()))

    def save_to_library(self) -> None:
        """Keep the selected combatants as library templates."""
        ids = self._require_selection()
        if ids is None or self._library is None:
            return
        state = self._document.session.state
        try:
            for combatant_id in ids:
                self._library.save(
                    self._document.session.ruleset.id, state.combatants[combatant_id]
                )
        except LibraryError as error:
            self.show_refusal(str(error))
            return
        self.statusBar().showMessage(f"Saved {len(ids)} to the library.", STATUS_MESSAGE_MS)

    def duplicate_selected(self) -> None:
        """Add a numbered copy of each selected combatant."""
        ids = self._require_selection()
        if ids is None:
            return
        state = self._document.session.state
        names = [c.name for c in state.combatants.values()]
        copies: list[Combatant] = []
        for combatant_id in ids:
            original = state.combatants[combatant_id]
            (name,) = numbered_names(original.name, 1, names)
            names.append(name)
            copies.append(
                msgspec.structs.replace(
                    original, id=uuid.uuid4().hex, name=name, sheet=original.sheet.as_copy()
                )
            )
        self.do(AddCombatants(copies))

    def remove_selected(self) -> None:
        """Remove the selected combatants after asking (undoable)."""
        from uwr_desktop.ui.prompts import confirm

        ids = self._require_selection()
        if ids is None:
            return
        state = self._document.session.state
        who = state.combatants[ids[0]].name if len(ids) == 1 else f"{len(ids)} combatants"
        question = f"Remove {who} from the fight? Undo brings them back."
        if confirm(self, "Remove", question, "&Remove"):
            self.do(RemoveCombatants(ids))

    def _one_selected(self) -> str | None:
        ids = self._require_selection()
        if ids is not None and len(ids) > 1:
            self.show_refusal("Select one combatant to edit.")
            return None
        return ids[0] if ids else None

    def edit_selected(self) -> None:
        """Edit the selected combatant's whole sheet in the ruleset's dialog, mid-fight too."""
        combatant_id = self._one_selected()
        if combatant_id is None:
            return
        if self._ui is None:
            self.show_refusal(self._ui_problem)
            return
        session = self._document.session
        edited = self._ui.edit_combatant(
            self, session.ruleset, session.state.combatants[combatant_id]
        )
        if edited is not None:
            self.do(ReplaceCombatant(edited))

    def edit_conditions_of_selected(self) -> None:
        """Remove the selected combatant's conditions, change their rounds, mark defeated."""
        from uwr_desktop.ui.condition_editor import edit_conditions

        combatant_id = self._one_selected()
        if combatant_id is not None:
            edit_conditions(self, self._document, combatant_id, self.do)

    def _amount_to_selected(self, title: str, make: Callable[[list[str], int], Intent]) -> None:
        from uwr_desktop.ui.quick_dialogs import ask_amount

        ids = self._require_selection()
        if ids is None:
            return
        amount = ask_amount(self, title, f"{title} to {len(ids)} combatant(s):")
        if amount is not None:
            self.do(make(ids, amount))

    def _step_health(self, combatant_id: str, step: int) -> None:
        """Deal 1 damage (``step`` below 0) or heal 1: the Health column's - and +."""
        self.do(ApplyDamage([combatant_id], 1) if step < 0 else Heal([combatant_id], 1))

    def _step_selected(self, step: int) -> None:
        ids = self._require_selection()
        if ids is not None:
            self.do(ApplyDamage(ids, 1) if step < 0 else Heal(ids, 1))

    def add_condition_to_selected(self) -> None:
        """Put a condition on every selected combatant."""
        from uwr_desktop.ui.quick_dialogs import ask_condition

        ids = self._require_selection()
        if ids is None:
            return
        condition = ask_condition(self)
        if condition is not None:
            self.do(AddCondition(ids, condition))

    # ---- files ----------------------------------------------------------------------------------

    def maybe_save(self) -> bool:
        """Offer to save unsaved changes; ``False`` when the GM cancels."""
        if not self._document.modified or not self._document.session.entries:
            return True
        answer = ask_save_changes(self, APP_NAME, f"Save the changes to {self._document.title}?")
        if answer == "save":
            return self.save()
        return answer == "discard"

    def new_fight(self) -> None:
        """Start a new fight after offering to save: ask which round system and settings it
        follows (last time's choice preselected), then seat that system's default party."""
        if not self.maybe_save():
            return
        from uwr_desktop.ui.new_fight_dialog import NewFightDialog

        ruleset_id, remembered = self._new_fight_defaults()
        dialog = NewFightDialog(ruleset_id, remembered, parent=self)
        ruleset = dialog.chosen() if dialog.exec() else None
        if ruleset is None:
            return
        settings = to_builtins(ruleset.settings)
        remembered[ruleset.id] = settings
        self._settings.setValue(NEW_FIGHT_RULESET_KEY, ruleset.id)
        self._settings.setValue(NEW_FIGHT_SETTINGS_KEY, msgspec.json.encode(remembered).decode())
        try:
            templates = self._library.default_party(ruleset.id) if self._library else []
        except LibraryError as error:
            self.show_refusal(f"The default party could not be read: {error}")
            templates = []
        party = tuple(
            msgspec.structs.replace(template.combatant(), id=uuid.uuid4().hex)
            for template in templates
        )
        try:
            self._document.new(ruleset.id, party, settings)
        except RulesError as error:
            warn(self, APP_NAME, f"Could not start the new fight:\n{error}")

    def _new_fight_defaults(self) -> tuple[str | None, dict[str, Any]]:
        """The round system and settings last chosen for a new fight (none: the open one's)."""
        ruleset_id = self._settings.value(NEW_FIGHT_RULESET_KEY, None)
        stored = self._settings.value(NEW_FIGHT_SETTINGS_KEY, "")
        try:
            remembered = msgspec.json.decode(str(stored)) if stored else {}
        except msgspec.DecodeError:
            remembered = {}
        if not isinstance(remembered, dict):
            remembered = {}
        if not isinstance(ruleset_id, str):
            ruleset_id = self._document.session.ruleset.id
        return ruleset_id, remembered

    def open_dialog(self) -> None:
        """Ask for a file and open it."""
        if not self.maybe_save():
            return
        path = ask_open_path(self, "Open Fight", self._last_folder(), FILE_FILTER)
        if path is not None:
            self.open_path(path)

    def open_path(self, path: Path) -> bool:
        """Open ``path``; a bad file is refused with its reason and the open fight is kept."""
        try:
            self._document.open(path)
        except (EncounterFileError, StoreError) as error:
            warn(self, APP_NAME, f"Could not open {display_name(path)}:\n{error}")
            return False
        self._remember_recent(path)
        return True

    def save(self) -> bool:
        """Save to the fight's file (asking for one the first time)."""
        if self._document.path is None:
            return self.save_as()
        return self._save_to(self._document.path)

    def save_as(self) -> bool:
        """Ask for a file name and save there."""
        suggested = str(Path(self._last_folder()) / self._document.title)
        target = ask_save_path(self, "Save Fight As", suggested, FILE_FILTER)
        if target is None:
            return False
        if not target.suffix:
            target = target.with_suffix(FILE_SUFFIX)
        return self._save_to(target)

    def _save_to(self, path: Path) -> bool:
        overwrite = False
        if path == self._document.path and self._document.changed_on_disk():
            answer = ask_overwrite_changed(
                self,
                APP_NAME,
                f"{path.name} was changed on disk since it was opened or last saved here, "
                "by another program or another copy of UWR Desktop. Overwrite it with this "
                "fight, losing those changes?",
            )
            if answer == "save_as":
                return self.save_as()
            if answer == "cancel":
                return False
            overwrite = True
        try:
            self._document.save(path, overwrite=overwrite)
        except (EncounterFileError, StoreError) as error:
            warn(self, APP_NAME, f"Could not save {display_name(path)}:\n{error}")
            return False
        self._remember_recent(path)
        self.statusBar().showMessage(f"Saved {display_name(path)}", STATUS_MESSAGE_MS)
        return True

    def export_log(self) -> None:
        """Ask for a file name and export the event log as Markdown."""
        suggested = str(Path(self._last_folder()) / f"{Path(self._document.title).stem}-log.md")
        path = ask_save_path(self, "Export Event Log", suggested, MARKDOWN_FILTER)
        if path is None:
            return
        try:
            self.event_log.export_markdown(path)
        except OSError as error:
            warn(self, APP_NAME, f"Could not export the log:\n{error}")
            return
        self.statusBar().showMessage(f"Exported the log to {display_name(path)}", STATUS_MESSAGE_MS)

    def recent_files(self) -> list[Path]:
        """Recently opened or saved files, newest first."""
        stored = self._settings.value("recent_files", [])
        if isinstance(stored, str):
            return [Path(stored)]
        return [Path(str(value)) for value in stored] if isinstance(stored, list) else []

    def _remember_recent(self, path: Path) -> None:
        if storable_path(path) is None:
            return  # a name that is not UTF-8 cannot be kept in the settings
        paths = [path.resolve(), *(p for p in self.recent_files() if p != path.resolve())]
        self._settings.setValue("recent_files", [str(p) for p in paths[:MAX_RECENT_FILES]])

    def _fill_recent_menu(self) -> None:
        self._recent_menu.clear()
        recent = self.recent_files()
        for number, path in enumerate(recent, start=1):
            action = self._recent_menu.addAction(f"&{number} {path.name}")
            action.setToolTip(str(path))
            action.triggered.connect(lambda _=False, chosen=path: self._open_recent(chosen))
        if not recent:
            self._recent_menu.addAction("No recent fights").setEnabled(False)
            return
        self._recent_menu.addSeparator()
        self._recent_menu.addAction("Clear List", lambda: self._settings.remove("recent_files"))

    def _open_recent(self, path: Path) -> None:
        if self.maybe_save():
            self.open_path(path)

    def _last_folder(self) -> str:
        recent = self.recent_files()
        return str(recent[0].parent) if recent else str(Path.home())

    # ---- keeping the view in step -------------------------------------------------------------

    def _on_change(self, change: Change) -> None:
        if change.added:
            self._fit_columns()
        if change.timeline_changed or change.round_changed or change.phase_changed:
            self._refresh_timeline()
        self._refresh_status()

    def _on_session_replaced(self) -> None:
        session = self._document.session
        self.table_model.set_session(session)
        self.column_prefs.restore()
        self.event_log.set_session(session)
        self._refresh_all()

    def _fit_columns(self) -> None:
        self.table.resizeColumnsToContents()
        section = self.table_model.column_of(RESOURCES_COLUMN)
        header = self.table.horizontalHeader()
        widest = self.table.fontMetrics().averageCharWidth() * RESOURCES_FIT_CHARS
        if section >= 0 and header.sectionSize(section) > widest:
            header.resizeSection(section, widest)

    def _refresh_all(self) -> None:
        self._fit_columns()
        self._refresh_timeline()
        self._refresh_status()
        self._refresh_ruleset()
        self._update_title()
        self.setWindowModified(self._document.modified)

    def _refresh_timeline(self) -> None:
        session = self._document.session
        state = session.state
        combatants = state.combatants
        self.timeline.set_down(lambda cid: cid in combatants and combatants[cid].down)
        self.timeline.set_slots(
            session.ruleset.timeline(state), session.ruleset.timeline_axis(state)
        )

    def _refresh_status(self) -> None:
        state = self._document.session.state
        if state.phase == SETUP_PHASE:
            self._status_round.setText("Setting up: add combatants, then Start Fight (F5)")
        else:
            self._status_round.setText(f"Round {state.round}")
        self.turn_header.show_state(state)
        actor = state.combatants.get(state.current) if state.current else None
        self._status_actor.setText(f"Acting: {actor.name}" if actor is not None else "")

    def _refresh_ruleset(self) -> None:
        """Name the fight's round system; its tooltip lists the settings off the defaults."""
        ruleset = self._document.session.ruleset
        defaults = make_ruleset(ruleset.id).settings
        changed: list[str] = []
        if ruleset.settings != defaults:
            from uwr_desktop.ui.settings_form import changed_settings  # loads with New Fight

            changed = changed_settings(ruleset.settings, defaults)
        self._status_ruleset.setText(f"{ruleset.title}{' · house rules' if changed else ''}")
        lines = [f"Round system: {ruleset.title}"]
        if changed:
            lines += ["Settings changed from the rules:", *(f"  {line}" for line in changed)]
        else:
            lines.append("Every setting as the rules have it.")
        self._status_ruleset.setToolTip("\n".join(lines))

    def _update_title(self) -> None:
        self.setWindowTitle(f"{self._document.title}[*] — {APP_NAME}")

    def _drag_text(self, key: str, new_index: int) -> str:
        session = self._document.session
        return session.ruleset.drag_answer(session.state, key, new_index).text

    def _on_timeline_drop(self, key: str, new_index: int) -> None:
        session = self._document.session
        answer = session.ruleset.drag_answer(session.state, key, new_index)
        if answer.intent is not None and self.do(answer.intent):
            self.statusBar().showMessage(answer.text, STATUS_MESSAGE_MS)

    def _value_answer(self, key: str, value: int) -> DragAnswer | None:
        session = self._document.session
        ruleset = session.ruleset
        if not isinstance(ruleset, AxisDrops):
            return None
        return ruleset.drag_answer_at(session.state, key, value)

    def _value_drag_text(self, key: str, value: int) -> str | None:
        answer = self._value_answer(key, value)
        return None if answer is None else answer.text

    def _on_timeline_value_drop(self, key: str, value: int) -> None:
        answer = self._value_answer(key, value)
        if answer is None:
            return
        # Words without an intent (a fixed cost, say) are worth repeating after the drop.
        if answer.intent is None or self.do(answer.intent):
            self.statusBar().showMessage(answer.text, STATUS_MESSAGE_MS)

    def _on_timeline_pip(self, key: str, pip: int) -> None:
        """A pip on the timeline was clicked: do what the ruleset says it means."""
        session = self._document.session
        if isinstance(session.ruleset, PipClicks):
            intent = session.ruleset.pip_intent(session.state, key, pip)
            if intent is not None:
                self.do(intent)

    def _select_slot_combatant(self, key: str) -> None:
        slot = next((s for s in self.timeline.slots() if s.key == key), None)
        if slot is None:
            return
        row = self.table_model.row_of(slot.combatant_id)
        if row < 0:
            return
        index = self.proxy.mapFromSource(self.table_model.index(row, 0))
        if index.isValid():
            self.table.selectionModel().select(
                index,
                QItemSelectionModel.SelectionFlag.ClearAndSelect
                | QItemSelectionModel.SelectionFlag.Rows,
            )
            self.table.scrollTo(index)

    def _on_selection_changed(self) -> None:
        ids = self.selected_ids()
        if self.dice_panel is not None:
            self.dice_panel.focus_combatant(ids[0] if len(ids) == 1 else None)

    # ---- the ruleset's panels -----------------------------------------------------------------

    def _install_ruleset_ui(self) -> None:
        """Put the open fight's ruleset panel in the Dice dock, unless it is there already.

        A ruleset with no UI gets its reason in the dock instead, and the fight stays open.
        """
        ruleset_id = self._document.session.ruleset.id
        if self._ui is not None and self._ui.ruleset_id == ruleset_id:
            return
        if self.dice_panel is not None:
            self._animation_speed = self.dice_panel.tray.animation_speed()
        scroller = self._dice_scroller
        old = scroller.takeWidget()
        if old is not None:
            Shiboken.delete(old)  # now: it must not follow a fight of another round system
        self.dice_panel = None
        try:
            self._ui = ruleset_ui(ruleset_id)
        except RulesetUiError as error:
            self._ui, self._ui_problem = None, str(error)
            notice = QLabel(self._ui_problem)
            notice.setObjectName("noRulesetUi")
            notice.setWordWrap(True)
            notice.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
            scroller.setWidget(notice)
            self.panel_commands.set_panel(None)
            return
        panel = self.dice_panel = self._ui.dice_panel(self._document, self)
        tray = panel.tray
        tray.set_reduce_motion(self.actions_by_key["reduce_motion"].isChecked())
        tray.set_animation_speed(self._animation_speed)
        keep = panel.keep_in_view or (lambda: None)
        tray.view.diceShown.connect(lambda: bring_into_view_soon(scroller, tray.view, keep))
        tray.settled.connect(lambda: bring_into_view_soon(scroller, tray.banner, keep))
        scroller.setWidget(panel.widget)
        self.panel_commands.set_panel(panel)

    def _set_reduce_motion(self, on: bool) -> None:
        if self.dice_panel is not None:
            self.dice_panel.tray.set_reduce_motion(on)

    # ---- window state ---------------------------------------------------------------------------

    def _restore_layout(self) -> None:
        geometry = self._settings.value("window/geometry")
        state = self._settings.value("window/state")
        if isinstance(geometry, QByteArray) and not geometry.isEmpty():
            self.restoreGeometry(geometry)
        else:
            placed = first_start_geometry(self.screen().availableGeometry())
            self.setGeometry(placed)
            dice_width = self._first_dice_dock_width(placed.width())
            self.resizeDocks([self.dice_dock], [dice_width], Qt.Orientation.Horizontal)
            self.resizeDocks(
                [self.log_dock], [int(placed.height() * LOG_DOCK_SHARE)], Qt.Orientation.Vertical
            )
        if isinstance(state, QByteArray) and not state.isEmpty():
            self.restoreState(state)
        reduce_motion = self._settings.value("reduce_motion", False, type=bool)
        self.actions_by_key["reduce_motion"].setChecked(bool(reduce_motion))
        speed = self._settings.value("animation_speed", 1.0, type=float)
        if speed in SPEEDS:
            self._animation_speed = float(speed)
            if self.dice_panel is not None:
                self.dice_panel.tray.set_animation_speed(self._animation_speed)

    def _first_dice_dock_width(self, window_width: int) -> int:
        panel = self._dice_scroller.widget()
        tray_width = (
            panel.minimumSizeHint().width() if panel is not None else 0
        ) + self._dice_scroller.verticalScrollBar().sizeHint().width()
        return first_dice_dock_width(window_width, tray_width)

    def save_layout(self) -> None:
        """Remember geometry, docks and settings for the next start."""
        self._settings.setValue("window/geometry", self.saveGeometry())
        self._settings.setValue("window/state", self.saveState())
        self._settings.setValue("reduce_motion", self.actions_by_key["reduce_motion"].isChecked())
        if self.dice_panel is not None:
            self._animation_speed = self.dice_panel.tray.animation_speed()
        self._settings.setValue("animation_speed", self._animation_speed)
        self._settings.sync()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt override)
        """Offer to save, remember the layout, and close the autosave cleanly."""
        if not self.maybe_save():
            event.ignore()
            return
        self.save_layout()
        self._document.close()
        event.accept()
