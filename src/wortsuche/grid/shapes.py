"""Shaped grids: which cells of a rectangle are holes, from a built-in shape or a mask.

A hole is no cell: it holds :data:`HOLE` in the grid, no word runs through it, the filler leaves it
alone, and a line read across it breaks there (the hole matches no letter). Built-in shapes are
drawn on the grid's own size, so a heart is a heart at 12x12 and at 30x30; a mask is a text
picture (``#`` a cell, ``.`` a hole) or a PNG (dark a cell), scaled to the size if one is given.

>>> print("\\n".join(picture(holes("diamond", 5, 5), 5, 5)))
..#..
.###.
#####
.###.
..#..
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from wortsuche.errors import InputError
from wortsuche.grid.topology import Flat
from wortsuche.model import HOLE
from wortsuche.notes import Note

__all__ = [
    "GLYPHS",
    "HOLE",
    "SHAPES",
    "SHAPE_NAMES",
    "Outline",
    "holes",
    "outline",
    "parse_mask",
    "read_mask",
]

Cell = tuple[int, int]

# Each shape: does the point (x, y), both from -1 to 1 with y growing downwards, lie inside?


def _star(x: float, y: float) -> bool:
    points = []
    for k in range(10):
        radius = 1.12 if k % 2 == 0 else 0.5
        angle = -math.pi / 2 + k * math.pi / 5
        points.append((radius * math.cos(angle), radius * math.sin(angle) + 0.14))
    return _inside_polygon(x, y, points)


def _heart(x: float, y: float) -> bool:
    # (X² + Y² − 1)³ − X²·Y³ ≤ 0, with Y up, scaled to fill the square
    big_x, big_y = x * 1.2, -(y * 1.1) + 0.15
    return (big_x**2 + big_y**2 - 1) ** 3 - big_x**2 * big_y**3 <= 0


def _inside_polygon(x: float, y: float, points: Sequence[tuple[float, float]]) -> bool:
    inside = False
    for (x1, y1), (x2, y2) in zip(points, [*points[1:], points[0]], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


SHAPES: dict[str, Callable[[float, float], bool]] = {
    "circle": lambda x, y: x * x + y * y <= 1.0,
    "cross": lambda x, y: abs(x) <= 0.36 or abs(y) <= 0.36,
    "diamond": lambda x, y: abs(x) + abs(y) <= 1.0,
    "heart": _heart,
    "hexagon": lambda x, y: abs(y) <= 1.0 and abs(y) <= 2.0 * (1 - abs(x)),
    "house": lambda x, y: (y >= -0.15 and abs(x) <= 0.8) or (y < -0.15 and abs(x) <= (y + 1.0)),
    "star": _star,
    "tree": lambda x, y: (
        (y <= 0.55 and abs(x) <= (y + 1.0) / 1.55) or (y > 0.55 and abs(x) <= 0.22)
    ),
    "triangle": lambda x, y: abs(x) <= (y + 1.0) / 2.0,
}
"""The built-in shapes by name."""


GLYPHS: dict[str, tuple[str, ...]] = {
    "A": (".###.", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"),
    "B": ("####.", "#...#", "#...#", "####.", "#...#", "#...#", "####."),
    "C": (".####", "#....", "#....", "#....", "#....", "#....", ".####"),
    "D": ("####.", "#...#", "#...#", "#...#", "#...#", "#...#", "####."),
    "E": ("#####", "#....", "#....", "####.", "#....", "#....", "#####"),
    "F": ("#####", "#....", "#....", "####.", "#....", "#....", "#...."),
    "G": (".####", "#....", "#....", "#..##", "#...#", "#...#", ".###."),
    "H": ("#...#", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"),
    "I": ("#####", "..#..", "..#..", "..#..", "..#..", "..#..", "#####"),
    "J": ("..###", "...#.", "...#.", "...#.", "...#.", "#..#.", ".##.."),
    "K": ("#...#", "#..#.", "#.#..", "##...", "#.#..", "#..#.", "#...#"),
    "L": ("#....", "#....", "#....", "#....", "#....", "#....", "#####"),
    "M": ("#...#", "##.##", "#.#.#", "#.#.#", "#...#", "#...#", "#...#"),
    "N": ("#...#", "##..#", "#.#.#", "#..##", "#...#", "#...#", "#...#"),
    "O": (".###.", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."),
    "P": ("####.", "#...#", "#...#", "####.", "#....", "#....", "#...."),
    "Q": (".###.", "#...#", "#...#", "#...#", "#.#.#", "#..#.", ".##.#"),
    "R": ("####.", "#...#", "#...#", "####.", "#.#..", "#..#.", "#...#"),
    "S": (".####", "#....", "#....", ".###.", "....#", "....#", "####."),
    "T": ("#####", "..#..", "..#..", "..#..", "..#..", "..#..", "..#.."),
    "U": ("#...#", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."),
    "V": ("#...#", "#...#", "#...#", "#...#", "#...#", ".#.#.", "..#.."),
    "W": ("#...#", "#...#", "#...#", "#.#.#", "#.#.#", "##.##", "#...#"),
    "X": ("#...#", "#...#", ".#.#.", "..#..", ".#.#.", "#...#", "#...#"),
    "Y": ("#...#", "#...#", ".#.#.", "..#..", "..#..", "..#..", "..#.."),
    "Z": ("#####", "....#", "...#.", "..#..", ".#...", "#....", "#####"),
    "0": (".###.", "#...#", "#..##", "#.#.#", "##..#", "#...#", ".###."),
    "1": ("..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###."),
    "2": (".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####"),
    "3": ("####.", "....#", "....#", ".###.", "....#", "....#", "####."),
    "4": ("...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."),
    "5": ("#####", "#....", "####.", "....#", "....#", "#...#", ".###."),
    "6": (".###.", "#....", "#....", "####.", "#...#", "#...#", ".###."),
    "7": ("#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."),
    "8": (".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###."),
    "9": (".###.", "#...#", "#...#", ".####", "....#", "....#", ".###."),
}
"""A simple 5x7 outline font: the letters A-Z and digits 0-9 as shapes, scaled to the grid."""


THE_MASK = Note("the mask", key="source.mask")
"""The name of a mask given without a file, in every language."""

SHAPE_NAMES = (*sorted(SHAPES), *GLYPHS)
"""Every built-in shape: the drawn ones, then the letters and digits."""


def holes(shape: str, rows: int, cols: int) -> frozenset[Cell]:
    """The cells of a ``rows`` x ``cols`` grid outside the built-in ``shape``."""
    if shape in GLYPHS:
        return mask_holes(GLYPHS[shape], rows, cols)
    inside = SHAPES.get(shape)
    if inside is None:
        raise _unknown(shape)
    return frozenset(
        (r, c)
        for r in range(rows)
        for c in range(cols)
        if not inside((c + 0.5) / cols * 2 - 1, (r + 0.5) / rows * 2 - 1)
    )


def _unknown(shape: str) -> InputError:
    choices = ", ".join(sorted(SHAPES))
    return InputError(
        f"unknown shape {shape!r}; choose one of {choices}, or a letter A-Z or digit 0-9",
        key="error.unknown-shape",
        values={"shape": shape, "choices": choices},
    )


def cell_share(shape: str) -> float:
    """The share of a square that the shape keeps (to size a grid for it)."""
    side = 40
    return 1 - len(holes(shape, side, side)) / side**2


def parse_mask(text: str, *, name: str = THE_MASK) -> list[str]:
    """A text picture as rows of ``#`` (cell) and ``.`` (hole), checked and made rectangular.

    Blank lines around it are dropped; ``X``, ``x``, ``*`` and ``█`` count as cells, ``.``,
    ``-``, ``_`` and blanks as holes.
    """
    lines = [line.rstrip() for line in text.removeprefix("\ufeff").splitlines()]
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    if not lines:
        raise InputError(f"{name} is empty", key="error.empty-input", values={"name": name})
    width = max(len(line) for line in lines)
    rows = []
    for number, line in enumerate(lines, start=1):
        row = ""
        for char in line.ljust(width):
            if char in "#Xx*█":
                row += "#"
            elif char in ".-_ ":
                row += "."
            else:
                raise InputError(
                    f"{name}, line {number}: {char!r} is neither a cell (#) nor a hole (.)",
                    key="error.mask-char",
                    values={"name": name, "number": number, "char": char},
                )
        rows.append(row)
    if not any("#" in row for row in rows):
        raise InputError(
            f"{name} has no cells (# marks a cell, . a hole)",
            key="error.mask-no-cells",
            values={"name": name},
        )
    return rows


def read_mask(path: Path) -> list[str]:
    """A mask from a text picture or a PNG (dark pixels are cells; needs the ``png`` extra)."""
    if path.suffix.lower() == ".png":
        return _png_mask(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(
            f"{path}: cannot read the mask ({error})",
            key="error.mask-unreadable",
            values={"path": path, "reason": error},
        ) from None
    return parse_mask(text, name=str(path))


MAX_MASK_PIXELS = 25_000_000
"""A PNG mask larger than this is refused before it is decoded: a picture of a shape needs far
fewer, and a file that claims billions of pixels would fill the memory (a decompression bomb)."""


def _png_mask(path: Path) -> list[str]:
    try:
        from PIL import Image
    except ImportError:
        from wortsuche.errors import MissingExtraError

        raise MissingExtraError(Note("a PNG mask", key="extra.png-mask"), "png") from None
    try:
        with Image.open(path) as image:
            if image.width * image.height > MAX_MASK_PIXELS:  # before any pixel is decoded
                raise Image.DecompressionBombError(f"{image.width}x{image.height} pixels")
            grey = image.convert("LA")
            width, height = grey.size
            if width * height > 250_000:
                grey = grey.resize((min(width, 500), min(height, 500)))
                width, height = grey.size
            data = grey.tobytes()  # two bytes a pixel: grey, then alpha
    except (OSError, Image.DecompressionBombError) as error:  # a bomb claims billions of pixels
        raise InputError(
            f"{path}: not a readable PNG ({error})",
            key="error.png-unreadable",
            values={"path": path, "reason": error},
        ) from None

    def dark(k: int) -> bool:  # a cell: dark and not transparent
        return bool(data[2 * k] < 128 and data[2 * k + 1] > 127)

    rows = [
        "".join("#" if dark(r * width + c) else "." for c in range(width)) for r in range(height)
    ]
    return parse_mask("\n".join(rows), name=str(path))


def mask_holes(mask: Sequence[str], rows: int, cols: int) -> frozenset[Cell]:
    """The holes of ``mask`` scaled to ``rows`` x ``cols`` (nearest cell)."""
    height, width = len(mask), len(mask[0])
    return frozenset(
        (r, c)
        for r in range(rows)
        for c in range(cols)
        if mask[min(height - 1, r * height // rows)][min(width - 1, c * width // cols)] != "#"
    )


def picture(hole_cells: frozenset[Cell], rows: int, cols: int) -> list[str]:
    """The grid's cells as a text picture: ``#`` a cell, ``.`` a hole."""
    return ["".join("." if (r, c) in hole_cells else "#" for c in range(cols)) for r in range(rows)]


