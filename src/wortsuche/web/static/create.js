// The create form: send the words, show a refusal next to its field, open the new puzzle.
// The start page's module.
import { call, upload } from "./api.js";
import "./install.js";
import "./recent.js";
import { keepLanguage, say } from "./texts.js";

const form = document.getElementById("create");
const button = document.getElementById("make");
const rows = document.getElementById("rows");
const cols = document.getElementById("cols");

// Which message slot and which control belong to a field named by the server.
const FIELDS = {
  words: ["words-error", "words"],
  rows: ["size-error", "rows"],
  cols: ["size-error", "cols"],
  size: ["size-error", "rows"],
  level: ["level-error", null],
  seed: ["seed-error", "seed"],
  title: ["title-error", "title"],
  message: ["message-error", "message"],
  secret: ["secret-error", "secret"],
  difficulty: ["difficulty-error", "difficulty"],
  shape: ["form-error", "shape"],
  clues: ["form-error", "clues"],
  pictures: ["pictures-error", "pictures"],
};

function clearErrors() {
  for (const slot of form.querySelectorAll(".error")) slot.textContent = "";
  for (const control of form.querySelectorAll("[aria-invalid]")) control.removeAttribute("aria-invalid");
}

function showError(message, field) {
  const [slotId, controlId] = FIELDS[field] || ["form-error", null];
  document.getElementById(slotId).textContent = message; // text, never HTML
  if (controlId) {
    const control = document.getElementById(controlId);
    control.setAttribute("aria-invalid", "true");
    control.focus();
  }
}

function fixedSize() {
  return form.querySelector('input[name="size"]:checked').value === "fixed";
}

// The levels say how many ways words run: eight on squares, six on hexagons; the choices of
// directions are the grid's own (hexagons have no ↓ and no square diagonals).
for (const option of form.directions.options) {
  option.dataset.squareLabel = option.textContent;
  option.dataset.squareValue = option.value;
}
function describeLevels() {
  const kind = form.grid.value === "hex" ? "hex" : "square";
  for (const text of form.querySelectorAll(".level-text")) text.textContent = text.dataset[kind];
  for (const option of form.directions.options) {
    option.textContent = option.dataset[`${kind}Label`] ?? option.dataset.squareLabel;
    option.value = option.dataset[`${kind}Value`] ?? option.dataset.squareValue;
  }
}
form.grid.addEventListener("change", describeLevels);
describeLevels(); // a grid kept by the browser from before

// Typing a number means "choose the size".
for (const input of [rows, cols]) {
  input.addEventListener("input", () => {
    form.querySelector('input[name="size"][value="fixed"]').checked = true;
  });
}

// The language a theme's words are wanted in: the puzzle's language if one is chosen; else the
// other language than the clues' ("the German word" as clue: the words are English); else the page's.
function themeLanguage() {
  if (form.language.value) return form.language.value;
  if (form.clues.value === "de") return "en";
  if (form.clues.value === "en") return "de";
  return document.documentElement.lang || "en";
}

// The word field's text as the last theme left it: a change of language or clues fills the
// theme in again in the new language, but never over words the teacher typed or changed.
let themeFill = null;

// A theme puts its words into the word field (and its title into an empty title field).
async function fillTheme() {
  const name = form.theme.value;
  const status = document.getElementById("theme-status");
  clearErrors();
  if (!name) return form.theme.focus();
  const count = wholeNumber(form.theme_count.value);
  const query = new URLSearchParams({ lang: themeLanguage() });
  if (!Number.isNaN(count)) query.set("count", String(count));
  try {
    const theme = await call("GET", `/api/themes/${encodeURIComponent(name)}?${query}`);
    const title = form.title.value.trim();
    form.words.value = theme.words.join("\n");
    if (!title || (themeFill && title === themeFill.title)) form.title.value = theme.title;
    themeFill = { words: form.words.value, title: theme.title };
    status.textContent = say("theme-filled", { count: theme.words.length, title: theme.title });
  } catch (error) {
    showError(error.message, "words");
  }
}

document.getElementById("theme-use").addEventListener("click", fillTheme);
for (const name of ["language", "clues"]) {
  form[name].addEventListener("change", () => {
    if (themeFill && form.words.value === themeFill.words) fillTheme();
  });
}

// The teacher's own pictures: each file is sent on its own as soon as it is chosen; the server
// answers with its pixels drawn again (a small PNG), which the list shows and the puzzle takes.
// The file's name is the word's first guess (igel.png for Igel); the teacher may change it.
const MAX_PICTURE_BYTES = 2_000_000;
const pictureInput = document.getElementById("pictures");
const pictureList = document.getElementById("picture-list");

pictureInput.addEventListener("change", async () => {
  clearErrors();
  const files = Array.from(pictureInput.files);
  pictureInput.value = "";
  for (const file of files) {
    if (file.size > MAX_PICTURE_BYTES) {
      showError(say("picture-large", { name: file.name }), "pictures");
      continue;
    }
    try {
      const kept = await upload("/api/pictures", file);
      addPicture(file.name.replace(/\.[^.]*$/, ""), kept.picture);
    } catch (error) {
      showError(`${file.name}: ${error.message}`, "pictures");
    }
  }
});

