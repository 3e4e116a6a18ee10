"""Generation in worker processes: a puzzle that takes too long is stopped, not waited for.

The forkserver starts once, with the core imported, and forks a fresh worker per puzzle: cheap,
and safe with the server's threads (a plain fork of a threaded server is not). Systems
without it (Windows) start each worker afresh, which is slower but works the same.
"""

from __future__ import annotations

import json
import multiprocessing
import threading
from collections.abc import Callable, Sequence
from typing import Any

from wortsuche.errors import DoesNotFitError, InputError, WortsucheError
from wortsuche.model import Puzzle, Word
from wortsuche.puzzle_json import dumps, loads
from wortsuche.web.limits import GENERATION_SECONDS


class TooSlowError(WortsucheError):
    """Generation did not finish within the time limit (the words barely fit, or not at all)."""


_context: Any
if "forkserver" in multiprocessing.get_all_start_methods():
    _context = multiprocessing.get_context("forkserver")
    _context.set_forkserver_preload(["wortsuche.pipeline", "wortsuche.web.generation"])
else:  # pragma: no cover - Windows
    _context = multiprocessing.get_context("spawn")
_running = threading.BoundedSemaphore(max(2, multiprocessing.cpu_count()))


def generate_in_time(
    words: Sequence[str | Word],
    rows: int | None,
    cols: int | None,
    level: str,
    seed: int,
    *,
    seconds: float | None = GENERATION_SECONDS,
) -> Puzzle:
    """Run :func:`wortsuche.generate` in a worker process; raise :class:`TooSlowError` after ``seconds``.

    With ``seconds`` None the puzzle is made in this process, without a time limit.
    """
    arguments = (list(words), rows, cols, level, seed)
    if seconds is None:
        return loads(_raise_error(_outcome_json(*arguments)))
    with _running:
        receiver, sender = _context.Pipe(duplex=False)
        worker = _context.Process(target=_worker, args=(sender, *arguments), daemon=True)
        worker.start()
        sender.close()
        try:
            if not receiver.poll(seconds):
                raise TooSlowError(
                    f"arranging these words took longer than {seconds:g} seconds; "
                    "try a larger grid, fewer or shorter words, or an easier level"
                )
            outcome = receiver.recv()
        except EOFError:
            raise WortsucheError("the puzzle could not be made (the worker stopped)") from None
        finally:
            receiver.close()
            if worker.is_alive():
                worker.terminate()
            worker.join()
    return loads(_raise_error(outcome))


def _worker(sender: Any, *arguments: Any) -> None:
    try:
        sender.send(_outcome_json(*arguments))
    finally:
        sender.close()


def _outcome_json(
    words: list[str | Word], rows: int | None, cols: int | None, level: str, seed: int
) -> str:
    """The puzzle as JSON, or a JSON error naming the core's exception (both cross a pipe safely)."""
    from wortsuche.pipeline import generate

    try:
        puzzle = generate(words, rows, cols, level=level, seed=seed)
    except DoesNotFitError as error:
        return json.dumps({"error": "DoesNotFitError", "message": str(error)})
    except WortsucheError as error:
        return json.dumps({"error": "InputError", "message": str(error)})
    return dumps(puzzle, indent=None)


def _raise_error(outcome: str) -> str:
    """Raise the error an outcome carries, or return the puzzle JSON unchanged."""
    if outcome.startswith('{"error"'):
        data = json.loads(outcome)
        kind: Callable[[str], WortsucheError] = (
            DoesNotFitError if data["error"] == "DoesNotFitError" else InputError
        )
        raise kind(data["message"])
    return outcome
