"""The lower half of the dice tray: the dice on their canvas (and an opposing reaction's), the
outcome, the rerolls left, and the controls of the dice themselves (reroll, skip, speed).

The display never decides a roll: whoever owns it hands it rolls to show. A click on a failed
die, or "Reroll all I may", asks for rerolls with ``rerollRequested``; ``settled`` says the dice
came to rest.
"""

from collections.abc import Sequence

import msgspec
from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from uwr_desktop.core.dice import PoolRoll, PoolSpec, RollKeepRoll, RollKeepSpec, SumRoll, SumSpec
from uwr_desktop.core.rulesets.base import RollShown
from uwr_desktop.ui.dice.shown import (
    keep_dice,
    pool_banner,
    pool_dice,
    rerolls_text,
    rolled,
    sum_dice,
    total_banner,
)
from uwr_desktop.ui.dice.shown_die import ShownDie
from uwr_desktop.ui.dice.speeds import SPEEDS
from uwr_desktop.ui.dice.view import DiceView
from uwr_desktop.ui.widgets.build import enlarge
from uwr_desktop.ui.widgets.status_label import StatusLabel

BANNER_SCALE = 1.4
"""How much larger than the tray's text the outcome is."""

AnyRoll = PoolRoll | RollKeepRoll | SumRoll


REROLL_TIP = "Reroll as many failed dice as rerolls allow (R)"
"""What "Reroll all I may" does, on it while its rerolls may be taken."""
SKIP_TIP = "Show the dice at rest at once (Esc, or click the dice)"
"""What Skip does, on it while dice tumble."""
NOTHING_TO_SKIP = "No dice are rolling: Skip shows tumbling dice at rest at once"
"""Why Skip is greyed while the dice are at rest."""


class Outcome(msgspec.Struct, frozen=True):
    """What the banner weighs a roll against once it settles: the ``spec`` it was asked for,
    with a ``difficulty`` (successes needed), a ``target_number``, or ``words`` that say it."""

    spec: PoolSpec | RollKeepSpec | SumSpec | None = None
    difficulty: int | None = None
    target_number: int | None = None
    words: str = ""


