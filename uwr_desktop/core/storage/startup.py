"""Opening the autosave journal when the app starts, whatever state the file is in.

:func:`open_journal` never fails. A sound file is opened as it is. A damaged one (truncated,
overwritten, a folder in its place, commits lost with its write-ahead log: what SQLite calls
corrupt, or what the fights' lock files prove missing) is moved aside under a new name, never
deleted; every unfinished fight is read back from it up to its first unreadable entry and stored
in a fresh file at the usual place, to be offered for recovery. A file that cannot be used now
(it cannot be read or copied, the disk is full, the lock folder cannot be written) is left as it
is and the app runs without autosave, saying why and what to do. The lock files are reconciled
with the store's rows, so a fight left open is offered even when its rows say otherwise.
"""

import contextlib
import os
import re
import shutil
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

import msgspec

from uwr_desktop.core.journal import JournalEntry, JournalError, decode_entry
from uwr_desktop.core.rulesets import ruleset_ids
from uwr_desktop.core.storage.fight_lock import (
    FightLock,
    held_elsewhere,
    lock_problem,
    recorded_entries,
)
from uwr_desktop.core.storage.journal_db import UNKNOWN_RULESET, JournalStore, StoredFight
from uwr_desktop.core.storage.recovery import replayable_length
from uwr_desktop.core.storage.sqlite_db import (
    StoreBusyError,
    StoreError,
    StoreNewerError,
    StoreUnavailableError,
)

if TYPE_CHECKING:
    from uwr_desktop.core.storage.salvage import SalvagedFight

_COMPANIONS = ("-wal", "-shm", "-open")
"""What SQLite and the fight locks keep beside the file, moved aside with it."""


class FightReport(msgspec.Struct, frozen=True):
    """How much of one fight came back from a damaged file."""

    title: str
    recovered: int
    """Entries kept (each is one action the GM took)."""
    lost: int
    """Entries that could not be read, or no longer replayed after one that could not."""


class DamageReport(msgspec.Struct, frozen=True):
    """What was wrong with the autosave file and what was saved from it."""

    problem: str
    moved_to: Path | None
    """Where the damaged file now is; ``None`` if it could not be moved."""
    fights: tuple[FightReport, ...]


class JournalOpening(msgspec.Struct, frozen=True):
    """The outcome of :func:`open_journal`."""

    store: JournalStore | None
    """The store to autosave into; ``None`` when no file could be used."""
    damage: DamageReport | None = None
    unavailable: str | None = None
    """Why the app runs without autosave (set when ``store`` is ``None``)."""


def open_journal(
    path: Path, *, keep_closed: int, clock: Callable[[], float] = time.time
) -> JournalOpening:
    """Open the autosave journal at ``path`` for a new run of the app.

    Prunes cleanly closed fights down to ``keep_closed``. After a crash (fights left open and
    no other copy of the app running) a copy of the file is checked before anything is offered
    from it, so that a damaged file is moved aside exactly as the crash left it. ``clock``
    names the moved-aside file.
    """
    folder = path.with_name(f"{path.name}-open")
    try:
        locks = _read_locks(folder)
    except StoreError as error:
        return JournalOpening(store=None, unavailable=str(error))
    except OSError as error:
        return JournalOpening(store=None, unavailable=lock_problem(folder, error))
    witnessed = locks.witnessed
    if witnessed and not locks.others_running:
        if not _has_content(path):
            lost = sum(witnessed.values())
            missing = f"The file is missing or empty: {lost} saved entries are gone."
            return _start_over(path, missing, witnessed, clock)
        problem = _check_copy(path, witnessed)
        if isinstance(problem, _Unchecked):
            return JournalOpening(store=None, unavailable=problem.reason)
        if problem is not None:
            return _start_over(path, problem, witnessed, clock)
        _settle(folder, witnessed)
    try:
        store = JournalStore(path)
    except StoreUnavailableError as error:
        return JournalOpening(store=None, unavailable=str(error))
    except StoreError as error:
        return _start_over(path, str(error), witnessed, clock)
    try:
        _reconcile(store, locks.left_open)
        store.prune_closed(keep_closed)
    except StoreUnavailableError as error:
        store.close()
        return JournalOpening(store=None, unavailable=str(error))
    except StoreError as error:
        store.close()
        return _start_over(path, str(error), witnessed, clock)
    return JournalOpening(store=store)


