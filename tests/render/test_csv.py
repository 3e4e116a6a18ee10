"""The CSV export, parsed with the csv module."""

from __future__ import annotations

import csv
import io
import unicodedata

from wortsuche import Puzzle
from wortsuche.render import render
from wortsuche.render.layout import sorted_entries


def blocks(text: str | bytes) -> list[list[list[str]]]:
    assert isinstance(text, str)
    result: list[list[list[str]]] = [[]]
    for row in csv.reader(io.StringIO(text)):
        if row:
            result[-1].append(row)
        else:
            result.append([])
    return result


def test_one_row_per_grid_row_then_the_word_list(zoo: Puzzle) -> None:
    grid, words = blocks(render(zoo, "csv"))
    assert ["".join(row) for row in grid] == list(zoo.grid.rows)
    entries = [row[0] for row in words]
    assert sorted(entries) == sorted(w.entry for w in zoo.words)
    plain = [unicodedata.normalize("NFD", e)[0].casefold() for e in entries]
    assert plain == sorted(plain)  # alphabetical by first letter, accents ignored


def test_answers_give_each_words_first_and_last_cell_counted_from_one(zoo: Puzzle) -> None:
    _, _, key = blocks(render(zoo, "csv", answers=True, language="en"))
    header, *rows = key
    assert header[:3] == ["word", "first row", "first column"]
    _, _, german = blocks(render(zoo, "csv", answers=True))  # the zoo's words are German
    assert german[0][:3] == ["Wort", "erste Zeile", "erste Spalte"]
    assert len(rows) == len(zoo.words)
    letters = {w.entry: w.letters for w in zoo.words}
    for entry, r0, c0, r1, c1, direction in rows:
        placement = zoo.placements[letters[entry]]
        assert (int(r0) - 1, int(c0) - 1) == placement.start
        assert (int(r1) - 1, int(c1) - 1) == placement.end
        assert direction == placement.direction.name


def test_lowercase_lowers_the_grid_and_keeps_the_words_as_written(small: Puzzle) -> None:
    grid, words = blocks(render(small, "csv", lowercase=True))
    assert ["".join(row) for row in grid] == [row.lower() for row in small.grid.rows]
    assert [row[0] for row in words] == sorted_entries(small)
    assert [row[0] for row in words] == [row[0] for row in blocks(render(small, "csv"))[1]]
