"""Every new combatant gets an id of one form, whatever made it."""

import re

from uwr_sheets import uwr_combatant

from uwr_desktop.core.encounter import new_combatant_id
from uwr_desktop.core.naming import duplicates

_ID = re.compile(r"[0-9a-f]{32}")


def test_new_ids_are_32_hex_digits_and_never_repeat():
    made = [new_combatant_id() for _ in range(2_000)]
    assert all(_ID.fullmatch(made_id) for made_id in made)
    assert len(set(made)) == len(made)


def test_a_copy_gets_a_fresh_id_of_the_same_form():
    original = uwr_combatant(id="vex", name="Vex")
    (copy,) = duplicates([original], ["Vex"])
    assert copy.id != original.id
    assert _ID.fullmatch(copy.id)
