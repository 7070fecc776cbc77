"""The GM's controls of the player view: open it, choose its screen, and decide what it shows.

View ▸ Player View opens the players' window (full screen on the chosen screen, remembered;
in a window when that screen is gone). View ▸ Player View Options holds what the GM decides:
rolls for the GM only (while on, rolls never reach the player view), enemy health as a band
or not at all, enemies added mid-fight hidden as an ambush, high contrast and the screen. The
combatant table's menu reveals or hides the selected combatants and sets their alias.
Every choice is kept in the settings. Nothing here knows a round system: hiding and aliases
are the generic cells every ruleset edits.
"""

from typing import TYPE_CHECKING

import msgspec
from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QActionGroup, QGuiApplication, QKeySequence, QScreen
from PySide6.QtWidgets import QLabel, QLineEdit, QMenu

from uwr_desktop.core.encounter import SETUP_PHASE
from uwr_desktop.core.intents import AddCombatants, Intent
from uwr_desktop.core.journal import JournalEntry
from uwr_desktop.core.session import Change
from uwr_desktop.core.sides import Side
from uwr_desktop.ui.command_context import NOTHING_SELECTED, CommandContext
from uwr_desktop.ui.widgets.build import named

if TYPE_CHECKING:
    from uwr_desktop.ui.player_view.picture import HealthShown
    from uwr_desktop.ui.player_view.window import PlayerView

SCREEN_KEY = "player_view/screen"
"""Settings key: the name of the screen the player view opens on (``""``: in a window)."""
HEALTH_KEY = "player_view/enemy_health"
AMBUSH_KEY = "player_view/ambush"
CONTRAST_KEY = "player_view/high_contrast"
HEALTH_BAND = "band"
"""The stored choice to show enemies' health as a band (``HealthShown.BAND``)."""
HEALTH_NONE = "none"
"""The stored choice to show no enemy health (``HealthShown.NONE``)."""
IN_A_WINDOW = ""
WINDOW_SIZE = (1280, 720)


