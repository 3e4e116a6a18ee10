// The browser's texts (texts.js): both catalogues hold the same js.* messages with the same
// fields, every message the modules say is in them, and say() fills them in.
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { test } from "node:test";

import { sayFrom } from "../../src/wortsuche/web/static/texts.js";

const ROOT = new URL("../../src/wortsuche/", import.meta.url);
const STATIC = new URL("web/static/", ROOT);

// The js.* messages of a language's .po file: {key: [text, …]} (a plural has two forms).
function catalogue(language) {
  const po = readFileSync(new URL(`locale/${language}/LC_MESSAGES/wortsuche.po`, ROOT), "utf-8");
  const messages = {};
  let fields = {};
  let field = null;
  const keep = () => {
    if (!fields.msgid?.startsWith("js.")) return;
    messages[fields.msgid.slice(3)] = Object.keys(fields).filter((name) => name.startsWith("msgstr")).map((name) => fields[name]);
  };
  for (const line of po.split("\n")) {
    const start = line.match(/^(msgid|msgid_plural|msgstr(?:\[\d\])?) "(.*)"$/);
    const more = line.match(/^"(.*)"$/);
    if (start && start[1] === "msgid") {
      keep(); // a new message, with or without a blank line before it
      fields = {};
    }
    if (start) [field, fields[start[1]]] = [start[1], start[2]];
    else if (more && field) fields[field] += more[1];
    else field = null;
  }
  keep();
  return messages;
}

const german = catalogue("de");
const english = catalogue("en");

// The {name} fields of a text, sorted.
const fieldsOf = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test("both languages have the same keys, each translated, with the same fields", () => {
  assert.ok(Object.keys(english).length > 40);
  assert.deepEqual(Object.keys(german).sort(), Object.keys(english).sort());
  for (const key of Object.keys(english)) {
    assert.ok(german[key].every((text) => text !== ""), `de: ${key} is empty`);
    assert.ok(english[key].every((text) => text !== ""), `en: ${key} is empty`);
    assert.deepEqual(
      [...new Set(german[key].flatMap(fieldsOf))].sort(),
      [...new Set(english[key].flatMap(fieldsOf))].sort(),
      key,
    );
  }
});

test("every message a module says is in the catalogue", () => {
  const said = new Set(["next-puzzle", "easier", "harder"]); // play.js says them from a list
  for (const name of readdirSync(STATIC).filter((file) => file.endsWith(".js"))) {
    const source = readFileSync(new URL(name, STATIC), "utf-8");
    for (const call of source.matchAll(/\bsay\(([^,)]*)/g)) {
      for (const key of call[1].matchAll(/"([\w-]+)"/g)) said.add(key[1]);
    }
  }
  assert.ok(said.size > 40);
  const missing = [...said].filter((key) => !(key in english));
  assert.deepEqual(missing, []);
});

test("say fills in the fields, takes the form for one, and says an unknown key as it is", () => {
  const say = sayFrom({ found: "Found: {words}.", "hints-used": "{count} hints", "hints-used#one": "one hint" });
  assert.equal(say("found", { words: "Igel" }), "Found: Igel.");
  assert.equal(say("found"), "Found: {words}.");
  assert.equal(say("hints-used", { count: 3 }), "3 hints");
  assert.equal(say("hints-used", { count: 1 }), "one hint");
  assert.equal(say("no-such-key"), "no-such-key");
});
