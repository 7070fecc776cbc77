"""The Dice dock: the open fight's round-system panel, scrolled so that it fits a laptop.

The dock asks the ruleset UI registry for the panel of the fight's round system whenever the
fight is replaced by one of another system; a system without a UI here gets its reason in the
dock, and the fight stays open. A roll brings the dice into view, never scrolling away what the
panel says the GM is working with.

At start the dock may wait for the window's first paint before it builds the panel: the window
and its fight reach the screen first, and the panel and the dice tray's modules come a moment
later.
"""

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QDockWidget, QFrame, QLabel, QScrollArea, QWidget
from shiboken6 import Shiboken

from uwr_desktop.ui.dice.dock_scroll import bring_into_view_soon
from uwr_desktop.ui.dice.speeds import SPEEDS
from uwr_desktop.ui.document import EncounterDocument
from uwr_desktop.ui.rulesets import DicePanel, RulesetUi, RulesetUiError, ruleset_ui
from uwr_desktop.ui.widgets.first_paint import AfterFirstPaint
from uwr_desktop.ui.window.panel_commands import PanelCommands

if TYPE_CHECKING:
    from uwr_desktop.ui.dice.tray import DiceTray


class DiceDock(QDockWidget):
    """The dock holding the round system's panel; ``ui`` is that system's UI (``None``: it has
    none here, and ``ui_problem`` says why).

    With ``after_first_paint`` the panel is built once the window has been painted, not before;
    ``panelInstalled`` says when a panel (or the reason there is none) is in the dock.
    """

    panelInstalled = Signal()  # noqa: N815 (Qt signal naming)

    def __init__(
        self,
        document: EncounterDocument,
        commands: PanelCommands,
        parent: QWidget,
        *,
        after_first_paint: bool = False,
    ) -> None:
        super().__init__("Dice", parent)
        self.setObjectName("diceDock")
        self._document = document
        self._commands = commands
        self._reduce_motion = False
        self._animation_speed = 1.0
        self.ui: RulesetUi | None = None
        self.ui_problem = ""
        self.panel: DicePanel | None = None
        # Scrolled, the panel does not set the window's minimum size: it fits small laptop
        # screens. A roll brings the dice into view, and its outcome once they settle.
        scroller = self._scroller = QScrollArea(self)
        scroller.setObjectName("diceScroller")
        scroller.setWidgetResizable(True)
        scroller.setFrameShape(QFrame.Shape.NoFrame)
        # Tab goes to the panel's controls (the scroller brings each into view), not to the
        # scroller itself.
        scroller.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setWidget(scroller)
        # Before any ruleset panel follows the document: a fight of another round system swaps
        # the panel before the old one could see a state it does not know.
        document.sessionReplaced.connect(self.install)
        self.waiting = after_first_paint
        """Whether the panel waits for the window's first paint."""
        if after_first_paint:
            # The window's paint, not the dock's: a dock the GM closed is never painted, and its
            # panel's commands keep their keys.
            AfterFirstPaint(parent, self.stop_waiting)
        else:
            self.install()

    def stop_waiting(self) -> None:
        """Build the panel now if it still waits for the window's first paint."""
        self.waiting = False
        self.install()

    @property
    def tray(self) -> "DiceTray | None":
        """The dice tray of the panel (``None``: the round system has no panel here)."""
        return self.panel.tray if self.panel is not None else None

    def install(self) -> None:
        """Put the open fight's round-system panel in the dock, unless it is there already (or
        the dock waits for its first paint)."""
        if self.waiting:
            return
        ruleset_id = self._document.session.ruleset.id
        if self.ui is not None and self.ui.ruleset_id == ruleset_id:
            return
        if self.panel is not None:
            self._animation_speed = self.panel.tray.animation_speed()
        old = self._scroller.takeWidget()
        if old is not None:
            Shiboken.delete(old)  # now: it must not follow a fight of another round system
        self.panel = None
        try:
            self.ui = ruleset_ui(ruleset_id)
        except RulesetUiError as error:
            self.ui, self.ui_problem = None, str(error)
            notice = QLabel(self.ui_problem)
            notice.setObjectName("noRulesetUi")
            notice.setWordWrap(True)
            notice.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
            self._scroller.setWidget(notice)
            self._commands.set_panel(None)
            self.panelInstalled.emit()
            return
        panel = self.panel = self.ui.dice_panel(self._document, self)
        tray = panel.tray
        tray.set_reduce_motion(self._reduce_motion)
        tray.set_animation_speed(self._animation_speed)
        keep = panel.keep_in_view or (lambda: None)
        scroller = self._scroller
        tray.view.diceShown.connect(lambda: bring_into_view_soon(scroller, tray.view, keep))
        tray.settled.connect(lambda: bring_into_view_soon(scroller, tray.banner, keep))
        scroller.setWidget(panel.widget)
        self._commands.set_panel(panel)
        self.panelInstalled.emit()

    def focus_combatant(self, combatant_id: str | None) -> None:
        """The GM selected one combatant (``None``: none, or several): the panel follows."""
        if self.panel is not None:
            self.panel.focus_combatant(combatant_id)

    def set_reduce_motion(self, on: bool) -> None:
        """Show dice results without animation (and remember it for the next panel)."""
        self._reduce_motion = on
        if self.panel is not None:
            self.panel.tray.set_reduce_motion(on)

    def animation_speed(self) -> float:
        """The dice's animation speed, as the tray has it now."""
        if self.panel is not None:
            self._animation_speed = self.panel.tray.animation_speed()
        return self._animation_speed

    def set_animation_speed(self, multiplier: float) -> None:
        """Play the dice at ``multiplier`` times their speed; a speed not offered is ignored."""
        if multiplier not in SPEEDS:
            return
        self._animation_speed = multiplier
        if self.panel is not None:
            self.panel.tray.set_animation_speed(multiplier)

    def panel_width(self) -> int:
        """The width the panel needs so that nothing in it scrolls sideways."""
        panel = self._scroller.widget()
        needed = panel.minimumSizeHint().width() if panel is not None else 0
        return needed + self._scroller.verticalScrollBar().sizeHint().width()
