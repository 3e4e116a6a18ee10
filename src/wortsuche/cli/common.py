"""What the subcommands share: reading input files, writing output safely, output options."""

from __future__ import annotations

import argparse
import codecs
import contextlib
import dataclasses
import os
import re
import stat
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from wortsuche.errors import InputError
from wortsuche.limits import MAX_INPUT_BYTES
from wortsuche.notes import Note
from wortsuche.spec import BOOK, GROUPS, OptionSpec, declared
from wortsuche.words.source import STANDARD_INPUT

if TYPE_CHECKING:
    from wortsuche.render.options import RenderOptions


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
    except FileNotFoundError:
        raise InputError(
            f"{path}: no such file", key="error.no-such-file", values={"path": path}
        ) from None
    except PermissionError:
        raise InputError(
            f"{path}: permission denied", key="error.permission-denied", values={"path": path}
        ) from None
    except OSError as error:
        raise cannot_read(path, error) from None


def cannot_read(path: object, error: OSError) -> InputError:
    """The error for a file that exists but cannot be read."""
    return InputError(
        f"{path}: cannot read ({error.strerror})",
        key="error.cannot-read",
        values={"path": path, "reason": error.strerror},
    )


def cannot_write(path: object, error: OSError) -> InputError:
    """The error for a file that cannot be written."""
    return InputError(
        f"{path}: cannot write ({error.strerror})",
        key="error.cannot-write",
        values={"path": path, "reason": error.strerror},
    )


def check_output(*paths: str | None, force: bool = False) -> None:
    """Refuse output paths before any work: existing files without ``force`` (all of them named
    at once), a missing folder."""
    targets = [Path(path) for path in paths if path not in (None, "-")]
    # /dev/null, a pipe: written to directly
    targets = [t for t in targets if not _exists(t) or t.is_file() or t.is_dir()]
    existing = [str(t) for t in targets if t.exists()] if not force else []
    if len(existing) == 1:
        raise InputError(
            f"{existing[0]} exists; use --force to overwrite it",
            key="error.output-exists",
            values={"path": existing[0]},
        )
    if existing:
        named = ", ".join(existing[:-1])
        raise InputError(
            f"{named} and {existing[-1]} exist; use --force to overwrite them",
            key="error.outputs-exist",
            values={"paths": named, "last": existing[-1]},
        )
    for target in targets:
        if not target.parent.is_dir():
            raise InputError(
                f"{target.parent} is not an existing folder",
                key="error.no-such-folder",
                values={"path": target.parent},
            )


def _exists(target: Path) -> bool:
    """Whether ``target`` exists; a name the system refuses (too long, say) is one line."""
    try:
        return target.exists()
    except OSError as error:
        raise cannot_write(target, error) from None


def write_output(
    path: str, content: str | bytes, *, force: bool = False, said: bool = True
) -> None:
    """Write ``content`` to ``path`` (``-`` for standard output); at a terminal, say so
    (unless not ``said``: the caller says it with more).

    An existing file is never overwritten without ``force``; the file appears whole or
    not at all (written to a temporary file beside it, then renamed).
    """
    if path == "-":
        if isinstance(content, bytes):
            if sys.stdout.isatty():
                raise InputError(
                    "binary output (PDF, PNG) is not for a terminal; use -o FILE",
                    key="error.binary-terminal",
                )
            sys.stdout.buffer.write(content)
        else:
            sys.stdout.write(content)
        return
    target = Path(path)
    if _exists(target) and not target.is_file() and not target.is_dir():
        _write_special(path, content)  # /dev/null, a pipe: nothing to overwrite or replace
        return
    check_output(path, force=force)
    data = content.encode("utf-8") if isinstance(content, str) else content
    temporary = None
    try:
        import tempfile

        fd, temporary = tempfile.mkstemp(dir=target.parent, prefix=_temporary_prefix(target))
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        # mkstemp makes the file 0600; a new file should follow the umask like any other.
        os.chmod(temporary, _new_file_mode())
        os.replace(temporary, target)
        temporary = None
        _sweep_temporaries(target)
    except OSError as error:
        raise cannot_write(path, error) from None
    finally:
        if temporary is not None:  # failed or interrupted (SIGTERM, Ctrl+C): leave nothing behind
            with contextlib.suppress(OSError):
                os.unlink(temporary)
    if said and at_terminal():
        note(Note(f"wrote {path}", key="note.wrote", values={"path": path}))


