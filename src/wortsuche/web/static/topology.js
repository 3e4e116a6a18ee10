// The shape of a board in the browser, as grid/topology.py has it on the server: which cells
// there are, how they line up, where each is drawn and which cell a point hits. One value
// answers for a flat grid (with holes), a torus (lines go on at the other side) and a hexagonal
// board; the game, the offline file and the class page ask it and never do the arithmetic.
//
// Cells are [row, col]. A square board is drawn in cell units: (0, 0) is the grid's top left
// corner, cell (r, c) the unit square from (c, r). A hexagonal board is stored as a rows × cols
// array of axial cells; those off the board are holes. Its hexagons are pointy-top with
// circumradius 1, the centre of (r, c) at x = √3 (c + r / 2), y = 1.5 r.
// tests/test_topology_parity.py holds these answers to the Python ones.

// The 8 directions of a square grid as [dRow, dCol], in the order of model.Direction
// (E, S, SE, NE, W, N, NW, SW): runsBetween lists runs of one length in this order, as the
// server tries them.
export const SQUARE_STEPS = [[0, 1], [1, 0], [1, 1], [-1, 1], [0, -1], [-1, 0], [-1, -1], [1, -1]];

// The 6 directions of a hexagonal board: E, W, S, N, NE, SW.
export const HEX_STEPS = [[0, 1], [0, -1], [1, 0], [-1, 0], [-1, 1], [1, -1]];

const SQRT3 = Math.sqrt(3);

export function sameCell(a, b) {
  return a[0] === b[0] && a[1] === b[1];
}

function gcd(a, b) {
  return b ? gcd(b, a % b) : a;
}

// What every board has in common: the straight runs, the runs between two cells and the snap
// of a drag, from the few answers each kind gives (steps, lineLength, offset, centre, …).
class Board {
  constructor(rows, cols, holes = []) {
    this.rows = rows;
    this.cols = cols;
    this.holes = new Set(holes.map(([r, c]) => r * cols + c));
  }

  // True for a cell of the board: inside the array and no hole.
  contains(cell) {
    const [r, c] = cell;
    return (
      Number.isInteger(r) && Number.isInteger(c) && r >= 0 && r < this.rows && c >= 0 && c < this.cols &&
      !this.holes.has(r * this.cols + c)
    );
  }

  // The cell `distance` steps of `step` from `cell`, unchecked (a torus wraps it round).
  move(cell, step, distance) {
    return [cell[0] + distance * step[0], cell[1] + distance * step[1]];
  }

  // The cell `distance` steps away, or null off the board or on a hole.
  offset(cell, step, distance) {
    const next = this.move(cell, step, distance);
    return this.contains(next) ? next : null;
  }

  // The `length` cells from `start` going `step`, or null if the run leaves the board, meets a
  // hole or is longer than its line.
  run(start, step, length) {
    if (!this.contains(start) || length < 1 || length > this.lineLength(step)) return null;
    const cells = [];
    for (let i = 0; i < length; i += 1) {
      const cell = this.offset(start, step, i);
      if (!cell) return null;
      cells.push(cell);
    }
    return cells;
  }

  // Every straight run from `start` to `end`, at most once round its line, shortest first (of
  // one length in the order of `steps`): what a player may mean by marking two cells. None
  // from a cell to itself (the selection of one cell is that cell: selection.js).
  runsBetween(start, end) {
    const runs = [];
    for (const step of this.steps) {
      for (let k = 1; k < this.lineLength(step); k += 1) {
        const cell = this.offset(start, step, k);
        if (cell && sameCell(cell, end)) {
          const found = this.run(start, step, k + 1);
          if (found) runs.push(found);
          break;
        }
      }
    }
    return runs.sort((a, b) => a.length - b.length); // stable: ties keep the order of the steps
  }

  // The step from a cell to the next of a run (over the edge too, on a torus).
  stepBetween(a, b) {
    return this.steps.find((step) => sameCell(this.move(a, step, 1), b)) ?? null;
  }

