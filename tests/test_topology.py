"""The topology of a grid, held to a naive walk that takes one step at a time.

The oracle here walks cell by cell from a start, taking each step round the edge on a torus,
and stops at the edge of a flat grid or at a hole; it shares no code with ``topology.py``.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from wortsuche.grid.topology import AXES, KEPT_LINE_ORDER, Flat, Topology
from wortsuche.grid.torus import Torus
from wortsuche.model import Cell, Direction, Placement, line


def naive_walk(
    rows: int, cols: int, holes: frozenset[int], around: bool, start: Cell, d: Direction, n: int
) -> tuple[Cell, ...] | None:
    """``n`` cells from ``start`` one step at a time, or None past an edge, on a hole, or (on a
    torus) back on a cell already taken."""
    (r, c), (dr, dc) = start, d.step
    cells: list[Cell] = []
    for _ in range(n):
        if around:
            r, c = r % rows, c % cols
        if not (0 <= r < rows and 0 <= c < cols) or r * cols + c in holes or (r, c) in cells:
            return None
        cells.append((r, c))
        r, c = r + dr, c + dc
    return tuple(cells)


@st.composite
def topologies(draw: st.DrawFn, *, around: bool | None = None) -> Topology:
    """A small flat grid or torus, with holes or without."""
    rows, cols = draw(st.integers(1, 6)), draw(st.integers(1, 6))
    wrap = draw(st.booleans()) if around is None else around
    holes = draw(st.frozensets(st.integers(0, rows * cols - 1), max_size=rows * cols // 3))
    return Topology.of(rows, cols, wrap=wrap, holes=holes)


@settings(max_examples=300, deadline=None)
@given(topologies(), st.data())
def test_a_run_covers_the_cells_of_a_walk_or_is_none(
    topology: Topology, data: st.DataObject
) -> None:
    start = (data.draw(st.integers(-1, topology.rows)), data.draw(st.integers(-1, topology.cols)))
    direction = data.draw(st.sampled_from(list(Direction)))
    length = data.draw(st.integers(1, 2 * max(topology.rows, topology.cols) + 2))
    rows, cols, holes, around = topology.rows, topology.cols, topology.holes, topology.cyclic
    inside = start in Flat(rows, cols, holes)
    expected = naive_walk(rows, cols, holes, around, start, direction, length) if inside else None
    assert topology.run(start, direction, length) == expected


@settings(max_examples=200, deadline=None)
@given(topologies())
def test_the_lines_of_each_axis_partition_the_cells(topology: Topology) -> None:
    rows, cols = topology.rows, topology.cols
    cells = {(r, c) for r in range(rows) for c in range(cols) if (r, c) in topology}
    for axis in AXES:
        lines = [found for a, found in topology.lines() if a is axis]
        covered = [cell for found in lines for cell in found]
        if topology.cyclic:  # a hole stays on its line: the line is still a cycle
            assert sorted(covered) == sorted((r, c) for r in range(rows) for c in range(cols))
        else:
            assert sorted(covered) == sorted(cells)
        for found in lines:  # each line is one straight run, as long as it can be
            if not topology.cyclic:
                assert tuple(found) == topology.run(found[0], axis, len(found))
                assert topology.run(found[0], axis, len(found) + 1) is None
                assert topology.run(found[0], axis.reverse, 2) is None
            else:
                assert len(found) == topology.line_length(axis)
                assert tuple(found) == topology.cells(found[0], axis, len(found))


@settings(max_examples=200, deadline=None)
@given(topologies())
def test_the_index_lines_are_the_lines_with_each_cell_as_its_index(topology: Topology) -> None:
    cols = topology.cols
    expected = [(axis, [r * cols + c for r, c in cells]) for axis, cells in topology.lines()]
    assert topology.index_lines() == expected


@settings(max_examples=200, deadline=None)
@given(topologies(), st.integers(1, 8), st.sets(st.sampled_from(list(Direction)), min_size=1))
def test_the_position_space_holds_every_start_whose_run_stays_in_the_grid(
    topology: Topology, length: int, directions: set[Direction]
) -> None:
    ordered = [d for d in Direction if d in directions]
    space = topology.positions(length, ordered)
    # the space knows the rectangle; the holes are for the board to refuse
    plain = Topology.of(topology.rows, topology.cols, wrap=topology.cyclic)
    expected = {
        (r, c, d)
        for d in ordered
        for r in range(topology.rows)
        for c in range(topology.cols)
        if plain.run((r, c), d, length) is not None
    }
    positions = [space.position(i) for i in range(space.total)]
    assert len(positions) == len(set(positions)) and set(positions) == expected
    for r, c, d in positions:
        run = plain.run((r, c), d, length)
        assert run is not None
        assert topology.indexes(r, c, d, length) == [topology.index(cell) for cell in run]
    fits = max((n for n in range(1, 40) if plain.positions(n, ordered).total), default=0)
    assert topology.longest_fitting(ordered) == fits


@settings(max_examples=200, deadline=None)
@given(topologies(), st.data())
def test_the_run_through_a_cell_starts_where_the_walk_does(
    topology: Topology, data: st.DataObject
) -> None:
    index = data.draw(st.integers(0, topology.size - 1))
    direction = data.draw(st.sampled_from(list(Direction)))
    length = data.draw(st.integers(1, 8))
    at = data.draw(st.integers(0, length - 1))
    start = topology.start_through(index, direction, at, length)
    plain = Topology.of(topology.rows, topology.cols, wrap=topology.cyclic)
    cell = topology.cell(index)
    back = plain.offset(cell, direction.reverse.step, at) if topology.cyclic else None
    if not topology.cyclic:
        r, c = cell
        dr, dc = direction.step
        back = (r - at * dr, c - at * dc)
    assert back is not None
    if plain.run(back, direction, length) is None:
        assert start is None
    else:
        assert start == back
        run = plain.run(start, direction, length)
        assert run is not None and run[at] == cell


@settings(max_examples=200, deadline=None)
@given(topologies(), st.data())
def test_the_runs_between_two_cells_are_every_straight_way_from_one_to_the_other(
    topology: Topology, data: st.DataObject
) -> None:
    rows, cols = topology.rows, topology.cols
    start = (data.draw(st.integers(0, rows - 1)), data.draw(st.integers(0, cols - 1)))
    end = (data.draw(st.integers(0, rows - 1)), data.draw(st.integers(0, cols - 1)))
    runs = topology.runs_between(start, end)
    expected = {
        walked
        for d in Direction
        for n in range(2, rows * cols + 1)
        if (walked := naive_walk(rows, cols, topology.holes, topology.cyclic, start, d, n))
        and walked[-1] == end
    }
    assert set(runs) == expected
    assert [len(run) for run in runs] == sorted(len(run) for run in runs)
    if not topology.cyclic and not topology.holes and start != end:
        straight = line(start, end)
        assert runs == ([] if straight is None else [straight])


@settings(max_examples=200, deadline=None)
@given(topologies(), st.data())
def test_a_run_read_either_way_has_one_key(topology: Topology, data: st.DataObject) -> None:
    start = (
        data.draw(st.integers(0, topology.rows - 1)),
        data.draw(st.integers(0, topology.cols - 1)),
    )
    direction = data.draw(st.sampled_from(list(Direction)))
    length = data.draw(st.integers(1, 6))
    run = topology.run(start, direction, length)
    if run is None:
        return
    key = topology.reading_key(start, direction, length)
    assert topology.reading_key(run[-1], direction.reverse, length) == key


@settings(max_examples=200, deadline=None)
@given(topologies(), st.data())
def test_every_reading_of_the_line_texts_names_its_cells(
    topology: Topology, data: st.DataObject
) -> None:
    rows, cols = topology.rows, topology.cols
    letters = data.draw(
        st.lists(st.text("AB", min_size=cols, max_size=cols), min_size=rows, max_size=rows)
    )
    grid = [
        "".join(" " if r * cols + c in topology.holes else x for c, x in enumerate(row))
        for r, row in enumerate(letters)
    ]
    length = data.draw(st.integers(1, 5))
    texts = topology.line_texts(grid, length)
    for line_number, offset in enumerate(texts.offsets):
        end = texts.text.find("\n", offset)
        end = len(texts.text) if end < 0 else end
        for at in range(offset, end - length + 1):
            reading = texts.text[at : at + length]
            located = texts.span(line_number, at, length)
            if located is None or " " in reading:  # a hole is in no word
                continue
            first, last, axis = located
            cells = topology.cells(first, axis, length)
            assert cells[-1] == last
            assert "".join(grid[r][c] for r, c in cells) == reading


def test_a_torus_has_gcd_diagonals_each_lcm_long() -> None:
    torus = Torus(4, 6)
    diagonals = [cells for axis, cells in torus.lines() if axis is Direction.SE]
    assert len(diagonals) == 2 and all(len(cells) == 12 for cells in diagonals)
    assert torus.border() == set() and len(Flat(4, 6).border()) == 16


def test_a_placement_on_a_torus_takes_its_cells_round() -> None:
    torus = Torus(3, 4)
    placement = torus.placement("ABC", (0, 2), Direction.E)
    assert torus.cells_of(placement) == ((0, 2), (0, 3), (0, 0)) and torus.wraps(placement)
    assert torus.end_of(placement) == (0, 0) and placement.end == (0, 4)
    assert torus.reversed(placement) == Placement("CBA", (0, 0), Direction.W)
    flat = Flat(3, 4)
    assert flat.cells_of(flat.placement("AB", (0, 2), Direction.E)) == ((0, 2), (0, 3))
    assert not flat.wraps(flat.placement("AB", (0, 2), Direction.E))


def cell_by_cell_line_texts(rows: list[str]) -> list[tuple[str, tuple[int, int], Direction]]:
    """The lines of a flat grid read cell by cell: rows, columns, ↘ from the top, ↗ from below."""
    height, width = len(rows), len(rows[0])
    found = [(row, (r, 0), Direction.E) for r, row in enumerate(rows)]
    if height * width == 1:
        return found
    found += [
        ("".join(rows[r][c] for r in range(height)), (0, c), Direction.S) for c in range(width)
    ]
    for d in range(-(height - 1), width):
        cells = [(r, r + d) for r in range(height) if 0 <= r + d < width]
        found.append(("".join(rows[r][c] for r, c in cells), cells[0], Direction.SE))
    for t in range(height + width - 1):
        cells = [(r, t - r) for r in reversed(range(height)) if 0 <= t - r < width]
        found.append(("".join(rows[r][c] for r, c in cells), cells[0], Direction.NE))
    return found


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 7), st.integers(1, 7), st.data())
def test_a_flat_grids_line_texts_are_its_lines_read_cell_by_cell(
    rows: int, cols: int, data: st.DataObject
) -> None:
    grid = data.draw(
        st.lists(st.text("AÄB ", min_size=cols, max_size=cols), min_size=rows, max_size=rows)
    )
    texts = Flat(rows, cols).line_texts(grid, 3)
    expected = cell_by_cell_line_texts(grid)
    assert texts.text == "\n".join(text for text, _, _ in expected)
    assert texts.starts == [(start, axis) for _, start, axis in expected]
    # a small grid's kept reading order and a large grid's slicing read the same lines
    assert Flat(rows, cols)._sliced_line_texts(grid) == texts


def test_a_grid_past_the_kept_reading_orders_is_read_by_slicing() -> None:
    side = 51
    assert side * side > KEPT_LINE_ORDER
    grid = ["".join("ABCÄ"[(r * 7 + c * c) % 4] for c in range(side)) for r in range(side)]
    texts = Flat(side, side).line_texts(grid, 3)
    expected = cell_by_cell_line_texts(grid)
    assert texts.text == "\n".join(text for text, _, _ in expected)
    assert texts.starts == [(start, axis) for _, start, axis in expected]
