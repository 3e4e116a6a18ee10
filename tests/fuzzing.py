"""A fuzzer of the command line: hypothesis strategies for every command and every file a command
reads, and a runner that calls ``main(argv)`` in a forked worker under a CPU and a memory cap.

The strategies make what a user might hand in and what an attacker would: valid files mutated
(keys removed, renamed, values of the wrong type), nesting 100,000 deep, numbers of 4,301 digits,
``NaN`` and ``1e400``, word lists in every encoding, damaged DOCX, ODT, PNG and PDF files, and
random bytes. ``tests/test_fuzz.py`` and ``tests/test_fuzz_cli.py`` draw from them in the suite;
``benchmarks/fuzz.py`` runs hundreds of thousands of cases with a table of what went wrong.

A :class:`Worker` is a forked copy of this process that runs case after case in process (the
interpreter and the package are loaded once), measures each one's CPU seconds
(``getrusage``) and peak memory (the kernel's high-water mark, reset before each case), and
stops a case at :data:`CPU_CAP` seconds; if a case kills the worker, the next case gets a new one.
"""

from __future__ import annotations

import argparse
import copy
import io
import json
import os
import pickle
import re
import resource
import shutil
import signal
import sqlite3
import struct
import tempfile
import traceback
import zipfile
import zlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from hypothesis import strategies as st

CPU_CAP = 35
"""CPU seconds a case may take before it is stopped (the promise is 30)."""

MEMORY_CAP = 1536 * 2**20
"""Bytes of address space a worker may add to what it had when it was forked."""

CPU_LIMIT, MEMORY_LIMIT_MB = 30, 500
"""The promise: every case under 30 CPU seconds and 500 MB at the default effort."""

RENEW_ABOVE_MB = 250
"""A worker whose case peaked above this many MB is replaced before the next case."""

# -- hostile values ------------------------------------------------------------------------------

BIG = "__BIG__"
"""Stands for a number of 4,301 digits in a value; :func:`to_json` writes the digits."""


def one_in(n: int) -> st.SearchStrategy[bool]:
    """True about once in ``n`` draws (hypothesis draws the least integer far more often)."""
    return st.sampled_from([False] * (n - 1) + [True])


def to_json(value: Any, *, ascii: bool = True) -> str:
    """JSON text of ``value``, lone surrogates escaped, ``BIG`` written as 4,301 digits."""
    return json.dumps(value, ensure_ascii=ascii).replace(f'"{BIG}"', "7" * 4301)


