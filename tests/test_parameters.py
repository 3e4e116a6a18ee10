"""No function takes more than six positional parameters: a seventh value is a smaller object
waiting to be named (a spec, a plan, a sheet), not one more loose argument.

Keyword-only parameters do not count (a renderer's options, an endpoint's query). The functions
that still take more are listed by name below; the list may only shrink.
"""

from __future__ import annotations

import ast
from pathlib import Path

SOURCE = Path(__file__).resolve().parent.parent / "src" / "wortsuche"

MOST = 6
"""Positional parameters a function may take (``self`` counts: a method's object is one)."""

STILL_MORE = {
    "render/preflight.py:check_pages",
    "render/preflight.py:_check_part",
}
"""Functions outside the spec, the pipeline, ``generate`` and the web's puzzles that still take
more: a change to one of them makes it smaller and takes it off this list."""

HELD = (
    "spec.py",
    "option_spec.py",
    "pipeline/",
    "cli/generate.py",
    "web/puzzles/",
    "web/generation.py",
)
"""The modules where no function may take more, without exception."""


def positional_parameters(node: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """The parameters of a function that are not keyword-only (``*args`` counts as one)."""
    arguments = node.args
    return len(arguments.posonlyargs) + len(arguments.args) + (arguments.vararg is not None)


def too_many() -> set[str]:
    """Every function under ``src/wortsuche`` with more than :data:`MOST` positional parameters,
    as ``path:Class.function``."""
    found: set[str] = set()
    for path in sorted(SOURCE.rglob("*.py")):
        where = path.relative_to(SOURCE).as_posix()
        found |= _in_tree(ast.parse(path.read_text(encoding="utf-8")), where, ())
    return found


def _in_tree(node: ast.AST, where: str, names: tuple[str, ...]) -> set[str]:
    found: set[str] = set()
    for child in ast.iter_child_nodes(node):
        inner = names
        if isinstance(child, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            inner = (*names, child.name)
        if (
            isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
            and positional_parameters(child) > MOST
        ):
            found.add(f"{where}:{'.'.join(inner)}")
        found |= _in_tree(child, where, inner)
    return found


def test_the_count_sees_a_function_of_seven() -> None:
    tree = ast.parse("class A:\n    def f(self, a, b, c, d, e, f, *, g): ...\ndef g(a, *b): ...")
    assert _in_tree(tree, "x.py", ()) == {"x.py:A.f"}


def test_no_function_takes_more_than_six_positional_parameters_but_the_listed() -> None:
    found = too_many()
    assert found - STILL_MORE == set(), "more than six positional parameters"
    assert STILL_MORE - found == set(), "smaller now: take it off STILL_MORE"


def test_the_spec_the_pipeline_and_the_front_ends_making_it_have_no_exception() -> None:
    assert not [name for name in STILL_MORE if name.startswith(HELD)]
    assert not [name for name in too_many() if name.startswith(HELD)]
