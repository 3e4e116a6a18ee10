"""Fuzzing every reader: whatever comes in, the answer is a puzzle, a NOT OK report, or one line.

On the command line that is exit 0 (a puzzle, an OK report), exit 1 (a NOT OK report) or exit
2 with one line on stderr; on the web it is 2xx, 404, 413, 422 or 429, never a 500. The example
counts are small so CI stays fast; ``WORTSUCHE_FUZZ_EXAMPLES=2000`` runs a longer search.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cli import Result, run
from fuzzing import json_values, mutated_json, nasty_text, to_json
from wortsuche.pipeline.run import generate
from wortsuche.puzzle_json import dumps

FUZZ = settings(
    max_examples=int(os.environ.get("WORTSUCHE_FUZZ_EXAMPLES", "40")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

PUZZLE = json.loads(dumps(generate(["TORF", "VOR", "RAD", "EVA"], 5, 5, level="hard", seed=1)))


def assert_contained(result: Result, *, report: str | None = None) -> None:
    """Exit 0, exit 1 with a ``report`` of problems, or exit 2 with one error line: no traceback.

    Warnings (``wortsuche: ...``) may come before the error line.
    """
    allowed = {0, 1, 2} if report else {0, 2}
    assert result.returncode in allowed, (result.returncode, result.stderr[-2000:])
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert all(line.startswith("wortsuche: ") for line in lines), result.stderr[-2000:]
    errors = [line for line in lines if line.startswith("wortsuche: error: ")]
    assert len(errors) == (1 if result.returncode == 2 else 0), result.stderr[-2000:]
    if result.returncode == 2:
        assert lines[-1] == errors[0]
    if result.returncode == 1:
        assert report is not None and report in result.stdout


@st.composite
def mutated_puzzles(draw: st.DrawFn) -> str:
    """The valid puzzle with a few places replaced, removed or renamed: text of any kind."""
    text = to_json(draw(mutated_json(PUZZLE)), ascii=draw(st.booleans()))
    cut = draw(st.sampled_from([None, None, None, len(text) // 2]))
    return text if cut is None else text[:cut]


@FUZZ
@given(text=mutated_puzzles(), command=st.sampled_from(["check", "render"]))
def test_any_mutated_puzzle_file_is_read_or_refused_in_one_line(
    tmp_path: Path, text: str, command: str
) -> None:
    path = tmp_path / "puzzle.json"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    assert_contained(run(command, path), report="problem" if command == "check" else None)


@FUZZ
@given(data=st.binary(max_size=300))
def test_any_bytes_as_a_puzzle_file_are_refused_in_one_line(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "puzzle.json"
    path.write_bytes(data)
    assert_contained(run("check", path), report="problem")


word_list_text = st.lists(
    st.one_of(
        st.text(alphabet="ABCDEFGÄÖÜẞabc -'#0123456789x\t", max_size=14),
        st.sampled_from(["20 30", "5 5", "1" * 4400, "0", "-3", "# comment", "\ufeff", "9" * 30]),
    ),
    max_size=12,
).map("\n".join)


@FUZZ
@given(text=word_list_text)
def test_any_word_list_makes_a_puzzle_or_is_refused_in_one_line(tmp_path: Path, text: str) -> None:
    path = tmp_path / "words.txt"
    path.write_text(text, encoding="utf-8")
    assert_contained(run("generate", path, "--seed", "1", "--timeout", "20"))


@FUZZ
@given(data=st.binary(max_size=400))
def test_any_bytes_as_a_word_list_are_read_or_refused_in_one_line(
    tmp_path: Path, data: bytes
) -> None:
    path = tmp_path / "words.txt"
    path.write_bytes(data)
    assert_contained(run("generate", path, "--seed", "1", "--timeout", "20"))


@FUZZ
@given(
    grid=st.lists(st.text(alphabet="ABCÄ ẞ1\t.", max_size=9), max_size=8).map("\n".join),
    words=st.lists(st.text(alphabet="ABCÄẞ1", min_size=0, max_size=5), max_size=4),
)
def test_any_typed_in_grid_is_solved_or_refused_in_one_line(
    tmp_path: Path, grid: str, words: list[str]
) -> None:
    path = tmp_path / "grid.txt"
    path.write_text(grid, encoding="utf-8")
    arguments = ["--words", *words] if words else []
    assert_contained(run("solve", path, *arguments), report="problem")


# -- web request bodies ----------------------------------------------------------------------------

body_values = st.one_of(json_values, st.lists(nasty_text, max_size=5))


@st.composite
def create_bodies(draw: st.DrawFn) -> Any:
    body: dict[str, Any] = {"words": ["TORF", "VOR", "RAD", "EVA"], "rows": 6, "cols": 6, "seed": 1}
    for key in draw(
        st.lists(
            st.sampled_from(["words", "rows", "cols", "level", "seed", "title", "x"]), max_size=3
        )
    ):
        body[key] = draw(body_values)
    return draw(st.one_of(st.just(body), json_values)) if draw(st.integers(0, 9)) == 0 else body


@pytest.fixture(scope="module")
def web_client(tmp_path_factory: pytest.TempPathFactory) -> Any:
    pytest.importorskip("fastapi", reason="the web extra is not installed")
    from fastapi.testclient import TestClient

    from wortsuche.web.app import create_app
    from wortsuche.web.limits import Limits

    limits = Limits(generation_seconds=20, worker_processes=False, rates={})
    app = create_app(tmp_path_factory.mktemp("fuzz") / "puzzles.sqlite", limits=limits)
    with TestClient(app) as client:
        made = client.post("/api/puzzles", json={"words": ["TORF", "VOR"], "rows": 5, "cols": 5})
        client.puzzle_id = made.json()["id"]  # type: ignore[attr-defined]
        yield client


WEB_OK = {200, 201, 404, 413, 422}


@FUZZ
@given(body=create_bodies())
def test_any_create_body_makes_a_puzzle_or_is_422(web_client: Any, body: Any) -> None:
    text = to_json(body)  # lone surrogates travel as \ud800
    response = web_client.post(
        "/api/puzzles", content=text, headers={"content-type": "application/json"}
    )
    assert response.status_code in WEB_OK, response.text
    assert "content-security-policy" in response.headers


@FUZZ
@given(
    body=st.one_of(json_values, st.fixed_dictionaries({"start": json_values, "end": json_values}))
)
def test_any_check_body_is_answered_or_is_422(web_client: Any, body: Any) -> None:
    response = web_client.post(
        f"/api/puzzles/{web_client.puzzle_id}/check",
        content=to_json(body),
        headers={"content-type": "application/json"},
    )
    assert response.status_code in WEB_OK, response.text
