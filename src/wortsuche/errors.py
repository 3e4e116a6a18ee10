"""Exceptions a caller can catch; each carries a message fit for one line on a terminal."""

from __future__ import annotations

from collections.abc import Mapping


class WortsucheError(Exception):
    """Base class of every error wortsuche raises on purpose.

    The message as raised is English. Errors a player can cause in the web app also name their
    message in the catalogue: ``key`` (an ``error.*`` id) and the ``values`` of its fields, so
    :meth:`wortsuche.i18n.Translator.error` can say it in the reader's language.
    """

    def __init__(
        self, *args: object, key: str | None = None, values: Mapping[str, object] | None = None
    ) -> None:
        super().__init__(*args)
        self.key = key
        self.values: dict[str, object] = dict(values or {})


class InputError(WortsucheError, ValueError):
    """The words, sizes or options given are not usable (bad characters, sizes, formats)."""


class MissingExtraError(InputError):
    """A feature needs an optional extra that is not installed; the message says how to add it."""

    def __init__(self, what: str, extra: str) -> None:
        super().__init__(
            f"{what} needs the {extra} extra: pip install 'wortsuche[{extra}]' "
            f"(in a checkout: pip install -e '.[{extra}]')"
        )
        self.extra = extra


class DoesNotFitError(WortsucheError):
    """No layout was found: the words do not fit in the grid with the chosen options.

    ``words`` names the words that could not be placed; ``suggested_size`` is a
    ``(rows, cols)`` in which a layout was found, when one was looked for. ``kind`` says which
    failure it is: ``cannot_exist`` (proved, e.g. a word longer than every line) or
    ``not_found`` (none found within the effort: a larger ``effort`` may find one).
    """

    def __init__(
        self,
        message: str,
        words: tuple[str, ...] = (),
        suggested_size: tuple[int, int] | None = None,
        kind: str = "not_found",
        *,
        key: str | None = None,
        values: Mapping[str, object] | None = None,
    ) -> None:
        super().__init__(message, key=key, values=values)
        self.words = words
        self.suggested_size = suggested_size
        self.kind = kind


class PuzzleFormatError(WortsucheError, ValueError):
    """A puzzle file (JSON) is not in the wortsuche format."""
