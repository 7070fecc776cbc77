"""A damaged autosave file: the app starts, every fight comes back up to its first unreadable
entry, the GM is told how many entries were lost, and the damaged file is kept aside.

The corpus: a fight of 250 entries as a crash leaves it (the files copied while the store is
open), once with its last 100 entries still in the write-ahead log and once fully checkpointed
into the database file; then one kind of damage each: truncation, bytes flipped in the header,
in pages or in the log, the log lost, garbage, a folder or an unreadable link in its place.
"""

import hashlib
import random
import shutil
import sys
from pathlib import Path

import pytest

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import ApplyDamage, Heal, StartFight
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.uwr.sheet import UwrSheet
from uwr_desktop.core.session import Session
from uwr_desktop.core.storage.autosave import autosave, recover_session
from uwr_desktop.core.storage.fight_lock import recorded_entries
from uwr_desktop.core.storage.journal_db import JournalStore
from uwr_desktop.core.storage.library import CombatantLibrary
from uwr_desktop.core.storage.startup import open_journal

TOTAL = 250
CHECKPOINTED = 150
PAGE = 4096


def _fight_session() -> Session:
    roster = (
        Combatant(id="a", name="Ada", sheet=UwrSheet()),
        Combatant(id="b", name="Bo", sheet=UwrSheet()),
    )
    return Session(make_ruleset("uwr"), roster, roller=Roller(random.Random(1)))


def _crash_image(folder: Path, *, in_log: bool) -> tuple[Path, tuple]:
    """Play a fight into a store and copy its files while it is open, as a crash leaves them."""
    db = folder / "live" / "journal.sqlite3"
    store = JournalStore(db)
    session = _fight_session()
    journal = autosave(store, session, title="Ambush")
    session.do(StartFight())
    while len(session.entries) < TOTAL:
        if in_log and len(session.entries) == CHECKPOINTED:
            store.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        session.do(ApplyDamage(["a"], 1) if len(session.entries) % 2 else Heal(["a"], 1))
    if not in_log:
        store.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    image = folder / "image"
    journal.release_lock()  # as the system does for a dead process (and Windows copies it then)
    shutil.copytree(db.parent, image)
    store.close()
    return image / "journal.sqlite3", session.entries


def _flip(path: Path, offset: int, count: int = 8) -> None:
    data = bytearray(path.read_bytes())
    for index in range(offset, min(offset + count, len(data))):
        data[index] ^= 0xA5
    path.write_bytes(bytes(data))


def _cut(path: Path, size: int) -> None:
    with path.open("r+b") as stream:
        stream.truncate(max(size, 0))


