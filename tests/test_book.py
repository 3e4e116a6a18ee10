"""Puzzle books: planning words and seeds, parallel generation, and the book PDF."""

from __future__ import annotations

import io
import itertools
import json
import math
import re
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader
from tests.cli import run

from wortsuche import InputError
from wortsuche.book import (
    BookSettings,
    build_book,
    in_parallel,
    plan_book,
    puzzle_seed,
    repeated_puzzles,
    scores,
    short_lists,
)
from wortsuche.difficulty.simulated import rate_puzzle
from wortsuche.puzzle_json import dumps
from wortsuche.render import RenderOptions, render_book
from wortsuche.render.pdf import KEYS_ACROSS, KEYS_DOWN
from wortsuche.verification.verifier import verify_puzzle

ANIMALS = [
    "Ant", "Bear", "Cat", "Dog", "Eel", "Fox", "Goat", "Hen", "Ibis", "Jay", "Kiwi", "Lion",
    "Mole", "Newt", "Owl", "Pig", "Quail", "Rat", "Seal", "Toad", "Vole", "Wolf", "Yak", "Zebu",
]  # fmt: skip


def test_count_draws_different_words_for_each_puzzle_without_repeats() -> None:
    plan = plan_book([("animals", ANIMALS)], seed=4, count=30, words_per_puzzle=7)
    assert [p.number for p in plan] == list(range(1, 31))
    for planned in plan:
        assert len(planned.words) == len(set(planned.words)) == 7
        assert set(planned.words) <= set(ANIMALS)
    assert len({frozenset(p.words) for p in plan}) > 25
    # Dealt from a reshuffled deck, so every word is used about equally often.
    uses = Counter(word for p in plan for word in p.words)
    assert set(uses) == set(ANIMALS)
    assert max(uses.values()) - min(uses.values()) <= 2


def test_each_list_makes_one_puzzle_without_count() -> None:
    plan = plan_book([("a", ["ONE", "TWO"]), ("b", ["RED", "BLUE", "red"])], seed=1)
    assert [(p.title, p.words) for p in plan] == [("a", ("ONE", "TWO")), ("b", ("RED", "BLUE"))]


def test_seeds_come_from_the_book_seed_and_the_number() -> None:
    plan = plan_book([("animals", ANIMALS)], seed=9, count=5, words_per_puzzle=4)
    assert [p.seed for p in plan] == [puzzle_seed(9, n) for n in range(1, 6)]
    assert len({p.seed for p in plan}) == 5
    again = plan_book([("animals", ANIMALS)], seed=9, count=5, words_per_puzzle=4)
    assert again == plan
    other = plan_book([("animals", ANIMALS)], seed=10, count=5, words_per_puzzle=4)
    assert other != plan


def test_a_list_with_too_few_words_gives_each_puzzle_all_it_has() -> None:
    lists = [("animals", ANIMALS), ("birds", ["OWL", "HAWK", "WREN"])]
    plan = plan_book(lists, seed=1, count=4, words_per_puzzle=5)
    assert [len(p.words) for p in plan] == [5, 3, 5, 3]
    assert set(plan[1].words) == {"OWL", "HAWK", "WREN"}
    assert short_lists(lists, count=4, words_per_puzzle=5) == [("birds", 3, 5)]
    assert short_lists(lists, count=None, words_per_puzzle=None) == []


def test_same_seed_gives_the_same_puzzles_with_one_or_two_workers() -> None:
    plan = plan_book([("animals", ANIMALS)], seed=2, count=6, words_per_puzzle=5)
    settings = BookSettings(rows=8, cols=8, level="hard")
    one = build_book(plan, settings, workers=1)
    two = build_book(plan, settings, workers=2)
    assert [dumps(p) for p in one] == [dumps(p) for p in two]
    assert all(verify_puzzle(p).ok for p in one)


@pytest.mark.parametrize("workers", [1, 2])
def test_the_main_process_does_its_own_work_before_it_collects_the_puzzles(workers: int) -> None:
    """What the book needs of the main process before printing (importing the PDF libraries)
    is done while the workers make the puzzles, not after them while they wait."""
    plan = plan_book([("animals", ANIMALS)], seed=3, count=4, words_per_puzzle=5)
    happened: list[str] = []
    made = build_book(
        plan,
        BookSettings(rows=8, cols=8),
        workers=workers,
        on_done=lambda planned: happened.append(f"made {planned.number}"),
        meanwhile=lambda: happened.append("meanwhile"),
    )
    assert len(made) == 4
    assert happened[0] == "meanwhile" and sorted(happened[1:]) == [
        f"made {n}" for n in (1, 2, 3, 4)
    ]


