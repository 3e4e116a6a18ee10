"""A generation worker gives way to the server: while puzzles are made, pages and finds are
answered first (``benchmarks/load.py --latency`` measures the GET p99 this protects)."""

from __future__ import annotations

import multiprocessing
import os
import sys

import pytest

from wortsuche.web import generation

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX priorities")


def _report_niceness(sender: multiprocessing.connection.Connection) -> None:
    generation._end_with_parent(30)
    sender.send(os.nice(0))
    sender.close()


def test_a_generation_worker_runs_at_a_lower_priority_than_the_server() -> None:
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    worker = context.Process(target=_report_niceness, args=(sender,))
    worker.start()
    worker_niceness = receiver.recv()
    worker.join(10)
    assert worker_niceness == min(19, os.nice(0) + generation.WORKER_NICENESS)
    assert generation.WORKER_NICENESS >= 10
