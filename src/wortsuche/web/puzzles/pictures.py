"""A teacher's own pictures on the web: uploaded one at a time, kept as pixels only.

``POST /api/pictures`` takes one picture file as the request body (at most
:data:`MAX_UPLOAD_BYTES`): Pillow must decode it as a PNG, JPEG or WebP picture (an SVG, which
is a program as much as a picture, is refused with the rest), and it is drawn again at most
:data:`WEB_SIDE` pixels a side as a PNG of at most 256 colours. What comes back is that PNG as a
data URL, the form an own picture takes as a clue (``Igel = igel.png`` on the command line):
nothing of the file but its pixels is kept.

The create request names each picture's word (``pictures``: word to data URL); the server
decodes and draws each one again (:func:`picture_clues`), so a request written by hand holds
no more than pixels either. The puzzle carries them as its words' clues into the play page,
the sheets and the keys.
"""

from __future__ import annotations

import base64
import binascii
import io
from collections.abc import Mapping
from typing import Any

from fastapi import APIRouter, Depends, Request
from starlette.concurrency import run_in_threadpool

from wortsuche.notes import Note
from wortsuche.web.errors import ApiError
from wortsuche.web.puzzles.dependencies import within_rate
from wortsuche.web.schemas import ERRORS, Picture
from wortsuche.words.pictures import OWN_PREFIX

MAX_UPLOAD_BYTES = 2_000_000
"""The largest picture file taken: a photo from a phone, made a little smaller."""

MAX_PIXELS = 25_000_000
"""The most pixels a picture may claim before it is decoded (a decompression bomb is refused)."""

WEB_SIDE = 160
"""Pixels a side a picture is kept at, at most: sharp beside a word on screen and on paper,
small enough for twenty of them to travel in one create request."""

MAX_PICTURES = 20
"""Pictures one puzzle made on the web may carry."""

MAX_PICTURE_CHARS = 48_000
"""The longest picture a create request may name, as a data URL (a kept picture is far less)."""

FORMATS = ("PNG", "JPEG", "WEBP")
"""The picture formats decoded."""

router = APIRouter(prefix="/api/pictures", responses=ERRORS)


def _refused(message: str, key: str, **values: Any) -> ApiError:
    return ApiError(422, Note(message, key=key, values=values), "pictures")


def kept_picture(data: bytes) -> str:
    """``data`` (a picture file) drawn again as a PNG data URL of at most :data:`WEB_SIDE`
    pixels a side; an :class:`ApiError` in one line if it is too large, or no PNG, JPEG or
    WebP picture."""
    if len(data) > MAX_UPLOAD_BYTES:
        raise _refused(
            f"the picture is larger than {MAX_UPLOAD_BYTES // 1_000_000} MB; make it smaller",
            "api.picture-large",
            limit=MAX_UPLOAD_BYTES // 1_000_000,
        )
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(io.BytesIO(data), formats=FORMATS) as image:
            if image.width * image.height > MAX_PIXELS:
                raise _refused(
                    "the picture has more than 25 million pixels; make it smaller",
                    "api.picture-pixels",
                )
            image.load()
            drawn = _drawn(image)
    except (UnidentifiedImageError, Image.DecompressionBombError, OSError, SyntaxError, ValueError):
        raise _refused(
            "the file cannot be read as a PNG, JPEG or WebP picture", "api.picture-unreadable"
        ) from None
    return OWN_PREFIX + base64.b64encode(drawn).decode("ascii")


def _drawn(image: Any) -> bytes:
    """``image`` at most :data:`WEB_SIDE` pixels a side, centred on a transparent square, as a
    PNG of at most 256 colours."""
    from PIL import Image

    image = image.convert("RGBA")
    image.thumbnail((WEB_SIDE, WEB_SIDE))
    side = max(image.size)
    square = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    square.paste(image, ((side - image.width) // 2, (side - image.height) // 2))
    out = io.BytesIO()
    square.quantize(256, method=Image.Quantize.FASTOCTREE).save(out, format="PNG", optimize=True)
    return out.getvalue()


def picture_clues(pictures: Mapping[str, str] | None) -> dict[str, str]:
    """The pictures of a create request (word to data URL), each decoded and drawn again; an :class:`ApiError` at the pictures field for too many, or for
    one that is no picture."""
    if not pictures:
        return {}
    if len(pictures) > MAX_PICTURES:
        raise _refused(
            f"too many pictures: {len(pictures)} (at most {MAX_PICTURES})",
            "api.too-many-pictures",
            count=len(pictures),
            most=MAX_PICTURES,
        )
    clues = {}
    for word, url in pictures.items():
        data = None
        if url.startswith(OWN_PREFIX) and len(url) <= MAX_PICTURE_CHARS:
            try:
                data = base64.b64decode(url.removeprefix(OWN_PREFIX), validate=True)
            except (binascii.Error, ValueError):
                data = None
        if data is None:
            raise _refused(
                f"the picture for {word[:20]!r} is no picture; upload it again",
                "api.picture-bad",
                word=word[:20],
            )
        clues[word] = kept_picture(data)
    return clues


@router.post("", dependencies=[Depends(within_rate("picture"))])
async def upload_picture(request: Request) -> Picture:
    """One picture file (PNG, JPEG or WebP, at most 2 MB) as the body: the picture drawn again,
    at most 160 pixels a side, as a PNG data URL to name in a create request's ``pictures``."""
    data = await request.body()
    return Picture(picture=await run_in_threadpool(kept_picture, data))