def _flip_a_bit_in_an_entry(path: Path) -> None:
    """Turn combatant "a" into "c" in the middle entry of ``path`` (one bit): the entry still
    reads, but no longer replays."""
    data = bytearray(path.read_bytes())
    spots = [at for at in range(len(data)) if data.startswith(b'{"id":"a"', at)]
    data[spots[len(spots) // 2] + 7] ^= 0x02
    path.write_bytes(bytes(data))


def _wal(db: Path) -> Path:
    return db.with_name(f"{db.name}-wal")


def _pages(db: Path) -> int:
    return db.stat().st_size // PAGE


def _replace_with_folder(db: Path) -> None:
    db.unlink()
    db.mkdir()
    (db / "notes.txt").write_text("not a fight")


def _replace_with_link(db: Path, target: str) -> None:
    db.unlink()
    db.symlink_to(target)


DAMAGE = {
    "database emptied": lambda db: _cut(db, 0),
    "database cut to its header": lambda db: _cut(db, 100),
    "database cut to one page": lambda db: _cut(db, PAGE),
    "database cut in half": lambda db: _cut(db, _pages(db) // 2 * PAGE),
    "database last page cut": lambda db: _cut(db, (_pages(db) - 1) * PAGE),
    "database cut mid-page": lambda db: _cut(db, db.stat().st_size - 1000),
    "header magic flipped": lambda db: _flip(db, 0, 16),
    "header page size flipped": lambda db: _flip(db, 16, 2),
    "header format bytes flipped": lambda db: _flip(db, 18, 2),
    "header payload fractions flipped": lambda db: _flip(db, 21, 3),
    "header page count flipped": lambda db: _flip(db, 28, 4),
    "header free list flipped": lambda db: _flip(db, 32, 8),
    "header schema format flipped": lambda db: _flip(db, 44, 4),
    "header zeroed": lambda db: db.write_bytes(bytes(100) + db.read_bytes()[100:]),
    "header garbage": lambda db: db.write_bytes(
        random.Random(3).randbytes(100) + db.read_bytes()[100:]
    ),
    "table page 2 flipped": lambda db: _flip(db, PAGE + 8, 64),
    "table page 3 flipped": lambda db: _flip(db, 2 * PAGE + 8, 64),
    "middle page header flipped": lambda db: _flip(db, _pages(db) // 2 * PAGE + 8, 64),
    "middle page rows flipped": lambda db: _flip(db, _pages(db) // 2 * PAGE + 2000, 64),
    "last page flipped": lambda db: _flip(db, (_pages(db) - 1) * PAGE + 8, 64),
    "a byte flipped in every page": lambda db: [
        _flip(db, page * PAGE + 3000, 1) for page in range(1, _pages(db))
    ],
    "a bit flipped inside an entry": _flip_a_bit_in_an_entry,
    "database zero-filled": lambda db: db.write_bytes(bytes(db.stat().st_size)),
    "database random bytes": lambda db: db.write_bytes(
        random.Random(5).randbytes(db.stat().st_size)
    ),
    "database is text": lambda db: db.write_text("not a database\n"),
    "database lost": lambda db: db.unlink(),
    "folder in its place": _replace_with_folder,
    "shared memory garbage": lambda db: db.with_name(f"{db.name}-shm").write_bytes(
        random.Random(9).randbytes(32768)
    ),
}
if sys.platform != "win32":  # making links there takes a privilege
    DAMAGE["link loop in its place"] = lambda db: _replace_with_link(db, db.name)
    DAMAGE["dangling link in its place"] = lambda db: _replace_with_link(db, "gone/journal.sqlite3")
LOG_DAMAGE = {
    "log emptied": lambda db: _cut(_wal(db), 0),
    "log cut to its header": lambda db: _cut(_wal(db), 32),
    "log cut in half": lambda db: _cut(_wal(db), _wal(db).stat().st_size // 2),
    "log last frame cut": lambda db: _cut(_wal(db), _wal(db).stat().st_size - 100),
    "log header flipped": lambda db: _flip(_wal(db), 8, 8),
    "log magic flipped": lambda db: _flip(_wal(db), 0, 4),
    "log first frame flipped": lambda db: _flip(_wal(db), 32 + 24 + 100, 16),
    "log middle frame flipped": lambda db: _flip(_wal(db), _wal(db).stat().st_size // 2, 16),
    "log last frame flipped": lambda db: _flip(_wal(db), _wal(db).stat().st_size - 50, 16),
    "a bit flipped inside an entry in the log": lambda db: _flip_a_bit_in_an_entry(_wal(db)),
    "log garbage": lambda db: _wal(db).write_bytes(
        random.Random(7).randbytes(_wal(db).stat().st_size)
    ),
    "log lost": lambda db: _wal(db).unlink(),
    "log is a folder": lambda db: (_wal(db).unlink(), _wal(db).mkdir()),
    "database and log lost": lambda db: (db.unlink(), _wal(db).unlink()),
}

NONE, SOME, ALL = "none", "some", "all"
IN_DATABASE = "the entries checkpointed into the database"
IN_LOG = "some of the entries in the log"
# What comes back. With the log, the log's copy of rewritten pages (the header page among them)
# hides damage to the same pages in the database file.
EXPECTED_WITH_LOG = {
    "database emptied": NONE,
    "database cut to its header": NONE,
    "database cut to one page": NONE,
    "database cut in half": SOME,
    "database last page cut": ALL,
    "database cut mid-page": ALL,
    "table page 2 flipped": ALL,
    "table page 3 flipped": NONE,  # the starting roster's page: nothing can be rebuilt
    "middle page header flipped": SOME,
    "middle page rows flipped": SOME,
    "last page flipped": ALL,
    "a byte flipped in every page": SOME,
    "a bit flipped inside an entry": SOME,
    "database zero-filled": NONE,
    "database random bytes": NONE,
    "database is text": NONE,
    "database lost": NONE,
    "folder in its place": NONE,
    "shared memory garbage": ALL,
    "log emptied": IN_DATABASE,
    "log cut to its header": IN_DATABASE,
    "log cut in half": IN_LOG,
    "log last frame cut": IN_LOG,
    "log header flipped": IN_DATABASE,
    "log magic flipped": IN_DATABASE,
    "log first frame flipped": IN_DATABASE,
    "log middle frame flipped": IN_LOG,
    "log last frame flipped": IN_LOG,
    "a bit flipped inside an entry in the log": IN_LOG,  # the log's checksum drops the rest
    "log garbage": IN_DATABASE,
    "log lost": IN_DATABASE,
    "log is a folder": IN_DATABASE,
    "database and log lost": NONE,
}
EXPECTED_CHECKPOINTED = {
    **{kind: ALL for kind in DAMAGE if kind.startswith("header")},
    "database emptied": NONE,
    "database cut to its header": NONE,
    "database cut to one page": NONE,
    "database cut in half": SOME,
    "database last page cut": SOME,
    "database cut mid-page": SOME,
    "table page 2 flipped": ALL,  # the fight's own row: its ruleset is found by replaying
    "table page 3 flipped": NONE,
    "middle page header flipped": SOME,
    "middle page rows flipped": SOME,
    "last page flipped": SOME,
    "a byte flipped in every page": SOME,
    "a bit flipped inside an entry": SOME,  # cut where it no longer replays
    "database zero-filled": NONE,
    "database random bytes": NONE,
    "database is text": NONE,
    "database lost": NONE,
    "folder in its place": NONE,
    "shared memory garbage": ALL,
}
for expected in (EXPECTED_WITH_LOG, EXPECTED_CHECKPOINTED):
    expected.update({kind: NONE for kind in DAMAGE if "link" in kind})
CASES = [
    *((True, kind) for kind in EXPECTED_WITH_LOG),
    *((False, kind) for kind in EXPECTED_CHECKPOINTED),
]


@pytest.fixture(scope="module")
def images(tmp_path_factory):
    return {
        in_log: _crash_image(tmp_path_factory.mktemp(f"log-{in_log}"), in_log=in_log)
        for in_log in (True, False)
    }


def _fingerprint(path: Path) -> str:
    if path.is_symlink():
        return f"link to {path.readlink()}"
    if path.is_dir():
        return "folder: " + ",".join(sorted(p.name for p in path.iterdir()))
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _recovered_count(expected: str, got: int) -> bool:
    return {
        NONE: got == 0,
        SOME: 0 < got < TOTAL,
        ALL: got == TOTAL,
        IN_DATABASE: got == CHECKPOINTED,
        IN_LOG: CHECKPOINTED < got < TOTAL,
    }[expected]


def test_the_corpus_has_fifty_kinds_of_damage():
    assert len(CASES) >= 50


@pytest.mark.parametrize(
    ("in_log", "kind"), CASES, ids=[f"{'log' if c[0] else 'db'}: {c[1]}" for c in CASES]
)
def test_a_damaged_journal_gives_back_what_can_be_read_and_is_kept_aside(
    tmp_path, images, in_log, kind
):
    image, entries = images[in_log]
    folder = tmp_path / "data"
    shutil.copytree(image.parent, folder)
    db = folder / image.name
    (DAMAGE | LOG_DAMAGE)[kind](db)
    damaged = {
        name: _fingerprint(folder / name)
        for name in (db.name, f"{db.name}-wal")
        if (folder / name).exists() or (folder / name).is_symlink()
    }

    opening = open_journal(db, keep_closed=20)

    # The app starts: a sound store is at the usual place, for the journal and the library.
    assert opening.store is not None and opening.unavailable is None
    store = opening.store
    offered = store.recoverable()
    recovered = 0
    if offered:
        session, journal, _ = recover_session(store, offered[0].encounter_id)
        recovered = len(session.entries)
        assert session.entries == entries[:recovered]  # the fight up to its first lost entry
        journal.close_cleanly()
    assert _recovered_count(
        (EXPECTED_WITH_LOG if in_log else EXPECTED_CHECKPOINTED)[kind], recovered
    )
    CombatantLibrary(db).close()
    store.close()

    if recovered == TOTAL and opening.damage is None:
        return  # nothing was lost: the damage was to a copy SQLite no longer reads
    # The GM is told how much came back and how much was lost ...
    report = opening.damage
    assert report is not None
    assert "uwr-check" not in report.problem  # names the GM's file, not the copy checked
    assert [(fight.recovered, fight.lost) for fight in report.fights] == [
        (recovered, TOTAL - recovered)
    ]
    # ... and the damaged file is kept aside exactly as it was.
    assert report.moved_to is not None and report.moved_to.parent == folder
    for name, fingerprint in damaged.items():
        aside = Path(f"{report.moved_to}{name.removeprefix(db.name)}")
        assert _fingerprint(aside) == fingerprint


def test_a_sound_file_left_by_a_crash_is_checked_once_and_kept_as_it_is(tmp_path, images):
    image, _entries = images[True]
    folder = tmp_path / "data"
    shutil.copytree(image.parent, folder)
    db = folder / image.name
    lock = folder / f"{db.name}-open" / "fight-1.lock"
    assert recorded_entries(lock) == TOTAL
    for _start in range(2):  # the GM starts fresh, keeping the fight for later
        opening = open_journal(db, keep_closed=20)
        assert opening.damage is None and opening.store is not None
        (summary,) = opening.store.recoverable()
        assert summary.entry_count == TOTAL
        opening.store.close()
        assert recorded_entries(lock) is None  # checked: not checked again
    assert list(folder.glob("*damaged*")) == []
