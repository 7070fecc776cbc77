"""The combatant library: reusable combatants ("templates"), named parties and the default
party.

Templates live in the app's SQLite file beside the autosave journal, in their own tables. Each
template belongs to one ruleset and is stored as the combatant's JSON. Names are unique per
ruleset as :func:`~uwr_desktop.core.naming.name_key` compares them (cleaned, regardless of case
and of characters that show nothing), as everywhere in the app; opening the file brings names
an earlier version stored to that rule.
The library remembers which rulesets' sample foes it was given (:meth:`CombatantLibrary.seed`),
so samples the GM deleted never come back.
"""

import sqlite3
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import msgspec

from uwr_desktop.core.encounter import Combatant, new_combatant_id
from uwr_desktop.core.events import ENCODER, convert, dec_hook
from uwr_desktop.core.intents import RulesError
from uwr_desktop.core.limits import MAX_COMBATANTS, MAX_NAME_LENGTH
from uwr_desktop.core.name_rule import clean_name, without_unseen
from uwr_desktop.core.naming import name_key, numbered_names
from uwr_desktop.core.rulesets import load_ruleset, make_ruleset
from uwr_desktop.core.storage.sqlite_db import (
    ClosedOnExit,
    StoreError,
    ensure_tables,
    open_database,
    store_error,
    transaction,
)
from uwr_desktop.core.upgrade import (
    EARLIEST_SCHEMA,
    UNNAMED,
    upgrade_combatant,
    upgrade_roster,
)

_NAMED_RECORDS = """CREATE TABLE IF NOT EXISTS {table} (
        id INTEGER PRIMARY KEY,
        ruleset TEXT NOT NULL,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL,
        data TEXT NOT NULL,
        created REAL NOT NULL,
        updated REAL NOT NULL,
        UNIQUE (ruleset, name_key)
    )"""
"""A table of records the GM names, each name once in a round system: templates and parties."""

_TABLES = (
    _NAMED_RECORDS.format(table="library_templates"),
    """CREATE TABLE IF NOT EXISTS library_party (
        ruleset TEXT NOT NULL,
        position INTEGER NOT NULL,
        template_id INTEGER NOT NULL REFERENCES library_templates (id) ON DELETE CASCADE,
        PRIMARY KEY (ruleset, position)
    )""",
    _NAMED_RECORDS.format(table="library_parties"),
    """CREATE TABLE IF NOT EXISTS library_seeded (
        ruleset TEXT PRIMARY KEY,
        seeded REAL NOT NULL
    )""",
)
_NAMED_TABLES = ("library_templates", "library_parties")


class LibraryError(StoreError):
    """A library request cannot be done; the message says why."""


class Template(msgspec.Struct, frozen=True):
    """A combatant kept in the library."""

    template_id: int
    ruleset: str
    name: str
    combatant_json: bytes

    def combatant(self) -> Combatant:
        """Decode the stored combatant.

        Raises :class:`LibraryError` when the stored data is damaged.
        """
        load_ruleset(self.ruleset)
        try:
            return msgspec.json.decode(self.combatant_json, type=Combatant, dec_hook=dec_hook)
        except (msgspec.DecodeError, ValueError) as error:
            upgraded: Combatant | None = earlier_record(
                self.combatant_json, self.ruleset, Combatant
            )
            if upgraded is None:
                raise LibraryError(f"The template {self.name!r} is damaged: {error}") from error
            return upgraded


def earlier_record(data: bytes, ruleset_id: str, kind: Any) -> Any:
    """What ``data`` holds, a combatant or a list of them (``kind``), as an earlier version
    stored it, brought to today's shape (``core.upgrade``); ``None`` when it does not read even
    so."""
    try:
        ruleset = make_ruleset(ruleset_id)
        raw = msgspec.json.decode(data)
        if isinstance(raw, list):
            return convert(upgrade_roster(raw, ruleset, EARLIEST_SCHEMA), kind)
        return convert(upgrade_combatant(raw, ruleset, EARLIEST_SCHEMA), kind)
    except (msgspec.DecodeError, RulesError, ValueError, TypeError):
        return None


