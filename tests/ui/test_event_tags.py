"""A round system's events are tagged by their names alone (``"Attacked"``), in files and in the
autosave journal, and read only in a fight of that system: two systems may name an event
alike, none may name one like a shared event, and an event of another system is refused by
name. Files of schemas 4 to 7 and autosaves of earlier versions, which put the system's id before
each name (``"rollkeep.Attacked"``), still open to the same fight.

Every registered round system is played with seeded dice, ``duel`` (the tests' own, joined as a
system from elsewhere would be) included.
"""

import json
import random
import shutil
import sqlite3
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import msgspec
import pytest
from every_system import SYSTEMS, fighter

from uwr_desktop.core import events
from uwr_desktop.core.dice import Roller
from uwr_desktop.core.events import Event, event_union
from uwr_desktop.core.intents import EndRound, RulesError, StartFight
from uwr_desktop.core.rulesets import make_ruleset, register, registry, ruleset_ids
from uwr_desktop.core.rulesets.base import Ruleset
from uwr_desktop.core.session import Session
from uwr_desktop.core.sides import Side
from uwr_desktop.core.storage.autosave import autosave, recover_session
from uwr_desktop.core.storage.encounter_file import (
    EncounterFileError,
    decode_encounter,
    encode_encounter,
)
from uwr_desktop.core.storage.journal_db import JournalCorruptError, JournalStore
from uwr_desktop.core.storage.startup import open_journal

NAME = "fight.uwr"


pytestmark = pytest.mark.usefixtures("own_systems_in_module")


def _played(ruleset_id: str) -> Session:
    """Three fighters of ``ruleset_id`` through two rounds of their own legal intents."""
    roster = [fighter(ruleset_id, n, Side.PLAYER if n < 2 else Side.ENEMY) for n in range(3)]
    session = Session(make_ruleset(ruleset_id), roster, roller=Roller(random.Random(3)))
    choices = random.Random(7)
    session.do(StartFight())
    for step in range(30):
        state = session.state
        options = [
            option for cid in state.rows for option in session.ruleset.legal_intents(state, cid)
        ]
        try:
            session.do(
                EndRound() if step in (12, 24) or not options else choices.choice(options).intent
            )
        except RulesError:
            continue
    return session


_PLAYED: dict[str, Session] = {}


def played(ruleset_id: str) -> Session:
    """The played fight of ``ruleset_id`` (played once per run)."""
    if ruleset_id not in _PLAYED:
        _PLAYED[ruleset_id] = _played(ruleset_id)
    return _PLAYED[ruleset_id]


def own_tags(ruleset_id: str) -> set[str]:
    """The tags of the round system's own events."""
    shared = {kind.__struct_config__.tag for kind in msgspec.inspect.type_info(event_union()).types}
    union = msgspec.inspect.type_info(event_union(ruleset_id))
    return {kind.cls.__struct_config__.tag for kind in union.types} - shared


def with_tags_as_earlier(entries: list[Any], ruleset_id: str) -> list[Any]:
    """Entries (JSON data) with the system's id before each of its own events' tags, as
    schemas 4 to 7 wrote them."""
    own = own_tags(ruleset_id)
    return [
        {
            **entry,
            "events": [
                {**event, "type": f"{ruleset_id}.{event['type']}"}
                if event["type"] in own
                else event
                for event in entry["events"]
            ],
        }
        for entry in entries
    ]


def same_fight(opened: Session, session: Session) -> bool:
    return (opened.roster, opened.entries, opened.cursor, opened.state) == (
        session.roster,
        session.entries,
        session.cursor,
        session.state,
    )


@pytest.mark.parametrize("ruleset_id", SYSTEMS)
def test_a_saved_fight_tags_its_round_systems_events_by_name_alone(ruleset_id):
    session = played(ruleset_id)
    data = encode_encounter(session)
    written = {
        type(event).__name__
        for entry in session.entries
        for event in entry.events
        if type(event).round_system == ruleset_id
    }
    assert written, "the fight holds none of its round system's own events"
    for name in written:
        assert f'"type": "{name}"'.encode() in data
    assert f'"{ruleset_id}.'.encode() not in data
    assert json.loads(data)["schema_version"] == 8
    assert same_fight(decode_encounter(data).session(), session)


