// The SCORM 1.2 package (wortsuche generate … --format scorm): the offline game tells the school's
// learning platform (Moodle, ILIAS, itslearning: the LMS) how the learner is doing, through the
// SCORM 1.2 run-time API the LMS puts in a window above the game (window.API). Opened without an
// LMS, it finds no API and does nothing: the file plays as the offline one.
//
// What it reports, as the game's events tell it (game.js, each with its `tally`):
//   cmi.core.lesson_status   "incomplete" once opened, "completed" when every listed word is found
//   cmi.core.score.raw       0 to 100 (min 0, max 100): each listed word found counts one point,
//                            each hint taken costs half a point, never below 0, as a share of the
//                            listed words, rounded (secret words are extras and count nothing)
//   cmi.core.session_time    the time since the LMS was told the game started, HHHH:MM:SS.SS
//   cmi.core.exit            "suspend" while unfinished (the LMS resumes the attempt), else ""
//   cmi.suspend_data         the game's progress as it keeps it in localStorage (if it fits)
// and commits after each change. A completed result is never made worse: replayed after
// completion (or a pass), the status stays and the score only rises.
//
// scorm-package.js starts the session before the game (offline.js), which keeps each learner's
// progress apart on a shared device (the session's `learner`) and starts from the platform's
// copy on a device that holds none (its `kept`).

// The most windows to climb looking for the API (the SCORM 1.2 run-time's own bound).
const SCORM_SEARCH_DEPTH = 500;
// The most characters cmi.suspend_data holds in SCORM 1.2 (CMIString4096).
const SCORM_SUSPEND_LIMIT = 4096;

// The LMS's API in `start` or a window above it, else in the window that opened it, else null.
export function findScormApi(start) {
  function climb(win) {
    for (let depth = 0; win && depth <= SCORM_SEARCH_DEPTH; depth += 1) {
      try {
        if (win.API) return win.API;
      } catch {
        // a window of another origin cannot be looked into: go on above it
      }
      if (!win.parent || win.parent === win) return null;
      win = win.parent;
    }
    return null;
  }
  return climb(start) || (start.opener ? climb(start.opener) : null);
}

// The score of a tally as SCORM 1.2 reports it: 0 to 100, hints taken off (see above).
export function scormScore({ found, count, hints }) {
  if (!count) return 0;
  return Math.max(0, Math.round((100 * (found - hints / 2)) / count));
}

// A time span as SCORM 1.2's CMITimespan: HHHH:MM:SS.SS (at most 9999 hours).
export function scormTimespan(ms) {
  const hundredths = Math.min(Math.max(0, Math.round(ms / 10)), 9999 * 360000 + 359999);
  const hours = Math.floor(hundredths / 360000);
  const minutes = Math.floor((hundredths % 360000) / 6000);
  const seconds = (hundredths % 6000) / 100;
  const pad = (value, width) => String(value).padStart(width, "0");
  return `${pad(hours, 4)}:${pad(minutes, 2)}:${pad(seconds.toFixed(2), 5)}`;
}

// Starts the LMS's session for this learner and reports the game to it; null without an LMS.
export function startScormSession(win) {
  const api = findScormApi(win);
  if (!api || String(api.LMSInitialize("")) !== "true") return null;
  const began = Date.now();
  const ask = (element) => String(api.LMSGetValue(element) ?? "");
  const wasDone = ["completed", "passed"].includes(ask("cmi.core.lesson_status"));
  const bestBefore = wasDone ? Number(ask("cmi.core.score.raw")) || 0 : 0;
  let done = wasDone;
  let finished = false;

  // The game's progress as game.js keeps it (under the key it names on the page), for the
  // platform to keep: a learner who goes on on another device starts from it.
  function keepProgress() {
    let progress = null;
    try {
      progress = localStorage.getItem(document.body.dataset.progressKey);
    } catch {
      // storage blocked: the platform keeps what it had
    }
    if (progress && progress.length <= SCORM_SUSPEND_LIMIT) {
      api.LMSSetValue("cmi.suspend_data", progress);
    }
  }

  function report(tally) {
    if (finished) return;
    done = done || tally.done;
    // a status the platform already holds as done ("passed" too) stays as it is
    if (!wasDone) api.LMSSetValue("cmi.core.lesson_status", done ? "completed" : "incomplete");
    api.LMSSetValue("cmi.core.score.min", "0");
    api.LMSSetValue("cmi.core.score.max", "100");
    api.LMSSetValue("cmi.core.score.raw", String(Math.max(bestBefore, scormScore(tally))));
    keepProgress();
    api.LMSCommit("");
  }

  // Once, however the page goes (the LMS closes its frame, the learner leaves or reloads).
  function finish() {
    if (finished) return;
    finished = true;
    api.LMSSetValue("cmi.core.session_time", scormTimespan(Date.now() - began));
    api.LMSSetValue("cmi.core.exit", done ? "" : "suspend");
    keepProgress();
    api.LMSCommit("");
    api.LMSFinish("");
  }

  for (const name of ["ready", "found", "hint", "complete"]) {
    document.addEventListener(`wortsuche:${name}`, (event) => report(event.detail.tally));
  }
  win.addEventListener("pagehide", finish);
  win.addEventListener("beforeunload", finish);
  return { learner: ask("cmi.core.student_id"), kept: ask("cmi.suspend_data") || null, finish };
}

