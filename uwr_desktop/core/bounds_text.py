"""The words refusing a number outside its bounds, the same wherever the GM types one: the
rules' checks and the table's own check before them."""

from collections.abc import Callable
from fractions import Fraction

Number = int | Fraction


def out_of_bounds(
    label: str,
    number: Number,
    low: Number | None,
    high: Number | None,
    shown: Callable[[Number], str] = str,
) -> str | None:
    """Why ``number`` is refused (``"Vitality can be at most 12 (got 13)"``), or ``None`` when
    it is within ``low`` and ``high`` (``None``: unbounded that way); ``shown`` writes a number."""
    if high is not None and number > high:
        return f"{label} can be at most {shown(high)} (got {shown(number)})"
    if low is not None and number < low:
        below = "cannot be negative" if low == 0 else f"cannot be below {shown(low)}"
        return f"{label} {below} (got {shown(number)})"
    return None
