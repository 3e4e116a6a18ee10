"""The classroom's JSON bodies: what a teacher sends to make an assignment, what comes back."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, ConfigDict, Field, StrictInt


class NewAssignment(BaseModel):
    """An assignment from saved puzzles (``puzzle`` or ``puzzles``), or from new ones made of
    ``words`` or a ``theme``, one per entry of ``levels`` (or one at ``level``)."""

    model_config = ConfigDict(extra="forbid")

    puzzle: str | None = Field(None, description="The id of a saved puzzle")
    puzzles: list[str] | None = Field(
        None, description="Several saved puzzles' ids: each pupil chooses one (e.g. one per level)"
    )
    words: str | list[str] | None = Field(None, description="Words for a new puzzle")
    theme: str | None = Field(None, description="A theme's name: a new puzzle of its words")
    lang: str = Field("en", description="The theme's language (de or en)")
    count: StrictInt | None = Field(None, description="How many of the theme's words")
    rows: StrictInt | None = None
    cols: StrictInt | None = None
    level: str | None = None
    levels: list[str] | None = Field(None, description="A new puzzle for each of these levels")
    title: str | None = None
    ends: datetime | None = Field(
        None, description="When the records are deleted (ISO 8601; default: in 14 days)"
    )
    max_pupils: StrictInt | None = Field(
        None, description="The most pupils who may join (1 to 200; default 40)"
    )


class CreatedAssignment(BaseModel):
    """A new assignment: the code and link for the class, the link and token for the teacher."""

    code: str
    class_url: str
    teacher_url: str
    teacher_token: str = Field(description="Keep it secret: it opens the results")
    puzzles: list[str]
    ends: str


class ClassPuzzle(BaseModel):
    """One puzzle a pupil may choose."""

    id: str
    title: str
    level: str
    rows: int
    cols: int
    words: int


class PublicAssignment(BaseModel):
    """What the class link shows: the puzzles to choose from, no results and no answers."""

    code: str
    title: str
    ends: str
    answers_shown: bool
    puzzles: list[ClassPuzzle]


class NewPupil(BaseModel):
    """A pupil joining: a first name or nickname, and the puzzle chosen (default: the first)."""

    model_config = ConfigDict(extra="forbid")

    pseudonym: str = Field(max_length=200)
    puzzle: str | None = None


class JoinedPupil(BaseModel):
    """A pupil's token (shown once: the page keeps it) and their puzzle's id."""

    pupil_token: str
    puzzle: str


class PupilProgress(BaseModel):
    """A pupil's own progress, as the server recorded it."""

    pseudonym: str
    puzzle: str
    words: list[str]
    finished: bool
    answers_shown: bool


class PupilRow(BaseModel):
    """One pupil in the teacher's results."""

    id: str = Field(description="The pupil's id: to remove them (DELETE …/pupils/{id})")
    pseudonym: str
    puzzle: str
    found: int
    of: int
    words: list[str]
    seconds: float
    hints: int
    finished: bool
    implausible: list[str] = Field(
        description="Words found faster than a person can select them (kept, but not to trust)"
    )


class WordRow(BaseModel):
    """One word in the teacher's results: how many pupils found it, with how much help."""

    word: str
    pupils: int
    found_by: int
    hints: int
    wrong: int
    median_seconds: float | None


class Results(BaseModel):
    """The teacher's view: one row per pupil, and the words the class struggled with first."""

    code: str
    title: str
    ends: str
    answers_shown: bool
    pupils: list[PupilRow]
    words: list[WordRow]
