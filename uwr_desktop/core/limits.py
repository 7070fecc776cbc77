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


# Files and journals as a whole: what a hostile or broken file is held to (see also the file
# caps above). A fight within these opens in well under a second.

MAX_EVENTS: Final = 100_000
"""Events in one fight's journal, all entries (the redo tail included) together."""

MAX_FIGHT_BYTES: Final = 16 * 1024 * 1024
"""A fight's JSON without spaces or indentation: the session keeps every fight within it, and
a file holding more is refused (``MAX_FILE_BYTES`` bounds the file as written, spaces and all).
This is what bounds the memory an open fight takes."""

MAX_FACES_PER_ROLL: Final = 1_000
"""Dice faces recorded in one roll (an initiative roll, a check or a reaction)."""
