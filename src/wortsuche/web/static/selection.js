// A selection on the board, without the page: which run of cells a drag, two taps or the
// keyboard mark, what releasing the pointer does, and what the checker is asked. The game
// (game.js) keeps one selection, {start, end, cells, by, second}, and asks these functions.
import { sameCell } from "./topology.js";

// The run joining two marked cells (two taps, or the keyboard's two ends): the one that goes on
// the way the selection went so far (`before`), else the shortest; one cell for the same cell
// twice (a word of one letter); null if no straight run joins them.
export function runTo(topology, start, end, before = null) {
  if (sameCell(start, end)) return topology.contains(start) ? [start] : null;
  const runs = topology.runsBetween(start, end);
  if (before && before.length > 1 && runs.length > 1) {
    const way = String(topology.stepBetween(before[0], before[1]));
    const onward = runs.find((run) => String(topology.stepBetween(run[0], run[1])) === way);
    if (onward) return onward;
  }
  return runs[0] ?? null;
}

// The run the second tap marks: from the first tap to the tapped cell if a straight run joins
// them, else towards the point tapped (snapped as a drag is).
export function tapRun(topology, start, tapped, point) {
  return runTo(topology, start, tapped) ?? topology.snap(start, point);
}

// What releasing the pointer does: a drag or a second tap is checked; a first tap without a drag
// waits for the second tap ("wait"). The second tap on the first tap's cell marks that one cell,
// a word of one letter, so it is checked too.
export function onRelease(selection) {
  if (selection.second || !sameCell(selection.start, selection.end)) return "check";
  return "wait";
}

// What the checker is asked about a selection: its ends and cells, and over the edge of a torus
// which way a drag ran (taps and the keyboard leave it open: every run joining the ends counts).
export function question(selection, topology, wrap) {
  const { start, end, cells } = selection;
  const asked = { start, end, cells };
  if (wrap && selection.by === "pointer" && !selection.second && cells && cells.length > 1) {
    asked.step = topology.stepBetween(cells[0], cells[1]);
  }
  return asked;
}
