"""The JSON bodies of the API: what a client sends and what it gets (they make /openapi.json)."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr

from wortsuche.levels import LEVELS
from wortsuche.web import limits


class NewPuzzle(BaseModel):
    """What the create form sends."""

    model_config = ConfigDict(extra="forbid")

    words: StrictStr | list[StrictStr] = Field(
        description="One word per line or comma separated, or a list of words",
        examples=["Torf, vor, Rad, Eva"],
    )
    rows: StrictInt | None = Field(None, description=f"1 to {limits.MAX_SIDE}; null for auto")
    cols: StrictInt | None = Field(None, description=f"1 to {limits.MAX_SIDE}; null for auto")
    level: StrictStr = Field("medium", description=", ".join(LEVELS))
    seed: StrictInt | None = Field(None, description="Same words, size, level and seed: same grid")
    title: StrictStr | None = Field(None, description="Shown above the grid")
    directions: StrictStr | None = Field(
        None, description="Directions words may run, e.g. E,S,SE or all; null for the level's"
    )
    filler: StrictStr | None = Field(
        None, description="other, unused, alphabet, words or traps; null for the level's"
    )
    absent: bool | None = Field(None, description="Hide none of the words (the answer: not there)")
    language: StrictStr | None = Field(None, description="auto, de or en: the filler's alphabet")
    difficulty: float | None = Field(
        None, gt=0, le=1000, description="Target difficulty score (minutes); chooses the level"
    )
    message: StrictStr | None = Field(
        None,
        description="A hidden message: its letters fill the free cells, read row by row",
        examples=["Gut gemacht!"],
    )
    message_exact: bool | None = Field(
        None, description="The message must fill every free cell (needs a message)"
    )
    shape: StrictStr | None = Field(
        None,
        description="A built-in shape for the grid (circle, heart, star, …); null: a rectangle",
    )
    secret: StrictStr | list[StrictStr] | None = Field(
        None,
        description="Secret words: hidden like the others but not listed (comma separated or a list)",
        examples=["Fuchs, Igel"],
    )
    wrap: bool | None = Field(
        None,
        description="Lines continue on the other side of the grid: a word may run over an edge "
        "(at least 3x3, no shape)",
    )


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
    seed: int
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
