"""The classroom's tables: assignments, their pupils, each pupil's finds, and recorded play.

The queries are written once for both databases, like the puzzles' (:class:`.Storage`); this
module holds the migration that adds the tables and the queries that use them. Tokens are never
stored, only their SHA-256 (:mod:`wortsuche.web.classroom.assignments` draws and checks them). Deleting an
assignment deletes everything recorded for it (``ON DELETE CASCADE``) and its copies of the
puzzles, in one transaction.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from dataclasses import KW_ONLY, dataclass

from wortsuche.web.storage.cursor import Cursor

_TABLES = """
CREATE TABLE assignments (
    code          TEXT PRIMARY KEY,            -- what pupils type: K7-QX4M
    teacher_hash  TEXT NOT NULL,               -- SHA-256 of the teacher token (hex)
    created       TEXT NOT NULL,               -- ISO 8601, UTC
    ends          TEXT NOT NULL,               -- ISO 8601, UTC: then the records are deleted
    title         TEXT NOT NULL DEFAULT '',
    answers_shown INTEGER NOT NULL DEFAULT 0
){strict};
CREATE TABLE assignment_puzzles (
    assignment TEXT NOT NULL REFERENCES assignments (code) ON DELETE CASCADE,
    position   INTEGER NOT NULL,
    puzzle     TEXT NOT NULL,                  -- the assignment's own copy in puzzles
    PRIMARY KEY (assignment, position)
){strict};
CREATE TABLE pupils (
    id         TEXT PRIMARY KEY,
    assignment TEXT NOT NULL REFERENCES assignments (code) ON DELETE CASCADE,
    token_hash TEXT NOT NULL,                  -- SHA-256 of the pupil token (hex)
    pseudonym  TEXT NOT NULL,
    puzzle     TEXT NOT NULL,
    started    {real} NOT NULL,                -- Unix time of joining: the pupil's clock
    last_seen  {real} NOT NULL,                -- Unix time of the last selection or hint
    finished   {real},                         -- seconds from start to the last word, or NULL
    hints      INTEGER NOT NULL DEFAULT 0,     -- hints in all
    open_hints INTEGER NOT NULL DEFAULT 0,     -- hints since the last find
    open_wrong INTEGER NOT NULL DEFAULT 0      -- wrong selections since the last find
){strict};
CREATE INDEX pupils_by_assignment ON pupils (assignment);
CREATE TABLE finds (
    pupil TEXT NOT NULL REFERENCES pupils (id) ON DELETE CASCADE,
    word  TEXT NOT NULL,
    at    {real} NOT NULL,                     -- seconds since the pupil's start
    hints INTEGER NOT NULL,                    -- hints asked before this find
    wrong INTEGER NOT NULL,                    -- wrong selections before this find
    PRIMARY KEY (pupil, word)
){strict};
CREATE TABLE play_records (
    id      TEXT PRIMARY KEY,
    created TEXT NOT NULL,                     -- ISO 8601, UTC
    puzzle  TEXT NOT NULL,                     -- the puzzle's id
    record  TEXT NOT NULL                      -- JSON: finds, seconds, finished, screen
){strict}
"""

_CARDS = """
CREATE TABLE pupil_cards (
    pupil     TEXT PRIMARY KEY REFERENCES pupils (id) ON DELETE CASCADE,
    card_hash TEXT NOT NULL                    -- SHA-256 of the token on the pupil's name card
){strict}
"""
CARDS_SQL = _CARDS.format(strict="")
"""Name cards: a second key per pupil, printed for shared devices (portable SQL)."""
CARDS_SQLITE = _CARDS.format(strict=" STRICT")
"""The same table for SQLite."""
_TIMED = """
ALTER TABLE finds ADD COLUMN gap {real};      -- seconds since the pupil's previous request
ALTER TABLE finds ADD COLUMN cells INTEGER NOT NULL DEFAULT 0;  -- cells of the selection
ALTER TABLE assignments ADD COLUMN max_pupils INTEGER NOT NULL DEFAULT 40
"""

TIMED_SQL = _TIMED.format(real="DOUBLE PRECISION")
"""Finds timed from the pupil's previous request, and a class's most pupils (schema 3)."""
TIMED_SQLITE = _TIMED.format(real="REAL")

CLASSROOM_SQL = _TABLES.format(strict="", real="DOUBLE PRECISION")
"""The classroom's tables in portable SQL (PostgreSQL's float is ``DOUBLE PRECISION``)."""
CLASSROOM_SQLITE = _TABLES.format(strict=" STRICT", real="REAL")
"""The same tables for SQLite: STRICT, so the column types are checked too."""


@dataclass(frozen=True)
class Assigning:
    """An assignment as a teacher sets it, before it has a code: the teacher token's hash, when it was made
    and when it ends (ISO 8601), its title, its puzzles' ids and how many pupils may join."""

    teacher_hash: str
    created: str
    ends: str
    title: str
    puzzles: tuple[str, ...]
    max_pupils: int = 40


