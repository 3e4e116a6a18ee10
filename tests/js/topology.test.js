// Where cells are and how they line up (topology.js): flat grids with holes, tori, hexagons.
import assert from "node:assert/strict";
import { test } from "node:test";

import { Flat, HEX_STEPS, Hex, RIM_STEPS, SQUARE_STEPS, Torus, hexagon, topologyOf } from "../../src/wortsuche/web/static/topology.js";

const flat = new Flat(4, 5);

test("a square grid has the 8 steps in the server's order, a hexagonal board 6", () => {
  assert.deepEqual(SQUARE_STEPS, [[0, 1], [1, 0], [1, 1], [-1, 1], [0, -1], [-1, 0], [-1, -1], [1, -1]]);
  assert.equal(new Set(SQUARE_STEPS.map(String)).size, 8);
  assert.deepEqual(HEX_STEPS, [[0, 1], [0, -1], [1, 0], [-1, 0], [-1, 1], [1, -1]]);
  // each direction has its opposite among them
  for (const steps of [SQUARE_STEPS, HEX_STEPS]) {
    for (const [dr, dc] of steps) assert.ok(steps.some(([r, c]) => r === -dr && c === -dc));
  }
});

test("cellAt is the unit square a point falls in, null off the grid and on a hole", () => {
  assert.deepEqual(flat.cellAt([0, 0]), [0, 0]);
  assert.deepEqual(flat.cellAt([4.99, 3.99]), [3, 4]);
  assert.deepEqual(flat.cellAt([2.5, 1.01]), [1, 2]);
  assert.equal(flat.cellAt([5, 0]), null);
  assert.equal(flat.cellAt([-0.01, 2]), null);
  assert.equal(flat.cellAt([0, 4]), null);
  assert.equal(new Flat(2, 2, [[0, 1]]).cellAt([1.5, 0.5]), null);
});

test("a drag snaps to the nearest of the 8 directions and is pulled back into the grid", () => {
  const start = [1, 1];
  const at = ([r, c]) => [c + 0.5, r + 0.5];
  const end = (point) => flat.snap(start, point).at(-1);
  assert.deepEqual(flat.snap(start, [1.95, 1.9]), [[1, 1]]); // under half a step: the start alone
  assert.deepEqual(end(at([1, 3])), [1, 3]);
  assert.deepEqual(end([3.4, 1.9]), [1, 3]); // slightly off the row: still the row
  assert.deepEqual(end(at([3, 3])), [3, 3]);
  assert.deepEqual(end([3.2, 3.9]), [3, 3]); // 22° off the diagonal: the diagonal
  assert.deepEqual(end(at([0, 0])), [0, 0]);
  assert.deepEqual(end([40, 1.5]), [1, 4]); // beyond the edge: the last cell of the row
  assert.deepEqual(end([40, 40]), [3, 3]);
  assert.deepEqual(flat.snap(start, at([1, 3])), [[1, 1], [1, 2], [1, 3]]);
});

test("runsBetween: the straight line between two cells, none off a line, over a hole or to itself", () => {
  assert.deepEqual(flat.runsBetween([0, 0], [3, 3]), [[[0, 0], [1, 1], [2, 2], [3, 3]]]);
  assert.deepEqual(flat.runsBetween([3, 4], [3, 2]), [[[3, 4], [3, 3], [3, 2]]]);
  assert.deepEqual(flat.runsBetween([2, 2], [2, 2]), []);
  assert.deepEqual(flat.runsBetween([0, 0], [1, 2]), []);
  assert.deepEqual(new Flat(1, 3, [[0, 1]]).runsBetween([0, 0], [0, 2]), []);
});

