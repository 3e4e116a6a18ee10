// Clues in the word list: a clue that is one emoji shows as its picture (Noto Emoji, from
// /emoji/ or, in the offline file, from its #pictures data), and a word listed by its clue
// shows beside the clue once it is found. The list item keeps the clue as its text, so hints
// and screen readers say the clue, not the word.
// A module with an effect: importing it watches the word list and listens for wortsuche:found.

(function showClues() {
  const list = document.getElementById("words");
  if (!list) return;
  const embedded = document.getElementById("pictures");
  const pictures = embedded ? JSON.parse(embedded.textContent) : null;
  const ONE_EMOJI =
    /^(\p{Regional_Indicator}{2}|\p{Extended_Pictographic}\uFE0F?\p{Emoji_Modifier}?(\u200D\p{Extended_Pictographic}\uFE0F?\p{Emoji_Modifier}?)*[\u{E0020}-\u{E007F}]*)$/u;

  // One of wortsuche's own pictures of a school thing no emoji shows, named x-table.
  const NAMED = /^x-[a-z]+(-[a-z]+)*$/;

  // The picture's file name: the code points in hexadecimal, without U+FE0F (as the package
  // names them), or the own picture's name.
  const OWN_PICTURE = "data:image/png;base64,";

  function pictureKey(emoji) {
    if (NAMED.test(emoji)) return emoji;
    return Array.from(emoji, (char) => char.codePointAt(0).toString(16))
      .filter((hex) => hex !== "fe0f")
      .join("-");
  }

  function showPictures() {
    for (const entry of list.querySelectorAll(".entry")) {
      const clue = entry.textContent;
      // a picture may be followed by its letter count (--letter-count): 🦔 (4)
      const [, text, count] = clue.match(/^(\S+) \((\d{1,3})\)$/) || [null, clue, null];
      const own = text.startsWith(OWN_PICTURE); // a teacher's own picture carries its PNG
      const named = NAMED.test(text);
      if (entry.querySelector("img") || !(own || named || ONE_EMOJI.test(text))) continue;
      const source = own ? text : pictures ? pictures[clue] : `/emoji/${pictureKey(text)}.png`;
      if (!source) continue;
      const image = document.createElement("img");
      image.className = "picture";
      // a name no picture has (the server has no such file) stays the clue in words
      if (named) image.addEventListener("error", () => entry.replaceChildren(clue), { once: true });
      image.src = source;
      // read as the emoji's name, a named picture as its thing (an own picture has none)
      image.alt = own ? "🖼️" : named ? text.slice(2).replaceAll("-", " ") : text;
      image.dataset.clue = text;
      image.style.height = "2.6em";
      image.style.width = "2.6em";
      image.style.verticalAlign = "middle";
      entry.replaceChildren(image);
      if (count) entry.append(` (${count})`);
    }
  }

  function clueOf(item) {
    const image = item.querySelector(".entry img");
    return image ? image.dataset.clue : item.querySelector(".entry").textContent;
  }

  function showWords({ indices = [], words = [] }) {
    indices.forEach((index, k) => {
      const item = list.querySelector(`li[data-index="${index}"]`);
      if (!item || item.querySelector(".found-word") || clueOf(item) === words[k]) return;
      const word = document.createElement("span");
      word.className = "found-word";
      word.textContent = ` ${words[k]}`;
      word.style.fontWeight = "bold";
      item.querySelector(".entry").after(word);
    });
  }

  // The finds the game kept for this puzzle (localStorage, as game.js saves them), shown
  // again when the page is opened anew.
  function savedFinds() {
    const key = document.body.dataset.progressKey; // game.js names it before it builds the list
    try {
      return (key && JSON.parse(localStorage.getItem(key))?.found) || [];
    } catch {
      return [];
    }
  }

  function listBuilt() {
    showPictures();
    if (list.children.length) savedFinds().forEach(showWords);
  }

  document.addEventListener("wortsuche:found", (event) => showWords(event.detail));
  new MutationObserver(listBuilt).observe(list, { childList: true });
  listBuilt();
})();
