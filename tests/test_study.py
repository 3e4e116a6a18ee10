"""The study report: level steps measured from recorded play, on simulated classes whose true
steps are known (docs/study.md)."""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cli import run as wortsuche
from wortsuche import generate
from wortsuche.model import Puzzle
from wortsuche.puzzle_json import puzzle_to_dict
from wortsuche.rating.calibration import Find, PlayRecord
from wortsuche.rating.study import seconds_per_word, study

WORDS = ["HUND", "KATZE", "MAUS", "IGEL", "FUCHS", "HASE", "REH", "DACHS", "OTTER", "BIBER"]
LEVELS = ("easy", "medium", "hard", "evil")
TRUE_STEPS = {"easy": 1.0, "medium": 1.3, "hard": 1.7, "evil": 2.4}
"""A simulated class's seconds per word at each level, as multiples of easy's."""


@cache
def puzzle(level: str, size: int, seed: int) -> Puzzle:
    return generate(WORDS, size, size, level=level, seed=seed)


def game(p: Puzzle, rng: random.Random, *, finished: bool = True, scale: float = 1.0) -> dict:
    """One game: each word takes 12 s times the level's step, give or take 30 %."""
    at, finds = 0.0, []
    for word in p.words:
        at += 12 * TRUE_STEPS[p.level] * scale * rng.lognormvariate(0, 0.3)
        finds.append({"word": word.letters, "at": round(at, 2)})
    if not finished:
        finds = finds[: len(finds) // 2]
    return {
        "puzzle": puzzle_to_dict(p),
        "finds": finds,
        "seconds": round(at, 2) if finished else None,
        "finished": finished,
    }


def records(*, own_sizes: bool = False, games: int = 60, seed: int = 5) -> str:
    rng = random.Random(seed)
    lines = []
    for number, level in enumerate(LEVELS):
        size = 10 + 2 * number if own_sizes else 12
        for index in range(games):
            lines.append(json.dumps(game(puzzle(level, size, index % 3), rng)))
        lines.append(json.dumps(game(puzzle(level, size, 0), rng, finished=False)))
    return "\n".join(lines) + "\n"


def report(tmp_path: Path, text: str, *args: str) -> tuple[int, dict]:
    path = tmp_path / "records.jsonl"
    path.write_text(text, encoding="utf-8")
    result = wortsuche("study", str(path), "--format", "json", *args)
    return result.returncode, json.loads(result.stdout) if result.stdout else {}


def test_the_steps_of_a_simulated_class_are_recovered_with_intervals_that_hold_them(
    tmp_path: Path,
) -> None:
    code, data = report(tmp_path, records())
    assert code == 0
    assert data["games"] == 4 * 61 and data["unfinished"] == 4
    [arm] = data["arms"]
    assert arm["size"] == [12, 12]
    assert [level["finished"] for level in arm["levels"]] == [60] * 4
    steps = {(s["easier"], s["harder"]): s for s in arm["steps"]}
    assert set(steps) == {
        ("easy", "medium"),
        ("medium", "hard"),
        ("hard", "evil"),
        ("easy", "evil"),
    }
    for (easier, harder), step in steps.items():
        truth = TRUE_STEPS[harder] / TRUE_STEPS[easier]
        assert step["low"] <= truth <= step["high"], (easier, harder, step)
        assert step["ratio"] == pytest.approx(truth, rel=0.12)
        assert step["shown"]
    # a game's seconds per word varies by about 0.3/√10 in log: 2·(1.96+0.84)²·0.009/ln(1.1)² ≈ 16
    assert 12 <= arm["games_needed"] <= 24


def test_levels_at_their_own_sizes_are_a_second_arm(tmp_path: Path) -> None:
    code, data = report(tmp_path, records(own_sizes=True, games=20))
    assert code == 0
    [arm] = data["arms"]  # each size holds one level only: no same-size comparison
    assert arm["size"] is None
    assert [level["level"] for level in arm["levels"]] == list(LEVELS)


def test_the_same_records_and_seed_give_the_same_report_and_another_seed_other_intervals(
    tmp_path: Path,
) -> None:
    text = records(games=12)
    first, again = report(tmp_path, text)[1], report(tmp_path, text)[1]
    other = report(tmp_path, text, "--seed", "9")[1]
    assert first == again
    assert first["arms"][0]["steps"][0]["ratio"] == other["arms"][0]["steps"][0]["ratio"]
    assert first["arms"][0]["steps"] != other["arms"][0]["steps"]


def test_the_text_report_speaks_the_readers_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "records.jsonl"
    path.write_text(records(games=12), encoding="utf-8")
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    german = wortsuche("study", str(path))
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    english = wortsuche("study", str(path))
    assert german.returncode == english.returncode == 0
    assert "leicht → mittel" in german.stdout and "s pro Wort" in german.stdout
    assert "easy → medium" in english.stdout and "s per word" in english.stdout
    assert "95-%-Intervall" in german.stdout and "95 % interval" in english.stdout


def test_records_of_one_level_compare_nothing_and_say_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    rng = random.Random(1)
    text = "\n".join(json.dumps(game(puzzle("easy", 12, 0), rng)) for _ in range(5)) + "\n"
    path = tmp_path / "records.jsonl"
    path.write_text(text, encoding="utf-8")
    result = wortsuche("study", str(path))
    assert result.returncode == 1
    assert "compare no two levels" in result.stdout


def test_a_bad_records_file_is_refused_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "records.jsonl"
    path.write_text("not json\n", encoding="utf-8")
    result = wortsuche("study", str(path))
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1


def record_of(p: Puzzle, seconds: list[float]) -> PlayRecord:
    at, finds = 0.0, []
    for word, taken in zip(p.words, seconds, strict=False):
        at += taken
        finds.append(Find(word.letters, at))
    return PlayRecord(p, tuple(finds), at, True)


times = st.lists(st.floats(0.5, 600), min_size=len(WORDS), max_size=len(WORDS))


@settings(max_examples=25, deadline=None)
@given(
    easy=st.lists(times, min_size=2, max_size=6),
    hard=st.lists(times, min_size=2, max_size=6),
    scale=st.floats(0.1, 10),
)
def test_steps_do_not_depend_on_the_unit_of_time(
    easy: list[list[float]], hard: list[list[float]], scale: float
) -> None:
    """A class twice as slow at every level has the same steps and the same intervals."""
    made = [record_of(puzzle("easy", 12, 0), t) for t in easy]
    made += [record_of(puzzle("hard", 12, 0), t) for t in hard]
    slower = [
        record_of(r.puzzle, [f * scale for f in _gaps(r)]) for r in made
    ]  # same games, another clock
    one, other = study(made, resamples=200), study(slower, resamples=200)
    [a], [b] = one.arms, other.arms
    for x, y in zip(a.steps, b.steps, strict=True):
        assert x.ratio == pytest.approx(y.ratio, rel=1e-9)
        assert (x.low, x.high) == pytest.approx((y.low, y.high), rel=1e-9)
    for level in a.levels:
        assert level.median is not None and level.median > 0
    assert all(seconds_per_word(r) for r in made)


def _gaps(record: PlayRecord) -> list[float]:
    ats = [f.at for f in record.finds]
    return [b - a for a, b in zip([0.0, *ats], ats, strict=False)]
