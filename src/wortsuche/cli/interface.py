"""The language the command line speaks: the system's (``LANG``, ``LC_ALL``, ``LANGUAGE``), else English.

Errors, notes and help come from the same catalogues as the sheets. The command line's own
messages have ids like every other text (``cli.note.coverage``); argparse's texts ("usage: ",
"the following arguments are required: %s") and the help of each option are looked up the
way argparse itself looks them up, by their English text, so an option's help is still
written once, where the option is declared, and its German form is one catalogue entry.

>>> speaker("de").t("cli.error-prefix")
'Fehler'
>>> speaker("en").help("show this help message and exit")
'show this help message and exit'
"""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import Iterator
from functools import cache

from wortsuche.i18n import DEFAULT_LANGUAGE, Translator, system_language, translator


class Speaker(Translator):
    """A :class:`~wortsuche.i18n.Translator` that also says argparse's texts and help texts."""

    def help(self, text: str) -> str:
        """The help ``text`` (English as written) in this language; as written if not in the catalogue."""
        if self.language == DEFAULT_LANGUAGE or not text:
            return text
        return self._catalogue.gettext(text)

    def help_plural(self, singular: str, plural: str, count: int) -> str:
        """argparse's ``ngettext``: the form for ``count`` of a text given in English."""
        if self.language == DEFAULT_LANGUAGE:
            return singular if count == 1 else plural
        return self._catalogue.ngettext(singular, plural, count)


def interface_language() -> str:
    """The language of the command line: the system's if it is one of ours, else English."""
    return system_language() or DEFAULT_LANGUAGE


@cache
def speaker(language: str) -> Speaker:
    """The texts of the command line in ``language``."""
    plain = translator(language)
    return Speaker(plain.language, plain._catalogue)


def texts() -> Speaker:
    """The texts of the command line in the interface language (read anew from the environment)."""
    return speaker(interface_language())


@contextlib.contextmanager
def speaking(texts: Speaker) -> Iterator[None]:
    """argparse's own texts ("usage: ", "error: ", "options") in ``texts``' language meanwhile.

    argparse looks its texts up through the module's ``_`` and ``ngettext`` (the ``messages``
    gettext domain, which no package may claim), so these two are pointed at the catalogue
    while the command line runs and put back after.
    """
    saved = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    argparse._ = texts.help  # type: ignore[attr-defined]
    argparse.ngettext = texts.help_plural  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]


_TRANSLATING: dict[type[argparse.HelpFormatter], type[argparse.HelpFormatter]] = {}


def translating(formatter: type[argparse.HelpFormatter]) -> type[argparse.HelpFormatter]:
    """``formatter`` saying descriptions, help texts, epilogs and group titles in the
    interface language (one such class for each formatter)."""
    if getattr(formatter, "translating", False):
        return formatter
    if formatter not in _TRANSLATING:
        _TRANSLATING[formatter] = _translating(formatter)
    return _TRANSLATING[formatter]


def _translating(formatter: type[argparse.HelpFormatter]) -> type[argparse.HelpFormatter]:
    class Translating(formatter):  # type: ignore[valid-type,misc]
        translating = True

        def start_section(self, heading: str | None) -> None:
            super().start_section(texts().help(heading) if heading else heading)

        def add_text(self, text: str | None) -> None:
            super().add_text(texts().help(text) if text else text)

        def _get_help_string(self, action: argparse.Action) -> str | None:
            return texts().help(action.help) if action.help else action.help

    Translating.__name__ = f"Translating{formatter.__name__}"
    return Translating