nasty_text = st.one_of(
    st.text(max_size=12),
    st.sampled_from(["\ud800", "A\udfffB", "\x00", "ẞ", "Ä" * 3, "", " ", "\n", "#", "1e400"]),
)
nasty_numbers = st.one_of(
    st.integers(-(2**70), 2**70),
    st.sampled_from([0, -1, 1, 499, 500, 501, 2**63, BIG]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
)
json_values = st.recursive(
    st.one_of(st.none(), nasty_numbers, nasty_text),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)
"""Any JSON value, small, with the numbers and texts that broke readers before."""

NON_FINITE = ["NaN", "Infinity", "-Infinity", "1e400", "-1e400", "7" * 4301, "1" + "0" * 400]
"""Number literals Python's ``json`` reads as non-finite or as far too large."""


def deeply_nested() -> st.SearchStrategy[str]:
    """JSON text nested far deeper than Python's recursion allows, closed or not."""
    return st.builds(
        lambda depth, brace, closed: (
            (("{" + '"a":') if brace else "[") * depth
            + ("1" + ("}" if brace else "]") * depth if closed else "")
        ),
        st.sampled_from([100, 1000, 100_000]),
        st.booleans(),
        st.booleans(),
    )


def paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value, as a path of keys and indexes."""
    found = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            found += paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += paths(value, (*prefix, index))
    return found


@st.composite
def mutated_json(draw: st.DrawFn, document: Any) -> Any:
    """``document`` with a few places replaced, removed, duplicated or renamed, or given an
    extra key: any value, a huge one, a non-finite one."""
    data = copy.deepcopy(document)
    places = paths(data)[1:]
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(places))
        parent: Any = data
        try:
            for key in path[:-1]:
                parent = parent[key]
            action = draw(st.sampled_from(["replace", "replace", "delete", "duplicate", "extra"]))
            if action == "replace":
                parent[path[-1]] = draw(st.one_of(json_values, huge_values()))
            elif action == "delete":
                del parent[path[-1]]
            elif action == "extra" and isinstance(parent, dict):
                parent[draw(st.text(max_size=8))] = draw(json_values)
            elif isinstance(parent, list):
                parent.append(copy.deepcopy(parent[path[-1]]))
        except (KeyError, IndexError, TypeError):
            continue  # an earlier mutation removed this place
    return data


def huge_values() -> st.SearchStrategy[Any]:
    """A long text, a long list, a number of thousands of digits."""
    return st.one_of(
        st.builds(lambda n: "A" * n, st.sampled_from([1000, 100_000])),
        st.builds(lambda n: [1] * n, st.sampled_from([1000, 50_000])),
        st.just(BIG),
    )


@st.composite
def json_text(draw: st.DrawFn, document: Any, *, lines: bool = False) -> bytes:
    """A file that should hold ``document``: mutated, cut short, nested too deeply, with a
    non-finite number spliced in, or random bytes. ``lines``: JSON Lines, a few records."""
    kind = draw(st.sampled_from(["mutated"] * 6 + ["valid", "cut", "deep", "literal", "bytes"]))
    if kind == "bytes":
        return draw(st.binary(max_size=400))
    if kind == "deep":
        return draw(deeply_nested()).encode()
    if lines:
        records = draw(st.lists(st.one_of(mutated_json(document), st.just(document)), max_size=3))
        text = "\n".join(to_json(r, ascii=draw(st.booleans())) for r in records)
    elif kind == "valid":
        text = to_json(document)
    else:
        text = to_json(draw(mutated_json(document)), ascii=draw(st.booleans()))
    if kind == "literal":  # a number replaced by NaN, 1e400 or thousands of digits
        numbers = [m.span() for m in re.finditer(r"(?<=[:\[, ])-?\d+(\.\d+)?", text)]
        if numbers:
            start, end = draw(st.sampled_from(numbers))
            text = text[:start] + draw(st.sampled_from(NON_FINITE)) + text[end:]
    if kind == "cut" and text:
        text = text[: draw(st.integers(0, len(text) - 1))]
    return text.encode("utf-8", "surrogatepass")


# -- what commands read --------------------------------------------------------------------------

WORDS = ["Hund", "Katze", "Maus", "Igel", "Fuchs", "TORF", "VOR", "RAD", "EVA", "A", "T", "ÄÖÜ"]
NASTY_LINES = [
    "Apfel, Birne, Kirsche",
    ", ".join(f"Apfel{n}" for n in range(60)),  # a comma list longer than a file name may be
    "Hund Katze Maus Igel Fuchs",
    "3",
    "0" * 4400 + "5",
    "# comment",
    "ẞ",
    "straße",
    "\u200d",
    "x" * 300,
    "\t;\t",
    "\udcff",
    "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    "5 5",
    "20 30",
    "1. Hund",
    "- Katze",
    "IGEL = Ein Tier mit Stacheln",
    "\ufeffHund",
    "🦔",
]
NUMBERS = [
    "0",
    "1",
    "2",
    "3",
    "5",
    "10",
    "-1",
    "0.5",
    "1e3",
    "nan",
    "inf",
    "-0",
    "007",
    "0" * 4400 + "7",
    "9" * 5000,
    "abc",
    "",
]
SIZES = [
    "5",
    "5x5",
    "6x8",
    "8x1",
    "1x8",
    "10x1",
    "12",
    "3x3",
    "20x30",
    "500x500",
    "0x5",
    "5x",
    "x",
    "3X3",
    "007x007",
]
TEXTS = ["Gut gemacht", "A", "ẞ", "", "  ", "\udcff", "x" * 600, "<b>Titel</b>", "Ä" * 50]
DIRECTIONS = ["E", "E,S", "all", "N,NE,E,SE,S,SW,W,NW", "→↓", "Q", "", "E,E"]
ODD_FILES = ["missing.txt", "folder", "x" * 300 + ".txt", "folder/out.txt", "", "-", "."]
"""File names no reader can use: missing, a folder, too long, empty."""

ENCODINGS = ["utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "latin-1", "cp1252"]
"""How a word file may be written (``utf-16`` writes a BOM, ``-le`` and ``-be`` do not)."""

word_lines = st.lists(
    st.one_of(
        st.sampled_from(WORDS + NASTY_LINES),
        st.text(alphabet="ABCDEFGÄÖÜẞabcäöüß -'#,;0123456789\t", max_size=14),
        st.text(max_size=8),
    ),
    max_size=10,
)


@st.composite
def word_text(draw: st.DrawFn) -> str:
    """The text of a word list: lines of words, numbers, comments, a header."""
    lines = draw(word_lines)
    return "\n".join(lines) + draw(st.sampled_from(["", "\n", "\r\n"]))


@st.composite
def word_files(draw: st.DrawFn) -> bytes:
    """A word file in any encoding, with or without a byte-order mark, or random bytes."""
    if draw(one_in(8)):
        return draw(st.binary(max_size=400))
    text = draw(word_text())
    encoding = draw(st.sampled_from(ENCODINGS))
    return text.encode(encoding, "replace" if encoding != "utf-8" else "surrogateescape")


@st.composite
def grid_files(draw: st.DrawFn) -> bytes:
    """A typed-in grid: lines of letters, ragged, empty, with spaces or digits."""
    rows = draw(
        st.one_of(
            st.lists(st.text(alphabet="ABCÄ ẞ1\t.", max_size=9), max_size=8),
            st.just(["TORFX", "VORAD", "EVAXX"]),
            st.just(["A"] * 600),
        )
    )
    return "\n".join(rows).encode("utf-8", "surrogateescape")


def _zip_with(template: bytes, member: str, content: bytes | None) -> bytes:
    """``template`` (a zip file) with ``member`` replaced by ``content``, or left out."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(template)) as source, zipfile.ZipFile(out, "w") as target:
        for item in source.infolist():
            if item.filename != member:
                target.writestr(item, source.read(item))
            elif content is not None:
                target.writestr(item, content)
    return out.getvalue()


def hostile_xml(words: list[str]) -> st.SearchStrategy[bytes]:
    """XML a document reader might choke on: deep, an entity bomb, not UTF-8, cut short."""
    text = "".join(f"<w:p><w:r><w:t>{w}</w:t></w:r></w:p>" for w in words)
    return st.sampled_from(
        [
            b"<a>" * 100_000,
            (
                "<w:document><w:body>" + "<w:p>" * 5000 + "</w:p>" * 5000 + "</w:body></w:document>"
            ).encode(),
            b'<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa">'
            b'<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;">'
            b"]><l>&c;&c;&c;&c;</l>",
            b"\xff\xfe<not xml",
            f'<w:document xmlns:w="x"><w:body>{text}</w:body></w:document>'.encode(
                "utf-8", "surrogatepass"
            ),
            b"",
        ]
    )


@cache
def _docx_template() -> bytes:
    from docx import Document

    document = Document()
    for word in ["Hund", "Katze", "Maus", "Igel"]:
        document.add_paragraph(word)
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


@cache
def _odt_template() -> bytes:
    from odf.opendocument import OpenDocumentText
    from odf.text import P

    document = OpenDocumentText()
    for word in ["Hund", "Katze", "Maus", "Igel"]:
        document.text.addElement(P(text=word))
    out = io.BytesIO()
    document.write(out)
    return out.getvalue()


@st.composite
def document_files(draw: st.DrawFn, suffix: str) -> bytes:
    """A .docx or .odt word list: valid, its text replaced by hostile XML, a part missing,
    cut short, bytes flipped, or random bytes."""
    template = _docx_template() if suffix == ".docx" else _odt_template()
    member = "word/document.xml" if suffix == ".docx" else "content.xml"
    kind = draw(st.sampled_from(["valid", "xml", "xml", "missing", "damaged", "bytes"]))
    if kind == "valid":
        return template
    if kind == "xml":
        return _zip_with(template, member, draw(hostile_xml(draw(word_lines))))
    if kind == "missing":
        return _zip_with(template, member, None)
    if kind == "damaged":
        return draw(damaged(template))
    return draw(st.binary(max_size=400))


@st.composite
def damaged(draw: st.DrawFn, data: bytes) -> bytes:
    """``data`` cut short, with bytes overwritten, or with a stretch removed or repeated."""
    kind = draw(st.sampled_from(["cut", "flip", "remove", "repeat"]))
    at = draw(st.integers(0, max(len(data) - 1, 0)))
    if kind == "cut":
        return data[:at]
    if kind == "flip":
        noise = draw(st.binary(min_size=1, max_size=16))
        return data[:at] + noise + data[at + len(noise) :]
    length = draw(st.integers(1, 200))
    if kind == "remove":
        return data[:at] + data[at + length :]
    return data[:at] + data[at : at + length] * draw(st.integers(2, 50)) + data[at:]


def _png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_claiming(width: int, height: int, mode: int = 6) -> bytes:
    """A small PNG whose header claims ``width`` × ``height`` pixels (a decompression bomb when
    the claim is huge): 8 bits of colour type ``mode``, rows of zeros for as far as it goes."""
    header = struct.pack(">IIBBBBB", width, height, 8, mode, 0, 0, 0)
    rows = zlib.compress(b"\0" * min((width * 4 + 1) * height, 2**22), 9)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _png_chunk(b"IHDR", header)
        + _png_chunk(b"IDAT", rows)
        + _png_chunk(b"IEND", b"")
    )


