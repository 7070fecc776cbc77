"""What the window asks of a round system's UI: the :class:`RulesetUi` protocol.

The window, the library dialog and every other generic widget reach a ruleset's panels and
dialogs only through this protocol; each ruleset's UI lives in ``ui/rulesets/<id>/`` and is found
by :mod:`.registry`.
"""

import importlib
from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum
from types import ModuleType
from typing import TYPE_CHECKING, Protocol, cast

import msgspec
from PySide6.QtGui import QIcon, QKeySequence
from PySide6.QtWidgets import QAbstractButton, QWidget

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.rulesets.base import Ruleset
from uwr_desktop.ui.document import EncounterDocument

if TYPE_CHECKING:  # the tray loads with the first panel, after the window is shown
    from uwr_desktop.ui.dice.tray import DiceTray

_RULESETS = __name__.rpartition(".")[0]


class PanelCommand(StrEnum):
    """A command every round system may offer in its panel, under one shortcut for all.

    The window has a menu entry and a key for each (see ``ui/window/actions.py``); a panel that
    offers the command names the button that does it in :attr:`DicePanel.commands`.
    """

    ATTACK = "attack"
    ROLL = "roll"
    REROLL = "reroll"
    RESOLVE = "resolve"


class PanelButton(msgspec.Struct, frozen=True):
    """A command of a round system's own, beyond the :class:`PanelCommand` every system shares:
    the panel's ``button`` that does it, offered by the window as a Fight ▸ Panel menu entry
    with ``text`` (``&`` before its mnemonic) and ``shortcut`` (``""``: none), enabled exactly
    when the button is. ``key`` names it (unique in the panel)."""

    key: str
    text: str
    button: QAbstractButton
    shortcut: str = ""


class ListKeys(msgspec.Struct, frozen=True):
    """How the window offers one list of a panel's per-row buttons (:class:`PanelList`): a
    Fight ▸ Panel submenu ``text`` (``&`` before its mnemonic) that ``shortcut`` opens beside the
    panel, its entries numbered 1 to 9 in the panel's order; ``empty`` is what the GM is told
    when the list has nothing to offer. ``key`` names it (unique in the panel)."""

    key: str
    text: str
    shortcut: str
    empty: str

    def native_shortcut(self) -> str:
        """The list's key as the desktop writes it ("Ctrl+1")."""
        return QKeySequence(self.shortcut).toString(QKeySequence.SequenceFormat.NativeText)

    def tip(self, tip: str, number: int) -> str:
        """A row button's tooltip ``tip`` with the keys that click it (``number`` from 1)."""
        then = f", then {number}" if number <= LISTED_NUMBERS else ""
        return f"{tip} — {self.native_shortcut()}{then}"


LISTED_NUMBERS = 9
"""How many entries of a list get a number key (1 to 9)."""


class PanelList(msgspec.Struct, frozen=True):
    """Buttons a panel makes one per row (a slow weapon, a combatant waiting, a row of
    points): ``buttons`` gives the ones it shows now, in order, each named for its row by its
    accessible name ("Act now: Bryn"); the window enters each in the submenu of ``keys``."""

    keys: ListKeys
    buttons: Callable[[], Sequence[QAbstractButton]]


class DicePanel(msgspec.Struct, frozen=True):
    """A ruleset's panel for the Dice dock, built around the generic dice tray.

    ``widget`` goes in the dock; ``tray`` is the :class:`DiceTray` inside it (the window sets
    its reduce-motion and animation speed, and keeps its dice in view); ``focus_combatant`` is
    called with the combatant the GM selected in the table (``None``: no single one).
    ``commands`` says who answers each :class:`PanelCommand`: the panel's button that does it;
    the window's menu entry and shortcut click it, and are enabled exactly when the button is.
    ``ROLL`` and ``REROLL`` fall back to the tray's own Roll and "Reroll all I may" (typed dice
    and their rerolls, in every round system); a command a panel leaves out is not part of its
    round system, and the window's entry stays disabled with a tooltip saying so.
    ``keep_in_view``, if given, answers which of the panel's widgets the GM works with now: when
    a roll brings the dice into view in a short dock, the top of that widget is never scrolled
    away (``None``: the dice alone count). ``more`` lists the panel's other commands, each
    also a menu entry with its key (:class:`PanelButton`); ``lists`` its buttons made one per
    row, each list a submenu with a key (:class:`PanelList`).
    """

    widget: QWidget
    tray: "DiceTray"
    focus_combatant: Callable[[str | None], None]
    commands: Mapping[PanelCommand, QAbstractButton] = msgspec.field(default_factory=dict)
    keep_in_view: Callable[[], QWidget | None] | None = None
    more: tuple[PanelButton, ...] = ()
    lists: tuple[PanelList, ...] = ()


