"""The puzzle as one self-contained HTML file that plays offline: drag across a word to find it.

The file holds the grid and the word list but not where the words are: for each word it stores a
salted SHA-256 hash of the word's cell sequence. The page hashes whatever the player selects
(``crypto.subtle``, available to ``file://`` pages) and strikes a word off when the hashes match.

>>> from wortsuche import generate
>>> puzzle = generate(["TORF", "VOR", "RAD", "EVA"], rows=5, cols=5, level="hard", seed=1)
>>> "<html" in render(puzzle) and '"start"' not in render(puzzle)
True
>>> '<html lang="de">' in render(puzzle, RenderOptions(language="de"))
True
"""

from __future__ import annotations

import hashlib
import json
from html import escape
from importlib.resources import files
from typing import Any

from wortsuche.i18n import Translator
from wortsuche.message import message_shape
from wortsuche.model import Cell, Puzzle
from wortsuche.render.layout import display_letter, sorted_words
from wortsuche.render.options import RenderOptions
from wortsuche.render.template import fill
from wortsuche.render.texts import default_title, instruction
from wortsuche.verifier import verify_puzzle


def cell_sequence(cells: tuple[Cell, ...] | list[Cell]) -> str:
    """The canonical text of a line of cells, the same whichever end it is read from."""
    ordered = list(cells)
    if ordered[0] > ordered[-1]:
        ordered.reverse()
    return ";".join(f"{r},{c}" for r, c in ordered)


def puzzle_salt(puzzle: Puzzle) -> str:
    """A salt derived from the puzzle itself, so the same puzzle always gives the same file."""
    material = f"{puzzle.seed}\n" + "\n".join(puzzle.grid.rows)
    return hashlib.sha256(material.encode("utf-8")).hexdigest()[:16]


def answer_hash(salt: str, sequence: str) -> str:
    """The SHA-256 hex digest the page compares a selection against."""
    return hashlib.sha256(f"{salt}:{sequence}".encode()).hexdigest()


def game_data(puzzle: Puzzle, *, lowercase: bool = False) -> dict[str, Any]:
    """What the page needs to play: letters, entries and hashed answers (no positions)."""
    salt = puzzle_salt(puzzle)
    report = verify_puzzle(puzzle)
    words: list[dict[str, Any]] = []
    secret = set(puzzle.secret_words)
    for word in [*sorted_words(puzzle), *puzzle.secret_words]:
        placement = puzzle.placements.get(word.letters)
        if placement is None:
            # A word that is not in the grid gets a hash no selection can produce.
            hashes = [answer_hash(salt, f"absent:{word.letters}")]
        else:
            # Its place, and for a word inside longer words each of those places too.
            hashes = [answer_hash(salt, cell_sequence(placement.cells))]
            hashes += [
                answer_hash(salt, cell_sequence(o.cells))
                for o, _ in report[word.letters].inside_longer
            ]
        entry = word.entry.lower() if lowercase else word.entry
        # Where the word begins, for a hint. The page holds the grid and the words anyway, so
        # this is no secret it gives away; the whole line stays hashed.
        first = list(placement.start) if placement is not None else None
        shown = "".join(display_letter(ch, lowercase) for ch in word.letters)
        if word in secret:
            # On no list until found, no hint points at it, and the page does not spell it: only
            # its shape, and a hash of its letters to tell which way the found line reads.
            words.append(
                {
                    "shape": message_shape(entry),
                    "letters": answer_hash(salt, f"letters:{shown}"),
                    "hashes": hashes,
                    "first": None,
                    "secret": True,
                }
            )
        else:
            words.append({"entry": entry, "hashes": hashes, "first": first})
    return {
        "rows": ["".join(display_letter(ch, lowercase) for ch in row) for row in puzzle.grid.rows],
        "salt": salt,
        "words": words,
        # lines continue on the other side: a drag may run over the edge
        "wrap": puzzle.options.wrap,
        # the message's shape only: its letters show once every word is found
        "message": None
        if puzzle.message is None
        else {"shape": message_shape(puzzle.message.text), "length": len(puzzle.message.letters)},
    }


def page_texts(texts: Translator) -> dict[str, str]:
    """What the page's script says, in the sheet's language (fields filled in by the script)."""
    return {
        "foundOne": texts.template("game.found", 1),
        "foundMany": texts.template("game.found", 2),
        "allFound": texts.t("game.all-found"),
        "notAWord": texts.t("js.not-a-word"),
        "time": texts.t("web.time"),
        "hint": texts.t("web.hint"),
        "hintGiven": texts.template("js.hint-given"),
        "hintsUsed": texts.template("js.hints-used"),
        "messageRevealed": texts.template("js.message-revealed"),
        "secretFound": texts.template("js.secret-found"),
        "secretCount": texts.template("js.secret-found-count"),
    }


