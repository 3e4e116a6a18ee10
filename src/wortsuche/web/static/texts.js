// The page's texts in the reader's language, from the catalogue: the page carries them as JSON
// (<script id="texts">). say("found", {words: "…"}) fills the {name} fields.

// The page's catalogue: {key: text}, empty where there is none (a unit test, a page without).
function pageCatalogue() {
  const element = typeof document === "undefined" ? null : document.getElementById("texts");
  return element ? JSON.parse(element.textContent) : {};
}

// say() for a catalogue: a message with plural forms has its form for one under "key#one";
// a key the catalogue lacks says itself.
export function sayFrom(catalogue) {
  return (key, values = {}) => {
    const text = (values.count === 1 ? catalogue[`${key}#one`] : undefined) ?? catalogue[key] ?? key;
    return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
  };
}

export const say = sayFrom(pageCatalogue());

// A language chosen with the switch (?lang=) stays chosen on the pages a link leads to.
export function keepLanguage(url) {
  const chosen = new URLSearchParams(window.location.search).get("lang");
  return chosen ? `${url}?lang=${encodeURIComponent(chosen)}` : url;
}
