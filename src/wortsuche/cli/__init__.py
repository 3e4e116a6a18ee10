"""The ``wortsuche`` command line: one module per subcommand, each mirroring the Python API.

Every subcommand module has ``add_parser(subparsers)`` and ``run(args) -> int``. Errors the
user can fix print one line on stderr and exit with 2; nothing prints a traceback.
"""

from __future__ import annotations

import argparse
import errno
import importlib
import io
import os
import signal
import sys
import threading
from collections.abc import Callable, Sequence
from typing import Any

from wortsuche.errors import UserError, WortsucheError
from wortsuche.notes import Note

COMMANDS = (
    "generate",
    "check",
    "solve",
    "rate",
    "render",
    "book",
    "preflight",
    "themes",
    "serve",
    "records",
    "completion",
    "config",
    "calibrate",
    "study",
)
"""Subcommand names; each is a module ``wortsuche.cli.<name>``."""

EXIT_OK, EXIT_PROBLEM, EXIT_USAGE, EXIT_BUG = 0, 1, 2, 70
"""70 is ``EX_SOFTWARE`` of sysexits.h: wortsuche broke a promise of its own."""


class UsageError(UserError):
    """Bad input on the command line (exit code 2)."""


class Terminated(BaseException):
    """SIGTERM arrived: raised like Ctrl+C, so every cleanup (``finally``) runs before exiting."""


_MAIN_PID = os.getpid()


def _terminated(signum: int, frame: object) -> None:
    if os.getpid() != _MAIN_PID:  # a forked worker that has not yet reset its handler
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGTERM)
        return
    raise Terminated


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        from wortsuche.cli.interface import translating

        kwargs["formatter_class"] = translating(
            kwargs.get("formatter_class", argparse.HelpFormatter)
        )
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message)

    def _print_message(self, message: str, file: Any = None) -> None:
        """Print as argparse does, but let a failed write through (argparse drops it, and
        ``--help`` into a full disk would exit 0 with nothing written)."""
        if message:
            (file or sys.stderr).write(message)


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The argument parser with every subcommand, or with ``command`` alone: a command line
    that names its command first needs no other, and skips importing their modules."""
    from wortsuche import __version__

    parser = _Parser(prog="wortsuche", description="Word search puzzles, every word exactly once.")
    parser.add_argument("--version", action="version", version=f"wortsuche {__version__}")
    subparsers = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for name in [command] if command in COMMANDS else COMMANDS:
        importlib.import_module(f"wortsuche.cli.{name}").add_parser(subparsers)
    for sub in subparsers.choices.values():
        _choices_in_any_case(sub)
    return parser


def _choices_in_any_case(parser: argparse.ArgumentParser) -> None:
    """Let every flag of choices take them in any case (``--paper A4``, ``--level Easy``)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):  # records export, …
            for sub in action.choices.values():
                _choices_in_any_case(sub)
            continue
        words = action.choices
        if not isinstance(words, tuple | list) or not all(isinstance(w, str) for w in words):
            continue
        action.type = _folded(tuple(words), action.type)


def _folded(words: tuple[str, ...], read: Any) -> Callable[[str], Any]:
    """A flag's reading that then matches a choice whatever its case (a value that matches
    none is left for argparse to refuse, naming the choices)."""
    by_fold = {word.casefold(): word for word in words}

    def folded(text: str) -> Any:
        value = read(text) if callable(read) else text
        return by_fold.get(value.casefold(), value) if isinstance(value, str) else value

    folded.__name__ = getattr(read, "__name__", "choice")
    return folded


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code.

    SIGTERM is handled like Ctrl+C while it runs, so temporary files and worker processes
    are cleaned up (exit code 143).
    """
    if threading.current_thread() is not threading.main_thread():
        return _main(argv)
    global _MAIN_PID
    _MAIN_PID = os.getpid()
    previous = signal.signal(signal.SIGTERM, _terminated)
    try:
        return _main(argv)
    finally:
        signal.signal(signal.SIGTERM, previous)


def _main(argv: Sequence[str] | None) -> int:
    from wortsuche.cli.interface import speaking, texts

    said = texts()
    closed = sys.stdout is None  # started with standard output closed (``>&-``)
    if closed:
        sys.stdout = _closed_stdout()
    try:
        with speaking(said):
            return _run(argv)
    except UserError as error:
        message = " ".join(said.error(error).split())  # always one line, whatever it holds
        print(f"wortsuche: {said.t('cli.error-prefix')}: {message}", file=sys.stderr)
        return EXIT_USAGE
    except WortsucheError as error:  # an InternalError, or a step's signal that escaped: a bug
        message = " ".join(str(error).split())
        print(f"wortsuche: {said.t('cli.internal-error')}: {message}", file=sys.stderr)
        return EXIT_BUG
    except KeyboardInterrupt:
        print(f"wortsuche: {said.t('cli.interrupted')}", file=sys.stderr)
        return 130
    except Terminated:
        print(f"wortsuche: {said.t('cli.terminated')}", file=sys.stderr)
        return 143
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_OK
    except OSError as error:
        if error.filename is not None:
            raise  # a file the command opened: each command reports its own, so this is a bug
        _silence_stdout()
        cannot = said.t("cli.cannot-write-output", reason=error.strerror)
        print(f"wortsuche: {said.t('cli.error-prefix')}: {cannot}", file=sys.stderr)
        return EXIT_USAGE
    finally:
        if closed:
            sys.stdout = None


def _run(argv: Sequence[str] | None) -> int:
    """Parse the arguments and run the command; flush standard output, so that a full disk
    or a closed pipe is reported here, not lost at exit."""
    arguments = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(arguments[0] if arguments else None)
    try:
        args = parser.parse_args(arguments)
    except SystemExit as leaving:
        if leaving.code in (0, None):  # --help, --version: their text must reach the reader
            sys.stdout.flush()
        raise
    _check_text_options(args)
    from wortsuche.cli.settings import apply_settings

    apply_settings(args)  # defaults set once (environment, config file) for flags not given
    code: int = args.run(args)
    sys.stdout.flush()
    return code


class _ClosedFile(io.RawIOBase):
    """Standard output that was closed before the start: every write fails as on a closed
    file, so that a command that prints reports it in one line."""

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        raise OSError(errno.EBADF, os.strerror(errno.EBADF))


def _closed_stdout() -> io.TextIOWrapper:
    """A text stream standing in for a closed standard output."""
    return io.TextIOWrapper(io.BufferedWriter(_ClosedFile()), encoding="utf-8")


TEXT_OPTIONS = ("title",)
"""Options whose value is printed: it must be valid text (a path may hold any bytes)."""


def _check_text_options(args: argparse.Namespace) -> None:
    """Refuse option values that are not valid UTF-8 (Python keeps such bytes as surrogates)."""
    for name in TEXT_OPTIONS:
        value = getattr(args, name, None)
        if isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError as error:
                raise UsageError(
                    f"--{name} is not valid UTF-8 text ({_bad_char(value[error.start])})",
                    key="error.option-not-utf8",
                    values={"flag": f"--{name}", "shown": _bad_char(value[error.start])},
                ) from None


def _bad_char(char: str) -> Note:
    """A byte Python kept as a surrogate (``byte 0xff``), or a surrogate of its own."""
    byte = ord(char) - 0xDC00
    if 0 <= byte < 256:
        return Note(f"byte 0x{byte:02x}", key="text.byte", values={"hex": f"{byte:02x}"})
    return Note("a lone surrogate", key="text.lone-surrogate")


def _silence_stdout() -> None:
    """Point standard output at /dev/null, so the flush at exit cannot fail a second time."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass
