"""A budget of work for one puzzle, counted in steps, so every generation ends.

Every step of the pipeline spends from one :class:`Budget`: a position tried by the placement
search, a decoy tried, a filler cell drawn, a size tried by the size search. When the steps run
out the generator gives up with :class:`BudgetExhausted` (a :class:`DoesNotFitError`), so the
same words, options and seed always give the same puzzle or the same error, on any machine.
A placement search counts its own steps in a :class:`SearchBudget`, which charges this budget.

``timeout`` is the caller's wall-clock cap on top (``--timeout``), and :data:`CPU_SECONDS` (times
the effort) the CPU time any generation may take, whatever path it takes: both only ever turn a
result into :class:`GenerationTimeout`, never into a different puzzle. A search of several
puzzles (``--difficulty``) passes one budget's clocks to each (:meth:`Budget.within`).

>>> budget = Budget(steps=3)
>>> budget.spend(); budget.spend(); budget.left
1
>>> budget.spend(2)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
wortsuche.errors.BudgetExhausted: gave up after 3 steps of search: ...
"""

from __future__ import annotations

import time

from wortsuche.errors import BudgetExhausted, GenerationTimeout, plural_count
from wortsuche.notes import Note

STEPS = 3_000_000
"""Steps one puzzle may take. Measured worst case within the documented limits: see the README."""

CPU_SECONDS = 25.0
"""CPU seconds one generation may take at effort 1 (the promise is 30; the rest is reading and
writing). ``benchmarks/worst_case.py`` lists the slowest inputs known."""

CLOCK_EVERY = 1024
"""Steps between two looks at the clock (looking is cheap, but not free)."""


class Budget:
    """``steps`` units of work, and optionally a wall-clock ``timeout`` in seconds."""

    def __init__(
        self, steps: int = STEPS, *, timeout: float | None = None, effort: float = 1.0
    ) -> None:
        self.effort = effort
        """How hard the placement search tries before saying no layout was found (1 = normal)."""
        steps = int(steps * max(1.0, effort))
        self.steps = steps
        self.left = steps
        self.timeout = timeout
        self.deadline = None if timeout is None else time.monotonic() + timeout
        self.cpu_seconds = CPU_SECONDS * max(1.0, effort)
        self.cpu_deadline = time.thread_time() + self.cpu_seconds
        self._until_clock = CLOCK_EVERY

    def within(self, outer: Budget) -> Budget:
        """This budget, ending no later than ``outer`` by either clock (its steps stay its own)."""
        if outer.deadline is not None and (self.deadline is None or outer.deadline < self.deadline):
            self.timeout, self.deadline = outer.timeout, outer.deadline
        if outer.cpu_deadline < self.cpu_deadline:
            self.cpu_seconds, self.cpu_deadline = outer.cpu_seconds, outer.cpu_deadline
        return self

    def spend(self, steps: int = 1) -> None:
        """Use ``steps``; raise once the budget or the time is used up."""
        self.left -= steps
        if self.left < 0:
            raise BudgetExhausted(
                Note(
                    f"gave up after {self.steps} steps of search: the words barely fit, or not at "
                    "all; try a larger size, fewer or shorter words, or an easier level",
                    key="error.step-budget",
                    values={"steps": self.steps},
                )
            )
        self._until_clock -= steps
        if self._until_clock <= 0:
            self._until_clock = CLOCK_EVERY
            self.check_time()

    def quiet_steps(self, cost: int) -> int:
        """How many :meth:`spend` calls of ``cost`` steps each in a row would neither run out nor
        look at the clocks: a loop that tries many cheap things may count those itself and hand
        them over at once (:meth:`spend_quietly`), with the same effect."""
        return max(0, min(self.left // cost, (self._until_clock - 1) // cost))

    def spend_quietly(self, steps: int) -> None:
        """Use ``steps`` that :meth:`quiet_steps` allowed: :meth:`spend` without its checks."""
        self.left -= steps
        self._until_clock -= steps

    def cpu_left(self) -> float:
        """CPU seconds left before the budget ends the generation."""
        return max(0.0, self.cpu_deadline - time.thread_time())

    def check_time(self) -> None:
        """Raise :class:`GenerationTimeout` if the deadline or the CPU time has passed."""
        if time.thread_time() > self.cpu_deadline:
            raise GenerationTimeout(
                f"gave up after {self.cpu_seconds:g} CPU seconds of search: the words barely "
                "fit, or not at all; try a larger size, fewer or shorter words, or an easier "
                "level (--effort N allows N times as long)",
                key="error.cpu-budget",
                values={"seconds": f"{self.cpu_seconds:g}"},
            )
        if self.deadline is not None and time.monotonic() > self.deadline:
            assert self.timeout is not None  # a deadline comes from a timeout
            raise GenerationTimeout(
                f"generation took longer than {self.timeout:g} "
                f"second{'' if plural_count(self.timeout) == 1 else 's'} (the time limit); try a "
                "larger size, fewer or shorter words, an easier level, or a longer timeout",
                key="error.time-limit",
                values={"seconds": self.timeout},
                number=plural_count(self.timeout),
            )

    def share(self, fraction: float) -> Budget:
        """A budget of ``fraction`` of the steps left, with the same deadline (for an optional step)."""
        part = Budget(max(0, int(self.left * fraction)))
        part.timeout, part.deadline, part.effort = self.timeout, self.deadline, self.effort
        part.cpu_seconds, part.cpu_deadline = self.cpu_seconds, self.cpu_deadline
        return part

    def take_back(self, part: Budget) -> None:
        """Charge the steps a :meth:`share` used to this budget."""
        self.left -= part.steps - max(part.left, 0)


class SearchBudget:
    """The work of one placement search, drawn from the puzzle's :class:`Budget`.

    A search counts its steps here (:attr:`used`, against the limits of its runs) and charges the
    puzzle's budget for each: weighing a candidate is a step of the search, writing a long word
    costs the puzzle more. ``share`` scales the search's steps (a search with another after it
    keeps some back), ``effort`` its own effort on top of the puzzle's (the size suggestion tries
    less hard).
    """

    def __init__(self, budget: Budget, share: float = 1.0, effort: float = 1.0) -> None:
        self.budget = budget
        self.share = share
        self.effort = effort * budget.effort
        """How hard this search tries (1 = normal): the caller's effort times the puzzle's."""
        self.used = 0

    def spend(self, steps: int = 1, *, charge: int | None = None) -> None:
        """Count ``steps`` of the search and charge the puzzle ``charge`` (as many if None)."""
        self.used += steps
        cost = steps if charge is None else charge
        if cost:
            self.budget.spend(cost)

    def quiet_steps(self, charge: int) -> int:
        """How many :meth:`spend` calls of one step charged ``charge`` in a row would neither end
        the puzzle's budget nor look at its clocks (:meth:`Budget.quiet_steps`)."""
        return self.budget.quiet_steps(charge)

    def spend_quietly(self, steps: int, charge: int) -> None:
        """``steps`` calls of :meth:`spend` (one step charged ``charge`` each) that
        :meth:`quiet_steps` allowed, at once."""
        self.used += steps
        self.budget.spend_quietly(steps * charge)

    def count(self, steps: int = 1) -> None:
        """Count ``steps`` of the search that cost the puzzle nothing (all within one check)."""
        self.used += steps

    def check_time(self) -> None:
        """Look at the puzzle's clocks now, between the budget's own looks (see :meth:`Budget.check_time`)."""
        self.budget.check_time()
