"""Names for new combatants: numbered copies ("Bandit 1", "Bandit 2") that never clash with a
name already fighting, whatever the round system; copies joining a plain "Bandit" number it
"Bandit 1" in the same step, and so does a combatant added by hand under a name already
fighting."""

import re
from collections.abc import Callable, Iterable, Sequence

from msgspec.structs import replace

from uwr_desktop.core.encounter import Combatant, new_combatant_id
from uwr_desktop.core.intents import AddCombatants, Renaming
from uwr_desktop.core.limits import MAX_NAME_LENGTH
from uwr_desktop.core.name_rule import clean_name, without_unseen

MAX_COPIES = 500
"""The most copies made in one go."""

_LONGEST_NUMBER = 12
"""Room a copy's number may take at the end of a name (a space and the digits)."""
_NUMBERED = re.compile(r"^(?P<base>.*\S)\s+(?P<number>\d+)$")


def name_key(name: str) -> str:
    """How names compare: cleaned as :func:`clean_name` does, regardless of case and of the
    characters that show nothing (:func:`without_unseen`): "Orc War\u00adchief" (a soft hyphen
    pasted from a rule book) is the same name as "orc warchief"."""
    return clean_name(without_unseen(name)).casefold()


def _same_base(numbered_base: str, key: str) -> bool:
    """Whether a numbered name's base is ``key``, or ``key`` shortened to fit its number."""
    if numbered_base == key:
        return True
    shortened = len(numbered_base) >= MAX_NAME_LENGTH - _LONGEST_NUMBER
    return shortened and len(key) > len(numbered_base) and key.startswith(numbered_base)


def numbered_names(base: str, count: int, existing_names: Iterable[str]) -> list[str]:
    """Names for ``count`` new combatants called ``base``, unique among ``existing_names``.

    Three new "Bandit"s are "Bandit 1", "Bandit 2", "Bandit 3"; with "Bandit 1" and "Bandit 2"
    already fighting they continue at "Bandit 3". A single new combatant whose name is free keeps
    the plain name; a plain "Bandit" already present counts as number 1. A trailing number on
    ``base`` itself is dropped ("Bandit 4" is a Bandit); ``base`` is cleaned to one line as
    :func:`clean_name` does. Names compare regardless of case. A
    name near ``MAX_NAME_LENGTH`` is shortened so that the numbered names fit. A count outside
    1 to :data:`MAX_COPIES` raises ``ValueError`` saying so.
    """
    if not 1 <= count <= MAX_COPIES:
        raise ValueError(f"Cannot make {count} copies: choose 1 to {MAX_COPIES}.")
    base = clean_name(base)
    match = _NUMBERED.match(base)
    if match is not None:
        base = match["base"]
    key = name_key(base)
    highest = 0
    plain_taken = False
    for name in existing_names:
        key_of_name = name_key(name)
        if key_of_name == key:
            plain_taken = True
            highest = max(highest, 1)
            continue
        numbered = _NUMBERED.match(key_of_name)
        if numbered is not None and _same_base(numbered["base"], key):
            highest = max(highest, int(numbered["number"]))
    if count == 1 and not plain_taken and highest == 0:
        return [base[:MAX_NAME_LENGTH].rstrip()]
    # A long name is shortened so that its number still fits in a name.
    room = MAX_NAME_LENGTH - len(f" {highest + count}")
    base = base[:room].rstrip() or base[:room]
    return [f"{base} {highest + offset}" for offset in range(1, count + 1)]


def duplicates(
    originals: Sequence[Combatant],
    existing_names: Iterable[str],
    *,
    new_id: Callable[[], str] = new_combatant_id,
) -> list[Combatant]:
    """A numbered copy of each of ``originals`` with a fresh id, as its sheet makes a copy
    (for ``uwr``: its own initiative to roll)."""
    names = list(existing_names)
    made: list[Combatant] = []
    for original in originals:
        (name,) = numbered_names(original.name, 1, names)
        names.append(name)
        made.append(replace(original, id=new_id(), name=name, sheet=original.sheet.as_copy()))
    return made


def copies_join(joining: Sequence[Combatant], fighting: Iterable[Combatant]) -> AddCombatants:
    """The intent adding ``joining``, numbered copies, with their unnumbered original numbered 1.

    A copy "Bandit 2" joining while a plain "Bandit" fights renames that Bandit "Bandit 1" in
    the same journal entry (a plain "Bandit" joining with it is renamed before it joins), so the
    fight holds "Bandit 1", "Bandit 2", and one undo takes both back. Only the first plain
    Bandit is renamed, and only when "Bandit 1" is free; names compare as :func:`name_key`
    does, and a base shortened to fit its number is the original's name shortened.
    """
    fighting = list(fighting)
    joined = list(joining)
    taken = {name_key(c.name) for c in (*fighting, *joined)}
    plain: dict[str, tuple[bool, int]] = {}
    for in_fight, group in ((True, fighting), (False, joined)):
        for index, combatant in enumerate(group):
            key = name_key(combatant.name)
            if _NUMBERED.match(key) is None:
                plain.setdefault(key, (in_fight, index))
    renamed: list[Renaming] = []
    for copy in joining:
        numbered = _NUMBERED.match(" ".join(copy.name.split()))
        if numbered is None:
            continue
        base_key = name_key(numbered["base"])
        original = _plain_original(plain, base_key)
        first = f"{numbered['base']} 1"
        if original is None or name_key(first) in taken:
            continue
        taken.add(name_key(first))
        in_fight, index = plain.pop(original)
        if in_fight:
            renamed.append(Renaming(fighting[index].id, first))
        else:
            joined[index] = replace(joined[index], name=first)
    return AddCombatants(joined, renamed)


def newcomer_joins(newcomer: Combatant, fighting: Iterable[Combatant]) -> AddCombatants:
    """The intent adding ``newcomer``, made by hand: under its own name when nobody fighting
    has that name (as :func:`name_key` compares), else numbered as a copy of the one who has it.

    A second "Bandit" (or "bandit") joins as "Bandit 2" and the "Bandit" fighting becomes
    "Bandit 1" in the same journal entry; a "Bandit 7" typed beside "Bandit 4" keeps its number.
    """
    fighting = list(fighting)
    names = [combatant.name for combatant in fighting]
    key = name_key(newcomer.name)
    taken = next((name for name in names if name_key(name) == key), None)
    if taken is None:
        return AddCombatants([newcomer])
    (numbered,) = numbered_names(taken, 1, names)
    return copies_join([replace(newcomer, name=numbered)], fighting)


def _plain_original(plain: dict[str, tuple[bool, int]], base_key: str) -> str | None:
    """The key among ``plain`` that a copy numbered on ``base_key`` was numbered after."""
    if base_key in plain:
        return base_key
    if len(base_key) < MAX_NAME_LENGTH - _LONGEST_NUMBER:
        return None
    return next((key for key in plain if _same_base(base_key, key)), None)
