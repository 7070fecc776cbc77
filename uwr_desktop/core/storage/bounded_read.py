"""Reading a file of a known size limit without setting aside a buffer of the limit's size."""

from typing import BinaryIO


def read_at_most(stream: BinaryIO, expected: int, limit: int) -> bytes:
    """``stream``'s bytes, at most ``limit + 1`` of them (one more than the limit tells a file
    over it), read in one go when the file still has the ``expected`` size it was checked at.

    Asking for ``limit + 1`` bytes at once would reserve a buffer that large, tens of MiB for a
    fight file of a few KiB; a file that grew since it was checked is read on to the limit.
    """
    first = min(expected, limit) + 1
    data = stream.read(first)
    if len(data) < first or first > limit:
        return data
    return data + stream.read(limit + 1 - len(data))
