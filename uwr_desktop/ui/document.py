"""The open fight: its session, its file, whether it has unsaved changes, and its autosave.

Only this object replaces the session (New, Open, Recover). Widgets listen to
``sessionReplaced`` to rebind and to ``changed`` for precise updates. The window reaches the
fight's file and autosave through this module alone: what it needs of the storage (the file
suffix, the errors an open or save may meet, how a file's name is shown) is named here.
"""

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

from PySide6.QtCore import QObject, Signal

from uwr_desktop.core.dice import DiceError, Roller
from uwr_desktop.core.dice_requests import DiceRequest
from uwr_desktop.core.encounter import Combatant, EncounterState
from uwr_desktop.core.hand_dice import FacesNeeded, HandRoller
from uwr_desktop.core.intents import Intent, RulesError
from uwr_desktop.core.journal import JournalEntry
from uwr_desktop.core.rulesets import DEFAULT_RULESET, make_ruleset
from uwr_desktop.core.rulesets.base import TurnNow
from uwr_desktop.core.session import Change, Session
from uwr_desktop.core.storage.atomic_file import FileStamp, file_stamp
from uwr_desktop.core.storage.autosave import follow_progress, recover_session
from uwr_desktop.core.storage.encounter_file import (
    FILE_SUFFIX,
    EncounterFileError,
    read_encounter,
    save_encounter,
)
from uwr_desktop.core.storage.guarded_autosave import AutosaveState, GuardedAutosave
from uwr_desktop.core.storage.journal_db import EncounterJournal, JournalStore
from uwr_desktop.core.storage.names import display_name, readable, storable_path
from uwr_desktop.core.storage.sqlite_db import StoreError
from uwr_desktop.core.timeline import TimelineAxis, TimelineSlot

__all__ = [
    "APP_ROLLS",
    "FIGHT_FILE_SUFFIX",
    "FILE_PROBLEMS",
    "UNTITLED",
    "AutosaveState",
    "EncounterDocument",
    "TurnKey",
    "rememberable",
    "shown_file_name",
]

UNTITLED = "Untitled fight"

FIGHT_FILE_SUFFIX = FILE_SUFFIX

_Rolled = TypeVar("_Rolled")

TurnKey = tuple[int, str | None, str]
"""Which turn a fight is in: its round, the combatant on turn, the rules' step."""
"""The ending of a fight file's name (``.uwr``)."""

FILE_PROBLEMS: tuple[type[Exception], ...] = (EncounterFileError, StoreError)
"""What opening or saving a fight may raise; each message is fit for the GM."""


APP_ROLLS = "app"
"""The answer of a prompt for faces rolled by hand that lets the app roll them after all."""

FacesAnswer = tuple[int, ...] | str | None
"""What the GM answers a prompt for faces: the faces typed, :data:`APP_ROLLS`, or ``None``
(cancelled: nothing is done)."""

AskFaces = Callable[[DiceRequest, str], FacesAnswer]
"""Asks the GM for the faces of a request rolled by hand (the name of who rolls given)."""


def shown_file_name(path: Path) -> str:
    """A file's name as the GM reads it (a name that is not valid text shown readably)."""
    return display_name(path)


def rememberable(path: Path) -> bool:
    """Whether the settings can keep ``path`` (a recent file): its name must be valid text."""
    return storable_path(path) is not None


