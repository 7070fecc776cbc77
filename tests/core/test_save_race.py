"""Two copies of the app saving one fight file at the same moment never overwrite each other
silently: the file is compared with the version each copy read at the swap itself.

Each copy is a real process: it reads the file, changes its fight (a name of its own), and
saves at a start time both were given. The swap is made slow on purpose (the rename waits a
little before it happens), so both saves are under way together: one copy's fight is saved, the
other is refused, saying the file was changed on disk, and the file holds the first one's fight.
"""

import random
import sys
import textwrap

import pytest
from together import run_together

from uwr_desktop.core.dice import Roller
from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.intents import StartFight
from uwr_desktop.core.rulesets import make_ruleset
from uwr_desktop.core.rulesets.uwr.sheet import UwrSheet
from uwr_desktop.core.session import Session
from uwr_desktop.core.storage.encounter_file import (
    EncounterFileError,
    read_encounter,
    save_encounter,
)

ROUNDS = 2

COPY = textwrap.dedent(
    """
    import os, sys, time
    from pathlib import Path
    from uwr_desktop.core.intents import EditCell
    from uwr_desktop.core.storage.encounter_file import (
        EncounterFileError, read_encounter, save_encounter,
    )

    path, name = Path(sys.argv[1]), sys.argv[2]
    read = read_encounter(path)
    session = read.session()
    session.do(EditCell("a", "name", name))
    swap = os.replace

    def slow_swap(*args, **kwargs):
        time.sleep(0.3)
        return swap(*args, **kwargs)

    os.replace = slow_swap
    print("ready", flush=True)
    start = float(sys.stdin.readline())
    while time.time() < start:
        pass
    try:
        save_encounter(session, path, known=read.stamp)
    except EncounterFileError as error:
        print("REFUSED", error)
    else:
        print("SAVED", name)
    """
)


def _fight_file(path):
    session = Session(
        make_ruleset("uwr"),
        (Combatant(id="a", name="Ada", sheet=UwrSheet()),),
        roller=Roller(random.Random(2)),
    )
    session.do(StartFight())
    save_encounter(session, path)


def test_two_copies_saving_at_once_never_overwrite_each_other_silently(tmp_path):
    for round_number in range(ROUNDS):
        path = tmp_path / f"fight-{round_number}.uwr"
        _fight_file(path)
        results = run_together(
            [[sys.executable, "-c", COPY, str(path), name] for name in ("Left", "Right")]
        )
        said = sorted(output.strip() for _code, output in results)
        assert [line.split()[0] for line in said] == ["REFUSED", "SAVED"], said
        assert "was changed on disk by another program or another copy" in said[0]
        saved_name = said[1].split()[1]
        assert read_encounter(path).session().state.combatants["a"].name == saved_name


def test_a_save_over_a_changed_file_leaves_it_as_the_other_program_wrote_it(tmp_path):
    path = tmp_path / "fight.uwr"
    _fight_file(path)
    mine = read_encounter(path)
    _fight_file(path)  # another program saves the file meanwhile
    theirs = path.read_bytes()
    with pytest.raises(EncounterFileError, match=r"^fight\.uwr was changed on disk"):
        save_encounter(mine.session(), path, known=mine.stamp)
    assert path.read_bytes() == theirs
    assert [p.name for p in tmp_path.iterdir()] == ["fight.uwr"]  # no temporary file left
