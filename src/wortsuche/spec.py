"""The puzzle spec: everything a puzzle is made from, each option declared once.

An :class:`OptionSpec` says what an option is (its kind, choices or range, default, help text)
and where it is offered (the ``generate`` and ``book`` commands, the web API, the keywords of
:func:`~wortsuche.pipeline.run.generate`). Everything else is made from these declarations: the one
check (:meth:`PuzzleSpec.checked`), the options of the puzzle JSON and their JSON Schema, the
command-line flags and the web request model. A new option is one more declaration.

>>> spec = PuzzleSpec(["TORF", "VOR"], 5, level="hard", wrap=True)
>>> (spec.rows, spec.cols, spec.wrap, spec.filler)
(5, 5, True, None)
>>> spec.checked().options.filler
<Filler.ALPHABET: 'alphabet'>
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any

from wortsuche.errors import InputError
from wortsuche.filling.message import message_letters
from wortsuche.grid.hexagons import HEX_DIRECTIONS, Hex
from wortsuche.grid.shapes import SHAPE_NAMES, Outline, outline
from wortsuche.grid.topology import TORUS_LEAST_SIDE
from wortsuche.levels import LEVEL_ALIASES, LEVELS, options_for
from wortsuche.limits import MAX_SIDE
from wortsuche.model import (
    DENSITIES,
    GRIDS,
    LANGUAGES,
    SHEET_LANGUAGES,
    Crossing,
    Decoys,
    Direction,
    Filler,
    HiddenMessage,
    Options,
    Word,
)
from wortsuche.notes import Note
from wortsuche.option_spec import API as API
from wortsuche.option_spec import BOOK as BOOK
from wortsuche.option_spec import GENERATE as GENERATE
from wortsuche.option_spec import KINDS as KINDS
from wortsuche.option_spec import LEVEL as LEVEL
from wortsuche.option_spec import SURFACES as SURFACES
from wortsuche.option_spec import WEB as WEB
from wortsuche.option_spec import OptionSpec as OptionSpec
from wortsuche.words.normalise import ESZETT, eszett_for


def _option(kind: str, help: str, default: Any = None, **details: Any) -> Any:
    """A field of :class:`PuzzleSpec` that is an option: its declaration in the field's
    metadata (``"option"``, named by the field), its default the field's (None for a level
    option: the level's preset). Keyword-only: options are named where they are given."""
    declaration = OptionSpec("", kind, help, default, **details)
    return field(
        default=None if default is LEVEL else default,
        kw_only=True,
        metadata={"option": declaration},
    )


def _percent(help: str, *, nullable: bool = False, since_first: bool = False) -> Any:
    """A level option that is a percentage, 0 to 100."""
    return _option(
        "whole",
        help,
        LEVEL,
        low=0,
        high=100,
        metavar="0..100",
        nullable=nullable,
        since_first=since_first,
    )


GROUPS = {
    "puzzle": ("", ""),
    "level": ("level options", "each changes one setting of the level's preset"),
    "shape": ("shape", "a grid in a shape: holes hold no letter"),
    "hidden": ("hidden extras", "secret words, and a sentence in the letters no word uses"),
}
"""The groups of options in a command's help: title and description ("puzzle": no group)."""


