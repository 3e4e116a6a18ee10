"""The web game's ES modules (``wortsuche/web/static``) joined into one inline module.

A page loads its entry module and the browser fetches what it imports; a file opened from disk
(``file://``) may fetch nothing, so the offline file and the SCORM package inline the same
modules instead. :func:`joined` puts them in the order the browser runs them (each after the
modules it imports, as they are first imported), drops their relative ``import`` lines and the
``export`` keyword, and so gives one module that runs as the separate ones do, as long as no two
modules declare the same top-level name: :func:`joined` refuses them, and a test holds every
entry to it.

The modules keep to what this needs: named imports from ``"./name.js"`` (no ``as``, no
namespace), effect imports (``import "./name.js";``) and ``export`` in front of a top-level
declaration. Anything else is refused with the module's name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib.resources import files

IMPORT = re.compile(
    r'^import\s*(?:\{(?P<names>[^}]*)\}\s*from\s*)?"\./(?P<module>[\w-]+\.js)";\n', re.M
)
"""A relative import: named (``import { a, b } from "./m.js";``, over lines too) or for effect."""

EXPORT = re.compile(r"^export (?=(?:async function|function|class|const|let) )", re.M)
"""The ``export`` keyword before a top-level declaration."""

DECLARATION = re.compile(r"^(?:async function\*?|function\*?|class|const|let|var) +([\w$]+)", re.M)
"""A top-level declaration (the modules are formatted: top level is column 0)."""


@dataclass(frozen=True)
class Module:
    """One module's source: what it imports (in order), its text without imports and exports,
    and the names it declares at its top level."""

    name: str
    imports: tuple[str, ...]
    body: str
    declared: tuple[str, ...]


@cache
def module(name: str) -> Module:
    """The module ``name`` of ``wortsuche/web/static``, read and taken apart."""
    return parse(name, files("wortsuche.web").joinpath("static", name).read_text(encoding="utf-8"))


def parse(name: str, text: str) -> Module:
    """The module ``name`` whose source is ``text``, taken apart (refused if it cannot be inlined)."""
    for imported in IMPORT.finditer(text):
        if " as " in (imported["names"] or ""):
            raise ValueError(f"{name} cannot be inlined: it renames an import")
    body = EXPORT.sub("", IMPORT.sub("", text))
    leftover = re.search(r"^(?:import|export)\b.*", body, re.M)
    if leftover:
        raise ValueError(f"{name} cannot be inlined: {leftover.group(0)!r}")
    if any(end in body.lower() for end in ("</script", "<!--")):
        raise ValueError(f"{name} cannot be inlined: it holds the end of an element")
    imports = tuple(m["module"] for m in IMPORT.finditer(text))
    return Module(name, imports, body, tuple(DECLARATION.findall(body)))


def load_order(entry: str) -> list[str]:
    """The modules ``entry`` runs, in the order the browser runs them: each after its imports."""
    order: list[str] = []
    visiting: set[str] = set()

    def visit(name: str) -> None:
        if name in order or name in visiting:  # a cycle runs as first reached, as in a browser
            return
        visiting.add(name)
        for imported in module(name).imports:
            visit(imported)
        order.append(name)

    visit(entry)
    return order


@cache
def joined(entry: str) -> str:
    """The module ``entry`` with every module it imports as one module's text."""
    return join([module(name) for name in load_order(entry)])


def join(modules: list[Module]) -> str:
    """The bodies of ``modules`` in their order, refused if two declare one top-level name."""
    seen: dict[str, str] = {}
    for part in modules:
        for declared in part.declared:
            if declared in seen:
                raise ValueError(
                    f"{part.name} and {seen[declared]} both declare {declared!r}: "
                    "they cannot be joined into one module"
                )
            seen[declared] = part.name
    return "\n".join(f"// ---- {part.name}\n{part.body}" for part in modules)
