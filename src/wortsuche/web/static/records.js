// Play records (served only with `wortsuche serve --record-play`): listens to the game's events
// and sends the game so far after every find: each word's time, the hints and wrong selections
// before it, the total time once finished and the screen's size. No name, no cookie; a random
// id joins the updates of one game. A plain script after api.js.
"use strict";

(() => {
  const game = {
    id: Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join(""),
    puzzle: null,
    finds: [],
    seconds: null,
    finished: false,
    screen: [Math.round(window.innerWidth), Math.round(window.innerHeight)],
  };
  let hints = 0; // since the last find
  let wrong = 0;

  // One update for the events of one moment (the last find and "complete" come together), and
  // the updates in order, so the server keeps the latest state.
  let scheduled = false;
  let sending = Promise.resolve();
  function send() {
    if (scheduled || !game.puzzle) return;
    scheduled = true;
    setTimeout(() => {
      scheduled = false;
      const snapshot = JSON.parse(JSON.stringify(game));
      sending = sending
        .then(() => call("POST", "/api/records", snapshot))
        .catch(() => {
          // a record that does not arrive is a record less, never a problem for the player
        });
    }, 0);
  }

  document.addEventListener("wortsuche:start", (event) => {
    game.puzzle = event.detail.puzzle;
  });
  document.addEventListener("wortsuche:wrong", () => {
    wrong += 1;
  });
  document.addEventListener("wortsuche:hint", () => {
    hints += 1;
  });
  document.addEventListener("wortsuche:found", (event) => {
    game.puzzle = event.detail.puzzle;
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
