"""Build wortsuche's school vocabulary, ``src/wortsuche/data/vocabulary/pairs.txt``.

The pairs come from three places, each recorded in the file's header with its licence:

* the themes' pairs (``data/themes/pairs/*.txt``, written for wortsuche, MIT) and the school
  words written by hand in ``tools/vocabulary/school.txt`` (MIT): the natural partner of each
  word, what a native speaker says (Lehrerin = teacher, not "woman teacher");
* FreeDict's German-English and English-German dictionaries (Debian's ``dict-freedict-deu-eng``
  and ``dict-freedict-eng-deu``, GNU GPL 2 or later / GNU AGPL 3), read for two things only:
  whether they know each pair (the header counts the pairs they confirm; the others are listed
  in ``tools/vocabulary/unconfirmed.txt`` to be read by a person) and the gender of a noun
  written without its article (der, die, das); no translation is copied from them;
* the Unicode CLDR emoji names in German and English (shipped by the ``emoji`` package on PyPI,
  Unicode licence v3), for the picture of a noun that has none yet: an emoji whose English name
  is the word (``dog``, or ``dog face``) and whose German name holds the German word.

    apt-get install dict-freedict-deu-eng dict-freedict-eng-deu
    pip install -e '.[vocabulary-build]'
    python tools/build_vocabulary.py
    python tools/build_emoji.py        # draws the pictures of the new emoji

Only the curated pairs are shipped, never the dictionaries.
"""

from __future__ import annotations

import argparse
import gzip
import re
import sys
from dataclasses import dataclass, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "src" / "wortsuche" / "data"
SCHOOL = ROOT / "tools" / "vocabulary" / "school.txt"
OUT = DATA / "vocabulary" / "pairs.txt"
UNCONFIRMED = ROOT / "tools" / "vocabulary" / "unconfirmed.txt"
DICTD = Path("/usr/share/dictd")
ARTICLES = ("der", "die", "das")
GENDERS = {"masc": "der", "fem": "die", "neut": "das"}


@dataclass(frozen=True)
class Entry:
    """One pair as it will be written: ``der Hund = dog = 🐕``."""

    de: str
    en: str
    article: str | None = None
    emoji: str | None = None
    no_picture: bool = False
    origin: str = "school"

    @property
    def line(self) -> str:
        german = f"{self.article} {self.de}" if self.article else self.de
        return " = ".join(part for part in (german, self.en, self.emoji) if part)


class Dictionary:
    """A dictd dictionary (``.index`` and ``.dict.dz``) read into memory."""

    _DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

    def __init__(self, name: str) -> None:
        with gzip.open(DICTD / f"{name}.dict.dz", "rb") as packed:
            self.text = packed.read()
        self.index: dict[str, list[tuple[int, int]]] = {}
        for line in (DICTD / f"{name}.index").read_text("utf-8").splitlines():
            word, offset, length = line.split("\t")
            self.index.setdefault(word.casefold(), []).append(
                (self._number(offset), self._number(length))
            )

    def _number(self, digits: str) -> int:
        value = 0
        for digit in digits:
            value = value * 64 + self._DIGITS.index(digit)
        return value

    def articles(self, word: str) -> list[str]:
        """The entries of ``word`` (its case as written), as text."""
        found = []
        for offset, length in self.index.get(word.casefold(), []):
            text = self.text[offset : offset + length].decode("utf-8")
            if text.split(" /", 1)[0].split(" <", 1)[0].strip() == word:
                found.append(text)
        return found

    def senses(self, word: str) -> set[str]:
        """Every translation given for ``word``, case-folded, without its tags."""
        found: set[str] = set()
        for text in self.articles(word):
            for line in text.splitlines()[1:]:
                if line.startswith("  ") or line.startswith(" see:"):
                    continue  # examples, notes, synonyms, cross-references
                line = re.sub(r"\[[^\]]*\]", "", line)
                for part in line.split(","):
                    sense = part.split("<", 1)[0].strip().casefold()
                    if sense and not sense.startswith("/"):
                        found.add(sense)
        return found

    def gender(self, word: str, english: str) -> str | None:
        """The article of the noun ``word``: that of its entry translated ``english`` (die
        Kiefer is the pine, der Kiefer the jaw), else of its first entry that gives one; a
        verb written as a noun (das Backen) is neuter."""
        if word.endswith("en") and self.articles(word.lower()):
            return "das"
        texts = self.articles(word)
        texts.sort(key=lambda text: english.casefold() not in text.casefold())
        for text in texts:
            tags = re.search(r"<([^>]*)>", text.splitlines()[0])
            if tags is None:
                continue
            parts = {part.strip() for part in tags.group(1).split(",")}
            if "pl" in parts and not parts & GENDERS.keys():
                return "die"
            for tag, article in GENDERS.items():
                if tag in parts:
                    return article
        return None


