"""The architecture as executable statements: no import cycles, the core below its front ends.

The contracts themselves live in ``pyproject.toml`` (``[tool.importlinter]``); grimp, the
import graph behind import-linter, finds cycles anywhere in the package.
"""

from __future__ import annotations

import importlib
import logging
import pkgutil
import re
from pathlib import Path

import grimp
import pytest
from importlinter import cli
from radon.complexity import cc_rank, cc_visit

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
    """A function that needs a D has a smaller object waiting inside it (ARCHITECTURE.md)."""
    hard = []
    for path in sorted((ROOT / "src" / "wortsuche").rglob("*.py")):
        for block in cc_visit(path.read_text(encoding="utf-8")):
            if cc_rank(block.complexity) >= "D":
                hard.append(
                    f"{path.relative_to(ROOT)}:{block.lineno} {block.name} {block.complexity}"
                )
    assert hard == []


FRONT_ENDS = ("cli", "web", "render", "book", "__init__")
"""Folders and modules above the core (``__init__``: the public names, re-exported); everything
else in the package is the core."""

NAMES_THE_TORUS = {"grid/topology.py", "model.py", "spec.py", "puzzle_json.py"}
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