def script_json(value: Any) -> str:
    """JSON to place inside a script element."""
    # "<" inside a script element could end it early ("</script>", "<!--"); JSON allows \u003c.
    return json.dumps(value, ensure_ascii=False).replace("<", "\\u003c")


def render(puzzle: Puzzle, options: RenderOptions | None = None) -> str:
    """A playable HTML page for the puzzle (it has no answer key: the page is the game)."""
    options = options or RenderOptions()
    texts = options.texts(puzzle)
    heading = options.title or puzzle.title or default_title(texts)
    data = script_json(game_data(puzzle, lowercase=options.lowercase))
    lines = " ".join(instruction(puzzle, texts, word_list=options.word_list))
    return fill(
        PAGE,
        title=escape(heading),
        lang=texts.language,
        grid_label=escape(texts.t("game.grid-label")),
        instruction=escape(lines),
        texts=script_json(page_texts(texts)),
        data=data,
        geometry=geometry_script(),
        cell="3.4rem" if options.large_print else "2.4rem",
        list_display="block" if options.word_list else "none",
        clock_label=escape(texts.t("web.time")),
        hint_label=escape(texts.t("web.hint")),
    )


def geometry_script() -> str:
    """The web game's drag geometry (one JavaScript module for both), as plain functions."""
    source = files("wortsuche.web").joinpath("static", "geometry.js").read_text(encoding="utf-8")
    return source.replace("export function", "function")