test("on a torus lines go on at the other side: every run between two cells, shortest first", () => {
  const torus = new Torus(3, 4);
  const runs = torus.runsBetween([0, 3], [0, 0]);
  assert.deepEqual(runs.slice(0, 2), [
    [[0, 3], [0, 0]],
    [[0, 3], [0, 2], [0, 1], [0, 0]],
  ]);
  assert.equal(runs.length, 6); // → ←, and the four diagonals round the torus
  assert.ok(runs.every((run, i) => i === 0 || runs[i - 1].length <= run.length));
  assert.equal(torus.lineLength([1, 1]), 12);
  assert.deepEqual(torus.snap([0, 3], [5.5, 0.5]), [[0, 3], [0, 0], [0, 1]]); // past the edge
  assert.deepEqual(torus.stepBetween([0, 3], [0, 0]), [0, 1]);
  assert.deepEqual(torus.stepBetween([2, 0], [0, 3]), [1, -1]);
  const parts = torus.pieces([[0, 3], [0, 0]]);
  assert.deepEqual(parts.map((part) => [part.from, part.to]), [
    [[0.5, 3.5], [0.5, 4]],
    [[0.5, 0], [0.5, 0.5]],
  ]);
});

test("a hexagonal board: centres, the hexagon a point lies in, its six lines", () => {
  const board = hexagon(3); // 5 × 5, 19 cells
  let cells = 0;
  for (let r = 0; r < 5; r += 1) for (let c = 0; c < 5; c += 1) if (board.contains([r, c])) cells += 1;
  assert.equal(cells, 19);
  assert.ok(!board.contains([0, 0]) && board.contains([0, 2]) && !board.contains([4, 3]));
  assert.deepEqual(board.centre([2, 2]), [Math.sqrt(3) * 3, 3]);
  assert.deepEqual(board.cellAt(board.centre([2, 2])), [2, 2]);
  // 0.85 of the way to a neighbour's centre is inside the neighbour
  for (const [dr, dc] of HEX_STEPS) {
    const [x0, y0] = board.centre([2, 2]);
    const [x1, y1] = board.centre([2 + dr, 2 + dc]);
    assert.deepEqual(board.cellAt([x0 + 0.85 * (x1 - x0), y0 + 0.85 * (y1 - y0)]), [2 + dr, 2 + dc]);
    assert.deepEqual(board.cellAt([x0 + 0.4 * (x1 - x0), y0 + 0.4 * (y1 - y0)]), [2, 2]);
  }
  assert.equal(board.cellAt(board.centre([0, 0])), null); // a hole
  // every point of a fine sweep lies in the hexagon whose centre is nearest
  const wide = new Hex(6, 6);
  for (let x = -1; x < 14; x += 0.173) {
    for (let y = -1; y < 9; y += 0.129) {
      let nearest = null;
      for (let r = -2; r < 8; r += 1) {
        for (let c = -6; c < 8; c += 1) {
          const [cx, cy] = wide.centre([r, c]);
          const d = Math.hypot(x - cx, y - cy);
          if (!nearest || d < nearest.d) nearest = { d, cell: [r, c] };
        }
      }
      const expected = wide.contains(nearest.cell) ? nearest.cell : null;
      assert.deepEqual(wide.cellAt([x, y]), expected, `(${x}, ${y})`);
    }
  }
  assert.deepEqual(board.runsBetween([0, 2], [4, 2]), [[[0, 2], [1, 2], [2, 2], [3, 2], [4, 2]]]);
  assert.deepEqual(board.runsBetween([0, 4], [4, 0]), [[[0, 4], [1, 3], [2, 2], [3, 1], [4, 0]]]);
  assert.deepEqual(board.runsBetween([0, 2], [2, 4]), []); // not on a line of a hexagonal board
  assert.deepEqual(board.snap([2, 0], board.centre([2, 4])).at(-1), [2, 4]);
  assert.ok(new Hex(2, 2).contains([1, 1]));
});

test("a puzzle's topology: a torus when it wraps, else flat with its blanks as holes", () => {
  assert.ok(topologyOf({ rows: 3, cols: 3, wrap: true, grid: ["ABC", "DEF", "GHI"] }) instanceof Torus);
  const shaped = topologyOf({ rows: 2, cols: 3, wrap: false, grid: ["AB ", " CD"] });
  assert.ok(!(shaped instanceof Torus));
  assert.ok(!shaped.contains([0, 2]) && !shaped.contains([1, 0]) && shaped.contains([1, 1]));
});

