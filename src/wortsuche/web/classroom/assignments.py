"""The classroom: assignments with a code to type, pupils under a pseudonym, results for the teacher.

A teacher makes an assignment from puzzles; it gets a short code (``K7-QX4M``), a class link
(``/c/K7-QX4M``) and a teacher link (``/t/K7-QX4M#TOKEN``, the token after ``#`` so it never
reaches a server log or a ``Referer``). A pupil joins with a pseudonym and gets a pupil token;
every selection goes to the server, which checks it, records the find with its time, hints and
wrong selections, and tells the pupil the word, never any other pupil's progress.

Tokens carry 192 random bits from the operating system; only their SHA-256 is stored and it is
compared with :func:`hmac.compare_digest`. A pupil token is ``<pupil id>.<secret>``, so the
pupil's row is found by its id and the secret is then compared in constant time.

Each assignment copies its puzzles: the copies' answers stay locked (hints, reveal and the answer
PDF of ``/api/puzzles``) until the teacher shows them, and deleting the assignment deletes them
with every record.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import re
import secrets
import threading
import time
import unicodedata
from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from starlette.concurrency import run_in_threadpool

from wortsuche.model import Cell, Puzzle
from wortsuche.notes import Note
from wortsuche.puzzle_json import loads
from wortsuche.web.classroom.schemas import PupilRow
from wortsuche.web.errors import ApiError
from wortsuche.web.plausibility import implausible_finds
from wortsuche.web.rates import RateLimiter, refuse_when_over
from wortsuche.web.selection import accepted_places
from wortsuche.web.storage import Storage
from wortsuche.web.storage.classroom import Assignment, Find, Joining, Pupil

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Letters and digits of a class code: no 0/O, 1/I, so it can be read aloud and typed."""
CODE_PATTERN = re.compile(r"[A-Z2-9]{2}-[A-Z2-9]{4}")
TOKEN_BYTES = 24
"""Random bytes in a teacher or pupil token: 192 bits."""
PUPIL_ID_BYTES = 9
DEFAULT_DAYS = 14
"""How long an assignment's records are kept unless the teacher says otherwise."""
MAX_DAYS = 90
"""The latest end an assignment may have, in days from now."""
MAX_PSEUDONYM = 24
"""The longest pseudonym, in characters."""
MAX_PUZZLES = 6
"""Puzzles in one assignment (one per level, pupils choose)."""
DEFAULT_PUPILS = 40
"""The most pupils of a class unless the teacher says otherwise: a class and a few guests."""
MAX_PUPILS = 200
"""The most pupils a teacher may allow in one class (a year group in the hall)."""
PSEUDONYM_PATTERN = re.compile(r"[\w .'-]+")
"""Letters, digits, spaces and ``.'-``: a first name or a nickname, nothing else."""


def new_code() -> str:
    """A fresh class code such as ``K7-QX4M`` (32**6, about 10**9, codes)."""
    letters = "".join(secrets.choice(CODE_ALPHABET) for _ in range(6))
    return f"{letters[:2]}-{letters[2:]}"


def normal_code(typed: str) -> str | None:
    """A code as a pupil may type it (lower case, without the dash, with blanks), or None.

    >>> normal_code(" k7qx4m "), normal_code("K7-QX4M"), normal_code("K7-QX4")
    ('K7-QX4M', 'K7-QX4M', None)
    """
    letters = re.sub(r"[\s-]", "", typed.upper())
    code = f"{letters[:2]}-{letters[2:]}"
    return code if CODE_PATTERN.fullmatch(code) else None


def new_token() -> str:
    """A secret token: 192 random bits, URL-safe."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    """What is stored of a token: its SHA-256, hex."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def same_token(token: str, stored_hash: str) -> bool:
    """Whether ``token`` is the one whose hash is stored, compared in constant time."""
    return hmac.compare_digest(token_hash(token), stored_hash)


def bearer(authorization: str | None) -> str | None:
    """The token of an ``Authorization: Bearer TOKEN`` header, or None."""
    if not authorization:
        return None
    scheme, _, token = authorization.partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