@st.composite
def png_files(draw: st.DrawFn) -> bytes:
    """A PNG mask: any mode and a small size with drawn pixels, a huge claimed size, damaged,
    or random bytes."""
    kind = draw(st.sampled_from(["image"] * 4 + ["claims", "damaged", "bytes"]))
    if kind == "claims":
        return png_claiming(
            draw(st.sampled_from([0, 1, 3000, 12_000, 70_000, 2**31 - 1])),
            draw(st.sampled_from([0, 1, 3000, 12_000, 70_000])),
            draw(st.sampled_from([0, 2, 3, 4, 6])),
        )
    if kind == "bytes":
        return draw(st.binary(max_size=300))
    from PIL import Image

    mode = draw(st.sampled_from(["1", "L", "LA", "RGB", "RGBA", "P", "I;16", "CMYK", "F"]))
    width, height = draw(st.integers(1, 40)), draw(st.integers(1, 40))
    image = Image.new(mode, (width, height))
    pixels = draw(st.binary(max_size=width * height))
    image.putdata([b for b in pixels] + [0] * (width * height - len(pixels)))
    out = io.BytesIO()
    image.save(out, format="TIFF" if mode in ("CMYK", "F") else "PNG")
    return draw(damaged(out.getvalue())) if kind == "damaged" else out.getvalue()


@cache
def _pdf_template() -> bytes:
    from wortsuche.pipeline.run import generate
    from wortsuche.render import render

    made = render(generate(["TORF", "VOR", "RAD", "EVA"], 5, 5, seed=1), "pdf")
    return made if isinstance(made, bytes) else made.encode()


