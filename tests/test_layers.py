"""The import graph keeps the architecture: no module of sweepy imports itself back through others (the last
circle was store.paths → settings → store.paths), and the layers import only downwards
(mcp → service → sweeps → pipeline → engines → store → domain).

Read from the source with ast, not by importing, so a function-level import (how the last circle hid) counts
as much as one at the top; imports under `if TYPE_CHECKING:` do not run and are left out of the layer graph, but
a circle closed by one is still a circle (the last, engines.base ⇢ engines.http → engines.base, made the two
modules one unit that neither could be read or typed without)."""

import ast
from collections.abc import Iterator
from pathlib import Path

from conftest import ROOT

PACKAGE = ROOT / "sweepy"
LAYERS = ("mcp", "service", "sweeps", "pipeline", "engines", "store", "domain")
"""Top to bottom: a module may import its own layer and the ones below it."""


def _modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


MODULES = _modules()


def _type_checking_only(tree: ast.Module) -> set[int]:
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped.update(id(inner) for inner in ast.walk(node))
    return skipped


def _named(name: str) -> str | None:
    """The sweepy module `name` is, or lies in (an imported class or function is in its module)."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def imports(module: str, typed: bool = False) -> set[str]:
    """The sweepy modules `module` runs when imported or called: each one named, and the packages holding it
    (their __init__ runs first), but not the packages holding `module` itself (already running). With `typed`,
    also those it imports for type checking only."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = set() if typed else _type_checking_only(tree)
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, *([node.module] if node.module else [])])
            names = [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        for name in names:
            target = _named(name)
            if target is None:
                continue
            parts = target.split(".")
            for depth in range(1, len(parts) + 1):
                held = ".".join(parts[:depth])
                if held in MODULES and not (module == held or module.startswith(held + ".")):
                    found.add(held)
    return found


GRAPH = {module: imports(module) for module in MODULES}
TYPED_GRAPH = {module: imports(module, typed=True) for module in MODULES}


def _cycles(graph: dict[str, set[str]]) -> Iterator[list[str]]:
    """Each circle of modules (Tarjan's strongly connected components of more than one module)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()

    def visit(node: str) -> Iterator[list[str]]:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                yield from visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            circle = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                circle.append(member)
                if member == node:
                    break
            if len(circle) > 1:
                yield sorted(circle)

    for node in sorted(graph):
        if node not in index:
            yield from visit(node)


def _layer(module: str) -> int | None:
    parts = module.split(".")
    return LAYERS.index(parts[1]) if len(parts) > 1 and parts[1] in LAYERS else None


def test_no_module_imports_itself_back() -> None:
    assert list(_cycles(GRAPH)) == []


def test_no_module_imports_itself_back_even_for_type_checking() -> None:
    assert list(_cycles(TYPED_GRAPH)) == []


def test_a_type_only_circle_is_found() -> None:
    # engines.base reads Network and SourceClient under TYPE_CHECKING: were engines.http to import base again
    # (its SourceError once lived there), the typed graph has the circle, the run-time graph does not.
    graph = {**TYPED_GRAPH, "sweepy.engines.http": TYPED_GRAPH["sweepy.engines.http"] | {"sweepy.engines.base"}}
    assert ["sweepy.engines.base", "sweepy.engines.http"] in list(_cycles(graph))
    assert "sweepy.engines.http" not in GRAPH["sweepy.engines.base"]


def test_the_cycle_finder_finds_the_circle_that_was_removed() -> None:
    graph = {**GRAPH, "sweepy.store.paths": GRAPH["sweepy.store.paths"] | {"sweepy.settings"}}
    assert ["sweepy.settings", "sweepy.store.paths"] in list(_cycles(graph))


def test_the_layers_import_only_downwards() -> None:
    upward = {
        (module, LAYERS[theirs])
        for module, targets in GRAPH.items()
        for target in targets
        if (mine := _layer(module)) is not None and (theirs := _layer(target)) is not None and theirs < mine
    }
    assert upward == set()  # the last two (service.sweeps → mcp, store.results → pipeline) are gone


def test_the_graph_sees_function_level_imports() -> None:
    assert "sweepy.server_entry" in GRAPH["sweepy.cli"]  # imported inside _serve, when the server is asked for
    assert "sweepy.domain.eligibility" not in GRAPH["sweepy.domain.postings"]  # under TYPE_CHECKING only
    assert {"sweepy.engines", "sweepy.engines.base"} <= GRAPH["sweepy.pipeline.discover"]