  wrap(cell) {
    return cell;
  }

  // The run of a drag from `start` to `point`: the direction nearest the drag's angle, the length
  // its projection on that direction, pulled back onto the board (never further than once round
  // a line). Within half a step of the start: the start alone.
  snap(start, point) {
    const [x0, y0] = this.centre(start);
    const [dx, dy] = [point[0] - x0, point[1] - y0];
    const distance = Math.hypot(dx, dy);
    let best = null;
    for (const step of this.steps) {
      const [vx, vy] = this.vector(step);
      const along = dx * vx + dy * vy;
      const cos = along / (Math.hypot(vx, vy) * distance || 1);
      if (!best || cos > best.cos + 1e-12) best = { step, cos, along, size: vx * vx + vy * vy };
    }
    let count = Math.min(Math.max(0, Math.round(best.along / best.size)), this.lineLength(best.step) - 1) + 1;
    while (count > 1 && !this.reaches(start, best.step, count - 1)) count -= 1;
    const cells = [];
    for (let i = 0; i < count; i += 1) cells.push(this.wrap(this.move(start, best.step, i)));
    return cells;
  }

  // Where a drag may end: a cell of the board `distance` steps away (Flat: of the rectangle).
  reaches(start, step, distance) {
    return this.offset(start, step, distance) !== null;
  }

  // The screen vector of one step.
  vector(step) {
    const [ax, ay] = this.centre([0, 0]);
    const [bx, by] = this.centre(step);
    return [bx - ax, by - ay];
  }
}

// A rectangle, maybe with holes (cells with a blank): a line ends at the edge and at a hole.
export class Flat extends Board {
  get steps() {
    return SQUARE_STEPS;
  }

  // A row's cols, a column's rows, the longest diagonal's shorter side.
  lineLength([dr, dc]) {
    if (dr && dc) return Math.min(this.rows, this.cols);
    return dc ? this.cols : this.rows;
  }

  centre([r, c]) {
    return [c + 0.5, r + 0.5];
  }

  // The cell a point (x, y) in cell units falls in, or null off the board or on a hole.
  cellAt([x, y]) {
    const cell = [Math.floor(y), Math.floor(x)];
    return this.contains(cell) ? cell : null;
  }

  // A drag may end on any cell of the rectangle (a hole included: the check refuses the run).
  reaches(start, step, distance) {
    const [r, c] = this.move(start, step, distance);
    return r >= 0 && r < this.rows && c >= 0 && c < this.cols;
  }
}

// A rectangle whose lines go on at the other side: a row has cols cells, a column rows, a
// diagonal lcm(rows, cols).
export class Torus extends Flat {
  lineLength([dr, dc]) {
    if (dr && dc) return (this.rows * this.cols) / gcd(this.rows, this.cols);
    return dc ? this.cols : this.rows;
  }

  wrap([r, c]) {
    return [((r % this.rows) + this.rows) % this.rows, ((c % this.cols) + this.cols) % this.cols];
  }

  move(cell, step, distance) {
    return this.wrap(super.move(cell, step, distance));
  }

  // The cell a point falls in: a point beyond the edge hits the cell it wraps round to.
  cellAt([x, y]) {
    if (x < 0 || y < 0 || x >= this.cols || y >= this.rows) return null;
    return super.cellAt([x, y]);
  }

  reaches() {
    return true;
  }

  // The pieces of a run that lie side by side on the board (a run over the edge has several),
  // each with the points (in cells, [row, col]) a mark is drawn between: from centre to centre,
  // and half a cell further towards the edge where the word carries on.
  pieces(cells) {
    const parts = [[cells[0]]];
    for (let i = 1; i < cells.length; i += 1) {
      const [a, b] = [cells[i - 1], cells[i]];
      if (Math.abs(a[0] - b[0]) > 1 || Math.abs(a[1] - b[1]) > 1) parts.push([]);
      parts[parts.length - 1].push(b);
    }
    const step = cells.length > 1 ? this.stepBetween(cells[0], cells[1]) : [0, 0];
    return parts.map((part, k) => {
      const [first, last] = [part[0], part[part.length - 1]];
      const back = k > 0 ? 0.5 : 0;
      const ahead = k < parts.length - 1 ? 0.5 : 0;
      return {
        cells: part,
        from: [first[0] + 0.5 - back * step[0], first[1] + 0.5 - back * step[1]],
        to: [last[0] + 0.5 + ahead * step[0], last[1] + 0.5 + ahead * step[1]],
      };
    });
  }
}