def at_terminal() -> bool:
    """Whether someone at a terminal reads the notes (under a progress bar too): they hear
    where a file went; a script, which reads the exit status, does not."""
    return bool(getattr(sys.stderr, "rich_proxied_file", sys.stderr).isatty())


STARTED = time.time()
STALE_AFTER = 60.0
"""Seconds before this run's start that a temporary file must be older than to be swept."""

_TEMPORARY_TAIL = re.compile(r"[a-z0-9_]{8}")
"""What ``tempfile.mkstemp`` puts after the prefix: eight letters, digits or underscores."""


def _temporary_prefix(target: Path) -> str:
    """The start of the name of a temporary file written for ``target``: hidden, and marked
    as wortsuche's, so that no file of the user's is taken for one."""
    return f".{target.name}.wortsuche-"


def _sweep_temporaries(target: Path) -> None:
    """Remove the temporary files of earlier writes to ``target`` that a killed run left
    (SIGKILL skips every cleanup): ours by name and owner, and older than this run."""
    prefix = _temporary_prefix(target)
    cutoff = STARTED - STALE_AFTER
    try:
        entries = list(os.scandir(target.parent))
    except OSError:
        return
    for entry in entries:
        if not (
            entry.name.startswith(prefix) and _TEMPORARY_TAIL.fullmatch(entry.name, len(prefix))
        ):
            continue
        with contextlib.suppress(OSError):
            info = entry.stat(follow_symlinks=False)
            if (
                stat.S_ISREG(info.st_mode)
                and info.st_uid == os.geteuid()
                and info.st_mtime < cutoff
            ):
                os.unlink(entry.path)


def _new_file_mode() -> int:
    """The mode ``open()`` would give a new file: 0666 less the process's umask."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def _write_special(path: str, content: str | bytes) -> None:
    data = content.encode("utf-8") if isinstance(content, str) else content
    try:
        with open(path, "wb") as out:
            out.write(data)
    except OSError as error:
        raise cannot_write(path, error) from None


def add_spec_options(parser: argparse.ArgumentParser, surface: str) -> None:
    """The flags of every option :mod:`wortsuche.spec` declares for ``surface`` (``generate``
    or ``book``), in the groups of the help. A flag left out is None: the spec's default."""
    groups: dict[str, Any] = {"puzzle": parser}
    for option in declared(surface):
        if option.group not in groups:
            groups[option.group] = parser.add_argument_group(*GROUPS[option.group])
        help_text = option.book_help if surface == BOOK and option.book_help else option.help
        if surface == BOOK and option.book_several:
            argument = _several(option)
        else:
            argument = _argument(option)
        groups[option.group].add_argument(option.flag, help=help_text, **argument)


def _several(option: OptionSpec) -> dict[str, Any]:
    """How argparse reads a flag of several choices, comma-separated: a tuple of choices."""

    by_fold = {choice.casefold(): choice for choice in option.choices}

    def choices(text: str) -> tuple[str, ...]:
        named = (option.unalias(part.strip()) for part in text.split(","))
        given = tuple(by_fold.get(name.casefold(), name) for name in named)
        for choice in given:
            if choice not in option.choices:
                from wortsuche.cli.interface import texts

                refused = Note(
                    f"invalid choice: {choice!r} (choose from {', '.join(option.choices)})",
                    key="error.flag-choice",
                    values={"value": choice, "choices": ", ".join(option.choices)},
                )
                raise argparse.ArgumentTypeError(texts().say(refused))
        return given

    choices.__name__ = option.name
    metavar = "{" + ",".join(option.choices) + "}[,…]"
    return {"type": choices, "metavar": metavar}


def _argument(option: OptionSpec) -> dict[str, Any]:
    """How argparse reads one option's flag."""
    if option.kind == "flag":
        return {"action": "store_true", "default": None}
    argument: dict[str, Any] = {"metavar": option.metavar}
    if option.choices:
        argument["choices"] = option.choices
    if option.aliases:
        argument["type"] = option.unalias  # before the choices are checked
    if option.kind in ("whole", "number"):
        argument["type"] = _number(option)
    if option.kind == "words":
        # One value a flag, repeated for more (or separated by commas): a list after the flag
        # would swallow the word file that follows it (--secret Fuchs tiere.txt).
        argument["action"] = "append"
    return argument


