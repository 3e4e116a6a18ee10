// Play records (served only with `wortsuche serve --record-play`): listens to the game's events
// and sends the game so far after every find: each word's time, the hints and wrong selections
// before it, the total time once finished and the screen's size. No name, no cookie; the id that
// joins the updates of one game is the server's, asked for when the game starts, and the game so
// far is kept beside the progress, so a reload goes on with the same record.
// The page's module for it (pages.py adds it to the play page); it only listens to the game.
import { call } from "./api.js";

(() => {
  const puzzleId = document.body.dataset.puzzle;
  const storageKey = `wortsuche:record:${puzzleId}`;
  const game = {
    id: null,
    puzzle: puzzleId,
    finds: [],
    seconds: null,
    finished: false,
    screen: [Math.round(window.innerWidth), Math.round(window.innerHeight)],
  };
  try {
    const kept = JSON.parse(localStorage.getItem(storageKey));
    if (kept && typeof kept.id === "string" && Array.isArray(kept.finds)) Object.assign(game, kept);
  } catch {
    // no record kept: this game starts one
  }
  let hints = 0; // since the last find
  let wrong = 0;

  function keep() {
    try {
      localStorage.setItem(storageKey, JSON.stringify({ id: game.id, finds: game.finds, seconds: game.seconds, finished: game.finished }));
    } catch {
      // storage blocked: a reload starts a new record
    }
  }

  // The server issues the record's id for this puzzle once; every update goes under it.
  let issuing = null;
  function issued() {
    if (game.id) return Promise.resolve();
    issuing ??= call("POST", "/api/records/sessions", { puzzle: game.puzzle }).then((answer) => {
      game.id = answer.id;
      keep();
    });
    return issuing;
  }

  // One update for the events of one moment (the last find and "complete" come together), and
  // the updates in order, so the server keeps the latest state.
  let scheduled = false;
  let sending = Promise.resolve();
  function send() {
    if (scheduled || !game.puzzle) return;
    scheduled = true;
    setTimeout(() => {
      scheduled = false;
      keep();
      sending = sending
        .then(issued)
        .then(() => call("POST", "/api/records", JSON.parse(JSON.stringify(game))))
        .catch(() => {
          // a record that does not arrive is a record less, never a problem for the player
          if (!game.id) issuing = null;
        });
    }, 0);
  }

  document.addEventListener("wortsuche:start", () => {
    issued().catch(() => {
      // no id: asked again with the first find
      issuing = null;
    });
  });
  document.addEventListener("wortsuche:wrong", () => {
    wrong += 1;
  });
  document.addEventListener("wortsuche:hint", () => {
    hints += 1;
  });
  document.addEventListener("wortsuche:found", (event) => {
    if (game.finds.some((find) => find.word === event.detail.word)) return;
    game.finds.push({ word: event.detail.word, at: Math.round(event.detail.at * 10) / 10, hints, wrong });
    hints = 0;
    wrong = 0;
    send();
  });
  document.addEventListener("wortsuche:complete", (event) => {
    game.seconds = Math.round(event.detail.seconds * 10) / 10;
    game.finished = true;
    send();
  });
})();
