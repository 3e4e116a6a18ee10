"""A new puzzle for the web: generated in a worker within the time limit, proven again, and any
refusal of the core said for the form (the field at fault, in the reader's language). Shared by
the puzzles and the classroom.
"""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool

from wortsuche.errors import (
    DoesNotFitError,
    GenerationTimeout,
    InputError,
    VerificationError,
    WortsucheError,
)
from wortsuche.grid.topology import TORUS_LEAST_SIDE
from wortsuche.levels import LEVELS
from wortsuche.model import Puzzle
from wortsuche.notes import Note
from wortsuche.spec import PuzzleSpec
from wortsuche.verification.verifier import verify_puzzle
from wortsuche.web import limits
from wortsuche.web.checks import words_refused
from wortsuche.web.errors import ApiError, server_failed
from wortsuche.web.generation import BusyError, Generator
from wortsuche.web.schemas import NewPuzzle


async def make_puzzle(
    generator: Generator, spec: PuzzleSpec, arrived: float, target: float | None = None
) -> Puzzle:
    """The puzzle ``spec`` asks for (with a ``target``: the candidate nearest that difficulty),
    made whole in a worker within the time limit and verified again; an automatic size beyond
    the web's is capped. ``arrived`` is the request's ``time.monotonic()``."""
    from wortsuche.rand import new_seed

    if spec.seed is None:  # drawn here: a capped second try makes the same puzzle larger
        spec = spec.replace(seed=new_seed())
    try:
        puzzle = await generator.generate(spec, arrived=arrived, target=target)
        if puzzle.rows > limits.MAX_SIDE or puzzle.cols > limits.MAX_SIDE:
            side = limits.MAX_SIDE
            capped = spec.replace(rows=side, cols=side)
            puzzle = await generator.generate(capped, arrived=arrived, target=target)
    except WortsucheError as error:
        raise generation_refused(error, sized=spec.rows is not None) from None
    # the puzzle crossed a pipe: prove it again before saving (in a thread: the loop serves GETs)
    report = await run_in_threadpool(verify_puzzle, puzzle)
    if not report.ok:
        failed = VerificationError(
            "the puzzle from the worker failed the check: " + "; ".join(report.problems)
        )
        raise server_failed(failed)
    return puzzle


def generation_refused(error: WortsucheError, *, sized: bool) -> ApiError:
    """The answer to an error of generation: a user's mistake said for the form, else a bug.

    ``sized`` tells whether the user chose the size (a layout that does not fit is then the
    size's fault) or left it to the generator.
    """
    if isinstance(error, BusyError):
        return ApiError(
            503,
            Note(f"{error}.", key=error.key, values=error.values),
            retry_after=error.retry_after,
        )
    if isinstance(error, GenerationTimeout):
        message = f"The words could not be arranged: {error}."
        return ApiError(
            422, Note(message, key=error.key, values=error.values, number=error.number), "size"
        )
    if isinstance(error, DoesNotFitError):
        return does_not_fit(error, sized=sized)
    if isinstance(error, InputError):
        return spec_refused(error)
    return server_failed(error)


def does_not_fit(error: DoesNotFitError, *, sized: bool) -> ApiError:
    """The refusal of words that found no layout (or of a message that found no room)."""
    if error.key is not None and error.key.startswith("error.message"):
        return ApiError(
            422, Note(f"{error}.", key="api.message", values={"error": error}), "message"
        )
    where = "this grid" if sized else f"a grid of at most {limits.MAX_SIDE}x{limits.MAX_SIDE}"
    fix = "Make the grid larger, or use" if sized else "Use"
    return ApiError(
        422,
        Note(
            f"The words do not fit in {where}: {error}. {fix} fewer or shorter words.",
            key="api.does-not-fit" if sized else "api.does-not-fit-auto",
            values={
                "most": limits.MAX_SIDE,
                "words": ", ".join(error.words) or "–",
                "error": error,
            },
        ),
        "size" if sized else "words",
    )


WRAP_REFUSALS = {
    "error.wrap-shape": (
        "words over the edge need the whole rectangle: choose Rectangle as the shape",
        "shape",
    ),
    "error.wrap-size": (
        f"words over the edge need at least {TORUS_LEAST_SIDE} rows and {TORUS_LEAST_SIDE} columns",
        "size",
    ),
}
"""The core's refusals of a torus, said for the form (no command-line options), and the field
each belongs to."""


def spec_refused(error: InputError) -> ApiError:
    """A refusal of the spec (or of the words, when made) said for the form, at its field: the
    level as a choice of levels, a message and a torus in the form's words, any other option at
    its own field; what names no field is the words'."""
    if error.key in WRAP_REFUSALS:
        message, field = WRAP_REFUSALS[error.key]
        return ApiError(422, Note(message, key=error.key.replace("error.", "api.")), field)
    if error.key is not None and error.key.startswith("error.message"):
        return ApiError(
            422, Note(f"{error}.", key="api.message", values={"error": error}), "message"
        )
    option = error.values.get("option")
    if option == "level":
        return level_refused()
    if isinstance(option, str) and option in NewPuzzle.model_fields:
        said: dict[str, object] = {"field": option}
        return ApiError(422, Note(f"{error}.", key="api.invalid-field", values=said), option)
    return words_refused(error)


def level_refused() -> ApiError:
    """The refusal of a level that is none: the levels to choose from."""
    return ApiError(
        422,
        Note(
            f"choose a level: {', '.join(LEVELS)}",
            key="api.level",
            values={"levels": ", ".join(LEVELS)},
        ),
        "level",
    )
