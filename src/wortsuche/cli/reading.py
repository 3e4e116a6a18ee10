"""Reading what a user hands in: a file or standard input, bounded in size, in whatever
encoding a word list was saved (UTF-8, UTF-16 with its BOM, Windows-1252), a word processor's
document by its paragraphs, and one line when it cannot be read."""

from __future__ import annotations

import codecs
import sys
from pathlib import Path

from wortsuche.errors import InputError, unreadable
from wortsuche.limits import MAX_INPUT_BYTES
from wortsuche.words.source import STANDARD_INPUT


def decode(data: bytes, name: str) -> str:
    """Text from bytes: UTF-16 with its BOM (Notepad's "Unicode"), UTF-8 (with or without
    BOM), else Windows-1252, else Latin-1; refuse binary data."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return decode(data.decode("utf-16").encode("utf-8"), name)
        except UnicodeDecodeError:
            pass  # not UTF-16 after all: binary, said below
    if b"\x00" in data:
        raise InputError(
            f"{name} is a binary file, not text", key="error.binary-file", values={"name": name}
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        line = _mixed_encoding(data)
        if line is not None:
            raise InputError(
                f"{name} is partly UTF-8 and partly another encoding (line {line} is not UTF-8); "
                "save it as UTF-8",
                key="error.mixed-encoding",
                values={"name": name, "number": line},
            ) from None
        try:
            text = data.decode("cp1252")  # Windows' Latin-1, with „quotes“ and €
        except UnicodeDecodeError:
            text = data.decode("latin-1")
    controls = sum(1 for ch in text if ch < " " and ch not in "\t\n\r\f")
    if controls > max(2, len(text) // 100):
        raise InputError(
            f"{name} looks like a binary file, not text",
            key="error.binary-like",
            values={"name": name},
        )
    return text


def _mixed_encoding(data: bytes) -> int | None:
    """The first line that is not UTF-8 (counted from 1) in a file whose other lines hold
    letters beyond ASCII in UTF-8 (Ä written as two bytes), else None: one list, saved in two
    encodings. A file all in Windows-1252 has no line of the first kind (its „quotes“ and Ã or
    Å alone are no UTF-8)."""
    first_bad, utf8_letters = None, False
    for number, line in enumerate(data.split(b"\n"), start=1):
        try:
            line.decode("utf-8")
        except UnicodeDecodeError:
            first_bad = first_bad or number
            continue
        utf8_letters = utf8_letters or not line.isascii()
    return first_bad if utf8_letters else None


def read_text(path: str) -> str:
    """The text of a file (``-`` for standard input), with a one-line error if it cannot be read."""
    if path == "-":
        data = sys.stdin.buffer.read(MAX_INPUT_BYTES + 1)
        if len(data) > MAX_INPUT_BYTES:
            raise InputError(
                f"standard input is too large (more than {MAX_INPUT_BYTES} bytes)",
                key="error.stdin-too-large",
                values={"most": MAX_INPUT_BYTES},
            )
        return decode(data, STANDARD_INPUT)
    file = Path(path)
    try:
        if file.is_dir():
            raise InputError(
                f"{path} is a folder, not a file",
                key="error.folder-not-file",
                values={"path": path},
            )
        if file.stat().st_size > MAX_INPUT_BYTES:
            size = file.stat().st_size
            raise InputError(
                f"{path} is too large ({size} bytes, at most {MAX_INPUT_BYTES})",
                key="error.file-too-large",
                values={"path": path, "size": size, "most": MAX_INPUT_BYTES},
            )
        data = file.read_bytes()
        from wortsuche.words.documents import document_text, refused_document

        # a list kept in a word processor: its paragraphs; another document: save it as text
        text = document_text(data, path)
        if text is not None:
            return text
        refused = refused_document(path)
        if refused is not None and (b"\x00" in data or data.startswith(b"%PDF")):
            raise refused
        return decode(data, path)
    except OSError as error:
        raise unreadable(path, error) from None
