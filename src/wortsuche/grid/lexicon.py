"""The listed words as the board's checks read them: every string either way, its beginnings,
ends and short pieces, and the letters that would fill each one-letter hole of a word.

>>> lexicon = Lexicon(["ABC"])
>>> sorted(lexicon.strings), lexicon.holes["A.C"]
(['ABC', 'CBA'], 'B')
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

PIECE = 6
"""Longest word piece kept for pruning (longer ones would cost memory for little gain)."""

KEPT_WORDS = 200
"""Lists of at most this many words keep their lexicon (and its screened twin) for the next
puzzle of the same list (:func:`lexicon_of`): on a small grid building them is a tenth of the
puzzle, on a large one it is little beside placing and the indexes would hold much memory."""

KEPT_LISTS = 16
"""How many small lists' lexicons are kept (the most recently used)."""


class Lexicon:
    """The listed words and their reversals, indexed for the board's checks.

    ``screen`` adds words that must never be completed either (offensive words, see
    :mod:`wortsuche.words.screen`): the checks treat them like listed words that are not placed.
    """

    def __init__(self, words: Sequence[str], screen: Sequence[str] = ()) -> None:
        every = [*words, *screen]
        self.strings: frozenset[str] = frozenset(every) | frozenset(w[::-1] for w in every)
        self.letters = frozenset("".join(every))
        self.single_letters = frozenset(w for w in words if len(w) == 1)
        self.lengths: tuple[int, ...] = tuple(sorted({len(w) for w in every}))
        self.length_set = frozenset(self.lengths)
        self.longest = self.lengths[-1] if self.lengths else 0
        self.beginnings, self.endings, self.pieces = _affixes(self.strings)
        self.holes = _holes(self.strings)
        self.kept = False
        """Whether :func:`lexicon_of` keeps this lexicon for later puzzles (then its screened
        twins are kept with it)."""
        self._screened: dict[tuple[str, ...], Lexicon] = {}

    def with_screen(self, screen: Sequence[str]) -> Lexicon:
        """This lexicon with the ``screen`` words added: the same as ``Lexicon(words, screen)``,
        built from this one's indexes and the screen's own (a screen is the same few dozen
        words for every puzzle of a language: its indexes are made once per process). A lexicon
        kept by :func:`lexicon_of` keeps its screened twin too."""
        key = tuple(screen)
        known = self._screened.get(key)
        if known is not None:
            return known
        joined = self._joined(_screen_indexes(key))
        if self.kept:
            self._screened[key] = joined
        return joined

    def _joined(self, extra: Lexicon) -> Lexicon:
        """This lexicon and the indexes ``extra`` of a screen in one."""
        if extra.strings <= self.strings:
            return self
        joined = Lexicon(())
        joined.strings = _union(self.strings, extra.strings)
        joined.letters = self.letters | extra.letters
        joined.single_letters = self.single_letters
        joined.lengths = tuple(sorted(set(self.lengths) | set(extra.lengths)))
        joined.length_set = frozenset(joined.lengths)
        joined.longest = joined.lengths[-1] if joined.lengths else 0
        joined.beginnings = _union(self.beginnings, extra.beginnings)
        joined.endings = _union(self.endings, extra.endings)
        joined.pieces = _union(self.pieces, extra.pieces)
        # A string of both adds no letter to a hole that this lexicon's holes lack: the same
        # holes, letters in the same order, as from the screen's strings that are new alone.
        # The larger index is copied whole and the other's keys read; where both have a key,
        # this lexicon's letters come first.
        own, theirs = self.holes, extra.holes
        if len(own) >= len(theirs):
            holes = dict(own)
            for key, letters in theirs.items():
                known = holes.get(key)
                if known is None:  # most of the screen's holes are its own
                    holes[key] = letters
                elif letters not in known:
                    holes[key] = known + "".join(x for x in letters if x not in known)
        else:
            holes = {**theirs, **own}
            for key in own.keys() & theirs.keys():
                known, letters = own[key], theirs[key]
                if letters not in known:
                    holes[key] = known + "".join(x for x in letters if x not in known)
        joined.holes = holes
        return joined


def _union(one: frozenset[str], other: frozenset[str]) -> frozenset[str]:
    """Both sets in one: the larger copied whole (a table copied as it is), the smaller added."""
    return one | other if len(one) >= len(other) else other | one


def lexicon_of(words: Sequence[str]) -> Lexicon:
    """``Lexicon(words)``, kept for the next puzzle of the same list when the list is small
    (:data:`KEPT_WORDS`). A lexicon is never changed once made, so one may serve many boards."""
    if len(words) > KEPT_WORDS:
        return Lexicon(words)
    return _kept(tuple(words))


@functools.lru_cache(maxsize=KEPT_LISTS)
def _kept(words: tuple[str, ...]) -> Lexicon:
    lexicon = Lexicon(words)
    lexicon.kept = True
    return lexicon


@functools.lru_cache(maxsize=8)
def _screen_indexes(screen: tuple[str, ...]) -> Lexicon:
    """The indexes of the screen words alone, their single letters aside (a screened word is
    never placed)."""
    indexes = Lexicon((), screen)
    return indexes


def _affixes(strings: Iterable[str]) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """Every beginning and every end of the strings ("" too), and every piece of up to
    :data:`PIECE` letters.

    A run of letters next to a cell can only take part in a word if it is a beginning or an
    end; a run that does not start with a piece cannot be part of any word, so the checks stop
    reading there.
    """
    beginnings: set[str] = set()
    endings: set[str] = set()
    pieces: set[str] = set()
    for text in strings:  # the cuts of each length are made once: the slicing stays in C
        begin, end, piece = _cuts(len(text))
        cut = text.__getitem__
        beginnings.update(map(cut, begin))
        endings.update(map(cut, end))
        pieces.update(map(cut, piece))
    return frozenset(beginnings), frozenset(endings), frozenset(pieces)


@functools.cache
def _cuts(length: int) -> tuple[list[slice], list[slice], list[slice]]:
    """The slices of a string of ``length`` letters that are its beginnings, its ends and its
    pieces of up to :data:`PIECE` letters (what :func:`_affixes` keeps)."""
    begin = [slice(0, k) for k in range(length + 1)]
    end = [slice(k, None) for k in range(length + 1)]
    piece = [slice(i, i + n) for n in range(1, PIECE + 1) for i in range(length - n + 1)]
    return begin, end, piece


def _holes(strings: Iterable[str]) -> dict[str, str]:
    """The letters that would complete a string in each hole: "AB.D" -> "C" for ABCD."""
    holes: dict[str, str] = {}
    for text in sorted(strings):
        for i, letter in enumerate(text):
            key = f"{text[:i]}.{text[i + 1 :]}"
            known = holes.get(key)
            if known is None:
                holes[key] = letter
            elif letter not in known:
                holes[key] = known + letter
    return holes