// A hexagonal board: a rows × cols array of axial cells (holes off the board), six directions.
export class Hex extends Board {
  get steps() {
    return HEX_STEPS;
  }

  // An E–W line has at most cols cells, an N–S one rows, a NE–SW one the shorter side.
  lineLength([dr, dc]) {
    if (dr && dc) return Math.min(this.rows, this.cols);
    return dc ? this.cols : this.rows;
  }

  centre([r, c]) {
    return [SQRT3 * (c + r / 2), 1.5 * r];
  }

  // The hexagon a point lies in (axial rounding), or null off the board.
  cellAt([x, y]) {
    const r = (2 / 3) * y;
    const c = x / SQRT3 - y / 3;
    const s = -r - c;
    let [rr, rc, rs] = [Math.round(r), Math.round(c), Math.round(s)];
    const [er, ec, es] = [Math.abs(rr - r), Math.abs(rc - c), Math.abs(rs - s)];
    if (er > ec && er > es) rr = -rc - rs;
    else if (ec > es) rc = -rr - rs;
    const cell = [rr + 0, rc + 0]; // + 0: no -0
    return this.contains(cell) ? cell : null;
  }

  // The board's outline: each side of a hexagon with no cell of the board beyond it, as
  // [cell, side]. Side k joins corner k and k + 1 of the hexagon, its corners counted clockwise
  // from the top (at -90°, -30°, 30°, … as drawn), so it faces the neighbour RIM_STEPS[k].
  rim() {
    const sides = [];
    for (let r = 0; r < this.rows; r += 1) {
      for (let c = 0; c < this.cols; c += 1) {
        if (!this.contains([r, c])) continue;
        RIM_STEPS.forEach(([dr, dc], side) => {
          if (!this.contains([r + dr, c + dc])) sides.push([[r, c], side]);
        });
      }
    }
    return sides;
  }
}

// The neighbour beyond each side of a hexagon, clockwise from the top: ↗ (NE), → (E), ↘ (S),
// ↙ (SW), ← (W) and ↖ (N) as drawn.
export const RIM_STEPS = [[-1, 1], [0, 1], [1, 0], [1, -1], [0, -1], [-1, 0]];

// A hexagon of side n: stored (2n-1) × (2n-1), cell (r, c) on the board iff n-1 ≤ r+c ≤ 3n-3.
export function hexagon(n) {
  const size = 2 * n - 1;
  const holes = [];
  for (let r = 0; r < size; r += 1) {
    for (let c = 0; c < size; c += 1) if (r + c < n - 1 || r + c > 3 * n - 3) holes.push([r, c]);
  }
  return new Hex(size, size, holes);
}

// The topology of a puzzle as the game gets it ({rows, cols, grid, wrap, topology}): a blank is
// a hole; a puzzle whose topology is of kind "hex" (a hexagon or staggered rows, both stored as
// a rows × cols array of axial cells) is a Hex.
export function topologyOf(puzzle) {
  if (puzzle.wrap) return new Torus(puzzle.rows, puzzle.cols);
  const holes = [];
  puzzle.grid.forEach((letters, r) => {
    Array.from(letters).forEach((letter, c) => {
      if (letter === " ") holes.push([r, c]);
    });
  });
  if (puzzle.topology && puzzle.topology.kind === "hex") return new Hex(puzzle.rows, puzzle.cols, holes);
  return new Flat(puzzle.rows, puzzle.cols, holes);
}
