"""Books on a Dask cluster: the same bytes as one process, also when a worker is killed midway;
nobody without the run's certificate gets in."""

from __future__ import annotations

import logging
import os
import signal
import socket
import ssl
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from cryptography.hazmat.primitives import serialization
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmark_tables import table_rows
from cli import ENV, run, run_process
from wortsuche.book import BookSettings, book_line, build_book, plan_book
from wortsuche.cluster import Credentials, build_on_cluster, checked_address, connected
from wortsuche.errors import InputError

distributed = pytest.importorskip("distributed")
Security = distributed.security.Security

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
def tls_files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The CA, certificate and key of a cluster, as files (the CA is the certificate itself)."""
    folder = tmp_path_factory.mktemp("tls")
    made = Security.temporary()
    files = {"ca": folder / "ca.pem", "cert": folder / "cert.pem", "key": folder / "key.pem"}
    texts = {"ca": made.tls_ca_file, "cert": made.tls_client_cert, "key": made.tls_client_key}
    for role, path in files.items():
        path.write_text(texts[role])
        path.chmod(0o600)
    return files


def tls_options(files: dict[str, Path]) -> list[str | Path]:
    return ["--tls-ca", files["ca"], "--tls-cert", files["cert"], "--tls-key", files["key"]]


@pytest.fixture(scope="module")
def cluster(tls_files: dict[str, Path]) -> Iterator[distributed.LocalCluster]:
    """Two worker processes with a nanny each (a killed worker is started again), reached over
    tls:// with the certificate of ``tls_files``."""
    ca, cert, key = (str(tls_files[role]) for role in ("ca", "cert", "key"))
    security = Security(
        require_encryption=True,
        tls_ca_file=ca,
        **{
            f"tls_{who}_{part}": path
            for who in ("scheduler", "worker", "client")
            for part, path in (("cert", cert), ("key", key))
        },
    )
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        host="127.0.0.1",
        dashboard_address=None,
        security=security,
        silence_logs=logging.ERROR,
    ) as running:
        assert running.scheduler_address.startswith("tls://")
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
    tmp_path: Path, cluster: distributed.LocalCluster, tls_files: dict[str, Path]
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
            [
                *command,
                *options,
                "--cluster",
                cluster.scheduler_address,
                *map(str, tls_options(tls_files)),
                "-o",
                str(out),
            ],
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
    "wrong",
    ["local:0", "local:257", "local:two", "8786", "http://scheduler:8786", "tcp://x", "tls://x"],
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


def test_a_scheduler_nobody_runs_is_one_line(tls_files: dict[str, Path]) -> None:
    with (
        pytest.raises(InputError, match="cannot reach the Dask scheduler"),
        connected("tcp://127.0.0.1:9", insecure=True),
    ):
        pass
    credentials = Credentials(*(str(tls_files[role]) for role in ("ca", "cert", "key")))
    with (
        pytest.raises(InputError, match="cannot reach the Dask scheduler"),
        connected("tls://127.0.0.1:9", credentials=credentials),
    ):
        pass


def test_the_cluster_benchmark_compares_both_and_finds_the_same_bytes() -> None:
    rows, printed = table_rows("cluster.py", "--quick")
    assert [row[0].split()[0] for row in rows] == ["processes", "Dask"]
    assert all(float(row[3]) > 0 for row in rows)
    assert "the same file, byte for byte" in printed


def test_a_puzzle_that_cannot_be_made_stops_the_book_in_one_line(
    tmp_path: Path, cluster: distributed.LocalCluster, tls_files: dict[str, Path]
) -> None:
    words = tmp_path / "lang.txt"
    words.write_text("\n".join([*ANIMALS[:12], "Donaudampfschiff"]) + "\n", encoding="utf-8")
    options = ["--count", "30", "--words-per-puzzle", "13", "--size", "8x8", "--seed", "1"]
    address = cluster.scheduler_address
    made = run(
        "book", words, *options, "--cluster", address, *tls_options(tls_files), "-o", "x.jsonl"
    )
    assert made.returncode != 0
    assert made.stderr.splitlines()[-1].startswith("wortsuche: error: puzzle ")
    assert "DONAUDAMPFSCHIFF has 16 letters" in made.stderr


def touch(path: str) -> str:
    """On a worker: leave a file behind, the proof that code sent to the cluster ran."""
    Path(path).write_text("ran", encoding="utf-8")
    return path