PDF_SPLICES = [
    b"<<" * 5000,
    b"[" * 100_000,
    b"/Count 99999999999",
    b"9999999999 0 R",
    b"/Root 1 0 R",
    b"stream\n" + b"\xff" * 64 + b"\nendstream",
    b"/Filter /FlateDecode",
    b"\x00" * 64,
    b"1e400",
    b"xref\n0 99999999\n",
    b"trailer << /Size -1 >>",
]


@st.composite
def pdf_files(draw: st.DrawFn) -> bytes:
    """A PDF: a real one, damaged, with hostile objects spliced in, or random bytes."""
    template = _pdf_template()
    kind = draw(st.sampled_from(["valid", "damaged", "damaged", "splice", "splice", "bytes"]))
    if kind == "valid":
        return template
    if kind == "damaged":
        return draw(damaged(template))
    if kind == "splice":
        at = draw(st.integers(0, len(template)))
        return template[:at] + draw(st.sampled_from(PDF_SPLICES)) + template[at:]
    return b"%PDF-1.7\n" + draw(st.binary(max_size=400))


@cache
def puzzle_document() -> dict[str, Any]:
    """A valid puzzle file's content."""
    from wortsuche.pipeline.run import generate
    from wortsuche.puzzle_json import dumps

    data: dict[str, Any] = json.loads(
        dumps(generate(["TORF", "VOR", "RAD", "EVA"], 5, 5, level="hard", seed=1))
    )
    return data


@cache
def model_document() -> dict[str, Any]:
    """A valid model file's content (``calibrate`` writes them)."""
    from wortsuche.difficulty.constants import DEFAULT

    return DEFAULT.to_dict()


@cache
def record_document() -> dict[str, Any]:
    """A valid play record (one line of ``records export`` and of ``calibrate``'s input)."""
    finds = [
        {"word": w, "at": 4.5 * (n + 1), "hints": 0, "wrong": 1}
        for n, w in enumerate(["TORF", "VOR", "RAD", "EVA"])
    ]
    return {
        "puzzle": puzzle_document(),
        "finds": finds,
        "seconds": 20.0,
        "finished": True,
        "screen": [390, 844],
        "source": "game",
    }


@cache
def _database_template() -> bytes:
    from wortsuche.web.storage import open_storage

    folder = tempfile.mkdtemp(prefix="wortsuche-fuzz-db-")
    try:
        path = os.path.join(folder, "records.sqlite")
        with open_storage(path) as storage:
            stored = storage.add(title="", request="{}", puzzle=to_json(puzzle_document()))
            record = {k: v for k, v in record_document().items() if k != "puzzle"}
            storage.add_play_record(
                record_id="r" * 16, created="2026-01-01", puzzle=stored.id, record=to_json(record)
            )
        with open(path, "rb") as file:
            return file.read()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@st.composite
def database_files(draw: st.DrawFn) -> bytes:
    """The web app's SQLite file: valid, a play record or a puzzle replaced by hostile JSON,
    damaged, or random bytes."""
    template = _database_template()
    kind = draw(st.sampled_from(["valid", "record", "record", "puzzle", "damaged", "bytes"]))
    if kind == "valid":
        return template
    if kind == "damaged":
        return draw(damaged(template))
    if kind == "bytes":
        return draw(st.binary(max_size=400))
    record = {k: v for k, v in record_document().items() if k != "puzzle"}
    value = draw(json_text(record if kind == "record" else puzzle_document()))
    folder = tempfile.mkdtemp(prefix="wortsuche-fuzz-db-")
    try:
        path = os.path.join(folder, "records.sqlite")
        with open(path, "wb") as file:
            file.write(template)
        with sqlite3.connect(path) as connection:
            table, column = (
                ("play_records", "record") if kind == "record" else ("puzzles", "puzzle")
            )
            text = value.decode("utf-8", "replace")
            connection.execute(f"UPDATE {table} SET {column} = ?", (text,))
        connection.close()
        with open(path, "rb") as file:
            return file.read()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


CONFIG_VALUES = [
    '"de"',
    '"en"',
    '"letter"',
    '"school"',
    "true",
    "false",
    "1",
    "1e400",
    "nan",
    "inf",
    "[1, 2]",
    "{ a = 1 }",
    '"' + "x" * 1000 + '"',
    '""',
    '"\\ud800"',
    "'x'",
    "2026-01-01",
    "[" * 1000 + "]" * 1000,
]
CONFIG_KEYS = ["language", "eszett", "paper", "case", "font", "name_line", "x", "[table]", ""]


@st.composite
def config_files(draw: st.DrawFn) -> bytes:
    """A config file: settings of any TOML type, unknown keys, not TOML, random bytes."""
    if draw(one_in(6)):
        return draw(st.binary(max_size=200))
    keys = st.sampled_from(CONFIG_KEYS)
    lines = draw(
        st.lists(st.tuples(keys, st.sampled_from(CONFIG_VALUES)).map(" = ".join), max_size=5)
    )
    return "\n".join(lines).encode("utf-8", "surrogateescape")