class _Locks(msgspec.Struct, frozen=True):
    """What the fights' lock files say at start."""

    witnessed: dict[int, int]
    """Entry counts the lock files of fights left behind recorded (not yet checked)."""
    left_open: frozenset[int]
    """Every fight whose lock file was left behind: it was not closed cleanly."""
    others_running: bool
    """Another copy of the app has fights open (then the file is in use, not left behind)."""


_LOCK_NAME = r"fight-(.*)\.lock"


def _read_locks(folder: Path) -> _Locks:
    """Read the lock folder, making sure this copy of the app can use it: ``OSError`` or
    ``StoreUnavailableError`` when it cannot."""
    folder.mkdir(parents=True, exist_ok=True)
    probe = folder / f".probe-{os.getpid()}"
    os.close(os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600))
    probe.unlink()
    with os.scandir(folder) as found:
        names = [entry.name for entry in found]
    witnessed: dict[int, int] = {}
    left_open: set[int] = set()
    others_running = False
    for name in names:
        lock = re.fullmatch(_LOCK_NAME, name)
        if lock is None:
            continue
        if held_elsewhere(folder / name):
            others_running = True
            continue
        if not lock[1].isdigit():
            continue
        fight = int(lock[1])
        left_open.add(fight)
        count = recorded_entries(folder / name)
        if count is not None:
            witnessed[fight] = count
    return _Locks(witnessed, frozenset(left_open), others_running)


def _settle(folder: Path, witnessed: dict[int, int]) -> None:
    """Forget the counts the file was found to hold, so that the next start does not check
    them again (the GM may keep a fight for recovery across many starts)."""
    for fight in witnessed:
        with contextlib.suppress(StoreError):
            lock = FightLock.acquire(folder / f"fight-{fight}.lock")
            if lock is not None:
                lock.record(None)
                lock.release()


def _reconcile(store: JournalStore, left_open: frozenset[int]) -> None:
    """Make the store's rows agree with the lock files: a fight whose lock file was left
    behind was not closed cleanly, whatever its row says, and a fight whose row is lost but
    whose start is stored gets a row again (under the ruleset its entries replay with, if
    any); both are then offered for recovery, or said to be beyond it."""
    store.mark_left_open(left_open)
    for fight in store.rowless_fights():
        start = store.stored_start(fight)
        store.restore_row(fight, _replayable(start) or start)


def _has_content(path: Path) -> bool:
    try:
        return path.is_file() and path.stat().st_size > 0
    except OSError:
        return False


class _Unchecked(msgspec.Struct, frozen=True):
    """The file could not be checked (a fault, not damage): why, and what to do."""

    reason: str


def _check_copy(path: Path, witnessed: dict[int, int]) -> "str | _Unchecked | None":
    """What is wrong with the fights a crash left behind, checked on a copy of the files;
    :class:`_Unchecked` when the copy cannot be made or read (the file is left as it is)."""
    import tempfile  # only after a crash: tempfile is not needed at start-up otherwise

    try:
        with tempfile.TemporaryDirectory(prefix="uwr-check-") as folder:
            copy = Path(folder) / path.name
            try:
                shutil.copyfile(path, copy)
                wal = Path(f"{path}-wal")
                if wal.is_file():
                    shutil.copyfile(wal, Path(f"{copy}-wal"))
            except OSError as error:
                return _unchecked(path, error.strerror or str(error))
            try:
                with JournalStore(copy) as store:
                    return _crash_problem(store, witnessed)
            except (StoreNewerError, StoreBusyError):
                return None  # not damaged: opening it says what is wrong
            except StoreUnavailableError as error:
                return _unchecked(path, str(error).replace(str(copy), str(path)))
            except StoreError as error:
                return str(error).replace(str(copy), str(path))
    except OSError as error:
        return _unchecked(path, error.strerror or str(error))