def test_only_the_book_holds_the_key_to_its_local_cluster(tmp_path: Path) -> None:
    """The cluster the book starts speaks TLS with a certificate made for the run: a client
    without it, with a certificate of its own, or over plain tcp:// is refused, and the code it
    sends never runs; every server of the cluster asks a bare TLS client for a certificate."""
    intruded, allowed = tmp_path / "intruder-ran", tmp_path / "book-ran"
    with connected("local:1") as client:
        address = client.scheduler.address
        assert address.startswith("tls://127.0.0.1:")
        plain = address.replace("tls://", "tcp://")
        attempts = [(address, None), (plain, None), (address, Security.temporary())]
        for target, security in attempts:
            refused = intrude(target, security, intruded)
            assert isinstance(refused, OSError | TypeError | TimeoutError), (target, refused)
        workers = client.scheduler_info()["workers"]
        servers = [address, *workers, *(worker["nanny"] for worker in workers.values())]
        assert len(servers) == 3
        assert [bare_tls_answer(server) for server in servers] == ["certificate required"] * 3
        pages = [client.scheduler_info()["services"]["dashboard"]]
        pages += [worker["services"]["dashboard"] for worker in workers.values()]
        for port in pages:  # Dask's HTTP servers have no TLS: they serve nothing
            for page in ("info/main/workers.html", "json/counts.json", "health", "metrics"):
                with pytest.raises(urllib.error.HTTPError, match="404"):
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/{page}", timeout=10)
        assert client.submit(touch, str(allowed), pure=False).result(timeout=30) == str(allowed)
    assert allowed.read_text() == "ran"  # the book's own client runs code: touch works
    assert not intruded.exists()


def intrude(target: str, security: object, marker: Path) -> Exception | None:
    """What a client of ``target`` meets (None: it got in and sent ``touch(marker)``)."""
    for _ in range(3):
        try:
            with distributed.Client(target, security=security, timeout=5) as intruder:
                intruder.submit(touch, str(marker), pure=False).result(timeout=10)
        except AssertionError:  # Dask's own loop thread missed its 10 s start: a starved machine
            continue
        except Exception as refused:
            return refused
        return None
    raise AssertionError("the client's loop never started")


