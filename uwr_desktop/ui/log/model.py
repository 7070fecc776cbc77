"""The event log as a Qt list model: one row per event in force, in words.

Each event is worded by the ruleset from the state just before it and prefixed with its round
("Round 2 · Vex attacks Bandit 2 with Short Bow: [6 5 3 1] 2 at 5+"). The model follows the
session incrementally: a new entry or a redo words only the new events (from the state the
session gives for the entry before them), and an undo just drops the last rows. It keeps no
states of its own, only the lines and who left the fight when, so its memory grows with the
events, not with the events times the combatants.
"""

from collections.abc import Iterable, Sequence

import msgspec
from PySide6.QtCore import QAbstractListModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from uwr_desktop.core.journal import JournalEntry
from uwr_desktop.core.session import Change, Session

_ROLE = Qt.ItemDataRole
COMBATANT_IDS_ROLE = int(_ROLE.UserRole) + 1
"""Data role giving the ids of the combatants an event concerns (a list; empty: everyone)."""
ROUND_ROLE = int(_ROLE.UserRole) + 2
"""Data role giving the round an event belongs to (0: before the fight)."""
ENTRY_ROLE = int(_ROLE.UserRole) + 3
"""Data role giving the 0-based journal entry an event is part of."""

_ModelIndex = QModelIndex | QPersistentModelIndex


# Combined once: Qt asks for each line's flags whenever it measures or paints it.
_READ_ONLY = (
    Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren
)


class LogLine(msgspec.Struct, frozen=True):
    """One event in words.

    ``text`` is the ruleset's wording without the round prefix; ``round`` the round it
    happened in and ``heading_round`` the round it is listed under (a round's start belongs to
    that round); ``combatant_ids`` whom it concerns (empty for round boundaries, which concern
    everyone); ``entry`` and ``label`` the journal entry it is part of.
    """

    text: str
    round: int
    heading_round: int
    combatant_ids: frozenset[str]
    entry: int
    label: str

    @property
    def display(self) -> str:
        """The line as the log shows it, round first: ``"Round 2 · Vex's turn"``."""
        if self.round and not self.text.startswith("Round "):
            return f"Round {self.round} · {self.text}"
        return self.text

    def concerns(self, combatant_id: str) -> bool:
        """Whether the line concerns ``combatant_id`` (round boundaries concern everyone)."""
        return not self.combatant_ids or combatant_id in self.combatant_ids


def _escape(text: str) -> str:
    for special in ("\\", "*", "_", "`", "<"):
        text = text.replace(special, "\\" + special)
    return text


def lines_to_markdown(lines: Iterable[LogLine], title: str = "Event log") -> str:
    """Markdown for ``lines``: a heading, then one bullet per event under ``## Round N``."""
    out = [f"# {title}", ""]
    heading: int | None = None
    for line in lines:
        if line.heading_round != heading:
            heading = line.heading_round
            if out[-1] != "":
                out.append("")
            out += [f"## Round {heading}" if heading else "## Before the fight", ""]
        out.append(f"- {_escape(line.text)}")
    if len(out) == 2:
        out.append("Nothing has happened yet.")
    return "\n".join(out) + "\n"


