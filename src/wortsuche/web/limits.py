"""What protects the server: size limits, a time limit on generation, security headers.

The limits are smaller than the core's (a 500x500 grid is a file, not a web page) and every one
is refused with a 4xx answer that says which limit was hit.
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

MAX_SIDE = 50
"""The largest number of rows or columns of a puzzle made on the web."""

MAX_WORDS = 200
"""The most words one puzzle may hide."""

MAX_WORD_LENGTH = 50
"""The longest word, in characters as typed."""

MAX_TITLE_LENGTH = 120
"""The longest title, in characters."""

MAX_BODY_BYTES = 64 * 1024
"""The largest request body accepted; anything longer is answered with 413."""

GENERATION_SECONDS = 10.0
"""How long one puzzle may take to generate before the attempt is stopped."""

MAX_SEED = 2**53 - 1
"""The largest seed: every seed survives a round trip through JavaScript numbers."""


class TooSlowError(WortsucheError):
    """Generation did not finish within the time limit (the words barely fit, or not at all)."""


# Generation runs in a separate process that can be stopped when it takes too long. The
# forkserver starts once, with the core imported, and forks a fresh worker per puzzle: cheap,
# and safe with the server's threads (a plain fork of a threaded server is not). Systems
# without it (Windows) start each worker afresh, which is slower but works the same.
_context: Any
if "forkserver" in multiprocessing.get_all_start_methods():
    _context = multiprocessing.get_context("forkserver")
    _context.set_forkserver_preload(["wortsuche.pipeline", "wortsuche.web.limits"])
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
        return loads(_outcome_json(*arguments))
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


SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        b"connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
        b"frame-ancestors 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=()"),
)
"""Headers on every answer: no inline or foreign scripts, no framing, no sniffing, no referrer."""

Scope = dict[str, Any]
Message = dict[str, Any]
Receive = Callable[[], Any]
Send = Callable[[Message], Any]
ASGIApp = Callable[[Scope, Receive, Send], Any]


class GuardMiddleware:
    """ASGI middleware: refuse bodies over ``max_body`` bytes with 413; add the security headers."""

    def __init__(self, app: ASGIApp, max_body: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [
                    (name, value)
                    for name, value in message.get("headers", [])
                    if name.lower() not in {h for h, _ in SECURITY_HEADERS}
                ]
                headers += SECURITY_HEADERS
                message = {**message, "headers": headers}
            await send(message)

        declared = dict(scope.get("headers", [])).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.max_body):
            await _too_large(send_with_headers, self.max_body)
            return
        # Read the whole (small) body first, so a body without a length is measured too.
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body:
                await _too_large(send_with_headers, self.max_body)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        delivered = False

        async def replay() -> Message:
            nonlocal delivered
            if not delivered:
                delivered = True
                return {"type": "http.request", "body": body, "more_body": False}
            after: Message = await receive()  # only ever http.disconnect
            return after

        await self.app(scope, replay, send_with_headers)


async def _too_large(send: Send, limit: int) -> None:
    body = json.dumps(
        {"error": f"the request is too large (at most {limit // 1024} KB)", "field": None}
    ).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
