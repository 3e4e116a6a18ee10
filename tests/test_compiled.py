"""The optional compiled build (mypyc) makes the same puzzle for the same seed as pure Python.

The wheel is built the way a user would (``HATCH_BUILD_HOOK_ENABLE_MYPYC=1``, from a copy of the
sources), then the same jobs run in a process importing it and in one importing the sources.
"""

from __future__ import annotations

import shutil
import sys
import sysconfig
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from compiled import Worker, build  # noqa: E402
from wordlists import frozen  # noqa: E402

WORDS = ["Fuchs", "Igel", "Hase", "Dachs", "Reh", "Maus", "Eule", "Biber", "Luchs", "Otter"]


def test_no_compiled_module_shadows_the_sources() -> None:
    # A compiled module left beside its .py file is imported instead of it: edits would be lost.
    left = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "src").rglob("*.so"))
    assert left == [], f"remove the compiled modules from the sources: {left}"


def jobs() -> list[dict[str, Any]]:
    """Every level, the options that take their own paths through placing and filling, and the
    searches for crowded grids."""
    found: list[dict[str, Any]] = []
    for seed in range(3):
        for level in ("easy", "medium", "hard", "evil"):
            found.append({"words": WORDS, "rows": 11, "cols": 11, "level": level, "seed": seed})
        found += [
            {"words": WORDS, "rows": 9, "cols": 9, "level": "hard", "seed": seed,
             "options": {"wrap": True}},
            {"words": WORDS[:6], "rows": 12, "cols": 12, "level": "medium", "seed": seed,
             "options": {"shape": "heart"}},
            {"words": WORDS[:6], "rows": 10, "cols": 10, "level": "hard", "seed": seed,
             "options": {"message": "Gut gemacht", "secret": ["Luchs"]}},
            {"words": ["Torf"], "rows": 8, "cols": 8, "level": "evil", "seed": seed,
             "options": {"absent": True}},
            {"words": WORDS, "rows": 6, "cols": 6, "level": "hard", "seed": seed,
             "options": {"grid": "hex"}},
        ]  # fmt: skip
        # crowded grids: the search with open positions and repairs, and packing (easy)
        crowded, rows, cols = frozen("en-12x12-25")
        found.append(
            {"words": crowded, "rows": rows, "cols": cols, "level": "medium", "seed": seed}
        )
        packed, rows, cols = frozen("en-25x25-100")
        found.append({"words": packed, "rows": rows, "cols": cols, "level": "easy", "seed": seed})
    return found


@pytest.mark.slow
@pytest.mark.skipif(
    shutil.which("cc") is None and shutil.which("gcc") is None,
    reason="no C compiler: the compiled build cannot be made here",
)
@pytest.mark.skipif(
    not (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file(),
    reason="no Python headers: the compiled build cannot be made here",
)
def test_the_compiled_build_makes_the_same_puzzle_as_pure_python(tmp_path: Path) -> None:
    site = build(tmp_path / "compiled")
    for module in (
        "grid/board",
        "grid/topology",
        "grid/torus",
        "grid/windows",
        "placement/crowded",
        "placement/kernel",
        "placement/packing",
    ):
        assert list((site / "wortsuche").glob(f"{module}*.so")), f"{module} was not compiled"
    pure, compiled = Worker(ROOT / "src"), Worker(site)
    try:
        for job in jobs():
            mine, theirs = pure.run(job), compiled.run(job)
            assert mine["compiled"] is False and theirs["compiled"] is True
            assert "error" not in mine, (job, mine)
            assert theirs.get("digest") == mine["digest"], job
    finally:
        pure.close()
        compiled.close()
