// The word search game, one for the play page and the offline file: select a straight line of
// letters by dragging (mouse, pen, finger), by tapping its first and then its last letter, or with
// the keyboard; found words are marked and struck off, a clock runs, hints point at first letters,
// secret words and a hidden message wait at the end. Progress is kept in localStorage per puzzle.
//
// Whether a selection is a word is the one thing the two deliveries do differently, so the game
// asks a checker: the play page's asks the server (play.js), the offline file's compares salted
// hashes (offline.js). A checker has
//   check({start, end, cells, step}) -> Promise of {found, word, words, indices, cells}
//   hint(index)                      -> Promise of {first} (null if the word has no place)
//   answers()                        -> Promise of [{index, start, end, cells}], optional: only a
//                                       checker that knows the answers can show them
// Words are numbered as listed, secret words after them (from puzzle.words.length).
//
// Others can follow a game without touching it: it dispatches DOM events on `document`, each
// with {puzzle: id, ...} as its detail:
//   wortsuche:start    the clock starts (the first touch, click or key on the game)
//   wortsuche:found    {word, start, end, at, hints, wrong}: at = seconds of play, hints given for
//                      this word, wrong selections since the last find
//   wortsuche:wrong    {start, end}: a selection that is no word
//   wortsuche:hint     {word}
//   wortsuche:complete {seconds, hints}: every listed word found
//   wortsuche:ready    the board is drawn, saved progress included
// and each detail has the game's `tally`, {found, count, hints, done}: listed words found of
// `count`, hints taken, every listed word found (what the SCORM package reports, scorm.js).
//
// The pure parts live in their own modules: where cells are (topology.js), what a selection
// marks (selection.js), the progress (state.js), the letters as text (geometry.js).
import { hiddenMessage } from "./geometry.js";
import { onRelease, question, runTo, tapRun } from "./selection.js";
import {
  addFind,
  alreadyFound,
  colourClasses,
  countListedFound,
  foundNumbers,
  formatTime,
  freshProgress,
  readProgress,
  secretWordsFound,
} from "./state.js";
import { say } from "./texts.js";
import { Hex, topologyOf } from "./topology.js";

