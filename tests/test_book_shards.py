"""A large run split by puzzle number: parts made anywhere, joined, are byte for byte one run."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from cli import run
from wortsuche.book import Stretch, plan_book
from wortsuche.puzzle_json import loads

ANIMALS = [
    "Ant", "Bear", "Cat", "Dog", "Eel", "Fox", "Goat", "Hen", "Ibis", "Jay", "Kiwi", "Lion",
    "Mole", "Newt", "Owl", "Pig", "Quail", "Rat", "Seal", "Toad", "Vole", "Wolf", "Yak", "Zebu",
]  # fmt: skip


@settings(max_examples=60, deadline=None)
@given(
    total=st.integers(1, 60),
    cuts=st.lists(st.integers(1, 59), max_size=4),
    per_puzzle=st.integers(1, 30),
    lists=st.integers(1, 3),
    seed=st.integers(0, 2**40),
)
def test_parts_planned_from_any_numbers_are_the_whole_plan(
    total: int, cuts: list[int], per_puzzle: int, lists: int, seed: int
) -> None:
    word_lists = [(f"list{i}", ANIMALS[i * 5 :]) for i in range(lists)]
    whole = plan_book(word_lists, seed=seed, count=total, words_per_puzzle=per_puzzle)
    starts = sorted({1, *(cut for cut in cuts if cut < total)})
    ends = [*starts[1:], total + 1]
    parts = [
        plan_book(
            word_lists,
            seed=seed,
            count=end - start,
            words_per_puzzle=per_puzzle,
            stretch=Stretch(first=start),
        )
        for start, end in zip(starts, ends, strict=True)
    ]
    assert [planned for part in parts for planned in part] == whole


def write_words(folder: Path) -> Path:
    words = folder / "tiere.txt"
    words.write_text("\n".join(ANIMALS) + "\n", encoding="utf-8")
    return words


def book(*args: str | Path) -> None:
    result = run("book", *args, "--words-per-puzzle", "8", "--size", "10x10")
    assert result.returncode == 0, result.stderr


def test_two_parts_joined_are_byte_for_byte_one_run(tmp_path: Path) -> None:
    words = write_words(tmp_path)
    book(words, "--seed", "5", "--count", "9", "-o", tmp_path / "one.pdf")
    book(words, "--seed", "5", "--count", "9", "-o", tmp_path / "one.jsonl")
    book(words, "--seed", "5", "--first", "1", "--count", "4", "-o", tmp_path / "a.jsonl")
    book(words, "--seed", "5", "--first", "5", "--count", "5", "--workers", "2", "-o", tmp_path / "b.jsonl")  # fmt: skip
    parts = (tmp_path / "a.jsonl").read_bytes() + (tmp_path / "b.jsonl").read_bytes()
    assert parts == (tmp_path / "one.jsonl").read_bytes()
    # given in any order, the parts print the PDF of the one run
    joined = run("book", "--join", tmp_path / "b.jsonl", tmp_path / "a.jsonl", "-o", tmp_path / "joined.pdf")  # fmt: skip
    assert joined.returncode == 0, joined.stderr
    assert (tmp_path / "joined.pdf").read_bytes() == (tmp_path / "one.pdf").read_bytes()


def test_a_german_run_sorted_easy_to_hard_joins_the_same(tmp_path: Path) -> None:
    words = write_words(tmp_path)
    common = ("--seed", "8", "--language", "de", "--level", "hard")
    book(words, *common, "--count", "6", "--order", "easy-to-hard", "-o", tmp_path / "one.pdf")
    book(words, *common, "--first", "1", "--count", "3", "-o", tmp_path / "a.jsonl")
    book(words, *common, "--first", "4", "--count", "3", "-o", tmp_path / "b.jsonl")
    # the language comes back from the puzzles; the order is the printing's
    joined = run("book", "--join", tmp_path / "a.jsonl", tmp_path / "b.jsonl", "--order", "easy-to-hard", "-o", tmp_path / "joined.pdf")  # fmt: skip
    assert joined.returncode == 0, joined.stderr
    assert (tmp_path / "joined.pdf").read_bytes() == (tmp_path / "one.pdf").read_bytes()


def test_each_line_is_a_puzzle_with_its_list_name_and_place_in_the_book(tmp_path: Path) -> None:
    words = write_words(tmp_path)
    book(words, "--seed", "5", "--first", "3", "--count", "2", "-o", tmp_path / "part.jsonl")
    lines = (tmp_path / "part.jsonl").read_text(encoding="utf-8").splitlines()
    assert [json.loads(line)["book"] for line in lines] == [
        {"seed": 5, "number": 3},
        {"seed": 5, "number": 4},
    ]
    puzzle = loads(lines[0])  # the JSON format of one puzzle, read as it is
    assert puzzle.title == "Tiere" and len(puzzle.words) == 8


def test_parts_that_do_not_make_one_run_are_refused_in_one_line(tmp_path: Path) -> None:
    words = write_words(tmp_path)
    book(words, "--seed", "5", "--first", "1", "--count", "2", "-o", tmp_path / "a.jsonl")
    book(words, "--seed", "5", "--first", "5", "--count", "2", "-o", tmp_path / "c.jsonl")
    book(words, "--seed", "6", "--first", "3", "--count", "2", "-o", tmp_path / "other.jsonl")
    cases = {
        ("a.jsonl", "c.jsonl"): "puzzles 3 to 4 are missing",
        ("a.jsonl", "a.jsonl"): "puzzle 1 is twice",
        ("a.jsonl", "other.jsonl"): "parts of different books (seeds 5 and 6)",
        ("tiere.txt",): "tiere.txt, line 1: not valid JSON",
    }
    for names, message in cases.items():
        result = run("book", "--join", *(tmp_path / name for name in names), "-o", tmp_path / "x.pdf")  # fmt: skip
        assert result.returncode == 2
        assert message in result.stderr and result.stderr.count("\n") == 1, result.stderr
    assert not (tmp_path / "x.pdf").exists()


def test_options_that_cannot_make_a_part_are_refused(tmp_path: Path) -> None:
    words = write_words(tmp_path)
    cases = {
        ("--first", "3", "--count", "2", "-o", "p.jsonl"): "--first needs --count",
        ("--first", "3", "--seed", "1", "-o", "p.jsonl"): "--first needs --count",
        ("--count", "2", "--order", "easy-to-hard", "-o", "p.jsonl"): "keeps the book's order",
        ("--seed", "1", "--first", "0", "--count", "2", "-o", "p.jsonl"): "at least 1, not 0",
        ("--seed", "1", "--first", "999999", "--count", "5", "-o", "p.jsonl"): "up to 1000000",
        ("--count", "1001", "-o", "p.pdf"): "a book holds 1 to 1000 puzzles",
    }
    for args, message in cases.items():
        result = run("book", words, *args, cwd=tmp_path)
        assert result.returncode == 2 and message in result.stderr, (args, result.stderr)
    joined = run("book", "--join", words, "--level", "hard", "-o", "x.pdf", cwd=tmp_path)
    assert joined.returncode == 2 and "--level belongs to the runs" in joined.stderr
    assert not any(tmp_path.glob("p.*")) and not (tmp_path / "x.pdf").exists()