class RollDisplay(QWidget):
    """Dice, outcome and rerolls of the roll shown; see the module's description."""

    rerollRequested = Signal(list)  # noqa: N815 (Qt signal naming)
    settled = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._roll: AnyRoll | None = None
        self._reaction: PoolRoll | None = None
        self._outcome = Outcome()
        self._setting_dice = False
        self._reroll_refusal: str | None = None
        self._build_display()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt override)
        """Keep the outcome larger than the tray's text when it is zoomed."""
        if event.type() == QEvent.Type.FontChange:
            enlarge((self.banner,), self.font(), BANNER_SCALE)
        super().changeEvent(event)

    def _build_display(self) -> None:
        self._build_buttons()
        self._build_dice()
        self.reroll_button.clicked.connect(self.reroll_all)
        self.skip_button.clicked.connect(self.skip_animation)
        self._speed_group.triggered.connect(lambda action: self.set_animation_speed(action.data()))
        self.reduce_motion_action.toggled.connect(self.set_reduce_motion)
        self.view.dieClicked.connect(self._on_die_clicked)
        self.view.settled.connect(self._on_settled)
        self.reaction_view.settled.connect(self._on_settled)
        self._sync_skip_button()

    def _build_buttons(self) -> None:
        self.reroll_button = QPushButton("Reroll all I may")
        self.reroll_button.setAccessibleName("Reroll all I may")
        self.reroll_button.setToolTip(REROLL_TIP)
        self.reroll_button.hide()
        self.skip_button = QPushButton("S&kip")
        self.skip_button.setAccessibleName("Skip animation")
        self.animation_button = QToolButton()
        self.animation_button.setText("A&nimation")
        self.animation_button.setAccessibleName("Animation settings")
        self.animation_button.setToolTip("Animation speed and reduce motion")
        self.animation_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QMenu(self.animation_button)
        self._speed_group = QActionGroup(self)
        self._speed_actions: dict[float, QAction] = {}
        for speed in SPEEDS:
            action = menu.addAction(f"Speed {speed:g}x")
            action.setCheckable(True)
            action.setChecked(speed == 1.0)
            action.setData(speed)
            self._speed_group.addAction(action)
            self._speed_actions[speed] = action
        menu.addSeparator()
        self.reduce_motion_action = menu.addAction("Reduce motion")
        self.reduce_motion_action.setCheckable(True)
        self.animation_button.setMenu(menu)

    def _build_dice(self) -> None:
        self.view = DiceView()
        self.view.setToolTip("Click a failed die to reroll it; click while rolling to skip")
        self.reaction_caption = QLabel("Reaction")
        self.reaction_view = DiceView()
        self.reaction_view.setObjectName("reactionDiceView")
        self.reaction_view.set_title("Reaction dice")
        # The dice are reached by Tab, so a screen reader reads their faces and result.
        for view in (self.view, self.reaction_view):
            view.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.reaction_caption.hide()
        self.reaction_view.hide()
        self.banner = StatusLabel("Outcome")
        self.banner.setObjectName("diceBanner")
        self.banner.setAlignment(Qt.AlignmentFlag.AlignCenter)
        enlarge((self.banner,), self.font(), BANNER_SCALE)
        self.banner.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.rerolls_left = StatusLabel("Rerolls left")
        self.rerolls_left.setObjectName("rerollsLeft")
        self.rerolls_left.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.rerolls_left.hide()

    def dice_buttons(self) -> QHBoxLayout:
        """Reroll, Skip and the animation menu in a row, for the owner's layout."""
        buttons = QHBoxLayout()
        for button in (self.reroll_button, self.skip_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(self.animation_button)
        return buttons

    def add_dice(self, layout: QVBoxLayout) -> None:
        """The dice, the reaction's dice, the outcome and the rerolls left, for the owner's
        layout."""
        layout.addWidget(self.view, 1)
        layout.addWidget(self.reaction_caption)
        layout.addWidget(self.reaction_view)
        layout.addWidget(self.banner)
        layout.addWidget(self.rerolls_left)

    # ---- showing rolls ----------------------------------------------------------------------

    def expect(self, outcome: Outcome) -> None:
        """Weigh the next roll shown against ``outcome`` (when its spec is the same)."""
        self._outcome = outcome

    def current_roll(self) -> AnyRoll | None:
        """The roll shown, as its owner last gave it."""
        return self._roll

    def show_pool_roll(self, roll: PoolRoll, reaction: PoolRoll | None = None) -> None:
        """Show a d6 pool (and the reaction that opposed it) and animate it."""
        self._begin(roll, reaction)
        if reaction is not None:
            self.reaction_view.set_dice(pool_dice(reaction))
        else:
            self.reaction_view.clear()
        self.view.set_dice(pool_dice(roll))
        self.show_rerolls_left(roll, reaction)
        self._after_setting_dice()

    def show_keep_roll(self, roll: RollKeepRoll) -> None:
        """Show a roll-and-keep roll and animate it."""
        self._show_single(roll, keep_dice(roll))

    def show_sum_roll(self, roll: SumRoll) -> None:
        """Show a plain sum and animate it."""
        self._show_single(roll, sum_dice(roll))

    def show_rolled(self, shown: RollShown, *, animate: bool = True) -> None:
        """Show a roll as its round system describes it (its opposing roll too), worded by
        the system's outcome; at rest at once unless ``animate``."""
        self._outcome = Outcome(words=shown.outcome)
        roll = rolled(shown.record)
        against = rolled(shown.against) if shown.against is not None else None
        if isinstance(roll, PoolRoll) and shown.rerolled and isinstance(self._roll, PoolRoll):
            self.show_reroll(roll, shown.rerolled)
        elif isinstance(roll, PoolRoll):
            self.show_pool_roll(roll, against if isinstance(against, PoolRoll) else None)
        elif isinstance(roll, RollKeepRoll):
            self.show_keep_roll(roll)
        else:
            self.show_sum_roll(roll)
        if not animate:
            self.skip_animation()

    def clear_roll(self) -> None:
        """Show no dice and no outcome."""
        self.refuse_rerolls(None)
        self._roll = self._reaction = None
        self._outcome = Outcome()
        self.view.clear()
        self.reaction_view.clear()
        self._sync_skip_button()
        self.reaction_caption.hide()
        self.reaction_view.hide()
        self.banner.clear()
        self.view.set_result("")
        self.show_rerolls_left(None)
        self.reroll_button.hide()

    def refuse_rerolls(self, reason: str | None) -> None:
        """Grey "Reroll all I may", with ``reason`` on it, and leave the dice unclickable while
        the roll shown may not be rerolled, whatever its rerolls (``None``: they may be taken);
        a new roll shown lifts it."""
        self._reroll_refusal = reason
        self.reroll_button.setToolTip(reason or REROLL_TIP)
        if not self._setting_dice and not self.is_animating():
            self.reroll_button.setEnabled(bool(self._rerollable_now()))

    def _begin(self, roll: AnyRoll, reaction: PoolRoll | None) -> None:
        self.refuse_rerolls(None)
        self._roll = roll
        self._reaction = reaction
        self.banner.setText("Rolling…")
        self.view.set_result("rolling")
        self.reroll_button.setEnabled(False)
        self.reaction_caption.setVisible(reaction is not None)
        self.reaction_view.setVisible(reaction is not None)
        self._setting_dice = True

    def _show_single(self, roll: RollKeepRoll | SumRoll, dice: list[ShownDie]) -> None:
        self._begin(roll, None)
        self.reaction_view.clear()
        self.view.set_dice(dice)
        self.show_rerolls_left(None)
        self._after_setting_dice()

    def show_reroll(self, roll: PoolRoll, indices: Sequence[int]) -> None:
        """Show a pool after some of its dice were rerolled; only those dice tumble."""
        if not isinstance(self._roll, PoolRoll) or len(self._roll.dice) != len(roll.dice):
            self.show_pool_roll(roll, self._reaction)
            return
        self._roll = roll
        self.banner.setText("Rolling…")
        self.view.set_result("rolling")
        self.reroll_button.setEnabled(False)
        self._setting_dice = True
        self.view.set_dice(pool_dice(roll), animate=list(indices))
        self.show_rerolls_left(roll, self._reaction)
        self._after_setting_dice()

    def show_rerolls_left(self, roll: PoolRoll | None, reaction: PoolRoll | None = None) -> None:
        """Say how many rerolls each pool shown has left (hidden for rolls that have none);
        "Reroll all I may" shows only for a pool that was given rerolls."""
        if reaction is not None:
            self._reaction = reaction
        self.reroll_button.setVisible(roll is not None and roll.spec.rerolls > 0)
        if roll is None or (not roll.dice and reaction is None):
            self.rerolls_left.clear()
            self.rerolls_left.hide()
            return
        text = rerolls_text(roll)
        if reaction is not None:
            text = f"Action: {text} · Reaction: {rerolls_text(reaction)}"
        self.rerolls_left.setText(text)
        self.rerolls_left.show()

    def rerolls_left_text(self) -> str:
        """The line saying how many rerolls each pool shown has left (``""``: none shown)."""
        return self.rerolls_left.text() if not self.rerolls_left.isHidden() else ""

    def banner_text(self) -> str:
        """The outcome line of the roll shown."""
        return self.banner.text()

    def _after_setting_dice(self) -> None:
        self._setting_dice = False
        self._sync_skip_button()
        if not self.is_animating():
            self._on_settled()

    # ---- rerolls ----------------------------------------------------------------------------

    def _rerollable_now(self) -> tuple[int, ...]:
        """The failed dice the GM may pick now (any of them while rerolls are left)."""
        roll = self._roll
        if not isinstance(roll, PoolRoll) or self.is_animating() or roll.rerolls_left <= 0:
            return ()
        if self._reroll_refusal is not None:
            return ()
        return roll.rerollable_indices

    def _on_die_clicked(self, index: int) -> None:
        if index in self._rerollable_now():
            self._ask_reroll([index])

    def reroll_all(self) -> None:
        """Ask to reroll as many failed dice as the rerolls left allow."""
        roll = self._roll
        indices = self._rerollable_now()
        if indices and isinstance(roll, PoolRoll):
            self._ask_reroll(list(indices[: roll.rerolls_left]))

    def _ask_reroll(self, indices: list[int]) -> None:
        """Ask whoever handed the roll to reroll the dice at ``indices``."""
        self.rerollRequested.emit(indices)

    def _on_settled(self) -> None:
        self._sync_skip_button()
        if self._setting_dice or self.is_animating() or self._roll is None:
            return
        roll, outcome = self._roll, self._outcome
        same = outcome.spec is not None and outcome.spec == roll.spec
        if outcome.words:
            self.banner.setText(outcome.words)
        elif isinstance(roll, PoolRoll):
            self.banner.setText(
                pool_banner(roll, outcome.difficulty if same else None, self._reaction)
            )
        else:
            self.banner.setText(total_banner(roll.total, outcome.target_number if same else None))
        self.view.set_result(self.banner.accessibleName())
        self.reroll_button.setEnabled(bool(self._rerollable_now()))
        self.settled.emit()

    # ---- animation --------------------------------------------------------------------------

    def is_animating(self) -> bool:
        """Whether dice are still tumbling."""
        return self.view.is_animating() or self.reaction_view.is_animating()

    def skip_animation(self) -> None:
        """Show the dice at rest at once."""
        self.view.skip()
        self.reaction_view.skip()

    def _sync_skip_button(self) -> None:
        """Skip is live only while dice tumble; at rest it is greyed and says why."""
        animating = self.is_animating()
        self.skip_button.setEnabled(animating)
        self.skip_button.setToolTip(SKIP_TIP if animating else NOTHING_TO_SKIP)

    def animation_speed(self) -> float:
        """The animation speed multiplier (1 = about 0.6 s a roll)."""
        return self.view.speed()

    def set_animation_speed(self, multiplier: float) -> None:
        """Set the animation speed multiplier (1 = about 0.6 s a roll)."""
        self.view.set_speed(multiplier)
        self.reaction_view.set_speed(multiplier)
        action = self._speed_actions.get(multiplier)
        if action is not None and not action.isChecked():
            action.setChecked(True)

    def set_reduce_motion(self, on: bool) -> None:
        """Show rolls at rest at once, with no animation at all."""
        self.view.set_reduce_motion(on)
        self.reaction_view.set_reduce_motion(on)
        if self.reduce_motion_action.isChecked() != on:
            self.reduce_motion_action.setChecked(on)
