// A game's progress (state.js): what is found and left, how it is read back, times and colours.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  addFind,
  alreadyFound,
  colourClasses,
  countListedFound,
  formatTime,
  foundNumbers,
  freshProgress,
  readProgress,
  secretWordsFound,
} from "../../src/wortsuche/web/static/state.js";

const find = (indices, words, cells = [[0, 0]]) => ({ found: true, indices, words, word: words[0], cells });

test("a fresh game has found nothing and reads back as it was kept", () => {
  const progress = freshProgress();
  assert.deepEqual(progress.found, []);
  assert.equal(progress.done, false);
  assert.deepEqual(readProgress(JSON.stringify(progress)), progress);
});

test("kept progress that is not a game is not read: the game starts afresh", () => {
  assert.equal(readProgress(null), null);
  assert.equal(readProgress("not json"), null);
  assert.equal(readProgress(JSON.stringify({ found: "all" })), null);
  assert.equal(readProgress(JSON.stringify({ found: [{ cells: [] }] })), null);
  const elsewhere = JSON.stringify({ ...freshProgress(), hints: 2 });
  assert.equal(readProgress(null, elsewhere).hints, 2); // the platform's copy on a new device
  assert.equal(readProgress(JSON.stringify(freshProgress()), elsewhere).hints, 0); // this device's first
});

test("finds count the listed words apart from the secret ones, and the last listed one completes", () => {
  const progress = { ...freshProgress(), hintsFor: { 1: 2 }, wrong: 3 };
  let result = addFind(progress, find([1], ["Igel"]), 4.5, 2);
  assert.equal(result.complete, false);
  assert.deepEqual(result.find, { indices: [1], cells: [[0, 0]], words: ["Igel"], at: 4.5, hints: 2, wrong: 3 });
  assert.equal(progress.wrong, 0);
  addFind(progress, find([2], ["Dachs"]), 6, 2); // a secret word: numbered after the listed
  assert.equal(countListedFound(progress, 2), 1);
  assert.deepEqual(secretWordsFound(progress, 2), ["Dachs"]);
  assert.ok(alreadyFound(progress, find([1], ["Igel"])));
  assert.ok(!alreadyFound(progress, find([0, 1], ["Reh", "Igel"])));
  result = addFind(progress, find([0], ["Reh"]), 9, 2);
  assert.equal(result.complete, true);
  assert.deepEqual([...foundNumbers(progress)].sort(), [0, 1, 2]);
  progress.done = true;
  assert.equal(addFind(progress, find([0], ["Reh"]), 10, 2).complete, false); // once only
});

test("times read as m:ss or h:mm:ss, colours go round 16 with the second eight dashed", () => {
  assert.equal(formatTime(0), "0:00");
  assert.equal(formatTime(65_999), "1:05");
  assert.equal(formatTime(3_723_000), "1:02:03");
  assert.deepEqual(colourClasses(3), ["colour-3"]);
  assert.deepEqual(colourClasses(9), ["colour-9", "dashed"]);
  assert.deepEqual(colourClasses(16), ["colour-0"]);
});
