// Where a drag ends: the selection snaps to the nearest of the 8 straight directions.
// Cells are [row, col]; points are in cell units, (0, 0) the top left corner of the grid.
// A plain script (no modules): the play page loads it, the offline file inlines it as it stands.
"use strict";

// Unit steps [dRow, dCol] by angle, clockwise from east (screen y grows downwards).
const STEPS = [[0, 1], [1, 1], [1, 0], [1, -1], [0, -1], [-1, -1], [-1, 0], [-1, 1]];

function inside(cell, rows, cols) {
  return cell[0] >= 0 && cell[0] < rows && cell[1] >= 0 && cell[1] < cols;
}

// The cell a point falls in, or null outside the grid.
function cellAt(x, y, rows, cols) {
  const cell = [Math.floor(y), Math.floor(x)];
  return inside(cell, rows, cols) ? cell : null;
}

// The end cell of a straight selection from `start` towards the point (x, y):
// the angle is rounded to 45 degrees, the length is the projection onto that direction,
// and the end is pulled back into the grid.
function snapEnd(start, x, y, rows, cols) {
  const dx = x - (start[1] + 0.5);
  const dy = y - (start[0] + 0.5);
  if (Math.hypot(dx, dy) < 0.5) return start;
  const octant = ((Math.round(Math.atan2(dy, dx) / (Math.PI / 4)) % 8) + 8) % 8;
  const [dr, dc] = STEPS[octant];
  let steps = Math.max(0, Math.round((dx * dc + dy * dr) / (dr * dr + dc * dc)));
  let end = [start[0] + steps * dr, start[1] + steps * dc];
  while (steps > 0 && !inside(end, rows, cols)) {
    steps -= 1;
    end = [start[0] + steps * dr, start[1] + steps * dc];
  }
  return end;
}

// Every cell from start to end (which lie on one straight line), both included.
function cellsBetween(start, end) {
  const dr = Math.sign(end[0] - start[0]);
  const dc = Math.sign(end[1] - start[1]);
  const steps = Math.max(Math.abs(end[0] - start[0]), Math.abs(end[1] - start[1]));
  const cells = [];
  for (let i = 0; i <= steps; i += 1) cells.push([start[0] + i * dr, start[1] + i * dc]);
  return cells;
}

// A hidden message: the letters of the cells no found word covers, in reading order, set into
// the message's shape ("Aaa aaaaaaa!": one grid letter for each A or a, in that case; the rest as
// typed). If the shape does not match the number of letters, the letters alone.
function hiddenMessage(rows, lines, shape, length) {
  const covered = new Set(lines.flat().map(([r, c]) => `${r},${c}`));
  const letters = [];
  rows.forEach((row, r) => {
    Array.from(row).forEach((letter, c) => {
      if (!covered.has(`${r},${c}`)) letters.push(letter);
    });
  });
  return fillShape(shape, letters.slice(0, length));
}

// Letters set into a shape ("Aaaaa": one letter for each A or a, in that case; the rest as it
// stands). If the shape does not match the number of letters, the letters alone.
function fillShape(shape, letters) {
  const slots = Array.from(shape).filter((ch) => ch === "A" || ch === "a").length;
  if (slots !== letters.length) return letters.join("");
  let k = 0;
  return Array.from(shape)
    .map((ch) => {
      if (ch === "A") return letters[k++].toLocaleUpperCase();
      if (ch === "a") return letters[k++].toLocaleLowerCase();
      return ch;
    })
    .join("");
}

// ---- words over the edge -------------------------------------------------------------------
// In a puzzle whose lines continue on the other side of the grid (a torus), a straight line is
// a cycle: a row has cols cells, a column rows, a diagonal lcm(rows, cols).

function gcd(a, b) {
  return b ? gcd(b, a % b) : a;
}

function lineLength(step, rows, cols) {
  if (step[0] === 0) return cols;
  if (step[1] === 0) return rows;
  return (rows * cols) / gcd(rows, cols);
}

// The cells of a straight run on the torus: `count` cells from start, one step apart.
function wrapRun(start, step, count, rows, cols) {
  const cells = [];
  for (let i = 0; i < count; i += 1) {
    const r = (((start[0] + i * step[0]) % rows) + rows) % rows;
    const c = (((start[1] + i * step[1]) % cols) + cols) % cols;
    cells.push([r, c]);
  }
  return cells;
}

// The run of a drag on the torus: like snapEnd, but a drag past the edge carries on from the
// opposite side (never further than once round the line).
function snapRun(start, x, y, rows, cols) {
  const dx = x - (start[1] + 0.5);
  const dy = y - (start[0] + 0.5);
  if (Math.hypot(dx, dy) < 0.5) return [start];
  const octant = ((Math.round(Math.atan2(dy, dx) / (Math.PI / 4)) % 8) + 8) % 8;
  const step = STEPS[octant];
  const along = Math.round((dx * step[1] + dy * step[0]) / (step[0] ** 2 + step[1] ** 2));
  const count = Math.min(Math.max(0, along), lineLength(step, rows, cols) - 1) + 1;
  return wrapRun(start, step, count, rows, cols);
}

// Every run from start to end on the torus, in the 8 directions, at most once round, shortest
// first (the same order as the server tries them).
function runsBetween(start, end, rows, cols) {
  const runs = [];
  for (const step of STEPS) {
    const length = lineLength(step, rows, cols);
    for (let i = 1; i < length; i += 1) {
      const r = (((start[0] + i * step[0]) % rows) + rows) % rows;
      const c = (((start[1] + i * step[1]) % cols) + cols) % cols;
      if (r === end[0] && c === end[1]) {
        runs.push(wrapRun(start, step, i + 1, rows, cols));
        break;
      }
    }
  }
  return runs.sort((a, b) => a.length - b.length);
}

// The pieces of a run that lie side by side in the grid (a run over the edge has several),
// each with the points a mark is drawn between: from centre to centre, and half a cell
// further towards the edge where the word carries on.
function pieces(cells) {
  const parts = [[cells[0]]];
  for (let i = 1; i < cells.length; i += 1) {
    const [a, b] = [cells[i - 1], cells[i]];
    if (Math.abs(a[0] - b[0]) > 1 || Math.abs(a[1] - b[1]) > 1) parts.push([]);
    parts[parts.length - 1].push(b);
  }
  if (parts.length === 1) {
    const [first, last] = [cells[0], cells[cells.length - 1]];
    return [{ cells, from: [first[0] + 0.5, first[1] + 0.5], to: [last[0] + 0.5, last[1] + 0.5] }];
  }
  // the step of the run, read where two of its cells are neighbours
  const within = parts.find((part) => part.length > 1);
  let step = [0, 0];
  if (within) step = [Math.sign(within[1][0] - within[0][0]), Math.sign(within[1][1] - within[0][1])];
  else step = stepBetween(cells[0], cells[1]);
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

// The step [dRow, dCol] from a cell to its neighbour on the torus (also over the edge).
function stepBetween(a, b) {
  const one = (d) => (d === 0 ? 0 : Math.abs(d) === 1 ? d : -Math.sign(d));
  return [one(b[0] - a[0]), one(b[1] - a[1])];
}
