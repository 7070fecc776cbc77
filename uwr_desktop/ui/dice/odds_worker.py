"""Odds worked out off the GUI thread when they would be slow, so typing never freezes the window.

Small rolls (every d6 pool, roll and keep, a sum of a few dice) are computed at once: they take a
few milliseconds. A large sum (``100d1000`` takes most of a second) goes to a worker thread of
its own; a newer request supersedes it (a queued job is dropped, a running one is let finish and
its answer thrown away), so only the odds of the inputs as they stand are ever shown.
"""

import contextlib

import msgspec
from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

from uwr_desktop.core.dice import DiceError, PoolSpec, RollKeepSpec, SumSpec
from uwr_desktop.ui.dice.odds_plot import Odds, compute_odds

AT_ONCE_STEPS = 200_000
"""Estimated inner-loop steps up to which odds are computed on the GUI thread (about 25 ms)."""


class OddsJob(msgspec.Struct, frozen=True):
    """The odds to work out: a roll and what it is against (see :func:`compute_odds`)."""

    spec: PoolSpec | RollKeepSpec | SumSpec
    difficulty: int | None = None
    reaction: PoolSpec | None = None
    target_number: int | None = None

    def compute(self) -> Odds:
        """The odds, computed here and now."""
        return compute_odds(
            self.spec,
            difficulty=self.difficulty,
            reaction=self.reaction,
            target_number=self.target_number,
        )


def estimated_steps(job: OddsJob) -> int:
    """Roughly how many steps the exact odds take: a sum of n dice of s sides grows its table
    n times by up to n·s totals; pools and roll and keep stay small whatever the inputs."""
    spec = job.spec
    if isinstance(spec, SumSpec):
        return spec.count * spec.count * spec.sides // 2
    return 0


class _Relay(QObject):
    """Carries a worker's answer back to the GUI thread (queued, since it lives there)."""

    done = Signal(int, object)


class _OddsTask(QRunnable):
    def __init__(self, generation: int, job: OddsJob, relay: _Relay) -> None:
        super().__init__()
        self._generation = generation
        self._job = job
        self._relay = relay

    def run(self) -> None:
        answer: Odds | str
        try:
            answer = self._job.compute()
        except DiceError as error:
            answer = str(error)
        # The tray may have closed while the odds were worked out: then nobody is waiting.
        with contextlib.suppress(RuntimeError):
            self._relay.done.emit(self._generation, answer)


class OddsWorker(QObject):
    """Answers odds requests, the slow ones on a worker thread.

    :meth:`request` returns the odds when they are quick; otherwise it returns ``None`` and
    ``ready(Odds)`` follows once they are known, unless a newer request came first.
    ``failed(str)`` says why odds could not be worked out.
    """

    ready = Signal(object)
    failed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        """A worker with one thread of its own."""
        super().__init__(parent)
        # Children go in the order they came: the pool first, whose end waits for a job still
        # running, so that no job is left to answer through a relay already gone.
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._relay = _Relay(self)
        self._relay.done.connect(self._on_done)
        self._generation = 0
        self._waiting = False

    def request(self, job: OddsJob) -> Odds | None:
        """Odds for ``job``: at once when quick, else ``None`` and :attr:`ready` later.

        Any earlier request still being worked out is superseded.
        """
        self._generation += 1
        self._pool.clear()
        if estimated_steps(job) <= AT_ONCE_STEPS:
            self._waiting = False
            return job.compute()
        self._waiting = True
        self._pool.start(_OddsTask(self._generation, job, self._relay))
        return None

    def cancel(self) -> None:
        """Forget any request under way (the inputs no longer describe a roll)."""
        self._generation += 1
        self._pool.clear()
        self._waiting = False

    def busy(self) -> bool:
        """Whether odds are being worked out for the latest request."""
        return self._waiting

    def wait_idle(self, milliseconds: int = -1) -> bool:
        """Block until the worker thread has nothing left (for shutdown and tests)."""
        return self._pool.waitForDone(milliseconds)

    def _on_done(self, generation: int, answer: object) -> None:
        if generation != self._generation:
            return
        self._waiting = False
        if isinstance(answer, Odds):
            self.ready.emit(answer)
        else:
            self.failed.emit(str(answer))
