"""Mutation score of the rules core: how many deliberate small bugs the core tests catch.

mutmut (configured in ``pyproject.toml``, ``[tool.mutmut]``) plants one small change at a time
in the rules modules (``+`` for ``-``, ``<`` for ``<=``, a constant off by one, a string
changed) and runs the core tests (``tests/core`` only) against each. A change the tests do not
notice "survives". This script runs mutmut and prints, per module, how many of the
behaviour-changing mutants were caught, apart from those that change only user-facing text.

A mutant counts as *text only* when every difference it makes lies inside a refusal message
(a ``raise`` statement or an ``...Error(...)`` call) or inside an f-string or a plain sentence
(a string with a space) outside the modules' formatting functions. Everything else, including
changed keywords, kinds and the output of ``format_*`` functions, counts as behaviour. A
timeout counts as caught; a mutant that no core test reaches counts as survived.

Usage (from the project root)::

    uv run python .ci/mutation.py                    # every rules module, every mutant
    uv run python .ci/mutation.py upr notation       # some modules (names as in the table)
    uv run python .ci/mutation.py --sample 40        # a sample of behaviour mutants, its seed
                                                     # drawn from the commit checked out
    uv run python .ci/mutation.py --sample 40 --seed 7   # the same sample again
    uv run python .ci/mutation.py upr --survivors    # also show each surviving mutant

It exits 1 when a module catches less than ``--threshold`` percent (default 90) of its
behaviour-changing mutants. With ``--sample`` a module fails only when its sample is clearly
below (the 95 % one-sided Wilson bound), and all the samples together must reach the threshold.
The sample's seed is ``--seed``, or else one drawn from the commit checked out (``git
rev-parse HEAD``), so each commit is checked on another sample; it is printed, and ``--seed``
with it draws the same sample again.
``--jobs`` (default 2) bounds the parallel test runs.
"""

import argparse
import ast
import difflib
import json
import math
import os
import random
import shutil
import subprocess
import sys
import textwrap
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from mutmut.mutation.file_mutation import mutate_file_contents
from mutmut.stats import status_by_exit_code
from mutmut.utils.format_utils import get_mutant_name

ROOT = Path(__file__).resolve().parent.parent
CAUGHT = frozenset({"killed", "timeout", "segfault", "caught by type check"})


@dataclass
class Mutant:
    """One planted change: its mutmut name, its diff and whether it changes only text."""

    name: str
    diff: str
    text_only: bool


@dataclass
class Module:
    """A rules module and its mutants."""

    path: str
    mutants: list[Mutant] = field(default_factory=list)

    @property
    def label(self) -> str:
        """The short name used on the command line and in the table."""
        return self.path.removeprefix("uwr_desktop/core/").removesuffix(".py")


