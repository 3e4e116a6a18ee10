// Where a drag ends: the selection snaps to the nearest of the 8 straight directions.
// Cells are [row, col]; points are in cell units, (0, 0) the top left corner of the grid.

// Unit steps [dRow, dCol] by angle, clockwise from east (screen y grows downwards).
const STEPS = [[0, 1], [1, 1], [1, 0], [1, -1], [0, -1], [-1, -1], [-1, 0], [-1, 1]];

export function inside(cell, rows, cols) {
  return cell[0] >= 0 && cell[0] < rows && cell[1] >= 0 && cell[1] < cols;
}

// The cell a point falls in, or null outside the grid.
export function cellAt(x, y, rows, cols) {
  const cell = [Math.floor(y), Math.floor(x)];
  return inside(cell, rows, cols) ? cell : null;
}

// The end cell of a straight selection from `start` towards the point (x, y):
// the angle is rounded to 45 degrees, the length is the projection onto that direction,
// and the end is pulled back into the grid.
export function snapEnd(start, x, y, rows, cols) {
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
export function cellsBetween(start, end) {
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
export function hiddenMessage(rows, lines, shape, length) {
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
export function fillShape(shape, letters) {
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
