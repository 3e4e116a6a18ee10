"""Every exception wortsuche raises on purpose, in two kinds a caller can tell apart.

* :class:`UserError`: the words, sizes, options or files given cannot be used as they are. The
  message says what to change; a front end shows it (the web with a 422, in the reader's
  language through ``key`` and ``values``).
* :class:`InternalError`: wortsuche broke a promise of its own (a bug). A front end logs it
  with its details and shows a short apology, never the details.

:class:`LayoutRejected` is a step telling the pipeline that one layout cannot be finished; the
pipeline tries another, so it never reaches a caller of :func:`wortsuche.generate`. Any other
exception escaping wortsuche is a bug as well.

>>> from wortsuche import generate
>>> try:
...     generate(["ZEBRA"], rows=3, cols=3)
... except UserError as error:
...     print(type(error).__name__, error.kind)
DoesNotFitError cannot_exist
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wortsuche.notes import Note


def plural_count(value: float) -> int:
    """The ``number`` that picks the plural form for ``value``: itself when whole, else one that
    is never singular (1.5 seconds are plural in German and English alike)."""
    return int(value) if float(value).is_integer() else 2


class WortsucheError(Exception):
    """Base class of every error wortsuche raises on purpose.

    The message as raised is English. Errors a player can cause in the web app also name their
    message in the catalogue: ``key`` (an ``error.*`` id) and the ``values`` of its fields, so
    :meth:`wortsuche.i18n.Translator.error` can say it in the reader's language.

    ``number``, when given, picks the plural form of the message (its ``{count}``), as for a
    :class:`~wortsuche.notes.Note`.

    Every one survives pickling as it is (class, message, key, values and the rest), whatever
    its constructor takes: it crosses from a worker process to the server that way.
    """

    def __init__(
        self,
        *args: object,
        key: str | None = None,
        values: Mapping[str, object] | None = None,
        number: int | None = None,
    ) -> None:
        super().__init__(*args)
        self.key = key
        self.values: dict[str, object] = dict(values or {})
        self.number = number

    def __reduce__(self) -> tuple[Any, ...]:
        return _rebuilt, (type(self), self.args, self.__dict__)


def _rebuilt(
    kind: type[WortsucheError], args: tuple[object, ...], state: dict[str, object]
) -> WortsucheError:
    """An error of class ``kind`` with these ``args`` and attributes, its constructor not called."""
    error = kind.__new__(kind)
    error.args = args
    error.__dict__.update(state)
    return error


class UserError(WortsucheError):
    """A mistake the caller can fix: the words, sizes, options or file as given cannot be used."""


class InputError(UserError, ValueError):
    """The words, sizes or options given are not usable (bad characters, sizes, formats)."""


class MissingExtraError(InputError):
    """A feature needs an optional extra that is not installed; the message says how to add it.

    ``what`` names the feature (a :class:`~wortsuche.notes.Note` names it in every language).
    """

    def __init__(self, what: str, extra: str) -> None:
        super().__init__(
            f"{what} needs the {extra} extra: pip install 'wortsuche[{extra}]' "
            f"(in a checkout: pip install -e '.[{extra}]')",
            key="error.missing-extra",
            values={"what": what, "extra": extra},
        )
        self.extra = extra


def unreadable(path: object, error: OSError) -> InputError:
    """The one line for a file that cannot be read: missing, not allowed, or another reason.

    >>> str(unreadable("tiere.txt", FileNotFoundError(2, "No such file or directory")))
    'tiere.txt: no such file'
    """
    if isinstance(error, FileNotFoundError):
        return InputError(f"{path}: no such file", key="error.no-such-file", values={"path": path})
    if isinstance(error, PermissionError):
        return InputError(
            f"{path}: permission denied", key="error.permission-denied", values={"path": path}
        )
    return InputError(
        f"{path}: cannot read ({error.strerror})",
        key="error.cannot-read",
        values={"path": path, "reason": error.strerror},
    )


class DoesNotFitError(UserError):
    """No layout was found: the words do not fit in the grid with the chosen options.

    ``words`` names the words that could not be placed; ``suggested_size`` is a
    ``(rows, cols)`` in which a layout was found, when one was looked for. ``kind`` says which
    failure it is: ``cannot_exist`` (proved, e.g. a word longer than every line) or
    ``not_found`` (none found within the effort: a larger ``effort`` may find one).

    ``message`` names its catalogue entry by being a :class:`~wortsuche.notes.Note`: the error
    takes over its ``key``, ``values`` and ``number`` (plain text has no entry).
    """

    def __init__(
        self,
        message: str,
        words: tuple[str, ...] = (),
        suggested_size: tuple[int, int] | None = None,
        kind: str = "not_found",
    ) -> None:
        note = message if isinstance(message, Note) else Note(message)
        super().__init__(str(note), key=note.key, values=note.values, number=note.number)
        self.words = words
        self.suggested_size = suggested_size
        self.kind = kind


class BudgetExhausted(DoesNotFitError):
    """The search used its whole budget of steps without finding a layout."""


class GenerationTimeout(UserError):
    """Generation ran longer than the time limit (the caller's ``timeout``, or a server's)."""


class PuzzleFormatError(UserError, ValueError):
    """A puzzle file (JSON) is not in the wortsuche format."""


class InternalError(WortsucheError):
    """A bug in wortsuche, never the caller's mistake.

    ``details`` is what a maintainer needs and a player never sees: the traceback of an error
    in a worker process, say.
    """

    def __init__(
        self,
        *args: object,
        details: str = "",
        key: str | None = None,
        values: Mapping[str, object] | None = None,
    ) -> None:
        super().__init__(*args, key=key, values=values)
        self.details = details


class VerificationError(InternalError):
    """The finished grid failed the final self-check (a bug in wortsuche, never shown as a puzzle)."""


class LayoutRejected(WortsucheError):
    """One layout cannot be finished; the pipeline catches this and tries another layout."""


class FillError(LayoutRejected):
    """The free cells could not be filled without completing a word."""


class MessageError(LayoutRejected):
    """This layout cannot hold the message (too few free cells, or it would spell a word)."""