@dataclass(frozen=True, slots=True, repr=False)
class PuzzleSpec:
    """Everything a puzzle is made from: the words, the size, every option, the sheet's title
    and language.

    Each option is a typed field whose :class:`OptionSpec` is in its metadata (``"option"``):
    the one declaration the check, the flags, the web's request model, the JSON and its schema
    are made from. An option left out (or given as None) takes its declared default (None for a
    level option: the level's preset). ``rows`` alone means a square, as does ``cols`` alone. A
    keyword that names no option is an :class:`InputError` naming it. The value is frozen:
    :meth:`replace` makes a changed copy.
    """

    words: Iterable[str | Word]
    """The words to hide (kept as a tuple: a generator is read once)."""
    rows: int | None = None
    cols: int | None = None
    level: str = _option(
        "choice",
        "difficulty (default: medium)",
        default="medium",
        choices=tuple(LEVELS),
        group="puzzle",
        aliases=tuple(LEVEL_ALIASES.items()),
        book_help="difficulty (default: medium); several, comma-separated (easy,medium,hard), "
        "are taken in turn",
        book_several=True,
    )
    seed: int | None = _option(
        "whole",
        "make the same puzzle again (default: random)",
        group="puzzle",
        book_help="book seed: the same seed makes the same book",
    )
    directions: str | Sequence[Direction | str] | None = _option(
        "directions",
        "directions words may run: E,S,SE,NE,W,N,NW,SW, right,down,..., arrows, or all",
        LEVEL,
        metavar="LIST",
        since_first=True,
    )
    crossing: Crossing | str | None = _option(  # noqa: RUF009  # a frozen declaration, made once
        "choice",
        "whether words may share letters",
        LEVEL,
        enum=Crossing,
        since_first=True,
    )
    filler: Filler | str | None = _option(  # noqa: RUF009  # a frozen declaration, made once
        "choice",
        "letters for the cells no word uses",
        LEVEL,
        enum=Filler,
        since_first=True,
    )
    word_letter_share: int | None = _percent(
        "percentage of filler letters drawn from the words' own letters",
        since_first=True,
    )
    decoys: Decoys | str | None = _option(  # noqa: RUF009  # a frozen declaration, made once
        "choice",
        "near-misses of the words planted",
        LEVEL,
        enum=Decoys,
        since_first=True,
    )
    absent: bool | None = _option(
        "flag", "hide none of the words (a puzzle whose answer is: not there)", LEVEL
    )
    language: str | None = _option(
        "choice",
        "the puzzle's language: the filler alphabet and every text on the sheet "
        "(default: auto, the words' language where clear, else the system's, else English)",
        LEVEL,
        choices=LANGUAGES,
    )
    reversed_share: int | None = _percent(
        "percentage of words placed backwards (← ↑ ↖ ↙), if the directions allow it",
        nullable=True,
    )
    allow_offensive: bool | None = _option(
        "flag",
        "let the filler spell words on the offensive-word screen (screened by default)",
        LEVEL,
    )
    density: str | None = _option(
        "choice",
        "high packs the words for a full, newspaper-style grid (a smaller automatic size, "
        "crossings first wherever the level allows them)",
        LEVEL,
        choices=DENSITIES,
    )
    diagonal_share: int | None = _percent(
        "percentage of words placed diagonally (↘ ↗ ↖ ↙), if the directions allow it",
        nullable=True,
    )
    letter_floor: int | None = _percent(
        "filler from the words' letters first lifts every letter of the words to this "
        "percentage of an even spread, so no rare letter gives its word away",
    )
    fill_search: int | None = _option(
        "whole",
        "changes per free cell the filler tries once the grid is full, kept where they slow "
        "down the quickest of four readers: one who scans for a word's first letter, one who "
        "scans for its rarest, one who takes the rarest only where it is at most half as common "
        "as the first, and one who scans for its last letter and reads back from it (flat grids "
        "without holes); 0: none",
        LEVEL,
        low=0,
        high=100,
        metavar="0..100",
    )
    wrap: bool | None = _option(
        "flag",
        "lines continue on the other side of the grid, so a word may run over an edge "
        f"and come back on the opposite one (at least {TORUS_LEAST_SIDE}x{TORUS_LEAST_SIDE}, no shape)",
        LEVEL,
    )
    grid: str | None = _option(
        "choice",
        "the cells: square, or hex for hexagons in six directions (--size N: a hexagon of side "
        "N; RxC: R staggered rows of C cells)",
        LEVEL,
        choices=GRIDS,
    )
    exact: bool = _option(
        "flag",
        "place the words with a SAT solver (the exact extra): finds a layout of a crowded "
        "list where one exists, or proves that none does (slow beyond small grids)",
        False,
        surfaces=frozenset({GENERATE, BOOK, API}),
        elsewhere="a SAT solve runs in C past any time limit of the server, so a web client "
        "could hold a worker for minutes; the web's puzzles are small enough without it",
    )
    effort: float = _option(
        "number",
        "how long the search tries before it says no layout was found "
        "(default 1; 4 tries about four times as long)",
        1.0,
        low=0,
        high=100,
        metavar="N",
        surfaces=frozenset({GENERATE, BOOK, API}),
        elsewhere="the web server's own limit bounds every generation (serve "
        "--generation-seconds); a client may not ask for a longer search",
    )
    transliterate: bool = _option(
        "flag",
        "plain A-Z: Ä→AE, Ö→OE, Ü→UE, ß→SS, accents dropped",
        False,
    )
    eszett: str = _option(
        "choice",
        "ß in the grid: auto (default) is SS as primary schools write it, unless the puzzle is in "
        "another language; keep the one letter ẞ; ss the two letters SS. The word list shows ß",
        "auto",
        choices=ESZETT,
    )
    timeout: float | None = _option(
        "number",
        "give up after this many seconds (default: no limit; every generation ends anyway "
        "within its budget of steps)",
        low=0,
        metavar="SECONDS",
        group="puzzle",
        surfaces=frozenset({GENERATE, BOOK, API}),
        elsewhere="the web server stops every generation at its own limit (serve "
        "--generation-seconds); a client may not lift it",
    )
    shape: str | None = _option(
        "name",
        "a built-in shape drawn on the grid's size: circle, cross, diamond, heart, hexagon, "
        "house, star, tree, triangle, or a letter A-Z or digit 0-9 (an automatic size makes "
        "room for it)",
        choices=SHAPE_NAMES,
        metavar="SHAPE",
        group="shape",
    )
    mask: str | Sequence[str] | None = _option(
        "lines",
        "a text picture (# a cell, . a hole) or a PNG (dark pixels are cells); its own size "
        "unless a size is given, which scales it",
        metavar="FILE",
        group="shape",
    )
    secret: Sequence[str | Word] | None = _option(
        "words",
        "a word hidden like the others but not listed (the sheet says how many, the key "
        'names them); more separated by commas, --secret "Fuchs, Igel", or the flag repeated',
        metavar="WORD",
        group="hidden",
    )
    message: str | None = _option(
        "text",
        "the letters of TEXT (blanks and punctuation dropped) fill the free cells in reading "
        'order, the filler the rest; the answer key shows it. Example: --message "Gut gemacht"',
        metavar="TEXT",
        group="hidden",
    )
    message_exact: bool = _option(
        "flag",
        "the message must fill every free cell (a layout with exactly that many is searched)",
        False,
        group="hidden",
    )
    title: str | None = field(default=None, kw_only=True)
    """The title printed above the puzzle (None: the sheet language's default)."""
    sheet_language: str | None = field(default=None, kw_only=True)
    """The language of the sheet's texts (None: it follows ``language``)."""

    __hash__ = None  # type: ignore[assignment]  # words and options may be lists

    def __post_init__(self) -> None:
        if isinstance(self.words, Iterator | list):  # a generator is read once; the spec keeps them
            object.__setattr__(self, "words", tuple(self.words))
        if self.rows is None:
            object.__setattr__(self, "rows", self.cols)
        elif self.cols is None:
            object.__setattr__(self, "cols", self.rows)
        for name, option in _FIELD_OPTIONS.items():
            value = getattr(self, name)
            if value is None:  # None: not given, the declared default
                object.__setattr__(self, name, _FIELD_DEFAULTS[name])
            elif isinstance(value, Iterator | list):  # read once, kept as a value
                object.__setattr__(self, name, tuple(value))
            else:  # a German level name is the level's
                object.__setattr__(self, name, option.unalias(value))

    def __repr__(self) -> str:
        given = "".join(f", {name}={value!r}" for name, value in self.given.items())
        return f"PuzzleSpec({self.words!r}, {self.rows!r}, {self.cols!r}{given})"

    @property
    def given(self) -> dict[str, Any]:
        """The options (and title, sheet language) set, by name: the others take their defaults."""
        return {
            name: getattr(self, name)
            for name, start in _FIELD_DEFAULTS.items()
            if getattr(self, name) != start
        }

    def replace(self, **changes: Any) -> PuzzleSpec:
        """A copy with ``words``, ``rows``, ``cols`` or options changed (None: back to the default)."""
        words = changes.pop("words", self.words)
        rows = changes.pop("rows", self.rows)
        cols = changes.pop("cols", self.cols)
        return PuzzleSpec(words, rows, cols, **{**self.given, **changes})

    def checked(self) -> Checked:
        """Check every option and the size; the one place a spec is checked."""
        given = self.given
        effort = BY_NAME["effort"].check(self.effort)
        timeout = BY_NAME["timeout"].check(self.timeout)
        options = resolve_options(
            self.level, **{option.name: given.get(option.name) for option in LEVEL_OPTIONS}
        )
        seed = BY_NAME["seed"].check(self.seed)
        for name, value in given.items():  # every option given is of its declared kind
            BY_NAME.get(name, _SHEET.get(name, _NOWHERE)).check(value, name)
        hidden = self._hidden_message()
        try:
            drawn = outline(self.shape, self.mask)
        except InputError as error:  # a form shows it at the field that drew the outline
            error.values.setdefault("option", "mask" if self.mask is not None else "shape")
            raise
        if options.wrap and drawn is not None:
            raise InputError(
                "--wrap needs the whole rectangle: a shaped grid has no opposite edge to "
                "continue on",
                key="error.wrap-shape",
            )
        checked = Checked(
            self, options, seed, None if timeout == float("inf") else timeout, effort, hidden, drawn
        )
        if checked.size is not None:
            check_size(*checked.size, wrap=options.wrap)
        if options.grid == "hex":
            check_hex(options, checked.outline, checked.size)
        return checked

    def _hidden_message(self) -> HiddenMessage | None:
        """The message as the grid holds it, if one is asked for."""
        if self.message is None:
            if self.message_exact:
                raise InputError("message_exact needs a message", key="error.message-exact")
            return None
        letters = message_letters(
            self.message,
            transliterate=self.transliterate,
            eszett=eszett_for(self.eszett, self.language),
        )
        return HiddenMessage(" ".join(self.message.split()), letters, self.message_exact)


