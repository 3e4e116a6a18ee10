// The end of a game is celebrated: the result panel pops in and confetti falls over the grid for
// a few seconds. Someone who asked their system for less motion gets the panel without either.
// A module with an effect: importing it listens to the game's wortsuche:complete event.

const CONFETTI_PIECES = 48;
const CONFETTI_SECONDS = 3.2;

export function celebrate() {
  const done = document.getElementById("done");
  const calm = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  if (calm || !done) return;
  done.classList.add("celebrating");
  const rain = document.createElement("div");
  rain.className = "confetti";
  rain.setAttribute("aria-hidden", "true");
  for (let i = 0; i < CONFETTI_PIECES; i += 1) {
    const piece = document.createElement("span");
    piece.className = `colour-${i % 16}`;
    // spread over the width, each falling a little later and turning its own way
    piece.style.setProperty("--x", `${(i * 37) % 100}vw`);
    piece.style.setProperty("--delay", `${((i * 53) % 100) / 100}s`);
    piece.style.setProperty("--turn", `${(i % 2 ? 1 : -1) * (180 + ((i * 29) % 540))}deg`);
    rain.append(piece);
  }
  document.body.append(rain);
  setTimeout(() => {
    rain.remove();
    done.classList.remove("celebrating");
  }, (CONFETTI_SECONDS + 1) * 1000);
}

document.addEventListener("wortsuche:complete", celebrate);
