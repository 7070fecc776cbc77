"""The rule a combatant's name and its alias (the name the players see) follow: one line of
text, defined once for the forms, the check of every intent and the decoder.

Typed or pasted text is cleaned by :func:`clean_name`: white space of any kind (line breaks and
tabs too) folds to one space, the ends are trimmed, and the characters that have no place in a
one-line name are taken out: the control characters (C0 and C1, NUL among them) and the
bidirectional embedding, override and isolate marks (U+202A to U+202E, U+2066 to U+2069), which
turn the rest of a table row or of the player view around. Letters of every script stay,
right-to-left ones too, and so do accents, emoji and the joiners emoji and some scripts need.

The decoder holds a name to the same rule with :data:`NAME_PATTERN` (and an alias, which may be
empty, with :data:`ALIAS_PATTERN`): a name the rule would change is no name the app writes.
"""

import re
from typing import Final

_TAKEN_OUT: Final = "\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069"
"""The characters a name drops: C0 and C1 controls, bidirectional embeddings, overrides and
isolates (the white space among the controls folds to a space before)."""

# Patterns, not compiled objects: ``re`` compiles them on first use, not at start-up.
_DROPPED: Final = f"[{_TAKEN_OUT}]"
_WORD: Final = rf"[^\s{_TAKEN_OUT}]+"
_WORDS: Final = rf"{_WORD}(?: {_WORD})*"

NAME_PATTERN: Final = rf"^{_WORDS}\Z"
"""What a clean name matches: words of visible characters, one space between (``\\Z``, not
``$``, which would let a final line break through)."""

ALIAS_PATTERN: Final = rf"^(?:{_WORDS})?\Z"
"""What a clean alias matches: a clean name, or nothing (shown by the name itself)."""

NOT_ONE_LINE: Final = "must be one line of visible text (no line breaks or control characters)"
"""How a refusal of the decoder's pattern reads, after the field it names."""


def clean_name(text: str) -> str:
    """``text`` as a one-line name: white space folded to single spaces, the ends trimmed, and
    control characters and bidirectional controls taken out (``""`` when nothing is left).

    ``"Bandit\\n\\tChief\\u202e"`` is ``"Bandit Chief"``; cleaning a clean name keeps it.
    """
    words = (re.sub(_DROPPED, "", word) for word in text.split())
    return " ".join(word for word in words if word)
