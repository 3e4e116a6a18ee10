"""The two long lists of a puzzle's JSON file written as ``json.dumps(..., indent=2)`` writes them.

json's indenting encoder is Python that takes every value on its own; a 500 × 500 puzzle's file
holds 10,000 placements with 80,000 cells of two numbers each. The shapes here are fixed (a word
is strings, a placement is strings and cells), so each item is one formatted string. The text is
the same character for character: ``tests/test_puzzle_json_text.py`` holds it to ``json.dumps``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

_STRING = json.JSONEncoder(ensure_ascii=False).encode


def string_dicts(items: Sequence[dict[str, str]], level: int) -> str:
    """A list of dicts of strings, the list itself at nesting ``level`` (its items one deeper)."""
    if not items:
        return "[]"
    item, key = "\n" + "  " * (level + 1), "\n" + "  " * (level + 2)
    parts = []
    for data in items:
        fields = f",{key}".join(f"{_STRING(k)}: {_STRING(v)}" for k, v in data.items())
        parts.append(f"{{{key}{fields}{item}}}" if fields else "{}")
    return f"[{item}" + f",{item}".join(parts) + f"{item[:-2]}]"


def placement_dicts(items: Sequence[dict[str, Any]], level: int) -> str:
    """A list of placements (strings, cells as ``[row, col]``, lists of cells), the list at
    nesting ``level``."""
    if not items:
        return "[]"
    item = "\n" + "  " * (level + 1)
    parts = [_placement(data, level + 1) for data in items]
    return f"[{item}" + f",{item}".join(parts) + f"{item[:-2]}]"


def _placement(data: dict[str, Any], level: int) -> str:
    """One placement, itself at nesting ``level``."""
    key = "\n" + "  " * (level + 1)
    fields = []
    for name, value in data.items():
        if isinstance(value, str):
            text = _STRING(value)
        elif name == "cells":
            text = _cells(value, level + 1)
        else:
            text = _pair(value, level + 1)
        fields.append(f"{_STRING(name)}: {text}")
    if not fields:
        return "{}"
    return "{" + key + f",{key}".join(fields) + key[:-2] + "}"


def _pair(cell: Sequence[int], level: int) -> str:
    """``[row, col]`` at nesting ``level``."""
    inner, outer = "\n" + "  " * (level + 1), "\n" + "  " * level
    row, col = cell
    return f"[{inner}{int(row)},{inner}{int(col)}{outer}]"


def _cells(cells: Sequence[Sequence[int]], level: int) -> str:
    """A list of ``[row, col]`` at nesting ``level``."""
    if not cells:
        return "[]"
    item, inner = "\n" + "  " * (level + 1), "\n" + "  " * (level + 2)
    parts = [f"[{inner}{int(r)},{inner}{int(c)}{item}]" for r, c in cells]
    return f"[{item}" + f",{item}".join(parts) + "\n" + "  " * level + "]"
