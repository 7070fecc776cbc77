"""The offer made after a crash: reopen a fight exactly as it was, discard it, or start fresh.

Every change to a fight is in the autosave journal, so nothing is lost. The dialog only records
the GM's choice: :meth:`RecoveryDialog.chosen_id` is the fight to reopen and
:meth:`RecoveryDialog.discarded_ids` the fights to delete, whichever button closed it.
"Start fresh" keeps the remaining fights; they are offered again at the next start.
"""

from collections.abc import Sequence
from datetime import tzinfo

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QVBoxLayout,
    QWidget,
)

from uwr_desktop.core.intents import RulesError
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.storage.journal_db import EncounterSummary
from uwr_desktop.ui.widgets.build import named

HEADLINE = "UWR Desktop did not close properly. These fights can be reopened exactly as they were:"
"""The dialog's first line."""

KEEP_NOTE = (
    "Start fresh keeps these fights: they are offered again the next time UWR Desktop starts."
)
"""What "Start fresh" does with the fights, as the dialog says it."""

_ID_ROLE = Qt.ItemDataRole.UserRole


def ruleset_name(ruleset_id: str) -> str:
    """The ruleset's short name for the GM (its title without the explanation in brackets)."""
    try:
        return make_ruleset(ruleset_id).title.partition(" (")[0]
    except RulesError:
        return f"unknown ruleset {ruleset_id!r}"


def _progress_texts(summary: EncounterSummary) -> list[str]:
    """Round and turn as stored; nothing when the store predates them (not known)."""
    if summary.round is None:
        return []
    if summary.round == 0:
        return ["not started"]
    return [f"round {summary.round}", *([summary.turn] if summary.turn else [])]


def summary_text(summary: EncounterSummary, time_zone: tzinfo | None = None) -> str:
    """The lines describing a fight: title, then ruleset, round and turn, entries and last
    change.

    The last change is given in ``time_zone``, the system's local time when ``None``.
    """
    title = summary.title.strip() or f"Encounter {summary.encounter_id}"
    if summary.problem is not None:
        return f"{title}\nCannot be reopened: {summary.problem}"
    entries = "1 entry" if summary.entry_count == 1 else f"{summary.entry_count} entries"
    changed = f"{summary.updated.astimezone(time_zone):%Y-%m-%d %H:%M}"
    details = [ruleset_name(summary.ruleset), *_progress_texts(summary)]
    details += [entries, f"last change {changed}"]
    lines = [title, " · ".join(details)]
    if summary.file_path is not None:
        lines.append(str(summary.file_path))
    return "\n".join(lines)


