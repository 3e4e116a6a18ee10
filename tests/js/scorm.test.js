// The forms SCORM 1.2 asks for (scorm.js): the score of a tally and a time span.
import assert from "node:assert/strict";
import { test } from "node:test";

import { scormScore, scormTimespan } from "../../src/wortsuche/web/static/scorm.js";

test("a time span is HHHH:MM:SS.SS, rounded to hundredths, from 0 to 9999 hours", () => {
  const spans = [0, 4, 5, 1_000, 59_994, 59_996, 3_723_450, 36_000_000_000, 10 ** 13, -5];
  assert.deepEqual(spans.map(scormTimespan), [
    "0000:00:00.00",
    "0000:00:00.00",
    "0000:00:00.01",
    "0000:00:01.00",
    "0000:00:59.99",
    "0000:01:00.00",
    "0001:02:03.45",
    "9999:59:59.99",
    "9999:59:59.99",
    "0000:00:00.00",
  ]);
});

test("each listed word found is a point, each hint costs half, as a share of 100, never below 0", () => {
  const tallies = [
    { found: 0, count: 4, hints: 0 },
    { found: 4, count: 4, hints: 0 },
    { found: 4, count: 4, hints: 1 },
    { found: 1, count: 3, hints: 0 },
    { found: 1, count: 4, hints: 5 },
    { found: 0, count: 0, hints: 0 },
  ];
  assert.deepEqual(tallies.map(scormScore), [0, 100, 88, 33, 0, 0]);
});
