"""The SCORM 1.2 package: a manifest a learning platform reads, the offline game inside it, and
the game reporting to a real SCORM 1.2 run-time (the npm package scorm-again) in Debian's
Chromium, as Moodle, ILIAS or itslearning would run it: the platform's page holds ``window.API``
and opens the package's game in a frame."""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
import urllib.parse
import zipfile
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest
from playwright.sync_api import expect

import wortsuche.web
from cli import run
from static_site import serve_folder
from wortsuche import Puzzle
from wortsuche.render import FORMATS, render
from wortsuche.render.html import GAME_ENTRY
from wortsuche.render.modules import joined, load_order, module
from wortsuche.render.scorm import SCORM_ENTRY

STATIC = Path(wortsuche.web.__file__).parent / "static"
LMS = Path(__file__).resolve().parent.parent / "lms"
"""The test platform's npm packages (``package.json``, its lock, and ``node_modules``)."""
CP = "{http://www.imsproject.org/xsd/imscp_rootv1p1p2}"
ADLCP = "{http://www.adlnet.org/xsd/adlcp_rootv1p2}"
NCNAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]*")
"""An XML identifier (``xs:ID``): what every ``identifier`` of a manifest must be."""


def package_files(package: bytes) -> dict[str, bytes]:
    """The files of a zip by name."""
    with zipfile.ZipFile(io.BytesIO(package)) as archive:
        assert archive.testzip() is None
        return {name: archive.read(name) for name in archive.namelist()}


def one(element: ElementTree.Element, path: str) -> ElementTree.Element:
    """The single element at ``path`` (a manifest has exactly one of each we ask for)."""
    found = element.findall(path)
    assert len(found) == 1, path
    return found[0]


# -- the package -------------------------------------------------------------------------------


def test_the_manifest_is_scorm_1_2_with_one_sco_the_package_holds(zoo: Puzzle) -> None:
    files = package_files(bytes(render(zoo, "scorm", title="Tiere")))
    root = ElementTree.fromstring(files["imsmanifest.xml"])
    assert root.tag == f"{CP}manifest"
    assert one(root, f"{CP}metadata/{CP}schema").text == "ADL SCORM"
    assert one(root, f"{CP}metadata/{CP}schemaversion").text == "1.2"
    organizations = one(root, f"{CP}organizations")
    organization = one(organizations, f"{CP}organization")
    assert organizations.get("default") == organization.get("identifier")
    assert one(organization, f"{CP}title").text == "Tiere"
    item = one(organization, f"{CP}item")
    assert one(item, f"{CP}title").text == "Tiere"
    resource = one(root, f"{CP}resources/{CP}resource")
    assert item.get("identifierref") == resource.get("identifier")
    assert resource.get("type") == "webcontent"
    assert resource.get(f"{ADLCP}scormtype") == "sco"
    assert resource.get("href") == "index.html"
    assert [file.get("href") for file in resource.findall(f"{CP}file")] == ["index.html"]
    assert set(files) == {"imsmanifest.xml", "index.html"}
    identifiers = [e.get("identifier") or "" for e in root.iter() if "identifier" in e.attrib]
    assert len(identifiers) == len(set(identifiers)) == 4
    assert all(NCNAME.fullmatch(identifier) for identifier in identifiers)


def test_the_zip_holds_relative_paths_and_the_same_puzzle_gives_the_same_bytes(
    zoo: Puzzle, small: Puzzle
) -> None:
    package = bytes(render(zoo, "scorm"))
    with zipfile.ZipFile(io.BytesIO(package)) as archive:
        for entry in archive.infolist():
            name = entry.filename
            assert not name.startswith(("/", "\\")) and ":" not in name and "\\" not in name
            assert ".." not in name.split("/")
            assert entry.compress_type == zipfile.ZIP_DEFLATED
    assert bytes(render(zoo, "scorm")) == package
    assert bytes(render(small, "scorm")) != package


