"""Processes as /proc shows them (Linux): the tests that kill programs check what is left."""

from __future__ import annotations

import contextlib
from pathlib import Path


def children(pid: int) -> set[int]:
    """The child processes of ``pid``."""
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with contextlib.suppress(OSError):
            found |= {int(c) for c in (task / "children").read_text().split()}
    return found


def descendants(pid: int) -> set[int]:
    """Every process below ``pid``."""
    found: set[int] = set()
    for child in children(pid):
        found |= {child} | descendants(child)
    return found


def alive(pid: int) -> bool:
    """True while ``pid`` runs (a zombie waiting for its parent does not count)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"
