"""paipu's imports run one way (docs/architecture.md, "Layers"): the graph of every import
between paipu's modules, at the top of a file or inside a function, has no circle, but for
the one lazy import python-chess has too: an object's ``_repr_html_`` loading the viewer.
The graph is read from the source with ``ast``, not from what happens to be imported at
run time. Names imported for the type checker only (``if TYPE_CHECKING:``) are not
imports: they never run (the text of events, :mod:`paipu.text`, sits below the events and
names their types so)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "paipu"
ALLOWED = {"_repr_html_": "paipu.view"}
"""The functions whose lazy import of a module may run upward: the viewer, drawing an
object in Jupyter."""


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """The paipu modules ``path`` imports, but the allowed lazy ones."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()

    def visit(node: ast.AST, function: str | None) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and ast.unparse(child.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING"):
                continue  # for the type checker only
            inner = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else function
            targets: list[str] = []
            if isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package.split(".")
                    base = base[:len(base) - child.level + 1]
                    stem = ".".join(base + ([child.module] if child.module else []))
                else:
                    stem = child.module or ""
                # a name imported from a package is its submodule, or else the package's own
                targets = [f"{stem}.{alias.name}" if f"{stem}.{alias.name}" in MODULES else stem
                           for alias in child.names]
            elif isinstance(child, ast.Import):
                targets = [alias.name for alias in child.names]
            for target in targets:
                if target.startswith("paipu") and target in MODULES and target != name:
                    if ALLOWED.get(function or "") != target:
                        found.add(target)
            visit(child, inner)

    visit(tree, None)
    return found


MODULES = {_module_name(path) for path in PACKAGE.rglob("*.py")}


def _graph() -> dict[str, set[str]]:
    return {_module_name(path): _imports(path) for path in PACKAGE.rglob("*.py")}


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph.get(node, ())):
            if other not in index:
                connect(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return found


def test_the_graph_is_read_from_the_source():
    graph = _graph()
    # links every reader of the layers knows are there
    assert "paipu.tiles" in graph["paipu.hand"] and "paipu.events" in graph["paipu.engine"]
    assert "paipu.loader" in graph["paipu.cli"] and "paipu.checks" in graph["paipu.simulate.options"]


def test_imports_run_one_way():
    circles = _circles(_graph())
    assert circles == [], "\n".join(" <-> ".join(circle) for circle in circles)


def test_the_package_names_for_the_type_checker_what_it_loads_on_first_use() -> None:
    """``paipu/__init__.py`` lists its public names twice: imported under ``if TYPE_CHECKING:``
    for the type checker, and in ``_SOURCES`` for run time, where each loads on first use.
    The two lists name the same things from the same modules, and each name loads."""
    import paipu

    tree = ast.parse((PACKAGE / "__init__.py").read_text(encoding="utf-8"))
    declared: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            for child in node.body:
                assert isinstance(child, ast.ImportFrom) and child.level == 1 and child.module
                declared.update({alias.name: child.module for alias in child.names})
    assert declared, "no names imported for the type checker"
    assert declared == paipu._SOURCES
    for name in declared:
        assert getattr(paipu, name) is not None
    assert callable(paipu.report) and callable(paipu.view) and callable(paipu.decisions)
