"""Exceptions a caller can catch; each carries a message fit for one line on a terminal."""

from __future__ import annotations


class WortsucheError(Exception):
    """Base class of every error wortsuche raises on purpose."""


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
    ``(rows, cols)`` in which a layout was found, when one was looked for.
    """

    def __init__(
        self,
        message: str,
        words: tuple[str, ...] = (),
        suggested_size: tuple[int, int] | None = None,
    ) -> None:
        super().__init__(message)
        self.words = words
        self.suggested_size = suggested_size


class PuzzleFormatError(WortsucheError, ValueError):
    """A puzzle file (JSON) is not in the wortsuche format."""