def _read(name: str) -> st.SearchStrategy[bytes]:
    """What a file of this name holds, for the reader that takes it."""
    if name == "puzzle.json":
        return st.deferred(lambda: json_text(puzzle_document()))
    if name == "model.json":
        return st.deferred(lambda: json_text(model_document()))
    if name == "records.jsonl":
        return st.deferred(lambda: json_text(record_document(), lines=True))
    if name in ("words.docx", "words.odt"):
        return document_files(name[5:])
    if name == "mask.png":
        return png_files()
    if name == "mask.txt":
        return st.sampled_from([b"#.#\n###\n", b"", b"ab\n", b"#\n" * 600, b"\xff\xfe#"])
    if name in ("interior.pdf", "cover.pdf"):
        return pdf_files()
    if name == "records.sqlite":
        return database_files()
    if name == "grid.txt":
        return grid_files()
    return word_files()  # words.txt, more.txt, titles.txt


INPUT_FILES = [
    "words.txt",
    "more.txt",
    "words.docx",
    "words.odt",
    "puzzle.json",
    "grid.txt",
    "model.json",
    "records.jsonl",
    "mask.png",
    "mask.txt",
    "interior.pdf",
    "cover.pdf",
    "records.sqlite",
    "titles.txt",
]
"""The files a case may give a command; each is drawn only if the command line names it."""

# -- command lines --------------------------------------------------------------------------------


@cache
def commands() -> tuple[str, ...]:
    """Every command ``wortsuche --help`` lists."""
    from wortsuche.cli import build_parser

    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return tuple(sub.choices)


@cache
def options_of(command: str) -> list[tuple[str, bool, tuple[str, ...]]]:
    """Each option of ``command`` (``records`` means ``records export``): its flag, whether it
    takes a value, its choices."""
    from wortsuche.cli import build_parser

    parser: argparse.ArgumentParser = build_parser(command)
    for name in (command, "export"):
        subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        if subs and name in subs[0].choices:
            parser = subs[0].choices[name]
    found = []
    for action in parser._actions:
        if not action.option_strings or isinstance(action, argparse._HelpAction):
            continue
        takes = action.nargs != 0
        found.append((action.option_strings[-1], takes, tuple(map(str, action.choices or ()))))
    return found


def mostly(usual: Sequence[Any], unusual: Sequence[Any]) -> st.SearchStrategy[Any]:
    """One of ``usual`` five times in six, else one of ``unusual``."""
    return st.tuples(one_in(6), st.sampled_from(usual), st.sampled_from(unusual)).map(
        lambda drawn: drawn[2] if drawn[0] else drawn[1]
    )


def _positionals(command: str) -> st.SearchStrategy[list[str]]:
    words = ["words.txt", "words.docx", "words.odt", "-"]
    positional: dict[str, st.SearchStrategy[list[str]]] = {
        "generate": st.one_of(
            st.lists(mostly(WORDS, NASTY_LINES), min_size=1, max_size=8),
            mostly(words, ODD_FILES + NASTY_LINES[:3]).map(lambda name: [name]),
        ),
        "check": mostly(["puzzle.json"], [*ODD_FILES, "interior.pdf"]).map(lambda name: [name]),
        "render": mostly(["puzzle.json"], ODD_FILES).map(lambda name: [name]),
        "rate": st.one_of(
            st.just(["puzzle.json"]), st.just(["grid.txt", "words.txt"]), st.just(["grid.txt"])
        ),
        "solve": st.one_of(st.just(["grid.txt", "words.txt"]), st.just(["puzzle.json"])),
        "book": st.lists(mostly([*words[:3], "more.txt"], ODD_FILES), min_size=1, max_size=2),
        "preflight": mostly(["interior.pdf"], ODD_FILES).map(lambda name: [name]),
        "calibrate": mostly(["records.jsonl"], [*ODD_FILES, "puzzle.json"]).map(lambda n: [n]),
        "records": st.just(["export"]),
        "completion": mostly(["bash", "zsh", "tcsh"], ["fish", "", "BASH"]).map(lambda s: [s]),
        "themes": st.lists(
            mostly(["tiere", "animals", "obst"], ["", "x" * 300, "../etc"]), max_size=1
        ),
        "serve": st.just(["--no-such-option"]),  # serve only ever refused: it would serve
    }
    return positional.get(command, st.just([]))


REQUIRED = {
    "book": st.tuples(st.just("-o"), mostly(["book.pdf", "book.jsonl"], [*ODD_FILES, "book.txt"])),
    "preflight": st.tuples(
        st.just("--trim"), mostly(["6x9", "8.5x11", "a5"], ["", "0x0", "9" * 400])
    ),
    "records": st.tuples(st.just("--db"), mostly(["records.sqlite"], ODD_FILES)),
}
"""The option a command needs, given seven times in eight."""


