// Checking selections against salted hashes, with no server: the offline file's checker, and
// the play page's when the network is gone (the page then uses the hashes it fetched).
//
// For each word the data holds a salted SHA-256 hash of each cell sequence it may be found as
// (render/html.py writes them). A selection is hashed the same way and compared; a secret word
// is known by its shape and a hash of its letters only, and spelt from the grid once found.
import { fillShape } from "./geometry.js";
import { sameCell, topologyOf } from "./topology.js";

export async function sha256(text) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

// The canonical text of a line of cells, the same whichever end it is read from.
export function cellSequence(cells) {
  const ordered = cells.slice();
  const first = ordered[0], last = ordered[ordered.length - 1];
  if (first[0] > last[0] || (first[0] === last[0] && first[1] > last[1])) ordered.reverse();
  return ordered.map((cell) => cell[0] + "," + cell[1]).join(";");
}

// The runs a selection may mean, as the server tries them: on a torus each run joining its
// ends (only the one going `step` for a drag), else the straight line between them; one cell
// for a selection of one cell.
export function selectedRuns({ start, end, step }, topology) {
  if (sameCell(start, end)) return [[start]];
  const runs = topology.runsBetween(start, end);
  if (!step) return runs;
  return runs.filter((run) => String(topology.stepBetween(run[0], run[1])) === String(step));
}

// The page's checker: selections against the words' hashes, hints from their first cells.
export function hashChecker(data, puzzle) {
  const salt = data.salt;
  const topology = topologyOf(puzzle);

  // A secret word's spelling, or a word listed by its clue, read from its line in the grid
  // (the file holds only its shape).
  async function spelling(word, run) {
    if (!word.secret && !word.clued) return word.entry;
    const read = run.map(([r, c]) => puzzle.grid[r][c]);
    const forwards = await sha256(`${salt}:letters:${read.join("")}`);
    return fillShape(word.shape, forwards === word.letters ? read : read.slice().reverse());
  }

  async function check(selection) {
    for (const run of selectedRuns(selection, topology)) {
      const hash = await sha256(`${salt}:${cellSequence(run)}`);
      const indices = [];
      data.words.forEach((word, index) => {
        if (word.hashes.includes(hash)) indices.push(index);
      });
      if (indices.length) {
        const words = await Promise.all(indices.map((index) => spelling(data.words[index], run)));
        return { found: true, word: words[0], words, indices, cells: run };
      }
    }
    return { found: false };
  }

  async function hint(index) {
    const { first, second } = data.words[index];
    return first ? { index, first, second } : null;
  }

  return { check, hint };
}
