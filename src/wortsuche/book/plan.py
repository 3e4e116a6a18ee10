"""What a book holds: which puzzles, from which lists, with which words, seeds and levels.

Every puzzle's seed is derived from the book's seed and the puzzle's number alone, and the
words of each puzzle are dealt before any puzzle is generated, so a book is the same whatever
the number of worker processes.

A run too large for one machine is split by puzzle number: each part plans the whole book up to
its last puzzle (dealing words is cheap) and generates only its own range, ``first`` to
``first + count - 1``.

>>> plan = plan_book([("animals", ["CAT", "DOG", "COW", "PIG", "HEN"])], seed=1, count=3,
...                  words_per_puzzle=2)
>>> [len(p.words) for p in plan], plan[0].seed == puzzle_seed(1, 1)
([2, 2, 2], True)
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from wortsuche.difficulty.simulated import rate_puzzle
from wortsuche.errors import DoesNotFitError, InputError, UserError
from wortsuche.model import Puzzle
from wortsuche.notes import Note
from wortsuche.pipeline.run import generate
from wortsuche.rand import Rng
from wortsuche.rating.targeting import generate_near
from wortsuche.words.pictures import letter_count
from wortsuche.words.themes import nested

_nested = functools.lru_cache(maxsize=1 << 16)(nested)
""":func:`nested`, remembered: dealing a book asks it of the same pairs of words again and
again (200 puzzles of 15 from a list of 30: 138,000 times, most of the planning's 0.17 s)."""

MAX_PUZZLES = 1000
"""The most puzzles one book (a PDF) may hold."""

MAX_RUN = 100_000
"""The most puzzles one run may write as JSON Lines."""

MAX_NUMBER = 1_000_000
"""The highest puzzle number a run may reach (``first + count - 1``)."""

DEFAULT_WORDS_PER_PUZZLE = 15
"""Words per puzzle with ``count`` when no number is given."""


@dataclass(frozen=True)
class Stretch:
    """Which puzzles of a book a plan holds: from number ``first`` on, and at most ``most`` of
    them (:data:`MAX_PUZZLES` for a book, :data:`MAX_RUN` for a run written as JSON Lines)."""

    first: int = 1
    most: int = MAX_PUZZLES


@dataclass(frozen=True)
class PlannedPuzzle:
    """One puzzle of a book before it is generated: its number, title, words and seed."""

    number: int
    title: str
    words: tuple[str, ...]
    seed: int
    size: tuple[int, int] | None = None
    """The size its word list asks for (a competition file's header), used without ``--size``."""
    turn: int = 0
    """The pass through the word lists it is dealt in (0: the first): several levels take turns
    by rounds, so that each list has puzzles of every level."""
    largest: tuple[tuple[int, int], ...] = ()
    """The largest sizes its pages hold (large print on a trim), most wanted first: a size
    chosen from the words that is larger than each is made at the first that holds the words
    (:func:`make_puzzle`)."""
    half: bool = False
    """Its largest sizes are half a page's (two puzzles a page), not a page's."""


@dataclass(frozen=True)
class BookSettings:
    """How every puzzle of a book is generated (the keyword arguments of ``generate``)."""

    rows: int | None = None
    cols: int | None = None
    level: str | tuple[str, ...] = "medium"
    """The puzzles' level, or several that take turns (:meth:`level_for`)."""
    options: dict[str, Any] = field(default_factory=dict)
    difficulty: float | None = None
    """A target difficulty score: each puzzle is made nearest to it (``targeting.generate_near``)."""
    pictures: Mapping[str, str] = field(default_factory=dict)
    """The teacher's own pictures by the short names the plan's clues carry in their place
    (``picture-….png``, :func:`~wortsuche.book.files.picture_name`): each puzzle's clue becomes
    the picture once the puzzle is made (:func:`with_pictures`)."""

    def __post_init__(self) -> None:
        if not isinstance(self.level, str) and not self.level:
            raise InputError("no level given", key="error.no-level")
        if not isinstance(self.level, str) and self.difficulty is not None:
            raise InputError(
                "a target difficulty chooses each puzzle's level itself: give at most one --level",
                key="error.levels-and-difficulty",
            )

    def level_for(self, planned: PlannedPuzzle) -> str:
        """The level of a planned puzzle: several levels take turns by rounds through the word
        lists (with three lists and easy, hard: puzzles 1–3 easy, 4–6 hard, 7–9 easy, …)."""
        if isinstance(self.level, str):
            return self.level
        return self.level[planned.turn % len(self.level)]


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
    """Words dealt from a shuffled list, reshuffled when used up, so all words get used evenly;
    each hand takes the words the last hand did not have first, so that two puzzles in a row
    from one list share no more words than its length forces (2 x 15 - 20 = 10 of 20 words)."""

    def __init__(self, words: list[str], rng: Rng) -> None:
        self.words = words
        self.rng = rng
        self.pile: list[str] = []
        self.last: frozenset[str] = frozenset()

    def deal(self, n: int) -> tuple[str, ...]:
        """``n`` different words (n must not exceed the number of words), none inside another
        (:func:`~wortsuche.words.themes.nested`: TIT beside BLUE TIT) while the list has others."""
        hand: list[str] = []
        while len(hand) < n:
            if not self.pile:
                self.pile = self.rng.shuffled(self.words)
            at = self._next(hand, apart=True)
            if at is None:  # nothing left in the pile fits: the next shuffle goes under it
                self.pile[:0] = self.rng.shuffled(self.words)
                at = self._next(hand, apart=True)
                if at is None:
                    at = self._next(hand, apart=False)
            assert at is not None  # n words are different
            hand.append(self.pile.pop(at))
        self.last = frozenset(hand)
        return tuple(hand)

    def _next(self, hand: list[str], *, apart: bool) -> int | None:
        """Where in the pile, from its top, the next word for ``hand`` lies: one not in it and,
        if ``apart``, inside none of its words nor holding one; one the last hand did not
        have, if the pile has such a word."""
        fitting = (
            at
            for at in range(len(self.pile) - 1, -1, -1)
            if (word := self.pile[at]) not in hand
            and not (apart and any(_nested(word, held) for held in hand))
        )
        first = None
        for at in fitting:
            if self.pile[at] not in self.last:
                return at
            first = at if first is None else first
        return first


def plan_book(
    lists: Sequence[tuple[str, Sequence[str]]],
    *,
    seed: int,
    count: int | None = None,
    words_per_puzzle: int | None = None,
    sizes: Sequence[tuple[int, int] | None] | None = None,
    stretch: Stretch = Stretch(),
) -> list[PlannedPuzzle]:
    """Decide each puzzle's title, words and seed.

    Without ``count`` each list makes one puzzle. With ``count``, that many puzzles are drawn
    from the lists in turn, each from ``words_per_puzzle`` different words of its list (all of
    them if it has fewer: :func:`short_lists` names those lists).
    ``sizes`` gives each list's own grid size, if it has one. With a ``stretch`` from ``first``,
    the plan holds puzzles ``first`` to ``first + count - 1`` of the book, exactly as a plan from
    1 holds them; its ``most`` is the largest ``count`` allowed.

    >>> lists = [("animals", ["CAT", "DOG", "COW", "PIG", "HEN"])]
    >>> whole = plan_book(lists, seed=1, count=6, words_per_puzzle=2)
    >>> whole[3:] == plan_book(lists, seed=1, count=3, words_per_puzzle=2, stretch=Stretch(4))
    True
    """
    if not lists:
        raise InputError("no word lists given", key="error.no-word-lists")
    first, most = stretch.first, stretch.most
    total = len(lists) if count is None else count
    if not 1 <= total <= most:
        what = "a book" if most == MAX_PUZZLES else "a run"
        raise InputError(
            f"{what} holds 1 to {most} puzzles, not {total}",
            key="error.book-size" if most == MAX_PUZZLES else "error.run-size",
            values={"most": most, "value": total},
        )
    if first < 1 or (count is None and first != 1):
        raise InputError(
            f"the first puzzle's number must be at least 1, not {first}",
            key="error.first-number",
            values={"value": first},
        )
    last = first + total - 1
    if last > MAX_NUMBER:
        raise InputError(
            f"puzzle numbers go up to {MAX_NUMBER}, not {last}",
            key="error.last-number",
            values={"most": MAX_NUMBER, "value": last},
        )
    if words_per_puzzle is not None and words_per_puzzle < 1:
        raise InputError(
            f"--words-per-puzzle must be at least 1, not {words_per_puzzle}",
            key="error.at-least-1",
            values={"name": "--words-per-puzzle", "value": words_per_puzzle},
        )
    per_puzzle = words_per_puzzle
    if count is not None and per_puzzle is None:
        per_puzzle = DEFAULT_WORDS_PER_PUZZLE
    decks = []
    for index, (title, words) in enumerate(lists):
        unique = distinct(words)
        if not unique:
            raise InputError(
                f"word list {title!r} has no words",
                key="error.list-no-words",
                values={"title": title},
            )
        decks.append((title, unique, _Deck(unique, Rng(puzzle_seed(seed, -1 - index)))))
    list_sizes = list(sizes) if sizes is not None else [None] * len(lists)
    plan = []
    for number in range(1, last + 1):
        index = (number - 1) % len(decks)
        title, unique, deck = decks[index]
        # every puzzle before ``first`` is dealt too, so each deck stands where one run has it
        words = tuple(unique) if per_puzzle is None else deck.deal(min(per_puzzle, len(unique)))
        if number >= first:
            size = list_sizes[index]
            turn = _turn(number, len(decks), count)
            plan.append(PlannedPuzzle(number, title, words, puzzle_seed(seed, number), size, turn))
    return plan


def _turn(number: int, lists: int, count: int | None) -> int:
    """Which turn of the levels puzzle ``number`` takes: a round through the ``lists`` each,
    or, with one puzzle a list (no ``count``), a puzzle each."""
    return (number - 1) // lists if count is not None else number - 1


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


def repeated_puzzles(plan: Sequence[PlannedPuzzle]) -> tuple[int, list[str]]:
    """How many puzzles share more than half their words with an earlier puzzle of their
    list (a list too short for its puzzles: 20 words dealt 15 a puzzle), and those lists."""
    by_list: dict[str, list[frozenset[str]]] = {}
    repeated = 0
    lists: dict[str, None] = {}
    for planned in plan:
        words = frozenset(word.casefold() for word in planned.words)
        earlier = by_list.setdefault(planned.title, [])
        if any(2 * len(words & other) > len(words) for other in earlier):
            repeated += 1
            lists[planned.title] = None
        earlier.append(words)
    return repeated, list(lists)


def make_puzzle(planned: PlannedPuzzle, settings: BookSettings) -> Puzzle | UserError:
    """Generate one planned puzzle; the error instead if it cannot be made (for worker
    processes: it crosses back pickled, its catalogue entry with it)."""
    rows, cols = settings.rows, settings.cols
    if rows is None and cols is None and planned.size is not None:
        rows, cols = planned.size
    try:
        if rows is None and cols is None and planned.largest:
            return with_pictures(_within_largest(planned, settings), settings.pictures)
        return with_pictures(_generated(planned, settings, rows, cols), settings.pictures)
    except UserError as error:  # a bug (InternalError, anything else) stops the book instead
        return error


def with_pictures(puzzle: Puzzle, pictures: Mapping[str, str]) -> Puzzle:
    """``puzzle`` with each clue that names one of ``pictures`` (a letter count after it kept)
    as that picture: the plan carries a short name, the sheets draw the picture."""
    if not pictures:
        return puzzle
    words = []
    for word in puzzle.words:
        name, count = letter_count(word.clue) if word.clue else ("", None)
        if name in pictures:
            picture = pictures[name]
            word = replace(word, clue=picture if count is None else f"{picture} ({count})")
        words.append(word)
    return replace(puzzle, words=tuple(words))


def _generated(
    planned: PlannedPuzzle, settings: BookSettings, rows: int | None, cols: int | None
) -> Puzzle:
    """The planned puzzle made in ``rows`` x ``cols`` (None: a size chosen from the words)."""
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
        level=settings.level_for(planned),
        seed=planned.seed,
        **settings.options,
    )


