// @blex41/word-search behind the benchmark's interface: one JSON job a line on stdin, one
// JSON answer a line on stdout, each timed inside node (start-up is measured apart).
"use strict";
const WordSearch = require("@blex41/word-search");
const readline = require("readline");

// Our levels as its options: the same direction sets, 30 % backwards on hard (its default).
const LEVELS = {
  easy: { disabledDirections: ["N", "W", "NE", "NW", "SE", "SW"], backwardsProbability: 0 },
  medium: { disabledDirections: ["N", "W", "NW", "SW"], backwardsProbability: 0 },
  hard: { disabledDirections: [], backwardsProbability: 0.3 },
};

function make(job) {
  const start = process.hrtime.bigint();
  const startCpu = process.cpuUsage();
  let puzzle;
  try {
    puzzle = new WordSearch({
      rows: job.rows,
      cols: job.cols,
      dictionary: job.words,
      maxWords: job.words.length,
      upperCase: true,
      diacritics: true,
      ...LEVELS[job.level],
    });
  } catch (error) {
    return { seconds: Number(process.hrtime.bigint() - start) / 1e9, error: String(error) };
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const used = process.cpuUsage(startCpu); // CPU time too: on a loaded machine wall time waits
  return {
    seconds,
    cpu: (used.user + used.system) / 1e6,
    rows: puzzle.grid.map((row) => row.join("")),
    placed: puzzle.words.map((w) => [w.clean, w.path.map((p) => [p.y, p.x])]),
  };
}

if (process.argv[2] === "--once") {
  // node peer.js --once ROWS COLS WORD...: one puzzle printed, for the whole-process timing
  const [rows, cols, ...words] = process.argv.slice(3);
  const answer = make({ rows: Number(rows), cols: Number(cols), words, level: "hard" });
  console.log(answer.rows.join("\n"));
} else {
  const lines = readline.createInterface({ input: process.stdin });
  lines.on("line", (line) => {
    process.stdout.write(JSON.stringify(make(JSON.parse(line))) + "\n");
  });
}
