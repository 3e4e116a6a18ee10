"""A book's files: its word lists read (a puzzle under each ``# Title`` heading), and the JSON
Lines of a run split by puzzle number.

Written as JSON Lines (:func:`book_line`), the parts put one after the other are byte for byte
the file of one run, and :func:`read_book_lines` takes them back, in the book's order, to print
one PDF.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import MutableMapping, Sequence
from dataclasses import replace
from pathlib import Path

from wortsuche.book.plan import MAX_NUMBER, PlannedPuzzle
from wortsuche.errors import InputError, PuzzleFormatError, WortsucheError
from wortsuche.json_input import read_json
from wortsuche.model import Puzzle
from wortsuche.notes import Note
from wortsuche.puzzle_json import puzzle_from_dict, puzzle_to_dict
from wortsuche.words.clues import split_clue
from wortsuche.words.pictures import names_picture_file, own_picture
from wortsuche.words.source import (
    READING_NOTES,
    WordSource,
    lines_are_entries,
    parse_words,
    reading_note,
)

Listed = tuple[str, list[str], tuple[int, int] | None, str]
"""A word list of a book: its title, entries, size header and its name in messages."""


def book_line(planned: PlannedPuzzle, puzzle: Puzzle, book_seed: int) -> str:
    """One line of a run's JSON Lines file: the puzzle in the JSON format (its list's name as
    its title) with ``"book": {"seed": …, "number": …}``, which readers of single puzzles ignore."""
    data = puzzle_to_dict(replace(puzzle, title=planned.title or None))
    data["book"] = {"seed": book_seed, "number": planned.number}
    return json.dumps(data, ensure_ascii=False) + "\n"


def read_book_lines(files: Sequence[tuple[str, str]]) -> list[tuple[str, Puzzle]]:
    """The ``(title, puzzle)`` pairs in JSON Lines files of book runs, ``(name, text)`` each, in
    the book's order: one book seed, every number once, none missing between the first and last.

    Together they are the puzzles of one run from the first number to the last, so printing them
    gives the PDF that run gives.
    """
    found: dict[int, tuple[str, str, Puzzle]] = {}
    seeds: dict[int, str] = {}
    for name, text in files:
        for line_number, line in enumerate(text.splitlines(), start=1):
            if not line.strip():
                continue
            where = Note(
                f"{name}, line {line_number}",
                key="source.file-line",
                values={"name": name, "number": line_number},
            )
            try:
                data = read_json(line, error=PuzzleFormatError)
                puzzle, book = puzzle_from_dict(data), data.get("book")
            except WortsucheError as error:
                raise InputError(
                    f"{where}: {error}",
                    key="error.in-source",
                    values={"name": where, "error": error},
                ) from None
            if not (
                isinstance(book, dict)
                and all(type(book.get(key)) is int for key in ("seed", "number"))
                and 1 <= book["number"] <= MAX_NUMBER
            ):
                raise InputError(
                    f'{where}: not a puzzle of a book run (no "book" seed and number)',
                    key="error.not-book-line",
                    values={"place": where},
                )
            seeds.setdefault(book["seed"], name)
            number = book["number"]
            if number in found:
                raise InputError(
                    f"puzzle {number} is twice: in {found[number][0]} and {where}",
                    key="error.puzzle-twice",
                    values={"number": number, "first": found[number][0], "second": where},
                )
            found[number] = (where, puzzle.title or "", replace(puzzle, title=None))
    if not found:
        names = ", ".join(name for name, _ in files)
        raise InputError(
            f"no puzzles in {names}", key="error.no-puzzles-in", values={"names": names}
        )
    if len(seeds) > 1:
        (seed_a, file_a), (seed_b, file_b) = list(seeds.items())[:2]
        raise InputError(
            f"{file_a} and {file_b} are parts of different books (seeds {seed_a} and {seed_b})",
            key="error.different-books",
            values={"a": file_a, "b": file_b, "seed_a": seed_a, "seed_b": seed_b},
        )
    numbers = sorted(found)
    missing = [n for n in range(numbers[0], numbers[-1] + 1) if n not in found]
    if missing:
        gap_end = missing[0]
        while gap_end + 1 in missing:
            gap_end += 1
        gap = str(missing[0])
        if gap_end != missing[0]:
            gap = Note(
                f"{missing[0]} to {gap_end}",
                key="range.to",
                values={"low": missing[0], "high": gap_end},
            )
        raise InputError(
            f"puzzles {gap} are missing (a part was left out)",
            key="error.puzzles-missing",
            values={"gap": gap},
        )
    return [(found[n][1], found[n][2]) for n in numbers]


def word_lists(
    files: Sequence[tuple[str, str]],
    *,
    phrases: bool = False,
    pictures: MutableMapping[str, str] | None = None,
) -> tuple[list[Listed], list[Note | str]]:
    """The word lists of ``(name, text)`` files and what reading them did, to be said.

    Each file gives its title (its ``# Title`` first line, else its name), entries as written
    and size header (competition format); a file with several ``# Title`` headings gives a list
    for each (:func:`titled_lists`). All plain lists are read alike: a line with spaces is one
    entry in each, or split into several in each unless ``phrases``, as their lines together
    say (:func:`~wortsuche.words.source.lines_are_entries`); said once for all.

    With ``pictures``, a clue naming a picture file (``Igel = igel.png``) is read from its word
    file's folder: the entry keeps a short name of the picture (:func:`picture_name`) and the
    picture goes into ``pictures`` under that name, to travel beside the plan, not in it."""
    whole = True if phrases else lines_are_entries([text for _, text in files])
    sources = [parse_words(text, name=name, phrases=phrases, whole=whole) for name, text in files]
    notes: list[Note | str] = [
        message
        for source in sources
        for message in source.notes
        if getattr(message, "key", None) not in READING_NOTES
    ]
    if not phrases and (said := reading_note(sources, whole)) is not None:
        notes.append(said)
    lists: list[Listed] = []
    for (name, _), source in zip(files, sources, strict=True):
        titled = titled_lists(source, source.title or list_title(name))
        folder = None if name == "-" else Path(name).parent
        for title, entries, size in titled:
            if pictures is not None:
                entries = picture_entries(entries, folder, pictures)
            lists.append(
                (title, entries, size, name if len(titled) == 1 else f"{name} (# {title})")
            )
    return lists, notes


def picture_entries(
    entries: list[str], folder: Path | None, pictures: MutableMapping[str, str]
) -> list[str]:
    """``entries`` with each clue that names a picture file read from ``folder`` and written as
    the picture's short name (:func:`picture_name`), the picture itself put in ``pictures``."""
    out = []
    for entry in entries:
        word, clue = split_clue(entry)
        if clue is None or folder is None or not names_picture_file(clue):
            out.append(entry)
            continue
        picture = own_picture(folder, clue)
        name = picture_name(picture)
        pictures[name] = picture
        out.append(f"{word} = {name}")
    return out


def picture_name(picture: str) -> str:
    """A short name for a teacher's own picture (a PNG data URL), from its bytes: the clue a
    plan carries in its place, short enough for any clue."""
    return "picture-" + hashlib.sha256(picture.encode("ascii")).hexdigest()[:16] + ".png"


def list_title(path: str) -> str:
    """A puzzle title from a file name, with _ as spaces and a capital first letter:
    ``obst_und_Früchte.txt`` → ``Obst und Früchte`` (empty for standard input: the puzzle's
    number stands for it)."""
    if path == "-":
        return ""
    name = " ".join(Path(path).stem.replace("_", " ").split())
    return name[:1].upper() + name[1:]


def titled_lists(
    source: WordSource, title: str
) -> list[tuple[str, list[str], tuple[int, int] | None]]:
    """The word lists one file gives a book: the file itself (titled ``title``), or, where two
    or more ``# Title`` headings have entries under them, a list for each heading, titled by it
    (:meth:`~wortsuche.words.source.WordSource.sections`). Entries above the first heading belong
    to no puzzle and are refused."""
    sections, above = source.sections()
    if not sections:
        return [(title, list(source.entries), source.size)]
    if above:
        first = sections[0][0]
        raise InputError(
            f"{source.name}: {len(above)} "
            + ("entry stands" if len(above) == 1 else "entries stand")
            + f" above the first heading (# {first}) and belong"
            + ("s" if len(above) == 1 else "")
            + " to no puzzle; put a # heading above "
            + ("it or remove it" if len(above) == 1 else "them or remove them"),
            key="error.entries-above-headings",
            values={"name": source.name, "first": first},
            number=len(above),
        )
    return [(heading, list(entries), None) for heading, entries in sections]
