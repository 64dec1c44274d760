"""Packages import one way: a test fails on a circle between packages, not only between modules (issue 23).

A package here is `agents` or one folder under `services/` (`services.story`, `services.art`, …); a module at the
top of `services/` is its own. The story writes, the reviewer reads what was written: review imports story, never
the other way (the caption rules both apply live in `services.story.caption_rules`; the spec's coherence rule reaches
the LLM storyteller as an argument from `services.backends`).
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
def package(module: str) -> str:
    parts = module.split(".")
    return ".".join(parts[:2]) if parts[0] == "services" else parts[0]


def arrows() -> dict[str, set[str]]:
    """package -> the packages its modules import (at module level or inside functions)."""
    found: dict[str, set[str]] = defaultdict(set)
    for path in [*ROOT.glob("services/**/*.py"), *ROOT.glob("agents/*.py")]:
        source = package(".".join(path.relative_to(ROOT).with_suffix("").parts))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            for name in names:
                if name.split(".")[0] in ("services", "agents") and package(name) != source:
                    found[source].add(package(name))
    return found


def circles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected groups of more than one package (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in graph.get(node, ()):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(group)

    for node in list(graph):
        if node not in index:
            visit(node)
    return groups


def test_no_circle_between_packages() -> None:
    assert circles(arrows()) == []


def test_the_check_finds_a_circle() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [{"a", "b", "c"}]