def _crash_problem(store: JournalStore, witnessed: dict[int, int]) -> str | None:
    lost = store.missing_entries(witnessed)
    if lost:
        count = sum(lost.values())
        return f"{count} saved entr{'ies' if count != 1 else 'y'} went missing from the file."
    summaries = store.recoverable()
    damage = store.integrity_problem()
    if damage is not None:
        return f"The file is damaged ({damage})."
    for summary in summaries:
        if summary.problem is not None:
            return summary.problem
        fight = store.recover(summary.encounter_id)  # reads every entry: raises if one is damaged
        length = replayable_length(
            fight.ruleset, fight.settings_json, fight.roster_json, fight.entries
        )
        if length is None:
            return f"The start of “{fight.title}” cannot be read."
        if length < len(fight.entries):
            return f"Entry {length + 1} of “{fight.title}” is damaged: it no longer replays."
    return None


def _unchecked(path: Path, why: str) -> _Unchecked:
    return _Unchecked(
        f"After UWR Desktop last stopped without closing its fights, the autosave file {path} "
        f"could not be checked ({why}). It was left as it is, with those fights in it. Free "
        "some disk space or give your user read access to the file, then restart UWR Desktop "
        "to have them offered again."
    )


def _start_over(
    path: Path, problem: str, witnessed: dict[int, int], clock: Callable[[], float]
) -> JournalOpening:
    try:
        moved_to = _move_aside(path, clock)
    except OSError as error:
        reason = f"{problem} It could not be moved aside ({error.strerror or error})."
        return JournalOpening(store=None, unavailable=reason)
    from uwr_desktop.core.storage.salvage import salvage  # only for a damaged file

    salvaged = salvage(moved_to, witnessed)
    try:
        store = JournalStore(path)
    except StoreError as error:
        lost = tuple(_report(fight, None) for fight in salvaged)
        return JournalOpening(
            store=None, damage=DamageReport(problem, moved_to, lost), unavailable=str(error)
        )
    reports = []
    for fight in salvaged:
        kept = _replayable(fight.kept) if fight.kept is not None else None
        if kept is not None and kept.entries:
            try:
                store.restore(kept)
            except StoreError:
                kept = None
        reports.append(_report(fight, kept))
    return JournalOpening(store=store, damage=DamageReport(problem, moved_to, tuple(reports)))


def _report(fight: "SalvagedFight", kept: StoredFight | None) -> FightReport:
    read = len(fight.kept.entries) if fight.kept is not None else 0
    recovered = len(kept.entries) if kept is not None else 0
    return FightReport(title=fight.title, recovered=recovered, lost=fight.lost + read - recovered)


def _replayable(fight: StoredFight) -> StoredFight | None:
    """The fight cut at its first entry that no longer replays; ``None`` if it cannot start.

    A fight whose ruleset was lost gets the ruleset under which most of its entries read and
    replay, its entries read as that round system's.
    """
    settings, roster = fight.settings.encode(), fight.roster.encode()
    choices = ruleset_ids() if fight.ruleset == UNKNOWN_RULESET else (fight.ruleset,)
    best: tuple[int, str] | None = None
    for ruleset in choices:
        entries = _readable_entries(fight.entries, ruleset)
        length = replayable_length(ruleset, settings, roster, entries)
        if length is not None and (best is None or length > best[0]):
            best = (length, ruleset)
    if best is None:
        return None
    length, ruleset = best
    return msgspec.structs.replace(
        fight, ruleset=ruleset, entries=fight.entries[:length], cursor=min(fight.cursor, length)
    )


def _readable_entries(entries: tuple[bytes, ...], ruleset_id: str) -> list[JournalEntry]:
    """The entries of a ``ruleset_id`` fight, from the first up to the first that cannot be
    read."""
    read: list[JournalEntry] = []
    for data in entries:
        try:
            read.append(decode_entry(data, ruleset_id))
        except (JournalError, msgspec.MsgspecError, ValueError, TypeError):
            break
    return read


def _move_aside(path: Path, clock: Callable[[], float]) -> Path:
    stamp = datetime.fromtimestamp(clock()).strftime("%Y%m%d-%H%M%S")
    base = path.with_name(f"{path.stem}-damaged-{stamp}{path.suffix}")
    number = 1
    while any(Path(f"{base}{tail}").exists() for tail in ("", *_COMPANIONS)):
        number += 1
        base = path.with_name(f"{path.stem}-damaged-{stamp}-{number}{path.suffix}")
    if path.exists() or path.is_symlink():
        path.rename(base)
    for tail in _COMPANIONS:
        companion = Path(f"{path}{tail}")
        if companion.exists():
            with contextlib.suppress(OSError):
                companion.rename(Path(f"{base}{tail}"))
    return base
