"""Evil's fill tuned against readers who scan for a word's first, rarest or last letter
(filling/readers.py), held to the independent solvers of benchmarks/solvers.py."""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from wortsuche import generate
from wortsuche.filling.readers import Readers, _value, sharpen
from wortsuche.grid.board import Board, Lexicon
from wortsuche.model import Direction, Placement
from wortsuche.rand import Rng
from wortsuche.words.source import parse_words

sys.path.insert(0, str(Path(__file__).parent.parent / "benchmarks"))

from solvers import Grid, Learner, Member
from test_ahead import listed_runs

ROOT = Path(__file__).parent.parent
EIGHT = ("E", "SE", "S", "SW", "W", "NW", "N", "NE")
WAYS = {
    "E": Direction.E,
    "W": Direction.W,
    "S": Direction.S,
    "N": Direction.N,
    "SE": Direction.SE,
    "NW": Direction.NW,
}


@st.composite
def boards(draw: st.DrawFn) -> tuple[Board, list[str], list[int]]:
    """Words placed one to a line (a row, a column or the diagonal, either way), the other cells
    filled with letters that complete no word; every word in the grid exactly once."""
    words = draw(
        st.lists(st.text("ABCD", min_size=2, max_size=4), min_size=1, max_size=3, unique=True)
    )
    assume(not any(w[::-1] in words for w in words))  # no palindromes, no reverse twins
    side = draw(st.integers(5, 7))
    board = Board.sized(side, side, Lexicon(words))
    lines = draw(st.permutations(["row 0", "row 2", "row 4", "col 0", "col 3", "diagonal"]))
    for word, line in zip(words, lines, strict=False):
        way = draw(st.sampled_from(["forward", "backward"]))
        if line.startswith("row"):
            cells = [board.index((int(line[-1]), c)) for c in range(len(word))]
        elif line.startswith("col"):
            cells = [board.index((r, int(line[-1]))) for r in range(len(word))]
        else:
            cells = [board.index((k, k)) for k in range(len(word))]
        if way == "backward":
            cells.reverse()
        if not board.agrees(cells, word):
            assume(False)
        board.write(cells, word)
        step = (
            divmod(cells[1], side)[0] - divmod(cells[0], side)[0],
            (divmod(cells[1], side)[1] - divmod(cells[0], side)[1]),
        )
        direction = next(d for d in WAYS.values() if d.step == step)
        board.add_placement(Placement(word, divmod(cells[0], side), direction), cells)
    free = [i for i, x in enumerate(board.cells) if not x]
    for index in free:
        allowed = sorted(set("ABCD") - board.forbidden_letters(index))
        assume(allowed)
        board.write([index], draw(st.sampled_from(allowed)))
    found = listed_runs(board, words)
    assume(len(found) == len(words))  # every word exactly once
    return board, words, free


def placed(board: Board) -> list[tuple[str, tuple[int, ...]]]:
    return [
        (p.letters, cells)
        for p, cells in zip(board.placements, board.placement_cells, strict=True)
        if p is not None
    ]


def oracle(board: Board, words: list[str]) -> tuple[float, float, float, float]:
    """The scanner's, the anchor reader's, the habit reader's and the last-letter reader's work
    at k = 1, all 8 directions (solvers.py; the habit reader's directions clockwise, as the
    readers try them)."""
    rows = board.rows_text()
    return (
        Member("scanner", 1, False).cost(rows, words, EIGHT),
        Member("anchor", 1, False).cost(rows, words, EIGHT),
        habit_clockwise(rows, words),
        Learner("last", 1).cost(rows, words, EIGHT),
    )


def habit_clockwise(rows: list[str], words: list[str]) -> float:
    """The habit solver's letter choice with the directions tried clockwise from →."""
    grid = Grid(rows)
    member = Member("habit", 1, False)
    ones = dict.fromkeys(EIGHT, 1.0)
    return sum(grid.expected(word, member._anchor(grid, word), EIGHT, ones, 1.0) for word in words)


@settings(max_examples=150, deadline=None)
@given(boards(), st.lists(st.tuples(st.integers(0, 10**6), st.sampled_from("ABCD")), max_size=12))
def test_the_readers_work_is_the_solvers_work_after_any_changes(
    case: tuple[Board, list[str], list[int]], changes: list[tuple[int, str]]
) -> None:
    board, words, free = case
    readers = Readers(board, placed(board))
    for pick, letter in changes:  # any letters, even ones that spell a word again elsewhere
        index = free[pick % len(free)]
        old = board.cells[index]
        if old == letter:
            continue
        board.erase([index])
        board.write([index], letter)
        readers.set(index, old, letter)
        assume(len(listed_runs(board, words)) == len(words))
    for kept, expected in zip(readers.totals(), oracle(board, words), strict=True):
        assert abs(kept - expected) < 1e-6
    fresh = Readers(board, placed(board))
    assert fresh.watch == readers.watch  # each cell knows exactly the readings that looked at it


@settings(max_examples=150, deadline=None)
@given(boards(), st.integers(0, 2**16))
def test_sharpening_raises_the_readers_work_and_spells_no_new_word(
    case: tuple[Board, list[str], list[int]], seed: int
) -> None:
    board, words, free = case
    before, runs = list(board.cells), listed_runs(board, words)
    start = Readers(board, placed(board)).totals()
    sharpen(board, free, "ABCD", Rng(seed), 25)
    assert all(board.cells[i] == before[i] for i in range(len(before)) if i not in free)
    assert listed_runs(board, words) <= runs  # no word spelt that was not there
    assert no_changed_cell_beside_its_like(before, board)
    now = Readers(board, placed(board)).totals()
    assert all(abs(a - b) < 1e-6 for a, b in zip(now, oracle(board, words), strict=True))
    # what the search climbs (the smallest reader's gain, and some of the others') never falls
    assert _value(now, start) >= _value(start, start) - 1e-9


