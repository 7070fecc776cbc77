"""The ``uwr-desktop`` command keeps ``typing_extensions`` out of its process, as the built app
does; every round system's fights still save and read back whole without it."""

import subprocess
import sys
from pathlib import Path

SCRIPT = """
import random, sys
import uwr_desktop.__main__ as start
start.leave_out_unused_modules()
sys.path.insert(0, sys.argv[1])
from limit_cases import LIMIT_CASES, LIMIT_RULESETS
from uwr_desktop.core.dice import Roller
from uwr_desktop.core.intents import EndRound, NextTurn, RulesError, StartFight
from uwr_desktop.core.journal import decode_entry, encode_entry
from uwr_desktop.core.rulesets import make_ruleset, ruleset_ids
from uwr_desktop.core.session import Session
from uwr_desktop.core.storage.encounter_file import decode_encounter, encode_encounter

def reads_back(session, what):
    for entry in session.entries:
        assert decode_entry(encode_entry(entry), session.ruleset.id) == entry, what
    reopened = decode_encounter(encode_encounter(session)).session()
    assert (reopened.roster, reopened.entries, reopened.state) == (
        session.roster, session.entries, session.state
    ), what

played = set()
for ruleset_id in ruleset_ids():
    ruleset = make_ruleset(ruleset_id)
    session = Session(ruleset, ruleset.starter_templates(), roller=Roller(random.Random(7)))
    for intent in [StartFight(), NextTurn(), NextTurn(), EndRound(), NextTurn()]:
        try:
            session.do(intent)
        except RulesError:
            pass
    if len(session.entries) > 1:
        played.add(ruleset_id)
    reads_back(session, ruleset_id)
for limit, case in sorted(LIMIT_CASES.items()):
    roster, intents, beyond = case()
    ruleset = make_ruleset(LIMIT_RULESETS.get(limit, "uwr"))
    session = Session(ruleset, roster, roller=Roller(random.Random(7)))
    for intent in intents:
        session.do(intent)
    reads_back(session, limit)
print(sorted(played), sys.modules.get("typing_extensions"))
"""


def test_fights_read_back_whole_without_typing_extensions():
    import typing_extensions  # noqa: F401 - installed here, as beside many apps

    helpers = Path(__file__).parent
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(helpers)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "['hands', 'rollkeep', 'tactical', 'uwr'] None"