@dataclass(frozen=True)
class Joining:
    """A pupil as they join: their id, the assignment's code, their token's hash, the
    pseudonym they chose, the puzzle they play and when they started (Unix time)."""

    pupil_id: str
    assignment: str
    token_hash: str
    pseudonym: str
    puzzle: str
    started: float


@dataclass(frozen=True)
class Assignment(Assigning):
    """One saved assignment: what the teacher set (:class:`Assigning`), under its code, and
    whether its pupils may see the answers."""

    _: KW_ONLY
    code: str
    answers_shown: bool


@dataclass(frozen=True)
class Pupil:
    """One pupil of an assignment, as recorded (no name beyond the pseudonym they chose)."""

    id: str
    assignment: str
    token_hash: str
    pseudonym: str
    puzzle: str
    started: float
    last_seen: float
    finished: float | None
    hints: int


@dataclass(frozen=True)
class Find:
    """A word a pupil found: when (seconds since their start), after how many hints and misses,
    how long after the pupil's previous request (None if recorded before that was kept) and
    over how many cells."""

    pupil: str
    word: str
    at: float
    hints: int
    wrong: int
    gap: float | None = None
    cells: int = 0


_PUPIL_COLUMNS = (
    "id, assignment, token_hash, pseudonym, puzzle, started, last_seen, finished, hints"
)