def no_changed_cell_beside_its_like(before: list[str], board: Board) -> bool:
    """No cell the search changed has a neighbour holding its letter."""
    cols = board.cols
    for i, x in enumerate(board.cells):
        if x == before[i]:
            continue
        r, c = divmod(i, cols)
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                inside = 0 <= r + dr < board.rows and 0 <= c + dc < cols
                if (dr or dc) and inside and board.cells[(r + dr) * cols + c + dc] == x:
                    return False
    return True


@pytest.mark.parametrize("name", ["obst-de", "animals-en"])
def test_evil_is_harder_than_hard_for_readers_of_the_first_and_of_the_rarest_letter(
    name: str,
) -> None:
    # benchmarks/difficulty.py --family-only --given-size, 20 seeds: hard -> evil 1.08 for the
    # whole family before the search (obst-de and animals-en alike), 1.14 with it; with 65 % of
    # evil's words backwards and the last-letter reader in the search, 5 seeds: the family
    # minimum 1.13 / 1.11 (animals-en / obst-de), the anchor reader on obst-de ×1.109 (×1.11 or
    # more before: the fourth reader shares the search).
    path = ROOT / "benchmarks" / "data" / "lists" / f"{name}.txt"
    words, _ = parse_words(path.read_text(encoding="utf-8"), name=path.name).words()
    letters = [w.letters for w in words]

    def median_cost(level: str, member: Member) -> float:
        costs = []
        for seed in range(5):
            puzzle = generate(words, 15, 15, level=level, seed=seed)
            costs.append(member.cost(list(puzzle.grid.rows), letters, EIGHT))
        return statistics.median(costs)

    for member in (Member("all8", 1, False), Member("anchor", 1, False)):
        assert median_cost("evil", member) >= 1.1 * median_cost("hard", member), member.name


@pytest.mark.parametrize(
    ("language", "readers"),
    [
        (
            "C.UTF-8",
            ("first letter", "its rarest", "at most half as common as the first", "last letter"),
        ),
        (
            "de_DE.UTF-8",
            ("ersten Buchstaben", "seinem seltensten", "höchstens halb so häufig", "letzten"),
        ),
    ],
)
def test_the_help_of_fill_search_names_every_reader_it_slows_down(
    monkeypatch: pytest.MonkeyPatch, language: str, readers: tuple[str, ...]
) -> None:
    """The four readers of :meth:`Readers.totals` (first letter, rarest, the rarest where it is
    at most HALF as common, last letter), in the words of ``generate --help``."""
    from tests.cli import reader_language, run

    from wortsuche.filling.readers import HALF

    reader_language(monkeypatch, language)
    assert HALF == 0.5  # "half as common"
    shown = " ".join(run("generate", "--help").stdout.split())
    start = shown.rindex("--fill-search 0..100 ")  # its help, not the usage line
    helped = shown[start : shown.index("--wrap", start)]
    assert all(reader in helped for reader in readers), helped


@pytest.fixture(scope="module")
def learner_costs() -> dict[str, dict[str, dict[Learner, float]]]:
    """Every learner's median work over 5 seeds: list -> level -> learner."""
    members = [Learner(s, k) for s in ("learner", "last", "switcher") for k in (1, 5)]
    members.append(Learner("lines", 1))
    medians: dict[str, dict[str, dict[Learner, float]]] = {}
    for name in ("obst-de", "animals-en"):
        path = ROOT / "benchmarks" / "data" / "lists" / f"{name}.txt"
        words, _ = parse_words(path.read_text(encoding="utf-8"), name=path.name).words()
        letters = [w.letters for w in words]
        medians[name] = {}
        for level in ("hard", "evil"):
            costs: dict[Learner, list[float]] = {m: [] for m in members}
            for seed in range(5):
                grid = list(generate(words, 15, 15, level=level, seed=seed).grid.rows)
                for member in members:
                    costs[member].append(member.cost(grid, letters, EIGHT))
            medians[name][level] = {m: statistics.median(c) for m, c in costs.items()}
    return medians


@pytest.mark.parametrize("name", ["obst-de", "animals-en"])
@pytest.mark.parametrize(
    "member",
    [
        Learner("learner", 1),
        Learner("learner", 5),
        Learner("switcher", 1),
        Learner("switcher", 5),
        Learner("lines", 1),
        Learner("last", 1),
        Learner("last", 5),
    ],
    ids=lambda m: m.name if isinstance(m, Learner) else None,
)
def test_evil_is_no_easier_than_hard_for_solvers_that_learn(
    learner_costs: dict[str, dict[str, dict[Learner, float]]], name: str, member: Learner
) -> None:
    # The aim: a player who learns from the words found so far (the directions they ran
    # in, or that most ran backwards, then scanning for last letters) gains nothing on evil.
    # benchmarks/difficulty.py --learners-only --seeds 5: evil at least as hard as hard for 33 of
    # 42 (input, learner) pairs with 65 % of evil's words backwards, 23 of 42 at 80 % before the
    # last-letter reader joined the fill search; 37 of 42 once each word's end is planted just
    # before it (filling/decoys.py: plant_ends), the last-letter scanner here x1.05-1.16 where it
    # was x0.83-0.98 (evil evens its letters out, so the letters words end in are rarer than in
    # hard's fill: false ends three letters deep make up for their number).
    hard, evil = (learner_costs[name][level][member] for level in ("hard", "evil"))
    assert evil >= hard, (hard, evil)
