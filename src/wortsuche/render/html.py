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
from typing import Any

from wortsuche.i18n import Translator
from wortsuche.model import Cell, Puzzle
from wortsuche.render.layout import display_letter, sorted_words
from wortsuche.render.options import RenderOptions
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
    words = []
    for word in sorted_words(puzzle):
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
        words.append({"entry": entry, "hashes": hashes})
    return {
        "rows": ["".join(display_letter(ch, lowercase) for ch in row) for row in puzzle.grid.rows],
        "salt": salt,
        "words": words,
    }


def page_texts(texts: Translator) -> dict[str, str]:
    """What the page's script says, in the sheet's language (fields filled in by the script)."""
    return {
        "foundOne": texts.template("game.found", 1),
        "foundMany": texts.template("game.found", 2),
        "allFound": texts.t("game.all-found"),
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
    return (
        PAGE.replace("{{title}}", escape(heading))
        .replace("{{lang}}", texts.language)
        .replace("{{grid_label}}", escape(texts.t("game.grid-label")))
        .replace("{{instruction}}", escape(lines))
        .replace("{{texts}}", script_json(page_texts(texts)))
        .replace("{{data}}", data)
        .replace("{{cell}}", "3.4rem" if options.large_print else "2.4rem")
        .replace("{{list_display}}", "block" if options.word_list else "none")
    )


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
  .cell.found { background: #f6d7d2; }
  .cell.selected { background: #c0392b; color: #fff; }
  ul.words { display: {{list_display}}; columns: 4 9rem; padding: 0; margin: 1.2rem 0;
             list-style: none; font-size: 1.1rem; }
  ul.words li { padding: 0.15em 0.6em; break-inside: avoid; }
  ul.words li.found { text-decoration: line-through; color: #9a9a9a; }
  #status { min-height: 1.5em; font-weight: bold; }
  @media print { #status { display: none; } .cell.found { background: none; } }
</style>
</head>
<body>
<h1>{{title}}</h1>
<p class="instruction">{{instruction}}</p>
<div class="grid" id="grid" role="grid" aria-label="{{grid_label}}"></div>
<p id="status" role="status" aria-live="polite"></p>
<ul class="words" id="words"></ul>
<script id="puzzle-data" type="application/json">{{data}}</script>
<script id="puzzle-texts" type="application/json">{{texts}}</script>
<script>
"use strict";
const data = JSON.parse(document.getElementById("puzzle-data").textContent);
const texts = JSON.parse(document.getElementById("puzzle-texts").textContent);
const rows = data.rows.map((row) => Array.from(row));
const height = rows.length, width = rows[0].length;
const grid = document.getElementById("grid");
const status = document.getElementById("status");
grid.style.setProperty("--cols", width);
document.documentElement.style.setProperty("--cols", width);
const cells = [];
rows.forEach((row, r) => row.forEach((letter, c) => {
  const cell = document.createElement("div");
  cell.className = "cell";
  cell.textContent = letter;
  cell.dataset.r = r;
  cell.dataset.c = c;
  grid.appendChild(cell);
  cells.push(cell);
}));
const list = document.getElementById("words");
const words = data.words.map((word) => {
  const item = document.createElement("li");
  item.textContent = word.entry;
  list.appendChild(item);
  return { entry: word.entry, hashes: word.hashes, item: item, found: false };
});

function cellAt(x, y) {
  const element = document.elementFromPoint(x, y);
  return element && element.classList.contains("cell") ? element : null;
}

// The straight line of cells from start towards (r, c), snapped to one of the 8 directions.
function lineTo(start, r, c) {
  let dr = r - start[0], dc = c - start[1];
  const adr = Math.abs(dr), adc = Math.abs(dc);
  if (adr > 2 * adc) dc = 0;
  else if (adc > 2 * adr) dr = 0;
  const length = Math.max(Math.abs(dr), Math.abs(dc));
  const sr = Math.sign(dr), sc = Math.sign(dc);
  const line = [];
  for (let i = 0; i <= length; i++) {
    const rr = start[0] + i * sr, cc = start[1] + i * sc;
    if (rr < 0 || rr >= height || cc < 0 || cc >= width) break;
    line.push([rr, cc]);
  }
  return line;
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
function show(line) {
  selection.forEach(([r, c]) => cells[r * width + c].classList.remove("selected"));
  selection = line;
  selection.forEach(([r, c]) => cells[r * width + c].classList.add("selected"));
}

grid.addEventListener("pointerdown", (event) => {
  const cell = cellAt(event.clientX, event.clientY);
  if (!cell) return;
  event.preventDefault();
  start = [Number(cell.dataset.r), Number(cell.dataset.c)];
  show([start]);
});
window.addEventListener("pointermove", (event) => {
  if (!start) return;
  const cell = cellAt(event.clientX, event.clientY);
  if (cell) show(lineTo(start, Number(cell.dataset.r), Number(cell.dataset.c)));
});
window.addEventListener("pointerup", async () => {
  if (!start) return;
  const line = selection;
  start = null;
  show([]);
  if (line.length === 0) return;
  const hash = await sha256(data.salt + ":" + sequence(line));
  const word = words.find((w) => !w.found && w.hashes.includes(hash));
  if (!word) return;
  word.found = true;
  word.item.classList.add("found");
  line.forEach(([r, c]) => cells[r * width + c].classList.add("found"));
  const left = words.filter((w) => !w.found).length;
  const found = left === 1 ? texts.foundOne : texts.foundMany;
  status.textContent = left
    ? found.replace("{word}", word.entry).replace("{count}", String(left))
    : texts.allFound;
});
</script>
</body>
</html>
"""