def test_the_game_is_the_offline_file_with_the_reporting_before_the_game_starts(
    zoo: Puzzle,
) -> None:
    package = load_order(SCORM_ENTRY)
    assert set(package) - set(load_order(GAME_ENTRY)) == {"scorm.js", SCORM_ENTRY}
    assert package.index("scorm.js") > package.index("game.js")
    page = package_files(bytes(render(zoo, "scorm", language="de")))["index.html"].decode()
    inlined = re.findall(r'<script type="module">\n(.*?)</script>', page, flags=re.DOTALL)
    assert inlined == [joined(SCORM_ENTRY)]
    # the session starts before the game: its listeners hear the game's first event
    entry = module(SCORM_ENTRY).body
    assert "playOffline(startScormSession(window));" in entry
    offline = render(zoo, "html", language="de")
    assert page.replace(joined(SCORM_ENTRY), joined(GAME_ENTRY)) == offline


def test_a_title_with_markup_stays_text_in_the_manifest(small: Puzzle) -> None:
    title = 'Tiere <3 & "Co" \x07'
    manifest = package_files(bytes(render(small, "scorm", title=title)))["imsmanifest.xml"]
    root = ElementTree.fromstring(manifest)
    assert one(root, f"{CP}organizations/{CP}organization/{CP}title").text == 'Tiere <3 & "Co" '


# -- the command line --------------------------------------------------------------------------


