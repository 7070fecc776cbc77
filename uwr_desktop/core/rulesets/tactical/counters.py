"""The GM's environmental counters (a rising tide, a spreading fire): each has a value and a step
added at every upkeep. Setting, removing and advancing them, what the rules refuse, and their
words."""

from msgspec.structs import replace

from uwr_desktop.core.limits import MAX_COUNT, MAX_COUNTERS
from uwr_desktop.core.rulesets.tactical.state import Counter


def _index(counters: tuple[Counter, ...], name: str) -> int | None:
    """Where the counter called ``name`` (any case, spaces around ignored) stands."""
    wanted = name.strip().casefold()
    return next((i for i, c in enumerate(counters) if c.name.casefold() == wanted), None)


def find_counter(counters: tuple[Counter, ...], name: str) -> Counter | None:
    """The counter called ``name`` (any case), if there is one."""
    index = _index(counters, name)
    return None if index is None else counters[index]


def counter_text(counter: Counter) -> str:
    """``"Rising tide 3 (+1 each round)"``."""
    return f"{counter.name} {counter.value} ({counter.step:+} each round)"


def set_refusal(counters: tuple[Counter, ...], name: str, value: int, step: int) -> str:
    """Why the rules refuse to set the counter ``name`` to ``value`` and ``step`` (``""``: they
    take it). A counter set again with another case of its name takes that spelling."""
    if not name.strip():
        return "A counter needs a name"
    found = find_counter(counters, name)
    if found is None and len(counters) >= MAX_COUNTERS:
        return f"A fight holds at most {MAX_COUNTERS} counters"
    if found == Counter(name.strip(), value, step):
        return f"{counter_text(found)} already"
    return ""


def with_counter(counters: tuple[Counter, ...], counter: Counter) -> tuple[Counter, ...]:
    """``counters`` with ``counter`` added at the end, or in place of the one of its name."""
    index = _index(counters, counter.name)
    if index is None:
        return (*counters, counter)
    return (*counters[:index], counter, *counters[index + 1 :])


def without_counter(counters: tuple[Counter, ...], name: str) -> tuple[Counter, ...]:
    """``counters`` without the one called ``name`` (any case)."""
    index = _index(counters, name)
    return counters if index is None else (*counters[:index], *counters[index + 1 :])


def advanced(counters: tuple[Counter, ...]) -> tuple[tuple[Counter, ...], str]:
    """The counters one upkeep later, and the change in words. A counter stops at the bounds a
    fight's numbers keep (``MAX_COUNT`` either way), so an upkeep is never refused for it."""
    moved = tuple(
        replace(c, value=max(-MAX_COUNT, min(MAX_COUNT, c.value + c.step))) for c in counters
    )
    text = ", ".join(f"{c.name} {c.value}" for c in moved)
    return moved, text
