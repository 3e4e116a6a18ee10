"""The JSON bodies of the API: what a client sends and what it gets (they make /openapi.json)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, create_model

from wortsuche.render.html import next_cell
from wortsuche.spec import WEB, OptionSpec, declared
from wortsuche.web import limits


class PuzzleRequest(BaseModel):
    """What the create form sends besides the options: the words, the size and a title."""

    model_config = ConfigDict(extra="forbid")

    words: StrictStr | list[StrictStr] = Field(
        description="One word per line or comma separated, or a list of words",
        examples=["Torf, vor, Rad, Eva"],
    )
    rows: StrictInt | None = Field(None, description=f"1 to {limits.MAX_SIDE}; null for auto")
    cols: StrictInt | None = Field(None, description=f"1 to {limits.MAX_SIDE}; null for auto")
    title: StrictStr | None = Field(None, description="Shown above the grid")
    version: StrictInt | None = Field(
        None,
        ge=0,
        le=3,
        description="The version of a sheet (0 for A, 1 for B, …) made from ``seed``: its grid "
        "is the command line's --versions grid of that letter for the same seed",
    )
    pictures: dict[StrictStr, StrictStr] | None = Field(
        None,
        description="A teacher's own picture for a word: the word to the data URL that "
        "POST /api/pictures gave for its file (at most 20)",
    )

    def options(self) -> dict[str, Any]:
        """The options of :mod:`wortsuche.spec` the request sets, by name (null: not set)."""
        return {
            option.name: value
            for option in declared(WEB)
            if (value := getattr(self, option.name)) is not None
        }


_TYPES: dict[str, Any] = {
    "whole": StrictInt,
    "number": float,
    "flag": bool,
    "words": StrictStr | list[StrictStr],
    "lines": list[StrictStr],
}
"""The JSON type of each kind of option (any other kind is text)."""


def _field(option: OptionSpec) -> tuple[Any, Any]:
    """The request field of one declared option: its type, default, bounds and description."""
    kind = _TYPES.get(option.kind, StrictStr)
    bounds: dict[str, Any] = {}
    if option.kind == "whole" and option.low is not None:
        bounds = {"ge": option.low, "le": option.high}
    elif option.kind == "number":
        bounds = {"gt": option.low, "le": option.high}
    words = option.help
    if option.choices and option.kind != "name":
        words += f" ({', '.join(option.choices)})"
    if option.level_option:
        words += "; null for the level's preset"
    if words[:1].isascii():  # ß has no capital of one letter in a sentence
        words = words[:1].upper() + words[1:]
    return kind | None, Field(None, description=words, **bounds)


if TYPE_CHECKING:
    NewPuzzle = PuzzleRequest
else:
    NewPuzzle = create_model(
        "NewPuzzle",
        __base__=PuzzleRequest,
        __doc__="What the create form sends: the words, the size, a title and the options.",
        **{option.name: _field(option) for option in declared(WEB)},
    )


class Picture(BaseModel):
    """An uploaded picture as kept: its pixels only, as a PNG data URL."""

    picture: str = Field(description="The picture as a PNG data URL, at most 160 pixels a side")


class MessageShape(BaseModel):
    """What a player may see of a hidden message before it is found."""

    shape: str = Field(description="The message with each letter as A (upper case) or a")
    length: int = Field(description="Its letters in the grid: the first free cells, row by row")


Unit = Annotated[StrictInt, Field(ge=-1, le=1)]
"""One coordinate of a step between neighbouring cells: -1, 0 or 1."""


class Selection(BaseModel):
    """A straight line of cells chosen by the player: first and last cell, ``[row, col]``."""

    model_config = ConfigDict(extra="forbid")

    start: tuple[StrictInt, StrictInt]
    end: tuple[StrictInt, StrictInt]
    step: tuple[Unit, Unit] | None = Field(
        None,
        description="On a puzzle over the edge (wrap), the way the selection runs, [dRow, dCol]: "
        "only the run from start that way is tried (without it, every run joining the two "
        "cells, the shortest first)",
    )


class PublicPuzzle(BaseModel):
    """A puzzle as anyone with the link sees it: no answers."""

    id: str
    url: str
    title: str
    level: str
    level_description: str
    rows: int
    cols: int
    seed: int | None = Field(
        description="The seed that made the grid; null for a class's copy (with the words it "
        "gives every answer, and a class's answers stay on the server)"
    )
    grid: list[str]
    words: list[str]
    notes: list[str]
    created: str
    difficulty: float = Field(
        description="The difficulty model's score: expected minutes for an adult solver"
    )
    message: MessageShape | None = Field(
        None, description="A hidden message's shape, if the puzzle hides one"
    )
    secret_count: int = Field(
        0, description="How many secret words hide in the grid; check finds them after the listed"
    )
    wrap: bool = Field(
        False,
        description="Lines continue on the other side: a word may run over an edge, and check "
        "tries every run between the two cells marked",
    )
    topology: dict[str, Any] = Field(
        default_factory=lambda: {"kind": "flat"},
        description='The cells and how they line up: {"kind": "flat"}, {"kind": "torus"} or '
        '{"kind": "hex", "shape": "hexagon", "side": N} / {"kind": "hex", "shape": '
        '"rectangle", "rows": R, "cols": C} (blanks in grid are holes)',
    )


class CheckResult(BaseModel):
    """Whether a selection is a hidden word; ``words`` has two entries for reverse twins (AB, BA)."""

    found: bool
    word: str | None = None
    words: list[str] = []
    indices: list[int] = []
    cells: list[tuple[int, int]] = []


class Answer(BaseModel):
    """Where one word stands."""

    index: int
    word: str
    letters: str
    direction: str
    start: tuple[int, int]
    end: tuple[int, int]
    cells: list[tuple[int, int]]


class HintRequest(BaseModel):
    """Which word (its place in the word list) the player wants a hint for."""

    model_config = ConfigDict(extra="forbid")

    index: StrictInt


class Hint(BaseModel):
    """The cell of a word's first letter: enough to start, not the whole answer."""

    index: int
    first: tuple[int, int]
    second: tuple[int, int]
    """The next cell: which way the word runs, for a second hint."""

    @classmethod
    def of(cls, index: int, cells: tuple[tuple[int, int], ...]) -> Hint:
        """The hint for the word at ``index`` whose letters lie on ``cells`` (a word of one
        letter has no second cell: it points at its first again)."""
        return cls(index=index, first=cells[0], second=next_cell(cells))


class Answers(BaseModel):
    """All answers, in word-list order."""

    answers: list[Answer]


class ErrorBody(BaseModel):
    """A refusal: a message for a person, and the form field it belongs to (or null)."""

    error: str
    field: str | None = None
    code: str | None = Field(None, description="Which refusal it is (same in every language)")


ERRORS: dict[int | str, dict[str, Any]] = {
    404: {"model": ErrorBody, "description": "No puzzle with this id"},
    422: {"model": ErrorBody, "description": "The request cannot be used (message says why)"},
    429: {"model": ErrorBody, "description": "Too many requests from this address (Retry-After)"},
}
"""The refusals every puzzle endpoint may answer with."""

BUSY: dict[int | str, dict[str, Any]] = {
    503: {"model": ErrorBody, "description": "All generation slots are taken (Retry-After)"},
}
"""The extra refusal of the endpoints that generate."""
