"""The dice tray: build a check by clicking (or type dice notation), see the odds, roll, reroll.

The tray never decides a roll. It emits :attr:`DiceTray.rollRequested` with a
:class:`RollRequest` and :attr:`DiceTray.rerollRequested` with the dice the GM picked; whoever
owns the tray (the encounter session) rolls them and answers with :meth:`DiceTray.show_pool_roll`,
:meth:`DiceTray.show_keep_roll`, :meth:`DiceTray.show_sum_roll` or :meth:`DiceTray.show_reroll`.
With no owner, :meth:`DiceTray.use_local_roller` makes the tray answer itself with a core
:class:`~uwr_desktop.core.dice.Roller`.
"""

import math
from collections.abc import Mapping, Sequence
from fractions import Fraction

import msgspec
from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QActionGroup, QColor, QFont, QKeySequence, QPalette, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from uwr_desktop.core.dice import (
    DiceError,
    PoolRoll,
    PoolSpec,
    Roller,
    RollKeepRoll,
    RollKeepSpec,
    SumRoll,
    SumSpec,
    direct_check,
    opposed_check,
)
from uwr_desktop.core.limits import MAX_DICE, MAX_DIFFICULTY, MAX_NOTATION_LENGTH, MAX_REROLLS
from uwr_desktop.core.notation import format_spec, parse_notation
from uwr_desktop.ui.dice.odds_plot import WORKING_TEXT, Odds, OddsPlot
from uwr_desktop.ui.dice.odds_worker import OddsJob, OddsWorker
from uwr_desktop.ui.dice.view import DiceView, ShownDie
from uwr_desktop.ui.widgets.number_box import NumberBox, first_problem

ATTRIBUTES = ("Brawn", "Grace", "Mettle", "Savvy")
"""The four attributes a uwr check can draw on."""

FAVOR_RANGE = (-3, 3)
"""Favor the spin boxes offer: beyond ±3 the threshold no longer moves (typed notation may
go to ``MAX_FAVOR``)."""

SPEEDS = (0.5, 1.0, 2.0, 4.0)


class NothingToRollError(DiceError):
    """The check has no dice yet: a hint for the GM rather than a mistake."""


class Difficulty(msgspec.Struct, frozen=True):
    """A direct check's target: successes needed and the favor the difficulty grants."""

    name: str
    successes: int
    favor: int = 0

    def describe(self) -> str:
        """E.g. "Easy: 1 success, +1 favor"."""
        noun = "success" if self.successes == 1 else "successes"
        favor = f", {self.favor:+d} favor" if self.favor else ""
        return f"{self.name}: {self.successes} {noun}{favor}"


DIFFICULTIES = (
    Difficulty("Easy", 1, 1),
    Difficulty("Normal", 1),
    Difficulty("Difficult", 2),
    Difficulty("Extreme", 3),
)
"""The difficulty table of direct checks."""


class CheckSource(msgspec.Struct, frozen=True):
    """A combatant the GM can build a check for: attributes and skills.

    ``attributes`` maps an attribute name (Brawn, Grace, Mettle, Savvy) to its value in steps of
    one half; ``skills`` maps a skill name to (rank in dice, extra rerolls it grants);
    ``defeated`` marks a combatant out of the fight (still offered, named "(defeated)").
    """

    combatant_id: str
    name: str
    attributes: Mapping[str, Fraction]
    skills: Mapping[str, tuple[int, int]] = msgspec.field(default_factory=dict)
    defeated: bool = False


class RollRequest(msgspec.Struct, frozen=True):
    """A roll the GM asked for; the owner of the tray rolls it.

    A pool has a ``difficulty`` (direct check), a ``reaction`` (opposed check) or neither (count
    the successes). Roll-and-keep rolls and sums may have a ``target_number``.
    """

    spec: PoolSpec | RollKeepSpec | SumSpec
    combatant_id: str | None
    label: str
    difficulty: int | None = None
    reaction: PoolSpec | None = None
    target_number: int | None = None


