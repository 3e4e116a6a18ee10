"""The puzzle file's long lists are written by hand: the same text as ``json.dumps`` writes.

``puzzle_json.dumps`` writes the words and the placements itself (:mod:`wortsuche.json_lists`),
so the file is held here, character for character, to json's own indented text: random lists
with every kind of string (quotes, backslashes, newlines, umlauts, control characters) and
cells, and real puzzles with clues and secret words.
"""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from wortsuche import generate
from wortsuche.json_lists import placement_dicts, string_dicts
from wortsuche.model import Word
from wortsuche.puzzle_json import dumps, indented, puzzle_to_dict

TEXT = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=6)
CELL = st.lists(st.integers(0, 499), min_size=2, max_size=2)


@settings(max_examples=200, deadline=None)
@given(items=st.lists(st.dictionaries(TEXT, TEXT, max_size=3), max_size=4))
def test_a_list_of_string_dicts_reads_as_json_writes_it(items: list[dict[str, str]]) -> None:
    expected = json.dumps({"words": items}, ensure_ascii=False, indent=2)
    assert '{\n  "words": ' + string_dicts(items, 1) + "\n}" == expected


@settings(max_examples=200, deadline=None)
@given(
    items=st.lists(
        st.fixed_dictionaries(
            {
                "letters": TEXT,
                "start": CELL,
                "direction": st.sampled_from(["E", "SW"]),
                "end": CELL,
                "cells": st.lists(CELL, max_size=4),
            }
        ),
        max_size=4,
    )
)
def test_a_list_of_placements_reads_as_json_writes_it(items: list[dict[str, object]]) -> None:
    expected = json.dumps({"placements": items}, ensure_ascii=False, indent=2)
    assert '{\n  "placements": ' + placement_dicts(items, 1) + "\n}" == expected


@settings(max_examples=25, deadline=None)
@given(
    words=st.lists(st.sampled_from(["TORF", "VOR", "RAD", "EVA", "ÄPFEL", "IGEL"]), unique=True),
    seed=st.integers(0, 50),
    clue=st.booleans(),
    secret=st.booleans(),
)
def test_a_puzzle_file_is_the_text_json_writes(
    words: list[str], seed: int, clue: bool, secret: bool
) -> None:
    entries = [
        Word(w, w, 'ein "Tier"\n\\' if clue and i == 0 else None) for i, w in enumerate(words)
    ]
    options = {"secret": ["LUCHS"]} if secret else {}
    puzzle = generate(entries or ["TORF"], 9, 9, level="hard", seed=seed, **options)
    data = puzzle_to_dict(puzzle)
    assert indented(data) == json.dumps(data, ensure_ascii=False, indent=2)
    assert dumps(puzzle) == json.dumps(data, ensure_ascii=False, indent=2) + "\n"