// Play `puzzle` ({rows, cols, grid, words, wrap, message, secret_count}) on the page's board,
// checking selections with `checker`; `id` names the puzzle's progress in localStorage, and
// `kept` is progress kept elsewhere (the SCORM package's learning platform) for a device that
// holds none.
export function startGame({ puzzle, checker, id, kept = null }) {
  const topology = topologyOf(puzzle);
  const hex = topology instanceof Hex;
  // The board in drawing units, one a cell wide: a square grid is cols × rows of them; a
  // hexagonal one the box round its hexagons, whose width is one unit (topology.js's hexagons
  // are √3 wide, so their points are divided by √3 and moved to the box's corner).
  const frame = hex ? hexFrame(topology) : { left: 0, top: 0, width: puzzle.cols, height: puzzle.rows, scale: 1 };
  const SVG = "http://www.w3.org/2000/svg";
  const storageKey = `wortsuche:progress:${id}`;
  const bestKey = `wortsuche:best:${id}`;
  const $ = (name) => document.getElementById(name);
  const board = $("board");
  const marks = $("marks");
  const wordList = $("words");
  const revealButton = $("reveal"); // only where the checker can show the answers

  let answers = null; // from checker.answers(), fetched only when asked for
  let saved = null; // the progress as last read or written: an unchanged game writes nothing
  let progress = loadProgress();
  let selection = null; // {start, end, cells?, by: "pointer" | "keyboard" | ..., pointerId}
  let cursor = [0, 0];
  let checking = false;
  let runningSince = null; // performance.now() while the timer runs
  let engaged = false; // the player has touched the game since the page opened: the clock may run
  let paused = false;
  const layers = {};

  // The events others listen to (see the top of this file).
  function emit(name, detail = {}) {
    const tally = { found: listedFound(), count: puzzle.words.length, hints: progress.hints ?? 0, done: progress.done };
    document.dispatchEvent(new CustomEvent(`wortsuche:${name}`, { detail: { puzzle: id, tally, ...detail } }));
  }

  // ---- progress ------------------------------------------------------------------------------

  function loadProgress() {
    try {
      saved = localStorage.getItem(storageKey);
    } catch {
      saved = null; // blocked storage: start afresh
    }
    const stored = readProgress(saved, kept);
    if (stored) {
      if (saved === null) saveProgressOf(stored); // kept elsewhere: from now on on this device too
      return stored;
    }
    const fresh = freshProgress();
    saved = JSON.stringify(fresh);
    return fresh;
  }

  function saveProgress() {
    // The running time is added to a copy: folding it into progress.elapsed while the timer
    // runs would count it again at every save.
    saveProgressOf({ ...progress, elapsed: elapsed() });
  }

  function saveProgressOf(state) {
    // A page that changed nothing writes nothing, so one opened before another tab's last save
    // cannot put the older state back when it closes.
    const text = JSON.stringify(state);
    if (text === saved) return;
    try {
      localStorage.setItem(storageKey, text);
      saved = text;
    } catch {
      // private mode or full storage: the game still works, it just is not remembered
    }
  }

  function foundIndices() {
    return foundNumbers(progress);
  }

  // The listed words found (secret words are numbered after them, from puzzle.words.length).
  function listedFound() {
    return countListedFound(progress, puzzle.words.length);
  }

  // The secret words found so far, as the checker spelt them.
  function secretsFound() {
    return secretWordsFound(progress, puzzle.words.length);
  }

  function finished() {
    return progress.done || progress.revealed;
  }

  // After the listed words, secret words may still be looked for (until the answers are shown).
  function selectable() {
    return !finished() || (!progress.revealed && secretsFound().length < (puzzle.secret_count || 0));
  }

  // ---- timer ---------------------------------------------------------------------------------

  function elapsed() {
    return progress.elapsed + (runningSince === null ? 0 : performance.now() - runningSince);
  }

  // The clock runs only while someone plays: after the first touch, not paused, page in view.
  function startTimer() {
    if (runningSince === null && engaged && !paused && !finished() && !document.hidden) {
      runningSince = performance.now();
    }
  }

  // The first touch, click or key on the game starts the clock (a reload waits for one again).
  function engage() {
    if (engaged || finished()) return;
    engaged = true;
    if (!progress.started) {
      progress.started = true;
      emit("start");
    }
    startTimer();
    saveProgress();
  }

  function seconds() {
    return Math.round(elapsed() / 100) / 10;
  }

  function stopTimer() {
    progress.elapsed = elapsed();
    runningSince = null;
  }

  function showTime() {
    $("timer").textContent = formatTime(elapsed());
  }

  // ---- drawing -------------------------------------------------------------------------------

  function svg(name, attributes) {
    const element = document.createElementNS(SVG, name);
    for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
    return element;
  }

  // A capsule from the centre of one cell to the centre of another: an outline and a fill line.
  // A word over the edge (its cells given) gets one capsule for each part, each reaching out
  // towards the edge where the word carries on.
  function capsule(layer, start, end, className, colour, cells = null) {
    const group = svg("g", { class: className });
    if (colour !== undefined) group.classList.add(...colourClasses(colour));
    const parts = cells
      ? topology.pieces(cells).map(({ from, to }) => ({ from: [from[1], from[0]], to: [to[1], to[0]] }))
      : [{ from: place(start), to: place(end) }];
    for (const { from, to } of parts) {
      const ends = { x1: from[0], y1: from[1], x2: to[0], y2: to[1] };
      group.append(svg("line", { ...ends, class: "outline" }), svg("line", { ...ends, class: "fill" }));
    }
    layer.append(group);
    return group;
  }

  // The centre of a cell in drawing units, [x, y].
  function place(cell) {
    if (!hex) return [cell[1] + 0.5, cell[0] + 0.5];
    const [x, y] = topology.centre(cell);
    return [x * frame.scale - frame.left, y * frame.scale - frame.top];
  }

  // The six corners of a hexagon round `centre` (pointy-top, one unit wide, or `size` of
  // that), clockwise from the top.
  function hexagonCorners([x, y], size = 1) {
    const radius = size / Math.sqrt(3);
    return [-90, -30, 30, 90, 150, 210].map((angle) => {
      const a = (angle * Math.PI) / 180;
      return [x + radius * Math.cos(a), y + radius * Math.sin(a)];
    });
  }

  // The corners of a hexagon as SVG points.
  function hexagonPoints(centre, size = 1) {
    return hexagonCorners(centre, size)
      .map(([x, y]) => `${x.toFixed(4)},${y.toFixed(4)}`)
      .join(" ");
  }

  // The focus rings of a board of hexagons, which follow its hexagons as the square board's
  // follow its squares (style.css shows them): round the board, the sides of its hexagons with
  // no cell beyond (under the tiles, so only the outer half of the line shows), and round the
  // keyboard's cell, its hexagon.
  function hexagonRings() {
    const sides = topology.rim().map(([cell, side]) => {
      const corners = hexagonCorners(place(cell));
      const [a, b] = [corners[side], corners[(side + 1) % 6]];
      return `M${a[0].toFixed(4)} ${a[1].toFixed(4)}L${b[0].toFixed(4)} ${b[1].toFixed(4)}`;
    });
    layers.ring.append(svg("path", { class: "board-ring", d: sides.join("") }));
    layers.cursor.append(svg("polygon", { class: "cursor-ring", points: "" }));
  }

  function cellElement(cell) {
    return board.children[cell[0]].children[cell[1]];
  }

  function buildBoard() {
    const { grid } = puzzle;
    document.documentElement.style.setProperty("--rows", frame.height);
    document.documentElement.style.setProperty("--cols", frame.width);
    marks.setAttribute("viewBox", `0 0 ${frame.width} ${frame.height}`);
    for (const name of ["ring", "tiles", "answers", "print", "found", "hint", "selection", "cursor"]) {
      layers[name] = svg("g", { class: `layer layer-${name}` });
      marks.append(layers[name]);
    }
    $("board-wrap").classList.toggle("hex", hex);
    $("board-wrap").classList.toggle("shaped", !hex && grid.some((letters) => letters.includes(" ")));
    grid.forEach((letters, r) => {
      const row = document.createElement("div");
      row.className = "row";
      row.setAttribute("role", "row");
      Array.from(letters).forEach((letter, c) => {
        const cell = document.createElement("div");
        // a blank is a hole of a shaped grid: no cell, nothing to select
        cell.className = letter === " " ? "cell hole" : "cell";
        cell.id = `cell-${r}-${c}`;
        cell.setAttribute("role", "gridcell");
        cell.textContent = letter;
        if (hex) placeHexagon(cell, [r, c], letter === " ");
        row.append(cell);
      });
      board.append(row);
    });
    puzzle.words.forEach((entry, index) => wordList.append(listItem(entry, index)));
    // on hexagons the cursor starts on the board's first cell (the array's corner is a hole)
    if (hex) {
      hexagonRings();
      cursor = firstCell(topology);
    }
    moveCursor(cursor);
  }

  // A hexagonal board's cell: set where its hexagon is, the hexagon drawn under the marks.
  function placeHexagon(cell, at, hole) {
    const [x, y] = place(at);
    const height = 2 / Math.sqrt(3);
    Object.assign(cell.style, {
      left: `${((x - 0.5) / frame.width) * 100}%`,
      top: `${((y - height / 2) / frame.height) * 100}%`,
      width: `${(1 / frame.width) * 100}%`,
      height: `${(height / frame.height) * 100}%`,
    });
    if (!hole) layers.tiles.append(svg("polygon", { class: "tile", points: hexagonPoints([x, y]) }));
  }

  // One word of the list: its colour swatch, the entry as written, and its state for screen
  // readers ("found", "shown"), which drawFound() fills in.
  function listItem(entry, index) {
    const item = document.createElement("li");
    item.dataset.index = index;
    const swatch = document.createElement("span");
    swatch.classList.add("swatch", ...colourClasses(index));
    swatch.setAttribute("aria-hidden", "true");
    const text = document.createElement("span");
    text.className = "entry";
    text.textContent = entry;
    const state = document.createElement("span");
    state.className = "visually-hidden state";
    item.append(swatch, text, state);
    return item;
  }

  function drawFound() {
    layers.found.replaceChildren();
    for (const cell of board.querySelectorAll(".in-word")) {
      cell.classList.remove("in-word");
      cell.removeAttribute("aria-describedby");
    }
    const found = foundIndices();
    for (const find of progress.found) {
      const cells = find.cells.filter((cell) => topology.contains(cell));
      if (!cells.length) continue;
      const wrapped = puzzle.wrap ? cells : null;
      capsule(layers.found, cells[0], cells[cells.length - 1], "mark found", find.indices[0], wrapped);
      for (const cell of cells) {
        // a screen reader says "found" after the letter
        cellElement(cell).classList.add("in-word");
        cellElement(cell).setAttribute("aria-describedby", "cell-found");
      }
    }
    for (const item of wordList.children) {
      const index = Number(item.dataset.index);
      const isFound = found.has(index);
      const isShown = !isFound && progress.revealed;
      item.classList.toggle("found", isFound);
      item.classList.toggle("revealed", isShown);
      item.querySelector(".state").textContent = isFound
        ? ` (${say("state-found")})`
        : isShown ? ` (${say("state-shown")})` : "";
    }
    $("found-count").textContent = listedFound();
    drawHint();
    wordList.scrollLeft = 0; // a phone's strip: the words still to find come first
    showSecrets();
    if (progress.revealed && answers) drawAnswers(layers.answers, found);
    showDone();
  }

  function drawAnswers(layer, skip = new Set()) {
    layer.replaceChildren();
    for (const answer of answers) {
      if (skip.has(answer.index)) continue;
      const wrapped = puzzle.wrap ? answer.cells : null;
      capsule(layer, answer.start, answer.end, "mark answer", answer.index, wrapped);
    }
  }

  function drawSelection(look = "") {
    layers.selection.replaceChildren();
    if (!selection) return;
    const { start, end, cells } = selection;
    capsule(layers.selection, start, end, `mark selecting ${look}`.trim(), undefined, puzzle.wrap ? cells : null);
  }

  function moveCursor(cell) {
    const previous = board.querySelector(".cursor");
    if (previous) previous.classList.remove("cursor");
    cursor = cell;
    const element = cellElement(cell);
    element.classList.add("cursor");
    board.setAttribute("aria-activedescendant", element.id);
    // a hexagon's ring, drawn a little inside it so that its neighbours' edges stay clear
    if (hex) layers.cursor.firstChild.setAttribute("points", hexagonPoints(place(cell), 0.86));
  }

  // The best time for this puzzle on this device, kept beside the progress.
  function bestTime() {
    const best = Number(localStorage.getItem(bestKey));
    return Number.isFinite(best) && best > 0 ? best : null;
  }

  function rememberBestTime(ms) {
    const best = bestTime();
    progress.newBest = best === null || ms < best;
    try {
      if (progress.newBest) localStorage.setItem(bestKey, String(ms));
    } catch {
      // storage blocked: nothing to remember
    }
  }

  // The hidden message, read from the cells no found word covers, once every word is found.
  function revealedMessage() {
    // secret words' cells are not the message's: it shows once they are found too
    if (!puzzle.message || secretsFound().length < (puzzle.secret_count || 0)) return "";
    const lines = progress.found.map((f) => f.cells);
    const text = hiddenMessage(puzzle.grid, lines, puzzle.message.shape, puzzle.message.length);
    return say("message-revealed", { message: text });
  }

  function showSecrets() {
    const line = $("secret");
    if (!puzzle.secret_count) return;
    const found = secretsFound();
    const count = say("secret-found-count", { found: found.length, count: puzzle.secret_count });
    line.textContent = found.length ? `${count}: ${found.join(", ")}` : count;
    line.hidden = false;
  }

  // The end: a panel with the time, the hints used and the best time (the page may add the
  // next steps to #done-actions); shown answers end the game too, but with a plain note.
  function showDone() {
    const done = $("done");
    done.classList.toggle("revealed", !progress.done && progress.revealed);
    if (progress.done) {
      const best = bestTime();
      const record = progress.newBest
        ? say("new-best")
        : best !== null ? say("best-time", { time: formatTime(best) }) : "";
      const hints = say(progress.hints ? "hints-used" : "no-hints", { count: progress.hints ?? 0 });
      $("done-title").textContent = say("done-title");
      $("done-text").textContent = `${say("well-done", { count: puzzle.words.length, time: formatTime(progress.elapsed) })} ${hints} ${record} ${revealedMessage()}`
        .replace(/\s+/g, " ")
        .trim();
      done.hidden = false;
    } else if (progress.revealed) {
      $("done-title").textContent = say("answers-title");
      $("done-text").textContent = say("answers-shown", { found: listedFound(), count: puzzle.words.length });
      done.hidden = false;
    } else {
      done.hidden = true;
    }
    document.body.classList.toggle("finished", finished());
    if (revealButton) revealButton.disabled = finished();
    $("hint").disabled = finished() || hintExhausted();
    $("pause").disabled = finished();
  }

  function announce(text) {
    $("announce").textContent = text;
  }

  function showError(text) {
    $("play-error").textContent = text;
  }

  // ---- selecting and checking ----------------------------------------------------------------

  // Where the pointer is in the topology's units (cells of a square grid, topology.js's
  // hexagons of a hexagonal one).
  function pointInCells(event) {
    const box = board.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * frame.width;
    const y = ((event.clientY - box.top) / box.height) * frame.height;
    return [(x + frame.left) / frame.scale, (y + frame.top) / frame.scale];
  }

  function cancelSelection() {
    selection = null;
    drawSelection();
  }

  // A selection of one cell is checked too: a word may have one letter.
  async function submitSelection() {
    const asked = question(selection, topology, puzzle.wrap);
    selection.by = "checking";
    checking = true;
    try {
      const result = await checker.check(asked);
      if (!result.found) return rejectSelection();
      if (alreadyFound(progress, result)) {
        announce(say("already-found", { word: result.word }));
      } else {
        acceptFind(result);
      }
      cancelSelection();
    } catch (error) {
      showError(error.message);
      cancelSelection();
    } finally {
      checking = false;
    }
  }

  function acceptFind(result) {
    const { find, complete } = addFind(progress, result, seconds(), puzzle.words.length);
    const hints = find.hints;
    const secret = result.indices[0] >= puzzle.words.length;
    announce(secret ? say("secret-found", { word: result.word }) : say("found", { words: result.words.join(say("and")) }));
    if (complete) {
      stopTimer();
      progress.done = true;
      rememberBestTime(progress.elapsed);
    }
    saveProgress();
    drawFound();
    showTime();
    // After the list is drawn, so that listeners (the clue list) see the word struck off.
    const cells = result.cells;
    const where = { start: cells[0], end: cells[cells.length - 1], words: result.words, indices: result.indices };
    emit("found", { word: result.word, ...where, at: find.at, hints, wrong: find.wrong });
    if (complete) {
      emit("complete", { seconds: Math.round(progress.elapsed / 100) / 10, hints: progress.hints ?? 0 });
      $("done").scrollIntoView({ block: "nearest", behavior: "smooth" });
      $("done-title").focus({ preventScroll: true });
    }
  }

  function rejectSelection() {
    drawSelection("wrong");
    announce(say("not-a-word"));
    progress.wrong = (progress.wrong ?? 0) + 1;
    emit("wrong", { start: selection.start, end: selection.end });
    const rejected = selection;
    rejected.by = "rejected"; // flashing: neither Enter nor the pointer can submit it again
    setTimeout(() => {
      if (selection === rejected) cancelSelection();
    }, 650);
  }

  // The pointers on the board now: a second finger down makes a gesture (two fingers move the
  // zoomed board), never a selection.
  const pointersDown = new Set();

  // A gesture or a cancelled pointer takes back what the pointer began: a first tap made before
  // it still waits for its second tap, so the board may be moved between the two taps.
  function takeBack() {
    if (selection && selection.by === "pointer" && selection.waiting) {
      selection = selection.waiting;
      drawSelection("tapped");
    } else if (selection && selection.by === "pointer") {
      cancelSelection();
    }
  }

  board.addEventListener("pointerdown", (event) => {
    pointersDown.add(event.pointerId);
    if (pointersDown.size > 1) return takeBack();
    if (checking || paused || !selectable() || event.button !== 0) return;
    engage();
    const point = pointInCells(event);
    const cell = topology.cellAt(point);
    if (!cell) return;
    event.preventDefault(); // no text selection, no scrolling
    board.setPointerCapture(event.pointerId);
    if (selection && selection.by === "tapped") {
      // the second tap of "tap the first letter, then the last": the run to the tapped cell
      // (the same cell: that letter alone), which the checker tries every way on a torus
      const cells = tapRun(topology, selection.start, cell, point);
      const end = cells[cells.length - 1];
      const waiting = selection;
      selection = { start: waiting.start, end, cells, by: "pointer", pointerId: event.pointerId, second: true, waiting };
    } else {
      selection = { start: cell, end: cell, cells: [cell], by: "pointer", pointerId: event.pointerId };
    }
    moveCursor(selection.end);
    drawSelection();
  });

  board.addEventListener("pointermove", (event) => {
    if (!selection || selection.by !== "pointer" || selection.pointerId !== event.pointerId) return;
    // a drag past the edge of a torus carries on from the opposite side
    const cells = topology.snap(selection.start, pointInCells(event));
    if (cells.length !== selection.cells.length || String(cells[cells.length - 1]) !== String(selection.end) || String(cells[1]) !== String(selection.cells[1])) {
      selection.cells = cells;
      selection.end = cells[cells.length - 1];
      drawSelection();
    }
  });

  board.addEventListener("pointerup", (event) => {
    pointersDown.delete(event.pointerId);
    if (!selection || selection.by !== "pointer" || selection.pointerId !== event.pointerId) return;
    moveCursor(selection.end);
    if (onRelease(selection) === "wait") {
      selection.by = "tapped"; // a tap without a drag: the next tap ends the selection
      drawSelection("tapped");
      return;
    }
    submitSelection();
  });

  board.addEventListener("pointercancel", (event) => {
    pointersDown.delete(event.pointerId);
    if (selection && selection.pointerId === event.pointerId) takeBack();
  });

  const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  // On hexagons: ← and → along the row, ↑ up to the left (N) and ↓ down to the right (S), with
  // Shift ↑ up to the right (NE) and ↓ down to the left (SW): the six directions.
  const SHIFTED = { ArrowUp: [-1, 1], ArrowDown: [1, -1] };

  function arrowStep(event) {
    if (hex && event.shiftKey && SHIFTED[event.key]) return SHIFTED[event.key];
    return ARROWS[event.key];
  }

  // An arrow moves the cursor; a keyboard selection follows it.
  function stepCursor([dr, dc]) {
    // the cursor may rest on a hole (a shaped grid), never beyond the edge (a torus wraps round);
    // on hexagons it jumps over holes to the next cell of the board that way
    let next = topology.wrap([cursor[0] + dr, cursor[1] + dc]);
    const inside = ([r, c]) => r >= 0 && r < puzzle.rows && c >= 0 && c < puzzle.cols;
    while (hex && inside(next) && !topology.contains(next)) next = [next[0] + dr, next[1] + dc];
    if (!inside(next)) return;
    moveCursor(next);
    if (selection && selection.by === "keyboard") {
      if (puzzle.wrap) {
        selection.cells = runTo(topology, selection.start, next, selection.cells) || [selection.start];
      } else {
        selection.cells = topology.snap(selection.start, topology.centre(next));
      }
      selection.end = selection.cells[selection.cells.length - 1];
      drawSelection();
    }
  }

  // Enter or Space starts a selection at the cursor, and the second press checks it.
  function pressAtCursor() {
    if (checking || !selectable()) return;
    if (!selection) {
      selection = { start: cursor, end: cursor, cells: [cursor], by: "keyboard" };
      drawSelection();
      announce(say("selection-starts", { row: cursor[0] + 1, col: cursor[1] + 1 }));
    } else if (selection.by === "keyboard") {
      submitSelection();
    }
  }

  board.addEventListener("keydown", (event) => {
    if (paused) return;
    const step = arrowStep(event);
    if (step || event.key === "Enter" || event.key === " ") engage();
    if (step) {
      event.preventDefault();
      stepCursor(step);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      pressAtCursor();
    } else if (event.key === "Escape" && selection && selection.by !== "checking") {
      cancelSelection();
    }
  });

  // ---- answers and hints ---------------------------------------------------------------------

  async function loadAnswers() {
    if (!answers) answers = await checker.answers();
    drawAnswers(layers.print);
    return answers;
  }

  if (revealButton) {
    revealButton.addEventListener("click", async () => {
      if (finished()) return;
      if (!window.confirm(say("confirm-reveal"))) return;
      try {
        await loadAnswers();
        stopTimer();
        progress.revealed = true;
        cancelSelection();
        saveProgress();
        drawFound();
      } catch (error) {
        showError(error.message);
      }
    });
  }

  // A hint names a word not found yet and marks its first letter until it is found; asked
  // again, it shows which way the word runs. Every press is counted.
  function currentHint() {
    const hint = progress.hint;
    return hint && !foundIndices().has(hint.index) ? hint : null;
  }

  function hintExhausted() {
    const hint = currentHint();
    return Boolean(hint && hint.second);
  }

  function drawHint() {
    layers.hint.replaceChildren();
    for (const cell of board.querySelectorAll(".cell.hint")) cell.classList.remove("hint");
    for (const item of wordList.querySelectorAll(".hinted")) item.classList.remove("hinted");
    const hint = currentHint();
    const line = $("hint-text");
    line.hidden = !hint || finished();
    if (line.hidden) return;
    cellElement(hint.first).classList.add("hint");
    const item = wordList.querySelector(`li[data-index="${hint.index}"]`);
    if (item) item.classList.add("hinted");
    const word = puzzle.words[hint.index];
    if (hint.second) {
      capsule(layers.hint, hint.first, hint.second, "mark hint-way", undefined, puzzle.wrap ? [hint.first, hint.second] : null);
      line.textContent = say("hint-way", { word });
    } else {
      line.textContent = say("hint-first", { word });
    }
  }

  async function giveHint() {
    if (finished() || paused) return;
    engage();
    const hint = currentHint();
    try {
      if (hint) {
        if (hint.second) return;
        const answer = await checker.hint(hint.index);
        if (!answer || !answer.second) return;
        hint.second = answer.second;
      } else {
        const found = foundIndices();
        const open = puzzle.words.map((_, index) => index).filter((index) => !found.has(index));
        if (open.length === 0) return;
        const index = open[Math.floor(Math.random() * open.length)];
        const answer = await checker.hint(index);
        if (!answer) return;
        progress.hint = { index, first: answer.first };
      }
    } catch (error) {
      showError(error.message);
      return;
    }
    const index = progress.hint.index;
    progress.hints = (progress.hints ?? 0) + 1;
    progress.hintsFor = { ...(progress.hintsFor ?? {}), [index]: (progress.hintsFor?.[index] ?? 0) + 1 };
    saveProgress();
    drawHint();
    showDone();
    announce($("hint-text").textContent);
    emit("hint", { word: puzzle.words[index] });
  }

  $("hint").addEventListener("click", giveHint);

  // ---- pause, clock, zoom --------------------------------------------------------------------

  // A pause stops the clock and covers the grid, so nobody finds words while it stands still.
  function setPaused(value) {
    if (value && finished()) return;
    paused = value;
    if (paused) {
      stopTimer();
      cancelSelection();
      saveProgress();
    } else {
      startTimer();
    }
    showTime();
    document.body.classList.toggle("paused", paused);
    $("pause-cover").hidden = !paused;
    $("pause").setAttribute("aria-pressed", String(paused));
    (paused ? $("resume") : board).focus();
  }

  $("pause").addEventListener("click", () => setPaused(!paused));
  $("resume").addEventListener("click", () => setPaused(false));

  // The clock can be hidden (a child who feels rushed by it); the choice is kept on the device.
  const CLOCK_KEY = "wortsuche:clock-hidden";
  function showClock(hidden) {
    document.body.classList.toggle("clock-hidden", hidden);
    $("clock-toggle").textContent = say(hidden ? "show-clock" : "hide-clock");
    try {
      localStorage.setItem(CLOCK_KEY, hidden ? "1" : "");
    } catch {
      // storage blocked: the choice holds for this page only
    }
  }
  $("clock-toggle").addEventListener("click", () => {
    showClock(!document.body.classList.contains("clock-hidden"));
  });

  // Zoom: cells at least half as large again and at least 44 px, the grid panned in its area.
  $("zoom").addEventListener("click", () => {
    const wrap = $("board-wrap");
    const zoomed = !document.body.classList.contains("zoomed");
    if (zoomed) {
      const cell = board.getBoundingClientRect().width / frame.width;
      wrap.style.setProperty("--zoom-cell", `${Math.max(cell * 1.5, 44)}px`);
    }
    document.body.classList.toggle("zoomed", zoomed);
    $("zoom").setAttribute("aria-pressed", String(zoomed));
  });

  document.addEventListener("visibilitychange", () => {
    if (document.hidden) {
      stopTimer();
      saveProgress();
    } else {
      startTimer();
    }
  });
  window.addEventListener("pagehide", saveProgress);

  // ---- start ---------------------------------------------------------------------------------

  async function begin() {
    document.body.dataset.progressKey = storageKey; // where the clue list finds the saved finds
    buildBoard();
    if (progress.revealed && checker.answers) {
      try {
        await loadAnswers();
      } catch (error) {
        showError(error.message);
      }
    }
    drawFound();
    let clockHidden = false;
    try {
      clockHidden = localStorage.getItem(CLOCK_KEY) === "1";
    } catch {
      // storage blocked: the clock shows
    }
    showClock(clockHidden);
    showTime();
    board.dataset.ready = "true"; // the page is ready for play (used by the tests)
    emit("ready");
    setInterval(() => {
      showTime();
      if (runningSince !== null) saveProgress();
    }, 1000);
  }

  begin();
  return { loadAnswers };
}

