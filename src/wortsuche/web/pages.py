"""The HTML pages: the create form and the play page, filled from ``templates/``.

Every text on a page comes from the catalogue (``wortsuche.i18n``) in the reader's language:
``?lang=de`` or ``?lang=en`` if the link says so, else the browser's ``Accept-Language``, else
English. The page's scripts get their texts as JSON in the page.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from importlib.resources import files

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from wortsuche.difficulty.simulated import rate_puzzle
from wortsuche.i18n import DEFAULT_LANGUAGE, LANGUAGES, Translator, translator
from wortsuche.levels import LEVELS, description_key
from wortsuche.model import Puzzle
from wortsuche.puzzle_json import loads
from wortsuche.render.modules import load_order
from wortsuche.render.template import catalogue_values, fill
from wortsuche.web.storage import Storage

PACKAGE = files("wortsuche.web")

LANGUAGE_NAMES = {"de": "Deutsch", "en": "English"}
"""Each language in its own name, for the switch on every page."""


RECORDING_SCRIPT = '<script type="module" src="/static/records.js"></script>\n'
"""What the play page loads when play is recorded (``serve --record-play``)."""


def page_routes(
    storage: Storage, is_puzzle_id: Callable[[str], bool], *, record_play: bool = False
) -> APIRouter:
    """The pages, reading puzzles from ``storage``; with ``record_play`` the play page reports
    its finds (:mod:`wortsuche.web.records`)."""
    router = APIRouter(include_in_schema=False)

    @router.get("/", response_class=HTMLResponse)
    def create_page(request: Request) -> HTMLResponse:
        texts = translator(page_language(request))
        return HTMLResponse(
            page(
                "create.html",
                texts,
                request,
                levels=level_choices(texts),
                theme_options=theme_options(texts.language),
                shape_options=shape_options(texts),
            )
        )

    @router.get("/p/{puzzle_id}", response_class=HTMLResponse)
    def play_page(puzzle_id: str, request: Request) -> HTMLResponse:
        texts = translator(page_language(request))
        stored = storage.get(puzzle_id) if is_puzzle_id(puzzle_id) else None
        if stored is None:
            return missing_page(texts, request)
        puzzle = loads(stored.puzzle)
        title = stored.title or texts.t("sheet.default-title")
        level = texts.t(f"level.{puzzle.level}") if puzzle.level in LEVELS else puzzle.level
        minutes = about_minutes(rate_puzzle(puzzle).minutes)
        return HTMLResponse(
            page(
                "play.html",
                texts,
                request,
                id=html.escape(stored.id),
                title=html.escape(title),
                level=html.escape(level),
                grid_of=html.escape(grid_of(puzzle, texts)),
                word_count=html.escape(texts.n("web.word-count", len(puzzle.words))),
                count=str(len(puzzle.words)),
                minutes=html.escape(texts.n("web.about-minutes", minutes)),
                name_line="".join(
                    f"<span>{html.escape(texts.t(f'sheet.{field}'))}</span>"
                    for field in ("name", "date", "class")
                ),
                wrap_help=help_above_grid(puzzle, texts),
                find_in=find_in_line(puzzle, texts),
                age=age_query(request),
            ).replace("</head>", RECORDING_SCRIPT + "</head>" if record_play else "</head>", 1)
        )

    @router.get("/p/{puzzle_id}/hashes.json")
    def puzzle_hashes(puzzle_id: str, request: Request) -> Response:
        # What the offline file holds: letters, words and salted hashes of their places, never
        # the places. The play page falls back on it when the server cannot be reached.
        # A class's copy has none until its teacher shows the answers: each hash tells a place
        # (the first and second cell of every word), and in a class the server checks.
        from wortsuche.render.html import game_data

        stored = storage.get(puzzle_id) if is_puzzle_id(puzzle_id) else None
        if stored is None:
            return Response('{"error": "no such puzzle"}', 404, media_type="application/json")
        if storage.keeps_answers(puzzle_id):
            said = translator(page_language(request)).t("api.class-checks")
            refusal = {"error": said, "field": None, "code": "api.class-checks"}
            return Response(
                json.dumps(refusal, ensure_ascii=False), 403, media_type="application/json"
            )
        data = json.dumps(game_data(loads(stored.puzzle)), ensure_ascii=False)
        return Response(data, media_type="application/json")

    @router.get("/manifest.webmanifest")
    def manifest(request: Request) -> Response:
        texts = translator(page_language(request))
        return Response(
            json.dumps(web_manifest(texts), ensure_ascii=False),
            media_type="application/manifest+json",
        )

    @router.get("/sw.js")
    def service_worker() -> Response:
        # Served from the root so that it may keep the pages of the whole site for offline play.
        script = (PACKAGE / "static" / "sw.js").read_text(encoding="utf-8")
        script = script.replace("{{version}}", version())
        return Response(script, media_type="text/javascript", headers={"Cache-Control": "no-cache"})

    return router


def find_in_line(puzzle: Puzzle, texts: Translator) -> str:
    """Above a vocabulary puzzle's list: which language's words to find (else nothing)."""
    from wortsuche.render.texts import find_in_language

    said = find_in_language(puzzle, texts)
    return f'<p class="hint find-in" id="find-in">{html.escape(said)}</p>' if said else ""


def age_query(request: Request) -> str:
    """The readers' age the create form chose (``?age=6-8``), for the sheet links (else nothing)."""
    from wortsuche.render.options import AGES

    age = request.query_params.get("age")
    return f"&amp;age={html.escape(age.replace('+', '%2B'))}" if age in AGES else ""


