"""Writing what a command makes, and telling the user: a file appears whole or not at all, an
existing file is never overwritten without ``--force``, and notes go to standard error in the
language of the command line."""

from __future__ import annotations

import contextlib
import os
import re
import stat
import sys
import time
from pathlib import Path

from wortsuche.errors import InputError
from wortsuche.notes import Note


def cannot_write(path: object, error: OSError) -> InputError:
    """The error for a file that cannot be written."""
    return InputError(
        f"{path}: cannot write ({error.strerror})",
        key="error.cannot-write",
        values={"path": path, "reason": error.strerror},
    )


def check_output(*paths: str | None, force: bool = False) -> None:
    """Refuse output paths before any work: existing files without ``force`` (all of them named
    at once), a missing folder."""
    targets = [Path(path) for path in paths if path not in (None, "-")]
    # /dev/null, a pipe: written to directly
    targets = [t for t in targets if not _exists(t) or t.is_file() or t.is_dir()]
    existing = [str(t) for t in targets if t.exists()] if not force else []
    if len(existing) == 1:
        raise InputError(
            f"{existing[0]} exists; use --force to overwrite it",
            key="error.output-exists",
            values={"path": existing[0]},
        )
    if existing:
        named = ", ".join(existing[:-1])
        raise InputError(
            f"{named} and {existing[-1]} exist; use --force to overwrite them",
            key="error.outputs-exist",
            values={"paths": named, "last": existing[-1]},
        )
    for target in targets:
        if not target.parent.is_dir():
            raise InputError(
                f"{target.parent} is not an existing folder",
                key="error.no-such-folder",
                values={"path": target.parent},
            )


def _exists(target: Path) -> bool:
    """Whether ``target`` exists; a name the system refuses (too long, say) is one line."""
    try:
        return target.exists()
    except OSError as error:
        raise cannot_write(target, error) from None


def write_output(
    path: str, content: str | bytes, *, force: bool = False, said: bool = True
) -> None:
    """Write ``content`` to ``path`` (``-`` for standard output); at a terminal, say so
    (unless not ``said``: the caller says it with more).

    An existing file is never overwritten without ``force``; the file appears whole or
    not at all (written to a temporary file beside it, then renamed).
    """
    if path == "-":
        if isinstance(content, bytes):
            if sys.stdout.isatty():
                raise InputError(
                    "binary output (PDF, PNG) is not for a terminal; use -o FILE",
                    key="error.binary-terminal",
                )
            sys.stdout.buffer.write(content)
        else:
            sys.stdout.write(content)
        return
    target = Path(path)
    if _exists(target) and not target.is_file() and not target.is_dir():
        _write_special(path, content)  # /dev/null, a pipe: nothing to overwrite or replace
        return
    check_output(path, force=force)
    data = content.encode("utf-8") if isinstance(content, str) else content
    temporary = None
    try:
        import tempfile

        fd, temporary = tempfile.mkstemp(dir=target.parent, prefix=_temporary_prefix(target))
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        # mkstemp makes the file 0600; a new file should follow the umask like any other.
        os.chmod(temporary, _new_file_mode())
        os.replace(temporary, target)
        temporary = None
        _sweep_temporaries(target)
    except OSError as error:
        raise cannot_write(path, error) from None
    finally:
        if temporary is not None:  # failed or interrupted (SIGTERM, Ctrl+C): leave nothing behind
            with contextlib.suppress(OSError):
                os.unlink(temporary)
    if said and at_terminal():
        note(Note(f"wrote {path}", key="note.wrote", values={"path": path}))


def at_terminal() -> bool:
    """Whether someone at a terminal reads the notes (under a progress bar too): they hear
    where a file went; a script, which reads the exit status, does not."""
    return bool(getattr(sys.stderr, "rich_proxied_file", sys.stderr).isatty())


def note(message: str) -> None:
    """Tell the user something on stderr (warnings and notes; the output stays on stdout), in
    the language of the command line where the message is a :class:`~wortsuche.notes.Note`."""
    from wortsuche.cli.interface import texts

    print(f"wortsuche: {texts().say(message)}", file=sys.stderr)


STARTED = time.time()


STALE_AFTER = 60.0
"""Seconds before this run's start that a temporary file must be older than to be swept."""


_TEMPORARY_TAIL = re.compile(r"[a-z0-9_]{8}")
"""What ``tempfile.mkstemp`` puts after the prefix: eight letters, digits or underscores."""


def _temporary_prefix(target: Path) -> str:
    """The start of the name of a temporary file written for ``target``: hidden, and marked
    as wortsuche's, so that no file of the user's is taken for one."""
    return f".{target.name}.wortsuche-"


def _sweep_temporaries(target: Path) -> None:
    """Remove the temporary files of earlier writes to ``target`` that a killed run left
    (SIGKILL skips every cleanup): ours by name and owner, and older than this run."""
    prefix = _temporary_prefix(target)
    cutoff = STARTED - STALE_AFTER
    try:
        entries = list(os.scandir(target.parent))
    except OSError:
        return
    for entry in entries:
        if not (
            entry.name.startswith(prefix) and _TEMPORARY_TAIL.fullmatch(entry.name, len(prefix))
        ):
            continue
        with contextlib.suppress(OSError):
            info = entry.stat(follow_symlinks=False)
            if (
                stat.S_ISREG(info.st_mode)
                and info.st_uid == os.geteuid()
                and info.st_mtime < cutoff
            ):
                os.unlink(entry.path)


def _new_file_mode() -> int:
    """The mode ``open()`` would give a new file: 0666 less the process's umask."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def _write_special(path: str, content: str | bytes) -> None:
    data = content.encode("utf-8") if isinstance(content, str) else content
    try:
        with open(path, "wb") as out:
            out.write(data)
    except OSError as error:
        raise cannot_write(path, error) from None
