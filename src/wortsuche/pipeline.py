"""The whole pipeline: words → normalise → place → message → decoys → fill → verify.

>>> puzzle = generate(["TORF", "VOR", "RAD", "EVA"], rows=5, cols=5, level="hard", seed=1)
>>> verify_puzzle(puzzle).ok, len(puzzle.placements)
(True, 4)
"""

from __future__ import annotations

import bisect
import itertools
import math
from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from wortsuche.board import Board, Lexicon
from wortsuche.budget import Budget
from wortsuche.crowded import MAX_BITS, place_crowded, table_bits
from wortsuche.decoys import plant_decoys
from wortsuche.errors import (
    BudgetExhausted,
    DoesNotFitError,
    FillError,
    InputError,
    MessageError,
    VerificationError,
)
from wortsuche.fill import fill
from wortsuche.geometry import longest_fitting
from wortsuche.limits import MAX_SIDE, MAX_WORDS
from wortsuche.message import write_message
from wortsuche.model import (
    Crossing,
    Grid,
    HiddenMessage,
    Options,
    Placement,
    Puzzle,
    Word,
)
from wortsuche.normalise import normalise_words
from wortsuche.packing import packs, place_packed
from wortsuche.place import CROWDED, place_words
from wortsuche.rand import Rng, new_seed
from wortsuche.screen import screen_for
from wortsuche.shapes import Outline
from wortsuche.spec import Checked, PuzzleSpec
from wortsuche.verifier import verify_puzzle

ATTEMPTS = 6
"""Complete layouts tried before giving up when the filler cannot settle."""

EXACT_MESSAGE_ATTEMPTS = 40
"""Layouts tried for a message that must fill every free cell (free cells vary by crossings)."""

QUICK_SHARE = 1 / 8
"""On a crowded grid, the share of its usual runs the quick search gets before the search that
keeps every word's open positions (:mod:`wortsuche.crowded`) takes over."""

SKIP_QUICK = 1.0
"""Letters per free cell above which the quick search is not tried first where the search with
open positions can take the list: there words must cross, and the quick search, which places
them one after another, rarely finds a layout (17 of 120 random cases at 1.0–1.1, 0 of 40 seeds
on the frozen lists) while its share costs 0.05–0.14 s. Measured over 20 seeds, de-20x20-60
medium: 16 → 20 within 2 s, median 0.98 → 0.54 s; random cases at 1.0–1.1 letters per cell:
49 → 50 of 60."""

PACKED_SHARE = 1 / 2
"""On a crowded grid whose words never cross, the share of its steps packing the words into
lines (:mod:`wortsuche.packing`) gets before the search that keeps every word's open
positions takes over."""


class PlaceFunction(Protocol):
    """One of the placement searches of step 2."""

    def __call__(
        self, words: Sequence[str], board: Board, options: Options, rng: Rng, *, share: float
    ) -> list[Placement]: ...


SIZE_SHARE = 1 / 3
"""The share of the steps left that the automatic size search gives each size it tries."""


