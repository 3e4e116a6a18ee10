// Answers tests/test_topology_parity.py's questions with topology.js: it reads the boards and
// their queries as JSON on standard input and writes, for each board, the runs between each
// pair of cells and the cell each point hits.
import { readFileSync } from "node:fs";

import { Flat, Hex, Torus } from "../../src/wortsuche/web/static/topology.js";

const KINDS = { flat: Flat, torus: Torus, hex: Hex };
const boards = JSON.parse(readFileSync(0, "utf-8"));
const answers = boards.map(({ kind, rows, cols, holes, pairs, points }) => {
  const board = new KINDS[kind](rows, cols, holes);
  return {
    runs: pairs.map(([start, end]) => board.runsBetween(start, end)),
    cells: points.map((point) => board.cellAt(point)),
  };
});
process.stdout.write(JSON.stringify(answers));