def test_generate_writes_a_scorm_package(tmp_path: Path) -> None:
    words = ["TORF", "VOR", "RAD", "EVA"]
    arguments = ["generate", *words, "--seed", "1", "-o", "puzzle.zip", "--format", "scorm"]
    result = run(*arguments, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    files = package_files((tmp_path / "puzzle.zip").read_bytes())
    assert set(files) == {"imsmanifest.xml", "index.html"}
    assert all(word in files["index.html"].decode() for word in words)


def test_answers_are_refused_for_a_scorm_package_in_the_users_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    arguments = ["generate", "TORF", "VOR", "--format", "scorm", "--answers", "-o", "p.zip"]
    english = run(*arguments, cwd=tmp_path)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    german = run(*arguments, cwd=tmp_path)
    assert (english.returncode, german.returncode) == (2, 2)
    assert english.stderr.startswith("wortsuche: error: --answers does not apply to a SCORM")
    assert german.stderr.startswith("wortsuche: Fehler: --answers gilt nicht für ein SCORM-Paket")
    assert len(english.stderr.splitlines()) == len(german.stderr.splitlines()) == 1
    assert not (tmp_path / "p.zip").exists()


def test_the_format_help_names_every_format() -> None:
    shown = " ".join(run("generate", "--help").stdout.split())
    names = re.search(r"--format FORMAT\s+output format: (.*?) \(default", shown)
    assert names is not None
    listed = re.findall(r"(?:^|, )(\w+)", re.sub(r" \([^)]*\)", "", names.group(1)))
    assert listed == list(FORMATS)


# -- in a learning platform: scorm-again in Chromium ---------------------------------------------


@pytest.fixture(scope="session")
def scorm_again() -> Path:
    """scorm-again's SCORM 1.2 run-time, installed from the npm registry on first use (the
    version ``tests/lms/package-lock.json`` pins)."""
    runtime = LMS / "node_modules" / "scorm-again" / "dist" / "scorm12.js"
    if not runtime.exists():
        npm = shutil.which("npm")
        if npm is None:
            pytest.fail("npm is missing: install Node.js with npm (apt-get install -y nodejs npm)")
        command = [npm, "ci", "--no-audit", "--no-fund", "--prefix", str(LMS)]
        subprocess.run(command, check=True, capture_output=True, timeout=300)
    return runtime


LMS_PAGE = """<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Test platform</title><link rel="icon" href="data:,">
<script src="scorm12.js"></script>
<script>
  // What a platform does: the run-time as window.API, the learner known before the SCO starts.
  window.calls = [];
  window.API = new Scorm12API({ autocommit: false, logLevel: 5 });
  // what it remembers of the learner: lms.html#{"core": {...}, "suspend_data": "..."} adds to it
  const remembered = location.hash ? JSON.parse(decodeURIComponent(location.hash.slice(1))) : {};
  const learner = { student_id: "pupil-7", student_name: "Muster, Lea" };
  window.API.loadFromJSON({ ...remembered, core: { ...learner, ...remembered.core } });
  for (const name of ["LMSInitialize", "LMSCommit", "LMSFinish"]) {
    window.API.on(name, () => window.calls.push(name));
  }
  window.API.on("LMSSetValue.cmi.*", (element, value) => window.calls.push(`${element}=${value}`));
</script>
</head>
<body><main><h1>Test platform</h1>
<iframe id="sco" title="Word search" src="sco/index.html" width="960" height="760"></iframe>
</main></body>
</html>
"""


def platform_site(folder: Path, package: bytes, runtime: Path) -> Path:
    """A learning platform's page in ``folder`` with the package unpacked beside it."""
    with zipfile.ZipFile(io.BytesIO(package)) as archive:
        archive.extractall(folder / "sco")
    shutil.copy(runtime, folder / "scorm12.js")
    (folder / "lms.html").write_text(LMS_PAGE, encoding="utf-8")
    return folder


def drag_in(page: Any, frame: Any, start: tuple[int, int], end: tuple[int, int]) -> None:
    """Press on one cell of the framed game, move to another in small steps, release."""

    def centre(cell: tuple[int, int]) -> tuple[float, float]:
        box = frame.locator(f"#cell-{cell[0]}-{cell[1]}").bounding_box()
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    page.mouse.move(*centre(start))
    page.mouse.down()
    page.mouse.move(*centre(end), steps=8)
    page.mouse.up()


def reported(page: Any) -> dict[str, str]:
    """What the platform's run-time holds of the learner's status and score."""
    core: dict[str, str] = page.evaluate(
        "(core => ({status: core.lesson_status, raw: core.score.raw, min: core.score.min,"
        " max: core.score.max}))(API.cmi.core)"
    )
    return core


def calls(page: Any) -> list[str]:
    """The run-time calls the game made so far, in order."""
    made: list[str] = page.evaluate("window.calls")
    return made


def test_the_package_reports_completion_score_and_time_to_scorm_again(
    chromium: Any, small: Puzzle, tmp_path: Path, scorm_again: Path, artifacts: Path
) -> None:
    site = platform_site(tmp_path, bytes(render(small, "scorm", language="en")), scorm_again)
    context = chromium.new_context(viewport={"width": 1000, "height": 820})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    with serve_folder(site) as url:
        page.goto(f"{url}/lms.html")
        frame = page.frame_locator("#sco")
        expect(frame.locator("#board[data-ready]")).to_have_count(1)
        assert page.evaluate("API.isInitialized()")
        assert calls(page)[:5] == [
            "LMSInitialize",
            "cmi.core.lesson_status=incomplete",
            "cmi.core.score.min=0",
            "cmi.core.score.max=100",
            "cmi.core.score.raw=0",
        ]
        # one hint costs half a word: 4 words, one hint, all found: 3.5 of 4
        frame.locator("#hint").click()
        expect(frame.locator("#hint-text")).to_be_visible()
        words = list(small.words)
        for count, word in enumerate(words, start=1):
            placement = small.placements[word.letters]
            drag_in(page, frame, placement.start, placement.end)
            expect(frame.locator("#found-count")).to_have_text(str(count))
        expect(frame.locator("#done-title")).to_have_text("Puzzle solved")
        expected = round(100 * (len(words) - 0.5) / len(words))
        assert reported(page) == {
            "status": "completed",
            "raw": str(expected),
            "min": "0",
            "max": "100",
        }
        made = calls(page)
        assert made[-3] == f"cmi.core.score.raw={expected}" and made[-1] == "LMSCommit"
        kept = json.loads(made[-2].removeprefix("cmi.suspend_data="))  # the game's progress
        assert len(kept["found"]) == len(words) and kept["done"] and kept["hints"] == 1
        assert "LMSFinish" not in made
        page.screenshot(path=artifacts / "scorm-in-platform.png")
        # the platform closes the game: the time and the exit are reported, committed, finished
        page.evaluate("document.getElementById('sco').src = 'about:blank'")
        page.wait_for_function("window.calls.includes('LMSFinish')")
        made = calls(page)
        times = [c for c in made if c.startswith("cmi.core.session_time=")]
        assert len(times) == 1 and re.fullmatch(r".*=\d{4}:\d{2}:\d{2}\.\d{2}", times[0])
        assert made[-5:-2] == [times[0], "cmi.core.exit=", made[-3]]
        assert made[-3].startswith("cmi.suspend_data=")
        assert made[-2:] == ["LMSCommit", "LMSFinish"]
        assert page.evaluate("API.isTerminated()")
        assert page.evaluate("API.lmsGetLastError()") == "0"
    assert errors == []
    # The learner's progress is kept under their LMS id: the next child on the device starts afresh.
    assert any(key.endswith(":pupil-7") for key in json.loads(page.evaluate(
        "JSON.stringify(Object.keys(localStorage))")))  # fmt: skip
    context.close()


def remembered(state: dict[str, Any]) -> str:
    """The test platform's address for a learner it remembers ``state`` of."""
    return "lms.html#" + urllib.parse.quote(json.dumps(state))


def test_a_learner_goes_on_on_another_device_where_they_stopped(
    chromium: Any, small: Puzzle, tmp_path: Path, scorm_again: Path
) -> None:
    site = platform_site(tmp_path, bytes(render(small, "scorm", language="en")), scorm_again)
    words = [small.placements[word.letters] for word in small.words]
    with serve_folder(site) as url:
        tablet = chromium.new_context().new_page()
        tablet.goto(f"{url}/lms.html")
        frame = tablet.frame_locator("#sco")
        expect(frame.locator("#board[data-ready]")).to_have_count(1)
        for count, placement in enumerate(words[:2], start=1):
            drag_in(tablet, frame, placement.start, placement.end)
            expect(frame.locator("#found-count")).to_have_text(str(count))
        tablet.evaluate("document.getElementById('sco').src = 'about:blank'")
        tablet.wait_for_function("window.calls.includes('LMSFinish')")
        assert "cmi.core.exit=suspend" in calls(tablet)  # unfinished: the platform resumes it
        state = tablet.evaluate(
            "({core: {lesson_status: API.cmi.core.lesson_status},"
            " suspend_data: API.cmi.suspend_data})"
        )
        assert state["core"] == {"lesson_status": "incomplete"}
        tablet.context.close()
        # at home: another browser, nothing on the device, the platform remembers the attempt
        home = chromium.new_context().new_page()
        home.goto(f"{url}/{remembered(state)}")
        frame = home.frame_locator("#sco")
        expect(frame.locator("#found-count")).to_have_text("2")
        assert frame.locator("#words li.found").count() == 2
        # and from now on this device keeps it too
        assert home.frames[1].evaluate("localStorage.getItem(document.body.dataset.progressKey)")
        for count, placement in enumerate(words[2:], start=3):
            drag_in(home, frame, placement.start, placement.end)
            expect(frame.locator("#found-count")).to_have_text(str(count))
        assert reported(home)["status"] == "completed" and reported(home)["raw"] == "100"
        home.context.close()


@pytest.mark.parametrize("status", ["completed", "passed"])
def test_a_completed_result_is_never_made_worse_by_playing_again(
    chromium: Any, small: Puzzle, tmp_path: Path, scorm_again: Path, status: str
) -> None:
    site = platform_site(tmp_path, bytes(render(small, "scorm")), scorm_again)
    page = chromium.new_context().new_page()
    with serve_folder(site) as url:
        # the platform remembers a completed attempt with 75 (this device remembers nothing)
        page.goto(
            f"{url}/{remembered({'core': {'lesson_status': status, 'score': {'raw': '75'}}})}"
        )
        frame = page.frame_locator("#sco")
        expect(frame.locator("#board[data-ready]")).to_have_count(1)
        frame.locator("#hint").click()
        placement = small.placements[small.words[0].letters]
        drag_in(page, frame, placement.start, placement.end)
        expect(frame.locator("#found-count")).to_have_text("1")
        assert reported(page)["status"] == status and reported(page)["raw"] == "75"
    page.context.close()


def test_opened_without_a_platform_it_plays_as_the_offline_file(
    chromium: Any, small: Puzzle, tmp_path: Path
) -> None:
    with zipfile.ZipFile(io.BytesIO(bytes(render(small, "scorm", language="de")))) as archive:
        archive.extractall(tmp_path)
    page = chromium.new_context().new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto((tmp_path / "index.html").as_uri())
    expect(page.locator("#board[data-ready]")).to_have_count(1)
    assert page.evaluate("typeof window.API") == "undefined"  # no platform, no session
    for count, word in enumerate(small.words, start=1):
        placement = small.placements[word.letters]
        drag_in(page, page, placement.start, placement.end)
        expect(page.locator("#found-count")).to_have_text(str(count))
    expect(page.locator("#done-title")).to_have_text("Rätsel gelöst")
    keys = page.evaluate("Object.keys(localStorage)")
    assert any(re.fullmatch(r"wortsuche:progress:offline:[0-9a-f]{16}", key) for key in keys)
    assert errors == []
    page.context.close()
