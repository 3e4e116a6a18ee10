"""Step 3 of the pipeline, last: fill the free cells, so that no letter completes a word.

This is constraint satisfaction: every free cell takes a letter drawn from the filler
alphabet that completes no listed word on any line through it
(:meth:`~wortsuche.grid.board.Board.forbidden_letters`). When every letter is forbidden in a
cell, the filler cells that block it are emptied and filled again later; placed words
are never touched. Only if that does not settle does the alphabet grow by a letter
that occurs in no word, and the puzzle says so in a note.
"""

from __future__ import annotations

import itertools
from collections import Counter, deque
from collections.abc import Sequence

from wortsuche.errors import FillError
from wortsuche.filling.ahead import Ahead, arrange, neighbours
from wortsuche.filling.readers import sharpen
from wortsuche.grid.board import Board, Found
from wortsuche.model import Filler, Options, line
from wortsuche.notes import Note
from wortsuche.rand import Rng
from wortsuche.words.alphabet import language_alphabet, word_letter_weights

START_WEIGHT = 0.1
"""With ``other`` filler, a letter that begins a word is drawn this much less often."""

FIRST_LETTER_BOOST = 1.6
"""With ``traps`` filler, letters that begin a word end up this much more common than the rest:
every word has many places where it seems to start."""

MIN_UNUSED_LETTERS = 5
"""With fewer letters outside the words, "unused" filler falls back to the whole alphabet."""

TRAP_BONUS = 4.0
"""With ``traps`` filler, how much likelier a letter is for each piece of a word it continues."""

NEIGHBOURS_ENOUGH = 4000
"""Below this many strings (words and reversals) asking a drawn letter's neighbours first pays:
the share of three letters in a row that are a piece of a word, where they must answer "maybe",
is 0.03 for 100 common English words, 0.13 for 1,000, 0.23 for 4,000. Fill of 50×50/100 real
words 30 % faster; 1,000 words no different; 4,000 words 5 % slower, hence the bound."""

STEPS_PER_CELL = 40
"""Fill steps allowed per free cell before the alphabet is widened."""


class Weighted:
    """Letters with weights, ready for drawing."""

    def __init__(self, weights: dict[str, float]) -> None:
        self.letters = [x for x in weights if weights[x] > 0]
        self.weights = [weights[x] for x in self.letters]
        self.cumulative = list(itertools.accumulate(self.weights))

    def draw(self, rng: Rng, forbidden: set[str]) -> str | None:
        """A letter not in ``forbidden``, or None if all are."""
        if not forbidden:
            return rng.weighted(self.letters, self.cumulative) if self.letters else None
        allowed = [
            (x, w) for x, w in zip(self.letters, self.weights, strict=True) if x not in forbidden
        ]
        if not allowed:
            return None
        letters = [x for x, _ in allowed]
        return rng.weighted(letters, list(itertools.accumulate(w for _, w in allowed)))


def filler_alphabets(
    options: Options, words: Sequence[str], language: dict[str, float]
) -> tuple[dict[str, float], dict[str, float], list[str]]:
    """The base filler weights for ``options.filler``, the words' own letter weights, and notes.

    ``language`` is the language's alphabet with its weights (``alphabet.language_alphabet``).
    """
    own = word_letter_weights(words)
    if options.filler in (Filler.WORDS, Filler.TRAPS):
        return own, own, []
    if options.filler is Filler.EVEN:
        return dict.fromkeys(language, 1.0), own, []
    if options.filler is Filler.UNUSED:
        unused = {x: w for x, w in language.items() if x not in own}
        if len(unused) >= MIN_UNUSED_LETTERS:
            return unused, own, []
        return (
            language,
            own,
            [
                Note(
                    f"only {len(unused)} letters occur in no word, fewer than {MIN_UNUSED_LETTERS}: "
                    "the filler uses the whole alphabet",
                    key="note.filler-few-unused",
                    values={"least": MIN_UNUSED_LETTERS},
                    number=len(unused),
                )
            ],
        )
    if options.filler is Filler.OTHER:
        ends = {w[0] for w in words} | {w[-1] for w in words}
        other = {x: w for x, w in language.items() if x not in ends}
        if len(other) >= MIN_UNUSED_LETTERS:
            return other, own, []
        starts = {w[0] for w in words}
        note = Note(
            f"the words begin or end with {len(ends)} different letters: the filler uses the "
            "letters that begin a word too, but rarely",
            key="note.filler-many-ends",
            number=len(ends),
        )
        weights = {x: w * (START_WEIGHT if x in starts else 1.0) for x, w in language.items()}
        return weights, own, [note]
    return language, own, []