def rules_modules() -> list[str]:
    """The modules mutmut mutates, from ``pyproject.toml``."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return list(config["tool"]["mutmut"]["only_mutate"])


def _differences(
    old: object, new: object, ancestors: tuple[ast.AST, ...]
) -> Iterator[tuple[tuple[ast.AST, ...], object]]:
    """Where two syntax trees differ: each place with the nodes above it."""
    if type(old) is not type(new):
        yield ancestors, old
    elif isinstance(old, ast.AST):
        for name in old._fields:
            if isinstance(old, ast.FunctionDef) and name == "name":
                continue
            yield from _differences(getattr(old, name), getattr(new, name), (*ancestors, old))
    elif isinstance(old, list) and isinstance(new, list):
        if len(old) != len(new):
            yield ancestors, old
        else:
            for old_item, new_item in zip(old, new, strict=True):
                yield from _differences(old_item, new_item, ancestors)
    elif old != new:
        yield ancestors, old


def _is_message(ancestors: tuple[ast.AST, ...], formatter: bool) -> bool:
    for node in ancestors:
        if isinstance(node, ast.Raise):
            return True
        if isinstance(node, ast.Call):
            called = node.func
            name = called.id if isinstance(called, ast.Name) else getattr(called, "attr", "")
            if name.endswith("Error"):
                return True
    if formatter:
        return False
    if any(isinstance(node, ast.JoinedStr) for node in ancestors):
        return True
    last = ancestors[-1] if ancestors else None
    return isinstance(last, ast.Constant) and isinstance(last.value, str) and " " in last.value


def is_text_only(original: str, mutated: str) -> bool:
    """Whether the mutated function differs from the original only in user-facing text."""
    old = ast.parse(textwrap.dedent(original)).body[0]
    new = ast.parse(textwrap.dedent(mutated)).body[0]
    formatter = isinstance(old, ast.FunctionDef) and "format" in old.name.split("ǁ")[-1]
    places = list(_differences(old, new, ()))
    return bool(places) and all(_is_message(above, formatter) for above, _ in places)


def collect(path: str) -> Module:
    """Plant every mutant of ``path`` (as mutmut will) and classify each."""
    source = (ROOT / path).read_text(encoding="utf-8")
    mutated = mutate_file_contents(path, source)
    lines = mutated.code.splitlines(keepends=True)

    def text_of(function: str) -> str:
        span = mutated.line_span_by_function_name[function]
        return "".join(lines[span.start - 1 : span.end])

    module = Module(path)
    for function in mutated.mutant_names:
        original = text_of(function.rpartition("__mutmut_")[0] + "__mutmut_orig")
        changed = text_of(function)
        diff = "".join(
            difflib.unified_diff(
                textwrap.dedent(original).splitlines(keepends=True),
                textwrap.dedent(changed).splitlines(keepends=True),
                n=0,
            )
        )
        name = get_mutant_name(Path(path), function)
        module.mutants.append(Mutant(name, diff, is_text_only(original, changed)))
    return module


def run_mutmut(names: list[str], jobs: int, log: Path) -> None:
    """Run mutmut on the given mutants (names or globs) with fresh test statistics."""
    shutil.rmtree(ROOT / "mutants", ignore_errors=True)
    command = [
        str(Path(sys.executable).with_name("mutmut")),
        "run",
        "--max-children",
        str(jobs),
        *names,
    ]
    # The derandomized profile makes every property test try the same examples on every mutant.
    environment = {**os.environ, "HYPOTHESIS_PROFILE": "ci"}
    with log.open("w", encoding="utf-8") as output:
        result = subprocess.run(
            command,
            check=False,
            cwd=ROOT,
            env=environment,
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    if result.returncode != 0:
        tail = log.read_text(encoding="utf-8", errors="replace")[-4000:]
        sys.exit(f"{tail}\nmutmut failed (exit {result.returncode}); full output in {log}")


def exit_codes(path: str) -> dict[str, int | None]:
    """mutmut's verdict for every mutant of ``path`` in the last run."""
    meta = ROOT / "mutants" / f"{path}.meta"
    data: dict[str, dict[str, int | None]] = json.loads(meta.read_text(encoding="utf-8"))
    return data["exit_code_by_key"]


FALLBACK_SEED = 18
"""The seed when no commit can be read (no git, or not a checkout)."""


