"""No function takes more than six parameters: a seventh value is a smaller object waiting to be
named (a spec, a plan, a sheet, a row), not one more loose argument.

Every parameter counts, positional or keyword-only (``self`` too: a method's object is one;
``*args`` is one; ``**options`` is not, an open set of named options checked where they are
read). The one exception is a renderer's keyword-only options: a renderer is a function in
``wortsuche.render`` (a pure function of a puzzle and its options, as ``chess.svg.board`` is),
recognised by its place alone, and for it only the positional parameters count, so a sheet's
many options stay named at the call. No other function takes more, none listed as an exception.
"""

from __future__ import annotations

import ast
from pathlib import Path

SOURCE = Path(__file__).resolve().parent.parent / "src" / "wortsuche"

MOST = 6
"""Parameters a function may take (``self`` counts: a method's object is one)."""

RENDERERS = "render/"
"""Where the renderers are, whose keyword-only options do not count."""

HELD = (
    "spec.py",
    "option_spec.py",
    "pipeline/",
    "cli/generate.py",
    "web/puzzles/",
    "web/generation.py",
)
"""The modules where no function may take more, without exception."""


def parameters(node: ast.FunctionDef | ast.AsyncFunctionDef, where: str) -> int:
    """The parameters of a function that count (``*args`` as one; a renderer's keyword-only
    options and any ``**options`` not)."""
    arguments = node.args
    positional = len(arguments.posonlyargs) + len(arguments.args) + (arguments.vararg is not None)
    return positional + (0 if where.startswith(RENDERERS) else len(arguments.kwonlyargs))


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
            and parameters(child, where) > MOST
        ):
            found.add(f"{where}:{'.'.join(inner)}")
        found |= _in_tree(child, where, inner)
    return found


def test_the_count_sees_a_function_of_seven() -> None:
    source = (
        "class A:\n    def f(self, a, b, c, d, e, *, g): ...\n"
        "def g(a, *b, c, d, e, f, g, **options): ...\ndef k(a, *b, c, d, e, f, **options): ...\n"
        "def h(a, b, c, d, e, f, g): ...\n"
    )
    assert _in_tree(ast.parse(source), "x.py", ()) == {"x.py:A.f", "x.py:g", "x.py:h"}


def test_a_renderers_keyword_only_options_do_not_count() -> None:
    source = (
        "def sheet(puzzle, options, *, a, b, c, d, e, f): ...\ndef key(a, b, c, d, e, f, g): ..."
    )
    assert _in_tree(ast.parse(source), "render/x.py", ()) == {"render/x.py:key"}
    assert _in_tree(ast.parse(source), "web/x.py", ()) == {"web/x.py:sheet", "web/x.py:key"}


def test_no_function_takes_more_than_six_parameters() -> None:
    assert too_many() == set(), "more than six parameters"


def test_the_spec_the_pipeline_and_the_front_ends_making_it_have_no_exception() -> None:
    assert not [name for name in too_many() if name.startswith(HELD)]
