// The page's texts in the reader's language, from the catalogue: the page carries them as JSON
// (<script id="texts">). say("found", {words: "…"}) fills the {name} fields.
// A plain script (no modules): the offline file inlines it as it stands.
"use strict";

const catalogue = (() => {
  const element = document.getElementById("texts");
  return element ? JSON.parse(element.textContent) : {};
})();

// A language chosen with the switch (?lang=) stays chosen on the pages a link leads to.
function keepLanguage(url) {
  const chosen = new URLSearchParams(window.location.search).get("lang");
  return chosen ? `${url}?lang=${encodeURIComponent(chosen)}` : url;
}

// A message with plural forms has its form for one under "key#one".
function say(key, values = {}) {
  const text = (values.count === 1 ? catalogue[`${key}#one`] : undefined) ?? catalogue[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}
