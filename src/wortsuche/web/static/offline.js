// The offline file: the game (game.js) checked against salted hashes (hashes.js), with no server.
//
// The file (wortsuche generate … -o puzzle.html) holds the grid and the word list but not where
// the words are, only their hashes. offline-file.js plays it, scorm-package.js with the
// learning platform.
import { startGame } from "./game.js";
import { hashChecker } from "./hashes.js";

// The puzzle as the game reads it, from the file's data (listed words first, then secret ones).
export function offlinePuzzle(data) {
  const listed = data.words.filter((word) => !word.secret);
  return {
    rows: data.rows.length,
    cols: Array.from(data.rows[0]).length,
    grid: data.rows.map((row) => Array.from(row)),
    words: listed.map((word) => word.entry),
    wrap: data.wrap,
    topology: data.topology,
    message: data.message,
    secret_count: data.words.length - listed.length,
  };
}

// Plays the file's puzzle. In a SCORM package `platform` is the learning platform's session
// (scorm.js): each learner keeps their own progress, so the next child on a shared device
// starts afresh, and the platform keeps it too, so a learner goes on where they stopped on any
// device.
export function playOffline(platform = null) {
  const offlineData = JSON.parse(document.getElementById("puzzle-data").textContent);
  const filePuzzle = offlinePuzzle(offlineData);
  const salt = offlineData.salt;
  return startGame({
    puzzle: filePuzzle,
    checker: hashChecker(offlineData, filePuzzle),
    id: platform?.learner ? `offline:${salt}:${platform.learner}` : `offline:${salt}`,
    kept: platform?.kept ?? null,
  });
}
