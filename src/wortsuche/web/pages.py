"""The HTML pages: the create form and the play page, filled from ``templates/``."""

from __future__ import annotations

import html
import string
from collections.abc import Callable
from importlib.resources import files

from fastapi import APIRouter
from fastapi.responses import HTMLResponse

from wortsuche.difficulty import rate_puzzle
from wortsuche.levels import LEVEL_DESCRIPTIONS, LEVELS
from wortsuche.puzzle_json import loads
from wortsuche.web.storage import Storage

PACKAGE = files("wortsuche.web")


def page_routes(storage: Storage, is_puzzle_id: Callable[[str], bool]) -> APIRouter:
    """The pages, reading puzzles from ``storage``."""
    router = APIRouter(include_in_schema=False)

    @router.get("/", response_class=HTMLResponse)
    def create_page() -> HTMLResponse:
        return HTMLResponse(page("create.html", levels=level_choices()))

    @router.get("/p/{puzzle_id}", response_class=HTMLResponse)
    def play_page(puzzle_id: str) -> HTMLResponse:
        stored = storage.get(puzzle_id) if is_puzzle_id(puzzle_id) else None
        if stored is None:
            return HTMLResponse(page("missing.html"), status_code=404)
        puzzle = loads(stored.puzzle)
        title = stored.title or "Word search"
        return HTMLResponse(
            page(
                "play.html",
                id=html.escape(stored.id),
                title=html.escape(title),
                level=html.escape(puzzle.level),
                size=f"{puzzle.rows}&times;{puzzle.cols}",
                count=str(len(puzzle.words)),
                difficulty=f"{rate_puzzle(puzzle).score:.1f}",
            )
        )

    return router


def level_choices() -> str:
    """The level radio buttons with their one-line descriptions (escaped HTML)."""
    items = []
    for name in LEVELS:
        checked = " checked" if name == "medium" else ""
        description = html.escape(LEVEL_DESCRIPTIONS[name])
        items.append(
            f'<label class="level"><input type="radio" name="level" value="{name}"{checked}>'
            f'<span class="level-name">{name.capitalize()}</span>'
            f'<span class="level-text">{description}</span></label>'
        )
    return "\n".join(items)


def page(name: str, **values: str) -> str:
    """An HTML page from ``templates/`` with its ``$name`` placeholders filled.

    The ``values`` are HTML: callers escape every text they pass (``html.escape``).
    """
    template = string.Template((PACKAGE / "templates" / name).read_text(encoding="utf-8"))
    return template.substitute(values, version=html.escape(version()))


def version() -> str:
    """The package version, shown in page footers and /openapi.json."""
    from wortsuche import __version__

    return __version__