def generate(
    words: PuzzleSpec | Iterable[str | Word],
    rows: int | None = None,
    cols: int | None = None,
    *,
    level: str | None = None,
    seed: int | None = None,
    **options: Any,
) -> Puzzle:
    """Make a verified puzzle hiding every word exactly once (or, with ``absent``, not at all).

    Takes a :class:`~wortsuche.spec.PuzzleSpec`, or its words, size and options as keywords
    (the declarations in :data:`wortsuche.spec.OPTIONS`; an unknown keyword is an
    :class:`InputError`). ``rows``/``cols`` default to a size chosen from the words (see the
    puzzle's notes); one of them alone makes a square. ``level`` defaults to medium; options
    left as None take the value of its preset. ``message`` is hidden in the
    cells no word covers, read row by row (:mod:`wortsuche.message`); with ``message_exact``
    it fills them all. ``secret`` words are hidden like the others (exactly once) but not listed:
    the puzzle keeps them as ``secret_words``. ``shape`` (a name in
    :data:`wortsuche.shapes.SHAPES`) or ``mask`` (rows of ``#`` for a cell and ``.`` for a hole)
    turns cells into holes that hold :data:`~wortsuche.model.HOLE`. ``exact`` places the words
    with a SAT solver (:mod:`wortsuche.exact`, the ``exact`` extra), which also proves when no
    layout exists. ``wrap`` makes the grid a torus: every line continues on the other side, so a
    word may run over an edge (at least 3 rows and 3 columns, no shape).
    Raises :class:`InputError` for unusable words or options and
    :class:`DoesNotFitError` when no layout exists in the size given, or none was found
    within the budget of steps (:mod:`wortsuche.budget`; every call ends). ``timeout`` caps
    the wall-clock seconds on top: past it, :class:`~wortsuche.budget.GenerationTimeout`.
    """
    asked = {"level": level, "seed": seed, **options}
    if isinstance(words, PuzzleSpec):
        size = {k: v for k, v in (("rows", rows), ("cols", cols)) if v is not None}
        spec = words.replace(**size, **{k: v for k, v in asked.items() if v is not None})
    else:
        spec = PuzzleSpec(words, rows, cols, **asked)
    checked = spec.checked()
    budget = Budget(timeout=checked.timeout, effort=checked.effort)
    normalised = {"transliterate": spec.transliterate, "eszett": spec.eszett}
    prepared, notes = prepare_words(spec.words, **normalised)
    secret_words, secret_notes = _secret_words(
        spec.secret, prepared, checked.options, *normalised.values()
    )
    prepared, notes = prepared + secret_words, [*notes, *secret_notes]
    kept_secret = frozenset(w.letters for w in secret_words)
    seed = new_seed() if checked.seed is None else checked.seed
    common = (checked.message, kept_secret, checked.outline, spec.exact)
    if checked.size is None:
        return _generate_auto_size(
            prepared, spec.level, checked.options, seed, notes, budget, *common
        )
    rows, cols = checked.size
    rng = Rng(seed)
    try:
        return build(
            prepared, rows, cols, spec.level, checked.options, rng, seed, notes, budget, *common
        )
    except DoesNotFitError as error:
        _say_a_size_that_fits(error, prepared, checked, seed, budget)
        raise


def _say_a_size_that_fits(
    error: DoesNotFitError, words: Sequence[Word], checked: Checked, seed: int, budget: Budget
) -> None:
    """Add to ``error`` a larger size in which a layout was found, if the search finds one."""
    hidden = checked.message
    filled = hidden is not None and hidden.exact  # a larger size has more free cells
    if error.suggested_size is not None or isinstance(error, BudgetExhausted) or filled:
        return
    assert checked.size is not None
    error.suggested_size = suggest_size(
        words,
        *checked.size,
        checked.options,
        Rng(seed),
        budget.share(1.0),
        need_free=len(hidden.letters) if hidden else 0,
        drawn=checked.outline,
    )
    if error.suggested_size is not None:
        r, c = error.suggested_size
        error.args = (f"{error.args[0]}; a layout exists in {r}x{c}",)


def prepare_words(
    words: Iterable[str | Word], *, transliterate: bool = False, eszett: str = "keep"
) -> tuple[tuple[Word, ...], list[str]]:
    """Normalise entries given as strings; keep :class:`Word` values as they are."""
    if isinstance(words, str | bytes) or not isinstance(words, Iterable):
        raise InputError(f"words must be a list of words, not {type(words).__name__}")
    items = list(words)
    for index, item in enumerate(items):
        if not isinstance(item, str | Word):
            raise InputError(f"words[{index}] must be text or a Word, not {item!r}")
    if not items:
        raise InputError("no words given")
    if len(items) > MAX_WORDS:
        raise InputError(f"too many words: {len(items)} (at most {MAX_WORDS})")
    if all(isinstance(w, Word) for w in items):
        return tuple(w for w in items if isinstance(w, Word)), []
    entries = [w.entry if isinstance(w, Word) else str(w) for w in items]
    prepared, warnings = normalise_words(entries, transliterate=transliterate, eszett=eszett)
    return prepared, list(warnings)


