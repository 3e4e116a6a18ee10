// What a selection marks (selection.js): the run of two taps, one-letter selections, what
// releasing the pointer does and what the checker is asked.
import assert from "node:assert/strict";
import { test } from "node:test";

import { onRelease, question, runTo, tapRun } from "../../src/wortsuche/web/static/selection.js";
import { Flat, Torus } from "../../src/wortsuche/web/static/topology.js";

const flat = new Flat(5, 5);
const torus = new Torus(3, 4);
const centre = ([r, c]) => [c + 0.5, r + 0.5];

test("two taps on one line mark the run between them, either way round", () => {
  assert.deepEqual(tapRun(flat, [0, 0], [2, 2], centre([2, 2])), [[0, 0], [1, 1], [2, 2]]);
  assert.deepEqual(tapRun(flat, [4, 3], [4, 1], centre([4, 1])), [[4, 3], [4, 2], [4, 1]]);
});

test("a second tap off every line from the first marks the run towards it", () => {
  assert.deepEqual(tapRun(flat, [0, 0], [1, 3], centre([1, 3])), [[0, 0], [0, 1], [0, 2], [0, 3]]);
});

test("two taps on one cell mark that cell alone: a word of one letter", () => {
  assert.deepEqual(tapRun(flat, [2, 3], [2, 3], centre([2, 3])), [[2, 3]]);
  assert.deepEqual(tapRun(torus, [1, 1], [1, 1], centre([1, 1])), [[1, 1]]);
  assert.deepEqual(runTo(flat, [0, 0], [0, 0]), [[0, 0]]);
});

test("on a torus the keyboard's run goes on the way it went, else the shortest", () => {
  assert.deepEqual(runTo(torus, [0, 3], [0, 0]), [[0, 3], [0, 0]]);
  const westwards = [[0, 3], [0, 2]];
  assert.deepEqual(runTo(torus, [0, 3], [0, 0], westwards), [[0, 3], [0, 2], [0, 1], [0, 0]]);
  assert.equal(runTo(new Flat(3, 3), [0, 0], [1, 2]), null);
});

test("a first tap waits for the second; a drag, a second tap and a second tap on the same cell are checked", () => {
  assert.equal(onRelease({ start: [1, 1], end: [1, 1] }), "wait");
  assert.equal(onRelease({ start: [1, 1], end: [1, 3] }), "check");
  assert.equal(onRelease({ start: [1, 1], end: [3, 3], second: true }), "check");
  assert.equal(onRelease({ start: [1, 1], end: [1, 1], second: true }), "check");
});

test("the checker is asked about the ends and cells, and on a torus which way a drag ran", () => {
  const drag = { start: [0, 3], end: [0, 0], cells: [[0, 3], [0, 0]], by: "pointer" };
  assert.deepEqual(question(drag, torus, true), {
    start: [0, 3],
    end: [0, 0],
    cells: [[0, 3], [0, 0]],
    step: [0, 1],
  });
  assert.deepEqual(question({ ...drag, second: true }, torus, true), { start: [0, 3], end: [0, 0], cells: [[0, 3], [0, 0]] });
  assert.deepEqual(question({ ...drag, by: "keyboard" }, torus, true).step, undefined);
  const one = { start: [2, 2], end: [2, 2], cells: [[2, 2]], by: "keyboard" };
  assert.deepEqual(question(one, flat, false), { start: [2, 2], end: [2, 2], cells: [[2, 2]] });
});