class Party(msgspec.Struct, frozen=True):
    """A named group of combatants kept in the library (the players of a campaign, say)."""

    party_id: int
    ruleset: str
    name: str
    members_json: bytes

    def members(self) -> list[Combatant]:
        """Decode the stored combatants; :class:`LibraryError` when the data is damaged."""
        load_ruleset(self.ruleset)
        try:
            return msgspec.json.decode(self.members_json, type=list[Combatant], dec_hook=dec_hook)
        except (msgspec.DecodeError, ValueError) as error:
            upgraded: list[Combatant] | None = earlier_record(
                self.members_json, self.ruleset, list[Combatant]
            )
            if upgraded is None:
                raise LibraryError(f"The party {self.name!r} is damaged: {error}") from error
            return upgraded


def _clean_name(name: str) -> str:
    cleaned = clean_name(name)
    if not cleaned:
        raise LibraryError("A template needs a name.")
    if len(cleaned) > MAX_NAME_LENGTH:
        raise LibraryError(
            f"A template's name has at most {MAX_NAME_LENGTH} characters, not {len(cleaned)}."
        )
    return cleaned


def as_template(combatant: Combatant) -> Combatant:
    """Return ``combatant`` as a fresh sheet: no conditions, and its sheet as its ruleset keeps
    a template (for ``uwr``: full health, nothing rolled, weapon uses and preparation reset).

    What is kept: name, side, hidden flag and notes, and what the sheet keeps.
    """
    return msgspec.structs.replace(combatant, sheet=combatant.sheet.as_template(), conditions=())


def copies(
    template: Template,
    count: int,
    existing_names: Iterable[str],
    *,
    new_id: Callable[[], str] = new_combatant_id,
) -> list[Combatant]:
    """Make ``count`` combatants from ``template``, numbered after ``existing_names``.

    Each copy gets a fresh id from ``new_id`` and a name from :func:`numbered_names`.
    """
    combatant = template.combatant()
    try:
        names = numbered_names(template.name, count, existing_names)
    except ValueError as error:
        raise LibraryError(str(error)) from None
    return [msgspec.structs.replace(combatant, id=new_id(), name=name) for name in names]


def party_copies(
    party: Party,
    existing_names: Iterable[str],
    *,
    new_id: Callable[[], str] = new_combatant_id,
) -> list[Combatant]:
    """The members of ``party`` ready to join a fight: fresh ids, and a number after a name
    already fighting ("Vex 2" when a Vex is there); a free name is kept."""
    names = list(existing_names)
    joined: list[Combatant] = []
    for member in party.members():
        (name,) = (
            numbered_names(member.name, 1, names) if _taken(member.name, names) else (member.name,)
        )
        names.append(name)
        joined.append(msgspec.structs.replace(member, id=new_id(), name=name))
    return joined


def _taken(name: str, names: Iterable[str]) -> bool:
    key = name_key(name)
    return any(name_key(known) == key for known in names)


