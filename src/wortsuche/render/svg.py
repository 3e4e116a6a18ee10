"""The puzzle as an SVG drawing: the same sheet as the PDF page, sized to its content.

>>> from wortsuche import generate
>>> puzzle = generate(["TORF", "VOR", "RAD", "EVA"], rows=5, cols=5, level="hard", seed=1)
>>> render(puzzle, RenderOptions(answers=True)).count('class="capsule"')
4
"""

from __future__ import annotations

import base64
from xml.sax.saxutils import escape, quoteattr

from wortsuche.model import Puzzle
from wortsuche.render.layout import Capsule, Sheet, Text, worksheet
from wortsuche.render.metrics import CAPSULE, FAINT, FONT_FAMILIES, INK, TILE
from wortsuche.render.options import RenderOptions

FONT_FAMILY = "'DejaVu Sans', Verdana, 'Helvetica Neue', Arial, sans-serif"


def font_family(font: str) -> str:
    """The CSS font list of a typeface: its own family first, the usual sans-serifs after."""
    own = FONT_FAMILIES[font]
    return FONT_FAMILY if own == "DejaVu Sans" else f"'{own}', {FONT_FAMILY}"


def render(puzzle: Puzzle, options: RenderOptions | None = None) -> str:
    """An SVG image of the puzzle (with ``answers``, only the key: each word in a capsule)."""
    options = options or RenderOptions()
    return sheet_svg(worksheet(puzzle, options), language=options.sheet_language(puzzle))


def _num(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _text(t: Text, css_class: str) -> str:
    attrs = [
        f'class="{css_class}"',
        f'x="{_num(t.x)}"',
        f'y="{_num(t.y)}"',
        f'font-size="{_num(t.size)}"',
    ]
    if t.anchor != "start":
        attrs.append(f'text-anchor="{t.anchor}"')
    if t.bold:
        attrs.append('font-weight="bold"')
    if t.faint:
        attrs.append(f'fill="{FAINT}"')
    return f"<text {' '.join(attrs)}>{escape(t.text)}</text>"


def capsule_path(capsule: Capsule) -> str:
    """SVG path data for a capsule: two straight sides joined by half circles at the ends."""
    (x0, y0), (x1, y1), r = capsule.start, capsule.end, capsule.radius
    nx, ny = capsule.normal
    a, b = (x1 + nx * r, y1 + ny * r), (x1 - nx * r, y1 - ny * r)
    c, d = (x0 - nx * r, y0 - ny * r), (x0 + nx * r, y0 + ny * r)
    arc = f"A {_num(r)} {_num(r)} 0 0 0"
    return (
        f"M {_num(d[0])} {_num(d[1])} L {_num(a[0])} {_num(a[1])} {arc} {_num(b[0])} {_num(b[1])} "
        f"L {_num(c[0])} {_num(c[1])} {arc} {_num(d[0])} {_num(d[1])} Z"
    )


def _pictures(sheet: Sheet) -> list[str]:
    """A picture list: its box, and each picture as an embedded PNG named by its emoji."""
    parts = [
        f'<rect class="picture-box" x="{_num(b.x)}" y="{_num(b.y)}" width="{_num(b.width)}" '
        f'height="{_num(b.height)}" rx="8" fill="none" stroke="{TILE}" stroke-width="1"/>'
        for b in sheet.boxes
    ]
    for p in sheet.pictures:
        data = base64.b64encode(p.data).decode("ascii")
        parts.append(
            f'<image class="picture" x="{_num(p.x)}" y="{_num(p.y)}" width="{_num(p.size)}" '
            f'height="{_num(p.size)}" href="data:image/png;base64,{data}">'
            f"<title>{escape(p.emoji)}</title></image>"
        )
    return parts


def sheet_svg(sheet: Sheet, *, language: str = "en") -> str:
    """The SVG document for a laid-out sheet."""
    grid = sheet.grid
    frame = grid.frame
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(sheet.width)}pt" '
        f'height="{_num(sheet.height)}pt" viewBox="0 0 {_num(sheet.width)} {_num(sheet.height)}" '
        f"xml:lang={quoteattr(language)}>",
        f"<title>{escape(sheet.texts[0].text if sheet.texts else '')}</title>",
        '<rect width="100%" height="100%" fill="#ffffff"/>',
        f'<g font-family={quoteattr(font_family(sheet.font))} fill="{INK}">',
    ]
    parts += [_text(t, "text") for t in sheet.texts]
    parts += [
        f'<line class="rule" x1="{_num(r.x0)}" y1="{_num(r.y)}" x2="{_num(r.x1)}" '
        f'y2="{_num(r.y)}" stroke="{INK}" stroke-width="{_num(r.width)}"/>'
        for r in sheet.rules
    ]
    if grid.cells:  # hexagons: each cell's outline, no frame
        parts.append(
            f'<g class="cells" fill="none" stroke="{INK}" '
            f'stroke-width="{_num(max(grid.cell / 30, 0.4))}" stroke-linejoin="round">'
        )
        parts += [
            '<polygon points="' + " ".join(f"{_num(px)},{_num(py)}" for px, py in outline) + '"/>'
            for outline in grid.cells
        ]
        parts.append("</g>")
    elif grid.tiles:  # a shaped grid: its cells, no frame
        parts.append(
            f'<g class="tiles" fill="none" stroke="{TILE}" '
            f'stroke-width="{_num(max(grid.cell / 30, 0.4))}">'
        )
        parts += [
            f'<rect x="{_num(t.x)}" y="{_num(t.y)}" width="{_num(t.width)}" '
            f'height="{_num(t.height)}" rx="{_num(grid.cell / 6)}"/>'
            for t in grid.tiles
        ]
        parts.append("</g>")
    else:
        parts.append(
            f'<rect class="frame" x="{_num(frame.x)}" y="{_num(frame.y)}" '
            f'width="{_num(frame.width)}" height="{_num(frame.height)}" rx="{_num(grid.cell / 3)}" '
            f'fill="none" stroke="{INK}" stroke-width="{_num(max(grid.cell / 24, 0.5))}"/>'
        )
    clip = ""
    if grid.clip:  # words over the edge: their parts are cut where they leave the grid
        parts.append(
            f'<clipPath id="frame-clip"><rect x="{_num(frame.x)}" y="{_num(frame.y)}" '
            f'width="{_num(frame.width)}" height="{_num(frame.height)}"/></clipPath>'
        )
        clip = ' clip-path="url(#frame-clip)"'
    parts.append(
        f'<g class="capsules" fill="none" stroke="{CAPSULE}" '
        f'stroke-width="{_num(max(grid.cell / 16, 0.5))}"{clip}>'
    )
    parts += [
        f'<path class="capsule" data-word={quoteattr(c.letters)} d="{capsule_path(c)}"/>'
        for c in grid.capsules
    ]
    parts.append("</g>")
    parts.append('<g class="grid">')
    parts += [_text(t, "letter") for t in grid.letters]
    parts.append("</g>")
    parts += _pictures(sheet)
    parts.append("</g>")
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
