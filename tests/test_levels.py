"""Levels are data: named presets of explicit options, each settable on its own."""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

import pytest

from wortsuche import Direction, InputError, generate
from wortsuche.levels import (
    LEVEL_ALIASES,
    LEVELS,
    PRESETS,
    SHARED,
    Crossing,
    Decoys,
    Filler,
    options_for,
    parse_directions,
)
from wortsuche.model import Options
from wortsuche.spec import (
    BY_NAME,
    LEVEL_OPTIONS,
    PuzzleSpec,
    options_from_dict,
    options_schema,
    options_to_dict,
    resolve_options,
)
from wortsuche.words.alphabet import language_alphabet

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "bwinf"


def test_the_four_levels_open_up_directions_crossings_and_reversed_words() -> None:
    easy, medium, hard, evil = (LEVELS[n] for n in ("easy", "medium", "hard", "evil"))
    assert len(easy.directions) < len(medium.directions) < len(hard.directions) == 8
    assert evil.directions == hard.directions
    assert [x.crossing for x in (easy, medium, hard, evil)] == [
        Crossing.NEVER,
        Crossing.ALLOWED,
        Crossing.ALLOWED,
        Crossing.PREFERRED,
    ]
    # hard draws every direction alike; evil mostly backwards, never only (a solver who
    # noticed "all backwards" would read only backwards)
    assert hard.reversed_share is None
    assert evil.reversed_share is not None and 50 < evil.reversed_share < 100
    # Easy: no letter that begins or ends a word fills a free cell. Medium: the whole alphabet,
    # no letter rare. Evil: only the words' letters, each continuing pieces of words, among as
    # many decoys as fit.
    assert (easy.filler, medium.filler, evil.filler) == (
        Filler.OTHER,
        Filler.EVEN,
        Filler.TRAPS,
    )
    assert evil.decoys is Decoys.MAX


def test_an_option_overrides_the_preset() -> None:
    options = options_for("easy", crossing=Crossing.PREFERRED, word_letter_share=40)
    assert options.crossing is Crossing.PREFERRED and options.word_letter_share == 40
    assert options.directions == LEVELS["easy"].directions


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("E,S", (Direction.E, Direction.S)),
        ("right, down", (Direction.E, Direction.S)),
        ("→↓", None),
        ("all", tuple(Direction)),
        ("se,ne", (Direction.SE, Direction.NE)),
    ],
)
def test_directions_are_read_from_compass_names_words_or_arrows(
    text: str, expected: tuple[Direction, ...] | None
) -> None:
    if expected is None:
        with pytest.raises(InputError):
            parse_directions(text)
    else:
        assert parse_directions(text) == expected


@pytest.mark.parametrize(
    "change",
    [{"word_letter_share": 101}, {"word_letter_share": -1}, {"language": "xx"}, {"directions": ()}],
)
def test_bad_option_values_are_input_errors(change: dict[str, object]) -> None:
    with pytest.raises(InputError):
        resolve_options("medium", **change)


def test_unknown_level_is_an_input_error() -> None:
    with pytest.raises(InputError, match="unknown level"):
        options_for("impossible")


def test_options_survive_a_round_trip_through_plain_data() -> None:
    options = options_for("hard", word_letter_share=30)
    assert options_from_dict(options_to_dict(options)) == options


def test_word_letter_share_moves_the_filler_towards_the_words_letters() -> None:
    words = ["KATZE", "HUND", "MAUS"]

    def share_of_word_letters(percent: int) -> float:
        puzzle = generate(
            words, 20, 20, level="easy", seed=4, filler="unused", word_letter_share=percent
        )
        covered = {cell for p in puzzle.placements.values() for cell in p.cells}
        filler = [
            puzzle.grid.at((r, c)) for r in range(20) for c in range(20) if (r, c) not in covered
        ]
        return sum(x in set("".join(words)) for x in filler) / len(filler)

    assert share_of_word_letters(0) == 0
    assert 0.3 < share_of_word_letters(50) < 0.7
    assert share_of_word_letters(100) > 0.9


def filler_letters(level: str, words: list[str], seeds: int = 4) -> list[str]:
    """The letters of the cells no word covers, over a few 15×15 puzzles in German."""
    letters = []
    for seed in range(seeds):
        puzzle = generate(words, 15, 15, level=level, seed=seed, language="de")
        covered = {cell for p in puzzle.placements.values() for cell in p.cells}
        letters += [
            puzzle.grid.at((r, c)) for r in range(15) for c in range(15) if (r, c) not in covered
        ]
    return letters


