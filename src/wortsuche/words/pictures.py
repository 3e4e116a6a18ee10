"""The emoji pictures shipped with wortsuche: which emoji have one, and where it is.

The pictures are Noto Emoji (Google, Apache License 2.0, see ``data/emoji/LICENSE``), drawn
as 128-pixel PNGs by ``tools/build_emoji.py``: the emoji the themes use and those listed in
``data/emoji/extra.txt``. A picture is named by its code points in hexadecimal, joined by
``-``, without the variation selector U+FE0F (``🐻‍❄️`` is ``1f43b-200d-2744.png``).

Beside them are wortsuche's own pictures of the school things no emoji shows (a table, a desk,
an eraser): Material Design Icons (Pictogrammers, Apache License 2.0) in colour, drawn by
``tools/build_pictures.py``. A clue names one as ``x-`` and its English name (``x-table``), its
file ``x-table.png``; a name no picture has is a clue in words.

>>> picture_key("🐻‍❄️"), has_picture("🦔"), picture_key("x-table"), has_picture("x-table")
('1f43b-200d-2744', True, 'x-table', True)

A teacher's own picture is a PNG or JPEG file her word file names as a clue (``Igel = igel.png``,
the path from the word file's folder): :func:`own_picture` reads it once, drawn at most
:data:`OWN_SIDE` pixels a side, into a clue of its own, a PNG data URL, so the puzzle carries
it into every sheet, key, JSON file and game without the file.
"""

from __future__ import annotations

import base64
import difflib
import io
import re
from functools import cache
from pathlib import Path
from typing import Any

from wortsuche.data import PACKAGE
from wortsuche.errors import InputError, MissingExtraError

FOLDER = PACKAGE / "data" / "emoji"


_NAMED = re.compile(r"x-[a-z]+(?:-[a-z]+)*")
"""How a clue names one of wortsuche's own pictures: ``x-table``."""


def picture_key(emoji: str) -> str:
    """The file name (without ``.png``) of an emoji's picture or of a picture of wortsuche's
    own (a letter count after it aside)."""
    emoji, _ = letter_count(emoji)
    if _NAMED.fullmatch(emoji):
        return emoji
    return "-".join(f"{ord(char):x}" for char in emoji if char != "\ufe0f")


_COUNTED = re.compile(r"(?P<picture>\S+) \((?P<count>[0-9]{1,3})\)")


def letter_count(clue: str) -> tuple[str, int | None]:
    """A clue and the letter count written after it (``🦔 (4)``: ``--letter-count`` on a
    picture), or the clue and None.

    >>> letter_count("🦔 (4)"), letter_count("🦔"), letter_count("Tier mit Stacheln (4)")
    (('🦔', 4), ('🦔', None), ('Tier mit Stacheln (4)', None))
    """
    counted = _COUNTED.fullmatch(clue)
    if counted is None:
        return clue, None
    return counted["picture"], int(counted["count"])


@cache
def _shipped() -> frozenset[str]:
    return frozenset(path.stem for path in FOLDER.glob("*.png"))


def is_named_picture(clue: str | None) -> bool:
    """True if ``clue`` names one of wortsuche's own pictures that ships (``x-table``).

    >>> is_named_picture("x-table"), is_named_picture("x-tabel"), is_named_picture("x-ray")
    (True, False, False)
    """
    if clue is None:
        return False
    clue, _ = letter_count(clue)
    return _NAMED.fullmatch(clue) is not None and clue in _shipped()


def near_picture(clue: str) -> str | None:
    """The name of wortsuche's own picture that ``clue`` misspells (``x-tabel``: ``x-table``),
    or None: for a picture's name, a name like none of them (``x-ray``) or no name at all.

    >>> near_picture("x-tabel"), near_picture("x-table"), near_picture("x-ray"), near_picture("Tabel")
    ('x-table', None, None, None)
    """
    clue, _ = letter_count(clue)
    if _NAMED.fullmatch(clue) is None or clue in _shipped():
        return None
    named = sorted(key for key in _shipped() if key.startswith("x-"))
    near = difflib.get_close_matches(clue, named, n=1, cutoff=NEAR)
    return near[0] if near else None


NEAR = 0.82
"""How like a picture's name a clue must be to be taken as a slip: ``x-tabel`` is 0.86 like
``x-table``, while the names of other things stay clues in words (``x-ray`` is at most 0.62
like any picture's name, ``x-wing`` 0.8 like ``x-drawing``)."""


def has_picture(emoji: str) -> bool:
    """True if wortsuche ships a picture of ``emoji``, or it is a teacher's own picture."""
    return is_own_picture(emoji) or picture_key(emoji) in _shipped()


