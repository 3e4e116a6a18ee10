"""Draw wortsuche's own pictures of the school things no emoji shows (a table, a desk, an eraser).

Each picture is an icon of Material Design Icons (the npm package ``@mdi/svg``, by
Pictogrammers, Apache License 2.0), filled with one colour of a small friendly palette on a
pale disc of the same hue (the icon at 78 % of the disc's width), drawn with CairoSVG at the
emoji pictures' size (128 pixels a side) as ``data/emoji/x-<name>.png``. The vocabulary names
it as ``x-<name>`` where another pair names an emoji (``der Tisch = table = x-table``);
``tools/build_emoji.py`` leaves these files be.
``data/emoji/x-pictures.txt`` records each picture's icon, its author and the licence.

    pip install -e '.[pictures-build]'
    python tools/build_pictures.py            # npm pack @mdi/svg@7.4.47 into a temporary folder
    python tools/build_pictures.py --package path/to/package
"""

from __future__ import annotations

import argparse
import io
import json
import re
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

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

PICTURES: dict[str, tuple[str, tuple[str, str]]] = {
    # name: (the Material Design Icons icon, its colours); each checked to show the thing
    # as a child at school means it (a table is furniture, a board hangs in a classroom)
    "table": ("table-furniture", WOOD),
    "desk": ("desk", WOOD),
    "bookcase": ("bookshelf", WOOD),
    "cupboard": ("cupboard", WOOD),
    "armchair": ("sofa-single", PLUM),
    "lamp": ("lamp", SUN),
    "eraser": ("eraser", SKY),
    "board": ("presentation", LEAF),
    "classroom": ("human-male-board", LEAF),
    "kitchen": ("stove", SLATE),
    "photo": ("image", SKY),
    "drawing": ("draw", PLUM),
    "food": ("food", SUN),
    "head": ("head", ROSE),
    "park": ("nature-people", LEAF),
    "street": ("road-variant", SLATE),
    "tablet": ("tablet", SLATE),
    "wall": ("wall", BRICK),
    "apartment": ("office-building", SKY),
    "animal": ("paw", WOOD),
}


def picture_svg(icon_svg: str, colours: tuple[str, str]) -> str:
    """The icon on its disc as one SVG: the icon's paths filled with the full tone, scaled into
    the disc's middle."""
    full, pale = colours
    paths = "".join(re.findall(r"<path\b[^>]*/>", icon_svg))
    if not paths:
        raise ValueError("the icon has no path")
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">'
        f'<circle cx="12" cy="12" r="11.6" fill="{pale}"/>'
        f'<g fill="{full}" transform="translate(2.64 2.64) scale(0.78)">{paths}</g></svg>'
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
    for name, (icon, _) in PICTURES.items():
        lines.append(f"x-{name} = {icon}, {meta[icon].get('author', 'Pictogrammers')}")
    return "\n".join(lines) + "\n"


def unpacked(package: Path | None, folder: Path) -> Path:
    """The folder of the npm package: as given, or fetched with ``npm pack``."""
    if package is not None:
        return package
    subprocess.run(["npm", "pack", NPM_PACKAGE], cwd=folder, check=True, capture_output=True)
    (archive,) = folder.glob("*.tgz")
    with tarfile.open(archive) as tar:
        tar.extractall(folder, filter="data")
    return folder / "package"


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
        package = unpacked(args.package, Path(tmp))
        (OUT / "x-pictures.txt").write_text(record(package), "utf-8")
        for name, (icon, colours) in PICTURES.items():
            icon_svg = (package / "svg" / f"{icon}.svg").read_text("utf-8")
            svg = picture_svg(icon_svg, colours)
            png = cairosvg.svg2png(bytestring=svg.encode(), output_width=SIZE, output_height=SIZE)
            image = Image.open(io.BytesIO(png)).convert("RGBA")
            image.quantize(colors=64, method=Image.Quantize.FASTOCTREE).save(
                OUT / f"x-{name}.png", optimize=True
            )
    print(f"{len(PICTURES)} pictures in {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
