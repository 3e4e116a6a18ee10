// The offline file: the game (game.js) checked against salted hashes (hashes.js), with no server.
//
// The file (wortsuche generate … -o puzzle.html) holds the grid and the word list but not where
// the words are, only their hashes. A plain script after texts.js, geometry.js, game.js and
// hashes.js (and scorm.js in a SCORM package).
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

// In a SCORM package scorm.js runs first and connects to the learning platform: each learner
// keeps their own progress, so the next child on a shared device starts afresh, and the
// platform keeps it too, so a learner goes on where they stopped on any device.
const platform = typeof scormSession === "object" ? scormSession : null;

const offlineData = JSON.parse(document.getElementById("puzzle-data").textContent);
const filePuzzle = offlinePuzzle(offlineData);
startGame({
  puzzle: filePuzzle,
  checker: hashChecker(offlineData, filePuzzle),
  id: platform?.learner ? `offline:${offlineData.salt}:${platform.learner}` : `offline:${offlineData.salt}`,
  kept: platform?.kept ?? null,
});
