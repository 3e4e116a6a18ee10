// The play page: the game (game.js) with the server as its checker, the teacher menu (share,
// PDF, print, answers, a new grid) and the next steps after a finished game. Without a network
// the page checks selections against the puzzle's salted hashes (hashes.js), fetched when it
// opened, so a puzzle opened before plays offline too (sw.js keeps the page).
// The play page's module.
import { call } from "./api.js";
import "./celebrate.js";
import "./clues.js";
import { startGame } from "./game.js";
import { hashChecker } from "./hashes.js";
import "./install.js";
import { rememberPuzzle } from "./recent.js";
import { keepLanguage, say } from "./texts.js";

const puzzleId = document.body.dataset.puzzle;
const byId = (name) => document.getElementById(name);
const LEVEL_ORDER = ["easy", "medium", "hard", "evil"];

// The server knows where the words are: it checks selections, gives hints and shows answers.
// When it cannot be reached, `fallback` (a hash checker, once loaded) answers instead.
function serverChecker(id, fallback) {
  async function either(online, offline) {
    try {
      return await online();
    } catch (error) {
      if (error.status !== 0 || !fallback.checker) throw error;
      return offline(fallback.checker);
    }
  }
  return {
    check: (asked) =>
      either(
        () => {
          const { start, end, step } = asked;
          return call("POST", `/api/puzzles/${id}/check`, step ? { start, end, step } : { start, end });
        },
        (offline) => offline.check(asked),
      ),
    hint: (index) =>
      either(
        () => call("POST", `/api/puzzles/${id}/hint`, { index }),
        (offline) => offline.hint(index),
      ),
    answers: async () => (await call("POST", `/api/puzzles/${id}/reveal`)).answers,
  };
}

// The puzzle's hashes in the page's word order (the file lists the words alphabetically).
async function loadHashes(puzzle, fallback) {
  try {
    const data = await call("GET", `/p/${puzzleId}/hashes.json`);
    const listed = data.words.filter((word) => !word.secret);
    const ordered = puzzle.words.map((entry) => listed.find((word) => word.entry === entry));
    if (ordered.some((word) => !word)) return;
    const words = [...ordered, ...data.words.filter((word) => word.secret)];
    fallback.checker = hashChecker({ ...data, words }, puzzle);
  } catch {
    // no hashes: the page plays while the server answers
  }
}

function showPlayError(text) {
  byId("play-error").textContent = text;
}

// The download links carry the paper choices: lower case, large print and two copies to a page
// for the PDFs; the name line and the school font for the documents too.
function updatePdfLinks() {
  const school = byId("pdf-school-font").checked ? "school" : "standard";
  for (const link of [byId("sheet-pdf"), byId("answers-pdf")]) {
    const url = new URL(link.href);
    url.searchParams.set("lowercase", byId("pdf-lowercase").checked);
    url.searchParams.set("large_print", byId("pdf-large").checked);
    url.searchParams.set("per_page", byId("pdf-halves").checked ? "2" : "1");
    link.href = url.href;
  }
  for (const link of [byId("sheet-pdf"), byId("answers-pdf"), byId("sheet-docx"), byId("sheet-odt")]) {
    const url = new URL(link.href);
    url.searchParams.set("name_line", byId("pdf-name-line").checked);
    url.searchParams.set("font", school);
    link.href = url.href;
  }
}

// A new puzzle from this one: the same words and settings, a new grid (at `level`, if given).
async function playAgain(button, level = null) {
  button.disabled = true;
  try {
    const query = level ? `?level=${encodeURIComponent(level)}` : "";
    const fresh = await call("POST", `/api/puzzles/${puzzleId}/again${query}`);
    window.location.assign(keepLanguage(fresh.url));
  } catch (error) {
    showPlayError(error.message);
    button.disabled = false;
  }
}

// The notes of making this puzzle, kept by the create form in this tab: shown once.
function showMadeNotes() {
  let notes = [];
  try {
    const key = `wortsuche-notes-${puzzleId}`;
    notes = JSON.parse(sessionStorage.getItem(key) || "[]");
    sessionStorage.removeItem(key);
  } catch {
    return;
  }
  const list = byId("made-notes");
  for (const note of notes) {
    const item = document.createElement("li");
    item.textContent = note;
    list.append(item);
  }
  list.hidden = notes.length === 0;
}

// The tools that work before the puzzle is loaded.
function setUpTools() {
  showMadeNotes();
  // The create form's choice: a sheet without the name line.
  if (new URLSearchParams(window.location.search).get("name_line") === "false") {
    byId("pdf-name-line").checked = false;
    updatePdfLinks();
  }
  byId("pdf-lowercase").addEventListener("change", updatePdfLinks);
  byId("pdf-large").addEventListener("change", updatePdfLinks);
  // the printed page too has the lines to write on unless the box for the sheets is cleared
  const nameLine = () => document.body.classList.toggle("no-name-line", !byId("pdf-name-line").checked);
  nameLine();
  byId("pdf-name-line").addEventListener("change", () => {
    nameLine();
    updatePdfLinks();
  });
  byId("pdf-school-font").addEventListener("change", updatePdfLinks);
  byId("pdf-halves").addEventListener("change", updatePdfLinks);
  byId("again").addEventListener("click", (event) => playAgain(event.currentTarget));
  byId("print").addEventListener("click", () => window.print());

  byId("copy").addEventListener("click", async () => {
    const field = byId("share-url");
    try {
      await navigator.clipboard.writeText(field.value);
    } catch {
      field.select();
      document.execCommand("copy");
    }
    byId("copy-status").textContent = say("link-copied");
  });
}

// After the last word: the next puzzle with the same settings, and one level harder or easier.
function setUpNextSteps(level) {
  const actions = byId("done-actions");
  const at = LEVEL_ORDER.indexOf(level);
  const steps = [["next-puzzle", null]];
  if (at > 0) steps.push(["easier", LEVEL_ORDER[at - 1]]);
  if (at >= 0 && at < LEVEL_ORDER.length - 1) steps.push(["harder", LEVEL_ORDER[at + 1]]);
  for (const [text, next] of steps) {
    const button = document.createElement("button");
    button.type = "button";
    button.id = text;
    button.className = next ? "" : "primary";
    button.textContent = say(text);
    button.addEventListener("click", () => playAgain(button, next));
    actions.append(button);
  }
}

// Printing with answers asks the game for them.
function setUpPrintAnswers(game) {
  byId("print-answers").addEventListener("change", async (event) => {
    const wanted = event.currentTarget.checked;
    if (wanted) {
      try {
        await game.loadAnswers();
      } catch (error) {
        showPlayError(error.message);
        return;
      }
    }
    document.body.classList.toggle("print-answers", wanted);
  });
}

async function openPuzzle() {
  let puzzle;
  try {
    puzzle = await call("GET", `/api/puzzles/${puzzleId}`);
  } catch (error) {
    showPlayError(error.message);
    return;
  }
  rememberPuzzle(puzzle);
  byId("share-url").value = new URL(puzzle.url, window.location.href).href;
  const fallback = { checker: null };
  const game = startGame({ puzzle, checker: serverChecker(puzzleId, fallback), id: puzzleId });
  setUpPrintAnswers(game);
  setUpNextSteps(puzzle.level);
  loadHashes(puzzle, fallback);
}

setUpTools();
openPuzzle();