def test_scores_rated_by_the_workers_are_the_scores_rated_here() -> None:
    plan = plan_book([("animals", ANIMALS)], seed=6, count=30, words_per_puzzle=6)
    puzzles = build_book(plan, BookSettings(rows=9, cols=9, level="hard"), workers=1)
    with in_parallel(2) as workers:
        rated = scores(puzzles, workers)
    assert rated == scores(puzzles) == [rate_puzzle(p).score for p in puzzles]
    assert len(set(rated)) > 5  # not one score for every puzzle


def test_a_puzzle_that_cannot_be_made_names_its_number() -> None:
    plan = plan_book([("long", ["ABCDEFGHIJ", "KLMNOPQRST"])], seed=1)
    with pytest.raises(InputError, match=r"puzzle 1 \(long\)"):
        build_book(plan, BookSettings(rows=4, cols=4), workers=1)


def test_a_book_of_several_levels_takes_them_in_turn_and_parts_them_from_easy_to_hard() -> None:
    # two lists: each round through them has one level, so each list has every level
    two = plan_book([("a", ANIMALS[:12]), ("b", ANIMALS[12:])], seed=5, count=7, words_per_puzzle=4)
    settings = BookSettings(rows=8, cols=8, level=("hard", "easy", "medium"))
    levels = [p.level for p in build_book(two, settings, workers=1)]
    assert levels == ["hard", "hard", "easy", "easy", "medium", "medium", "hard"]
    plan = plan_book([("animals", ANIMALS)], seed=5, count=7, words_per_puzzle=5)
    puzzles = build_book(plan, settings, workers=1)
    assert [p.level for p in puzzles] == ["hard", "easy", "medium"] * 2 + ["hard"]
    # one puzzle a list (no count): each puzzle takes the next level
    each = plan_book([("a", ANIMALS[:8]), ("b", ANIMALS[8:16]), ("c", ANIMALS[16:])], seed=5)
    assert [p.level for p in build_book(each, settings, workers=1)] == ["hard", "easy", "medium"]
    # a part of the book (--first) gives its puzzles the levels the whole book gives them
    later = build_book(plan[4:], settings, workers=1)
    assert [dumps(p) for p in later] == [dumps(p) for p in puzzles[4:]]
    pairs = [(p.title, z) for p, z in zip(plan, puzzles, strict=True)]
    pdf = render_book(pairs, RenderOptions(title="Zoo"), order="easy-to-hard")
    contents = PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
    headings = re.findall(r"^Part (\d): (\w+)", contents, re.M)
    assert headings == [("1", "Easy"), ("2", "Medium"), ("3", "Hard")]
    listed = re.findall(r"^\d+\. animals +\(8×8, (\w+), difficulty ([\d.]+)\)", contents, re.M)
    assert [level for level, _ in listed] == ["easy"] * 2 + ["medium"] * 2 + ["hard"] * 3
    for level in ("easy", "medium", "hard"):  # by score within a level
        scores = [float(score) for named, score in listed if named == level]
        assert scores == sorted(scores)


def test_a_book_of_several_levels_refuses_a_target_difficulty_and_no_level() -> None:
    with pytest.raises(InputError, match="at most one --level"):
        BookSettings(level=("easy", "hard"), difficulty=2.0)
    with pytest.raises(InputError, match="no level"):
        BookSettings(level=())


def test_book_of_fifty_puzzles_has_contents_puzzle_pages_and_answer_pages() -> None:
    plan = plan_book([("animals", ANIMALS)], seed=1, count=50, words_per_puzzle=5)
    puzzles = build_book(plan, BookSettings(rows=8, cols=8, level="medium"), workers=2)
    pairs = [(p.title, z) for p, z in zip(plan, puzzles, strict=True)]
    pdf = render_book(pairs, RenderOptions(title="Zoo"))
    pages = [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]

    contents = [i for i, text in enumerate(pages) if "Contents" in text]
    assert contents == [0]
    key_pages = math.ceil(50 / (KEYS_ACROSS * KEYS_DOWN))
    assert len(pages) == 1 + 50 + key_pages

    for number, puzzle in enumerate(puzzles, start=1):
        text = pages[number]
        assert f"{number}. animals" in text
        assert "".join(puzzle.grid.rows) in re.sub(r"\s+", "", text)
        assert {w.entry for w in puzzle.words} <= set(text.split())
        # The contents give the page of each puzzle (pages are counted from 1).
        assert re.search(rf"^{number}\. animals .*{number + 1}$", pages[0], re.M)
    answers = pages[51:]
    assert all("Answers" in text for text in answers)
    assert sum(text.count(". animals") for text in answers) == 50


