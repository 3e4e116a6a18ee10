// The class page: join under a pseudonym, then play the game (game.js) with the server as the
// checker, which records every find for the teacher. The pupil's token is kept in localStorage
// (no cookies) so a reload plays on. The class page's module.
import { call } from "./api.js";
import "./celebrate.js";
import { startGame } from "./game.js";
import { say } from "./texts.js";

const classCode = document.body.dataset.code;
const tokenKey = `wortsuche:class:${classCode}`;
const byId = (name) => document.getElementById(name);
const CLASS_POLL_MS = 5000; // how often the page asks whether the teacher has shown the answers

const bearer = (token) => ({ Authorization: `Bearer ${token}` });

const leftKey = `wortsuche:left:${classCode}`; // who pressed "Not you?" (for the note after it)

function remember(pupil) {
  try {
    localStorage.setItem(tokenKey, JSON.stringify(pupil));
  } catch {
    // private mode: the game works, a reload asks for the name again
  }
}

function savedPupil() {
  try {
    const saved = JSON.parse(localStorage.getItem(tokenKey));
    return saved && typeof saved.token === "string" ? saved : null;
  } catch {
    return null;
  }
}

// The server checks each selection and records it; hints are counted there too.
function classChecker(token) {
  const base = `/api/assignments/${classCode}`;
  return {
    check: ({ start, end, step }) =>
      call("POST", `${base}/found`, step ? { start, end, step } : { start, end }, bearer(token)),
    hint: (index) => call("POST", `${base}/hint`, { index }, bearer(token)),
    answers: async () => (await call("POST", `${base}/answers`, undefined, bearer(token))).answers,
  };
}

// Once the teacher shows the answers, they appear on the board (the print layer, on screen).
function watchForAnswers(pupil, game) {
  const timer = setInterval(async () => {
    try {
      const me = await call("GET", `/api/assignments/${classCode}/me`, undefined, bearer(pupil.token));
      if (me.answers_shown) {
        clearInterval(timer);
        await game.loadAnswers();
        document.body.classList.add("class-answers");
        byId("class-note").textContent = say("class-answers-shown");
      }
    } catch (error) {
      if (error.status === 404) {
        clearInterval(timer);
        byId("class-note").textContent = say("class-left");
      }
    }
  }, CLASS_POLL_MS);
}

// On a device the pupil has not played on (a name card, a shared tablet), the game learns the
// words the server recorded, with their cells, before it starts: the progress is the pupil's.
async function catchUp(pupil, id, puzzle) {
  const key = `wortsuche:progress:${id}`;
  try {
    const finds = await call("GET", `/api/assignments/${classCode}/me/finds`, undefined, bearer(pupil.token));
    const kept = JSON.parse(localStorage.getItem(key)) || {};
    const known = new Set((Array.isArray(kept.found) ? kept.found : []).flatMap((find) => find.indices || []));
    if (finds.every((find) => find.indices.every((index) => known.has(index)))) return;
    const done = finds.length >= puzzle.words.length;
    const progress = { elapsed: 0, revealed: false, hints: 0, ...kept, found: finds, started: true, done };
    localStorage.setItem(key, JSON.stringify(progress));
  } catch {
    // no storage or no answer: the game starts from what this device kept
  }
}

async function play(pupil, answersShown) {
  let puzzle;
  try {
    puzzle = await call("GET", `/api/puzzles/${pupil.puzzle}`);
  } catch (error) {
    byId("join-error").textContent = error.message;
    return;
  }
  byId("join").hidden = true;
  byId("game").hidden = false;
  byId("playing-as").textContent = pupil.pseudonym;
  byId("word-count").textContent = puzzle.words.length;
  const id = `class:${classCode}:${pupil.token.split(".")[0]}`;
  await catchUp(pupil, id, puzzle);
  const game = startGame({ puzzle, checker: classChecker(pupil.token), id });
  if (answersShown) {
    await game.loadAnswers();
    document.body.classList.add("class-answers");
    byId("class-note").textContent = say("class-answers-shown");
  } else {
    watchForAnswers(pupil, game);
  }
}

function setUpJoin() {
  // A name card's QR code opens the class link with the name after "#" (never sent anywhere).
  const fromCard = new URLSearchParams(window.location.hash.slice(1)).get("name");
  if (fromCard) byId("pseudonym").value = fromCard;
  byId("join-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const button = byId("start");
    button.disabled = true;
    byId("join-error").textContent = "";
    const pseudonym = byId("pseudonym").value;
    const chosen = document.querySelector('input[name="puzzle"]:checked');
    const body = chosen ? { pseudonym, puzzle: chosen.value } : { pseudonym };
    try {
      const joined = await call("POST", `/api/assignments/${classCode}/pupils`, body);
      const pupil = { token: joined.pupil_token, puzzle: joined.puzzle, pseudonym: pseudonym.trim() };
      remember(pupil);
      history.replaceState(null, "", window.location.pathname + window.location.search);
      await play(pupil, false);
    } catch (error) {
      byId("join-error").textContent = error.message;
      button.disabled = false;
    }
  });
  // The page's button is disabled until now: clicked before this script ran, the
  // browser would send the form itself and reload with the typed text in the address.
  byId("start").disabled = false;
}

// "Not you?": this device forgets its pupil and asks for a name (the old progress stays with the
// old pseudonym on the server; their name card opens it again on any device).
function setUpNotMe() {
  byId("not-me").addEventListener("click", () => {
    const leaving = savedPupil();
    try {
      localStorage.removeItem(tokenKey);
      sessionStorage.setItem(leftKey, leaving ? leaving.pseudonym : "");
    } catch {
      // storage blocked: nothing was kept on this device anyway
    }
    window.location.replace(window.location.pathname + window.location.search);
  });
  let left = null;
  try {
    left = sessionStorage.getItem(leftKey);
    sessionStorage.removeItem(leftKey);
  } catch {
    return;
  }
  if (left) byId("left-note").textContent = say("class-not-me-done", { name: left });
}

// A name card's link carries the pupil's card key after "#card=": it opens that pupil's own
// progress on this device, whoever played here before. The key leaves the address bar at once.
async function openCard(card) {
  history.replaceState(null, "", window.location.pathname + window.location.search);
  try {
    const me = await call("GET", `/api/assignments/${classCode}/me`, undefined, bearer(card));
    const pupil = { token: card, puzzle: me.puzzle, pseudonym: me.pseudonym };
    remember(pupil);
    await play(pupil, me.answers_shown);
  } catch (error) {
    // a made-up or replaced card changes nothing: whoever was kept here stays kept
    byId("join-error").textContent = error.status === 403 ? say("class-card-wrong") : error.message;
  }
}

async function openClass() {
  setUpJoin();
  setUpNotMe();
  const fromLink = new URLSearchParams(window.location.hash.slice(1));
  if (fromLink.get("card")) {
    await openCard(fromLink.get("card"));
    return;
  }
  const pupil = savedPupil();
  if (!pupil) return;
  // a join card with another name: that child joins here, not the one kept on this device
  if (fromLink.get("name") && fromLink.get("name").trim() !== pupil.pseudonym) return;
  try {
    const me = await call("GET", `/api/assignments/${classCode}/me`, undefined, bearer(pupil.token));
    await play({ ...pupil, pseudonym: me.pseudonym, puzzle: me.puzzle }, me.answers_shown);
  } catch (error) {
    if (error.status === 401 || error.status === 403 || error.status === 404) {
      localStorage.removeItem(tokenKey); // a token of a deleted or ended assignment
    } else {
      byId("join-error").textContent = error.message;
    }
  }
}

openClass();
