"""The limits every front end shares: the largest grid and the longest word list accepted."""

from __future__ import annotations

MAX_SIDE = 500
"""The largest number of rows or columns accepted."""

MAX_WORDS = 20_000
"""The largest number of words accepted."""

MAX_INPUT_BYTES = 20 * 1024 * 1024
"""Input files larger than this are refused (a word list or a puzzle is never that long)."""