class RecoveryDialog(QDialog):
    """Offers the fights that were open when the app last stopped without closing properly."""

    def __init__(
        self,
        summaries: Sequence[EncounterSummary],
        *,
        parent: QWidget | None = None,
        time_zone: tzinfo | None = None,
    ) -> None:
        """List ``summaries`` (newest first, as the journal store gives them).

        Times are shown in ``time_zone``, the system's local time when ``None``.
        """
        super().__init__(parent)
        self.setObjectName("recoveryDialog")
        self.setWindowTitle("Reopen a fight?")
        self.setMinimumSize(640, 360)
        self._summaries = {summary.encounter_id: summary for summary in summaries}
        self._chosen: int | None = None
        self._discarded: list[int] = []
        self._time_zone = time_zone

        headline = QLabel(HEADLINE)
        headline.setObjectName("recoveryHeadline")
        headline.setWordWrap(True)
        self._list = named(QListWidget(), "recoveryList", accessible="Fights that can be recovered")
        self._list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self._list.setAlternatingRowColors(True)
        self._list.setWordWrap(True)
        for summary in summaries:
            self._list.addItem(self._item(summary))
        note = QLabel(KEEP_NOTE)
        note.setObjectName("recoveryNote")
        note.setWordWrap(True)

        buttons = QDialogButtonBox()
        self._reopen = buttons.addButton("&Reopen", QDialogButtonBox.ButtonRole.AcceptRole)
        self._reopen.setObjectName("reopenButton")
        self._discard = buttons.addButton("&Discard…", QDialogButtonBox.ButtonRole.ActionRole)
        self._discard.setObjectName("discardButton")
        self._discard_damaged = buttons.addButton(
            "Discard &damaged…", QDialogButtonBox.ButtonRole.ActionRole
        )
        self._discard_damaged.setObjectName("discardDamagedButton")
        fresh = buttons.addButton("&Start fresh", QDialogButtonBox.ButtonRole.RejectRole)
        fresh.setObjectName("startFreshButton")
        for button in (self._discard, self._discard_damaged, fresh):
            button.setAutoDefault(False)
        self._reopen.setDefault(True)

        layout = QVBoxLayout(self)
        layout.addWidget(headline)
        layout.addWidget(self._list, 1)
        layout.addWidget(note)
        layout.addWidget(buttons)

        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self._discard.clicked.connect(self._ask_discard)
        self._discard_damaged.clicked.connect(self._ask_discard_damaged)
        self._list.currentItemChanged.connect(self._update_buttons)
        self._list.itemActivated.connect(lambda _item: self.accept())
        self._select_first()
        self._list.setFocus()

    def _item(self, summary: EncounterSummary) -> QListWidgetItem:
        item = QListWidgetItem(summary_text(summary, self._time_zone))
        item.setData(_ID_ROLE, summary.encounter_id)
        if summary.problem is not None:
            item.setFlags(Qt.ItemFlag.NoItemFlags)
            item.setToolTip(summary.problem)
        elif summary.file_path is not None:
            item.setToolTip(str(summary.file_path))
        return item

    def _select_first(self) -> None:
        for row in range(self._list.count()):
            if self._list.item(row).flags() & Qt.ItemFlag.ItemIsSelectable:
                self._list.setCurrentRow(row)
                break
        self._update_buttons()

    def _update_buttons(self) -> None:
        has_choice = self.selected_id() is not None
        self._reopen.setEnabled(has_choice)
        self._discard.setEnabled(has_choice)
        self._discard_damaged.setVisible(bool(self._damaged_ids()))

    def _damaged_ids(self) -> list[int]:
        return [
            encounter_id
            for encounter_id, summary in self._summaries.items()
            if summary.problem is not None and encounter_id not in self._discarded
        ]

    def selected_id(self) -> int | None:
        """The id of the fight selected in the list (never a damaged one)."""
        item = self._list.currentItem()
        if item is None or not item.isSelected():
            return None
        value = item.data(_ID_ROLE)
        return value if isinstance(value, int) else None

    def discard(self, encounter_ids: Sequence[int]) -> None:
        """Mark fights to be thrown away and take them off the list (without asking)."""
        for encounter_id in encounter_ids:
            if encounter_id not in self._summaries or encounter_id in self._discarded:
                continue
            self._discarded.append(encounter_id)
            for row in range(self._list.count()):
                if self._list.item(row).data(_ID_ROLE) == encounter_id:
                    self._list.takeItem(row)
                    break
        self._select_first()

    def _confirm(self, question: str) -> bool:
        answer = QMessageBox.question(
            self,
            "Discard fight",
            question,
            QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        return answer == QMessageBox.StandardButton.Discard

    def _ask_discard(self) -> None:
        encounter_id = self.selected_id()
        if encounter_id is None:
            return
        summary = self._summaries[encounter_id]
        title = summary.title.strip() or f"Encounter {encounter_id}"
        if self._confirm(f"Throw away “{title}” and its {summary.entry_count} journal entries?"):
            self.discard([encounter_id])

    def _ask_discard_damaged(self) -> None:
        damaged = self._damaged_ids()
        if damaged and self._confirm(
            f"Throw away the {len(damaged)} damaged fight{'s' if len(damaged) > 1 else ''}?"
        ):
            self.discard(damaged)

    def accept(self) -> None:
        """Reopen the selected fight; without one, nothing happens."""
        chosen = self.selected_id()
        if chosen is None:
            return
        self._chosen = chosen
        super().accept()

    def reject(self) -> None:
        """Start fresh: reopen nothing and keep the fights not discarded."""
        self._chosen = None
        super().reject()

    def chosen_id(self) -> int | None:
        """The fight to reopen, or ``None`` to start fresh."""
        return self._chosen

    def discarded_ids(self) -> list[int]:
        """The fights the GM chose to throw away, in the order discarded."""
        return list(self._discarded)
