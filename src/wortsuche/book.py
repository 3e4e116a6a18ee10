"""Puzzle books: plan many puzzles from word lists, then generate them in parallel.

Every puzzle's seed is derived from the book's seed and the puzzle's number alone, and the
words of each puzzle are dealt before any puzzle is generated, so a book is the same whatever
the number of worker processes.

>>> plan = plan_book([("animals", ["CAT", "DOG", "COW", "PIG", "HEN"])], seed=1, count=3,
...                  words_per_puzzle=2)
>>> [len(p.words) for p in plan], plan[0].seed == puzzle_seed(1, 1)
([2, 2, 2], True)
"""

from __future__ import annotations

import hashlib
import os
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from wortsuche.errors import InputError, WortsucheError
from wortsuche.model import Puzzle
from wortsuche.pipeline import generate
from wortsuche.rand import Rng
from wortsuche.targeting import generate_near

MAX_PUZZLES = 1000
"""The most puzzles one book may hold."""

DEFAULT_WORDS_PER_PUZZLE = 15
"""Words per puzzle with ``count`` when no number is given."""


@dataclass(frozen=True)
class PlannedPuzzle:
    """One puzzle of a book before it is generated: its number, title, words and seed."""

    number: int
    title: str
    words: tuple[str, ...]
    seed: int
    size: tuple[int, int] | None = None
    """The size its word list asks for (a competition file's header), used without ``--size``."""


@dataclass(frozen=True)
class BookSettings:
    """How every puzzle of a book is generated (the keyword arguments of ``generate``)."""

    rows: int | None = None
    cols: int | None = None
    level: str = "medium"
    options: dict[str, Any] = field(default_factory=dict)
    difficulty: float | None = None
    """A target difficulty score: each puzzle is made nearest to it (``targeting.generate_near``)."""


