// The offline file: the game (game.js) checked against salted hashes, with no server.
//
// The file (wortsuche generate … -o puzzle.html) holds the grid and the word list but not where
// the words are: for each word a salted SHA-256 hash of each cell sequence it may be found as
// (render/html.py writes them). A selection is hashed the same way and compared; a secret word
// is known by its shape and a hash of its letters only, and spelt from the grid once found.
// A plain script after texts.js, geometry.js and game.js.
"use strict";

async function sha256(text) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

// The canonical text of a line of cells, the same whichever end it is read from.
function cellSequence(cells) {
  const ordered = cells.slice();
  const first = ordered[0], last = ordered[ordered.length - 1];
  if (first[0] > last[0] || (first[0] === last[0] && first[1] > last[1])) ordered.reverse();
  return ordered.map((cell) => cell[0] + "," + cell[1]).join(";");
}

// The runs a selection may mean, as the server tries them: on a torus each run joining its
// ends (only the one going `step` for a drag), else the straight line between them.
function selectedRuns({ start, end, step }, puzzle) {
  if (!puzzle.wrap) return [cellsBetween(start, end)];
  const runs = runsBetween(start, end, puzzle.rows, puzzle.cols);
  if (!step) return runs;
  return runs.filter((run) => String(stepBetween(run[0], run[1])) === String(step));
}

// The page's checker: selections against the words' hashes, hints from their first cells.
function hashChecker(data, puzzle) {
  const salt = data.salt;

  // A secret word's spelling, or a word listed by its clue, read from its line in the grid
  // (the file holds only its shape).
  async function spelling(word, run) {
    if (!word.secret && !word.clued) return word.entry;
    const read = run.map(([r, c]) => puzzle.grid[r][c]);
    const forwards = await sha256(`${salt}:letters:${read.join("")}`);
    return fillShape(word.shape, forwards === word.letters ? read : read.slice().reverse());
  }

  async function check(selection) {
    for (const run of selectedRuns(selection, puzzle)) {
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
    const first = data.words[index].first;
    return first ? { index, first } : null;
  }

  return { check, hint };
}

// The puzzle as the game reads it, from the file's data (listed words first, then secret ones).
function offlinePuzzle(data) {
  const listed = data.words.filter((word) => !word.secret);
  return {
    rows: data.rows.length,
    cols: Array.from(data.rows[0]).length,
    grid: data.rows.map((row) => Array.from(row)),
    words: listed.map((word) => word.entry),
    wrap: data.wrap,
    message: data.message,
    secret_count: data.words.length - listed.length,
  };
}

const offlineData = JSON.parse(document.getElementById("puzzle-data").textContent);
const filePuzzle = offlinePuzzle(offlineData);
startGame({
  puzzle: filePuzzle,
  checker: hashChecker(offlineData, filePuzzle),
  id: `offline:${offlineData.salt}`,
});
