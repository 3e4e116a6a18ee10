"""Puzzle books on a Dask cluster: the puzzles of a plan made by the workers of a scheduler.

``--cluster tls://scheduler:8786`` sends the planned puzzles (each its number, words and seed),
a few to a task, to a Dask distributed cluster that is already running; ``--cluster local:N``
starts one with N worker processes on this machine for the run. Each puzzle depends on its plan and the settings alone
(:func:`wortsuche.book.make_puzzle`), so the book gathered back in the plan's order is byte for
byte the book of one process. A worker that dies has its puzzles run again by Dask on another.

A Dask worker runs whatever a client of its scheduler sends, so nobody may be a client without
credentials: a ``local:N`` cluster speaks TLS with a certificate made for the run, held in the
memory of this process and its workers alone (Dask's ``Security.temporary()``; distributed has
no Unix socket that file permissions could guard instead), and a remote scheduler is reached
over ``tls://`` with the CA, certificate and key given (:class:`Credentials`). A plain
``tcp://`` scheduler lets anyone who reaches it run code, so it is used only when asked for
with ``insecure=True``.

Every worker needs the same wortsuche (and its extras) as the machine that plans the book.
"""

from __future__ import annotations

import logging
import os
import re
import ssl
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

from wortsuche.book import BookSettings, PlannedPuzzle, in_order, make_puzzle
from wortsuche.errors import InputError, MissingExtraError, UserError, unreadable

if TYPE_CHECKING:
    from distributed import Client, LocalCluster
    from distributed.security import Security

    from wortsuche.model import Puzzle

LOCAL = re.compile(r"local:(\d+)")
REMOTE = re.compile(r"(tcp|tls)://[^\s/]+:\d+")
MAX_LOCAL_WORKERS = 256
CONNECT_SECONDS = 10
"""How long reaching a scheduler may take before the run stops with one line."""
NO_HTTP_PAGES: dict[str, list[str]] = {
    "distributed.scheduler.http.routes": [],
    "distributed.worker.http.routes": [],
}
"""A local cluster's HTTP ports serve nothing: Dask serves them without TLS, and its pages
(tasks, logs, call stacks, a proxy to the workers) would show the run to anyone on the machine."""


@dataclass(frozen=True)
class Credentials:
    """What this machine shows a ``tls://`` scheduler: the CA that signed the cluster's
    certificates, and a certificate with its key (``key`` None: the certificate file holds it).
    Each is a file name; one not given is taken from Dask's configuration (:data:`TLS_CONFIG`)."""

    ca: str | None = None
    cert: str | None = None
    key: str | None = None

    def given(self) -> list[str]:
        """The options given, as flags (``--tls-ca`` …)."""
        return [FLAGS[role] for role in ROLES if getattr(self, role) is not None]


ROLES = ("ca", "cert", "key")
FLAGS = {"ca": "--tls-ca", "cert": "--tls-cert", "key": "--tls-key"}
TLS_CONFIG = {
    "ca": "distributed.comm.tls.ca-file",
    "cert": "distributed.comm.tls.client.cert",
    "key": "distributed.comm.tls.client.key",
}
"""Dask's own settings of a client's TLS files: its YAML files, or the environment variables
``DASK_DISTRIBUTED__COMM__TLS__CA_FILE``, ``…__CLIENT__CERT`` and ``…__CLIENT__KEY``."""


def checked_address(
    address: str, *, insecure: bool = False, credentials: Credentials | None = None
) -> str:
    """``address`` if it names a cluster (``local:N``, ``tls://host:port``, or ``tcp://host:port``
    with ``insecure``) that the ``credentials`` given belong to, else InputError.

    >>> checked_address("local:4"), checked_address("tls://10.0.0.5:8786")
    ('local:4', 'tls://10.0.0.5:8786')
    >>> checked_address("tcp://10.0.0.5:8786", insecure=True)
    'tcp://10.0.0.5:8786'
    """
    local = LOCAL.fullmatch(address)
    if local and 1 <= int(local.group(1)) <= MAX_LOCAL_WORKERS:
        scheme = "local"
    elif local:
        raise InputError(
            f"--cluster local:N needs N from 1 to {MAX_LOCAL_WORKERS}, not {address}",
            key="error.cluster-local",
            values={"most": MAX_LOCAL_WORKERS, "value": address},
        )
    elif remote := REMOTE.fullmatch(address):
        scheme = remote.group(1)
    else:
        raise InputError(
            f"--cluster is local:N or a Dask scheduler's tls://host:port, not {address!r}",
            key="error.cluster-address",
            values={"value": address},
        )
    check_security(address, scheme, insecure=insecure, given=(credentials or Credentials()).given())
    return address