class CombatantLibrary(ClosedOnExit):
    """Saved combatants per ruleset, and the default party of each ruleset."""

    def __init__(self, path: Path, *, clock: Callable[[], float] = time.time) -> None:
        self._clock = clock
        self._path = path
        self._connection = _open_library(path)

    def save(self, ruleset: str, combatant: Combatant, *, name: str | None = None) -> Template:
        """Save ``combatant`` as a fresh sheet (see :func:`as_template`) named ``name``.

        The name defaults to the combatant's own. Raises :class:`LibraryError` when the name is
        empty or already used in this ruleset.
        """
        chosen = _clean_name(name if name is not None else combatant.name)
        data = ENCODER.encode(as_template(combatant)).decode()
        stamp = self._clock()
        with self._transaction() as connection:
            _check_name_free(connection, ruleset, chosen)
            cursor = connection.execute(
                """INSERT INTO library_templates (ruleset, name, name_key, data, created, updated)
                   VALUES (?, ?, ?, ?, ?, ?)""",
                (ruleset, chosen, name_key(chosen), data, stamp, stamp),
            )
        if cursor.lastrowid is None:
            raise LibraryError(f"The library did not give {chosen!r} an id.")
        return Template(cursor.lastrowid, ruleset, chosen, data.encode())

    def replace(self, template_id: int, combatant: Combatant) -> Template:
        """Store a new version of a template's combatant (as a fresh sheet), keeping its name."""
        template = self.get(template_id)
        data = ENCODER.encode(as_template(combatant)).decode()
        with self._transaction() as connection:
            connection.execute(
                "UPDATE library_templates SET data = ?, updated = ? WHERE id = ?",
                (data, self._clock(), template_id),
            )
        return Template(template_id, template.ruleset, template.name, data.encode())

    def get(self, template_id: int) -> Template:
        """Return one template; :class:`LibraryError` if it does not exist."""
        rows = self._read(
            "SELECT id, ruleset, name, data FROM library_templates WHERE id = ?", (template_id,)
        )
        if not rows:
            raise LibraryError(f"There is no template {template_id} in the library.")
        return _template(rows[0])

    def search(self, ruleset: str, text: str = "") -> list[Template]:
        """Templates of ``ruleset`` whose name contains ``text`` (any case).

        Names starting with ``text`` come first, then the others; each group by name.
        """
        key = name_key(text)
        rows = self._read(
            "SELECT id, ruleset, name, data FROM library_templates WHERE ruleset = ?", (ruleset,)
        )
        found = [template for template in map(_template, rows) if key in name_key(template.name)]
        found.sort(
            key=lambda t: (not name_key(t.name).startswith(key), name_key(t.name), t.template_id)
        )
        return found

    def rename(self, template_id: int, name: str) -> Template:
        """Give a template a new name, unique in its ruleset."""
        template = self.get(template_id)
        chosen = _clean_name(name)
        with self._transaction() as connection:
            _check_name_free(connection, template.ruleset, chosen, template_id)
            connection.execute(
                "UPDATE library_templates SET name = ?, name_key = ?, updated = ? WHERE id = ?",
                (chosen, name_key(chosen), self._clock(), template_id),
            )
        return Template(template_id, template.ruleset, chosen, template.combatant_json)

    def delete(self, template_id: int) -> None:
        """Delete a template (it also leaves the default party)."""
        self._delete("library_templates", template_id, f"template {template_id}")

    def seeded_rulesets(self) -> set[str]:
        """The rulesets whose sample foes this library was given (see :meth:`seed`)."""
        return {str(row[0]) for row in self._read("SELECT ruleset FROM library_seeded", ())}

    def seed(self, ruleset: str, samples: Sequence[Combatant]) -> list[Template]:
        """Give the library ``ruleset``'s sample foes, once: a ruleset already seeded gets
        nothing, whatever the GM did with its samples since. A sample whose name a template of
        the GM's already has is left out. Returns the templates added."""
        stamp = self._clock()
        added: list[Template] = []
        with self._transaction() as connection:
            done = connection.execute(
                "SELECT 1 FROM library_seeded WHERE ruleset = ?", (ruleset,)
            ).fetchone()
            if done is not None:
                return []
            for sample in samples:
                name = _clean_name(sample.name)
                taken = connection.execute(
                    "SELECT 1 FROM library_templates WHERE ruleset = ? AND name_key = ?",
                    (ruleset, name_key(name)),
                ).fetchone()
                if taken is not None:
                    continue
                data = ENCODER.encode(as_template(sample)).decode()
                cursor = connection.execute(
                    """INSERT INTO library_templates
                       (ruleset, name, name_key, data, created, updated)
                       VALUES (?, ?, ?, ?, ?, ?)""",
                    (ruleset, name, name_key(name), data, stamp, stamp),
                )
                if cursor.lastrowid is None:
                    raise LibraryError(f"The library did not give {name!r} an id.")
                added.append(Template(cursor.lastrowid, ruleset, name, data.encode()))
            connection.execute(
                "INSERT INTO library_seeded (ruleset, seeded) VALUES (?, ?)", (ruleset, stamp)
            )
        return added

    def default_party(self, ruleset: str) -> list[Template]:
        """The templates that join every new fight of ``ruleset``, in order."""
        rows = self._read(
            """SELECT t.id, t.ruleset, t.name, t.data
               FROM library_party AS p JOIN library_templates AS t ON t.id = p.template_id
               WHERE p.ruleset = ? ORDER BY p.position""",
            (ruleset,),
        )
        return [_template(row) for row in rows]

    def set_default_party(self, ruleset: str, template_ids: Sequence[int]) -> None:
        """Make ``template_ids`` (templates of ``ruleset``) the default party, in that order."""
        if len(set(template_ids)) != len(template_ids):
            raise LibraryError("A template can be in the default party only once.")
        for template_id in template_ids:
            template = self.get(template_id)
            if template.ruleset != ruleset:
                raise LibraryError(
                    f"{template.name!r} belongs to the {template.ruleset} ruleset, "
                    f"not to {ruleset}."
                )
        with self._transaction() as connection:
            connection.execute("DELETE FROM library_party WHERE ruleset = ?", (ruleset,))
            connection.executemany(
                "INSERT INTO library_party (ruleset, position, template_id) VALUES (?, ?, ?)",
                [(ruleset, position, tid) for position, tid in enumerate(template_ids)],
            )

    def save_party(
        self, ruleset: str, name: str, members: Sequence[Combatant], *, replace: bool = False
    ) -> Party:
        """Keep ``members`` (as fresh sheets) as the party ``name`` of ``ruleset``.

        A name already used is refused unless ``replace``, which stores the new members under
        it. A party has 1 to ``MAX_COMBATANTS`` members.
        """
        chosen = _clean_name(name)
        if not 1 <= len(members) <= MAX_COMBATANTS:
            raise LibraryError(f"A party has 1 to {MAX_COMBATANTS} members, not {len(members)}.")
        data = ENCODER.encode([as_template(member) for member in members]).decode()
        stamp = self._clock()
        with self._transaction() as connection:
            clash = connection.execute(
                "SELECT id FROM library_parties WHERE ruleset = ? AND name_key = ?",
                (ruleset, name_key(chosen)),
            ).fetchone()
            if clash is not None and not replace:
                raise LibraryError(
                    f"The library already has a party named {chosen!r} for {ruleset}."
                )
            if clash is not None:
                connection.execute(
                    "UPDATE library_parties SET name = ?, data = ?, updated = ? WHERE id = ?",
                    (chosen, data, stamp, clash[0]),
                )
                party_id = int(clash[0])
            else:
                cursor = connection.execute(
                    """INSERT INTO library_parties (ruleset, name, name_key, data, created,
                       updated) VALUES (?, ?, ?, ?, ?, ?)""",
                    (ruleset, chosen, name_key(chosen), data, stamp, stamp),
                )
                if cursor.lastrowid is None:
                    raise LibraryError(f"The library did not give {chosen!r} an id.")
                party_id = cursor.lastrowid
        return Party(party_id, ruleset, chosen, data.encode())

    def parties(self, ruleset: str) -> list[Party]:
        """The saved parties of ``ruleset``, by name."""
        rows = self._read(
            "SELECT id, ruleset, name, data FROM library_parties WHERE ruleset = ?", (ruleset,)
        )
        found = [Party(int(i), str(r), _shown(str(n)), str(d).encode()) for i, r, n, d in rows]
        return sorted(found, key=lambda party: (name_key(party.name), party.party_id))

    def delete_party(self, party_id: int) -> None:
        """Forget a saved party (the fights it joined keep their combatants)."""
        self._delete("library_parties", party_id, f"party {party_id}")

    def _delete(self, table: str, row_id: int, what: str) -> None:
        """Delete the row ``row_id`` of ``table``; ``what`` names it when there is none."""
        with self._transaction() as connection:
            deleted = connection.execute(f"DELETE FROM {table} WHERE id = ?", (row_id,)).rowcount
        if deleted == 0:
            raise LibraryError(f"There is no {what} in the library.")

    def close(self) -> None:
        """Close the file."""
        self._connection.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        try:
            with transaction(self._connection) as connection:
                yield connection
        except LibraryError:
            raise
        except StoreError as error:
            raise LibraryError(f"Cannot change the library: {error}") from error

    def suspend(self) -> None:
        """Close the file for a moment, while the app's data file is made again
        (see :meth:`JournalStore.reopen`); until :meth:`resume` every request fails."""
        self._connection.close()

    def resume(self) -> None:
        """Open the file again after :meth:`suspend`; ``StoreError`` when it cannot be."""
        self._connection = _open_library(self._path)

    def _read(self, query: str, parameters: tuple[object, ...]) -> list[tuple[Any, ...]]:
        try:
            return self._connection.execute(query, parameters).fetchall()
        except sqlite3.Error as error:
            raise LibraryError(f"Cannot read the library in {self._path}: {error}") from error


