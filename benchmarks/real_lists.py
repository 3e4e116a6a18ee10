"""Draw the real word lists of the benchmarks again: frequent English and German words of 3 to 14
letters, in the proportions of school and puzzle-book lists, at the densities people bring.

    python -m pip install -e '.[bench]'       # wordfreq, which ships its word lists (no network)
    python benchmarks/real_lists.py           # rewrites benchmarks/data/real/*.txt

The lists are frozen in ``benchmarks/data/real/`` so that runs and CI do not depend on the
version of wordfreq; this script is how they were made and how to make them again. Every file is
a plain word list (``wortsuche generate FILE --size ROWSxCOLS``) whose ``#`` lines name its
source, its size and its letters per cell; its name says the language, the size and the number
of words (``en-100x100-1000.txt``).

How a list is drawn (seed 2026, the same lists every time for the same wordfreq data):

* the words of wordfreq's ``best`` list of the language, most frequent first, letters only
  (A–Z; for German also Ä, Ö and Ü: wordfreq writes ß as ss), at least two different letters;
* for each length from 3 to 14 letters, its share of the list (:data:`LENGTH_SHARES`) drawn at
  random from the most frequent words of that length (:data:`POOL` times as many as needed),
  so that a list holds common words, which contain each other (ART in PARTY) as real lists do.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

OUT = Path(__file__).resolve().parent / "data" / "real"

LENGTH_SHARES = {3: 4, 4: 7, 5: 10, 6: 12, 7: 13, 8: 13, 9: 12, 10: 10, 11: 7, 12: 5, 13: 4, 14: 3}
"""Per cent of a list's words of each length: from 3 to 14 letters, most of 5 to 10, mean 7.96
(school word lists and puzzle books run from short words to a few long compounds)."""

POOL = 4
"""A length's words are drawn from this many times as many of its most frequent words."""

LETTERS = {"en": set("ABCDEFGHIJKLMNOPQRSTUVWXYZ"), "de": set("ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜß")}

SIZES = ((15, 15, 20), (25, 25, 60), (50, 50, 100), (100, 100, 1000), (200, 200, 4000),
         (500, 500, 10000))  # fmt: skip
"""(rows, cols, words) of the lists: the peers' sizes, then the large grids (0.71 to 0.8 letters
per cell, 50x50 and 500x500 at 0.32)."""

SOURCE = "wordfreq {version} 'best' list (data CC-BY-SA 4.0, https://pypi.org/project/wordfreq/)"


def by_length(language: str) -> dict[int, list[str]]:
    """The usable words of ``language``, upper case, most frequent first, per length."""
    import wordfreq

    letters = LETTERS[language]
    found: dict[int, list[str]] = {length: [] for length in LENGTH_SHARES}
    for word in wordfreq.iter_wordlist(language, "best"):
        upper = "".join("ß" if ch == "ß" else ch.upper() for ch in word)
        if len(upper) in found and set(upper) <= letters and len(set(upper)) > 1:
            found[len(upper)].append(upper)
    return found


def counts(total: int) -> dict[int, int]:
    """How many words of each length a list of ``total`` words holds (largest remainders)."""
    exact = {length: total * share / 100 for length, share in LENGTH_SHARES.items()}
    chosen = {length: int(value) for length, value in exact.items()}
    for length in sorted(exact, key=lambda n: chosen[n] - exact[n])[: total - sum(chosen.values())]:
        chosen[length] += 1
    return chosen


def draw(words: dict[int, list[str]], total: int, rnd: random.Random) -> list[str]:
    """``total`` words in the proportions of :data:`LENGTH_SHARES`, in random order."""
    drawn: list[str] = []
    for length, count in counts(total).items():
        pool = words[length][: max(POOL * count, 20)]
        if len(pool) < count:
            raise SystemExit(f"only {len(pool)} words of {length} letters, {count} needed")
        drawn += rnd.sample(pool, count)
    rnd.shuffle(drawn)
    return drawn


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="folder to write (data/real)")
    args = parser.parse_args()
    from importlib.metadata import version

    source = SOURCE.format(version=version("wordfreq"))
    args.out.mkdir(parents=True, exist_ok=True)
    for language in ("en", "de"):
        words = by_length(language)
        for rows, cols, total in SIZES:
            drawn = draw(words, total, random.Random(f"2026:{language}:{rows}x{cols}:{total}"))
            letters = sum(map(len, drawn))
            header = [
                f"# {total} frequent {'English' if language == 'en' else 'German'} words of 3-14 "
                f"letters for {rows}x{cols}: {letters} letters, "
                f"{letters / (rows * cols):.2f} letters per cell",
                f"# drawn by benchmarks/real_lists.py from {source}",
            ]
            path = args.out / f"{language}-{rows}x{cols}-{total}.txt"
            path.write_text("\n".join(header + drawn) + "\n", encoding="utf-8")
            print(f"{path.name}: {letters / (rows * cols):.2f} letters per cell")


if __name__ == "__main__":
    main()