def option_value(flag: str, choices: tuple[str, ...]) -> st.SearchStrategy[str]:
    """A value for ``flag``: mostly one it takes, sometimes anything."""
    if choices:
        return mostly(choices, [c.upper() for c in choices] + ["", "x", choices[0] * 2])
    usual: dict[str, tuple[list[str], list[str]]] = {
        "--size": (SIZES[:10], SIZES + NUMBERS),
        "--directions": (DIRECTIONS[:4], DIRECTIONS),
        "--output": (
            [
                "out.txt",
                "out.json",
                "out.pdf",
                "out.svg",
                "out.png",
                "out.html",
                "out.csv",
                "out.docx",
                "out.odt",
            ],
            ODD_FILES,
        ),
        "--mask": (["mask.png", "mask.txt"], ODD_FILES),
        "--model": (["model.json"], [*ODD_FILES, "puzzle.json"]),
        "--cover": (["cover.pdf"], ODD_FILES),
        "--titles": (["titles.txt"], ODD_FILES),
        "--db": (["records.sqlite"], ODD_FILES),
        "--words": (WORDS, NASTY_LINES),
        "--effort": (["1"], ["0", "-1", "0.5", "nan", "inf", "abc", "0" * 4400 + "1"]),
        "--cluster": (["nowhere:1", "tcp://"], ["local:0", "local:-1", "", "x" * 300]),
        "--workers": (["1"], ["0", "-1", "abc", "9" * 5000]),
        "--trim": (["6x9", "a5"], ["", "0x0", "1x1mm", "9" * 400]),
        "--timeout": (["5", "20"], NUMBERS),
        "--dpi": (["72", "150"], NUMBERS),
    }
    if flag in usual:
        return mostly(*usual[flag])
    if flag in ("--count", "--words-per-puzzle", "--first", "--versions", "--per-page"):
        return mostly(["1", "2", "3"], ["0", "-1", "abc", "9" * 5000, "0" * 4400 + "2"])
    if flag in ("--seed", "--difficulty") or flag.endswith("-share") or flag.startswith("--letter"):
        return mostly(["1", "3", "10", "50", "100"], NUMBERS)
    if flag in ("--fill-search",):
        return mostly(["0", "50", "100"], NUMBERS)
    return mostly(WORDS + TEXTS, NUMBERS + DIRECTIONS + NASTY_LINES)


@dataclass
class Case:
    """One run: the arguments, the files in its folder, its standard input, its environment
    (``XDG_CONFIG_HOME`` set to ``config`` gives the config file ``config.toml``)."""

    argv: list[str]
    files: dict[str, bytes] = field(default_factory=dict)
    stdin: bytes = b""
    env: dict[str, str] = field(default_factory=dict)

    @property
    def command(self) -> str:
        """The command the case runs (``--help`` may come first)."""
        return next((a for a in self.argv if a in commands()), "")

    @property
    def size(self) -> int:
        """How big the case is, to pick the smallest of a kind."""
        return (
            sum(map(len, self.argv))
            + sum(len(k) + len(v) for k, v in self.files.items())
            + len(self.stdin)
            + sum(len(k) + len(v) for k, v in self.env.items())
        )


SETTING_VARIABLES = {
    "WORTSUCHE_LANGUAGE": ["de", "en", "auto"],
    "WORTSUCHE_ESZETT": ["auto", "keep", "ss"],
    "WORTSUCHE_PAPER": ["a4", "letter"],
    "WORTSUCHE_CASE": ["upper", "lower"],
    "WORTSUCHE_FONT": ["standard", "school"],
    "WORTSUCHE_NAME_LINE": ["yes", "nein", "0"],
    "LANG": ["de_DE.UTF-8", "en_US.UTF-8", "C"],
}
"""Settings in the environment, and values each takes."""


WEIGHTS = {
    "generate": 6,
    "check": 3,
    "render": 4,
    "rate": 3,
    "solve": 3,
    "book": 3,
    "preflight": 3,
    "calibrate": 3,
    "records": 2,
    "themes": 1,
    "config": 1,
    "completion": 1,
    "serve": 1,
}
"""How often each command is drawn: the ones that read more, more often."""


@st.composite
def cases(draw: st.DrawFn, among: Sequence[str] | None = None) -> Case:
    """A command with its positional arguments, a few options with values, the files the
    command line names, standard input, a config file and settings in the environment."""
    among = among or commands()
    command = draw(st.sampled_from([c for c in among for _ in range(WEIGHTS.get(c, 1))]))
    argv = [command, *draw(_positionals(command))]
    if command in REQUIRED and not draw(one_in(8)):
        argv += draw(REQUIRED[command])
    options = options_of(command)
    for _ in range(draw(st.integers(0, 4)) if options else 0):
        flag, takes, choices = draw(st.sampled_from(options))
        if flag == "--cluster" or (flag == "--workers" and command != "book"):
            continue
        argv.append(flag)
        if takes:
            argv.append(draw(option_value(flag, choices)))
    if draw(one_in(30)):
        argv.insert(draw(st.integers(0, len(argv))), draw(st.sampled_from(["--help", "--"])))
    files = {name: draw(_read(name)) for name in INPUT_FILES if name in argv}
    files["folder/keep"] = b""
    env = {}
    if draw(one_in(6)):
        files["config/wortsuche/config.toml"] = draw(config_files())
        env["XDG_CONFIG_HOME"] = "config"
    for variable in draw(
        st.lists(st.sampled_from(list(SETTING_VARIABLES)), max_size=2, unique=True)
    ):
        env[variable] = draw(mostly(SETTING_VARIABLES[variable], TEXTS + NUMBERS))
    stdin = draw(word_files()) if "-" in argv else b""
    return Case(argv, files, stdin, env)


