"""The main window: a frame around the open fight.

It holds the round and who acts, the initiative timeline, the combatant table, the Dice dock
with the round system's panel, and the event log; the commands live in their own modules
(files, combatants, library, timeline), and the window keeps the views in step with the
document. It reaches the storage only through the document.
"""

from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QDockWidget, QHBoxLayout, QMainWindow, QVBoxLayout, QWidget

from uwr_desktop import APP_NAME
from uwr_desktop.core.intents import (
    ApplyDamage,
    ClearManualOrder,
    Heal,
    Intent,
    RulesError,
)
from uwr_desktop.core.session import Change
from uwr_desktop.ui.command_context import CommandContext
from uwr_desktop.ui.document import AutosaveState, EncounterDocument
from uwr_desktop.ui.log.view import EventLog
from uwr_desktop.ui.player_view.control import PlayerViewControl
from uwr_desktop.ui.rulesets import DicePanel
from uwr_desktop.ui.share.control import ShareControl
from uwr_desktop.ui.storage_ui.autosave_bar import AutosaveBar, autosave_off_text
from uwr_desktop.ui.storage_ui.library_commands import Library, LibraryCommands
from uwr_desktop.ui.table.column_prefs import ColumnPrefs
from uwr_desktop.ui.table.combatant_table import CombatantTable
from uwr_desktop.ui.table.filter import CombatantFilterProxy
from uwr_desktop.ui.table.filter_bar import FilterBar
from uwr_desktop.ui.table.health_column import DAMAGE_STEP
from uwr_desktop.ui.table.model import NAME_COLUMN, CombatantTableModel
from uwr_desktop.ui.timeline import words as timeline_words
from uwr_desktop.ui.timeline.glide import MOVE_ANIMATION_MS
from uwr_desktop.ui.timeline.widget import InitiativeTimeline
from uwr_desktop.ui.window.actions import create_actions
from uwr_desktop.ui.window.announcer import Announcer
from uwr_desktop.ui.window.combatant_commands import CombatantCommands
from uwr_desktop.ui.window.dice_dock import DiceDock
from uwr_desktop.ui.window.fight_status import FightStatus
from uwr_desktop.ui.window.file_commands import FileCommands
from uwr_desktop.ui.window.hand_dice_commands import HandDiceCommands
from uwr_desktop.ui.window.layout import WindowLayout
from uwr_desktop.ui.window.menus import add_row_commands, build_menus, build_toolbar
from uwr_desktop.ui.window.panel_commands import PanelCommands
from uwr_desktop.ui.window.panes import PaneCycle
from uwr_desktop.ui.window.round_commands import RoundCommands
from uwr_desktop.ui.window.timeline_commands import TimelineCommands
from uwr_desktop.ui.window.turn_header import TurnHeader
from uwr_desktop.ui.window.undo import JournalUndoStack
from uwr_desktop.ui.window.zoom import ZoomCommands

if TYPE_CHECKING:
    from uwr_desktop.ui.dice.tray import DiceTray

REMADE_MESSAGE = "The autosave folder was gone: it was made again and this fight stored in it."