def _number(option: OptionSpec) -> Callable[[str], Any]:
    """A flag's number, checked as the spec checks it (argparse names the flag)."""
    read = _whole if option.kind == "whole" else float

    def number(text: str) -> Any:
        value = read(text)  # not a number: argparse says "invalid int value"
        try:
            return option.check(value)
        except InputError:
            from wortsuche.cli.interface import texts

            refused = Note(
                f"must be {option.expected}, not {text}",
                key="error.flag-value",
                values={"expected": option.expected, "value": text},
            )
            raise argparse.ArgumentTypeError(texts().say(refused)) from None

    number.__name__ = "int" if option.kind == "whole" else "float"
    return number


def _whole(text: str) -> int:
    """``int(text)``, leading zeros allowed in any number."""
    from wortsuche.words.source import without_leading_zeros

    return int(without_leading_zeros(text))


def spec_options(args: argparse.Namespace, surface: str) -> dict[str, Any]:
    """The declared options given on the command line, by name: secret words split at
    commas, a mask file read into its rows."""
    values = {
        option.name: value
        for option in declared(surface)
        if (value := getattr(args, option.name, None)) is not None
    }
    if "secret" in values:
        items = values["secret"]
        values["secret"] = [
            part.strip() for item in items for part in item.split(",") if part.strip()
        ]
        if not values["secret"]:
            raise InputError("--secret needs a word", key="error.secret-empty")
    if "mask" in values:
        from wortsuche.grid.shapes import read_mask

        values["mask"] = read_mask(Path(values["mask"]))
    return values


def add_output_options(parser: argparse.ArgumentParser) -> None:
    """Options for where and how a puzzle is written (shared by every command that writes one)."""
    parser.add_argument(
        "-o", "--output", metavar="FILE", help="write to FILE (format from its suffix)"
    )
    parser.add_argument(
        "--format",
        type=str.lower,
        help="output format: text, json, svg, png, pdf, csv, html (a game that plays offline), "
        "scorm (that game as a SCORM 1.2 package for Moodle, ILIAS or itslearning), docx, odt "
        "(default: from the -o suffix, else text)",
    )
    parser.add_argument("--force", action="store_true", help="overwrite FILE if it exists")
    parser.add_argument("--answers", action="store_true", help="include the answer key")
    add_paper_options(parser)


def add_paper_options(
    parser: argparse.ArgumentParser,
    *,
    title_help: str = "title printed above the puzzle",
    images: bool = True,
) -> None:
    """Options for printed and image output (PDF, SVG, PNG, HTML; CSV takes --lowercase)."""
    from wortsuche.i18n import LANGUAGES
    from wortsuche.render.options import FONTS, PER_PAGE

    paper = parser.add_argument_group("paper and image options" if images else "paper options")
    paper.add_argument("--title", help=title_help)
    paper.add_argument(
        "--sheet-language",
        choices=LANGUAGES,
        help="language of the printed texts alone, e.g. an English sheet for a German class "
        "(default: the puzzle's language)",
    )
    paper.add_argument("--paper", choices=("a4", "letter"), help="PDF page size (default: a4)")
    paper.add_argument(
        "--lowercase",
        action="store_true",
        default=None,
        help="the grid's letters in lower case (the word list stays as written)",
    )
    paper.add_argument(
        "--uppercase",
        dest="lowercase",
        action="store_false",
        default=None,
        help="the grid's letters in capitals (the default, unless case = lower is set)",
    )
    paper.add_argument(
        "--large-print", action="store_true", help="bigger letters and text for low vision"
    )
    paper.add_argument(
        "--no-word-list",
        dest="word_list",
        action="store_false",
        help="leave out the word list (find the hidden words)",
    )
    paper.add_argument(
        "--font",
        choices=FONTS,
        default=None,
        help="typeface of the sheet: standard (DejaVu Sans) or school (Andika, made for young "
        "readers: single-storey a and g) (default: standard)",
    )
    if images:
        paper.add_argument(
            "--dpi", type=int, metavar="N", help="resolution of PNG images (default: 150)"
        )
        paper.add_argument(
            "--no-name-line",
            dest="name_line",
            action="store_false",
            default=None,
            help="leave out the line for name, date and class at the top of the worksheet",
        )
        paper.add_argument(
            "--per-page",
            type=int,
            choices=PER_PAGE,
            default=1,
            metavar="N",
            help="PDF: N puzzles on each page, each with its own word list, with cut marks "
            "(2: A5 halves of A4 or half-letter; 4: quarters) (default: 1)",
        )


