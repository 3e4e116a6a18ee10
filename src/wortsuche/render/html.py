"""The puzzle as one self-contained HTML file that plays offline: the web game, without a server.

The page is ``templates/offline.html`` with the play page's own board (``templates/board.html``),
stylesheet and modules (``wortsuche/web/static``) inlined, joined into one module
(:mod:`wortsuche.render.modules`), so the file and the web page run one game; only how a
selection is checked differs (``offline.js`` instead of the server).

The file holds the grid and the word list but not where the words are: for each word it stores a
salted SHA-256 hash of the word's cell sequence. The page hashes whatever the player selects
(``crypto.subtle``, available to ``file://`` pages) and strikes a word off when the hashes match.

>>> from wortsuche import generate
>>> puzzle = generate(["TORF", "VOR", "RAD", "EVA"], rows=5, cols=5, level="hard", seed=1)
>>> page = render(puzzle)
>>> data = page.split('id="puzzle-data">')[1].split("</script>")[0]
>>> "<html" in page and '"start"' not in data and '"first"' in data
True
>>> '<html lang="de">' in render(puzzle, RenderOptions(language="de"))
True
"""

from __future__ import annotations

import base64
import hashlib
from functools import cache
from html import escape
from importlib.resources import files
from typing import Any

from wortsuche.filling.message import message_shape
from wortsuche.i18n import Translator
from wortsuche.model import Cell, Puzzle
from wortsuche.render.layout import sorted_words
from wortsuche.render.modules import joined
from wortsuche.render.options import RenderOptions, display_letter
from wortsuche.render.template import catalogue_values, fill, part, script_json
from wortsuche.render.texts import default_title, instruction
from wortsuche.verification.verifier import verify_puzzle
from wortsuche.words.clues import is_picture
from wortsuche.words.pictures import is_own_picture, picture_path


def cell_sequence(cells: tuple[Cell, ...] | list[Cell]) -> str:
    """The canonical text of a line of cells, the same whichever end it is read from."""
    ordered = list(cells)
    if ordered[0] > ordered[-1]:
        ordered.reverse()
    return ";".join(f"{r},{c}" for r, c in ordered)


def next_cell(cells: tuple[Cell, ...]) -> Cell:
    """The cell after a word's first, which says the way it runs (the second hint); a word of
    one letter has no other, so its first cell again."""
    return cells[1] if len(cells) > 1 else cells[0]


def puzzle_salt(puzzle: Puzzle) -> str:
    """A salt derived from the puzzle itself, so the same puzzle always gives the same file."""
    material = f"{puzzle.seed}\n" + "\n".join(puzzle.grid.rows)
    return hashlib.sha256(material.encode("utf-8")).hexdigest()[:16]


def answer_hash(salt: str, sequence: str) -> str:
    """The SHA-256 hex digest the page compares a selection against."""
    return hashlib.sha256(f"{salt}:{sequence}".encode()).hexdigest()


def game_data(puzzle: Puzzle, *, lowercase: bool = False) -> dict[str, Any]:
    """What the page needs to play: letters, entries and hashed answers (no positions)."""
    salt = puzzle_salt(puzzle)
    report = verify_puzzle(puzzle)
    words: list[dict[str, Any]] = []
    secret = set(puzzle.secret_words)
    for word in [*sorted_words(puzzle), *puzzle.secret_words]:
        placement = puzzle.placements.get(word.letters)
        if placement is None:
            # A word that is not in the grid gets a hash no selection can produce.
            hashes = [answer_hash(salt, f"absent:{word.letters}")]
        else:
            # Its place, and for a word inside longer words each of those places too.
            hashes = [answer_hash(salt, cell_sequence(puzzle.cells_of(placement)))]
            hashes += [
                answer_hash(salt, cell_sequence(o.cells))
                for o, _ in report[word.letters].inside_longer
            ]
        entry = word.entry  # the list keeps the words as written; only the grid is lowered
        # Where the word begins, for a hint. The page holds the grid and the words anyway, so
        # this is no secret it gives away; the whole line stays hashed.
        first = list(placement.start) if placement is not None else None
        second = list(next_cell(puzzle.cells_of(placement))) if placement is not None else None
        shown = "".join(display_letter(ch, lowercase) for ch in word.letters)
        if word in secret:
            # On no list until found, no hint points at it, and the page does not spell it: only
            # its shape, and a hash of its letters to tell which way the found line reads.
            words.append(
                {
                    "shape": message_shape(entry),
                    "letters": answer_hash(salt, f"letters:{shown}"),
                    "hashes": hashes,
                    "first": None,
                    "secret": True,
                }
            )
        elif word.clue is not None:
            # Listed by its clue; like a secret word the file holds only the word's shape and
            # a hash of its letters, and the game spells it from the grid once it is found.
            words.append(
                {
                    "entry": word.clue,
                    "clued": True,
                    "shape": message_shape(entry),
                    "letters": answer_hash(salt, f"letters:{shown}"),
                    "hashes": hashes,
                    "first": first,
                }
            )
        else:
            words.append({"entry": entry, "hashes": hashes, "first": first, "second": second})
    return {
        "rows": ["".join(display_letter(ch, lowercase) for ch in row) for row in puzzle.grid.rows],
        "salt": salt,
        "words": words,
        # lines continue on the other side: a drag may run over the edge
        "wrap": puzzle.options.wrap,
        # the board's shape (flat, torus, hexagons), as the public puzzle JSON names it
        "topology": puzzle.topology.to_dict(),
        # the message's shape only: its letters show once every word is found
        "message": None
        if puzzle.message is None
        else {"shape": message_shape(puzzle.message.text), "length": len(puzzle.message.letters)},
    }


