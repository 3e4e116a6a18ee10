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
from wortsuche.budget import Budget, BudgetExhausted
from wortsuche.crowded import MAX_BITS, place_crowded, table_bits
from wortsuche.decoys import plant_decoys
from wortsuche.errors import DoesNotFitError, InputError, WortsucheError
from wortsuche.fill import FillError, fill
from wortsuche.levels import options_for, parse_directions
from wortsuche.limits import MAX_SIDE, MAX_WORDS
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
from wortsuche.normalise import normalise_words
from wortsuche.packing import packs, place_packed
from wortsuche.place import CROWDED, place_words
from wortsuche.rand import Rng, new_seed
from wortsuche.screen import screen_for
from wortsuche.shapes import Outline, outline
from wortsuche.topology import Topology
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
    with a SAT solver (:mod:`wortsuche.exact`, the ``exact`` extra), which also proves when no
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
    secret_words, secret_notes = _secret_words(secret, prepared, options, transliterate, eszett)
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
    if rows is None or cols is None:
        return _generate_auto_size(
            prepared, level, options, seed, notes, budget, hidden, kept_secret, drawn, exact
        )
    check_size(rows, cols, wrap=options.wrap)
    rng = Rng(seed)
    try:
        return build(
            prepared,
            rows,
            cols,
            level,
            options,
            rng,
            seed,
            notes,
            budget,
            hidden,
            kept_secret,
            drawn,
            exact,
        )
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
        board = Board(Topology.for_options(rows, cols, options, holes), lexicon, budget)
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
    room = Topology.for_options(rows, cols, options).longest_fitting(options.directions)
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
        room = Topology.for_options(r, c, options).longest_fitting(options.directions)
        if max(len(w) for w in letters) > room:
            continue
        budget.spend()
        holes = drawn.hole_indexes(r, c) if drawn else []
        board = Board(Topology.for_options(r, c, options, holes), lexicon, budget)
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