class LogModel(QAbstractListModel):
    """The events of a session's journal up to its cursor, one row each; see the module."""

    def __init__(self, session: Session, parent: QObject | None = None) -> None:
        """Word ``session``'s journal and follow it."""
        super().__init__(parent)
        self._session = session
        self._lines: list[LogLine] = []
        self._entries: list[JournalEntry] = []
        self._departures: list[tuple[int, str, str]] = []
        self._row_counts: list[int] = []
        self._lines, self._row_counts = self._word(0, session.entries[: session.cursor])

    def set_session(self, session: Session) -> None:
        """Show another session's journal (a whole new fight): one model reset."""
        self.beginResetModel()
        self._session = session
        self._entries = []
        self._departures = []
        self._lines, self._row_counts = self._word(0, session.entries[: session.cursor])
        self.endResetModel()

    def lines(self) -> tuple[LogLine, ...]:
        """Every line, oldest first."""
        return tuple(self._lines)

    def line(self, row: int) -> LogLine:
        """The line on ``row``."""
        return self._lines[row]

    def names(self) -> dict[str, str]:
        """Every combatant the shown journal has known, id to latest name.

        Those present now come first in table order, then those who left, latest first.
        """
        state = self._session.state  # the log shows the journal up to the cursor
        known = {cid: state.combatants[cid].name for cid in state.rows}
        for _entry, cid, name in reversed(self._departures):
            known.setdefault(cid, name)
        return known

    def to_markdown(self, title: str = "Event log") -> str:
        """The whole log as Markdown (see :func:`lines_to_markdown`)."""
        return lines_to_markdown(self._lines, title)

    def rowCount(self, parent: _ModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        """One row per event in force."""
        return 0 if parent.isValid() else len(self._lines)

    def flags(self, index: _ModelIndex) -> Qt.ItemFlag:
        """Read-only, selectable rows."""
        if not self._valid(index):
            return Qt.ItemFlag.NoItemFlags
        return _READ_ONLY

    def data(self, index: _ModelIndex, role: int = _ROLE.DisplayRole) -> object:
        """The line's words, its entry as a tooltip, and the roles for filtering."""
        if not self._valid(index):
            return None
        line = self._lines[index.row()]
        if role == _ROLE.DisplayRole:
            return line.display
        if role == _ROLE.ToolTipRole:
            return f"{line.label} (change {line.entry + 1})\n{line.display}"
        if role == COMBATANT_IDS_ROLE:
            return sorted(line.combatant_ids)
        if role == ROUND_ROLE:
            return line.heading_round
        if role == ENTRY_ROLE:
            return line.entry
        return None

    def _valid(self, index: _ModelIndex) -> bool:
        return index.isValid() and not index.parent().isValid() and index.row() < len(self._lines)

    def _word(self, first: int, entries: Sequence[JournalEntry]) -> tuple[list[LogLine], list[int]]:
        """Word ``entries`` (numbered from ``first``), extending the kept entries and
        departures."""
        lines: list[LogLine] = []
        counts: list[int] = []
        views = self._session.entry_views(first, first + len(entries))
        for number, (entry, view) in enumerate(zip(entries, views, strict=True), first):
            lines += [
                LogLine(
                    text=line.text.removeprefix(f"Round {line.round} · ")
                    if line.round
                    else line.text,
                    round=line.round,
                    heading_round=line.heading_round,
                    combatant_ids=line.combatant_ids,
                    entry=number,
                    label=entry.label,
                )
                for line in view.lines
            ]
            self._departures += [(number, cid, name) for cid, name in view.departures]
            counts.append(len(view.lines))
            self._entries.append(entry)
        return lines, counts

    def apply(self, _change: Change) -> None:
        """Follow one change of the session: drop the lines of entries undone or replaced,
        word the new ones."""
        cursor = self._session.cursor
        entries = self._session.entries
        keep = min(len(self._entries), cursor)
        while keep and entries[keep - 1] is not self._entries[keep - 1]:
            keep -= 1
        dropped = sum(self._row_counts[keep:])
        if dropped:
            first = len(self._lines) - dropped
            self.beginRemoveRows(QModelIndex(), first, len(self._lines) - 1)
            del self._lines[first:]
            self.endRemoveRows()
        del self._entries[keep:], self._row_counts[keep:]
        while self._departures and self._departures[-1][0] >= keep:
            self._departures.pop()
        lines, counts = self._word(keep, entries[keep:cursor])
        self._row_counts += counts
        if lines:
            first = len(self._lines)
            self.beginInsertRows(QModelIndex(), first, first + len(lines) - 1)
            self._lines += lines
            self.endInsertRows()
