"""Books on a Dask cluster: the same bytes as one process, also when a worker is killed midway."""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmark_tables import table_rows
from cli import ENV, run
from wortsuche.book import BookSettings, book_line, build_book, plan_book
from wortsuche.cluster import build_on_cluster, checked_address, connected
from wortsuche.errors import InputError

distributed = pytest.importorskip("distributed")

pytestmark = pytest.mark.slow  # real worker processes

ANIMALS = [
    "Ameise", "Biber", "Dachs", "Elch", "Fuchs", "Gans", "Hase", "Igel", "Kauz", "Luchs",
    "Maus", "Otter", "Pferd", "Rabe", "Schaf", "Tiger", "Wolf", "Zebra", "Adler", "Bison",
    "Dohle", "Eule", "Falke", "Gecko", "Hummel", "Kranich", "Lemming", "Marder",
]  # fmt: skip


def write_words(folder: Path) -> Path:
    words = folder / "tiere.txt"
    words.write_text("\n".join(ANIMALS) + "\n", encoding="utf-8")
    return words


def book(*args: str | Path) -> None:
    made = run("book", *args, "--words-per-puzzle", "10", "--size", "11x11", "--seed", "11")
    assert made.returncode == 0, made.stderr


@pytest.fixture(scope="module")
def cluster() -> Iterator[distributed.LocalCluster]:
    """Two worker processes with a nanny each (a killed worker is started again)."""
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        host="127.0.0.1",
        dashboard_address=None,
        silence_logs=logging.ERROR,
    ) as running:
        yield running


def test_a_book_on_a_local_cluster_is_byte_for_byte_the_book_of_one_process(
    tmp_path: Path,
) -> None:
    words = write_words(tmp_path)
    for suffix in ("jsonl", "pdf"):
        book(words, "--count", "24", "--workers", "1", "-o", tmp_path / f"one.{suffix}")
        book(words, "--count", "24", "--cluster", "local:2", "-o", tmp_path / f"dask.{suffix}")
        one, dask = (tmp_path / f"{name}.{suffix}" for name in ("one", "dask"))
        assert dask.read_bytes() == one.read_bytes(), suffix
    assert len((tmp_path / "dask.jsonl").read_text().splitlines()) == 24


def test_a_worker_killed_midway_has_its_puzzles_made_again(
    tmp_path: Path, cluster: distributed.LocalCluster
) -> None:
    """The real command line on a scheduler's address; one worker is killed with SIGKILL while
    the book's puzzles are on the workers, and the book still comes out whole and the same."""
    words = write_words(tmp_path)
    book(words, "--count", "400", "--workers", "1", "-o", tmp_path / "one.jsonl")
    with distributed.Client(cluster) as client:
        before = client.run(os.getpid)
        command = [sys.executable, "-m", "wortsuche", "book", str(words), "--count", "400"]
        options = ["--words-per-puzzle", "10", "--size", "11x11", "--seed", "11"]
        out = tmp_path / "dask.jsonl"
        making = subprocess.Popen(
            [*command, *options, "--cluster", cluster.scheduler_address, "-o", str(out)],
            env={**os.environ, **ENV},
            stderr=subprocess.PIPE,
            text=True,
        )
        deadline = time.monotonic() + 120
        while not on_the_workers(client) and time.monotonic() < deadline:
            assert making.poll() is None, making.stderr.read()  # type: ignore[union-attr]
            time.sleep(0.01)
        victim = sorted(before.values())[0]
        os.kill(victim, signal.SIGKILL)
        assert making.poll() is None, "the book was made before a worker could be killed"
        _, errors = making.communicate(timeout=300)
        assert making.returncode == 0, errors
        restarted = client.run(os.getpid)
    assert victim not in restarted.values()  # the nanny started a new worker in its place
    assert out.read_bytes() == (tmp_path / "one.jsonl").read_bytes()


def on_the_workers(client: distributed.Client) -> bool:
    """Whether some worker is making a puzzle of the book now."""
    return any(client.processing().values())