PAGE = """<!DOCTYPE html>
<html lang="{{lang}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{title}}</title>
<style>
  :root { --cell: min({{cell}}, calc((100vw - 2rem - 8px) / (var(--cols, 10) + 0.5))); --ink: #1a1a1a; }
  body { font-family: "DejaVu Sans", Verdana, "Helvetica Neue", Arial, sans-serif; color: var(--ink);
         margin: 1rem; display: flex; flex-direction: column; align-items: center; }
  h1 { margin: 0.2em 0; }
  p.instruction { margin: 0 0 1rem; text-align: center; }
  .grid { display: grid; grid-template-columns: repeat(var(--cols), var(--cell));
          border: 2px solid var(--ink); border-radius: calc(var(--cell) / 3);
          padding: calc(var(--cell) / 4); user-select: none; -webkit-user-select: none;
          touch-action: none; cursor: pointer; }
  .cell { width: var(--cell); height: var(--cell); display: flex; align-items: center;
          justify-content: center; font-size: calc(var(--cell) * 0.6); border-radius: 50%; }
  .board { position: relative; }
  .cell.hole { visibility: hidden; }
  .shaped .grid { border-color: transparent; }
  .shaped .cell:not(.hole) { box-shadow: inset 0 0 0 1px #c8c8c8; border-radius: 20%; }
  .cell.selected { background: #c0392b; color: #fff; }
  .cell.hint { background: #fde68a; box-shadow: 0 0 0 3px #f59e0b inset; }
  .cell.wrong { background: #e74c3c; color: #fff; transition: background 0.6s; }
  .grid { position: relative; z-index: 1; }
  svg.marks { position: absolute; left: calc(var(--cell) / 4 + 2px); top: calc(var(--cell) / 4 + 2px);
              pointer-events: none; overflow: visible; z-index: 0; }
  svg.marks line { stroke-linecap: round; }
  svg.marks line.outline { stroke: #c0392b; stroke-width: 0.8; }
  svg.marks line.fill { stroke: #fbe1dc; stroke-width: 0.68; }
  .clock { font-variant-numeric: tabular-nums; color: #555; }
  ul.words { display: {{list_display}}; columns: 4 9rem; padding: 0; margin: 1.2rem 0;
             list-style: none; font-size: 1.1rem; }
  ul.words li { padding: 0.15em 0.6em; break-inside: avoid; }
  ul.words li.found { text-decoration: line-through; color: #9a9a9a; }
  #status { min-height: 1.5em; font-weight: bold; }
  @media print { #status, .clock, svg.marks, #hint { display: none; } }
</style>
</head>
<body>
<h1>{{title}}</h1>
<p class="instruction">{{instruction}}</p>
<p class="clock">{{clock_label}} <span id="clock">0:00</span></p>
<div class="board"><div class="grid" id="grid" role="grid" aria-label="{{grid_label}}"></div>
<svg class="marks" id="marks" aria-hidden="true"></svg></div>
<p><button type="button" id="hint">{{hint_label}}</button></p>
<p id="status" role="status" aria-live="polite"></p>
<ul class="words" id="words"></ul>
<p class="secret" id="secret" hidden></p>
<script id="puzzle-data" type="application/json">{{data}}</script>
<script id="puzzle-texts" type="application/json">{{texts}}</script>
<script>
"use strict";
{{geometry}}
const data = JSON.parse(document.getElementById("puzzle-data").textContent);
const texts = JSON.parse(document.getElementById("puzzle-texts").textContent);
const rows = data.rows.map((row) => Array.from(row));
const height = rows.length, width = rows[0].length;
const grid = document.getElementById("grid");
const marks = document.getElementById("marks");
const status = document.getElementById("status");
const clock = document.getElementById("clock");
const storageKey = "wortsuche:offline:" + data.salt;
grid.style.setProperty("--cols", width);
document.documentElement.style.setProperty("--cols", width);
marks.setAttribute("viewBox", `0 0 ${width} ${height}`);
marks.style.width = `calc(var(--cell) * ${width})`;
marks.style.height = `calc(var(--cell) * ${height})`;
const cells = [];
document.body.classList.toggle("shaped", rows.some((row) => row.includes(" ")));
rows.forEach((row, r) => row.forEach((letter, c) => {
  const cell = document.createElement("div");
  cell.className = letter === " " ? "cell hole" : "cell";  // a hole of a shaped grid
  cell.textContent = letter;
  cell.dataset.r = r;
  cell.dataset.c = c;
  grid.appendChild(cell);
  cells.push(cell);
}));
const list = document.getElementById("words");
const secretLine = document.getElementById("secret");
const words = data.words.map((word) => {
  // a secret word is on no list until it is found
  const item = document.createElement("li");
  item.textContent = word.entry || "";
  if (!word.secret) list.appendChild(item);
  return { entry: word.entry || "", hashes: word.hashes, first: word.first, item: item,
           found: false, secret: Boolean(word.secret), shape: word.shape, letters: word.letters };
});
const listed = words.filter((w) => !w.secret);
const secrets = words.filter((w) => w.secret);
function showSecrets() {
  if (!secrets.length) return;
  const found = secrets.filter((w) => w.found).map((w) => w.entry);
  const count = texts.secretCount.replace("{found}", String(found.length))
    .replace("{count}", String(secrets.length));
  secretLine.textContent = found.length ? `${count}: ${found.join(", ")}` : count;
  secretLine.hidden = false;
}

// Progress (found words with their lines, and the time played) survives a reload.
let saved = { found: [], elapsed: 0, hints: 0 };
try {
  saved = Object.assign(saved, JSON.parse(localStorage.getItem(storageKey)) || {});
} catch (error) {
  // storage blocked or unreadable: play without remembering
}
let runningSince = null;
function elapsed() {
  return saved.elapsed + (runningSince === null ? 0 : performance.now() - runningSince);
}
function save() {
  try {
    localStorage.setItem(
      storageKey,
      JSON.stringify({ found: saved.found, elapsed: elapsed(), hints: saved.hints })
    );
  } catch (error) {
    // private mode: the game still works
  }
}
function showClock() {
  const seconds = Math.floor(elapsed() / 1000);
  clock.textContent = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
function allFound() {
  return listed.every((w) => w.found);
}

// A found word: struck off the list, a capsule from its first to its last cell (one for each
// part of a word over the edge).
function markFound(index, line) {
  const word = words[index];
  word.found = true;
  word.item.classList.add("found");
  for (const { from, to } of pieces(line)) {
    for (const cls of ["outline", "fill"]) {
      const mark = document.createElementNS("http://www.w3.org/2000/svg", "line");
      mark.setAttribute("class", cls);
      mark.setAttribute("x1", from[1]);
      mark.setAttribute("y1", from[0]);
      mark.setAttribute("x2", to[1]);
      mark.setAttribute("y2", to[0]);
      marks.appendChild(mark);
    }
  }
}
saved.found.forEach(({ index, line, entry }) => {
  if (!words[index]) return;
  if (entry) words[index].entry = entry;
  markFound(index, line);
});
showSecrets();

// A secret word's spelling, read from its line in the grid (the page holds only its shape).
async function secretEntry(word, line) {
  const read = line.map(([r, c]) => rows[r][c]);
  const forwards = await sha256(data.salt + ":letters:" + read.join(""));
  return fillShape(word.shape, forwards === word.letters ? read : read.slice().reverse());
}

// Where the pointer is, in cell units from the grid's top left cell.
function point(event) {
  const box = cells[0].getBoundingClientRect();
  return [(event.clientX - box.left) / box.width, (event.clientY - box.top) / box.height];
}

function sequence(line) {
  const ordered = line.slice();
  const first = ordered[0], last = ordered[ordered.length - 1];
  if (first[0] > last[0] || (first[0] === last[0] && first[1] > last[1])) ordered.reverse();
  return ordered.map((cell) => cell[0] + "," + cell[1]).join(";");
}

async function sha256(text) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

let start = null, selection = [];
function show(line, cls = "selected") {
  selection.forEach(([r, c]) => cells[r * width + c].classList.remove("selected"));
  selection = line;
  selection.forEach(([r, c]) => cells[r * width + c].classList.add(cls));
}

grid.addEventListener("pointerdown", (event) => {
  const [x, y] = point(event);
  const cell = cellAt(x, y, height, width);
  if (!cell) return;
  event.preventDefault();
  start = cell;
  show([start]);
});
window.addEventListener("pointermove", (event) => {
  if (!start) return;
  const [x, y] = point(event);
  // on a torus a drag past the edge carries on from the opposite side
  show(data.wrap ? snapRun(start, x, y, height, width) : cellsBetween(start, snapEnd(start, x, y, height, width)));
});
window.addEventListener("pointerup", async () => {
  if (!start) return;
  const line = selection;
  start = null;
  show([]);
  if (line.length < 2 && words.every((w) => w.entry.length > 1)) return;
  const hash = await sha256(data.salt + ":" + sequence(line));
  const index = words.findIndex((w) => !w.found && w.hashes.includes(hash));
  if (index < 0) {
    // Not a word: the cells flash red, and the status says so.
    line.forEach(([r, c]) => cells[r * width + c].classList.add("wrong"));
    setTimeout(() => line.forEach(([r, c]) => cells[r * width + c].classList.remove("wrong")), 600);
    status.textContent = texts.notAWord;
    return;
  }
  const wasDone = allFound();
  if (words[index].secret) words[index].entry = await secretEntry(words[index], line);
  markFound(index, line);
  saved.found.push(words[index].secret ? { index, line, entry: words[index].entry } : { index, line });
  showSecrets();
  const left = listed.filter((w) => !w.found).length;
  const found = left === 1 ? texts.foundOne : texts.foundMany;
  const hints = saved.hints ? " " + texts.hintsUsed.replace("{count}", String(saved.hints)) : "";
  if (words[index].secret) {
    status.textContent = texts.secretFound.replace("{word}", words[index].entry) + revealedMessage();
  } else {
    status.textContent = left
      ? found.replace("{word}", words[index].entry).replace("{count}", String(left))
      : texts.allFound + hints + revealedMessage();
  }
  if (!left && !wasDone) {
    saved.elapsed = elapsed();
    runningSince = null;
    showClock();
  }
  save();
});

// The hidden message, read from the cells no found word covers, once every word is found
// (secret ones too: their cells are not the message's).
function revealedMessage() {
  if (!data.message || !words.every((w) => w.found)) return "";
  const lines = saved.found.map((f) => f.line);
  const text = hiddenMessage(data.rows, lines, data.message.shape, data.message.length);
  return " " + texts.messageRevealed.replace("{message}", text);
}

// A hint: the first letter of a word not found yet lights up for a moment.
document.getElementById("hint").addEventListener("click", () => {
  const open = listed.filter((w) => !w.found && w.first);
  if (open.length === 0) return;
  const word = open[Math.floor(Math.random() * open.length)];
  const [r, c] = word.first;
  const cell = cells[r * width + c];
  cell.classList.add("hint");
  setTimeout(() => cell.classList.remove("hint"), 2500);
  saved.hints += 1;
  save();
  status.textContent = texts.hintGiven
    .replace("{word}", word.entry)
    .replace("{row}", String(r + 1))
    .replace("{col}", String(c + 1));
});

if (!allFound()) runningSince = performance.now();
showClock();
setInterval(() => {
  showClock();
  if (runningSince !== null) save();
}, 1000);
window.addEventListener("pagehide", save);
</script>
</body>
</html>
"""
