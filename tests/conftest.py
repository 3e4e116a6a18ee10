"""Fixtures shared by every test folder: the system Chromium, driven by Playwright.

Playwright never downloads a browser here: it launches Debian's ``/usr/bin/chromium``
(``apt-get install -y chromium``). Screenshots and other artefacts go under ``test-artifacts/``.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

# Property tests draw the same examples on every run in CI (CI=true), so a red run names a code
# change, never a draw; on a developer's machine they draw anew each time, to find what CI cannot.
# No deadline in CI: a loaded machine makes a quick example slow, and a red run must name a change.
settings.register_profile("ci", derandomize=True, database=None, print_blob=True, deadline=None)
settings.register_profile("dev", print_blob=True)
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
)

CHROMIUM = os.environ.get("WORTSUCHE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"

# Sheets follow the system language when the words do not make theirs clear; the tests (and the
# command lines they start) see no system language, so they get English unless they ask.
for _variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
    os.environ.pop(_variable, None)
# Nor do they see a teacher's defaults (wortsuche.cli.settings): no WORTSUCHE_* settings, and
# a config folder that holds no wortsuche/config.toml.
for _setting in ("LANGUAGE", "ESZETT", "PAPER", "CASE", "FONT", "NAME_LINE"):
    os.environ.pop(f"WORTSUCHE_{_setting}", None)
# The folder is a fresh temporary one: Chromium keeps its own settings under the same variable.
os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="wortsuche-no-config-")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Browser tests are marked ``browser`` and share one worker, so one Chromium serves them all."""
    for item in items:
        if "chromium" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.slow)
            item.add_marker(pytest.mark.xdist_group("browser"))


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    """A headless Chromium (a Playwright ``Browser``), shared by the whole test session."""
    if os.environ.get("WORTSUCHE_SKIP_BROWSER"):
        pytest.skip("browser tests switched off by WORTSUCHE_SKIP_BROWSER")
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        pytest.fail(
            f"{CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium)"
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """The folder for screenshots and other test output (git-ignored)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
