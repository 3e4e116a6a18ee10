"""One error taxonomy: every error wortsuche raises on purpose is exported, and is either a
user's mistake or a bug, never both."""

from __future__ import annotations

import inspect
import pickle

import pytest

import wortsuche
from wortsuche import errors, generate
from wortsuche.errors import (
    BudgetExhausted,
    DoesNotFitError,
    GenerationTimeout,
    InputError,
    InternalError,
    LayoutRejected,
    MissingExtraError,
    PuzzleFormatError,
    UserError,
    VerificationError,
    WortsucheError,
)
from wortsuche.notes import Note

ERRORS = [
    value
    for _, value in inspect.getmembers(errors, inspect.isclass)
    if issubclass(value, WortsucheError)
]


def test_every_error_is_exported_from_the_package() -> None:
    for error in ERRORS:
        assert getattr(wortsuche, error.__name__) is error
        assert error.__name__ in wortsuche.__all__


@pytest.mark.parametrize(
    "mistake",
    [InputError, MissingExtraError, DoesNotFitError, BudgetExhausted, GenerationTimeout],
)
def test_a_users_mistake_is_a_user_error(mistake: type[WortsucheError]) -> None:
    assert issubclass(mistake, UserError)
    assert not issubclass(mistake, InternalError)


def test_a_puzzle_file_not_in_the_format_is_the_users_mistake() -> None:
    assert issubclass(PuzzleFormatError, UserError)
    assert issubclass(PuzzleFormatError, ValueError)  # as before: callers catch ValueError


def test_a_failed_self_check_is_a_bug() -> None:
    assert issubclass(VerificationError, InternalError)
    assert not issubclass(VerificationError, UserError)


def test_every_error_is_of_exactly_one_kind() -> None:
    kinds = (UserError, InternalError, LayoutRejected)
    for error in ERRORS:
        if error not in (WortsucheError, *kinds):
            assert sum(issubclass(error, kind) for kind in kinds) == 1, error


def test_the_errors_generate_raises_are_the_exported_ones() -> None:
    with pytest.raises(DoesNotFitError) as does_not_fit:
        generate(["ZEBRA"], rows=3, cols=3)
    assert isinstance(does_not_fit.value, UserError)
    with pytest.raises(InputError):
        generate(["A1"], rows=3, cols=3)
    with pytest.raises(UserError):
        generate(["TORF"], rows=5, cols=5, timeout=-1)


EXAMPLES: list[WortsucheError] = [
    InputError("word 'A1' contains a digit", key="error.word-digit", values={"word": "A1"}),
    MissingExtraError("the PDF format", "pdf"),
    DoesNotFitError(
        Note(
            "no layout",
            key="error.message-too-long",
            values={"error": InputError("inside", key="error.word-digit", values={"word": "X"})},
        ),
        words=("ZEBRA",),
        suggested_size=(5, 5),
        kind="cannot_exist",
    ),
    BudgetExhausted("gave up after 3 steps"),
    GenerationTimeout("took longer", key="api.too-slow", values={"seconds": "1"}),
    PuzzleFormatError("not a puzzle"),
    VerificationError("TORF appears twice"),
    InternalError("the worker failed", details="Traceback (most recent call last): ..."),
]


@pytest.mark.parametrize("error", EXAMPLES, ids=lambda error: type(error).__name__)
def test_an_error_crosses_a_pipe_whole(error: WortsucheError) -> None:
    """Class, message, catalogue key, values and the rest survive pickling (a worker's pipe)."""
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is type(error)
    assert copy.args == error.args
    assert str(copy) == str(error)
    assert copy.key == error.key
    assert repr(copy.values) == repr(error.values)
    assert {name: repr(value) for name, value in vars(copy).items()} == {
        name: repr(value) for name, value in vars(error).items()
    }


def test_an_error_inside_the_values_keeps_its_key_across_a_pipe() -> None:
    copy = pickle.loads(pickle.dumps(EXAMPLES[2]))
    inside = copy.values["error"]
    assert isinstance(inside, InputError)
    assert (inside.key, inside.values) == ("error.word-digit", {"word": "X"})


def test_a_bug_in_a_command_is_one_line_and_exit_70_not_a_usage_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from cli import run

    def broken(*args: object, **kwargs: object) -> None:
        raise VerificationError("generated grid failed the self-check: planted")

    monkeypatch.setattr("wortsuche.pipeline.run.generate", broken)
    result = run("generate", "--size", "5", "TORF", "VOR")
    assert result.returncode == 70
    assert result.stderr.strip().splitlines() == [
        "wortsuche: internal error, please report it: generated grid failed the self-check: planted"
    ]


def test_a_bug_stops_a_book_instead_of_becoming_a_failed_puzzle(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from wortsuche import book
    from wortsuche.book import plan

    def broken(*args: object, **kwargs: object) -> None:
        raise VerificationError("planted")

    monkeypatch.setattr(plan, "generate", broken)
    plan = book.plan_book([("animals", ["Ant", "Bear", "Cat"])], seed=1)
    with pytest.raises(VerificationError, match="planted"):
        book.build_book(plan, book.BookSettings(rows=6, cols=6), workers=1)


def test_a_step_signal_that_escapes_is_a_bug_on_the_command_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from cli import run
    from wortsuche.errors import FillError

    def broken(*args: object, **kwargs: object) -> None:
        raise FillError("planted")

    monkeypatch.setattr("wortsuche.pipeline.run.generate", broken)
    result = run("generate", "--size", "5", "TORF", "VOR")
    assert result.returncode == 70
    assert "internal error, please report it: planted" in result.stderr


def test_the_advice_never_names_an_effort_the_flag_refuses() -> None:
    from wortsuche.cli.generate import _with_advice

    error = DoesNotFitError("no layout found", kind="not_found")
    assert "--effort 100 searches longer" in str(_with_advice(error, 50))
    assert "--effort 4 searches longer" in str(_with_advice(error, 1))