def _check_name_free(
    connection: sqlite3.Connection, ruleset: str, name: str, template_id: int | None = None
) -> None:
    clash = connection.execute(
        "SELECT id FROM library_templates WHERE ruleset = ? AND name_key = ? AND id IS NOT ?",
        (ruleset, name_key(name), template_id),
    ).fetchone()
    if clash is not None:
        raise LibraryError(f"The library already has a template named {name!r} for {ruleset}.")


def _template(row: tuple[Any, ...]) -> Template:
    template_id, ruleset, name, data = row
    if not (isinstance(name, str) and isinstance(data, str) and isinstance(ruleset, str)):
        raise LibraryError(f"Template {template_id} in the library is damaged.")
    return Template(template_id, ruleset, _shown(name), data.encode())


def _shown(name: str) -> str:
    """A stored name on one line: an earlier version kept control characters in names."""
    return clean_name(name) or UNNAMED


def _open_library(path: Path) -> sqlite3.Connection:
    """Open the data file at ``path`` with the library's tables, every name in them kept as
    today's rule has it (see :func:`_bring_names_up_to_date`)."""
    connection = open_database(path)
    try:
        ensure_tables(connection, _TABLES)
        _bring_names_up_to_date(connection)
    except StoreError:
        connection.close()
        raise
    return connection


