"""What a book's cover shows that the book decides: a grid of its own, and whether a background
image is fit to print (drawing them is :mod:`wortsuche.render.cover`'s)."""

from __future__ import annotations

import hashlib
import io
import math
from collections.abc import Sequence

from wortsuche.errors import InputError, UserError
from wortsuche.model import Puzzle
from wortsuche.pipeline.run import generate

COVER_TRIES = 5
"""Seeds tried for the cover's grid before the cover shows the first puzzle's grid unmarked."""


def cover_seed(first_seed: int, attempt: int) -> int:
    """The seed of the cover's grid, try ``attempt``, for a book whose first puzzle has
    ``first_seed`` (1 to 10**9; never the seed of a puzzle of the book but by chance)."""
    digest = hashlib.sha256(f"wortsuche-cover:{first_seed}:{attempt}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % 10**9 + 1


def cover_artwork(puzzles: Sequence[Puzzle]) -> Puzzle | None:
    """A grid for the cover that is in none of the book's puzzles: the first puzzle's words,
    size and level made with another seed, so its marked words give no answer away.

    None if no such grid could be made (the cover then shows the first grid without marks).
    """
    first = puzzles[0]
    inside = {puzzle.grid.rows for puzzle in puzzles}
    for attempt in range(COVER_TRIES):
        try:
            artwork = generate(
                first.words,
                first.rows,
                first.cols,
                level=first.level,
                seed=cover_seed(first.seed, attempt),
                language=first.options.language,
            )
        except UserError:
            continue
        if artwork.grid.rows not in inside:
            return artwork
    return None


COVER_DPI = 300
"""The resolution a cover's background image must have at the cover's size, in dots per inch."""

MAX_IMAGE_PIXELS = 60_000_000
"""The most pixels a cover image may claim (a 24 x 13 in wrap at 300 dpi has 28 million): more
is refused before it is decoded."""


def needed_pixels(size: tuple[float, float]) -> tuple[int, int]:
    """The pixels across and down an image needs to cover ``size`` (points) at 300 dpi."""
    return math.ceil(size[0] / 72 * COVER_DPI), math.ceil(size[1] / 72 * COVER_DPI)


def checked_image(data: bytes, name: str, size: tuple[float, float] | None = None) -> bytes:
    """``data`` if it is a PNG or JPEG image that covers ``size`` (the cover's, in points; None:
    only read it) at :data:`COVER_DPI`; an InputError naming the file and the pixels it needs
    otherwise."""
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(io.BytesIO(data)) as image:
            kind, pixels = image.format, image.size
            if pixels[0] * pixels[1] > MAX_IMAGE_PIXELS:
                raise InputError(
                    f"{name} has {pixels[0]}x{pixels[1]} pixels, more than a cover needs; "
                    "give a smaller image",
                    key="error.cover-image-huge",
                    values={"name": name, "pixels": f"{pixels[0]}x{pixels[1]}"},
                )
            image.load()
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError, Image.DecompressionBombError):
        raise InputError(
            f"{name} cannot be read as an image; --cover-image takes a PNG or JPEG file",
            key="error.cover-image-unreadable",
            values={"name": name},
        ) from None
    if kind not in ("PNG", "JPEG"):
        raise InputError(
            f"{name} is a {kind} image; --cover-image takes a PNG or JPEG file",
            key="error.cover-image-format",
            values={"name": name, "format": kind},
        )
    if size is not None:
        across, down = needed_pixels(size)
        if pixels[0] < across or pixels[1] < down:
            raise InputError(
                f"{name} has {pixels[0]}x{pixels[1]} pixels; the cover needs at least "
                f"{across}x{down} (300 dpi at {size[0] / 72:.2f} x {size[1] / 72:.2f} in)",
                key="error.cover-image-small",
                values={
                    "name": name,
                    "pixels": f"{pixels[0]}x{pixels[1]}",
                    "needed": f"{across}x{down}",
                    "inches": f"{size[0] / 72:.2f} x {size[1] / 72:.2f}",
                },
            )
    return data