test("a puzzle whose topology is hex is a hexagonal board, its blanks the holes", () => {
  const grid = ["  ABC", " DEFG", "HIJKL", "MNOP ", "QRS  "];
  const board = topologyOf({ rows: 5, cols: 5, wrap: false, grid, topology: { kind: "hex", shape: "hexagon", side: 3 } });
  assert.ok(board instanceof Hex);
  assert.deepEqual(board.steps, HEX_STEPS);
  for (let r = 0; r < 5; r += 1) {
    for (let c = 0; c < 5; c += 1) assert.equal(board.contains([r, c]), hexagon(3).contains([r, c]), `(${r}, ${c})`);
  }
  assert.ok(!(topologyOf({ rows: 1, cols: 2, wrap: false, grid: ["AB"], topology: { kind: "flat" } }) instanceof Hex));
});

test("a drag on hexagons snaps to the nearest of the six directions, never a square diagonal", () => {
  const board = hexagon(3);
  const middle = [2, 2];
  const towards = (step, distance, wobble = [0, 0]) => {
    const [x, y] = board.centre([middle[0] + distance * step[0], middle[1] + distance * step[1]]);
    return [x + wobble[0], y + wobble[1]];
  };
  for (const step of HEX_STEPS) {
    const run = board.snap(middle, towards(step, 2, [0.3, -0.25]));
    assert.deepEqual(run, [middle, [2 + step[0], 2 + step[1]], [2 + 2 * step[0], 2 + 2 * step[1]]], String(step));
  }
  // straight down lies between S and SW (the square grid's S): one of the two, never [1, 0]'s
  // square neighbour [2, 1] nor a step that is not a hexagon's
  const down = board.snap(middle, [board.centre(middle)[0], board.centre(middle)[1] + 3.1]);
  assert.ok(board.stepBetween(down[0], down[1]) !== null);
  // a drag past the edge stops at the last cell of the board
  assert.deepEqual(board.snap([2, 0], [30, board.centre([2, 0])[1]]).at(-1), [2, 4]);
  // under half a step: the start alone
  assert.deepEqual(board.snap(middle, towards([0, 1], 0.3)), [middle]);
});

test("a hexagonal board's rim: the sides of its hexagons with no cell beyond, facing out", () => {
  // a hexagon of side n has 6 (2n - 1) sides on its rim, each corner cell three, the others two
  for (const n of [1, 2, 3, 5]) {
    const board = hexagon(n);
    const rim = board.rim();
    assert.equal(rim.length, 6 * (2 * n - 1));
    for (const [[r, c], side] of rim) {
      assert.ok(board.contains([r, c]));
      const [dr, dc] = RIM_STEPS[side];
      assert.ok(!board.contains([r + dr, c + dc]));
    }
  }
  // each side faces its neighbour: the drawn centres of a cell and the one beyond its side k
  // lie along the side's outward normal, at -60° + 60° k
  const board = hexagon(3);
  RIM_STEPS.forEach(([dr, dc], side) => {
    const [x0, y0] = board.centre([2, 2]);
    const [x1, y1] = board.centre([2 + dr, 2 + dc]);
    const angle = (Math.atan2(y1 - y0, x1 - x0) * 180) / Math.PI;
    const off = (((angle - (-60 + 60 * side)) % 360) + 540) % 360 - 180; // the angles' difference
    assert.ok(Math.abs(off) < 1e-9, `side ${side}: ${angle}`);
  });
  // a board with a hole inside has that hole's ring of sides on its rim too: a 3 × 3 rhombus
  // has 54 sides, 32 of them shared by its 16 pairs of neighbours
  assert.equal(new Hex(3, 3).rim().length, 22);
  assert.equal(new Hex(3, 3, [[1, 1]]).rim().length, 22 + 6);
});
