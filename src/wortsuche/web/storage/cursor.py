"""What the storage needs of a database driver: a connection or cursor that executes SQL."""

from __future__ import annotations

from typing import Any, Protocol


class Cursor(Protocol):
    """What the storage needs of a database driver's connection or cursor."""

    def execute(self, sql: Any, parameters: Any = ..., /) -> Any: ...
