"""The web's limits: sizes, times and request rates, each refused with a 4xx or 503 that says which.

The limits are smaller than the core's (a 500x500 grid is a file, not a web page).
:class:`Limits` bundles the ones a server may change; ``create_app(limits=Limits(...))``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

MAX_SIDE = 50
"""The largest number of rows or columns of a puzzle made on the web."""

MAX_WORDS = 200
"""The most words one puzzle may hide."""

MAX_WORD_LENGTH = 50
"""The longest word, in characters as typed."""

MAX_TITLE_LENGTH = 120
"""The longest title, in characters."""

MAX_SECRET_WORDS = 20
"""Secret words a web puzzle may have (they are a bonus, not a second list)."""

MAX_BODY_BYTES = 64 * 1024
"""The largest request body accepted; anything longer is answered with 413."""

LARGER_BODIES = {
    "/api/pictures": 2_000_000,  # one picture file (web/puzzles/pictures.py: MAX_UPLOAD_BYTES)
    "/api/puzzles": MAX_BODY_BYTES + 20 * 48_000,  # a create request with 20 kept pictures
}
"""The paths that take a larger body than :data:`MAX_BODY_BYTES`, and how large."""

GENERATION_SECONDS = 10.0
"""How long one puzzle may take, from its request's arrival (time in the queue counts)."""

SWEEP_SECONDS = 3600.0
"""How often ended classes are deleted: a class ends at midnight, so an hour late at most."""

MAX_SEED = 2**53 - 1
"""The largest seed: every seed survives a round trip through JavaScript numbers."""


@dataclass(frozen=True)
class Rate:
    """At most ``burst`` requests at once, ``per_second`` on average (a moving window per client)."""

    per_second: float
    burst: int


@dataclass(frozen=True)
class Limits:
    """What one server allows; the defaults suit a class or a family on one small machine."""

    generation_seconds: float | None = GENERATION_SECONDS
    """Time limit of one puzzle, queue included; None: no limit (puzzles made in a thread)."""
    worker_processes: bool = True
    """Generate in worker processes that are stopped at the limit (else in threads)."""
    generation_slots: int = 2
    """Puzzles generated at the same time (worker processes)."""
    queue_length: int = 8
    """Puzzles that may wait for a slot; one more is refused at once with 503 and Retry-After."""
    rates: dict[str, Rate] = field(
        default_factory=lambda: {
            "create": Rate(per_second=0.5, burst=10),
            "check": Rate(per_second=10.0, burst=40),
            "reveal": Rate(per_second=1.0, burst=10),
            "picture": Rate(per_second=1.0, burst=30),  # a teacher's own pictures, one a request
            # the classroom's, keyed per assignment or pupil (see CLASSROOM_KEYS), not address
            "assign": Rate(per_second=0.2, burst=10),
            "join": Rate(per_second=2.0, burst=60),
            "play": Rate(per_second=4.0, burst=40),
            "teacher": Rate(per_second=4.0, burst=40),
            "record": Rate(per_second=5.0, burst=60),  # --record-play: one post per find
            # per address too (see CLASSROOM_KEYS): one client cannot fill a class, guess
            # codes or start records of one puzzle without end
            "join-address": Rate(per_second=0.05, burst=35),
            "lookup": Rate(per_second=0.2, burst=20),  # codes not found
            "record-session": Rate(per_second=0.01, burst=20),
        }
    )
    """Requests per client address for each limited action; beyond it, 429 with Retry-After."""
    rate_storage: str = "memory://"
    """Where the rates are counted: ``memory://`` in this process, ``redis://host:port`` in a
    Redis server that several processes and machines share (:mod:`~wortsuche.web.rates`)."""
    sweep_seconds: float = SWEEP_SECONDS
    """How often the server deletes the classes whose end has passed, with their records."""


CLASSROOM_KEYS = {
    "assign": "address",
    "join": "assignment",
    "play": "pupil",
    "teacher": "assignment",
    "join-address": "address and assignment",
    "lookup": "address",
    "record-session": "address and puzzle",
}
"""What each classroom rate is counted per. A pupil's selections and hints (``play``) per pupil:
a quick player selects about once a second, far below 4 a second, while a script is stopped
after 40. Joining per assignment: a whole class of 30 joins within the burst of 60; and per
address and assignment: a class of up to 35 behind one school address joins at once, and one
client cannot take more than 35 places in any 700 seconds, so a flood leaves a class of the
default 40 places for the others (and the teacher can remove what it added).
Looking up a class code that does not exist (the class page, its API, the code form, joining) per
address: 20 mistyped codes at once, then one per 5 seconds, so 3,000 guesses take four hours,
while the pupils of a whole school behind one address open their classes freely. Starting a play record per address and puzzle: 20 games at once, then one per
100 seconds."""