def checked_pseudonym(text: str) -> str:
    """A pseudonym that may be shown: letters, digits, blanks and ``.'-``, at most 24 characters."""
    name = " ".join(unicodedata.normalize("NFC", text).split())
    if not name:
        raise ApiError(
            422, Note("type a first name or a nickname", key="api.pseudonym"), "pseudonym"
        )
    if len(name) > MAX_PSEUDONYM or not PSEUDONYM_PATTERN.fullmatch(name):
        raise ApiError(
            422,
            Note(
                f"a pseudonym has at most {MAX_PSEUDONYM} letters, digits, spaces or .'-",
                key="api.pseudonym-characters",
                values={"most": MAX_PSEUDONYM},
            ),
            "pseudonym",
        )
    return name


def now_iso(now: datetime | None = None) -> str:
    """A moment as stored: ISO 8601 in UTC, to the second (sortable as text)."""
    return (now or datetime.now(UTC)).astimezone(UTC).isoformat(timespec="seconds")


def checked_end(ends: datetime | None, now: datetime) -> datetime:
    """The end of an assignment: ``ends`` if it lies within :data:`MAX_DAYS`, else 14 days on."""
    if ends is None:
        return now + timedelta(days=DEFAULT_DAYS)
    if ends.tzinfo is None:
        ends = ends.replace(tzinfo=UTC)
    if not now < ends <= now + timedelta(days=MAX_DAYS):
        raise ApiError(
            422,
            Note(
                f"the end must lie in the future, at most {MAX_DAYS} days from now",
                key="api.assignment-end",
                values={"most": MAX_DAYS},
            ),
            "ends",
        )
    return ends


@dataclass
class PlayedPuzzle:
    """A puzzle ready for checking selections: parsed once, with each word's accepted runs."""

    puzzle: Puzzle
    accepted: list[list[tuple[Cell, ...]]]


class PuzzleCache:
    """Parsed puzzles by id (stored puzzles never change), the most recently used kept."""

    def __init__(self, storage: Storage, size: int = 256) -> None:
        self.storage = storage
        self.size = size
        self.entries: OrderedDict[str, PlayedPuzzle] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, puzzle_id: str) -> PlayedPuzzle:
        """The puzzle with this id, parsed and with its accepted runs (404 if missing)."""
        with self.lock:
            if puzzle_id in self.entries:
                self.entries.move_to_end(puzzle_id)
                return self.entries[puzzle_id]
        stored = self.storage.get(puzzle_id)
        if stored is None:
            raise ApiError(
                404, Note("there is no puzzle with this id (check the link)", key="api.no-puzzle")
            )
        puzzle = loads(stored.puzzle)
        played = PlayedPuzzle(puzzle, accepted_places(puzzle))
        with self.lock:
            self.entries[puzzle_id] = played
            while len(self.entries) > self.size:
                self.entries.popitem(last=False)
        return played


@dataclass
class WordResult:
    """How a word went in the class: how many found it, after how long and how many hints."""

    word: str
    pupils: int = 0
    found_by: int = 0
    hints: int = 0
    wrong: int = 0
    times: list[float] = field(default_factory=list)

    @property
    def struggle(self) -> tuple[float, float]:
        """How hard the class found it: the share who have not found it, then the hints and
        wrong selections (a quarter each) that went before its finds, per pupil."""
        missed = 1 - self.found_by / self.pupils if self.pupils else 0.0
        return missed, (self.hints + 0.25 * self.wrong) / max(1, self.pupils)


def pupil_result(pupil: Pupil, finds: list[Find], words_in_all: int) -> PupilRow:
    """A pupil's row of the results."""
    seconds = pupil.finished if pupil.finished is not None else pupil.last_seen - pupil.started
    return PupilRow(
        pseudonym=pupil.pseudonym,
        puzzle=pupil.puzzle,
        found=len(finds),
        of=words_in_all,
        words=[find.word for find in finds],
        seconds=round(max(0.0, seconds), 1),
        hints=pupil.hints,
        finished=pupil.finished is not None,
        id=pupil.id,
        implausible=sorted(implausible_finds(finds)),
    )