class RoundHelp(msgspec.Struct, frozen=True):
    """How to run a round of one round system, as Help ▸ Running a Round (F1) shows it.

    ``summary`` says in a line what the round is about; ``steps`` are what the GM does, in
    order. A step names a button of the panel in ``*stars*`` (shown bold) and a window
    command's keys as ``{key}`` of ``ui/window/actions.py`` (``{next_turn}``), filled in from
    the window's own actions when shown, so the page never names keys the window lacks.
    """

    summary: str
    steps: tuple[str, ...]


SHARED_ROUND_HELP = RoundHelp(
    "Each round every combatant takes a turn; the Dice dock holds this round system's panel.",
    (
        "Add combatants ({add_combatant}) or copies from the library ({add_from_library}).",
        "*Start Fight* ({start_fight}) rolls initiative and begins round 1.",
        "Play the turn with the Dice dock's panel; damage ({damage}), healing ({heal}) and "
        "conditions ({condition}) go to the combatants selected in the table.",
        "*Next Turn* ({next_turn}) passes to the next combatant; *End Round* ({end_round}) ends "
        "the round at once. Undo ({undo}) takes back any step.",
    ),
)
"""The page of a round system that has none of its own: the commands every system shares."""


class RoundSystemUi:
    """What every round system's UI shares (a ruleset UI may derive from it): its
    ``ruleset_id``, its templates shown with their side's swatch, and its page of help
    (``round_help``; by default the commands every system shares)."""

    ruleset_id: str
    round_help: RoundHelp = SHARED_ROUND_HELP

    def template_icon(self, combatant: Combatant) -> QIcon:
        """A swatch in the template's side colour."""
        from uwr_desktop.ui.widgets.swatch import side_swatch

        return side_swatch(combatant.side)


class _PanelModule(Protocol):
    def dice_panel(self, document: EncounterDocument, parent: QWidget | None) -> DicePanel: ...


class _DialogModule(Protocol):
    def edit_combatant(
        self, parent: QWidget | None, ruleset: Ruleset, combatant: Combatant | None
    ) -> Combatant | None: ...


class DeclaredUi(RoundSystemUi):
    """A shipped round system's UI, declared by its package ``ui/rulesets/<ruleset_id>/``.

    ``panel_module`` names the package's module whose ``dice_panel(document, parent)`` builds
    the Dice dock's panel; its ``combatant_dialog`` module offers
    ``edit_combatant(parent, ruleset, combatant)``; each loads when first used.
    ``sheet_summary`` puts a library template's sheet in a line, shown after its side.
    """

    def __init__(
        self,
        ruleset_id: str,
        round_help: RoundHelp,
        *,
        panel_module: str,
        sheet_summary: Callable[[Combatant], str],
    ) -> None:
        self.ruleset_id = ruleset_id
        self.round_help = round_help
        self._panel_module = panel_module
        self._sheet_summary = sheet_summary

    def dice_panel(self, document: EncounterDocument, parent: QWidget | None = None) -> DicePanel:
        """The Dice dock's panel, built by the system's panel module."""
        panels = cast(_PanelModule, self._own_module(self._panel_module))
        return panels.dice_panel(document, parent)

    def edit_combatant(
        self, parent: QWidget | None, ruleset: Ruleset, combatant: Combatant | None = None
    ) -> Combatant | None:
        """The system's combatant dialog, run modally."""
        dialogs = cast(_DialogModule, self._own_module("combatant_dialog"))
        return dialogs.edit_combatant(parent, ruleset, combatant)

    def template_summary(self, combatant: Combatant) -> str:
        """One line about a template: its side, then its sheet."""
        return f"{combatant.side.value.capitalize()} · {self._sheet_summary(combatant)}"

    def _own_module(self, name: str) -> ModuleType:
        return importlib.import_module(f"{_RULESETS}.{self.ruleset_id}.{name}")


class RulesetUi(Protocol):
    """A round system's panels and dialogs, as the window asks for them."""

    @property
    def ruleset_id(self) -> str:
        """The id of the ruleset this UI serves (``"uwr"``)."""

    def dice_panel(self, document: EncounterDocument, parent: QWidget | None = None) -> DicePanel:
        """Build the Dice dock's panel; it follows ``document`` (changes, replaced sessions)."""

    def edit_combatant(
        self, parent: QWidget | None, ruleset: Ruleset, combatant: Combatant | None = None
    ) -> Combatant | None:
        """Ask for a new combatant (or an edit of ``combatant``) modally; ``None``: cancelled."""

    def template_summary(self, combatant: Combatant) -> str:
        """One line about a library template, shown under its name."""

    def template_icon(self, combatant: Combatant) -> QIcon:
        """The small icon shown beside a library template."""

    @property
    def round_help(self) -> RoundHelp:
        """How to run a round of this system (Help ▸ Running a Round)."""
