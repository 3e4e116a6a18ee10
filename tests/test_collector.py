"""A build sets its board aside from the garbage collector and gives the collector back as it was."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from wortsuche import generate
from wortsuche.pipeline.collector import SetAside


@pytest.fixture
def nothing_frozen() -> Iterator[None]:
    gc.unfreeze()
    yield
    gc.unfreeze()


@pytest.mark.usefixtures("nothing_frozen")
def test_a_build_leaves_nothing_set_aside() -> None:
    generate(["HUND", "KATZE", "MAUS"], 8, 8, level="hard", seed=1)
    assert gc.get_freeze_count() == 0


@pytest.mark.usefixtures("nothing_frozen")
def test_what_the_caller_set_aside_stays_so() -> None:
    kept = [object() for _ in range(100)]
    gc.freeze()
    frozen = gc.get_freeze_count()
    generate(["HUND", "KATZE", "MAUS"], 8, 8, level="hard", seed=1)
    assert gc.get_freeze_count() == frozen  # not unfrozen, nothing added
    assert kept


@pytest.mark.usefixtures("nothing_frozen")
def test_a_failing_build_gives_the_collector_back() -> None:
    with pytest.raises(RuntimeError), SetAside() as held:
        held.now()
        assert gc.get_freeze_count() > 0
        raise RuntimeError("a build that fails")
    assert gc.get_freeze_count() == 0


@pytest.mark.usefixtures("nothing_frozen")
def test_the_same_puzzle_whoever_holds_the_collector() -> None:
    first = generate(["HUND", "KATZE", "MAUS", "IGEL"], 9, 9, level="evil", seed=4)
    gc.freeze()
    second = generate(["HUND", "KATZE", "MAUS", "IGEL"], 9, 9, level="evil", seed=4)
    assert first.grid == second.grid and first.placements == second.placements


@pytest.mark.usefixtures("nothing_frozen")
@pytest.mark.parametrize("level", ["easy", "hard", "evil"])
def test_the_verifier_runs_after_the_board_and_lexicons_are_let_go(
    monkeypatch: pytest.MonkeyPatch, level: str
) -> None:
    # set aside from the collector, a board and its lexicons stood through the verifying, which
    # builds its own tables: on 500 x 500 with 10,000 words the build's peak (196 MiB, now 170)
    import wortsuche.pipeline.run as run
    from wortsuche.grid.board import Board, Lexicon

    standing: list[int] = []
    verify = run.verify_puzzle

    def counted(puzzle: object) -> object:
        alive = gc.get_objects()
        boards = [x for x in alive if isinstance(x, Board) and (x.cells or x.line_at)]
        lexicons = [x for x in alive if isinstance(x, Lexicon) and "KATZE" in x.strings]
        standing.append(len(boards) + len(lexicons))
        return verify(puzzle)  # type: ignore[arg-type]

    monkeypatch.setattr(run, "verify_puzzle", counted)
    puzzle = generate(["HUND", "KATZE", "MAUS", "ESEL"], 9, 9, level=level, seed=1)
    assert standing == [0]
    assert "KATZE" in [w.letters for w in puzzle.words]


def test_the_command_collects_less_often_and_gives_the_collector_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # making, rating and writing a 500 x 500 puzzle collected 1,266 times (0.6 s CPU)
    import wortsuche.render as render
    from wortsuche.cli import main
    from wortsuche.cli.generate import YOUNG_COLLECTION

    seen: list[tuple[int, ...]] = []
    original = render.render

    def watched(*args: object, **kwargs: object) -> object:
        seen.append(gc.get_threshold())
        return original(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(render, "render", watched)
    before = gc.get_threshold()
    assert before[0] < YOUNG_COLLECTION
    assert main(["generate", "HUND", "KATZE", "MAUS", "--size", "8x8", "--seed", "1"]) == 0
    assert seen == [(YOUNG_COLLECTION, *before[1:])]
    assert gc.get_threshold() == before