# -- running a case -------------------------------------------------------------------------------


@dataclass
class Outcome:
    """How a case ended: ``kind`` is ``exit N``, ``traceback``, ``over CPU`` (stopped at the
    cap), ``out of memory`` (past the cap), or ``killed by SIG…``; ``signature`` names a
    traceback's cause (exception class and the innermost place in the package)."""

    kind: str
    cpu: float
    megabytes: float
    detail: str = ""
    signature: str = ""

    @property
    def failed(self) -> bool:
        """A traceback, a stop, an exit code outside 0–2, or past 30 CPU s or 500 MB."""
        return (
            self.kind not in ("exit 0", "exit 1", "exit 2")
            or self.cpu > CPU_LIMIT
            or self.megabytes > MEMORY_LIMIT_MB
        )


class OverBudget(BaseException):
    """Raised in a case that has used :data:`CPU_CAP` seconds (nothing in the package catches
    a ``BaseException`` it does not know)."""


def _over_budget(signum: int, frame: Any) -> None:
    raise OverBudget


_FRAME = re.compile(r'File "([^"]+)", line (\d+), in (\S+)')


def signature_of(text: str) -> str:
    """``Class at wortsuche/module.py:function`` from a traceback's text: the innermost place in
    the package (else the innermost place at all); the same cause has the same signature."""
    frames = _FRAME.findall(text)
    ours = [f for f in frames if "/wortsuche/" in f[0]]
    file, _, function = (ours or frames or [("?", "0", "?")])[-1]
    file = file.split("/wortsuche/", 1)[-1] if ours else os.path.basename(file)
    last = [line for line in text.strip().splitlines() if line and not line.startswith(" ")]
    kind = last[-1].split(":", 1)[0].strip() if last else "?"
    return f"{kind.rsplit('.', 1)[-1]} at {file}:{function}"


def _peak_megabytes() -> float:
    with open("/proc/self/status", encoding="ascii") as status:
        found = re.search(r"VmHWM:\s+(\d+)", status.read())
    return int(found.group(1)) / 1024 if found else 0.0


def _reset_peak() -> None:
    try:
        with open("/proc/self/clear_refs", "w", encoding="ascii") as clear:
            clear.write("5")  # the kernel forgets the high-water mark of the resident set
    except OSError:
        pass


def _children_peak() -> float:
    """The highest peak of any process this one started and ended, in megabytes (the kernel
    keeps only the highest: a case's own is known when it rises)."""
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024


def _cpu_seconds() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def run_here(case: Case, *, cpu: float = CPU_CAP) -> Outcome:
    """Run ``case`` in this process, in a folder of its own, stopped after ``cpu`` seconds."""
    from pathlib import Path

    from cli import run

    folder = tempfile.mkdtemp(prefix="wortsuche-fuzz-")
    saved = {key: os.environ.get(key) for key in case.env}
    try:
        for name, content in case.files.items():
            path = os.path.join(folder, name)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as file:
                file.write(content)
        for key, value in case.env.items():
            os.environ[key] = os.path.join(folder, value) if key == "XDG_CONFIG_HOME" else value
        _reset_peak()
        start, children = _cpu_seconds(), _children_peak()
        previous = signal.signal(signal.SIGPROF, _over_budget)
        signal.setitimer(signal.ITIMER_PROF, cpu)
        try:
            result = run(*case.argv, stdin=case.stdin, cwd=Path(folder))
            signal.setitimer(signal.ITIMER_PROF, 0)
            tail = result.stderr[-20_000:].split("\n", 1)[-1 if len(result.stderr) > 20_000 else 0]
            outcome = Outcome(f"exit {result.returncode}", 0, 0, tail)
            if "Traceback (most recent call last)" in result.stderr:
                outcome.kind, outcome.signature = "traceback", signature_of(result.stderr)
        except OverBudget:
            outcome = Outcome("over CPU", 0, 0, traceback.format_exc()[-3000:])
        except MemoryError:
            outcome = Outcome("out of memory", 0, 0, traceback.format_exc()[-3000:])
        except BaseException:  # escaped main: the traceback a user would see
            signal.setitimer(signal.ITIMER_PROF, 0)
            text = traceback.format_exc()
            outcome = Outcome("traceback", 0, 0, text[-3000:], signature_of(text))
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
            signal.signal(signal.SIGPROF, previous)
        outcome.cpu, outcome.megabytes = _cpu_seconds() - start, _peak_megabytes()
        if _children_peak() > children:  # a process the case started (a PDF's reading)
            outcome.megabytes = max(outcome.megabytes, _children_peak())
        return outcome
    finally:
        for key, old in saved.items():
            if old is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = old
        shutil.rmtree(folder, ignore_errors=True)