def read_pairs(path: Path, origin: str) -> list[Entry]:
    """The pairs of one file: ``[article] German = English [= emoji or -]``."""
    entries = []
    for line in path.read_text("utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        de, en, *rest = (part.strip() for part in line.split("="))
        article, _, word = de.partition(" ")
        if article not in ARTICLES or not word:
            article, word = "", de
        emoji = rest[0] if rest else None
        if emoji and is_flag(emoji):
            emoji = None
        entries.append(
            Entry(word, en, article or None, None if emoji == "-" else emoji, emoji == "-", origin)
        )
    return entries


def is_flag(emoji: str) -> bool:
    """True for a country's flag, which the pictures shipped (Noto's set) lack."""
    return all(0x1F1E6 <= ord(char) <= 0x1F1FF for char in emoji)


def cldr_pictures() -> dict[str, list[tuple[str, str]]]:
    """English CLDR name (``dog``, ``dog face``) to the emoji and its German name."""
    import emoji

    emoji.config.load_language("de")
    names: dict[str, list[tuple[str, str]]] = {}
    for char, data in emoji.EMOJI_DATA.items():
        if data.get("status") != emoji.STATUS["fully_qualified"] or "de" not in data:
            continue
        english = data["en"].strip(":").replace("_", " ").casefold()
        german = data["de"].strip(":").replace("_", " ").casefold()
        names.setdefault(english, []).append((char, german))
    return names


def picture(entry: Entry, names: dict[str, list[tuple[str, str]]]) -> str | None:
    """The emoji CLDR names as ``entry``'s English word whose German name holds its German one."""
    english = entry.en.casefold()
    for name in (english, f"{english} face"):
        for char, german in names.get(name, []):
            if entry.de.casefold() in german.replace(" ", "") and not is_flag(char):
                return char
    return None


def is_noun(word: str) -> bool:
    """A German noun is written with a capital (and so are the languages Deutsch, Englisch)."""
    return word[:1].isupper() and word not in ("Deutsch", "Englisch", "Mathe")


def build(deu_eng: Dictionary, eng_deu: Dictionary) -> tuple[list[Entry], list[Entry], int]:
    """The merged pairs, those FreeDict does not confirm, and how many pictures came from CLDR."""
    themes = [
        entry
        for path in sorted((DATA / "themes" / "pairs").glob("*.txt"))
        for entry in read_pairs(path, "themes")
    ]
    names = cldr_pictures()
    merged: dict[tuple[str, str], Entry] = {}
    unconfirmed: list[Entry] = []
    from_cldr = 0
    school = read_pairs(SCHOOL, "school")
    written = {entry.de.casefold() for entry in school}
    # a theme's pair for a word the school list has is the theme's sense or a gloss that keeps
    # its two lists apart (Cousine = girl cousin): the school list's natural partner stands
    for entry in school + [e for e in themes if e.de.casefold() not in written]:
        key = (entry.de.casefold(), entry.en.casefold())
        known = merged.get(key)
        if known is not None:
            merged[key] = replace(
                known,
                article=known.article or entry.article,
                emoji=known.emoji or (None if known.no_picture else entry.emoji),
            )
            continue
        if is_noun(entry.de) and entry.article is None and " " not in entry.de:
            entry = replace(entry, article=deu_eng.gender(entry.de, entry.en))
        if entry.emoji is None and not entry.no_picture and is_noun(entry.de):
            found = picture(entry, names)
            if found is not None:
                entry = replace(entry, emoji=found)
                from_cldr += 1
        if not confirmed(entry, deu_eng, eng_deu):
            unconfirmed.append(entry)
        merged[key] = entry
    return list(merged.values()), unconfirmed, from_cldr


def confirmed(entry: Entry, deu_eng: Dictionary, eng_deu: Dictionary) -> bool:
    """True if FreeDict gives the English word for the German one, or the other way round."""
    english = entry.en.casefold()
    if english in deu_eng.senses(entry.de) or f"to {english}" in deu_eng.senses(entry.de):
        return True
    german = {entry.de.casefold(), f"{entry.article} {entry.de}".casefold()}
    return bool(german & eng_deu.senses(entry.en))


HEADER = """\
# wortsuche's school vocabulary: German = English [= emoji], one pair a line, a noun with its
# article. Built by tools/build_vocabulary.py; do not edit here: edit tools/vocabulary/school.txt
# (or a theme's pairs) and build again. See README.md beside this file.
#
# Sources and licences:
#   pairs: the themes' pairs and tools/vocabulary/school.txt, written for wortsuche (MIT)
#   checked against FreeDict deu-eng and eng-deu 2022.04.21 (GPL-2+ / AGPL-3; nothing copied):
#     {confirmed} of {total} pairs confirmed, the rest listed in tools/vocabulary/unconfirmed.txt
#   articles of theme nouns: FreeDict's genders ({articles} nouns)
#   pictures: the themes' and school list's emoji; {cldr} matched by Unicode CLDR emoji names
#     in German and English (Unicode License v3, via the emoji package {emoji_version})
"""


def main() -> int:
    """Write the vocabulary and the list of pairs FreeDict does not confirm."""
    import emoji

    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()
    deu_eng, eng_deu = Dictionary("freedict-deu-eng"), Dictionary("freedict-eng-deu")
    entries, unconfirmed, from_cldr = build(deu_eng, eng_deu)
    theme_articles = sum(1 for e in entries if e.origin == "themes" and e.article)
    OUT.parent.mkdir(exist_ok=True)
    header = HEADER.format(
        confirmed=len(entries) - len(unconfirmed),
        total=len(entries),
        articles=theme_articles,
        cldr=from_cldr,
        emoji_version=emoji.__version__,
    )
    OUT.write_text(header + "\n".join(entry.line for entry in entries) + "\n", "utf-8")
    UNCONFIRMED.write_text(
        "# Pairs FreeDict does not give (read by a person: natural partners FreeDict lacks,\n"
        "# or a mistake): German = English\n"
        + "\n".join(entry.line for entry in unconfirmed)
        + "\n",
        "utf-8",
    )
    nouns = [e for e in entries if is_noun(e.de) and " " not in e.de]
    print(
        f"{len(entries)} pairs, {len(entries) - len(unconfirmed)} confirmed by FreeDict, "
        f"{sum(1 for e in nouns if e.article)}/{len(nouns)} nouns with an article, "
        f"{sum(1 for e in entries if e.emoji)} with a picture ({from_cldr} from CLDR names)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