def grid_of(puzzle: Puzzle, texts: Translator) -> str:
    """The grid's size as the teacher's menu says it: a board of hexagons by its side or by its
    staggered rows, not by the array it is stored in."""
    shape = puzzle.topology.to_dict()
    if shape["kind"] == "hex" and shape.get("shape") == "hexagon":
        return texts.t("web.grid-hexagon", side=shape["side"])
    if shape["kind"] == "hex":
        return texts.t("web.grid-of-hexagons", size=f"{shape['rows']}×{shape['cols']}")
    return texts.t("web.grid-of", size=f"{puzzle.rows}×{puzzle.cols}")


def help_above_grid(puzzle: Puzzle, texts: Translator) -> str:
    """How words run where a square grid is not what a player expects: over the edge of a
    torus, along the three axes of a board of hexagons (and its keys)."""
    if puzzle.options.wrap:
        return (
            f'<p class="hint wrap-help" id="wrap-help">{html.escape(texts.t("web.wrap-hint"))}</p>'
        )
    if puzzle.topology.to_dict()["kind"] == "hex":
        return f'<p class="hint wrap-help" id="hex-help">{html.escape(texts.t("web.hex-hint"))}</p>'
    return ""


def about_minutes(minutes: float) -> int:
    """The rated minutes as a player reads them: a whole number, at least one.

    >>> about_minutes(0.3), about_minutes(4.4), about_minutes(4.6)
    (1, 4, 5)
    """
    return max(1, round(minutes))


def web_manifest(texts: Translator) -> dict[str, object]:
    """The web app manifest: the game installs to a home screen and opens full screen."""
    icons = [
        {"src": f"/static/icon-{size}.png", "sizes": f"{size}x{size}", "type": "image/png"}
        for size in (192, 512)
    ]
    icons.append({"src": "/static/icon.svg", "sizes": "any", "type": "image/svg+xml"})
    # the same icon with room around it, for home screens that cut icons into circles
    maskable = {"src": "/static/icon-maskable-512.png", "sizes": "512x512", "type": "image/png"}
    icons.append({**maskable, "purpose": "maskable"})
    return {
        "name": "wortsuche",
        "short_name": "wortsuche",
        "description": texts.t("web.app-description"),
        "lang": texts.language,
        "start_url": f"/?lang={texts.language}",
        "scope": "/",
        "display": "standalone",
        "background_color": "#f4f6f9",
        "theme_color": "#1d4ed8",
        "icons": icons,
    }


def page_language(request: Request) -> str:
    """The reader's language: ``?lang=`` if it names one of ours, else the best of
    ``Accept-Language``, else English (:func:`chosen_language`)."""
    return chosen_language(
        request.query_params.get("lang", ""), request.headers.get("accept-language", "")
    )


def chosen_language(asked: str, header: str) -> str:
    """The one rule for a reader's language: ``asked`` (a ``?lang=``) if it names one of ours,
    else the language an ``Accept-Language`` ``header`` prefers most.

    >>> chosen_language("de", "en"), chosen_language("fr", "de-AT, en;q=0.5")
    ('de', 'de')
    """
    return asked if asked in LANGUAGES else accepted_language(header)


def accepted_language(header: str) -> str:
    """The language of ours that an ``Accept-Language`` header prefers most.

    >>> accepted_language("fr-CH, fr;q=0.9, de;q=0.8, en;q=0.7")
    'de'
    >>> accepted_language("de-AT")
    'de'
    >>> accepted_language("")
    'en'
    """
    best, best_weight = DEFAULT_LANGUAGE, 0.0
    for part in header.split(","):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                continue
        language = tag.strip().split("-")[0].lower()
        if language in LANGUAGES and weight > best_weight:
            best, best_weight = language, weight
    return best