def pool_dice(roll: PoolRoll) -> list[ShownDie]:
    """How the canvas shows a d6 pool: successes, failures, rerolled and rerollable dice."""
    rerollable = set(roll.rerollable_indices) if roll.rerolls_left > 0 else set()
    return [
        ShownDie(
            sides=6,
            label=str(die.face),
            value=die.face,
            success=die.face >= roll.threshold,
            rerolled=die.rerolled,
            first_face=die.first_face,
            rerollable=index in rerollable,
        )
        for index, die in enumerate(roll.dice)
    ]


def rerolls_text(roll: PoolRoll) -> str:
    """``"2 rerolls left"``, ``"1 reroll left"``, ``"no rerolls left"``."""
    left = max(roll.rerolls_left, 0)
    if left == 0:
        return "no rerolls left"
    return "1 reroll left" if left == 1 else f"{left} rerolls left"


def keep_dice(roll: RollKeepRoll) -> list[ShownDie]:
    """How the canvas shows a roll-and-keep roll: each d10's chain ("10+7"), kept or not."""
    kept = set(roll.kept_indices)
    return [
        ShownDie(
            sides=10,
            label="+".join(str(face) for face in chain),
            value=sum(chain),
            kept=index in kept,
        )
        for index, chain in enumerate(roll.chains)
    ]


def sum_dice(roll: SumRoll) -> list[ShownDie]:
    """How the canvas shows a plain sum's dice."""
    return [ShownDie(sides=roll.spec.sides, label=str(f), value=f) for f in roll.faces]


def _successes(count: int) -> str:
    return f"{count} success" if count == 1 else f"{count} successes"


def pool_banner(
    roll: PoolRoll, difficulty: int | None = None, reaction: PoolRoll | None = None
) -> str:
    """The outcome line of a pool roll: pass/fail, the opposed winner, or the successes."""
    if reaction is not None:
        outcome = opposed_check(roll.successes, reaction.successes)
        if outcome.action_wins:
            return f"Action wins with {outcome.surviving}"
        return f"Reaction wins ({roll.successes} vs {reaction.successes})"
    if difficulty is not None:
        direct = direct_check(roll.successes, difficulty)
        verdict = "Pass" if direct.passed else "Fail"
        return f"{verdict}: {_successes(roll.successes)} vs {difficulty}"
    return _successes(roll.successes)


def total_banner(total: int, target_number: int | None) -> str:
    """The outcome line of a roll-and-keep roll or a sum, against a TN when one was given."""
    if target_number is None:
        return f"Total {total}"
    if total >= target_number:
        return f"Total {total} ≥ TN {target_number}: hit"
    return f"Total {total} < TN {target_number}: miss"


def _attribute_text(value: Fraction) -> str:
    whole = math.floor(value)
    return f"{whole}" if value == whole else f"{float(value):g}"


def _joined(parts: list[str]) -> str:
    """The parts of a pool joined by " + "; a part that carries its own sign (extra dice, a
    penalty with the minus sign) follows a space instead: "Brawn 4 + Melee +1 - 2 dice"."""
    text = ""
    for part in parts:
        signed = part[:2] in {"+ ", "− "}  # noqa: RUF001 (the minus sign)
        if not text:
            text = part[0] + part[2:] if signed else part
        else:
            text += f" {part}" if signed else f" + {part}"
    return text


def _spin(
    low: int, high: int, value: int, name: str, *, tip: str, signed: bool = False
) -> NumberBox:
    spin = NumberBox(low, high, what=name.capitalize(), signed=signed)
    spin.setValue(value)
    spin.setAccessibleName(name)
    spin.setToolTip(tip)
    spin.setObjectName(name.replace(" ", "_").lower())
    return spin