class ClassroomQueries(ABC):
    """The classroom's queries, shared by both databases (mixed into :class:`.Storage`)."""

    @abstractmethod
    def _transaction(self) -> AbstractContextManager[Cursor]:
        """A connection in a transaction."""

    @abstractmethod
    def _reading(self) -> AbstractContextManager[Cursor]:
        """A connection for one read."""

    @abstractmethod
    def _sql(self, query: str) -> str:
        """``query`` with the driver's placeholders."""

    @abstractmethod
    def _is_taken_id(self, error: BaseException) -> bool:
        """True if ``error`` says that the key is already saved."""

    def _play_transaction(self) -> AbstractContextManager[Cursor]:
        """A transaction for the many small records of play: a backend may commit it without
        waiting for the disk (lost in a power cut at worst, never half written)."""
        return self._transaction()

    # -- assignments ---------------------------------------------------------------------------

    def add_assignment(self, assignment: Assigning, *, new_code: Callable[[], str]) -> str:
        """Save an assignment under a fresh code from ``new_code`` and return the code."""
        while True:
            code = new_code()
            try:
                with self._transaction() as cursor:
                    cursor.execute(
                        self._sql(
                            "INSERT INTO assignments"
                            " (code, teacher_hash, created, ends, title, max_pupils)"
                            " VALUES (?, ?, ?, ?, ?, ?)"
                        ),
                        (
                            code,
                            assignment.teacher_hash,
                            assignment.created,
                            assignment.ends,
                            assignment.title,
                            assignment.max_pupils,
                        ),
                    )
                    for position, puzzle in enumerate(assignment.puzzles):
                        cursor.execute(
                            self._sql(
                                "INSERT INTO assignment_puzzles (assignment, position, puzzle)"
                                " VALUES (?, ?, ?)"
                            ),
                            (code, position, puzzle),
                        )
            except Exception as error:
                if self._is_taken_id(error):
                    continue  # the code is taken: draw another
                raise
            return code

    def get_assignment(self, code: str) -> Assignment | None:
        """The assignment with this code, or None."""
        with self._reading() as cursor:
            row = cursor.execute(
                self._sql(
                    "SELECT code, teacher_hash, created, ends, title, answers_shown, max_pupils"
                    " FROM assignments WHERE code = ?"
                ),
                (code,),
            ).fetchone()
            if row is None:
                return None
            puzzles = cursor.execute(
                self._sql(
                    "SELECT puzzle FROM assignment_puzzles WHERE assignment = ? ORDER BY position"
                ),
                (code,),
            ).fetchall()
        code, teacher_hash, created, ends, title, shown, most = row
        ids = tuple(p[0] for p in puzzles)
        return Assignment(
            teacher_hash, created, ends, title, ids, most, code=code, answers_shown=bool(shown)
        )

    def delete_assignment(self, code: str) -> bool:
        """Delete an assignment, its pupils, their finds and its puzzles; False if none."""
        with self._transaction() as cursor:
            puzzles = cursor.execute(
                self._sql("SELECT puzzle FROM assignment_puzzles WHERE assignment = ?"), (code,)
            ).fetchall()
            # finds go with their pupils, pupils and puzzle rows with their assignment
            deleted = cursor.execute(
                self._sql("DELETE FROM assignments WHERE code = ?"), (code,)
            ).rowcount
            for (puzzle,) in puzzles:
                cursor.execute(self._sql("DELETE FROM puzzles WHERE id = ?"), (puzzle,))
        return bool(deleted)

    def purge(self) -> None:
        """Make what was deleted unreadable in the database's files (call after deleting people's
        records). SQLite overwrites deleted rows (``secure_delete``) and then copies its journal
        into the file and empties it; PostgreSQL's deleted rows are not readable through SQL and
        its own vacuum reuses their space."""
        return  # nothing to do where deleted rows are gone from every file a reader can open

    def expired_assignments(self, now: str) -> list[str]:
        """The codes of the assignments whose end (ISO 8601, UTC) is before ``now``."""
        with self._reading() as cursor:
            rows = cursor.execute(
                self._sql("SELECT code FROM assignments WHERE ends < ?"), (now,)
            ).fetchall()
        return [row[0] for row in rows]

    def show_answers(self, code: str) -> None:
        """Let the pupils of an assignment see the answers."""
        with self._transaction() as cursor:
            cursor.execute(
                self._sql("UPDATE assignments SET answers_shown = 1 WHERE code = ?"), (code,)
            )

    def assignment_of_puzzle(self, puzzle_id: str) -> Assignment | None:
        """The assignment a puzzle belongs to (its copy for a class), or None."""
        with self._reading() as cursor:
            row = cursor.execute(
                self._sql("SELECT assignment FROM assignment_puzzles WHERE puzzle = ?"),
                (puzzle_id,),
            ).fetchone()
        return None if row is None else self.get_assignment(row[0])

    def keeps_answers(self, puzzle_id: str) -> bool:
        """Whether a puzzle is a class's copy whose teacher has not shown the answers yet."""
        assignment = self.assignment_of_puzzle(puzzle_id)
        return assignment is not None and not assignment.answers_shown

    # -- pupils and their play -----------------------------------------------------------------

    def add_pupil(self, pupil: Joining) -> None:
        """Record a pupil joining an assignment (``started``: Unix time, their clock's zero)."""
        with self._transaction() as cursor:
            self._insert_pupil(cursor, pupil)

    def _insert_pupil(self, cursor: Cursor, pupil: Joining) -> None:
        """The row of a pupil who joins now (their start is also the last time seen)."""
        cursor.execute(
            self._sql(
                "INSERT INTO pupils"
                " (id, assignment, token_hash, pseudonym, puzzle, started, last_seen)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)"
            ),
            (
                pupil.pupil_id,
                pupil.assignment,
                pupil.token_hash,
                pupil.pseudonym,
                pupil.puzzle,
                pupil.started,
                pupil.started,
            ),
        )

    def get_pupil(self, pupil_id: str) -> Pupil | None:
        """The pupil with this id, or None."""
        with self._reading() as cursor:
            row = cursor.execute(
                self._sql(f"SELECT {_PUPIL_COLUMNS} FROM pupils WHERE id = ?"), (pupil_id,)
            ).fetchone()
        return None if row is None else Pupil(*row)

    def playing_pupil(self, pupil_id: str) -> tuple[Pupil, str] | None:
        """A pupil and the end of their assignment, in one read (every selection asks)."""
        columns = ", ".join(f"pupils.{name.strip()}" for name in _PUPIL_COLUMNS.split(","))
        with self._reading() as cursor:
            row = cursor.execute(
                self._sql(
                    f"SELECT {columns}, assignments.ends FROM pupils"
                    " JOIN assignments ON assignments.code = pupils.assignment"
                    " WHERE pupils.id = ?"
                ),
                (pupil_id,),
            ).fetchone()
        return None if row is None else (Pupil(*row[:-1]), row[-1])

    def record_find(self, pupil_id: str, word: str, now: float, words_in_all: int) -> bool:
        """Record that a pupil found ``word`` at Unix time ``now``; False if found before."""
        return bool(self.record_finds(pupil_id, [word], now, words_in_all))

    def record_finds(
        self, pupil_id: str, words: list[str], now: float, words_in_all: int, cells: int = 0
    ) -> list[str]:
        """Record the words one selection of ``cells`` cells found at Unix time ``now``; the
        ones not found before.

        Each is timed from the pupil's previous request (find, wrong selection, hint or
        joining), and the hints and wrong selections since the previous find go with it; the
        pupil has finished when ``words_in_all`` words are found.
        """
        with self._play_transaction() as cursor:
            row = cursor.execute(
                self._sql(
                    "SELECT started, last_seen, open_hints, open_wrong FROM pupils WHERE id = ?"
                ),
                (pupil_id,),
            ).fetchone()
            if row is None:
                return []
            started, last_seen, hints, wrong = row
            at, gap = round(now - started, 3), round(now - last_seen, 3)
            added = [
                word
                for word in words
                if cursor.execute(
                    self._sql(
                        "INSERT INTO finds (pupil, word, at, hints, wrong, gap, cells)"
                        " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (pupil, word) DO NOTHING"
                    ),
                    (pupil_id, word, at, hints, wrong, gap, cells),
                ).rowcount
            ]
            if not added:
                # a word found before, selected again: still a request the next find waits for
                cursor.execute(
                    self._sql("UPDATE pupils SET last_seen = ? WHERE id = ?"), (now, pupil_id)
                )
                return []
            found = cursor.execute(
                self._sql("SELECT count(*) FROM finds WHERE pupil = ?"), (pupil_id,)
            ).fetchone()[0]
            cursor.execute(
                self._sql(
                    "UPDATE pupils SET open_hints = 0, open_wrong = 0, last_seen = ?,"
                    " finished = ? WHERE id = ?"
                ),
                (now, at if found >= words_in_all else None, pupil_id),
            )
        return added

    def record_wrong(self, pupil_id: str, now: float) -> None:
        """Count a selection that was no word."""
        with self._play_transaction() as cursor:
            cursor.execute(
                self._sql(
                    "UPDATE pupils SET open_wrong = open_wrong + 1, last_seen = ? WHERE id = ?"
                ),
                (now, pupil_id),
            )

    def record_hint(self, pupil_id: str, now: float) -> None:
        """Count a hint."""
        with self._play_transaction() as cursor:
            cursor.execute(
                self._sql(
                    "UPDATE pupils SET hints = hints + 1, open_hints = open_hints + 1,"
                    " last_seen = ? WHERE id = ?"
                ),
                (now, pupil_id),
            )

    def pupils_of(self, code: str) -> list[tuple[Pupil, list[Find]]]:
        """Each pupil of an assignment, in joining order, with their finds in finding order."""
        with self._reading() as cursor:
            pupils = cursor.execute(
                self._sql(
                    f"SELECT {_PUPIL_COLUMNS} FROM pupils WHERE assignment = ? ORDER BY started, id"
                ),
                (code,),
            ).fetchall()
            finds = cursor.execute(
                self._sql(
                    "SELECT finds.pupil, finds.word, finds.at, finds.hints, finds.wrong,"
                    " finds.gap, finds.cells FROM finds JOIN pupils ON pupils.id = finds.pupil"
                    " WHERE pupils.assignment = ? ORDER BY finds.at"
                ),
                (code,),
            ).fetchall()
        by_pupil: dict[str, list[Find]] = {row[0]: [] for row in pupils}
        for row in finds:
            by_pupil[row[0]].append(Find(*row))
        return [(Pupil(*row), by_pupil[row[0]]) for row in pupils]

    def join_pupil(self, pupil: Joining, *, most: int) -> str:
        """Record a pupil joining unless the class has ``most`` pupils (``"full"``) or one of
        the same pseudonym, in any case (``"taken"``); ``"joined"`` if recorded."""
        with self._transaction() as cursor:
            names = cursor.execute(
                self._sql("SELECT pseudonym FROM pupils WHERE assignment = ?"),
                (pupil.assignment,),
            ).fetchall()
            if len(names) >= most:
                return "full"
            if any(name.casefold() == pupil.pseudonym.casefold() for (name,) in names):
                return "taken"
            self._insert_pupil(cursor, pupil)
        return "joined"

    def pseudonyms(self, assignment: str) -> set[str]:
        """The pseudonyms of an assignment's pupils, folded to lower case."""
        with self._reading() as cursor:
            rows = cursor.execute(
                self._sql("SELECT pseudonym FROM pupils WHERE assignment = ?"), (assignment,)
            ).fetchall()
        return {name.casefold() for (name,) in rows}

    def delete_pupil(self, assignment: str, pupil_id: str) -> bool:
        """Delete a pupil of an assignment with their finds; False if there is none."""
        with self._transaction() as cursor:
            deleted = cursor.execute(
                self._sql("DELETE FROM pupils WHERE id = ? AND assignment = ?"),
                (pupil_id, assignment),
            ).rowcount
        return bool(deleted)

    def all_pupils(self) -> Iterator[tuple[Pupil, list[Find]]]:
        """Every pupil of every assignment with their finds (for exporting play records)."""
        with self._reading() as cursor:
            codes = [row[0] for row in cursor.execute("SELECT code FROM assignments").fetchall()]
        for code in codes:
            yield from self.pupils_of(code)

    # -- name cards ----------------------------------------------------------------------------

    def set_cards(self, hashes: dict[str, str]) -> None:
        """Give pupils new name cards (pupil id to the card token's hash); old cards stop working."""
        with self._transaction() as cursor:
            for pupil_id, card_hash in hashes.items():
                cursor.execute(
                    self._sql(
                        "INSERT INTO pupil_cards (pupil, card_hash) VALUES (?, ?)"
                        " ON CONFLICT (pupil) DO UPDATE SET card_hash = excluded.card_hash"
                    ),
                    (pupil_id, card_hash),
                )

    def card_hash(self, pupil_id: str) -> str | None:
        """The hash of the token on a pupil's name card, or None if none was printed."""
        with self._reading() as cursor:
            row = cursor.execute(
                self._sql("SELECT card_hash FROM pupil_cards WHERE pupil = ?"), (pupil_id,)
            ).fetchone()
        return None if row is None else str(row[0])

    # -- recorded play of the web game ---------------------------------------------------------

    def add_play_record(self, *, record_id: str, created: str, puzzle: str, record: str) -> None:
        """Keep one play record of the web game (``record``: JSON without the puzzle)."""
        with self._play_transaction() as cursor:
            cursor.execute(
                self._sql(
                    "INSERT INTO play_records (id, created, puzzle, record) VALUES (?, ?, ?, ?)"
                    " ON CONFLICT (id) DO UPDATE SET record = excluded.record"
                ),
                (record_id, created, puzzle, record),
            )

    def play_record_start(self, record_id: str) -> tuple[str, str] | None:
        """The puzzle and the start (ISO 8601, UTC) of the play record the server issued with
        this id, or None."""
        with self._reading() as cursor:
            row = cursor.execute(
                self._sql("SELECT puzzle, created FROM play_records WHERE id = ?"), (record_id,)
            ).fetchone()
        return None if row is None else (row[0], row[1])

    def play_records(self) -> Iterator[tuple[str, str]]:
        """Each recorded game: the puzzle's id and the record as kept (JSON), oldest first."""
        with self._reading() as cursor:
            rows = cursor.execute(
                "SELECT puzzle, record FROM play_records ORDER BY created, id"
            ).fetchall()
        return ((puzzle, record) for puzzle, record in rows)
