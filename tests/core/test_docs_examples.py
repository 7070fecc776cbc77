import doctest
import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules-core.md"
FENCE = re.compile(r"^```python\n(.*?)^```", re.DOTALL | re.MULTILINE)


def python_blocks() -> list[tuple[int, str]]:
    text = DOC.read_text(encoding="utf-8")
    return [
        (text.count("\n", 0, match.start()) + 1, match.group(1)) for match in FENCE.finditer(text)
    ]


def test_every_python_block_is_an_example_that_runs():
    blocks = python_blocks()
    assert blocks, f"{DOC.name} has no python blocks"
    for line, block in blocks:
        assert block.lstrip().startswith(">>>"), (
            f"the python block at line {line} is not a >>> example"
        )


def test_rules_core_doc_examples_hold():
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    namespace: dict[str, object] = {"__name__": "rules_core_doc"}
    reports: list[str] = []
    for line, block in python_blocks():
        test = parser.get_doctest(block, namespace, f"{DOC.name} block", str(DOC), line)
        runner.run(test, out=reports.append, clear_globs=False)
        namespace = test.globs
    assert runner.tries > 0
    if runner.failures:
        pytest.fail("".join(reports), pytrace=False)
