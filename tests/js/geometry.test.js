// The letters of a board as text (geometry.js): the hidden message and a word in its shape.
import assert from "node:assert/strict";
import { test } from "node:test";

import { fillShape, hiddenMessage } from "../../src/wortsuche/web/static/geometry.js";

test("the hidden message is the uncovered letters in reading order, set into its shape", () => {
  const rows = ["HAX", "YLO", "ZZZ"];
  const lines = [[[0, 2], [1, 0]], [[2, 0], [2, 1], [2, 2]]];
  assert.equal(hiddenMessage(rows, lines, "Aaaa!", 4), "Halo!");
  assert.equal(hiddenMessage(rows, lines, "Aa", 4), "HALO"); // the shape does not fit: as they stand
});

test("a word is set into its shape in its case, or stands alone if the shape does not fit", () => {
  assert.equal(fillShape("Aaa aa", [..."fuchs"]), "Fuc hs");
  assert.equal(fillShape("AAA", [..."ab"]), "ab");
});
