"""Lighthouse on the play page, as a phone sees it: accessibility, performance, best practices, PWA.

Starts ``wortsuche serve`` on a free port with a fresh database, makes one puzzle through the API
and runs Lighthouse (npm ``lighthouse`` 11.7.1, installed into ``benchmarks/lighthouse`` with npm
once; 11.x is the last version with the PWA category) with Debian's Chromium and Lighthouse's
mobile emulation (a mid-range phone, throttled 4G). Prints one table line per page::

    apt-get install -y chromium nodejs npm
    python3 benchmarks/lighthouse.py                # the play page, English and German
    python3 benchmarks/lighthouse.py --runs 3       # the median of three runs per page

Each run's full report is kept in ``benchmarks/results/tmp/lighthouse-*.json``. Not part of the
test suite: the scores depend on the machine's speed (performance most of all).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
PACKAGE = HERE / "lighthouse"
REPORTS = HERE / "results" / "tmp"
CHROMIUM = os.environ.get("WORTSUCHE_CHROMIUM", "/usr/bin/chromium")
CATEGORIES = ("accessibility", "performance", "best-practices", "pwa")
WORDS = ["Apfel", "Birne", "Kirsche", "Pflaume", "Banane", "Mango", "Quitte", "Traube"]


def install() -> Path:
    """The Lighthouse command line, installed with npm on first use."""
    binary = PACKAGE / "node_modules" / ".bin" / "lighthouse"
    if not binary.exists():
        if shutil.which("npm") is None:
            sys.exit("npm is missing: apt-get install -y nodejs npm")
        subprocess.run(["npm", "install", "--no-audit", "--no-fund"], cwd=PACKAGE, check=True)
    return binary


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(database: Path) -> tuple[subprocess.Popen[bytes], str]:
    """``wortsuche serve`` on a free port, answering once it is up."""
    port = free_port()
    command = [
        sys.executable,
        "-m",
        "wortsuche",
        "serve",
        "--port",
        str(port),
        "--db",
        str(database),
    ]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url + "/", timeout=1).close()
            return server, url
        except OSError:
            time.sleep(0.2)
    server.terminate()
    sys.exit("wortsuche serve did not start")


def make_puzzle(url: str) -> str:
    """A puzzle of eight words, made through the API; its page's path."""
    body = json.dumps({"words": WORDS, "level": "medium", "seed": 5, "title": "Obst"}).encode()
    request = urllib.request.Request(
        url + "/api/puzzles", body, {"Content-Type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(request, timeout=60) as response:
        path: str = json.load(response)["url"]
        return path


def lighthouse(binary: Path, page: str, report: Path) -> dict[str, float]:
    """One Lighthouse run with mobile emulation: each category's score, 0 to 100."""
    flags = "--headless=new --no-sandbox --disable-gpu --no-first-run"
    subprocess.run(
        [str(binary), page, "--quiet", "--output=json", f"--output-path={report}",
         f"--only-categories={','.join(CATEGORIES)}", "--form-factor=mobile",
         f"--chrome-flags={flags}"],
        check=True, env={**os.environ, "CHROME_PATH": CHROMIUM},
    )  # fmt: skip
    data = json.loads(report.read_text(encoding="utf-8"))
    return {name: 100 * (data["categories"][name]["score"] or 0) for name in CATEGORIES}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1, help="runs per page (the median is shown)")
    arguments = parser.parse_args()
    binary = install()
    REPORTS.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        server, url = start_server(Path(folder) / "puzzles.sqlite")
        try:
            path = make_puzzle(url)
            print(f"| page | {' | '.join(CATEGORIES)} |")
            print(f"|---|{'---|' * len(CATEGORIES)}")
            for lang in ("en", "de"):
                page = f"{url}{path}?lang={lang}"
                runs = [
                    lighthouse(binary, page, REPORTS / f"lighthouse-{lang}-{n}.json")
                    for n in range(arguments.runs)
                ]
                medians = [statistics.median(run[name] for run in runs) for name in CATEGORIES]
                print(f"| play ({lang}) | {' | '.join(f'{m:.0f}' for m in medians)} |")
        finally:
            server.terminate()
            server.wait(timeout=10)


if __name__ == "__main__":
    main()