def _guarded(made: Callable[..., None]) -> Callable[..., None]:
    """The dataclass's constructor, which refuses a keyword that names no option with an
    :class:`InputError` naming it (not a TypeError: a user typed it)."""

    @functools.wraps(made)
    def __init__(self: PuzzleSpec, *arguments: Any, **keywords: Any) -> None:
        unknown = [name for name in keywords if name not in _KEYWORDS]
        if unknown:
            choices = ", ".join(option.name for option in declared(API))
            raise InputError(
                f"unknown option {unknown[0]!r}; the options are {choices}",
                key="error.unknown-option",
                values={"name": unknown[0], "choices": choices},
            )
        made(self, *arguments, **keywords)

    return __init__


setattr(PuzzleSpec, "__init__", _guarded(PuzzleSpec.__init__))  # noqa: B010  # mypy keeps the typed one

_FIELD_OPTIONS: dict[str, OptionSpec] = {
    f.name: replace(f.metadata["option"], name=f.name)
    for f in fields(PuzzleSpec)
    if "option" in f.metadata
}
"""The options of :class:`PuzzleSpec`, named by their fields, in field order."""

_FIELD_DEFAULTS: dict[str, Any] = {f.name: f.default for f in fields(PuzzleSpec) if f.kw_only}
"""What each option (and the title and sheet language) of a spec is when not given."""

