"""The word set to place: the words as given, prepared, and the words that need no place of
their own.

A word that lies inside a longer listed word (KRÖTE in SCHILDKRÖTE) has its place there, and a
word that is another listed word backwards (REGAL, LAGER) shares that word's placement: both are
left out of the search and given their placement once the others stand.
"""

from __future__ import annotations

import bisect
import functools
import itertools
from collections.abc import Callable, Iterable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import replace

from wortsuche.errors import InputError
from wortsuche.limits import MAX_WORDS
from wortsuche.model import Cell, Options, Placement, Word
from wortsuche.notes import Note
from wortsuche.words.clues import split_clue
from wortsuche.words.normalise import normalise_words


def _entry(item: object) -> str:
    """What a set's items are sorted by: a word's entry, else the item as text."""
    return item.entry if isinstance(item, Word) else str(item)


def prepare_words(
    words: Iterable[str | Word], *, transliterate: bool = False, eszett: str = "keep"
) -> tuple[tuple[Word, ...], list[str]]:
    """Normalise entries given as strings (``word = clue`` with its clue); keep :class:`Word`
    values as they are."""
    if isinstance(words, str | bytes) or not isinstance(words, Iterable):
        raise InputError(
            f"words must be a list of words, not {type(words).__name__}",
            key="error.words-list",
            values={"name": "words", "kind": type(words).__name__},
        )
    # a set has no order: sorted, the same words make the same puzzle in every run
    items = sorted(words, key=_entry) if isinstance(words, AbstractSet) else list(words)
    for index, item in enumerate(items):
        if not isinstance(item, str | Word):
            raise InputError(
                f"words[{index}] must be text or a Word, not {item!r}",
                key="error.words-item",
                values={"index": index, "value": repr(item)},
            )
    if not items:
        raise InputError("no words given", key="error.no-words")
    if len(items) > MAX_WORDS:
        raise InputError(
            f"too many words: {len(items)} (at most {MAX_WORDS})",
            key="error.too-many-words",
            values={"count": len(items), "most": MAX_WORDS},
        )
    if all(isinstance(w, Word) for w in items):
        return tuple(w for w in items if isinstance(w, Word)), []
    if len(items) <= KEPT_WORDS and all(type(w) is str for w in items):
        prepared, warnings = _kept_prepared(tuple(items), transliterate, eszett)
    else:
        prepared, warnings = _prepared(items, transliterate, eszett)
    return prepared, list(warnings)


KEPT_WORDS = 200
"""Lists of at most this many entries keep their prepared words for the next puzzle of the same
list (16 lists): a class's list made again, a book's list on every page. Words and notes are
values that nobody changes; each caller gets a list of the notes of its own."""


def _prepared(
    items: Sequence[str | Word], transliterate: bool, eszett: str
) -> tuple[tuple[Word, ...], tuple[str, ...]]:
    """The entries normalised, with their notes."""
    # An entry may carry its clue ("IGEL = Ein Tier mit Stacheln"); a Word keeps its own.
    split = [(w.entry, w.clue) if isinstance(w, Word) else split_clue(str(w)) for w in items]
    entries, clues = [entry for entry, _ in split], [clue for _, clue in split]
    return normalise_words(entries, transliterate=transliterate, eszett=eszett, clues=clues)


_kept_prepared = functools.lru_cache(maxsize=16)(_prepared)


