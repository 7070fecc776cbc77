"""Sample foes a round system ships for the combatant library (``resources/samples/starter/``).

Each round system that has some names its file (``RoundSystem.starter_file``); the file is TOML,
one ``[[foes]]`` table per combatant as a fight file writes it (``name``, ``side``, ``notes``
and a ``sheet`` table tagged with the round system's id), without an id. A foe is decoded with
the round system's own sheet type (a sheet of another system is refused), marked with
:data:`SAMPLE_NOTE` in front of its notes, and checked by the round system's ``check_sheet``.
"""

from collections.abc import Callable
from pathlib import Path

import msgspec

from uwr_desktop.core.encounter import Combatant
from uwr_desktop.core.events import dec_hook_for
from uwr_desktop.core.intents import RulesError
from uwr_desktop.core.resource_files import resource_path

SAMPLE_NOTE = "Sample foe: edit or delete freely."
"""What every sample's notes begin with, so the GM can tell the samples from their own."""

STARTER_FOLDER = ("samples", "starter")
"""Where the round systems' sample files are, under ``resources/``."""


class StarterError(ValueError):
    """A starter file cannot be read or holds a foe its round system refuses."""


def starter_path(file_name: str) -> Path:
    """The shipped starter file ``file_name`` (``"uwr.toml"``)."""
    return resource_path(*STARTER_FOLDER, file_name)


def is_sample(combatant: Combatant) -> bool:
    """Whether ``combatant`` is one of the shipped samples (or a copy of one)."""
    return combatant.notes.startswith(SAMPLE_NOTE)


def read_starters(
    path: Path, ruleset_id: str, check: Callable[[Combatant], None]
) -> tuple[Combatant, ...]:
    """The foes of the starter file at ``path``, on ``ruleset_id``'s sheet, each passed to
    ``check`` (which raises on a sheet the round system cannot play).

    Raises :class:`StarterError` naming the file and the foe when something does not fit.
    """
    import tomllib  # only when a library is seeded

    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise StarterError(f"{path.name}: {error}") from error
    foes = data.get("foes", [])
    if not isinstance(foes, list):
        raise StarterError(f"{path.name}: 'foes' must be a list of tables")
    hook = dec_hook_for(ruleset_id)
    found: list[Combatant] = []
    for number, raw in enumerate(foes, start=1):
        if not isinstance(raw, dict):
            raise StarterError(f"{path.name}: foe {number} is not a table")
        notes = str(raw.get("notes", ""))
        entry = {
            **raw,
            "id": f"sample-{ruleset_id}-{number}",
            "notes": f"{SAMPLE_NOTE} {notes}".strip(),
        }
        try:
            combatant = msgspec.convert(entry, Combatant, dec_hook=hook, strict=False)
            check(combatant)
        except (msgspec.ValidationError, RulesError, ValueError, TypeError) as error:
            name = raw.get("name")
            raise StarterError(f"{path.name}: foe {number} ({name!r}): {error}") from error
        found.append(combatant)
    return tuple(found)
