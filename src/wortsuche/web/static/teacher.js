// The teacher's pages: making an assignment from a puzzle, and the live results of one (the
// token is the teacher link's part after "#", sent as a Bearer header and never in a URL the
// server sees). The teacher pages' module.
import { call } from "./api.js";
import { say } from "./texts.js";

const byId = (name) => document.getElementById(name);
const TEACHER_POLL_MS = 1500; // the results are at most this old (plus one request)

function languageQuery() {
  const chosen = new URLSearchParams(window.location.search).get("lang");
  return chosen ? `?lang=${encodeURIComponent(chosen)}` : "";
}

// ---- making an assignment ------------------------------------------------------------------

function setUpNewAssignment() {
  byId("new-assignment").addEventListener("submit", async (event) => {
    event.preventDefault();
    byId("create-assignment").disabled = true;
    // the results are kept to the end of the chosen day, in the teacher's time zone
    const ends = new Date(`${byId("ends").value}T23:59:59`).toISOString();
    const most = Number(byId("max-pupils").value);
    try {
      const body = { puzzle: document.body.dataset.puzzle, ends, max_pupils: most };
      const made = await call("POST", "/api/assignments", body);
      try {
        sessionStorage.setItem(`wortsuche:new:${made.code}`, "1"); // the next page shows the link once
      } catch {
        // storage blocked: the teacher page says to keep its address all the same
      }
      window.location.assign(`/t/${made.code}${languageQuery()}#${made.teacher_token}`);
    } catch (error) {
      byId("new-error").textContent = error.message;
      byId("create-assignment").disabled = false;
    }
  });
  // The page's button is disabled until now: clicked before this script ran, the
  // browser would send the form itself and reload with the typed text in the address.
  byId("create-assignment").disabled = false;
}

// ---- the results ---------------------------------------------------------------------------

function clock(seconds) {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

function teacherPage(code, token) {
  const auth = { Authorization: `Bearer ${token}` };
  const base = `/api/assignments/${code}`;
  let results = null;
  let sortKey = "pseudonym";
  let descending = false;
  let stopped = false;

  function shownRows() {
    const filter = byId("filter").value.trim().toLocaleLowerCase();
    const onlyOpen = byId("only-open").checked;
    const rows = results.pupils.filter(
      (row) => row.pseudonym.toLocaleLowerCase().includes(filter) && !(onlyOpen && row.finished),
    );
    const value = (row) => (sortKey === "pseudonym" ? row.pseudonym.toLocaleLowerCase() : Number(row[sortKey]));
    rows.sort((a, b) => (value(a) < value(b) ? -1 : value(a) > value(b) ? 1 : 0) * (descending ? -1 : 1));
    return rows;
  }

  function cell(text, className = "") {
    const element = document.createElement("td");
    element.textContent = text;
    if (className) element.className = className;
    return element;
  }

  // A pupil the teacher does not want in the results (a script, a name given twice): removed
  // with every find, after asking.
  function removeCell(row) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "quiet remove";
    button.textContent = say("teacher-remove");
    button.setAttribute("aria-label", say("teacher-remove-pupil", { name: row.pseudonym }));
    button.addEventListener("click", async () => {
      if (!window.confirm(say("teacher-confirm-remove", { name: row.pseudonym }))) return;
      try {
        await call("DELETE", `${base}/pupils/${encodeURIComponent(row.id)}`, undefined, auth);
        results.pupils = results.pupils.filter((pupil) => pupil.id !== row.id);
        render();
        byId("live").textContent = say("teacher-removed", { name: row.pseudonym });
      } catch (error) {
        byId("teacher-error").textContent = error.message;
      }
    });
    const element = cell("", "screen-only");
    element.append(button);
    return element;
  }

  function render() {
    const body = byId("pupil-rows");
    body.replaceChildren(
      ...shownRows().map((row) => {
        const line = document.createElement("tr");
        line.dataset.pseudonym = row.pseudonym;
        line.classList.toggle("finished", row.finished);
        line.append(
          cell(row.pseudonym),
          cell(`${row.found}/${row.of}`, "number"),
          cell(clock(row.seconds), "number"),
          cell(String(row.hints), "number"),
          cell(row.finished ? "✓" : "", "done-mark"),
          cell(
            row.implausible.length ? say("teacher-implausible", { count: row.implausible.length, found: row.found }) : "",
            "implausible",
          ),
          removeCell(row),
        );
        line.classList.toggle("implausible", row.implausible.length > 0);
        line.title = row.words.join(", ");
        return line;
      }),
    );
    byId("pupil-count").textContent = `(${results.pupils.length})`;
    byId("no-pupils").textContent = results.pupils.length ? "" : say("teacher-no-pupils");
    const hardest = results.words.filter((word) => word.pupils > 0).slice(0, 5);
    byId("hardest").replaceChildren(
      ...hardest.map((word) => {
        const item = document.createElement("li");
        const name = document.createElement("strong");
        name.textContent = word.word;
        item.append(name, ` – ${say("teacher-found-by", { count: word.found_by, found: word.found_by, pupils: word.pupils })}`);
        return item;
      }),
    );
    byId("show-answers").disabled = results.answers_shown;
  }

  async function poll() {
    if (stopped) return;
    try {
      const answer = await call("GET", `${base}/results`, undefined, auth);
      if (stopped) return; // deleted while this poll was on its way: its answer is old
      results = answer;
      byId("teacher-error").textContent = "";
      render();
      document.body.dataset.updated = String(Date.now()); // when the table was last refreshed
    } catch (error) {
      if (stopped) return;
      byId("teacher-error").textContent = error.message;
      if (error.status === 401 || error.status === 403 || error.status === 404) stopped = true;
    }
    if (!stopped) setTimeout(poll, TEACHER_POLL_MS);
  }

  // A file from the server; a refusal is said at `where` (the results' line is cleared by polling).
  async function download(path, name, method = "GET", where = "teacher-error") {
    byId(where).textContent = "";
    try {
      const headers = { ...auth, "Accept-Language": document.documentElement.lang };
      const response = await fetch(path, { method, headers });
      if (!response.ok) throw new Error(await refusal(response));
      const link = document.createElement("a");
      link.href = URL.createObjectURL(await response.blob());
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 10000);
    } catch (error) {
      byId(where).textContent = error.message;
    }
  }

  for (const button of document.querySelectorAll("[data-sort]")) {
    button.addEventListener("click", () => {
      descending = sortKey === button.dataset.sort ? !descending : button.dataset.sort !== "pseudonym";
      sortKey = button.dataset.sort;
      if (results) render();
    });
  }
  byId("filter").addEventListener("input", () => results && render());
  byId("only-open").addEventListener("change", () => results && render());
  const lang = `lang=${document.documentElement.lang}`;
  for (const form of ["csv", "xlsx"]) {
    byId(`export-${form}`).addEventListener("click", () =>
      download(`${base}/results?format=${form}&${lang}`, `wortsuche-${code}.${form}`),
    );
  }
  byId("export-pdf").addEventListener("click", () => download(`${base}/results.pdf?${lang}`, `wortsuche-${code}.pdf`));
  for (const button of document.querySelectorAll(".teacher-card")) {
    button.addEventListener("click", () =>
      download(`${base}/teacher-card.pdf?${lang}`, `wortsuche-${code}-teacher.pdf`),
    );
  }
  byId("pupil-cards").addEventListener("click", () =>
    download(`${base}/cards.pdf?${lang}`, `wortsuche-${code}-cards.pdf`, "POST", "cards-error"),
  );
  byId("show-answers").addEventListener("click", async () => {
    if (!window.confirm(say("teacher-confirm-answers"))) return;
    try {
      await call("POST", `${base}/show-answers`, undefined, auth);
      byId("live").textContent = say("teacher-answers-shown");
      byId("show-answers").disabled = true;
    } catch (error) {
      byId("teacher-error").textContent = error.message;
    }
  });
  byId("delete").addEventListener("click", async () => {
    if (!window.confirm(say("teacher-confirm-delete"))) return;
    try {
      await call("DELETE", base, undefined, auth);
      stopped = true;
      document.body.classList.add("deleted");
      byId("pupil-rows").replaceChildren();
      byId("hardest").replaceChildren();
      byId("teacher-error").textContent = say("teacher-deleted");
    } catch (error) {
      byId("teacher-error").textContent = error.message;
    }
  });
  poll();
}

