// The play page: the game (game.js) with the server as its checker, and the page's own tools
// (share, PDF, print, zoom, a new grid). A plain script after texts.js, api.js, geometry.js and
// game.js.
"use strict";

const puzzleId = document.body.dataset.puzzle;
const byId = (name) => document.getElementById(name);

// The server knows where the words are: it checks selections, gives hints and shows answers.
function serverChecker(id) {
  return {
    check: ({ start, end, step }) =>
      call("POST", `/api/puzzles/${id}/check`, step ? { start, end, step } : { start, end }),
    hint: (index) => call("POST", `/api/puzzles/${id}/hint`, { index }),
    answers: async () => (await call("POST", `/api/puzzles/${id}/reveal`)).answers,
  };
}

function showPlayError(text) {
  byId("play-error").textContent = text;
}

// The PDF links carry the paper choices: lower case, large print, the name line.
function updatePdfLinks() {
  for (const link of [byId("sheet-pdf"), byId("answers-pdf")]) {
    const url = new URL(link.href);
    url.searchParams.set("lowercase", byId("pdf-lowercase").checked);
    url.searchParams.set("large_print", byId("pdf-large").checked);
    url.searchParams.set("name_line", byId("pdf-name-line").checked);
    link.href = url.href;
  }
}

// The tools that work before the puzzle is loaded.
function setUpTools() {
  // The create form's choice: a sheet without the name line.
  if (new URLSearchParams(window.location.search).get("name_line") === "false") {
    byId("pdf-name-line").checked = false;
    updatePdfLinks();
  }
  byId("pdf-lowercase").addEventListener("change", updatePdfLinks);
  byId("pdf-large").addEventListener("change", updatePdfLinks);
  byId("pdf-name-line").addEventListener("change", updatePdfLinks);

  // Zoom: big cells in a scrolling area, for large grids on small screens.
  byId("zoom").addEventListener("click", () => {
    const zoomed = document.body.classList.toggle("zoomed");
    byId("zoom").setAttribute("aria-pressed", String(zoomed));
  });

  byId("again").addEventListener("click", async (event) => {
    event.currentTarget.disabled = true;
    try {
      const fresh = await call("POST", `/api/puzzles/${puzzleId}/again`);
      window.location.assign(keepLanguage(fresh.url));
    } catch (error) {
      showPlayError(error.message);
      event.currentTarget.disabled = false;
    }
  });

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
  byId("share-url").value = new URL(puzzle.url, window.location.href).href;
  // The generator's notes are English sentences for the maker: shown on English pages only.
  if (document.documentElement.lang === "en") byId("notes").textContent = puzzle.notes.join(" · ");
  const game = startGame({ puzzle, checker: serverChecker(puzzleId), id: puzzleId });
  setUpPrintAnswers(game);
}

setUpTools();
openPuzzle();
