"""Speed and accuracy of ``uwr_desktop.core.odds`` beside icepool 2.1.3, in one run.

Run with ``uv run python benchmarks/odds.py``. Prints, for each figure, our time, icepool's time
doing the same thing and the ratio:

1. the distributions of all 55 XkY (1 <= Y <= X <= 10, exploding d10) in a fresh process,
   wall time including interpreter start-up and imports (target: at least 5x faster);
2. a single 10k5 from cold in a fresh process (target: under 25 ms to compute), with the import
   time and the whole process's wall time beside it;
3. ``pool_distribution(30, rerolls=5)``, median of many calls (target: under 1 ms);
4. the largest difference between our 10k5 and icepool's on the totals both list (target: at
   most 1e-9).
"""

import json
import statistics
import subprocess
import sys
import time
from fractions import Fraction

FRESH_RUNS = 5
ICEPOOL_FRESH_RUNS = 3
CALLS = 2000

ALL_55_OURS = """
from uwr_desktop.core.odds import roll_keep_distribution
for rolled in range(1, 11):
    for kept in range(1, rolled + 1):
        roll_keep_distribution(rolled, kept)
"""

ALL_55_ICEPOOL = """
import icepool
exploding = icepool.d10.explode()
for rolled in range(1, 11):
    for kept in range(1, rolled + 1):
        exploding.highest(rolled, kept).probabilities()
"""

COLD_10K5_OURS = """
import json, time
start = time.perf_counter()
from uwr_desktop.core.odds import roll_keep_distribution
imported = time.perf_counter()
roll_keep_distribution(10, 5)
done = time.perf_counter()
print(json.dumps({"import": imported - start, "compute": done - imported}))
"""

COLD_10K5_ICEPOOL = """
import json, time
start = time.perf_counter()
import icepool
imported = time.perf_counter()
icepool.d10.explode().highest(10, 5).probabilities()
done = time.perf_counter()
print(json.dumps({"import": imported - start, "compute": done - imported}))
"""

BARE = "pass"


def _fresh(code: str) -> tuple[float, str]:
    """Run ``code`` in a fresh interpreter; return its wall time and what it printed."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"the benchmark child failed:\n{done.stderr}")
    return elapsed, done.stdout


def _median_wall(code: str, runs: int) -> float:
    _fresh(code)  # warm the file cache and the bytecode cache
    return statistics.median(_fresh(code)[0] for _ in range(runs))


def _median_cold(code: str, runs: int) -> dict[str, float]:
    _fresh(code)
    reports = [json.loads(_fresh(code)[1]) for _ in range(runs)]
    return {key: statistics.median(r[key] for r in reports) for key in reports[0]}


def _median_call(function, *args, **kwargs) -> float:
    function(*args, **kwargs)
    samples = []
    for _ in range(CALLS):
        start = time.perf_counter_ns()
        function(*args, **kwargs)
        samples.append(time.perf_counter_ns() - start)
    return statistics.median(samples) / 1e9


def _icepool_pool(dice: int, rerolls: int) -> tuple[Fraction, ...]:
    import icepool

    success = icepool.d6 >= 5
    first = dice @ success
    return first.map(lambda hits: hits + (min(rerolls, dice - hits) @ success)).probabilities()


def _line(label: str, ours: float, theirs: float, target: str) -> None:
    print(
        f"{label:<34} ours {ours * 1000:9.2f} ms   icepool {theirs * 1000:9.2f} ms   "
        f"icepool/ours {theirs / ours:7.1f}x   ({target})"
    )


def main() -> None:
    """Measure and print every figure."""
    import icepool

    from uwr_desktop.core.odds import pool_distribution, roll_keep_distribution

    print(f"python {sys.version.split()[0]}, icepool {icepool.__version__}")
    bare = _median_wall(BARE, FRESH_RUNS)
    print(f"{'bare interpreter start-up':<34} {bare * 1000:9.2f} ms")

    ours_55 = _median_wall(ALL_55_OURS, FRESH_RUNS)
    theirs_55 = _median_wall(ALL_55_ICEPOOL, ICEPOOL_FRESH_RUNS)
    _line("all 55 XkY, fresh process (wall)", ours_55, theirs_55, "target >= 5x")

    ours_cold = _median_cold(COLD_10K5_OURS, FRESH_RUNS)
    theirs_cold = _median_cold(COLD_10K5_ICEPOOL, FRESH_RUNS)
    _line("10k5 from cold: compute", ours_cold["compute"], theirs_cold["compute"], "target < 25 ms")
    _line("10k5 from cold: import", ours_cold["import"], theirs_cold["import"], "for reference")
    ours_wall = _median_wall(COLD_10K5_OURS, FRESH_RUNS)
    theirs_wall = _median_wall(COLD_10K5_ICEPOOL, FRESH_RUNS)
    _line("10k5 fresh process (wall)", ours_wall, theirs_wall, "for reference")

    ours_pool = _median_call(pool_distribution, 30, rerolls=5)
    theirs_pool = _median_call(_icepool_pool, 30, 5)
    _line("pool_distribution(30, rerolls=5)", ours_pool, theirs_pool, "target < 1 ms, median")

    ours_10k5 = roll_keep_distribution(10, 5)
    reference = icepool.d10.explode().highest(10, 5)
    theirs_10k5 = dict(zip(reference.outcomes(), reference.probabilities(), strict=True))
    common = set(ours_10k5) & set(theirs_10k5)
    worst = max(abs(ours_10k5[total] - float(theirs_10k5[total])) for total in common)
    print(
        f"10k5 agreement: {len(common)} common totals, largest difference {worst:.2e} "
        f"(target <= 1e-9); our truncated mass {ours_10k5.truncated_mass:.1e}"
    )
    exact_pool = _icepool_pool(30, 5)
    pool_worst = max(
        abs(a - float(b)) for a, b in zip(pool_distribution(30, rerolls=5), exact_pool, strict=True)
    )
    print(f"pool(30, rerolls=5) agreement: largest difference {pool_worst:.2e}")


if __name__ == "__main__":
    main()
