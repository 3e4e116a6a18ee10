// The page's texts in the reader's language, from the catalogue: the server puts them into the
// page as JSON (<script id="texts">). say("found", {words: "…"}) fills the {name} fields.
const element = document.getElementById("texts");
const texts = element ? JSON.parse(element.textContent) : {};

// A language chosen with the switch (?lang=) stays chosen on the pages a link leads to.
export function keepLanguage(url) {
  const chosen = new URLSearchParams(window.location.search).get("lang");
  return chosen ? `${url}?lang=${encodeURIComponent(chosen)}` : url;
}

export function say(key, values = {}) {
  const text = texts[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}