@dataclass(frozen=True)
class Outline:
    """A grid's outline: a built-in shape by ``name``, or a ``mask`` picture (``#`` and ``.``)."""

    name: str | None = None
    mask: tuple[str, ...] | None = None

    def holes(self, rows: int, cols: int) -> frozenset[Cell]:
        """The holes of a ``rows`` x ``cols`` grid with this outline."""
        if self.mask is not None:
            return mask_holes(self.mask, rows, cols)
        return holes(self.name or "", rows, cols)

    def hole_indexes(self, rows: int, cols: int) -> list[int]:
        """The holes as flat cell indexes (:meth:`Topology.index`), in reading order."""
        flat = Flat(rows, cols)
        return sorted(flat.index(cell) for cell in self.holes(rows, cols))

    def share(self) -> float:
        """The share of a rectangle's cells the outline keeps."""
        if self.mask is not None:
            return sum(row.count("#") for row in self.mask) / (len(self.mask) * len(self.mask[0]))
        return cell_share(self.name or "")


def outline(shape: str | None, mask: Sequence[str] | None) -> Outline | None:
    """The outline asked for (a shape name or a mask's rows, not both), checked; None for none."""
    if shape is not None and mask is not None:
        raise InputError("choose a shape or a mask, not both", key="error.shape-and-mask")
    if shape is not None:
        if shape not in SHAPE_NAMES:
            raise _unknown(shape)
        return Outline(name=shape)
    if mask is not None:
        if isinstance(mask, str):
            raise InputError(
                "a mask is a list of rows (# a cell, . a hole), not one text",
                key="error.mask-text",
            )
        return Outline(mask=tuple(parse_mask("\n".join(mask))))
    return None