// What the server said when it refused a download (its JSON error), else its status.
async function refusal(response) {
  try {
    const body = await response.json();
    if (body && typeof body.error === "string") return body.error;
  } catch {
    // not JSON: say the status
  }
  return say("server-answered", { status: response.status });
}

// ---- keeping the teacher link --------------------------------------------------------------

// The page made for a new assignment shows the teacher link once, with the advice to keep it.
function showTeacherLink(code, token) {
  const key = `wortsuche:new:${code}`;
  let fresh = false;
  try {
    fresh = sessionStorage.getItem(key) !== null;
    sessionStorage.removeItem(key);
  } catch {
    return; // storage blocked: the page cannot tell a new class from an old one
  }
  if (!fresh) return;
  const link = `${window.location.origin}/t/${code}#${token}`;
  byId("teacher-link").value = link;
  byId("keep-link").hidden = false;
  byId("keep-link").focus();
  byId("copy-link").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      byId("teacher-link").select(); // no clipboard access: the link stands selected to copy
      document.execCommand("copy");
    }
    byId("copied").textContent = say("teacher-copied");
  });
  byId("link-saved").addEventListener("click", () => {
    byId("keep-link").hidden = true;
  });
}

// ---- name cards ----------------------------------------------------------------------------

function setUpCards(code) {
  byId("make-cards").addEventListener("click", () => {
    const names = byId("card-names").value.split("\n").map((name) => name.trim()).filter(Boolean);
    byId("cards").replaceChildren(
      ...names.map((name) => {
        const card = document.createElement("figure");
        card.className = "card";
        const image = document.createElement("img");
        image.src = `/api/assignments/${code}/qr.svg?name=${encodeURIComponent(name)}`;
        image.alt = "";
        const caption = document.createElement("figcaption");
        const who = document.createElement("strong");
        who.textContent = name;
        caption.append(who, document.createElement("br"), code);
        card.append(image, caption);
        return card;
      }),
    );
  });
  byId("print-cards").addEventListener("click", () => {
    if (!byId("cards").children.length) byId("make-cards").click();
    document.body.classList.add("printing-cards");
    window.print();
    document.body.classList.remove("printing-cards");
  });
}

if (byId("new-assignment")) {
  setUpNewAssignment();
} else {
  const code = document.body.dataset.code;
  const token = decodeURIComponent(window.location.hash.slice(1));
  setUpCards(code);
  if (token) {
    showTeacherLink(code, token);
    teacherPage(code, token);
  } else {
    byId("teacher-error").textContent = say("teacher-no-token");
  }
}