def output_format(args: argparse.Namespace) -> str:
    """The format asked for: ``--format``, else the ``-o`` file's suffix, else text."""
    if args.format:
        from wortsuche.render import FORMATS

        if args.format not in FORMATS:
            formats = ", ".join(FORMATS)
            raise InputError(
                f"unknown format {args.format!r}; choose one of {formats}",
                key="error.unknown-format",
                values={"format": args.format, "choices": formats},
            )
        return str(args.format)
    if args.output and args.output != "-":
        from wortsuche.render import format_for_path

        return format_for_path(args.output)
    return "text"


def note(message: str) -> None:
    """Tell the user something on stderr (warnings and notes; the output stays on stdout), in
    the language of the command line where the message is a :class:`~wortsuche.notes.Note`."""
    from wortsuche.cli.interface import texts

    print(f"wortsuche: {texts().say(message)}", file=sys.stderr)


def render_options(args: argparse.Namespace) -> RenderOptions:
    """The :class:`~wortsuche.render.RenderOptions` the parsed arguments ask for."""
    from wortsuche.render.options import DPI_RANGE, RenderOptions

    dpi = getattr(args, "dpi", None)
    low, high = DPI_RANGE
    if dpi is not None and not low <= dpi <= high:
        raise InputError(
            f"--dpi must be between {low} and {high}, not {dpi}",
            key="error.dpi",
            values={"low": low, "high": high, "value": dpi},
        )
    from wortsuche.cli.settings import render_settings

    options = RenderOptions(
        answers=bool(getattr(args, "answers", False)),
        title=getattr(args, "title", None),
        paper=getattr(args, "paper", None) or "a4",
        lowercase=bool(getattr(args, "lowercase", False)),
        large_print=bool(getattr(args, "large_print", False)),
        word_list=bool(getattr(args, "word_list", True)),
        dpi=dpi,
        language=getattr(args, "sheet_language", None),
        name_line=getattr(args, "name_line", None) is not False,
        font=getattr(args, "font", None) or "standard",
        per_page=getattr(args, "per_page", 1),
    )
    # font and name line, where this version's sheets have them and a setting gives them
    return dataclasses.replace(options, **render_settings(args))


def answers_note(fmt: str, args: argparse.Namespace) -> None:
    """Say what ``--answers`` does where it is not a second page: never silently ignored."""
    if not getattr(args, "answers", False):
        return
    if fmt == "html":
        raise InputError(
            "--answers does not apply to an HTML file (the page is the game and keeps the "
            "answers hidden); leave it out, or write the key as PDF, SVG or PNG",
            key="error.answers-html",
        )
    if fmt == "scorm":
        raise InputError(
            "--answers does not apply to a SCORM package (its page is the game and keeps the "
            "answers hidden); leave it out, or write the key as PDF, SVG or PNG",
            key="error.answers-scorm",
        )
    if fmt in ("svg", "png"):
        note(
            Note(
                f"--answers: the {fmt.upper()} holds only the answer key; "
                "run again without --answers for the puzzle",
                key="note.answers-only-key",
                values={"format": fmt.upper()},
            )
        )


SMALL_LETTERS = 6.0
"""A printed sheet whose grid letters are smaller than this (points) is said to be hard to
read: 6 pt capitals are about 2 mm high."""


def say_small_letters(puzzle: Any, options: RenderOptions, fmt: str) -> None:
    """A note when a PDF worksheet's grid letters come out too small to read, naming what
    makes them larger."""
    if fmt != "pdf":
        return
    from wortsuche.render import sheet_letter_size

    size = sheet_letter_size(puzzle, options)
    if size >= SMALL_LETTERS:
        return
    # what makes them larger: fewer on a page, else a smaller grid
    several = options.per_page > 1
    remedy = "fewer --per-page make" if several else "a smaller --size makes"
    note(
        Note(
            f"the grid's letters are only {size:.1f} pt, hard to read; {remedy} them larger",
            key="note.small-letters-per-page" if several else "note.small-letters",
            values={"size": round(size, 1)},
        )
    )