def test_a_book_in_a_shape_has_every_puzzle_in_that_shape() -> None:
    from wortsuche.grid.shapes import holes

    lists = [("Obst", ["Apfel", "Birne", "Kirsche", "Pflaume", "Banane", "Mango", "Quitte"])]
    plan = plan_book(lists, seed=3, count=4, words_per_puzzle=6)
    puzzles = build_book(plan, BookSettings(options={"shape": "heart"}), workers=1)
    for puzzle in puzzles:
        blanks = {
            (r, c) for r, row in enumerate(puzzle.grid.rows) for c, x in enumerate(row) if x == " "
        }
        assert blanks == set(holes("heart", puzzle.rows, puzzle.cols)) != set()
        assert verify_puzzle(puzzle).ok
    pdf = render_book([(p.title or "Obst", p) for p in puzzles], RenderOptions(language="de"))
    assert len(PdfReader(io.BytesIO(pdf)).pages) >= 5


def test_a_books_answer_keys_name_each_word_with_its_clue_a_picture_beside_it() -> None:
    import pdfplumber

    from wortsuche import generate

    entries = ["IGEL = 🦔", "EULE = 🦉", "HUND = 🐕", "APFEL = Rund und rot"]
    puzzle = generate(entries, rows=7, cols=7, seed=1, language="de")
    pdf = render_book([("Bilder", puzzle)], RenderOptions(language="de"))
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        key = document.pages[-1]
        text = " ".join((key.extract_text() or "").split())
        assert "IGEL –" in text and "EULE –" in text and "HUND –" in text
        assert "APFEL – Rund und rot" in text
        assert len(key.images) == 3  # the three picture clues, each beside its word


def test_a_puzzle_gets_no_word_inside_another_while_its_list_has_others() -> None:
    """TIT beside BLUE TIT, SUN beside VENUS (backwards): found once each, but the short one as
    a piece of the long one. 18 of 100 puzzles of five English themes had such a pair."""
    from wortsuche.words.themes import load_theme, nested

    themes = [load_theme(name, "en") for name in ("animals", "birds", "food", "sports", "space")]
    plan = plan_book([(t.title, list(t.words)) for t in themes], seed=42, count=100)
    pairs = [
        (a, b)
        for p in plan
        for i, a in enumerate(p.words)
        for b in p.words[i + 1 :]
        if nested(a, b)
    ]
    assert pairs == []
    # a list of nothing but such words still deals every puzzle its words
    nested_only = ["Tit", "Blue tit", "Great tit", "Coal tit"]
    assert all(
        len(p.words) == 3
        for p in plan_book([("Tits", nested_only)], seed=1, count=5, words_per_puzzle=3)
    )


def test_a_theme_drawn_for_one_sheet_keeps_nested_words_apart() -> None:
    from wortsuche.words.themes import draw, load_theme, nested

    birds = load_theme("birds", "en")
    for seed in range(20):
        words = draw(birds, 15, seed)
        assert len(words) == 15
        assert not any(nested(a, b) for i, a in enumerate(words) for b in words[i + 1 :])


def test_nested_words_are_kept_apart_by_their_words_not_their_clues() -> None:
    from wortsuche.words.themes import Theme, draw

    clued = [
        "Tit = a small bird",
        "Blue tit = a blue bird",
        "Robin = red",
        "Wren = tiny",
        "Owl = night",
    ]
    plan = plan_book([("Birds", clued)], seed=1, count=50, words_per_puzzle=3)
    assert not any({"Tit = a small bird", "Blue tit = a blue bird"} <= set(p.words) for p in plan)
    # a draw checks against the words it kept, not every word shuffled before
    theme = Theme("birds", "en", "Birds", ("STAR", "STARLING", "LING", "OWL", "WREN"))
    words = draw(theme, 4, 5)  # shuffled STAR, STARLING, WREN, LING, OWL: STARLING is left out
    assert sorted(words) == ["LING", "OWL", "STAR", "WREN"]


# --- puzzles from one list differ, and a book says when they cannot ---------------------------

FOUR_LETTERS = [a + b + c + "X" for a in "BDFGKLMNPRST" for b in "AEIOU" for c in "LMNRST"]
"""Words of one length, none inside another, as many as a test needs."""


@settings(max_examples=60, deadline=None)
@given(
    words=st.integers(min_value=2, max_value=60),
    per_puzzle=st.integers(min_value=1, max_value=20),
    count=st.integers(min_value=2, max_value=25),
    seed=st.integers(min_value=1, max_value=10**9),
)
def test_puzzles_in_a_row_from_one_list_share_no_more_words_than_its_length_forces(
    words: int, per_puzzle: int, count: int, seed: int
) -> None:
    """15 words a puzzle from a list of 20: two puzzles in a row share 10, no more; every word
    is dealt as often as any other, give or take one."""
    per_puzzle = min(per_puzzle, words)
    listed = FOUR_LETTERS[:words]
    plan = plan_book([("a", listed)], seed=seed, count=count, words_per_puzzle=per_puzzle)
    hands = [set(p.words) for p in plan]
    assert all(len(hand) == per_puzzle for hand in hands)
    for before, after in itertools.pairwise(hands):
        assert len(before & after) == max(0, 2 * per_puzzle - words)
    uses = Counter(word for hand in hands for word in hand)
    assert max(uses.values()) - min(uses.get(word, 0) for word in listed) <= 1