def build(
    words: Sequence[Word],
    rows: int,
    cols: int,
    level: str,
    options: Options,
    rng: Rng,
    seed: int,
    notes: Sequence[str] = (),
    budget: Budget | None = None,
    message: HiddenMessage | None = None,
    secret: frozenset[str] = frozenset(),
    drawn: Outline | None = None,
    exact: bool = False,
) -> Puzzle:
    """Run place → message → decoys → fill → verify for one size; the puzzle returned has passed
    the verifier.

    Every step spends from ``budget`` (a fresh :class:`Budget` if None). The words whose letters
    are in ``secret`` are placed like the others and kept as the puzzle's ``secret_words``;
    ``drawn`` makes the cells outside its outline holes; ``exact`` places by SAT solver.
    """
    budget = budget if budget is not None else Budget()
    letters = [w.letters for w in words]
    to_place = _without_reverse_twins(outside_longer_words(letters))
    if not options.absent:
        _check_fits_at_all(to_place, rows, cols, options)
    fill_failures = 0
    free_counts: list[int] = []
    message_failures = 0
    lexicon = Lexicon(letters)
    # The screen binds what wortsuche adds (decoys, filler), not how the user's words meet.
    screened = lexicon if options.allow_offensive else Lexicon(letters, screen_for(letters))
    attempts = EXACT_MESSAGE_ATTEMPTS if message is not None and message.exact else ATTEMPTS
    holes = drawn.hole_indexes(rows, cols) if drawn else []
    if len(holes) == rows * cols:
        raise DoesNotFitError(f"the shape leaves no cell in {rows}x{cols}", kind="cannot_exist")
    for _ in range(attempts):
        board = Board(rows, cols, lexicon, budget, holes, wrap=options.wrap)
        if options.absent:
            placed = []
        elif exact:
            from wortsuche.exact import exact_placements

            placed = exact_placements(to_place, board, options, seed=rng.below(2**31))
        else:
            placed = _place(to_place, board, options, rng)
        if message is not None:
            try:
                write_message(board, message.letters, exact=message.exact)
            except MessageError:
                message_failures += 1
                free_counts.append(board.empty_count())
                continue
        board.lexicon = screened
        plant_decoys(board, letters, options, rng)
        try:
            fill_notes = fill(board, options, letters, rng)
        except FillError:
            fill_failures += 1
            continue
        placements = _with_contained_words(_with_reverse_twins(placed, letters), placed, letters)
        puzzle = Puzzle(
            grid=Grid.from_rows(board.rows_text()),
            words=tuple(w for w in words if w.letters not in secret),
            secret_words=tuple(w for w in words if w.letters in secret),
            placements=placements,
            level=level,
            options=options,
            seed=seed,
            notes=tuple(notes) + tuple(fill_notes),
            message=message,
        )
        report = verify_puzzle(puzzle)
        if not report.ok:
            raise VerificationError(
                "generated grid failed the self-check: " + "; ".join(report.problems)
            )
        return puzzle
    if message is not None and message_failures:
        raise _message_does_not_fit(message, rows, cols, free_counts)
    raise DoesNotFitError(
        f"the free cells of {rows}x{cols} could not be filled without forming a word "
        f"({fill_failures} layouts tried); try a larger size or another filler"
    )


