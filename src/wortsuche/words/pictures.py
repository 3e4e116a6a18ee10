"""The emoji pictures shipped with wortsuche: which emoji have one, and where it is.

The pictures are Noto Emoji (Google, Apache License 2.0, see ``data/emoji/LICENSE``), drawn
as 128-pixel PNGs by ``tools/build_emoji.py``: the emoji the themes use and those listed in
``data/emoji/extra.txt``. A picture is named by its code points in hexadecimal, joined by
``-``, without the variation selector U+FE0F (``🐻‍❄️`` is ``1f43b-200d-2744.png``).

>>> picture_key("🐻‍❄️"), has_picture("🦔")
('1f43b-200d-2744', True)
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from wortsuche.data import PACKAGE
from wortsuche.errors import InputError

FOLDER = PACKAGE / "data" / "emoji"


def picture_key(emoji: str) -> str:
    """The file name (without ``.png``) of an emoji's picture."""
    return "-".join(f"{ord(char):x}" for char in emoji if char != "\ufe0f")


@cache
def _shipped() -> frozenset[str]:
    return frozenset(path.stem for path in FOLDER.glob("*.png"))


def has_picture(emoji: str) -> bool:
    """True if wortsuche ships a picture of ``emoji``."""
    return picture_key(emoji) in _shipped()


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
