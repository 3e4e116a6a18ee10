"""Work that may not return to Python for long, or may grow without end in C code (a SAT solver,
a PDF reader on a damaged file), runs in a child process, so that its CPU time and memory are
capped and a signal ends it at once.

A call into a C library keeps the interpreter from running signal handlers until it returns:
SIGTERM or Ctrl+C would wait for it. The parent only waits on a pipe, which a signal
interrupts; the ``finally`` that follows kills the child. Where processes cannot be forked
(Windows) the work runs in the caller's process, without caps.

Each caller says what a cap reached means for its work (:class:`OutOfTime`,
:class:`OutOfMemory`): the exact search that it gave up, preflight that the file needs more than
a book does.

>>> in_child(lambda: 6 * 7, cpu_seconds=5, memory=200 * 2**20)
42
"""

from __future__ import annotations

import math
import os
import pickle
import signal
import sys
from collections.abc import Callable
from typing import NoReturn, TypeVar

from wortsuche.errors import InternalError, WortsucheError

T = TypeVar("T")


class LimitReached(InternalError):
    """The child ended without an answer because a cap was reached; its caller says what that
    means (escaped unsaid, it is a bug)."""

    def __init__(self, message: str, *, cpu_seconds: float, memory: int) -> None:
        super().__init__(message)
        self.cpu_seconds = cpu_seconds
        self.memory = memory


class OutOfTime(LimitReached):
    """The child used up its CPU seconds."""


class OutOfMemory(LimitReached):
    """The child's memory ran out (its allocation failed, or it died of it)."""


HELD = {signal.SIGINT, signal.SIGTERM}
"""The signals held from just before the fork until the ``try`` that ends the child: one that
came in between would raise in the parent before the child's id was stored, and only the
parent's death would end the child. (Where other threads run, the kernel may hand one of them
the signal meanwhile; the command line's process has none then.)"""


def in_child(work: Callable[[], T], *, cpu_seconds: float, memory: int) -> T:
    """``work()`` in a child process with at most ``cpu_seconds`` of CPU time and ``memory``
    bytes more than the caller has; its :class:`WortsucheError` is raised here.

    Raise :class:`OutOfTime` when the CPU time runs out and :class:`OutOfMemory` when the
    memory does.
    """
    if not hasattr(os, "fork") or not sys.platform.startswith("linux"):
        return work()
    read_end, write_end = os.pipe()
    # a handler already due runs as this call returns, before the fork; none becomes due after it
    before = signal.pthread_sigmask(signal.SIG_BLOCK, HELD)
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child ends with os._exit
        os.close(read_end)
        _child(work, write_end, cpu_seconds, memory, before)
    os.close(write_end)
    pipe = os.fdopen(read_end, "rb")
    status: int | None = None
    try:
        with pipe:
            signal.pthread_sigmask(signal.SIG_SETMASK, before)  # one that came meanwhile raises
            data = pipe.read()  # a signal interrupts the wait: its handler raises here
        _, status = os.waitpid(pid, 0)
    finally:
        if status is None:
            _kill(pid)
    if data:
        kind, value = pickle.loads(data)
        if kind == "error":
            raise value
        return value  # type: ignore[no-any-return]
    assert status is not None
    _died(status, cpu_seconds, memory)


def _died(status: int, cpu_seconds: float, memory: int) -> NoReturn:
    """Raise what the child's end without an answer means (the CPU or the memory ran out)."""
    if os.WIFSIGNALED(status) and os.WTERMSIG(status) in (signal.SIGXCPU, signal.SIGKILL):
        raise OutOfTime(
            f"the child used up its {cpu_seconds:.0f} CPU seconds",
            cpu_seconds=cpu_seconds,
            memory=memory,
        )
    if os.WIFSIGNALED(status) or os.WEXITSTATUS(status) in (MEMORY_EXIT, C_LIBRARY_OUT_OF_MEMORY):
        raise OutOfMemory(
            f"the child needed more than {memory // 2**20} MB",
            cpu_seconds=cpu_seconds,
            memory=memory,
        )
    raise InternalError(f"the child process ended without an answer (status {status})")


MEMORY_EXIT = 3
"""The child's exit status when its memory ran out before it could say so."""

C_LIBRARY_OUT_OF_MEMORY = 127
"""The exit status glibc gives a process that cannot allocate a new thread's memory ("cannot
allocate memory for thread-local data: ABORT"): the solver's threads met the memory cap."""


def _child(
    work: Callable[[], object],
    write_end: int,
    cpu_seconds: float,
    memory: int,
    mask: set[int | signal.Signals],
) -> None:
    """Run ``work`` under the limits and send its result or error up the pipe; never returns."""
    code = 0
    try:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        _quiet()
        _limit(cpu_seconds, memory)
        try:
            answer: tuple[str, object] = ("ok", work())
        except WortsucheError as error:
            answer = ("error", error)
        data = pickle.dumps(answer)
        with os.fdopen(write_end, "wb") as pipe:
            pipe.write(data)
    except MemoryError:
        code = MEMORY_EXIT
    except BaseException:  # the parent reports a child that ends without an answer
        code = 1
    finally:
        os._exit(code)


def _quiet() -> None:
    """Send the child's standard error nowhere: a C library out of memory writes there ("std::
    bad_alloc"), and the parent says what the end means in one line of its own."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 2)
    os.close(devnull)


def _limit(cpu_seconds: float, memory: int) -> None:
    """Cap the CPU time and the address space of this process; die with the parent."""
    import ctypes
    import resource

    seconds = max(1, math.ceil(cpu_seconds))
    _lower(resource.RLIMIT_CPU, seconds, seconds + 1)
    with open("/proc/self/statm", encoding="ascii") as statm:
        size = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    _lower(resource.RLIMIT_AS, size + memory, size + memory)
    # the address space also counts what is reserved and never touched (a large parent's
    # arenas): the data limit counts the private memory a process writes, so the child's new
    # allocations stay within ``memory`` however large the process it was forked from
    data = _data_size()
    _lower(resource.RLIMIT_DATA, data + memory, data + memory)
    ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    if os.getppid() == 1:  # the parent died before the line above
        os._exit(1)


def _data_size() -> int:
    """The bytes of this process's private writable memory (``VmData``), as the data limit
    counts them."""
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmData:"):
                return int(line.split()[1]) * 1024
    return 0


def _lower(which: int, soft: int, hard: int) -> None:
    """Set a limit, never above the one this process has (a server's worker has its own)."""
    import resource

    _, ceiling = resource.getrlimit(which)
    if ceiling != resource.RLIM_INFINITY:
        soft, hard = min(soft, ceiling), min(hard, ceiling)
    resource.setrlimit(which, (soft, hard))


def _kill(pid: int) -> None:
    """End the child at once and reap it."""
    try:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    except ChildProcessError:  # pragma: no cover - already reaped
        pass
