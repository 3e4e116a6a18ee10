"""Draw wortsuche's own pictures of the school things no emoji shows (a table, a desk, an eraser).

Each picture is an icon of Material Design Icons (the npm package ``@mdi/svg``, by
Pictogrammers, Apache License 2.0), filled with one colour of a small friendly palette on a
pale disc of the same hue (the icon at 78 % of the disc's width), or a kind of things (fruit)
as a few icons together, drawn with CairoSVG at the emoji pictures' size (128 pixels a side)
as ``data/emoji/x-<name>.png``. The vocabulary names it as ``x-<name>`` where another pair
names an emoji (``der Tisch = table = x-table``); ``tools/build_emoji.py`` leaves these files
be. ``data/emoji/x-pictures.txt`` records each picture's icons, their authors and the licence.

    pip install -e '.[pictures-build]'
    python tools/build_pictures.py            # npm pack @mdi/svg@7.4.47 into a temporary folder
    python tools/build_pictures.py --package path/to/package
"""

from __future__ import annotations

import argparse
import io
import json
import re
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from npm_package import unpacked  # tools/, beside this script

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "wortsuche" / "data" / "emoji"
NPM_PACKAGE = "@mdi/svg@7.4.47"
SIZE = 128
"""Pixels a side, as the emoji pictures (tools/build_emoji.py)."""

# The palette: each colour a full tone for the thing and a pale tint for the disc behind it.
WOOD = ("#9a5b2e", "#f6e3cf")
ROSE = ("#d6457a", "#fbdde8")
SKY = ("#2f7fd1", "#dbeafb")
LEAF = ("#3f9a3c", "#def2d9")
SUN = ("#e08a00", "#fdefd0")
PLUM = ("#7d4fc4", "#ebe0fa")
SLATE = ("#4c5a67", "#e3e8ec")
BRICK = ("#c2492f", "#f9dfd8")
SAND = ("#c08a2e", "#f6e9cf")


@dataclass(frozen=True)
class Part:
    """One icon of a picture: its name in the set, its colour, where it sits on the 24-unit
    square and how large (1 the whole square)."""

    icon: str
    colour: str
    x: float = 2.64
    y: float = 2.64
    scale: float = 0.78
    """The icon at 78 % of the disc's width, in its middle: as heavy as an emoji beside it."""


@dataclass(frozen=True)
class Picture:
    """A picture: its icons on a pale disc."""

    disc: str
    parts: tuple[Part, ...]


def one(icon: str, colours: tuple[str, str]) -> Picture:
    """A picture of one icon in the full tone of ``colours`` on their pale tint."""
    return Picture(colours[1], (Part(icon, colours[0]),))


def meal(sky: str, colours: tuple[str, str]) -> Picture:
    """A knife and fork under ``sky`` (the sun, the moon) in the tone of ``colours`` on their
    tint: a meal by the time of day."""
    return Picture(
        colours[1],
        (
            Part("silverware-fork-knife", SLATE[0], 3.0, 5.6, 0.62),
            Part(sky, colours[0], 12.6, 2.8, 0.42),
        ),
    )