GAME_ENTRY = "offline-file.js"
"""The file's module: the play page's game (``game.js`` and the modules it imports), checked
offline (``offline.js``)."""


def render(puzzle: Puzzle, options: RenderOptions | None = None) -> str:
    """A playable HTML page for the puzzle (it has no answer key: the page is the game)."""
    return game_page(puzzle, options)


def game_page(puzzle: Puzzle, options: RenderOptions | None = None, entry: str = GAME_ENTRY) -> str:
    """The offline game's page, running the module :data:`GAME_ENTRY` (or ``entry``, the same
    game with more around it: the SCORM package's) with every module it imports, inlined."""
    options = options or RenderOptions()
    texts = options.texts(puzzle)
    heading = options.title or puzzle.title or default_title(texts)
    lines = instruction(puzzle, texts, word_list=options.word_list)
    if options.word_list:  # the list stands above or beside the grid, as the screen allows
        lines = (texts.n("web.find-in-grid", len(puzzle.words)), *lines[1:])
    page_classes = [" large-print"] if options.large_print else []
    page_classes += [] if options.word_list else [" no-word-list"]
    return fill(
        part("offline.html"),
        **catalogue_values(texts),
        title=escape(heading),
        lang=texts.language,
        instruction=escape(" ".join(lines)),
        count=str(len(puzzle.words)),
        # the instruction above the grid says that words run over the edge; how they run on
        # hexagons (and the keys that follow them) is said under the board, as on the play page
        wrap_help=hex_help(puzzle, texts),
        page_classes="".join(page_classes),
        data=script_json(game_data(puzzle, lowercase=options.lowercase)),
        style=static_text("style.css"),
        pictures=script_json(picture_data(puzzle)),
        scripts=f'<script type="module">\n{joined(entry)}</script>',
    )


def hex_help(puzzle: Puzzle, texts: Translator) -> str:
    """The hint under a board of hexagons: words run along its three axes, and the keys."""
    if puzzle.topology.to_dict()["kind"] != "hex":
        return ""
    return f'<p class="hint wrap-help" id="hex-help">{escape(texts.t("web.hex-hint"))}</p>'


def picture_data(puzzle: Puzzle) -> dict[str, str]:
    """Each picture clue's emoji and its picture as a data URL, for the file to show offline."""
    return {
        word.clue: "data:image/png;base64,"
        + base64.b64encode(picture_path(word.clue).read_bytes()).decode("ascii")
        for word in puzzle.words
        if word.clue is not None and is_picture(word.clue) and not is_own_picture(word.clue)
    }


@cache
def static_text(name: str) -> str:
    """A file of the web game (``wortsuche/web/static``), to inline as it stands: the stylesheet."""
    text = files("wortsuche.web").joinpath("static", name).read_text(encoding="utf-8")
    # Inside a <style> or <script> element nothing may end the element early.
    if any(end in text.lower() for end in ("</script", "</style", "<!--")):
        raise ValueError(f"{name} cannot be inlined: it holds the end of an element")
    return text