function addPicture(word, picture) {
  const item = document.getElementById("picture-item").content.firstElementChild.cloneNode(true);
  item.querySelector("img").src = picture;
  item.querySelector(".picture-word").value = word;
  item.dataset.picture = picture;
  item.querySelector(".picture-remove").addEventListener("click", () => item.remove());
  pictureList.append(item);
}

// The pictures by their words, or null for none; a picture without a word is the teacher's to fix.
function chosenPictures() {
  const items = Array.from(pictureList.querySelectorAll(".picture-item"));
  if (!items.length) return null;
  const pictures = {};
  for (const item of items) {
    const word = item.querySelector(".picture-word").value.trim();
    if (!word) return undefined;
    pictures[word] = item.dataset.picture;
  }
  return pictures;
}

function wholeNumber(text) {
  return /^\s*\d+\s*$/.test(text) ? Number(text) : NaN;
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  clearErrors();
  const body = {
    words: form.words.value,
    level: form.querySelector('input[name="level"]:checked').value,
    title: form.title.value,
    rows: null,
    cols: null,
  };
  if (!body.words.trim()) return showError(say("type-a-word"), "words");
  if (fixedSize()) {
    body.rows = wholeNumber(rows.value);
    body.cols = wholeNumber(cols.value);
    if (Number.isNaN(body.rows) || Number.isNaN(body.cols)) {
      return showError(say("size-numbers"), "size");
    }
  }
  // More options: each one left at "the level's" is not sent, so the level decides it.
  for (const name of ["directions", "filler", "language", "shape", "eszett", "clues", "grid"]) {
    if (form[name].value) body[name] = form[name].value;
  }
  const pictures = chosenPictures();
  if (pictures === undefined) return showError(say("picture-word"), "pictures");
  if (pictures) body.pictures = pictures;
  if (form.phrases.checked) body.phrases = true;
  if (form.letter_count.checked) body.letter_count = true;
  if (form.absent.checked) body.absent = true;
  if (form.wrap.checked) body.wrap = true;
  if (form.message.value.trim()) body.message = form.message.value;
  if (form.secret.value.trim()) body.secret = form.secret.value;
  if (form.difficulty.value.trim() !== "") {
    body.difficulty = Number(form.difficulty.value.replace(",", "."));
    if (!(body.difficulty > 0)) return showError(say("difficulty-number"), "difficulty");
  }
  if (form.seed.value.trim() !== "") {
    body.seed = wholeNumber(form.seed.value);
    if (Number.isNaN(body.seed)) return showError(say("seed-number"), "seed");
  }
  button.disabled = true;
  button.textContent = say("making");
  try {
    const puzzle = await call("POST", "/api/puzzles", body);
    keepNotes(puzzle);
    if (form.versions.checked) return await makeVersionB(body, puzzle);
    window.location.assign(playLink(puzzle));
  } catch (error) {
    showError(error.message, error.field);
    button.disabled = false;
    button.textContent = say("make");
  }
});
// The page's button is disabled until now: clicked before this script ran, the
// browser would send the form itself and reload with the typed text in the address.
button.disabled = false;

// The play page of a puzzle; the name line and the readers' age are the printed sheet's, not the
// puzzle's: the play page's sheet links take them.
function playLink(puzzle) {
  const target = new URL(keepLanguage(puzzle.url), window.location.href);
  if (!form.name_line.checked) target.searchParams.set("name_line", "false");
  if (form.age.value) target.searchParams.set("age", form.age.value);
  return target.pathname + target.search;
}

// Version B of a sheet: the same words in a grid of the same size from another seed, so that
// neighbours cannot copy; both links are shown, for the two halves of the class. The server
// derives B's seed from A's as the command line's --versions does, so A and B here are its
// versions 1 and 2 for the same seed.
async function makeVersionB(body, first) {
  const again = { ...body, rows: first.rows, cols: first.cols, seed: first.seed, version: 1 };
  const second = await call("POST", "/api/puzzles", again);
  keepNotes(second);
  for (const [id, puzzle] of [["version-a", first], ["version-b", second]]) {
    document.getElementById(id).href = playLink(puzzle);
  }
  const made = document.getElementById("made-versions");
  made.hidden = false;
  made.scrollIntoView({ block: "nearest" });
  button.disabled = false;
  button.textContent = say("make");
}

// What the server said while making the puzzle (a line split into words, the size it chose),
// for the play page to show once in this tab: the person who typed the list reads it there.
function keepNotes(puzzle) {
  try {
    if (puzzle.notes && puzzle.notes.length) {
      sessionStorage.setItem(`wortsuche-notes-${puzzle.id}`, JSON.stringify(puzzle.notes));
    }
  } catch {
    // no session storage (a private window may refuse it): the notes are only a courtesy
  }
}
