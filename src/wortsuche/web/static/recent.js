// The puzzles played on this device, newest first, kept in localStorage: the play page adds its
// puzzle, the start page lists them, so an installed app opened without a network still leads to
// the puzzles it can play (the service worker keeps their pages).
import { keepLanguage, say } from "./texts.js";

const RECENT_KEY = "wortsuche-recent";
const RECENT_MOST = 12;

export function recentPuzzles() {
  try {
    const kept = JSON.parse(localStorage.getItem(RECENT_KEY) || "[]");
    return Array.isArray(kept) ? kept.filter((p) => p && typeof p.id === "string") : [];
  } catch {
    return [];
  }
}

export function rememberPuzzle(puzzle) {
  const entry = { id: puzzle.id, title: puzzle.title || "", words: (puzzle.words || []).length };
  const others = recentPuzzles().filter((p) => p.id !== entry.id);
  try {
    localStorage.setItem(RECENT_KEY, JSON.stringify([entry, ...others].slice(0, RECENT_MOST)));
  } catch {
    // no storage (a private window may refuse it): the list is only a courtesy
  }
}

// On the start page: the list of recent puzzles, shown when there is one.
export function showRecentPuzzles() {
  const section = document.getElementById("recent");
  const list = document.getElementById("recent-list");
  if (!section || !list) return;
  const puzzles = recentPuzzles();
  list.replaceChildren(
    ...puzzles.map((puzzle) => {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = keepLanguage(`/p/${encodeURIComponent(puzzle.id)}`);
      link.textContent = puzzle.title || say("recent-untitled", { count: puzzle.words });
      item.append(link);
      return item;
    }),
  );
  section.hidden = puzzles.length === 0;
}

showRecentPuzzles();
