"""ASGI middleware that guards every answer: a body size limit and the security headers.

The headers are on every answer, refusals and the 500 of an unexpected error included. No page
may be shown in another site's frame, except, with ``serve --embed-from ORIGIN``, the play and
class pages in the frames of the named origins (a school's learning platform).
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable, Sequence
from typing import Any
from urllib.parse import urlsplit

from wortsuche.errors import InputError
from wortsuche.web.limits import LARGER_BODIES, MAX_BODY_BYTES

logger = logging.getLogger("wortsuche.web")


def content_security_policy(frame_ancestors: str) -> bytes:
    """The CSP of every answer, framed only by ``frame_ancestors`` (a CSP source list)."""
    return (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
        f"frame-ancestors {frame_ancestors}"
    ).encode("ascii")


SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", content_security_policy("'none'")),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=()"),
)
"""Headers on every answer: no inline or foreign scripts, no framing, no sniffing, no referrer."""

EMBEDDABLE = re.compile(r"/[pc](/|$)")
"""The pages ``--embed-from`` opens to frames: the play page (``/p/…``) and the class pages
(``/c``, ``/c/…``); never the teacher's page, the create form or the API."""

HOST = re.compile(r"[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*")
"""A host name or an IPv4 address: dot-separated labels of letters, digits and inner hyphens."""


def embedding_headers(origins: Sequence[str]) -> tuple[tuple[bytes, bytes], ...]:
    """The security headers of an embeddable page: framed by itself and ``origins`` only (no
    ``X-Frame-Options``, whose DENY would forbid every frame; CSP says who may)."""
    policy = content_security_policy(" ".join(["'self'", *origins]))
    return tuple(
        (name, policy if name == b"content-security-policy" else value)
        for name, value in SECURITY_HEADERS
        if name != b"x-frame-options"
    )


def embedding_origin(text: str) -> str:
    """``text`` as an origin a frame may come from (scheme, host and port: no path), else an
    :class:`~wortsuche.errors.InputError`.

    >>> embedding_origin("HTTPS://Moodle.Example.org/"), embedding_origin("http://[::1]:8080")
    ('https://moodle.example.org', 'http://[::1]:8080')
    """
    try:
        parts = urlsplit(text.strip().lower())
        port = parts.port  # a port that is no number or out of range raises ValueError
        host = parts.hostname or ""
    except ValueError:
        raise _bad_origin(text) from None
    ipv6 = parts.netloc.startswith("[")
    if (
        parts.scheme not in ("http", "https")
        or parts.username is not None
        or parts.path not in ("", "/")
        or parts.query
        or parts.fragment
        or not (re.fullmatch(r"[0-9a-f:.]+", host) if ipv6 else HOST.fullmatch(host))
    ):
        raise _bad_origin(text)
    shown = f"[{host}]" if ipv6 else host
    return f"{parts.scheme}://{shown}" + (f":{port}" if port is not None else "")


def _bad_origin(text: str) -> InputError:
    return InputError(
        f"--embed-from needs an origin such as https://moodle.example.org (scheme, host and "
        f"port only, no path), not {text!r}",
        key="error.embed-origin",
        values={"origin": repr(text)},
    )


Scope = dict[str, Any]
Message = dict[str, Any]
Receive = Callable[[], Any]
Send = Callable[[Message], Any]
ASGIApp = Callable[[Scope, Receive, Send], Any]


class GuardMiddleware:
    """ASGI middleware: refuse bodies over ``max_body`` bytes with 413; add the security headers
    (on the embeddable pages, those that let ``embed_from``'s origins frame them)."""

    def __init__(
        self, app: ASGIApp, max_body: int = MAX_BODY_BYTES, embed_from: Sequence[str] = ()
    ) -> None:
        self.app = app
        self.max_body = max_body
        self.embedded = embedding_headers(embed_from) if embed_from else None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        guard = SECURITY_HEADERS
        if self.embedded is not None and EMBEDDABLE.match(scope.get("path", "")):
            guard = self.embedded

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [
                    (name, value)
                    for name, value in message.get("headers", [])
                    if name.lower() not in {h for h, _ in SECURITY_HEADERS}
                ]
                headers += guard
                message = {**message, "headers": headers}
            await send(message)

        # a picture's upload and a create request with pictures may be larger than the rest
        most = max(self.max_body, LARGER_BODIES.get(scope.get("path", ""), 0))
        declared = dict(scope.get("headers", [])).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > most):
            await _too_large(send_with_headers, most, scope)
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
            if size > most:
                await _too_large(send_with_headers, most, scope)
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

        started = False

        async def send_tracked(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send_with_headers(message)

        try:
            await self.app(scope, replay, send_tracked)
        except Exception:
            # Starlette's own 500 page is sent outside every middleware, without the headers
            logger.exception("error in %s %s", scope.get("method"), scope.get("path"))
            if not started:
                await _json_answer(send_with_headers, 500, "the server failed (a bug in wortsuche)")


async def _too_large(send: Send, limit: int, scope: Scope) -> None:
    await _json_answer(send, 413, too_large_said(limit, scope))


def too_large_said(limit: int, scope: Scope) -> str:
    """The refusal of a body over ``limit`` bytes, in the reader's language (``?lang=``, else
    ``Accept-Language``)."""
    from urllib.parse import parse_qs

    from wortsuche.i18n import translator
    from wortsuche.web.pages import chosen_language

    asked = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("lang", [""])[0]
    headers = dict(scope.get("headers", []))
    language = chosen_language(asked, headers.get(b"accept-language", b"").decode("latin-1"))
    return translator(language).t("api.too-large", most=limit // 1024)


async def _json_answer(send: Send, status: int, message: str) -> None:
    body = json.dumps({"error": message, "field": None}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
