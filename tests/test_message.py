"""A hidden message in the free cells: where it stands, what it never breaks, how it is shown.

The properties read the grid with the independent scan (``tests/scan.py``) and read the message
back from the cells no placement covers, with code of their own.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scan import assert_exactly_once, occurrences
from wortsuche import DoesNotFitError, InputError, generate
from wortsuche.i18n import translator
from wortsuche.model import HiddenMessage
from wortsuche.pipeline.feasible import Cover, check_message
from wortsuche.puzzle_json import dumps, loads
from wortsuche.render import render
from wortsuche.verification.verifier import verify_puzzle

FRUIT = ["Apfel", "Birne", "Kirsche", "Pflaume", "Banane"]


def read_message(puzzle: object, length: int) -> str:
    """The first ``length`` letters of the cells no placement covers, row by row."""
    rows = puzzle.grid.rows  # type: ignore[attr-defined]
    covered = {c for p in puzzle.placements.values() for c in p.cells}  # type: ignore[attr-defined]
    free = [
        rows[r][c] for r in range(len(rows)) for c in range(len(rows[0])) if (r, c) not in covered
    ]
    return "".join(free[:length])


def test_the_message_stands_in_the_free_cells_and_every_word_still_stands_once() -> None:
    made: list[bool] = []

    @settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(
        words=st.lists(st.text("ABDEINRST", min_size=2, max_size=6), min_size=1, max_size=6),
        message=st.text("ABDEINRST .!", min_size=1, max_size=30),
        side=st.integers(4, 12),
        level=st.sampled_from(["easy", "medium", "hard", "evil"]),
        seed=st.integers(0, 2**32),
    )
    def message_kept(words: list[str], message: str, side: int, level: str, seed: int) -> None:
        letters = "".join(ch for ch in message if ch.isalpha())
        try:
            puzzle = generate(words, side, side, level=level, seed=seed, message=message)
        except InputError:
            assert not letters  # only a message without letters is refused
            return
        except DoesNotFitError as error:
            assert str(error)
            made.append(False)
            return
        assert letters
        assert puzzle.message == HiddenMessage(" ".join(message.split()), letters)
        assert read_message(puzzle, len(letters)) == letters
        assert_exactly_once(puzzle)  # the message spells no second copy of a word
        assert verify_puzzle(puzzle).ok
        made.append(True)

    message_kept()
    # about 70 % make a puzzle (300 random cases); "does not fit" alone must not pass the test
    assert sum(made) >= 0.4 * len(made), f"{sum(made)} of {len(made)} made a puzzle"


def test_a_message_fills_the_free_cells_in_reading_order() -> None:
    puzzle = generate(FRUIT, 10, 10, level="medium", seed=1, message="Gut gemacht!")
    assert read_message(puzzle, 10) == "GUTGEMACHT"
    assert puzzle.message == HiddenMessage("Gut gemacht!", "GUTGEMACHT")


def test_an_exact_message_uses_every_free_cell() -> None:
    message = "Das hast du toll gemacht"
    for seed in range(5):
        puzzle = generate(FRUIT, 7, 7, level="hard", seed=seed, message=message, message_exact=True)
        covered = {c for p in puzzle.placements.values() for c in p.cells}
        assert 49 - len(covered) == len("DASHASTDUTOLLGEMACHT")
        assert read_message(puzzle, 49) == "DASHASTDUTOLLGEMACHT"
        assert_exactly_once(puzzle)


def test_a_message_that_cannot_fit_says_why() -> None:
    with pytest.raises(DoesNotFitError, match=r"at most 29 stay free; try a larger grid"):
        generate(FRUIT, 7, 7, level="hard", seed=1, message="x" * 40)
    with pytest.raises(DoesNotFitError, match=r"at least 19 stay free; try a smaller grid"):
        generate(FRUIT, 7, 7, level="hard", seed=1, message="Gut gemacht", message_exact=True)
    with pytest.raises(InputError, match="has no letters"):
        generate(FRUIT, 7, 7, message="!!! 42")
    with pytest.raises(InputError, match="needs a message"):
        generate(FRUIT, 7, 7, message_exact=True)


def test_a_message_that_would_spell_a_word_is_kept_out_of_its_way() -> None:
    """The message RADRAD holds RAD twice; the layouts put word cells between its letters."""
    for seed in range(10):
        try:
            puzzle = generate(["RAD", "TORF"], 6, 6, level="easy", seed=seed, message="Rad Rad")
        except DoesNotFitError as error:
            assert "second time" in str(error)
            continue
        assert_exactly_once(puzzle)
        assert len(occurrences(puzzle.grid.rows, "RAD")) == 1


def test_the_verifier_refuses_a_puzzle_whose_message_was_changed() -> None:
    puzzle = generate(FRUIT, 10, 10, level="medium", seed=1, message="Gut gemacht!")
    data = json.loads(dumps(puzzle))
    data["message"]["letters"] = "GUTGEMACHX"
    problems = verify_puzzle(loads(json.dumps(data))).problems
    assert problems == ("the hidden message GUTGEMACHX is not in the free cells",)


def test_the_message_travels_in_json_and_shows_on_the_key_only(tmp_path: Path) -> None:
    puzzle = generate(FRUIT, 10, 10, level="medium", seed=1, message="Gut gemacht!")
    again = loads(dumps(puzzle))
    assert again.message == puzzle.message and verify_puzzle(again).ok
    for language, hint, answer in (
        ("de", "Zeile für Zeile gelesen, einen Lösungssatz", "Lösungssatz: Gut gemacht!"),
        ("en", "read row by row, spell a hidden message", "Hidden message: Gut gemacht!"),
    ):
        sheet = str(render(puzzle, "text", language=language))
        key = str(render(puzzle, "text", answers=True, language=language))
        assert hint in sheet and answer not in sheet
        assert answer in key
    page = str(render(puzzle, "html"))
    assert "Gut gemacht" not in page and "GUTGEMACHT" not in page  # the game reveals it
    assert '"shape": "Aaa aaaaaaa!"' in page


def test_an_automatic_size_makes_room_for_the_message() -> None:
    message = "Alle Wörter gefunden, jetzt kommt die Pause!"
    letters = "".join(ch for ch in message if ch.isalpha()).upper()
    puzzle = generate(FRUIT, level="hard", seed=2, message=message)
    assert read_message(puzzle, len(letters)) == letters
    assert_exactly_once(puzzle)


def test_the_sheet_says_how_many_leftover_letters_spell_the_message_with_a_blank_for_each(
    tmp_path: Path,
) -> None:
    """The sentence is the first N letters left over, not all of them: the sheet says N."""
    import subprocess

    from cli import run

    words = ["Hund", "Katze", "Maus", "Pferd", "Vogel", "Fisch"]
    common = ["generate", *words, "--message", "Gut gemacht", "--seed", "1", "--size", "10"]
    blanks = "___ ___ ___     ___ ___ ___ ___ ___ ___ ___"
    text = run(*common, "--language", "en", cwd=tmp_path).stdout
    assert "The first 10 letters left over, read row by row, spell a hidden message:\n" in text
    assert f"\n{blanks}\n" in text
    assert run(*common, "-o", "blatt.pdf", "--language", "de", cwd=tmp_path).returncode == 0
    shown = subprocess.run(
        ["pdftotext", str(tmp_path / "blatt.pdf"), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert (
        "Die ersten 10 übrigen Buchstaben ergeben, Zeile für Zeile gelesen, einen Lösungssatz:"
        in (shown)
    )
    assert shown.count("___") == 10
    assert run(*common, "-o", "blatt.svg", "--language", "de", cwd=tmp_path).returncode == 0
    svg = (tmp_path / "blatt.svg").read_text()
    assert "Die ersten 10 übrigen Buchstaben" in svg and blanks in svg


def test_with_secret_words_the_sheet_says_to_find_them_before_reading_the_message() -> None:
    """A secret word not yet found stands among the letters left over (TOLLGEMAREHCHT): the
    sheet says the message is read once every word is found, the secret ones too."""
    from wortsuche.i18n import translator
    from wortsuche.render.texts import message_hint

    words = ["Hund", "Katze", "Maus", "Igel", "Fuchs", "Pferd", "Ziege", "Ente", "Kuh", "Eule"]
    puzzle = generate(
        words, 11, 11, level="easy", seed=2, secret=["Reh", "Wolf"], message="Toll gemacht"
    )
    assert read_message(puzzle, 11) == "TOLLGEMACHT"
    german, english = message_hint(puzzle, translator("de")), message_hint(puzzle, translator("en"))
    assert german[0].startswith(
        "Sind alle Wörter gefunden, auch die geheimen, ergeben die ersten 11"
    )
    assert english[0].startswith("Once every word is found, the secret ones too, the first 11")
    plain = generate(words, 11, 11, level="easy", seed=2, message="Toll gemacht")
    assert message_hint(plain, translator("en"))[0].startswith("The first 11 letters left over")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    words=st.lists(
        st.text(alphabet="AEORVN", min_size=2, max_size=4), min_size=1, max_size=3, unique=True
    ),
    message=st.text(alphabet="AEORVN", min_size=1, max_size=6),
    seed=st.integers(0, 20),
)
def test_an_exact_message_round_the_edges_never_picks_a_torus_under_three_cells_a_side(
    words: list[str], message: str, seed: int
) -> None:
    """On a torus two rows high, going ↗ and ↘ from a cell read the same cells: the verifier sees
    the placed word twice. The sizes tried for an exact message keep a torus at 3x3 or more, as a
    given size must (``VOR EVA --wrap --message VOR --message-exact --seed 1`` was a 2x4 torus
    that failed the self-check)."""
    try:
        puzzle = generate(
            words, language="de", wrap=True, message=message, message_exact=True, seed=seed
        )
    except DoesNotFitError:
        return
    assert min(len(puzzle.grid.rows), len(puzzle.grid.rows[0])) >= 3
    assert_exactly_once(puzzle)


def test_the_torus_found_by_the_fuzz_run_is_refused_in_one_line_or_made_whole() -> None:
    try:
        puzzle = generate(
            ["VOR", "EVA"], language="de", wrap=True, message="VOR", message_exact=True, seed=1
        )
    except DoesNotFitError as error:
        assert "3x3" in str(error)
        return
    assert min(len(puzzle.grid.rows), len(puzzle.grid.rows[0])) >= 3


COUNTED = {  # each message refused by counting alone, as the reader sees it in English and German
    "too long": (
        HiddenMessage("x" * 40, "X" * 40),
        "the message does not fit in 7x8: it has 40 letters, but the words cover at least 20 of its 49 cells, so at most 29 stay free; try a larger grid or a shorter message",
        "Der Lösungssatz passt nicht in 7 × 8: Er hat 40 Buchstaben, die Wörter belegen aber mindestens 20 der 49 Felder, also bleiben höchstens 29 frei. Versuche ein größeres Gitter oder einen kürzeren Satz",
    ),
    "too short to fill": (
        HiddenMessage("Gut gemacht", "GUTGEMACHT", exact=True),
        "the message cannot fill every free cell of 7x8: it has 10 letters, but the words cover at most 24 of its 49 cells, so at least 25 stay free; try a smaller grid or a longer message",
        "Der Lösungssatz kann nicht alle freien Felder von 7 × 8 füllen: Er hat 10 Buchstaben, die Wörter belegen aber höchstens 24 der 49 Felder, also bleiben mindestens 25 frei. Versuche ein kleineres Gitter oder einen längeren Satz",
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", COUNTED)
def test_a_message_refused_by_counting_reads_as_it_always_has_in_english_and_german(
    case: str,
) -> None:
    message, english, german = COUNTED[case]
    with pytest.raises(DoesNotFitError) as refused:
        check_message(message, ["APFEL"], 49, 7, 8, Cover(20, 24))  # 49 cells: a shape's holes
    assert str(refused.value) == english
    assert translator("en").error(refused.value) == english
    assert translator("de").error(refused.value) == german
