"""Notes for the user (a line was split, a duplicate removed, a size chosen), in every language.

A :class:`Note` is the English text, so everything that shows or stores notes as strings keeps
working, and it names its catalogue entry like a :class:`~wortsuche.errors.WortsucheError`
does: :meth:`wortsuche.i18n.Translator.say` says it in another language.

>>> note = Note("size 9x9 chosen from the words", key="note.size-chosen", values={"size": "9x9"})
>>> note == "size 9x9 chosen from the words", note.key
(True, 'note.size-chosen')
"""

from __future__ import annotations

from collections.abc import Mapping


class Note(str):
    """English text for the user, with the catalogue entry (``key``, ``values``) that says it.

    ``number`` picks the plural form (its ``{count}``); a ``line`` value is said as "(line N)" after the word, and
    values that are notes themselves are said the same way.
    """

    key: str | None
    values: dict[str, object]
    number: int | None

    def __new__(
        cls,
        text: str,
        *,
        key: str | None = None,
        values: Mapping[str, object] | None = None,
        number: int | None = None,
    ) -> Note:
        note = super().__new__(cls, text)
        note.key = key
        note.values = dict(values or {})
        note.number = number
        return note