class MainWindow(QMainWindow):
    """The GM's window over one open fight (``document``)."""

    def __init__(
        self,
        document: EncounterDocument,
        settings: QSettings,
        *,
        library: Library | None = None,
        parent: QWidget | None = None,
        panel_after_first_paint: bool = False,
    ) -> None:
        """Build the window; ``settings`` keeps geometry, docks and recent files. With
        ``panel_after_first_paint`` (at start) the Dice dock's panel is built once the window
        has been painted."""
        super().__init__(parent)
        self.setObjectName("mainWindow")
        self._document = document
        self._settings = settings
        self._autosave_off = False
        self.undo_stack = JournalUndoStack(document, self)
        self.announcer = Announcer(document, self)
        self.actions_by_key = create_actions(self)
        self.panel_commands = PanelCommands(self.actions_by_key, self.show_refusal, self)
        self.dice_dock = DiceDock(
            document, self.panel_commands, self, after_first_paint=panel_after_first_paint
        )
        self.context = CommandContext(
            self,
            document,
            settings,
            do=self.do,
            tell=self.tell,
            refuse=self.show_refusal,
            selected=self.selected_ids,
            select=self.select_combatant,
        )
        self.library = LibraryCommands(self.context, library)
        self.parties = self.library.parties

        self.table_model = CombatantTableModel(document.session, self)
        self.proxy = CombatantFilterProxy(self)
        self.proxy.setSourceModel(self.table_model)
        self.combatants = CombatantCommands(self.context, self.dice_dock)
        self.table = CombatantTable(self.table_model, self.proxy, self.combatants.step_health, self)
        self.column_prefs = ColumnPrefs(
            self.table,
            settings,
            self.table.column_keys,
            lambda: self._document.session.ruleset.id,
            fixed=(NAME_COLUMN,),
            hidden_at_first=self.table_model.hidden_at_first,
            after_change=self.table.sync_columns,
            more_headers=(self.table.frozen.horizontalHeader(),),
        )
        self.turn_header = TurnHeader(self)
        self.timeline = InitiativeTimeline(self)
        self.timeline.setObjectName("initiativeTimeline")
        self.timeline_commands = TimelineCommands(self.context, self.timeline)
        self.event_log = EventLog(document.session, self.actions_by_key["export_log"], self)
        self.event_log.setObjectName("eventLog")
        self.files = FileCommands(self.context, library=self.library, event_log=self.event_log)
        self.autosave_bar = AutosaveBar(self)
        self.filter_bar = FilterBar(self.proxy, self)
        self._build_central()
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dice_dock)
        # The dice dock runs down to the status bar: on a laptop its inputs need the height.
        self.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
        self.log_dock = QDockWidget("Event Log", self)
        self.log_dock.setObjectName("logDock")
        self.log_dock.setWidget(self.event_log)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.log_dock)
        self.player_view = PlayerViewControl(
            self.context, reduce_motion=self.actions_by_key["reduce_motion"]
        )
        self.share = ShareControl(self.context, self.player_view)
        self.hand_dice = HandDiceCommands(self.context)
        self._build_commands()
        self.status = FightStatus(self.statusBar())
        self.statusBar().addPermanentWidget(self.player_view.gm_only_badge)
        self.statusBar().addPermanentWidget(self.share.badge)
        self._connect()
        self.column_prefs.restore()
        self.layout_keeper = WindowLayout(
            self.context, self.dice_dock, self.log_dock, self.actions_by_key["reduce_motion"]
        )
        self.layout_keeper.restore()
        self.zoom = ZoomCommands(self.actions_by_key, settings)
        self.panes = PaneCycle(
            (self.table, self.timeline, self.dice_dock, self.log_dock),
            self.actions_by_key["next_pane"],
            self.actions_by_key["previous_pane"],
            self,
        )
        self._refresh_all()

    @property
    def document(self) -> EncounterDocument:
        """The open fight."""
        return self._document

    @property
    def dice_panel(self) -> DicePanel | None:
        """The round system's panel in the Dice dock (``None``: it has none here)."""
        return self.dice_dock.panel

    @property
    def dice_tray(self) -> "DiceTray | None":
        """The dice tray of the round system's panel (``None``: it has no panel here)."""
        return self.dice_dock.tray

    def _build_central(self) -> None:
        central = QWidget(self)
        layout = QVBoxLayout(central)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.autosave_bar)
        # The round, who acts and the table's filters share one line: on a laptop every line
        # above the table is a row of combatants fewer.
        top = QHBoxLayout()
        top.addWidget(self.turn_header, 1)
        top.addWidget(self.filter_bar)
        layout.addLayout(top)
        layout.addWidget(self.timeline)
        layout.addWidget(self.table, 1)
        self.setCentralWidget(central)

    def _build_commands(self) -> None:
        a = self.actions_by_key
        build_menus(
            self,
            a,
            recent=self.files.recent_menu,
            parties=self.parties.menu,
            view=(self.dice_dock.toggleViewAction(), self.log_dock.toggleViewAction()),
            player_view=(self.player_view.open_action, self.player_view.menu, self.share.action),
            hand_dice=self.hand_dice.menu,
            current_ruleset=lambda: self.document.session.ruleset.id,
            panel=self.panel_commands.more.menu,
            columns=self.column_prefs.menu,
        )
        build_toolbar(self, a)
        add_row_commands(
            self.table,
            a,
            (*self.player_view.combatant_actions(), self.hand_dice.row_menu.menuAction()),
        )
        self.undo_stack.bind_actions(a["undo"], a["redo"])
        files, combatants = self.files, self.combatants
        for key, command in (
            ("new", files.new_fight),
            ("open", files.open_dialog),
            ("save", files.save),
            ("save_as", files.save_as),
            ("export_log", files.export_log),
            ("quit", self.close),
            ("add_combatant", combatants.add_combatant),
            ("add_from_library", self.library.add_from_library),
            ("save_to_library", self._save_selected_to_library),
            ("save_party", self.parties.save),
            ("duplicate", combatants.duplicate_selected),
            ("remove", combatants.remove_selected),
            ("condition", combatants.add_condition_to_selected),
            ("edit_combatant", combatants.edit_selected),
            ("edit_conditions", combatants.edit_conditions_of_selected),
        ):
            a[key].triggered.connect(command)
        self.library.grey_without_library(a)
        a["damage"].triggered.connect(
            lambda: combatants.amount_to_selected("Apply Damage", "Damage to", ApplyDamage)
        )
        a["heal"].triggered.connect(
            lambda: combatants.amount_to_selected("Heal", "Healing for", Heal)
        )
        a["damage_one"].triggered.connect(lambda: combatants.step_selected(DAMAGE_STEP))
        a["heal_one"].triggered.connect(lambda: combatants.step_selected(-DAMAGE_STEP))
        self.round_commands = RoundCommands(a, self._document, self.do, self.show_refusal, self)
        a["clear_order"].triggered.connect(lambda: self.do(ClearManualOrder()))
        a["reduce_motion"].toggled.connect(self._set_reduce_motion)
        a["reopen_last"].setChecked(files.reopen_last_at_start)
        a["reopen_last"].toggled.connect(files.set_reopen_last_at_start)

    def _set_reduce_motion(self, on: bool) -> None:
        """Reduce Motion: the dice show their results at once and the timeline's cards jump to
        their new places rather than glide."""
        self.dice_dock.set_reduce_motion(on)
        self.timeline.set_animation_duration(0 if on else MOVE_ANIMATION_MS)

    def _connect(self) -> None:
        document = self._document
        document.changed.connect(self._on_change)
        document.sessionReplaced.connect(self._on_session_replaced)
        document.modifiedChanged.connect(self.setWindowModified)
        document.pathChanged.connect(self._update_title)
        document.autosaveStateChanged.connect(self._on_autosave_state)
        self.autosave_bar.retryRequested.connect(self.retry_autosave)
        self.autosave_bar.saveAsRequested.connect(self.files.save_as)
        self._on_autosave_state(document.autosave_state)
        self.table_model.editRefused.connect(self.show_refusal)
        self.table.selectionModel().selectionChanged.connect(self._on_selection_changed)

    # ---- commands -----------------------------------------------------------------------------

    def do(self, intent: Intent) -> bool:
        """Hand ``intent`` to the session; a refusal is shown, never lost silently."""
        try:
            self._document.do(self.player_view.ambush(intent))
        except RulesError as error:
            self.status.refuse(str(error))  # the document has had it announced
            return False
        return True

    def show_refusal(self, message: str) -> None:
        """Tell the GM why something was refused, in the status bar (until the fight next
        changes) and to a screen reader."""
        self.status.refuse(message)
        self.announcer.refuse(message)

    def tell(self, message: str) -> None:
        """Show a short message in the status bar."""
        self.status.tell(message)

    def selected_ids(self) -> list[str]:
        """Ids of the selected combatants, in table order."""
        return self.table.selected_ids()

    def select_combatant(self, combatant_id: str) -> None:
        """Select one combatant in the table."""
        self.table.select_combatant(combatant_id)

    def _save_selected_to_library(self) -> None:
        ids = self.combatants.require_selection()
        if ids is not None:
            self.library.save_to_library(ids)

    # ---- autosave -------------------------------------------------------------------------------

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
            self.tell(REMADE_MESSAGE)

    # ---- keeping the view in step -------------------------------------------------------------

    def _on_change(self, change: Change) -> None:
        self.table_model.apply(change)
        self.event_log.apply(change)
        turn = self._document.turn_now()
        if change.added:
            self.table.fit_columns()
        else:
            # Whoever acts now is shown bold, with what their turn shows.
            self.table.widen_for(change.changed | set(turn.acting))
        if change.timeline_changed or change.round_changed or change.phase_changed:
            self._refresh_timeline()
        self.status.show_state(self._document.session.state, turn)
        self.status.fight_changed()
        self.turn_header.show_state(self._document.session.state, turn)
        self.round_commands.sync()

    def _on_session_replaced(self) -> None:
        session = self._document.session
        self.table_model.set_session(session)
        self.column_prefs.restore()
        self.event_log.set_session(session)
        self._refresh_all()

    def _refresh_all(self) -> None:
        state = self._document.session.state
        self.table.fit_columns()
        self._refresh_timeline()
        turn = self._document.turn_now()
        self.status.show_state(state, turn)
        self.turn_header.show_state(state, turn)
        self.status.show_ruleset(self._document.session.ruleset)
        self.round_commands.sync()
        self.setWindowTitle(f"{self._document.title}[*] — {APP_NAME}")
        self.setWindowModified(self._document.modified)

    def _update_title(self) -> None:
        self.setWindowTitle(f"{self._document.title}[*] — {APP_NAME}")

    def _refresh_timeline(self) -> None:
        state = self._document.session.state
        combatants = state.combatants
        self.timeline.set_down(lambda cid: cid in combatants and combatants[cid].down)
        slots, axis = self._document.timeline()
        if not slots:
            self.timeline.set_empty_text(timeline_words.empty(state))
        self.timeline.set_slots(slots, axis)

    def _on_selection_changed(self) -> None:
        ids = self.selected_ids()
        self.dice_dock.focus_combatant(ids[0] if len(ids) == 1 else None)

    # ---- closing ----------------------------------------------------------------------------

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt override)
        """Offer to save, remember the layout, and close the autosave cleanly."""
        if not self.files.maybe_save():
            event.ignore()
            return
        self.layout_keeper.save()
        self.share.stop()
        self._document.close()
        event.accept()