def puzzle_seed(book_seed: int, number: int) -> int:
    """The seed of puzzle ``number`` in the book made with ``book_seed`` (1 to 10**9)."""
    digest = hashlib.sha256(f"wortsuche-book:{book_seed}:{number}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % 10**9 + 1


def distinct(words: Sequence[str]) -> list[str]:
    """The words without repeats (ignoring case and surrounding space), first spelling kept."""
    seen: set[str] = set()
    result = []
    for word in words:
        key = word.strip().casefold()
        if key and key not in seen:
            seen.add(key)
            result.append(word.strip())
    return result


class _Deck:
    """Words dealt from a shuffled list, reshuffled when used up, so all words get used evenly."""

    def __init__(self, words: list[str], rng: Rng) -> None:
        self.words = words
        self.rng = rng
        self.pile: list[str] = []

    def deal(self, n: int) -> tuple[str, ...]:
        """``n`` different words (n must not exceed the number of words)."""
        hand: list[str] = []
        while len(hand) < n:
            if not self.pile:
                self.pile = self.rng.shuffled(self.words)
            word = self.pile.pop()
            if word in hand:
                # Drawn again after a reshuffle within one hand: put it back for a later puzzle.
                self.pile.insert(0, word)
                continue
            hand.append(word)
        return tuple(hand)


def plan_book(
    lists: Sequence[tuple[str, Sequence[str]]],
    *,
    seed: int,
    count: int | None = None,
    words_per_puzzle: int | None = None,
    sizes: Sequence[tuple[int, int] | None] | None = None,
) -> list[PlannedPuzzle]:
    """Decide each puzzle's title, words and seed.

    Without ``count`` each list makes one puzzle. With ``count``, that many puzzles are drawn
    from the lists in turn, each from ``words_per_puzzle`` different words of its list (all of
    them if it has fewer: :func:`short_lists` names those lists).
    ``sizes`` gives each list's own grid size, if it has one.
    """
    if not lists:
        raise InputError("no word lists given")
    total = len(lists) if count is None else count
    if not 1 <= total <= MAX_PUZZLES:
        raise InputError(f"a book holds 1 to {MAX_PUZZLES} puzzles, not {total}")
    if words_per_puzzle is not None and words_per_puzzle < 1:
        raise InputError(f"--words-per-puzzle must be at least 1, not {words_per_puzzle}")
    per_puzzle = words_per_puzzle
    if count is not None and per_puzzle is None:
        per_puzzle = DEFAULT_WORDS_PER_PUZZLE
    decks = []
    for index, (title, words) in enumerate(lists):
        unique = distinct(words)
        if not unique:
            raise InputError(f"word list {title!r} has no words")
        decks.append((title, unique, _Deck(unique, Rng(puzzle_seed(seed, -1 - index)))))
    list_sizes = list(sizes) if sizes is not None else [None] * len(lists)
    plan = []
    for number in range(1, total + 1):
        index = (number - 1) % len(decks)
        title, unique, deck = decks[index]
        words = tuple(unique) if per_puzzle is None else deck.deal(min(per_puzzle, len(unique)))
        size = list_sizes[index]
        plan.append(PlannedPuzzle(number, title, words, puzzle_seed(seed, number), size))
    return plan


def short_lists(
    lists: Sequence[tuple[str, Sequence[str]]],
    *,
    count: int | None,
    words_per_puzzle: int | None,
) -> list[tuple[str, int, int]]:
    """The lists with fewer different words than a puzzle asks for: (title, words, wanted).

    Their puzzles use every word they have (see :func:`plan_book`).
    """
    wanted = words_per_puzzle
    if count is not None and wanted is None:
        wanted = DEFAULT_WORDS_PER_PUZZLE
    if wanted is None:
        return []
    return [
        (title, len(unique), wanted)
        for title, words in lists
        if 0 < len(unique := distinct(words)) < wanted
    ]


def make_puzzle(planned: PlannedPuzzle, settings: BookSettings) -> Puzzle | str:
    """Generate one planned puzzle; a message instead if it cannot be made (for worker processes)."""
    rows, cols = settings.rows, settings.cols
    if rows is None and cols is None and planned.size is not None:
        rows, cols = planned.size
    try:
        if settings.difficulty is not None:
            return generate_near(
                planned.words,
                rows,
                cols,
                target=settings.difficulty,
                seed=planned.seed,
                **settings.options,
            )
        return generate(
            planned.words,
            rows,
            cols,
            level=settings.level,
            seed=planned.seed,
            **settings.options,
        )
    except WortsucheError as error:
        return str(error)


def end_with_parent() -> None:
    """In a worker process: die when the process that started it dies (Linux), even by kill -9.

    SIGTERM gets its default meaning back (a forked worker inherits the command line's
    handler, which would turn ``terminate()`` into an exception the worker survives).
    """
    import signal

    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if sys.platform.startswith("linux"):
        import ctypes

        ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
        if os.getppid() == 1:  # the parent died before the line above
            os._exit(1)


def _stop(pool: ProcessPoolExecutor) -> None:
    """Cancel what waits and end the workers that run (the executor would let them finish)."""
    processes = list(getattr(pool, "_processes", {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(5)


def build_book(
    plan: Sequence[PlannedPuzzle],
    settings: BookSettings,
    *,
    workers: int | None = None,
    on_done: Callable[[PlannedPuzzle], None] | None = None,
) -> list[Puzzle]:
    """Generate the planned puzzles (in ``workers`` processes, default one per core), in order."""
    workers = workers or os.cpu_count() or 1
    if workers < 1:
        raise InputError(f"workers must be at least 1, not {workers}")
    results: dict[int, Puzzle | str] = {}
    if workers == 1 or len(plan) == 1:
        for planned in plan:
            results[planned.number] = make_puzzle(planned, settings)
            if isinstance(results[planned.number], str):
                break
            if on_done:
                on_done(planned)
    else:
        pool = ProcessPoolExecutor(max_workers=min(workers, len(plan)), initializer=end_with_parent)
        try:
            futures = {pool.submit(make_puzzle, planned, settings): planned for planned in plan}
            for future in as_completed(futures):
                planned = futures[future]
                results[planned.number] = future.result()
                if isinstance(results[planned.number], str):
                    # One puzzle cannot be made, so the book cannot: stop the rest early.
                    for other in futures:
                        other.cancel()
                    break
                if on_done:
                    on_done(planned)
        except BaseException:
            # interrupted (Ctrl+C, SIGTERM): stop the workers now instead of finishing the book
            _stop(pool)
            raise
        pool.shutdown(cancel_futures=True)
    for planned in plan:
        failure = results.get(planned.number)
        if isinstance(failure, str):
            raise InputError(f"puzzle {planned.number} ({planned.title}): {failure}")
    return [result for p in plan if isinstance(result := results[p.number], Puzzle)]