def letter_targets(
    letters: Sequence[str], board: Board, boost: dict[str, float] | None = None
) -> dict[str, float]:
    """How many cells each letter should hold when the grid is full, all about equally many.

    ``boost`` makes some letters more common than the rest by its factor.
    """
    boost = boost or {}
    shares = {x: boost.get(x, 1.0) for x in letters}
    total = sum(shares.values())
    return {x: board.rows * board.cols * shares[x] / total for x in letters}


def fill(board: Board, options: Options, words: Sequence[str], rng: Rng) -> list[str]:
    """Fill every empty cell; return notes for the user (empty unless the alphabet had to grow)."""
    filler = _Filler(board, options, words, rng)
    cells = list(filler.queue)
    while filler.queue:
        filler.step()
    if filler.traps:
        arrange(board, cells, rng)
    if options.fill_search:  # the filler's cells and the decoys', never a word's or a message's
        free = [i for i, owners in enumerate(board.owners) if not owners and i not in board.fixed]
        sharpen(board, free, filler.drawable(), rng, options.fill_search)
    return filler.notes


class _Filler:
    """The filling in progress: the cells still to fill, in a random order, and the alphabets
    the letters come from (the base one grows by a spare letter when it cannot go on)."""

    def __init__(self, board: Board, options: Options, words: Sequence[str], rng: Rng) -> None:
        self.board, self.rng = board, rng
        language = language_alphabet(options.language, words)
        base_weights, own_weights, self.notes = filler_alphabets(options, words, language)
        self.even = options.filler in (Filler.WORDS, Filler.TRAPS)
        self.traps = options.filler is Filler.TRAPS
        self.spread = options.filler is Filler.OTHER
        """Whether a letter avoids its like next to it: the letters in no word's ends are few
        (five to ten), and drawn freely they lie in runs (TTTTTT) that look like a broken grid."""
        boost = {w[0]: FIRST_LETTER_BOOST for w in words} if self.traps else None
        self.targets = letter_targets(sorted(own_weights), board, boost)
        self.base, self.own = Weighted(base_weights), Weighted(own_weights)
        self.share = options.word_letter_share / 100
        floor = {x: t * options.letter_floor / 100 for x, t in self.targets.items()}
        self.floor = {x: t for x, t in floor.items() if t >= 1}
        self.below_floor = dict(self.floor)
        """The letters of :attr:`floor` that may still be below it: a letter's count only grows
        while filling, so one found at its floor is dropped, until cells are emptied again."""
        self.spare = [x for x in language if x not in own_weights]
        self.ask_neighbours = len(board.lexicon.strings) < NEIGHBOURS_ENOUGH
        """Whether a drawn letter's neighbours are asked first (:meth:`Board.may_complete`): only
        the letters they cannot clear are checked in full. The same letters either way."""
        self.ahead = Ahead(board) if self.traps else None
        self.leads = Leads(board.lexicon.pieces, list(self.targets)) if self.traps else None
        self.queue = deque(rng.shuffled([i for i, x in enumerate(board.cells) if not x]))
        self.budget = STEPS_PER_CELL * len(self.queue) + 100
        """Steps left before the alphabet grows instead of emptying cells to make room."""

    def drawable(self) -> list[str]:
        """The letters the filler draws from: the words' letters, the base alphabet, or both."""
        letters = set(self.own.letters) if self.share > 0 else set()
        if self.share < 1:
            letters |= set(self.base.letters)
        return sorted(letters)

    def step(self) -> None:
        """Fill the next cell in the queue (or, when no letter fits, widen the alphabet and
        put the cell back)."""
        board, index = self.board, self.queue.popleft()
        if board.cells[index]:
            return
        self.budget -= 1
        board.budget.spend()
        letter = self._choose(index)
        if letter is None:
            self._widen()
            self.queue.appendleft(index)
            return
        board.write([index], letter)

    def _choose(self, index: int) -> str | None:
        """A letter for the empty cell ``index`` that completes no word, or None."""
        board, rng = self.board, self.rng
        from_words = rng.random() < self.share
        first, second = (self.own, self.base) if from_words else (self.base, self.own)
        if from_words and self.below_floor and not self.even:
            letter = _lift(board, index, self.below_floor, rng)
            if letter is not None:
                return letter
        if self.even:
            letter = _even(board, index, self.targets, rng, leads=self.leads, ahead=self.ahead)
            if letter is not None:
                return letter
        letter = self._draw(index, first, second)
        if letter is None and self.budget > 0:
            letter = _make_room(board, index, first.letters + second.letters, rng, self.queue)
            self.below_floor = dict(self.floor)  # emptied cells may take a letter below it again
        return letter

    def _draw(self, index: int, first: Weighted, second: Weighted) -> str | None:
        """A letter from ``first`` (else ``second``) that completes no word in ``index``; for
        :attr:`spread`, one unlike its neighbours where there is such a letter."""
        board, rng = self.board, self.rng
        like = {board.cells[j] for j in neighbours(board, index)} if self.spread else set()
        letter = (like and first.draw(rng, like)) or first.draw(rng, set())
        if letter is None or (
            letter in board.lexicon.letters
            and (not self.ask_neighbours or board.may_complete(index, letter))
        ):
            forbidden = board.forbidden_letters(index)
            if letter is None or letter in forbidden:
                letter = (
                    (like and first.draw(rng, forbidden | like))
                    or first.draw(rng, forbidden)
                    or second.draw(rng, forbidden)
                )
        return letter

    def _widen(self) -> None:
        """Add a spare letter (one of no word) to the base alphabet, and say so in a note."""
        if not self.spare:
            raise FillError("the free cells cannot be filled without forming a word")
        extra = self.spare.pop(0)
        base = self.base
        self.base = Weighted({**dict(zip(base.letters, base.weights, strict=True)), extra: 1.0})
        self.notes.append(
            Note(
                f"the filler also uses {extra}: the chosen letters alone could not fill "
                "the grid without forming a word",
                key="note.filler-widened",
                values={"letter": extra},
            )
        )
        self.budget = STEPS_PER_CELL * (len(self.queue) + 1) + 100


