"""The pictures in the docs show what their commands make today (tools/make_docs_images.py)."""

from __future__ import annotations

import importlib.util
import json
import re
import sys
import tempfile
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "docs" / "images"


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "make_docs_images", ROOT / "tools" / "make_docs_images.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


TOOL = _tool()
RECORDED = json.loads((IMAGES / "commands.json").read_text(encoding="utf-8"))


def test_every_paper_picture_is_made_by_the_script_and_recorded() -> None:
    made = {picture.name for picture in TOOL.PICTURES}
    on_disk = {p.stem for p in IMAGES.glob("*.png") if not p.name.startswith("web-")}
    assert on_disk == made, "make these with tools/make_docs_images.py: " + str(on_disk ^ made)
    assert set(RECORDED) == made
    for picture in TOOL.PICTURES:
        assert RECORDED[picture.name]["command"] == f"wortsuche {picture.command}"


def test_every_picture_the_docs_show_exists() -> None:
    for page in [ROOT / "README.md", *(ROOT / "docs").glob("*.md")]:
        for link in re.findall(r"!\[[^\]]*\]\(([^)]+\.png)\)", page.read_text(encoding="utf-8")):
            assert (page.parent / link).exists(), f"{page.name}: {link}"


@pytest.mark.slow
@pytest.mark.parametrize("picture", [p for p in TOOL.PICTURES if p.quick], ids=lambda p: p.name)
def test_a_picture_shows_what_its_command_makes_today(picture: object) -> None:
    with tempfile.TemporaryDirectory() as folder:
        TOOL.run(picture.command, Path(folder))  # type: ignore[attr-defined]
        shown = TOOL.text_of(picture, Path(folder))
    assert shown == RECORDED[picture.name]["shows"], (  # type: ignore[attr-defined]
        f"docs/images/{picture.name}.png no longer shows what its command makes: "  # type: ignore[attr-defined]
        "run python tools/make_docs_images.py " + picture.name  # type: ignore[attr-defined]
    )
