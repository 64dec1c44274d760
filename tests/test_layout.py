"""The layout's rules, checked on the source: arrows point one way and no module imports itself in a circle.

Front doors (`services.web`, `services.cli`) may use `agents`; `agents` and the other
service packages never import a front door; the service packages never import `agents`.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FRONT_DOORS = ("services.web", "services.cli")
PACKAGES = ("agents", "services")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def project_modules() -> dict[str, Path]:
    return {module_name(p): p for package in PACKAGES for p in (ROOT / package).rglob("*.py")}


def imports_of(path: Path, modules: dict[str, Path]) -> set[str]:
    """Project modules imported by one file (at any depth, including inside functions and TYPE_CHECKING)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        else:
            continue
        found |= {name for name in names if name in modules}
    return found


def import_graph() -> dict[str, set[str]]:
    modules = project_modules()
    return {name: imports_of(path, modules) - {name} for name, path in modules.items()}


def is_under(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def test_nothing_behind_a_front_door_imports_it() -> None:
    wrong = [(m, i) for m, imported in import_graph().items() for i in imported
             if any(is_under(i, door) for door in FRONT_DOORS) and not any(is_under(m, door) for door in FRONT_DOORS)]
    assert wrong == []


def test_services_never_import_the_agents() -> None:
    wrong = [(m, i) for m, imported in import_graph().items() for i in imported
             if is_under(i, "agents") and is_under(m, "services") and not any(is_under(m, d) for d in FRONT_DOORS)]
    assert wrong == []


def find_cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import cycle between modules, or [] (package `__init__` re-exports count as edges too)."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state and (cycle := visit(nxt)):
                return cycle
        stack.pop()
        state[node] = 2
        return []

    for start in sorted(graph):
        if start not in state and (cycle := visit(start)):
            return cycle
    return []


def test_no_import_cycles() -> None:
    assert find_cycle(import_graph()) == []


def test_the_cycle_finder_finds_one() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) == []


def test_the_specs_paths_stay_importable() -> None:
    from services.agent_memory import AgentMemory
    from services.simple_evaluator import SimpleEvaluator

    assert AgentMemory.__name__ == "AgentMemory" and SimpleEvaluator.__name__ == "SimpleEvaluator"
