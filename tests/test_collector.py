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