def _even(
    board: Board,
    index: int,
    targets: dict[str, float],
    rng: Rng,
    *,
    leads: Leads | None,
    ahead: Ahead | None = None,
) -> str | None:
    """A letter that completes no word, drawn the more often the further it is below its target.

    With ``leads`` (traps filler), a letter is also drawn more often for each piece of a word it
    continues from a neighbouring run of letters: a false lead that starts like a word and then
    goes wrong; and the more often the more it lies before the words that hold it (``ahead``).
    """
    forbidden = board.forbidden_letters(index)
    letters = [x for x in targets if x not in forbidden]
    if ahead is not None:
        # Drawn towards the cells before their words, a word's letters gathered there (rows with
        # four J): a letter goes next to its like only where no other letter may stand.
        around = [board.cells[j] for j in neighbours(board, index)]
        letters = [x for x in letters if x not in around] or letters
    if not letters:
        return None
    by_letter = board.by_letter  # letter_cells, without a call per letter
    weights = [max(targets[x] - len(by_letter.get(x, ())), 0.05) ** 2 for x in letters]
    if leads is not None:
        continued = leads.counts(_runs(board, index))
        bonus = [1 + TRAP_BONUS * continued.get(x, 0) for x in letters]
        weights = [w * b for w, b in zip(weights, bonus, strict=True)]
        if ahead is not None:
            factors = ahead.factors(letters, index)
            weights = [w * f for w, f in zip(weights, factors, strict=True)]
    return rng.weighted(letters, list(itertools.accumulate(weights)))


