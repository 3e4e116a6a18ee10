"""The browser's modules: ESLint and the node unit tests pass, every module is one the offline
file can inline, and the service worker keeps every module the pages import.

The README's test command runs ``npm run lint`` and ``npm test`` through this file. Under CI a
missing ``node_modules`` (``npm ci`` not run) fails; elsewhere it skips.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from wortsuche.render.html import GAME_ENTRY
from wortsuche.render.modules import DECLARATION, join, joined, load_order, module, parse
from wortsuche.render.scorm import SCORM_ENTRY

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "src" / "wortsuche" / "web" / "static"
PAGE_ENTRIES = ("play.js", "classroom.js", "create.js", "teacher.js", "records.js")
"""The modules the web pages load (templates/*.html, pages.py's RECORDING_SCRIPT)."""


def npm(script: str) -> subprocess.CompletedProcess[str]:
    """``npm run <script>`` at the repository's root."""
    if shutil.which("npm") is None or not (ROOT / "node_modules").is_dir():
        if os.environ.get("CI") == "true":
            pytest.fail("node_modules is missing: run npm ci (apt-get install -y nodejs npm)")
        pytest.skip("npm ci has not been run")
    return subprocess.run(
        ["npm", "run", "--silent", script], cwd=ROOT, capture_output=True, text=True, check=False
    )


def test_eslint_finds_nothing() -> None:
    result = npm("lint")
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_node_unit_tests_pass() -> None:
    result = npm("test")
    assert result.returncode == 0, result.stdout + result.stderr
    assert re.search(r"^# pass [1-9]", result.stdout, re.M), result.stdout


@pytest.mark.parametrize("entry", [GAME_ENTRY, SCORM_ENTRY, *PAGE_ENTRIES])
def test_every_entry_joins_into_one_module_with_unique_top_level_names(entry: str) -> None:
    names = [name for part in load_order(entry) for name in module(part).declared]
    assert len(names) == len(set(names)), sorted(n for n in names if names.count(n) > 1)
    text = joined(entry)
    assert not re.search(r"^(import|export)\b", text, re.M)
    assert sorted(DECLARATION.findall(text)) == sorted(names)


def test_modules_that_declare_one_name_twice_or_rename_an_import_are_refused() -> None:
    said = parse("texts.js", "export function say() {}\n")
    again = parse("game.js", 'import { say } from "./texts.js";\nconst say = 1;\n')
    assert again.imports == ("texts.js",) and again.declared == ("say",)
    with pytest.raises(ValueError, match=r"game\.js and texts\.js both declare 'say'"):
        join([said, again])
    with pytest.raises(ValueError, match="renames an import"):
        parse("a.js", 'import { say as tell } from "./texts.js";\n')
    for refused in ("export default 1;\n", 'import * as texts from "./texts.js";\n'):
        with pytest.raises(ValueError, match="cannot be inlined"):
            parse("a.js", refused)
    multi = parse(
        "a.js", 'import {\n  say,\n  keepLanguage,\n} from "./texts.js";\nexport const x = 1;\n'
    )
    assert multi.imports == ("texts.js",) and multi.body == "const x = 1;\n"


def test_every_static_module_is_an_es_module_without_use_strict() -> None:
    for path in STATIC.glob("*.js"):
        text = path.read_text(encoding="utf-8")
        if path.name == "sw.js":  # a classic script: the browser runs it, nothing imports it
            assert not re.search(r"^(import|export) ", text, re.M)
            continue
        assert '"use strict"' not in text, path.name  # a module is strict
        module(path.name)  # inlinable: only the forms the joiner knows


def test_the_service_worker_keeps_every_module_the_pages_import() -> None:
    worker = (STATIC / "sw.js").read_text(encoding="utf-8")
    kept = set(re.findall(r'"([\w-]+\.js)"', worker))
    for entry in ("play.js", "create.js"):
        assert set(load_order(entry)) <= kept, set(load_order(entry)) - kept


def test_each_page_loads_its_entry_module_and_preloads_what_it_imports(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from wortsuche.web.app import create_app

    client = TestClient(create_app(tmp_path / "puzzles.sqlite"))
    made = client.post("/api/puzzles", json={"words": ["Apfel", "Birne"], "rows": 5, "cols": 5})
    for path, entry in (("/", "create.js"), (made.json()["url"], "play.js")):
        page = client.get(path).text
        assert re.findall(r'<script type="module" src="/static/([\w-]+\.js)\?v=', page) == [entry]
        preloaded = re.findall(r'<link rel="modulepreload" href="/static/([\w-]+\.js)">', page)
        assert preloaded == load_order(entry)[:-1]
