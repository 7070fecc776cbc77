"""Every bound on what a fight may hold, defined once.

The forms (spin box ranges, text lengths), the notation parser, intent validation and the
file and journal decoder all read their bounds from here, so whatever the app accepts it can
read back. ``docs/file-format.md`` lists each limit with its value.
"""

from typing import Final

MAX_FILE_BYTES: Final = 64 * 1024 * 1024
"""An encounter file larger than this is refused before it is read."""

MAX_JSON_DEPTH: Final = 64
"""Arrays and objects nested deeper than this are refused before decoding."""

MAX_COMBATANTS: Final = 1_000
"""Combatants in one fight (the starting roster and everyone who joins later)."""

MAX_JOURNAL_ENTRIES: Final = 20_000
"""Undoable actions kept in one fight's journal."""

# --- What one fight records: rolls, combatants and the intents that change them -------------

MAX_DICE: Final = 100
"""Dice in one roll: a success pool, a sum, or the dice rolled and kept of a roll and keep."""

MAX_REROLLS: Final = 100
"""Rerolls one success pool may have."""

MAX_FAVOR: Final = 10
"""Net favor of a pool, positive or negative (beyond 4 it no longer moves the threshold)."""

MAX_DIFFICULTY: Final = MAX_DICE
"""Successes a direct check or a roll may need (a pool cannot score more than its dice)."""

MAX_SIDES: Final = 1_000
"""Sides of one die in a sum (a roll for nobody, never part of the fight)."""

MAX_MODIFIER: Final = 10_000
"""A flat modifier of a sum or a roll and keep, positive or negative."""

MAX_NAME_LENGTH: Final = 200
"""Characters in a name: combatant (and its id), skill, weapon, condition, UPR type."""

MAX_TEXT_LENGTH: Final = 20_000
"""Characters in free text: a combatant's notes, a condition's note, a check's title."""

MAX_COUNT: Final = 1_000_000
"""Vitality, Stamina (current and maximum), weapon uses, and one amount of damage or healing."""

MAX_INITIATIVE: Final = 1_000
"""An initiative value the GM types over the roll, positive or negative."""

MAX_CONDITION_ROUNDS: Final = 10_000
"""Rounds a condition lasts (at least 1; no rounds means until removed)."""

MAX_SKILL_RANK: Final = 20
"""Bonus dice a skill gives."""

MAX_SKILL_REROLLS: Final = 10
"""Extra rerolls a skill grants."""

MAX_SKILLS: Final = 100
"""Skills on one combatant."""

MAX_WEAPONS: Final = 50
"""Weapons on one combatant."""

MAX_CONDITIONS: Final = 100
"""Conditions on one combatant at once."""

MAX_COUNTERS: Final = 100
"""Environmental counters the GM tracks in one fight."""

MAX_NOTATION_LENGTH: Final = 200
"""Characters of typed dice notation (``7d6 f+1 r2`` is ten)."""

MAX_NOTATION_DIGITS: Final = 9
"""Digits of one number in typed dice notation."""

MAX_UPR_DIVISOR: Final = 1_000
"""The divisor of a UPR type the GM adds to a fight's house rules."""

MAX_UPR_ADJUSTMENT: Final = 100
"""The dice adjustment of an added UPR type, positive or negative."""

MAX_UPR_USES: Final = 1_000
"""The most uses per round an added UPR type may give."""

# Files and journals as a whole: what a hostile or broken file is held to (see also the file
# caps above). A fight within these opens in well under a second.

MAX_EVENTS: Final = 100_000
"""Events in one fight's journal, all entries (the redo tail included) together."""

MAX_FIGHT_BYTES: Final = 16 * 1024 * 1024
"""A fight's JSON without spaces or indentation: the session keeps every fight within it, and
a file holding more is refused (``MAX_FILE_BYTES`` bounds the file as written, spaces and all).
This is what bounds the memory an open fight takes."""