def prepare_secret_words(
    secret: Iterable[str | Word] | None,
    listed: Sequence[Word],
    options: Options,
    transliterate: bool,
    eszett: str,
) -> tuple[tuple[Word, ...], list[str]]:
    """The secret words, normalised as the listed ones, and notes on them."""
    if secret is None:
        return (), []
    if isinstance(secret, str | bytes) or not isinstance(secret, Iterable):
        raise InputError(
            f"secret must be a list of words, not {type(secret).__name__}",
            key="error.words-list",
            values={"name": "secret", "kind": type(secret).__name__},
        )
    items = list(secret)
    if not items:
        return (), []
    if options.absent:
        raise InputError(
            "an absent puzzle hides none of its words, so it has no secret ones",
            key="error.absent-secret",
        )
    words, notes = prepare_words(items, transliterate=transliterate, eszett=eszett)
    # a listed word backwards stands in the listed word's cells: it would be no secret
    backwards = sorted({w.letters[::-1] for w in listed} & {w.letters for w in words})
    backwards = [word for word in backwards if word not in {w.letters for w in listed}]
    if backwards:
        raise InputError(
            f"{backwards[0]} is {backwards[0][::-1]} read backwards, a listed word: it would "
            "stand in that word's cells, no secret",
            key="error.secret-backwards",
            values={"word": backwards[0], "listed": backwards[0][::-1]},
        )
    both = sorted({w.letters for w in listed} & {w.letters for w in words})
    if both:
        raise InputError(
            f"{', '.join(both)} is listed and secret at once; a word is one or the other",
            key="error.listed-and-secret",
            values={"words": ", ".join(both)},
        )
    return words, [
        Note(f"secret words: {note}", key="note.secret-words", values={"note": note})
        for note in notes
    ]


SEARCHED_LISTS = 400
"""Up to this many words, :func:`outside_longer_words` searches the text of the longer words
(three times faster on 20 words); above, the set of every word's pieces is faster."""


def outside_longer_words(letters: Sequence[str]) -> list[str]:
    """The words that do not lie inside a longer listed word, read either way.

    KRÖTE inside SCHILDKRÖTE, FN inside INFORMATION backwards: such a word is not placed a
    second time on its own; its place is inside the longer word, so its letters stand once.
    """
    distinct = set(letters)
    if len(distinct) <= SEARCHED_LISTS:
        # a word lies in a longer one if it is found in the text of all longer words
        longer = {n: "\n".join(w for w in distinct if len(w) > n) for n in set(map(len, distinct))}
        return [w for w in letters if w not in longer[len(w)] and w[::-1] not in longer[len(w)]]
    shorter_pieces = {
        word[i:j]
        for word in distinct
        for i in range(len(word))
        for j in range(i + 1, len(word) + 1)
        if j - i < len(word)
    }
    return [w for w in letters if w not in shorter_pieces and w[::-1] not in shorter_pieces]


def without_reverse_twins(letters: Sequence[str]) -> list[str]:
    """Drop a word that is another listed word backwards: both share one placement."""
    kept: list[str] = []
    seen: set[str] = set()
    for word in letters:
        if word[::-1] in seen and word[::-1] != word:
            continue
        seen.add(word)
        kept.append(word)
    return kept


def with_reverse_twins(
    placed: Sequence[Placement],
    letters: Sequence[str],
    cells_of: Callable[[Placement], Sequence[Cell]],
) -> dict[str, Placement]:
    """The placements by word, each word that is another backwards sharing its twin's cells
    (``cells_of`` a placement on the grid), read from the other end."""
    placements = {p.letters: p for p in placed}
    for word in letters:
        twin = placements.get(word[::-1])
        if word not in placements and twin is not None:
            placements[word] = Placement(word, cells_of(twin)[-1], twin.direction.reverse)
    return placements


def with_contained_words(
    placements: dict[str, Placement],
    placed: Sequence[Placement],
    letters: Sequence[str],
    cells_of: Callable[[Placement], Sequence[Cell]],
) -> dict[str, Placement]:
    """Give each word inside a longer word its place there: the first placed word holding it.

    The placed words are searched as one text (one ``find`` per word, not one per word and
    host); within one host the word read forwards comes before its reversal.
    """
    text = "\n".join(host.letters for host in placed)
    starts = list(itertools.accumulate((len(h.letters) + 1 for h in placed), initial=0))
    for word in letters:
        if word in placements:
            continue
        forwards, backwards = text.find(word), text.find(word[::-1])
        hosts = [
            (bisect.bisect_right(starts, at) - 1, reading, at)
            for reading, at in ((0, forwards), (1, backwards))
            if at >= 0
        ]
        if not hosts:
            continue
        index, reading, at = min(hosts)
        host, at = placed[index], at - starts[index]
        cells = cells_of(host)
        if reading == 0:
            placements[word] = replace(host, letters=word, start=cells[at])
        else:
            end = cells[at + len(word) - 1]
            placements[word] = replace(
                host, letters=word, start=end, direction=host.direction.reverse
            )
    return placements