def check_security(address: str, scheme: str, *, insecure: bool, given: list[str]) -> None:
    """Refuse a plain ``tcp://`` scheduler unless ``insecure``, and options that do not belong
    to the scheme (``--insecure`` beside TLS, TLS files beside local:N or tcp://)."""
    if scheme == "tcp" and not insecure:
        raise InputError(
            f"{address} is unencrypted and lets anyone who reaches it run code on its workers: "
            "use tls:// with --tls-ca, --tls-cert and --tls-key, or add --insecure on a network "
            "only you use",
            key="error.cluster-tcp",
            values={"address": address},
        )
    if scheme != "tcp" and insecure:
        raise InputError(
            f"--insecure is for a tcp:// scheduler; {address} is secured",
            key="error.cluster-insecure",
            values={"address": address},
        )
    if scheme != "tls" and given:
        raise InputError(
            f"{given[0]} is for a tls:// scheduler, not {address}",
            key="error.cluster-tls-scheme",
            values={"flag": given[0], "address": address},
        )


def client_security(credentials: Credentials) -> Security:
    """The TLS security of a client of a ``tls://`` scheduler, from the files of
    ``credentials`` (else Dask's configuration), each checked to be readable and usable."""
    from dask import config
    from distributed.security import Security

    files = {
        role: TlsFile(FLAGS[role], given)
        if (given := getattr(credentials, role)) is not None
        else TlsFile(configured_name(role), config.get(TLS_CONFIG[role], None))
        for role in ROLES
    }
    if files["ca"].path is None or files["cert"].path is None:
        raise InputError(
            "a tls:// scheduler needs --tls-ca and --tls-cert (and --tls-key unless the "
            "certificate file holds the key), or Dask's DASK_DISTRIBUTED__COMM__TLS__CA_FILE "
            "and …__CLIENT__CERT",
            key="error.cluster-tls-missing",
        )
    check_tls_files(files["ca"], files["cert"], files["key"])
    return Security(
        require_encryption=True,
        tls_ca_file=files["ca"].path,
        tls_client_cert=files["cert"].path,
        tls_client_key=files["key"].path,
    )


@dataclass(frozen=True)
class TlsFile:
    """A TLS file and where it was named (an option, or Dask's setting)."""

    source: str
    path: str | None

    def readable(self) -> str | None:
        """The file's name once it is known to be readable; InputError (as for a word list) if
        it is not."""
        if self.path is None:
            return None
        first, *more = self.path.splitlines() or [""]  # one line even for a certificate's text
        named = f"{self.source} {first}{' …' if more else ''}"
        try:
            with open(self.path, "rb") as opened:
                opened.read(1)
        except OSError as error:
            raise unreadable(named, error) from None
        return self.path


def configured_name(role: str) -> str:
    """How the user named Dask's setting of ``role``: its environment variable, if set."""
    variable = "DASK_" + TLS_CONFIG[role].upper().replace(".", "__").replace("-", "_")
    return variable if variable in os.environ else TLS_CONFIG[role]


def check_tls_files(ca: TlsFile, cert: TlsFile, key: TlsFile) -> None:
    """InputError unless ``ca`` holds certificates and ``cert`` a certificate whose private key
    is in ``key`` (or in ``cert`` itself), all in PEM format and the key not encrypted."""
    ca_path, cert_path, key_path = ca.readable(), cert.readable(), key.readable()
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    try:
        context.load_verify_locations(cafile=ca_path)
    except (ssl.SSLError, ValueError) as error:
        raise InputError(
            f"{ca.source}: {ca_path} holds no certificate in PEM format ({error.args[-1]})",
            key="error.cluster-tls-ca",
            values={"source": ca.source, "path": ca_path, "reason": error.args[-1]},
        ) from None
    try:  # an empty password: an encrypted key is refused here, never asked for on the terminal
        context.load_cert_chain(cert_path or "", key_path, password=b"")
    except (ssl.SSLError, ValueError) as error:
        names = cert_path if key_path is None else f"{cert_path} + {key_path}"
        raise InputError(
            f"{names} is no certificate with its unencrypted private key in PEM format "
            f"({error.args[-1]})",
            key="error.cluster-tls-cert",
            values={"files": names, "reason": error.args[-1]},
        ) from None