_KEYWORDS = frozenset(f.name for f in fields(PuzzleSpec))
"""The keywords :class:`PuzzleSpec` takes."""

_SHEET: dict[str, OptionSpec] = {
    "title": OptionSpec(
        "title", "text", "the title printed above the puzzle", surfaces=frozenset()
    ),
    "sheet_language": OptionSpec(
        "sheet_language",
        "choice",
        "the language of the sheet's texts",
        choices=SHEET_LANGUAGES,
        surfaces=frozenset(),
    ),
}
"""How the sheet's title and language are checked (they are the sheet's, not options)."""

_NOWHERE = OptionSpec("", "text", "", surfaces=frozenset())

FRONT_END_OPTIONS: dict[str, tuple[OptionSpec, ...]] = {
    "effort": (
        OptionSpec(
            "difficulty",
            "number",
            "make the puzzle nearest this difficulty score (estimated minutes (model)); "
            "the level and its knobs are chosen for it",
            low=0,
            high=1000,
            metavar="MINUTES",
            surfaces=frozenset({GENERATE, BOOK, WEB}),
            book_help="make each puzzle nearest this difficulty score (estimated minutes (model))",
            elsewhere="in Python a target difficulty is wortsuche.rating.targeting.generate_near, "
            "which calls generate() for each candidate level",
        ),
    ),
    "eszett": (
        OptionSpec(
            "phrases",
            "flag",
            "each line of a plain word list is one entry, spaces kept (Ice cream); without it a "
            'line is split at spaces, commas, semicolons and tabs, a "quoted" entry kept whole',
            False,
            group="puzzle",
            surfaces=frozenset({GENERATE, BOOK, WEB}),
            elsewhere="it says how text is read into entries: generate's and book's word files "
            "(words given as arguments are split by the shell, and at commas); the web form's "
            "words text, where commas and semicolons still separate entries; generate() takes the "
            "entries already apart (in Python: wortsuche.words.source.parse_words(text, "
            "name=..., phrases=True))",
        ),
        OptionSpec(
            "clues",
            "choice",
            "what the word list shows instead of the words: de or en the word in German or "
            "English (from the themes' translations), picture its emoji drawn as a picture, none "
            "the words themselves; a clue written in the list (IGEL = Ein Tier mit Stacheln) stays",
            choices=("de", "en", "picture", "none"),
            group="puzzle",
            surfaces=frozenset({GENERATE, BOOK, WEB}),
            elsewhere="it gives the words their clues before the puzzle is made (in Python: "
            "wortsuche.words.vocabulary.with_clues(words, 'de'), or Word(entry, letters, clue))",
        ),
        OptionSpec(
            "letter_count",
            "flag",
            "the number of letters after each clue: Tier mit Stacheln (4), or hedgehog (4) for "
            "IGEL; under a picture, (4)",
            False,
            group="puzzle",
            surfaces=frozenset({GENERATE, BOOK, WEB}),
            elsewhere="it writes the count into the words' clues before the puzzle is made (in "
            "Python: wortsuche.words.letters.with_letter_counts(words))",
        ),
    ),
}
"""The options of the front ends, not of a spec (how text becomes words, the clues the words are
given, a target the search varies the level for), listed after the spec's option named."""