def test_the_api_gives_the_plan_in_order_through_a_killed_worker(
    cluster: distributed.LocalCluster,
) -> None:
    plan = plan_book([("tiere", ANIMALS)], seed=4, count=300, words_per_puzzle=10)
    settings = BookSettings(rows=11, cols=11, level="hard")
    expected = [
        book_line(p, puzzle, 4)
        for p, puzzle in zip(plan, build_book(plan, settings, workers=1), strict=True)
    ]
    with distributed.Client(cluster) as client:
        pids = sorted(client.run(os.getpid).values())
        done: list[int] = []

        def kill_once(planned: object) -> None:
            done.append(1)
            if len(done) == 30:
                os.kill(pids[-1], signal.SIGKILL)

        made = build_on_cluster(plan, settings, client, on_done=kill_once)
    assert len(done) == 300
    assert [book_line(p, puzzle, 4) for p, puzzle in zip(plan, made, strict=True)] == expected


@settings(max_examples=8, deadline=None)
@given(
    count=st.integers(1, 60),
    per_puzzle=st.integers(1, 14),
    seed=st.integers(0, 2**40),
    level=st.sampled_from(["easy", "hard"]),
)
def test_any_book_on_the_cluster_is_the_book_of_one_process(
    cluster: distributed.LocalCluster, count: int, per_puzzle: int, seed: int, level: str
) -> None:
    plan = plan_book([("tiere", ANIMALS)], seed=seed, count=count, words_per_puzzle=per_puzzle)
    settings_ = BookSettings(rows=12, cols=12, level=level)
    with distributed.Client(cluster) as client:
        made = build_on_cluster(plan, settings_, client)
    one = build_book(plan, settings_, workers=1)
    assert [book_line(p, m, seed) for p, m in zip(plan, made, strict=True)] == [
        book_line(p, m, seed) for p, m in zip(plan, one, strict=True)
    ]


@pytest.mark.parametrize(
    "wrong", ["local:0", "local:257", "local:two", "8786", "http://scheduler:8786", "tcp://x"]
)
def test_a_cluster_address_that_is_neither_local_nor_tcp_is_one_line(wrong: str) -> None:
    with pytest.raises(InputError):
        checked_address(wrong)
    made = run("book", "tiere.txt", "--count", "2", "--cluster", wrong, "-o", "x.jsonl")
    assert made.returncode != 0 and len(made.stderr.splitlines()) == 1, made.stderr


def test_workers_and_cluster_together_are_refused(tmp_path: Path) -> None:
    words = write_words(tmp_path)
    made = run("book", words, "--workers", "2", "--cluster", "local:2", "-o", tmp_path / "x.jsonl")
    assert made.returncode != 0 and "--cluster" in made.stderr


def test_a_scheduler_nobody_runs_is_one_line() -> None:
    with (
        pytest.raises(InputError, match="cannot reach the Dask scheduler"),
        connected("tcp://127.0.0.1:9"),
    ):
        pass


def test_the_cluster_benchmark_compares_both_and_finds_the_same_bytes() -> None:
    rows, printed = table_rows("cluster.py", "--quick")
    assert [row[0].split()[0] for row in rows] == ["processes", "Dask"]
    assert all(float(row[3]) > 0 for row in rows)
    assert "the same file, byte for byte" in printed


def test_a_puzzle_that_cannot_be_made_stops_the_book_in_one_line(
    tmp_path: Path, cluster: distributed.LocalCluster
) -> None:
    words = tmp_path / "lang.txt"
    words.write_text("\n".join([*ANIMALS[:12], "Donaudampfschiff"]) + "\n", encoding="utf-8")
    options = ["--count", "30", "--words-per-puzzle", "13", "--size", "8x8", "--seed", "1"]
    made = run("book", words, *options, "--cluster", cluster.scheduler_address, "-o", "x.jsonl")
    assert made.returncode != 0
    assert made.stderr.splitlines()[-1].startswith("wortsuche: error: puzzle ")
    assert "DONAUDAMPFSCHIFF has 16 letters" in made.stderr
