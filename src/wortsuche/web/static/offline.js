// The offline file: the game (game.js) checked against salted hashes (hashes.js), with no server.
//
// The file (wortsuche generate … -o puzzle.html) holds the grid and the word list but not where
// the words are, only their hashes. A plain script after texts.js, geometry.js, game.js and
// hashes.js.
"use strict";

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