class Worker:
    """A forked copy of this process that runs cases sent to it, one after another; a new copy
    replaces one that a case killed, and every ``renew`` cases (caches grow)."""

    def __init__(self, *, cpu: float = CPU_CAP, memory: int = MEMORY_CAP, renew: int = 2000):
        self.cpu, self.memory, self.renew = cpu, memory, renew
        self.pid = 0
        self.done = 0

    def __enter__(self) -> Worker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def _start(self) -> None:
        child_reads, parent_writes = os.pipe()
        parent_reads, child_writes = os.pipe()
        pid = os.fork()
        if pid == 0:  # pragma: no cover - ends with os._exit
            os.close(parent_writes)
            os.close(parent_reads)
            _serve(child_reads, child_writes, self.cpu, self.memory)
        os.close(child_reads)
        os.close(child_writes)
        self.pid, self.done = pid, 0
        self.requests = os.fdopen(parent_writes, "wb")
        self.replies = os.fdopen(parent_reads, "rb")

    def stop(self) -> None:
        """End the worker (it ends by itself when its input closes)."""
        if self.pid:
            self.requests.close()
            self.replies.close()
            os.waitpid(self.pid, 0)
            self.pid = 0

    def run(self, case: Case) -> Outcome:
        """The outcome of ``case``, run in the worker.

        Python keeps the memory a large case took, so a worker's later cases would start high
        and be counted over :data:`MEMORY_LIMIT_MB` (or run out of address space) for what an
        earlier case left behind. A case over :data:`RENEW_ABOVE_MB` therefore ends its worker,
        and a case over the promise or out of memory in a worker that had run other cases is
        measured again in a fresh one: that figure is the case's own.
        """
        fresh = not self.pid or self.done >= self.renew
        outcome = self._run(case)
        if outcome.megabytes > RENEW_ABOVE_MB or outcome.kind == "out of memory":
            self.stop()
            if not fresh:
                outcome = self._run(case)
                if outcome.megabytes > RENEW_ABOVE_MB:
                    self.stop()
        return outcome

    def _run(self, case: Case) -> Outcome:
        if self.pid and self.done >= self.renew:
            self.stop()
        if not self.pid:
            self._start()
        self.done += 1
        try:
            pickle.dump(case, self.requests)
            self.requests.flush()
            outcome: Outcome = pickle.load(self.replies)
            return outcome
        except (EOFError, BrokenPipeError, pickle.UnpicklingError):
            self.requests.close()
            self.replies.close()
            _, status, usage = os.wait4(self.pid, 0)
            self.pid = 0
            seconds = usage.ru_utime + usage.ru_stime
            if os.WIFSIGNALED(status):
                name = signal.Signals(os.WTERMSIG(status)).name
                kind = "over CPU" if name == "SIGXCPU" else f"killed by {name}"
                return Outcome(kind, seconds, usage.ru_maxrss / 1024)
            return Outcome(f"died with {os.WEXITSTATUS(status)}", seconds, usage.ru_maxrss / 1024)
        except BaseException:  # interrupted: the worker ends with the caller
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
            self.pid = 0
            raise


def _serve(requests: int, replies: int, cpu: float, memory: int) -> None:
    """The worker's loop: a case in, its outcome out; never returns."""
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent reports an interrupted run
        with open("/proc/self/statm", encoding="ascii") as statm:
            size = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        resource.setrlimit(resource.RLIMIT_AS, (size + memory, size + memory))
        with os.fdopen(requests, "rb") as cases_in, os.fdopen(replies, "wb") as outcomes_out:
            while True:
                try:
                    case = pickle.load(cases_in)
                except EOFError:
                    break
                used = int(
                    _cpu_seconds()
                )  # past the cap a case stuck in C code is ended by the kernel
                _, hard = resource.getrlimit(resource.RLIMIT_CPU)
                resource.setrlimit(resource.RLIMIT_CPU, (used + int(cpu) + 10, hard))
                pickle.dump(run_here(case, cpu=cpu), outcomes_out)
                outcomes_out.flush()
    finally:
        os._exit(0)


def run_case(case: Case, *, cpu: float = CPU_CAP, memory: int = MEMORY_CAP) -> Outcome:
    """Run one ``case`` in a worker of its own."""
    with Worker(cpu=cpu, memory=memory) as worker:
        return worker.run(case)


def shrink(case: Case, still: Callable[[Case], bool], *, tries: int = 80) -> Case:
    """A smaller case for which ``still`` holds: arguments, files, input and settings left out
    one at a time, files cut to half, for as long as it holds and ``tries`` last."""

    def smaller(current: Case) -> Iterator[Case]:
        for index in range(len(current.argv) - 1, 0, -1):
            yield Case(
                current.argv[:index] + current.argv[index + 1 :],
                current.files,
                current.stdin,
                current.env,
            )
        for name in current.files:
            yield Case(
                current.argv,
                {k: v for k, v in current.files.items() if k != name},
                current.stdin,
                current.env,
            )
        for key in current.env:
            yield Case(
                current.argv,
                current.files,
                current.stdin,
                {k: v for k, v in current.env.items() if k != key},
            )
        if current.stdin:
            yield Case(
                current.argv, current.files, current.stdin[: len(current.stdin) // 2], current.env
            )
        for name, content in current.files.items():
            if len(content) > 1:
                for part in (content[: len(content) // 2], content[len(content) // 2 :]):
                    yield Case(
                        current.argv, {**current.files, name: part}, current.stdin, current.env
                    )

    best = case
    while tries > 0:
        for candidate in smaller(best):
            tries -= 1
            if candidate.size < best.size and still(candidate):
                best = candidate
                break
            if tries <= 0:
                break
        else:
            break
    return best
