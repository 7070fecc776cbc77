"""Whatever any round system accepts reads back equal: random play of every registered round
system, ``duel`` included, from its own legal intents and the intents every system shares
(damage, healing, conditions, typed dice and their rerolls, joining, leaving, turns, undo and
redo), then saved to a file and recovered from the autosave, is the same fight, and every
view the window reads shows it."""

import tempfile
from pathlib import Path

import pytest
from every_system import RANDOM_STEPS, SYSTEMS, random_play_session, random_step, shown
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from uwr_desktop.core.intents import (
    RulesError,
)
from uwr_desktop.core.storage.autosave import autosave, rebuild_session
from uwr_desktop.core.storage.encounter_file import decode_encounter, encode_encounter
from uwr_desktop.core.storage.journal_db import JournalStore

pytestmark = pytest.mark.usefixtures("own_systems_in_module")


@pytest.mark.parametrize("ruleset_id", SYSTEMS)
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(seed=st.integers(0, 2**16), steps=RANDOM_STEPS)
def test_random_play_reads_back_equal(ruleset_id, seed, steps):
    session = random_play_session(ruleset_id, seed)
    with (
        tempfile.TemporaryDirectory(prefix="uwr-every-system-") as folder,
        JournalStore(Path(folder) / "journal.sqlite3") as store,
    ):
        journal = autosave(store, session, title=ruleset_id)
        joined: list[int] = []
        for kind, pick in steps:
            try:
                random_step(session, kind, pick, joined)
            except RulesError:
                continue
        recovered = rebuild_session(store.recover(journal.encounter_id))
    event(f"{len(session.entries)} entries" if len(session.entries) < 10 else "10+ entries")
    reopened = decode_encounter(encode_encounter(session)).session()
    for again in (reopened, recovered):
        assert (again.roster, again.entries, again.cursor) == (
            session.roster,
            session.entries,
            session.cursor,
        )
        assert again.state == session.state
    shown(reopened)
