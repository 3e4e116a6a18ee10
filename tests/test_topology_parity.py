"""The browser's topology (``web/static/topology.js``) answers as the package's does.

Python asks the questions and knows the answers: the runs between two cells and the cell a
point hits, on flat grids (with holes) and tori from :mod:`wortsuche.grid.topology`, and on
hexagonal boards from :class:`HexReference` below, written to the hex convention on its own (the
package's ``Hex`` takes its place in ``HEX``). ``tests/js/parity.mjs`` answers the same questions
with topology.js under node; every answer must be the same.
"""

from __future__ import annotations

import json
import math
import os
import random
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from wortsuche.grid.hexagons import Hex
from wortsuche.grid.topology import Topology
from wortsuche.model import Cell

ROOT = Path(__file__).resolve().parent.parent
SQRT3 = math.sqrt(3)

HEX_STEPS = ((0, 1), (0, -1), (1, 0), (-1, 0), (-1, 1), (1, -1))
"""E, W, S, N, NE, SW: the six directions of a hexagonal board, in the browser's order."""


@dataclass(frozen=True)
class HexReference:
    """A hexagonal board by the convention: a ``rows`` × ``cols`` array of axial cells, ``holes``
    (flat indexes) off the board; pointy-top hexagons of circumradius 1, the centre of (r, c) at
    x = √3 (c + r / 2), y = 1.5 r. Deliberately plain: walks and brute force."""

    rows: int
    cols: int
    holes: frozenset[int] = field(default=frozenset())

    def __contains__(self, cell: object) -> bool:
        if not (isinstance(cell, tuple) and len(cell) == 2):
            return False
        r, c = cell
        return 0 <= r < self.rows and 0 <= c < self.cols and r * self.cols + c not in self.holes

    def runs_between(self, start: Cell, end: Cell) -> list[tuple[Cell, ...]]:
        """Each straight run from ``start`` to ``end`` over cells of the board."""
        runs = []  # none from a cell to itself, as on the package's grids
        for dr, dc in HEX_STEPS:
            cells = [start]
            while 0 <= cells[-1][0] < self.rows and 0 <= cells[-1][1] < self.cols:
                cells.append((cells[-1][0] + dr, cells[-1][1] + dc))
                if cells[-1] == end:
                    if all(cell in self for cell in cells):
                        runs.append(tuple(cells))
                    break
        return sorted(runs, key=len)


def package_hex(rows: int, cols: int, holes: frozenset[int] = frozenset()) -> Hex:
    """The package's hexagonal board of that storage (``grid/hexagons.py``)."""
    return Hex(rows, cols, frozenset(holes))


HEX = package_hex
"""The hexagonal board the browser is held to: the package's, whose runs :class:`HexReference`
answers the same (``test_the_package_hex_agrees_with_the_reference``)."""


def hexagon(n: int) -> Any:
    """A hexagon of side ``n``: (2n-1) × (2n-1), (r, c) on the board iff n-1 ≤ r+c ≤ 3n-3."""
    size = 2 * n - 1
    holes = frozenset(
        r * size + c for r in range(size) for c in range(size) if not n - 1 <= r + c <= 3 * n - 3
    )
    return HEX(size, size, holes)


def hex_cell_at(board: Any, x: float, y: float) -> Cell | None:
    """The cell whose centre is nearest the point (a hexagon is the set of points nearest its
    centre), looked for among every axial cell around the array; None off the board or a tie."""
    near = sorted(
        (math.hypot(x - SQRT3 * (c + r / 2), y - 1.5 * r), (r, c))
        for r in range(-3, board.rows + 3)
        for c in range(-3 - board.rows, board.cols + 3)
    )
    return near[0][1] if near[0][1] in board else None


def nearly_tied(board: Any, x: float, y: float) -> bool:
    """True for a point on the border of two hexagons, where rounding may go either way."""
    distances = sorted(
        math.hypot(x - SQRT3 * (c + r / 2), y - 1.5 * r)
        for r in range(-3, board.rows + 3)
        for c in range(-3 - board.rows, board.cols + 3)
    )
    return distances[1] - distances[0] < 1e-6


def square_cell_at(topology: Topology, x: float, y: float) -> Cell | None:
    """The unit square a point falls in, if it is a cell of the grid (render/layout.py's
    drawing: cell (r, c) from (c, r) to (c + 1, r + 1))."""
    cell = (math.floor(y), math.floor(x))
    return cell if cell in topology else None