@pytest.mark.parametrize("ruleset_id", SYSTEMS)
def test_a_schema_7_file_with_the_system_before_each_tag_opens_the_same(ruleset_id):
    session = played(ruleset_id)
    document = json.loads(encode_encounter(session))
    journal = with_tags_as_earlier(document["journal"], ruleset_id)
    assert journal != document["journal"]
    earlier = {**document, "schema_version": 7, "journal": journal}
    assert f'"{ruleset_id}.' in json.dumps(earlier)
    assert same_fight(decode_encounter(json.dumps(earlier).encode()).session(), session)


def _stored(folder: Path, session: Session) -> tuple[JournalStore, int]:
    """``session`` stored in an autosave journal, left open; the store and the fight's id."""
    store = JournalStore(folder / "journal.sqlite3")
    journal = autosave(store, decode_encounter(encode_encounter(session)).session(), title="Tags")
    journal.release_lock()
    return store, journal.encounter_id


def _rewrite_entries(store: JournalStore, fight: int, change: Callable[[Any], Any]) -> None:
    """Every stored entry of ``fight`` changed by ``change`` (JSON data), as another version of
    the app or a damaged disk would leave it."""
    rows = store.connection.execute(
        "SELECT idx, data FROM journal_entries WHERE encounter_id = ?", (fight,)
    ).fetchall()
    for index, data in rows:
        store.connection.execute(
            "UPDATE journal_entries SET data = ? WHERE encounter_id = ? AND idx = ?",
            (json.dumps(change(json.loads(data))).encode(), fight, index),
        )


@pytest.mark.parametrize("ruleset_id", SYSTEMS)
def test_an_autosave_an_earlier_version_wrote_is_recovered_the_same(ruleset_id, tmp_path):
    session = played(ruleset_id)
    store, fight = _stored(tmp_path, session)
    _rewrite_entries(store, fight, lambda entry: with_tags_as_earlier([entry], ruleset_id)[0])
    recovered, journal, _ = recover_session(store, fight)
    assert same_fight(recovered, session)
    journal.close_cleanly()
    store.close()


def test_round_systems_may_name_their_events_alike():
    naming = [ruleset_id for ruleset_id in SYSTEMS if "RoundStarted" in own_tags(ruleset_id)]
    assert {"uwr", "tactical", "hands", "duel"} <= set(naming)
    for ruleset_id in naming:
        opened = decode_encounter(encode_encounter(played(ruleset_id))).session()
        started = {
            type(event)
            for entry in opened.entries
            for event in entry.events
            if type(event).__name__ == "RoundStarted"
        }
        assert [kind.round_system for kind in started] == [ruleset_id]


def _entry_with(ruleset_id: str, stranger: dict[str, Any]) -> dict[str, Any]:
    """The file of ``ruleset_id``'s fight with ``stranger`` added to its first entry."""
    document = json.loads(encode_encounter(played(ruleset_id)))
    document["journal"][0]["events"].append(stranger)
    return document


def _first_own_event(ruleset_id: str) -> dict[str, Any]:
    document = json.loads(encode_encounter(played(ruleset_id)))
    own = own_tags(ruleset_id)
    return next(
        event for entry in document["journal"] for event in entry["events"] if event["type"] in own
    )


@pytest.mark.parametrize(("file_of", "event_of"), [("uwr", "duel"), ("duel", "rollkeep")])
def test_an_event_of_another_round_system_is_refused_by_name(file_of, event_of):
    stranger = _first_own_event(event_of)
    assert stranger["type"] not in own_tags(file_of)
    document = _entry_with(file_of, stranger)
    place = len(document["journal"][0]["events"]) - 1
    with pytest.raises(EncounterFileError) as refused:
        decode_encounter(json.dumps(document).encode(), name=NAME)
    assert str(refused.value) == (
        f"{NAME} has a bad field in entry 1: events[{place}].type: the round system "
        f"{file_of!r} has no event {stranger['type']!r}"
    )


