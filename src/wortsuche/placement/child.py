"""The exact search's SAT solver runs in a child process (:mod:`wortsuche.bounded`), so that its
CPU time and memory are capped and a signal ends it at once; here is what a cap reached means
for the search.

>>> run_bounded(lambda: 6 * 7, cpu_seconds=5, memory=200 * 2**20)
42
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from wortsuche.bounded import OutOfMemory, OutOfTime, in_child
from wortsuche.errors import DoesNotFitError, GenerationTimeout
from wortsuche.notes import Note

T = TypeVar("T")


def run_bounded(work: Callable[[], T], *, cpu_seconds: float, memory: int) -> T:
    """``work()`` in a child process with at most ``cpu_seconds`` of CPU time and ``memory``
    bytes more than the caller has; its :class:`~wortsuche.errors.WortsucheError` is raised here.

    Raise :class:`GenerationTimeout` when the CPU time runs out and :class:`DoesNotFitError`
    (``not_found``) when the memory does.
    """
    try:
        return in_child(work, cpu_seconds=cpu_seconds, memory=memory)
    except OutOfTime:
        raise GenerationTimeout(
            f"gave up after {cpu_seconds:.0f} CPU seconds of search: the words barely fit, or "
            "not at all; try a larger size, fewer or shorter words, or an easier level "
            "(--effort N allows N times as long)",
            key="error.cpu-budget",
            values={"seconds": f"{cpu_seconds:.0f}"},
        ) from None
    except OutOfMemory:
        megabytes = memory // 2**20
        raise DoesNotFitError(
            Note(
                f"the exact search needs more than {megabytes} MB of memory for these words and "
                "this size; try without --exact, or fewer words or a smaller size",
                key="error.exact-memory",
                values={"megabytes": megabytes},
            )
        ) from None