def test_medium_fills_from_the_whole_alphabet_and_hard_from_the_words_first_letters_more() -> None:
    # Medium's free cells are the whole alphabet, each letter alike; hard's are mostly the words'
    # own letters, so a solver who tries all 8 directions at every level meets more false first
    # letters in a hard grid of the same size (benchmarks/difficulty.py --family-only: all8).
    words = ["KATZE", "HUND", "MAUS", "PFERD", "ZIEGE", "SCHAF", "ESEL", "KUH"]
    firsts = {w[0] for w in words}
    alphabet = language_alphabet("de", words)

    def share_of_first_letters(level: str) -> float:
        letters = filler_letters(level, words)
        return sum(x in firsts for x in letters) / len(letters)

    medium, hard = share_of_first_letters("medium"), share_of_first_letters("hard")
    assert abs(medium - len(firsts) / len(alphabet)) < 0.06, medium
    assert hard > 1.1 * medium, (hard, medium)


def test_no_letter_of_the_alphabet_is_rare_in_medium() -> None:
    # A letter rare in the language (Q, X, Y, J) is as common as any in medium's free cells, so
    # scanning for a word's rarest letter is no shortcut there.
    words = ["QUARZ", "XYLOFON", "JOGURT", "BOXER", "PYJAMA", "KAJAK"]
    letters = filler_letters("medium", words)
    alphabet = language_alphabet("de", words)
    even = len(letters) / len(alphabet)
    counts = {x: letters.count(x) for x in alphabet}
    assert min(counts.values()) > 0.5 * even, counts
    assert max(counts.values()) < 1.6 * even, counts


def test_umlauts_join_the_filler_only_when_the_words_have_them_or_german_is_asked_for() -> None:
    assert not {"Ä", "Ö", "Ü"} & set(language_alphabet("auto", ["LION", "TIGER", "ZEBRA"]))
    assert {"Ä", "Ö", "Ü"} <= set(language_alphabet("auto", ["ÄPFEL", "BIRNE"]))
    assert {"Ä", "Ö", "Ü"} <= set(language_alphabet("de", ["LION"]))


@pytest.mark.parametrize("filler", ["words", "traps"])
def test_word_letter_share_is_refused_where_every_filler_letter_is_a_word_letter(
    filler: str,
) -> None:
    with pytest.raises(InputError, match="no effect with the filler"):
        generate(["KATZE", "HUND"], 8, 8, filler=filler, word_letter_share=50, seed=1)


def test_reversed_share_sets_how_many_words_run_backwards() -> None:
    words = ["KATZE", "HUND", "MAUS", "PFERD", "ZIEGE", "SCHAF", "ESEL", "KUH"]

    def backwards(share: int) -> int:
        puzzle = generate(words, 14, 14, level="hard", seed=2, reversed_share=share)
        return sum(p.direction.is_reversed for p in puzzle.placements.values())

    assert backwards(0) == 0
    assert backwards(100) == len(words)


@pytest.mark.parametrize("level", ["medium", "hard", "evil"])
def test_no_level_puts_every_word_in_one_kind_of_direction(level: str) -> None:
    words = ["IGEL", "HASE", "FUCHS", "DACHS", "HIRSCH", "BIBER", "OTTER", "MARDER", "WIESEL"]
    for seed in range(5):
        puzzle = generate(words, 14, 14, level=level, seed=seed)
        directions = [p.direction for p in puzzle.placements.values()]
        if level != "medium":
            assert any(d.is_reversed for d in directions) and not all(
                d.is_reversed for d in directions
            ), directions
        assert any(d.is_diagonal for d in directions) and not all(
            d.is_diagonal for d in directions
        ), directions


def test_each_preset_is_declared_once_and_every_view_of_it_agrees() -> None:
    # PRESETS (over SHARED) is the one declaration; the levels' Options, the spec's defaults, the
    # JSON read of an old file and the schema's defaults are made from it and must say the same.
    level_options = [o for o in LEVEL_OPTIONS if o.level_option]
    names = [f.name for f in fields(Options)]
    assert [o.name for o in level_options] == names
    first = {o.name for o in level_options if o.since_first}
    assert set(SHARED) == set(names) - first
    for level, own in PRESETS.items():
        assert first <= set(own) <= set(names), level
        assert LEVELS[level] == Options(**{**SHARED, **own})
        for named in (
            level,
            *(german for german, english in LEVEL_ALIASES.items() if english == level),
        ):
            checked = PuzzleSpec(["IGEL", "HASE"], 8, level=named).checked().options
            assert checked == LEVELS[level], named
        written = options_to_dict(LEVELS[level])
        assert options_from_dict({name: written[name] for name in first}) == Options(
            **{**SHARED, **{name: getattr(LEVELS[level], name) for name in first}}
        )
    schema = options_schema()
    assert {name: schema["properties"][name]["default"] for name in SHARED} == {
        name: BY_NAME[name].to_json(value) for name, value in SHARED.items()
    }
    assert schema["required"] == [name for name in names if name in first]
