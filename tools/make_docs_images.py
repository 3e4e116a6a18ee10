"""Make every paper image under docs/images from its command, and record what each shows.

    python tools/make_docs_images.py            # all of them (the two books take a few minutes)
    python tools/make_docs_images.py worksheet  # those whose name contains "worksheet"

Each image is one command of wortsuche (the commands the README and docs/paper.md print beside
the images), its PDF pages rasterised by poppler's pdftoppm at 100 dpi, several pages side by side
for a book. Beside the images, ``docs/images/commands.json`` keeps each image's command and the
text its pages hold (``pdftotext``, or the grid and words of a PNG's puzzle): the test
``tests/test_docs_images.py`` runs the quick commands again and fails when what they make no
longer matches the picture, naming this script to make it anew.

The screenshots of the web pages (``docs/images/web-*.png``, ``docs/images/game/``) are taken by
the browser tests (``tests/web``), which write them under ``test-artifacts/``.
"""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "docs" / "images"
RECORD = IMAGES / "commands.json"
DPI = 100
GAP = 12
"""Pixels of grey between the pages of a book's picture."""


@dataclass(frozen=True)
class Image:
    """One picture: the command that makes its document, the pages shown, and how."""

    name: str
    command: str
    output: str
    pages: tuple[int | str, ...] = (1,)
    """Page numbers (negative: from the end), or a text: the first page that holds it
    (``last:TEXT``, the last one)."""
    cover: str | None = None
    """A book's cover PDF, shown first (its front half)."""
    quick: bool = True
    """Quick enough for the test to run again."""
    extra: dict[str, str] = field(default_factory=dict)


ZOO = (
    'generate --size 15x15 --level medium --seed 2026 -o zoo.pdf --answers --title "Zoo animals" '
    'Lion Tiger Zebra Giraffe Elephant Penguin "Sea lion" "Polar bear" Kangaroo Flamingo Gorilla '
    "Otter Meerkat Rhino Hippo Koala"
)

PICTURES = (
    Image("worksheet", ZOO, "zoo.pdf", (1,)),
    Image("answer-key", ZOO, "zoo.pdf", (2,)),
    Image(
        "worksheet-a5-halves",
        'generate examples/tiere-3b.txt --title "Tiere, Klasse 3b" --level easy --seed 3 '
        "--per-page 2 --versions 2 --font school --answers -o blatt.pdf",
        "blatt.pdf",
    ),
    Image(
        "shape-heart-key",
        "generate examples/obst.txt --shape heart --size 13x13 --seed 1 -o herz.pdf --answers",
        "herz.pdf",
        (2,),
    ),
    Image(
        "wrap-key",
        "generate Fuchs Igel Hase Dachs Reh Maus Eule Biber --size 7x7 --level hard --wrap "
        "--seed 1 --answers -o key.png",
        "key.png",
    ),
    Image(
        "message-key",
        "generate Apfel Birne Kirsche Pflaume Banane Mango Quitte --size 9x9 --seed 3 "
        '--message "Gut gemacht" --answers -o key.pdf',
        "key.pdf",
        (2,),
    ),
    Image(
        "picture-sheet",
        "generate examples/bilder.txt --level easy --size 8 --seed 1 -o bilder.pdf",
        "bilder.pdf",
    ),
    Image(
        "bilingual-sheet",
        "generate --theme animals --language en --clues de --count 12 --seed 1 -o vokabeln.pdf "
        "--answers",
        "vokabeln.pdf",
    ),
    Image(
        "book-6x9-de-large-print",
        "book --theme animals --theme fruit --theme forest --theme sea --language de --count 100 "
        "--words-per-puzzle 16 --size 13x13 --order by-theme --trim 6x9 --large-print --no-scores "
        '--title "Wortsuche in großer Schrift" --subtitle "100 Rätsel zu Tieren, Obst, Wald und Meer" '
        '--copyright "© 2026 Beispielverlag. Alle Rechte vorbehalten." --cover cover-de.pdf '
        '--paper-color cream --back-text "Hundert Suchsel in großer, gut lesbarer Schrift: Jedes '
        'Wort steht genau einmal im Gitter, die Lösungen stehen hinten im Buch." --seed 1 '
        "-o buch-de.pdf",
        "buch-de.pdf",
        (1, "Inhalt", "Finde die 16", "last:Lösungen"),
        cover="cover-de.pdf",
        quick=False,
    ),
    Image(
        "book-8.5x11-en",
        "book --theme animals --theme space --theme sports --language en --count 60 "
        "--words-per-puzzle 18 --size 15x15 --level easy,medium,hard --order easy-to-hard "
        '--trim 8.5x11 --bleed --answers-per-page 4 --title "Big Book of Word Search" '
        '--subtitle "60 puzzles from easy to expert" '
        '--copyright "© 2026 Example Press. All rights reserved." --cover cover-en.pdf '
        '--back-text "Sixty puzzles on animals, space and sports, from easy to expert." --seed 7 '
        "-o book-en.pdf",
        "book-en.pdf",
        (1, "How to play", "Find the 18", "last:Answers"),
        cover="cover-en.pdf",
        quick=False,
    ),
)