def bare_tls_answer(address: str) -> str:
    """What a server says to a TLS client that shows no certificate (nor checks the server's)."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.check_hostname, context.verify_mode = False, ssl.CERT_NONE
    where = urlsplit(address)
    with socket.create_connection((where.hostname, where.port), timeout=10) as raw:
        try:
            with context.wrap_socket(raw) as wrapped:
                return f"answered {wrapped.recv(64)!r}"  # a Dask server greets a client it lets in
        except ssl.SSLError as error:
            return "certificate required" if "CERTIFICATE_REQUIRED" in str(error) else str(error)


@pytest.fixture(scope="module")
def plain_cluster() -> Iterator[distributed.LocalCluster]:
    """A scheduler without security, as `dask scheduler` starts one (threads: enough here)."""
    with distributed.LocalCluster(
        n_workers=1,
        processes=False,
        protocol="tcp://",
        host="127.0.0.1",
        dashboard_address=None,
        silence_logs=logging.ERROR,
    ) as running:
        assert running.scheduler_address.startswith("tcp://")
        yield running


def test_a_tcp_scheduler_is_refused_unless_insecure_is_given_and_then_warned_of(
    tmp_path: Path, plain_cluster: distributed.LocalCluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    words = write_words(tmp_path)
    options = ["--count", "6", "--words-per-puzzle", "10", "--size", "11x11", "--seed", "11"]
    address = plain_cluster.scheduler_address
    on_it = ["--cluster", address]
    refused = run("book", words, *options, *on_it, "-o", tmp_path / "a.jsonl")
    assert refused.returncode == 2 and not (tmp_path / "a.jsonl").exists()
    assert refused.stderr == (
        f"wortsuche: error: {address} is unencrypted and lets anyone who reaches it run code on "
        "its workers: use tls:// with --tls-ca, --tls-cert and --tls-key, or add --insecure on "
        "a network only you use\n"
    )
    made = run("book", words, *options, *on_it, "--insecure", "-o", tmp_path / "a.jsonl")
    assert made.returncode == 0, made.stderr
    assert next(line for line in made.stderr.splitlines() if "--insecure" in line) == (
        f"wortsuche: warning: {address} is reached with --insecure: the puzzles travel "
        "unencrypted, and anyone who reaches the scheduler can run code on its workers"
    )
    book(words, "--count", "6", "--workers", "1", "-o", tmp_path / "one.jsonl")
    assert (tmp_path / "a.jsonl").read_bytes() == (tmp_path / "one.jsonl").read_bytes()
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    german = run("book", words, *options, *on_it, "--insecure", "-o", tmp_path / "c.jsonl")
    assert german.returncode == 0, german.stderr
    assert any(
        line.startswith(f"wortsuche: Warnung: {address} wird mit --insecure erreicht:")
        for line in german.stderr.splitlines()
    )
    refused = run("book", words, *options, *on_it, "-o", tmp_path / "d.jsonl")
    assert refused.returncode == 2
    assert refused.stderr.startswith(f"wortsuche: Fehler: {address} ist unverschlüsselt")


def test_a_tls_scheduler_takes_its_files_from_dasks_environment_variables(
    tmp_path: Path,
    cluster: distributed.LocalCluster,
    tls_files: dict[str, Path],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    words = write_words(tmp_path)
    book(words, "--count", "8", "--workers", "1", "-o", tmp_path / "one.jsonl")
    for role, variable in [("ca", "CA_FILE"), ("cert", "CLIENT__CERT"), ("key", "CLIENT__KEY")]:
        monkeypatch.setenv(f"DASK_DISTRIBUTED__COMM__TLS__{variable}", str(tls_files[role]))
    options = ["--words-per-puzzle", "10", "--size", "11x11", "--seed", "11", "--count", "8"]
    made = run_process(
        "book",
        words,
        *options,
        "--cluster",
        cluster.scheduler_address,
        "-o",
        tmp_path / "dask.jsonl",
    )
    assert made.returncode == 0, made.stderr
    assert "making the puzzles on 2 Dask workers" in made.stderr
    assert (tmp_path / "dask.jsonl").read_bytes() == (tmp_path / "one.jsonl").read_bytes()
    monkeypatch.setenv("DASK_DISTRIBUTED__COMM__TLS__CA_FILE", str(tmp_path / "none.pem"))
    wrong = run_process(
        "book", words, *options, "--cluster", cluster.scheduler_address, "-o", tmp_path / "x.jsonl"
    )
    assert wrong.returncode == 2 and not (tmp_path / "x.jsonl").exists()
    assert wrong.stderr == (
        f"wortsuche: error: DASK_DISTRIBUTED__COMM__TLS__CA_FILE {tmp_path / 'none.pem'}: no such file\n"
    )


def mistakes(files: dict[str, Path], folder: Path) -> list[tuple[list[str | Path], str]]:
    """Options that cannot reach a cluster, and the start of the one line that says why."""
    other = Security.temporary()
    (folder / "garbage.pem").write_text("no certificate\n")
    (folder / "other-key.pem").write_text(other.tls_client_key)
    private = serialization.load_pem_private_key(files["key"].read_bytes(), password=None)
    locked = serialization.BestAvailableEncryption(b"secret")
    pkcs8 = serialization.PrivateFormat.PKCS8
    (folder / "encrypted.pem").write_bytes(
        private.private_bytes(serialization.Encoding.PEM, pkcs8, locked)
    )
    tls = "tls://127.0.0.1:8786"
    ca, cert, key = (["--tls-" + role, files[role]] for role in ("ca", "cert", "key"))
    return [
        ([tls], "a tls:// scheduler needs --tls-ca and --tls-cert"),
        ([tls, *ca], "a tls:// scheduler needs --tls-ca and --tls-cert"),
        (
            [tls, "--tls-ca", folder / "missing.pem", *cert, *key],
            f"--tls-ca {folder / 'missing.pem'}: no such file",
        ),
        (
            [tls, *ca, *cert, "--tls-key", folder],
            f"--tls-key {folder}: cannot read (Is a directory)",
        ),
        (
            [tls, "--tls-ca", folder / "garbage.pem", *cert, *key],
            f"--tls-ca: {folder / 'garbage.pem'} holds no certificate in PEM format",
        ),
        (
            [tls, *ca, "--tls-cert", folder / "garbage.pem", *key],
            f"{folder / 'garbage.pem'} + {files['key']} is no certificate with its unencrypted private key",
        ),
        (
            [tls, *ca, *cert, "--tls-key", folder / "other-key.pem"],
            f"{files['cert']} + {folder / 'other-key.pem'} is no certificate",
        ),
        ([tls, *ca, *cert], f"{files['cert']} is no certificate with its unencrypted private key"),
        (
            [tls, *ca, *cert, "--tls-key", folder / "encrypted.pem"],
            f"{files['cert']} + {folder / 'encrypted.pem'} is no certificate with its unencrypted",
        ),
        (
            [tls, "--insecure", *ca, *cert, *key],
            f"--insecure is for a tcp:// scheduler; {tls} is secured",
        ),
        (["local:2", "--insecure"], "--insecure is for a tcp:// scheduler; local:2 is secured"),
        (["local:2", *ca], "--tls-ca is for a tls:// scheduler, not local:2"),
        (
            ["tcp://127.0.0.1:8786", "--insecure", *cert],
            "--tls-cert is for a tls:// scheduler, not tcp://127.0.0.1:8786",
        ),
        (["tcp://127.0.0.1:8786"], "tcp://127.0.0.1:8786 is unencrypted"),
    ]


def test_every_mistake_in_the_cluster_options_is_one_line_before_anything_is_made(
    tmp_path: Path, tls_files: dict[str, Path]
) -> None:
    words = write_words(tmp_path)
    for options, said in mistakes(tls_files, tmp_path):
        made = run("book", words, "--count", "2", "--cluster", *options, "-o", tmp_path / "x.jsonl")
        assert made.returncode == 2, options
        assert (
            made.stderr.startswith(f"wortsuche: error: {said}") and made.stderr.count("\n") == 1
        ), (options, made.stderr)
        assert not (tmp_path / "x.jsonl").exists()
    for options in (["--insecure"], ["--tls-key", tls_files["key"]]):
        made = run("book", words, "--count", "2", *options, "-o", tmp_path / "x.jsonl")
        assert (
            made.returncode == 2
            and made.stderr == f"wortsuche: error: {options[0]} belongs to --cluster\n"
        )


def test_the_cluster_mistakes_are_said_in_german(
    tmp_path: Path, tls_files: dict[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    words = write_words(tmp_path)
    cases = {
        ("tls://127.0.0.1:8786",): "ein tls://-Scheduler braucht --tls-ca und --tls-cert",
        (
            "tls://127.0.0.1:8786",
            "--tls-ca",
            str(tmp_path / "nix.pem"),
            "--tls-cert",
            str(tls_files["cert"]),
        ): f"--tls-ca {tmp_path / 'nix.pem'}: Datei nicht gefunden",
        (
            "local:2",
            "--insecure",
        ): "--insecure gilt für einen tcp://-Scheduler; local:2 ist gesichert",
        (
            "local:2",
            "--tls-ca",
            str(tls_files["ca"]),
        ): "--tls-ca gilt für einen tls://-Scheduler, nicht für local:2",
    }
    for options, said in cases.items():
        made = run("book", words, "--count", "2", "--cluster", *options, "-o", tmp_path / "x.jsonl")
        assert made.returncode == 2 and made.stderr.startswith(f"wortsuche: Fehler: {said}"), (
            made.stderr
        )


def test_a_scheduler_that_refuses_the_credentials_or_speaks_another_scheme_is_one_line(
    tmp_path: Path,
    cluster: distributed.LocalCluster,
    plain_cluster: distributed.LocalCluster,
    tls_files: dict[str, Path],
) -> None:
    words = write_words(tmp_path)
    other = Security.temporary()
    for role, text in (("cert", other.tls_client_cert), ("key", other.tls_client_key)):
        (tmp_path / f"other-{role}.pem").write_text(text)
    strangers = ["--tls-ca", tls_files["ca"], "--tls-cert", tmp_path / "other-cert.pem"]
    strangers += ["--tls-key", tmp_path / "other-key.pem"]
    secured, plain = cluster.scheduler_address, plain_cluster.scheduler_address
    attempts = [
        [secured, *strangers],  # a certificate the cluster's CA did not sign
        [secured.replace("tls://", "tcp://"), "--insecure"],  # plain tcp to a TLS scheduler
        [plain.replace("tcp://", "tls://"), *tls_options(tls_files)],  # TLS to a plain one
    ]
    for options in attempts:
        made = run("book", words, "--count", "2", "--cluster", *options, "-o", tmp_path / "x.jsonl")
        assert made.returncode == 2, made.stderr
        said = f"wortsuche: error: cannot reach the Dask scheduler at {options[0]} ("
        *before, last = made.stderr.splitlines()
        assert last.startswith(said) and last.endswith(")"), made.stderr
        assert [line.split(" is reached with")[0] for line in before] == (
            [f"wortsuche: warning: {options[0]}"] if "--insecure" in options else []
        )
        assert not (tmp_path / "x.jsonl").exists()
