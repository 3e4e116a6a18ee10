"""Run a command with one of its output streams on a pseudo-terminal, as a person at a terminal would."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Sequence


def terminal_env() -> dict[str, str]:
    """The environment of a colour terminal, 80 columns wide, with colour not forced either way."""
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    return env | {"TERM": "xterm-256color", "PYTHONUTF8": "1", "COLUMNS": "80"}


def run_on_terminal(args: Sequence[str], *, stream: str = "stdout") -> tuple[int, str]:
    """Run ``args`` with ``stream`` ("stdout" or "stderr") on a pseudo-terminal; return (exit code, what it showed)."""
    import pty

    controller, terminal = pty.openpty()
    other = subprocess.PIPE if stream == "stdout" else subprocess.DEVNULL
    streams = {"stdout": terminal, "stderr": other} if stream == "stdout" else {"stderr": terminal}
    with subprocess.Popen(args, env=terminal_env(), **streams) as process:
        os.close(terminal)
        chunks = []
        while True:
            try:
                chunk = os.read(controller, 4096)
            except OSError:  # the other end closed
                break
            if not chunk:
                break
            chunks.append(chunk)
        process.wait(timeout=60)
    os.close(controller)
    return process.returncode, b"".join(chunks).decode("utf-8", "replace")