def _place(words: Sequence[str], board: Board, options: Options, rng: Rng) -> list[Placement]:
    """Step 2: the quick search (:mod:`wortsuche.place`). On a crowded grid where it does not
    fill within a few runs (or is not tried, above :data:`SKIP_QUICK`): for words that never
    cross, packing them into the grid's lines (:mod:`wortsuche.packing`), then the search that
    knows every word's open positions (:mod:`wortsuche.crowded`). The last search tried gets
    all its steps."""
    cells = board.empty_count()
    letters = sum(len(w) for w in words)
    if letters <= CROWDED * cells:
        return place_words(words, board, options, rng)
    searches: list[tuple[PlaceFunction, float]] = []
    tabled = table_bits(words, board, options) <= MAX_BITS
    if not (tabled and letters > SKIP_QUICK * cells):
        searches.append((place_words, QUICK_SHARE))
    if packs(board, options):
        searches.append((place_packed, PACKED_SHARE))
    if tabled:
        searches.append((place_crowded, 1))
    for search, share in searches[:-1]:
        try:
            return search(words, board, options, rng, share=share)
        except BudgetExhausted:
            raise
        except DoesNotFitError:
            continue
    return searches[-1][0](words, board, options, rng, share=1)


def _secret_words(
    secret: Iterable[str | Word] | None,
    listed: Sequence[Word],
    options: Options,
    transliterate: bool,
    eszett: str,
) -> tuple[tuple[Word, ...], list[str]]:
    """The secret words, normalised as the listed ones, and notes on them."""
    if secret is None:
        return (), []
    if isinstance(secret, str | bytes) or not isinstance(secret, Iterable):
        raise InputError(f"secret must be a list of words, not {type(secret).__name__}")
    items = list(secret)
    if not items:
        return (), []
    if options.absent:
        raise InputError("an absent puzzle hides none of its words, so it has no secret ones")
    words, notes = prepare_words(items, transliterate=transliterate, eszett=eszett)
    both = sorted({w.letters for w in listed} & {w.letters for w in words})
    if both:
        raise InputError(
            f"{', '.join(both)} is listed and secret at once; a word is one or the other",
            key="error.listed-and-secret",
            values={"words": ", ".join(both)},
        )
    return words, [f"secret words: {note}" for note in notes]


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


def outside_longer_words(letters: Sequence[str]) -> list[str]:
    """The words that do not lie inside a longer listed word, read either way.

    KRÖTE inside SCHILDKRÖTE, FN inside INFORMATION backwards: such a word is not placed a
    second time on its own; its place is inside the longer word, so its letters stand once.
    """
    shorter_pieces = {
        word[i:j]
        for word in set(letters)
        for i in range(len(word))
        for j in range(i + 1, len(word) + 1)
        if j - i < len(word)
    }
    return [w for w in letters if w not in shorter_pieces and w[::-1] not in shorter_pieces]


def _with_contained_words(
    placements: dict[str, Placement], placed: Sequence[Placement], letters: Sequence[str]
) -> dict[str, Placement]:
    """Give each word inside a longer word its place there: the first placed word holding it.

    The placed words are searched as one text (one ``find`` per word, not one per word and
    host); within one host the word read forwards comes before its reversal.
    """
    text = "\n".join(host.letters for host in placed)
    starts = list(itertools.accumulate((len(h.letters) + 1 for h in placed), initial=0))
    for word in letters:
        if word in placements:
            continue
        forwards, backwards = text.find(word), text.find(word[::-1])
        hosts = [
            (bisect.bisect_right(starts, at) - 1, reading, at)
            for reading, at in ((0, forwards), (1, backwards))
            if at >= 0
        ]
        if not hosts:
            continue
        index, reading, at = min(hosts)
        host, at = placed[index], at - starts[index]
        cells = host.cells
        if reading == 0:
            placements[word] = Placement(word, cells[at], host.direction, host.torus)
        else:
            end = cells[at + len(word) - 1]
            placements[word] = Placement(word, end, host.direction.reverse, host.torus)
    return placements


def _without_reverse_twins(letters: Sequence[str]) -> list[str]:
    """Drop a word that is another listed word backwards: both share one placement."""
    kept: list[str] = []
    seen: set[str] = set()
    for word in letters:
        if word[::-1] in seen and word[::-1] != word:
            continue
        seen.add(word)
        kept.append(word)
    return kept