PICTURES: dict[str, Picture] = {
    # each checked to show the thing as a child at school means it (a table is furniture, a
    # board stands in a classroom); a kind of things (fruit) is several of them together
    "table": one("table-furniture", WOOD),
    "desk": one("desk", WOOD),
    "bookcase": one("bookshelf", WOOD),
    "cupboard": one("cupboard", WOOD),
    "armchair": one("sofa-single", PLUM),
    "lamp": one("lamp", SUN),
    "eraser": one("eraser", SKY),
    "board": one("presentation", LEAF),
    "classroom": one("human-male-board", LEAF),
    "kitchen": one("stove", SLATE),
    "photo": one("image", SKY),
    "drawing": one("draw", PLUM),
    "food": one("food", SUN),
    "head": one("head", ROSE),
    "park": one("nature-people", LEAF),
    "street": one("road-variant", SLATE),
    "tablet": one("tablet", SLATE),
    "wall": one("wall", BRICK),
    "apartment": one("office-building", SKY),
    "animal": one("paw", WOOD),
    "fruit": Picture(
        SUN[1],
        (
            Part("fruit-grapes", PLUM[0], 3.2, 3.0, 0.5),
            Part("fruit-pear", LEAF[0], 10.8, 3.0, 0.5),
            Part("food-apple", BRICK[0], 7.0, 10.2, 0.55),
        ),
    ),
    "clothes": Picture(
        SKY[1],
        (
            Part("tshirt-crew", SKY[0], 3.0, 3.6, 0.55),
            Part("hat-fedora", BRICK[0], 11.2, 3.6, 0.45),
            Part("shoe-sneaker", PLUM[0], 7.6, 11.6, 0.5),
        ),
    ),
    "bathroom": Picture(
        SKY[1],
        (
            Part("toilet", SLATE[0], 3.0, 3.4, 0.45),
            Part("bathtub", SKY[0], 7.6, 9.4, 0.58),
        ),
    ),
    "bedroom": Picture(
        PLUM[1],
        (
            Part("bed-king", PLUM[0], 2.2, 7.6, 0.62),
            Part("lamp", SUN[0], 14.4, 5.0, 0.36),
            Part("teddy-bear", WOOD[0], 6.4, 2.6, 0.36),
        ),
    ),
    "breakfast": Picture(
        SUN[1],
        (
            Part("egg-fried", SUN[0], 2.4, 7.4, 0.5),
            Part("coffee", WOOD[0], 11.4, 2.4, 0.42),
            Part("bread-slice", BRICK[0], 12.2, 12.2, 0.4),
        ),
    ),
    "garden": Picture(
        LEAF[1],
        (
            Part("fence", WOOD[0], 2.64, 7.5, 0.78),
            Part("flower-tulip", ROSE[0], 4.0, 3.2, 0.45),
            Part("flower", SUN[0], 12.0, 3.2, 0.45),
        ),
    ),
    # a meal by the time of day: breakfast's egg and coffee, lunch under the sun, dinner under
    # the moon and stars
    "lunch": meal("weather-sunny", SUN),
    "dinner": meal("weather-night", PLUM),
    # animals no farm keeps, behind a fence
    "zoo": Picture(
        LEAF[1],
        (
            Part("elephant", SLATE[0], 2.0, 2.8, 0.5),
            Part("penguin", SLATE[0], 12.6, 3.6, 0.4),
            Part("fence", WOOD[0], 2.64, 7.5, 0.78),
        ),
    ),
    # a heap of its grains with a bucket and a spade, as in a sandpit
    "sand": Picture(
        SAND[1],
        (
            Part("dots-triangle", SAND[0], 2.4, 6.0, 0.8),
            Part("pail", BRICK[0], 13.2, 3.0, 0.36),
            Part("shovel", SKY[0], 3.2, 2.6, 0.36),
        ),
    ),
}


def picture_svg(picture: Picture, icons: dict[str, str]) -> str:
    """The picture as one SVG: each icon's paths filled with its colour, placed on the disc;
    ``icons`` holds the SVG text of each icon by name."""
    groups = []
    for part in picture.parts:
        paths = "".join(re.findall(r"<path\b[^>]*/>", icons[part.icon]))
        if not paths:
            raise ValueError(f"the icon {part.icon} has no path")
        place = f"translate({part.x} {part.y}) scale({part.scale})"
        groups.append(f'<g fill="{part.colour}" transform="{place}">{paths}</g>')
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">'
        f'<circle cx="12" cy="12" r="11.6" fill="{picture.disc}"/>{"".join(groups)}</svg>'
    )


def record(package: Path) -> str:
    """Where each picture comes from: its icon, the icon's author, the set and its licence."""
    meta = {icon["name"]: icon for icon in json.loads((package / "meta.json").read_text("utf-8"))}
    version = json.loads((package / "package.json").read_text("utf-8"))["version"]
    lines = [
        "# wortsuche's own pictures (x-<name>.png), drawn by tools/build_pictures.py:",
        f"# Material Design Icons (npm @mdi/svg {version}, https://pictogrammers.com/library/mdi/),",
        "# Apache License 2.0 (../emoji/LICENSE), coloured on a disc.",
        "# picture = icon, author",
    ]
    for name, picture in PICTURES.items():
        icons = [part.icon for part in picture.parts]
        authors = dict.fromkeys(meta[icon].get("author", "Pictogrammers") for icon in icons)
        lines.append(f"x-{name} = {' + '.join(icons)}, {' and '.join(authors)}")
    return "\n".join(lines) + "\n"


def main() -> int:
    """Write the pictures, replacing the old ones."""
    import cairosvg
    from PIL import Image

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--package", type=Path, help="an unpacked @mdi/svg")
    args = parser.parse_args()
    for old in OUT.glob("x-*.png"):
        old.unlink()
    with tempfile.TemporaryDirectory() as tmp:
        package = unpacked(args.package, Path(tmp), NPM_PACKAGE)
        (OUT / "x-pictures.txt").write_text(record(package), "utf-8")
        for name, picture in PICTURES.items():
            icons = {
                part.icon: (package / "svg" / f"{part.icon}.svg").read_text("utf-8")
                for part in picture.parts
            }
            svg = picture_svg(picture, icons)
            png = cairosvg.svg2png(bytestring=svg.encode(), output_width=SIZE, output_height=SIZE)
            image = Image.open(io.BytesIO(png)).convert("RGBA")
            image.quantize(colors=64, method=Image.Quantize.FASTOCTREE).save(
                OUT / f"x-{name}.png", optimize=True
            )
    print(f"{len(PICTURES)} pictures in {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