@contextmanager
def connected(
    address: str, *, insecure: bool = False, credentials: Credentials | None = None
) -> Iterator[Client]:
    """A Dask client of the cluster at ``address``; a ``local:N`` cluster lives as long as it.

    A ``local:N`` cluster and its client share a certificate made for the run; a ``tls://``
    scheduler is shown the ``credentials``; ``tcp://`` needs ``insecure``."""
    checked_address(address, insecure=insecure, credentials=credentials)
    try:
        from distributed import Client
    except ImportError as error:
        raise MissingExtraError(f"--cluster ({error.name} is missing)", "cluster") from None
    if local := LOCAL.fullmatch(address):
        with local_cluster(int(local.group(1))) as cluster, Client(cluster) as client:
            yield client
        return
    secured = address.startswith("tls://")
    security = client_security(credentials or Credentials()) if secured else None
    try:  # tls:// meeting a plain scheduler that greets first raises tornado's ValueError
        client = Client(address, timeout=CONNECT_SECONDS, security=security)
    except (OSError, TimeoutError, ValueError) as error:
        raise InputError(
            f"cannot reach the Dask scheduler at {address} ({error})",
            key="error.cluster-unreachable",
            values={"address": address, "reason": str(error)},
        ) from None
    with client:
        yield client


def local_cluster(workers: int) -> LocalCluster:
    """A scheduler and ``workers`` worker processes on 127.0.0.1 that speak TLS with a
    certificate made now, known to this process (and handed to its workers) alone."""
    from dask import config
    from distributed import LocalCluster
    from distributed.security import Security

    try:
        security = Security.temporary()
    except ImportError:
        raise MissingExtraError("--cluster (cryptography is missing)", "cluster") from None
    with config.set(NO_HTTP_PAGES):  # read as the scheduler and the nannies start
        return LocalCluster(
            n_workers=workers,
            threads_per_worker=1,  # a puzzle holds the GIL: one process per core
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
            security=security,  # tls:// between all of them, each showing the run's certificate
            silence_logs=logging.CRITICAL,  # a worker outliving its scheduler at the end logs errors that are no error of the book
        )


def build_on_cluster(
    plan: Sequence[PlannedPuzzle],
    settings: BookSettings,
    client: Client,
    *,
    on_done: Callable[[PlannedPuzzle], None] | None = None,
) -> list[Puzzle]:
    """Generate the planned puzzles on the cluster of ``client`` and give them in the plan's order
    (as :func:`wortsuche.book.build_book` does in processes of this machine)."""
    from distributed import as_completed

    if not plan:
        return []
    size = batch_size(len(plan), max(1, workers(client)))
    batches = [list(plan[start : start + size]) for start in range(0, len(plan), size)]
    # pure=False: a key of its own for each run, never another run's result kept by the scheduler
    futures = client.map(make_puzzles, batches, settings=settings, pure=False)
    batch_of = {future.key: batch for future, batch in zip(futures, batches, strict=True)}
    results: dict[int, Puzzle | UserError] = {}
    try:
        for future in as_completed(futures):
            # shorter than its batch only up to a puzzle that could not be made
            made = zip(batch_of[future.key], future.result(), strict=False)
            if not collected(made, results, on_done):
                break  # one puzzle cannot be made, so the book cannot: the rest are cancelled
    finally:
        client.cancel(futures)  # what still waits or runs (nothing, after a whole run)
    return in_order(plan, results)


def collected(
    made: Iterable[tuple[PlannedPuzzle, Puzzle | UserError]],
    results: dict[int, Puzzle | UserError],
    on_done: Callable[[PlannedPuzzle], None] | None,
) -> bool:
    """Keep the puzzles of one batch in ``results``; False at the first that could not be made."""
    for planned, result in made:
        results[planned.number] = result
        if isinstance(result, UserError):
            return False
        if on_done:
            on_done(planned)
    return True


BATCH = 20
"""The most puzzles in one task: a task of a few hundred milliseconds keeps Dask's own work per
task (about a millisecond of scheduling and sending) small beside the puzzles'."""


def batch_size(puzzles: int, workers: int) -> int:
    """Puzzles per task: at most :data:`BATCH`, and at least four tasks for each worker.

    >>> batch_size(1000, 2), batch_size(24, 2), batch_size(3, 8)
    (20, 3, 1)
    """
    return max(1, min(BATCH, puzzles // (4 * workers)))


def make_puzzles(batch: list[PlannedPuzzle], settings: BookSettings) -> list[Puzzle | UserError]:
    """On a worker: make the puzzles of one task, up to the first that cannot be made."""
    made: list[Puzzle | UserError] = []
    for planned in batch:
        made.append(make_puzzle(planned, settings))
        if isinstance(made[-1], UserError):
            break
    return made


def workers(client: Client) -> int:
    """How many workers the cluster of ``client`` has now."""
    return len(client.scheduler_info().get("workers", {}))