def _with_reverse_twins(
    placed: Sequence[Placement], letters: Sequence[str]
) -> dict[str, Placement]:
    placements = {p.letters: p for p in placed}
    for word in letters:
        twin = placements.get(word[::-1])
        if word not in placements and twin is not None:
            placements[word] = twin.reversed(word)
    return placements


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


def suggest_size(
    words: Sequence[Word],
    rows: int,
    cols: int,
    options: Options,
    rng: Rng,
    budget: Budget | None = None,
    need_free: int = 0,
    drawn: Outline | None = None,
) -> tuple[int, int] | None:
    """A larger size in which a layout was actually found, or None (also when ``budget`` runs out).

    ``need_free`` cells must stay free (for a hidden message).
    """
    budget = budget if budget is not None else Budget()
    letters = _without_reverse_twins([w.letters for w in words])
    lexicon = Lexicon([w.letters for w in words])
    step_r, step_c = max(1, math.ceil(rows / 10)), max(1, math.ceil(cols / 10))
    for k in range(1, 11):
        r, c = min(MAX_SIDE, rows + k * step_r), min(MAX_SIDE, cols + k * step_c)
        if max(len(w) for w in letters) > longest_fitting(
            r, c, options.directions, wrap=options.wrap
        ):
            continue
        budget.spend()
        holes = drawn.hole_indexes(r, c) if drawn else []
        board = Board(r, c, lexicon, budget, holes, wrap=options.wrap)
        try:
            place_words(letters, board, options, rng, effort=0.5)
        except BudgetExhausted:
            return None
        except DoesNotFitError:
            continue
        if board.empty_count() < need_free:
            continue
        return r, c
    return None


def auto_size(words: Sequence[Word], options: Options, message: str = "") -> int:
    """A square side that comfortably holds the words and a hidden message's letters (the search
    grows it if needed)."""
    lengths = [len(w) for w in words] + ([len(message)] if message else [])
    density = 0.45 if options.crossing is Crossing.NEVER else 0.6
    if options.density == "high":
        density = 0.6 if options.crossing is Crossing.NEVER else 0.85
    least = 3 if options.wrap else 2  # a torus needs three rows and three columns
    return max(max(lengths), math.ceil(math.sqrt(sum(lengths) / density)), least)


def _generate_auto_size(
    words: Sequence[Word],
    level: str,
    options: Options,
    seed: int,
    notes: list[str],
    budget: Budget,
    message: HiddenMessage | None = None,
    secret: frozenset[str] = frozenset(),
    drawn: Outline | None = None,
    exact: bool = False,
) -> Puzzle:
    """Try growing squares from :func:`auto_size` up to ``MAX_SIDE``, all from one budget."""
    side = auto_size(words, options, message.letters if message else "")
    if drawn is not None:  # the shape keeps only part of the square
        side = math.ceil(side / math.sqrt(max(drawn.share(), 0.05)))
    side = min(side, MAX_SIDE)
    if max(len(w) for w in words) > MAX_SIDE:
        raise DoesNotFitError(f"a word is longer than {MAX_SIDE} letters, the largest side")
    rng = Rng(seed)
    while True:
        budget.spend()
        # each size gets a third of what is left, so a hopeless size leaves room for larger ones
        part = budget.share(SIZE_SHARE)
        try:
            return build(
                words,
                side,
                side,
                level,
                options,
                rng,
                seed,
                [*notes, f"size {side}x{side} chosen from the words"],
                part,
                message,
                secret,
                drawn,
                exact,
            )
        except DoesNotFitError:
            budget.take_back(part)
            if side >= MAX_SIDE:
                raise DoesNotFitError(
                    f"no layout found up to {MAX_SIDE}x{MAX_SIDE}, the largest size"
                ) from None
            if budget.left < budget.steps * 0.01:
                raise DoesNotFitError(
                    f"no layout found up to {side}x{side} within the budget of {budget.steps} "
                    "steps; try fewer or shorter words, or an easier level"
                ) from None
            side = min(MAX_SIDE, side + max(1, side // 10))