def level_choices(texts: Translator) -> str:
    """The level radio buttons with their one-line descriptions (escaped HTML)."""
    items = []
    for name in LEVELS:
        checked = " checked" if name == "medium" else ""
        label = html.escape(texts.t(f"level.{name}"))
        square, hexagons = (
            html.escape(texts.t(description_key(name, grid))) for grid in ("square", "hex")
        )
        # the form's grid of hexagons shows the second (create.js): six ways, not eight
        items.append(
            f'<label class="level"><input type="radio" name="level" value="{name}"{checked}>'
            f'<span class="level-name">{label[:1].upper() + label[1:]}</span>'
            f'<span class="level-text" data-square="{square}" data-hex="{hexagons}">{square}'
            "</span></label>"
        )
    return "\n".join(items)


def shape_options(texts: Translator) -> str:
    """The built-in shapes as ``<option>`` elements, named in the page's language."""
    from wortsuche.grid.shapes import GLYPHS, SHAPES

    named = sorted((texts.t(f"shape.{name}"), name) for name in SHAPES)
    drawn = [
        f'<option value="{html.escape(n)}">{html.escape(label)}</option>' for label, n in named
    ]
    glyphs = "".join(f'<option value="{g}">{g}</option>' for g in GLYPHS)
    label = html.escape(texts.t("web.shape-glyphs"))
    return "\n".join([*drawn, f'<optgroup label="{label}">{glyphs}</optgroup>'])


def theme_options(language: str) -> str:
    """The themes as ``<option>`` elements, titled in ``language`` and sorted by title."""
    from wortsuche.words.themes import THEME_LANGUAGES, themes

    shown = themes(language if language in THEME_LANGUAGES else THEME_LANGUAGES[-1])
    return "\n".join(
        f'<option value="{html.escape(t.name)}">{html.escape(t.title)}</option>'
        for t in sorted(shown, key=lambda t: t.title.casefold())
    )


def language_switch(texts: Translator, request: Request) -> str:
    """Links to the same page in the other languages."""
    path = html.escape(request.url.path)
    current = ' aria-current="true"'
    links = [
        f'<a href="{path}?lang={code}" lang="{code}" hreflang="{code}"'
        f"{current if code == texts.language else ''}>{name}</a>"
        for code, name in LANGUAGE_NAMES.items()
    ]
    label = html.escape(texts.t("web.language"))
    return f'<nav class="languages" aria-label="{label}">{" · ".join(links)}</nav>'


def missing_page(texts: Translator, request: Request, *, puzzle: bool = True) -> HTMLResponse:
    """The 404 page: no puzzle (or class) at a link, or, with ``puzzle=False``, nothing at all
    at an address."""
    kind = "missing" if puzzle else "nothing"
    said = {part: html.escape(texts.t(f"web.{kind}-{part}")) for part in ("title", "text")}
    return HTMLResponse(
        page(
            "missing.html",
            texts,
            request,
            missing_title=said["title"],
            missing_text=said["text"],
        ),
        status_code=404,
    )


def page(name: str, texts: Translator, request: Request, **values: str) -> str:
    """An HTML page from ``templates/`` with its ``{{name}}`` placeholders filled.

    ``{{t_<id>}}`` is the catalogue's ``web.<id>`` (with ``-`` as ``_``), escaped; ``{{texts}}`` the
    scripts' ``js.*`` messages as JSON. The other ``values`` are HTML: callers escape every text
    they pass (``html.escape``).
    """
    template = (PACKAGE / "templates" / name).read_text(encoding="utf-8")
    return fill(
        ENTRY_MODULE.sub(with_preloads, template),
        **catalogue_values(texts),
        **values,
        lang=texts.language,
        version=html.escape(version()),
        language_switch=language_switch(texts, request),
    )


ENTRY_MODULE = re.compile(
    r'<script type="module" src="/static/([\w-]+\.js)\?v=\{\{version\}\}"></script>'
)
"""A page's entry module in its template."""


def with_preloads(entry: re.Match[str]) -> str:
    """The entry module's script with a ``modulepreload`` link for each module it imports, so the
    browser asks for them all at once instead of finding each import after the last."""
    imported = load_order(entry.group(1))[:-1]
    links = "".join(f'\n<link rel="modulepreload" href="/static/{name}">' for name in imported)
    return entry.group(0) + links


def version() -> str:
    """The package version, shown in page footers and /openapi.json."""
    from wortsuche import __version__

    return __version__
