"""The puzzle as a SCORM 1.2 package: the offline game for a school's learning platform.

Moodle, ILIAS and itslearning take a zip of learning content with a manifest
(``imsmanifest.xml``) and run it in a frame, offering it a run-time API (``window.API``) to
report to. The package is that zip: the manifest, naming one SCO (a piece of content that
reports), and ``index.html``, the offline game (:mod:`wortsuche.render.html`) with ``scorm.js``,
which tells the platform that the learner started, their score (words found of the listed,
hints taken off), when they completed the puzzle and the time spent. It needs no server;
opened without a platform it plays as the offline file does.

The same puzzle always gives the same bytes: the manifest's identifier comes from the puzzle's
salt and every file in the zip has the same fixed date.

>>> import io, zipfile
>>> from wortsuche import generate
>>> puzzle = generate(["TORF", "VOR", "RAD", "EVA"], rows=5, cols=5, level="hard", seed=1)
>>> package = zipfile.ZipFile(io.BytesIO(render(puzzle)))
>>> package.namelist()
['imsmanifest.xml', 'index.html']
"""

from __future__ import annotations

import io
import zipfile
from xml.sax.saxutils import escape, quoteattr

from wortsuche.model import Puzzle
from wortsuche.render.html import game_page, puzzle_salt
from wortsuche.render.options import RenderOptions
from wortsuche.render.texts import default_title

LAUNCH = "index.html"
"""The game's file in the package, which the platform opens."""

SCORM_ENTRY = "scorm-package.js"
"""The package's module: the offline file's game, with the reporting (``scorm.js``) started
before the game."""

FILE_DATE = (1980, 1, 1, 0, 0, 0)
"""Every file's date in the zip (the earliest a zip holds): the same puzzle, the same bytes."""


def render(puzzle: Puzzle, options: RenderOptions | None = None) -> bytes:
    """The SCORM 1.2 package (a zip) of the puzzle's offline game."""
    options = options or RenderOptions()
    title = options.title or puzzle.title or default_title(options.texts(puzzle))
    files = {
        "imsmanifest.xml": manifest(title, f"wortsuche-{puzzle_salt(puzzle)}"),
        LAUNCH: game_page(puzzle, options, SCORM_ENTRY).encode("utf-8"),
    }
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as package:
        for name, content in files.items():
            entry = zipfile.ZipInfo(name, FILE_DATE)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16  # a plain file anyone may read
            package.writestr(entry, content)
    return buffer.getvalue()


def manifest(title: str, identifier: str) -> bytes:
    """``imsmanifest.xml``: one organisation with one item, launching the game as a SCO.

    >>> text = manifest("Zoo & Co", "wortsuche-1").decode()
    >>> "<schemaversion>1.2</schemaversion>" in text and "<title>Zoo &amp; Co</title>" in text
    True
    """
    shown = "".join(ch for ch in title if ch.isprintable())  # XML holds no control characters
    return MANIFEST.format(
        identifier=quoteattr(identifier), title=escape(shown), launch=quoteattr(LAUNCH)
    ).encode("utf-8")


MANIFEST = """<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier={identifier} version="1.0"
          xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
          xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="puzzle">
    <organization identifier="puzzle">
      <title>{title}</title>
      <item identifier="game" identifierref="game-files" isvisible="true">
        <title>{title}</title>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="game-files" type="webcontent" adlcp:scormtype="sco" href={launch}>
      <file href={launch}/>
    </resource>
  </resources>
</manifest>
"""
"""The manifest of a SCORM 1.2 package (IMS Content Packaging 1.1.2 with ADL's ``adlcp``
extensions): one organisation, one item, one SCO; ``{title}`` and the attributes escaped."""