def run(command: str, folder: Path) -> None:
    """``wortsuche COMMAND`` in ``folder`` (which sees the repository's examples)."""
    examples = folder / "examples"
    if not examples.exists():
        examples.symlink_to(ROOT / "examples")
    subprocess.run(
        [sys.executable, "-m", "wortsuche", *shlex.split(command)],
        cwd=folder,
        check=True,
        capture_output=True,
    )


def page_count(pdf: Path) -> int:
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    match = re.search(r"^Pages:\s+(\d+)", info, re.MULTILINE)
    assert match, info
    return int(match.group(1))


def pages_of(image: Image, pdf: Path) -> list[int]:
    """The pages shown: a number (negative: from the end), or the first (``last:``: the last)
    page whose text holds the words given."""
    count = page_count(pdf)
    texts: list[str] = []
    chosen = []
    for page in image.pages:
        if isinstance(page, int):
            chosen.append(page if page > 0 else count + 1 + page)
            continue
        if not texts:
            whole = subprocess.run(
                ["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True
            ).stdout
            texts = whole.split("\f")
        wanted = page.removeprefix("last:")
        holding = [n for n, text in enumerate(texts[:count], start=1) if wanted in text]
        assert holding, f"no page of {pdf.name} holds {wanted!r}"
        chosen.append(holding[-1] if page.startswith("last:") else holding[0])
    return chosen


def text_of(image: Image, folder: Path) -> str:
    """What the picture shows, as text: the pages' text, or a PNG's puzzle grid and words."""
    output = folder / image.output
    if output.suffix == ".png":
        command = image.command.replace(f"-o {image.output}", "--format json")
        made = subprocess.run(
            [sys.executable, "-m", "wortsuche", *shlex.split(command)],
            cwd=folder,
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        puzzle = json.loads(made)
        return "\n".join([*puzzle["grid"], *(w["entry"] for w in puzzle["words"])])
    texts = []
    for page in pages_of(image, output):
        texts.append(
            subprocess.run(
                ["pdftotext", "-layout", "-f", str(page), "-l", str(page), str(output), "-"],
                capture_output=True,
                text=True,
                check=True,
            ).stdout
        )
    return normalised("\n".join(texts))


def normalised(text: str) -> str:
    """Text without the spacing a layout puts between its parts."""
    return "\n".join(" ".join(line.split()) for line in text.splitlines() if line.strip())


def rasterise(pdf: Path, page: int, folder: Path, *, crop_front: bool = False) -> Path:
    """One page of a PDF as a PNG at :data:`DPI` (a cover's front half only, with its spine)."""
    stem = folder / f"{pdf.stem}-{page}"
    subprocess.run(
        ["pdftoppm", "-png", "-r", str(DPI), "-f", str(page), "-l", str(page), "-singlefile",
         str(pdf), str(stem)],
        check=True,
    )  # fmt: skip
    png = stem.with_suffix(".png")
    if crop_front:
        from PIL import Image as Picture

        with Picture.open(png) as whole:
            back = whole.width * 45 // 100  # the back cover is left out, the spine kept
            whole.crop((back, 0, whole.width, whole.height)).save(png)
    return png


def side_by_side(pngs: list[Path], target: Path, height: int) -> None:
    """The pages in a row, each scaled to ``height`` pixels, on grey."""
    from PIL import Image as Picture

    pages = []
    for png in pngs:
        with Picture.open(png) as page:
            width = round(page.width * height / page.height)
            pages.append(page.convert("RGB").resize((width, height)))
    sheet = Picture.new(
        "RGB", (sum(p.width for p in pages) + GAP * (len(pages) + 1), height + 2 * GAP), "#c8c8c8"
    )
    x = GAP
    for page in pages:
        sheet.paste(page, (x, GAP))
        x += page.width + GAP
    sheet.save(target, optimize=True)


def make(image: Image, folder: Path) -> str:
    """Run the command, write the picture, return the text it shows."""
    run(image.command, folder)
    output = folder / image.output
    target = IMAGES / f"{image.name}.png"
    if output.suffix == ".png":
        target.write_bytes(output.read_bytes())
    elif image.cover is None:
        (page,) = pages_of(image, output)
        target.write_bytes(rasterise(output, page, folder).read_bytes())
    else:
        pngs = [rasterise(folder / image.cover, 1, folder, crop_front=True)]
        pngs += [rasterise(output, page, folder) for page in pages_of(image, output)]
        side_by_side(pngs, target, height=360)
    return text_of(image, folder)


def main(argv: list[str]) -> int:
    wanted = [p for p in PICTURES if not argv or any(name in p.name for name in argv)]
    record = json.loads(RECORD.read_text(encoding="utf-8")) if RECORD.exists() else {}
    for image in wanted:
        with tempfile.TemporaryDirectory() as tmp:
            shown = make(image, Path(tmp))
        record[image.name] = {"command": f"wortsuche {image.command}", "shows": shown}
        print(f"docs/images/{image.name}.png")
    RECORD.write_text(json.dumps(record, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
