"""Hypothesis profiles, chosen by the ``HYPOTHESIS_PROFILE`` environment variable.

* ``dev`` (default): random examples, as Hypothesis normally runs; a failure prints the
  ``@reproduce_failure`` blob to replay it.
* ``ci``: derandomized, so every run tries the same examples and a red CI is reproducible
  locally with ``HYPOTHESIS_PROFILE=ci``; ``.ci/run`` uses it.
* ``heavy``: ten times the examples, for a long local hunt before a release.

A test's own ``@settings(max_examples=...)`` keeps its count under every profile. A failing
example found this way is kept as an ``@example`` (or a plain test) beside the property.
"""

import os

from hypothesis import settings

settings.register_profile("dev", print_blob=True)
settings.register_profile("ci", derandomize=True, max_examples=200, deadline=None, print_blob=True)
settings.register_profile("heavy", max_examples=1000, deadline=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
