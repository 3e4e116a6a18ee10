"""A word list with a ``# Title`` heading over each group of words: a puzzle for each in a book,
one puzzle of all of them in ``generate``; every other ``#`` line stays a comment."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from pypdf import PdfReader
from tests.cli import run

from wortsuche.book.files import titled_lists
from wortsuche.errors import InputError
from wortsuche.words.source import heading_lines, parse_words

GROUPS = {
    "Tiere": ["FUCHS", "IGEL", "DACHS", "HASE"],
    "Obst": ["APFEL", "BIRNE", "KIRSCHE", "PFLAUME"],
    "Farben": ["ROT", "BLAU", "GELB", "GRUEN"],
}


def headed(groups: dict[str, list[str]]) -> str:
    """A word list with a heading over each group, a blank line between groups."""
    return "\n\n".join(f"# {title}\n" + "\n".join(words) for title, words in groups.items())


def test_each_heading_after_a_blank_line_starts_its_own_list() -> None:
    source = parse_words(headed(GROUPS), name="gruppen.txt")
    sections, above = source.sections()
    assert above == ()
    assert [(title, list(words)) for title, words in sections] == list(GROUPS.items())
    assert [title for title, _, _ in titled_lists(source, "gruppen")] == list(GROUPS)


@pytest.mark.parametrize(
    "text",
    [
        "# Tiere\nFUCHS\nIGEL\n",  # one heading: the list's title, as before
        "# Tiere\nFUCHS\n# Obst\nAPFEL\n",  # a # line right under a word is a comment
        "# Tiere\nFUCHS\n\n#Obst\nAPFEL\n",  # no space after #: a comment
        "# Tiere\nFUCHS\n\n## Obst\nAPFEL\n",  # two #: a comment
        "# Tiere\nFUCHS\n\n  # Obst\nAPFEL\n",  # not at the start of the line: a comment
        "# Wörter für Klasse 3\n# von Frau Kunz\n\n# Tiere\nFUCHS\nIGEL\n",  # no words under it
    ],
)
def test_a_list_without_two_headings_with_words_reads_as_before(text: str) -> None:
    source = parse_words(text, name="liste.txt")
    assert source.sections() == ((), source.entries)
    assert titled_lists(source, "liste") == [("liste", list(source.entries), None)]


def test_comment_lines_and_empty_headings_are_no_puzzles() -> None:
    text = "# Sammlung\n# (von Frau Kunz)\n\n# Tiere\nFUCHS\n# ohne Hund\nIGEL\n\n# Obst\nAPFEL\n\n# leer\n"
    sections, above = parse_words(text, name="x.txt").sections()
    assert sections == (("Tiere", ("FUCHS", "IGEL")), ("Obst", ("APFEL",)))
    assert above == ()


def test_words_above_the_first_heading_are_refused_in_one_line() -> None:
    source = parse_words("MAUS\n\n# Tiere\nFUCHS\n\n# Obst\nAPFEL\n", name="x.txt")
    with pytest.raises(InputError, match=r"x\.txt: 1 entry stands above the first heading"):
        titled_lists(source, "x")


@given(
    st.lists(
        st.tuples(
            st.text("ABCDEFGHIJ", min_size=1, max_size=8),
            st.lists(st.text("KLMNOPQRST", min_size=3, max_size=8), min_size=0, max_size=4),
        ),
        min_size=1,
        max_size=6,
    )
)
def test_every_entry_belongs_to_the_heading_above_it(
    groups: list[tuple[str, list[str]]],
) -> None:
    text = "\n\n".join(f"# {title}\n" + "\n".join(words) for title, words in groups)
    assert [title for _, title in heading_lines(text.splitlines())] == [t for t, _ in groups]
    assume(any(words for _, words in groups))
    source = parse_words(text, name="x.txt", phrases=True)
    expected = [(title, tuple(words)) for title, words in groups if words]
    sections, above = source.sections()
    if len(expected) >= 2:  # a puzzle for each heading with words, in the file's order
        assert list(sections) == expected and above == ()
    else:  # one list, as before headings started puzzles
        assert sections == () and above == source.entries


def test_a_book_makes_a_titled_puzzle_of_each_heading_listed_in_the_contents(
    tmp_path: Path,
) -> None:
    words = tmp_path / "gruppen.txt"
    words.write_text(headed(GROUPS), encoding="utf-8")
    out = tmp_path / "buch.pdf"
    made = run("book", words, "--seed", "1", "--trim", "6x9", "--language", "de", "-o", out)
    assert made.returncode == 0, made.stderr
    pages = [page.extract_text() for page in PdfReader(out).pages]
    contents = next(text for text in pages if "Inhalt" in text)
    for number, title in enumerate(GROUPS, 1):
        assert f"{number}. {title}" in contents
        page = next(text for text in pages if text.lstrip().startswith(f"{number}. {title}"))
        assert all(word in page for word in GROUPS[title])  # its list under its title


def test_a_book_with_count_draws_puzzles_from_each_heading_in_turn(tmp_path: Path) -> None:
    words = tmp_path / "gruppen.txt"
    words.write_text(headed(GROUPS), encoding="utf-8")
    out = tmp_path / "buch.jsonl"
    made = run("book", words, "--count", "6", "--words-per-puzzle", "3", "--seed", "2", "-o", out)
    assert made.returncode == 0, made.stderr
    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    titles = [line["title"] for line in lines]
    assert titles == [*GROUPS, *GROUPS]
    for line in lines:
        assert {word["entry"] for word in line["words"]} <= set(GROUPS[line["title"]])


def test_a_book_refuses_words_above_the_first_heading(tmp_path: Path) -> None:
    words = tmp_path / "gruppen.txt"
    words.write_text("MAUS\nRATTE\n\n" + headed(GROUPS), encoding="utf-8")
    made = run("book", words, "-o", tmp_path / "b.pdf", "--language", "de")
    assert made.returncode == 2
    assert made.stderr.count("\n") == 1 and "Traceback" not in made.stderr
    assert "2 entries stand above the first heading (# Tiere)" in made.stderr
    assert not (tmp_path / "b.pdf").exists()


def test_generate_makes_one_puzzle_of_all_headings_and_says_so(tmp_path: Path) -> None:
    words = tmp_path / "gruppen.txt"
    words.write_text(headed(GROUPS), encoding="utf-8")
    out = tmp_path / "blatt.json"
    made = run("generate", words, "--seed", "1", "-o", out)
    assert made.returncode == 0, made.stderr
    assert "has 3 headings (Tiere, Obst, Farben): one puzzle of all their words" in made.stderr
    puzzle = json.loads(out.read_text(encoding="utf-8"))
    assert puzzle["title"] == "Tiere"
    assert {word["entry"] for word in puzzle["words"]} == {w for g in GROUPS.values() for w in g}
