"""The rule a combatant's name and its alias (the name the players see) follow: one line of
text, defined once for the forms, the check of every intent and the decoder.

Typed or pasted text is cleaned by :func:`clean_name`: white space of any kind (line breaks and
tabs too) folds to one space, the ends are trimmed, and the characters that have no place in a
one-line name are taken out: the control characters (C0 and C1, NUL among them) and the
bidirectional embedding, override and isolate marks (U+202A to U+202E, U+2066 to U+2069), which
turn the rest of a table row or of the player view around. Letters of every script stay,
right-to-left ones too, and so do accents, emoji and the joiners emoji and some scripts need.

Two names compare as the same when they differ only in characters that show nothing and change
nothing around them (:func:`without_unseen`): a soft hyphen or a zero-width space pasted from a
rule book, a byte-order mark, a word joiner or a left-to-right mark. Such characters are kept in
the name as typed, since a script may need them for where a line breaks or which way it reads.

The decoder holds names and aliases to the same rule with :data:`ONE_LINE_PATTERN` (and a name
to one character at least): a name the rule would change is no name the app writes.
"""

from typing import Final

_CONTROLS: Final = ((0x00, 0x1F), (0x7F, 0x9F))
"""The C0 and C1 control characters, first and last of each run (white space among them folds
to a space before the rest are taken out)."""
_BIDI_MARKS: Final = ((0x202A, 0x202E), (0x2066, 0x2069))
"""The bidirectional embeddings, overrides and isolates, first and last of each run."""

_TAKEN_OUT: Final = dict.fromkeys(
    code for first, last in (*_CONTROLS, *_BIDI_MARKS) for code in range(first, last + 1)
)
"""What :func:`clean_name` deletes, as a table for ``str.translate``."""


_UNSEEN: Final = dict.fromkeys(
    (0x00AD, 0x034F, 0x061C, 0x200B, 0x200E, 0x200F, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0xFEFF)
)
"""What :func:`without_unseen` deletes: the soft hyphen, the combining grapheme joiner, the
Arabic letter mark, the zero-width space, the left-to-right and right-to-left marks, the word
joiner, the invisible operators and the zero-width no-break space (byte-order mark). The
zero-width joiner and non-joiner are not among them: they change how letters and emoji join."""


def _runs(runs: tuple[tuple[int, int], ...]) -> str:
    return "".join(f"\\U{first:08x}-\\U{last:08x}" for first, last in runs)


# The marks beyond Latin-1 are refused by a look-ahead rather than within the class: a class
# reaching past Latin-1 takes Python's regular expressions several times longer to compile, and
# msgspec compiles the pattern as the types holding it are declared, at start-up.
_WORD: Final = rf"(?:(?![{_runs(_BIDI_MARKS)}])[^\s{_runs(_CONTROLS)}])+"

ONE_LINE_PATTERN: Final = rf"^(?:{_WORD}(?: {_WORD})*)?\Z"
"""What a clean name or alias matches: nothing, or words of visible characters with one space
between (``\\Z``, not ``$``, which would let a final line break through)."""

NOT_ONE_LINE: Final = "must be one line of visible text (no line breaks or control characters)"
"""How a refusal of the decoder's pattern reads, after the field it names."""


def clean_name(text: str) -> str:
    """``text`` as a one-line name: white space folded to single spaces, the ends trimmed, and
    control characters and bidirectional controls taken out (``""`` when nothing is left).

    ``"Bandit\\n\\tChief\\u202e"`` is ``"Bandit Chief"``; cleaning a clean name keeps it.
    """
    words = (word.translate(_TAKEN_OUT) for word in text.split())
    return " ".join(word for word in words if word)


def without_unseen(text: str) -> str:
    """``text`` without the characters that show nothing and change nothing around them (a soft
    hyphen, a zero-width space, a byte-order mark, ...), as names are compared.

    ``"War\u00adchief\ufeff"`` is ``"Warchief"``.
    """
    return text.translate(_UNSEEN)
