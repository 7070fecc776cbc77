"""A fight or template file is read without reserving a buffer of the size limit, and a file
that grew after its size was checked is still read on to the limit (and refused past it)."""

import io
import tracemalloc

from uwr_desktop.core.resource_files import resource_path
from uwr_desktop.core.storage.bounded_read import read_at_most
from uwr_desktop.core.storage.encounter_file import read_encounter


def test_a_file_of_the_checked_size_is_read_whole():
    assert read_at_most(io.BytesIO(b"0123456789"), 10, 50) == b"0123456789"


def test_a_file_that_grew_since_it_was_checked_is_read_on_to_one_past_the_limit():
    grown = io.BytesIO(bytes(range(100)))
    assert read_at_most(grown, 10, 50) == bytes(range(51))
    assert read_at_most(io.BytesIO(bytes(range(30))), 10, 50) == bytes(range(30))


def test_a_file_over_the_limit_yields_one_byte_more_than_the_limit():
    assert read_at_most(io.BytesIO(bytes(100)), 100, 50) == bytes(51)


def test_opening_the_sample_sets_aside_no_buffer_of_the_size_limit():
    sample = resource_path("samples", "sample-fight.uwr")
    read_encounter(sample)  # the decoders and rulesets are made once, outside the count
    tracemalloc.start()
    try:
        read_encounter(sample)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 4 * 2**20, f"{peak / 2**20:.1f} MiB"