def word_results(
    pupils: list[tuple[Pupil, list[Find]]], words_of: dict[str, list[str]]
) -> list[WordResult]:
    """Every word of the assignment's puzzles, the ones the class struggled with most first."""
    results: dict[str, WordResult] = {}
    for puzzle_words in words_of.values():
        for word in puzzle_words:
            results.setdefault(word, WordResult(word))
    for pupil, finds in pupils:
        for word in words_of.get(pupil.puzzle, []):
            results[word].pupils += 1
        for find in finds:
            if find.word in results:
                entry = results[find.word]
                entry.found_by += 1
                entry.hints += find.hints
                entry.wrong += find.wrong
                entry.times.append(find.at)
    return sorted(results.values(), key=lambda r: (-r.struggle[0], -r.struggle[1], r.word))


def expired(assignment: Assignment, now: datetime | None = None) -> bool:
    """Whether an assignment's end has passed."""
    return assignment.ends < now_iso(now)


def sweep(storage: Storage, now: datetime | None = None) -> int:
    """Delete every assignment whose end has passed, with its records; how many."""
    codes = storage.expired_assignments(now_iso(now))
    for code in codes:
        storage.delete_assignment(code)
    if codes:
        storage.purge()
    return len(codes)


def delete(storage: Storage, code: str) -> None:
    """Delete an assignment with every record of it, leaving nothing readable in the files."""
    storage.delete_assignment(code)
    storage.purge()


async def sweeping(storage: Storage, every: float) -> None:
    """Delete the ended assignments every ``every`` seconds, for as long as the server runs.

    A failed sweep (the database away for a moment) is logged and tried again next time.
    """
    while True:
        try:
            await run_in_threadpool(sweep, storage)
            # and what a purge after a delete could not finish (a reader held the journal)
            await run_in_threadpool(storage.purge)
        except Exception:
            logging.getLogger("wortsuche.web").exception("deleting the ended classes failed")
        await asyncio.sleep(every)


def open_assignment(storage: Storage, code: str) -> Assignment:
    """The running assignment with this code (typed loosely), or a 404 (an ended one is deleted)."""
    normal = normal_code(code)
    assignment = storage.get_assignment(normal) if normal else None
    if assignment is not None and expired(assignment):
        delete(storage, assignment.code)
        assignment = None
    if assignment is None:
        raise ApiError(
            404,
            Note("there is no assignment with this code (check the code)", key="api.no-assignment"),
        )
    return assignment


def looked_up(storage: Storage, code: str, rates: RateLimiter | None, address: str) -> Assignment:
    """:func:`open_assignment` for a reader at ``address``, whose codes not found are counted
    (the ``lookup`` rate): a pupil who mistypes once is never stopped, a client guessing codes
    is refused with 429, hits included, once it is over."""
    if rates is None:
        return open_assignment(storage, code)
    refuse_when_over(rates, "lookup", address, said="api.too-many-requests", count=False)
    try:
        return open_assignment(storage, code)
    except ApiError:
        rates.take("lookup", address)
        raise


def teacher_of(assignment: Assignment, authorization: str | None) -> None:
    """Refuse with 401 without a token and 403 with a wrong one (another class's included)."""
    token = bearer(authorization)
    if token is None:
        raise ApiError(401, Note("the teacher token is missing", key="api.token-missing"))
    if not same_token(token, assignment.teacher_hash):
        raise ApiError(403, Note("this token does not open this assignment", key="api.token-wrong"))


def pupil_of(storage: Storage, assignment: Assignment, authorization: str | None) -> Pupil:
    """The pupil whose token this is, in this assignment; 401 without a token, 403 if wrong."""
    token = bearer(authorization)
    if token is None:
        raise ApiError(401, Note("the pupil token is missing", key="api.token-missing"))
    pupil_id, _, _ = token.partition(".")
    pupil = storage.get_pupil(pupil_id) if pupil_id else None
    # the hashes are compared even for a pupil that does not exist, so both take the same time
    stored = pupil.token_hash if pupil is not None else token_hash("")
    card = (storage.card_hash(pupil_id) if pupil_id else None) or token_hash("")
    opens = same_token(token, stored) | same_token(token, card)  # both compared, always
    if not opens or pupil is None or pupil.assignment != assignment.code:
        raise ApiError(403, Note("this token does not open this assignment", key="api.token-wrong"))
    return pupil


