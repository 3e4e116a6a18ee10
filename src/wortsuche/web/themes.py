"""Themed word lists for the create form: the list of themes and words drawn from one.

``GET /api/themes?lang=de`` lists the themes with their titles in that language;
``GET /api/themes/{name}?lang=de&count=15&seed=3`` draws words from one, reproducibly. The form
puts the words into its word field, where the teacher can still change them.
"""

from __future__ import annotations

from fastapi import APIRouter
from pydantic import BaseModel, Field

from wortsuche.errors import InputError
from wortsuche.notes import Note
from wortsuche.rand import new_seed
from wortsuche.web import limits
from wortsuche.web.checks import checked_language, checked_seed
from wortsuche.web.errors import ApiError
from wortsuche.web.schemas import ERRORS
from wortsuche.words.themes import THEME_LANGUAGES, draw, load_theme, theme_names, themes


class ThemeSummary(BaseModel):
    """One theme in one language."""

    name: str = Field(description="The theme's name, the same in every language")
    title: str = Field(description="Its title in the language asked for")
    words: int = Field(description="How many words it holds")


class ThemeList(BaseModel):
    """Every theme in one language, sorted by title."""

    language: str
    themes: list[ThemeSummary]


class ThemeWords(BaseModel):
    """Words drawn from a theme."""

    name: str
    title: str
    language: str
    seed: int
    words: list[str]


def theme_routes() -> APIRouter:
    """The theme endpoints (they read only the package's own files)."""
    router = APIRouter(prefix="/api/themes", responses=ERRORS)

    @router.get("")
    def list_themes(lang: str = "en") -> ThemeList:
        """The themes with their titles in ``lang`` (de or en)."""
        language = checked_language(lang, THEME_LANGUAGES)
        listed = [
            ThemeSummary(name=t.name, title=t.title, words=len(t.words)) for t in themes(language)
        ]
        return ThemeList(language=language, themes=sorted(listed, key=lambda t: t.title.casefold()))

    @router.get("/{name}")
    def theme_words(
        name: str, lang: str = "en", count: int | None = None, seed: int | None = None
    ) -> ThemeWords:
        """``count`` words of the theme (all if not given) in an order drawn from ``seed``."""
        language = checked_language(lang, THEME_LANGUAGES)
        if name not in theme_names():
            raise ApiError(
                404, Note(f"there is no theme {name[:40]!r}", key="api.no-theme"), "theme"
            )
        theme = load_theme(name, language)
        most = min(len(theme.words), limits.MAX_WORDS)
        if count is not None and not 1 <= count <= most:
            raise ApiError(
                422,
                Note(
                    f"the number of words must be from 1 to {most}, not {count}",
                    key="api.theme-count",
                    values={"most": most, "count": count},
                ),
                "count",
            )
        seed = checked_seed(seed)
        seed = new_seed() if seed is None else seed
        try:
            words = draw(theme, count, seed)
        except InputError as error:  # pragma: no cover - the count is checked above
            raise ApiError(422, str(error), "count") from None
        return ThemeWords(
            name=theme.name, title=theme.title, language=language, seed=seed, words=words
        )

    return router