class Leads:
    """The false leads of traps filler: for each letter, the pieces of a word it continues from
    the runs of letters next to a cell.

    The letters that continue a run (each of its ends, or beginnings, that a letter makes a
    piece with) are found once per run and kept, and a cell's are counted in one pass: on
    500 × 500 with 10,000 words a look-up per letter, run and length was most of evil's fill.
    The same counts, letter by letter.
    """

    def __init__(self, pieces: frozenset[str], letters: Sequence[str]) -> None:
        self.pieces, self.letters = pieces, tuple(letters)
        self._after: dict[str, tuple[str, ...]] = {}
        self._before: dict[str, tuple[str, ...]] = {}
        self._pieces_after: dict[str, tuple[str, ...]] = {}
        self._pieces_before: dict[str, tuple[str, ...]] = {}

    def counts(self, runs: Sequence[tuple[str, str]]) -> Counter[str]:
        """For each letter, how many ends of the runs before it (``left[-n:] + x``) and
        beginnings of the runs after it (``x + right[:n]``) make a piece of a word."""
        after, before = self._after, self._before
        continuing: list[tuple[str, ...]] = []
        for left, right in runs:
            if left:
                found = after.get(left)
                continuing.append(found if found is not None else self._following(left))
            if right:
                found = before.get(right)
                continuing.append(found if found is not None else self._preceding(right))
        return Counter(itertools.chain.from_iterable(continuing))

    def _following(self, run: str) -> tuple[str, ...]:
        """Each letter once for each end of ``run`` it makes a piece with."""
        found = tuple(x for n in range(1, len(run) + 1) for x in self._next_to(run[-n:], True))
        self._after[run] = found
        return found

    def _preceding(self, run: str) -> tuple[str, ...]:
        """Each letter once for each beginning of ``run`` it makes a piece with."""
        found = tuple(x for n in range(1, len(run) + 1) for x in self._next_to(run[:n], False))
        self._before[run] = found
        return found

    def _next_to(self, piece: str, after: bool) -> tuple[str, ...]:
        """The letters that make a piece after ``piece`` (or before it): none unless it is one
        (every piece of a piece is one, as :class:`~wortsuche.grid.lexicon.Lexicon` keeps them)."""
        kept = self._pieces_after if after else self._pieces_before
        found = kept.get(piece)
        if found is None:
            pieces = self.pieces
            if piece not in pieces:
                found = ()
            elif after:
                found = tuple(x for x in self.letters if piece + x in pieces)
            else:
                found = tuple(x for x in self.letters if x + piece in pieces)
            kept[piece] = found
        return found


def _lift(board: Board, index: int, floor: dict[str, float], rng: Rng) -> str | None:
    """A letter still below its floor that completes no word, the further below the likelier.

    ``floor`` holds the letters that may still be below theirs; those at it are dropped from it.
    """
    by_letter, lacking = board.by_letter, {}
    for x, target in floor.items():  # once per cell: a plain loop, no view per letter
        short = target - len(by_letter.get(x, ()))
        if short > 0:
            lacking[x] = short
    if len(lacking) < len(floor):
        for x in floor.keys() - lacking.keys():
            del floor[x]
    if not lacking:
        return None
    forbidden = board.forbidden_letters(index)
    letters = [x for x in lacking if x not in forbidden]
    if not letters:
        return None
    return rng.weighted(letters, list(itertools.accumulate(lacking[x] ** 2 for x in letters)))


def _runs(board: Board, index: int) -> list[tuple[str, str]]:
    """The filled letters next to ``index`` on each axis (up to three each side), outward order kept."""
    cells = board.cells
    runs = []
    for axis in board.axes:
        line, pos = board.line_at[axis][index], board.place_at[axis][index]
        left = ""
        for i in reversed(line[max(0, pos - 3) : pos]):
            if not cells[i]:
                break
            left = cells[i] + left
        right = ""
        for i in line[pos + 1 : pos + 4]:
            if not cells[i]:
                break
            right += cells[i]
        runs.append((left, right))
    return runs


def _make_room(
    board: Board, index: int, letters: list[str], rng: Rng, queue: deque[int]
) -> str | None:
    """Choose a letter for ``index`` and empty the filler cells of every word it would complete."""
    for letter in rng.shuffled(sorted(set(letters))):
        board.budget.spend()
        board.write([index], letter)
        completed = board.occurrences_through(index)
        board.erase([index])
        to_clear: list[int] = []
        for found in completed:
            soft = [
                i
                for i in _segment(board, found)
                if i != index and not board.owners[i] and i not in board.fixed
            ]
            if not soft:
                break  # this letter would complete a word made only of placed letters
            to_clear.append(rng.choice(soft))
        else:
            cleared = [i for i in dict.fromkeys(to_clear) if board.cells[i]]
            board.erase(cleared)
            queue.extend(cleared)
            return letter
    return None


def _segment(board: Board, found: Found) -> list[int]:
    """The cell indexes of a found word (on cyclic lines it lists them: two ends may lie on several
    lines; in a flat grid they are the straight line from its first to its last cell)."""
    if found.cells:
        return list(found.cells)
    cells = line(board.cell(found.first), board.cell(found.last))
    assert cells is not None, "a found word lies on a straight line"
    return [board.index(cell) for cell in cells]
