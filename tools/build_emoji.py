"""Rebuild the emoji pictures shipped with wortsuche from Noto Emoji (Apache License 2.0).

Reads the emoji the themes and the school vocabulary use (``data/themes/pairs/*.txt``,
``data/vocabulary/pairs.txt``) and those listed in
``data/emoji/extra.txt``, takes each one's SVG from the npm package ``@iconify-json/noto``
(Noto Emoji's SVGs, fetched with ``npm pack``), draws it as a 128-pixel PNG with CairoSVG
and writes ``data/emoji/<code points>.png``; the old pictures are removed first (not
wortsuche's own, ``x-<name>.png``, which ``tools/build_pictures.py`` draws).

    pip install -e '.[pictures-build]'
    python tools/build_emoji.py            # npm pack @iconify-json/noto@1.2.9 into a temporary folder
    python tools/build_emoji.py --package path/to/package

Emoji the set lacks are listed at the end (exit status 1): take them out of the pairs or the
extra list, or find them a picture.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import tempfile
from pathlib import Path

from npm_package import unpacked  # tools/, beside this script

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "src" / "wortsuche" / "data"
OUT = DATA / "emoji"
NPM_PACKAGE = "@iconify-json/noto@1.2.9"
SIZE = 128
"""Pixels a side: 12 mm on paper at 270 dpi."""

sys.path.insert(0, str(ROOT / "src"))
from wortsuche.words.pictures import picture_key  # noqa: E402


def wanted() -> list[str]:
    """Every emoji to ship, each once, in a stable order."""
    found: dict[str, None] = {}
    for path in sorted((DATA / "themes" / "pairs").glob("*.txt")):
        for line in path.read_text("utf-8").splitlines():
            parts = [part.strip() for part in line.split("=")]
            if not line.startswith("#") and len(parts) == 3:
                found[parts[2]] = None
    for line in (DATA / "vocabulary" / "pairs.txt").read_text("utf-8").splitlines():
        parts = [part.strip() for part in line.split("=")]
        if not line.startswith("#") and len(parts) == 3:
            found[parts[2]] = None
    for line in (OUT / "extra.txt").read_text("utf-8").splitlines():
        if not line.startswith("#"):
            found.update(dict.fromkeys(line.split()))
    # wortsuche's own pictures (x-table) are no emoji: tools/build_pictures.py draws them
    return [emoji for emoji in found if not emoji.startswith("x-")]


def main() -> int:
    """Write the pictures; list the emoji the set lacks."""
    import cairosvg
    from PIL import Image

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--package", type=Path, help="an unpacked @iconify-json/noto")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        package = unpacked(args.package, Path(tmp), NPM_PACKAGE)
        icons = json.loads((package / "icons.json").read_text("utf-8"))
        chars = json.loads((package / "chars.json").read_text("utf-8"))
    aliases = icons.get("aliases", {})
    for old in OUT.glob("*.png"):
        if not old.name.startswith("x-"):  # wortsuche's own pictures: tools/build_pictures.py
            old.unlink()
    missing = []
    for emoji in wanted():
        key = picture_key(emoji)
        name = chars.get(key)
        name = aliases.get(name, {}).get("parent", name)
        if name not in icons["icons"]:
            missing.append(emoji)
            continue
        icon = icons["icons"][name]
        width, height = icon.get("width", icons["width"]), icon.get("height", icons["height"])
        svg = (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}">'
            f"{icon['body']}</svg>"
        )
        png = cairosvg.svg2png(bytestring=svg.encode(), output_width=SIZE, output_height=SIZE)
        image = Image.open(io.BytesIO(png)).convert("RGBA")
        image.quantize(colors=128, method=Image.Quantize.FASTOCTREE).save(
            OUT / f"{key}.png", optimize=True
        )
    print(f"{len(wanted()) - len(missing)} pictures in {OUT.relative_to(ROOT)}")
    if missing:
        print("not in Noto Emoji's set:", " ".join(missing))
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