OPTIONS: tuple[OptionSpec, ...] = tuple(
    option
    for name, own in _FIELD_OPTIONS.items()
    for option in (own, *FRONT_END_OPTIONS.get(name, ()))
)
"""Every option of a puzzle besides its words and size, in the order commands list them."""

BY_NAME: dict[str, OptionSpec] = {option.name: option for option in OPTIONS}

LEVEL_OPTIONS: tuple[OptionSpec, ...] = tuple(BY_NAME[f.name] for f in fields(Options))
"""The declarations of the fields of :class:`~wortsuche.model.Options`, in their order (the
order the puzzle JSON writes them)."""


def declared(surface: str) -> tuple[OptionSpec, ...]:
    """The options offered on ``surface`` (:data:`SURFACES`), in declaration order."""
    return tuple(option for option in OPTIONS if surface in option.surfaces)


def default(name: str) -> Any:
    """The default of option ``name`` (:data:`LEVEL` for a level option)."""
    return BY_NAME[name].default


def check_size(rows: int, cols: int, *, wrap: bool = False) -> None:
    """Refuse sizes that are not positive whole numbers or larger than ``MAX_SIDE`` (and, for a
    torus, smaller than ``WRAP_MIN_SIDE``)."""
    for name, value in ((SIDE_NAMES[0], rows), (SIDE_NAMES[1], cols)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise InputError(
                f"{name} must be a whole number of at least 1, not {value!r}",
                key="error.side-whole",
                values={"name": name, "value": repr(value)},
            )
        if value > MAX_SIDE:
            raise InputError(
                f"{name} must be at most {MAX_SIDE}, not {value}",
                key="error.side-most",
                values={"name": name, "most": MAX_SIDE, "value": value},
            )
    if wrap and min(rows, cols) < WRAP_MIN_SIDE:
        raise InputError(
            f"--wrap needs at least {WRAP_MIN_SIDE} rows and {WRAP_MIN_SIDE} columns, "
            f"not {rows}x{cols}",
            key="error.wrap-size",
            values={"rows": rows, "cols": cols},
        )


SIDE_NAMES = (Note("rows", key="size.rows"), Note("columns", key="size.columns"))
"""The sides of a size, as messages name them."""

WRAP_MIN_SIDE = TORUS_LEAST_SIDE
"""The smallest side of a torus (:data:`wortsuche.grid.topology.TORUS_LEAST_SIDE`)."""


def resolve_options(level: str, **changes: Any) -> Options:
    """The options of ``level`` with changes (values as :meth:`OptionSpec.check` takes them;
    None keeps the preset), checked."""
    BY_NAME["level"].check(level)
    checked = {}
    for name, value in changes.items():
        option = BY_NAME.get(name)
        if option is None or not option.level_option:
            raise InputError(
                f"{name!r} is not an option of a level",
                key="error.not-level-option",
                values={"name": name},
            )
        checked[name] = option.check(value)
    options = options_for(level, **checked)
    if changes.get("word_letter_share") is not None and options.filler in (
        Filler.WORDS,
        Filler.TRAPS,
    ):
        raise InputError(
            f"word_letter_share has no effect with the filler {options.filler.value!r}: every "
            "filler letter is a word letter already; choose another filler to mix them",
            key="error.word-letter-share",
            values={"filler": options.filler.value},
        )
    return options


def options_to_dict(options: Options) -> dict[str, Any]:
    """The options as JSON data, in the order of their fields."""
    return {option.name: option.to_json(getattr(options, option.name)) for option in LEVEL_OPTIONS}


def options_from_dict(data: Any) -> Options:
    """Options read from JSON data written by :func:`options_to_dict` (or an older version,
    which lacks the options added since); :class:`InputError` if they are not options."""
    if not isinstance(data, dict):
        raise InputError(
            f'"options" must be an object, not {type(data).__name__}',
            key="error.options-object",
            values={"kind": type(data).__name__},
        )
    values = {option.name: option.from_json(data) for option in LEVEL_OPTIONS}
    return Options(**values)


def options_schema() -> dict[str, Any]:
    """The JSON Schema of a puzzle file's ``options``, made from the declarations."""
    return {
        "type": "object",
        "required": [option.name for option in LEVEL_OPTIONS if option.since_first],
        "properties": {option.name: option.json_schema() for option in LEVEL_OPTIONS},
    }


@dataclass(frozen=True)
class Checked:
    """A spec after its check: the values the pipeline runs on."""

    spec: PuzzleSpec
    options: Options
    seed: int | None
    timeout: float | None
    """Seconds (None: no limit)."""
    effort: float
    message: HiddenMessage | None
    outline: Outline | None

    @property
    def size(self) -> tuple[int, int] | None:
        """``(rows, cols)`` as asked for, else a mask's own size (a cell a character), else None
        for a size chosen from the words."""
        rows, cols = self.spec.rows, self.spec.cols
        if rows is not None and cols is not None:
            return rows, cols
        mask = self.outline.mask if self.outline is not None else None
        return (len(mask), len(mask[0])) if mask else None


def check_hex(options: Options, drawn: Outline | None, size: tuple[int, int] | None) -> None:
    """Refuse what a grid of hexagons cannot be yet: a torus, a shape, a square grid's ↘ and ↖,
    a size chosen from the words, a board larger than ``MAX_SIDE`` stored."""
    if options.wrap or drawn is not None:
        raise InputError(
            "--grid hex is a hexagon or staggered rows: it takes neither --wrap nor a shape",
            key="error.hex-whole",
        )
    other = [d.name for d in options.directions if d not in HEX_DIRECTIONS]
    if other:
        raise InputError(
            f"a grid of hexagons runs E, S, SW, W, N and NE, not {', '.join(other)}",
            key="error.hex-directions",
            values={"directions": ", ".join(other)},
        )
    if size is None:
        raise InputError(
            "--grid hex needs a size: --size N for a hexagon of side N, or RxC for R staggered "
            "rows of C cells",
            key="error.hex-size",
        )
    board = Hex.of_size(*size)
    if max(board.rows, board.cols) > MAX_SIDE:
        raise InputError(
            f"a grid of hexagons of size {size[0]}x{size[1]} is stored in {board.rows}x"
            f"{board.cols} cells, more than {MAX_SIDE}",
            key="error.hex-too-large",
            values={"size": f"{size[0]}x{size[1]}", "stored": f"{board.rows}x{board.cols}"},
        )