def board_queries(board: Any, kind: str, rng: random.Random) -> dict[str, Any]:
    """Every pair of cells of a small board (a sample of a larger one), and random points."""
    cells = [(r, c) for r in range(board.rows) for c in range(board.cols)]
    pairs = [(a, b) for a in cells for b in cells]
    if len(pairs) > 1500:
        pairs = rng.sample(pairs, 1500)
    holes = [list(divmod(index, board.cols)) for index in sorted(board.holes)]
    if kind == "hex":
        width, height = SQRT3 * (board.cols + board.rows / 2), 1.5 * board.rows
        points = [(rng.uniform(-2, width + 1), rng.uniform(-2, height + 1)) for _ in range(300)]
        points = [p for p in points if not nearly_tied(board, *p)]
        expected_cells = [hex_cell_at(board, *p) for p in points]
    else:
        points = [
            (rng.uniform(-1, board.cols + 1), rng.uniform(-1, board.rows + 1)) for _ in range(200)
        ]
        points += [(c + 0.5, r + 0.5) for r, c in cells[:10]]
        expected_cells = [square_cell_at(board, *p) for p in points]
    return {
        "question": {
            "kind": kind,
            "rows": board.rows,
            "cols": board.cols,
            "holes": holes,
            "pairs": pairs,
            "points": points,
        },
        "runs": [
            [[list(cell) for cell in run] for run in board.runs_between(a, b)] for a, b in pairs
        ],
        "cells": [None if cell is None else list(cell) for cell in expected_cells],
    }


def boards() -> list[tuple[str, Any]]:
    """The boards asked about: flat ones with and without holes, tori, hexagons."""
    return [
        ("flat", Topology.of(4, 6)),
        ("flat", Topology.of(1, 5)),
        ("flat", Topology.of(5, 1)),
        ("flat", Topology.of(5, 5, holes={0, 7, 12, 18})),
        ("torus", Topology.of(3, 4, wrap=True)),
        ("torus", Topology.of(4, 6, wrap=True)),
        ("torus", Topology.of(5, 5, wrap=True)),
        ("hex", hexagon(1)),
        ("hex", hexagon(3)),
        ("hex", hexagon(4)),
        ("hex", HEX(3, 5)),
    ]


def node() -> str:
    """The node executable; under CI a missing one fails the test (CI installs it)."""
    found = shutil.which("node")
    if found is None:
        if os.environ.get("CI") == "true":
            pytest.fail("node is missing: install it with apt-get install -y nodejs npm")
        pytest.skip("node is not installed")
    return found


def test_the_browser_topology_answers_as_the_python_one() -> None:
    rng = random.Random(42)
    asked = [(kind, board_queries(board, kind, rng)) for kind, board in boards()]
    answered = subprocess.run(
        [node(), str(ROOT / "tests" / "js" / "parity.mjs")],
        input=json.dumps([queries["question"] for _, queries in asked]),
        capture_output=True,
        text=True,
        check=True,
    )
    answers = json.loads(answered.stdout)
    assert len(answers) == len(asked)
    compared = 0
    for (kind, queries), answer in zip(asked, answers, strict=True):
        name = f"{kind} {queries['question']['rows']}×{queries['question']['cols']}"
        pairs = queries["question"]["pairs"]
        for pair, expected, got in zip(pairs, queries["runs"], answer["runs"], strict=True):
            assert got == expected, f"{name}: runs between {pair}"
        points = queries["question"]["points"]
        for point, expected, got in zip(points, queries["cells"], answer["cells"], strict=True):
            assert got == expected, f"{name}: the cell at {point}"
        compared += len(pairs) + len(points)
    assert compared > 5000


def test_the_package_hex_agrees_with_the_reference() -> None:
    """The package's runs between two cells of a hexagon are the plain reference's."""
    for side in (1, 2, 3, 4):
        board = Hex.hexagon(side)
        reference = HexReference(board.rows, board.cols, frozenset(board.holes))
        cells = [(r, c) for r in range(board.rows) for c in range(board.cols)]
        for a in cells:
            for b in cells:
                if a != b:
                    assert board.runs_between(a, b) == reference.runs_between(a, b), (a, b)
