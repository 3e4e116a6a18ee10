// The letters of a board read as text: a hidden message from the cells no found word covers,
// and a word set into its shape. Where cells are and how they line up is topology.js's.

// A hidden message: the letters of the cells no found word covers, in reading order, set into
// the message's shape ("Aaa aaaaaaa!": one grid letter for each A or a, in that case; the rest as
// typed). If the shape does not match the number of letters, the letters alone.
export function hiddenMessage(rows, lines, shape, length) {
  const covered = new Set(lines.flat().map(([r, c]) => `${r},${c}`));
  const letters = [];
  rows.forEach((row, r) => {
    Array.from(row).forEach((letter, c) => {
      if (!covered.has(`${r},${c}`)) letters.push(letter);
    });
  });
  return fillShape(shape, letters.slice(0, length));
}

// Letters set into a shape ("Aaaaa": one letter for each A or a, in that case; the rest as it
// stands). If the shape does not match the number of letters, the letters alone.
export function fillShape(shape, letters) {
  const slots = Array.from(shape).filter((ch) => ch === "A" || ch === "a").length;
  if (slots !== letters.length) return letters.join("");
  let k = 0;
  return Array.from(shape)
    .map((ch) => {
      if (ch === "A") return letters[k++].toLocaleUpperCase();
      if (ch === "a") return letters[k++].toLocaleLowerCase();
      return ch;
    })
    .join("");
}
