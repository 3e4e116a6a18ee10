"""A word inside a longer listed word has its place there, and nowhere else.

KRÖTE inside SCHILDKRÖTE is not placed a second time: its letters stand once, inside the
longer word, and the verifier, check, solve, the web game and the offline file count it there.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scan import apart_from_longer_words, assert_exactly_once, occurrences
from wortsuche import generate, solve
from wortsuche.errors import DoesNotFitError
from wortsuche.verification.verifier import verify_puzzle
from wortsuche.words.wordset import SEARCHED_LISTS, outside_longer_words

ANIMALS = ["Schildkröte", "Kröte", "Elefant", "Giraffe", "Zebra", "Löwe"]


def test_outside_longer_words_drops_words_inside_others_either_way() -> None:
    assert outside_longer_words(["SCHILDKRÖTE", "KRÖTE", "INFORMATION", "FN", "ZEBRA"]) == [
        "SCHILDKRÖTE",
        "INFORMATION",
        "ZEBRA",
    ]


def test_the_oracle_catches_a_word_placed_apart_from_its_longer_word() -> None:
    words = ["SCHILDKRÖTE", "KRÖTE", "ETÖRK", "ZEBRA"]
    host = [(0, c) for c in range(11)]
    inside = {"SCHILDKRÖTE": host, "KRÖTE": host[6:], "ETÖRK": host[6:][::-1], "ZEBRA": []}
    assert apart_from_longer_words(words, inside) == {}
    apart = {**inside, "KRÖTE": [(1, c) for c in range(5)]}
    assert apart_from_longer_words(words, apart) == {"KRÖTE": ["SCHILDKRÖTE"]}


def test_kroete_stands_inside_schildkroete_only() -> None:
    for level in ("easy", "medium", "hard", "evil"):
        puzzle = generate(ANIMALS, 12, 12, level=level, seed=3)
        host, inner = puzzle.placements["SCHILDKRÖTE"], puzzle.placements["KRÖTE"]
        assert set(inner.cells) <= set(host.cells)
        assert len(occurrences(puzzle.grid.rows, "KRÖTE")) == 1
        assert verify_puzzle(puzzle).ok
        assert_exactly_once(puzzle)


def test_solve_finds_a_word_that_stands_only_inside_a_longer_one() -> None:
    report = solve(["SCHILDKRÖTE", "XXXXXXXXXXX"], ["Schildkröte", "Kröte"])
    assert report.ok
    assert report["KRÖTE"].own is not None and report["KRÖTE"].own.start == (0, 6)


def test_a_word_inside_several_longer_words_counts_in_each() -> None:
    puzzle = generate(["ARCHIVBOT", "WEBARCHIV", "ARCHIV"], 12, 12, level="medium", seed=2)
    report = verify_puzzle(puzzle)["ARCHIV"]
    places = [report.own, *(o for o, _ in report.inside_longer)]
    assert len(places) == 2
    assert len(occurrences(puzzle.grid.rows, "ARCHIV")) == 2  # no free copy besides


@settings(max_examples=40, deadline=None)
@given(
    longer=st.lists(st.text("ABCDE", min_size=5, max_size=8), min_size=1, max_size=4, unique=True),
    data=st.data(),
)
def test_words_cut_from_others_are_never_placed_apart(
    longer: list[str], data: st.DataObject
) -> None:
    host = data.draw(st.sampled_from(longer))
    i = data.draw(st.integers(0, len(host) - 2))
    j = data.draw(st.integers(i + 2, len(host)))
    inner = host[i:j] if data.draw(st.booleans()) else host[i:j][::-1]
    words = list(dict.fromkeys([*longer, inner]))
    try:
        puzzle = generate(words, 10, 10, level="hard", seed=data.draw(st.integers(0, 99)))
    except DoesNotFitError:
        return
    assert verify_puzzle(puzzle).ok
    assert_exactly_once(puzzle)
    if inner not in longer and len(inner) < len(host):
        placed = set(puzzle.placements[inner].cells)
        assert any(placed <= set(puzzle.placements[w].cells) for w in words if len(w) > len(inner))


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.text("ABC", min_size=1, max_size=6), min_size=1, max_size=12),
    st.booleans(),
)
def test_outside_longer_words_keeps_exactly_the_words_in_no_longer_word(
    words: list[str], many: bool
) -> None:
    # ``many``: past SEARCHED_LISTS distinct words, which take the other way
    filler = [f"Z{n:04d}Z" for n in range(SEARCHED_LISTS + 1)] if many else []
    listed = words + filler
    inside = {w for w in listed for x in listed if len(x) > len(w) and (w in x or w[::-1] in x)}
    assert outside_longer_words(listed) == [w for w in listed if w not in inside]