def commit_seed() -> int:
    """A seed drawn from the commit checked out: the first 8 hex digits of ``HEAD``."""
    try:
        head = subprocess.run(
            ["git", "rev-parse", "HEAD"],
            cwd=ROOT,
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
        return int(head[:8], 16)
    except (OSError, subprocess.CalledProcessError, ValueError):
        return FALLBACK_SEED


def upper_bound(caught: int, total: int, z: float = 1.645) -> float:
    """The Wilson score bound a sampled rate stays under with 95 % confidence (one-sided)."""
    rate = caught / total
    centre = rate + z * z / (2 * total)
    spread = z * math.sqrt(rate * (1 - rate) / total + z * z / (4 * total * total))
    return (centre + spread) / (1 + z * z / total)


def _score(caught: int, total: int) -> str:
    return f"{caught}/{total} ({100 * caught / total:.1f} %)" if total else "-"


def main() -> int:
    """Run the mutation check and print the table; the exit status says whether it passed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="*", help="short module names; default: all")
    parser.add_argument("--sample", type=int, default=0, help="behaviour mutants per module")
    parser.add_argument(
        "--seed", type=int, default=None, help="seed of the sample (default: from the commit)"
    )
    parser.add_argument("--threshold", type=float, default=90.0, help="percent to reach")
    parser.add_argument("--jobs", type=int, default=2, help="parallel test runs")
    parser.add_argument("--survivors", action="store_true", help="show surviving mutants")
    parser.add_argument(
        "--no-run", action="store_true", help="report the last run's results (mutants/) again"
    )
    parser.add_argument("--log", type=Path, default=Path("/tmp/uwr-mutmut.log"))
    args = parser.parse_args()

    paths = {Module(path).label: path for path in rules_modules()}
    unknown = set(args.modules) - set(paths)
    if unknown:
        parser.error(f"unknown modules {sorted(unknown)}; known: {sorted(paths)}")
    modules = [collect(path) for label, path in paths.items() if label in (args.modules or paths)]

    if args.sample and args.seed is None:
        args.seed = commit_seed()
    if args.sample:
        print(f"sample seed {args.seed}: rerun this sample with --seed {args.seed}", flush=True)
    chosen: dict[str, list[Mutant]] = {}
    for module in modules:
        if args.sample:
            behaviour = [mutant for mutant in module.mutants if not mutant.text_only]
            picked = random.Random(f"{args.seed}:{module.path}").sample(
                behaviour, min(args.sample, len(behaviour))
            )
            chosen[module.path] = sorted(picked, key=lambda mutant: mutant.name)
        else:
            chosen[module.path] = module.mutants
    if args.sample:
        names = [mutant.name for picked in chosen.values() for mutant in picked]
    else:
        names = [get_mutant_name(Path(module.path), "*") for module in modules]
    if not args.no_run:
        count = sum(len(picked) for picked in chosen.values())
        print(f"mutmut: {count} mutants in {len(modules)} modules, core tests only", flush=True)
        run_mutmut(names, args.jobs, args.log)

    return report(modules, chosen, args)


def report(modules: list[Module], chosen: dict[str, list[Mutant]], args: argparse.Namespace) -> int:
    """Print the table of the last run; 1 when a module (or all together) falls short."""
    failed = []
    pooled = [0, 0]
    print(f"\n{'module':<22} {'behaviour caught':>22} {'text-only caught':>20}  survivors")
    for module in modules:
        codes = exit_codes(module.path)
        checked = [m for m in chosen[module.path] if codes.get(m.name) is not None]
        verdicts = {m.name: status_by_exit_code[codes[m.name]] in CAUGHT for m in checked}
        behaviour = [m for m in checked if not m.text_only]
        text = [m for m in checked if m.text_only]
        caught = sum(verdicts[m.name] for m in behaviour)
        survivors = [m for m in behaviour if not verdicts[m.name]]
        pooled[0] += caught
        pooled[1] += len(behaviour)
        print(
            f"{module.label:<22} {_score(caught, len(behaviour)):>22} "
            f"{_score(sum(verdicts[m.name] for m in text), len(text)):>20}  {len(survivors)}"
        )
        # A sample fails a module only when its score is clearly (95 % one-sided) below.
        best = (
            upper_bound(caught, len(behaviour)) if args.sample else caught / len(behaviour or [0])
        )
        if behaviour and 100 * best < args.threshold:
            failed.append(module.label)
        if args.survivors:
            for mutant in survivors:
                print(f"  survived: {mutant.name}\n{textwrap.indent(mutant.diff, '    ')}")
    print(f"{'all modules':<22} {_score(*pooled):>22}")
    if pooled[1] and 100 * pooled[0] / pooled[1] < args.threshold:
        failed.append("all modules together")
    if failed:
        print(f"\nbelow {args.threshold:g} %: {', '.join(failed)}")
        return 1
    print(f"\nevery module catches at least {args.threshold:g} % of behaviour-changing mutants")
    return 0


if __name__ == "__main__":
    sys.exit(main())
