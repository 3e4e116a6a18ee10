"""The whole pipeline: words → normalise → place → message → decoys → fill → verify.

>>> puzzle = generate(["TORF", "VOR", "RAD", "EVA"], rows=5, cols=5, level="hard", seed=1)
>>> verify_puzzle(puzzle).ok, len(puzzle.placements)
(True, 4)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from wortsuche.board import Board, Lexicon
from wortsuche.budget import Budget, BudgetExhausted
from wortsuche.decoys import plant_decoys
from wortsuche.errors import DoesNotFitError, InputError, WortsucheError
from wortsuche.fill import FillError, fill
from wortsuche.geometry import longest_fitting
from wortsuche.levels import options_for, parse_directions
from wortsuche.limits import MAX_SIDE
from wortsuche.message import MessageError, message_letters, write_message
from wortsuche.model import (
    Crossing,
    Decoys,
    Direction,
    Filler,
    Grid,
    HiddenMessage,
    Options,
    Placement,
    Puzzle,
    Word,
)
from wortsuche.placement import place
from wortsuche.rand import Rng, new_seed
from wortsuche.screen import screen_for
from wortsuche.shapes import Outline, outline
from wortsuche.sizes import SideBuilder, generate_auto_size, suggest_size
from wortsuche.verifier import verify_puzzle
from wortsuche.wordset import (
    outside_longer_words,
    prepare_secret_words,
    prepare_words,
    with_contained_words,
    with_reverse_twins,
    without_reverse_twins,
)

ATTEMPTS = 6
"""Complete layouts tried before giving up when the filler cannot settle."""

EXACT_MESSAGE_ATTEMPTS = 40
"""Layouts tried for a message that must fill every free cell (free cells vary by crossings)."""


@dataclass(frozen=True)
class Plan:
    """What to make, whatever the size: the words and how to hide them.

    The words whose letters are in ``secret`` are placed like the others and kept as the
    puzzle's ``secret_words``; ``drawn`` makes the cells outside its outline holes; ``exact``
    places by SAT solver.
    """

    words: tuple[Word, ...]
    level: str
    options: Options
    seed: int
    notes: tuple[str, ...] = ()
    message: HiddenMessage | None = None
    secret: frozenset[str] = frozenset()
    drawn: Outline | None = None
    exact: bool = False


class VerificationError(WortsucheError):
    """The finished grid failed the final self-check (a bug in wortsuche, never shown as a puzzle)."""


def generate(
    words: Iterable[str | Word],
    rows: int | None = None,
    cols: int | None = None,
    *,
    level: str = "medium",
    seed: int | None = None,
    directions: str | Sequence[Direction] | None = None,
    crossing: str | Crossing | None = None,
    filler: str | Filler | None = None,
    word_letter_share: int | None = None,
    decoys: str | Decoys | None = None,
    absent: bool | None = None,
    language: str | None = None,
    reversed_share: int | None = None,
    diagonal_share: int | None = None,
    letter_floor: int | None = None,
    allow_offensive: bool | None = None,
    density: str | None = None,
    wrap: bool | None = None,
    message: str | None = None,
    message_exact: bool = False,
    secret: Iterable[str | Word] | None = None,
    shape: str | None = None,
    mask: Sequence[str] | None = None,
    exact: bool = False,
    transliterate: bool = False,
    eszett: str = "keep",
    timeout: float | None = None,
    effort: float = 1.0,
) -> Puzzle:
    """Make a verified puzzle hiding every word exactly once (or, with ``absent``, not at all).

    ``rows``/``cols`` default to a size chosen from the words (see the puzzle's notes).
    Options left as None take the value of ``level``'s preset. ``message`` is hidden in the
    cells no word covers, read row by row (:mod:`wortsuche.message`); with ``message_exact``
    it fills them all. ``secret`` words are hidden like the others (exactly once) but not listed:
    the puzzle keeps them as ``secret_words``. ``shape`` (a name in
    :data:`wortsuche.shapes.SHAPES`) or ``mask`` (rows of ``#`` for a cell and ``.`` for a hole)
    turns cells into holes that hold :data:`~wortsuche.model.HOLE`. ``exact`` places the words
    with a SAT solver (:mod:`wortsuche.placement.exact`, the ``exact`` extra), which also proves when no
    layout exists. ``wrap`` makes the grid a torus: every line continues on the other side, so a
    word may run over an edge (at least 3 rows and 3 columns, no shape).
    Raises :class:`InputError` for unusable words or options and
    :class:`DoesNotFitError` when no layout exists in the size given, or none was found
    within the budget of steps (:mod:`wortsuche.budget`; every call ends). ``timeout`` caps
    the wall-clock seconds on top: past it, :class:`~wortsuche.budget.GenerationTimeout`.
    """
    if isinstance(effort, bool) or not isinstance(effort, int | float) or not 0 < effort <= 100:
        raise InputError(f"effort must be a number above 0 and at most 100, not {effort!r}")
    budget = Budget(timeout=_checked_timeout(timeout), effort=float(effort))
    prepared, notes = prepare_words(words, transliterate=transliterate, eszett=eszett)
    options = resolve_options(
        level,
        directions=directions,
        crossing=crossing,
        filler=filler,
        word_letter_share=word_letter_share,
        decoys=decoys,
        absent=absent,
        language=language,
        reversed_share=reversed_share,
        diagonal_share=diagonal_share,
        letter_floor=letter_floor,
        allow_offensive=allow_offensive,
        density=density,
        wrap=wrap,
    )
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise InputError(f"seed must be a whole number, not {seed!r}")
    if not isinstance(transliterate, bool):
        raise InputError(f"transliterate must be True or False, not {transliterate!r}")
    if not isinstance(message_exact, bool):
        raise InputError(f"message_exact must be True or False, not {message_exact!r}")
    hidden = None
    if message is not None:
        letters = message_letters(message, transliterate=transliterate, eszett=eszett)
        hidden = HiddenMessage(" ".join(message.split()), letters, message_exact)
    elif message_exact:
        raise InputError("message_exact needs a message")
    secret_words, secret_notes = prepare_secret_words(
        secret, prepared, options, transliterate, eszett
    )
    prepared, notes = prepared + secret_words, [*notes, *secret_notes]
    kept_secret = frozenset(w.letters for w in secret_words)
    drawn = outline(shape, mask)
    if options.wrap and drawn is not None:
        raise InputError(
            "--wrap needs the whole rectangle: a shaped grid has no opposite edge to continue on",
            key="error.wrap-shape",
        )
    if not isinstance(exact, bool):
        raise InputError(f"exact must be True or False, not {exact!r}")
    seed = new_seed() if seed is None else seed
    plan = Plan(
        words=tuple(prepared),
        level=level,
        options=options,
        seed=seed,
        notes=tuple(notes),
        message=hidden,
        secret=kept_secret,
        drawn=drawn,
        exact=exact,
    )
    if rows is None or cols is None:
        return generate_auto_size(
            prepared, options, seed, budget, _square_builder(plan), hidden, drawn
        )
    check_size(rows, cols, wrap=options.wrap)
    rng = Rng(seed)
    try:
        return build(plan, rows, cols, rng, budget)
    except DoesNotFitError as error:
        filled = hidden is not None and hidden.exact  # a larger size has more free cells
        if error.suggested_size is None and not isinstance(error, BudgetExhausted) and not filled:
            error.suggested_size = suggest_size(
                prepared,
                rows,
                cols,
                options,
                Rng(seed),
                budget.share(1.0),
                need_free=len(hidden.letters) if hidden else 0,
                drawn=drawn,
            )
            if error.suggested_size is not None:
                r, c = error.suggested_size
                error.args = (f"{error.args[0]}; a layout exists in {r}x{c}",)
        raise


def _checked_timeout(timeout: Any) -> float | None:
    """Seconds as a float (None and infinity: no limit); anything but a positive number is refused."""
    if timeout is None or timeout == float("inf"):
        return None
    if isinstance(timeout, bool) or not isinstance(timeout, int | float) or not timeout > 0:
        raise InputError(f"timeout must be a number of seconds above 0, not {timeout!r}")
    return float(timeout)


def resolve_options(level: str, **changes: Any) -> Options:
    """The options of ``level`` with changes given as enums or their string values."""
    converted: dict[str, Any] = {}
    for name, kind in (("crossing", Crossing), ("filler", Filler), ("decoys", Decoys)):
        value = changes.pop(name)
        if value is not None and not isinstance(value, str | kind):
            raise InputError(f"{name} must be a {kind.__name__} or its name, not {value!r}")
        if isinstance(value, str):
            try:
                value = kind(value)
            except ValueError:
                choices = ", ".join(k.value for k in kind)
                raise InputError(f"unknown {name} {value!r}; choose one of {choices}") from None
        converted[name] = value
    directions = changes.pop("directions")
    if isinstance(directions, str):
        directions = parse_directions(directions)
    elif directions is not None:
        directions = _direction_tuple(directions)
    for name, kinds in (
        ("word_letter_share", int),
        ("absent", bool),
        ("language", str),
        ("reversed_share", int),
        ("diagonal_share", int),
        ("letter_floor", int),
        ("allow_offensive", bool),
        ("density", str),
        ("wrap", bool),
    ):
        value = changes.get(name)
        if value is not None and (
            not isinstance(value, kinds) or (kinds is int and isinstance(value, bool))
        ):
            raise InputError(f"{name} must be {_KIND_NAMES[name]}, not {value!r}")
    options = options_for(level, directions=directions, **converted, **changes)
    if changes.get("word_letter_share") is not None and options.filler in (
        Filler.WORDS,
        Filler.TRAPS,
    ):
        raise InputError(
            f"word_letter_share has no effect with the filler {options.filler.value!r}: every "
            "filler letter is a word letter already; choose another filler to mix them"
        )
    return options


_KIND_NAMES = {
    "word_letter_share": "a whole number 0 to 100",
    "reversed_share": "a whole number 0 to 100",
    "diagonal_share": "a whole number 0 to 100",
    "letter_floor": "a whole number 0 to 100",
    "allow_offensive": "True or False",
    "density": "normal or high",
    "absent": "True or False",
    "language": "auto, de or en",
    "wrap": "True or False",
}


def _direction_tuple(directions: Any) -> tuple[Direction, ...]:
    """Directions given as a sequence of :class:`Direction` values or their names (``"E"``)."""
    if not isinstance(directions, Sequence):
        raise InputError(f"directions must be a list of directions, not {directions!r}")
    converted = []
    for item in directions:
        if isinstance(item, Direction):
            converted.append(item)
        elif isinstance(item, str):
            converted.extend(parse_directions(item))
        else:
            raise InputError(f"directions must be Direction values or names, not {item!r}")
    return tuple(converted)


WRAP_MIN_SIDE = 3
"""The smallest side of a torus: with 2 rows, up and down lead to the same cell."""


def check_size(rows: int, cols: int, *, wrap: bool = False) -> None:
    """Refuse sizes that are not positive whole numbers or larger than ``MAX_SIDE`` (and, for a
    torus, smaller than ``WRAP_MIN_SIDE``)."""
    for name, value in (("rows", rows), ("columns", cols)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise InputError(f"{name} must be a whole number of at least 1, not {value!r}")
        if value > MAX_SIDE:
            raise InputError(f"{name} must be at most {MAX_SIDE}, not {value}")
    if wrap and min(rows, cols) < WRAP_MIN_SIDE:
        raise InputError(
            f"--wrap needs at least {WRAP_MIN_SIDE} rows and {WRAP_MIN_SIDE} columns, "
            f"not {rows}x{cols}",
            key="error.wrap-size",
            values={"rows": rows, "cols": cols},
        )


def build(plan: Plan, rows: int, cols: int, rng: Rng, budget: Budget | None = None) -> Puzzle:
    """Run place → message → decoys → fill → verify for one size; the puzzle returned has passed
    the verifier. Every step spends from ``budget`` (a fresh :class:`Budget` if None)."""
    budget = budget if budget is not None else Budget()
    options, message = plan.options, plan.message
    letters = [w.letters for w in plan.words]
    to_place = without_reverse_twins(outside_longer_words(letters))
    if not options.absent:
        _check_fits_at_all(to_place, rows, cols, options)
    lexicon = Lexicon(letters)
    # The screen binds what wortsuche adds (decoys, filler), not how the user's words meet.
    screened = lexicon if options.allow_offensive else Lexicon(letters, screen_for(letters))
    attempts = EXACT_MESSAGE_ATTEMPTS if message is not None and message.exact else ATTEMPTS
    holes = plan.drawn.hole_indexes(rows, cols) if plan.drawn else []
    if len(holes) == rows * cols:
        raise DoesNotFitError(f"the shape leaves no cell in {rows}x{cols}", kind="cannot_exist")
    failures = _Failures()
    for _ in range(attempts):
        board = Board(rows, cols, lexicon, budget, holes, wrap=options.wrap)
        placed = [] if options.absent else place(to_place, board, options, rng, exact=plan.exact)
        puzzle = _finish(plan, board, placed, screened, rng, failures)
        if puzzle is not None:
            return puzzle
    if message is not None and failures.message:
        raise _message_does_not_fit(message, rows, cols, failures.free_counts)
    raise DoesNotFitError(
        f"the free cells of {rows}x{cols} could not be filled without forming a word "
        f"({failures.fill} layouts tried); try a larger size or another filler"
    )


class _Failures:
    """What went wrong in the layouts tried so far, for the error when none worked."""

    def __init__(self) -> None:
        self.fill = 0
        self.message = 0
        self.free_counts: list[int] = []


def _finish(
    plan: Plan,
    board: Board,
    placed: Sequence[Placement],
    screened: Lexicon,
    rng: Rng,
    failures: _Failures,
) -> Puzzle | None:
    """Message → decoys → fill → verify on a board whose words stand; None (and the failure
    counted) when the message or the filler does not fit this layout."""
    options, message = plan.options, plan.message
    letters = [w.letters for w in plan.words]
    if message is not None:
        try:
            write_message(board, message.letters, exact=message.exact)
        except MessageError:
            failures.message += 1
            failures.free_counts.append(board.empty_count())
            return None
    board.lexicon = screened
    plant_decoys(board, letters, options, rng)
    try:
        fill_notes = fill(board, options, letters, rng)
    except FillError:
        failures.fill += 1
        return None
    placements = with_contained_words(with_reverse_twins(placed, letters), placed, letters)
    puzzle = Puzzle(
        grid=Grid.from_rows(board.rows_text()),
        words=tuple(w for w in plan.words if w.letters not in plan.secret),
        secret_words=tuple(w for w in plan.words if w.letters in plan.secret),
        placements=placements,
        level=plan.level,
        options=options,
        seed=plan.seed,
        notes=plan.notes + tuple(fill_notes),
        message=message,
    )
    report = verify_puzzle(puzzle)
    if not report.ok:
        raise VerificationError(
            "generated grid failed the self-check: " + "; ".join(report.problems)
        )
    return puzzle


def _square_builder(plan: Plan) -> SideBuilder:
    """The per-size run of ``plan`` on the squares the automatic size search tries."""

    def build_side(side: int, rng: Rng, budget: Budget, note: str) -> Puzzle:
        return build(replace(plan, notes=(*plan.notes, note)), side, side, rng, budget)

    return build_side


def _message_does_not_fit(
    message: HiddenMessage, rows: int, cols: int, free_counts: Sequence[int]
) -> DoesNotFitError:
    """Why no layout held the message: too few free cells, never exactly as many, or a word."""
    n, least, most = len(message.letters), min(free_counts), max(free_counts)
    seen = f"{least}" if least == most else f"{least} to {most}"
    tried = len(free_counts)
    if most < n:
        key = "error.message-too-few-cells"
        why = f"it has {n} letters, but only {seen} cells stayed free"
        advice = "a larger grid or a shorter message"
    elif message.exact and n not in free_counts:
        key = "error.message-not-exact"
        why = f"it has {n} letters, and {tried} layouts left {seen} cells free, never exactly {n}"
        advice = "a smaller grid" if least > n else "another size or message length"
    else:
        key = "error.message-spells-word"
        why = "it would spell a listed word a second time in every layout tried"
        advice = "another message or a larger grid"
    return DoesNotFitError(
        f"the message does not fit in {rows}x{cols}: {why}; try {advice}",
        key=key,
        values={"rows": rows, "cols": cols, "count": n, "free": seen},
    )


def _check_fits_at_all(words: Sequence[str], rows: int, cols: int, options: Options) -> None:
    """Fail before searching when a word is longer than any line or the letters outnumber the cells."""
    room = longest_fitting(rows, cols, options.directions, wrap=options.wrap)
    too_long = [w for w in words if len(w) > room]
    if too_long:
        need = max(len(w) for w in too_long)
        arrows = " ".join(d.arrow for d in options.directions)
        raise DoesNotFitError(
            f"{too_long[0]} has {len(too_long[0])} letters, but at most {room} fit in "
            f"{rows}x{cols} going {arrows}",
            words=tuple(too_long),
            suggested_size=(max(rows, need), max(cols, need)),
            kind="cannot_exist",
        )
    total = sum(len(w) for w in words)
    if options.crossing is Crossing.NEVER and total > rows * cols:
        side = math.ceil(math.sqrt(total / 0.6))
        raise DoesNotFitError(
            f"the words have {total} letters but {rows}x{cols} has only {rows * cols} cells "
            "and they may not cross",
            suggested_size=(max(rows, side), max(cols, side)),
            kind="cannot_exist",
        )
