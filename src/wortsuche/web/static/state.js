// A game's progress without the page: what is found, what is left, how it is kept. The game
// (game.js) keeps it in localStorage as JSON under `wortsuche:progress:<id>`:
//   {found: [{indices, cells, words, at, hints, wrong}], elapsed, done, revealed, started, hints,
//    hintsFor?, hint?, wrong?, newBest?}
// Words are numbered as listed, secret words after them.

// Found words take these colours in turn (style.css: .colour-0 … .colour-15); the second eight
// have a dashed outline, so two words are told apart by pattern where colours look alike.
export const PALETTE_SIZE = 16;

// The time played, as 4:05 or 1:02:03.
export function formatTime(ms) {
  const seconds = Math.floor(ms / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

// The classes that colour a found word: one of 16 colours, the second eight with a dashed outline.
export function colourClasses(index) {
  const colour = index % PALETTE_SIZE;
  return colour < PALETTE_SIZE / 2 ? [`colour-${colour}`] : [`colour-${colour}`, "dashed"];
}

// A game not begun.
export function freshProgress() {
  return { found: [], elapsed: 0, done: false, revealed: false, started: false, hints: 0 };
}

// Progress read from its JSON (kept on this device, else elsewhere: `kept`), or null if neither
// holds a readable game.
export function readProgress(saved, kept = null) {
  try {
    const stored = JSON.parse(saved ?? kept);
    if (stored && Array.isArray(stored.found) && stored.found.every((f) => Array.isArray(f.indices))) {
      return stored;
    }
  } catch {
    // unreadable: start afresh
  }
  return null;
}

// The numbers of the words found, listed and secret.
export function foundNumbers(progress) {
  return new Set(progress.found.flatMap((find) => find.indices));
}

// How many listed words are found (secret words are numbered from `listed`).
export function countListedFound(progress, listed) {
  return [...foundNumbers(progress)].filter((index) => index < listed).length;
}

// The secret words found, as the checker spelt them.
export function secretWordsFound(progress, listed) {
  return progress.found.filter((find) => find.indices[0] >= listed).map((find) => find.words[0]);
}

// True if every word of a check's result was found before.
export function alreadyFound(progress, result) {
  const found = foundNumbers(progress);
  return result.indices.every((index) => found.has(index));
}

// The progress after a find (`result` from the checker) `at` seconds into the game: the find
// with the hints taken for its words and the wrong selections before it; done when every
// listed word is found. Returns the find and whether it completed the game.
export function addFind(progress, result, at, listed) {
  const hintsFor = progress.hintsFor ?? {};
  const hints = result.indices.reduce((sum, index) => sum + (hintsFor[index] ?? 0), 0);
  const find = { indices: result.indices, cells: result.cells, words: result.words, at, hints, wrong: progress.wrong ?? 0 };
  progress.found.push(find);
  progress.wrong = 0;
  const complete = !progress.done && countListedFound(progress, listed) === listed;
  return { find, complete };
}
