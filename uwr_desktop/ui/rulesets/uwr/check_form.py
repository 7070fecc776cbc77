"""The ``uwr`` way of building a roll in the dice tray: a combatant's attribute and skill,
extra dice, favor and rerolls, and what the check is against (a difficulty from the seed's
table, a number of successes, or an opposing reaction). Typed d6 pools take the same
difficulty or reaction.
"""

import math
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction

import msgspec
from PySide6.QtWidgets import QGridLayout, QLabel, QWidget

from uwr_desktop.core.dice import DiceError, PoolSpec, RollKeepSpec, SumSpec, net_favor
from uwr_desktop.core.limits import MAX_DICE, MAX_DIFFICULTY, MAX_REROLLS
from uwr_desktop.core.notation import format_spec
from uwr_desktop.ui.dice.tray import NothingToRollError, RollRequest
from uwr_desktop.ui.rulesets.uwr.check_extras import FAVOR_RANGE, below_one_box
from uwr_desktop.ui.widgets.number_box import NumberBox, first_problem
from uwr_desktop.ui.widgets.wheel import ChoiceBox

ATTRIBUTES = ("Brawn", "Grace", "Mettle", "Savvy")
"""The four attributes a uwr check can draw on."""

"""Favor the spin boxes offer: beyond ±3 the threshold no longer moves (typed notation may
go to ``MAX_FAVOR``)."""


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
    one half; ``skills`` maps a skill name to (rank in dice, extra rerolls it grants).
    """

    combatant_id: str
    name: str
    attributes: Mapping[str, Fraction]
    skills: Mapping[str, tuple[int, int]] = msgspec.field(default_factory=dict)


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


class CheckForm(QWidget):
    """The check's inputs (a :class:`~uwr_desktop.ui.dice.tray.RollBuilder`); ``answer`` rolls
    the requests it builds."""

    def __init__(
        self, answer: Callable[[RollRequest], None], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("uwrCheckForm")
        self._answer = answer
        self._sources: dict[str, CheckSource] = {}
        self._combatant: str | None = None
        self._changed: Callable[[], None] = lambda: None
        self._build()
        self._lay_out()
        for combo in (self.attribute, self.skill, self.against):
            combo.currentIndexChanged.connect(self._on_change)
        self.below_one.toggled.connect(self._on_change)
        for spin in self._boxes():
            spin.valueChanged.connect(self._on_change)
            spin.problemChanged.connect(self._on_change)
        self._fill_inputs()

    @property
    def widget(self) -> QWidget:
        """The form itself."""
        return self

    def _build(self) -> None:
        self.attribute = ChoiceBox()
        self.attribute.setAccessibleName("Attribute")
        self.attribute.setToolTip("Dice = the attribute, rounded down; a half gives +1 reroll")
        self.skill = ChoiceBox()
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
        self.below_one = below_one_box("checkBelowOne", "Check", "Below &1 die")
        self.against = ChoiceBox()
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

    def _lay_out(self) -> None:
        form = QGridLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        # Each row's cells: a label, its field and how many of the grid's columns the field
        # takes. The wide "Against" list spans the columns under Skill and the penalty choice
        # has a row of its own, so neither widens the form beyond its narrow dock.
        rows: tuple[tuple[tuple[str, QWidget, int], ...], ...] = (
            (("Attribute", self.attribute, 1), ("Skill", self.skill, 1)),
            (
                ("Dice", self.extra_dice, 1),
                ("Favor", self.favor, 1),
                ("Rerolls", self.rerolls, 1),
            ),
            (("", self.below_one, 3),),
            (("Against", self.against, 3), ("", self.difficulty_number, 1)),
            (
                ("Reaction dice", self.reaction_dice, 1),
                ("favor", self.reaction_favor, 1),
                ("rerolls", self.reaction_rerolls, 1),
            ),
        )
        self._reaction_labels: list[QLabel] = []
        for row, cells in enumerate(rows):
            column = 0
            for text, widget, span in cells:
                if text:
                    label = QLabel(text)
                    label.setBuddy(widget)
                    form.addWidget(label, row, column)
                    if row == len(rows) - 1:
                        self._reaction_labels.append(label)
                form.addWidget(widget, row, column + 1, 1, span)
                column += 1 + span
        for field_column in (1, 3):  # the attribute's and the skill's lists share the room
            form.setColumnStretch(field_column, 1)

    def _boxes(self) -> tuple[NumberBox, ...]:
        return (
            self.extra_dice,
            self.favor,
            self.rerolls,
            self.difficulty_number,
            self.reaction_dice,
            self.reaction_favor,
            self.reaction_rerolls,
        )

    # ---- the tray's builder -----------------------------------------------------------------

    def follow(self, changed: Callable[[], None]) -> None:
        """Call ``changed`` whenever an input changes."""
        self._changed = changed

    def set_sources(self, sources: Sequence[CheckSource]) -> None:
        """The attributes and skills of every combatant a check can be built for."""
        self._sources = {source.combatant_id: source for source in sources}
        self._fill_inputs()

    def set_combatant(self, combatant_id: str | None) -> None:
        """Offer the attributes and skills of ``combatant_id`` (``None``: extra dice only)."""
        self._combatant = combatant_id
        self._fill_inputs()

    def _source(self) -> CheckSource | None:
        return self._sources.get(self._combatant) if self._combatant is not None else None

    def _fill_inputs(self) -> None:
        source = self._source()
        chosen = (self.attribute.currentData(), self.skill.currentData())
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
            kept = self.attribute.findData(chosen[0]) if chosen[0] is not None else -1
            self.attribute.setCurrentIndex(kept if kept > 0 else min(1, self.attribute.count() - 1))
            self.skill.setCurrentIndex(max(self.skill.findData(chosen[1]), 0))
        for combo in (self.attribute, self.skill):
            combo.setEnabled(source is not None)
            combo.blockSignals(False)
        self._on_change()

    def _on_change(self) -> None:
        against = self.against.currentData()
        self.difficulty_number.setVisible(against == "number")
        for widget in (self.reaction_dice, self.reaction_favor, self.reaction_rerolls):
            widget.setVisible(against == "opposed")
        for label in self._reaction_labels:
            label.setVisible(against == "opposed")
        self._changed()

    def clear_modifiers(self) -> None:
        """Extra dice, favor, extra rerolls and the penalty's say belong to one check: the next
        combatant's starts from none (what the check is rolled against stays)."""
        self.extra_dice.setValue(0)
        self.favor.setValue(0)
        self.rerolls.setValue(0)
        self.below_one.setChecked(False)

    def set_typing(self, typed: bool) -> None:
        """Typed dice replace the pool built here: its dice, favor and rerolls step aside."""
        for widget in (self.extra_dice, self.favor, self.rerolls):
            widget.setEnabled(not typed)

    def request(
        self, combatant_id: str | None, typed: PoolSpec | RollKeepSpec | SumSpec | None
    ) -> RollRequest | None:
        """The check the inputs describe (``typed`` dice replace the built pool); ``None`` for
        typed dice with nothing to weigh them against (the tray rolls those itself)."""
        self.set_typing(typed is not None)
        against = self.against.currentData()
        if typed is not None and (not isinstance(typed, PoolSpec) or against is None):
            return None
        problem = first_problem(self._numbers(typed=typed is not None))
        if problem:
            raise DiceError(problem)
        source = self._source()
        if typed is not None:
            spec = typed
            if isinstance(against, Difficulty) and against.favor:
                favor = net_favor(spec.favor, against.favor)
                spec = PoolSpec(spec.dice, favor, spec.rerolls, spec.lowest_threshold)
            written = format_spec(typed)
            label = written if source is None else f"{source.name}: {written}"
            explained = f"{label} = {format_spec(spec)}"
        else:
            spec, label, explained = self._built_pool(source)
        if isinstance(against, Difficulty):
            difficulty: int | None = against.successes
        else:
            difficulty = self.difficulty_number.value() if against == "number" else None
        reaction = None
        if against == "opposed":
            reaction = PoolSpec(
                self.reaction_dice.value(),
                self.reaction_favor.value(),
                self.reaction_rerolls.value(),
                spec.lowest_threshold,
            )
        return RollRequest(
            spec,
            combatant_id,
            label,
            difficulty=difficulty,
            reaction=reaction,
            built=True,
            explained=explained,
        )

    def answer(self, request: RollRequest) -> None:
        """Roll ``request`` as the panel does checks."""
        self._answer(request)

    def typed_only(self) -> bool:
        """Whether no attribute is chosen (the check is typed dice or extra dice alone)."""
        return self.attribute.currentData() is None

    def _numbers(self, *, typed: bool) -> list[NumberBox]:
        """The number boxes the request reads now (typed dice replace the pool's)."""
        against = self.against.currentData()
        boxes = [] if typed else [self.extra_dice, self.favor, self.rerolls]
        if against == "number":
            boxes.append(self.difficulty_number)
        if against == "opposed":
            boxes.extend((self.reaction_dice, self.reaction_favor, self.reaction_rerolls))
        return boxes

    def _built_pool(self, source: CheckSource | None) -> tuple[PoolSpec, str, str]:
        """The pool from the clicked inputs, its label and a short explanation."""
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
            if self.below_one.isChecked():
                dice, floored = 0, " (the GM lets the penalty go below 1 die)"
            else:
                dice, floored = 1, " (a penalty leaves at least 1 die)"
        elif dice < 1:
            raise NothingToRollError(
                "Pick an attribute or raise Dice to build a roll, or type dice."
            )
        difficulty = self.against.currentData()
        favor = net_favor(
            self.favor.value(), difficulty.favor if isinstance(difficulty, Difficulty) else 0
        )
        spec = PoolSpec(dice, favor=favor, rerolls=rerolls)
        explained = _joined(parts) if parts else "raw dice"
        return spec, label, f"{explained} = {format_spec(spec)}{floored}"
