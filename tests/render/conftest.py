"""Puzzles and an artefact folder shared by the renderer tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from wortsuche import Puzzle, generate

ZOO = [
    "Katze", "Hund", "Maus", "Vogel", "Fisch", "Pferd", "Ice cream", "Bär", "Straße",
    "Ñandú", "Élan", "Wal", "Kuh", "Schaf", "Ziege",
]  # fmt: skip


@pytest.fixture(scope="session")
def zoo() -> Puzzle:
    """A 15x15 hard puzzle with accented letters, ẞ and a phrase."""
    return generate(ZOO, rows=15, cols=15, level="hard", seed=3)


@pytest.fixture(scope="session")
def small() -> Puzzle:
    """A tiny medium puzzle."""
    return generate(["TORF", "VOR", "RAD", "EVA"], rows=6, cols=7, level="medium", seed=5)


@pytest.fixture(scope="session")
def paper_artifacts(artifacts: Path) -> Path:
    """Where the paper tests leave images for people to look at (test-artifacts/paper)."""
    folder = artifacts / "paper"
    folder.mkdir(parents=True, exist_ok=True)
    return folder