// The first cell of a board in reading order.
function firstCell(topology) {
  for (let r = 0; r < topology.rows; r += 1) {
    for (let c = 0; c < topology.cols; c += 1) if (topology.contains([r, c])) return [r, c];
  }
  return [0, 0];
}

// The box round a hexagonal board's hexagons in drawing units (a hexagon one unit wide): its
// corner (left, top) in topology.js's units times `scale`, and its size.
function hexFrame(topology) {
  const scale = 1 / Math.sqrt(3);
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let r = 0; r < topology.rows; r += 1) {
    for (let c = 0; c < topology.cols; c += 1) {
      if (!topology.contains([r, c])) continue;
      const [x, y] = topology.centre([r, c]);
      [minX, minY, maxX, maxY] = [Math.min(minX, x), Math.min(minY, y), Math.max(maxX, x), Math.max(maxY, y)];
    }
  }
  const half = [0.5, 1 / Math.sqrt(3)]; // half a hexagon's width and height, in drawing units
  const left = minX * scale - half[0];
  const top = minY * scale - half[1];
  const round = (value) => Math.round(value * 1e6) / 1e6;
  return {
    left,
    top,
    width: round(maxX * scale + half[0] - left),
    height: round(maxY * scale + half[1] - top),
    scale,
  };
}
