"""``docs/file-format.md`` lists every limit of ``core.limits`` with its value."""

import re
from pathlib import Path

from uwr_desktop.core import limits

DOC = Path(__file__).resolve().parents[2] / "docs" / "file-format.md"
ROW = re.compile(r"^\| `(?P<name>MAX_\w+)` \| (?P<value>[\d,]+) \|", re.MULTILINE)


def test_the_limits_table_matches_the_limits_module():
    documented = {
        match["name"]: int(match["value"].replace(",", ""))
        for match in ROW.finditer(DOC.read_text(encoding="utf-8"))
    }
    defined = {
        name: value for name, value in vars(limits).items() if name.isupper() and type(value) is int
    }
    assert documented == defined
