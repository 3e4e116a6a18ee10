"""The architecture as executable statements: no import cycles, the core below its front ends.

The contracts themselves live in ``pyproject.toml`` (``[tool.importlinter]``); grimp, the
import graph behind import-linter, finds cycles anywhere in the package.
"""

from __future__ import annotations

import ast
import functools
import importlib
import logging
import pkgutil
import re
from pathlib import Path

import grimp
import pytest
from importlinter import cli
from radon.complexity import cc_rank, cc_visit
from radon.metrics import mi_rank, mi_visit

import wortsuche

ROOT = Path(__file__).resolve().parent.parent


def test_import_contracts_are_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    # import-linter configures logging with dictConfig, which disables every logger made before
    # it: the web tests that run after this one in the same process would read empty logs.
    loggers = [x for x in logging.root.manager.loggerDict.values() if isinstance(x, logging.Logger)]
    disabled = {x.name: x.disabled for x in loggers}
    try:
        assert cli.lint_imports(no_cache=True) == cli.EXIT_STATUS_SUCCESS
    finally:
        for x in loggers:
            x.disabled = disabled[x.name]


def test_no_module_takes_part_in_an_import_cycle() -> None:
    graph = grimp.build_graph("wortsuche", cache_dir=None)
    cycles = []
    for importer in sorted(graph.modules):
        for imported in sorted(graph.find_modules_directly_imported_by(importer)):
            back = graph.find_shortest_chain(importer=imported, imported=importer)
            if back is not None:
                cycles.append(" → ".join((importer, *back)))
    assert cycles == []


def test_every_module_is_reachable_by_its_name() -> None:
    """No function of the package namespace hides a module of the same name."""
    for info in pkgutil.walk_packages(wortsuche.__path__, "wortsuche."):
        if info.name.endswith("__main__"):
            continue
        module = importlib.import_module(info.name)
        parent, _, leaf = info.name.rpartition(".")
        assert getattr(importlib.import_module(parent), leaf) is module, info.name


def test_no_function_is_rated_d_or_worse_by_radon() -> None:
    """A function that needs a D has a smaller object waiting inside it (the house style,
    ``../shared/GUIDE.md``; the contracts of ``ARCHITECTURE.md``)."""
    hard = []
    for path in sorted((ROOT / "src" / "wortsuche").rglob("*.py")):
        for block in cc_visit(path.read_text(encoding="utf-8")):
            if cc_rank(block.complexity) >= "D":
                hard.append(
                    f"{path.relative_to(ROOT)}:{block.lineno} {block.name} {block.complexity}"
                )
    assert hard == []


LEAST_MAINTAINABILITY = 15.0
"""The least maintainability index (``radon mi``, docstrings counted as comments) a module may
have unless radon grades it A: below it a module is too long or too tangled to read whole."""

# Each left this list when it reached 15: the topology at 16.1 when Torus went to grid/torus.py
# as Hex had gone to grid/hexagons.py; the board at 23.6 when its window reading went to
# grid/windows.py (its word indexes had gone to grid/lexicon.py before); the spec at 32.1 when
# one option's declaration and checks went to option_spec.py.
HARD_TO_MAINTAIN: set[str] = set()
"""Modules allowed below :data:`LEAST_MAINTAINABILITY` for now; the list only shrinks."""


def maintainability() -> dict[str, float]:
    """Each module's maintainability index, as ``radon mi src/wortsuche`` computes it."""
    package = ROOT / "src" / "wortsuche"
    return {
        path.relative_to(package).as_posix(): mi_visit(path.read_text(encoding="utf-8"), multi=True)
        for path in sorted(package.rglob("*.py"))
    }


def test_every_module_is_maintainable_by_radons_index() -> None:
    """Every module is graded A by ``radon mi``, or has an index of 15 or more; a module on the
    list of exceptions that has come up to it leaves the list."""
    scores = maintainability()
    low = {
        name: round(score, 1)
        for name, score in scores.items()
        if mi_rank(score) != "A" and score < LEAST_MAINTAINABILITY
    }
    assert set(low) - HARD_TO_MAINTAIN == set(), low
    assert HARD_TO_MAINTAIN - set(low) == set(), "maintainable now: take them off HARD_TO_MAINTAIN"


DRAWS_WITH = {
    "fpdf": {
        "render/bookpages/drawing.py",
        "render/cover.py",
        "render/imposition.py",
        "render/pdf.py",
    },
    "pypdf": {"render/bookpages/joining.py", "render/preflight.py"},
}
"""The modules that may import each PDF library: fpdf2 draws (the sheets and the book's pages,
its cover, its imposition), pypdf joins the book's parts (``render/bookpages/joining.py``)
and reads a drawn book back to check it (preflight). The command line and the web reach them
through these modules: a sheet drawn outside ``render`` writes on ``render.pdf.Document``."""


@functools.cache
def imported_libraries() -> dict[str, set[str]]:
    """Each module's top-level names of the packages it imports, at any depth of the module (in
    a function, under ``TYPE_CHECKING``); each module parsed once."""
    package = ROOT / "src" / "wortsuche"
    found: dict[str, set[str]] = {}
    for path in sorted(package.rglob("*.py")):
        names = found.setdefault(path.relative_to(package).as_posix(), set())
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(alias.name.partition(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.partition(".")[0])
    return found


@pytest.mark.parametrize("library", sorted(DRAWS_WITH))
def test_only_the_drawing_and_joining_modules_import_the_pdf_libraries(library: str) -> None:
    importing = {name for name, names in imported_libraries().items() if library in names}
    assert importing <= DRAWS_WITH[library], importing - DRAWS_WITH[library]


FRONT_ENDS = ("cli", "web", "render", "book", "__init__")
"""Folders and modules above the core (``__init__``: the public names, re-exported); everything
else in the package is the core."""

NAMES_THE_TORUS = {
    "grid/__init__.py",  # imports grid/torus.py so that the torus is in KINDS
    "grid/topology.py",
    "grid/torus.py",
    "model.py",
    "levels.py",  # the presets: no level wraps
    "spec.py",
    "puzzle_json.py",
}
"""The core modules that may know of words over the edge: the topology answers every other."""


def test_only_the_topology_and_the_formats_know_of_a_torus() -> None:
    core = ROOT / "src" / "wortsuche"
    naming = {
        path.relative_to(core).as_posix()
        for path in core.rglob("*.py")
        if path.relative_to(core).parts[0].removesuffix(".py") not in FRONT_ENDS
        and re.search(r"wrap|torus", path.read_text(encoding="utf-8"), re.IGNORECASE)
    }
    assert naming <= NAMES_THE_TORUS
