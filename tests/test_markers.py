"""The marker list names real tests: a renamed slow test would otherwise slip into the fast loop unnoticed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import SLOW_TESTS, slow_tests

ROOT = Path(__file__).resolve().parent.parent


def test_every_slow_test_listed_exists() -> None:
    assert slow_tests(), SLOW_TESTS
    for entry in slow_tests():
        path, _, function = entry.partition("::")
        source = ROOT / path
        assert source.is_file(), f"{SLOW_TESTS.name}: no file {path}"
        assert re.search(rf"^def {re.escape(function)}\(", source.read_text("utf-8"), re.M), \
            f"{SLOW_TESTS.name}: no test {function} in {path}"


def test_the_markers_are_set_by_module_and_by_list(request: pytest.FixtureRequest) -> None:
    # This test is neither: the fast loop runs it.
    assert request.node.get_closest_marker("slow") is None
    assert request.node.get_closest_marker("browser") is None