def _within_largest(planned: PlannedPuzzle, settings: BookSettings) -> Puzzle:
    """The planned puzzle in the size chosen from its words if its pages hold that, else in
    the first of its largest sizes that they hold and the words fit (a page that keeps the
    list beside the grid before a page of the grid alone)."""
    chosen = _generated(planned, settings, None, None)
    for rows, cols in planned.largest:
        if chosen.rows <= rows and chosen.cols <= cols:
            return chosen
        with contextlib.suppress(DoesNotFitError):
            return _generated(planned, settings, rows, cols)
    largest = planned.largest[-1]
    if planned.half:
        raise _larger_than_pages(
            chosen,
            largest,
            "its words need a {size} grid, and half a page holds at most {largest} readably: "
            "--puzzles-per-page 1, a larger --trim or fewer words a puzzle (--words-per-puzzle)",
            key="error.larger-than-half",
        )
    raise _larger_than_pages(
        chosen,
        largest,
        "its words need a {size} grid, and large print on this trim holds at most {largest}: "
        "fewer words a puzzle (--count, --words-per-puzzle) or a larger --trim",
        key="error.larger-than-large-print",
    )


def _larger_than_pages(
    chosen: Puzzle, largest: tuple[int, int], text: str, *, key: str
) -> DoesNotFitError:
    """The refusal of a puzzle whose words need a larger grid than its pages hold at most
    (``largest``); ``text`` says so in English, with ``{size}`` and ``{largest}``."""
    values = {"size": f"{chosen.rows}x{chosen.cols}", "largest": f"{largest[0]}x{largest[1]}"}
    return DoesNotFitError(Note(text.format(**values), key=key, values=values))


def scores(
    puzzles: Sequence[Puzzle],
    parts: Callable[[Callable[..., Any], list[tuple[Any, ...]]], list[Any]] | None = None,
) -> list[float]:
    """Each puzzle's difficulty score, asked of the rating once: the printed book orders,
    groups and footnotes its puzzles by these numbers. ``parts`` rates :data:`RATED` puzzles
    at a time (perhaps in worker processes; default: here, one after another)."""
    if parts is None:
        return [rate_puzzle(puzzle).score for puzzle in puzzles]
    jobs = [(list(puzzles[start : start + RATED]),) for start in range(0, len(puzzles), RATED)]
    return [score for part in parts(scores, jobs) for score in part]


RATED = 25
"""Puzzles rated in one job of a book's workers: the main process lays out the pages only once
every puzzle is rated, so the workers rate them (0.09 CPU s for 200 puzzles of 15 words)."""