def playing(storage: Storage, code: str, authorization: str | None) -> Pupil:
    """The pupil a selection or hint comes from, checked as :func:`pupil_of` does, in one read.

    Every refusal takes the slow way (:func:`open_assignment` first), so it says the same.
    """
    token = bearer(authorization)
    found = storage.playing_pupil(token.partition(".")[0]) if token else None
    if token is None or found is None:
        return pupil_of(storage, open_assignment(storage, code), authorization)
    pupil, ends = found
    stored = pupil.token_hash
    if pupil.assignment != normal_code(code) or ends < now_iso():
        return pupil_of(storage, open_assignment(storage, code), authorization)
    if not same_token(token, stored):  # perhaps a name card's token: the slow way checks it
        return pupil_of(storage, open_assignment(storage, code), authorization)
    return pupil


def finds_of(storage: Storage, pupil: Pupil) -> list[Find]:
    """The words ``pupil`` has found, in the order found."""
    return next(finds for who, finds in storage.pupils_of(pupil.assignment) if who.id == pupil.id)


def issue_cards(storage: Storage, assignment: Assignment) -> list[tuple[Pupil, str]]:
    """New name cards for every pupil of an assignment: each pupil with the token of their card
    (a second key, ``<pupil id>.<secret>``, stored as its hash); earlier cards stop working.

    A card opens the pupil's own progress on any device; the key they joined with still works.
    """
    pupils = [pupil for pupil, _ in storage.pupils_of(assignment.code)]
    if not pupils:
        raise ApiError(
            422,
            Note(
                "nobody has joined yet: name cards are made for the pupils who have joined",
                key="api.cards-no-pupils",
            ),
        )
    cards = [(pupil, f"{pupil.id}.{new_token()}") for pupil in pupils]
    storage.set_cards({pupil.id: token_hash(card) for pupil, card in cards})
    return cards


def join(
    storage: Storage, assignment: Assignment, pseudonym: str, puzzle: str | None
) -> tuple[str, Pupil]:
    """Record a new pupil; their token (given once) and their row.

    A class holds at most its ``max_pupils``, and each pseudonym once (in any case): a second
    "Anna" is asked to choose another name, and offered one ("Anna B.")."""
    name = checked_pseudonym(pseudonym)
    chosen = assignment.puzzles[0] if puzzle is None else puzzle
    if chosen not in assignment.puzzles:
        raise ApiError(
            422, Note("this puzzle is not part of the assignment", key="api.no-puzzle"), "puzzle"
        )
    pupil_id = secrets.token_urlsafe(PUPIL_ID_BYTES)
    token = f"{pupil_id}.{new_token()}"
    started = time.time()
    pupil = Joining(pupil_id, assignment.code, token_hash(token), name, chosen, started)
    joined = storage.join_pupil(pupil, most=assignment.max_pupils)
    if joined == "full":
        raise ApiError(
            409,
            Note(
                "this class is full, there is no room left: ask your teacher",
                key="api.class-full",
                values={"most": assignment.max_pupils},
            ),
        )
    if joined == "taken":
        other = other_name(name, storage.pseudonyms(assignment.code))
        raise ApiError(
            409,
            Note(
                f'someone in this class is already called {name}: choose another name, such as "{other}"',
                key="api.pseudonym-taken",
                values={"name": name, "other": other},
            ),
            "pseudonym",
        )
    return token, Pupil(
        pupil_id, assignment.code, token_hash(token), name, chosen, started, started, None, 0
    )


def other_name(name: str, taken: set[str]) -> str:
    """A pseudonym like ``name`` that nobody in ``taken`` (folded to lower case) has yet.

    >>> other_name("Anna", {"anna"}), other_name("Anna", {"anna", "anna b."})
    ('Anna B.', 'Anna C.')
    """
    for letter in "BCDEFGHJKLMNPRSTUVWZ":
        other = f"{name[: MAX_PSEUDONYM - 3]} {letter}."
        if other.casefold() not in taken:
            return other
    return f"{name[: MAX_PSEUDONYM - 4]} {len(taken) + 1}"


def checked_max_pupils(most: int | None) -> int:
    """The most pupils a class may have: ``most``, from 1 to :data:`MAX_PUPILS` (default 40)."""
    if most is None:
        return DEFAULT_PUPILS
    if not 1 <= most <= MAX_PUPILS:
        raise ApiError(
            422,
            Note(
                f"a class has from 1 to {MAX_PUPILS} pupils",
                key="api.max-pupils",
                values={"most": MAX_PUPILS},
            ),
            "max_pupils",
        )
    return most
