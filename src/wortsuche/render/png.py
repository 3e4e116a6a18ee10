"""The puzzle as a PNG image: the SVG drawing rasterised with Pillow at a chosen resolution."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

from wortsuche.errors import InputError
from wortsuche.model import Puzzle
from wortsuche.render.layout import Sheet, worksheet
from wortsuche.render.metrics import CAPSULE, FAINT, INK, TILE, font_path
from wortsuche.render.options import RenderOptions

if TYPE_CHECKING:
    from PIL import Image

DEFAULT_DPI = 150
OVERSAMPLE = 2
"""Drawn this many times larger, then scaled down, for smooth lines (images up to 16 MP)."""

ANCHORS = {"start": "ls", "middle": "ms", "end": "rs"}
"""A text's anchor → Pillow's (left, middle or right end of the baseline)."""

MAX_PIXELS = 64_000_000
"""The largest image made (a 500x500 grid at 150 dpi would need gigabytes of memory)."""


def render(puzzle: Puzzle, options: RenderOptions | None = None) -> bytes:
    """A PNG image of the puzzle at ``dpi`` dots per inch (150 by default); with ``answers``
    only the key."""
    options = options or RenderOptions()
    return sheet_png(worksheet(puzzle, options), dpi=options.dpi or DEFAULT_DPI)


def pixel_size(sheet: Sheet, dpi: int) -> tuple[int, int]:
    """The image size in pixels of a sheet at ``dpi``."""
    return round(sheet.width * dpi / 72), round(sheet.height * dpi / 72)


def sheet_png(sheet: Sheet, *, dpi: int = DEFAULT_DPI) -> bytes:
    """The PNG bytes for a laid-out sheet."""
    from PIL import Image, ImageDraw, ImageFont

    width, height = pixel_size(sheet, dpi)
    if width * height > MAX_PIXELS:
        raise InputError(
            f"a PNG of {width}x{height} pixels is too large; choose a lower --dpi "
            "or use SVG or PDF for a grid this big",
            key="error.png-too-large",
            values={"size": f"{width}x{height}"},
        )
    oversample = OVERSAMPLE if width * height <= 16_000_000 else 1
    scale = dpi / 72 * oversample
    image = Image.new("RGB", (width * oversample, height * oversample), "white")
    draw = ImageDraw.Draw(image)
    fonts: dict[tuple[int, bool], ImageFont.FreeTypeFont] = {}

    def font(size: float, bold: bool) -> ImageFont.FreeTypeFont:
        key = (max(1, round(size * scale)), bold)
        if key not in fonts:
            fonts[key] = ImageFont.truetype(str(font_path(bold, sheet.font)), key[0])
        return fonts[key]

    grid = sheet.grid
    frame = grid.frame
    boxes = () if grid.cells else grid.tiles or (frame,)  # a shaped grid: its cells, no frame
    for outline in grid.cells:  # hexagons: each cell's outline
        corners = [(px * scale, py * scale) for px, py in outline]
        draw.line(
            [*corners, corners[0], corners[1]],
            fill=INK,
            width=max(1, round(grid.cell / 30 * scale)),
            joint="curve",
        )
    for box in boxes:
        draw.rounded_rectangle(
            [
                box.x * scale,
                box.y * scale,
                (box.x + box.width) * scale,
                (box.y + box.height) * scale,
            ],
            radius=grid.cell / (6 if grid.tiles else 3) * scale,
            outline=TILE if grid.tiles else INK,
            width=max(1, round(grid.cell / (30 if grid.tiles else 24) * scale)),
        )
    # words over the edge: their parts are drawn apart and cut where they leave the grid
    layer = Image.new("RGBA", image.size, (0, 0, 0, 0)) if grid.clip else image
    pen = ImageDraw.Draw(layer)
    for capsule in grid.capsules:
        points = [(x * scale, y * scale) for x, y in capsule.outline(steps=24)]
        pen.line(
            [*points, points[0], points[1]],
            fill=CAPSULE,
            width=max(1, round(grid.cell / 16 * scale)),
            joint="curve",
        )
    if grid.clip:
        area = (
            round(frame.x * scale),
            round(frame.y * scale),
            round((frame.x + frame.width) * scale),
            round((frame.y + frame.height) * scale),
        )
        inside = layer.crop(area)
        image.paste(inside, area[:2], inside)
    for rule in sheet.rules:
        draw.line(
            [(rule.x0 * scale, rule.y * scale), (rule.x1 * scale, rule.y * scale)],
            fill=INK,
            width=max(1, round(rule.width * scale)),
        )
    _draw_pictures(image, sheet, scale)
    for t in (*sheet.texts, *grid.letters):
        draw.text(
            (t.x * scale, t.y * scale),
            t.text,
            fill=FAINT if t.faint else INK,
            font=font(t.size, t.bold),
            anchor=ANCHORS[t.anchor],
        )
    if oversample > 1:
        image = image.resize((width, height), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    image.save(out, format="PNG", dpi=(dpi, dpi), optimize=True)
    return out.getvalue()


def _draw_pictures(image: Image.Image, sheet: Sheet, scale: float) -> None:
    """A picture list: its box and its pictures, each scaled to its size."""
    from PIL import Image, ImageDraw

    draw = ImageDraw.Draw(image)
    for box in sheet.boxes:
        corners = [box.x, box.y, box.x + box.width, box.y + box.height]
        draw.rounded_rectangle(
            [v * scale for v in corners], radius=8 * scale, outline=TILE, width=round(scale)
        )
    for picture in sheet.pictures:
        side = max(1, round(picture.size * scale))
        with Image.open(io.BytesIO(picture.data)) as source:
            drawn = source.convert("RGBA").resize((side, side), Image.Resampling.LANCZOS)
        image.paste(drawn, (round(picture.x * scale), round(picture.y * scale)), drawn)