def picture_path(emoji: str) -> Path:
    """The PNG file of ``emoji``; an :class:`InputError` naming it if there is none."""
    if not has_picture(emoji):
        raise InputError(
            f"there is no picture of {emoji} (U+{picture_key(emoji).upper()}) among "
            "wortsuche's emoji; choose another emoji or write the clue in words",
            key="error.no-emoji-picture",
            values={"emoji": emoji, "code": picture_key(emoji).upper()},
        )
    return FOLDER / f"{picture_key(emoji)}.png"


def picture_bytes(clue: str) -> bytes:
    """The PNG of a picture clue: a teacher's own picture or the picture of an emoji."""
    clue, _ = letter_count(clue)
    if is_own_picture(clue):
        return base64.b64decode(clue.removeprefix(OWN_PREFIX))
    return picture_path(clue).read_bytes()


OWN_PREFIX = "data:image/png;base64,"
"""How a teacher's own picture is written as a clue: a PNG as a data URL."""

OWN_SUFFIXES = (".png", ".jpg", ".jpeg")
"""The files a clue may name as a picture."""

OWN_SIDE = 256
"""Pixels a side an own picture is drawn at, at most: 15 mm on paper at over 400 dpi, and a
list of twenty pictures stays a small puzzle file."""

MAX_OWN_BYTES = 10_000_000
"""The largest picture file read: a photo from a phone, not a poster."""

MAX_OWN_PIXELS = 25_000_000
"""The most pixels a picture may claim before it is decoded (a decompression bomb is refused)."""


def is_own_picture(clue: str | None) -> bool:
    """True if ``clue`` is a teacher's own picture (read by :func:`own_picture`)."""
    return clue is not None and clue.startswith(OWN_PREFIX)


def names_picture_file(clue: str) -> bool:
    """True if ``clue`` is written as a picture's file name: one word ending .png, .jpg, .jpeg.

    >>> names_picture_file("igel.png"), names_picture_file("Bilder/Eule.JPG"), names_picture_file("ein Igel")
    (True, True, False)
    """
    return not any(char.isspace() for char in clue) and clue.casefold().endswith(OWN_SUFFIXES)


def own_picture(folder: Path, name: str, *, line: int | None = None) -> str:
    """The picture file ``name`` (from ``folder``) as a clue: a PNG data URL, the picture at
    most :data:`OWN_SIDE` pixels a side; an :class:`InputError` in one line if it is missing,
    no PNG or JPEG, unreadable or too large."""
    path = folder / name
    values = {"name": name, "line": line, "limit": MAX_OWN_BYTES // 1_000_000}
    where = f" (line {line})" if line is not None else ""
    if not path.is_file():
        raise InputError(
            f"the picture {name}{where} is not there; give its path from the word file's folder",
            key="error.own-picture-missing",
            values=values,
        )
    if path.stat().st_size > MAX_OWN_BYTES:
        raise InputError(
            f"the picture {name}{where} is larger than {values['limit']} MB; make it smaller",
            key="error.own-picture-large",
            values=values,
        )
    try:
        from PIL import Image, UnidentifiedImageError
    except ImportError:
        raise MissingExtraError(f"the picture {name}", "pdf") from None
    try:
        with Image.open(path) as image:
            known = image.format in ("PNG", "JPEG")
            pixels = image.width * image.height
            if known and pixels <= MAX_OWN_PIXELS:
                drawn = _square_png(image)
    except (UnidentifiedImageError, Image.DecompressionBombError, OSError, SyntaxError, ValueError):
        known = False  # not a picture, a damaged one, or one that claims billions of pixels
    if known and pixels > MAX_OWN_PIXELS:
        raise InputError(
            f"the picture {name}{where} has more than 25 million pixels; make it smaller",
            key="error.own-picture-pixels",
            values=values,
        )
    if not known:
        raise InputError(
            f"the picture {name}{where} cannot be read as a PNG or JPEG picture",
            key="error.own-picture-unreadable",
            values=values,
        )
    return OWN_PREFIX + base64.b64encode(drawn).decode("ascii")


def _square_png(image: Any) -> bytes:
    """``image`` (a Pillow image) at most :data:`OWN_SIDE` pixels a side, centred on a
    transparent square (every picture is drawn square), as a PNG."""
    from PIL import Image

    image.thumbnail((OWN_SIDE, OWN_SIDE))
    side = max(image.size)
    square = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    square.paste(image.convert("RGBA"), ((side - image.width) // 2, (side - image.height) // 2))
    drawn = io.BytesIO()
    square.save(drawn, format="PNG", optimize=True)
    return drawn.getvalue()