def _bring_names_up_to_date(connection: sqlite3.Connection) -> None:
    """Store the names of templates and parties cleaned and keyed by :func:`name_key`, in one
    transaction; a file whose names all are so already is not written to.

    An earlier version kept names with control characters and bidirectional marks and keyed
    them only trimmed, so two of its names may be the same name today: the one stored later
    gets the next free number (see :func:`_names_today`), and nothing is lost.

    The names themselves say whether this is needed, not the file's format number
    (``PRAGMA user_version``): the journal shares that number and stamps it before the library
    opens, and since the tables keep their shape an earlier version still reads the file.
    """
    try:
        outdated = _outdated_names(connection)
    except sqlite3.Error as error:
        raise store_error(error, "Cannot read the data file") from error
    if not outdated:
        return
    with transaction(connection):
        # Read again: another copy of the app may have brought them up to date meanwhile.
        for table, renamed in _outdated_names(connection).items():
            # Each row first gives up its key for one no row holds (a key never starts with a
            # space): a row may be given the key that another row is giving up.
            connection.executemany(
                f"UPDATE {table} SET name_key = ' ' || id WHERE id = ?",
                [(row_id,) for row_id, _ in renamed],
            )
            connection.executemany(
                f"UPDATE {table} SET name = ?, name_key = ? WHERE id = ?",
                [(name, name_key(name), row_id) for row_id, name in renamed],
            )


def _outdated_names(connection: sqlite3.Connection) -> dict[str, list[tuple[int, str]]]:
    """Each named-records table's rows whose stored name or key is not today's, as
    ``(id, name today)``; tables with none are left out."""
    outdated: dict[str, list[tuple[int, str]]] = {}
    for table in _NAMED_TABLES:
        rows = connection.execute(
            f"SELECT id, ruleset, name, name_key FROM {table} ORDER BY id"
        ).fetchall()
        if all(_up_to_date(name, key) for _, _, name, key in rows):
            continue  # every start: one cleaning a row, no numbering
        today = _names_today(rows)
        renamed = [
            (row_id, today[row_id])
            for row_id, _, name, key in rows
            if row_id in today and (name, key) != (today[row_id], name_key(today[row_id]))
        ]
        if renamed:
            outdated[table] = renamed
    return outdated


def _up_to_date(name: Any, key: Any) -> bool:
    """Whether a stored row's name and key are as today's rule has them (a name that is not
    text is damaged and never renamed). Keys are unique in a round system, so when every row
    is up to date no two names clash either."""
    if not isinstance(name, str):
        return True
    if not name or clean_name(name) != name:
        return False
    # A clean name with nothing unseen in it is its own key but for case.
    return bool(key == (name.casefold() if without_unseen(name) == name else name_key(name)))


def _names_today(rows: Sequence[tuple[Any, ...]]) -> dict[int, str]:
    """The name today of each row (``id, ruleset, name, name_key``, in order of id) whose name
    is text: as it is shown, numbered when an earlier row of its ruleset has that name.

    Numbers avoid every name of the ruleset, so no later row loses its own. A row whose name
    is not text (damaged) keeps its key and is left out.
    """
    names: defaultdict[Any, list[str]] = defaultdict(list)
    claimed: defaultdict[Any, set[Any]] = defaultdict(set)
    for _, ruleset, name, key in rows:
        if isinstance(name, str):
            names[ruleset].append(_shown(name))
            continue
        claimed[ruleset].add(key)
        if isinstance(key, str):
            names[ruleset].append(key)
    today: dict[int, str] = {}
    for row_id, ruleset, name, _ in rows:
        if not isinstance(name, str):
            continue
        chosen = _shown(name)
        if name_key(chosen) in claimed[ruleset]:
            (chosen,) = numbered_names(chosen, 1, names[ruleset])
            names[ruleset].append(chosen)
        claimed[ruleset].add(name_key(chosen))
        today[row_id] = chosen
    return today
