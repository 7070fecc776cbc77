"""Every place in a JSON document, for tests that change one of them."""

from collections.abc import Iterator
from typing import Any


def json_paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Each (path of keys and indices, value) in ``value``, itself first (the empty path)."""
    yield prefix, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from json_paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from json_paths(item, (*prefix, index))
