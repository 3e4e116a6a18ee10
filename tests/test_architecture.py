"""The architecture as executable statements: no import cycles, the core below its front ends.

The contracts themselves live in ``pyproject.toml`` (``[tool.importlinter]``); grimp, the
import graph behind import-linter, finds cycles anywhere in the package.
"""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

import grimp
import pytest
from importlinter import cli

import wortsuche

ROOT = Path(__file__).resolve().parent.parent


def test_import_contracts_are_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    assert cli.lint_imports(no_cache=True) == cli.EXIT_STATUS_SUCCESS


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