class EncounterDocument(QObject):
    """Owns the session of the open fight and keeps the autosave journal in step with it."""

    sessionReplaced = Signal()  # noqa: N815 (Qt signal naming)
    changed = Signal(object)  # a core Change
    modifiedChanged = Signal(bool)  # noqa: N815 (Qt signal naming)
    pathChanged = Signal()  # noqa: N815 (Qt signal naming)
    autosaveStateChanged = Signal(object)  # noqa: N815 (Qt signal naming); an AutosaveState
    handThisTimeChanged = Signal(bool)  # noqa: N815 (Qt signal naming)
    refused = Signal(str)  # why an intent was refused, whoever shows it

    def __init__(
        self,
        store: JournalStore | None,
        *,
        roller: Roller | None = None,
        parent: QObject | None = None,
    ) -> None:
        """Start with an empty uwr fight; ``store`` (if any) autosaves every change.

        ``roller`` decides every roll of every fight opened here (default: the system's
        randomness); tests pass a seeded one.
        """
        super().__init__(parent)
        self._store = store
        self._roller = roller
        self._journal: GuardedAutosave | None = None
        self._unsubscribe: Callable[[], None] | None = None
        self._path: Path | None = None
        self._file_stamp: FileStamp | None = None
        self._untitled = UNTITLED
        self._saved_marker: tuple[int, JournalEntry | None] = (0, None)
        self._was_modified = False
        self._timeline: tuple[EncounterState, tuple[TimelineSlot, ...], TimelineAxis] | None = None
        self._turn: tuple[EncounterState, TurnNow] | None = None
        self._turn_told: TurnKey | None = None
        self._new_turn = False
        self._hand_this_time = False
        self.ask_faces: AskFaces | None = None
        """Asks for the faces of a roll by hand; without it such a roll is refused."""
        self._session = self._adopt(self._new_session(DEFAULT_RULESET, ()), path=None, saved=True)

    @property
    def session(self) -> Session:
        """The open fight's session."""
        return self._session

    def timeline(self) -> tuple[tuple[TimelineSlot, ...], TimelineAxis]:
        """The fight's timeline slots and axis as it stands, worked out once per change for
        every view that shows them (the window's timeline, the player view)."""
        state = self._session.state
        known = self._timeline
        if known is None or known[0] is not state:
            ruleset = self._session.ruleset
            known = self._timeline = (state, ruleset.timeline(state), ruleset.timeline_axis(state))
        return known[1], known[2]

    def turn_now(self) -> TurnNow:
        """Who acts now and who comes next, as the fight's rules say, worked out once per
        change for every view that shows it (the turn header, the status bar, the player
        view)."""
        state = self._session.state
        known = self._turn
        if known is None or known[0] is not state:
            known = self._turn = (state, self._session.ruleset.turn_now(state))
        return known[1]

    def turn_key(self, state: EncounterState) -> TurnKey:
        """Which turn ``state`` is in: its round, the combatant on turn and the rules' step (a
        countdown's count); panels start afresh when it changes."""
        return state.round, state.current, self._session.ruleset.turn_step(state)

    @property
    def new_turn(self) -> bool:
        """Whether the change ``changed`` tells now started another turn (its
        :meth:`turn_key` differs from the change before's): panels start their inputs afresh."""
        return self._new_turn

    @property
    def hand_this_time(self) -> bool:
        """Whether the next roll is made the other way: by hand where the app would roll, by
        the app where the table would (it goes back once a roll is made)."""
        return self._hand_this_time

    def set_hand_this_time(self, on: bool) -> None:
        """Make the next roll the other way (or not)."""
        if on != self._hand_this_time:
            self._hand_this_time = on
            self.handThisTimeChanged.emit(on)

    def do(self, intent: Intent) -> JournalEntry:
        """Do ``intent`` in the open fight, asking :attr:`ask_faces` for the faces of every
        roll made by hand as it comes (the intent is decided again with them, the faces
        served before served again); ``RulesError`` when refused or when the GM cancels (and
        ``refused`` says why first)."""
        try:
            return self._do(intent)
        except RulesError as error:
            self.refused.emit(str(error))
            raise

    def do_or_say(self, intent: Intent, say: Callable[[str], None]) -> bool:
        """Do ``intent``; when refused, ``say`` gets the reason (a panel's message line) and
        the answer is ``False``."""
        try:
            self.do(intent)
        except RulesError as error:
            say(str(error))
            return False
        return True

    def _do(self, intent: Intent) -> JournalEntry:
        session = self._session
        state = session.state
        flip = self._hand_this_time
        hand = HandRoller(session.roller, lambda cid: state.rolls_by_hand(cid) != flip)
        while True:
            hand.again()
            try:
                entry = session.do(intent, roller=hand)
            except FacesNeeded as needed:
                self._answer(hand, needed.request)
                continue
            if hand.rolled:
                self.set_hand_this_time(False)
            return entry

    def roll_outside(self, roll: Callable[[Roller], _Rolled], roller: Roller) -> _Rolled:
        """A roll that is no part of the fight (a check for nobody) made with ``roller``, or
        with faces typed in when By Hand This Time is on; ``RulesError`` when the GM cancels
        the prompt."""
        if not self._hand_this_time:
            return roll(roller)
        hand = HandRoller(roller, lambda _combatant_id: True)
        while True:
            hand.again()
            try:
                rolled = roll(hand)
            except FacesNeeded as needed:
                self._answer(hand, needed.request)
                continue
            self.set_hand_this_time(False)
            return rolled

    def _answer(self, hand: HandRoller, request: DiceRequest) -> None:
        cid = request.by.combatant_id
        combatant = self._session.state.combatants.get(cid) if cid is not None else None
        who = combatant.name if combatant is not None else "The GM"
        answer = self.ask_faces(request, who) if self.ask_faces is not None else None
        if answer is None:
            raise RulesError("Nothing was rolled: the dice rolled by hand were not entered")
        try:
            if isinstance(answer, str):
                hand.roll_by_app(request)
            else:
                hand.type_faces(request, answer)
        except DiceError as error:
            raise RulesError(str(error)) from None

    @property
    def path(self) -> Path | None:
        """The file the fight was opened from or saved to, if any."""
        return self._path

    @property
    def title(self) -> str:
        """The file's name; without one, "Untitled fight" or the name :meth:`open_copy` gave."""
        return display_name(self._path) if self._path is not None else readable(self._untitled)

    @property
    def modified(self) -> bool:
        """Whether the fight differs from its file (a new fight counts once anything happened)."""
        return self._marker() != self._saved_marker

    @property
    def autosave_state(self) -> AutosaveState:
        """Whether every change of the open fight is stored in the autosave, and why not."""
        return self._journal.state if self._journal is not None else AutosaveState()

    def retry_autosave(self) -> bool:
        """Try to store what the autosave missed now; ``True`` once everything is stored."""
        return self._journal.retry() if self._journal is not None else True

    def new(
        self,
        ruleset_id: str = DEFAULT_RULESET,
        roster: tuple[Combatant, ...] = (),
        settings: Mapping[str, Any] | None = None,
    ) -> None:
        """Replace the open fight with a new one following ``ruleset_id`` with ``settings``
        (``None``: its defaults); ``RulesError`` for settings it refuses, the fight kept."""
        self._replace(self._new_session(ruleset_id, roster, settings), path=None, saved=True)

    def open(self, path: Path) -> None:
        """Open the fight in ``path``; on any error the open fight is untouched.

        Raises ``EncounterFileError`` with a message naming the problem.
        """
        read = read_encounter(path)
        self._replace(read.session(roller=self._roller), path=path, saved=True, stamp=read.stamp)

    def open_copy(self, path: Path, title: str) -> None:
        """Open the fight in ``path`` as a new, untitled fight called ``title``.

        Saving asks where, so the file itself (the shipped sample fight, say) is never written.
        Raises ``EncounterFileError`` like :meth:`open`.
        """
        session = read_encounter(path).session(roller=self._roller)
        self._replace(session, path=None, saved=True, untitled=title)

    def save(self, path: Path | None = None, *, overwrite: bool = False) -> None:
        """Save to ``path`` (default: the current file); ``EncounterFileError`` on failure.

        The fight's own file is written over only if nobody changed it since it was opened or
        saved here, checked at the swap itself; ``overwrite`` (the GM chose to) writes over the
        version there now. Another file is written over only if unchanged while saving.
        """
        target = path if path is not None else self._path
        if target is None:
            raise ValueError("the fight has no file yet: choose one with Save As")
        mine = target == self._path and not overwrite
        known = self._file_stamp if mine else file_stamp(target)
        stamp = save_encounter(self._session, target, known=known)
        self._path = target
        self._file_stamp = stamp
        self._saved_marker = self._marker()
        if self._journal is not None:
            self._journal.update_details(
                title=display_name(target), file_path=storable_path(target)
            )
        self.pathChanged.emit()
        self._notify_modified()

    def open_elsewhere(self, path: Path) -> bool:
        """Whether another running copy of the app has the fight in ``path`` open now (as far
        as the autosave journal tells: without one, or when it cannot be read, ``False``)."""
        if self._store is None:
            return False
        try:
            return self._store.file_open_elsewhere(path)
        except StoreError:
            return False

    def changed_on_disk(self) -> bool:
        """Whether the fight's file was written by someone else since it was opened or saved
        here (a file that is gone counts as unchanged: saving makes it again)."""
        if self._path is None:
            return False
        now = file_stamp(self._path)
        return now is not None and now != self._file_stamp

    def recover(self, encounter_id: int) -> None:
        """Reopen a fight from the autosave journal exactly as it was, continuing its journal.

        Raises ``StoreError`` (or ``RulesError`` for a journal that no longer replays) and
        leaves the open fight untouched.
        """
        if self._store is None:
            raise ValueError("there is no autosave journal to recover from")
        session, journal, recovered = recover_session(
            self._store, encounter_id, roller=self._roller
        )
        self._replace(
            session,
            path=recovered.file_path,
            saved=False,
            journal=journal,
            untitled=recovered.title if recovered.file_path is None else UNTITLED,
        )

    def _new_session(
        self,
        ruleset_id: str,
        roster: tuple[Combatant, ...],
        settings: Mapping[str, Any] | None = None,
    ) -> Session:
        return Session(make_ruleset(ruleset_id, settings), roster, roller=self._roller)

    def close(self) -> None:
        """Mark the autosave of the open fight as cleanly closed (nothing to recover)."""
        self._close_journal()

    def _marker(self) -> tuple[int, JournalEntry | None]:
        cursor = self._session.cursor
        return cursor, (self._session.entries[cursor - 1] if cursor else None)

    def _replace(
        self,
        session: Session,
        *,
        path: Path | None,
        saved: bool,
        journal: EncounterJournal | None = None,
        untitled: str = UNTITLED,
        stamp: FileStamp | None = None,
    ) -> None:
        self._close_journal()
        self._untitled = untitled
        self._session = self._adopt(session, path=path, saved=saved, journal=journal)
        if stamp is not None:
            self._file_stamp = stamp
        self.sessionReplaced.emit()
        self.pathChanged.emit()
        self._notify_modified()

    def _adopt(
        self,
        session: Session,
        *,
        path: Path | None,
        saved: bool,
        journal: EncounterJournal | None = None,
    ) -> Session:
        if self._unsubscribe is not None:
            self._unsubscribe()
        self._path = path
        self._file_stamp = file_stamp(path) if path is not None else None
        self._journal = None
        if self._store is not None:
            guard = GuardedAutosave(
                self._store,
                session,
                title=self.title,
                file_path=storable_path(path),
                journal=journal,
                on_state=self.autosaveStateChanged.emit,
            )
            session.attach(sink=guard)
            self._journal = guard
            if journal is None:
                guard.start()
            follow_progress(session, guard)
        self.autosaveStateChanged.emit(self.autosave_state)
        self._unsubscribe = session.subscribe(self._on_change)
        self._session = session
        self._turn_told = self.turn_key(session.state)
        self._new_turn = False
        self._saved_marker = self._marker() if saved else (-1, None)
        return session

    def _close_journal(self) -> None:
        if self._journal is not None:
            self._journal.close_cleanly()
        self._journal = None

    def _on_change(self, change: Change) -> None:
        turn = self.turn_key(self._session.state)
        self._new_turn = turn != self._turn_told
        self._turn_told = turn
        self.changed.emit(change)
        self._notify_modified()

    def _notify_modified(self) -> None:
        modified = self.modified
        if modified != self._was_modified:
            self._was_modified = modified
            self.modifiedChanged.emit(modified)
