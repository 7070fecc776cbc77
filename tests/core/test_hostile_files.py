"""Hostile files are refused quickly, with a message naming the problem.

Every file is read in one child process held to a time limit and (on Linux) a memory limit, so
a reader that hangs on a pipe or balloons on a huge file fails the test instead of stalling or
swapping the machine. Run as a script (``python test_hostile_files.py PATH...``) this file is
that child: it prints one JSON line per path with the refusal message.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from uwr_desktop.core.limits import (
    MAX_COMBATANTS,
    MAX_DICE,
    MAX_EVENTS,
    MAX_FIGHT_BYTES,
    MAX_FILE_BYTES,
    MAX_JOURNAL_ENTRIES,
    MAX_JSON_DEPTH,
)
from uwr_desktop.core.storage.json_depth import nested_deeper_than

CHILD_SECONDS = 120
CHILD_MEMORY_BYTES = 1536 * 2**20

HEADER = b'{"format":"uwr-desktop-encounter","schema_version":1,"ruleset":"uwr",'


def fight(*, settings=b"{}", roster=b"[]", journal=b"[]", cursor=b"0", extra=b""):
    return (
        HEADER
        + b'"settings":'
        + settings
        + b',"roster":'
        + roster
        + b',"journal":'
        + journal
        + b',"cursor":'
        + cursor
        + extra
        + b"}"
    )


def combatants(count):
    return b"[" + b",".join(b'{"id":"c%d","name":"C %d"}' % (n, n) for n in range(count)) + b"]"


def check_with_faces(count):
    faces = b"4," * (count - 1) + b"4"
    event = (
        b'{"type":"CheckRolled","kind":"free","actor":"c0","roll":{"dice":3,"favor":0,'
        b'"rerolls":0,"lowest_threshold":2,"faces":[' + faces + b"]}}"
    )
    return fight(
        roster=combatants(1), journal=b'[{"label":"Roll","events":[' + event + b"]}]", cursor=b"1"
    )


def deep(levels):
    return b"[" * levels + b"]" * levels


def many_events(count):
    events = b",".join(b'{"type":"TurnEnded","combatant_id":"c0"}' for _ in range(count))
    return fight(roster=combatants(1), journal=b'[{"label":"x","events":[' + events + b"]}]")


def many_entries(count):
    entry = b'{"label":"x","events":[]}'
    return fight(journal=b"[" + b",".join(entry for _ in range(count)) + b"]")


def joined_later(count):
    event = b'{"type":"CombatantsJoined","combatants":' + combatants(count) + b"}"
    return fight(journal=b'[{"label":"Add","events":[' + event + b"]}]", cursor=b"1")


TOO_DEEP = f"nested more than {MAX_JSON_DEPTH} levels deep"

CASES = {
    "deep-settings.uwr": (fight(settings=b'{"a":' + deep(5_000) + b"}"), TOO_DEEP),
    "deep-unknown-field.uwr": (fight(extra=b',"x":' + deep(100_000)), TOO_DEEP),
    "deep-array.uwr": (deep(100_000), TOO_DEEP),
    "just-too-deep.uwr": (fight(settings=deep(MAX_JSON_DEPTH)), TOO_DEEP),
    # Brackets in strings balance the real ones, so only the decoder's guard sees the depth.
    "deep-behind-strings.uwr": (
        fight(settings=b'{"a":' + b'["]",' * 5_000 + b"0" + b',"["]' * 5_000 + b"}"),
        TOO_DEEP,
    ),
    "30000-combatants.uwr": (fight(roster=combatants(30_000)), None),
    "too-many-combatants.uwr": (
        fight(roster=combatants(MAX_COMBATANTS + 1)),
        f"$.roster: Expected `array` of length <= {MAX_COMBATANTS}",
    ),
    "30000-join-later.uwr": (
        joined_later(30_000),
        f"combatants: Expected `array` of length <= {MAX_COMBATANTS}",
    ),
    "too-many-faces.uwr": (
        check_with_faces(MAX_DICE + 1),
        f"roll.faces: Expected `array` of length <= {MAX_DICE}",
    ),
    "10-million-faces.uwr": (check_with_faces(10_000_000), None),
    "too-many-entries.uwr": (
        many_entries(MAX_JOURNAL_ENTRIES + 1),
        f"$.journal: Expected `array` of length <= {MAX_JOURNAL_ENTRIES}",
    ),
    "fat-label.uwr": (
        fight(journal=b'[{"label":"' + b"x" * MAX_FIGHT_BYTES + b'","events":[]}]'),
        "MiB without its spaces); a fight holds at most",
    ),
    "too-many-events.uwr": (
        many_events(MAX_EVENTS + 1),
        f"holds {MAX_EVENTS + 1:,} events; a fight holds at most {MAX_EVENTS:,}",
    ),
}


def read_all(paths):
    """The child: read each path and print the outcome as one JSON line."""
    if sys.platform.startswith("linux"):
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (CHILD_MEMORY_BYTES, CHILD_MEMORY_BYTES))
    from uwr_desktop.core.storage.encounter_file import EncounterFileError, read_encounter

    for path in paths:
        try:
            read_encounter(path)
            outcome = {"path": path, "refused": None}
        except EncounterFileError as error:
            outcome = {"path": path, "refused": str(error)}
        print(json.dumps(outcome), flush=True)


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory):
    """Write every hostile file, read them all in one child process, return the messages."""
    folder = tmp_path_factory.mktemp("hostile")
    paths = {}
    for name, (data, _expected) in CASES.items():
        (folder / name).write_bytes(data)
        paths[name] = folder / name
    with (folder / "too-large.uwr").open("wb") as sparse:
        sparse.truncate(MAX_FILE_BYTES + 1)
    paths["too-large.uwr"] = folder / "too-large.uwr"
    paths["a folder.uwr"] = folder / "a folder.uwr"
    paths["a folder.uwr"].mkdir()
    if sys.platform != "win32":
        os.mkfifo(folder / "pipe.uwr")
        paths["pipe.uwr"] = folder / "pipe.uwr"
        paths["device"] = Path(os.devnull)
    child = subprocess.run(
        [sys.executable, __file__, *map(str, paths.values())],
        capture_output=True,
        text=True,
        timeout=CHILD_SECONDS,
        check=False,
    )
    assert child.returncode == 0, child.stderr[-2000:]
    found = [json.loads(line) for line in child.stdout.splitlines()]
    by_path = {item["path"]: item["refused"] for item in found}
    return {name: by_path[str(path)] for name, path in paths.items()}


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_hostile_file_is_refused_naming_the_problem(outcomes, name):
    message = outcomes[name]
    assert message is not None, f"{name} was accepted"
    assert message.startswith(name)
    expected = CASES[name][1]
    if expected is not None:
        assert expected in message


def test_the_issues_huge_files_are_refused_by_a_named_limit(outcomes):
    assert "length <= 1000" in outcomes["30000-combatants.uwr"]
    size = len(CASES["10-million-faces.uwr"][0])
    if size > MAX_FILE_BYTES:
        expected = "too large"
    elif size > MAX_FIGHT_BYTES:
        expected = f"a fight holds at most {MAX_FIGHT_BYTES // 2**20} MiB"
    else:
        expected = "length <="
    assert expected in outcomes["10-million-faces.uwr"]


def test_a_file_larger_than_the_limit_is_refused_before_it_is_read(outcomes):
    assert "too large" in outcomes["too-large.uwr"]
    assert f"at most {MAX_FILE_BYTES // 2**20} MiB" in outcomes["too-large.uwr"]


def test_a_folder_is_refused_as_a_folder(outcomes):
    assert outcomes["a folder.uwr"] == "a folder.uwr is a folder, not a fight file"


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX pipes and devices")
@pytest.mark.parametrize("name", ["pipe.uwr", "device"])
def test_a_pipe_or_device_is_refused_without_waiting(outcomes, name):
    assert "not a regular file" in outcomes[name]


@pytest.mark.parametrize(
    ("text", "limit", "deeper"),
    [
        (b"[]", 1, False),
        (b"[[]]", 1, True),
        (b'{"a":[{"b":[1]}]}', 4, False),
        (b'{"a":[{"b":[1]}]}', 3, True),
        (b'{"a":"[[[[[[", "b":"\\"[[[["}', 1, False),
        (b'["]",["]",["]",[]]]]', 4, False),
        (b'["]",["]",["]",[]]]]', 3, True),
        (b'"\\\\"', 0, False),
        (b"[[[", 3, False),
        (b"[[[", 2, True),
        (b'[{"a":[1,"]"', 3, False),
        (b'[{"a":[1,"]"', 2, True),
        (b"[[]]]", 1, True),
        (b"[]]", 1, False),
    ],
)
def test_nesting_is_measured_outside_strings(text, limit, deeper):
    assert nested_deeper_than(text, limit) is deeper


if __name__ == "__main__":
    read_all(sys.argv[1:])