class DiceTray(QWidget):
    """Builds a check, shows its odds, asks for the roll and shows the dice and the outcome.

    Signals: ``rollRequested(RollRequest)``; ``rerollRequested(list[int])`` with the indices of
    the dice to reroll; ``settled()`` when the dice shown come to rest.
    """

    rollRequested = Signal(object)  # noqa: N815 (Qt signal naming)
    rerollRequested = Signal(list)  # noqa: N815 (Qt signal naming)
    settled = Signal()

    def __init__(self, parent: QWidget | None = None, roller: Roller | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("diceTrayWidget")
        self.setAccessibleName("Dice tray")
        self._sources: tuple[CheckSource, ...] = ()
        self._source_of: dict[str, CheckSource] = {}
        self._request: RollRequest | None = None
        self._roll: PoolRoll | RollKeepRoll | SumRoll | None = None
        self._reaction: PoolRoll | None = None
        self._shown_for: RollRequest | None = None
        self._local_roller: Roller | None = None
        self._setting_dice = False
        self._pool_inputs = True
        self._build()
        self._connect()
        self._refresh()
        if roller is not None:
            self.use_local_roller(roller)

    # ---- building the widgets ---------------------------------------------------------------

    def _build(self) -> None:
        self._build_inputs()
        self._build_outputs()
        self._build_buttons()
        self._build_dice()
        self._lay_out()
        self._fill_combatants()

    def _build_inputs(self) -> None:
        self.combatant = QComboBox()
        self.combatant.setAccessibleName("Combatant")
        self.combatant.setToolTip("Whose check this is")
        self.attribute = QComboBox()
        self.attribute.setAccessibleName("Attribute")
        self.attribute.setToolTip("Dice = the attribute, rounded down; a half gives +1 reroll")
        self.skill = QComboBox()
        self.skill.setAccessibleName("Skill")
        self.skill.setToolTip("Adds its rank in dice, and any rerolls it grants")
        self.extra_dice = _spin(
            -MAX_DICE,
            MAX_DICE,
            0,
            "Extra dice",
            tip="Dice added to the pool (negative: a penalty)",
            signed=True,
        )
        self.favor = _spin(
            *FAVOR_RANGE, 0, "Favor", tip="Net favor: +1 lets a 4 succeed, -1 only 6", signed=True
        )
        self.rerolls = _spin(
            0, MAX_REROLLS, 0, "Extra rerolls", tip="Rerolls beyond the attribute and skill"
        )
        self.against = QComboBox()
        self.against.setAccessibleName("Against")
        self.against.setToolTip("The difficulty of a direct check, or an opposed reaction")
        for difficulty in DIFFICULTIES:
            self.against.addItem(difficulty.describe(), difficulty)
        self.against.addItem("Number of successes", "number")
        self.against.addItem("Opposed by a reaction", "opposed")
        self.against.addItem("Nothing: count successes", None)
        self.against.setCurrentIndex(1)
        self.difficulty_number = _spin(
            1, MAX_DIFFICULTY, 2, "Difficulty", tip="Successes needed to pass"
        )
        self.reaction_dice = _spin(
            1, MAX_DICE, 3, "Reaction dice", tip="Dice of the opposing reaction"
        )
        self.reaction_favor = _spin(
            *FAVOR_RANGE, 0, "Reaction favor", tip="Favor of the reaction", signed=True
        )
        self.reaction_rerolls = _spin(
            0, MAX_REROLLS, 0, "Reaction rerolls", tip="Rerolls of the reaction"
        )
        self.notation = QLineEdit()
        self.notation.setMaxLength(MAX_NOTATION_LENGTH)
        self.notation.setAccessibleName("Dice notation")
        self.notation.setPlaceholderText("or type dice: 7d6 f+1 r2, 6k3, 2d10+5")
        self.notation.setToolTip(
            "Typed dice replace the pool built above: 7d6 f+1 r2 (pool with favor and rerolls), "
            "6k3+5 (roll and keep), 2d10+5 (sum)"
        )
        self.target_number = _spin(0, 999, 0, "Target number", tip="TN of a roll and keep or a sum")
        self.target_number.setSpecialValueText("no TN")
        self.target_number.setPrefix("TN ")

    def _build_outputs(self) -> None:
        self.message = QLabel()
        self.message.setObjectName("diceTrayMessage")
        self.message.setWordWrap(True)
        self.message.setAccessibleName("Check summary")
        self.odds_label = QLabel()
        self.odds_label.setObjectName("oddsText")
        self.odds_label.setAccessibleName("Odds")
        self.chart_button = QToolButton()
        self.chart_button.setText("Chart")
        self.chart_button.setCheckable(True)
        self.chart_button.setAccessibleName("Show odds chart")
        self.chart_button.setToolTip("Show a chart of the successes to expect")
        self.odds_plot = OddsPlot()
        self.odds_plot.hide()
        self.odds_worker = OddsWorker(self)

    def _build_buttons(self) -> None:
        self.roll_button = QPushButton("Roll")
        self.roll_button.setAccessibleName("Roll")
        self.roll_button.setToolTip("Roll the check (Enter or Ctrl+R)")
        self.reroll_button = QPushButton("Reroll all I may")
        self.reroll_button.setAccessibleName("Reroll all I may")
        self.reroll_button.setToolTip("Reroll as many failed dice as rerolls allow (R)")
        self.skip_button = QPushButton("Skip")
        self.skip_button.setAccessibleName("Skip animation")
        self.skip_button.setToolTip("Show the dice at rest at once (Esc, or click the dice)")
        self.animation_button = QToolButton()
        self.animation_button.setText("Animation")
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
        self.reaction_view.setAccessibleName("Reaction dice")
        self.reaction_caption.hide()
        self.reaction_view.hide()
        self.banner = QLabel()
        self.banner.setObjectName("diceBanner")
        self.banner.setAccessibleName("Outcome")
        self.banner.setAlignment(Qt.AlignmentFlag.AlignCenter)
        font = QFont(self.banner.font())
        font.setPointSizeF(font.pointSizeF() * 1.4)
        font.setBold(True)
        self.banner.setFont(font)
        self.banner.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.rerolls_left = QLabel()
        self.rerolls_left.setObjectName("rerollsLeft")
        self.rerolls_left.setAccessibleName("Rerolls left")
        self.rerolls_left.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.rerolls_left.hide()

    def _lay_out(self) -> None:
        form = QGridLayout()
        rows: tuple[tuple[tuple[str, QWidget], ...], ...] = (
            (("Combatant", self.combatant),),
            (("Attribute", self.attribute), ("Skill", self.skill)),
            (("Dice", self.extra_dice), ("Favor", self.favor), ("Rerolls", self.rerolls)),
            (("Against", self.against), ("", self.difficulty_number)),
            (
                ("Reaction dice", self.reaction_dice),
                ("favor", self.reaction_favor),
                ("rerolls", self.reaction_rerolls),
            ),
            (("Notation", self.notation), ("", self.target_number)),
        )
        self._reaction_labels: list[QLabel] = []
        self._pool_labels: list[QLabel] = []
        for row, cells in enumerate(rows):
            column = 0
            for text, widget in cells:
                label = QLabel(text)
                label.setBuddy(widget)
                form.addWidget(label, row, column)
                span = 5 - column if len(cells) == 1 else 1
                form.addWidget(widget, row, column + 1, 1, span)
                if row == 4:
                    self._reaction_labels.append(label)
                elif row < 4:
                    self._pool_labels.append(label)
                column += 2
        odds_row = QHBoxLayout()
        odds_row.addWidget(self.odds_label, 1)
        odds_row.addWidget(self.chart_button)
        buttons = QHBoxLayout()
        for button in (self.roll_button, self.reroll_button, self.skip_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(self.animation_button)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.message)
        layout.addLayout(odds_row)
        layout.addWidget(self.odds_plot)
        layout.addLayout(buttons)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.reaction_caption)
        layout.addWidget(self.reaction_view)
        layout.addWidget(self.banner)
        layout.addWidget(self.rerolls_left)

    def _connect(self) -> None:
        self.combatant.currentIndexChanged.connect(self._on_combatant)
        for combo in (self.attribute, self.skill, self.against):
            combo.currentIndexChanged.connect(self._refresh)
        for spin in (
            self.extra_dice,
            self.favor,
            self.rerolls,
            self.difficulty_number,
            self.reaction_dice,
            self.reaction_favor,
            self.reaction_rerolls,
            self.target_number,
        ):
            spin.valueChanged.connect(self._refresh)
            spin.problemChanged.connect(self._refresh)
        self.notation.textChanged.connect(self._refresh)
        self.notation.returnPressed.connect(self.roll)
        self.odds_worker.ready.connect(self._show_odds)
        self.odds_worker.failed.connect(lambda text: self._show_message(text, error=True))
        self.chart_button.toggled.connect(self.odds_plot.setVisible)
        self.roll_button.clicked.connect(self.roll)
        self.reroll_button.clicked.connect(self.reroll_all)
        self.skip_button.clicked.connect(self.skip_animation)
        self._speed_group.triggered.connect(lambda action: self.set_animation_speed(action.data()))
        self.reduce_motion_action.toggled.connect(self.set_reduce_motion)
        self.view.dieClicked.connect(self._on_die_clicked)
        self.view.settled.connect(self._on_settled)
        self.reaction_view.settled.connect(self._on_settled)
        context = Qt.ShortcutContext.WidgetWithChildrenShortcut
        for keys, slot in (
            (QKeySequence(Qt.Key.Key_Return), self.roll),
            (QKeySequence(Qt.Key.Key_Enter), self.roll),
            (QKeySequence("Ctrl+R"), self.roll),
            (QKeySequence(Qt.Key.Key_Escape), self.skip_animation),
            (QKeySequence(Qt.Key.Key_R), self.reroll_all),
        ):
            shortcut = QShortcut(keys, self)
            shortcut.setContext(context)
            shortcut.activated.connect(slot)

    def set_pool_inputs_visible(self, visible: bool) -> None:
        """Show or hide the inputs that build a d6 pool (combatant, attribute, skill, dice,
        favor, rerolls, difficulty), for a round system whose checks are not pools: typed dice
        (``6k3``, ``2d10+5``) stay."""
        for widget in (
            self.combatant,
            self.attribute,
            self.skill,
            self.extra_dice,
            self.favor,
            self.rerolls,
            self.against,
            *self._pool_labels,
        ):
            widget.setVisible(visible)
        self._pool_inputs = visible
        if not visible:
            self.against.setCurrentIndex(self.against.findData(None))
            self.notation.setPlaceholderText("type dice: 6k3, 7k4+5, 2d10+5")
        self._refresh()

    # ---- sources ----------------------------------------------------------------------------

    def set_sources(self, sources: Sequence[CheckSource]) -> None:
        """Offer these combatants (their attributes and skills) to build checks from."""
        current = self.combatant.currentData()
        self._sources = tuple(sources)
        self._source_of = {source.combatant_id: source for source in self._sources}
        self._fill_combatants()
        ids = [source.combatant_id for source in self._sources]
        if current in ids:
            self.combatant.setCurrentIndex(ids.index(current) + 1)

    def _fill_combatants(self) -> None:
        self.combatant.blockSignals(True)
        self.combatant.clear()
        self.combatant.addItem("No combatant: raw dice", None)
        for source in self._sources:
            shown = f"{source.name} (defeated)" if source.defeated else source.name
            self.combatant.addItem(shown, source.combatant_id)
        self.combatant.blockSignals(False)
        self._on_combatant()

    def _source(self) -> CheckSource | None:
        wanted = self.combatant.currentData()
        return self._source_of.get(wanted) if isinstance(wanted, str) else None

    def _on_combatant(self) -> None:
        source = self._source()
        for combo in (self.attribute, self.skill):
            combo.blockSignals(True)
            combo.clear()
        self.attribute.addItem("No attribute", None)
        self.skill.addItem("No skill", None)
        if source is not None:
            for name in ATTRIBUTES:
                if name in source.attributes:
                    text = f"{name} {_attribute_text(source.attributes[name])}"
                    self.attribute.addItem(text, name)
            for name, (rank, extra) in source.skills.items():
                text = f"{name} +{rank}" + (f", +{extra} reroll" if extra else "")
                self.skill.addItem(text, name)
            if self.attribute.count() > 1:
                self.attribute.setCurrentIndex(1)
        for combo in (self.attribute, self.skill):
            combo.setEnabled(source is not None)
            combo.blockSignals(False)
        self._refresh()

    # ---- the request ------------------------------------------------------------------------

    def _built_pool(self) -> tuple[PoolSpec, str, str]:
        """The pool from the clicked inputs, its label and a short explanation."""
        source = self._source()
        dice = 0
        rerolls = self.rerolls.value()
        parts: list[str] = []
        label = "Dice"
        if source is not None:
            label = source.name
            attribute = self.attribute.currentData()
            if attribute is not None:
                value = source.attributes[attribute]
                dice += math.floor(value)
                half = value != math.floor(value)
                rerolls += int(half)
                parts.append(f"{attribute} {math.floor(value)}" + (" (+1 reroll)" if half else ""))
                label += f": {attribute}"
            skill = self.skill.currentData()
            if skill is not None:
                rank, extra = source.skills[skill]
                dice += rank
                rerolls += extra
                parts.append(f"{skill} +{rank}")
                label += f" + {skill}"
        base = dice
        extra = self.extra_dice.value()
        dice += extra
        if extra:
            sign = "−" if extra < 0 else "+"  # noqa: RUF001 (the minus sign)
            parts.append(f"{sign} {abs(extra)} {'die' if abs(extra) == 1 else 'dice'}")
        floored = ""
        if dice < 1 <= base:
            dice = 1
            floored = " (a penalty leaves at least 1 die)"
        if dice < 1:
            if not self._pool_inputs:
                raise NothingToRollError("Type dice to roll: 6k3, 7k4+5, 2d10+5.")
            raise NothingToRollError("Pick an attribute or raise Dice to build a roll.")
        favor = self.favor.value()
        difficulty = self.against.currentData()
        if isinstance(difficulty, Difficulty):
            favor += difficulty.favor
        spec = PoolSpec(dice, favor=favor, rerolls=rerolls)
        explained = _joined(parts) if parts else "raw dice"
        return spec, label, f"{explained} = {format_spec(spec)}{floored}"

    def build_request(self) -> RollRequest:
        """The request the inputs describe now; raises DiceError saying what is wrong."""
        source = self._source()
        combatant_id = source.combatant_id if source is not None else None
        typed = self.notation.text().strip()
        against = self.against.currentData()
        problem = first_problem(self._number_boxes(typed=bool(typed)))
        if problem:
            raise DiceError(problem)
        if typed:
            spec = parse_notation(typed)
            label = typed if source is None else f"{source.name}: {typed}"
            if isinstance(spec, PoolSpec) and isinstance(against, Difficulty) and against.favor:
                spec = PoolSpec(
                    spec.dice, spec.favor + against.favor, spec.rerolls, spec.lowest_threshold
                )
        else:
            spec, label, _ = self._built_pool()
        if not isinstance(spec, PoolSpec):
            tn = self.target_number.value() or None
            return RollRequest(spec, combatant_id, label, target_number=tn)
        if isinstance(against, Difficulty):
            return RollRequest(spec, combatant_id, label, difficulty=against.successes)
        if against == "number":
            return RollRequest(spec, combatant_id, label, difficulty=self.difficulty_number.value())
        if against == "opposed":
            reaction = PoolSpec(
                self.reaction_dice.value(),
                self.reaction_favor.value(),
                self.reaction_rerolls.value(),
                spec.lowest_threshold,
            )
            return RollRequest(spec, combatant_id, label, reaction=reaction)
        return RollRequest(spec, combatant_id, label)

    def _number_boxes(self, *, typed: bool) -> list[NumberBox]:
        """The number boxes the request reads now (typed dice replace the pool's)."""
        against = self.against.currentData()
        boxes = [] if typed else [self.extra_dice, self.favor, self.rerolls]
        if against == "number":
            boxes.append(self.difficulty_number)
        if against == "opposed":
            boxes.extend((self.reaction_dice, self.reaction_favor, self.reaction_rerolls))
        if typed:
            boxes.append(self.target_number)
        return boxes

    def _refresh(self) -> None:
        against = self.against.currentData()
        typed = bool(self.notation.text().strip())
        self.difficulty_number.setVisible(against == "number")
        for widget in (self.reaction_dice, self.reaction_favor, self.reaction_rerolls):
            widget.setVisible(against == "opposed")
        for label in self._reaction_labels:
            label.setVisible(against == "opposed")
        for widget in (self.extra_dice, self.favor, self.rerolls):
            widget.setEnabled(not typed)
        try:
            request = self.build_request()
        except DiceError as error:
            self._request = None
            self._show_message(str(error), error=not isinstance(error, NothingToRollError))
            self.odds_worker.cancel()
            self.odds_label.clear()
            self.odds_plot.set_odds(None)
            self.roll_button.setEnabled(False)
            self.target_number.setVisible(False)
            return
        self._request = request
        self.roll_button.setEnabled(True)
        self.target_number.setVisible(not isinstance(request.spec, PoolSpec))
        self.against.setEnabled(isinstance(request.spec, PoolSpec))
        summary = f"{request.label}: {format_spec(request.spec)}"
        if not typed:
            summary = self._built_pool()[2]
        self._show_message(summary, error=False)
        odds = self.odds_worker.request(
            OddsJob(request.spec, request.difficulty, request.reaction, request.target_number)
        )
        if odds is None:
            self.odds_label.setText(WORKING_TEXT)
            self.odds_plot.set_working()
        else:
            self._show_odds(odds)

    def _show_odds(self, odds: Odds) -> None:
        self.odds_label.setText(odds.headline)
        self.odds_plot.set_odds(odds)

    def _show_message(self, text: str, *, error: bool) -> None:
        palette = QPalette(self.palette())
        colour = palette.color(QPalette.ColorRole.WindowText)
        if error:
            dark = palette.color(QPalette.ColorRole.Window).lightnessF() < 0.5
            colour = QColor("#ff8a80") if dark else QColor("#b00020")
        palette.setColor(QPalette.ColorRole.WindowText, colour)
        self.message.setPalette(palette)
        self.message.setText(text)
        self.message.setProperty("error", error)

    def message_text(self) -> str:
        """The line under the inputs: what the check is, or what is wrong with it."""
        return self.message.text()

    def has_error(self) -> bool:
        """Whether the inputs cannot be rolled as they are (the message says why)."""
        return self._request is None

    def odds_text(self) -> str:
        """The odds shown for the inputs as they are."""
        return self.odds_label.text()

    def banner_text(self) -> str:
        """The outcome line of the roll shown."""
        return self.banner.text()

    # ---- rolling ----------------------------------------------------------------------------

    def roll(self) -> None:
        """Ask for the roll the inputs describe (nothing happens while they are in error)."""
        self._refresh()
        if self._request is None:
            return
        self.view.skip()
        self.reaction_view.skip()
        self.rollRequested.emit(self._request)

    def current_roll(self) -> PoolRoll | RollKeepRoll | SumRoll | None:
        """The roll shown, as the owner last gave it."""
        return self._roll

    def show_pool_roll(self, roll: PoolRoll, reaction: PoolRoll | None = None) -> None:
        """Show a d6 pool (and the reaction that opposed it) and animate it."""
        self._shown_for = self._request
        self._roll = roll
        self._reaction = reaction
        self.banner.setText("Rolling…")
        self.reroll_button.setEnabled(False)
        self.reaction_caption.setVisible(reaction is not None)
        self.reaction_view.setVisible(reaction is not None)
        self._setting_dice = True
        if reaction is not None:
            self.reaction_view.set_dice(pool_dice(reaction))
        else:
            self.reaction_view.clear()
        self.view.set_dice(pool_dice(roll))
        self.show_rerolls_left(roll, reaction)
        self._after_setting_dice()

    def show_rerolls_left(self, roll: PoolRoll | None, reaction: PoolRoll | None = None) -> None:
        """Say how many rerolls each pool shown has left (hidden for rolls that have none)."""
        if reaction is not None:
            self._reaction = reaction
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

    def _after_setting_dice(self) -> None:
        self._setting_dice = False
        if not self.is_animating():
            self._on_settled()

    def show_keep_roll(self, roll: RollKeepRoll) -> None:
        """Show a roll-and-keep roll and animate it."""
        self._show_single(roll, keep_dice(roll))

    def show_sum_roll(self, roll: SumRoll) -> None:
        """Show a plain sum and animate it."""
        self._show_single(roll, sum_dice(roll))

    def _show_single(self, roll: RollKeepRoll | SumRoll, dice: list[ShownDie]) -> None:
        self._shown_for = self._request
        self._roll = roll
        self._reaction = None
        self.banner.setText("Rolling…")
        self.reroll_button.setEnabled(False)
        self.reaction_caption.hide()
        self.reaction_view.hide()
        self.reaction_view.clear()
        self._setting_dice = True
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
        self.reroll_button.setEnabled(False)
        self._setting_dice = True
        self.view.set_dice(pool_dice(roll), animate=list(indices))
        self.show_rerolls_left(roll, self._reaction)
        self._after_setting_dice()

    def _rerollable_now(self) -> tuple[int, ...]:
        """The failed dice the GM may pick now (any of them while rerolls are left)."""
        roll = self._roll
        if not isinstance(roll, PoolRoll) or self.is_animating() or roll.rerolls_left <= 0:
            return ()
        return roll.rerollable_indices

    def _on_die_clicked(self, index: int) -> None:
        if index in self._rerollable_now():
            self.rerollRequested.emit([index])

    def reroll_all(self) -> None:
        """Ask to reroll as many failed dice as the rerolls left allow."""
        roll = self._roll
        indices = self._rerollable_now()
        if indices and isinstance(roll, PoolRoll):
            indices = indices[: roll.rerolls_left]
            self.rerollRequested.emit(list(indices))

    def _on_settled(self) -> None:
        if self._setting_dice or self.is_animating() or self._roll is None:
            return
        request = self._shown_for
        roll = self._roll
        if isinstance(roll, PoolRoll):
            same = request is not None and request.spec == roll.spec
            difficulty = request.difficulty if same and request is not None else None
            self.banner.setText(pool_banner(roll, difficulty, self._reaction))
        else:
            same = request is not None and request.spec == roll.spec
            tn = request.target_number if same and request is not None else None
            self.banner.setText(total_banner(roll.total, tn))
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

    # ---- standalone mode --------------------------------------------------------------------

    def use_local_roller(self, roller: Roller) -> None:
        """Answer the tray's own requests with ``roller`` (when no session owns the tray).

        An opposing reaction rolls its pool and spends all its rerolls on its failed dice.
        """
        if self._local_roller is None:
            self.rollRequested.connect(self._answer_roll)
            self.rerollRequested.connect(self._answer_reroll)
        self._local_roller = roller

    def _answer_roll(self, request: RollRequest) -> None:
        roller = self._local_roller
        if roller is None:
            return
        spec = request.spec
        if isinstance(spec, PoolSpec):
            action = roller.roll_pool(spec)
            reaction = None
            if request.reaction is not None:
                reaction = roller.reroll_all(roller.roll_pool(request.reaction))
            self.show_pool_roll(action, reaction)
        elif isinstance(spec, RollKeepSpec):
            self.show_keep_roll(roller.roll_keep(spec))
        else:
            self.show_sum_roll(roller.roll_sum(spec))

    def _answer_reroll(self, indices: list[int]) -> None:
        roller = self._local_roller
        if roller is None or not isinstance(self._roll, PoolRoll):
            return
        try:
            rerolled = roller.reroll(self._roll, indices)
        except DiceError as error:
            self._show_message(str(error), error=True)
            return
        self.show_reroll(rerolled, indices)