class PlayerViewControl(QObject):
    """Opens and closes the player view of the open fight and holds the GM's choices for it;
    ``reduce_motion`` is the window's Reduce Motion action."""

    def __init__(self, context: CommandContext, *, reduce_motion: QAction) -> None:
        """Create the actions and menus; the view itself opens on request."""
        super().__init__(context.window)
        self._context = context
        self._reduce_motion = reduce_motion
        document = context.document
        self.view: PlayerView | None = None
        self._seen: dict[int, tuple[JournalEntry, bool]] = {}
        # Before any view follows the document: a view asks about an entry as it arrives.
        document.changed.connect(self._note_entry)
        document.sessionReplaced.connect(self._seen.clear)

        self.open_action = self._action(
            "Pla&yer View", "Show the fight on a second screen for the players", "F10"
        )
        self.open_action.setCheckable(True)
        self.open_action.setObjectName("action_player_view")
        self.gm_only_action = self._action(
            "Rolls for the &GM Only",
            "While on, rolls are not shown in the player view",
            "Ctrl+Shift+G",
        )
        self.gm_only_action.setCheckable(True)
        self.ambush_action = self._action(
            "Hide &Enemies Added Mid-Fight", "Enemies joining a fight under way start hidden"
        )
        self.ambush_action.setCheckable(True)
        self.contrast_action = self._action(
            "&High Contrast", "White on black with a yellow mark for whoever acts"
        )
        self.contrast_action.setCheckable(True)
        self.health_group = QActionGroup(self)
        self.band_action = self._action("Enemy Health as a &Band", "Unhurt, hurt, badly hurt, down")
        self.no_health_action = self._action("&No Enemy Health", "Show nothing of enemies' health")
        for action in (self.band_action, self.no_health_action):
            action.setCheckable(True)
            self.health_group.addAction(action)
        self.reveal_action = self._action(
            "Show to &Players", "Show the selected combatants in the player view"
        )
        self.hide_action = self._action(
            "Hide from Pla&yers", "Keep the selected combatants out of the player view"
        )
        self.alias_action = self._action(
            "Player &Alias…", "The name the players see for the selected combatants"
        )
        self._build_menu()
        self._restore()
        self.open_action.toggled.connect(self.set_open)
        self.gm_only_action.toggled.connect(self._on_gm_only)
        self.contrast_action.toggled.connect(self._on_contrast)
        self.band_action.toggled.connect(self._on_health)
        self.ambush_action.toggled.connect(
            lambda on: self._context.settings.setValue(AMBUSH_KEY, bool(on))
        )
        self.reveal_action.triggered.connect(lambda: self._set_hidden(False))
        self.hide_action.triggered.connect(lambda: self._set_hidden(True))
        self.alias_action.triggered.connect(self.ask_alias)
        reduce_motion.toggled.connect(self._on_reduce_motion)
        app = QGuiApplication.instance()
        if isinstance(app, QGuiApplication):
            app.screenRemoved.connect(self._on_screen_removed)
            app.screenAdded.connect(self._on_screen_added)

    def _build_menu(self) -> None:
        self.screen_menu = QMenu("&Screen", self._context.window)
        self.screen_menu.aboutToShow.connect(self._fill_screen_menu)
        self.menu = QMenu("Player View &Options", self._context.window)
        self.menu.addAction(self.gm_only_action)
        self.menu.addSeparator()
        self.menu.addActions([self.band_action, self.no_health_action])
        self.menu.addAction(self.ambush_action)
        self.menu.addSeparator()
        self.menu.addAction(self.contrast_action)
        self.menu.addMenu(self.screen_menu)
        self.gm_only_badge = named(
            QLabel("GM-only rolls", self._context.window),
            "statusGmOnly",
            tip="Rolls are not shown in the player view",
        )
        self.gm_only_badge.setVisible(False)

    def _action(self, text: str, tip: str, shortcut: str = "") -> QAction:
        action = QAction(text, self._context.window)
        action.setStatusTip(tip)
        action.setToolTip(tip)
        if shortcut:
            action.setShortcut(QKeySequence(shortcut))
        return action

    def _restore(self) -> None:
        settings = self._context.settings
        health = str(settings.value(HEALTH_KEY, HEALTH_BAND))
        (self.no_health_action if health == HEALTH_NONE else self.band_action).setChecked(True)
        self.ambush_action.setChecked(bool(settings.value(AMBUSH_KEY, True, type=bool)))
        self.contrast_action.setChecked(bool(settings.value(CONTRAST_KEY, False, type=bool)))

    def combatant_actions(self) -> list[QAction]:
        """The actions for the combatant table's menu."""
        return [self.reveal_action, self.hide_action, self.alias_action]

    # ---- the window ---------------------------------------------------------------------------

    def enemy_health(self) -> "HealthShown":
        """How enemies' health is shown."""
        from uwr_desktop.ui.player_view.picture import HealthShown  # loaded with the view

        return HealthShown.BAND if self.band_action.isChecked() else HealthShown.NONE

    def chosen_screen(self) -> str:
        """The name of the screen chosen for the view (``""``: in a window)."""
        return str(self._context.settings.value(SCREEN_KEY, IN_A_WINDOW))

    def set_screen(self, name: str) -> None:
        """Open the view on the screen called ``name`` from now on (``""``: in a window), and
        move it there now if it is open."""
        self._context.settings.setValue(SCREEN_KEY, name)
        if self.view is not None:
            self._place(self.view)

    def set_open(self, on: bool) -> None:
        """Open or close the player view."""
        if on and self.view is None:
            from uwr_desktop.ui.player_view.window import PlayerView  # loaded when first opened

            view = self.view = PlayerView(
                self._context.document, self._context.window, is_secret=self.is_secret
            )
            view.set_enemy_health(self.enemy_health())
            view.set_high_contrast(self.contrast_action.isChecked())
            view.set_reduce_motion(self._reduce_motion.isChecked())
            view.closed.connect(self._on_view_closed)
            self._place(view)
        elif not on and self.view is not None:
            self.view.close()
        if self.open_action.isChecked() != on:
            self.open_action.setChecked(on)

    def _place(self, view: "PlayerView") -> None:
        screen = _screen_named(self.chosen_screen())
        if screen is None:
            if view.isFullScreen():
                view.showNormal()
            view.resize(*WINDOW_SIZE)
            view.show()
            return
        view.showNormal()
        view.setScreen(screen)
        view.setGeometry(screen.geometry())
        view.showFullScreen()

    def _on_screen_removed(self, screen: QScreen) -> None:
        """The chosen screen was unplugged: the view goes on in a window on a screen left."""
        view = self.view
        if view is not None and screen_id(screen) == self.chosen_screen():
            view.showNormal()
            view.resize(*WINDOW_SIZE)
            view.show()

    def _on_screen_added(self, screen: QScreen) -> None:
        """The chosen screen is back: the view goes full screen on it again."""
        if self.view is not None and screen_id(screen) == self.chosen_screen():
            self._place(self.view)

    def _on_view_closed(self) -> None:
        view, self.view = self.view, None
        if view is not None:
            view.deleteLater()
        self.open_action.setChecked(False)

    def _fill_screen_menu(self) -> None:
        self.screen_menu.clear()
        group = QActionGroup(self.screen_menu)
        chosen = self.chosen_screen()
        names = [(screen_id(screen), _screen_text(screen)) for screen in QGuiApplication.screens()]
        for name, text in [*names, (IN_A_WINDOW, "In a Window")]:
            action = self.screen_menu.addAction(text)
            action.setCheckable(True)
            action.setChecked(name == chosen or (name == IN_A_WINDOW and chosen not in dict(names)))
            group.addAction(action)
            action.triggered.connect(lambda _=False, picked=name: self.set_screen(picked))

    # ---- what the players see -----------------------------------------------------------------

    def _on_gm_only(self, on: bool) -> None:
        self.gm_only_badge.setVisible(on)

    def _note_entry(self, change: Change) -> None:
        if change.kind == "do":
            entry = change.entry
            self._seen[id(entry)] = (entry, self.gm_only_action.isChecked())

    def is_secret(self, entry: JournalEntry) -> bool:
        """Whether the players must not see ``entry``'s rolls: it was made while rolls were
        for the GM only, or before the fight was opened here (a file's redo tail, a recovered
        journal), when nobody can tell. Kept while the fight is open, so a redo stays secret
        and so does a view opened later."""
        seen = self._seen.get(id(entry))
        return seen is None or seen[0] is not entry or seen[1]

    def _on_contrast(self, on: bool) -> None:
        self._context.settings.setValue(CONTRAST_KEY, bool(on))
        if self.view is not None:
            self.view.set_high_contrast(on)

    def _on_health(self) -> None:
        shown = self.enemy_health()
        self._context.settings.setValue(HEALTH_KEY, shown.value)
        if self.view is not None:
            self.view.set_enemy_health(shown)

    def _on_reduce_motion(self, on: bool) -> None:
        if self.view is not None:
            self.view.set_reduce_motion(on)

    def ambush(self, intent: Intent) -> Intent:
        """``intent``, with enemies joining a fight under way hidden when the GM asked for
        ambushes; any other intent unchanged."""
        if (
            not isinstance(intent, AddCombatants)
            or not self.ambush_action.isChecked()
            or self._context.document.session.state.phase == SETUP_PHASE
        ):
            return intent
        return msgspec.structs.replace(
            intent,
            combatants=[
                msgspec.structs.replace(c, hidden=True) if c.side is Side.ENEMY else c
                for c in intent.combatants
            ],
        )

    def _edit(self, key: str, value: object) -> None:
        ids = self._context.selected()
        if not ids:
            self._context.tell(NOTHING_SELECTED)
            return
        session = self._context.document.session
        ruleset, state = session.ruleset, session.state
        for combatant_id in ids:
            combatant = state.combatants.get(combatant_id)
            if combatant is not None and getattr(combatant, key) != value:
                self._context.do(ruleset.edit_intent(combatant_id, key, value))

    def _set_hidden(self, hidden: bool) -> None:
        self._edit("hidden", hidden)

    def ask_alias(self) -> None:
        """Ask for the alias of the selected combatants (blank: their own names)."""
        ids = self._context.selected()
        if not ids:
            self._context.tell(NOTHING_SELECTED)
            return
        state = self._context.document.session.state
        first = state.combatants[ids[0]]
        from PySide6.QtWidgets import QInputDialog  # when first asked: start-up spares its types

        from uwr_desktop.ui.widgets.listed import selection_words

        own = "its own name" if len(ids) == 1 else "their own names"
        text, accepted = QInputDialog.getText(
            self._context.window,
            "Player Alias",
            f"Name the players see for {selection_words(state, ids)} (blank: {own}):",
            QLineEdit.EchoMode.Normal,
            first.alias,
        )
        if accepted:
            self._edit("alias", text)


def screen_id(screen: QScreen) -> str:
    """What the settings remember a screen by: its name, or its place when it has none."""
    return screen.name() or f"Screen {QGuiApplication.screens().index(screen) + 1}"


def _screen_named(name: str) -> QScreen | None:
    if not name:
        return None
    return next((s for s in QGuiApplication.screens() if screen_id(s) == name), None)


def _screen_text(screen: QScreen) -> str:
    size = screen.size()
    return f"{screen_id(screen)} ({size.width()} by {size.height()})"
