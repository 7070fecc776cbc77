"""The text of a number box read as the GM means it: what is wrong with a number typed, and
why a character was refused. Plain Python, shared by the whole-number and the decimal box."""

MINUS = "−"  # noqa: RUF001 (the minus sign, typed or pasted, is read as "-")
"""The typographic minus sign, read as a hyphen-minus."""

NUMBERS_ONLY = "Numbers only"
WHOLE_NUMBERS_ONLY = "Whole numbers only"
DECIMAL_MARKS = frozenset({".", ","})
"""The marks a GM may type for a decimal point, whatever the box's own."""
_DIGITS = "0123456789"


def bare(text: str, prefix: str = "", suffix: str = "") -> str:
    """``text`` without the box's prefix and suffix, spaces, and with any minus sign as ``-``."""
    if prefix and text.startswith(prefix):
        text = text[len(prefix) :]
    if suffix and text.endswith(suffix):
        text = text[: -len(suffix)]
    return text.strip().replace(MINUS, "-")


def shown_number(number: float) -> str:
    """A bound as a GM reads it: ``1000000``, ``-5``, ``2.5`` (never ``1e+06``)."""
    if float(number).is_integer():
        return str(int(number))
    return f"{number:f}".rstrip("0")


def number_shape(text: str, decimals: int) -> bool:
    """Whether ``text`` (bare, its point a ``.``) is a number, whole or half typed: an optional
    sign, digits, and in a box with ``decimals`` a point followed by at most that many digits.

    Any such number is kept as typed, in range or not, for :func:`range_problem` to say why.
    """
    body = text[1:] if text[:1] in "+-" else text
    whole, point, fraction = body.partition(".")
    if point and decimals == 0:
        return False
    digits = whole + fraction
    return all(character in _DIGITS for character in digits) and len(fraction) <= decimals


def range_problem(
    text: str, minimum: float, maximum: float, what: str, below: str, *, whole: bool
) -> str:
    """What is wrong with ``text`` (bare, its point a ``.`` or a ``,``) in a box from ``minimum`` to
    ``maximum`` (``""``: nothing). The words are those of
    :meth:`~uwr_desktop.core.rulesets.common.Bounded.read`, so a form and the rules say the same.

    ``below`` is said after a value under the minimum (for a sign: what to use instead).
    """
    if text in {"", "+", "-", ".", "+.", "-."}:
        return f"{what} needs a number." if text else ""
    pointed = text.replace(",", ".")
    try:
        number = float(pointed)
    except ValueError:
        return f"{what} must be a number, got {text!r}."
    if whole and "." in pointed:
        return f"{what} must be a whole number, got {text}."
    if number < minimum:
        if number < 0 <= minimum:
            return f"{what} cannot be negative (got {text}){below}."
        return f"{what} cannot be below {shown_number(minimum)} (got {text}){below}."
    if number > maximum:
        return f"{what} can be at most {shown_number(maximum)} (got {text})."
    return ""


def point_name(point: str) -> str:
    """``"point"`` for ``.``, ``"comma"`` for ``,``: how the hint names the decimal mark."""
    return "comma" if point == "," else "point"


def other_mark(point: str) -> str:
    """The decimal mark that is not ``point``: ``,`` for ``.`` and ``.`` for ``,``."""
    return "." if point == "," else ","


def read_as_point_hint(point: str) -> str:
    """The hint when the other mark was typed and read as the box's ``point``."""
    return f"{point_name(other_mark(point)).capitalize()} read as the decimal {point_name(point)}"


def refusal_hint(text: str, *, decimals: int, point: str) -> str:
    """Why a box with ``decimals`` and decimal mark ``point`` refused ``text`` (bare: the text
    it would have held), in the few words shown at the box."""
    if not all(character in _DIGITS + "+-.," for character in text):
        return NUMBERS_ONLY
    if decimals == 0:
        return WHOLE_NUMBERS_ONLY if "." in text or "," in text else NUMBERS_ONLY
    if other_mark(point) in text:
        return f"Use a {point_name(point)}: 2{point}5"
    fraction = text.partition(point)[2]
    if len(fraction) > decimals:
        return f"At most {decimals} decimal{'' if decimals == 1 else 's'}"
    return NUMBERS_ONLY