def test_an_event_of_another_round_system_in_the_autosave_is_refused(tmp_path):
    store, fight = _stored(tmp_path, played("uwr"))
    stranger = _first_own_event("duel")
    _rewrite_entries(store, fight, lambda entry: {**entry, "events": [stranger]})
    with pytest.raises(JournalCorruptError) as refused:
        store.recover(fight)
    assert str(refused.value) == (
        f"Entry 0 of encounter {fight} is damaged: not a journal entry: $.events[0].type: "
        f"the round system 'uwr' has no event {stranger['type']!r}"
    )
    store.close()


def test_a_duel_whose_own_row_was_lost_is_recovered_as_a_duel(tmp_path):
    """The round system of a fight whose row another program deleted is found by reading and
    replaying its entries; the duel's ``RoundStarted`` is read as the duel's, not as the
    ``RoundStarted`` of a system tried before it."""
    db = tmp_path / "data" / "journal.sqlite3"
    db.parent.mkdir()
    session = played("duel")
    store, fight = _stored(db.parent, session)
    image = db.parent.with_name("image")
    shutil.copytree(db.parent, image)  # the files as a crash leaves them, the log included
    store.close()
    shutil.rmtree(db.parent)
    image.rename(db.parent)
    connection = sqlite3.connect(db)
    connection.execute("DELETE FROM journal_encounters")
    connection.commit()
    connection.close()
    opening = open_journal(db, keep_closed=20)
    assert opening.store is not None
    (summary,) = opening.store.recoverable()
    assert (summary.encounter_id, summary.ruleset) == (fight, "duel")
    recovered, journal, _ = recover_session(opening.store, fight)
    assert (recovered.entries, recovered.state) == (session.entries, session.state)
    journal.close_cleanly()
    opening.store.close()


@pytest.fixture
def own_registries(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Event types defined and round systems registered by a test are forgotten after it."""
    monkeypatch.setattr(events, "_SHARED", list(events._SHARED))
    monkeypatch.setattr(events, "_OWN", {key: list(kinds) for key, kinds in events._OWN.items()})
    monkeypatch.setattr(registry, "_FACTORIES", dict(registry._FACTORIES))
    yield
    monkeypatch.undo()
    event_union.cache_clear()


def _events_of(system: str, *names: str) -> None:
    """Events called ``names`` of the round system ``system``, defined as its package would."""
    base = msgspec.defstruct(
        f"{system.title()}Event",
        [],
        bases=(Event,),
        frozen=True,
        namespace={"round_system": system},
    )
    for name in names:
        msgspec.defstruct(name, [], bases=(base,), frozen=True)


def _factory(settings: Mapping[str, Any] | None) -> Ruleset:
    return make_ruleset("uwr", settings)


def test_a_round_system_naming_an_event_like_a_shared_one_is_refused_when_registered(
    own_registries,
):
    _events_of("shadow", "Lunged", "TurnStarted")
    with pytest.raises(
        TypeError,
        match=r"tagged 'TurnStarted' like uwr_desktop\.core\.events\.TurnStarted: a round system "
        "names its events unlike each other and unlike the events every round system shares",
    ):
        register("shadow", _factory)
    assert "shadow" not in ruleset_ids()


def test_a_round_system_naming_two_events_alike_is_refused_when_registered(own_registries):
    _events_of("shadow", "Lunged", "Parried", "Lunged")
    with pytest.raises(TypeError, match="tagged 'Lunged' like"):
        register("shadow", _factory)


def test_two_round_systems_may_each_have_an_event_of_one_name(own_registries):
    _events_of("shadow", "Lunged")
    _events_of("mirror", "Lunged", "Parried")
    register("shadow", _factory)
    register("mirror", _factory)
    for system in ("shadow", "mirror"):
        decoded = msgspec.json.decode(b'{"type": "Lunged"}', type=event_union(system))
        assert type(decoded).round_system == system
    with pytest.raises(msgspec.ValidationError, match="Invalid value 'Parried'"):
        msgspec.json.decode(b'{"type": "Parried"}', type=event_union("shadow"))