def test_repeated_puzzles_are_counted_by_list() -> None:
    short = plan_book([("kurz", FOUR_LETTERS[:20])], seed=1, count=4, words_per_puzzle=15)
    assert repeated_puzzles(short) == (3, ["kurz"])  # each shares at least 10 of 15 words
    long = plan_book([("lang", FOUR_LETTERS[:60])], seed=1, count=4, words_per_puzzle=15)
    assert repeated_puzzles(long) == (0, [])  # four hands of 60 words: none shared


def book_words(path: Path) -> list[set[str]]:
    """The words of each puzzle of a run's .jsonl file, as written."""
    return [
        {word["entry"] if "entry" in word else word["word"] for word in json.loads(line)["words"]}
        for line in path.read_text(encoding="utf-8").splitlines()
    ]


def test_a_books_lists_are_read_alike_and_said_once(tmp_path: Path) -> None:
    """One list has two words on most lines, the other one on most: both keep a line with a
    space whole (on main the first was split, the second kept ``cutting board``)."""
    (tmp_path / "toys.txt").write_text("hula hoop\nyo yo\nteddy bear\nkite\nball\n", "utf-8")
    (tmp_path / "kitchen.txt").write_text("fork\nknife\ncutting board\npan\npot\nbowl\n", "utf-8")
    made = run("book", "toys.txt", "kitchen.txt", "--seed", "1", "-o", "b.jsonl", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    toys, kitchen = book_words(tmp_path / "b.jsonl")
    assert {"hula hoop", "yo yo", "teddy bear"} <= toys and "cutting board" in kitchen
    assert made.stderr == (
        "wortsuche: the word lists are read one entry a line: 'hula hoop' (toys.txt, line 1) is "
        "one entry, 3 more lines likewise; commas between words split a line\n"
    )
    pairs = "Hund Katze\nMaus Pferd\nKuh Schaf\nEsel Hase\nIgel Fuchs\nWolf Luchs\nZiege\n"
    (tmp_path / "pairs.txt").write_text(pairs, "utf-8")
    made = run("book", "pairs.txt", "kitchen.txt", "--seed", "1", "-o", "c.jsonl", cwd=tmp_path)
    pairs, kitchen = book_words(tmp_path / "c.jsonl")
    assert {"Hund", "Katze", "Schaf"} <= pairs and {"cutting", "board"} <= kitchen
    assert made.stderr.count("\n") == 1 and "split into words: pairs.txt, line 1" in made.stderr


def test_a_book_warns_of_repeated_puzzles_with_the_count_and_what_helps(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "kurz.txt").write_text("\n".join(FOUR_LETTERS[:20]), "utf-8")
    (tmp_path / "lang.txt").write_text("\n".join(FOUR_LETTERS[20:80]), "utf-8")
    args = ["--count", "8", "--words-per-puzzle", "15", "--size", "12x12", "--seed", "1"]
    made = run("book", "kurz.txt", "lang.txt", *args, "-o", "b.jsonl", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    assert made.stderr == (
        "wortsuche: 3 of the 8 puzzles share more than half their words with another from "
        "their list (Kurz); more words in the lists, fewer puzzles (--count) or several levels "
        "(--level easy,medium,hard) make them differ\n"
    )
    with monkeypatch.context() as german:
        for variable in ("LC_ALL", "LANGUAGE"):
            german.delenv(variable, raising=False)
        german.setenv("LANG", "de_DE.UTF-8")
        said = run("book", "kurz.txt", "lang.txt", *args, "-o", "d.jsonl", cwd=tmp_path)
    assert said.stderr.startswith(
        "wortsuche: 3 der 8 Rätsel teilen mehr als die Hälfte ihrer Wörter mit einem anderen "
        "aus ihrer Liste (Kurz); mehr Wörter in den Listen, weniger Rätsel (--count) oder "
        "mehrere Stufen (--level leicht,mittel,schwer)"
    )
    args[1] = "4"  # four puzzles of 15 words from 60: none shares a word with another
    quiet = run("book", "lang.txt", *args, "-o", "c.jsonl", cwd=tmp_path)
    assert quiet.returncode == 0 and quiet.stderr == ""
