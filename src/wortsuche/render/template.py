"""The one way pages are filled in: ``{{name}}`` placeholders replaced in a single pass.

The offline game file and the web app's pages both use it, with the same catalogue texts
(:func:`catalogue_values`) and the same parts: ``{{> board.html}}`` stands for the file of that
name in ``render/templates/`` (the game's board, written once for both). A value is inserted as
given (the caller escapes it for its place) and never read again, so text that looks like a
placeholder, or a part, stays text.
"""

from __future__ import annotations

import html
import json
import re
from functools import cache
from importlib.resources import files
from typing import Any

from wortsuche.i18n import Translator


def fill(template: str, **values: str) -> str:
    """``template`` with each ``{{name}}`` replaced by ``values[name]``, in one pass.

    A value is never read again, so a title holding ``{{instruction}}`` stays as typed.

    >>> fill("<h1>{{title}}</h1><p>{{instruction}}</p>", title="{{instruction}}", instruction="x")
    '<h1>{{instruction}}</h1><p>x</p>'
    >>> names = ["t_puzzle", "t_board_label", "t_board_help", "t_paused", "t_resume", "t_zoom_help"]
    >>> blank = dict.fromkeys(names, "")
    >>> "board-help" in fill("{{> board.html}}", **blank, t_cell_found="", wrap_help="")
    True
    >>> fill("<h1>{{title}}</h1>", title="{{> board.html}}")
    '<h1>{{> board.html}}</h1>'
    """
    whole = PART.sub(lambda match: part(match.group(1)), template)
    return PLACEHOLDER.sub(lambda match: values[match.group(1)], whole)


@cache
def part(name: str) -> str:
    """A part shared by several pages, from ``render/templates/``, read once."""
    return files("wortsuche.render").joinpath("templates", name).read_text(encoding="utf-8")


def catalogue_values(texts: Translator) -> dict[str, str]:
    """A page's texts: ``t_<id>`` for each ``web.<id>``, escaped, and ``texts``, the ``js.*`` as JSON.

    In ``t_<id>`` a ``-`` of the message id is a ``_``. ``texts`` goes into the page's
    ``<script type="application/json" id="texts">``, where the scripts read it (``texts.js``).

    >>> from wortsuche.i18n import translator
    >>> values = catalogue_values(translator("en"))
    >>> values["t_hint"], json.loads(values["texts"])["not-a-word"]
    ('Hint', 'That is not one of the words.')
    """
    words = {
        "t_" + msgid.removeprefix("web.").replace("-", "_"): html.escape(texts.template(msgid))
        for msgid in texts.messages("web.")
    }
    scripts = {}
    for msgid in texts.messages("js."):
        key = msgid.removeprefix("js.")
        scripts[key] = texts.template(msgid)
        if msgid in texts.plurals():  # its form for one too: say() picks it for count 1
            scripts[key], scripts[f"{key}#one"] = texts.template(msgid, 2), texts.template(msgid, 1)
    return {**words, "texts": script_json(scripts)}


def script_json(value: Any) -> str:
    """JSON to place inside a script element."""
    # "<" inside a script element could end it early ("</script>", "<!--"); JSON allows \u003c.
    return json.dumps(value, ensure_ascii=False).replace("<", "\\u003c")


PLACEHOLDER = re.compile(r"\{\{(\w+)\}\}")
PART = re.compile(r"\{\{> ([\w.-]+)\}\}")
